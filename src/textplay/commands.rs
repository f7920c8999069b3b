//! The commands a terminal player types.

use crate::engine::Level;
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::play::Mode;
use crate::rules::opening::OpeningRule;
use crate::rules::{parse_moves, parse_point, NotationError, Point, Stone};
use thiserror::Error;

/// What the player asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// Play a stone.
    Play(Point),
    /// Take back (against the AI: back to your previous turn).
    Undo,
    /// Replay what undo took back.
    Redo,
    /// Give up this game.
    Resign,
    /// Start again, optionally in another mode.
    New(Option<Mode>),
    /// Change the AI's level.
    Level(Level),
    /// List the levels with their ratings (`level` alone).
    Levels,
    /// Ask the AI for a suggestion.
    Hint,
    /// Show the board again.
    Board,
    /// Print the moves as a position string.
    Moves,
    /// Set up a position from a position string.
    Load(Vec<Point>),
    /// List the commands.
    Help,
    /// Speak another language.
    Language(Lang),
    /// Leave.
    Quit,
    /// Start again under an opening rule, optionally in another mode.
    NewUnder(Option<Mode>, OpeningRule),
    /// Opening: take this colour.
    Take(Stone),
    /// Opening (swap2): place two more stones instead of choosing.
    PlaceTwo,
    /// Opening: offer these points as fifth moves.
    Offer(Vec<Point>),
    /// Opening: pick this offered fifth move.
    Pick(Point),
    /// Opening (Soosõrv): declare how many fifth moves Black offers.
    Declare(u8),
    /// Solve puzzles, from puzzle N (1-based) or where the player left off.
    Puzzle(Option<usize>),
    /// Show what the position library knows of the position.
    Explore,
    /// Import files or folders into the library (one path).
    Import(String),
    /// Export the library's tree from the position to this file.
    Export(String),
    /// Comment on the position in the library (empty removes it).
    Note(String),
    /// Mark the position in the library, or remove its mark.
    Mark,
    /// A label on a point of the position in the library: this text, or
    /// (`None`) the next free letter, or the label there taken away.
    Label(Point, Option<String>),
    /// Take the lessons, from lesson N (1-based) or the one suggested.
    Lesson(Option<usize>),
    /// Print the player's rating and the last rated games.
    Rating,
}

/// Why a line was not understood.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CommandError {
    /// Not a command and not a point.
    #[error("'{0}' is not a move or a command (type 'help')")]
    Unknown(String),
    /// A point or move list that could not be read.
    #[error(transparent)]
    Notation(#[from] NotationError),
    /// A level name that does not exist.
    #[error("unknown level '{0}' (1 to 12, beginner, casual, normal, strong, maximum)")]
    BadLevel(String),
    /// A mode name that does not exist.
    #[error("unknown side '{0}' (black, white or two)")]
    BadMode(String),
    /// A language code that is not `en` or `zh`.
    #[error("unknown language '{0}' (en or zh)")]
    BadLanguage(String),
    /// An opening rule name that does not exist.
    #[error("unknown opening rule '{0}' (free, swap, swap2, renju26-N, soosorv-N)")]
    BadOpening(String),
}

/// Why a line was not understood, in `tr`'s language.
#[must_use]
pub fn describe_error(tr: Tr, e: &CommandError) -> String {
    match e {
        CommandError::Unknown(text) => tr.f(Msg::TextUnknown, &[("text", text)]),
        CommandError::Notation(n) => phrases::notation_error(tr, n),
        CommandError::BadLevel(name) => tr.f(Msg::TextBadLevel, &[("name", name)]),
        CommandError::BadMode(name) => tr.f(Msg::TextBadSide, &[("name", name)]),
        CommandError::BadLanguage(name) => tr.f(Msg::TextBadLang, &[("name", name)]),
        CommandError::BadOpening(name) => tr.f(Msg::TextBadOpening, &[("name", name)]),
    }
}

/// Reads one line; `Ok(None)` for a blank line.
///
/// # Errors
/// [`CommandError`] saying what was wrong.
pub fn parse_command(line: &str, size: u8) -> Result<Option<Command>, CommandError> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let cmd = match first.to_ascii_lowercase().as_str() {
        "undo" | "u" => Command::Undo,
        "redo" => Command::Redo,
        "resign" => Command::Resign,
        "hint" => Command::Hint,
        "board" | "b" => Command::Board,
        "moves" => Command::Moves,
        "help" | "?" => Command::Help,
        "quit" | "exit" | "q" => Command::Quit,
        "new" => parse_new(&rest)?,
        "black" => Command::Take(Stone::Black),
        "white" => Command::Take(Stone::White),
        "two" => Command::PlaceTwo,
        "offer" => Command::Offer(
            rest.iter()
                .map(|w| parse_point(w, size))
                .collect::<Result<Vec<_>, _>>()?,
        ),
        "pick" => match rest.as_slice() {
            [w] => Command::Pick(parse_point(w, size)?),
            _ => return Err(CommandError::Unknown(line.trim().to_string())),
        },
        "declare" => match rest.as_slice() {
            [n] => Command::Declare(
                n.parse()
                    .map_err(|_| CommandError::Unknown(line.trim().to_string()))?,
            ),
            _ => return Err(CommandError::Unknown(line.trim().to_string())),
        },
        "puzzle" | "puzzles" => match rest.as_slice() {
            [] => Command::Puzzle(None),
            [n] => Command::Puzzle(Some(
                n.parse()
                    .map_err(|_| CommandError::Unknown(line.trim().to_string()))?,
            )),
            _ => return Err(CommandError::Unknown(line.trim().to_string())),
        },
        "lesson" | "lessons" | "learn" => match rest.as_slice() {
            [] => Command::Lesson(None),
            [n] => Command::Lesson(Some(
                n.parse()
                    .map_err(|_| CommandError::Unknown(line.trim().to_string()))?,
            )),
            _ => return Err(CommandError::Unknown(line.trim().to_string())),
        },
        "level" if rest.is_empty() => Command::Levels,
        "level" => {
            let name = rest.first().copied().unwrap_or("");
            let level = name
                .parse::<Level>()
                .map_err(|_| CommandError::BadLevel(name.to_string()))?;
            Command::Level(level)
        }
        "load" => Command::Load(parse_moves(&rest.join(""), size)?),
        "explore" | "x" => Command::Explore,
        "rating" => Command::Rating,
        "mark" => Command::Mark,
        "label" => match rest.as_slice() {
            [at] => Command::Label(parse_point(at, size)?, None),
            [at, text] => Command::Label(parse_point(at, size)?, Some((*text).to_string())),
            _ => return Err(CommandError::Unknown(line.trim().to_string())),
        },
        // The rest of the line as typed: paths and comments keep their
        // spaces and case.
        "import" | "export" | "note" => {
            let text = line.trim_start()[first.len()..].trim().to_string();
            match first.to_ascii_lowercase().as_str() {
                "note" => Command::Note(text),
                _ if text.is_empty() => return Err(CommandError::Unknown(line.trim().to_string())),
                "import" => Command::Import(text),
                _ => Command::Export(text),
            }
        }
        "lang" | "language" => {
            let code = rest.first().copied().unwrap_or("");
            match code.to_ascii_lowercase().as_str() {
                "en" | "english" => Command::Language(Lang::English),
                "zh" | "zh-cn" | "cn" | "中文" => Command::Language(Lang::Chinese),
                _ => return Err(CommandError::BadLanguage(code.to_string())),
            }
        }
        _ => {
            let looks_like_point = first.starts_with(|c: char| c.is_ascii_alphabetic())
                && first[1..].chars().all(|c| c.is_ascii_digit())
                && first.len() > 1;
            if looks_like_point && rest.is_empty() {
                Command::Play(parse_point(first, size)?)
            } else {
                return Err(CommandError::Unknown(line.trim().to_string()));
            }
        }
    };
    Ok(Some(cmd))
}

/// `new [black|white|two] [RULE]`, in either order.
fn parse_new(words: &[&str]) -> Result<Command, CommandError> {
    let mut mode = None;
    let mut rule = None;
    for w in words {
        let w = w.to_ascii_lowercase();
        match w.as_str() {
            "black" => {
                mode = Some(Mode::VsAi {
                    human: Stone::Black,
                });
            }
            "white" => {
                mode = Some(Mode::VsAi {
                    human: Stone::White,
                });
            }
            "two" => mode = Some(Mode::TwoPlayer),
            _ => match w.parse::<OpeningRule>() {
                Ok(r) => rule = Some(r),
                // A rule name with a number out of range (swap3, renju26-0).
                Err(_) if w.contains(|c: char| c.is_ascii_digit()) => {
                    return Err(CommandError::BadOpening(w));
                }
                Err(_) => return Err(CommandError::BadMode(w)),
            },
        }
    }
    Ok(match rule {
        Some(rule) => Command::NewUnder(mode, rule),
        None => Command::New(mode),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;

    fn gomoku_level(n: u8) -> Level {
        Level::new(n).expect("a level of the ladder")
    }

    #[test]
    fn library_commands_keep_the_rest_of_the_line() {
        assert_eq!(parse_command("x", 15), Ok(Some(Command::Explore)));
        assert_eq!(
            parse_command("import /home/me/My Games", 15),
            Ok(Some(Command::Import("/home/me/My Games".into())))
        );
        assert_eq!(
            parse_command("Note The Sword opening", 15),
            Ok(Some(Command::Note("The Sword opening".into())))
        );
        assert_eq!(
            parse_command("note", 15),
            Ok(Some(Command::Note(String::new())))
        );
        assert!(parse_command("export", 15).is_err());
        let h8 = parse_point("h8", 15).unwrap();
        assert_eq!(
            parse_command("label h8 A", 15),
            Ok(Some(Command::Label(h8, Some("A".into()))))
        );
        assert_eq!(
            parse_command("label h8", 15),
            Ok(Some(Command::Label(h8, None)))
        );
        assert!(parse_command("label", 15).is_err());
    }

    #[test]
    fn points_and_commands_are_read() {
        assert_eq!(
            parse_command("h8", 15),
            Ok(Some(Command::Play(Point::new(7, 7))))
        );
        assert_eq!(parse_command("  ", 15), Ok(None));
        assert_eq!(parse_command("UNDO", 15), Ok(Some(Command::Undo)));
        assert_eq!(
            parse_command("new white", 15),
            Ok(Some(Command::New(Some(Mode::VsAi {
                human: Stone::White
            }))))
        );
        assert_eq!(
            parse_command("level Strong", 15),
            Ok(Some(Command::Level(Band::Strong.representative())))
        );
        assert_eq!(parse_command("level", 15), Ok(Some(Command::Levels)));
        assert_eq!(
            parse_command("level 3", 15),
            Ok(Some(Command::Level(gomoku_level(3))))
        );
        assert_eq!(
            parse_command("lang zh", 15),
            Ok(Some(Command::Language(Lang::Chinese)))
        );
        assert_eq!(
            parse_command("LANG en", 15),
            Ok(Some(Command::Language(Lang::English)))
        );
        assert_eq!(
            parse_command("new white swap2", 15),
            Ok(Some(Command::NewUnder(
                Some(Mode::VsAi {
                    human: Stone::White
                }),
                OpeningRule::Swap2
            )))
        );
        assert_eq!(
            parse_command("offer h9 j9", 15),
            Ok(Some(Command::Offer(vec![
                Point::new(7, 6),
                Point::new(9, 6)
            ])))
        );
        assert_eq!(
            parse_command("pick j9", 15),
            Ok(Some(Command::Pick(Point::new(9, 6))))
        );
        assert_eq!(
            parse_command("declare 3", 15),
            Ok(Some(Command::Declare(3)))
        );
        assert_eq!(
            parse_command("white", 15),
            Ok(Some(Command::Take(Stone::White)))
        );
        assert_eq!(
            parse_command("puzzle 4", 15),
            Ok(Some(Command::Puzzle(Some(4))))
        );
        assert_eq!(
            parse_command("lesson 2", 15),
            Ok(Some(Command::Lesson(Some(2))))
        );
        assert!(matches!(
            parse_command("new swap3", 15),
            Err(CommandError::BadOpening(_))
        ));
    }

    #[test]
    fn bad_input_says_why() {
        assert!(matches!(
            parse_command("p1", 15),
            Err(CommandError::Notation(_))
        ));
        assert!(matches!(
            parse_command("a99", 15),
            Err(CommandError::Notation(_))
        ));
        assert!(matches!(
            parse_command("dance", 15),
            Err(CommandError::Unknown(_))
        ));
        assert!(matches!(
            parse_command("level 13", 15),
            Err(CommandError::BadLevel(_))
        ));
        assert!(matches!(
            parse_command("new red", 15),
            Err(CommandError::BadMode(_))
        ));
        assert!(matches!(
            parse_command("load h8z", 15),
            Err(CommandError::Notation(_))
        ));
        let e = parse_command("lang fr", 15).unwrap_err();
        assert_eq!(e, CommandError::BadLanguage("fr".to_string()));
        assert_eq!(
            describe_error(Tr(Lang::Chinese), &e),
            "没有“fr”这种语言（en 或 zh）"
        );
        assert_eq!(describe_error(Tr(Lang::English), &e), e.to_string());
    }
}
