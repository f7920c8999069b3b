//! Who plays a game engines play each other, and which engine analyses:
//! the built-in engine (at a level, for a game) or one of the foreign
//! engines listed in the settings, named by its command line so the
//! choice survives the list being reordered. Pure data, kept with the
//! settings.

use crate::engine::{Band, Level};
use crate::gomocup::{EngineDescriptor, EngineSpec, TimeControl, DEFAULT_TURN_MS};
use crate::i18n::{phrases, Msg, Tr};
use serde::{Deserialize, Serialize};
use std::time::Duration;

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
        Level::all()
            .map(Player::BuiltIn)
            .chain(engines.iter().map(|e| Player::Listed(e.spec.clone())))
            .collect()
    }
}

/// Black's and White's engines for the next game engines play each
/// other, and its time control. A field missing from saved settings
/// (the time per move, in settings older than it) takes the default's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct WatchSetup {
    /// Black's engine.
    pub black: Player,
    /// White's engine.
    pub white: Player,
    /// The most either engine may think on a move, milliseconds: a listed
    /// engine is told this time instead of its own setting, the built-in
    /// engine thinks at its level but never longer.
    pub turn_ms: u64,
}

/// The time per move of a game engines play each other, until the player
/// sets one: the Gomocup fast time control, which a listed engine gets
/// by default too.
pub const WATCH_TURN_MS: u64 = DEFAULT_TURN_MS;

impl Default for WatchSetup {
    fn default() -> WatchSetup {
        WatchSetup {
            black: Player::BuiltIn(Band::Casual.representative()),
            white: Player::BuiltIn(Band::Casual.representative()),
            turn_ms: WATCH_TURN_MS,
        }
    }
}

impl WatchSetup {
    /// The engine listed for `player`, with this game's time per move in
    /// place of its own time setting; `None` for the built-in engine.
    #[must_use]
    pub fn engine(
        &self,
        player: &Player,
        engines: &[EngineDescriptor],
    ) -> Option<EngineDescriptor> {
        let mut d = player.descriptor(engines)?.clone();
        d.settings.time = TimeControl::PerMove {
            turn_ms: self.turn_ms,
        };
        Some(d)
    }

    /// The most the built-in engine may think on a move.
    #[must_use]
    pub fn turn(&self) -> Duration {
        Duration::from_millis(self.turn_ms)
    }

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
            Player::BuiltIn(Band::Strong.representative()).name(tr, &[]),
            "Built-in engine (Level 9 · Strong)"
        );
        assert_eq!(Player::choices(&[]).len(), Level::all().len());
        let setup = WatchSetup {
            black: Player::BuiltIn(Band::Beginner.representative()),
            white: listed,
            turn_ms: 700,
        };
        let text = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<WatchSetup>(&text).unwrap(), setup);
        assert_eq!(setup.levels()[0], Band::Beginner.representative());
        // Settings written before the time per move read with the default.
        let old = r#"{"black":{"BuiltIn":"Casual"},"white":{"BuiltIn":"Casual"}}"#;
        let read: WatchSetup = serde_json::from_str(old).unwrap();
        assert_eq!(read, WatchSetup::default());
    }

    #[test]
    fn a_listed_engine_plays_at_the_games_time_per_move() {
        let spec = EngineSpec {
            argv: vec!["/opt/pbrain-x".into()],
        };
        let listed = EngineDescriptor {
            spec: spec.clone(),
            about: Default::default(),
            nbest: false,
            settings: Default::default(),
        };
        let setup = WatchSetup {
            black: Player::Listed(spec),
            white: Player::BuiltIn(Band::Strong.representative()),
            turn_ms: 700,
        };
        let engines = [listed];
        let black = setup.engine(&setup.black, &engines).unwrap();
        assert_eq!(black.settings.time, TimeControl::PerMove { turn_ms: 700 });
        assert!(setup.engine(&setup.white, &engines).is_none());
        assert_eq!(setup.turn(), Duration::from_millis(700));
    }
}
