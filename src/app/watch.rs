//! Who plays a game engines play each other, and which engine analyses:
//! the built-in engine (at a level, for a game) or one of the foreign
//! engines listed in the settings, named by its command line so the
//! choice survives the list being reordered. Pure data, kept with the
//! settings.

use crate::engine::Level;
use crate::gomocup::{EngineDescriptor, EngineSpec};
use crate::i18n::{phrases, Msg, Tr};
use serde::{Deserialize, Serialize};

/// One side of a game engines play each other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Player {
    /// The built-in engine at a level.
    BuiltIn(Level),
    /// A listed foreign engine, by its command line.
    Listed(EngineSpec),
}

impl Player {
    /// The listed engine this player is, if it is one and still listed.
    #[must_use]
    pub fn descriptor<'a>(&self, engines: &'a [EngineDescriptor]) -> Option<&'a EngineDescriptor> {
        match self {
            Player::BuiltIn(_) => None,
            Player::Listed(spec) => engines.iter().find(|e| e.spec == *spec),
        }
    }

    /// The player in words: "Built-in engine (Normal)", or the engine's
    /// name (its command line once it is no longer listed).
    #[must_use]
    pub fn name(&self, tr: Tr, engines: &[EngineDescriptor]) -> String {
        match self {
            Player::BuiltIn(level) => {
                tr.f(Msg::WatchBuiltIn, &[("level", &phrases::level(tr, *level))])
            }
            Player::Listed(spec) => self
                .descriptor(engines)
                .map_or_else(|| spec.display(), EngineDescriptor::name),
        }
    }

    /// Every player the settings offer: the built-in engine at each
    /// level, then each listed engine.
    #[must_use]
    pub fn choices(engines: &[EngineDescriptor]) -> Vec<Player> {
        Level::ALL
            .iter()
            .map(|l| Player::BuiltIn(*l))
            .chain(engines.iter().map(|e| Player::Listed(e.spec.clone())))
            .collect()
    }
}

/// Black's and White's engines for the next game engines play each
/// other.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WatchSetup {
    /// Black's engine.
    pub black: Player,
    /// White's engine.
    pub white: Player,
}

impl Default for WatchSetup {
    fn default() -> WatchSetup {
        WatchSetup {
            black: Player::BuiltIn(Level::Casual),
            white: Player::BuiltIn(Level::Casual),
        }
    }
}

impl WatchSetup {
    /// The built-in engine's levels for Black and White (the default
    /// level where a side is a foreign engine: unused).
    #[must_use]
    pub fn levels(&self) -> [Level; 2] {
        [&self.black, &self.white].map(|p| match p {
            Player::BuiltIn(l) => *l,
            Player::Listed(_) => Level::default(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_player_is_named_and_found_by_its_command_line() {
        let tr = Tr(Lang::English);
        let spec = EngineSpec {
            argv: vec!["/opt/pbrain-x".into()],
        };
        let listed = Player::Listed(spec.clone());
        assert_eq!(listed.name(tr, &[]), "/opt/pbrain-x");
        assert!(listed.descriptor(&[]).is_none());
        assert_eq!(
            Player::BuiltIn(Level::Strong).name(tr, &[]),
            "Built-in engine (Strong)"
        );
        assert_eq!(Player::choices(&[]).len(), Level::ALL.len());
        let setup = WatchSetup {
            black: Player::BuiltIn(Level::Beginner),
            white: listed,
        };
        let text = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<WatchSetup>(&text).unwrap(), setup);
        assert_eq!(setup.levels()[0], Level::Beginner);
    }
}
