//! Victory by continuous threats (VCT): the side to move makes a four or
//! an open three with every move, and the opponent's replies are limited
//! to the moves that could possibly stop the threat.
//!
//! The proof is sound within the rules the [`State`] patterns model: a
//! defender is credited with every move that removes all of the
//! attacker's open-four points, with every four of his own (the attacker
//! must then block, and the old threat still stands), and with any win by
//! continuous fours of his own, which is checked before his replies are
//! tried. A defender move that does none of these lets the attacker make
//! an open four or a double four next, which only a five could answer.
//! Failures (depth or budget exhausted) prove nothing and are never
//! reported as wins.

use super::shape::combo;
use super::state::{Cell, State};
use super::vcf::Vcf;

/// Slots in the cache of attacker positions proved to have no VCT.
const CACHE_SLOTS: usize = 1 << 17;
/// Own moves of the defender's VCF check at each defended threat: his
/// fours are few, so a deep but cheap search is affordable.
const DEFENDER_VCF_DEPTH: u8 = 12;
/// Node budget of the defender's VCF check at each defended threat: a
/// refutation by continuous fours is usually short; longer ones are still
/// found by the defender's counter-fours in the tree, only more slowly.
const DEFENDER_VCF_NODES: u64 = 300;
/// Nodes between two polls of the abort closure. A node may run a
/// defender's VCF search of up to [`DEFENDER_VCF_NODES`], so polls must be
/// frequent for a deadline to be kept within a few milliseconds.
const POLL_EVERY: u64 = 64;
/// Points on each side of a threat point whose occupation can change the
/// attacker's pattern there (the reach of a line key).
const REACH: isize = 5;

/// A VCT solver with a cache of failures, reused between calls.
pub struct Vct {
    /// Hash and remaining depth of attacker positions with no VCT to that
    /// depth.
    failed: Vec<(u64, u8)>,
    /// Nodes visited by the current call (the defender VCF checks
    /// included).
    pub nodes: u64,
    budget: u64,
    vcf: Vcf,
    buffers: Vec<Vec<Cell>>,
}

impl Default for Vct {
    fn default() -> Self {
        Vct::new()
    }
}

/// Order of the attacker's threats: double threats first, a four before
/// a three of the same kind (it keeps the initiative at no risk).
fn threat_rank(code: u8) -> u8 {
    match code {
        combo::FOUR_THREE => 6,
        combo::THREE_THREE => 5,
        combo::BLOCK4_PLUS => 4,
        combo::FLEX3_PLUS => 3,
        combo::BLOCK4 => 2,
        _ => 1,
    }
}

impl Vct {
    /// A solver with an empty cache.
    #[must_use]
    pub fn new() -> Vct {
        Vct {
            failed: vec![(0, 0); CACHE_SLOTS],
            nodes: 0,
            budget: 0,
            vcf: Vcf::new(),
            buffers: Vec::new(),
        }
    }

    /// Forgets the caches (a new game).
    pub fn clear(&mut self) {
        self.failed.fill((0, 0));
        self.vcf.clear();
    }

    /// A win by continuous fours alone for the side to move, from the
    /// four-only solver this one builds on, at most `max_fours` own moves
    /// and `budget` nodes: the line, or `None`.
    pub fn vcf_only(&mut self, st: &mut State, max_fours: u8, budget: u64) -> Option<Vec<Cell>> {
        let line = self.vcf.solve(st, max_fours, budget, &|| false);
        self.nodes = self.vcf.nodes;
        line
    }

    /// Searches a VCT for the side to move with at most `max_threats` own
    /// threats (forced blocks of the defender's counter-fours are free) and
    /// `budget` nodes. Returns the line along the defender's longest
    /// resistance (attacker and defender moves alternating) and the plies
    /// until the five in that line, or `None` when no win was proved.
    /// `abort` is polled every thousand nodes; when it answers true the
    /// search gives up.
    pub fn solve(
        &mut self,
        st: &mut State,
        max_threats: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<(Vec<Cell>, u32)> {
        self.nodes = 0;
        self.budget = budget;
        let mut line = Vec::new();
        self.attack(st, max_threats, &mut line, abort)
            .map(|plies| (line, plies))
    }

    /// The defender to move just after the attacker's threat (or four):
    /// proves that every defence loses, with at most `max_threats` more
    /// attacker threats and `budget` nodes. Returns the line along the
    /// defender's longest resistance, the defender's reply first, and the
    /// plies until the five; `None` when some defence was not refuted.
    /// This is the question a puzzle asks of a player's attacking move.
    pub fn solve_defender(
        &mut self,
        st: &mut State,
        max_threats: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<(Vec<Cell>, u32)> {
        self.nodes = 0;
        self.budget = budget;
        let mut line = Vec::new();
        self.defend(st, max_threats, &mut line, abort)
            .map(|plies| (line, plies))
    }

    /// Like [`Vct::solve`], but deepens one threat at a time so the win
    /// found is close to the shortest; the budget covers all depths.
    pub fn solve_shortest(
        &mut self,
        st: &mut State,
        max_threats: u8,
        budget: u64,
        abort: &dyn Fn() -> bool,
    ) -> Option<(Vec<Cell>, u32)> {
        let mut total = 0;
        for depth in 1..=max_threats {
            let found = self.solve(st, depth, budget.saturating_sub(total), abort);
            total += self.nodes;
            if found.is_some() || total >= budget || abort() {
                self.nodes = total;
                return found;
            }
        }
        self.nodes = total;
        None
    }

    /// Counts a node; false once the budget is spent (or the caller asked
    /// to stop).
    fn tick(&mut self, abort: &dyn Fn() -> bool) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_EVERY) && abort() {
            self.budget = 0;
        }
        self.nodes <= self.budget
    }

    /// The attacker to move, `depth` threats left. On success the line
    /// gets the continuation appended and the plies to five are returned;
    /// on failure the line is left as it was.
    fn attack(
        &mut self,
        st: &mut State,
        depth: u8,
        line: &mut Vec<Cell>,
        abort: &dyn Fn() -> bool,
    ) -> Option<u32> {
        let live = self.tick(abort);
        let me = st.to_move();
        let opp = me ^ 1;
        if let Some(f) = st.find_five(me) {
            line.push(f);
            return Some(1);
        }
        let threats = st.count(opp, combo::FIVE);
        if threats >= 2 || !live {
            return None;
        }
        if threats == 1 {
            // A counter-four: the block is forced, and whatever threat
            // of ours still stands passes the turn back to the defender.
            let f = st.find_five(opp).expect("counted a five point");
            st.make(f);
            line.push(f);
            let r = self.defend(st, depth, line, abort);
            st.unmake();
            if r.is_none() {
                line.pop();
            }
            return r.map(|p| p + 1);
        }
        if depth == 0 {
            return None;
        }
        let slot = (st.hash() as usize) & (CACHE_SLOTS - 1);
        let (h, d) = self.failed[slot];
        if h == st.hash() && d >= depth {
            return None;
        }
        let mut moves = self.buffers.pop().unwrap_or_default();
        if st.count(me, combo::FLEX4) > 0 {
            // An open four or a double four, and the defender has no five.
            st.cells_with(me, combo::FLEX4, &mut moves);
            let m = moves[0];
            self.buffers.push(moves);
            line.push(m);
            return Some(3);
        }
        st.cells_with(me, combo::FLEX3, &mut moves);
        moves.sort_by_key(|&c| std::cmp::Reverse((threat_rank(st.combo(c, me)), st.value(c, me))));
        let mut result = None;
        for &m in &moves {
            st.make(m);
            line.push(m);
            let r = self.defend(st, depth - 1, line, abort);
            st.unmake();
            if let Some(p) = r {
                result = Some(p + 1);
                break;
            }
            line.pop();
            if self.nodes > self.budget {
                break;
            }
        }
        self.buffers.push(moves);
        if result.is_none() && self.nodes <= self.budget {
            self.failed[slot] = (st.hash(), depth);
        }
        result
    }

    /// The defender to move after an attacker threat (or a forced block),
    /// `depth` attacker threats left. Succeeds when every defence loses.
    fn defend(
        &mut self,
        st: &mut State,
        depth: u8,
        line: &mut Vec<Cell>,
        abort: &dyn Fn() -> bool,
    ) -> Option<u32> {
        let live = self.tick(abort);
        let me = st.to_move();
        let att = me ^ 1;
        if st.count(me, combo::FIVE) > 0 {
            return None;
        }
        let fives = st.count(att, combo::FIVE);
        if fives >= 2 {
            let mut v = self.buffers.pop().unwrap_or_default();
            st.cells_with(att, combo::FIVE, &mut v);
            line.extend_from_slice(&v[..2]);
            self.buffers.push(v);
            return Some(2);
        }
        if fives == 1 {
            let f = st.find_five(att).expect("counted a five point");
            st.make(f);
            line.push(f);
            let r = self.attack(st, depth, line, abort);
            st.unmake();
            if r.is_none() {
                line.pop();
            }
            return r.map(|p| p + 1);
        }
        // No threat left standing (a counter-four blocked it): the
        // defender has a free move, so the attack has failed.
        if st.count(att, combo::FLEX4) == 0 || !live {
            return None;
        }
        let own_win = self
            .vcf
            .solve(st, DEFENDER_VCF_DEPTH, DEFENDER_VCF_NODES, abort);
        self.nodes += self.vcf.nodes;
        if own_win.is_some() {
            return None;
        }
        let mut replies = self.buffers.pop().unwrap_or_default();
        self.defences(st, &mut replies);
        if replies.is_empty() {
            // Every move leaves an open four or double four to be made.
            self.buffers.push(replies);
            return Some(4);
        }
        let start = line.len();
        let mut longest: Option<(u32, Vec<Cell>)> = None;
        for &r in &replies {
            st.make(r);
            line.push(r);
            let res = self.attack(st, depth, line, abort);
            st.unmake();
            match res {
                None => {
                    longest = None;
                    break;
                }
                Some(p) => {
                    if longest.as_ref().is_none_or(|(q, _)| p + 1 > *q) {
                        longest = Some((p + 1, line[start..].to_vec()));
                    }
                }
            }
            line.truncate(start);
        }
        line.truncate(start);
        self.buffers.push(replies);
        let (plies, best) = longest?;
        line.extend_from_slice(&best);
        Some(plies)
    }

    /// Every defender move worth trying against the attacker's open-four
    /// points: the moves after which none is left, and the defender's own
    /// fours. Any other move lets the attacker make an open four or a
    /// double four.
    fn defences(&mut self, st: &mut State, out: &mut Vec<Cell>) {
        let me = st.to_move();
        let att = me ^ 1;
        let mut points = self.buffers.pop().unwrap_or_default();
        st.cells_with(att, combo::FLEX4, &mut points);
        let first = points[0];
        // A defence must change the first threat point's pattern, so it is
        // that point or lies within a key's reach of it on one of its lines.
        out.clear();
        out.push(first);
        for d in 0..4 {
            let step = st.step(d);
            for k in (-REACH..=REACH).filter(|&k| k != 0) {
                let c = (first as isize + step * k) as Cell;
                if st.is_empty(c) {
                    out.push(c);
                }
            }
        }
        out.retain(|&c| {
            st.make(c);
            let stopped = st.count(att, combo::FLEX4) == 0;
            st.unmake();
            stopped || st.combo(c, me) >= combo::BLOCK4
        });
        st.cells_with(me, combo::BLOCK4, &mut points);
        for &c in &points {
            if !out.contains(&c) {
                out.push(c);
            }
        }
        // Moves at the heart of both sides' shapes refute most often.
        out.sort_by_key(|&c| std::cmp::Reverse(st.value(c, me) + st.value(c, att)));
        self.buffers.push(points);
    }
}
