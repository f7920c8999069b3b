//! An independent, slow threat-space checker for the VCT suite. It shares
//! no code with the engine: a plain grid, fives found by counting runs,
//! and every empty point of the board tried as a defence.
//!
//! The attacker may play any move after which it has a five point or a
//! winning point (one that makes two five points at once: an open four or
//! a double four). The defender may play any point at all; a point that
//! neither makes a four nor removes every winning point of the attacker
//! is skipped, because the attacker then wins at once. Winning points are
//! rechecked only among the old ones after a defender move: an opponent's
//! stone never creates a threat.

use std::collections::HashMap;

/// The four line directions.
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// What the defender is allowed to try: all of it for the real check, less
/// for the naive searches the false-VCT cases are meant to fool.
#[derive(Clone, Copy)]
pub struct Defender {
    /// May answer a threat with a four of its own.
    pub counter_fours: bool,
    /// May block anywhere that kills the threat, not only on the points
    /// where the attacker would make its open four.
    pub outer_blocks: bool,
}

/// Every defence allowed.
pub const FULL: Defender = Defender {
    counter_fours: true,
    outer_blocks: true,
};

/// A solver's proposal of the attacker's (colour's) next move in a grid.
pub type Hint<'a> = dyn FnMut(&Grid, u8) -> Option<(i32, i32)> + 'a;

/// A plain board: 0 empty, 1 Black, 2 White.
pub struct Grid {
    n: i32,
    cells: Vec<u8>,
    /// Exactly five wins (the standard rule); else five or more.
    exact: bool,
    /// Attacker positions (cells, threats left) proved lost.
    failed: HashMap<(Vec<u8>, u8), ()>,
    /// Positions (cells, side to move) with no VCF, and the most fours
    /// that were tried from them: without it the long VCFs of real games
    /// take hours.
    vcf_failed: HashMap<(Vec<u8>, u8), u8>,
    /// Attacker moves tried (a rough cost measure).
    pub nodes: u64,
}

impl Grid {
    /// An empty board of side `n`.
    pub fn new(n: i32, exact: bool) -> Grid {
        Grid {
            n,
            cells: vec![0; (n * n) as usize],
            exact,
            failed: HashMap::new(),
            vcf_failed: HashMap::new(),
            nodes: 0,
        }
    }

    fn on(&self, x: i32, y: i32) -> bool {
        (0..self.n).contains(&x) && (0..self.n).contains(&y)
    }

    /// Stone at (x, y), 3 off the board.
    pub fn at(&self, x: i32, y: i32) -> u8 {
        if self.on(x, y) {
            self.cells[(y * self.n + x) as usize]
        } else {
            3
        }
    }

    /// Puts `c` (0 clears) at (x, y).
    pub fn set(&mut self, x: i32, y: i32, c: u8) {
        self.cells[(y * self.n + x) as usize] = c;
    }

    fn empties(&self) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for y in 0..self.n {
            for x in 0..self.n {
                if self.at(x, y) == 0 {
                    v.push((x, y));
                }
            }
        }
        v
    }

    /// True when `c` playing the empty (x, y) makes a winning run.
    fn five_at(&self, x: i32, y: i32, c: u8) -> bool {
        DIRS.iter().any(|&(dx, dy)| {
            let mut len = 1;
            for s in [1, -1] {
                let mut k = 1;
                while self.at(x + s * k * dx, y + s * k * dy) == c {
                    len += 1;
                    k += 1;
                }
            }
            if self.exact {
                len == 5
            } else {
                len >= 5
            }
        })
    }

    /// All empty points where `c` makes five.
    pub fn fives(&self, c: u8) -> Vec<(i32, i32)> {
        self.empties()
            .into_iter()
            .filter(|&(x, y)| self.five_at(x, y, c))
            .collect()
    }

    /// Empty points on the lines through (x, y), at most `reach` away.
    fn line_points(&self, x: i32, y: i32, reach: i32) -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for &(dx, dy) in &DIRS {
            for k in (-reach..=reach).filter(|&k| k != 0) {
                let (a, b) = (x + k * dx, y + k * dy);
                if self.at(a, b) == 0 {
                    v.push((a, b));
                }
            }
        }
        v
    }

    /// Number of five points of `c` on the lines through (x, y).
    fn fives_through(&self, x: i32, y: i32, c: u8) -> usize {
        self.line_points(x, y, 4)
            .into_iter()
            .filter(|&(a, b)| self.five_at(a, b, c))
            .count()
    }

    /// True when `c` (with no five point yet) playing the empty (x, y)
    /// gets two five points: an open four or a double four.
    fn wins_at(&mut self, x: i32, y: i32, c: u8) -> bool {
        self.set(x, y, c);
        let n = self.fives_through(x, y, c);
        self.set(x, y, 0);
        n >= 2
    }

    fn winning_points(&mut self, c: u8) -> Vec<(i32, i32)> {
        self.empties()
            .into_iter()
            .filter(|&(x, y)| self.wins_at(x, y, c))
            .collect()
    }

    /// True when (x, y) has a stone of `c` within four on one of its lines:
    /// no threat can be made far from one's own stones.
    fn near_own(&self, x: i32, y: i32, c: u8) -> bool {
        DIRS.iter().any(|&(dx, dy)| {
            (1..=4).any(|k| {
                self.at(x + k * dx, y + k * dy) == c || self.at(x - k * dx, y - k * dy) == c
            })
        })
    }

    /// The attacker `c`'s threats: moves after which it has a five point
    /// or a winning point (which can only lie on the move's lines, within
    /// a five's reach of it).
    pub fn threats(&mut self, c: u8) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for (x, y) in self.empties() {
            if !self.near_own(x, y, c) {
                continue;
            }
            self.set(x, y, c);
            let threat = self.fives_through(x, y, c) > 0
                || self
                    .line_points(x, y, 6)
                    .into_iter()
                    .any(|(a, b)| self.wins_at(a, b, c));
            self.set(x, y, 0);
            if threat {
                out.push((x, y));
            }
        }
        out
    }

    /// True when `c`, to move, wins by threats within `depth` own threats
    /// against the defender `def`.
    pub fn attack(&mut self, c: u8, depth: u8, def: Defender) -> bool {
        let opp = 3 - c;
        if !self.fives(c).is_empty() {
            return true;
        }
        let theirs = self.fives(opp);
        if theirs.len() >= 2 {
            return false;
        }
        if let [(x, y)] = theirs[..] {
            self.set(x, y, c);
            let r = self.defend(c, depth, def);
            self.set(x, y, 0);
            return r;
        }
        if depth == 0 {
            return false;
        }
        let key = (self.cells.clone(), depth);
        if self.failed.contains_key(&key) {
            return false;
        }
        if !self.winning_points(c).is_empty() {
            return true;
        }
        for (x, y) in self.threats(c) {
            self.nodes += 1;
            self.set(x, y, c);
            let r = self.defend(c, depth - 1, def);
            self.set(x, y, 0);
            if r {
                return true;
            }
        }
        self.failed.insert(key, ());
        false
    }

    /// True when the attacker `c` wins whatever the defender, to move,
    /// plays.
    pub fn defend(&mut self, c: u8, depth: u8, def: Defender) -> bool {
        let opp = 3 - c;
        if !self.fives(opp).is_empty() {
            return false;
        }
        let mine = self.fives(c);
        if mine.len() >= 2 {
            return true;
        }
        if let [(x, y)] = mine[..] {
            self.set(x, y, opp);
            let r = self.attack(c, depth, def);
            self.set(x, y, 0);
            return r;
        }
        let wins = self.winning_points(c);
        if wins.is_empty() {
            return false;
        }
        for (x, y) in self.empties() {
            if !def.outer_blocks && !wins.contains(&(x, y)) {
                continue;
            }
            self.set(x, y, opp);
            let four = self.fives_through(x, y, opp) > 0;
            let stops = wins
                .iter()
                .all(|&(a, b)| (a, b) == (x, y) || !self.wins_at(a, b, c));
            let tried = stops || (four && def.counter_fours);
            let holds = tried && !self.attack(c, depth, def);
            self.set(x, y, 0);
            if holds {
                return false;
            }
        }
        true
    }

    /// True when `c`, to move, wins by continuous fours alone within
    /// `depth` fours.
    pub fn vcf(&mut self, c: u8, depth: u8) -> bool {
        let opp = 3 - c;
        if !self.fives(c).is_empty() {
            return true;
        }
        let theirs = self.fives(opp);
        if theirs.len() >= 2 || depth == 0 {
            return false;
        }
        let key = (self.cells.clone(), c);
        if self.vcf_failed.get(&key).is_some_and(|&d| d >= depth) {
            return false;
        }
        for (x, y) in self.empties() {
            if !theirs.is_empty() && theirs[0] != (x, y) {
                continue;
            }
            self.set(x, y, c);
            let mine = self.fives_through(x, y, c);
            let r = if mine >= 2 {
                true
            } else if mine == 1 {
                let (a, b) = self.fives(c)[0];
                self.set(a, b, opp);
                let r = self.vcf(c, depth - 1);
                self.set(a, b, 0);
                r
            } else {
                false
            };
            self.set(x, y, 0);
            if r {
                return true;
            }
        }
        self.vcf_failed.insert(key, depth);
        false
    }

    /// Empty points within `dist` (in both coordinates) of a stone.
    #[allow(dead_code)] // Only tests/lost_games.rs asks for it.
    pub fn near(&self, dist: i32) -> Vec<(i32, i32)> {
        self.empties()
            .into_iter()
            .filter(|&(x, y)| {
                (-dist..=dist)
                    .any(|dy| (-dist..=dist).any(|dx| matches!(self.at(x + dx, y + dy), 1 | 2)))
            })
            .collect()
    }

    /// Like [`Grid::attack`] with no depth limit, but the attacker tries
    /// only the move `hint` proposes (a solver's choice); every defence is
    /// still tried. True means a checked proof; false proves nothing.
    pub fn prove(&mut self, c: u8, hint: &mut Hint<'_>) -> bool {
        let opp = 3 - c;
        if !self.fives(c).is_empty() {
            return true;
        }
        let theirs = self.fives(opp);
        if theirs.len() >= 2 {
            return false;
        }
        if let [(x, y)] = theirs[..] {
            self.set(x, y, c);
            let r = self.prove_defence(c, hint);
            self.set(x, y, 0);
            return r;
        }
        if !self.winning_points(c).is_empty() {
            return true;
        }
        let Some((x, y)) = hint(self, c) else {
            return false;
        };
        self.set(x, y, c);
        let r = self.prove_defence(c, hint);
        self.set(x, y, 0);
        r
    }

    /// The defender's side of [`Grid::prove`], the defender to move: every
    /// point of the board is tried.
    pub fn prove_defence(&mut self, c: u8, hint: &mut Hint<'_>) -> bool {
        let opp = 3 - c;
        if !self.fives(opp).is_empty() {
            return false;
        }
        let mine = self.fives(c);
        if mine.len() >= 2 {
            return true;
        }
        if let [(x, y)] = mine[..] {
            self.set(x, y, opp);
            let r = self.prove(c, hint);
            self.set(x, y, 0);
            return r;
        }
        let wins = self.winning_points(c);
        if wins.is_empty() {
            return false;
        }
        for (x, y) in self.empties() {
            self.set(x, y, opp);
            let four = self.fives_through(x, y, opp) > 0;
            let stops = wins
                .iter()
                .all(|&(a, b)| (a, b) == (x, y) || !self.wins_at(a, b, c));
            let holds = (stops || four) && !self.prove(c, hint);
            self.set(x, y, 0);
            if holds {
                return false;
            }
        }
        true
    }
}
