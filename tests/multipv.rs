//! Multi-PV and unlimited analysis through the public API: N distinct
//! legal candidates ranked by their own scores, scores that agree with
//! searching each candidate's position alone, proved wins with their whole
//! line, small boards, Renju, and a long analysis through the worker that
//! stops and makes way for the next request.

use gomoku::engine::bench::bench_positions;
use gomoku::engine::{
    Candidate, Engine, EngineReply, EngineWorker, Limits, Position, Score, SearchParams,
    SearchRequest, SearchResult,
};
use gomoku::rules::{forbidden, parse_moves, winning_line, Board, Point, Rule, Stone};
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

fn params(limits: Limits, multipv: usize) -> SearchParams {
    SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits,
        variety: 0,
        seed: Some(3),
        threads: 1,
        multipv,
    }
}

/// A position from Black's and White's stones, `to_move` to play.
fn diagram(black: &str, white: &str, to_move: Stone) -> Position {
    let mut board = Board::standard();
    for p in parse_moves(black, 15).unwrap() {
        board.place(p, Stone::Black).unwrap();
    }
    for p in parse_moves(white, 15).unwrap() {
        board.place(p, Stone::White).unwrap();
    }
    Position {
        board,
        to_move,
        rule: Rule::Freestyle,
        history: Vec::new(),
    }
}

fn point(name: &str) -> Point {
    parse_moves(name, 15).unwrap()[0]
}

/// Searches on a thread and fails (instead of hanging) if the search
/// does not return by itself within `patience`.
fn search_returning(pos: &Position, p: SearchParams, patience: Duration) -> SearchResult {
    let (tx, rx) = mpsc::channel();
    let pos = pos.clone();
    thread::spawn(move || {
        let stop = AtomicBool::new(false);
        let r = Engine::new(8).search(&pos, &p, &stop, &mut |_| {});
        let _ = tx.send(r);
    });
    rx.recv_timeout(patience)
        .expect("an unlimited search must end by itself at a proof or the deepest depth")
}

/// The checks every candidate list must pass: distinct legal moves, best
/// first, scores not rising, each line starting with its move.
fn assert_well_formed(pos: &Position, r: &SearchResult, cands: &[Candidate]) {
    let mut seen = HashSet::new();
    for c in cands {
        assert!(seen.insert(c.mv), "{:?} twice in {cands:?}", c.mv);
        assert!(pos.board.is_empty_at(c.mv), "{:?} is taken", c.mv);
        assert_eq!(c.pv.first(), Some(&c.mv));
        if pos.rule == Rule::Renju && pos.to_move == Stone::Black {
            assert_eq!(forbidden(&pos.board, c.mv), None, "{:?}", c.mv);
        }
    }
    for w in cands.windows(2) {
        assert!(w[0].score >= w[1].score, "not sorted: {cands:?}");
    }
    assert_eq!(Some(cands[0].mv), r.best);
    assert_eq!(cands[0].score, r.score);
    assert_eq!(cands[0].pv, r.pv);
}

#[test]
fn multipv_ranks_n_distinct_legal_moves_best_first_at_every_iteration() {
    let stop = AtomicBool::new(false);
    for (i, pos) in bench_positions().iter().enumerate().take(4) {
        for n in [2, 3, 5] {
            let mut infos = Vec::new();
            let r = Engine::new(8).search(pos, &params(Limits::depth(4), n), &stop, &mut |info| {
                infos.push(info.clone());
            });
            assert_eq!(r.candidates.len(), n, "position {i}: {:?}", r.candidates);
            assert_well_formed(pos, &r, &r.candidates);
            assert_eq!(infos.len(), 4, "one report per iteration");
            for info in &infos {
                assert_eq!(info.candidates.len(), n);
                assert_eq!(info.candidates[0].pv, info.pv);
                assert_eq!(info.candidates[0].score, info.score);
            }
        }
    }
}

#[test]
fn multipv_one_is_the_plain_search() {
    let stop = AtomicBool::new(false);
    let pos = &bench_positions()[2];
    let a = Engine::new(8).search(pos, &params(Limits::depth(5), 0), &stop, &mut |_| {});
    let b = Engine::new(8).search(pos, &params(Limits::depth(5), 1), &stop, &mut |_| {});
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert_eq!(b.candidates.len(), 1);
}

/// Each candidate's score is the score of its own position searched
/// alone one ply shallower, negated: the ranking is of exact scores, not
/// of bounds. Tree only (no solvers) and fixed depths, so the comparison
/// is deterministic. Most agree to the unit; the others differ by what a
/// warm table and the tree's width cap at ply 1 (the child searched alone
/// has all its moves at its root) change, far less than a bound would.
#[test]
fn candidate_scores_agree_with_searching_each_child_alone() {
    let stop = AtomicBool::new(false);
    let depth = 5;
    let tree = |d| Limits {
        depth: Some(d),
        tree_only: true,
        ..Limits::default()
    };
    let (mut exact, mut all) = (0, 0);
    for pos in bench_positions().iter().take(3) {
        let r = Engine::new(8).search(pos, &params(tree(depth), 3), &stop, &mut |_| {});
        assert_eq!(r.candidates.len(), 3);
        for c in &r.candidates {
            let mut child = pos.clone();
            child.board.place(c.mv, pos.to_move).unwrap();
            child.to_move = pos.to_move.opponent();
            let alone =
                Engine::new(8).search(&child, &params(tree(depth - 1), 1), &stop, &mut |_| {});
            let own = -alone.score.0;
            assert!(
                (c.score.0 - own).abs() <= 300,
                "{:?}: ranked {} but alone {own}",
                c.mv,
                c.score.0
            );
            all += 1;
            exact += usize::from(c.score.0 == own);
        }
    }
    assert!(exact * 3 >= all * 2, "only {exact} of {all} agree exactly");
}

#[test]
fn a_win_in_one_ranks_first_with_a_mate_score_and_the_rest_below() {
    // c5 makes five in the c column; nothing else wins at once.
    let pos = diagram("c3c4c6c7", "d4d5e6", Stone::Black);
    let r = search_returning(&pos, params(Limits::default(), 3), Duration::from_secs(120));
    assert_eq!(r.candidates.len(), 3, "{:?}", r.candidates);
    assert_well_formed(&pos, &r, &r.candidates);
    assert_eq!(r.candidates[0].mv, point("c5"));
    assert_eq!(r.candidates[0].score, Score::win_in(1));
    for c in &r.candidates[1..] {
        assert!(c.score < Score::win_in(1), "{c:?}");
    }
}

#[test]
fn two_fives_both_rank_as_wins_in_one() {
    let pos = diagram("h8i8j8k8", "h9i9j9g7", Stone::Black);
    let stop = AtomicBool::new(false);
    let r = Engine::new(8).search(&pos, &params(Limits::depth(3), 4), &stop, &mut |_| {});
    let wins: HashSet<Point> = r
        .candidates
        .iter()
        .filter(|c| c.score == Score::win_in(1))
        .map(|c| c.mv)
        .collect();
    assert_eq!(wins, HashSet::from([point("g8"), point("l8")]));
    assert_well_formed(&pos, &r, &r.candidates);
}

/// Plays `line` from `pos` and says whether its last stone makes five.
fn line_ends_in_five(pos: &Position, line: &[Point]) -> bool {
    let mut board = pos.board.clone();
    let mut stone = pos.to_move;
    for &p in line {
        if board.place(p, stone).is_err() {
            return false;
        }
        stone = stone.opponent();
    }
    line.last()
        .is_some_and(|&p| winning_line(&board, p, pos.rule).is_some())
}

#[test]
fn a_vcf_shows_its_whole_line_as_the_first_candidate() {
    // Black wins by continuous fours in five own moves (tactics suite
    // case vcf5).
    let pos = diagram("d3c3b3e4e5f7h7i8i9", "a3e2d7", Stone::Black);
    let stop = AtomicBool::new(false);
    for n in [1, 3] {
        let r = Engine::new(8).search(&pos, &params(Limits::depth(4), n), &stop, &mut |_| {});
        let first = &r.candidates[0];
        // The VCF takes five own moves; the tree may find a faster win by
        // threes, and either way the line shown is the whole of it.
        let own = first.score.mate_moves().expect("a proved win");
        assert!((1..=5).contains(&own), "{first:?}");
        let plies = (Score::MATE - first.score.0) as usize;
        assert_eq!(first.pv.len(), plies, "the whole line: {first:?}");
        assert!(line_ends_in_five(&pos, &first.pv), "{first:?}");
        assert_eq!(r.candidates.len(), n);
        assert_well_formed(&pos, &r, &r.candidates);
    }
}

/// A full board but for two points, with no five anywhere and none to
/// make: pairs of one colour in rows, alternating rows.
fn two_points_left() -> Position {
    let mut board = Board::standard();
    for y in 0..15u8 {
        for x in 0..15u8 {
            if (x, y) == (0, 0) || (x, y) == (14, 14) {
                continue;
            }
            let stone = if (x / 2 + y) % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            board.place(Point::new(x, y), stone).unwrap();
        }
    }
    for p in board.points() {
        if board.get(p).is_some() {
            assert!(winning_line(&board, p, Rule::Freestyle).is_none());
        }
    }
    Position {
        board,
        to_move: Stone::Black,
        rule: Rule::Freestyle,
        history: Vec::new(),
    }
}

#[test]
fn two_empty_points_give_two_candidates_and_an_unlimited_search_ends() {
    let pos = two_points_left();
    let r = search_returning(&pos, params(Limits::default(), 5), Duration::from_secs(120));
    assert_eq!(r.candidates.len(), 2, "{:?}", r.candidates);
    assert_well_formed(&pos, &r, &r.candidates);
    let moves: HashSet<Point> = r.candidates.iter().map(|c| c.mv).collect();
    assert_eq!(moves, HashSet::from([Point::new(0, 0), Point::new(14, 14)]));
}

#[test]
fn renju_candidates_are_never_forbidden_points() {
    let stop = AtomicBool::new(false);
    // Black's h8 would be an overline: forbidden, so never a candidate.
    let mut pos = diagram("d8e8f8g8i8", "d9e9f9j8a1", Stone::Black);
    pos.rule = Rule::Renju;
    let r = Engine::new(4).search(&pos, &params(Limits::depth(3), 5), &stop, &mut |_| {});
    assert_eq!(r.candidates[0].mv, point("c8"));
    assert_well_formed(&pos, &r, &r.candidates);
    for mut pos in bench_positions()
        .into_iter()
        .filter(|p| p.board.size() == 15)
    {
        pos.rule = Rule::Renju;
        let r = Engine::new(4).search(&pos, &params(Limits::depth(3), 5), &stop, &mut |_| {});
        assert!(!r.candidates.is_empty());
        assert_well_formed(&pos, &r, &r.candidates);
    }
}

#[test]
fn a_long_analysis_through_the_worker_stops_and_makes_way() {
    let mut worker = EngineWorker::spawn(16);
    let pos = bench_positions()[1].clone();
    worker.search(SearchRequest {
        generation: 1,
        position: pos.clone(),
        params: params(Limits::default(), 3),
    });
    let mut infos = 0;
    while infos < 2 {
        match worker.recv_timeout(Duration::from_secs(60)) {
            Some(EngineReply::Info { generation, info }) => {
                assert_eq!(generation, 1);
                let distinct: HashSet<Point> = info.candidates.iter().map(|c| c.mv).collect();
                assert_eq!(distinct.len(), 3, "{:?}", info.candidates);
                infos += 1;
            }
            Some(EngineReply::Done { .. }) => panic!("an unlimited analysis ended by itself"),
            None => panic!("no progress from the analysis"),
        }
    }
    worker.stop();
    // Stopping is a matter of milliseconds; the bound only keeps a broken
    // stop from hanging the test.
    let done = loop {
        match worker.recv_timeout(Duration::from_secs(10)) {
            Some(EngineReply::Done { generation, result }) => {
                assert_eq!(generation, 1);
                break result;
            }
            Some(EngineReply::Info { .. }) => {}
            None => panic!("no Done after stop"),
        }
    };
    assert_eq!(done.candidates.len(), 3);
    assert_eq!(done.candidates[0].mv, done.best.unwrap());
    worker.search(SearchRequest {
        generation: 2,
        position: pos,
        params: params(Limits::depth(3), 2),
    });
    loop {
        match worker.recv_timeout(Duration::from_secs(60)) {
            Some(EngineReply::Done { generation, result }) => {
                assert_eq!(generation, 2);
                assert_eq!(result.candidates.len(), 2);
                break;
            }
            Some(reply) => assert_eq!(reply.generation(), 2),
            None => panic!("the next request got no answer"),
        }
    }
}
