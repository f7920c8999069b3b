//! The baseline's own board: a flat array with make/unmake, the windows of
//! five it scores, and its win test. Independent of the main engine so the
//! baseline stays a fixed yardstick while the engine changes.

use crate::rules::{Board, Point, Rule, Stone};

/// An empty cell.
pub const EMPTY: u8 = 0;

/// Cell code of a stone: 1 for Black, 2 for White.
#[must_use]
pub fn code(stone: Stone) -> u8 {
    match stone {
        Stone::Black => 1,
        Stone::White => 2,
    }
}

/// The four line steps (right, down, down-right, up-right) as `(dx, dy)`.
const STEPS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A square board of cell codes, with every window of five cells listed
/// once so the evaluation is a plain loop.
#[derive(Debug, Clone)]
pub struct Grid {
    /// Board side.
    pub size: usize,
    /// Cell codes, row by row.
    pub cells: Vec<u8>,
    /// Every run of five consecutive cells along a line, as cell indices.
    pub windows: Vec<[u16; 5]>,
    /// For each cell, the indices into `windows` of the windows holding it.
    pub windows_of: Vec<Vec<u32>>,
    /// Which lines win.
    pub rule: Rule,
    /// Stones on the board.
    pub stones: usize,
}

impl Grid {
    /// The grid of a rules board.
    #[must_use]
    pub fn from_board(board: &Board, rule: Rule) -> Grid {
        let size = usize::from(board.size());
        let mut cells = vec![EMPTY; size * size];
        for (p, s) in board.stones() {
            cells[usize::from(p.y) * size + usize::from(p.x)] = code(s);
        }
        let mut windows = Vec::new();
        let n = size as i32;
        for y in 0..n {
            for x in 0..n {
                for (dx, dy) in STEPS {
                    let (ex, ey) = (x + 4 * dx, y + 4 * dy);
                    if (0..n).contains(&ex) && (0..n).contains(&ey) {
                        let mut w = [0u16; 5];
                        for (k, slot) in w.iter_mut().enumerate() {
                            let k = k as i32;
                            *slot = ((y + k * dy) * n + (x + k * dx)) as u16;
                        }
                        windows.push(w);
                    }
                }
            }
        }
        let mut windows_of = vec![Vec::new(); size * size];
        for (i, w) in windows.iter().enumerate() {
            for &c in w {
                windows_of[usize::from(c)].push(i as u32);
            }
        }
        Grid {
            size,
            cells,
            windows,
            windows_of,
            rule,
            stones: board.stone_count(),
        }
    }

    /// The cell index of a point.
    #[must_use]
    #[cfg_attr(not(test), allow(dead_code))]
    pub fn index(&self, p: Point) -> usize {
        usize::from(p.y) * self.size + usize::from(p.x)
    }

    /// The point of a cell index.
    #[must_use]
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.size) as u8, (i / self.size) as u8)
    }

    /// Puts stone code `c` on the empty cell `i`.
    pub fn place(&mut self, i: usize, c: u8) {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.cells[i] = c;
        self.stones += 1;
    }

    /// Empties cell `i`.
    pub fn remove(&mut self, i: usize) {
        debug_assert_ne!(self.cells[i], EMPTY);
        self.cells[i] = EMPTY;
        self.stones -= 1;
    }

    /// True when the stone on cell `i` is part of a winning line.
    #[must_use]
    pub fn wins_at(&self, i: usize) -> bool {
        let c = self.cells[i];
        if c == EMPTY {
            return false;
        }
        let n = self.size as i32;
        let (x, y) = ((i % self.size) as i32, (i / self.size) as i32);
        STEPS.iter().any(|&(dx, dy)| {
            let run = |sign: i32| {
                let mut len = 0;
                let (mut cx, mut cy) = (x + sign * dx, y + sign * dy);
                while (0..n).contains(&cx)
                    && (0..n).contains(&cy)
                    && self.cells[(cy * n + cx) as usize] == c
                {
                    len += 1;
                    cx += sign * dx;
                    cy += sign * dy;
                }
                len
            };
            let stone = if c == code(Stone::Black) {
                Stone::Black
            } else {
                Stone::White
            };
            self.rule.wins_with(stone, run(-1) + run(1) + 1)
        })
    }

    /// Empty cells within two steps of a stone (the centre on an empty
    /// board): where a sensible move can be.
    #[must_use]
    pub fn neighbours(&self) -> Vec<usize> {
        if self.stones == 0 {
            return vec![(self.size / 2) * self.size + self.size / 2];
        }
        let n = self.size as i32;
        let mut near = vec![false; self.cells.len()];
        for (i, &c) in self.cells.iter().enumerate() {
            if c == EMPTY {
                continue;
            }
            let (x, y) = ((i % self.size) as i32, (i / self.size) as i32);
            for dy in -2..=2 {
                for dx in -2..=2 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..n).contains(&nx) && (0..n).contains(&ny) {
                        near[(ny * n + nx) as usize] = true;
                    }
                }
            }
        }
        (0..self.cells.len())
            .filter(|&i| near[i] && self.cells[i] == EMPTY)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_moves;

    fn grid(black: &str, rule: Rule) -> Grid {
        let mut b = Board::standard();
        for p in parse_moves(black, 15).unwrap() {
            b.place(p, Stone::Black).unwrap();
        }
        Grid::from_board(&b, rule)
    }

    #[test]
    fn windows_cover_every_line_segment_once() {
        let g = grid("", Rule::Freestyle);
        // 15 rows × 11 starts, twice (rows, columns), plus 11 × 11 twice
        // for the diagonals.
        assert_eq!(g.windows.len(), 2 * 15 * 11 + 2 * 11 * 11);
    }

    #[test]
    fn overlines_win_only_in_freestyle() {
        let free = grid("a1b1c1d1e1f1", Rule::Freestyle);
        let i = free.index(parse_moves("c1", 15).unwrap()[0]);
        assert!(free.wins_at(i));
        let std = grid("a1b1c1d1e1f1", Rule::Standard);
        assert!(!std.wins_at(i));
        let five = grid("a1b1c1d1e1", Rule::Standard);
        assert!(five.wins_at(i));
    }
}
