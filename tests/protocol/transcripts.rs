//! Protocol transcripts against the real `pbrain-gomoku` binary: a script
//! of manager lines in, the expected reply lines out, for every command and
//! every kind of bad input. Moves are checked for legality rather than
//! spelled out, so the transcripts hold whatever the engine's strength.

use std::collections::HashSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Longest wait for any one reply: generous, a test machine may be busy.
const REPLY_WAIT: Duration = Duration::from_secs(20);

struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Points known to be occupied, to check the engine's moves.
    occupied: HashSet<(u32, u32)>,
    size: u32,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine {
            child,
            stdin: Some(stdin),
            lines: rx,
            occupied: HashSet::new(),
            size: 15,
        }
    }

    /// A started 15 × 15 game with a short time per move.
    fn game(args: &[&str]) -> Engine {
        let mut e = Engine::start(args);
        e.expect("START 15", "OK");
        e.send("INFO timeout_turn 200");
        e
    }

    fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("input open");
        stdin.write_all(bytes).unwrap();
        stdin.flush().unwrap();
    }

    /// The next line of any kind.
    fn line(&mut self) -> String {
        self.lines
            .recv_timeout(REPLY_WAIT)
            .expect("the engine answers")
    }

    /// The next line that is not a MESSAGE or DEBUG report.
    fn reply(&mut self) -> String {
        loop {
            let l = self.line();
            if !(l.starts_with("MESSAGE") || l.starts_with("DEBUG")) {
                return l;
            }
        }
    }

    /// Sends `line` and checks the reply starts with `prefix`.
    fn expect(&mut self, line: &str, prefix: &str) -> String {
        self.send(line);
        let r = self.reply();
        assert!(
            r.starts_with(prefix),
            "after '{}' expected '{prefix}…', got '{r}'",
            line.escape_debug()
        );
        r
    }

    /// Sends `line`, which must be answered by nothing (checked by an
    /// ABOUT that must come back next).
    fn silent(&mut self, line: &str) {
        self.send(line);
        self.send("ABOUT");
        let r = self.reply();
        assert!(
            r.starts_with("name="),
            "after '{line}' expected no reply, got '{r}'"
        );
    }

    /// Every line up to the ABOUT answer, MESSAGE lines included.
    fn lines_until_about(&mut self) -> Vec<String> {
        self.send("ABOUT");
        let mut out = Vec::new();
        loop {
            let l = self.line();
            if l.starts_with("name=") {
                return out;
            }
            out.push(l);
        }
    }

    /// Reads a move, checks it is on the board and free, and records it.
    fn own_move(&mut self) -> (u32, u32) {
        let r = self.reply();
        let (x, y) = r
            .split_once(',')
            .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
            .unwrap_or_else(|| panic!("expected a move, got '{r}'"));
        assert!(x < self.size && y < self.size, "move {x},{y} off the board");
        assert!(
            self.occupied.insert((x, y)),
            "move {x},{y} on an occupied point"
        );
        (x, y)
    }

    /// Sends `TURN x,y` and returns the engine's legal answer.
    fn turn(&mut self, x: u32, y: u32) -> (u32, u32) {
        self.send(&format!("TURN {x},{y}"));
        assert!(self.occupied.insert((x, y)));
        self.own_move()
    }

    /// Some free point away from the centre, for our own moves.
    fn free_point(&self) -> (u32, u32) {
        (0..self.size)
            .flat_map(|y| (0..self.size).map(move |x| (x, y)))
            .find(|p| !self.occupied.contains(p))
            .unwrap()
    }

    fn exits_within(&mut self, limit: Duration) -> bool {
        let until = Instant::now() + limit;
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        false
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn about_names_each_engine() {
    let mut e = Engine::start(&[]);
    let r = e.expect("ABOUT", "name=\"gomoku\"");
    assert!(r.contains("version=") && r.contains("author=") && r.contains("country="));
    let mut b = Engine::start(&["--baseline"]);
    b.expect("about", "name=\"gomoku-baseline\"");
    let mut l = Engine::start(&["--level", "casual"]);
    assert!(l.expect("ABOUT", "name=").contains("Casual"));
}

#[test]
fn start_accepts_supported_sizes_only() {
    let mut e = Engine::start(&[]);
    e.expect("START 15", "OK");
    e.expect("START 20", "OK");
    e.expect("START 14", "ERROR unsupported board size 14");
    e.expect("START 21", "ERROR");
    e.expect("START 0", "ERROR");
    e.expect("START 99999999999999999999999", "ERROR");
    e.expect("START abc", "ERROR");
    e.expect("START", "ERROR");
    e.expect("START -15", "ERROR");
    e.expect("RECTSTART 15,15", "OK");
    e.expect("RECTSTART 20,15", "ERROR rectangular");
    e.expect("RECTSTART 15", "ERROR");
    e.expect("RECTSTART 30,30", "ERROR");
    // The last good START (15) still holds: 14,14 is on the board.
    e.send("INFO timeout_turn 100");
    e.turn(14, 14);
}

#[test]
fn commands_before_start_are_refused() {
    let mut e = Engine::start(&[]);
    e.expect("BEGIN", "ERROR no game");
    e.expect("TURN 7,7", "ERROR no game");
    e.expect("TAKEBACK 7,7", "ERROR no game");
    e.expect("RESTART", "ERROR no game");
    e.send("BOARD");
    e.expect("7,7,1", "ERROR no game");
    e.expect("DONE", "ERROR no game");
    e.expect("START 15", "OK");
}

#[test]
fn begin_and_turns_get_legal_moves() {
    let mut e = Engine::game(&[]);
    e.send("BEGIN");
    e.own_move();
    for _ in 0..6 {
        let (x, y) = e.free_point();
        e.turn(x, y);
    }
}

#[test]
fn the_baseline_plays_legal_moves_too() {
    let mut e = Engine::game(&["--baseline"]);
    e.turn(7, 7);
    for _ in 0..4 {
        let (x, y) = e.free_point();
        e.turn(x, y);
    }
}

#[test]
fn bad_turns_are_errors_and_change_nothing() {
    let mut e = Engine::game(&[]);
    let first = e.turn(7, 7);
    e.expect("TURN 15,0", "ERROR point (15, 0) is off the 15x15 board");
    e.expect("TURN 0,15", "ERROR");
    e.expect("TURN 7,7", "ERROR point (7, 7) is already occupied");
    e.expect(&format!("TURN {},{}", first.0, first.1), "ERROR");
    e.expect("TURN -1,2", "ERROR");
    e.expect("TURN a,b", "ERROR");
    e.expect("TURN 1", "ERROR");
    e.expect("TURN 1,2,3", "ERROR");
    e.expect("TURN", "ERROR");
    e.expect("TURN 4294967296,1", "ERROR");
    e.expect("TURN 99999999999999999999999999999999,1", "ERROR");
    e.expect("TURN 1;2", "ERROR");
    // The game goes on from the same position.
    let (x, y) = e.free_point();
    e.turn(x, y);
    e.expect("TURN 7,7", "ERROR point (7, 7) is already occupied");
}

#[test]
fn unknown_empty_and_odd_lines() {
    let mut e = Engine::game(&[]);
    e.expect("HELLO", "UNKNOWN unknown command 'HELLO'");
    e.expect("PLAY 7,7", "UNKNOWN");
    e.expect("", "ERROR empty line");
    e.expect("   \t ", "ERROR empty line");
    e.expect("BEGIN 3", "ERROR BEGIN takes no argument");
    e.expect("ABOUT please", "ERROR");
    e.send_raw(b"\xff\xfe\x00garbage\n");
    assert!(e.reply().starts_with("UNKNOWN"));
    e.send_raw(&[b'A'; 20_000]);
    e.send_raw(b"\n");
    assert!(e.reply().starts_with("ERROR line of 20000 bytes"));
    // CRLF endings and lower case work like the real thing.
    e.send_raw(b"about\r\n");
    assert!(e.reply().starts_with("name="));
    e.send_raw(b"TURN 7,7\r\n");
    e.occupied.insert((7, 7));
    e.own_move();
}

#[test]
fn board_sets_a_position_and_we_move() {
    let mut e = Engine::game(&[]);
    e.send("BOARD");
    for (x, y, f) in [(7, 7, 2), (8, 8, 1), (6, 8, 2)] {
        e.send(&format!("{x},{y},{f}"));
        e.occupied.insert((x, y));
    }
    e.send("DONE");
    e.own_move();
    e.expect("TURN 8,8", "ERROR point (8, 8) is already occupied");
    let (x, y) = e.free_point();
    e.turn(x, y);
}

#[test]
fn bad_board_lines_are_reported_and_skipped() {
    let mut e = Engine::game(&[]);
    e.send("BOARD");
    e.send("7,7,2");
    e.occupied.insert((7, 7));
    e.expect("99,99,1", "ERROR point (99, 99) is off the 15x15 board");
    e.expect("7,7,1", "ERROR point 7,7 is given twice");
    e.expect("3,3,4", "ERROR");
    e.expect("3,3", "ERROR");
    e.expect("3,x,1", "ERROR");
    e.expect("", "ERROR empty line inside BOARD");
    e.send("done");
    e.own_move();
    // Skipped lines left nothing behind: 3,3 is free.
    e.turn(3, 3);
}

#[test]
fn board_without_done_is_discarded() {
    let mut e = Engine::game(&[]);
    let first = e.turn(7, 7);
    e.send("BOARD");
    e.send("0,0,1");
    e.send("1,0,2");
    // A command instead of DONE: the block is dropped, the command runs.
    e.expect("TAKEBACK 7,7", "ERROR BOARD was not closed by DONE");
    assert_eq!(e.reply(), "OK");
    e.occupied.remove(&(7, 7));
    // The old position (minus the take-back) is intact: the engine's stone
    // is still there, the BOARD stones are not.
    e.expect(&format!("TURN {},{}", first.0, first.1), "ERROR");
    e.turn(0, 0);
}

#[test]
fn takeback_removes_stones() {
    let mut e = Engine::game(&[]);
    e.send("BEGIN");
    let (mx, my) = e.own_move();
    let (ox, oy) = e.free_point();
    let (rx, ry) = e.turn(ox, oy);
    e.expect(&format!("TAKEBACK {rx},{ry}"), "OK");
    e.expect(&format!("TAKEBACK {ox},{oy}"), "OK");
    e.expect(&format!("TAKEBACK {ox},{oy}"), "ERROR cannot take back");
    e.expect("TAKEBACK 15,15", "ERROR");
    e.expect("TAKEBACK", "ERROR");
    e.occupied.remove(&(rx, ry));
    e.occupied.remove(&(ox, oy));
    e.expect(&format!("TURN {mx},{my}"), "ERROR");
    e.turn(ox, oy);
}

#[test]
fn restart_clears_the_board() {
    let mut e = Engine::game(&[]);
    e.turn(7, 7);
    e.expect("RESTART", "OK");
    e.occupied.clear();
    e.send("BEGIN");
    e.own_move();
    e.expect("BEGIN", "ERROR BEGIN needs an empty board");
}

#[test]
fn info_keys() {
    let mut e = Engine::game(&[]);
    for line in [
        "INFO timeout_turn 150",
        "INFO timeout_match 100000",
        "INFO time_left 99000",
        "INFO max_memory 367001600",
        "INFO game_type 1",
        "INFO rule 0",
        "INFO rule 1",
        "INFO folder /tmp/some where",
        "INFO evaluate 3,4",
        "INFO unknown_key whatever",
        "info Timeout_Turn 200",
    ] {
        e.silent(line);
    }
    e.expect("INFO timeout_turn abc", "ERROR bad INFO value");
    e.expect("INFO timeout_turn -5", "ERROR");
    e.expect("INFO time_left 99999999999999999999", "ERROR");
    e.expect("INFO max_memory", "ERROR");
    e.expect("INFO evaluate 3", "ERROR");
    e.expect("INFO", "ERROR");
    e.turn(7, 7);
}

#[test]
fn unsupported_rules_are_announced() {
    let mut e = Engine::game(&[]);
    let renju = e.lines_until_about();
    assert!(renju.is_empty(), "{renju:?}");
    // Renju is supported: nothing to announce.
    e.send("INFO rule 4");
    let lines = e.lines_until_about();
    assert!(lines.is_empty(), "{lines:?}");
    e.send("INFO rule 8");
    assert!(e.lines_until_about()[0].contains("caro"));
    // The Yixin protocol reads 2 as renju (no continuous games).
    e.silent("INFO rule 2");
    e.turn(7, 7);
}

#[test]
fn searches_report_progress_in_messages() {
    let mut e = Engine::game(&[]);
    e.send("BEGIN");
    let l = e.line();
    assert!(l.starts_with("MESSAGE depth "), "{l}");
    assert!(l.contains(" score ") && l.contains(" pv ") && l.contains(" nodes "));
}

#[test]
fn end_quits_even_during_a_search() {
    let mut e = Engine::start(&[]);
    e.expect("START 20", "OK");
    e.send("END");
    assert!(e.exits_within(Duration::from_secs(10)));

    // A long think is cut short: the reader thread sees END at once.
    let mut e = Engine::start(&[]);
    e.expect("START 15", "OK");
    e.send("INFO timeout_turn 60000");
    e.send("BEGIN");
    e.send("END");
    assert!(e.exits_within(Duration::from_secs(10)));

    // Closing the input works like END.
    let mut e = Engine::start(&[]);
    e.expect("START 15", "OK");
    e.stdin = None;
    assert!(e.exits_within(Duration::from_secs(10)));
}

#[test]
fn stop_plays_at_once() {
    let mut e = Engine::start(&[]);
    e.expect("START 15", "OK");
    e.send("INFO timeout_turn 60000");
    e.send("BEGIN");
    e.send("YXSTOP");
    e.own_move();
}

#[test]
fn bad_flags_are_refused() {
    let status = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["--level", "Godlike"])
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(2));
}

// ---- The Yixin protocol extensions, as Yixin Board sends them ----

impl Engine {
    /// Sends a Yixin Board `YXBOARD` block, which must get no answer.
    fn yxboard(&mut self, stones: &[(u32, u32, u8)]) {
        self.occupied.clear();
        self.send("yxboard");
        for &(x, y, f) in stones {
            self.send(&format!("{x},{y},{f}"));
            self.occupied.insert((x, y));
        }
        self.silent("done");
    }

    /// Every line up to and including the move that ends a search; the
    /// move is checked and recorded.
    fn lines_until_move(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        loop {
            let l = self.line();
            let is_move = !l.starts_with("MESSAGE") && !l.starts_with("DEBUG");
            out.push(l);
            if is_move {
                let r = out.last().unwrap().clone();
                let (x, y) = r
                    .split_once(',')
                    .and_then(|(x, y)| Some((x.parse().ok()?, y.parse().ok()?)))
                    .unwrap_or_else(|| panic!("expected a move, got '{r}'"));
                assert!(self.occupied.insert((x, y)), "move {x},{y} on a stone");
                return out;
            }
        }
    }
}

/// The move of a `MESSAGE NBEST rank/count x,y …` line.
fn nbest_point(line: &str) -> (u32, u32) {
    let xy = line.split_whitespace().nth(3).expect("a point");
    let (x, y) = xy
        .split_once(',')
        .unwrap_or_else(|| panic!("no x,y in '{line}'"));
    (x.parse().unwrap(), y.parse().unwrap())
}

/// A 15 × 15 game set up as Yixin Board's start-up does it.
fn yixin_game() -> Engine {
    let mut e = Engine::start(&["--threads", "1"]);
    e.silent("info show_detail 1");
    e.send("yxshowinfo");
    assert_eq!(e.line(), "MESSAGE INFO MAX_THREAD_NUM 8");
    assert_eq!(e.line(), "MESSAGE INFO MAX_HASH_SIZE 20");
    e.expect("START 15 15", "OK");
    for line in [
        "INFO timeout_turn 300",
        "INFO timeout_match 100000",
        "INFO time_left 100000",
        "INFO max_node -1",
        "INFO max_depth 225",
        "INFO time_increment 0",
        "INFO caution_factor 1",
        "INFO thread_num 1",
        "INFO hash_size 16384",
        "INFO pondering 0",
        "INFO vcthread 0",
        "INFO rule 0",
    ] {
        e.silent(line);
    }
    e
}

#[test]
fn yixin_board_start_up_and_analysis() {
    let mut e = yixin_game();
    e.yxboard(&[(7, 7, 1), (8, 8, 2), (8, 7, 1), (9, 6, 2)]);
    e.send("yxnbest 2");
    let lines = e.lines_until_move();
    // Realtime marks (show_detail 1) and ranked lines come before the move.
    assert!(
        lines.iter().any(|l| l == "MESSAGE REALTIME REFRESH"),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("MESSAGE REALTIME BEST ")));
    let ranked: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST "))
        .collect();
    assert!(!ranked.is_empty(), "{lines:?}");
    for l in &ranked {
        let (x, y) = nbest_point(l);
        assert!(x < 15 && y < 15, "{l}");
        assert!(l.contains(" winrate ") && l.contains("% pv "), "{l}");
    }
    // The game goes on from the analysed position plus the answer.
    let (x, y) = e.free_point();
    e.turn(x, y);
}

#[test]
fn yxnbest_with_n_above_one_reports_n_distinct_legal_moves() {
    let mut e = yixin_game();
    e.silent("info show_detail 0");
    let stones = [(7, 7, 1), (8, 8, 2), (8, 7, 1), (9, 6, 2)];
    e.yxboard(&stones);
    e.send("YXNBEST 3");
    let lines = e.lines_until_move();
    let played = lines.last().unwrap().clone();
    // The last iteration's ranking: lines "MESSAGE NBEST k/n x,y …".
    let last_depth = lines
        .iter()
        .rposition(|l| l.starts_with("MESSAGE depth "))
        .expect("a progress line");
    let ranked: Vec<&String> = lines[last_depth..]
        .iter()
        .filter(|l| l.starts_with("MESSAGE NBEST "))
        .collect();
    let moves: Vec<(u32, u32)> = ranked.iter().map(|l| nbest_point(l)).collect();
    let distinct: HashSet<_> = moves.iter().collect();
    assert_eq!(distinct.len(), moves.len(), "{ranked:?}");
    for (i, l) in ranked.iter().enumerate() {
        assert!(
            l.starts_with(&format!("MESSAGE NBEST {}/{} ", i + 1, ranked.len())),
            "{l}"
        );
    }
    for m in &moves {
        assert!(
            !stones.iter().any(|&(x, y, _)| (x, y) == *m) && m.0 < 15 && m.1 < 15,
            "{m:?} is not a legal move"
        );
    }
    // The best ranked move is the one played.
    assert_eq!(format!("{},{}", moves[0].0, moves[0].1), played);
    // Three were asked, and the position has many sensible moves.
    assert_eq!(moves.len(), 3, "{ranked:?}");
}

#[test]
fn yxshowforbid_answers_in_the_yixin_format() {
    let mut e = yixin_game();
    // Black (field 1, to move) has a double three at 10,7.
    let stones = [
        (7, 7, 1),
        (0, 0, 2),
        (8, 7, 1),
        (0, 14, 2),
        (10, 9, 1),
        (14, 0, 2),
        (10, 10, 1),
        (14, 14, 2),
    ];
    e.yxboard(&stones);
    e.expect("yxshowforbid", "FORBID .");
    e.silent("INFO rule 2");
    e.yxboard(&stones);
    let r = e.expect("YXSHOWFORBID", "FORBID ");
    assert!(r.ends_with('.'), "{r}");
    let digits = &r["FORBID ".len()..r.len() - 1];
    assert_eq!(digits.len() % 4, 0, "{r}");
    assert!(digits.as_bytes().chunks(4).any(|c| c == b"1007"), "{r}");
    e.expect("YXSHOWFORBID 1", "ERROR");
    // The Gomocup renju bit means the same.
    e.silent("INFO rule 4");
    e.expect("yxshowforbid", "FORBID ");
}

#[test]
fn yxstop_ends_an_unlimited_analysis_at_once() {
    let mut e = yixin_game();
    // Yixin Board's "unlimited" level.
    for line in [
        "INFO timeout_turn 2000000",
        "INFO timeout_match 100000000",
        "INFO time_left 100000000",
        "INFO max_node -1",
    ] {
        e.silent(line);
    }
    e.yxboard(&[(7, 7, 1), (8, 8, 2)]);
    let started = Instant::now();
    e.send("YXNBEST 2");
    std::thread::sleep(Duration::from_millis(200));
    e.send("YXSTOP");
    e.lines_until_move();
    // A stop sent right behind the command that starts a search still
    // stops it, even while an earlier search is winding down.
    e.yxboard(&[(7, 7, 1), (8, 8, 2), (3, 3, 1), (4, 4, 2)]);
    e.send("YXNBEST 2");
    e.send("YXSTOP");
    e.send("YXNBEST 3");
    e.send("YXSTOP");
    e.lines_until_move();
    e.lines_until_move();
    assert!(
        started.elapsed() < REPLY_WAIT,
        "stopping took {:?}",
        started.elapsed()
    );
    // A stop with no search is ignored and the engine still answers.
    e.send("YXSTOP");
    e.expect("ABOUT", "name=");
}

#[test]
fn yxhashclear_and_caps_keep_the_game_going() {
    let mut e = yixin_game();
    e.silent("yxhashclear");
    e.silent("INFO max_depth 2");
    e.silent("INFO max_node 5000");
    e.send("BEGIN");
    let lines = e.lines_until_move();
    // Depth 2 at most, as asked.
    for l in lines.iter().filter(|l| l.starts_with("MESSAGE depth ")) {
        let d: u32 = l["MESSAGE depth ".len()..]
            .split_whitespace()
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(d <= 2, "{l}");
    }
    e.silent("YXHASHCLEAR");
    let (x, y) = e.free_point();
    e.turn(x, y);
}

#[test]
fn malformed_yixin_input_is_an_error_and_loses_nothing() {
    let mut e = yixin_game();
    e.yxboard(&[(7, 7, 1), (8, 8, 2)]);
    for (line, reply) in [
        (
            "YXNBEST 0",
            "ERROR YXNBEST needs a number of moves from 1 to 32",
        ),
        ("YXNBEST many", "ERROR 'many' is not a valid number"),
        ("YXNBEST", "ERROR YXNBEST needs a number of moves"),
        ("YXSHOWINFO 2", "ERROR YXSHOWINFO takes no argument"),
        ("YXHASHCLEAR now", "ERROR YXHASHCLEAR takes no argument"),
        ("YXBOARD 1", "ERROR YXBOARD takes no argument"),
        ("INFO max_node lots", "ERROR bad INFO value: max_node"),
        ("INFO max_depth -3", "ERROR bad INFO value: max_depth"),
        (
            "INFO thread_num 0",
            "ERROR bad INFO value: thread_num must be 1 to 8",
        ),
        ("INFO hash_size -1", "ERROR bad INFO value"),
        (
            "INFO show_detail 7",
            "ERROR bad INFO value: show_detail must be 0 to 3",
        ),
        (
            "INFO caution_factor high",
            "ERROR bad INFO value: caution_factor",
        ),
        (
            "START 15 15 15",
            "ERROR START takes a size, or a width and a height",
        ),
        ("START 15 x", "ERROR"),
        ("YXQUERYDATABASEALL", "UNKNOWN"),
    ] {
        e.expect(line, reply);
    }
    // The position set by YXBOARD is intact.
    e.expect("TURN 7,7", "ERROR point (7, 7) is already occupied");
    let (x, y) = e.free_point();
    e.turn(x, y);
}
