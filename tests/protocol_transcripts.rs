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
    e.send("INFO rule 2");
    assert!(e.lines_until_about()[0].contains("continuous"));
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
