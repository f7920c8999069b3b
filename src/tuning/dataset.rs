//! The training data file: whole games, each with the search score of
//! every position in it, in a compact binary form.
//!
//! A file is the magic line `GKTUNE1\n` followed by games, so files made
//! by separate runs can simply be concatenated. One game is
//!
//! ```text
//! size: u8   rule: u8 (0 freestyle, 1 standard, 2 renju)
//! outcome: u8 (0 draw, 1 Black won, 2 White won)   moves: u16
//! moves × point: u16 (y · size + x)
//! moves × score: i16 (the side to move's score before that move)
//! ```
//!
//! little-endian, about four bytes a position. A score is the search's
//! view in evaluation units, [`SCORE_NONE`] when no search was run (games
//! read from match records), or [`SCORE_WIN`] / [`SCORE_LOSS`] for a proof.

use crate::engine::Score;
use crate::rules::{Point, Rule, Stone, MAX_SIZE, MIN_SIZE};
use std::fmt;
use std::io::{self, Read, Write};

/// First bytes of every data file.
pub const MAGIC: &[u8] = b"GKTUNE1\n";
/// Score of a position nobody searched.
pub const SCORE_NONE: i16 = i16::MIN;
/// Score of a position the search proved won for the side to move.
pub const SCORE_WIN: i16 = i16::MAX;
/// Score of a position the search proved lost for the side to move.
pub const SCORE_LOSS: i16 = -i16::MAX;
/// Largest plain score kept; larger ones are clipped to it (they are far
/// beyond any win chance that still needs telling apart).
pub const SCORE_CLIP: i16 = 30_000;

/// One finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// Board side.
    pub size: u8,
    /// The rule it was played under.
    pub rule: Rule,
    /// The winner, or `None` for a draw.
    pub winner: Option<Stone>,
    /// The moves, Black first.
    pub moves: Vec<Point>,
    /// Per move: the score of the position before it for the side to
    /// move, as stored (see [`stored_score`]).
    pub scores: Vec<i16>,
}

/// An engine score as it is stored.
#[must_use]
pub fn stored_score(score: Score) -> i16 {
    if score.0 >= Score::MATE_BOUND {
        SCORE_WIN
    } else if score.0 <= -Score::MATE_BOUND {
        SCORE_LOSS
    } else {
        score.0.clamp(-i32::from(SCORE_CLIP), i32::from(SCORE_CLIP)) as i16
    }
}

/// Why a data file could not be read.
#[derive(Debug)]
pub enum DatasetError {
    /// The file could not be read.
    Io(io::Error),
    /// The file does not start with [`MAGIC`].
    NotADataFile,
    /// Game number `game` (0-based) is malformed: `what`.
    Corrupt {
        /// Index of the bad game.
        game: usize,
        /// What is wrong with it.
        what: &'static str,
    },
}

impl fmt::Display for DatasetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DatasetError::Io(e) => write!(f, "cannot read the data: {e}"),
            DatasetError::NotADataFile => {
                write!(
                    f,
                    "not a training data file (it does not start with GKTUNE1)"
                )
            }
            DatasetError::Corrupt { game, what } => {
                write!(f, "game {} of the data file is corrupt: {what}", game + 1)
            }
        }
    }
}

impl std::error::Error for DatasetError {}

impl From<io::Error> for DatasetError {
    fn from(e: io::Error) -> Self {
        DatasetError::Io(e)
    }
}

fn rule_code(rule: Rule) -> u8 {
    match rule {
        Rule::Freestyle => 0,
        Rule::Standard => 1,
        Rule::Renju => 2,
    }
}

/// Writes the file's magic line; call once before the first game.
///
/// # Errors
/// The writer's error.
pub fn write_header(out: &mut impl Write) -> io::Result<()> {
    out.write_all(MAGIC)
}

/// Appends one game.
///
/// # Errors
/// The writer's error.
///
/// # Panics
/// When `scores` and `moves` differ in length or a game has more moves
/// than a `u16` counts (no board is that big).
pub fn write_game(out: &mut impl Write, game: &GameRecord) -> io::Result<()> {
    assert_eq!(game.moves.len(), game.scores.len(), "one score per move");
    let n = u16::try_from(game.moves.len()).expect("a game fits in u16 moves");
    let outcome = match game.winner {
        None => 0u8,
        Some(Stone::Black) => 1,
        Some(Stone::White) => 2,
    };
    let mut buf = Vec::with_capacity(5 + 4 * game.moves.len());
    buf.extend_from_slice(&[game.size, rule_code(game.rule), outcome]);
    buf.extend_from_slice(&n.to_le_bytes());
    for p in &game.moves {
        let index = u16::from(p.y) * u16::from(game.size) + u16::from(p.x);
        buf.extend_from_slice(&index.to_le_bytes());
    }
    for s in &game.scores {
        buf.extend_from_slice(&s.to_le_bytes());
    }
    out.write_all(&buf)
}

/// Reads every game of a data file.
///
/// # Errors
/// [`DatasetError`]: an unreadable file, a missing magic line, or the
/// first malformed game (a bad size, rule, outcome, a point off the board
/// or a file that ends inside a game). Nothing is returned from a file
/// that has an error.
pub fn read_games(input: &mut impl Read) -> Result<Vec<GameRecord>, DatasetError> {
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    let Some(mut rest) = bytes.strip_prefix(MAGIC) else {
        return Err(DatasetError::NotADataFile);
    };
    let mut games = Vec::new();
    while !rest.is_empty() {
        let index = games.len();
        let corrupt = |what| DatasetError::Corrupt { game: index, what };
        if rest.len() < 5 {
            return Err(corrupt("the file ends inside its header"));
        }
        let (size, rule, outcome) = (rest[0], rest[1], rest[2]);
        let n = usize::from(u16::from_le_bytes([rest[3], rest[4]]));
        rest = &rest[5..];
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(corrupt("the board size is out of range"));
        }
        let rule = match rule {
            0 => Rule::Freestyle,
            1 => Rule::Standard,
            2 => Rule::Renju,
            _ => return Err(corrupt("unknown rule code")),
        };
        let winner = match outcome {
            0 => None,
            1 => Some(Stone::Black),
            2 => Some(Stone::White),
            _ => return Err(corrupt("unknown outcome code")),
        };
        if rest.len() < 4 * n {
            return Err(corrupt("the file ends inside its moves"));
        }
        let mut moves = Vec::with_capacity(n);
        for i in 0..n {
            let v = u16::from_le_bytes([rest[2 * i], rest[2 * i + 1]]);
            let (x, y) = (v % u16::from(size), v / u16::from(size));
            if y >= u16::from(size) {
                return Err(corrupt("a move is off the board"));
            }
            moves.push(Point::new(x as u8, y as u8));
        }
        let scores = (0..n)
            .map(|i| i16::from_le_bytes([rest[2 * n + 2 * i], rest[2 * n + 2 * i + 1]]))
            .collect();
        rest = &rest[4 * n..];
        games.push(GameRecord {
            size,
            rule,
            winner,
            moves,
            scores,
        });
    }
    Ok(games)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<GameRecord> {
        vec![
            GameRecord {
                size: 15,
                rule: Rule::Freestyle,
                winner: Some(Stone::White),
                moves: vec![Point::new(7, 7), Point::new(8, 8), Point::new(14, 14)],
                scores: vec![12, SCORE_NONE, SCORE_LOSS],
            },
            GameRecord {
                size: 20,
                rule: Rule::Renju,
                winner: None,
                moves: vec![Point::new(19, 19)],
                scores: vec![SCORE_WIN],
            },
        ]
    }

    #[test]
    fn games_survive_a_round_trip() {
        let mut buf = Vec::new();
        write_header(&mut buf).unwrap();
        for g in sample() {
            write_game(&mut buf, &g).unwrap();
        }
        assert_eq!(buf.len(), MAGIC.len() + 5 + 12 + 5 + 4);
        assert_eq!(read_games(&mut buf.as_slice()).unwrap(), sample());
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let mut buf = Vec::new();
        write_header(&mut buf).unwrap();
        write_game(&mut buf, &sample()[0]).unwrap();
        let cut = &buf[..buf.len() - 1];
        let e = read_games(&mut &cut[..]).unwrap_err();
        assert!(e.to_string().contains("game 1"), "{e}");
        assert!(matches!(
            read_games(&mut &b"GKTUNE2\n"[..]),
            Err(DatasetError::NotADataFile)
        ));
        let mut bad = buf.clone();
        bad[MAGIC.len() + 1] = 9;
        assert!(read_games(&mut bad.as_slice())
            .unwrap_err()
            .to_string()
            .contains("rule"));
    }

    #[test]
    fn mates_and_large_scores_are_stored_as_marks() {
        assert_eq!(stored_score(Score::win_in(3)), SCORE_WIN);
        assert_eq!(stored_score(Score::loss_in(2)), SCORE_LOSS);
        assert_eq!(stored_score(Score(-123)), -123);
        assert_eq!(stored_score(Score(90_000)), SCORE_CLIP);
    }
}
