//! Making balanced openings: random stones near the centre, kept only when
//! a fixed-depth search of our own engine scores the position close to
//! even, with positions that are one another's rotation or mirror image
//! kept once.
//!
//! Everything is deterministic for a seed: candidate `i` is drawn from its
//! own generator seeded by `(seed, i)`, searched to a fixed depth on one
//! thread, and candidates are judged in index order, so the list does not
//! depend on how many threads did the searching.

use crate::engine::balance::judge_position;
use crate::engine::{Engine, Limits, Position, Score};
use crate::rules::{print_moves, GameModel, GameSettings, Point, Rule, Stone, Symmetry};
use rand::{RngExt, SeedableRng};
use std::collections::{BTreeMap, HashSet};
use std::ops::RangeInclusive;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

/// Transposition table per searching thread, megabytes: the searches are
/// short, and a small table keeps many threads cheap.
const HASH_MB: usize = 16;

/// How to make a list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenConfig {
    /// Rule the openings are for (Renju: Black's stones avoid forbidden
    /// points, and the search knows the rule).
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// Openings wanted.
    pub count: usize,
    /// How many stones an opening has, drawn uniformly.
    pub stones: RangeInclusive<usize>,
    /// Stones lie within this many points of the centre in each direction.
    pub radius: u8,
    /// Search depth of the balance check, in plies.
    pub depth: u32,
    /// Node budget of the balance check, if any: a few positions take
    /// minutes to reach a deep fixed depth, and a budget (unlike a time
    /// limit) keeps the list the same on every machine. The score is then
    /// that of the depths completed.
    pub nodes: Option<u64>,
    /// Largest |score| kept, in evaluation units (1000 read "+1.0").
    pub band: i32,
    /// Seed of the whole list.
    pub seed: u64,
    /// Threads searching candidates at once.
    pub threads: usize,
}

/// One kept opening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GeneratedOpening {
    /// The stones, Black first.
    pub moves: Vec<Point>,
    /// The balance score for Black, evaluation units.
    pub black_score: i32,
}

/// How the list came out.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct GenReport {
    /// The openings, in the order they were found.
    pub openings: Vec<GeneratedOpening>,
    /// Candidates judged.
    pub tried: u64,
    /// Candidates dropped as the image of one already kept.
    pub duplicates: u64,
    /// Candidates dropped for their score.
    pub unbalanced: u64,
}

/// The generator for candidate `index`: independent of every other
/// candidate, so threads can take them in any order.
fn candidate_rng(seed: u64, index: u64) -> rand::rngs::Xoshiro256PlusPlus {
    // SplitMix-style mixing keeps nearby indices far apart.
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    rand::rngs::Xoshiro256PlusPlus::seed_from_u64(z ^ (z >> 31))
}

/// Candidate `index`: random legal stones near the centre, alternating
/// from Black, with nobody having five.
fn candidate(cfg: &GenConfig, index: u64) -> Vec<Point> {
    let mut rng = candidate_rng(cfg.seed, index);
    let settings = GameSettings {
        size: cfg.size,
        rule: cfg.rule,
    };
    let centre = i32::from(cfg.size / 2);
    let r = i32::from(cfg.radius);
    let n = rng.random_range(cfg.stones.clone());
    loop {
        let mut game = GameModel::new(settings).expect("checked size");
        let mut tries = 0;
        while game.moves().len() < n && tries < 1000 {
            tries += 1;
            let x = centre + rng.random_range(-r..=r);
            let y = centre + rng.random_range(-r..=r);
            let p = Point::new(x as u8, y as u8);
            // Occupied and forbidden points are refused; draw again.
            let _ = game.play(p);
        }
        if game.moves().len() == n && !game.is_over() {
            return game.moves().to_vec();
        }
    }
}

/// The same stones under every symmetry give one key: the smallest of the
/// eight sorted stone lists.
fn canonical(moves: &[Point], size: u8) -> Vec<(u8, u8, bool)> {
    Symmetry::ALL
        .iter()
        .map(|s| {
            let mut v: Vec<(u8, u8, bool)> = moves
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let q = s.apply(*p, size);
                    (q.x, q.y, Stone::to_move_after(i) == Stone::Black)
                })
                .collect();
            v.sort_unstable();
            v
        })
        .min()
        .expect("eight symmetries")
}

/// Black's balance score of an opening, judged as the app judges
/// balance ([`judge_position`]: the mean of the search's last two depths,
/// because a search's score leans towards whoever moved last at the
/// horizon and alternates with the depth's parity). `None` when the
/// search finds a forced result, or the moves are not a legal game.
#[must_use]
pub fn balance_score(engine: &mut Engine, moves: &[Point], cfg: &GenConfig) -> Option<i32> {
    let settings = GameSettings {
        size: cfg.size,
        rule: cfg.rule,
    };
    let game = GameModel::from_moves(settings, moves).ok()?;
    let limits = Limits {
        nodes: cfg.nodes,
        ..Limits::depth(cfg.depth)
    };
    let score = judge_position(engine, &Position::from_game(&game), limits);
    (score.abs() < Score::MATE).then_some(score)
}

/// Makes the list, calling `on_kept` for each opening as it is kept.
pub fn generate(
    cfg: &GenConfig,
    on_kept: &mut dyn FnMut(&GeneratedOpening, &GenReport),
) -> GenReport {
    let next = AtomicU64::new(0);
    let done = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Vec<Point>, Option<i32>)>();
    let mut report = GenReport::default();
    std::thread::scope(|scope| {
        for _ in 0..cfg.threads.max(1) {
            let tx = tx.clone();
            let (next, done) = (&next, &done);
            scope.spawn(move || {
                let mut engine = Engine::new(HASH_MB);
                while !done.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let moves = candidate(cfg, index);
                    let score = balance_score(&mut engine, &moves, cfg);
                    if tx.send((index, moves, score)).is_err() {
                        return;
                    }
                }
            });
        }
        drop(tx);
        // Results arrive in any order; judge them in index order.
        let mut pending = BTreeMap::new();
        let mut seen = HashSet::new();
        let mut want = 0u64;
        for (index, moves, score) in rx {
            if done.load(Ordering::Relaxed) {
                continue;
            }
            pending.insert(index, (moves, score));
            while let Some((moves, score)) = pending.remove(&want) {
                want += 1;
                report.tried += 1;
                if !seen.insert(canonical(&moves, cfg.size)) {
                    report.duplicates += 1;
                    continue;
                }
                match score {
                    Some(s) if s.abs() <= cfg.band => {
                        let kept = GeneratedOpening {
                            moves,
                            black_score: s,
                        };
                        report.openings.push(kept.clone());
                        on_kept(&kept, &report);
                        if report.openings.len() >= cfg.count {
                            done.store(true, Ordering::Relaxed);
                            break;
                        }
                    }
                    _ => report.unbalanced += 1,
                }
            }
        }
    });
    report
}

/// The list as a file: a header saying how it was made, then one opening
/// a line with its score as a comment.
#[must_use]
pub fn write_list(cfg: &GenConfig, report: &GenReport, command: &str) -> String {
    let mut out = format!(
        "# Balanced openings for {size}x{size} {rule}, one position string a line\n\
         # (Black first; columns from the left, rows from the bottom).\n\
         # Made by the project's own generator:\n\
         #   {command}\n\
         # Each candidate has {lo} to {hi} stones (uniformly), placed at random\n\
         # within {radius} points of the centre, alternately Black and White, legal\n\
         # under the rule and with no five. Candidates that are a rotation or\n\
         # mirror image of one already kept are dropped. The rest are searched\n\
         # by our engine to depth {depth}{budget} (one thread); the score, for\n\
         # Black, is the mean of the last two depths completed, and openings within\n\
         # +/-{band:.2} of even\n\
         # are kept (forced wins are dropped). Seed {seed}: {tried} candidates,\n\
         # {dups} duplicates, {unbalanced} out of the band, {kept} kept.\n",
        size = cfg.size,
        rule = cfg.rule,
        lo = cfg.stones.start(),
        hi = cfg.stones.end(),
        radius = cfg.radius,
        depth = cfg.depth,
        budget = cfg
            .nodes
            .map(|n| format!(" or {n} nodes, whichever comes first"))
            .unwrap_or_default(),
        band = f64::from(cfg.band) / 1000.0,
        seed = cfg.seed,
        tried = report.tried,
        dups = report.duplicates,
        unbalanced = report.unbalanced,
        kept = report.openings.len(),
    );
    for o in &report.openings {
        out.push_str(&format!(
            "{}  # black {:+.3}\n",
            print_moves(&o.moves, cfg.size),
            f64::from(o.black_score) / 1000.0
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matchrun::parse_openings;

    fn small(rule: Rule, threads: usize) -> GenConfig {
        GenConfig {
            rule,
            size: 15,
            count: 4,
            stones: 3..=4,
            radius: 3,
            depth: 4,
            nodes: None,
            band: 400,
            seed: 11,
            threads,
        }
    }

    #[test]
    fn lists_are_reproducible_whatever_the_threads() {
        let one = generate(&small(Rule::Freestyle, 1), &mut |_, _| {});
        let two = generate(&small(Rule::Freestyle, 2), &mut |_, _| {});
        assert_eq!(one.openings, two.openings);
        assert_eq!(one.openings.len(), 4);
        let other = generate(
            &GenConfig {
                seed: 12,
                ..small(Rule::Freestyle, 1)
            },
            &mut |_, _| {},
        );
        assert_ne!(one.openings, other.openings);
    }

    #[test]
    fn a_node_budget_ends_each_judgement_and_keeps_the_list_reproducible() {
        // Depth 60 is out of reach: without the budget this would not end.
        let capped = |threads| GenConfig {
            depth: 60,
            nodes: Some(20_000),
            count: 2,
            ..small(Rule::Freestyle, threads)
        };
        let one = generate(&capped(1), &mut |_, _| {});
        let two = generate(&capped(2), &mut |_, _| {});
        assert_eq!(one.openings.len(), 2);
        assert_eq!(one.openings, two.openings);
        let text = write_list(&capped(1), &one, "test");
        assert!(text.contains("depth 60 or 20000 nodes, whichever comes first"));
    }

    #[test]
    fn kept_openings_are_legal_central_balanced_and_distinct() {
        let cfg = small(Rule::Renju, 2);
        let report = generate(&cfg, &mut |_, _| {});
        let text = write_list(&cfg, &report, "test");
        let list = parse_openings(&text, 15, Rule::Renju).unwrap();
        assert_eq!(list.len(), 4);
        let keys: HashSet<_> = list.iter().map(|o| canonical(&o.moves, 15)).collect();
        assert_eq!(keys.len(), 4);
        for (o, g) in list.iter().zip(&report.openings) {
            assert!((3..=4).contains(&o.moves.len()));
            assert!(o.moves.iter().all(|p| p.distance(Point::new(7, 7)) <= 3));
            assert!(g.black_score.abs() <= cfg.band);
        }
        assert_eq!(
            report.tried,
            report.duplicates + report.unbalanced + report.openings.len() as u64
        );
    }

    #[test]
    fn symmetric_images_share_a_key() {
        let moves = [Point::new(7, 7), Point::new(8, 9), Point::new(5, 6)];
        for s in Symmetry::ALL {
            let image: Vec<Point> = moves.iter().map(|p| s.apply(*p, 15)).collect();
            assert_eq!(canonical(&image, 15), canonical(&moves, 15));
        }
        // Swapping the colours is a different opening.
        let swapped = [Point::new(8, 9), Point::new(7, 7), Point::new(5, 6)];
        assert_ne!(canonical(&swapped, 15), canonical(&moves, 15));
    }
}
