//! The two colours of stones.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A stone colour, and so also a player. Black always moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stone {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Stone {
    /// The other colour.
    #[must_use]
    pub const fn opponent(self) -> Stone {
        match self {
            Stone::Black => Stone::White,
            Stone::White => Stone::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-colour tables.
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Stone::Black => 0,
            Stone::White => 1,
        }
    }

    /// The colour that moves after `moves_played` moves from the empty board.
    #[must_use]
    pub const fn to_move_after(moves_played: usize) -> Stone {
        if moves_played.is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        }
    }
}

impl fmt::Display for Stone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Stone::Black => "Black",
            Stone::White => "White",
        })
    }
}
