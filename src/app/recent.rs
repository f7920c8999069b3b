//! Recent games: every finished or abandoned game, kept automatically so
//! nothing a person does loses a game. Pure data, saved as one JSON file;
//! the window that lists them is in `recent_view`.

use crate::engine::Level;
use crate::i18n::phrases::result as result_text;
use crate::i18n::{phrases, Msg, Tr};
use crate::play::{Mode, Table};
use crate::rules::GameModel;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// How many games the list keeps; the oldest drop off the end.
pub const RECENT_LIMIT: usize = 50;

/// One kept game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecentGame {
    /// Which game this is: the same game kept again (finished, then
    /// replaced) updates its entry instead of adding another.
    pub id: u64,
    /// When it was kept, in seconds since 1970 (UTC).
    pub kept_at: u64,
    /// The AI's level at the time, for the players line.
    pub level: Level,
    /// The game, with its undo/redo line, and its players. (Named `game`
    /// in the file, as before players left the game model.)
    #[serde(rename = "game")]
    pub table: Table,
}

impl RecentGame {
    /// "You (Black) vs AI (Normal)", "Two players", or the engines that
    /// played each other ("Rapfi vs Built-in engine (Normal)").
    #[must_use]
    pub fn players(&self, tr: Tr) -> String {
        if let (Some(black), Some(white)) = (
            self.table.player_name(crate::rules::Stone::Black),
            self.table.player_name(crate::rules::Stone::White),
        ) {
            return tr.f(Msg::WatchVs, &[("black", &black), ("white", &white)]);
        }
        match self.table.mode() {
            Mode::VsAi { human } => tr.f(
                Msg::RecentVsAi,
                &[
                    ("stone", &phrases::stone(tr, human)),
                    ("level", &phrases::level(tr, self.level)),
                ],
            ),
            Mode::TwoPlayer => tr.s(Msg::ModeTwoPlayer).to_string(),
        }
    }

    /// The game as far as its line goes: a game kept while an earlier
    /// move was shown is still the whole game, with its result.
    #[must_use]
    pub fn line_end(&self) -> GameModel {
        let mut game = self.table.game().clone();
        game.to_end();
        game
    }

    /// The result in words, or "Unfinished".
    #[must_use]
    pub fn result(&self, tr: Tr) -> String {
        result_text(tr, &self.line_end(), self.table.mode())
            .unwrap_or_else(|| tr.s(Msg::Unfinished).to_string())
    }

    /// "12 moves": the whole line, wherever it was looked at.
    #[must_use]
    pub fn moves(&self, tr: Tr) -> String {
        let game = self.table.game();
        let count = game.moves().len() + game.redo_moves().len();
        tr.f(Msg::MoveCount, &[("count", &count)])
    }

    /// The date and time it was kept, in local time: "2026-11-22 18:05".
    #[must_use]
    pub fn when(&self, tr: Tr) -> String {
        phrases::local_date_time(tr, self.kept_at)
    }
}

/// The kept games, newest first.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct RecentGames {
    /// Newest first, at most [`RECENT_LIMIT`].
    pub games: Vec<RecentGame>,
}

impl RecentGames {
    /// Keeps `game` (played at `level`) as game `id`, newest first. An
    /// empty board with no moves is not worth keeping; the same game kept before (same
    /// id, or the very same moves) moves to the top with its new state.
    /// Returns true if the list changed.
    pub fn keep(&mut self, id: u64, table: &Table, level: Level) -> bool {
        let game = table.game();
        // A set-up position with no move yet is still someone's work.
        let untouched = game.moves().is_empty() && game.redo_moves().is_empty();
        if untouched && !game.is_over() && !game.has_setup() {
            return false;
        }
        if let Some(top) = self.games.first() {
            if top.id == id && top.table == *table {
                return false;
            }
        }
        self.games.retain(|g| g.id != id && g.table != *table);
        self.games.insert(
            0,
            RecentGame {
                id,
                kept_at: now_secs(),
                level,
                table: table.clone(),
            },
        );
        self.games.truncate(RECENT_LIMIT);
        true
    }

    /// Takes game `id` out of the list (it is on the board again).
    pub fn remove(&mut self, id: u64) -> Option<RecentGame> {
        let i = self.games.iter().position(|g| g.id == id)?;
        Some(self.games.remove(i))
    }

    /// True if game `id` is in the list.
    #[must_use]
    pub fn contains(&self, id: u64) -> bool {
        self.games.iter().any(|g| g.id == id)
    }
}

/// A fresh game id: the clock in nanoseconds, made unique within the run
/// by a counter, so ids from different runs do not collide either.
#[must_use]
pub fn new_game_id() -> u64 {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos.wrapping_add(COUNTER.fetch_add(1, Ordering::Relaxed))
}

fn now_secs() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Band;
    use crate::rules::{GameModel, GameSettings, Point};

    fn game(moves: &[(u8, u8)]) -> Table {
        let points: Vec<Point> = moves.iter().map(|&(x, y)| Point::new(x, y)).collect();
        let game = GameModel::from_moves(GameSettings::default(), &points).unwrap();
        Table::new(game, Mode::TwoPlayer)
    }

    #[test]
    fn a_setup_is_kept_even_before_its_first_move() {
        let mut stones = crate::rules::Board::standard();
        stones
            .place(Point::new(7, 7), crate::rules::Stone::Black)
            .unwrap();
        let settings = GameSettings::default();
        let setup = GameModel::from_setup(settings, &stones, crate::rules::Stone::White).unwrap();
        let setup = Table::new(setup, Mode::TwoPlayer);
        let mut r = RecentGames::default();
        assert!(r.keep(1, &setup, Band::Normal.representative()));
    }

    #[test]
    fn the_same_game_updates_its_entry_and_empty_boards_are_skipped() {
        let mut r = RecentGames::default();
        assert!(!r.keep(1, &game(&[]), Band::Normal.representative()));
        assert!(r.keep(1, &game(&[(7, 7)]), Band::Normal.representative()));
        assert!(r.keep(2, &game(&[(3, 3)]), Band::Normal.representative()));
        assert!(r.keep(1, &game(&[(7, 7), (8, 8)]), Band::Normal.representative()));
        let ids: Vec<u64> = r.games.iter().map(|g| g.id).collect();
        assert_eq!(ids, [1, 2]);
        assert_eq!(r.games[0].table.game().moves().len(), 2);
        assert_eq!(r.games[0].moves(Tr::default()), "2 moves");
        assert_eq!(r.games[0].result(Tr::default()), "Unfinished");
        assert_eq!(r.games[0].players(Tr::default()), "Two players");
        // The very same game under a new id (after a restart) is not
        // listed twice.
        assert!(r.keep(9, &game(&[(3, 3)]), Band::Normal.representative()));
        assert_eq!(r.games.len(), 2);
        assert_eq!(r.remove(9).map(|g| g.id), Some(9));
        assert!(!r.contains(9));
    }

    #[test]
    fn the_list_keeps_the_newest_fifty() {
        let mut r = RecentGames::default();
        for i in 0..60u8 {
            r.keep(
                u64::from(i),
                &game(&[(i % 15, i / 15)]),
                Band::Strong.representative(),
            );
        }
        assert_eq!(r.games.len(), RECENT_LIMIT);
        assert_eq!(r.games[0].id, 59);
        assert_eq!(r.games[RECENT_LIMIT - 1].id, 10);
    }
}
