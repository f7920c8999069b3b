//! The search's tuning parameters, as named values a tuning run may set
//! when the engine process starts (`pbrain-gomoku --param NAME=VALUE`).
//!
//! Each parameter is a process-wide atomic that holds its default until a
//! tuner changes it, so the search reads it with one relaxed load (a plain
//! load on x86 and ARM: the bench's nodes and time are those of the
//! constants it replaced). Nothing but the engine command line sets them;
//! the app and the tests always search with the defaults. A tuned value is
//! only a candidate: it lands as a new default after a self-play SPRT and
//! partner runs (`docs/strength.md`), and `scripts/spsa.py` is the tuner.

use std::fmt;
use std::sync::atomic::{AtomicI32, Ordering};

/// One tunable integer: its name on the command line, its default, the
/// range a tuner may explore and the tuner's first perturbation step.
#[derive(Debug)]
pub struct Tunable {
    /// Name on the command line (`--param NAME=VALUE`).
    pub name: &'static str,
    /// The value the engine plays with unless told otherwise.
    pub default: i32,
    /// Least value a tuner may set.
    pub min: i32,
    /// Greatest value a tuner may set.
    pub max: i32,
    /// A step that changes play measurably without breaking it: the
    /// tuner's first perturbation (its `c`).
    pub step: i32,
    value: AtomicI32,
}

impl Tunable {
    const fn new(name: &'static str, default: i32, min: i32, max: i32, step: i32) -> Self {
        Self {
            name,
            default,
            min,
            max,
            step,
            value: AtomicI32::new(default),
        }
    }

    /// The current value.
    #[inline]
    pub fn get(&self) -> i32 {
        self.value.load(Ordering::Relaxed)
    }

    /// Refuses a value outside the parameter's range.
    fn check(&self, v: i32) -> Result<(), String> {
        if (self.min..=self.max).contains(&v) {
            Ok(())
        } else {
            Err(format!(
                "{} must be from {} to {}, not {v}",
                self.name, self.min, self.max
            ))
        }
    }

    /// Sets the value, refusing one outside the parameter's range.
    pub fn set(&self, v: i32) -> Result<(), String> {
        self.check(v)?;
        self.value.store(v, Ordering::Relaxed);
        Ok(())
    }

    /// Puts the default back.
    pub fn reset(&self) {
        self.value.store(self.default, Ordering::Relaxed);
    }
}

/// Reverse futility pruning's margin per ply of depth left, in evaluation
/// units (1000 = one stone of advantage as the UI shows it). Self-play at
/// 100 ms a move against no such pruning: +60.8 ± 35.7 Elo at 200 (203
/// games); 120 scored +8.3 ± 16.7 and 350 −15.8 ± 25.2 against 200. A
/// side whose static score rose since its last move (improving) is given
/// a ply less of margin: with the smaller late-move limit when not
/// improving, +20.9 ± 16.4 at 200 ms (985 games, H1; `docs/strength.md`).
pub static FUTILITY_MARGIN: Tunable = Tunable::new("futility_margin", 200, 60, 500, 25);
/// Reverse futility pruning applies below this depth.
pub static FUTILITY_MAX_DEPTH: Tunable = Tunable::new("futility_max_depth", 7, 2, 12, 1);
/// Divisor of the logarithmic late-move reduction, in hundredths: the
/// reduction is `ln(depth) * ln(move number) / (this / 100)` plies.
pub static LMR_DIVISOR_PCT: Tunable = Tunable::new("lmr_divisor_pct", 170, 80, 400, 20);
/// A late move whose reduced search beats alpha by more than this (in
/// evaluation units) is re-searched a ply deeper than its full depth.
pub static LMR_DEEPER_MARGIN: Tunable = Tunable::new("lmr_deeper_margin", 100, 10, 400, 25);
/// Late-move pruning: at most `this + depth * depth / 2` quiet moves at
/// shallow depths, two thirds of that when the side to move is not
/// improving.
pub static LMP_BASE: Tunable = Tunable::new("lmp_base", 4, 1, 12, 1);
/// Depth up to which late-move pruning applies.
pub static LMP_MAX_DEPTH: Tunable = Tunable::new("lmp_max_depth", 6, 2, 10, 1);
/// Least remaining depth at which the table's move is tested for being
/// singular (the only good move of its node). With the multi-cut and the
/// negative extension, self-play at 100 ms a move against the engine
/// without the test: +23.2 ± 18.5 Elo (826 games); the extension alone
/// had scored −0.0 ± 21.0 (`docs/strength.md`).
pub static SINGULAR_MIN_DEPTH: Tunable = Tunable::new("singular_min_depth", 7, 4, 12, 1);
/// The other moves must fail below the table's score less this much per
/// ply of depth, in evaluation units, for the table's move to be singular.
pub static SINGULAR_MARGIN: Tunable = Tunable::new("singular_margin", 25, 4, 80, 5);
/// Half-width of the first aspiration window around the last depth's
/// score, in evaluation units.
pub static ASPIRATION: Tunable = Tunable::new("aspiration", 300, 40, 1200, 50);
/// The history's weight in a move's ordering score: the history is
/// divided by this before it is added to the static score (times 16). At
/// 64 it only broke ties; at 4 it reorders quiet moves of similar shape
/// and the bench's tree to depth 13 is 15% smaller; at 1 it overrides the
/// shapes and the tree explodes. Self-play at 100 ms a move, 4 against
/// 64: +13.8 ± 10.6 Elo (2,943 games, H1; docs/strength.md, 2026-12-02).
pub static HISTORY_DIVISOR: Tunable = Tunable::new("history_divisor", 4, 1, 32, 1);
/// The share of the history, in percent, that one search passes on to
/// the next (the rest is forgotten between moves, so the ordering follows
/// the present position more than old ones). 50 halves it, as the engine
/// always did; the bench searches each position once and never ages.
pub static HISTORY_KEEP_PCT: Tunable = Tunable::new("history_keep_pct", 50, 0, 100, 10);
/// Ordering bonus of a killer move (times 16, like the threat scores): a
/// tie-breaker among moves of similar threat. Larger bonuses that lift
/// killers over threats doubled the nodes to depth 10 in the bench
/// positions.
pub static KILLER_BONUS: Tunable = Tunable::new("killer_bonus", 20, 0, 200, 8);
/// Node budget of a VCF search inside the tree.
pub static TREE_VCF_NODES: Tunable = Tunable::new("tree_vcf_nodes", 600, 50, 4000, 100);
/// Node budget of the VCF search at a leaf: most leaves with a four to
/// play have no win by fours, and the solver proves that in a few nodes.
pub static LEAF_VCF_NODES: Tunable = Tunable::new("leaf_vcf_nodes", 200, 20, 2000, 40);
/// Node budget of the VCF search for the opponent's threat that a
/// defence is restricted against: most nodes have no VCF for the
/// opponent and the solver's failure cache answers repeats at once, so a
/// small budget keeps the probe cheap; the attacks it misses are the long
/// branching ones the root's checks still see.
pub static DEFEND_VCF_NODES: Tunable = Tunable::new("defend_vcf_nodes", 300, 30, 3000, 50);
/// The width cap's ceiling: an interior node searches at most
/// `6 + 2 * depth` moves (best-ordered first), and never more than this.
pub static MAX_BRANCH: Tunable = Tunable::new("max_branch", 20, 8, 40, 2);
/// The move-count limit's ceiling on a tense board (a four or an open
/// three on it): 3 moves at depth 1, 7 at depth 4, this from depth 5, also
/// at the nodes that must meet an open three, which the width cap leaves
/// alone. The moves that matter then make or meet threats, and the
/// ordering puts them first.
pub static TENSE_MAX: Tunable = Tunable::new("tense_max", 8, 3, 20, 1);

/// Every tunable, in the order `--list-params` prints them.
pub static ALL: [&Tunable; 17] = [
    &FUTILITY_MARGIN,
    &FUTILITY_MAX_DEPTH,
    &LMR_DIVISOR_PCT,
    &LMR_DEEPER_MARGIN,
    &LMP_BASE,
    &LMP_MAX_DEPTH,
    &SINGULAR_MIN_DEPTH,
    &SINGULAR_MARGIN,
    &ASPIRATION,
    &HISTORY_DIVISOR,
    &HISTORY_KEEP_PCT,
    &KILLER_BONUS,
    &TREE_VCF_NODES,
    &LEAF_VCF_NODES,
    &DEFEND_VCF_NODES,
    &MAX_BRANCH,
    &TENSE_MAX,
];

/// A parsed `NAME=VALUE,NAME=VALUE` list, checked against the table but
/// not yet applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings(pub Vec<(&'static str, i32)>);

impl fmt::Display for Settings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.0.iter().map(|(n, v)| format!("{n}={v}")).collect();
        f.write_str(&parts.join(","))
    }
}

/// The tunable of `table` called `name`.
fn find(table: &[&'static Tunable], name: &str) -> Result<&'static Tunable, String> {
    table
        .iter()
        .copied()
        .find(|t| t.name == name)
        .ok_or_else(|| format!("no tunable parameter is called '{name}'"))
}

/// Parses `NAME=VALUE,...` against `table`: every name must be one of the
/// table's, every value an integer in its range.
pub fn parse(table: &[&'static Tunable], spec: &str) -> Result<Settings, String> {
    let mut out = Vec::new();
    for part in spec.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (name, value) = part
            .split_once('=')
            .ok_or_else(|| format!("'{part}' is not NAME=VALUE"))?;
        let t = find(table, name.trim())?;
        let v: i32 = value
            .trim()
            .parse()
            .map_err(|_| format!("{} needs an integer, not '{}'", t.name, value.trim()))?;
        t.check(v)?;
        out.push((t.name, v));
    }
    Ok(Settings(out))
}

/// Applies settings parsed from [`ALL`] (see [`parse`]).
pub fn apply(settings: &Settings) -> Result<(), String> {
    for &(name, v) in &settings.0 {
        find(&ALL, name)?.set(v)?;
    }
    Ok(())
}

/// One line per tunable: `name default min max step`, the format
/// `scripts/spsa.py` reads.
pub fn listing() -> String {
    ALL.iter()
        .map(|t| format!("{} {} {} {} {}\n", t.name, t.default, t.min, t.max, t.step))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    // The tests never set the shared tunables: other tests search in
    // parallel in this process and must see the defaults.
    static A: Tunable = Tunable::new("alpha", 10, 0, 20, 2);
    static B: Tunable = Tunable::new("beta", -5, -10, 10, 1);

    #[test]
    fn parse_checks_names_ranges_and_syntax() {
        let t = [&A, &B];
        assert_eq!(
            parse(&t, "alpha=12, beta=-10").unwrap(),
            Settings(vec![("alpha", 12), ("beta", -10)])
        );
        assert_eq!(parse(&t, "").unwrap(), Settings(vec![]));
        for bad in [
            "alpha=21",
            "beta=-11",
            "gamma=1",
            "alpha",
            "alpha=x",
            "alpha=1.5",
        ] {
            assert!(parse(&t, bad).is_err(), "{bad}");
        }
        assert_eq!(
            parse(&t, "alpha=1,beta=2").unwrap().to_string(),
            "alpha=1,beta=2"
        );
    }

    #[test]
    fn set_refuses_out_of_range_and_reset_restores() {
        static C: Tunable = Tunable::new("gamma", 3, 1, 5, 1);
        assert_eq!(C.get(), 3);
        C.set(5).unwrap();
        assert_eq!(C.get(), 5);
        assert!(C.set(6).is_err());
        assert!(C.set(0).is_err());
        assert_eq!(C.get(), 5);
        C.reset();
        assert_eq!(C.get(), 3);
    }

    #[test]
    fn table_is_consistent() {
        for t in ALL {
            assert!(t.min <= t.default && t.default <= t.max, "{}", t.name);
            assert!(t.step > 0 && t.step <= t.max - t.min, "{}", t.name);
            assert_eq!(t.get(), t.default, "{} is not at its default", t.name);
            let same = ALL.iter().filter(|u| u.name == t.name).count();
            assert_eq!(same, 1, "{} is listed twice", t.name);
        }
        assert_eq!(listing().lines().count(), ALL.len());
    }
}
