//! A minimal Piskvork `.psq` writer for finished games.
//!
//! Kept to this one function on purpose: when the shared `gomoku::record`
//! module lands, [`write_psq`] is the only place to swap.

use crate::rules::Point;

/// The text of a `.psq` file: the header `Piskvorky WxH, 11:11, 0`, one
/// `x,y,time_ms` line per move with 1-based coordinates, then one line per
/// player name (Black first).
#[must_use]
pub fn write_psq(size: u8, moves: &[Point], times_ms: &[u64], players: [&str; 2]) -> String {
    let mut text = format!("Piskvorky {size}x{size}, 11:11, 0\n");
    for (i, p) in moves.iter().enumerate() {
        let t = times_ms.get(i).copied().unwrap_or(0);
        text.push_str(&format!(
            "{},{},{}\n",
            u32::from(p.x) + 1,
            u32::from(p.y) + 1,
            t
        ));
    }
    for name in players {
        // A name is one line, whatever the engine called itself.
        let clean: String = name.chars().filter(|c| !c.is_control()).collect();
        text.push_str(&clean);
        text.push('\n');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_are_one_based_and_names_close_the_file() {
        let text = write_psq(
            15,
            &[Point::new(7, 7), Point::new(0, 14)],
            &[0, 120],
            ["black\nengine", "white"],
        );
        assert_eq!(
            text,
            "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,15,120\nblackengine\nwhite\n"
        );
    }
}
