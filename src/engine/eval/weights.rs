//! The evaluation's weights: a value for every *shape* (the multiset of a
//! point's four line patterns) for the side to move and for its opponent,
//! and a few whole-board terms. They are learned by `gomoku-tune train`
//! and kept in `weights.txt` beside this file, which records the commands
//! and seeds that made it.

use super::super::shape::{shape_index, shape_name, PATTERN_NAMES, SHAPES};
use std::fmt::Write as _;
use std::sync::OnceLock;

/// The committed weights file.
pub const WEIGHTS_TEXT: &str = include_str!("weights.txt");

/// FNV-1a hash of `weights.txt` as committed. A test checks the file
/// against it, so the weights cannot change without this line (and the
/// commit that changes it) saying so.
pub const WEIGHTS_FNV: u64 = 0xc695_1d7e_196f_4208;

/// The learned values, in evaluation units.
#[derive(Debug, Clone, PartialEq)]
pub struct Weights {
    /// Value of an empty point of each shape for the side to move.
    pub own: Vec<i32>,
    /// Value of an empty point of each shape for the side not to move
    /// (subtracted).
    pub opp: Vec<i32>,
    /// Bonus when the side to move has a four-three or double-three point
    /// and the opponent no four to answer with.
    pub double_threat: i32,
    /// Penalty when the opponent has an open-four point and the side to
    /// move no four to gain a tempo with.
    pub facing_three: i32,
    /// Constant bonus for having the move.
    pub tempo: i32,
}

/// FNV-1a, 64 bits: a checksum with no dependency.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl Weights {
    /// The weights the engine plays with: `weights.txt`, read once.
    ///
    /// # Panics
    /// When the committed file does not parse (a test guards this).
    pub fn builtin() -> &'static Weights {
        static W: OnceLock<Weights> = OnceLock::new();
        W.get_or_init(|| Weights::parse(WEIGHTS_TEXT).expect("weights.txt parses"))
    }

    /// Reads a weights file: `#` comments, the lines `double_threat V`,
    /// `facing_three V` and `tempo V`, and one line per shape
    /// `P1 P2 P3 P4 OWN OPP` with the pattern names of [`PATTERN_NAMES`].
    ///
    /// # Errors
    /// The 1-based line and what is wrong with it, or the first shape
    /// or term that is missing.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut own = vec![None; SHAPES];
        let mut opp = vec![0; SHAPES];
        let mut terms = [None; 3];
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let bad = |what: &str| format!("weights line {}: {what}", i + 1);
            let words: Vec<&str> = line.split_whitespace().collect();
            let number = |w: &str| {
                w.parse::<i32>()
                    .map_err(|_| bad(&format!("'{w}' is not a whole number")))
            };
            let term = ["double_threat", "facing_three", "tempo"]
                .iter()
                .position(|&t| t == words[0]);
            if let Some(t) = term {
                if words.len() != 2 {
                    return Err(bad("a term takes one value"));
                }
                terms[t] = Some(number(words[1])?);
                continue;
            }
            if words.len() != 6 {
                return Err(bad("expected four pattern names and two values"));
            }
            let mut p = [0u8; 4];
            for (slot, w) in p.iter_mut().zip(&words[..4]) {
                *slot = PATTERN_NAMES
                    .iter()
                    .position(|n| n == w)
                    .ok_or_else(|| bad(&format!("unknown pattern '{w}'")))?
                    as u8;
            }
            let s = shape_index(p);
            if own[s].is_some() {
                return Err(bad("this shape was already given"));
            }
            own[s] = Some(number(words[4])?);
            opp[s] = number(words[5])?;
        }
        let missing = own.iter().position(Option::is_none);
        if let Some(s) = missing {
            return Err(format!("weights: shape {} is missing", shape_name(s)));
        }
        let names = ["double_threat", "facing_three", "tempo"];
        let [Some(double_threat), Some(facing_three), Some(tempo)] = terms else {
            let t = terms.iter().position(Option::is_none).unwrap_or(0);
            return Err(format!("weights: the term {} is missing", names[t]));
        };
        let within = |v: i32| i32::from(i16::MIN) < v && v < i32::from(i16::MAX);
        let own: Vec<i32> = own.into_iter().map(|v| v.unwrap_or(0)).collect();
        if !own.iter().chain(&opp).all(|&v| within(v)) {
            return Err("weights: a shape value is out of the 16-bit range".into());
        }
        Ok(Weights {
            own,
            opp,
            double_threat,
            facing_three,
            tempo,
        })
    }

    /// The file text of these weights under the comment lines `header`.
    #[must_use]
    pub fn to_text(&self, header: &[String]) -> String {
        let mut s = String::new();
        for h in header {
            let _ = writeln!(s, "# {h}");
        }
        let _ = writeln!(s, "double_threat {}", self.double_threat);
        let _ = writeln!(s, "facing_three {}", self.facing_three);
        let _ = writeln!(s, "tempo {}", self.tempo);
        let _ = writeln!(s, "# shape (four line patterns)  own  opponent");
        for i in 0..SHAPES {
            let _ = writeln!(s, "{}  {} {}", shape_name(i), self.own[i], self.opp[i]);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_file_loads_and_matches_its_checksum() {
        let w = Weights::parse(WEIGHTS_TEXT).expect("weights.txt parses");
        assert_eq!(
            fnv1a(WEIGHTS_TEXT.as_bytes()),
            WEIGHTS_FNV,
            "weights.txt changed: put its new checksum {:#018x} in WEIGHTS_FNV",
            fnv1a(WEIGHTS_TEXT.as_bytes())
        );
        assert_eq!(w.own.len(), SHAPES);
        // Written back, the file gives the same weights.
        assert_eq!(Weights::parse(&w.to_text(&[])).unwrap(), w);
    }

    #[test]
    fn broken_files_name_the_problem() {
        let w = Weights::builtin();
        let text = w.to_text(&[]);
        let drop_line = |needle: &str| {
            text.lines()
                .filter(|l| !l.starts_with(needle))
                .collect::<Vec<_>>()
                .join("\n")
        };
        assert!(Weights::parse(&drop_line("tempo"))
            .unwrap_err()
            .contains("tempo"));
        assert!(Weights::parse(&drop_line("F1 F1 F1 F1 "))
            .unwrap_err()
            .contains("F1 F1 F1 F1"));
        let typo = text.replacen("F2B", "F2X", 1);
        assert!(Weights::parse(&typo).unwrap_err().contains("F2X"));
        let twice = format!("{text}DEAD DEAD DEAD DEAD 1 1\n");
        assert!(Weights::parse(&twice).unwrap_err().contains("already"));
        let huge = text.replacen("DEAD DEAD DEAD DEAD  ", "DEAD DEAD DEAD DEAD  99999 ", 1);
        assert!(Weights::parse(&huge).is_err());
    }
}
