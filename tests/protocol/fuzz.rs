//! Fuzzing the protocol front end: any line, or any sequence of lines,
//! must never panic; a refused line must leave the game untouched and be
//! answered with exactly one ERROR or UNKNOWN; every move sent is legal.

use gomoku::engine::{Position, SearchInfo};
use gomoku::protocol::{parse_board_line, parse_command, Brain, Command, Flow, Session, Think};
use gomoku::rules::{Board, Point};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A brain that plays the first free point: instant and deterministic.
struct FirstFree;

impl Brain for FirstFree {
    fn about(&self) -> String {
        "name=\"first-free\"".into()
    }
    fn new_game(&mut self) {}
    fn set_hash_mb(&mut self, _mb: usize) {}
    fn think(
        &mut self,
        pos: &Position,
        _req: &Think,
        _stop: &AtomicBool,
        _on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point> {
        pos.board.points().find(|p| pos.board.is_empty_at(*p))
    }
}

fn session() -> Session {
    let flag = || Arc::new(AtomicBool::new(false));
    Session::new(Box::new(FirstFree), flag(), flag())
}

fn feed(s: &mut Session, line: &str) -> (Vec<String>, Flow) {
    let mut out = Vec::new();
    let flow = s.handle_line(line, &mut |l: &str| out.push(l.to_string()));
    (out, flow)
}

/// A session in a game with a few stones on the board.
fn session_in_game() -> Session {
    let mut s = session();
    for line in ["START 15", "TURN 7,7", "TURN 8,8", "TURN 3,9"] {
        feed(&mut s, line);
    }
    s
}

/// Lines near the protocol's shape: real command words with random
/// arguments, so the fuzz reaches past the first word.
fn protocol_like() -> impl Strategy<Value = String> {
    let word = prop_oneof![
        Just("START"),
        Just("RECTSTART"),
        Just("RESTART"),
        Just("BEGIN"),
        Just("TURN"),
        Just("BOARD"),
        Just("DONE"),
        Just("TAKEBACK"),
        Just("INFO"),
        Just("INFO timeout_turn"),
        Just("INFO rule"),
        Just("INFO max_memory"),
        Just("ABOUT"),
        Just("YXBOARD"),
        Just("YXNBEST"),
        Just("YXSHOWFORBID"),
        Just("YXHASHCLEAR"),
        Just("YXSHOWINFO"),
        Just("YXSTOP"),
        Just("INFO max_node"),
        Just("INFO max_depth"),
        Just("INFO hash_size"),
        Just("INFO thread_num"),
        Just("INFO show_detail"),
        Just("INFO caution_factor"),
        Just("turn"),
        Just(""),
    ];
    let arg = prop_oneof![
        "[0-9]{1,3},[0-9]{1,3}",
        "[0-9]{1,3},[0-9]{1,3},[0-9]",
        "-?[0-9]{0,25}",
        "[0-9,;. -]{0,12}",
        "\\PC{0,12}",
    ];
    let ending = prop_oneof![Just(""), Just("\r"), Just(" "), Just("\r\n")];
    (word, arg, ending).prop_map(|(w, a, e)| format!("{w} {a}{e}"))
}

fn any_line() -> impl Strategy<Value = String> {
    prop_oneof![protocol_like(), any::<String>(), "[\\x00-\\x7f]{0,40}"]
}

/// Every stone on `board`, for comparing states.
fn stones(board: Option<&Board>) -> Vec<(Point, gomoku::rules::Stone)> {
    board.map(|b| b.stones().collect()).unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn the_parsers_never_panic(line in any_line()) {
        let _ = parse_command(&line);
        let _ = parse_board_line(&line);
    }

    #[test]
    fn refused_lines_change_nothing(line in any_line()) {
        prop_assume!(parse_command(&line).is_err());
        let mut s = session_in_game();
        let before = stones(s.board());
        let time = s.time_control();
        let (out, flow) = feed(&mut s, &line);
        prop_assert_eq!(flow, Flow::Continue);
        prop_assert_eq!(out.len(), 1, "{:?}", out);
        prop_assert!(out[0].starts_with("ERROR") || out[0].starts_with("UNKNOWN"), "{:?}", out);
        prop_assert_eq!(stones(s.board()), before);
        prop_assert_eq!(s.time_control(), time);
        // The game still works.
        let (out, _) = feed(&mut s, "TURN 14,14");
        prop_assert!(out.last().is_some_and(|l| l.contains(',')), "{:?}", out);
    }

    #[test]
    fn any_sequence_keeps_every_move_legal(lines in prop::collection::vec(any_line(), 0..40)) {
        let mut s = session();
        for line in lines {
            let before = s.board().cloned();
            let plain_move = !s.in_board_block()
                && matches!(
                    parse_command(&line),
                    Ok(Command::Turn(..) | Command::Begin | Command::YxNbest(_))
                );
            let (out, flow) = feed(&mut s, &line);
            if flow == Flow::Quit {
                break;
            }
            for reply in &out {
                let word = reply.split_whitespace().next().unwrap_or("");
                prop_assert!(
                    ["OK", "ERROR", "UNKNOWN", "MESSAGE", "DEBUG", "FORBID"].contains(&word)
                        || reply.starts_with("name=")
                        || reply.split(',').count() == 2,
                    "odd reply {:?} to {:?}", reply, line
                );
                if let Some((x, y)) = reply.split_once(',') {
                    let (Ok(x), Ok(y)) = (x.parse::<u8>(), y.parse::<u8>()) else {
                        continue;
                    };
                    // The move is on our board now, and was free before.
                    let p = Point::new(x, y);
                    prop_assert!(s.board().is_some_and(|b| b.get(p).is_some()));
                    if plain_move {
                        prop_assert!(before.as_ref().is_some_and(|b| b.is_empty_at(p)));
                    }
                }
            }
        }
    }

    #[test]
    fn garbage_inside_a_board_block_never_corrupts(lines in prop::collection::vec(any_line(), 0..12)) {
        let mut s = session_in_game();
        feed(&mut s, "BOARD");
        for line in &lines {
            feed(&mut s, line);
        }
        feed(&mut s, "DONE");
        if let Some(b) = s.board() {
            let black = b.count(gomoku::rules::Stone::Black);
            let white = b.count(gomoku::rules::Stone::White);
            prop_assert_eq!(black + white, b.stone_count());
        }
        let (out, _) = feed(&mut s, "ABOUT");
        prop_assert_eq!(out, vec!["name=\"first-free\"".to_string()]);
    }
}

#[test]
fn end_quits_and_stop_outside_a_search_is_harmless() {
    let mut s = session_in_game();
    let (out, flow) = feed(&mut s, "STOP");
    assert_eq!(flow, Flow::Continue);
    assert!(out[0].starts_with("DEBUG"));
    assert_eq!(feed(&mut s, "END").1, Flow::Quit);
}

#[test]
fn a_full_board_is_an_error_not_a_panic() {
    let mut s = session();
    feed(&mut s, "START 15");
    // Fill all but one point through BOARD (a pattern with no five), then
    // let the opponent take the last one.
    feed(&mut s, "BOARD");
    let mut last = None;
    for y in 0..15u32 {
        for x in 0..15u32 {
            if (x, y) == (14, 14) {
                continue;
            }
            let field = if ((x / 2) + y) % 2 == 0 { 1 } else { 2 };
            let (out, _) = feed(&mut s, &format!("{x},{y},{field}"));
            assert!(out.is_empty(), "{out:?}");
            last = Some((x, y));
        }
    }
    assert!(last.is_some());
    let (out, _) = feed(&mut s, "DONE");
    assert_eq!(out.last().map(String::as_str), Some("14,14"));
    let (out, _) = feed(&mut s, "TAKEBACK 14,14");
    assert_eq!(out, ["OK"]);
    let (out, _) = feed(&mut s, "TURN 14,14");
    assert_eq!(out, ["ERROR the board is full: no move left"]);
    assert!(s.board().unwrap().is_full());
}

#[test]
fn settings_reach_the_session() {
    let mut s = session();
    for line in [
        "INFO timeout_turn 7000",
        "INFO timeout_match 180000",
        "INFO time_left 170000",
        "INFO max_memory 367001600",
        "INFO rule 1",
        "INFO game_type 2",
        "INFO folder C:\\tmp",
    ] {
        assert!(feed(&mut s, line).0.is_empty(), "{line}");
    }
    let t = s.time_control();
    assert_eq!(
        (t.turn_ms, t.match_ms, t.left_ms),
        (Some(7000), Some(180000), Some(170000))
    );
    assert_eq!(s.hash_mb(), 128);
    assert_eq!(s.rule(), gomoku::rules::Rule::Standard);
    assert_eq!(s.game_type(), Some(2));
    assert_eq!(s.folder(), Some("C:\\tmp"));
}
