//! The desktop game.

fn main() {
    eprintln!("the desktop app is not built yet");
}
