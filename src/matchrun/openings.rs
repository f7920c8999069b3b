//! Opening lists: one position string a line, `#` comments, checked on
//! load so a bad opening is reported with its line number instead of
//! spoiling a match.

use crate::rules::{parse_moves, GameModel, GameSettings, Point, Rule};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use thiserror::Error;

/// The project's first 24 balanced 15 × 15 freestyle openings: a quick
/// smoke set for short matches and tests.
pub const FREESTYLE15: &str = include_str!("../../assets/openings/freestyle15.txt");

/// The balanced 15 × 15 freestyle set, made by [`super::opening_gen`]
/// with a depth-13 search (the file says how): the set matches use.
pub const FREESTYLE15_BALANCED: &str =
    include_str!("../../assets/openings/freestyle15-balanced.txt");

/// The wide 15 × 15 freestyle set: the first large set, judged by a
/// depth-8 search only, so many of its openings favour one side clearly.
/// Puzzles and training data are made from it (variety matters more
/// there than balance, and it keeps the shipped ones reproducible);
/// `--openings wide` replays matches measured on it before.
pub const FREESTYLE15_WIDE: &str = include_str!("../../assets/openings/freestyle15-wide.txt");

/// The large balanced 15 × 15 Renju set, made by [`super::opening_gen`].
pub const RENJU15_BALANCED: &str = include_str!("../../assets/openings/renju15-balanced.txt");

/// The names of the built-in lists, for tools that take either a name or
/// a file: [`openings_builtin`] knows each of them for some board and rule.
pub const BUILTIN_SETS: [&str; 3] = ["smoke", "balanced", "wide"];

/// A built-in list by name (one of [`BUILTIN_SETS`]) for a board and rule,
/// with a phrase naming it; `None` where the project has no such list.
/// Exactly-five games use the freestyle lists: the openings are too short
/// for the difference to matter.
#[must_use]
pub fn openings_builtin(name: &str, size: u8, rule: Rule) -> Option<(Vec<Opening>, String)> {
    if size != 15 {
        return None;
    }
    let text = match (name, rule) {
        ("smoke", Rule::Freestyle | Rule::Standard) => FREESTYLE15,
        ("balanced", Rule::Freestyle | Rule::Standard) => FREESTYLE15_BALANCED,
        ("wide", Rule::Freestyle | Rule::Standard) => FREESTYLE15_WIDE,
        ("balanced", Rule::Renju) => RENJU15_BALANCED,
        _ => return None,
    };
    let list = parse_openings(text, size, rule).ok()?;
    Some((list, format!("the built-in {name} set")))
}

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
    let settings = GameSettings { size, rule };
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

/// Puts the openings in an order drawn from `seed`, so that a match uses
/// each once before any repeats and two runs with one seed agree.
pub fn shuffle_openings(openings: &mut [Opening], seed: u64) {
    let mut rng = rand::rngs::Xoshiro256PlusPlus::seed_from_u64(seed);
    openings.shuffle(&mut rng);
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
    fn the_balanced_sets_are_large_distinct_and_legal() {
        for (text, rule, least) in [
            (FREESTYLE15_BALANCED, Rule::Freestyle, 200),
            (FREESTYLE15_WIDE, Rule::Freestyle, 500),
            (RENJU15_BALANCED, Rule::Renju, 200),
        ] {
            let list = parse_openings(text, 15, rule).unwrap();
            assert!(list.len() >= least, "{rule}: {}", list.len());
            let mut texts: Vec<&str> = list.iter().map(|o| o.text.as_str()).collect();
            texts.sort_unstable();
            texts.dedup();
            assert_eq!(texts.len(), list.len(), "{rule}: duplicate openings");
            assert!(text.contains("# Made by the project's own generator"));
        }
        assert!(openings_builtin("balanced", 15, Rule::Standard).is_some());
        // Every name a tool offers is a list; an unknown name is none.
        for name in BUILTIN_SETS {
            assert!(
                openings_builtin(name, 15, Rule::Freestyle).is_some(),
                "{name}"
            );
        }
        assert!(openings_builtin("narrow", 15, Rule::Freestyle).is_none());
        assert!(openings_builtin("wide", 15, Rule::Freestyle).is_some());
        assert!(openings_builtin("wide", 15, Rule::Renju).is_none());
        assert!(openings_builtin("smoke", 15, Rule::Renju).is_none());
        assert!(openings_builtin("balanced", 20, Rule::Freestyle).is_none());
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let e = parse_openings("# c\nh8i9\nh8h8\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(e.line, 3);
        let e = parse_openings("z99\n", 15, Rule::Freestyle).unwrap_err();
        assert_eq!(e.line, 1);
    }

    #[test]
    fn shuffles_are_seeded_permutations() {
        let list = parse_openings(FREESTYLE15, 15, Rule::Freestyle).unwrap();
        let (mut a, mut b, mut c) = (list.clone(), list.clone(), list.clone());
        shuffle_openings(&mut a, 7);
        shuffle_openings(&mut b, 7);
        shuffle_openings(&mut c, 8);
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_ne!(a, list);
        a.sort_by(|x, y| x.text.cmp(&y.text));
        let mut sorted = list;
        sorted.sort_by(|x, y| x.text.cmp(&y.text));
        assert_eq!(a, sorted);
    }

    #[test]
    fn comments_and_blank_lines_are_skipped() {
        let list = parse_openings("\n# x\nh8i9 # a note\n", 15, Rule::Freestyle).unwrap();
        assert_eq!(list.len(), 1);
        assert_eq!(list[0].text, "h8i9");
    }
}
