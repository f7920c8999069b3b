//! Difficulty levels for people, mapped to search limits and variety.

use super::{Limits, SearchParams};
use serde::{Deserialize, Serialize};
use std::fmt;
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
        // the best move; Maximum keeps a person waiting 2.5 s at most.
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
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
