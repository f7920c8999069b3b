//! Regenerates the sound assets: `cargo run --example make_sounds`.
//!
//! Writes every cue rendered by the synthesiser in `tools/sound_synth/` to
//! `assets/sounds/<cue>.wav`. The output is deterministic, so running it
//! again without changing the synthesiser leaves the files unchanged; a
//! test compares the committed files with the generator byte for byte.

use gomoku::sound::Cue;
// The recipes are shared with tests/sound.rs; some helpers only the tests use.
#[allow(dead_code)]
#[path = "../tools/sound_synth/mod.rs"]
mod sound_synth;

use sound_synth::synth;
use std::path::Path;

fn main() -> std::io::Result<()> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/sounds");
    std::fs::create_dir_all(&dir)?;
    let mut total = 0;
    for cue in Cue::ALL {
        let rendered = synth::render(cue);
        let bytes = rendered.to_wav();
        let path = dir.join(cue.file_name());
        std::fs::write(&path, &bytes)?;
        total += bytes.len();
        println!(
            "{:<16} {:>6} Hz {:>6.3} s {:>7} bytes",
            cue.file_name(),
            rendered.rate,
            rendered.samples.len() as f64 / f64::from(rendered.rate),
            bytes.len()
        );
    }
    println!("total {total} bytes");
    Ok(())
}
