//! The catalogues: both languages define the same sentences with the same
//! placeholders, counts read naturally in both (plural forms chosen by
//! Fluent), and the embedded CJK font can draw every character the
//! Chinese one uses.

use gomoku::i18n::{catalogue_text, parse_catalogue, Lang, Msg, Tr};
use std::collections::{BTreeMap, BTreeSet};

/// The embedded subset font, as the app includes it.
const FONT: &[u8] = include_bytes!("../assets/fonts/NotoSansSC-subset.otf");

fn catalogue(lang: Lang) -> BTreeMap<String, String> {
    parse_catalogue(catalogue_text(lang))
        .unwrap_or_else(|e| panic!("{}.ftl: {e}", lang.code()))
        .into_iter()
        .collect()
}

/// The `$name` variables a sentence's Fluent source uses, in its text or
/// in a selector.
fn placeholders(text: &str) -> BTreeSet<&str> {
    text.split('$')
        .skip(1)
        .map(|rest| {
            let end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            &rest[..end]
        })
        .collect()
}

#[test]
fn every_key_exists_in_both_languages_and_nowhere_else() {
    let keys: BTreeSet<String> = Msg::ALL.iter().map(|m| m.key().to_string()).collect();
    for lang in Lang::ALL {
        let found: BTreeSet<String> = catalogue(lang).into_keys().collect();
        let missing: Vec<_> = keys.difference(&found).collect();
        let unknown: Vec<_> = found.difference(&keys).collect();
        assert!(missing.is_empty(), "{}.ftl lacks {missing:?}", lang.code());
        assert!(
            unknown.is_empty(),
            "{}.ftl has keys no code uses: {unknown:?}",
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
    // Sentences that may read the same in both, or hold no Chinese of
    // their own: names and notation, the list separator (punctuation),
    // and a shape put on its line (both words are keys of their own).
    let same_allowed = [
        "RuleAndSize",
        "InFile",
        "RecentLine",
        "ThreatListJoin",
        "ThreatShapeOnLine",
        // A clock: a colour's name and digits; a main time plus its
        // increment, both words of their own.
        "ClockReading",
        "ClockPlus",
        // A named opening: its name, code and kind, each a key of its own.
        "OpeningNamedFact",
        // The opening picker's row: both names, code and kind, likewise.
        "OpeningPickerRow",
        // A file not imported: its name and the reason, in words of their
        // own (only the colon differs).
        "LibraryFileError",
        // The player's rating and its deviation: two numbers and a sign.
        "RatingNow",
        // A rated game: its date, level, result and rating, each in words
        // of their own.
        "RatingGameLine",
    ];
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

/// `msg` in both languages with one number argument `name` = `n`.
fn counted(msg: Msg, name: &str, n: usize) -> (String, String) {
    let args: [(&str, &dyn std::fmt::Display); 1] = [(name, &n)];
    (
        Tr(Lang::English).f(msg, &args),
        Tr(Lang::Chinese).f(msg, &args),
    )
}

/// Each message that shows one count, with its English and Chinese
/// sentence for 0, 1, 2 and 21 (21 is "other" in English, as is every
/// number but 1).
#[test]
fn single_counts_read_naturally_in_both_languages() {
    type Case = (Msg, &'static str, [(usize, &'static str, &'static str); 4]);
    let cases: [Case; 6] = [
        (
            Msg::MoveCount,
            "count",
            [
                (0, "0 moves", "0 手"),
                (1, "1 move", "1 手"),
                (2, "2 moves", "2 手"),
                (21, "21 moves", "21 手"),
            ],
        ),
        (
            Msg::TextTookBack,
            "count",
            [
                (0, "Took back 0 moves.", "悔了 0 手。"),
                (1, "Took back 1 move.", "悔了 1 手。"),
                (2, "Took back 2 moves.", "悔了 2 手。"),
                (21, "Took back 21 moves.", "悔了 21 手。"),
            ],
        ),
        (
            Msg::TextReplayed,
            "count",
            [
                (0, "Replayed 0 moves.", "恢复了 0 手。"),
                (1, "Replayed 1 move.", "恢复了 1 手。"),
                (2, "Replayed 2 moves.", "恢复了 2 手。"),
                (21, "Replayed 21 moves.", "恢复了 21 手。"),
            ],
        ),
        (
            Msg::TextLoaded,
            "count",
            [
                (0, "Loaded 0 moves.", "已载入 0 手。"),
                (1, "Loaded 1 move.", "已载入 1 手。"),
                (2, "Loaded 2 moves.", "已载入 2 手。"),
                (21, "Loaded 21 moves.", "已载入 21 手。"),
            ],
        ),
        (
            Msg::BranchHere,
            "count",
            [
                (0, "0 moves were tried here", "此处尝试过 0 种走法"),
                (1, "1 move was tried here", "此处尝试过 1 种走法"),
                (2, "2 moves were tried here", "此处尝试过 2 种走法"),
                (21, "21 moves were tried here", "此处尝试过 21 种走法"),
            ],
        ),
        (
            Msg::ReviewDone,
            "total",
            [
                (0, "Review complete: 0 positions", "复盘完成：共 0 个局面"),
                (1, "Review complete: 1 position", "复盘完成：共 1 个局面"),
                (2, "Review complete: 2 positions", "复盘完成：共 2 个局面"),
                (
                    21,
                    "Review complete: 21 positions",
                    "复盘完成：共 21 个局面",
                ),
            ],
        ),
    ];
    for (msg, name, rows) in cases {
        for (n, en, zh) in rows {
            assert_eq!(
                counted(msg, name, n),
                (en.to_string(), zh.to_string()),
                "{msg:?} {n}"
            );
        }
    }
}

#[test]
fn forbidden_points_are_counted_in_words() {
    let red = "Red crosses mark the";
    assert_eq!(
        counted(Msg::EditorForbidden, "count", 1).0,
        "A red cross marks the one point where Black may not play under Renju."
    );
    for n in [0, 2, 21] {
        let (en, zh) = counted(Msg::EditorForbidden, "count", n);
        assert_eq!(
            en,
            format!("{red} {n} points where Black may not play under Renju.")
        );
        assert_eq!(zh, format!("红叉标出连珠规则下黑棋不能下的 {n} 个禁手点。"));
    }
}

#[test]
fn review_progress_counts_the_positions() {
    let en = Tr(Lang::English);
    let zh = Tr(Lang::Chinese);
    for (done, total, progress, stopped) in [
        (
            0,
            0,
            "Reviewing: 0 of 0 positions",
            "Review stopped at 0 of 0 positions",
        ),
        (
            0,
            1,
            "Reviewing: 0 of 1 position",
            "Review stopped at 0 of 1 position",
        ),
        (
            1,
            2,
            "Reviewing: 1 of 2 positions",
            "Review stopped at 1 of 2 positions",
        ),
        (
            7,
            21,
            "Reviewing: 7 of 21 positions",
            "Review stopped at 7 of 21 positions",
        ),
    ] {
        let args: [(&str, &dyn std::fmt::Display); 2] = [("done", &done), ("total", &total)];
        assert_eq!(en.f(Msg::ReviewProgress, &args), progress);
        assert_eq!(en.f(Msg::ReviewStopped, &args), stopped);
        assert_eq!(
            zh.f(Msg::ReviewProgress, &args),
            format!("复盘中：第 {done} / {total} 个局面")
        );
        assert_eq!(
            zh.f(Msg::ReviewStopped, &args),
            format!("复盘已停在第 {done} / {total} 个局面")
        );
    }
}

#[test]
fn the_review_summary_counts_each_kind_of_error() {
    let summary = |tr: Tr, n: [usize; 3]| {
        tr.f(
            Msg::ReviewSummaryLine,
            &[
                ("stone", &tr.s(Msg::Black)),
                ("best", &1),
                ("good", &2),
                ("inaccuracy", &n[0]),
                ("mistake", &n[1]),
                ("blunder", &n[2]),
                ("loss", &"3%"),
            ],
        )
    };
    let en = Tr(Lang::English);
    let zh = Tr(Lang::Chinese);
    assert_eq!(
        summary(en, [0, 1, 2]),
        "Black: 1 best, 2 good, 0 inaccuracies, 1 mistake, 2 blunders · average loss 3%"
    );
    assert_eq!(
        summary(en, [1, 21, 0]),
        "Black: 1 best, 2 good, 1 inaccuracy, 21 mistakes, 0 blunders · average loss 3%"
    );
    assert_eq!(
        summary(en, [2, 0, 1]),
        "Black: 1 best, 2 good, 2 inaccuracies, 0 mistakes, 1 blunder · average loss 3%"
    );
    assert_eq!(
        summary(zh, [0, 1, 21]),
        "黑棋：最佳 1 手，好棋 2 手，欠佳 0 手，错着 1 手，败着 21 手 · 平均损失 3%"
    );
}

#[test]
fn decimals_keep_their_digits_and_count_as_plural() {
    let en = Tr(Lang::English);
    let args = |s: &'static str| -> [(&'static str, &'static dyn std::fmt::Display); 1] {
        [("count", if s == "1.0" { &"1.0" } else { &"1" })]
    };
    // "1.0" is a number written with a decimal, which English counts as
    // plural ("1.0 moves"); the digits are kept as written.
    assert_eq!(en.f(Msg::MoveCount, &args("1.0")), "1.0 moves");
    assert_eq!(en.f(Msg::MoveCount, &args("1")), "1 move");
    assert_eq!(
        en.f(Msg::Elapsed, &[("what", &"Thinking"), ("seconds", &"1.0")]),
        "Thinking… 1.0 s"
    );
}

#[test]
fn no_english_sentence_hedges_a_plural() {
    for (key, sentence) in catalogue(Lang::English) {
        assert!(!sentence.contains("(s)"), "{key}: {sentence}");
    }
}
