//! The catalogues: both languages define the same sentences with the same
//! placeholders, and the embedded CJK font can draw every character the
//! Chinese one uses.

use gomoku::i18n::{catalogue_text, parse_catalogue, Lang, Msg, Tr};
use std::collections::{BTreeMap, BTreeSet};

/// The embedded subset font, as the app includes it.
const FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansSC-subset.otf");

fn catalogue(lang: Lang) -> BTreeMap<String, String> {
    parse_catalogue(catalogue_text(lang))
        .unwrap_or_else(|e| panic!("{}.txt: {e}", lang.code()))
        .into_iter()
        .collect()
}

/// The `{name}` placeholders of a sentence.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('{')
        .skip(1)
        .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
        .collect()
}

#[test]
fn every_key_exists_in_both_languages_and_nowhere_else() {
    let keys: BTreeSet<String> = Msg::ALL.iter().map(|m| m.key().to_string()).collect();
    for lang in Lang::ALL {
        let found: BTreeSet<String> = catalogue(lang).into_keys().collect();
        let missing: Vec<_> = keys.difference(&found).collect();
        let unknown: Vec<_> = found.difference(&keys).collect();
        assert!(missing.is_empty(), "{}.txt lacks {missing:?}", lang.code());
        assert!(
            unknown.is_empty(),
            "{}.txt has keys no code uses: {unknown:?}",
            lang.code()
        );
    }
}

#[test]
fn translations_keep_every_placeholder_and_say_something() {
    let english = catalogue(Lang::English);
    let chinese = catalogue(Lang::Chinese);
    for (key, en) in &english {
        let zh = &chinese[key];
        assert!(!en.is_empty() && !zh.is_empty(), "{key} is empty");
        assert_eq!(
            placeholders(en),
            placeholders(zh),
            "{key}: the two languages fill in different values"
        );
    }
}

#[test]
fn the_chinese_catalogue_is_chinese() {
    let english = catalogue(Lang::English);
    let chinese = catalogue(Lang::Chinese);
    // Sentences that may read the same in both: names and notation.
    let same_allowed = ["RuleAndSize", "InFile", "RecentLine"];
    for (key, zh) in &chinese {
        if same_allowed.contains(&key.as_str()) {
            continue;
        }
        assert_ne!(zh, &english[key], "{key} is not translated");
        assert!(
            zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
            "{key} has no Chinese in it: {zh}"
        );
    }
}

#[test]
fn lookups_find_each_language() {
    let en = Tr(Lang::English);
    let zh = Tr(Lang::Chinese);
    assert_eq!(en.s(Msg::Undo), "Undo");
    assert_eq!(zh.s(Msg::Undo), "悔棋");
    assert_eq!(zh.s(Msg::Resign), "认输");
    assert_eq!(zh.s(Msg::Black), "黑棋");
    assert_eq!(
        zh.f(Msg::ResultWins, &[("winner", &zh.s(Msg::White))]),
        "白棋胜：五子连珠"
    );
}

#[test]
fn the_embedded_font_has_every_character_of_the_chinese_catalogue() {
    let face = ttf_parser::Face::parse(FONT, 0).expect("the subset is a font");
    let text = catalogue_text(Lang::Chinese);
    let missing: BTreeSet<char> = text
        .chars()
        .filter(|c| !c.is_control())
        .filter(|c| face.glyph_index(*c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "run scripts/make-font-subset.sh: the font lacks {missing:?}"
    );
    // A character no catalogue uses is not there, so the check can fail.
    assert!(face.glyph_index('龘').is_none());
}

#[test]
fn the_embedded_font_stays_small() {
    assert!(FONT.len() < 1024 * 1024, "{} bytes", FONT.len());
}
