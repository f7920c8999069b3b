//! The read-only view of the app that every panel and window draws from.
//! A component borrows it for one frame and answers with actions; it
//! never changes the game itself, so no view needs a copy of the game.

use super::analysis::review::Report;
use super::analysis::Analysis;
use super::lessons::Lessons;
use super::library::LibraryState;
use super::palette::Palette;
use super::puzzles::Puzzles;
use super::rating::Ratings;
use super::session::Session;
use super::settings::AppSettings;
use crate::i18n::{Msg, Tr};
use crate::rating::Rated;
use crate::rules::{GameModel, Point};
use std::fmt::Display;

/// What the components see this frame.
pub struct View<'a> {
    /// The player's language.
    pub tr: Tr,
    /// The game on the board.
    pub game: &'a GameModel,
    /// The game with its AI: thinking, hint, level, pause.
    pub session: &'a Session,
    /// The player's settings.
    pub settings: &'a AppSettings,
    /// Colours of the current look.
    pub palette: &'a Palette,
    /// Analysis mode, its candidates and the review pass.
    pub analysis: &'a Analysis,
    /// What the review knows of the shown game's line, when it knows
    /// anything or is running.
    pub report: Option<&'a Report>,
    /// True when a sound device was found.
    pub audio_available: bool,
    /// The intersection under the pointer, last frame.
    pub hovered: Option<Point>,
    /// Puzzle mode: the sets, progress, and the try on the board.
    pub puzzles: &'a Puzzles,
    /// Lesson mode: the lessons, progress, and the exercise on the board.
    pub lessons: &'a Lessons,
    /// The status bar's message, while it lasts.
    pub status: Option<&'a str>,
    /// The name of the foreign engine playing the game, `None` for the
    /// built-in one.
    pub opponent: Option<String>,
    /// The name of the foreign engine analysing, `None` for the built-in
    /// one.
    pub analyst: Option<String>,
    /// True while the toast shows over the status bar: the bar says
    /// nothing then, rather than be half hidden under it.
    pub toast: bool,
    /// The position library: the shown position's entry, the import in
    /// progress.
    pub library: &'a LibraryState,
    /// The player's rating, its history and the measured ladder.
    pub rating: &'a Ratings,
    /// Where the game on the board stands with the rating.
    pub rated: &'a Rated,
}

impl View<'_> {
    /// A sentence about the game's opponent engine: `built_in` speaks of
    /// "the AI", `named` of the foreign engine playing the game, by the
    /// name it gave (its `engine` argument), so a game against Rapfi never
    /// says "the AI".
    #[must_use]
    pub fn about_ai(&self, built_in: Msg, named: Msg, args: &[(&str, &dyn Display)]) -> String {
        match &self.opponent {
            Some(engine) => {
                let mut with_name: Vec<(&str, &dyn Display)> = args.to_vec();
                with_name.push(("engine", engine));
                self.tr.f(named, &with_name)
            }
            None => self.tr.f(built_in, args),
        }
    }
}
