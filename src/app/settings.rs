//! The player's preferences, kept between runs.

use crate::engine::Level;
use crate::i18n::Lang;
use crate::rules::{GameSettings, Mode, Rule, Stone, MAX_SIZE, MIN_SIZE, STANDARD_SIZE};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Light or dark look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Dark text on light panels.
    #[default]
    Light,
    /// Light text on dark panels.
    Dark,
}

/// Everything the player chose in the menus. Unknown or missing fields
/// fall back to their defaults, so an older or newer settings file still
/// loads.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct AppSettings {
    /// Who plays whom in the next new game (and the current one, on start).
    pub mode: Mode,
    /// The AI's strength.
    pub level: Level,
    /// Which lines win in the next new game.
    pub rule: Rule,
    /// Board side for the next new game.
    pub board_size: u8,
    /// Whether sound cues play.
    pub sound: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    /// Light or dark look.
    pub theme: Theme,
    /// Numbers on the stones, in the order they were played.
    pub move_numbers: bool,
    /// Column letters and row numbers around the board.
    pub coordinates: bool,
    /// The AI's depth, score and best line while it thinks.
    pub show_thinking: bool,
    /// The folder a record was last opened from or saved to, where the
    /// next file dialog starts.
    pub last_folder: Option<PathBuf>,
    /// The language the player chose; `None` follows the system's
    /// locale, so a first start speaks the player's language.
    pub language: Option<Lang>,
}

impl Default for AppSettings {
    fn default() -> AppSettings {
        AppSettings {
            mode: Mode::VsAi {
                human: Stone::Black,
            },
            level: Level::default(),
            rule: Rule::Freestyle,
            board_size: STANDARD_SIZE,
            sound: true,
            volume: 0.8,
            theme: Theme::Light,
            move_numbers: false,
            coordinates: true,
            show_thinking: true,
            last_folder: None,
            language: None,
        }
    }
}

impl AppSettings {
    /// The settings with out-of-range values (from a hand-edited file)
    /// brought back into range.
    #[must_use]
    pub fn sanitised(mut self) -> AppSettings {
        if !(MIN_SIZE..=MAX_SIZE).contains(&self.board_size) {
            self.board_size = STANDARD_SIZE;
        }
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            AppSettings::default().volume
        };
        self
    }

    /// The settings of a new game as chosen here.
    #[must_use]
    pub fn game_settings(&self) -> GameSettings {
        GameSettings {
            size: self.board_size,
            rule: self.rule,
            mode: self.mode,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_take_defaults() {
        let s: AppSettings = serde_json::from_str(r#"{"move_numbers": true}"#).unwrap();
        assert!(s.move_numbers);
        assert_eq!(s.level, Level::default());
        assert!(s.coordinates);
        assert_eq!(s.last_folder, None);
        assert_eq!(s.language, None);
    }

    #[test]
    fn round_trip_and_sanitise() {
        let s = AppSettings {
            mode: Mode::TwoPlayer,
            level: Level::Strong,
            rule: Rule::Standard,
            board_size: 99,
            volume: 7.0,
            theme: Theme::Dark,
            last_folder: Some(PathBuf::from("/home/me/games")),
            language: Some(Lang::Chinese),
            ..AppSettings::default()
        };
        let text = serde_json::to_string(&s).unwrap();
        let back: AppSettings = serde_json::from_str(&text).unwrap();
        assert_eq!(back, s);
        let clean = back.sanitised();
        assert_eq!(clean.board_size, STANDARD_SIZE);
        assert!((clean.volume - 1.0).abs() < f32::EPSILON);
        assert_eq!(clean.game_settings().rule, Rule::Standard);
    }
}
