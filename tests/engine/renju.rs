//! The engine under Renju: Black's forbidden points are no moves for
//! Black anywhere in the search, so White may aim its fours at them, Black
//! cannot block there, and Black's own continuous fours are trusted once
//! every Black move of them is legal.

use gomoku::engine::{Engine, Limits, Position, SearchParams};
use gomoku::rules::{forbidden, parse_point, Board, Point, Rule, Stone, Symmetry};
use std::sync::atomic::AtomicBool;

fn board(black: &str, white: &str) -> Board {
    let mut b = Board::standard();
    for (list, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for name in list.split_whitespace() {
            b.place(parse_point(name, 15).unwrap(), stone).unwrap();
        }
    }
    b
}

fn point(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn search(board: &Board, to_move: Stone, rule: Rule, depth: u32) -> gomoku::engine::SearchResult {
    let pos = Position {
        board: board.clone(),
        to_move,
        rule,
        history: Vec::new(),
    };
    let params = SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits::depth(depth),
        variety: 0,
        seed: Some(3),
        threads: 1,
        multipv: 1,
    };
    Engine::new(8).search(&pos, &params, &AtomicBool::new(false), &mut |_| {})
}

/// Black holds c8 d8 e8 _ g8 h8: f8 would make six, an overline, so Black
/// may not play it under Renju (under freestyle it is a winning five).
/// White has f9 f10 f11 with f7 and f13 taken by Black.
const BLACK: &str = "c8 d8 e8 g8 h8 f7 f13";
const WHITE: &str = "f9 f10 f11 a15 o1 o3";

#[test]
fn white_aims_a_four_at_blacks_overline_point() {
    let b = board(BLACK, WHITE);
    assert!(forbidden(&b, point("f8")).is_some());
    for s in Symmetry::ALL {
        let b = s.apply_board(&b).unwrap();
        // f12 makes a four whose only five point, f8, Black may not take.
        let r = search(&b, Stone::White, Rule::Renju, 4);
        assert_eq!(r.best, Some(s.apply(point("f12"), 15)), "{s:?}");
        assert_eq!(r.score.mate_moves(), Some(2), "{s:?}: {}", r.score);
        // Under freestyle f8 is Black's winning five: White must take it.
        let r = search(&b, Stone::White, Rule::Freestyle, 4);
        assert_eq!(r.best, Some(s.apply(point("f8"), 15)), "{s:?}");
    }
}

#[test]
fn black_cannot_block_on_a_forbidden_point_and_knows_it() {
    // White has played f12: its five point f8 is Black's overline point.
    let white = format!("{WHITE} f12");
    let b = board(BLACK, &white);
    for s in Symmetry::ALL {
        let b = s.apply_board(&b).unwrap();
        let r = search(&b, Stone::Black, Rule::Renju, 4);
        let best = r.best.expect("Black still has legal moves");
        assert!(
            forbidden(&b, best).is_none(),
            "{s:?}: played forbidden {best:?}"
        );
        assert_eq!(r.score.mate_moves(), Some(-1), "{s:?}: {}", r.score);
    }
}

#[test]
fn blacks_legal_four_three_is_a_proved_win_at_once() {
    // e8 f8 g8 and h9 h10: h8 is a four and a three at once, legal for
    // Black under Renju. At depth 1 only the root VCF can prove it.
    let b = board("e8 f8 g8 h9 h10", "d8 j12 c5");
    for s in Symmetry::ALL {
        let b = s.apply_board(&b).unwrap();
        let r = search(&b, Stone::Black, Rule::Renju, 1);
        assert_eq!(r.best, Some(s.apply(point("h8"), 15)), "{s:?}");
        assert!(
            r.score.mate_moves().is_some_and(|n| n > 0),
            "{s:?}: {}",
            r.score
        );
    }
}

#[test]
fn black_never_wins_by_a_double_four() {
    // h8 would give Black two fours at once (e8 f8 g8 + h8, and h9 h10
    // h11 + h8): forbidden under Renju, a win anywhere else.
    let b = board("e8 f8 g8 h9 h10 h11", "d8 h12 a1 o15 a15");
    assert!(forbidden(&b, point("h8")).is_some());
    let r = search(&b, Stone::Black, Rule::Renju, 3);
    assert_ne!(r.best, Some(point("h8")));
    let r = search(&b, Stone::Black, Rule::Freestyle, 3);
    assert_eq!(r.best, Some(point("h8")));
    assert!(r.score.mate_moves().is_some_and(|n| n > 0));
}
