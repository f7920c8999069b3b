//! The text format of the learned tables that give every *shape* (see
//! [`super::shape`]) two values, plus a few named whole-table terms: the
//! evaluation's weights (`eval/weights.txt`) and the move ordering's
//! values (`order.txt`). One reader and one writer serve both, so the two
//! files cannot drift apart in syntax or in how they report mistakes.

use super::shape::{shape_index, shape_name, PATTERN_NAMES, SHAPES};
use std::fmt::Write as _;

/// FNV-1a, 64 bits: a checksum with no dependency, for the committed
/// files and the training data they name.
#[must_use]
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// A parsed shape table: two values per shape and the named terms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapeTable {
    /// First value of each shape, by shape index.
    pub first: Vec<i32>,
    /// Second value of each shape, by shape index.
    pub second: Vec<i32>,
    /// The terms, in the order of the names the reader was given.
    pub terms: Vec<i32>,
}

/// Reads a shape table: `#` comments, one line `NAME V` per name of
/// `terms` (any order), and one line `P1 P2 P3 P4 A B` per shape with the
/// pattern names of [`PATTERN_NAMES`]. `what` starts every error message
/// ("weights", "ordering").
///
/// # Errors
/// The 1-based line and what is wrong with it, or the first shape or term
/// that is missing, or a value that does not fit 16 bits (the tables the
/// engine builds from these files hold `i16`).
pub fn parse(text: &str, what: &str, terms: &[&str]) -> Result<ShapeTable, String> {
    let mut first = vec![None; SHAPES];
    let mut second = vec![0; SHAPES];
    let mut found = vec![None; terms.len()];
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |msg: &str| format!("{what} line {}: {msg}", i + 1);
        let words: Vec<&str> = line.split_whitespace().collect();
        let number = |w: &str| {
            w.parse::<i32>()
                .map_err(|_| bad(&format!("'{w}' is not a whole number")))
        };
        if let Some(t) = terms.iter().position(|&t| t == words[0]) {
            if words.len() != 2 {
                return Err(bad("a term takes one value"));
            }
            found[t] = Some(number(words[1])?);
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
                .ok_or_else(|| bad(&format!("unknown pattern '{w}'")))? as u8;
        }
        let s = shape_index(p);
        if first[s].is_some() {
            return Err(bad("this shape was already given"));
        }
        first[s] = Some(number(words[4])?);
        second[s] = number(words[5])?;
    }
    if let Some(s) = first.iter().position(Option::is_none) {
        return Err(format!("{what}: shape {} is missing", shape_name(s)));
    }
    if let Some(t) = found.iter().position(Option::is_none) {
        return Err(format!("{what}: the term {} is missing", terms[t]));
    }
    let first: Vec<i32> = first.into_iter().map(|v| v.unwrap_or(0)).collect();
    let terms: Vec<i32> = found.into_iter().map(|v| v.unwrap_or(0)).collect();
    let within = |v: &i32| i32::from(i16::MIN) < *v && *v < i32::from(i16::MAX);
    if !first.iter().chain(&second).chain(&terms).all(within) {
        return Err(format!("{what}: a value is out of the 16-bit range"));
    }
    Ok(ShapeTable {
        first,
        second,
        terms,
    })
}

/// The file text of `table` under the comment lines `header`: the terms
/// (named by `terms`, in order), then a comment line `columns` naming the
/// two values, then one line per shape.
#[must_use]
pub fn write(table: &ShapeTable, header: &[String], terms: &[&str], columns: &str) -> String {
    let mut s = String::new();
    for h in header {
        let _ = writeln!(s, "# {h}");
    }
    for (name, v) in terms.iter().zip(&table.terms) {
        let _ = writeln!(s, "{name} {v}");
    }
    let _ = writeln!(s, "# shape (four line patterns)  {columns}");
    for i in 0..SHAPES {
        let _ = writeln!(
            s,
            "{}  {} {}",
            shape_name(i),
            table.first[i],
            table.second[i]
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> ShapeTable {
        ShapeTable {
            first: (0..SHAPES as i32).collect(),
            second: (0..SHAPES as i32).map(|v| -v).collect(),
            terms: vec![7, -3],
        }
    }

    #[test]
    fn written_tables_read_back_the_same() {
        let t = table();
        let text = write(&t, &["a header".into()], &["x", "y"], "a b");
        assert!(text.starts_with("# a header\nx 7\ny -3\n"), "{text}");
        assert_eq!(parse(&text, "test", &["x", "y"]).unwrap(), t);
        // Terms may come in any order.
        let swapped = text.replacen("x 7\ny -3", "y -3\nx 7", 1);
        assert_eq!(parse(&swapped, "test", &["x", "y"]).unwrap(), t);
    }

    #[test]
    fn mistakes_are_named_with_their_line() {
        let text = write(&table(), &[], &["x", "y"], "a b");
        let err = |t: &str| parse(t, "test", &["x", "y"]).unwrap_err();
        assert!(err(&text.replacen("x 7", "x seven", 1)).contains("test line 1"));
        assert!(err(&text.replacen("y -3\n", "", 1)).contains("term y is missing"));
        assert!(err(&text.replacen("F1 F1 F1 F1  ", "F1 F1 F1 F9  ", 1)).contains("'F9'"));
        assert!(err(&format!("{text}DEAD DEAD DEAD DEAD 1 1\n")).contains("already"));
        assert!(err(&text.replacen("x 7", "x 40000", 1)).contains("16-bit"));
        let dropped: String = text
            .lines()
            .filter(|l| !l.starts_with("B1 B1 B1 B1 "))
            .map(|l| format!("{l}\n"))
            .collect();
        assert!(err(&dropped).contains("B1 B1 B1 B1 is missing"));
    }
}
