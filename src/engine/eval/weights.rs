//! The evaluation's weights: a value for every *shape* (the multiset of a
//! point's four line patterns) for the side to move and for its opponent,
//! a few whole-board terms, and a table over both sides' threat flags
//! (see [`super::threat`]). They are learned by `gomoku-tune train` and
//! kept in `weights.txt` beside this file, which records the commands and
//! seeds that made it.

use super::super::shapefile::{self, ShapeTable};
use super::threat;
use std::fmt::Write as _;
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
    /// Value of each pair of threat flag sets, by [`threat::index`]
    /// ([`threat::CELLS`] entries).
    pub threat: Vec<i32>,
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
    /// `facing_three V` and `tempo V`, one line per shape
    /// `P1 P2 P3 P4 OWN OPP` (see [`shapefile::parse`]), and lines
    /// `threat OWN_FLAGS OPP_FLAGS V` for the threat table's entries that
    /// are not 0 (flag sets as [`threat::set_name`] writes them).
    ///
    /// # Errors
    /// The 1-based line and what is wrong with it, or the first shape
    /// or term that is missing.
    pub fn parse(text: &str) -> Result<Weights, String> {
        let mut table = vec![None; threat::CELLS];
        // The threat lines are read here and left blank for the shape
        // reader, so that its line numbers stay right.
        let mut rest = String::with_capacity(text.len());
        for (i, line) in text.lines().enumerate() {
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.first() != Some(&"threat") {
                rest.push_str(line);
                rest.push('\n');
                continue;
            }
            rest.push('\n');
            let bad = |msg: String| format!("weights line {}: {msg}", i + 1);
            let [_, own, opp, value] = words[..] else {
                return Err(bad("expected `threat OWN_FLAGS OPP_FLAGS VALUE`".into()));
            };
            let set = |name: &str| {
                threat::parse_set(name).ok_or_else(|| {
                    bad(format!(
                        "'{name}' is not a set of threat flags ({} joined by +, or none)",
                        threat::NAMES.join(", ")
                    ))
                })
            };
            let cell = set(own)? * threat::SETS + set(opp)?;
            let v: i32 = value
                .parse()
                .map_err(|_| bad(format!("'{value}' is not a whole number")))?;
            if !(-100_000..=100_000).contains(&v) {
                return Err(bad(format!("{v} is out of range")));
            }
            if table[cell].replace(v).is_some() {
                return Err(bad("this pair of flag sets was already given".into()));
            }
        }
        let t = shapefile::parse(&rest, "weights", &TERMS)?;
        Ok(Weights {
            own: t.first,
            opp: t.second,
            double_threat: t.terms[0],
            facing_three: t.terms[1],
            tempo: t.terms[2],
            threat: table.into_iter().map(|v| v.unwrap_or(0)).collect(),
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
        let mut text = shapefile::write(&table, header, &TERMS, "own  opponent");
        let _ = writeln!(
            text,
            "# threat table: the side to move's flags, the opponent's, value (entries not listed are 0)"
        );
        for (cell, &v) in self.threat.iter().enumerate().filter(|(_, &v)| v != 0) {
            let _ = writeln!(
                text,
                "threat {} {} {v}",
                threat::set_name(cell / threat::SETS),
                threat::set_name(cell % threat::SETS)
            );
        }
        text
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
        assert_eq!(w.threat.len(), threat::CELLS);
        // Written back, the file gives the same weights, threat table too.
        assert_eq!(Weights::parse(&w.to_text(&[])).unwrap(), w);
        let mut t = w.clone();
        t.threat[5] = 17;
        t.threat[threat::CELLS - 1] = -3;
        assert_eq!(Weights::parse(&t.to_text(&[])).unwrap(), t);
    }

    #[test]
    fn broken_files_name_the_problem() {
        // An empty threat table, so that the threat lines added below are
        // new whatever entries the committed file lists.
        let mut w = Weights::builtin().clone();
        w.threat.fill(0);
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
        // The threat table's lines.
        let with = |line: &str| format!("{text}{line}\n");
        let mut expected = w.clone();
        expected.threat[threat::SETS + 3] = -42;
        assert_eq!(Weights::parse(&with("threat F3 F3+F3x2 -42")), Ok(expected));
        assert!(Weights::parse(&with("threat F3 F9 1"))
            .unwrap_err()
            .contains("'F9'"));
        assert!(Weights::parse(&with("threat F3 none"))
            .unwrap_err()
            .contains("expected"));
        let line = format!("threat {} {} 5", threat::set_name(7), threat::set_name(3));
        let err = Weights::parse(&format!("{text}{line}\n{line}\n")).unwrap_err();
        assert!(err.contains("already"), "{err}");
        // Shape errors keep their line numbers with threat lines before them.
        let shifted = format!("threat none none 1\n{}", text.replacen("F2B", "F2X", 1));
        let direct = text.replacen("F2B", "F2X", 1);
        let line_of = |e: String| -> usize {
            e.trim_start_matches("weights line ")
                .split(':')
                .next()
                .unwrap()
                .parse()
                .unwrap()
        };
        assert_eq!(
            line_of(Weights::parse(&shifted).unwrap_err()),
            line_of(Weights::parse(&direct).unwrap_err()) + 1
        );
    }
}
