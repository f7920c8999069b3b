//! Opening lists: one position string a line, `#` comments, checked on
//! load so a bad opening is reported with its line number instead of
//! spoiling a match.

use crate::rules::{parse_moves, GameModel, GameSettings, Mode, Point, Rule};
use thiserror::Error;

/// The project's balanced 15 × 15 freestyle opening list.
pub const FREESTYLE15: &str = include_str!("../../assets/openings/freestyle15.txt");

/// One opening.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// As written in the file (without the comment).
    pub text: String,
    /// The stones, Black first.
    pub moves: Vec<Point>,
}

/// A line of an opening list that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("opening list line {line}: {reason}")]
pub struct OpeningError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads an opening list for a board of `size` under `rule`. Each opening
/// must be legal and must not already be won.
///
/// # Errors
/// The first bad line.
pub fn parse_openings(text: &str, size: u8, rule: Rule) -> Result<Vec<Opening>, OpeningError> {
    let settings = GameSettings {
        size,
        rule,
        mode: Mode::TwoPlayer,
    };
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let body = raw.split('#').next().unwrap_or("").trim();
        if body.is_empty() {
            continue;
        }
        let err = |reason: String| OpeningError {
            line: i + 1,
            reason,
        };
        let moves = parse_moves(body, size).map_err(|e| err(e.to_string()))?;
        let game = GameModel::from_moves(settings, &moves).map_err(|e| err(e.to_string()))?;
        if game.is_over() {
            return Err(err(format!("'{body}' is already decided")));
        }
        out.push(Opening {
            text: body.to_string(),
            moves,
        });
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_list_loads_and_is_varied() {
        let list = parse_openings(FREESTYLE15, 15, Rule::Freestyle).unwrap();
        assert!(list.len() >= 20, "{}", list.len());
        let mut texts: Vec<&str> = list.iter().map(|o| o.text.as_str()).collect();
        texts.sort_unstable();
        texts.dedup();
        assert_eq!(texts.len(), list.len(), "duplicate openings");
        for o in &list {
            assert!((2..=4).contains(&o.moves.len()), "{}", o.text);
            for p in &o.moves {
                assert!(
                    p.distance(Point::new(7, 7)) <= 3,
                    "{} strays from the centre",
                    o.text
                );
            }
        }
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let e = parse_openings("# c\nh8i9\nh8h8\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse_openings("z99\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let list = parse_openings("\n# x\nh8i9 # a note\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].text, "h8i9");
    }
}
