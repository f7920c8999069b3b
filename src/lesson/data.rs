//! The shipped lessons and their file format.
//!
//! `assets/lessons/lessons.txt` holds every lesson in order, one line per
//! item, words by catalogue key (the sentences themselves are in both
//! catalogues):
//!
//! ```text
//! lesson rules LessonRulesTitle
//! text LessonRulesText
//! exercise five freestyle black=f8,g8,h8,i8 white=f9,g9,h10,j7 prompt=ExFive
//! exercise opening renju black=h8 white=h9 prompt=ExOpening name=D4
//! ```
//!
//! An exercise's position is its stones by colour (15 × 15); the side to
//! move follows from their numbers (as many of each: Black, one Black more:
//! White). Blank lines and lines starting with `#` are skipped.

use crate::i18n::Msg;
use crate::rules::opening::NamedOpening;
use crate::rules::{parse_point, Board, Point, Rule, Stone};
use std::fmt;

/// The lessons' board side.
pub const SIZE: u8 = 15;

/// The shipped lessons' file.
const SHIPPED: &str = include_str!("../../assets/lessons/lessons.txt");

/// What an exercise asks for; each is judged by its own rule (see
/// [`super::coach`]), so every move that does it is right.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Make five in a row.
    Five,
    /// Make a four (one move from five), open or not.
    Four,
    /// Stop the opponent's four from becoming five.
    Block,
    /// Make an open three.
    OpenThree,
    /// Stop the opponent's open three from becoming an open four.
    StopThree,
    /// Make a four-three.
    FourThree,
    /// Win by continuous fours, against the engine's defence.
    Vcf,
    /// Find a defence that holds against the opponent's forced win.
    Defend,
    /// Click one of Black's forbidden points (Renju).
    Forbidden,
    /// Place Black's third stone to make this named opening.
    Opening(NamedOpening),
}

impl Task {
    /// The task's name in the lessons file.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Task::Five => "five",
            Task::Four => "four",
            Task::Block => "block",
            Task::OpenThree => "open-three",
            Task::StopThree => "stop-three",
            Task::FourThree => "four-three",
            Task::Vcf => "vcf",
            Task::Defend => "defend",
            Task::Forbidden => "forbidden",
            Task::Opening(_) => "opening",
        }
    }

    /// True for the tasks played out against the engine's replies (the
    /// puzzle judge's kinds); the others are done in one move.
    #[must_use]
    pub fn is_played_out(self) -> bool {
        matches!(self, Task::Vcf | Task::Defend)
    }
}

/// One exercise: a position and a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Exercise {
    /// What to do.
    pub task: Task,
    /// The rule of the board.
    pub rule: Rule,
    /// The position as moves, Black first (the stones interleaved).
    pub moves: Vec<Point>,
    /// The task in words, for the side to move (its sentence takes
    /// `$side` and, for an opening, `$name`).
    pub prompt: Msg,
}

impl Exercise {
    /// The side to move: the player.
    #[must_use]
    pub fn player(&self) -> Stone {
        Stone::to_move_after(self.moves.len())
    }

    /// The board of the position.
    #[must_use]
    pub fn board(&self) -> Board {
        self.board_after(&[])
    }

    /// The board after `played` (moves since the position, legal ones).
    #[must_use]
    pub fn board_after(&self, played: &[Point]) -> Board {
        let mut moves = self.moves.clone();
        moves.extend_from_slice(played);
        board_of(&moves)
    }
}

/// One lesson.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lesson {
    /// A stable name, the key of its progress.
    pub id: String,
    /// Its title.
    pub title: Msg,
    /// Its explanation, paragraph by paragraph.
    pub text: Vec<Msg>,
    /// Its exercises, in order.
    pub exercises: Vec<Exercise>,
}

/// A line of the lessons file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong, in English (the file is the developers').
    pub why: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "lessons line {}: {}", self.line, self.why)
    }
}

impl std::error::Error for ParseError {}

/// The shipped lessons, read from the text built into the program (a test
/// reads it, so a broken file never ships; should one, no lessons show).
#[must_use]
pub fn lessons() -> Vec<Lesson> {
    parse_lessons(SHIPPED).unwrap_or_default()
}

/// Reads a lessons file.
///
/// # Errors
/// The first line that is not a lesson, a text, or an exercise with a
/// legal position, a known task, rule and catalogue key.
pub fn parse_lessons(text: &str) -> Result<Vec<Lesson>, ParseError> {
    let mut lessons: Vec<Lesson> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |why: String| ParseError { line: i + 1, why };
        let mut words = line.split_whitespace();
        let head = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        match head {
            "lesson" => {
                let [id, title] = rest[..] else {
                    return Err(err("a lesson needs an id and a title key".into()));
                };
                if lessons.iter().any(|l| l.id == id) {
                    return Err(err(format!("lesson {id} twice")));
                }
                lessons.push(Lesson {
                    id: id.to_string(),
                    title: key(title).map_err(err)?,
                    text: Vec::new(),
                    exercises: Vec::new(),
                });
            }
            "text" => {
                let lesson = lessons
                    .last_mut()
                    .ok_or_else(|| err("text before a lesson".into()))?;
                let [k] = rest[..] else {
                    return Err(err("a text line is one key".into()));
                };
                lesson.text.push(key(k).map_err(err)?);
            }
            "exercise" => {
                let ex = exercise(&rest).map_err(err)?;
                lessons
                    .last_mut()
                    .ok_or_else(|| err("an exercise before a lesson".into()))?
                    .exercises
                    .push(ex);
            }
            other => return Err(err(format!("unknown line kind {other:?}"))),
        }
    }
    Ok(lessons)
}

/// The board of `moves` (Black first) on the lessons' board; the moves
/// must be legal (those of a parsed exercise and what was played since).
#[must_use]
pub fn board_of(moves: &[Point]) -> Board {
    let mut board = Board::new(SIZE).expect("the lessons' board size");
    for (i, &m) in moves.iter().enumerate() {
        board
            .place(m, Stone::to_move_after(i))
            .expect("an exercise's stones are on empty points");
    }
    board
}

fn key(k: &str) -> Result<Msg, String> {
    Msg::from_key(k).ok_or_else(|| format!("no catalogue key {k}"))
}

fn points(list: &str) -> Result<Vec<Point>, String> {
    if list.is_empty() || list == "-" {
        return Ok(Vec::new());
    }
    list.split(',')
        .map(|p| parse_point(p, SIZE).map_err(|e| format!("{p}: {e}")))
        .collect()
}

fn exercise(words: &[&str]) -> Result<Exercise, String> {
    let [task, rule, fields @ ..] = words else {
        return Err("an exercise needs a task and a rule".into());
    };
    let rule: Rule = rule.parse()?;
    let (mut black, mut white, mut prompt, mut name) = (None, None, None, None);
    for f in fields {
        let (k, v) = f
            .split_once('=')
            .ok_or_else(|| format!("{f}: expected name=value"))?;
        match k {
            "black" => black = Some(points(v)?),
            "white" => white = Some(points(v)?),
            "prompt" => prompt = Some(key(v)?),
            "name" => name = Some(v.parse::<NamedOpening>()?),
            _ => return Err(format!("unknown field {k}")),
        }
    }
    let task = match *task {
        "five" => Task::Five,
        "four" => Task::Four,
        "block" => Task::Block,
        "open-three" => Task::OpenThree,
        "stop-three" => Task::StopThree,
        "four-three" => Task::FourThree,
        "vcf" => Task::Vcf,
        "defend" => Task::Defend,
        "forbidden" => Task::Forbidden,
        "opening" => Task::Opening(name.ok_or("an opening exercise needs name=")?),
        other => return Err(format!("unknown task {other}")),
    };
    let black = black.unwrap_or_default();
    let white = white.unwrap_or_default();
    if black.len() != white.len() && black.len() != white.len() + 1 {
        return Err(format!(
            "{} black and {} white stones: Black has as many or one more",
            black.len(),
            white.len()
        ));
    }
    let mut moves = Vec::with_capacity(black.len() + white.len());
    for (i, &b) in black.iter().enumerate() {
        moves.push(b);
        if let Some(&w) = white.get(i) {
            moves.push(w);
        }
    }
    let mut board = Board::new(SIZE).map_err(|e| e.to_string())?;
    for (i, &m) in moves.iter().enumerate() {
        board
            .place(m, Stone::to_move_after(i))
            .map_err(|e| format!("stone {}: {e}", i + 1))?;
    }
    Ok(Exercise {
        task,
        rule,
        moves,
        prompt: prompt.ok_or("an exercise needs prompt=")?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_lesson_and_interleaves_the_stones() {
        let text = "# c\nlesson a LanguageName\ntext AppTitle\n\
                    exercise five freestyle black=h8,i8 white=a1 prompt=AppTitle\n";
        let l = parse_lessons(text).unwrap();
        assert_eq!(l.len(), 1);
        assert_eq!(l[0].text, vec![Msg::AppTitle]);
        let ex = &l[0].exercises[0];
        assert_eq!(ex.task, Task::Five);
        assert_eq!(ex.moves.len(), 3);
        assert_eq!(ex.moves[1], parse_point("a1", SIZE).unwrap());
        assert_eq!(ex.player(), Stone::White);
    }

    #[test]
    fn refuses_bad_lines_with_their_number() {
        for (text, line) in [
            ("lesson a NoSuchKey", 1),
            ("\nexercise five freestyle prompt=AppTitle", 2),
            (
                "lesson a AppTitle\nexercise five freestyle black=h8 white=h8,i9 prompt=AppTitle",
                2,
            ),
            (
                "lesson a AppTitle\nexercise five freestyle black=h8 white=h8 prompt=AppTitle",
                2,
            ),
            (
                "lesson a AppTitle\nexercise opening renju black=h8 white=h9 prompt=AppTitle",
                2,
            ),
            (
                "lesson a AppTitle\nexercise jump freestyle prompt=AppTitle",
                2,
            ),
            ("lesson a AppTitle\nlesson a AppTitle", 2),
        ] {
            assert_eq!(parse_lessons(text).unwrap_err().line, line, "{text}");
        }
    }
}
