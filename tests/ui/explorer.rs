//! The opening explorer in the app: a study imported through the library's
//! thread is shown for the position on the board, a click on a move plays
//! it, the comment and the mark go to the library, a refused file is named
//! with its place, and a finished game adds its result with its record's
//! comments. The game review's verdicts go into the library, and labels
//! are put on the board and taken away in both languages.

use crate::common::{click_point, harness, harness_sized, run_until, studied, two_player_game};
use egui_kittest::kittest::Queryable;
use gomoku::app::{Action, AppSettings};
use gomoku::engine::Limits;
use gomoku::i18n::{Lang, Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::{parse_point, GameModel, GameSettings, Point};

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        explorer: true,
        ..AppSettings::default()
    }
}

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

#[test]
fn the_study_shows_for_the_position_and_a_click_on_a_move_plays_it() {
    let mut h = harness(two_players());
    studied(&mut h);
    let entry = h.state().library_entry().unwrap().clone();
    assert!(entry.comment.starts_with("The centre"));
    assert_eq!(entry.moves.len(), 8);
    // i9 leads to a commented position: it is starred.
    h.get_by_label("i9*").click();
    h.run();
    assert_eq!(h.state().game().moves(), &[p("h8"), p("i9")]);
    run_until(&mut h, "the next position's entry", |app| {
        app.library_entry()
            .is_some_and(|e| e.comment == "Indirect openings")
    });
    let entry = h.state().library_entry().unwrap();
    assert!(entry.marks.marked);
    assert_eq!(entry.marks.label(p("j10")), Some("a"));
    assert_eq!(entry.moves[0].mv, p("j9"));
}

#[test]
fn a_transposed_game_finds_the_study_turned() {
    let mut h = harness(two_players());
    studied(&mut h);
    // h8 then g7 is h8 i9 turned half round.
    h.state_mut().click_board(Some(p("g7")));
    run_until(&mut h, "the turned position's entry", |app| {
        app.library_entry()
            .is_some_and(|e| e.comment == "Indirect openings")
    });
    let entry = h.state().library_entry().unwrap();
    assert_eq!(entry.marks.label(p("f6")), Some("a"));
    assert_eq!(entry.moves[0].mv, p("f7"));
}

#[test]
fn the_comment_and_the_mark_are_kept_in_the_library() {
    let mut h = harness(two_players());
    studied(&mut h);
    h.get_by_label("Marked").click();
    h.run();
    run_until(&mut h, "the mark", |app| {
        app.library_entry().is_some_and(|e| e.marks.marked)
    });
    let ctx = h.ctx.clone();
    h.state_mut()
        .apply(Action::LibraryComment("My own words".into()), &ctx);
    run_until(&mut h, "the comment", |app| {
        app.library_entry()
            .is_some_and(|e| e.comment == "My own words")
    });
}

#[test]
fn a_refused_file_is_named_with_where_it_went_wrong() {
    let mut h = harness(two_players());
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("broken.lib");
    std::fs::write(&bad, b"\xffRenLib\xff\x03\x04").unwrap();
    h.state_mut().import_into_library(vec![bad]);
    run_until(&mut h, "the import's end", |app| {
        !app.library_importing() && app.notice().is_some()
    });
    let notice = h.state().notice().unwrap().to_string();
    assert!(notice.contains("broken.lib"), "{notice}");
    assert!(notice.contains("byte 10"), "{notice}");
}

#[test]
fn a_finished_game_adds_its_result() {
    let mut h = harness(two_players());
    for name in ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4", "l8"] {
        h.state_mut().click_board(Some(p(name)));
        h.run();
    }
    assert!(h.state().game().is_over());
    h.state_mut().go_to_ply(0);
    run_until(&mut h, "the empty board's entry", |app| {
        app.library_entry().is_some_and(|e| e.results.black == 1)
    });
    let entry = h.state().library_entry().unwrap();
    assert_eq!(entry.moves.len(), 1);
    assert_eq!(entry.moves[0].mv, p("h8"));
}

#[test]
fn a_finished_games_record_comments_go_in_below_the_players_own() {
    let mut h = harness(two_players());
    let ctx = h.ctx.clone();
    h.state_mut().apply(Action::SetExplorer(true), &ctx);
    // An opened record with comments, one move short of Black's five.
    let moves: Vec<Point> = ["h8", "a1", "i8", "a2", "j8", "a3", "k8", "a4"]
        .iter()
        .map(|n| p(n))
        .collect();
    let mut game = GameModel::from_moves(GameSettings::default(), &moves).unwrap();
    game.goto(1).unwrap();
    game.set_comment("From the record");
    game.goto(7).unwrap();
    game.set_comment("Four in a row");
    game.to_end();
    h.state_mut().load_game(game);
    // The player's own comment on the position after h8, in the library.
    h.state_mut().go_to_ply(1);
    h.state_mut()
        .apply(Action::LibraryComment("Mine".into()), &ctx);
    run_until(&mut h, "the player's comment", |app| {
        app.library_entry().is_some_and(|e| e.comment == "Mine")
    });
    h.state_mut().go_to_ply(8);
    h.state_mut().click_board(Some(p("l8")));
    h.run();
    assert!(h.state().game().is_over());
    h.state_mut().go_to_ply(1);
    run_until(&mut h, "the record's comment after the player's", |app| {
        app.library_entry()
            .is_some_and(|e| e.comment == "Mine\nFrom the record" && e.results.black == 1)
    });
    h.state_mut().go_to_ply(7);
    run_until(&mut h, "the record's other comment", |app| {
        app.library_entry()
            .is_some_and(|e| e.comment == "Four in a row")
    });
}

/// Reviews a three-move game at depth 8 (deep enough to be kept) and
/// shows the position after the first move with the explorer on.
fn reviewed(learns: bool) -> egui_kittest::Harness<'static, gomoku::app::GomokuApp> {
    let mut h = harness(AppSettings {
        library_learns: learns,
        ..two_players()
    });
    h.state_mut().load_game(two_player_game("h8i9j9"));
    h.state_mut().set_review_limits(Limits::depth(8));
    h.state_mut().start_review();
    run_until(&mut h, "the review", |app| !app.review_running());
    h.state_mut().go_to_ply(1);
    h
}

#[test]
fn the_reviews_verdicts_go_into_the_library() {
    let mut h = reviewed(true);
    run_until(&mut h, "the review's verdict", |app| {
        app.library_entry().is_some_and(|e| !e.verdicts.is_empty())
    });
    let entry = h.state().library_entry().unwrap().clone();
    let v = &entry.verdicts[0];
    assert_eq!(v.engine, "", "the built-in engine");
    assert!(v.depth >= 8, "depth {}", v.depth);
    assert!(!v.line.is_empty());
    assert!(v.date > 1_700_000_000);
    // Every position of the line was judged.
    h.state_mut().go_to_ply(3);
    run_until(&mut h, "the last position's verdict", |app| {
        app.library_entry().is_some_and(|e| !e.verdicts.is_empty())
    });
}

#[test]
fn without_learning_the_review_writes_nothing() {
    let mut h = reviewed(false);
    run_until(&mut h, "the explorer's answer", |app| {
        app.library_entry().is_some()
    });
    assert!(h.state().library_entry().unwrap().is_empty());
}

/// Puts labels on the board and takes one away through the explorer's
/// "Edit labels", in `lang` at `size` (the drawer holds the explorer in
/// a small window).
fn labels_from_the_board(lang: Lang, size: [f32; 2]) {
    let tr = Tr(lang);
    let settings = AppSettings {
        language: Some(lang),
        ..two_players()
    };
    let mut h = harness_sized(settings, size, 1.0);
    studied(&mut h);
    let ctx = h.ctx.clone();
    let drawer = gomoku::app::DRAWER_BELOW > size[0];
    if drawer {
        h.state_mut().apply(Action::ToggleDrawer, &ctx);
        h.run();
    }
    // The button may lie below the drawer's fold: scrolled to, as the
    // player would.
    h.get_by_label(tr.s(Msg::ExplorerEditLabels)).scroll_to_me();
    h.run();
    h.get_by_label(tr.s(Msg::ExplorerEditLabels)).click();
    h.run();
    // The hint says what a click does.
    let _ = h.get_by_label(tr.s(Msg::ExplorerLabelling));
    if drawer {
        h.state_mut().apply(Action::ToggleDrawer, &ctx);
        h.run();
    }
    let what = format!("{lang:?} at {}×{}", size[0], size[1]);
    click_point(&mut h, p("k10"));
    run_until(&mut h, "the first label", |app| {
        app.library_entry()
            .is_some_and(|e| e.marks.label(p("k10")) == Some("A"))
    });
    click_point(&mut h, p("f6"));
    run_until(&mut h, "the second label", |app| {
        app.library_entry()
            .is_some_and(|e| e.marks.label(p("f6")) == Some("B"))
    });
    // A click on a label takes it away; no stone was played.
    click_point(&mut h, p("k10"));
    run_until(&mut h, "the label taken away", |app| {
        app.library_entry()
            .is_some_and(|e| e.marks.label(p("k10")).is_none())
    });
    assert_eq!(h.state().game().moves(), &[p("h8")], "{what}");
    // Editing ends with the explorer; a click then plays.
    h.state_mut().apply(Action::SetExplorer(false), &ctx);
    h.state_mut().apply(Action::SetExplorer(true), &ctx);
    h.run();
    click_point(&mut h, p("k10"));
    assert_eq!(h.state().game().moves(), &[p("h8"), p("k10")], "{what}");
}

#[test]
fn labels_are_put_and_taken_away_from_the_board_in_english() {
    labels_from_the_board(Lang::English, [640.0, 480.0]);
    labels_from_the_board(Lang::English, [1000.0, 720.0]);
}

#[test]
fn labels_are_put_and_taken_away_from_the_board_in_chinese() {
    labels_from_the_board(Lang::Chinese, [640.0, 480.0]);
    labels_from_the_board(Lang::Chinese, [1000.0, 720.0]);
}
