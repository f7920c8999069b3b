//! The cue synthesiser: renders every sound of the game, deterministically.
//!
//! It is not part of the shipped library: the game plays the committed
//! WAV files under `assets/sounds/`. This code only regenerates them
//! (`cargo run --example make_sounds`) and proves they are up to date
//! (`tests/sound.rs` compares them byte for byte). Both include this folder
//! with `#[path]`, so there is one copy of the recipes.

pub mod dsp;
pub mod synth;
pub mod wav;
