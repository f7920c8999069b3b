//! Positions shared by the engine's unit tests.

use super::state::State;
use crate::rules::{parse_moves, Board, Rule, Stone};

/// The engine's view of a 15×15 board holding the stones named in `black`
/// and `white` (position strings), Black to move.
pub(crate) fn black_to_move(rule: Rule, black: &str, white: &str) -> State {
    let mut board = Board::new(15).expect("a 15×15 board");
    for (names, stone) in [(black, Stone::Black), (white, Stone::White)] {
        for p in parse_moves(names, 15).expect("point names") {
            board.place(p, stone).expect("an empty point");
        }
    }
    State::new(&board, Stone::Black, rule)
}

/// A win by six fours and the five under the exact-five rule (the tactics
/// suite's `vcf7-standard`), Black to move.
pub(crate) fn long_vcf() -> State {
    black_to_move(
        Rule::Standard,
        "b4 b3 b2 c5 d5 f6 f8 g9 i9 j10 j12 k13 l13",
        "b1 a5 f4 e9 j8",
    )
}
