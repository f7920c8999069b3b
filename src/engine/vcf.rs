//! Victory by continuous fours (VCF): the side to move makes a four with
//! every move, the opponent's replies are forced, and the attack ends in an
//! open four, a double four or a five.

use super::pattern::combo;
use super::state::{Cell, State};

/// Slots in the cache of positions proved to have no VCF.
const CACHE_SLOTS: usize = 1 << 16;

/// A VCF solver with a cache of failures, reused between calls.
pub struct Vcf {
    /// Hash and remaining depth of positions with no VCF to that depth.
    failed: Vec<(u64, u8)>,
    /// Nodes visited by the current call.
    pub nodes: u64,
    budget: u64,
    buffers: Vec<Vec<Cell>>,
}

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
            failed: vec![(0, 0); CACHE_SLOTS],
            nodes: 0,
            budget: 0,
            buffers: Vec::new(),
        }
    }

    /// Forgets the cache (a new game).
    pub fn clear(&mut self) {
        self.failed.fill((0, 0));
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
        self.nodes = 0;
        self.budget = budget;
        let mut line = Vec::new();
        if self.attack(st, max_fours, &mut line, abort) {
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
                let plies = plies_to_five(st, &line);
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

    fn attack(
        &mut self,
        st: &mut State,
        depth: u8,
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
            return true;
        }
        if depth == 0 || self.nodes > self.budget {
            return false;
        }
        let slot = (st.hash() as usize) & (CACHE_SLOTS - 1);
        let (h, d) = self.failed[slot];
        if h == st.hash() && d >= depth {
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
                    return true;
                }
                return false;
            }
            st.cells_with(me, combo::BLOCK4, &mut moves);
            if st.black_restricted() {
                moves.retain(|&c| !st.is_forbidden(c));
            }
            // Four-threes first, then the fours that build the most.
            moves.sort_by_key(|&c| std::cmp::Reverse((st.combo(c, me), st.value(c, me))));
        }
        let mut won = false;
        for &m in &moves {
            st.make(m);
            if let Some(reply) = st.find_five(me) {
                if st.count(me, combo::FIVE) >= 2 {
                    // Two five points: the opponent cannot stop both.
                    st.unmake();
                    line.push(m);
                    won = true;
                    break;
                }
                if st.is_forbidden(reply) {
                    // Black may not block there: as good as two five
                    // points.
                    st.unmake();
                    line.push(m);
                    won = true;
                    break;
                }
                st.make(reply);
                let ok = self.attack(st, depth - 1, line, abort);
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
            self.failed[slot] = (st.hash(), depth);
        }
        won
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
