//! The app's link to saved state: settings, the game in progress and the
//! recent games.
//!
//! All calls to the storage layer sit in this file. Failures never stop
//! the game: a file that cannot be read is reported once (it has been
//! kept aside by the storage layer) and the app starts fresh; one that
//! cannot be written is reported in the status bar.

use super::recent::RecentGames;
use super::settings::AppSettings;
use crate::rules::GameModel;
use crate::storage::{Load, Storage, AUTOSAVE_FILE, RECENT_FILE, SETTINGS_FILE};
use std::path::PathBuf;

/// What was found on start.
#[derive(Debug, Clone, PartialEq)]
pub enum Restored<T> {
    /// Nothing saved yet.
    Missing,
    /// The saved value.
    Loaded(T),
    /// The file could not be used; `message` says why and where the bad
    /// file was kept.
    Corrupt {
        /// For the player.
        message: String,
    },
}

fn restored<T>(load: Load<T>, what: &str) -> Restored<T> {
    if let Some(message) = load.problem(what) {
        return Restored::Corrupt { message };
    }
    match load {
        Load::Loaded(v) => Restored::Loaded(v),
        _ => Restored::Missing,
    }
}

/// Where settings and the game are kept.
pub struct Persist {
    storage: Storage,
}

impl Persist {
    /// The platform's standard place (a disabled store if there is none,
    /// so the app stays playable).
    #[must_use]
    pub fn open_default() -> Option<Persist> {
        Some(Persist {
            storage: Storage::open_default(),
        })
    }

    /// A store in `dir` (tests).
    #[must_use]
    pub fn at(dir: PathBuf) -> Persist {
        Persist {
            storage: Storage::at(dir),
        }
    }

    /// The saved settings.
    #[must_use]
    pub fn load_settings(&self) -> Restored<AppSettings> {
        restored(self.storage.load(SETTINGS_FILE), "settings file")
    }

    /// The saved game.
    #[must_use]
    pub fn load_game(&self) -> Restored<GameModel> {
        restored(self.storage.load(AUTOSAVE_FILE), "saved game")
    }

    /// The recent games.
    #[must_use]
    pub fn load_recent(&self) -> Restored<RecentGames> {
        restored(self.storage.load(RECENT_FILE), "recent games list")
    }

    /// Saves the recent games.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_recent(&self, recent: &RecentGames) -> Result<(), String> {
        self.storage
            .save(RECENT_FILE, recent)
            .map_err(|e| e.to_string())
    }

    /// Saves the settings.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_settings(&self, settings: &AppSettings) -> Result<(), String> {
        self.storage
            .save(SETTINGS_FILE, settings)
            .map_err(|e| e.to_string())
    }

    /// Saves the game.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_game(&self, game: &GameModel) -> Result<(), String> {
        self.storage
            .save(AUTOSAVE_FILE, game)
            .map_err(|e| e.to_string())
    }
}
