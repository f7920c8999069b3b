//! The words the player reads, in English and Simplified Chinese.
//!
//! Every user-visible sentence lives in one catalogue per language,
//! `assets/i18n/en.ftl` and `assets/i18n/zh-CN.ftl` (Project Fluent), embedded in the
//! binary. Code names a sentence by its [`Msg`] key and asks a [`Tr`] for
//! it; [`phrases`] turns game values (stones, levels, scores, errors) into
//! words. This module knows the rules and the engine but nothing of egui,
//! so the desktop app and the terminal game share it.

mod catalogue;
mod keys;
pub mod lessons;
pub mod phrases;
pub mod threats;

pub use catalogue::{parse_catalogue, source as catalogue_text, CatalogueError};
pub use keys::Msg;

use fluent_bundle::FluentArgs;
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

    /// The sentence `msg` with each `{ $name }` filled in by its value
    /// from `args`. A value that is a plain number (`3`, `0.8`) is given
    /// to Fluent as a number, so the catalogue can choose the words for
    /// it ("1 move", "2 moves"); anything else is text. Placeholders
    /// without a value are written `{$name}`, so a gap in a translation
    /// shows rather than hides.
    #[must_use]
    pub fn f(self, msg: Msg, args: &[(&str, &dyn Display)]) -> String {
        let mut fluent_args = FluentArgs::with_capacity(args.len());
        for (name, value) in args {
            fluent_args.set(*name, catalogue::argument(value.to_string()));
        }
        catalogue::format(self.0, msg, &fluent_args)
    }
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
        let (en, zh) = (Tr(Lang::English), Tr(Lang::Chinese));
        let args: [(&str, &dyn Display); 2] = [("moves", &3), ("stone", &"Black")];
        assert_eq!(en.f(Msg::ScoreWinsIn, &args), "Black wins in 3");
        assert_eq!(zh.f(Msg::ScoreWinsIn, &args), "Black 3 步必胜");
        // A missing value shows, with no isolation marks around anything.
        assert_eq!(
            en.f(Msg::ScoreWinsIn, &[("moves", &3)]),
            "{$stone} wins in 3"
        );
    }

    #[test]
    fn sentences_without_values_are_static_and_plain() {
        assert_eq!(Tr(Lang::English).s(Msg::Undo), "Undo");
        assert_eq!(Tr(Lang::Chinese).s(Msg::Undo), "悔棋");
        for lang in Lang::ALL {
            for msg in Msg::ALL {
                let text = Tr(lang).s(*msg);
                assert!(
                    !text.contains(['\u{2068}', '\u{2069}']),
                    "{msg:?} has isolation marks"
                );
            }
        }
    }

    #[test]
    fn the_translator_is_copy_and_works_from_any_thread() {
        fn assert_traits<T: Copy + Send + Sync>() {}
        assert_traits::<Tr>();
        let tr = Tr(Lang::English);
        let from_thread = std::thread::spawn(move || tr.f(Msg::MoveCount, &[("count", &1)]))
            .join()
            .unwrap();
        assert_eq!(from_thread, "1 move");
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
