//! Draws the app icon, `assets/icon.png`: a corner of a wooden board with a
//! few shaded stones, 256 × 256, reproducibly (no image files go in). The
//! picture itself is `tools/icon_art.rs`.
//!
//! `cargo run --example make_icon [OUT.png]`

#[path = "../tools/icon_art.rs"]
mod icon_art;

/// Output side in pixels.
const SIDE: u32 = 256;

fn main() {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "assets/icon.png".to_string());
    icon_art::draw(SIDE).save(&out).expect("write the icon");
    println!("wrote {out}");
}
