//! The app's link to the sound layer: which cue goes with which event.
//!
//! All calls to the sound module sit in this file, so the rest of the app
//! only says what happened.

use super::session::SessionEvent;
use crate::play::Mode;
use crate::rules::Outcome;
use crate::sound::{Cue, SoundPlayer};

/// The cue for a session event in a game played in `mode`, if any.
#[must_use]
pub fn cue_for(event: &SessionEvent, mode: Mode) -> Option<Cue> {
    match event {
        SessionEvent::Stone { by_ai: true, .. } => Some(Cue::StoneAi),
        SessionEvent::Stone { by_ai: false, .. } => Some(Cue::StoneHuman),
        SessionEvent::Over(Outcome::Draw) => Some(Cue::Draw),
        SessionEvent::Over(outcome) => match (mode, outcome.winner()) {
            (Mode::VsAi { human }, Some(w)) if w != human => Some(Cue::Loss),
            _ => Some(Cue::Win),
        },
        SessionEvent::Refused(_) => Some(Cue::Illegal),
        SessionEvent::NewGame => Some(Cue::NewGame),
        SessionEvent::LowTime(_) => Some(Cue::LowTime),
        SessionEvent::AiChose(_) => None,
        SessionEvent::Hint(_) | SessionEvent::EngineFailed { .. } => None,
    }
}

/// Plays cues, or stays silent.
pub struct Audio {
    player: SoundPlayer,
    /// Cues asked for, newest last (tests read them).
    played: Vec<Cue>,
}

impl Audio {
    /// Opens the default output device; silent if there is none.
    #[must_use]
    pub fn open() -> Audio {
        Audio {
            player: SoundPlayer::new(),
            played: Vec::new(),
        }
    }

    /// Never makes a sound (tests, or no device).
    #[must_use]
    pub fn silent() -> Audio {
        Audio {
            player: SoundPlayer::silent(),
            played: Vec::new(),
        }
    }

    /// Applies the player's choices.
    pub fn configure(&mut self, enabled: bool, volume: f32) {
        self.player.set_enabled(enabled);
        self.player.set_volume(volume);
    }

    /// True if a sound device was found.
    #[must_use]
    pub fn is_available(&self) -> bool {
        self.player.is_available()
    }

    /// Plays `cue` without waiting for it.
    pub fn play(&mut self, cue: Cue) {
        self.played.push(cue);
        self.player.play(cue);
    }

    /// The cues played so far.
    #[must_use]
    pub fn played(&self) -> &[Cue] {
        &self.played
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameError, Stone};

    #[test]
    fn losing_to_the_ai_sounds_like_a_loss() {
        let vs = Mode::VsAi {
            human: Stone::Black,
        };
        let white_five = SessionEvent::Over(Outcome::Five {
            winner: Stone::White,
            line: vec![],
        });
        assert_eq!(cue_for(&white_five, vs), Some(Cue::Loss));
        assert_eq!(cue_for(&white_five, Mode::TwoPlayer), Some(Cue::Win));
        let resigned = SessionEvent::Over(Outcome::Resigned {
            loser: Stone::Black,
        });
        assert_eq!(cue_for(&resigned, vs), Some(Cue::Loss));
        assert_eq!(
            cue_for(&SessionEvent::Refused(GameError::GameOver.into()), vs),
            Some(Cue::Illegal)
        );
    }
}
