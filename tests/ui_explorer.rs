//! The opening explorer in the app: a study imported through the library's
//! thread is shown for the position on the board, a click on a move plays
//! it, the comment and the mark go to the library, a refused file is named
//! with its place, and a finished game adds its result.

#![cfg(feature = "app")]

mod ui_common;

use egui_kittest::kittest::Queryable;
use gomoku::app::{Action, AppSettings};
use gomoku::play::Mode;
use gomoku::rules::{parse_point, Point};
use ui_common::{harness, run_until, studied};

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
