//! The Yixin protocol extensions against the session object, with a
//! scripted brain: input lines in, the exact reply lines out, and what
//! reached the brain. Fast and deterministic; the real binary's
//! transcripts are in `protocol_transcripts.rs`.

use gomoku::engine::{Candidate, Position, Score, SearchInfo, MAX_THREADS};
use gomoku::protocol::{Brain, Flow, Session, Think};
use gomoku::rules::{renju, Point, Rule, Stone};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the session asked of the brain.
#[derive(Debug, Default)]
struct Log {
    thinks: Vec<Think>,
    positions: Vec<Position>,
    /// The stop flag as each search began.
    stopped_at_start: Vec<bool>,
    hash_clears: usize,
    threads: Vec<usize>,
    hash_mb: Vec<usize>,
    /// Each warm-up's board size and rule.
    warm_ups: Vec<(u8, Rule)>,
}

/// Ranks the free points nearest the centre, as many as asked, reports
/// them in one iteration and plays the first.
struct Scripted(Arc<Mutex<Log>>);

impl Brain for Scripted {
    fn about(&self) -> String {
        "name=\"scripted\"".into()
    }
    fn new_game(&mut self) {}
    fn set_hash_mb(&mut self, mb: usize) {
        self.0.lock().unwrap().hash_mb.push(mb);
    }
    fn clear_hash(&mut self) {
        self.0.lock().unwrap().hash_clears += 1;
    }
    fn set_threads(&mut self, threads: usize) {
        self.0.lock().unwrap().threads.push(threads);
    }
    fn warm_up(&mut self, size: u8, rule: Rule) {
        self.0.lock().unwrap().warm_ups.push((size, rule));
    }
    fn think(
        &mut self,
        pos: &Position,
        req: &Think,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&SearchInfo),
    ) -> Option<Point> {
        {
            let mut log = self.0.lock().unwrap();
            log.thinks.push(*req);
            log.positions.push(pos.clone());
            log.stopped_at_start.push(stop.load(Ordering::SeqCst));
        }
        let size = pos.board.size();
        let c = Point::new(size / 2, size / 2);
        let mut free: Vec<Point> = pos
            .board
            .points()
            .filter(|p| pos.board.is_empty_at(*p))
            .collect();
        free.sort_by_key(|p| (p.distance(c), p.y, p.x));
        let candidates: Vec<Candidate> = free
            .iter()
            .take(req.multipv.max(1))
            .enumerate()
            .map(|(i, &mv)| Candidate {
                mv,
                score: Score(-100 * i as i32),
                depth: 3,
                pv: vec![mv],
            })
            .collect();
        let first = candidates.first()?.clone();
        on_info(&SearchInfo {
            depth: 3,
            seldepth: 3,
            score: first.score,
            pv: first.pv.clone(),
            nodes: 42,
            nps: 42_000,
            elapsed: Duration::from_millis(1),
            candidates,
        });
        Some(first.mv)
    }
}

fn session() -> (Session, Arc<Mutex<Log>>) {
    let log = Arc::new(Mutex::new(Log::default()));
    let flag = || Arc::new(AtomicBool::new(false));
    let s = Session::new(Box::new(Scripted(Arc::clone(&log))), flag(), flag());
    (s, log)
}

fn feed(s: &mut Session, line: &str) -> Vec<String> {
    let mut out = Vec::new();
    assert_eq!(
        s.handle_line(line, &mut |l: &str| out.push(l.to_string())),
        Flow::Continue
    );
    out
}

/// Feeds lines that must all be answered by nothing.
fn silent(s: &mut Session, lines: &[&str]) {
    for line in lines {
        let out = feed(s, line);
        assert!(out.is_empty(), "'{line}' was answered {out:?}");
    }
}

/// The stones Yixin Board sends for a position: field 1 for the side to
/// move.
const POSITION: [&str; 4] = ["7,7,1", "8,8,2", "8,7,1", "0,0,2"];

fn yxboard(s: &mut Session, stones: &[&str]) {
    silent(s, &["YXBOARD"]);
    silent(s, stones);
    silent(s, &["DONE"]);
}

#[test]
fn start_warms_the_brain_up_for_its_board_and_the_rule_in_force_and_nothing_else_does() {
    let (mut s, log) = session();
    assert_eq!(feed(&mut s, "START 15"), ["OK"]);
    silent(&mut s, &["INFO rule 4", "INFO max_memory 367001600"]);
    yxboard(&mut s, &POSITION);
    assert_eq!(feed(&mut s, "RESTART"), ["OK"]);
    assert_eq!(feed(&mut s, "START 20 20"), ["OK"]);
    // A refused START warms nothing up.
    assert!(feed(&mut s, "START 21")[0].starts_with("ERROR"));
    assert_eq!(
        log.lock().unwrap().warm_ups,
        [(15, Rule::Freestyle), (20, Rule::Renju)]
    );
}

#[test]
fn yixin_boards_start_with_width_and_height_and_yxboard_never_moves() {
    let (mut s, log) = session();
    assert_eq!(feed(&mut s, "START 15 15"), ["OK"]);
    assert_eq!(
        feed(&mut s, "START 20 15"),
        ["ERROR rectangular boards (20x15) are not supported, only square 15 to 20"]
    );
    assert_eq!(s.board().unwrap().size(), 15);
    yxboard(&mut s, &POSITION);
    let b = s.board().unwrap();
    assert_eq!(b.stone_count(), 4);
    // Field 1 is the side to move: equal counts, so Black.
    assert_eq!(b.get(Point::new(7, 7)), Some(Stone::Black));
    assert_eq!(b.get(Point::new(8, 8)), Some(Stone::White));
    assert!(log.lock().unwrap().thinks.is_empty(), "YXBOARD searched");
    // The game goes on from there: our move is Black's.
    let out = feed(&mut s, "TURN 3,3");
    let (x, y) = out.last().unwrap().split_once(',').unwrap();
    let p = Point::new(x.parse().unwrap(), y.parse().unwrap());
    assert_eq!(s.board().unwrap().get(p), Some(Stone::Black));
}

#[test]
fn a_yxboard_block_is_checked_like_board() {
    let (mut s, _) = session();
    feed(&mut s, "START 15");
    yxboard(&mut s, &["7,7,1", "8,8,2"]);
    feed(&mut s, "YXBOARD");
    feed(&mut s, "6,6,1");
    assert_eq!(
        feed(&mut s, "6,6,2"),
        ["ERROR point 6,6 is given twice in YXBOARD (line ignored)"]
    );
    assert_eq!(
        feed(&mut s, "15,0,1"),
        ["ERROR point (15, 0) is off the 15x15 board (board line ignored)"]
    );
    // A command instead of DONE drops the block and keeps the old board.
    assert_eq!(
        feed(&mut s, "YXSHOWINFO"),
        [
            "ERROR YXBOARD was not closed by DONE: position discarded, previous one kept"
                .to_string(),
            format!("MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}"),
            "MESSAGE INFO MAX_HASH_SIZE 20".to_string(),
        ]
    );
    assert_eq!(s.board().unwrap().stone_count(), 2);
    // Before START there is no board to set.
    let (mut fresh, _) = session();
    silent(&mut fresh, &["YXBOARD"]);
    assert_eq!(
        feed(&mut fresh, "7,7,1"),
        ["ERROR no game: send START first (board line ignored)"]
    );
    assert_eq!(
        feed(&mut fresh, "DONE"),
        ["ERROR no game: send START first (YXBOARD ignored)"]
    );
}

#[test]
fn yxnbest_ranks_n_moves_then_plays_the_best() {
    let (mut s, log) = session();
    feed(&mut s, "START 15");
    yxboard(&mut s, &POSITION);
    let out = feed(&mut s, "YXNBEST 3");
    assert_eq!(
        out,
        [
            "MESSAGE depth 3 score even pv g9 nodes 42 nps 42000",
            "MESSAGE NBEST 1/3 6,6 depth 3 score even winrate 50.0% pv g9",
            &format!(
                "MESSAGE NBEST 2/3 7,6 depth 3 score White +0.1 winrate {:.1}% pv h9",
                gomoku::engine::win_chance(Score(-100)) * 100.0
            ),
            &format!(
                "MESSAGE NBEST 3/3 8,6 depth 3 score White +0.2 winrate {:.1}% pv i9",
                gomoku::engine::win_chance(Score(-200)) * 100.0
            ),
            "6,6",
        ]
    );
    let log = log.lock().unwrap();
    assert_eq!(log.thinks.len(), 1);
    assert_eq!(log.thinks[0].multipv, 3);
    assert_eq!(log.positions[0].to_move, Stone::Black);
    // The best move is now on the board, Black's, as after a turn.
    assert_eq!(s.board().unwrap().get(Point::new(6, 6)), Some(Stone::Black));
}

#[test]
fn yxnbest_searches_for_whoever_is_to_move_and_later_turns_rank_one() {
    let (mut s, log) = session();
    feed(&mut s, "START 15");
    // Five stones: White to move, and White's stones come as field 1.
    yxboard(&mut s, &["7,7,2", "8,8,1", "8,7,2", "0,0,1", "14,14,2"]);
    feed(&mut s, "YXNBEST 2");
    feed(&mut s, "TURN 1,1");
    let log = log.lock().unwrap();
    assert_eq!(log.positions[0].to_move, Stone::White);
    assert_eq!(
        log.thinks[1].multipv, 1,
        "YXNBEST applies to its own search only"
    );
    assert_eq!(log.positions[1].to_move, Stone::White);
}

#[test]
fn bad_yxnbest_is_refused_and_changes_nothing() {
    let (mut s, log) = session();
    assert_eq!(
        feed(&mut s, "YXNBEST 3"),
        ["ERROR no game: send START first"]
    );
    feed(&mut s, "START 15");
    yxboard(&mut s, &POSITION);
    for (line, reply) in [
        (
            "YXNBEST 0",
            "ERROR YXNBEST needs a number of moves from 1 to 32, not 0",
        ),
        (
            "YXNBEST 33",
            "ERROR YXNBEST needs a number of moves from 1 to 32, not 33",
        ),
        ("YXNBEST", "ERROR YXNBEST needs a number of moves"),
        ("YXNBEST -2", "ERROR '-2' is not a valid number"),
        ("YXNBEST 2 3", "ERROR '2 3' is not a valid number"),
    ] {
        assert_eq!(feed(&mut s, line), [reply], "{line}");
    }
    assert!(log.lock().unwrap().thinks.is_empty());
    assert_eq!(s.board().unwrap().stone_count(), 4);
}

#[test]
fn realtime_lines_follow_show_detail() {
    let (mut s, _) = session();
    feed(&mut s, "START 15");
    silent(&mut s, &["INFO show_detail 1"]);
    assert!(s.realtime());
    let out = feed(&mut s, "BEGIN");
    assert_eq!(
        out,
        [
            "MESSAGE depth 3 score even pv h8 nodes 42 nps 42000",
            "MESSAGE REALTIME REFRESH",
            "MESSAGE REALTIME POS 7,7",
            "MESSAGE REALTIME DONE 7,7",
            "MESSAGE REALTIME PV h8",
            "MESSAGE REALTIME VAL 0",
            "MESSAGE REALTIME BEST 7,7",
            "7,7",
        ]
    );
    silent(&mut s, &["INFO show_detail 0"]);
    assert_eq!(feed(&mut s, "TURN 0,0").len(), 2);
    assert_eq!(
        feed(&mut s, "INFO show_detail 5"),
        ["ERROR bad INFO value: show_detail must be 0 to 3, not '5'"]
    );
    assert!(!s.realtime());
}

#[test]
fn yxshowforbid_lists_blacks_forbidden_points_under_renju_only() {
    let (mut s, _) = session();
    assert_eq!(
        feed(&mut s, "YXSHOWFORBID"),
        ["ERROR no game: send START first"]
    );
    feed(&mut s, "START 15");
    // Black to move with a double three at (10,7).
    let stones = [
        "7,7,1", "0,0,2", "8,7,1", "0,14,2", "10,9,1", "14,0,2", "10,10,1", "14,14,2",
    ];
    yxboard(&mut s, &stones);
    assert_eq!(feed(&mut s, "YXSHOWFORBID"), ["FORBID ."], "freestyle");
    // Yixin's renju number.
    silent(&mut s, &["INFO rule 2"]);
    assert_eq!(s.rule(), Rule::Renju);
    let expected: String = renju::forbidden_points(s.board().unwrap())
        .iter()
        .map(|(p, _)| format!("{:02}{:02}", p.x, p.y))
        .collect();
    assert!(expected.contains("1007"), "{expected}");
    assert_eq!(
        feed(&mut s, "YXSHOWFORBID"),
        [format!("FORBID {expected}.")]
    );
    assert_eq!(
        feed(&mut s, "YXSHOWFORBID now"),
        ["ERROR YXSHOWFORBID takes no argument, but got 'now'"]
    );
    // White to move: Black has nothing forbidden to play now.
    feed(&mut s, "TAKEBACK 14,14");
    assert_eq!(feed(&mut s, "YXSHOWFORBID"), ["FORBID ."]);
}

#[test]
fn yxhashclear_and_yxshowinfo() {
    let (mut s, log) = session();
    silent(&mut s, &["YXHASHCLEAR", "yxhashclear"]);
    assert_eq!(log.lock().unwrap().hash_clears, 2);
    assert_eq!(
        feed(&mut s, "YXSHOWINFO"),
        [
            format!("MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}"),
            "MESSAGE INFO MAX_HASH_SIZE 20".to_string(),
        ]
    );
    assert_eq!(
        feed(&mut s, "YXHASHCLEAR all"),
        ["ERROR YXHASHCLEAR takes no argument, but got 'all'"]
    );
    assert_eq!(log.lock().unwrap().hash_clears, 2);
}

#[test]
fn yixin_info_keys_reach_the_search() {
    let (mut s, log) = session();
    feed(&mut s, "START 15");
    // What Yixin Board sends at start-up and for an unlimited level.
    silent(
        &mut s,
        &[
            "info show_detail 1",
            "INFO timeout_turn 2000000",
            "INFO timeout_match 100000000",
            "INFO time_left 100000000",
            "INFO max_node 500000000",
            "INFO max_depth 225",
            "INFO time_increment 0",
            "INFO caution_factor 1",
            "INFO thread_num 2",
            "INFO thread_split_depth 8",
            "INFO hash_size 65536",
            "INFO pondering 0",
            "INFO vcthread 0",
            "INFO checkmate 0",
            "INFO nbestsym 0",
            "info usedatabase 0",
            "info start_depth 2",
        ],
    );
    assert_eq!(s.search_caps(), (Some(225), Some(500_000_000)));
    assert_eq!(s.hash_mb(), 64);
    feed(&mut s, "BEGIN");
    {
        let log = log.lock().unwrap();
        assert_eq!(log.threads, [2]);
        assert!(log.hash_mb.is_empty(), "64 MB was already the size");
        let t = log.thinks[0];
        assert_eq!((t.max_depth, t.max_nodes), (Some(225), Some(500_000_000)));
    }
    // -1 lifts the node cap, 0 the depth cap; thread_num is capped.
    silent(
        &mut s,
        &[
            "INFO max_node -1",
            "INFO max_depth 0",
            "INFO hash_size 1048576",
        ],
    );
    assert_eq!(s.search_caps(), (None, None));
    assert_eq!(s.hash_mb(), 1024);
    assert_eq!(
        feed(&mut s, "INFO thread_num 64"),
        [format!(
            "MESSAGE thread_num 64 is more than we use: searching with {MAX_THREADS}"
        )]
    );
    let log = log.lock().unwrap();
    assert_eq!(log.threads, [2, MAX_THREADS]);
    assert_eq!(log.hash_mb, [1024]);
}

#[test]
fn malformed_yixin_values_are_errors_and_keep_the_settings() {
    let (mut s, log) = session();
    feed(&mut s, "START 15");
    silent(
        &mut s,
        &[
            "INFO max_node 1000",
            "INFO max_depth 9",
            "INFO show_detail 1",
        ],
    );
    for (line, reply) in [
        ("INFO max_node lots", "ERROR bad INFO value: max_node: 'lots' is not a valid number (a node count, or -1 for no limit)"),
        ("INFO max_node -7", "ERROR bad INFO value: max_node: '-7' is not a valid number (a node count, or -1 for no limit)"),
        ("INFO max_depth -1", "ERROR bad INFO value: max_depth: '-1' is not a valid number (a depth, or 0 for no limit)"),
        ("INFO thread_num 0", &format!("ERROR bad INFO value: thread_num must be 1 to {MAX_THREADS}, not 0")),
        ("INFO thread_num", &format!("ERROR bad INFO value: thread_num: '' is not a valid number (1 to {MAX_THREADS})")),
        ("INFO hash_size big", "ERROR bad INFO value: 'big' is not a valid number"),
        ("INFO show_detail on", "ERROR bad INFO value: show_detail must be 0 to 3, not 'on'"),
        ("INFO caution_factor x", "ERROR bad INFO value: caution_factor: 'x' is not a valid number"),
        ("INFO pondering -1", "ERROR bad INFO value: pondering: '-1' is not a valid number"),
    ] {
        assert_eq!(feed(&mut s, line), [reply.to_string()], "{line}");
    }
    assert_eq!(s.search_caps(), (Some(9), Some(1000)));
    assert!(s.realtime());
    assert_eq!(s.hash_mb(), 64);
    assert!(log.lock().unwrap().threads.is_empty());
    // The session still plays.
    assert_eq!(feed(&mut s, "BEGIN").last().unwrap(), "7,7");
}

#[test]
fn a_stop_read_after_the_line_that_starts_a_search_still_stops_it() {
    let log = Arc::new(Mutex::new(Log::default()));
    let stop = Arc::new(AtomicBool::new(false));
    let stops = Arc::new(AtomicU64::new(0));
    let mut s = Session::new(
        Box::new(Scripted(Arc::clone(&log))),
        Arc::clone(&stop),
        Arc::default(),
    )
    .with_stop_count(Arc::clone(&stops));
    let mut sink = |_: &str| {};
    s.handle_read_line("START 15", 0, &mut sink);
    // A STOP read and acted on before this BEGIN: it was for an earlier
    // search, so this one runs.
    stops.store(1, Ordering::SeqCst);
    stop.store(true, Ordering::SeqCst);
    s.handle_read_line("BEGIN", 1, &mut sink);
    // A STOP the reader saw after "TURN" but before the session got to
    // it: the search it starts must stop at once.
    stops.store(2, Ordering::SeqCst);
    s.handle_read_line("TURN 0,0", 1, &mut sink);
    // And with no STOP since, the flag is lowered again.
    s.handle_read_line("TURN 0,1", 2, &mut sink);
    assert_eq!(log.lock().unwrap().stopped_at_start, [false, true, false]);
}

#[test]
fn a_stop_outside_a_search_changes_nothing() {
    let (mut s, log) = session();
    feed(&mut s, "START 15");
    assert_eq!(feed(&mut s, "YXSTOP"), ["DEBUG no search to stop"]);
    feed(&mut s, "BEGIN");
    assert_eq!(log.lock().unwrap().stopped_at_start, [false]);
}
