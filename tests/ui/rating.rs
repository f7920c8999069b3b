//! The player's rating through clicks, in both languages and at 640×480
//! and full size: a rated game shown as rated, resigned and rated (the
//! change and the next level in the banner, its button starting the next
//! game there); a game made unrated by a hint, an undo and the training
//! wheels' "Take it back", each saying why; the rating window with its
//! reset; "Adaptive (your rating)"; and the rating saved, restored with a
//! rated game in progress, and a damaged file set aside.

use crate::common::{click_point, harness_in, harness_sized, run_until, wait_for_ai, SIZE};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{Action, AppSettings, GomokuApp};
use gomoku::engine::Level;
use gomoku::i18n::{phrases, Lang, Tr};
use gomoku::play::Mode;
use gomoku::rating::{words, Ladder, Rated, Score, Why};
use gomoku::rules::{parse_point, Point, Stone};
use gomoku::storage::RATING_FILE;

/// The smallest window the app supports.
const SMALL: [f32; 2] = [640.0, 480.0];

/// The level the tests play (the default), and the ladder around it:
/// 200 points a level, the default at 1200.
fn level() -> Level {
    Level::default()
}

fn ladder() -> Ladder {
    let n = level().number();
    let rungs = Level::all()
        .map(|l| {
            (
                l.number(),
                1200 + 200 * (i32::from(l.number()) - i32::from(n)),
            )
        })
        .collect();
    Ladder::new(rungs, n)
}

fn settings(lang: Lang) -> AppSettings {
    AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        level: level(),
        language: Some(lang),
        ..AppSettings::default()
    }
}

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

fn shows(h: &Harness<'static, GomokuApp>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

fn apply(h: &mut Harness<'static, GomokuApp>, action: Action) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(action, &ctx);
    h.run();
}

/// A fresh app in `lang` at `size` whose game on the board is rated.
fn rated_game(lang: Lang, size: [f32; 2]) -> Harness<'static, GomokuApp> {
    let mut h = harness_sized(settings(lang), size, 1.0);
    h.run();
    h.state_mut().set_ladder_for_test(ladder());
    h.run();
    assert!(h.state().rated().is_rated(), "{:?}", h.state().rated());
    h
}

/// In a narrow window the side panel is a drawer: `read` runs with it
/// open.
fn with_panel(
    h: &mut Harness<'static, GomokuApp>,
    read: impl FnOnce(&mut Harness<'static, GomokuApp>),
) {
    let narrow = h.ctx.content_rect().width() < gomoku::app::DRAWER_BELOW;
    if narrow {
        apply(h, Action::ToggleDrawer);
    }
    read(h);
    if narrow {
        apply(h, Action::ToggleDrawer);
    }
}

/// Resigns through the question, as the player does.
fn resign(h: &mut Harness<'static, GomokuApp>) {
    apply(h, Action::AskResign);
    let yes = Tr(h.state().lang()).s(gomoku::i18n::Msg::ResignConfirm);
    h.get_by_label(yes).click();
    h.run();
    assert!(h.state().game().is_over());
}

fn a_rated_game_is_rated_and_suggests_the_next(lang: Lang, size: [f32; 2]) {
    let tr = Tr(lang);
    let rated = tr.s(gomoku::i18n::Msg::RatedGame);
    let mut h = rated_game(lang, size);
    with_panel(&mut h, |h| assert!(shows(h, rated), "{rated}"));
    resign(&mut h);
    let book = h.state().rating_book().clone();
    assert_eq!(book.history.len(), 1);
    assert_eq!(book.history[0].score, Score::Loss, "resigning is a loss");
    assert_eq!(book.history[0].level, level().number());
    let settled = *h.state().rated().settled().expect("counted");
    // From 1200 with the start deviation, a loss to an equal is about
    // -175: the level below (1000) is now the nearest.
    assert!(settled.change() < -150, "{settled:?}");
    let below = Level::new(level().number() - 1).unwrap();
    let change = words::change(tr, &settled);
    let next = tr.f(
        gomoku::i18n::Msg::RatingSuggestNext,
        &[("level", &words::level(tr, below.number()))],
    );
    let play = tr.f(
        gomoku::i18n::Msg::RatingPlayLevel,
        &[("level", &words::level(tr, below.number()))],
    );
    if size[0] < gomoku::app::DRAWER_BELOW {
        // The banner is in the drawer, closed: the status bar says the
        // result and the change, and where to play again.
        let status = tr.f(
            gomoku::i18n::Msg::StatusOverRatedInDrawer,
            &[
                ("result", &tr.s(gomoku::i18n::Msg::ResultYouResigned)),
                ("rating", &change),
            ],
        );
        assert!(shows(&h, &status), "{status}");
    }
    with_panel(&mut h, |h| {
        assert!(shows(h, &change), "{change}");
        assert!(shows(h, &next), "{next}");
        h.get_by_label(&play).click();
        h.run();
    });
    // The next game, at the level suggested, rated.
    assert!(!h.state().game().is_over());
    assert_eq!(h.state().session().level(), below);
    assert_eq!(
        h.state().rated().terms().map(|t| t.level),
        Some(below.number())
    );
    assert_eq!(h.state().rating_book().history.len(), 1);
}

#[test]
fn a_rated_game_in_english_full_size() {
    a_rated_game_is_rated_and_suggests_the_next(Lang::English, SIZE);
}

#[test]
fn a_rated_game_in_chinese_full_size() {
    a_rated_game_is_rated_and_suggests_the_next(Lang::Chinese, SIZE);
}

#[test]
fn a_rated_game_in_english_at_640_by_480() {
    a_rated_game_is_rated_and_suggests_the_next(Lang::English, SMALL);
}

#[test]
fn a_rated_game_in_chinese_at_640_by_480() {
    a_rated_game_is_rated_and_suggests_the_next(Lang::Chinese, SMALL);
}

/// The game is no longer rated once `spoil` ran, the panel says why, and
/// resigning it changes nothing.
fn spoilt(lang: Lang, size: [f32; 2], why: Why, spoil: fn(&mut Harness<'static, GomokuApp>)) {
    let mut h = rated_game(lang, size);
    spoil(&mut h);
    assert_eq!(*h.state().rated(), Rated::No(why));
    let said = words::status(Tr(lang), &Rated::No(why)).unwrap();
    with_panel(&mut h, |h| assert!(shows(h, &said), "{said}"));
    if !h.state().game().is_over() {
        resign(&mut h);
    }
    assert!(h.state().rating_book().history.is_empty());
    let tr = Tr(lang);
    let rating_line = tr.s(gomoku::i18n::Msg::RatedCounted);
    assert!(!shows(&h, rating_line));
}

#[test]
fn a_hint_makes_the_game_unrated_in_english() {
    spoilt(Lang::English, SIZE, Why::Hint, |h| {
        h.get_by_label("Hint").click();
        h.run();
        run_until(h, "the hint", |app| app.session().hint().is_some());
    });
}

#[test]
fn an_undo_makes_the_game_unrated_in_chinese_at_640_by_480() {
    spoilt(Lang::Chinese, SMALL, Why::Undo, |h| {
        click_point(h, pt("h8"));
        wait_for_ai(h);
        apply(h, Action::Undo);
    });
}

#[test]
fn analysis_makes_the_game_unrated() {
    spoilt(Lang::English, SIZE, Why::Analysis, |h| {
        h.state_mut()
            .set_analysis_limits(gomoku::engine::Limits::depth(2));
        apply(h, Action::SetAnalysis(true));
        apply(h, Action::SetAnalysis(false));
    });
}

#[test]
fn a_move_from_an_earlier_position_makes_the_game_unrated() {
    spoilt(Lang::English, SIZE, Why::TookBack, |h| {
        click_point(h, pt("h8"));
        wait_for_ai(h);
        apply(h, Action::GoToStart);
        click_point(h, pt("a1"));
        wait_for_ai(h);
    });
}

#[test]
fn a_change_of_level_during_the_game_makes_it_unrated_and_before_it_moves_the_rating() {
    let mut h = rated_game(Lang::English, SIZE);
    let below = Level::new(level().number() - 1).unwrap();
    apply(&mut h, Action::SetLevel(below));
    assert_eq!(
        h.state().rated().terms().map(|t| t.level),
        Some(below.number())
    );
    click_point(&mut h, pt("h8"));
    wait_for_ai(&mut h);
    apply(&mut h, Action::SetLevel(level()));
    assert_eq!(*h.state().rated(), Rated::No(Why::LevelChanged));
}

#[test]
fn taking_back_a_move_the_training_wheels_question_makes_the_game_unrated() {
    let weakest = Level::all().next().unwrap();
    let mut s = settings(Lang::English);
    s.level = weakest;
    s.training_wheels.set(weakest, true);
    let mut h = harness_sized(s, SIZE, 1.0);
    h.run();
    h.state_mut().set_ladder_for_test(ladder());
    h.run();
    assert!(h.state().rated().is_rated());
    // Far from White's stones until the wheels see a loss coming.
    let far = [
        "a1", "c1", "e1", "g1", "i1", "k1", "m1", "o1", "a3", "c3", "e3", "g3", "i3", "k3",
    ];
    let mut asked = false;
    for p in far {
        if !h.state().game().board().is_empty_at(pt(p)) {
            continue;
        }
        click_point(&mut h, pt(p));
        run_until(&mut h, "the wheels' check", |app| {
            !app.training_wheels_checking()
        });
        if h.state().training_wheels_question().is_some() {
            asked = true;
            break;
        }
        wait_for_ai(&mut h);
    }
    assert!(asked, "the wheels asked");
    h.get_by_label("Take it back").click();
    h.run();
    assert_eq!(*h.state().rated(), Rated::No(Why::TrainingWheels));
    assert!(shows(
        &h,
        "Not rated: you took a move back when the training wheels warned"
    ));
}

fn the_rating_window(lang: Lang, size: [f32; 2]) {
    let tr = Tr(lang);
    let (game, item, reset, yes) = match lang {
        Lang::English => ("Game", "Your rating…", "Reset rating…", "Yes, reset"),
        Lang::Chinese => ("对局", "你的等级分…", "重置等级分…", "确认重置"),
    };
    let mut h = rated_game(lang, size);
    h.get_by_label(game).click();
    h.run();
    h.get_by_label(item).click();
    h.run();
    assert!(h.state().rating_window_open());
    let start = words::now(tr, h.state().rating_book(), &ladder());
    assert!(shows(&h, &start), "{start}");
    resign(&mut h);
    let tally = words::tally(tr, h.state().rating_book());
    assert!(shows(&h, &tally), "{tally}");
    let last = words::game(tr, &h.state().rating_book().history[0]);
    assert!(shows(&h, &last), "{last}");
    h.get_by_label(reset).click();
    h.run();
    // Asked first: nothing is forgotten yet.
    assert_eq!(h.state().rating_book().history.len(), 1);
    h.get_by_label(yes).click();
    h.run();
    assert!(h.state().rating_book().history.is_empty());
    assert!(h.state().rating_book().player.is_none());
}

#[test]
fn the_rating_window_in_english_full_size() {
    the_rating_window(Lang::English, SIZE);
}

#[test]
fn the_rating_window_in_chinese_at_640_by_480() {
    the_rating_window(Lang::Chinese, SMALL);
}

#[test]
fn the_rating_window_in_english_at_640_by_480() {
    the_rating_window(Lang::English, SMALL);
}

#[test]
fn the_rating_window_in_chinese_full_size() {
    the_rating_window(Lang::Chinese, SIZE);
}

fn adaptive(lang: Lang, size: [f32; 2]) {
    let (settings_menu, adaptive) = match lang {
        Lang::English => ("Settings", "Adaptive (your rating)"),
        Lang::Chinese => ("设置", "自适应（按你的等级分）"),
    };
    let mut h = rated_game(lang, size);
    // A loss first, so the rating is nearer the level below.
    resign(&mut h);
    h.get_by_label(settings_menu).click();
    h.run();
    h.get_by_label(adaptive).click();
    h.run();
    assert!(h.state().settings().rating.adaptive);
    // The next game is at the level nearest the rating.
    apply(&mut h, Action::NewGame);
    let below = Level::new(level().number() - 1).unwrap();
    assert_eq!(h.state().session().level(), below);
    assert!(h.state().rated().is_rated());
    // A level chosen by hand turns it off.
    apply(&mut h, Action::SetLevel(level()));
    assert!(!h.state().settings().rating.adaptive);
}

#[test]
fn adaptive_plays_at_the_rating_in_english_full_size() {
    adaptive(Lang::English, SIZE);
}

#[test]
fn adaptive_plays_at_the_rating_in_chinese_at_640_by_480() {
    adaptive(Lang::Chinese, SMALL);
}

/// With Adaptive on, the Game menu's first item names the level the new
/// game will be played at, not the one just played, and starts it there.
fn the_new_game_item_names_the_adaptive_level(lang: Lang, size: [f32; 2]) {
    let tr = Tr(lang);
    let mut h = rated_game(lang, size);
    resign(&mut h);
    apply(&mut h, Action::SetAdaptive(true));
    let below = Level::new(level().number() - 1).unwrap();
    assert_eq!(h.state().session().level(), level(), "the game played");
    let players = tr.f(
        gomoku::i18n::Msg::PlayersVsAiSeat,
        &[
            ("seat", &phrases::stone(tr, Stone::Black)),
            ("level", &phrases::level(tr, below)),
        ],
    );
    let item = tr.f(gomoku::i18n::Msg::NewGameSame, &[("players", &players)]);
    h.get_by_label(tr.s(gomoku::i18n::Msg::MenuGame)).click();
    h.run();
    h.get_by_label_contains(&item).click();
    h.run();
    assert_eq!(h.state().session().level(), below, "{item}");
    assert!(h.state().rated().is_rated());
}

#[test]
fn the_new_game_item_names_the_adaptive_level_in_english_full_size() {
    the_new_game_item_names_the_adaptive_level(Lang::English, SIZE);
}

#[test]
fn the_new_game_item_names_the_adaptive_level_in_chinese_at_640_by_480() {
    the_new_game_item_names_the_adaptive_level(Lang::Chinese, SMALL);
}

/// With Adaptive on, a level clicked in the Settings menu's ladder turns it
/// off and plays there — the level Adaptive is playing too, the one most
/// likely clicked ("this level, and keep it").
fn a_level_clicked_turns_adaptive_off(lang: Lang, size: [f32; 2]) {
    let tr = Tr(lang);
    let settings_menu = tr.s(gomoku::i18n::Msg::MenuSettings);
    let mut h = rated_game(lang, size);
    resign(&mut h);
    apply(&mut h, Action::SetAdaptive(true));
    apply(&mut h, Action::NewGame);
    let below = Level::new(level().number() - 1).unwrap();
    assert_eq!(h.state().session().level(), below);
    for pick in [below, level()] {
        apply(&mut h, Action::SetAdaptive(true));
        assert!(h.state().settings().rating.adaptive);
        h.get_by_label(settings_menu).click();
        h.run();
        // The submenu opens from the level being played; then its label
        // shows twice, the ladder's own radio button last.
        h.get_by_label(&phrases::level_rated(tr, below)).click();
        h.run();
        let name = phrases::level_rated(tr, pick);
        let radio = h
            .get_all_by_label(&name)
            .last()
            .expect("the ladder's radio");
        radio.click();
        h.run();
        assert!(!h.state().settings().rating.adaptive, "{name}");
        assert_eq!(h.state().settings().level, pick, "{name}");
        assert_eq!(h.state().session().level(), pick, "{name}");
        // Back to the level Adaptive plays for the next round.
        apply(&mut h, Action::SetLevel(below));
    }
}

#[test]
fn a_level_clicked_turns_adaptive_off_in_english_full_size() {
    a_level_clicked_turns_adaptive_off(Lang::English, SIZE);
}

#[test]
fn a_level_clicked_turns_adaptive_off_in_chinese_at_640_by_480() {
    a_level_clicked_turns_adaptive_off(Lang::Chinese, SMALL);
}

#[test]
fn the_rating_and_a_rated_game_in_progress_are_saved_and_a_damaged_file_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness_in(dir.path().to_path_buf());
        h.run();
        h.state_mut().set_ladder_for_test(ladder());
        h.run();
        resign(&mut h);
        apply(&mut h, Action::SetAdaptive(true));
        apply(&mut h, Action::NewGame);
        click_point(&mut h, pt("h8"));
        wait_for_ai(&mut h);
        assert!(h.state().rated().is_rated());
        h.state_mut().save_all();
    }
    let h = harness_in(dir.path().to_path_buf());
    assert_eq!(h.state().rating_book().history.len(), 1);
    assert!(h.state().settings().rating.adaptive);
    assert!(h.state().rated().is_rated(), "{:?}", h.state().rated());
    drop(h);
    std::fs::write(dir.path().join(RATING_FILE), "{\"history\": [").unwrap();
    let h = harness_in(dir.path().to_path_buf());
    let notice = h.state().notice().expect("a notice").to_string();
    assert!(notice.contains("rating"), "{notice}");
    assert!(h.state().rating_book().history.is_empty());
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("rating.json.corrupt")
        });
    assert!(aside, "the damaged file is kept aside");
}

#[test]
fn games_against_two_players_or_from_a_record_are_not_rated() {
    let mut h = rated_game(Lang::English, SIZE);
    apply(&mut h, Action::NewTwoPlayer);
    assert_eq!(*h.state().rated(), Rated::default());
    apply(&mut h, Action::NewGameVsAi(Stone::White));
    assert!(h.state().rated().is_rated());
    apply(&mut h, Action::Paste("h8i9".into()));
    assert_eq!(*h.state().rated(), Rated::No(Why::NotFromStart));
    assert!(shows(
        &h,
        "Not rated: the game did not start from the empty board"
    ));
    // The toast's Undo brings the rated game back, still rated.
    h.get_by_label(Tr::default().s(gomoku::app::TOAST_UNDO_LABEL))
        .click();
    h.run();
    assert!(h.state().rated().is_rated());
}
