//! Text formats: human point names (`h8`), position strings (`h8i9j7`)
//! and ASCII board diagrams.
//!
//! Columns are letters from `a` on the left; rows are numbers from `1` at
//! the bottom, so `h8` is the centre of a 15 × 15 board.

use super::{Board, BoardError, Point, Stone};
use thiserror::Error;

/// Why a text could not be read as a point, a move list or a board.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// Text where a point name was expected.
    #[error("'{text}' is not a point name like h8 (at character {at})")]
    BadPoint {
        /// The offending text.
        text: String,
        /// Character offset (0-based) in the input.
        at: usize,
    },
    /// A point name that lies off the board.
    #[error("{name} is off the {size}x{size} board")]
    OffBoard {
        /// The point name as written.
        name: String,
        /// Board side.
        size: u8,
    },
    /// A move list that plays twice on one point.
    #[error("move {number} ({name}) is played on an occupied point")]
    Repeated {
        /// 1-based move number.
        number: usize,
        /// The point name.
        name: String,
    },
    /// An ASCII diagram that is not a square board of a supported size.
    #[error("bad board diagram: {0}")]
    BadDiagram(String),
    /// A board error while building the position.
    #[error(transparent)]
    Board(#[from] BoardError),
}

/// The human name of `p` on a board of side `size`, e.g. `h8`.
#[must_use]
pub fn point_name(p: Point, size: u8) -> String {
    let col = char::from(b'a' + p.x);
    let row = u32::from(size) - u32::from(p.y);
    format!("{col}{row}")
}

/// Reads one point name such as `h8` or `H8` (surrounding white space is
/// ignored).
///
/// # Errors
/// [`NotationError::BadPoint`] or [`NotationError::OffBoard`].
pub fn parse_point(text: &str, size: u8) -> Result<Point, NotationError> {
    let t = text.trim();
    let moves = parse_moves(t, size)?;
    match moves.as_slice() {
        [p] => Ok(*p),
        _ => Err(NotationError::BadPoint {
            text: t.to_string(),
            at: 0,
        }),
    }
}

/// Reads a position string: point names one after another (`h8i9j7`),
/// optionally separated by spaces or commas. Does not check repeats; see
/// [`crate::rules::GameModel::from_moves`] for a full validation.
///
/// # Errors
/// [`NotationError::BadPoint`] at the first character that does not start
/// a point name, [`NotationError::OffBoard`] for points off the board.
pub fn parse_moves(text: &str, size: u8) -> Result<Vec<Point>, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            i += 1;
            continue;
        }
        let start = i;
        if !c.is_ascii_alphabetic() {
            return Err(bad_point(&chars, start));
        }
        let col = u32::from(c.to_ascii_lowercase()) - u32::from('a');
        i += 1;
        let digits_start = i;
        while i < chars.len() && chars[i].is_ascii_digit() && i - digits_start < 3 {
            i += 1;
        }
        if i == digits_start {
            return Err(bad_point(&chars, start));
        }
        let name: String = chars[start..i].iter().collect();
        let row: u32 = chars[digits_start..i]
            .iter()
            .collect::<String>()
            .parse()
            .map_err(|_| bad_point(&chars, start))?;
        let s = u32::from(size);
        if col >= s || row == 0 || row > s {
            return Err(NotationError::OffBoard {
                name: name.to_ascii_lowercase(),
                size,
            });
        }
        out.push(Point::new(col as u8, (s - row) as u8));
    }
    Ok(out)
}

fn bad_point(chars: &[char], at: usize) -> NotationError {
    let text: String = chars[at..].iter().take(6).collect();
    NotationError::BadPoint { text, at }
}

/// Writes a move list as a position string, e.g. `h8i9j7`.
#[must_use]
pub fn print_moves(moves: &[Point], size: u8) -> String {
    moves.iter().map(|p| point_name(*p, size)).collect()
}

/// Draws the board as text: `X` for Black, `O` for White, `.` for empty,
/// with column letters above and below and row numbers on both sides.
/// [`parse_ascii`] reads it back.
#[must_use]
pub fn print_ascii(board: &Board) -> String {
    let size = board.size();
    let letters: String = (0..size)
        .map(|x| format!(" {}", char::from(b'a' + x)))
        .collect();
    let mut out = format!("  {letters}\n");
    for y in 0..size {
        let row = u32::from(size) - u32::from(y);
        out.push_str(&format!("{row:>2} "));
        for x in 0..size {
            out.push(match board.get(Point::new(x, y)) {
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '.',
            });
            out.push(' ');
        }
        out.push_str(&format!("{row}\n"));
    }
    out.push_str(&format!("  {letters}\n"));
    out
}

/// Reads a board diagram. Rows are lines made of `X`/`x` (Black), `O`/`o`
/// (White) and `.`, `+` or `-` (empty), with or without spaces between
/// them; row numbers at either end and letter lines are ignored. The board
/// must be square, with a supported size.
///
/// # Errors
/// [`NotationError::BadDiagram`] with the reason.
pub fn parse_ascii(text: &str) -> Result<Board, NotationError> {
    let mut rows: Vec<Vec<Option<Stone>>> = Vec::new();
    for line in text.lines() {
        let core = line
            .trim()
            .trim_matches(|c: char| c.is_ascii_digit() || c.is_whitespace());
        let cells: String = core.chars().filter(|c| !c.is_whitespace()).collect();
        if cells.len() < 5 || !cells.chars().all(|c| ".+-xXoO".contains(c)) {
            continue;
        }
        rows.push(
            cells
                .chars()
                .map(|c| match c {
                    'x' | 'X' => Some(Stone::Black),
                    'o' | 'O' => Some(Stone::White),
                    _ => None,
                })
                .collect(),
        );
    }
    let size = rows.len();
    if size == 0 {
        return Err(NotationError::BadDiagram("no board rows found".into()));
    }
    if let Some((i, r)) = rows.iter().enumerate().find(|(_, r)| r.len() != size) {
        return Err(NotationError::BadDiagram(format!(
            "row {} has {} points but the board has {size} rows",
            i + 1,
            r.len()
        )));
    }
    let mut board = Board::new(u8::try_from(size).unwrap_or(u8::MAX))
        .map_err(|e| NotationError::BadDiagram(e.to_string()))?;
    for (y, row) in rows.iter().enumerate() {
        for (x, cell) in row.iter().enumerate() {
            if let Some(s) = cell {
                board.place(Point::new(x as u8, y as u8), *s)?;
            }
        }
    }
    Ok(board)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centre_of_the_standard_board_is_h8() {
        assert_eq!(point_name(Point::new(7, 7), 15), "h8");
        assert_eq!(parse_point("h8", 15), Ok(Point::new(7, 7)));
        assert_eq!(parse_point(" H8 ", 15), Ok(Point::new(7, 7)));
        assert_eq!(point_name(Point::new(0, 0), 15), "a15");
        assert_eq!(point_name(Point::new(0, 14), 15), "a1");
        assert_eq!(point_name(Point::new(19, 0), 20), "t20");
    }

    #[test]
    fn position_strings_round_trip() {
        let moves = parse_moves("h8i9j7a1o15", 15).unwrap();
        assert_eq!(moves.len(), 5);
        assert_eq!(print_moves(&moves, 15), "h8i9j7a1o15");
        assert_eq!(parse_moves("h8 i9, j7", 15).unwrap(), moves[..3]);
        assert_eq!(parse_moves("", 15).unwrap(), vec![]);
    }

    #[test]
    fn bad_position_strings_say_where() {
        assert!(matches!(
            parse_moves("h8?9", 15),
            Err(NotationError::BadPoint { at: 2, .. })
        ));
        assert!(matches!(
            parse_moves("h8i", 15),
            Err(NotationError::BadPoint { .. })
        ));
        assert!(matches!(
            parse_moves("p1", 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_moves("a16", 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(matches!(
            parse_moves("a0", 15),
            Err(NotationError::OffBoard { .. })
        ));
        assert!(parse_moves("t20", 20).is_ok());
        assert!(parse_point("h8i9", 15).is_err());
    }

    #[test]
    fn ascii_round_trips() {
        let mut b = Board::standard();
        b.place(Point::new(7, 7), Stone::Black).unwrap();
        b.place(Point::new(8, 6), Stone::White).unwrap();
        b.place(Point::new(0, 14), Stone::Black).unwrap();
        let text = print_ascii(&b);
        assert_eq!(parse_ascii(&text).unwrap(), b);
    }

    #[test]
    fn ascii_without_labels_or_spaces() {
        let rows = ["x..............", "...............", "..............o"];
        let mut text = rows.join("\n");
        for _ in 3..15 {
            text.push_str("\n...............");
        }
        let b = parse_ascii(&text).unwrap();
        assert_eq!(b.get(Point::new(0, 0)), Some(Stone::Black));
        assert_eq!(b.get(Point::new(14, 2)), Some(Stone::White));
        assert_eq!(b.stone_count(), 2);
    }

    #[test]
    fn ragged_diagrams_are_refused() {
        let mut text = String::new();
        for _ in 0..15 {
            text.push_str("...............\n");
        }
        text.push_str("..............\n");
        assert!(matches!(
            parse_ascii(&text),
            Err(NotationError::BadDiagram(_))
        ));
        assert!(matches!(
            parse_ascii("hello"),
            Err(NotationError::BadDiagram(_))
        ));
    }
}
