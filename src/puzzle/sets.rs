//! The puzzle sets shipped inside the program, found in one list
//! ([`SHIPPED_SETS`]) so the app and the terminal offer the same sets and
//! a new file needs one line here.
//!
//! A set is named by its file's stem, `<rule><size>[-<kind>]`
//! (`freestyle15`, `renju15-vcf`): the name the progress file keys the
//! set's rating by, and what [`SetName`] reads the rule, board size and
//! (for a set of one kind) the kind from, for the set's name in words.

use super::format::{parse_set, Kind, Puzzle};
use crate::rules::Rule;

/// One shipped set: its name and the text of its file, embedded in the
/// binary so the program works from any folder.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShippedSet {
    /// The file's stem: the set's name in the progress file.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
}

/// Every shipped set, the default ([`super::rating::SHIPPED_SET`]) first.
/// A new file in `assets/puzzles/` is one more line.
pub const SHIPPED_SETS: &[ShippedSet] = &[
    ShippedSet {
        name: "freestyle15",
        text: include_str!("../../assets/puzzles/freestyle15.txt"),
    },
    ShippedSet {
        name: "renju15-vcf",
        text: include_str!("../../assets/puzzles/renju15-vcf.txt"),
    },
];

impl ShippedSet {
    /// The set called `name`, if one is shipped.
    #[must_use]
    pub fn named(name: &str) -> Option<ShippedSet> {
        SHIPPED_SETS.iter().copied().find(|s| s.name == name)
    }

    /// Its puzzles (none if the file were damaged: a test parses every
    /// shipped set, so a build that starts always has them).
    #[must_use]
    pub fn puzzles(self) -> Vec<Puzzle> {
        parse_set(self.text).map(|s| s.puzzles).unwrap_or_default()
    }

    /// What its name says of it.
    #[must_use]
    pub fn parts(self) -> Option<SetName> {
        SetName::parse(self.name)
    }
}

/// What a set's name `<rule><size>[-<kind>]` says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SetName {
    /// The rule its puzzles are played under.
    pub rule: Rule,
    /// Board side.
    pub size: u8,
    /// The one kind of puzzle it holds, if the name gives one.
    pub kind: Option<Kind>,
}

impl SetName {
    /// Reads `renju15-vcf`; `None` for a name of another form.
    #[must_use]
    pub fn parse(name: &str) -> Option<SetName> {
        let (head, kind) = match name.split_once('-') {
            Some((head, kind)) => (head, Some(kind.parse::<Kind>().ok()?)),
            None => (name, None),
        };
        let digits = head.find(|c: char| c.is_ascii_digit())?;
        let (rule, size) = head.split_at(digits);
        Some(SetName {
            rule: rule.parse().ok()?,
            size: size.parse().ok()?,
            kind,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::rating::SHIPPED_SET;

    #[test]
    fn every_shipped_set_parses_and_its_name_says_its_rule_and_size() {
        assert_eq!(SHIPPED_SETS[0].name, SHIPPED_SET);
        for set in SHIPPED_SETS {
            let puzzles = parse_set(set.text).unwrap().puzzles;
            assert!(!puzzles.is_empty(), "{}", set.name);
            let parts = set.parts().unwrap();
            for p in &puzzles {
                assert_eq!((p.rule, p.size), (parts.rule, parts.size), "{}", set.name);
                if let Some(kind) = parts.kind {
                    assert_eq!(p.kind, kind, "{}", set.name);
                }
            }
        }
    }

    #[test]
    fn set_names_read() {
        assert_eq!(
            SetName::parse("renju15-vcf"),
            Some(SetName {
                rule: Rule::Renju,
                size: 15,
                kind: Some(Kind::Vcf)
            })
        );
        assert_eq!(
            SetName::parse("freestyle20"),
            Some(SetName {
                rule: Rule::Freestyle,
                size: 20,
                kind: None
            })
        );
        for bad in ["", "renju", "15", "go15", "renju15-x", "renju1x"] {
            assert_eq!(SetName::parse(bad), None, "{bad}");
        }
    }
}
