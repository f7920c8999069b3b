//! Renju: the points where Black may not play.
//!
//! Under the RIF Renju rules Black (the first player, who has a large
//! advantage in free Gomoku) wins only with exactly five and may not play a
//! move that makes an overline (six or more), two fours at once or two
//! open threes at once. White has no restrictions. A move that makes exactly
//! five is never forbidden, whatever else it makes.
//!
//! The definitions used here, all about Black's stones in one line:
//! - **five**: exactly five in a row;
//! - **four**: stones to which one more stone (at a *five point*) gives
//!   exactly five. A straight four (`.XXXX.`) has two five points but is one
//!   four; `X.XXX.X` and `XX.XX.XX` are two fours in one line;
//! - **three**: stones to which one more stone gives a straight four. It is
//!   a *real* three only if at least one such stone could be legally played,
//!   i.e. is not itself forbidden; this is checked recursively, since that
//!   point may depend on further threes;
//! - a move **forms** a shape when the new stone is part of it: a four that
//!   was already on the board elsewhere on the line does not count.
//!
//! Only the four lines through the point, five points either way, are
//! read. Each such window (ten cells of three states around the new stone)
//! is looked up in a table of every window's shape, built once on first
//! use, and the recursion only starts when at least two lines hold a three
//! candidate, so the common case costs 44 cell reads and four look-ups.

use super::{Board, Direction, Point, Stone, DIRECTIONS};
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use thiserror::Error;

/// How many nested "is the point that turns this three into a straight four
/// itself forbidden?" questions are asked before a three is taken as real
/// without asking further. Each level adds a stone and needs two more three
/// candidates through the new point, so real games rarely go past two or
/// three levels; the bound keeps contrived positions from exploding.
pub const MAX_DEPTH: usize = 6;

/// Why Black may not play a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error, Serialize, Deserialize)]
pub enum Forbidden {
    /// The move makes two or more real threes in different lines.
    #[error("forbidden for Black: double three")]
    DoubleThree,
    /// The move makes two or more fours, in different lines or in one.
    #[error("forbidden for Black: double four")]
    DoubleFour,
    /// The move makes six or more in a row.
    #[error("forbidden for Black: overline")]
    Overline,
}

impl Forbidden {
    /// A short lower-case name, e.g. `double three`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Forbidden::DoubleThree => "double three",
            Forbidden::DoubleFour => "double four",
            Forbidden::Overline => "overline",
        }
    }
}

/// Whether Black playing on the empty point `p` is forbidden, and why.
///
/// Returns `None` when the move is allowed, including every move that makes
/// exactly five, and also when `p` is off the board or occupied (there is
/// nothing to forbid there; the caller refuses such moves anyway).
/// The board is read as it is: whose turn it is does not matter.
#[must_use]
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if !board.is_empty_at(p) {
        return None;
    }
    let mut view = View::new(board);
    view.judge(p, 0)
}

/// True when Black playing on the empty point `p` makes exactly five in
/// some line: the move wins under Renju and is never forbidden. False when
/// `p` is off the board or occupied.
#[must_use]
pub fn is_black_five(board: &Board, p: Point) -> bool {
    board.is_empty_at(p) && shapes_at(&View::new(board), p).contains(&Shape::Five)
}

/// True when Black playing on the empty point `p` makes six or more in a
/// row in some line, whether or not it also makes five elsewhere (use
/// [`forbidden`] for the verdict). False when `p` is off the board or
/// occupied.
#[must_use]
pub fn is_black_overline(board: &Board, p: Point) -> bool {
    board.is_empty_at(p) && shapes_at(&View::new(board), p).contains(&Shape::Overline)
}

/// Every empty point where Black may not play, with the reason, row by row
/// from the top: what a board view marks for the player.
#[must_use]
pub fn forbidden_points(board: &Board) -> Vec<(Point, Forbidden)> {
    let mut view = View::new(board);
    board
        .points()
        .filter(|p| board.is_empty_at(*p))
        .filter_map(|p| view.judge(p, 0).map(|f| (p, f)))
        .collect()
}

/// A cell as the line analysis sees it.
const EMPTY: u8 = 0;
/// A Black stone, real or assumed.
const BLACK: u8 = 1;
/// A White stone or the board's edge: both end a Black line.
const WALL: u8 = 2;
/// Cells read on each side of the point: enough to tell five from six for
/// every five through the point.
const REACH: usize = 5;
/// Cells in one line window.
const WIDTH: usize = 2 * REACH + 1;
/// Index of the point itself in a window.
const MID: usize = REACH;

/// What the new stone makes in one line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Nothing that matters for the verdict.
    Nothing,
    /// Exactly five.
    Five,
    /// Six or more.
    Overline,
    /// This many distinct fours (1 or 2) containing the new stone.
    Fours(u8),
    /// A three candidate: bit `i` is set for each window index `i` where
    /// one more stone makes a straight four containing the new stone.
    Three(u16),
}

/// The board plus Black stones assumed during the recursion.
struct View<'a> {
    board: &'a Board,
    assumed: [Point; MAX_DEPTH + 1],
    len: usize,
}

impl<'a> View<'a> {
    fn new(board: &'a Board) -> View<'a> {
        View {
            board,
            assumed: [Point::new(0, 0); MAX_DEPTH + 1],
            len: 0,
        }
    }

    fn cell(&self, x: i32, y: i32) -> u8 {
        let size = i32::from(self.board.size());
        if !(0..size).contains(&x) || !(0..size).contains(&y) {
            return WALL;
        }
        let q = Point::new(x as u8, y as u8);
        match self.board.get(q) {
            Some(Stone::Black) => BLACK,
            Some(Stone::White) => WALL,
            None if self.assumed[..self.len].contains(&q) => BLACK,
            None => EMPTY,
        }
    }

    /// The window along `dir` centred on `p` as a table index: the cells
    /// other than `p` itself as base-3 digits, index 0 lowest.
    fn window_code(&self, p: Point, dir: Direction) -> usize {
        let mut code = 0;
        for i in (0..WIDTH).rev().filter(|&i| i != MID) {
            let k = i as i32 - MID as i32;
            let c = self.cell(i32::from(p.x) + dir.dx * k, i32::from(p.y) + dir.dy * k);
            code = code * 3 + usize::from(c);
        }
        code
    }

    /// The verdict for Black on the empty point `p`, asking at most
    /// `MAX_DEPTH - depth` further levels about three candidates.
    fn judge(&mut self, p: Point, depth: usize) -> Option<Forbidden> {
        let shapes = shapes_at(self, p);
        if shapes.contains(&Shape::Five) {
            return None;
        }
        if shapes.contains(&Shape::Overline) {
            return Some(Forbidden::Overline);
        }
        let fours: u8 = shapes
            .iter()
            .map(|s| match s {
                Shape::Fours(n) => *n,
                _ => 0,
            })
            .sum();
        if fours >= 2 {
            return Some(Forbidden::DoubleFour);
        }
        let mut threes = [(DIRECTIONS[0], 0u16); 4];
        let mut n = 0;
        for (dir, shape) in DIRECTIONS.iter().zip(shapes) {
            if let Shape::Three(mask) = shape {
                threes[n] = (*dir, mask);
                n += 1;
            }
        }
        if n < 2 {
            return None;
        }
        if depth >= MAX_DEPTH {
            // Out of budget: take every candidate as a real three.
            return Some(Forbidden::DoubleThree);
        }
        self.assumed[self.len] = p;
        self.len += 1;
        let mut real = 0;
        for (i, &(dir, mask)) in threes[..n].iter().enumerate() {
            if real + (n - i) < 2 {
                break;
            }
            if self.three_is_real(p, dir, mask, depth) {
                real += 1;
                if real == 2 {
                    break;
                }
            }
        }
        self.len -= 1;
        (real >= 2).then_some(Forbidden::DoubleThree)
    }

    /// True when some point in `mask` (window indices along `dir` around
    /// `p`, which is assumed played) makes the straight four and may itself
    /// be played.
    fn three_is_real(&mut self, p: Point, dir: Direction, mask: u16, depth: usize) -> bool {
        let size = self.board.size();
        (0..WIDTH).filter(|i| mask & (1 << i) != 0).any(|i| {
            p.step(dir, i as i32 - MID as i32, size)
                .is_some_and(|q| self.judge(q, depth + 1).is_none())
        })
    }
}

/// What a Black stone on `p` makes in each of the four lines.
fn shapes_at(view: &View<'_>, p: Point) -> [Shape; 4] {
    let table = shape_table();
    DIRECTIONS.map(|dir| Shape::unpack(table[view.window_code(p, dir)]))
}

/// Number of distinct windows: ten cells of three states each.
const WINDOWS: usize = 59_049;

/// The packed shape of every window, indexed by [`View::window_code`].
fn shape_table() -> &'static [u8] {
    static TABLE: OnceLock<Box<[u8]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        (0..WINDOWS)
            .map(|code| line_shape(&window_of(code)).pack())
            .collect()
    })
}

/// The window whose code is `code`, with the new stone at `MID`.
fn window_of(mut code: usize) -> [u8; WIDTH] {
    let mut w = [BLACK; WIDTH];
    for (i, c) in w.iter_mut().enumerate() {
        if i != MID {
            *c = (code % 3) as u8;
            code /= 3;
        }
    }
    w
}

impl Shape {
    /// One byte: 0 to 4 for the simple shapes, or the high bit plus the
    /// three's mask shifted down (its bits lie between `MID - 3` and
    /// `MID + 3`, seven bits).
    fn pack(self) -> u8 {
        match self {
            Shape::Nothing => 0,
            Shape::Five => 1,
            Shape::Overline => 2,
            Shape::Fours(1) => 3,
            Shape::Fours(_) => 4,
            Shape::Three(mask) => 0x80 | (mask >> (MID - 3)) as u8,
        }
    }

    /// The inverse of [`Shape::pack`].
    fn unpack(byte: u8) -> Shape {
        match byte {
            0 => Shape::Nothing,
            1 => Shape::Five,
            2 => Shape::Overline,
            3 => Shape::Fours(1),
            4 => Shape::Fours(2),
            _ => Shape::Three(u16::from(byte & 0x7f) << (MID - 3)),
        }
    }
}

/// The inclusive bounds of the run of Black stones through index `i`.
fn run(w: &[u8; WIDTH], i: usize) -> (usize, usize) {
    let mut lo = i;
    while lo > 0 && w[lo - 1] == BLACK {
        lo -= 1;
    }
    let mut hi = i;
    while hi + 1 < WIDTH && w[hi + 1] == BLACK {
        hi += 1;
    }
    (lo, hi)
}

/// The shape the stone at `MID` makes in its window `w`.
fn line_shape(w: &[u8; WIDTH]) -> Shape {
    let (lo, hi) = run(w, MID);
    match hi - lo + 1 {
        5 => return Shape::Five,
        6.. => return Shape::Overline,
        _ => {}
    }
    // A five through MID lies within MID ± 4, so its neighbours lie inside
    // the window and "exactly five" is decided correctly.
    let mut fours = [0u16; 2];
    let mut n = 0;
    for q in 1..WIDTH - 1 {
        if w[q] != EMPTY {
            continue;
        }
        let mut v = *w;
        v[q] = BLACK;
        let (lo, hi) = run(&v, q);
        if hi - lo + 1 == 5 && (lo..=hi).contains(&MID) {
            // The four is the five's stones other than q: two five points
            // share a four exactly when they complete the same stones.
            let stones = (((1u16 << (hi + 1)) - 1) & !((1u16 << lo) - 1)) & !(1 << q);
            if !fours[..n].contains(&stones) {
                fours[n] = stones;
                n += 1;
                if n == 2 {
                    break;
                }
            }
        }
    }
    if n > 0 {
        return Shape::Fours(n as u8);
    }
    let mut mask = 0u16;
    for r in MID - 3..=MID + 3 {
        if w[r] == EMPTY {
            let mut v = *w;
            v[r] = BLACK;
            if straight_four_through(&v, r) {
                mask |= 1 << r;
            }
        }
    }
    if mask != 0 {
        Shape::Three(mask)
    } else {
        Shape::Nothing
    }
}

/// True when `w` holds a straight four (four in a row, both ends empty and
/// each giving exactly five) that contains both `MID` and `r`.
fn straight_four_through(w: &[u8; WIDTH], r: usize) -> bool {
    // The four occupies a..=a+3 and must contain MID and r; a ≥ 2 and
    // a + 5 ≤ 10 keep every cell read inside the window.
    let first = MID.saturating_sub(3).max(r.saturating_sub(3));
    let last = MID.min(r);
    (first..=last).any(|a| {
        w[a..a + 4].iter().all(|&c| c == BLACK)
            && w[a - 1] == EMPTY
            && w[a + 4] == EMPTY
            && w[a - 2] != BLACK
            && w[a + 5] != BLACK
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn window(s: &str) -> [u8; WIDTH] {
        let mut w = [WALL; WIDTH];
        for (c, ch) in w.iter_mut().zip(s.chars()) {
            *c = match ch {
                'X' => BLACK,
                '.' => EMPTY,
                _ => WALL,
            };
        }
        w
    }

    #[test]
    fn the_table_agrees_with_the_definition_for_every_window() {
        let table = shape_table();
        for (code, &packed) in table.iter().enumerate() {
            let w = window_of(code);
            assert_eq!(Shape::unpack(packed), line_shape(&w), "{w:?}");
        }
    }

    #[test]
    fn window_codes_read_the_board_in_order() {
        let board = crate::rules::parse_ascii(
            &[
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "O.X..*.X.......",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
                "...............",
            ]
            .join("\n")
            .replace('*', "."),
        )
        .expect("diagram parses");
        let view = View::new(&board);
        let code = view.window_code(Point::new(5, 7), DIRECTIONS[0]);
        assert_eq!(window_of(code), window("O.X..X.X..."));
        // Off the board counts as a wall, like White.
        let code = view.window_code(Point::new(1, 7), DIRECTIONS[0]);
        assert_eq!(window_of(code), window("OOOOOXX...."));
    }

    #[test]
    fn line_shapes_of_single_windows() {
        // The stone under test is always index 5.
        assert_eq!(line_shape(&window("O.XXXXX.OOO")), Shape::Five);
        assert_eq!(line_shape(&window("..XXXXXX...")), Shape::Overline);
        assert_eq!(line_shape(&window("O..XXXX.OOO")), Shape::Fours(1));
        assert_eq!(line_shape(&window("...XXXX....")), Shape::Fours(1));
        assert_eq!(line_shape(&window("..X.XXX.X..")), Shape::Fours(2));
        assert_eq!(line_shape(&window("..XX.XX.XX.")), Shape::Fours(2));
        // Both gaps would give six, not five: no four, and no three either.
        assert_eq!(line_shape(&window("X.XXXX.X...")), Shape::Nothing);
        assert_eq!(
            line_shape(&window("....XXX....")),
            Shape::Three((1 << 3) | (1 << 7))
        );
        assert_eq!(line_shape(&window("OOO.XXX.OOO")), Shape::Nothing);
        assert_eq!(line_shape(&window("...X.XX....")), Shape::Three(1 << 4));
    }
}
