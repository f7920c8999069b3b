//! Reading the embedded catalogues and looking sentences up.
//!
//! A catalogue is a text file of `Key = sentence` lines. `#` starts a
//! comment line; `\n` in a sentence is a line break. Keys are the names
//! of the [`Msg`] variants, so a translator sees what each sentence is for.

use super::{Lang, Msg};
use std::collections::HashMap;
use std::sync::OnceLock;
use thiserror::Error;

/// The English catalogue, embedded.
const ENGLISH: &str = include_str!("../../assets/i18n/en.txt");
/// The Simplified Chinese catalogue, embedded.
const CHINESE: &str = include_str!("../../assets/i18n/zh-CN.txt");

/// A catalogue line that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// A line that is neither a comment nor `Key = sentence`.
    #[error("line {0}: expected 'Key = sentence'")]
    Malformed(usize),
    /// The same key twice.
    #[error("line {line}: '{key}' is defined twice")]
    Duplicate {
        /// 1-based line.
        line: usize,
        /// The key.
        key: String,
    },
}

/// The `Key = sentence` pairs of a catalogue's text, in file order, with
/// `\n` escapes turned into line breaks.
///
/// # Errors
/// The first malformed line or repeated key.
pub fn parse_catalogue(text: &str) -> Result<Vec<(String, String)>, CatalogueError> {
    let mut seen = HashMap::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let (key, value) = trimmed
            .split_once('=')
            .ok_or(CatalogueError::Malformed(i + 1))?;
        let key = key.trim();
        if key.is_empty() || !key.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(CatalogueError::Malformed(i + 1));
        }
        if seen.insert(key.to_string(), i).is_some() {
            return Err(CatalogueError::Duplicate {
                line: i + 1,
                key: key.to_string(),
            });
        }
        out.push((key.to_string(), value.trim().replace("\\n", "\n")));
    }
    Ok(out)
}

/// One language's sentences, indexed by [`Msg`]; `None` where the file
/// lacks the key (a test keeps that from shipping).
type Table = Vec<Option<String>>;

fn table(text: &str) -> Table {
    let mut table = vec![None; Msg::ALL.len()];
    // A broken embedded file is caught by the tests; at run time it
    // leaves gaps that fall back to English.
    for (key, value) in parse_catalogue(text).unwrap_or_default() {
        if let Some(msg) = Msg::from_key(&key) {
            table[msg as usize] = Some(value);
        }
    }
    table
}

fn tables() -> &'static [Table; 2] {
    static TABLES: OnceLock<[Table; 2]> = OnceLock::new();
    TABLES.get_or_init(|| [table(ENGLISH), table(CHINESE)])
}

/// The sentence for `msg` in `lang`; the English one if that language
/// lacks it, and the key itself if both do.
pub fn lookup(lang: Lang, msg: Msg) -> &'static str {
    let [english, chinese] = tables();
    let own = match lang {
        Lang::English => english,
        Lang::Chinese => chinese,
    };
    own[msg as usize]
        .as_deref()
        .or(english[msg as usize].as_deref())
        .unwrap_or(msg.key())
}

/// The embedded text of `lang`'s catalogue.
#[must_use]
pub fn source(lang: Lang) -> &'static str {
    match lang {
        Lang::English => ENGLISH,
        Lang::Chinese => CHINESE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_lines_are_read() {
        let text = "# a comment\n\nGreeting = Hello, {name}\nTwoLines = one\\ntwo\n";
        assert_eq!(
            parse_catalogue(text).unwrap(),
            vec![
                ("Greeting".to_string(), "Hello, {name}".to_string()),
                ("TwoLines".to_string(), "one\ntwo".to_string()),
            ]
        );
    }

    #[test]
    fn bad_lines_are_refused() {
        assert_eq!(
            parse_catalogue("Fine = yes\nno equals sign"),
            Err(CatalogueError::Malformed(2))
        );
        assert_eq!(
            parse_catalogue("A = 1\nA = 2"),
            Err(CatalogueError::Duplicate {
                line: 2,
                key: "A".to_string()
            })
        );
        assert_eq!(
            parse_catalogue("bad key = x"),
            Err(CatalogueError::Malformed(1))
        );
    }
}
