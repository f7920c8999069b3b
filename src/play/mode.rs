//! Who plays whom.

use crate::rules::Stone;
use serde::{Deserialize, Serialize};

/// Who plays whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// A person against the AI; `human` is the colour the person plays.
    VsAi {
        /// The person's colour. If White, the AI opens the game.
        human: Stone,
    },
    /// Two people taking turns at one computer.
    TwoPlayer,
}

impl Default for Mode {
    fn default() -> Mode {
        Mode::VsAi {
            human: Stone::Black,
        }
    }
}

impl Mode {
    /// The colour the AI plays, in a game against the AI.
    #[must_use]
    pub fn ai_stone(self) -> Option<Stone> {
        match self {
            Mode::VsAi { human } => Some(human.opponent()),
            Mode::TwoPlayer => None,
        }
    }

    /// The person's colour in a game against the AI.
    #[must_use]
    pub fn human(self) -> Option<Stone> {
        match self {
            Mode::VsAi { human } => Some(human),
            Mode::TwoPlayer => None,
        }
    }

    /// True in a game against the AI.
    #[must_use]
    pub fn is_vs_ai(self) -> bool {
        matches!(self, Mode::VsAi { .. })
    }
}
