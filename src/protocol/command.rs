//! Reading one line of the Gomocup (pbrain) protocol into a typed command.
//!
//! Parsing never looks at the game: whether a point is on this board or
//! already occupied is the session's business. Here a line is only checked
//! for shape, so every possible input maps to a [`Command`] or a
//! [`ParseError`] that says what was wrong, and nothing panics.

use thiserror::Error;

/// Longest numeric field we accept, in decimal digits. Anything longer is
/// certainly nonsense for a board coordinate or a time in milliseconds, and
/// refusing it early keeps every later conversion overflow-free.
const MAX_DIGITS: usize = 12;

/// A manager's command, as read from one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `START size`: a new game on a square board.
    Start(u32),
    /// `RECTSTART w,h`: a new game on a rectangular board.
    RectStart(u32, u32),
    /// `RESTART`: a new game on the same board.
    Restart,
    /// `BEGIN`: we open the game on the empty board.
    Begin,
    /// `TURN x,y`: the opponent played at `(x, y)`; our move is wanted.
    Turn(u32, u32),
    /// `BOARD`: a whole position follows, one `x,y,field` a line, then `DONE`.
    Board,
    /// `TAKEBACK x,y`: remove the stone at `(x, y)`.
    Takeback(u32, u32),
    /// `INFO key value`: a setting.
    Info(InfoKey, String),
    /// `ABOUT`: who we are.
    About,
    /// `END`: quit.
    End,
    /// `STOP` (also Yixin's `YXSTOP`): play the best move found so far. Not
    /// part of the base protocol, but some managers send it.
    Stop,
    /// Yixin `YXBOARD`: a whole position follows as for `BOARD`, but no
    /// move is wanted.
    YxBoard,
    /// Yixin `YXNBEST n`: search the current position now and report its
    /// `n` best moves, then answer the best one like a turn.
    YxNbest(u32),
    /// Yixin `YXSHOWFORBID`: list Black's forbidden points.
    YxShowForbid,
    /// Yixin `YXHASHCLEAR`: empty the transposition table.
    YxHashClear,
    /// Yixin `YXSHOWINFO`: tell the manager our thread and hash limits.
    YxShowInfo,
    /// `SWAP2BOARD`: the swap2 opening so far follows, one stone a line
    /// in the order played, then `DONE`; a decision is wanted.
    Swap2Board,
    /// Yixin `YXBALANCEONE score` (`stones` 1) or `YXBALANCETWO score`
    /// (2): that many stones for the current position, alternating from
    /// the side to move, leaving it judged `score` for that side.
    YxBalance {
        /// 1 or 2.
        stones: u8,
        /// Wanted score for the side to move, evaluation units (0: even).
        score: i32,
    },
}

/// The `INFO` keys we know. Unknown keys are kept so the session can
/// ignore them quietly, as the protocol asks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InfoKey {
    /// Time for one move, milliseconds (0: play as fast as possible).
    TimeoutTurn,
    /// Time for the whole game, milliseconds (0: no limit).
    TimeoutMatch,
    /// Time left for the whole game, milliseconds.
    TimeLeft,
    /// Memory the engine may use, bytes (0: no limit).
    MaxMemory,
    /// 0 human opponent, 1 engine, 2 tournament, 3 network tournament.
    GameType,
    /// Rule bitmask: 1 exactly five, 2 continuous game, 4 renju, 8 caro.
    Rule,
    /// A folder for persistent files.
    Folder,
    /// A point to evaluate (`x,y`), for a manager's debugging display.
    Evaluate,
    /// Yixin: stop after this many nodes (-1 or 0: no limit).
    MaxNode,
    /// Yixin: stop after this nominal depth (0: no limit).
    MaxDepth,
    /// Yixin: hash table size in kilobytes (0: our default).
    HashSize,
    /// Yixin: search threads.
    ThreadNum,
    /// Yixin: 1 asks for `MESSAGE REALTIME` lines during searches (a
    /// bitmask 0 to 3; bit 2, Yixin's own detail output, adds nothing here).
    ShowDetail,
    /// A Yixin setting with no counterpart in our engine, read as a
    /// number and otherwise ignored: `thread_split_depth`,
    /// `time_increment`, `caution_factor`, `pondering`, `vcthread`,
    /// `checkmate`, `nbestsym`, `usedatabase`, `start_depth`.
    YixinIgnored(&'static str),
    /// Anything else, lower-cased.
    Other(String),
}

/// Yixin Board's `INFO` keys that our engine accepts and does not use:
/// splitting depth, caution and pondering belong to Yixin's own search,
/// the time increment is already counted in the `time_left` Yixin Board
/// sends, and we have no opening database.
const YIXIN_IGNORED: [&str; 9] = [
    "thread_split_depth",
    "time_increment",
    "caution_factor",
    "pondering",
    "vcthread",
    "checkmate",
    "nbestsym",
    "usedatabase",
    "start_depth",
];

impl InfoKey {
    fn from_word(word: &str) -> InfoKey {
        match word.to_ascii_lowercase().as_str() {
            "timeout_turn" => InfoKey::TimeoutTurn,
            "timeout_match" => InfoKey::TimeoutMatch,
            "time_left" => InfoKey::TimeLeft,
            "max_memory" => InfoKey::MaxMemory,
            "game_type" => InfoKey::GameType,
            "rule" => InfoKey::Rule,
            "folder" => InfoKey::Folder,
            "evaluate" => InfoKey::Evaluate,
            "max_node" => InfoKey::MaxNode,
            "max_depth" => InfoKey::MaxDepth,
            "hash_size" => InfoKey::HashSize,
            "thread_num" => InfoKey::ThreadNum,
            "show_detail" => InfoKey::ShowDetail,
            other => match YIXIN_IGNORED.iter().find(|k| **k == other) {
                Some(k) => InfoKey::YixinIgnored(k),
                None => InfoKey::Other(other.to_string()),
            },
        }
    }
}

/// One line inside a `BOARD` … `DONE` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardLine {
    /// A stone: `x,y,field` with field 1 (ours), 2 (the opponent's) or 3
    /// (a continuous-game mark).
    Stone {
        /// Column, 0-based.
        x: u32,
        /// Row, 0-based.
        y: u32,
        /// 1, 2 or 3.
        field: u8,
    },
    /// `DONE`: the position is complete.
    Done,
}

/// One line inside a `SWAP2BOARD` … `DONE` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swap2Line {
    /// A stone, `x,y` (the colour from its place in the order) or
    /// `x,y,field` (field 1 or 2, which must agree with the order).
    Stone {
        /// Column, 0-based.
        x: u32,
        /// Row, 0-based.
        y: u32,
        /// 1 or 2 when given.
        field: Option<u8>,
    },
    /// `DONE`: the opening so far is complete.
    Done,
}

/// Why a line is not a command. The session answers `UNKNOWN` for
/// [`ParseError::UnknownCommand`] and `ERROR` for everything else.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Nothing but white space.
    #[error("empty line")]
    Empty,
    /// A first word we do not know.
    #[error("unknown command '{0}'")]
    UnknownCommand(String),
    /// A command without the argument it needs.
    #[error("{command} needs {expected}")]
    MissingArgument {
        /// The command word.
        command: &'static str,
        /// What should have followed.
        expected: &'static str,
    },
    /// A command with words after its arguments.
    #[error("{command} takes {expected}, but got '{got}'")]
    ExtraArgument {
        /// The command word.
        command: &'static str,
        /// What it takes.
        expected: &'static str,
        /// The whole argument text.
        got: String,
    },
    /// A field that is not a non-negative decimal number of sensible size.
    #[error("'{0}' is not a valid number")]
    BadNumber(String),
    /// A coordinate pair not written `x,y`.
    #[error("'{0}' is not a point written x,y")]
    BadPoint(String),
    /// A `BOARD` line not written `x,y,field`.
    #[error("'{0}' is not a board line written x,y,field (field 1, 2 or 3)")]
    BadBoardLine(String),
    /// A `SWAP2BOARD` line not written `x,y` or `x,y,field`.
    #[error("'{0}' is not a SWAP2BOARD line written x,y or x,y,field (field 1 or 2)")]
    BadSwap2Line(String),
    /// A number that is not a decimal integer of sensible size.
    #[error("'{0}' is not a valid whole number")]
    BadInteger(String),
}

/// Strips the line ending (`\n`, `\r\n`, a stray `\r`) and surrounding
/// white space.
fn clean(line: &str) -> &str {
    line.trim_matches(|c: char| c.is_whitespace() || c == '\0')
}

/// Reads a non-negative decimal number of at most `MAX_DIGITS` (12) digits,
/// so no input can overflow it.
///
/// # Errors
/// [`ParseError::BadNumber`] for anything else (signs, letters, empty
/// text, a number too long to be meaningful).
pub fn parse_number(text: &str) -> Result<u64, ParseError> {
    let t = text.trim();
    if t.is_empty() || t.len() > MAX_DIGITS || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseError::BadNumber(shorten(t)));
    }
    t.parse::<u64>()
        .map_err(|_| ParseError::BadNumber(shorten(t)))
}

/// Reads a decimal integer with an optional sign, of at most
/// `MAX_DIGITS` digits.
///
/// # Errors
/// [`ParseError::BadInteger`] for anything else.
pub fn parse_integer(text: &str) -> Result<i64, ParseError> {
    let t = text.trim();
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || digits.len() > MAX_DIGITS || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(ParseError::BadInteger(shorten(t)));
    }
    t.parse::<i64>()
        .map_err(|_| ParseError::BadInteger(shorten(t)))
}

/// A number that must fit a `u32` (coordinates, sizes).
fn parse_u32(text: &str) -> Result<u32, ParseError> {
    let n = parse_number(text)?;
    u32::try_from(n).map_err(|_| ParseError::BadNumber(shorten(text.trim())))
}

/// Reads `x,y` (spaces around the parts are tolerated).
///
/// # Errors
/// [`ParseError::BadPoint`] or [`ParseError::BadNumber`].
pub fn parse_xy(text: &str) -> Result<(u32, u32), ParseError> {
    let parts: Vec<&str> = text.split(',').collect();
    match parts.as_slice() {
        [x, y] => Ok((parse_u32(x)?, parse_u32(y)?)),
        _ => Err(ParseError::BadPoint(shorten(text.trim()))),
    }
}

/// Keeps error messages one short line even for a megabyte of garbage.
fn shorten(text: &str) -> String {
    const KEEP: usize = 40;
    if text.chars().count() <= KEEP {
        text.to_string()
    } else {
        let head: String = text.chars().take(KEEP).collect();
        format!("{head}…")
    }
}

/// Splits a cleaned line into its command word and the rest.
fn split_word(line: &str) -> (&str, &str) {
    match line.find(char::is_whitespace) {
        Some(i) => (&line[..i], line[i..].trim()),
        None => (line, ""),
    }
}

fn no_argument(command: &'static str, rest: &str, value: Command) -> Result<Command, ParseError> {
    if rest.is_empty() {
        Ok(value)
    } else {
        Err(ParseError::ExtraArgument {
            command,
            expected: "no argument",
            got: shorten(rest),
        })
    }
}

fn point_argument(command: &'static str, rest: &str) -> Result<(u32, u32), ParseError> {
    if rest.is_empty() {
        return Err(ParseError::MissingArgument {
            command,
            expected: "a point x,y",
        });
    }
    parse_xy(rest)
}

/// Reads one command line. Command words are case-insensitive; the line
/// ending may be `\n` or `\r\n`.
///
/// # Errors
/// A [`ParseError`] describing the first problem found.
pub fn parse_command(line: &str) -> Result<Command, ParseError> {
    let line = clean(line);
    if line.is_empty() {
        return Err(ParseError::Empty);
    }
    let (word, rest) = split_word(line);
    match word.to_ascii_uppercase().as_str() {
        "START" => {
            // Yixin Board sends `START width height`.
            match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
                [] => Err(ParseError::MissingArgument {
                    command: "START",
                    expected: "a board size",
                }),
                [size] => Ok(Command::Start(parse_u32(size)?)),
                [w, h] => Ok(Command::RectStart(parse_u32(w)?, parse_u32(h)?)),
                _ => Err(ParseError::ExtraArgument {
                    command: "START",
                    expected: "a size, or a width and a height",
                    got: shorten(rest),
                }),
            }
        }
        "RECTSTART" => {
            let (w, h) = point_argument("RECTSTART", rest)?;
            Ok(Command::RectStart(w, h))
        }
        "RESTART" => no_argument("RESTART", rest, Command::Restart),
        "BEGIN" => no_argument("BEGIN", rest, Command::Begin),
        "TURN" => {
            let (x, y) = point_argument("TURN", rest)?;
            Ok(Command::Turn(x, y))
        }
        "BOARD" => no_argument("BOARD", rest, Command::Board),
        "TAKEBACK" => {
            let (x, y) = point_argument("TAKEBACK", rest)?;
            Ok(Command::Takeback(x, y))
        }
        "INFO" => {
            if rest.is_empty() {
                return Err(ParseError::MissingArgument {
                    command: "INFO",
                    expected: "a key and a value",
                });
            }
            let (key, value) = split_word(rest);
            Ok(Command::Info(InfoKey::from_word(key), value.to_string()))
        }
        "ABOUT" => no_argument("ABOUT", rest, Command::About),
        "END" => no_argument("END", rest, Command::End),
        "STOP" | "YXSTOP" => no_argument("STOP", rest, Command::Stop),
        "YXBOARD" => no_argument("YXBOARD", rest, Command::YxBoard),
        "YXNBEST" => {
            if rest.is_empty() {
                return Err(ParseError::MissingArgument {
                    command: "YXNBEST",
                    expected: "a number of moves",
                });
            }
            Ok(Command::YxNbest(parse_u32(rest)?))
        }
        "YXSHOWFORBID" => no_argument("YXSHOWFORBID", rest, Command::YxShowForbid),
        "YXHASHCLEAR" => no_argument("YXHASHCLEAR", rest, Command::YxHashClear),
        "YXSHOWINFO" => no_argument("YXSHOWINFO", rest, Command::YxShowInfo),
        "SWAP2BOARD" => no_argument("SWAP2BOARD", rest, Command::Swap2Board),
        "YXBALANCEONE" => balance_argument(1, rest),
        "YXBALANCETWO" => balance_argument(2, rest),
        _ => Err(ParseError::UnknownCommand(shorten(word))),
    }
}

/// `YXBALANCEONE` / `YXBALANCETWO`: the score, 0 when left out (as Yixin
/// Board's own console sends it), clamped to the evaluation's range.
fn balance_argument(stones: u8, rest: &str) -> Result<Command, ParseError> {
    /// Largest wanted score taken as given: far beyond any judgement short
    /// of a proven win, so nothing sensible is cut.
    const MAX_SCORE: i64 = 1_000_000;
    let score = if rest.is_empty() {
        0
    } else {
        parse_integer(rest)?.clamp(-MAX_SCORE, MAX_SCORE) as i32
    };
    Ok(Command::YxBalance { stones, score })
}

/// Reads one line of a `SWAP2BOARD` block: `x,y`, `x,y,field` or `DONE`.
///
/// # Errors
/// [`ParseError::BadSwap2Line`] or [`ParseError::BadNumber`].
pub fn parse_swap2_line(line: &str) -> Result<Swap2Line, ParseError> {
    let line = clean(line);
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(Swap2Line::Done);
    }
    let parts: Vec<&str> = line.split(',').collect();
    match parts.as_slice() {
        [x, y] => Ok(Swap2Line::Stone {
            x: parse_u32(x)?,
            y: parse_u32(y)?,
            field: None,
        }),
        [x, y, f] => {
            let (x, y) = (parse_u32(x)?, parse_u32(y)?);
            match parse_number(f)? {
                n @ 1..=2 => Ok(Swap2Line::Stone {
                    x,
                    y,
                    field: Some(n as u8),
                }),
                _ => Err(ParseError::BadSwap2Line(shorten(line))),
            }
        }
        _ => Err(ParseError::BadSwap2Line(shorten(line))),
    }
}

/// Reads one line of a `BOARD` block: `x,y,field` or `DONE`.
///
/// # Errors
/// [`ParseError::BadBoardLine`] or [`ParseError::BadNumber`].
pub fn parse_board_line(line: &str) -> Result<BoardLine, ParseError> {
    let line = clean(line);
    if line.eq_ignore_ascii_case("DONE") {
        return Ok(BoardLine::Done);
    }
    let parts: Vec<&str> = line.split(',').collect();
    match parts.as_slice() {
        [x, y, f] => {
            let (x, y) = (parse_u32(x)?, parse_u32(y)?);
            match parse_number(f)? {
                n @ 1..=3 => Ok(BoardLine::Stone {
                    x,
                    y,
                    field: n as u8,
                }),
                _ => Err(ParseError::BadBoardLine(shorten(line))),
            }
        }
        _ => Err(ParseError::BadBoardLine(shorten(line))),
    }
}

/// True when `line` looks like a `BOARD` block line (`x,y,field` or
/// `DONE`), even a malformed one, rather than a new command. Used to tell
/// a bad stone line from a manager that forgot `DONE`.
#[must_use]
pub fn looks_like_board_line(line: &str) -> bool {
    let line = clean(line);
    line.eq_ignore_ascii_case("DONE")
        || line
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == ',')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_case_insensitively_with_crlf() {
        assert_eq!(parse_command("START 15\r\n"), Ok(Command::Start(15)));
        assert_eq!(parse_command("start 20"), Ok(Command::Start(20)));
        assert_eq!(parse_command("TURN 7,8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse_command("turn 7 , 8\r"), Ok(Command::Turn(7, 8)));
        assert_eq!(
            parse_command("RECTSTART 20,15"),
            Ok(Command::RectStart(20, 15))
        );
        assert_eq!(parse_command("TAKEBACK 0,14"), Ok(Command::Takeback(0, 14)));
        assert_eq!(parse_command("  END  "), Ok(Command::End));
        assert_eq!(parse_command("YXSTOP"), Ok(Command::Stop));
        assert_eq!(
            parse_command("INFO timeout_turn 5000"),
            Ok(Command::Info(InfoKey::TimeoutTurn, "5000".into()))
        );
        assert_eq!(
            parse_command("INFO folder C:\\My Engines\\x"),
            Ok(Command::Info(InfoKey::Folder, "C:\\My Engines\\x".into()))
        );
        assert_eq!(
            parse_command("INFO Weird 1"),
            Ok(Command::Info(InfoKey::Other("weird".into()), "1".into()))
        );
    }

    #[test]
    fn yixin_commands_and_keys_parse() {
        assert_eq!(parse_command("start 15 15"), Ok(Command::RectStart(15, 15)));
        assert_eq!(parse_command("START 20 15"), Ok(Command::RectStart(20, 15)));
        assert!(matches!(
            parse_command("START 15 15 15"),
            Err(ParseError::ExtraArgument { .. })
        ));
        assert_eq!(parse_command("yxboard"), Ok(Command::YxBoard));
        assert_eq!(parse_command("YXNBEST 3\r\n"), Ok(Command::YxNbest(3)));
        assert!(matches!(
            parse_command("YXNBEST"),
            Err(ParseError::MissingArgument { .. })
        ));
        assert!(matches!(
            parse_command("YXNBEST two"),
            Err(ParseError::BadNumber(_))
        ));
        assert_eq!(parse_command("yxshowforbid"), Ok(Command::YxShowForbid));
        assert_eq!(parse_command("YXHASHCLEAR"), Ok(Command::YxHashClear));
        assert_eq!(parse_command("YXSHOWINFO"), Ok(Command::YxShowInfo));
        assert!(matches!(
            parse_command("YXSHOWINFO now"),
            Err(ParseError::ExtraArgument { .. })
        ));
        for (key, want) in [
            ("max_node", InfoKey::MaxNode),
            ("MAX_DEPTH", InfoKey::MaxDepth),
            ("hash_size", InfoKey::HashSize),
            ("thread_num", InfoKey::ThreadNum),
            ("show_detail", InfoKey::ShowDetail),
            ("caution_factor", InfoKey::YixinIgnored("caution_factor")),
            ("pondering", InfoKey::YixinIgnored("pondering")),
        ] {
            assert_eq!(
                parse_command(&format!("INFO {key} 1")),
                Ok(Command::Info(want, "1".into()))
            );
        }
    }

    #[test]
    fn malformed_lines_get_typed_errors() {
        assert_eq!(parse_command(""), Err(ParseError::Empty));
        assert_eq!(parse_command("\r\n"), Err(ParseError::Empty));
        assert_eq!(
            parse_command("HELLO"),
            Err(ParseError::UnknownCommand("HELLO".into()))
        );
        assert!(matches!(
            parse_command("TURN"),
            Err(ParseError::MissingArgument { .. })
        ));
        assert!(matches!(
            parse_command("TURN 7"),
            Err(ParseError::BadPoint(_))
        ));
        assert!(matches!(
            parse_command("TURN -1,3"),
            Err(ParseError::BadNumber(_))
        ));
        assert!(matches!(
            parse_command("TURN a,b"),
            Err(ParseError::BadNumber(_))
        ));
        assert!(matches!(
            parse_command("TURN 99999999999999999999,1"),
            Err(ParseError::BadNumber(_))
        ));
        assert!(matches!(
            parse_command("START 4294967296"),
            Err(ParseError::BadNumber(_))
        ));
        assert!(matches!(
            parse_command("BEGIN now"),
            Err(ParseError::ExtraArgument { .. })
        ));
        assert!(matches!(
            parse_command("INFO"),
            Err(ParseError::MissingArgument { .. })
        ));
    }

    #[test]
    fn board_lines() {
        assert_eq!(
            parse_board_line("7,7,1\r\n"),
            Ok(BoardLine::Stone {
                x: 7,
                y: 7,
                field: 1
            })
        );
        assert_eq!(parse_board_line("done"), Ok(BoardLine::Done));
        assert!(parse_board_line("7,7,4").is_err());
        assert!(parse_board_line("7,7").is_err());
        assert!(parse_board_line("7,7,1,1").is_err());
        assert!(looks_like_board_line("7,7,9"));
        assert!(!looks_like_board_line("TURN 7,7"));
    }

    #[test]
    fn swap2_and_balance_commands_parse() {
        assert_eq!(parse_command("swap2board\r\n"), Ok(Command::Swap2Board));
        assert!(matches!(
            parse_command("SWAP2BOARD 3"),
            Err(ParseError::ExtraArgument { .. })
        ));
        assert_eq!(
            parse_command("YXBALANCEONE -150"),
            Ok(Command::YxBalance {
                stones: 1,
                score: -150
            })
        );
        assert_eq!(
            parse_command("yxbalancetwo"),
            Ok(Command::YxBalance {
                stones: 2,
                score: 0
            })
        );
        assert_eq!(
            parse_command("YXBALANCETWO 99999999999"),
            Ok(Command::YxBalance {
                stones: 2,
                score: 1_000_000
            })
        );
        assert!(matches!(
            parse_command("YXBALANCEONE 1.5"),
            Err(ParseError::BadInteger(_))
        ));
        assert!(matches!(
            parse_command("YXBALANCEONE --3"),
            Err(ParseError::BadInteger(_))
        ));
        assert_eq!(
            parse_swap2_line("7,8"),
            Ok(Swap2Line::Stone {
                x: 7,
                y: 8,
                field: None
            })
        );
        assert_eq!(
            parse_swap2_line(" 7 , 8 , 2\r"),
            Ok(Swap2Line::Stone {
                x: 7,
                y: 8,
                field: Some(2)
            })
        );
        assert_eq!(parse_swap2_line("Done"), Ok(Swap2Line::Done));
        assert!(matches!(
            parse_swap2_line("7,8,3"),
            Err(ParseError::BadSwap2Line(_))
        ));
        assert!(matches!(
            parse_swap2_line("7"),
            Err(ParseError::BadSwap2Line(_))
        ));
        assert!(matches!(
            parse_swap2_line("7,x"),
            Err(ParseError::BadNumber(_))
        ));
    }

    #[test]
    fn long_garbage_is_shortened_in_messages() {
        let junk = "x".repeat(10_000);
        let err = parse_command(&junk).unwrap_err().to_string();
        assert!(err.len() < 100, "{err}");
    }
}
