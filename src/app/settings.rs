//! The player's preferences, kept between runs.

use super::rating::RatingChoice;
use super::watch::WatchSetup;
use crate::engine::{Band, Level};
use crate::gomocup::{EngineDescriptor, EngineSpec};
use crate::i18n::Lang;
use crate::play::Mode;
use crate::rules::opening::OpeningRule;
use crate::rules::{
    GameClock, GameSettings, Rule, Stone, TimeControl, MAX_SIZE, MIN_SIZE, STANDARD_SIZE,
};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

/// Light or dark look.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum Theme {
    /// Dark text on light panels.
    #[default]
    Light,
    /// Light text on dark panels.
    Dark,
}

/// Where the window was and how big, in logical points, so the next run
/// opens it the same way.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct WindowGeometry {
    /// Left edge of the window on the desktop.
    pub x: f32,
    /// Top edge of the window on the desktop.
    pub y: f32,
    /// Width of the window's content.
    pub width: f32,
    /// Height of the window's content.
    pub height: f32,
}

/// Candidate moves analysis ranks until the player picks another count:
/// enough to compare, few enough to read at a glance.
pub const DEFAULT_CANDIDATES: usize = 3;

/// Most candidate moves analysis ranks.
pub const MAX_CANDIDATES: usize = 5;

/// The smallest window the app opens: the board and the side panel fit.
pub const MIN_WINDOW: [f32; 2] = [480.0, 360.0];

/// The window's size on a first run.
pub const DEFAULT_WINDOW: [f32; 2] = [1000.0, 720.0];

/// Sizes and positions beyond this many points come from a broken file,
/// not a real desktop.
const MAX_WINDOW_COORD: f32 = 20_000.0;

impl WindowGeometry {
    /// The geometry if it is plausible: finite, on a desktop of sane size,
    /// the size raised to [`MIN_WINDOW`].
    #[must_use]
    pub fn sanitised(self) -> Option<WindowGeometry> {
        let all = [self.x, self.y, self.width, self.height];
        if all
            .iter()
            .any(|v| !v.is_finite() || v.abs() > MAX_WINDOW_COORD)
        {
            return None;
        }
        Some(WindowGeometry {
            width: self.width.max(MIN_WINDOW[0]),
            height: self.height.max(MIN_WINDOW[1]),
            ..self
        })
    }
}

/// The opening rules the Settings menu offers.
pub const OPENING_CHOICES: [OpeningRule; 5] = [
    OpeningRule::Free,
    OpeningRule::Swap,
    OpeningRule::Swap2,
    OpeningRule::Renju26 { offers: 2 },
    OpeningRule::Soosorv { max_offers: 8 },
];

/// The game clocks the Settings menu offers (the same for both sides).
pub const CLOCK_CHOICES: [TimeControl; 8] = [
    TimeControl::UNTIMED,
    clock(60, 0, 0),
    clock(180, 2, 0),
    clock(300, 0, 0),
    clock(300, 5, 0),
    clock(600, 0, 0),
    clock(900, 10, 0),
    clock(0, 0, 30),
];

/// Black's clock when the player asks for a clock each side while the
/// game is untimed: a common club time, from which a handicap is set.
pub const DEFAULT_SIDE_CLOCK: TimeControl = clock(600, 0, 0);

/// `main` seconds plus `increment` a move, or (main 0) `per_move` seconds
/// a move.
const fn clock(main: u64, increment: u64, per_move: u64) -> TimeControl {
    TimeControl {
        main: if main > 0 {
            Some(Duration::from_secs(main))
        } else {
            None
        },
        increment: Duration::from_secs(increment),
        per_move: if per_move > 0 {
            Some(Duration::from_secs(per_move))
        } else {
            None
        },
    }
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
    /// The window's place and size when the app last closed.
    pub window: Option<WindowGeometry>,
    /// The language the player chose; `None` follows the system's
    /// locale, so a first start speaks the player's language.
    pub language: Option<Lang>,
    /// How many candidate moves analysis ranks (1 to 5).
    pub analysis_candidates: usize,
    /// The side panel's width in points, as the player dragged it.
    pub side_width: f32,
    /// The game clock of the next new game (the same for both sides);
    /// untimed by default.
    pub clock: TimeControl,
    /// The opening rule of the next new game; free by default.
    pub opening_rule: OpeningRule,
    /// The foreign Gomocup engines the player added (Game →
    /// Engines…), as probed, with their settings; empty by default.
    pub engines: Vec<EngineDescriptor>,
    /// Whether the AI thinks on the player's time, per level.
    pub ponder: PonderSettings,
    /// Black's and White's engines the last time engines played each
    /// other (Game → Watch engines play…).
    pub watch: WatchSetup,
    /// The listed engine that analyses, by its command line; `None` (the
    /// default) for the built-in engine.
    pub analysis_engine: Option<EngineSpec>,
    /// The folder of the last tournament started in the Tournaments
    /// window, which its Resume goes on with (also after a restart).
    pub last_tournament: Option<PathBuf>,
    /// White's game clock in the next new game when it differs from
    /// Black's (`clock` is then Black's): a handicap. `None`, the default
    /// and what older settings files load as, gives both sides `clock`.
    pub white_clock: Option<TimeControl>,
    /// The opening explorer shows in the side panel (Analysis → Opening
    /// explorer); off by default.
    pub explorer: bool,
    /// Analysis and finished games write what they learn into the
    /// position library; on by default.
    pub library_learns: bool,
    /// Whether a move against the AI that loses by force, or misses a
    /// win, is questioned before it is played, per level.
    pub training_wheels: TrainingWheels,
    /// The player's rating's choices: "Adaptive (your rating)"
    /// (`app::rating`); off by default.
    pub rating: RatingChoice,
}

/// The training wheels, per band of levels: before a move against the AI that lets
/// the opponent win by force or misses the player's own win, the app says
/// so and offers to take it back. On by default at the two lowest levels,
/// where newcomers play; off above, where they would be a crutch.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct TrainingWheels {
    /// At the Beginner levels.
    pub beginner: bool,
    /// At the Casual levels.
    pub casual: bool,
    /// At the Normal levels.
    pub normal: bool,
    /// At the Strong levels.
    pub strong: bool,
    /// At the Maximum levels.
    pub maximum: bool,
}

impl Default for TrainingWheels {
    fn default() -> TrainingWheels {
        TrainingWheels {
            beginner: true,
            casual: true,
            normal: false,
            strong: false,
            maximum: false,
        }
    }
}

impl TrainingWheels {
    fn slot(&mut self, level: Level) -> &mut bool {
        match level.band() {
            Band::Beginner => &mut self.beginner,
            Band::Casual => &mut self.casual,
            Band::Normal => &mut self.normal,
            Band::Strong => &mut self.strong,
            Band::Maximum => &mut self.maximum,
        }
    }

    /// Whether moves are questioned at `level`.
    #[must_use]
    pub fn enabled(mut self, level: Level) -> bool {
        *self.slot(level)
    }

    /// Turns the questions at `level` on or off.
    pub fn set(&mut self, level: Level, on: bool) {
        *self.slot(level) = on;
    }
}

/// Whether the AI thinks on the player's time ("pondering"), for each
/// level that may: only Strong and Maximum, the levels meant to play
/// their best. On by default at Maximum; at Strong, whose depth cap ends
/// a ponder search early, it makes replies quicker rather than stronger,
/// so it waits to be asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PonderSettings {
    /// Pondering at the Strong levels.
    pub strong: bool,
    /// Pondering at the Maximum levels.
    pub maximum: bool,
}

impl Default for PonderSettings {
    fn default() -> PonderSettings {
        PonderSettings {
            strong: false,
            maximum: true,
        }
    }
}

impl PonderSettings {
    /// True if `level` may ponder at all.
    #[must_use]
    pub fn applies_to(level: Level) -> bool {
        matches!(level.band(), Band::Strong | Band::Maximum)
    }

    /// Whether the AI ponders at `level`.
    #[must_use]
    pub fn enabled(self, level: Level) -> bool {
        match level.band() {
            Band::Strong => self.strong,
            Band::Maximum => self.maximum,
            _ => false,
        }
    }

    /// Turns pondering at `level` on or off (the lower levels never
    /// ponder, so nothing changes for them).
    pub fn set(&mut self, level: Level, on: bool) {
        match level.band() {
            Band::Strong => self.strong = on,
            Band::Maximum => self.maximum = on,
            _ => {}
        }
    }
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
            clock: TimeControl::UNTIMED,
            opening_rule: OpeningRule::Free,
            engines: Vec::new(),
            ponder: PonderSettings::default(),
            watch: WatchSetup::default(),
            analysis_engine: None,
            last_tournament: None,
            white_clock: None,
            training_wheels: TrainingWheels::default(),
            last_folder: None,
            window: None,
            language: None,
            analysis_candidates: DEFAULT_CANDIDATES,
            side_width: super::layout::DEFAULT_WIDTH,
            explorer: false,
            library_learns: true,
            rating: RatingChoice::default(),
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
        self.window = self.window.and_then(WindowGeometry::sanitised);
        self.analysis_candidates = self.analysis_candidates.clamp(1, MAX_CANDIDATES);
        self.side_width = super::layout::clamp_width(self.side_width, f32::INFINITY);
        self
    }

    /// The game clock of a new game as chosen here, each side with its
    /// own control when they differ (`None`: untimed).
    #[must_use]
    pub fn game_clock(&self) -> Option<GameClock> {
        let white = self.white_clock.unwrap_or(self.clock);
        (!(self.clock.is_untimed() && white.is_untimed()))
            .then(|| GameClock::new(self.clock, white))
    }

    /// The settings of a new game as chosen here.
    #[must_use]
    pub fn game_settings(&self) -> GameSettings {
        GameSettings {
            size: self.board_size,
            rule: self.rule,
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
    fn pondering_is_on_at_maximum_only_until_changed() {
        let s: AppSettings = serde_json::from_str(r#"{"level": "Maximum"}"#).unwrap();
        assert!(s.ponder.enabled(Level::MAXIMUM));
        assert!(!s.ponder.enabled(Band::Strong.representative()));
        let mut p = s.ponder;
        for level in [
            Band::Beginner.representative(),
            Band::Casual.representative(),
            Band::Normal.representative(),
        ] {
            assert!(!PonderSettings::applies_to(level));
            p.set(level, true);
            assert!(!p.enabled(level), "{level} never ponders");
        }
        p.set(Band::Strong.representative(), true);
        p.set(Level::MAXIMUM, false);
        let text = serde_json::to_string(&AppSettings {
            ponder: p,
            ..AppSettings::default()
        })
        .unwrap();
        let back: AppSettings = serde_json::from_str(&text).unwrap();
        assert!(back.ponder.enabled(Band::Strong.representative()));
        assert!(!back.ponder.enabled(Level::MAXIMUM));
    }

    #[test]
    fn round_trip_and_sanitise() {
        let s = AppSettings {
            mode: Mode::TwoPlayer,
            level: Band::Strong.representative(),
            rule: Rule::Standard,
            board_size: 99,
            volume: 7.0,
            theme: Theme::Dark,
            last_folder: Some(PathBuf::from("/home/me/games")),
            window: Some(WindowGeometry {
                x: 40.0,
                y: 30.0,
                width: 900.0,
                height: 100.0,
            }),
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
        let w = clean.window.unwrap();
        assert_eq!((w.x, w.y, w.width), (40.0, 30.0, 900.0));
        assert_eq!(w.height, MIN_WINDOW[1], "raised to the minimum");
    }

    #[test]
    fn each_side_may_have_its_own_clock() {
        let ten = TimeControl::sudden_death(Duration::from_secs(600));
        let five = TimeControl::sudden_death(Duration::from_secs(300));
        // Settings from before per-side clocks: the same for both.
        let old: AppSettings =
            serde_json::from_str(r#"{"clock": {"main": {"secs": 600, "nanos": 0}, "increment": {"secs": 0, "nanos": 0}, "per_move": null}}"#)
                .unwrap();
        assert_eq!(old.white_clock, None);
        let c = old.game_clock().unwrap();
        assert_eq!(
            (c.control(Stone::Black), c.control(Stone::White)),
            (ten, ten)
        );
        let s = AppSettings {
            clock: ten,
            white_clock: Some(five),
            ..AppSettings::default()
        };
        let back: AppSettings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
        assert_eq!(back, s);
        let c = s.game_clock().unwrap();
        assert_eq!(
            (c.control(Stone::Black), c.control(Stone::White)),
            (ten, five)
        );
        assert_eq!(c.remaining(Stone::White), Some(Duration::from_secs(300)));
        // One timed side is a timed game.
        let one = AppSettings {
            white_clock: Some(five),
            ..AppSettings::default()
        };
        assert!(one.game_clock().is_some());
        assert!(AppSettings::default().game_clock().is_none());
    }

    #[test]
    fn impossible_window_geometry_is_dropped() {
        for bad in [f32::NAN, f32::INFINITY, 1e9] {
            let s = AppSettings {
                window: Some(WindowGeometry {
                    x: bad,
                    y: 0.0,
                    width: 800.0,
                    height: 600.0,
                }),
                ..AppSettings::default()
            };
            assert_eq!(s.sanitised().window, None, "{bad}");
        }
    }
}
