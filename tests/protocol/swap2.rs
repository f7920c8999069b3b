//! The opening questions a manager asks (`SWAP2BOARD`, swap1 through
//! `INFO rule 5`, `YXBALANCEONE` / `YXBALANCETWO`): transcripts through the
//! library's [`Session`] with a scripted opener, so every branch of the
//! protocol is reached on purpose, then a few against the real
//! `pbrain-gomoku` binary and its balancing engine.

use gomoku::engine::balance::Swap2Reply;
use gomoku::protocol::{BaselineBrain, Opener, OpeningLimits, Session};
use gomoku::rules::{Board, Point, Rule, Stone};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::atomic::AtomicBool;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the scripted opener was asked, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Asked {
    Stones {
        stones: usize,
        count: usize,
        target: i32,
    },
    Reply {
        stones: usize,
    },
    Colour {
        stones: usize,
    },
}

/// An opener that answers from a script and records the questions.
struct Scripted {
    stones: VecDeque<Vec<Point>>,
    replies: VecDeque<Swap2Reply>,
    colours: VecDeque<Stone>,
    asked: Arc<Mutex<Vec<Asked>>>,
}

impl Opener for Scripted {
    fn stones(
        &mut self,
        board: &Board,
        _rule: Rule,
        count: usize,
        target: i32,
        _limits: &OpeningLimits,
    ) -> Vec<Point> {
        self.asked.lock().unwrap().push(Asked::Stones {
            stones: board.stone_count(),
            count,
            target,
        });
        self.stones.pop_front().expect("scripted stones")
    }

    fn swap2_reply(&mut self, board: &Board, _rule: Rule, _l: &OpeningLimits) -> Swap2Reply {
        self.asked.lock().unwrap().push(Asked::Reply {
            stones: board.stone_count(),
        });
        self.replies.pop_front().expect("scripted reply")
    }

    fn choose_colour(&mut self, board: &Board, _rule: Rule, _l: &OpeningLimits) -> Stone {
        self.asked.lock().unwrap().push(Asked::Colour {
            stones: board.stone_count(),
        });
        self.colours.pop_front().expect("scripted colour")
    }
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// A session with the baseline brain and a scripted opener.
struct Script {
    session: Session,
    asked: Arc<Mutex<Vec<Asked>>>,
}

impl Script {
    fn new(stones: Vec<Vec<Point>>, replies: Vec<Swap2Reply>, colours: Vec<Stone>) -> Script {
        let asked = Arc::new(Mutex::new(Vec::new()));
        let opener = Scripted {
            stones: stones.into(),
            replies: replies.into(),
            colours: colours.into(),
            asked: Arc::clone(&asked),
        };
        let session = Session::new(
            Box::new(BaselineBrain),
            Arc::new(AtomicBool::new(false)),
            Arc::new(AtomicBool::new(false)),
        )
        .with_opener(Box::new(opener));
        let mut s = Script { session, asked };
        assert_eq!(s.send("START 15"), ["OK"]);
        s.send("INFO timeout_turn 300");
        s
    }

    /// Sends one line; the replies, `MESSAGE`/`DEBUG` lines left out.
    fn send(&mut self, line: &str) -> Vec<String> {
        let mut got = Vec::new();
        self.session
            .handle_line(line, &mut |l: &str| got.push(l.to_string()));
        got.retain(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"));
        got
    }

    /// Sends a block of lines; the replies of the last.
    fn block(&mut self, lines: &[&str]) -> Vec<String> {
        let mut last = Vec::new();
        for l in lines {
            last = self.send(l);
        }
        last
    }

    fn asked(&self) -> Vec<Asked> {
        self.asked.lock().unwrap().clone()
    }
}

/// `x,y` of a reply that must be one move.
fn one_move(reply: &[String]) -> (u32, u32) {
    assert_eq!(reply.len(), 1, "{reply:?}");
    let (x, y) = reply[0].split_once(',').expect("a move");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn swap2_on_an_empty_board_places_three_stones() {
    let mut s = Script::new(vec![vec![p(7, 7), p(8, 8), p(6, 9)]], vec![], vec![]);
    assert_eq!(s.block(&["SWAP2BOARD", "DONE"]), ["7,7 8,8 6,9"]);
    assert_eq!(
        s.asked(),
        [Asked::Stones {
            stones: 0,
            count: 3,
            target: 0
        }]
    );
    // The stones are on our board: the opponent's fourth goes elsewhere,
    // and a stone on one of ours is refused.
    assert!(s.send("TURN 7,7")[0].starts_with("ERROR"));
}

#[test]
fn swap2_after_three_answers_swap_move_or_two_stones() {
    let three = ["SWAP2BOARD", "7,7", "8,7", "7,8", "DONE"];
    // Taking Black.
    let mut s = Script::new(vec![], vec![Swap2Reply::Take(Stone::Black)], vec![]);
    assert_eq!(s.block(&three), ["SWAP"]);
    assert_eq!(s.asked(), [Asked::Reply { stones: 3 }]);
    // As Black now, the opponent's (White's) fourth comes as a TURN and we
    // answer with the fifth.
    let (x, y) = one_move(&s.send("TURN 9,9"));
    assert!(![(7, 7), (8, 7), (7, 8), (9, 9)].contains(&(x, y)));

    // Staying White: our move is the fourth stone.
    let mut s = Script::new(vec![], vec![Swap2Reply::Take(Stone::White)], vec![]);
    let (x, y) = one_move(&s.block(&three));
    assert!(![(7, 7), (8, 7), (7, 8)].contains(&(x, y)));

    // Two more stones: the fourth (White) and fifth (Black).
    let mut s = Script::new(vec![], vec![Swap2Reply::Place([p(9, 9), p(6, 6)])], vec![]);
    assert_eq!(s.block(&three), ["9,9 6,6"]);
    // The opener now chooses; if it takes White it plays the sixth, so a
    // TURN on one of our stones is refused and a free one is answered.
    assert!(s.send("TURN 6,6")[0].starts_with("ERROR"));
}

#[test]
fn swap2_after_five_swaps_or_plays_the_sixth() {
    let five = ["SWAP2BOARD", "7,7", "8,7", "7,8", "9,9", "6,6", "DONE"];
    let mut s = Script::new(vec![], vec![], vec![Stone::Black]);
    assert_eq!(s.block(&five), ["SWAP"]);
    assert_eq!(s.asked(), [Asked::Colour { stones: 5 }]);

    let mut s = Script::new(vec![], vec![], vec![Stone::White]);
    let (x, y) = one_move(&s.block(&five));
    assert!(![(7, 7), (8, 7), (7, 8), (9, 9), (6, 6)].contains(&(x, y)));
}

#[test]
fn swap2_accepts_colour_fields_that_agree_and_refuses_others() {
    let mut s = Script::new(vec![], vec![Swap2Reply::Take(Stone::Black)], vec![]);
    assert_eq!(
        s.block(&["SWAP2BOARD", "7,7,1", "8,7,2", "7,8,1", "DONE"]),
        ["SWAP"]
    );
    // Fields that contradict the order: the block is refused at DONE and
    // the position before it kept.
    let mut s = Script::new(vec![], vec![], vec![]);
    s.send("SWAP2BOARD");
    s.send("7,7,1");
    let wrong = s.send("8,7,1");
    assert!(wrong[0].starts_with("ERROR field 1"), "{wrong:?}");
    s.send("7,8");
    let done = s.send("DONE");
    assert!(done[0].starts_with("ERROR SWAP2BOARD refused"), "{done:?}");
    assert!(s.asked().is_empty(), "no decision on stones not meant");
    // Nothing was placed: the centre is still free.
    let (x, y) = one_move(&s.send("TURN 7,7"));
    assert_ne!((x, y), (7, 7));
}

#[test]
fn malformed_swap2_blocks_are_errors_and_lose_nothing() {
    let mut s = Script::new(vec![], vec![], vec![]);
    // A position first, to see that a refused block keeps it.
    s.block(&["BOARD", "7,7,2", "DONE"]);
    for bad in [
        vec!["SWAP2BOARD", "7,7", "8,8", "DONE"], // two stones: not a step
        vec!["SWAP2BOARD", "7,7", "7,7", "8,8", "DONE"], // given twice
        vec!["SWAP2BOARD", "7,7", "8,8", "99,2", "DONE"], // off the board
        vec![
            "SWAP2BOARD",
            "7,7",
            "8,8",
            "6,6",
            "5,5",
            "4,4",
            "3,3",
            "DONE",
        ], // six
        vec!["SWAP2BOARD", "7,7", "8,x", "6,6", "DONE"], // not a number
    ] {
        let mut replies = Vec::new();
        for l in &bad {
            replies.extend(s.send(l));
        }
        assert!(
            replies.iter().any(|r| r.starts_with("ERROR")),
            "{bad:?} gave {replies:?}"
        );
        assert!(!replies.iter().any(|r| r == "SWAP"), "{replies:?}");
    }
    // A block cut short by a command: the command runs, the block is dropped.
    let cut = s.block(&["SWAP2BOARD", "7,7", "ABOUT"]);
    assert!(
        cut[0].starts_with("ERROR SWAP2BOARD was not closed"),
        "{cut:?}"
    );
    assert!(s.asked().is_empty());
    // The BOARD position is still ours: 7,7 is taken.
    assert!(s.send("TURN 7,7")[0].starts_with("ERROR"));
    // And the command parses strictly.
    assert!(s.send("SWAP2BOARD now")[0].starts_with("ERROR"));
}

#[test]
fn swap2board_before_start_is_refused() {
    let mut session = Session::new(
        Box::new(BaselineBrain),
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicBool::new(false)),
    );
    let mut got = Vec::new();
    for l in ["SWAP2BOARD", "DONE"] {
        session.handle_line(l, &mut |r: &str| got.push(r.to_string()));
    }
    assert!(got.iter().any(|r| r.starts_with("ERROR")), "{got:?}");
}

#[test]
fn swap1_opens_with_a_balanced_stone_and_may_swap_after_one() {
    // We open: the first stone comes from the opener.
    let mut s = Script::new(vec![vec![p(3, 4)]], vec![], vec![]);
    s.send("INFO rule 5");
    assert_eq!(s.send("BEGIN"), ["3,4"]);
    assert_eq!(
        s.asked(),
        [Asked::Stones {
            stones: 0,
            count: 1,
            target: 0
        }]
    );

    // The opponent opens and we take Black: SWAP, then the opponent (now
    // White) plays and we answer as Black.
    let mut s = Script::new(vec![], vec![], vec![Stone::Black]);
    s.send("INFO rule 5");
    assert_eq!(s.send("TURN 7,7"), ["SWAP"]);
    assert_eq!(s.asked(), [Asked::Colour { stones: 1 }]);
    let (x, y) = one_move(&s.send("TURN 8,8"));
    assert!(![(7, 7), (8, 8)].contains(&(x, y)));

    // We stay White: a move at once.
    let mut s = Script::new(vec![], vec![], vec![Stone::White]);
    s.send("INFO rule 5");
    one_move(&s.send("TURN 7,7"));
    // The same choice through BOARD.
    let mut s = Script::new(vec![], vec![], vec![Stone::Black]);
    s.send("INFO rule 5");
    assert_eq!(s.block(&["BOARD", "7,7,2", "DONE"]), ["SWAP"]);

    // Without swap1 nobody asks.
    let mut s = Script::new(vec![], vec![], vec![]);
    one_move(&s.send("TURN 7,7"));
    assert!(s.asked().is_empty());
}

#[test]
fn yixin_balance_places_stones_for_the_side_to_move() {
    let mut s = Script::new(vec![vec![p(7, 7)], vec![p(8, 8), p(9, 9)]], vec![], vec![]);
    // One stone on an empty board: Black's, its score for Black.
    assert_eq!(s.send("YXBALANCEONE 120"), ["7,7"]);
    // Two more: White then Black; White is to move, so the wanted score
    // for White (-50) is +50 for Black.
    assert_eq!(s.send("YXBALANCETWO -50"), ["8,8 9,9"]);
    assert_eq!(
        s.asked(),
        [
            Asked::Stones {
                stones: 0,
                count: 1,
                target: 120
            },
            Asked::Stones {
                stones: 1,
                count: 2,
                target: 50
            }
        ]
    );
    // They are on our board.
    assert!(s.send("TURN 9,9")[0].starts_with("ERROR"));
    // Malformed arguments change nothing.
    assert!(s.send("YXBALANCEONE lots")[0].starts_with("ERROR"));
    assert_eq!(s.asked().len(), 2);
}

// ---- The real binary and its balancing engine -----------------------

/// Runs `pbrain-gomoku` on `lines`, returning its non-`MESSAGE` replies
/// once `want` of them have come (or the wait ran out).
fn run_binary(lines: &[&str], want: usize) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("engine starts");
    let mut stdin = child.stdin.take().unwrap();
    for l in lines {
        writeln!(stdin, "{l}").unwrap();
    }
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    let mut got = Vec::new();
    let deadline = Instant::now() + Duration::from_secs(60);
    while got.len() < want {
        let left = deadline.saturating_duration_since(Instant::now());
        match rx.recv_timeout(left) {
            Ok(l) if l.starts_with("MESSAGE") || l.starts_with("DEBUG") => {}
            Ok(l) => got.push(l),
            Err(_) => break,
        }
    }
    let _ = writeln!(stdin, "END");
    drop(stdin);
    let _ = child.wait();
    got
}

/// Points of an answer line `x,y x,y …`.
fn points(line: &str) -> Vec<(u32, u32)> {
    line.split_whitespace()
        .map(|t| {
            let (x, y) = t.split_once(',').expect("x,y");
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

#[test]
fn the_binary_answers_every_swap2_step_in_its_time() {
    let start = Instant::now();
    let got = run_binary(
        &[
            "START 15",
            "INFO rule 6",
            "INFO timeout_turn 1000",
            "SWAP2BOARD",
            "DONE",
            "SWAP2BOARD",
            "7,7",
            "8,7",
            "7,9",
            "DONE",
            "SWAP2BOARD",
            "7,7",
            "8,7",
            "7,9",
            "6,8",
            "9,9",
            "DONE",
            "YXBALANCETWO",
        ],
        5,
    );
    assert_eq!(got.len(), 5, "{got:?}");
    assert_eq!(got[0], "OK");
    let three = points(&got[1]);
    assert_eq!(three.len(), 3, "{got:?}");
    let distinct: std::collections::HashSet<_> = three.iter().collect();
    assert_eq!(distinct.len(), 3);
    assert!(three.iter().all(|&(x, y)| x < 15 && y < 15));
    // After three: SWAP, one move, or two stones, none on the three.
    let after_three = &got[2];
    if after_three != "SWAP" {
        let pts = points(after_three);
        assert!(pts.len() == 1 || pts.len() == 2, "{after_three}");
        assert!(pts.iter().all(|q| ![(7, 7), (8, 7), (7, 9)].contains(q)));
    }
    let after_five = &got[3];
    if after_five != "SWAP" {
        assert_eq!(points(after_five).len(), 1, "{after_five}");
    }
    assert_eq!(points(&got[4]).len(), 2, "{got:?}");
    // Four questions at 1 s a turn, and the engine's start: well inside a
    // manager's patience even on a busy machine.
    assert!(
        start.elapsed() < Duration::from_secs(30),
        "{:?}",
        start.elapsed()
    );
}
