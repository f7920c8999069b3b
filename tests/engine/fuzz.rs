//! The real search under fuzzing: any legal board (any stone counts, any
//! side to move, nearly full boards, boards where a five already stands),
//! any rule and size. The search must never panic and must return a move
//! on an empty point, or none only when no point may be played.

use gomoku::engine::{Engine, Limits, Position, SearchParams};
use gomoku::rules::{forbidden, Board, Point, Rule, Stone};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

fn rule() -> impl Strategy<Value = Rule> {
    prop_oneof![
        Just(Rule::Freestyle),
        Just(Rule::Standard),
        Just(Rule::Renju)
    ]
}

fn stone() -> impl Strategy<Value = Stone> {
    prop_oneof![Just(Stone::Black), Just(Stone::White)]
}

/// A board of `size` with each point black, white or empty by `fill`
/// (values 0-2, from the strategy).
fn board_from(size: u8, fill: &[u8]) -> Board {
    let mut board = Board::new(size).expect("a supported size");
    for (i, &f) in fill
        .iter()
        .enumerate()
        .take(usize::from(size) * usize::from(size))
    {
        let p = Point::new((i % usize::from(size)) as u8, (i / usize::from(size)) as u8);
        let s = match f {
            0 => continue,
            1 => Stone::Black,
            _ => Stone::White,
        };
        board.place(p, s).expect("each point once");
    }
    board
}

/// Searches `pos` briefly, as the protocol and the app would, with and
/// without the threat solvers.
fn check(pos: &Position) -> Result<(), TestCaseError> {
    for tree_only in [false, true] {
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            persona: None,
            limits: Limits {
                depth: Some(4),
                nodes: Some(20_000),
                tree_only,
                ..Limits::default()
            },
            variety: 0,
            seed: Some(3),
            threads: 1,
            multipv: 1,
            book: false,
        };
        let r = Engine::new(1).search(pos, &params, &AtomicBool::new(false), &mut |_| {});
        match r.best {
            Some(p) => {
                prop_assert!(pos.board.contains(p), "{p:?} is off the board");
                prop_assert!(pos.board.is_empty_at(p), "{p:?} is taken");
                if pos.rule == Rule::Renju && pos.to_move == Stone::Black {
                    prop_assert!(forbidden(&pos.board, p).is_none(), "{p:?} is forbidden");
                }
            }
            None => {
                let playable = pos.board.points().any(|p| {
                    pos.board.is_empty_at(p)
                        && !(pos.rule == Rule::Renju
                            && pos.to_move == Stone::Black
                            && forbidden(&pos.board, p).is_some())
                });
                prop_assert!(!playable, "no move although one may be played");
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn any_board_gets_a_legal_answer(
        size in prop_oneof![Just(15u8), Just(20u8)],
        // Sparse to dense: empty weighs 2..12 against a stone's 1 each.
        fill in (2u32..12).prop_flat_map(|e| proptest::collection::vec(
            prop_oneof![e => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 400)),
        rule in rule(),
        to_move in stone(),
    ) {
        let pos = Position { board: board_from(size, &fill), to_move, rule, history: Vec::new() };
        check(&pos)?;
    }

    #[test]
    fn a_board_with_one_empty_point_gets_it_or_nothing(
        fill in proptest::collection::vec(1u8..3, 225),
        hole in 0usize..225,
        rule in rule(),
        to_move in stone(),
    ) {
        let mut fill = fill;
        fill[hole] = 0;
        let pos = Position { board: board_from(15, &fill), to_move, rule, history: Vec::new() };
        check(&pos)?;
    }

    #[test]
    fn a_board_with_a_five_already_on_it_still_gets_an_answer(
        fill in proptest::collection::vec(
            prop_oneof![6 => Just(0u8), 1 => Just(1u8), 1 => Just(2u8)], 225),
        (x, y, dir) in (0u8..11, 4u8..11, 0usize..4),
        five_of in stone(),
        rule in rule(),
        to_move in stone(),
    ) {
        let mut board = board_from(15, &fill);
        let (dx, dy) = [(1i32, 0i32), (0, 1), (1, 1), (1, -1)][dir];
        for k in 0..5 {
            let p = Point::new((i32::from(x) + dx * k) as u8, (i32::from(y) + dy * k) as u8);
            if board.get(p).is_some() {
                board.remove(p).expect("a stone");
            }
            board.place(p, five_of).expect("emptied");
        }
        let pos = Position { board, to_move, rule, history: Vec::new() };
        check(&pos)?;
    }
}
