//! Victory by continuous fours (VCF): the side to move makes a four with
//! every move, the opponent's replies are forced, and the attack ends in an
//! open four, a double four or a five.
//!
//! About half the fours a search tries lead nowhere: after the four and its
//! block nothing new can follow. Those are recognised from the patterns
//! before they are played ([`dead_end`]) and cost the one node their level
//! would have counted, so the solver's answers stay what they were (but for
//! the rare effect of the failure cache no longer holding their entries)
//! and the bench to depth 12 takes 19% fewer instructions.

use super::shape::{combo, pat};
use super::state::{Cell, State};
use crate::rules::Rule;

/// Slots in the cache of positions proved to have no VCF.
const CACHE_SLOTS: usize = 1 << 16;

/// A VCF solver with a cache of failures, reused between calls.
pub struct Vcf {
    /// Positions with no VCF to some depth, one a slot.
    failed: Vec<Failure>,
    /// Nodes visited by the current call.
    pub nodes: u64,
    budget: u64,
    buffers: Vec<Vec<Cell>>,
    /// The current call's search: past the first four, a local one tries
    /// only fours on the lines through the attacker's previous stone (see
    /// [`Vcf::solve_local`]).
    scope: Scope,
    /// Whether the line the last successful call found ends in a five
    /// (else in a double threat, two plies short of one): set where the
    /// attack ends, so that no one replays the line to learn it.
    ends_in_five: bool,
}

/// One entry of the failure cache: the side to move found no VCF within
/// `depth` own fours, in a search of `scope`, from the position of `key`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Failure {
    /// The position's hash, mixed for a local search with its attacker's
    /// last stone ([`cache_key`]).
    key: u64,
    /// Own fours searched.
    depth: u8,
    /// The search that failed. Kept beside the key rather than mixed into
    /// it: a local failure depends on the last stone and proves nothing
    /// for a full search, and no choice of salt can then make the two
    /// meet (issue #41: the old salt was the side-to-move key, so a local
    /// failure answered the full search of the same stones for the other
    /// side, which the tree's VCF defence asks).
    scope: Scope,
}

/// An empty slot: depth 0 answers no probe, as every level that probes
/// has at least one four left.
const NO_FAILURE: Failure = Failure {
    key: 0,
    depth: 0,
    scope: Scope::Full,
};

/// Seeds the keys that set apart a local search's failures by the
/// attacker's last stone ([`last_stone_key`]). Any constant serves that
/// keeps those keys apart from each other by more than the side-to-move
/// key, which a test checks for every cell.
const LAST_STONE_SEED: u64 = 0x6a09_e667_f3bc_c909;

impl Default for Vcf {
    fn default() -> Self {
        Vcf::new()
    }
}

impl Vcf {
    /// A solver with an empty cache.
    #[must_use]
    pub fn new() -> Vcf {
        Vcf {
            failed: vec![NO_FAILURE; CACHE_SLOTS],
            nodes: 0,
            budget: 0,
            buffers: Vec::new(),
            scope: Scope::Full,
            ends_in_five: false,
        }
    }

    /// Forgets the cache (a new game).
    pub fn clear(&mut self) {
        self.failed.fill(NO_FAILURE);
    }

    /// [`plies_to_five`] of `line`, the line the last successful call
    /// returned, without playing it out again.
    #[must_use]
    pub fn plies(&self, line: &[Cell]) -> u32 {
        line.len() as u32 + if self.ends_in_five { 0 } else { 2 }
    }

    /// Searches a VCF for the side to move, at most `max_fours` of its own
    /// moves deep and `budget` nodes. Returns the winning line (attacker and
    /// defender moves alternating, ending with the attacker's winning
    /// move), or `None` when none was found.
    /// `abort` is polled every thousand nodes; when it answers true the
    /// search gives up.
    pub fn solve(
        &mut self,
        st: &mut State,
        max_fours: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<Vec<Cell>> {
        self.run(st, max_fours, budget, Scope::Full, abort)
    }

    /// Like [`Vcf::solve`], but past the first four only the fours on the
    /// four lines through the attacker's previous stone are tried. A four
    /// elsewhere owes nothing to that stone, so it was already there a
    /// move earlier and was tried then; what is lost is the rare win that
    /// needs a far four played later than it could be. The search inside
    /// the tree asks this cheaper question: its nodes no longer scan the
    /// whole board for fours and it spends its budget on the attacks that
    /// build on each other.
    pub fn solve_local(
        &mut self,
        st: &mut State,
        max_fours: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<Vec<Cell>> {
        self.run(st, max_fours, budget, Scope::Local, abort)
    }

    /// One search of `scope` from a fresh node count.
    fn run(
        &mut self,
        st: &mut State,
        max_fours: u8,
        budget: u64,
        scope: Scope,
        abort: &dyn Fn() -> bool,
    ) -> Option<Vec<Cell>> {
        self.nodes = 0;
        self.budget = budget;
        self.scope = scope;
        let mut line = Vec::new();
        if self.attack(st, max_fours, None, &mut line, abort) {
            line.reverse();
            Some(line)
        } else {
            None
        }
    }

    /// Like [`Vcf::solve`], but tries short attacks first so the win found
    /// is close to the fastest. Returns the line and the number of plies
    /// until the five.
    pub fn solve_shortest(
        &mut self,
        st: &mut State,
        max_fours: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<(Vec<Cell>, u32)> {
        let mut total = 0;
        let mut depth = 1;
        loop {
            let d = depth.min(max_fours);
            let found = self.solve(st, d, budget.saturating_sub(total), abort);
            total += self.nodes;
            if let Some(line) = found {
                self.nodes = total;
                let plies = self.plies(&line);
                return Some((line, plies));
            }
            if d == max_fours || total >= budget || abort() {
                self.nodes = total;
                return None;
            }
            depth = if depth < 8 {
                depth + 1
            } else {
                (depth * 3).div_ceil(2)
            };
        }
    }

    /// One attacking level; `last` is the attacker's previous four (none
    /// at the first level).
    fn attack(
        &mut self,
        st: &mut State,
        depth: u8,
        last: Option<Cell>,
        line: &mut Vec<Cell>,
        abort: &dyn Fn() -> bool,
    ) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && abort() {
            self.budget = 0;
        }
        let me = st.to_move();
        let opp = me ^ 1;
        if let Some(f) = st.find_five(me) {
            line.push(f);
            self.ends_in_five = true;
            return true;
        }
        if depth == 0 || self.nodes > self.budget {
            return false;
        }
        let scope = self.scope;
        let key = cache_key(st.hash(), scope, last);
        let slot = (key as usize) & (CACHE_SLOTS - 1);
        let seen = self.failed[slot];
        if seen.key == key && seen.scope == scope && seen.depth >= depth {
            return false;
        }
        // Under Renju, Black neither attacks nor defends on its forbidden
        // points.
        let mut moves = self.buffers.pop().unwrap_or_default();
        moves.clear();
        if st.count(opp, combo::FIVE) > 0 {
            if st.count(opp, combo::FIVE) > 1 {
                self.buffers.push(moves);
                return false;
            }
            // The only answer to the opponent's four must itself be a four.
            let f = st.find_five(opp).expect("counted a five point");
            if st.combo(f, me) >= combo::BLOCK4 && !st.is_forbidden(f) {
                moves.push(f);
            }
        } else {
            if st.count(me, combo::FLEX4) > 0 {
                let mut v = Vec::new();
                st.cells_with(me, combo::FLEX4, &mut v);
                self.buffers.push(moves);
                if let Some(&m) = v.iter().find(|&&c| !st.is_forbidden(c)) {
                    line.push(m);
                    self.ends_in_five = false;
                    return true;
                }
                return false;
            }
            match last {
                Some(c) if scope == Scope::Local => fours_through(st, c, me, &mut moves),
                _ => st.cells_with(me, combo::BLOCK4, &mut moves),
            }
            if st.black_restricted() {
                moves.retain(|&c| !st.is_forbidden(c));
            }
            // Four-threes first, then the fours that build the most.
            moves.sort_by_key(|&c| std::cmp::Reverse((st.combo(c, me), st.value(c, me))));
        }
        let mut won = false;
        // A four with nothing behind it ends the attack one level down;
        // such fours are told from the patterns and counted as the one node
        // that level would have cost, without playing them.
        let skip_dead = st.rule() != Rule::Renju;
        for &m in &moves {
            if skip_dead && dead_end(st, m, scope) {
                debug_assert!(
                    really_dead_end(st, m, scope),
                    "a four with a follow-up was skipped"
                );
                self.nodes += 1;
                continue;
            }
            st.make(m);
            if let Some(reply) = st.find_five(me) {
                if st.count(me, combo::FIVE) >= 2 {
                    // Two five points: the opponent cannot stop both.
                    st.unmake();
                    line.push(m);
                    self.ends_in_five = false;
                    won = true;
                    break;
                }
                if st.is_forbidden(reply) {
                    // Black may not block there: as good as two five
                    // points.
                    st.unmake();
                    line.push(m);
                    self.ends_in_five = false;
                    won = true;
                    break;
                }
                // The child's first look is at the failure cache (a
                // megabyte, mostly out of the nearest caches): its line
                // loads while the block is made.
                let child = cache_key(st.hash_after(reply), scope, Some(m));
                super::prefetch::prefetch(&self.failed[(child as usize) & (CACHE_SLOTS - 1)]);
                st.make(reply);
                let ok = self.attack(st, depth - 1, Some(m), line, abort);
                st.unmake();
                if ok {
                    line.push(reply);
                    st.unmake();
                    line.push(m);
                    won = true;
                    break;
                }
            }
            st.unmake();
        }
        self.buffers.push(moves);
        if !won && self.nodes <= self.budget {
            self.failed[slot] = Failure { key, depth, scope };
        }
        won
    }
}

/// The failure cache's key of a position with hash `hash` in a search of
/// `scope`. A local search's failures, its first level's included (whose
/// subtree was searched locally too), depend on the attacker's last stone.
/// The scope itself is told apart by [`Failure::scope`], not by the key.
fn cache_key(hash: u64, scope: Scope, last: Option<Cell>) -> u64 {
    match scope {
        Scope::Local => hash ^ last_stone_key(last),
        Scope::Full => hash,
    }
}

/// A key for the attacker's last stone, none at the first level: the
/// MurmurHash3 finaliser of the stone's tag, a bijection, so no two tags
/// share a key.
fn last_stone_key(last: Option<Cell>) -> u64 {
    let mut z = LAST_STONE_SEED.wrapping_add(last.map_or(0, |c| u64::from(c) + 1));
    z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
    z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    z ^ (z >> 33)
}

/// Which fours the level after a four may play.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Scope {
    /// Only fours through the previous stone ([`Vcf::solve_local`]).
    Local,
    /// Any four on the board ([`Vcf::solve`]).
    Full,
}

/// True when the side to move's four at `c` leads nowhere: after it and
/// the forced block, the side to move has no four within `scope` (through
/// `c`, or anywhere), no open-four point, and the block makes no four for
/// the opponent. Freestyle and exact five only: under Renju a block may be
/// forbidden.
///
/// Playing `c` changes patterns only on its four lines, and the block lies
/// on the four's own line. So a four or an open-four point appears after
/// them only where `c` also makes a closed three or better on another line,
/// where the four's own line still has a four point after the block (read
/// from the line word by [`State::four_follow_up`]), or where a point on
/// `c`'s lines already made a four on some line; each is ruled out here.
fn dead_end(st: &State, c: Cell, scope: Scope) -> bool {
    let me = st.to_move();
    // An open-four point stays one after the four and its block (a level
    // that must block the opponent's four may start with one).
    if st.count(me, combo::FLEX4) > 0 {
        return false;
    }
    let pats = st.patterns_at(c)[me];
    let mut four_dir = None;
    for (d, &p) in pats.iter().enumerate() {
        if p >= pat::B4 {
            if p != pat::B4 || four_dir.is_some() {
                return false;
            }
            four_dir = Some(d);
        } else if p >= pat::B3 {
            return false;
        }
    }
    let Some(d0) = four_dir else {
        return false;
    };
    // Four points on the four's own line, `c` among them.
    let mut on_line = 1;
    // The same points as `fours_through` visits.
    for d in 0..4 {
        let step = st.step(d);
        for k in (-4..=4isize).filter(|&k| k != 0) {
            let n = (c as isize + step * k) as Cell;
            if !st.is_empty(n) {
                continue;
            }
            let four_elsewhere = if d == d0 {
                // The four's own line is judged after the block, below;
                // the point's other lines are untouched by both stones.
                let p = st.patterns_at(n)[me];
                on_line += usize::from(st.combo(n, me) >= combo::BLOCK4);
                (0..4).any(|e| e != d0 && p[e] >= pat::B4)
            } else {
                st.combo(n, me) >= combo::BLOCK4
            };
            if four_elsewhere {
                return false;
            }
        }
    }
    let quiet_block = match st.four_follow_up(c, d0) {
        Some((block, false)) => st.combo(block, me ^ 1) < combo::BLOCK4,
        _ => false,
    };
    // A full search's next level looks for fours anywhere: every four
    // point must lie on the four's own line, where the check above has
    // judged them (points off `c`'s lines are untouched by `c` and can
    // only lose to the block).
    quiet_block
        && (scope == Scope::Local || on_line == st.count_at_least(me, combo::BLOCK4) as usize)
}

/// What [`dead_end`] claims, checked by playing the four and its block:
/// the next level of a search of `scope` would find no move and no win.
/// Debug builds check every skipped four with it, so the test suite's
/// searches check the claim too.
fn really_dead_end(st: &mut State, c: Cell, scope: Scope) -> bool {
    let me = st.to_move();
    st.make(c);
    let fives = st.count(me, combo::FIVE);
    let Some(block) = st.find_five(me) else {
        st.unmake();
        return false;
    };
    st.make(block);
    let mut fours = Vec::new();
    match scope {
        Scope::Local => fours_through(st, c, me, &mut fours),
        Scope::Full => st.cells_with(me, combo::BLOCK4, &mut fours),
    }
    let dead = fives == 1
        && st.count(me ^ 1, combo::FIVE) == 0
        && st.count(me, combo::FLEX4) == 0
        && fours.is_empty();
    st.unmake();
    st.unmake();
    dead
}

/// The empty points within four of `c` on its four lines where `side`
/// would make a four, replacing the contents of `out`: every four that a
/// stone at `c` helps to make lies there.
fn fours_through(st: &State, c: Cell, side: usize, out: &mut Vec<Cell>) {
    out.clear();
    for d in 0..4 {
        let step = st.step(d);
        for k in (-4..=4isize).filter(|&k| k != 0) {
            let n = (c as isize + step * k) as Cell;
            if st.is_empty(n) && st.combo(n, side) >= combo::BLOCK4 {
                out.push(n);
            }
        }
    }
}

/// Plies from the position to the five when `line` is played out: the
/// line ends either with the five or with an unstoppable double threat,
/// which takes two more plies.
#[must_use]
pub fn plies_to_five(st: &mut State, line: &[Cell]) -> u32 {
    for &c in line {
        st.make(c);
    }
    let five = st.last_move_won();
    for _ in line {
        st.unmake();
    }
    line.len() as u32 + if five { 0 } else { 2 }
}

#[cfg(test)]
mod tests {
    use super::super::fixtures::long_vcf;
    use super::*;
    use crate::rules::{parse_moves, Board, Point, Stone, ZOBRIST_SIDE};

    fn never() -> bool {
        false
    }

    /// Plays `line` from `st` and checks that it is a win by fours: every
    /// attacking move but a last double threat leaves exactly one five
    /// point, which the next move of the line takes, and the line ends in
    /// a five or in two five points (or an open four).
    fn assert_is_vcf(st: &mut State, line: &[Cell]) {
        let me = st.to_move();
        for (i, &c) in line.iter().enumerate() {
            assert!(st.is_empty(c), "move {i} is on a stone");
            st.make(c);
            if i % 2 == 0 && i + 1 < line.len() {
                assert_eq!(st.count(me, combo::FIVE), 1, "move {i} is not a four");
                assert_eq!(
                    st.find_five(me),
                    Some(line[i + 1]),
                    "reply {i} is not forced"
                );
            }
        }
        let won = st.last_move_won() || st.count(me, combo::FIVE) >= 2;
        for _ in line {
            st.unmake();
        }
        assert!(won, "the line does not end in a win");
    }

    #[test]
    fn the_local_search_finds_a_long_win_by_fours() {
        let mut st = long_vcf();
        let hash = st.hash();
        let mut vcf = Vcf::new();
        let line = vcf
            .solve_local(&mut st, 10, 100_000, &never)
            .expect("a VCF");
        // Six own fours at least, the last of them unstoppable (a line
        // stops at the double threat, before the five).
        assert!(line.len() >= 11, "{} moves", line.len());
        assert_is_vcf(&mut st, &line);
        assert_eq!(st.hash(), hash, "the search restores the position");
        // Four fours are not enough, locally or not.
        assert!(vcf.solve_local(&mut st, 4, 100_000, &never).is_none());
        assert!(vcf.solve(&mut st, 4, 100_000, &never).is_none());
    }

    #[test]
    fn the_plies_told_by_the_solver_are_those_of_the_line_played_out() {
        use super::super::fixtures::black_to_move;
        // A five to make, an open four to make, and a long win ending in a
        // double threat: each way a line can end.
        let cases = [
            (black_to_move(Rule::Freestyle, "h8 i8 j8 k8", "a1 a2 a3"), 1),
            (black_to_move(Rule::Freestyle, "h8 i8 j8", "a1 a2"), 3),
            (long_vcf(), 0),
        ];
        for (mut st, plies) in cases {
            let mut vcf = Vcf::new();
            for scope in [Scope::Full, Scope::Local] {
                let line = vcf.run(&mut st, 10, 100_000, scope, &never).expect("a VCF");
                let replayed = plies_to_five(&mut st, &line);
                assert_eq!(vcf.plies(&line), replayed, "{scope:?}");
                if plies > 0 {
                    assert_eq!(replayed, plies);
                }
            }
            let (line, shortest) = vcf
                .solve_shortest(&mut st, 10, 100_000, &never)
                .expect("a VCF");
            assert_eq!(shortest, plies_to_five(&mut st, &line));
        }
    }

    #[test]
    fn a_four_called_a_dead_end_has_no_follow_up() {
        // Dense random boards of both line rules; every four of the side to
        // move where the local search's next level would start from a
        // position with no five, open four or opponent's five.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut fours, mut dead, mut dead_full) = (0, 0, 0);
        for rule in [Rule::Freestyle, Rule::Standard] {
            for _ in 0..3000 {
                let mut board = Board::new(15).expect("a 15x15 board");
                let stones = 12 + next(50);
                for i in 0..stones {
                    let p = Point::new(2 + next(11) as u8, 2 + next(11) as u8);
                    let s = if i % 2 == 0 {
                        Stone::Black
                    } else {
                        Stone::White
                    };
                    let _ = board.place(p, s);
                }
                let to_move = if next(2) == 0 {
                    Stone::Black
                } else {
                    Stone::White
                };
                let mut st = State::new(&board, to_move, rule);
                let me = st.to_move();
                if st.count(me, combo::FIVE) > 0 || st.count(me ^ 1, combo::FIVE) > 1 {
                    continue;
                }
                // The moves a level of the search may try: against the
                // opponent's four only its block, when that is a four too.
                let mut cells = Vec::new();
                match st.find_five(me ^ 1) {
                    Some(f) if st.combo(f, me) >= combo::BLOCK4 => cells.push(f),
                    Some(_) => {}
                    None => st.cells_with(me, combo::BLOCK4, &mut cells),
                }
                for c in cells {
                    fours += 1;
                    if dead_end(&st, c, Scope::Local) {
                        dead += 1;
                        assert!(
                            really_dead_end(&mut st, c, Scope::Local),
                            "{rule:?} {board:?}"
                        );
                    }
                    if dead_end(&st, c, Scope::Full) {
                        dead_full += 1;
                        assert!(dead_end(&st, c, Scope::Local));
                        assert!(
                            really_dead_end(&mut st, c, Scope::Full),
                            "{rule:?} {board:?}"
                        );
                    }
                }
            }
        }
        // The boards hold enough fours, and enough dead ends among them, for
        // the check to mean something.
        assert!(
            fours > 1500 && dead > 400 && dead_full > 100,
            "{fours} fours, {dead} dead ends, {dead_full} for a full search"
        );
    }

    #[test]
    fn a_local_failure_never_answers_a_full_search() {
        // After local searches too short to win have filled the cache, a
        // full search on the same solver still finds the win.
        let mut st = long_vcf();
        let mut vcf = Vcf::new();
        for fours in 1..=5 {
            assert!(vcf.solve_local(&mut st, fours, 100_000, &never).is_none());
        }
        let line = vcf.solve(&mut st, 10, 100_000, &never).expect("a VCF");
        assert_is_vcf(&mut st, &line);
    }

    #[test]
    fn local_keys_of_the_same_stones_never_meet() {
        // Every last stone (every cell of the largest board, and none) has
        // its own key, and no two keys differ by the side-to-move key, so
        // a local failure of one side never answers a local search of the
        // other side on the same stones; nor does a local key leave the
        // hash as it was, or make it the other side's.
        let keys: Vec<u64> = std::iter::once(None)
            .chain((0..1024).map(Some))
            .map(last_stone_key)
            .collect();
        let set: std::collections::HashSet<u64> = keys.iter().copied().collect();
        assert_eq!(set.len(), keys.len(), "two last stones share a key");
        for &k in &keys {
            assert!(k != 0 && k != ZOBRIST_SIDE, "{k:#x}");
            assert!(!set.contains(&(k ^ ZOBRIST_SIDE)), "{k:#x}");
        }
        let h = 0x1234_5678_9abc_def0;
        assert_eq!(cache_key(h, Scope::Full, None), h);
        assert_ne!(cache_key(h, Scope::Local, None), h);
    }

    #[test]
    fn one_sides_local_failure_never_answers_the_other_sides_full_search() {
        // Issue #41: the search's VCF defence asks a full search for the
        // side NOT to move (it flips the side), on the solver whose cache
        // the tree's local searches fill for the side to move. White has no
        // VCF here and Black has one: White's failure must not stand for
        // Black's.
        let mut st = long_vcf();
        let mut vcf = Vcf::new();
        st.flip_side();
        assert!(
            vcf.solve_local(&mut st, 10, 100_000, &never).is_none(),
            "White has no VCF"
        );
        st.flip_side();
        let line = vcf
            .solve(&mut st, 10, 100_000, &never)
            .expect("Black's VCF");
        assert_is_vcf(&mut st, &line);
    }

    #[test]
    fn fours_through_a_stone_are_the_fours_on_its_lines() {
        let st = long_vcf();
        // b2 b3 b4, shut by White's b1: b5 and b6 make fours through b3.
        let c = st.cell(parse_moves("b3", 15).expect("a point")[0]);
        let mut near = Vec::new();
        fours_through(&st, c, 0, &mut near);
        let mut all = Vec::new();
        st.cells_with(0, combo::BLOCK4, &mut all);
        let names: Vec<Cell> = parse_moves("b5 b6", 15)
            .expect("points")
            .into_iter()
            .map(|p| st.cell(p))
            .collect();
        for n in &names {
            assert!(near.contains(n));
        }
        let (x, y) = (i32::from(st.point(c).x), i32::from(st.point(c).y));
        for &n in &all {
            let p = st.point(n);
            let (dx, dy) = (i32::from(p.x) - x, i32::from(p.y) - y);
            let on_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
            let listed = near.contains(&n);
            assert_eq!(listed, on_line && dx.abs().max(dy.abs()) <= 4, "{p:?}");
        }
        assert!(near.iter().all(|n| all.contains(n)));
        assert!(all.len() > near.len(), "some four lies off b3's lines");
    }
}
