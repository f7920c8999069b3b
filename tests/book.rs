//! The opening book as the engine plays it: the strong levels answer from
//! it at once while the game is in it, other searches never use it.

use gomoku::engine::book::Book;
use gomoku::engine::Band;
use gomoku::engine::{Engine, Level, Limits, Position, SearchParams};
use gomoku::rules::{parse_moves, Rule, Symmetry};
use std::sync::atomic::AtomicBool;

fn position(moves: &str) -> Position {
    Position::from_moves(15, Rule::Freestyle, &parse_moves(moves, 15).unwrap()).unwrap()
}

fn search(pos: &Position, params: &SearchParams) -> gomoku::engine::SearchResult {
    let mut engine = Engine::new(16);
    engine.search(pos, params, &AtomicBool::new(false), &mut |_| {})
}

#[test]
fn the_strong_levels_play_from_the_book_in_every_orientation() {
    assert!(Band::Strong.representative().params().book && Level::MAXIMUM.params().book);
    assert!(!Band::Normal.representative().params().book);
    for moves in ["h8", "h8i8", "h8i9", "h8g8"] {
        let pos = position(moves);
        let offered = Book::shipped()
            .moves(&pos.board, Rule::Freestyle)
            .unwrap_or_else(|| panic!("{moves} is in the book"));
        let r = search(&pos, &Level::MAXIMUM.params());
        assert_eq!(r.depth, 0, "{moves}: answered from the book");
        assert!(
            r.nodes < 1_000,
            "only the threat check ran: {} nodes",
            r.nodes
        );
        let best = offered.iter().map(|c| c.score).max().unwrap();
        let c = offered
            .iter()
            .find(|c| Some(c.mv) == r.best)
            .expect("one of the book's moves");
        assert!(c.score >= best - gomoku::engine::book::PLAY_MARGIN);
        // The same position turned: still in the book.
        for s in Symmetry::ALL {
            let turned = Position::from_board(s.apply_board(&pos.board).unwrap(), Rule::Freestyle);
            assert_eq!(search(&turned, &Level::MAXIMUM.params()).depth, 0);
        }
    }
}

#[test]
fn without_the_book_or_out_of_it_the_engine_searches() {
    let pos = position("h8i9");
    let mut params = Level::MAXIMUM.params();
    params.book = false;
    params.limits = Limits::depth(4);
    params.threads = 1;
    assert!(search(&pos, &params).depth >= 1);
    // Ranked analysis never takes a book move.
    let mut ranked = Level::MAXIMUM.params();
    ranked.multipv = 3;
    ranked.limits = Limits::depth(4);
    ranked.threads = 1;
    assert!(search(&pos, &ranked).depth >= 1);
    // A position the book does not know.
    let far = position("a1o15");
    let mut params = Level::MAXIMUM.params();
    params.limits = Limits::depth(4);
    params.threads = 1;
    assert!(Book::shipped().moves(&far.board, Rule::Freestyle).is_none());
    assert!(search(&far, &params).depth >= 1);
    // Other rules have no book.
    let renju = Position::from_moves(15, Rule::Renju, &parse_moves("h8", 15).unwrap()).unwrap();
    let mut params = Level::MAXIMUM.params();
    params.limits = Limits::depth(4);
    params.threads = 1;
    assert!(search(&renju, &params).depth >= 1);
}
