//! The app's link to game records: position strings, `.psq` files and
//! SGF files (which keep variations, comments and set-ups).
//!
//! All calls to the record layer sit in this file.

use crate::i18n::{phrases, Msg, Tr};
use crate::record::{
    parse_record_sized, parse_sgf, write_position_string, write_psq, write_sgf, SgfInfo,
};
use crate::rules::{GameModel, GameSettings};
use crate::storage::write_atomic;
use std::path::Path;
use std::time::SystemTime;

/// The current game as a position string such as `h8i9j7`.
#[must_use]
pub fn to_position_string(game: &GameModel) -> String {
    write_position_string(game.size(), game.moves())
}

/// True when `text` reads as SGF: its first non-blank character opens a
/// game tree.
fn looks_like_sgf(text: &str) -> bool {
    text.trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('(')
}

/// A game from pasted or typed text: a position string, a whole `.psq`
/// record or an SGF record. The mode comes from `settings`, and the rule
/// too unless an SGF record names one; the size from the record (or
/// `settings` for a plain position string).
///
/// # Errors
/// The line and reason of the first problem, in `tr`'s language; nothing
/// is changed.
pub fn from_text(tr: Tr, text: &str, settings: GameSettings) -> Result<GameModel, String> {
    if looks_like_sgf(text) {
        return parse_sgf(text, settings)
            .map(|r| r.game)
            .map_err(|e| phrases::sgf_error(tr, &e));
    }
    let record =
        parse_record_sized(text, settings.size).map_err(|e| phrases::record_error(tr, &e))?;
    record
        .to_game(settings.rule)
        .map_err(|e| phrases::game_error(tr, &e))
}

/// Reads a record from `path`.
///
/// # Errors
/// Why the file could not be read or used, with its name.
pub fn open(tr: Tr, path: &Path, settings: GameSettings) -> Result<GameModel, String> {
    let shown = path.display();
    let text = std::fs::read_to_string(path)
        .map_err(|e| tr.f(Msg::CannotRead, &[("path", &shown), ("error", &e)]))?;
    from_text(tr, &text, settings)
        .map_err(|e| tr.f(Msg::InFile, &[("path", &shown), ("error", &e)]))
}

/// Writes the game to `path`: SGF with every variation and comment if
/// the name ends in `.sgf`; else the current line, whatever position is
/// shown, as a Piskvork record (`.psq`) or a position string.
///
/// # Errors
/// Why the file could not be written, with its name; a game from a
/// set-up position, which only SGF can hold, is refused in other formats.
pub fn save(tr: Tr, path: &Path, game: &GameModel) -> Result<(), String> {
    let ext = |name: &str| {
        path.extension()
            .is_some_and(|e| e.eq_ignore_ascii_case(name))
    };
    let text = if ext("sgf") {
        let info = SgfInfo {
            date: today(SystemTime::now()),
            ..SgfInfo::default()
        };
        write_sgf(game, &info)
    } else if game.has_setup() {
        return Err(tr.s(Msg::ErrSetupNeedsSgf).to_string());
    } else {
        let mut line = game.moves().to_vec();
        line.extend(game.redo_moves());
        if ext("psq") {
            write_psq(game.size(), &line, None)
        } else {
            let mut t = write_position_string(game.size(), &line);
            t.push('\n');
            t
        }
    };
    write_atomic(path, text.as_bytes()).map_err(|e| {
        let shown = path.display();
        tr.f(Msg::CannotWrite, &[("path", &shown), ("error", &e)])
    })
}

/// The name offered when saving: `gomoku-YYYY-MM-DD-HHMM.psq`, from the
/// time `now` (UTC: the standard library knows no time zones, and the
/// name only has to sort and be unlikely to clash).
#[must_use]
pub fn suggested_file_name(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date(secs / 86_400);
    let minute_of_day = secs % 86_400 / 60;
    format!(
        "gomoku-{year:04}-{month:02}-{day:02}-{:02}{:02}.psq",
        minute_of_day / 60,
        minute_of_day % 60
    )
}

/// The UTC date of `now` as SGF writes dates, `YYYY-MM-DD`.
fn today(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = civil_date(secs / 86_400);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The Gregorian date `days` days after 1970-01-01, counted in 400-year
/// eras of 146 097 days that start on 1 March, so that the leap day falls
/// at the end of each counted year.
pub(super) fn civil_date(days: u64) -> (u64, u64, u64) {
    let shifted = days + 719_468; // days from 0000-03-01 to 1970-01-01
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_from_march = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_from_march + 2) / 5 + 1;
    let month = if month_from_march < 10 {
        month_from_march + 3
    } else {
        month_from_march - 9
    };
    let year = era * 400 + year_of_era + u64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn at(secs: u64) -> String {
        suggested_file_name(SystemTime::UNIX_EPOCH + Duration::from_secs(secs))
    }

    use crate::i18n::Lang;
    use crate::rules::{Board, Point, Stone};

    const EN: Tr = Tr(Lang::English);

    fn two_players() -> GameSettings {
        GameSettings::default()
    }

    #[test]
    fn sgf_saves_keep_variations_comments_and_setups() {
        let dir = tempfile::tempdir().unwrap();
        let mut stones = Board::standard();
        stones.place(Point::new(0, 0), Stone::White).unwrap();
        let mut game = GameModel::from_setup(two_players(), &stones, Stone::Black).unwrap();
        for p in [Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)] {
            game.play(p).unwrap();
        }
        game.set_comment("a [bracketed] note");
        game.goto(1).unwrap();
        game.play(Point::new(6, 6)).unwrap();
        let path = dir.path().join("game.sgf");
        save(EN, &path, &game).unwrap();
        let back = open(EN, &path, two_players()).unwrap();
        assert_eq!(back.tree().move_count(), 4);
        assert_eq!(back.tree().start(), &stones);
        let last = back.tree().node(&[0, 0, 0]).unwrap();
        assert_eq!(last.comment, "a [bracketed] note");
        // Other formats hold no set-up: refused with a reason, no file.
        let psq = dir.path().join("game.psq");
        let e = save(EN, &psq, &game).unwrap_err();
        assert!(e.contains(".sgf"), "{e}");
        assert!(!psq.exists());
    }

    #[test]
    fn psq_saves_hold_the_whole_line_whatever_is_shown() {
        let dir = tempfile::tempdir().unwrap();
        let mut game = GameModel::from_position_string(two_players(), "h8i9j7").unwrap();
        game.to_start();
        let path = dir.path().join("game.psq");
        save(EN, &path, &game).unwrap();
        let back = open(EN, &path, two_players()).unwrap();
        assert_eq!(back.position_string(), "h8i9j7");
    }

    #[test]
    fn a_broken_sgf_is_refused_with_line_and_column() {
        let e = from_text(EN, "(;GM[4]\n;B[hh]\n;B[ii])", two_players()).unwrap_err();
        assert!(e.starts_with("line 3, column 2:"), "{e}");
    }

    #[test]
    fn suggested_names_carry_the_utc_date_and_minute() {
        assert_eq!(at(0), "gomoku-1970-01-01-0000.psq");
        // 2000-02-29 23:59:59, a leap day in a century leap year.
        assert_eq!(at(951_868_799), "gomoku-2000-02-29-2359.psq");
        // 2026-11-22 04:35:10.
        assert_eq!(at(1_795_322_110), "gomoku-2026-11-22-0435.psq");
        // 2100-03-01 00:00, the day after a century year's 28 February.
        assert_eq!(at(4_107_542_400), "gomoku-2100-03-01-0000.psq");
    }
}
