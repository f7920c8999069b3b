//! Sound cues: the WAV assets (embedded in the binary) and, with feature
//! `sound`, a non-blocking player.
//!
//! The assets under `assets/sounds/` are generated, never edited by hand:
//! `cargo run --example make_sounds` rewrites them with the synthesiser in
//! `tools/sound_synth/` (not shipped), and a test checks that the committed
//! files equal its output byte for byte.

#[cfg(feature = "sound")]
mod player;

#[cfg(feature = "sound")]
pub use player::{SoundPlayer, DEFAULT_VOLUME, OPEN_TIMEOUT};

/// Something the game wants the player to hear.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Cue {
    /// The human player's stone lands on the board: a wooden clack.
    StoneHuman,
    /// The AI's stone lands: a clack a little lower and darker than the
    /// player's, so the two can be told apart by ear.
    StoneAi,
    /// The human won: a rising major arpeggio.
    Win,
    /// The human lost: a gentle falling minor line.
    Loss,
    /// The game was drawn: an open fifth, neither happy nor sad.
    Draw,
    /// A click that is not a legal move: a short, soft tick.
    Illegal,
    /// A new game starts: a soft swoosh ending in a chime.
    NewGame,
    /// A game clock fell below its low-time warning: two quick pips.
    LowTime,
}

impl Cue {
    /// Every cue, in a fixed order.
    pub const ALL: [Cue; 8] = [
        Cue::StoneHuman,
        Cue::StoneAi,
        Cue::Win,
        Cue::Loss,
        Cue::Draw,
        Cue::Illegal,
        Cue::NewGame,
        Cue::LowTime,
    ];

    /// The asset's file name under `assets/sounds/`.
    pub fn file_name(self) -> &'static str {
        match self {
            Cue::StoneHuman => "stone_human.wav",
            Cue::StoneAi => "stone_ai.wav",
            Cue::Win => "win.wav",
            Cue::Loss => "loss.wav",
            Cue::Draw => "draw.wav",
            Cue::Illegal => "illegal.wav",
            Cue::NewGame => "new_game.wav",
            Cue::LowTime => "low_time.wav",
        }
    }

    /// The committed WAV file, embedded so the game plays from any folder.
    pub fn wav_bytes(self) -> &'static [u8] {
        macro_rules! asset {
            ($name:literal) => {
                include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/assets/sounds/",
                    $name
                ))
            };
        }
        match self {
            Cue::StoneHuman => asset!("stone_human.wav"),
            Cue::StoneAi => asset!("stone_ai.wav"),
            Cue::Win => asset!("win.wav"),
            Cue::Loss => asset!("loss.wav"),
            Cue::Draw => asset!("draw.wav"),
            Cue::Illegal => asset!("illegal.wav"),
            Cue::NewGame => asset!("new_game.wav"),
            Cue::LowTime => asset!("low_time.wav"),
        }
    }
}
