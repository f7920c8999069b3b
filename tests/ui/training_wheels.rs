//! The training wheels through clicks, in both languages and at 640×480
//! and full size: against the AI at Beginner a move that ignores White's
//! four is questioned, "Take it back" leaves the board as it was, "Play
//! anyway" plays it; a sound move is played without a question; and at
//! Normal (off by default) nothing is asked.

use crate::common::{click_point, harness_sized, run_until, wait_for_ai, SIZE};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::engine::Band;
use gomoku::engine::Level;
use gomoku::i18n::Lang;
use gomoku::play::Mode;
use gomoku::rules::{parse_point, GameModel, GameSettings, Point, Stone};

/// Black (the player) to move; White has a four that makes five at h12
/// (h7 is Black's).
const WHITE_FOUR: &str = "h7h8a1h9c1h10e1h11";

fn settings(lang: Lang, level: Level) -> AppSettings {
    AppSettings {
        mode: Mode::VsAi {
            human: Stone::Black,
        },
        level,
        language: Some(lang),
        ..AppSettings::default()
    }
}

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

fn checked(h: &mut Harness<'static, GomokuApp>) {
    run_until(h, "the training wheels' check", |app| {
        !app.training_wheels_checking()
    });
}

fn with_white_four(lang: Lang, level: Level, size: [f32; 2]) -> Harness<'static, GomokuApp> {
    let mut h = harness_sized(settings(lang, level), size, 1.0);
    h.run();
    let game = GameModel::from_position_string(GameSettings::default(), WHITE_FOUR).unwrap();
    h.state_mut().load_game(game);
    h.run();
    assert!(h.state().table().is_human_turn());
    h
}

fn questioned(lang: Lang, size: [f32; 2]) {
    let (question, back, anyway) = match lang {
        Lang::English => (
            "White has a four: this lets White make five at h12. Play it anyway?",
            "Take it back",
            "Play anyway",
        ),
        Lang::Chinese => (
            "白棋有四：这样白棋会在 h12 连成五子。还是要下吗？",
            "收回",
            "仍然下",
        ),
    };
    let mut h = with_white_four(lang, Band::Beginner.representative(), size);
    let before = h.state().game().moves().to_vec();
    click_point(&mut h, pt("a15"));
    checked(&mut h);
    assert_eq!(
        h.state().training_wheels_question().as_deref(),
        Some(question)
    );
    assert!(h.query_by_label(question).is_some(), "{question}");
    question_leaves_the_stones_in_view(&h, &[question, back, anyway]);
    // The move waits, in grey; the AI does not think.
    assert_eq!(h.state().game().moves(), before.as_slice());
    assert!(h.state().session().thinking().is_none());
    h.get_by_label(back).click();
    h.run();
    assert!(h.state().training_wheels_question().is_none());
    assert_eq!(h.state().game().moves(), before.as_slice());
    // Asked again, and this time played: the AI makes its five.
    click_point(&mut h, pt("a15"));
    checked(&mut h);
    h.get_by_label(anyway).click();
    h.run();
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves().len(), before.len() + 2);
    assert_eq!(h.state().game().moves()[before.len()], pt("a15"));
    assert!(h.state().game().is_over());
}

/// The question's window (its title, words and buttons, with the frame's
/// margin) covers none of the stones on the board, nor the move asked
/// about or the point it names: in the middle of the window it hid the
/// very four it spoke of.
fn question_leaves_the_stones_in_view(h: &Harness<'static, GomokuApp>, labels: &[&str]) {
    let title = gomoku::i18n::Tr(h.state().lang()).s(gomoku::i18n::Msg::WheelsTitle);
    let window = labels
        .iter()
        .chain([&title])
        .map(|l| h.get_by_label(l).rect())
        .reduce(|a, b| a.union(b))
        .expect("the question is shown")
        .expand(8.0);
    let g = h.state().board_geometry().expect("the board is drawn");
    let r = g.stone_radius();
    let board = h.state().game().board();
    let stones = (0..15u8)
        .flat_map(|x| (0..15u8).map(move |y| Point::new(x, y)))
        .filter(|p| !board.is_empty_at(*p));
    for p in stones.chain([pt("a15"), pt("h12")]) {
        let stone = eframe::egui::Rect::from_center_size(
            g.screen_pos(p),
            eframe::egui::vec2(2.0 * r, 2.0 * r),
        );
        assert!(
            !window.intersects(stone),
            "the question ({window:?}) covers {}",
            gomoku::rules::point_name(p, 15)
        );
    }
}

#[test]
fn an_ignored_four_is_questioned_in_english_full_size() {
    questioned(Lang::English, SIZE);
}

#[test]
fn an_ignored_four_is_questioned_in_chinese_full_size() {
    questioned(Lang::Chinese, SIZE);
}

#[test]
fn an_ignored_four_is_questioned_in_english_at_640_by_480() {
    questioned(Lang::English, [640.0, 480.0]);
}

#[test]
fn an_ignored_four_is_questioned_in_chinese_at_640_by_480() {
    questioned(Lang::Chinese, [640.0, 480.0]);
}

#[test]
fn a_sound_move_is_played_without_a_question() {
    let mut h = with_white_four(Lang::English, Band::Casual.representative(), SIZE);
    let n = h.state().game().moves().len();
    click_point(&mut h, pt("h12"));
    checked(&mut h);
    assert!(h.state().training_wheels_question().is_none());
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves()[n], pt("h12"));
}

#[test]
fn at_normal_nothing_is_asked() {
    let mut h = with_white_four(Lang::English, Band::Normal.representative(), SIZE);
    let n = h.state().game().moves().len();
    click_point(&mut h, pt("a15"));
    h.run();
    assert!(!h.state().training_wheels_checking());
    assert!(h.state().training_wheels_question().is_none());
    assert_eq!(h.state().game().moves()[n], pt("a15"));
}

#[test]
fn a_missed_win_by_fours_is_questioned_and_the_win_itself_is_not() {
    // Black to move has a four-three at h8 (a four on the row, an open
    // three on the column).
    let moves = "e8d8f8j12g8b2h9m3h10n13";
    let mut h = harness_sized(
        settings(Lang::English, Band::Beginner.representative()),
        SIZE,
        1.0,
    );
    h.run();
    let game = GameModel::from_position_string(GameSettings::default(), moves).unwrap();
    h.state_mut().load_game(game);
    h.run();
    click_point(&mut h, pt("a1"));
    checked(&mut h);
    let q = h.state().training_wheels_question().expect("a question");
    assert!(q.starts_with("You can win by fours from "), "{q}");
    assert!(q.ends_with("Play a1 anyway?"), "{q}");
    h.get_by_label("Take it back").click();
    h.run();
    click_point(&mut h, pt("h8"));
    checked(&mut h);
    assert!(h.state().training_wheels_question().is_none());
    wait_for_ai(&mut h);
    assert_eq!(h.state().game().moves()[10], pt("h8"));
}
