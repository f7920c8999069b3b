//! Game values in words: stones, levels, rules, scores, and the reasons
//! the rules or a record refuse something.
//!
//! The lower layers keep their English `Display` for logs and tests; what
//! the player reads goes through these functions.

use super::{Msg, Tr};
use crate::engine::{Band, Level, Score};
use crate::library::import::Failure;
use crate::library::renlib::ReadError;
use crate::play::{Mode, PlayError};
use crate::record::{RecordError, RecordErrorKind, SgfError, SgfErrorKind};
use crate::rules::opening::{Ask, NamedOpening, OpeningError, OpeningKind, OpeningRule, Stage};
use crate::rules::{
    BoardError, Forbidden, GameError, GameModel, NotationError, Outcome, Rule, Stone, TimeControl,
    MAX_SIZE, MIN_SIZE,
};
use crate::storage::StorageError;
use jiff::tz::TimeZone;
use jiff::Timestamp;
use std::time::Duration;

/// "Black" / "黑棋".
#[must_use]
pub fn stone(tr: Tr, stone: Stone) -> &'static str {
    tr.s(match stone {
        Stone::Black => Msg::Black,
        Stone::White => Msg::White,
    })
}

/// The name of a band of levels ("Beginner").
#[must_use]
pub fn band(tr: Tr, band: Band) -> &'static str {
    tr.s(match band {
        Band::Beginner => Msg::LevelBeginner,
        Band::Casual => Msg::LevelCasual,
        Band::Normal => Msg::LevelNormal,
        Band::Strong => Msg::LevelStrong,
        Band::Maximum => Msg::LevelMaximum,
    })
}

/// The level's name with its band ("Level 3 · Beginner").
#[must_use]
pub fn level(tr: Tr, level: Level) -> String {
    tr.f(
        Msg::LevelNamed,
        &[("n", &level.number()), ("band", &band(tr, level.band()))],
    )
}

/// The level's name with its measured rating where there is one ("Level
/// 3 · Beginner · about 1100"), as the menus offer it.
#[must_use]
pub fn level_rated(tr: Tr, level: Level) -> String {
    match level.rating() {
        Some(elo) => tr.f(
            Msg::LevelRated,
            &[
                ("n", &level.number()),
                ("band", &band(tr, level.band())),
                ("elo", &elo),
            ],
        ),
        None => self::level(tr, level),
    }
}

/// The rule's short name.
#[must_use]
pub fn rule(tr: Tr, rule: Rule) -> &'static str {
    tr.s(match rule {
        Rule::Freestyle => Msg::RuleFreestyle,
        Rule::Standard => Msg::RuleStandard,
        Rule::Renju => Msg::RuleRenju,
    })
}

/// The rule's name and what it means, for a menu.
#[must_use]
pub fn rule_long(tr: Tr, rule: Rule) -> &'static str {
    tr.s(match rule {
        Rule::Freestyle => Msg::RuleFreestyleLong,
        Rule::Standard => Msg::RuleStandardLong,
        Rule::Renju => Msg::RuleRenjuLong,
    })
}

/// The score in words for people: "Black wins in 3", "White +0.8",
/// "even". `to_move` is the side the score is for.
#[must_use]
pub fn score(tr: Tr, score: Score, to_move: Stone) -> String {
    match score.mate_moves() {
        Some(n) => {
            let (who, moves) = if n > 0 {
                (to_move, n)
            } else {
                (to_move.opponent(), -n)
            };
            tr.f(
                Msg::ScoreWinsIn,
                &[("stone", &stone(tr, who)), ("moves", &moves)],
            )
        }
        None => {
            let pawns = f64::from(score.0) / 1000.0;
            if pawns.abs() < 0.05 {
                return tr.s(Msg::ScoreEven).to_string();
            }
            let who = if pawns > 0.0 {
                to_move
            } else {
                to_move.opponent()
            };
            let value = format!("{:.1}", pawns.abs());
            tr.f(
                Msg::ScoreAhead,
                &[("stone", &stone(tr, who)), ("value", &value)],
            )
        }
    }
}

/// A moment given in seconds since 1970 (UTC) as a date and time in the
/// system's time zone (`TZ`, else `/etc/localtime`; UTC if neither is
/// known): "2026-11-22 18:05", "2026年11月22日 18:05".
#[must_use]
pub fn local_date_time(tr: Tr, secs: u64) -> String {
    date_time_in(tr, secs, &TimeZone::system())
}

/// [`local_date_time`] in time zone `zone`, the catalogue's
/// `DateTimeFormat` deciding the layout.
#[must_use]
pub fn date_time_in(tr: Tr, secs: u64, zone: &TimeZone) -> String {
    // Seconds past jiff's range (the year 9999) show as its last moment.
    let secs = i64::try_from(secs)
        .unwrap_or(i64::MAX)
        .min(Timestamp::MAX.as_second());
    let when = Timestamp::from_second(secs)
        .unwrap_or(Timestamp::MAX)
        .to_zoned_datetime(zone.clone());
    // A translator's malformed pattern falls back to ISO order rather
    // than hiding the date.
    jiff::fmt::strtime::format(tr.s(Msg::DateTimeFormat), &when)
        .or_else(|_| jiff::fmt::strtime::format("%Y-%m-%d %H:%M", &when))
        .unwrap_or_default()
}

/// Why the rules refused a move or an action.
#[must_use]
pub fn game_error(tr: Tr, e: &GameError) -> String {
    match e {
        GameError::OffBoard => tr.s(Msg::ErrOffBoard).to_string(),
        GameError::Occupied(point) => tr.f(Msg::ErrOccupied, &[("point", point)]),
        GameError::GameOver => tr.s(Msg::ErrGameOver).to_string(),
        GameError::NothingToUndo => tr.s(Msg::ErrNothingToUndo).to_string(),
        GameError::NothingToRedo => tr.s(Msg::ErrNothingToRedo).to_string(),
        GameError::Board(b) => board_error(tr, b),
        GameError::Notation(n) => notation_error(tr, n),
        GameError::Forbidden(f) => forbidden(tr, *f),
        GameError::MoveAfterEnd(number) => tr.f(Msg::ErrMoveAfterEnd, &[("number", number)]),
        GameError::FiveInSetup(point) => tr.f(Msg::ErrFiveInSetup, &[("point", point)]),
        GameError::SetupSize { expected, found } => tr.f(
            Msg::ErrSetupSize,
            &[("expected", expected), ("found", found)],
        ),
        GameError::NotAVariation => tr.s(Msg::ErrNotAVariation).to_string(),
        GameError::NoSuchPosition => tr.s(Msg::ErrNoSuchPosition).to_string(),
    }
}

/// Why Black may not play a point under Renju.
#[must_use]
pub fn forbidden(tr: Tr, f: Forbidden) -> String {
    tr.s(match f {
        Forbidden::DoubleThree => Msg::ErrDoubleThree,
        Forbidden::DoubleFour => Msg::ErrDoubleFour,
        Forbidden::Overline => Msg::ErrOverline,
    })
    .to_string()
}

/// A board size or point the board refuses.
#[must_use]
pub fn board_error(tr: Tr, e: &BoardError) -> String {
    match e {
        BoardError::UnsupportedSize(size) => tr.f(
            Msg::ErrBoardSize,
            &[("size", size), ("min", &MIN_SIZE), ("max", &MAX_SIZE)],
        ),
        BoardError::OffBoard { x, y, size } => {
            tr.f(Msg::ErrPointOffBoard, &[("x", x), ("y", y), ("size", size)])
        }
        BoardError::Occupied(p) => tr.f(Msg::ErrPointOccupied, &[("x", &p.x), ("y", &p.y)]),
        BoardError::Empty(p) => tr.f(Msg::ErrPointEmpty, &[("x", &p.x), ("y", &p.y)]),
    }
}

/// Text that is not a point, a move list or a board.
#[must_use]
pub fn notation_error(tr: Tr, e: &NotationError) -> String {
    match e {
        // People count characters from one; the parser counts from zero.
        NotationError::BadPoint { text, at } => {
            tr.f(Msg::ErrBadPoint, &[("text", text), ("at", &(at + 1))])
        }
        NotationError::OffBoard { name, size } => {
            tr.f(Msg::ErrNameOffBoard, &[("name", name), ("size", size)])
        }
        NotationError::Repeated { number, name } => {
            tr.f(Msg::ErrRepeated, &[("number", number), ("name", name)])
        }
        NotationError::BadDiagram(reason) => tr.f(Msg::ErrDiagram, &[("reason", reason)]),
        NotationError::Board(b) => board_error(tr, b),
    }
}

/// A record that could not be read, with its line.
#[must_use]
pub fn record_error(tr: Tr, e: &RecordError) -> String {
    let what = match &e.kind {
        RecordErrorKind::Empty => tr.s(Msg::ErrEmptyRecord).to_string(),
        RecordErrorKind::BadHeader(header) => tr.f(Msg::ErrBadHeader, &[("header", header)]),
        RecordErrorKind::NonSquare { width, height } => {
            tr.f(Msg::ErrNonSquare, &[("width", width), ("height", height)])
        }
        RecordErrorKind::UnsupportedSize { width, height } => tr.f(
            Msg::ErrRecordSize,
            &[
                ("width", width),
                ("height", height),
                ("min", &MIN_SIZE),
                ("max", &MAX_SIZE),
            ],
        ),
        RecordErrorKind::MalformedLine(line) => tr.f(Msg::ErrMalformedLine, &[("line", line)]),
        RecordErrorKind::BadPoint { text, column } => {
            tr.f(Msg::ErrRecordPoint, &[("text", text), ("column", column)])
        }
        RecordErrorKind::OffBoard {
            number,
            coords,
            size,
        } => tr.f(
            Msg::ErrRecordOffBoard,
            &[("number", number), ("coords", coords), ("size", size)],
        ),
        RecordErrorKind::Occupied { number, name } => {
            tr.f(Msg::ErrRepeated, &[("number", number), ("name", name)])
        }
        RecordErrorKind::MoveAfterFive { number } => {
            tr.f(Msg::ErrMoveAfterFive, &[("number", number)])
        }
        RecordErrorKind::MoveAfterEnd { number } => {
            tr.f(Msg::ErrMoveAfterEnd, &[("number", number)])
        }
        RecordErrorKind::Illegal { number, reason } => {
            tr.f(Msg::ErrIllegal, &[("number", number), ("reason", reason)])
        }
    };
    tr.f(Msg::ErrAtLine, &[("line", &e.line), ("error", &what)])
}

/// Why an SGF file was refused, with its line and column.
#[must_use]
pub fn sgf_error(tr: Tr, e: &SgfError) -> String {
    let what = match &e.kind {
        SgfErrorKind::NoGame => tr.s(Msg::ErrSgfNoGame).to_string(),
        SgfErrorKind::Unexpected(c) => tr.f(Msg::ErrSgfUnexpected, &[("char", c)]),
        SgfErrorKind::UnexpectedEnd => tr.s(Msg::ErrSgfEnd).to_string(),
        SgfErrorKind::NotGomoku(gm) => tr.f(Msg::ErrSgfNotGomoku, &[("gm", gm)]),
        SgfErrorKind::BadSize(size) => tr.f(Msg::ErrSgfSize, &[("size", size)]),
        SgfErrorKind::BadPoint(text) => tr.f(Msg::ErrSgfPoint, &[("text", text)]),
        SgfErrorKind::Pass(number) => tr.f(Msg::ErrSgfPass, &[("number", number)]),
        SgfErrorKind::WrongColour {
            number,
            expected,
            found,
        } => tr.f(
            Msg::ErrSgfColour,
            &[
                ("number", number),
                ("expected", &stone(tr, *expected)),
                ("found", &stone(tr, *found)),
            ],
        ),
        SgfErrorKind::SetupAfterStart => tr.s(Msg::ErrSgfSetupAfterStart).to_string(),
        SgfErrorKind::Illegal { number, error } => tr.f(
            Msg::ErrIllegal,
            &[("number", number), ("reason", &game_error(tr, error))],
        ),
    };
    tr.f(
        Msg::ErrAtLineColumn,
        &[("line", &e.line), ("column", &e.column), ("error", &what)],
    )
}

/// Why a file could not be saved.
#[must_use]
pub fn storage_error(tr: Tr, e: &StorageError) -> String {
    match e {
        StorageError::Unavailable => tr.s(Msg::ErrNoStorage).to_string(),
        StorageError::BadName(name) => tr.f(Msg::ErrBadFileName, &[("name", name)]),
        StorageError::Encode { name, reason } => {
            tr.f(Msg::ErrEncode, &[("name", name), ("reason", reason)])
        }
        StorageError::Io {
            action,
            path,
            source,
        } => {
            let what = tr.s(match *action {
                "create folder" => Msg::ActionCreateFolder,
                "remove" => Msg::ActionRemove,
                "replace" => Msg::ActionReplace,
                _ => Msg::ActionWrite,
            });
            let path = path.display();
            tr.f(
                Msg::ErrIo,
                &[("action", &what), ("path", &path), ("error", source)],
            )
        }
    }
}

/// A time control in words: "5 min + 5 s", "30 s a move", "No clock".
#[must_use]
pub fn time_control(tr: Tr, tc: TimeControl) -> String {
    let span = |d: Duration| {
        let secs = d.as_secs();
        if secs >= 60 && secs.is_multiple_of(60) {
            tr.f(Msg::ClockMinutes, &[("count", &(secs / 60))])
        } else {
            tr.f(Msg::ClockSeconds, &[("count", &secs)])
        }
    };
    let main = tc.main.map(|m| {
        if tc.increment.is_zero() {
            span(m)
        } else {
            tr.f(
                Msg::ClockPlus,
                &[("main", &span(m)), ("increment", &span(tc.increment))],
            )
        }
    });
    let per_move = tc
        .per_move
        .map(|l| tr.f(Msg::ClockPerMove, &[("time", &span(l))]));
    match (main, per_move) {
        (Some(m), Some(p)) => format!("{m}, {p}"),
        (Some(m), None) => m,
        (None, Some(p)) => p,
        (None, None) => tr.s(Msg::ClockNone).to_string(),
    }
}

/// A clock reading: "4:05", and tenths in the last ten seconds ("0:09.4").
#[must_use]
pub fn clock_reading(d: Duration) -> String {
    let tenths = d.as_millis() / 100;
    let secs = tenths / 10;
    if secs < 10 {
        format!("0:{:02}.{}", secs, tenths % 10)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// Why a player's move was refused.
#[must_use]
pub fn play_error(tr: Tr, e: &PlayError) -> String {
    match e {
        PlayError::AiTurn => tr.s(Msg::ErrAiTurn).to_string(),
        PlayError::NotAiTurn => tr.s(Msg::ErrNotAiTurn).to_string(),
        PlayError::Game(e) => game_error(tr, e),
        PlayError::Opening(e) => opening_error(tr, e),
        PlayError::Watching => tr.s(Msg::ErrWatching).to_string(),
    }
}

/// Why the opening refused a decision.
#[must_use]
pub fn opening_error(tr: Tr, e: &OpeningError) -> String {
    match e {
        OpeningError::WrongSeat { .. } => tr.s(Msg::ErrOpeningWrongSeat).to_string(),
        OpeningError::NotAsked { .. } | OpeningError::Finished => {
            tr.s(Msg::ErrOpeningNotAsked).to_string()
        }
        OpeningError::Occupied(_) | OpeningError::OffBoard(_) => {
            tr.s(Msg::ErrOpeningOccupied).to_string()
        }
        OpeningError::OutsideCentre { side, .. } => {
            tr.f(Msg::ErrOpeningOutsideCentre, &[("side", side)])
        }
        OpeningError::Forbidden { reason, .. } => forbidden(tr, *reason),
        OpeningError::SymmetricOffer { .. } => tr.s(Msg::ErrOpeningSymmetric).to_string(),
        OpeningError::OfferedTwice(_) => tr.s(Msg::ErrOpeningOfferedTwice).to_string(),
        OpeningError::NotOffered(_) => tr.s(Msg::ErrOpeningNotOffered).to_string(),
        other => tr.f(Msg::ErrOpeningOther, &[("reason", &other.to_string())]),
    }
}

/// A named opening: "Kagetsu (D4, direct)", "花月（直指）".
#[must_use]
pub fn named_opening(tr: Tr, o: NamedOpening) -> String {
    let code = o.code();
    let name = tr.f(Msg::OpeningNameOf, &[("code", &code)]);
    let kind = tr.s(match o.kind() {
        OpeningKind::Direct => Msg::OpeningDirect,
        OpeningKind::Indirect => Msg::OpeningIndirect,
    });
    tr.f(
        Msg::OpeningNamedFact,
        &[("name", &name), ("code", &code), ("kind", &kind)],
    )
}

/// `text` as a sentence on its own: its first letter a capital. Errors
/// are written to follow a colon ("h8: the game is over"); said alone in
/// the status bar they start a sentence. Scripts without case are as
/// they are.
#[must_use]
pub fn sentence_case(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// An opening rule's name.
#[must_use]
pub fn opening_rule(tr: Tr, rule: OpeningRule) -> String {
    tr.s(match rule {
        OpeningRule::Free => Msg::OpeningFree,
        OpeningRule::Swap => Msg::OpeningSwap,
        OpeningRule::Swap2 => Msg::OpeningSwap2,
        OpeningRule::Renju26 { .. } => Msg::OpeningRenju26,
        OpeningRule::Soosorv { .. } => Msg::OpeningSoosorv,
    })
    .to_string()
}

/// What the opening asks now, of whom (`ai`: the AI's seat decides).
#[must_use]
pub fn opening_stage(tr: Tr, stage: &Stage, ai: Option<bool>) -> String {
    let who = match ai {
        Some(true) => tr.s(Msg::OpeningTheAi).to_string(),
        Some(false) => tr.s(Msg::OpeningYou).to_string(),
        None => stone(tr, stage.colour).to_string(),
    };
    match &stage.ask {
        Ask::Place {
            stone: s,
            number,
            within: Some(side),
        } => tr.f(
            Msg::OpeningPlaceWithin,
            &[
                ("who", &who),
                ("stone", &stone(tr, *s)),
                ("number", number),
                ("side", side),
            ],
        ),
        Ask::Place {
            stone: s, number, ..
        } => tr.f(
            Msg::OpeningPlace,
            &[("who", &who), ("stone", &stone(tr, *s)), ("number", number)],
        ),
        Ask::ChooseColour { or_place: 0 } => tr.f(Msg::OpeningChoose, &[("who", &who)]),
        Ask::ChooseColour { .. } => tr.f(Msg::OpeningChooseOrPlace, &[("who", &who)]),
        Ask::Declare { max } => tr.f(Msg::OpeningDeclare, &[("who", &who), ("max", max)]),
        Ask::Offer { number, of } => tr.f(
            Msg::OpeningOffer,
            &[("who", &who), ("number", number), ("of", of)],
        ),
        Ask::Pick { .. } => tr.f(Msg::OpeningPick, &[("who", &who)]),
    }
}

/// The sentence announcing how `game`, played by `mode`'s players, ended,
/// from the point of view of the person at the keyboard.
#[must_use]
pub fn result(tr: Tr, game: &GameModel, mode: Mode) -> Option<String> {
    let outcome = game.outcome()?;
    let name = |s: Stone| stone(tr, s);
    Some(match (outcome, mode) {
        (Outcome::Draw, _) => tr.s(Msg::ResultDraw).to_string(),
        (Outcome::Resigned { loser }, Mode::VsAi { human }) if *loser == human => {
            tr.s(Msg::ResultYouResigned).to_string()
        }
        (Outcome::Resigned { loser }, _) => tr.f(
            Msg::ResultResigned,
            &[
                ("loser", &name(*loser)),
                ("winner", &name(loser.opponent())),
            ],
        ),
        (Outcome::Five { winner, .. }, Mode::VsAi { human }) if *winner == human => {
            tr.f(Msg::ResultYouWin, &[("winner", &name(*winner))])
        }
        (Outcome::Five { winner, .. }, _) => tr.f(Msg::ResultWins, &[("winner", &name(*winner))]),
        (Outcome::OnTime { loser }, Mode::VsAi { human }) if *loser == human => {
            tr.s(Msg::ResultYouLostOnTime).to_string()
        }
        (Outcome::OnTime { loser }, _) => tr.f(
            Msg::ResultOnTime,
            &[
                ("loser", &name(*loser)),
                ("winner", &name(loser.opponent())),
            ],
        ),
    })
}

/// A saved file that could not be read, and what became of it: "The
/// puzzle progress could not be read (…). It was kept as … and a fresh
/// one is used." `what` names the file's contents.
#[must_use]
pub fn corrupt_file(tr: Tr, what: &str, error: &str, kept_as: Option<&std::path::Path>) -> String {
    match kept_as {
        Some(path) => {
            let path = path.display();
            tr.f(
                Msg::CorruptMoved,
                &[("what", &what), ("error", &error), ("path", &path)],
            )
        }
        None => tr.f(Msg::CorruptKept, &[("what", &what), ("error", &error)]),
    }
}

/// Why a file was not imported into the position library, with where in
/// it: "byte 40: not a point of the 15×15 board", "line 3: …",
/// "game 2, line 4, column 2: …".
#[must_use]
pub fn library_failure(tr: Tr, failure: &Failure) -> String {
    match failure {
        Failure::Unreadable(e) => tr.f(Msg::ErrUnreadable, &[("error", e)]),
        Failure::Database(e) => tr.f(Msg::ErrDatabase, &[("error", e)]),
        Failure::Record(e) => record_error(tr, e),
        Failure::Sgf { game, error } => tr.f(
            Msg::ErrSgfGame,
            &[("game", game), ("error", &sgf_error(tr, error))],
        ),
        Failure::RenLib(e) => {
            let (at, what) = match e {
                ReadError::NotRenLib { .. } => (0, tr.s(Msg::ErrRenLibNotLib).to_string()),
                ReadError::ShortHeader { len } => (*len, tr.s(Msg::ErrRenLibCut).to_string()),
                ReadError::TooNew { major, minor } => (
                    8,
                    tr.f(
                        Msg::ErrRenLibVersion,
                        &[("version", &format!("{major}.{minor}"))],
                    ),
                ),
                ReadError::OddLength { at }
                | ReadError::CutExtension { at }
                | ReadError::UnendedText { at, .. } => (*at, tr.s(Msg::ErrRenLibCut).to_string()),
                ReadError::BadPoint { at, .. } => (*at, tr.s(Msg::ErrRenLibPoint).to_string()),
                ReadError::Occupied { at, point } => {
                    (*at, tr.f(Msg::ErrRenLibOccupied, &[("point", point)]))
                }
            };
            tr.f(Msg::ErrAtByte, &[("at", &at), ("error", &what)])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::{GameSettings, Point};

    const EN: Tr = Tr(Lang::English);
    const ZH: Tr = Tr(Lang::Chinese);

    #[test]
    fn a_level_is_named_with_its_band_and_measured_rating() {
        let three = Level::new(3).unwrap();
        let elo = three.rating().expect("level 3 is measured");
        assert_eq!(
            level_rated(EN, three),
            format!("Level 3 · Beginner · about {elo}")
        );
        assert_eq!(
            level_rated(ZH, three),
            format!("第 3 级 · 入门 · 约 {elo} 分")
        );
        assert_eq!(level(EN, Level::MAXIMUM), "Level 12 · Maximum");
    }

    #[test]
    fn scores_read_naturally_in_both_languages() {
        let mate_in_3 = Score::win_in(5);
        assert_eq!(score(EN, Score(800), Stone::White), "White +0.8");
        assert_eq!(score(EN, Score(-1200), Stone::White), "Black +1.2");
        assert_eq!(score(EN, Score(10), Stone::Black), "even");
        assert_eq!(score(ZH, Score(800), Stone::White), "白棋优 +0.8");
        assert_eq!(score(ZH, Score(0), Stone::White), "均势");
        assert_eq!(score(EN, mate_in_3, Stone::Black), "Black wins in 3");
        assert_eq!(score(ZH, mate_in_3, Stone::Black), "黑棋 3 步必胜");
        assert_eq!(
            score(EN, Score::loss_in(5), Stone::Black),
            "White wins in 3"
        );
    }

    #[test]
    fn dates_are_local_and_worded_in_each_language() {
        // New York: UTC-5 in winter, UTC-4 from the second Sunday of
        // March (POSIX rule, so the test needs no time-zone database).
        let new_york = TimeZone::posix("EST5EDT,M3.2.0,M11.1.0").unwrap();
        // 2026-11-22 18:05 UTC, in winter time.
        let winter = 1_795_370_700;
        assert_eq!(date_time_in(EN, winter, &new_york), "2026-11-22 13:05");
        assert_eq!(date_time_in(ZH, winter, &new_york), "2026年11月22日 13:05");
        // 2026-07-04 03:30 UTC is the evening before in summer time.
        let summer = 1_783_135_800;
        assert_eq!(date_time_in(EN, summer, &new_york), "2026-07-03 23:30");
        assert_eq!(date_time_in(ZH, summer, &new_york), "2026年7月3日 23:30");
        // The clocks went forward at 2:00 on 2026-03-08: 06:59 UTC is
        // 01:59 EST, a minute later 03:00 EDT.
        assert_eq!(
            date_time_in(EN, 1_772_953_140, &new_york),
            "2026-03-08 01:59"
        );
        assert_eq!(
            date_time_in(EN, 1_772_953_200, &new_york),
            "2026-03-08 03:00"
        );
        let utc = TimeZone::UTC;
        assert_eq!(date_time_in(EN, 0, &utc), "1970-01-01 00:00");
        assert_eq!(date_time_in(EN, 951_782_400, &utc), "2000-02-29 00:00");
        // Past the end of jiff's range: its last moment, not a panic.
        assert!(date_time_in(EN, u64::MAX, &utc).starts_with("9999-12-"));
    }

    #[test]
    fn errors_are_worded_in_each_language() {
        let e = GameError::Forbidden(Forbidden::DoubleThree);
        assert_eq!(game_error(EN, &e), e.to_string());
        assert_eq!(game_error(ZH, &e), "黑棋禁手：三三");
        let r = RecordError::new(2, RecordErrorKind::MoveAfterFive { number: 10 });
        assert_eq!(record_error(EN, &r), r.to_string());
        assert_eq!(
            record_error(ZH, &r),
            "第 2 行：第 10 手下在已经连成五子之后"
        );
    }

    #[test]
    fn results_read_naturally() {
        let vs_white = Mode::VsAi {
            human: Stone::White,
        };
        let game = GameModel::new(GameSettings::default()).unwrap();
        let mut t = crate::play::Table::new(game, vs_white);
        assert_eq!(result(EN, t.game(), vs_white), None);
        t.play_ai(Point::new(7, 7)).unwrap();
        t.resign().unwrap();
        assert_eq!(result(EN, t.game(), vs_white).unwrap(), "You resigned");
        assert_eq!(result(ZH, t.game(), vs_white).unwrap(), "你认输了");
        let two = GameSettings::default();
        let g = GameModel::from_position_string(two, "a1b1a2b2a3b3a4b4a5").unwrap();
        let text = result(EN, &g, Mode::TwoPlayer).unwrap();
        assert_eq!(text, "Black wins: five in a row");
        let text = result(ZH, &g, Mode::TwoPlayer).unwrap();
        assert_eq!(text, "黑棋胜：五子连珠");
        let vs_black = Mode::VsAi {
            human: Stone::Black,
        };
        let g = GameModel::from_position_string(two, "a1h8c1h9e1h10g1h11j1h12").unwrap();
        let text = result(EN, &g, vs_black).unwrap();
        assert_eq!(text, "White wins: five in a row");
    }
}
