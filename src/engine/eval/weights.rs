//! The evaluation's weights: a value for every *shape* (the multiset of a
//! point's four line patterns) for the side to move and for its opponent,
//! and a few whole-board terms. They are learned by `gomoku-tune train`
//! and kept in `weights.txt` beside this file, which records the commands
//! and seeds that made it.

use super::super::shapefile::{self, ShapeTable};
use std::sync::OnceLock;

/// The whole-board terms of a weights file, in the order of their fields.
const TERMS: [&str; 3] = ["double_threat", "facing_three", "tempo"];

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
    /// `P1 P2 P3 P4 OWN OPP` (see [`shapefile::parse`]).
    ///
    /// # Errors
    /// The 1-based line and what is wrong with it, or the first shape
    /// or term that is missing.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let t = shapefile::parse(text, "weights", &TERMS)?;
        Ok(Weights {
            own: t.first,
            opp: t.second,
            double_threat: t.terms[0],
            facing_three: t.terms[1],
            tempo: t.terms[2],
        })
    }

    /// The file text of these weights under the comment lines `header`.
    #[must_use]
    pub fn to_text(&self, header: &[String]) -> String {
        let table = ShapeTable {
            first: self.own.clone(),
            second: self.opp.clone(),
            terms: vec![self.double_threat, self.facing_three, self.tempo],
        };
        shapefile::write(&table, header, &TERMS, "own  opponent")
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::shape::SHAPES;
    use super::super::super::shapefile::fnv1a;
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
