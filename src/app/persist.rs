//! The app's link to saved state: settings and the game in progress.
//!
//! All calls to the storage layer sit in this file. Failures never stop
//! the game: a file that cannot be read is reported once and the app
//! starts fresh; one that cannot be written is reported in the status bar.

use super::settings::AppSettings;
use crate::rules::GameModel;

/// What was found on start.
// Only the storage layer builds the other variants; until it is wired in,
// nothing does.
#[allow(dead_code)]
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

/// Where settings and the game are kept.
pub struct Persist {
    _private: (),
}

impl Persist {
    /// The platform's standard place, if there is one.
    #[must_use]
    pub fn open_default() -> Option<Persist> {
        None
    }

    /// The saved settings.
    #[must_use]
    pub fn load_settings(&self) -> Restored<AppSettings> {
        Restored::Missing
    }

    /// The saved game.
    #[must_use]
    pub fn load_game(&self) -> Restored<GameModel> {
        Restored::Missing
    }

    /// Saves the settings.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_settings(&self, _settings: &AppSettings) -> Result<(), String> {
        Ok(())
    }

    /// Saves the game.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_game(&self, _game: &GameModel) -> Result<(), String> {
        Ok(())
    }
}
