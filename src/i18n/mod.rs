//! The words the player reads, in English and Simplified Chinese.
//!
//! Every user-visible sentence lives in one catalogue per language,
//! `assets/i18n/en.txt` and `assets/i18n/zh-CN.txt`, embedded in the
//! binary. Code names a sentence by its [`Msg`] key and asks a [`Tr`] for
//! it; [`phrases`] turns game values (stones, levels, scores, errors) into
//! words. This module knows the rules and the engine but nothing of egui,
//! so the desktop app and the terminal game share it.

mod catalogue;
mod keys;
pub mod phrases;

pub use catalogue::{parse_catalogue, source as catalogue_text, CatalogueError};
pub use keys::Msg;

use serde::{Deserialize, Serialize};
use std::fmt::Display;

/// A language the game speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Lang {
    /// English, the fallback for every other locale.
    #[default]
    #[serde(rename = "en")]
    English,
    /// Simplified Chinese (简体中文).
    #[serde(rename = "zh-CN")]
    Chinese,
}

impl Lang {
    /// Every language, in the order the settings list them.
    pub const ALL: [Lang; 2] = [Lang::English, Lang::Chinese];

    /// The language for a BCP 47 or POSIX locale name such as `zh-CN`,
    /// `zh_TW.UTF-8` or `en-GB`: Chinese for any Chinese locale (a reader
    /// of Traditional characters reads Simplified far better than
    /// English), English for everything else.
    #[must_use]
    pub fn from_locale(locale: &str) -> Lang {
        let primary = locale
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default();
        if primary.eq_ignore_ascii_case("zh") {
            Lang::Chinese
        } else {
            Lang::English
        }
    }

    /// The language of the system's locale, English when there is none.
    #[must_use]
    pub fn from_system() -> Lang {
        sys_locale::get_locale().map_or(Lang::English, |l| Lang::from_locale(&l))
    }

    /// The language's catalogue file name, e.g. `zh-CN`.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Lang::English => "en",
            Lang::Chinese => "zh-CN",
        }
    }

    /// The language's name in itself ("English", "简体中文"), as a
    /// language menu shows it.
    #[must_use]
    pub fn own_name(self) -> &'static str {
        Tr(self).s(Msg::LanguageName)
    }
}

/// The translator: a language, and lookups in its catalogue. Cheap to
/// copy into closures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tr(pub Lang);

impl Tr {
    /// The sentence `msg` in this language.
    #[must_use]
    pub fn s(self, msg: Msg) -> &'static str {
        catalogue::lookup(self.0, msg)
    }

    /// The sentence `msg` with each `{name}` replaced by its value from
    /// `args`. Placeholders without a value stay as written, so a gap in
    /// a translation shows rather than hides.
    #[must_use]
    pub fn f(self, msg: Msg, args: &[(&str, &dyn Display)]) -> String {
        fill(self.s(msg), args)
    }
}

/// `template` with `{name}` replaced by the values in `args`.
fn fill(template: &str, args: &[(&str, &dyn Display)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after.find('}').and_then(|close| {
            let name = &after[..close];
            args.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| (v.to_string(), close))
        });
        match value {
            Some((v, close)) => {
                out.push_str(&v);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locales_map_to_languages() {
        assert_eq!(Lang::from_locale("zh-CN"), Lang::Chinese);
        assert_eq!(Lang::from_locale("zh_TW.UTF-8"), Lang::Chinese);
        assert_eq!(Lang::from_locale("ZH"), Lang::Chinese);
        assert_eq!(Lang::from_locale("en-GB"), Lang::English);
        assert_eq!(Lang::from_locale("fr_FR.UTF-8"), Lang::English);
        assert_eq!(Lang::from_locale(""), Lang::English);
    }

    #[test]
    fn placeholders_are_filled_by_name() {
        let n = 3;
        assert_eq!(
            fill("{who} wins in {n}", &[("n", &n), ("who", &"Black")]),
            "Black wins in 3"
        );
        assert_eq!(fill("{missing} {", &[]), "{missing} {");
        assert_eq!(fill("黑棋{n}步胜", &[("n", &n)]), "黑棋3步胜");
    }

    #[test]
    fn languages_name_themselves() {
        assert_eq!(Lang::English.own_name(), "English");
        assert_eq!(Lang::Chinese.own_name(), "简体中文");
    }

    #[test]
    fn settings_store_the_language_as_its_code() {
        assert_eq!(serde_json::to_string(&Lang::Chinese).unwrap(), "\"zh-CN\"");
        let back: Lang = serde_json::from_str("\"en\"").unwrap();
        assert_eq!(back, Lang::English);
    }
}
