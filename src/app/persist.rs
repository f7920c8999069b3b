//! The app's link to saved state: settings, the game in progress and the
//! recent games.
//!
//! All calls to the storage layer sit in this file. Failures never stop
//! the game: a file that cannot be read is reported once (it has been
//! kept aside by the storage layer) and the app starts fresh; one that
//! cannot be written is reported in the status bar.

use super::analysis::review::SavedReview;
use super::puzzles::SavedPuzzles;
use super::recent::RecentGames;
use super::settings::AppSettings;
use crate::i18n::{phrases, Msg, Tr};
use crate::lesson::SavedLessons;
use crate::play::Table;
use crate::rating::RatingBook;
use crate::storage::{
    Load, Storage, AUTOSAVE_FILE, LESSONS_FILE, PUZZLES_FILE, RATING_FILE, RECENT_FILE,
    REVIEW_FILE, SETTINGS_FILE,
};
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

fn restored<T>(tr: Tr, load: Load<T>, what: Msg) -> Restored<T> {
    match load {
        Load::Loaded(v) => Restored::Loaded(v),
        Load::Missing => Restored::Missing,
        Load::Corrupt { error, kept_as } => Restored::Corrupt {
            message: phrases::corrupt_file(tr, tr.s(what), &error, kept_as.as_deref()),
        },
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

    /// The folder the files are kept in, if any (the app's data folder).
    #[must_use]
    pub fn dir(&self) -> Option<std::path::PathBuf> {
        self.storage.dir().map(std::path::Path::to_path_buf)
    }

    /// The saved settings; a problem is told in `tr`'s language.
    #[must_use]
    pub fn load_settings(&self, tr: Tr) -> Restored<AppSettings> {
        restored(tr, self.storage.load(SETTINGS_FILE), Msg::SettingsFile)
    }

    /// The saved game; a problem is told in `tr`'s language.
    #[must_use]
    pub fn load_game(&self, tr: Tr) -> Restored<Table> {
        restored(tr, self.storage.load(AUTOSAVE_FILE), Msg::SavedGame)
    }

    /// The recent games; a problem is told in `tr`'s language.
    #[must_use]
    pub fn load_recent(&self, tr: Tr) -> Restored<RecentGames> {
        restored(tr, self.storage.load(RECENT_FILE), Msg::RecentGamesFile)
    }

    /// Puzzle progress and the player's own puzzles.
    #[must_use]
    pub fn load_puzzles(&self, tr: Tr) -> Restored<SavedPuzzles> {
        restored(tr, self.storage.load(PUZZLES_FILE), Msg::SaveWhatPuzzles)
    }

    /// Writes puzzle progress and the player's own puzzles.
    ///
    /// # Errors
    /// Why it could not be written, in `tr`'s language.
    pub fn save_puzzles(&self, tr: Tr, puzzles: &SavedPuzzles) -> Result<(), String> {
        self.storage
            .save(PUZZLES_FILE, puzzles)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// The exercises done in the lessons.
    #[must_use]
    pub fn load_lessons(&self, tr: Tr) -> Restored<SavedLessons> {
        restored(tr, self.storage.load(LESSONS_FILE), Msg::SaveWhatLessons)
    }

    /// Writes the exercises done in the lessons.
    ///
    /// # Errors
    /// Why it could not be written, in `tr`'s language.
    pub fn save_lessons(&self, tr: Tr, lessons: &SavedLessons) -> Result<(), String> {
        self.storage
            .save(LESSONS_FILE, lessons)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// The player's rating and rated games.
    #[must_use]
    pub fn load_rating(&self, tr: Tr) -> Restored<RatingBook> {
        restored(tr, self.storage.load(RATING_FILE), Msg::SaveWhatRating)
    }

    /// Writes the player's rating and rated games.
    ///
    /// # Errors
    /// Why it could not be written, in `tr`'s language.
    pub fn save_rating(&self, tr: Tr, book: &RatingBook) -> Result<(), String> {
        self.storage
            .save(RATING_FILE, book)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// The review of the saved game, if one was kept.
    #[must_use]
    pub fn load_review(&self, tr: Tr) -> Restored<SavedReview> {
        restored(tr, self.storage.load(REVIEW_FILE), Msg::SaveWhatReview)
    }

    /// Writes the review of the game in progress.
    ///
    /// # Errors
    /// Why it could not be written, in `tr`'s language.
    pub fn save_review(&self, tr: Tr, review: &SavedReview) -> Result<(), String> {
        self.storage
            .save(REVIEW_FILE, review)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// Saves the recent games.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_recent(&self, tr: Tr, recent: &RecentGames) -> Result<(), String> {
        self.storage
            .save(RECENT_FILE, recent)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// Saves the settings.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_settings(&self, tr: Tr, settings: &AppSettings) -> Result<(), String> {
        self.storage
            .save(SETTINGS_FILE, settings)
            .map_err(|e| phrases::storage_error(tr, &e))
    }

    /// Saves the game.
    ///
    /// # Errors
    /// Why the file could not be written, for the player.
    pub fn save_game(&self, tr: Tr, game: &Table) -> Result<(), String> {
        self.storage
            .save(AUTOSAVE_FILE, game)
            .map_err(|e| phrases::storage_error(tr, &e))
    }
}
