//! Difficulty levels for people, mapped to search limits and variety.

use super::{Limits, SearchParams};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How hard the AI plays.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
pub enum Level {
    /// Sees direct threats, little more; plays loosely.
    Beginner,
    /// A club player's casual game.
    Casual,
    /// A solid opponent for most people.
    #[default]
    Normal,
    /// Thinks longer and plays sharply.
    Strong,
    /// Everything the engine has; always its best move.
    Maximum,
}

/// Thinking time for a hint: short, so the player is not kept waiting,
/// but at full strength whatever the AI's level (a Beginner's hint should
/// still be a good move).
pub const HINT_TIME: Duration = Duration::from_millis(1000);

/// The search a hint runs in every front end: Maximum's full strength
/// (every core, no randomness) within [`HINT_TIME`]. A hint at the AI's
/// level would carry its variety, and its score could contradict the
/// score the AI just announced for the same position.
#[must_use]
pub fn hint_params() -> SearchParams {
    SearchParams {
        limits: Limits::time(HINT_TIME),
        ..Level::Maximum.params()
    }
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 5] = [
        Level::Beginner,
        Level::Casual,
        Level::Normal,
        Level::Strong,
        Level::Maximum,
    ];

    /// The name shown to people.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Beginner => "Beginner",
            Level::Casual => "Casual",
            Level::Normal => "Normal",
            Level::Strong => "Strong",
            Level::Maximum => "Maximum",
        }
    }

    /// How a search at this level is run.
    #[must_use]
    pub fn params(self) -> SearchParams {
        // Each step up searches deeper and longer and strays less from
        // the best move. Maximum aims at 2.5 s, less when its best move and
        // score stay put and more when they change (`time::time_factor`);
        // never past 5 s, the hard limit.
        let (depth, millis, variety) = match self {
            Level::Beginner => (Some(2), 200, 4000),
            Level::Casual => (Some(4), 400, 1000),
            Level::Normal => (Some(6), 700, 250),
            Level::Strong => (Some(8), 1200, 40),
            Level::Maximum => (None, 2500, 0),
        };
        SearchParams {
            limits: Limits {
                depth,
                ..Limits::time(Duration::from_millis(millis))
            },
            variety,
            seed: None,
            // Full strength uses every core; the lower levels are meant to
            // be weaker and stay on one.
            threads: if self == Level::Maximum {
                super::search::default_threads()
            } else {
                1
            },
            multipv: 1,
            // The strong levels play the opening from the book: no time
            // spent, and variety among equally good moves.
            book: matches!(self, Level::Strong | Level::Maximum),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not a level, with the names that are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown level '{0}' (choose beginner, casual, normal, strong or maximum)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    /// A level by its name, in any letter case: `strong`, `Strong`.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        let name = s.trim();
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_parses_from_its_name_in_any_case() {
        for l in Level::ALL {
            assert_eq!(l.name().parse::<Level>(), Ok(l));
            assert_eq!(l.name().to_uppercase().parse::<Level>(), Ok(l));
            assert_eq!(l.to_string().to_lowercase().parse::<Level>(), Ok(l));
        }
    }

    #[test]
    fn other_words_are_refused_with_the_word() {
        for bad in ["", "9", "hard", "normal!"] {
            let e = bad.parse::<Level>().unwrap_err();
            assert_eq!(e, UnknownLevel(bad.to_string()));
            assert!(e.to_string().contains("strong"));
        }
    }
}
