//! Reading the embedded catalogues and looking sentences up.
//!
//! A catalogue is a [Project Fluent](https://projectfluent.org) file:
//! `Key = sentence` messages, `{ $name }` placeables filled in by the
//! program, and selectors such as `{ $n -> [one] … *[other] … }` that pick
//! the words for a number by the language's CLDR plural rules. Keys are the
//! names of the [`Msg`] variants, so a translator sees what each sentence
//! is for. `fluent-bundle` does the parsing, the plural rules and the
//! formatting; this module only indexes the bundles by [`Msg`].

use super::{Lang, Msg};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::types::FluentNumber;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use std::collections::HashSet;
use std::str::FromStr;
use std::sync::OnceLock;
use thiserror::Error;

/// The English catalogue, embedded.
const ENGLISH: &str = include_str!("../../assets/i18n/en.ftl");
/// The Simplified Chinese catalogue, embedded.
const CHINESE: &str = include_str!("../../assets/i18n/zh-CN.ftl");

/// A catalogue that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogueError {
    /// Text that is not Fluent syntax.
    #[error("line {line}: {reason}")]
    Syntax {
        /// 1-based line where the parser stopped.
        line: usize,
        /// The parser's explanation.
        reason: String,
    },
    /// A message with attributes only, and no sentence.
    #[error("'{0}' has no sentence")]
    NoValue(String),
    /// The same key twice.
    #[error("line {line}: '{key}' is defined twice")]
    Duplicate {
        /// 1-based line of the second definition.
        line: usize,
        /// The key.
        key: String,
    },
}

/// The messages of a catalogue's text, in file order: each key with its
/// sentence as Fluent source (placeables and selectors written out, e.g.
/// `{ $count } moves`), for checks that compare the two languages.
///
/// # Errors
/// The first syntax error, message without a sentence, or repeated key.
pub fn parse_catalogue(text: &str) -> Result<Vec<(String, String)>, CatalogueError> {
    let resource = fluent_syntax::parser::parse(text).map_err(|(_, errors)| {
        let first = &errors[0];
        CatalogueError::Syntax {
            line: line_of(text, first.pos.start),
            reason: first.kind.to_string(),
        }
    })?;
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    for entry in resource.body {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let key = message.id.name.to_string();
        if message.value.is_none() {
            return Err(CatalogueError::NoValue(key));
        }
        if !seen.insert(key.clone()) {
            return Err(CatalogueError::Duplicate {
                line: second_definition_line(text, &key),
                key,
            });
        }
        let source = fluent_syntax::serializer::serialize(&ast::Resource {
            body: vec![ast::Entry::Message(message)],
        });
        let sentence = source
            .split_once('=')
            .map_or("", |(_, sentence)| sentence)
            .trim()
            .to_string();
        out.push((key, sentence));
    }
    Ok(out)
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1
}

/// The 1-based line where `key` is defined for the second time.
fn second_definition_line(text: &str, key: &str) -> usize {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            line.split_once('=')
                .is_some_and(|(name, _)| !line.starts_with(' ') && name.trim() == key)
        })
        .nth(1)
        .map_or(0, |(i, _)| i + 1)
}

/// One language: its bundle, and every sentence formatted without
/// arguments once, so [`lookup`] can hand out `&'static str`.
struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    plain: Vec<Option<String>>,
}

impl Catalogue {
    fn new(lang: Lang) -> Catalogue {
        let id = lang
            .code()
            .parse()
            .expect("the language codes are valid identifiers");
        let mut bundle = FluentBundle::new_concurrent(vec![id]);
        // Fluent wraps each placeable in Unicode isolation marks
        // (U+2068/U+2069) for mixed-direction text; both languages here
        // run left to right, and egui draws the marks as boxes.
        bundle.set_use_isolating(false);
        // A broken embedded file is caught by the tests; at run time the
        // entries that did parse are used and the rest fall back to
        // English.
        let resource = FluentResource::try_new(source(lang).to_string())
            .unwrap_or_else(|(resource, _)| resource);
        // A repeated key keeps its first sentence (the tests refuse it).
        let _ = bundle.add_resource(resource);
        let plain = Msg::ALL
            .iter()
            .map(|msg| format_in(&bundle, *msg, None))
            .collect();
        Catalogue { bundle, plain }
    }
}

/// `msg` formatted by `bundle`, `None` if the bundle lacks it. A
/// placeable without a value is written as `{$name}`, so a gap in a
/// translation shows rather than hides.
fn format_in(
    bundle: &FluentBundle<FluentResource>,
    msg: Msg,
    args: Option<&FluentArgs>,
) -> Option<String> {
    let pattern = bundle.get_message(msg.key())?.value()?;
    let mut errors = Vec::new();
    Some(
        bundle
            .format_pattern(pattern, args, &mut errors)
            .into_owned(),
    )
}

fn catalogues() -> &'static [Catalogue; 2] {
    static CATALOGUES: OnceLock<[Catalogue; 2]> = OnceLock::new();
    CATALOGUES.get_or_init(|| [Catalogue::new(Lang::English), Catalogue::new(Lang::Chinese)])
}

fn catalogue(lang: Lang) -> &'static Catalogue {
    let [english, chinese] = catalogues();
    match lang {
        Lang::English => english,
        Lang::Chinese => chinese,
    }
}

/// The sentence for `msg` in `lang` with no values filled in; the
/// English one if that language lacks it, and the key itself if both do.
pub fn lookup(lang: Lang, msg: Msg) -> &'static str {
    let index = msg as usize;
    catalogue(lang).plain[index]
        .as_deref()
        .or(catalogue(Lang::English).plain[index].as_deref())
        .unwrap_or(msg.key())
}

/// The sentence for `msg` in `lang` with `args` filled in, falling back
/// as [`lookup`] does.
pub fn format(lang: Lang, msg: Msg, args: &FluentArgs) -> String {
    format_in(&catalogue(lang).bundle, msg, Some(args))
        .or_else(|| format_in(&catalogue(Lang::English).bundle, msg, Some(args)))
        .unwrap_or_else(|| msg.key().to_string())
}

/// A value for a placeable: a Fluent number when `text` is a plain
/// decimal that reads back the same (`3`, `-2`, `0.8`), so selectors can
/// choose a plural form; otherwise the text as it is. The read-back check
/// keeps text such as `007` or a 20-digit number exactly as written.
pub fn argument(text: String) -> FluentValue<'static> {
    if is_plain_decimal(&text) {
        if let Ok(number) = FluentNumber::from_str(&text) {
            if number.as_string() == text {
                return FluentValue::Number(number);
            }
        }
    }
    FluentValue::String(text.into())
}

/// `-`? digits (`.` digits)?: no exponents, infinities or NaN, which
/// `f64`'s parser would also take.
fn is_plain_decimal(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, "0"));
    let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(whole) && all_digits(fraction)
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
    fn catalogue_messages_are_read() {
        let text = "# a comment\n\nGreeting = Hello, { $name }\nTwoLines =\n    one\n    two\n";
        assert_eq!(
            parse_catalogue(text).unwrap(),
            vec![
                ("Greeting".to_string(), "Hello, { $name }".to_string()),
                ("TwoLines".to_string(), "one\n    two".to_string()),
            ]
        );
    }

    #[test]
    fn bad_catalogues_are_refused() {
        assert_eq!(
            parse_catalogue("Fine = yes\nno equals sign"),
            Err(CatalogueError::Syntax {
                line: 2,
                reason: "Expected a token starting with \"=\"".to_string()
            })
        );
        assert_eq!(
            parse_catalogue("A = 1\nA = 2"),
            Err(CatalogueError::Duplicate {
                line: 2,
                key: "A".to_string()
            })
        );
        assert!(matches!(
            parse_catalogue("bad key = x"),
            Err(CatalogueError::Syntax { line: 1, .. })
        ));
        assert_eq!(
            parse_catalogue("Empty =\n    .tip = only an attribute"),
            Err(CatalogueError::NoValue("Empty".to_string()))
        );
    }

    #[test]
    fn only_plain_decimals_become_numbers() {
        let is_number = |s: &str| matches!(argument(s.to_string()), FluentValue::Number(_));
        for s in ["0", "1", "12", "-3", "0.8", "1.0", "65535"] {
            assert!(is_number(s), "{s}");
        }
        for s in [
            "", "-", "h8", "007", "1e3", "inf", "NaN", "1.", ".5", "+1", "1 2",
        ] {
            assert!(!is_number(s), "{s}");
        }
        // A number keeps its digits when written back.
        let FluentValue::Number(n) = argument("1.0".to_string()) else {
            panic!("1.0 is a number");
        };
        assert_eq!(n.as_string(), "1.0");
    }
}
