//! The app in Chinese: switching language in Settings, a whole game with
//! the Chinese interface, the language kept between runs and taken from
//! the system on a first start, and fonts that can draw it all.

use crate::common::{click_point, harness, SIZE};
use eframe::egui::{FontId, Key};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp, Launch};
use gomoku::i18n::{catalogue_text, Lang};
use gomoku::play::Mode;
use gomoku::rules::{Outcome, Point, Stone};
use std::path::Path;
use std::sync::Arc;

fn two_players_in(language: Option<Lang>) -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        language,
        ..AppSettings::default()
    }
}

fn app_in(dir: &Path, system: Option<Lang>) -> Harness<'static, GomokuApp> {
    let store = dir.to_path_buf();
    let launch = Launch {
        system_language: system,
        ..Launch::default()
    };
    Harness::builder()
        .with_size(SIZE)
        .build_eframe(move |_cc| GomokuApp::new_for_test_in(store.clone(), &launch))
}

#[test]
fn switching_language_changes_the_menus_at_once() {
    let mut h = harness(two_players_in(None));
    assert!(h.query_by_label("Game").is_some());
    h.get_by_label("Settings").click();
    h.run();
    h.get_by_label("简体中文").click();
    h.run();
    assert_eq!(h.state().lang(), Lang::Chinese);
    assert_eq!(h.state().settings().language, Some(Lang::Chinese));
    // The menu bar, the panel and the status bar speak Chinese at once,
    // with no restart.
    assert!(h.query_by_label("对局").is_some());
    assert!(h.query_by_label("设置").is_some());
    assert!(h.query_by_label("帮助").is_some());
    assert!(h.query_by_label("Game").is_none());
    assert!(h.query_by_label("悔棋").is_some());
    assert!(h.query_by_label("Undo").is_none());
    // And back: the same menu, now in Chinese, offers English by its name.
    h.key_press(Key::Escape);
    h.run();
    h.get_by_label("设置").click();
    h.run();
    h.get_by_label("English").click();
    h.run();
    assert!(h.query_by_label("Game").is_some());
    assert!(h.query_by_label("对局").is_none());
}

#[test]
fn a_game_is_played_and_won_in_chinese() {
    let mut h = harness(AppSettings {
        language: Some(Lang::Chinese),
        ..AppSettings::default()
    });
    h.get_by_label("对局").click();
    h.run();
    h.get_by_label("双人对战").click();
    h.run();
    assert_eq!(h.state().table().mode(), Mode::TwoPlayer);
    assert!(h.query_by_label("轮到黑棋").is_some());
    // Black builds a row on the bottom line while White answers above it.
    for x in 0..5 {
        click_point(&mut h, Point::new(x, 14));
        if x < 4 {
            assert!(h.query_by_label("轮到白棋").is_some());
            click_point(&mut h, Point::new(x, 10));
        }
    }
    assert!(matches!(
        h.state().game().outcome(),
        Some(Outcome::Five {
            winner: Stone::Black,
            ..
        })
    ));
    assert!(h.query_by_label("黑棋胜：五子连珠").is_some());
    assert!(h.query_by_label("总手数").is_some());
    h.get_by_label("再来一局").click();
    h.run();
    assert!(h.state().game().moves().is_empty());
    assert!(h.query_by_label("黑棋胜：五子连珠").is_none());
}

#[test]
fn refusals_are_told_in_chinese() {
    let mut h = harness(two_players_in(Some(Lang::Chinese)));
    h.get_by_label("悔棋").click();
    h.run();
    // Undo is disabled on an empty board; the key still reaches the game.
    h.key_press_modifiers(eframe::egui::Modifiers::COMMAND, Key::Y);
    h.run();
    assert_eq!(h.state().status_message(), Some("没有可以恢复的棋"));
}

#[test]
fn the_first_start_follows_the_system_and_a_choice_is_remembered() {
    let dir = tempfile::tempdir().unwrap();
    {
        let h = app_in(dir.path(), Some(Lang::Chinese));
        assert_eq!(h.state().lang(), Lang::Chinese);
        assert!(h.query_by_label("对局").is_some());
    }
    {
        let mut h = app_in(dir.path(), Some(Lang::Chinese));
        h.get_by_label("设置").click();
        h.run();
        h.get_by_label("English").click();
        h.run();
        assert_eq!(h.state().lang(), Lang::English);
    }
    // The choice outlives the system's language.
    let h = app_in(dir.path(), Some(Lang::Chinese));
    assert_eq!(h.state().lang(), Lang::English);
    assert!(h.query_by_label("Game").is_some());
}

#[test]
fn the_app_can_draw_every_character_of_both_catalogues() {
    let mut h = harness(two_players_in(Some(Lang::Chinese)));
    h.run();
    for lang in Lang::ALL {
        let text: String = catalogue_text(lang)
            .chars()
            .filter(|c| !c.is_control())
            .collect();
        let missing: Vec<char> = h.ctx.fonts_mut(|f| {
            text.chars()
                .filter(|c| !f.has_glyph(&FontId::proportional(14.0), *c))
                .collect()
        });
        assert!(
            missing.is_empty(),
            "{}: no glyph for {missing:?}",
            lang.code()
        );
    }
}

/// Whether this machine has a CJK font installed (Debian's
/// fonts-noto-cjk, fonts-wqy-*, …), where the system fallback should
/// find one.
fn system_has_cjk_font() -> bool {
    fn walk(dir: &Path) -> bool {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return false;
        };
        entries.flatten().any(|e| {
            let path = e.path();
            let name = path.to_string_lossy().to_lowercase();
            if path.is_dir() {
                walk(&path)
            } else {
                name.contains("cjk") || name.contains("wqy") || name.contains("sourcehan")
            }
        })
    }
    walk(Path::new("/usr/share/fonts"))
}

#[test]
fn text_the_catalogue_cannot_know_falls_back_to_a_system_font() {
    // A record whose name has characters no catalogue uses, so the
    // embedded subset lacks them; opening it fails and names it.
    let rare = "龘靐齉";
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join(format!("{rare}.psq"));
    std::fs::write(&record, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap();
    let store = dir.path().join("store");
    let launch = Launch {
        open: Some(record),
        system_language: Some(Lang::Chinese),
        ..Launch::default()
    };
    let has_cjk = system_has_cjk_font();
    // Where a CJK font is installed, a missing glyph fails the test;
    // without one, the text must still show (as boxes), never crash.
    let mut builder = Harness::builder().with_size(SIZE);
    if !has_cjk {
        builder = builder.allow_missing_glyphs();
    }
    let mut h = builder.build_eframe(move |cc| {
        // What eframe installs in the real app (its `system_fonts`
        // feature).
        cc.egui_ctx.add_font_provider(Arc::new(
            egui_system_font_provider::SystemFontProvider::new(),
        ));
        GomokuApp::new_for_test_in(store.clone(), &launch)
    });
    h.run();
    let notice = h.state().notice().expect("the bad record is reported");
    assert!(
        notice.contains(rare) && notice.contains("第 3 行"),
        "{notice}"
    );
    assert!(
        h.query_by_label_contains(rare).is_some(),
        "the name is shown"
    );
    let drawn = h.ctx.fonts_mut(|f| {
        rare.chars()
            .all(|c| f.has_glyph(&FontId::proportional(14.0), c))
    });
    if has_cjk {
        assert!(drawn, "a system CJK font should draw {rare}");
    }
}
