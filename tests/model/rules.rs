//! Rule edge cases: fives at edges and corners, both diagonals, overlines
//! under each rule, lines broken by the opponent, a draw on a full board.

use gomoku::rules::{
    parse_ascii, parse_moves, winning_line, Board, GameError, GameModel, GameSettings, Outcome,
    Point, Rule, Status, Stone,
};

fn settings(rule: Rule) -> GameSettings {
    GameSettings { size: 15, rule }
}

/// Plays Black's stones at `black` interleaved with White's at `white`
/// (White gets the same number of moves, or one fewer).
fn interleave(black: &str, white: &str, size: u8) -> Vec<Point> {
    let b = parse_moves(black, size).unwrap();
    let w = parse_moves(white, size).unwrap();
    let mut out = Vec::new();
    for i in 0..b.len() {
        out.push(b[i]);
        if i < w.len() {
            out.push(w[i]);
        }
    }
    out
}

fn play(rule: Rule, black: &str, white: &str) -> GameModel {
    let moves = interleave(black, white, 15);
    GameModel::from_moves(settings(rule), &moves).unwrap()
}

fn five_of(game: &GameModel) -> Option<(Stone, Vec<Point>)> {
    match game.outcome() {
        Some(Outcome::Five { winner, line }) => Some((*winner, line.clone())),
        _ => None,
    }
}

#[test]
fn horizontal_five_at_the_left_edge() {
    let g = play(Rule::Freestyle, "a1b1c1d1e1", "a3b3c3d3");
    let (winner, line) = five_of(&g).expect("five");
    assert_eq!(winner, Stone::Black);
    assert_eq!(line.len(), 5);
    assert_eq!(line, parse_moves("a1b1c1d1e1", 15).unwrap());
}

#[test]
fn vertical_five_at_the_right_edge() {
    let g = play(Rule::Standard, "o15o14o13o12o11", "a3b3c3d3");
    assert_eq!(five_of(&g).unwrap().0, Stone::Black);
}

#[test]
fn diagonal_five_into_the_corner() {
    let g = play(Rule::Freestyle, "e5d4c3b2a1", "h8h9h10h11");
    let (_, mut line) = five_of(&g).unwrap();
    line.sort();
    let mut want = parse_moves("a1b2c3d4e5", 15).unwrap();
    want.sort();
    assert_eq!(line, want);
}

#[test]
fn anti_diagonal_five_into_the_top_right_corner() {
    let g = play(Rule::Standard, "k11l12m13n14o15", "a1a2a3a4");
    assert_eq!(five_of(&g).unwrap().0, Stone::Black);
}

#[test]
fn white_wins_too() {
    let g = play(Rule::Freestyle, "a1a2a3a4o1", "h8h9h10h11h12");
    assert_eq!(five_of(&g).unwrap().0, Stone::White);
}

#[test]
fn five_completed_in_the_middle_of_the_line() {
    let g = play(Rule::Freestyle, "c3d3f3g3e3", "a10a11a12a13");
    let (_, line) = five_of(&g).unwrap();
    assert_eq!(line.len(), 5);
}

#[test]
fn four_is_not_a_win() {
    let g = play(Rule::Freestyle, "a1b1c1d1", "a3b3c3d3");
    assert_eq!(g.status(), &Status::Ongoing);
}

#[test]
fn overline_wins_in_freestyle_with_all_six_stones() {
    // Black makes six by filling the gap: c8 d8 e8 _ g8 h8, then f8.
    let g = play(Rule::Freestyle, "c8d8e8g8h8f8", "a1c1e1g1i1");
    let (winner, line) = five_of(&g).unwrap();
    assert_eq!(winner, Stone::Black);
    assert_eq!(line.len(), 6);
}

#[test]
fn overline_does_not_win_under_the_standard_rule() {
    let g = play(Rule::Standard, "c8d8e8g8h8f8", "a1c1e1g1i1");
    assert_eq!(g.status(), &Status::Ongoing);
    // ...and the game goes on normally.
    assert_eq!(g.side_to_move(), Stone::White);
}

#[test]
fn exactly_five_wins_under_the_standard_rule() {
    let g = play(Rule::Standard, "c8d8e8g8f8", "a1c1e1g1");
    assert_eq!(five_of(&g).unwrap().1.len(), 5);
}

#[test]
fn a_line_broken_by_the_opponent_does_not_win() {
    // Black: a5 b5 c5 _ e5 f5 with White on d5.
    let g = play(Rule::Freestyle, "a5b5c5e5f5", "d5o1o3o5");
    assert_eq!(g.status(), &Status::Ongoing);
}

#[test]
fn winning_line_is_read_from_a_diagram() {
    let mut text = String::new();
    for y in 0..15 {
        let mut row = ['.'; 15];
        if (3..8).contains(&y) {
            row[y] = 'x';
        }
        text.push_str(&row.iter().collect::<String>());
        text.push('\n');
    }
    let b = parse_ascii(&text).unwrap();
    let line = winning_line(&b, Point::new(5, 5), Rule::Standard).unwrap();
    assert_eq!(line.len(), 5);
    assert_eq!(winning_line(&b, Point::new(0, 0), Rule::Standard), None);
}

/// Fills the board without any five: rows alternate in pairs so no line
/// (row, column or diagonal) holds five of a colour.
#[test]
fn a_full_board_without_a_five_is_a_draw() {
    let size = 15u8;
    // Pattern by (x + 2y) mod 4 < 2 → Black: rows shift by 2 each line.
    let colour = |x: u8, y: u8| {
        if (u32::from(x) + 2 * u32::from(y)) % 4 < 2 {
            Stone::Black
        } else {
            Stone::White
        }
    };
    let mut black = Vec::new();
    let mut white = Vec::new();
    for y in 0..size {
        for x in 0..size {
            match colour(x, y) {
                Stone::Black => black.push(Point::new(x, y)),
                Stone::White => white.push(Point::new(x, y)),
            }
        }
    }
    assert_eq!(black.len(), white.len() + 1, "Black plays the last stone");
    let mut moves = Vec::new();
    for i in 0..black.len() {
        moves.push(black[i]);
        if i < white.len() {
            moves.push(white[i]);
        }
    }
    let g = GameModel::from_moves(settings(Rule::Freestyle), &moves).unwrap();
    assert_eq!(g.outcome(), Some(&Outcome::Draw));
    assert!(g.board().is_full());
}

#[test]
fn moves_after_the_end_are_refused_when_loading() {
    let moves = interleave("a1b1c1d1e1f1", "a3b3c3d3e3", 15);
    assert_eq!(
        GameModel::from_moves(settings(Rule::Freestyle), &moves),
        Err(GameError::MoveAfterEnd(10))
    );
}

#[test]
fn big_boards_work_to_the_far_corner() {
    let s = GameSettings {
        size: 20,
        ..settings(Rule::Freestyle)
    };
    let moves = interleave("t20t19t18t17t16", "a1a2a3a4", 20);
    let g = GameModel::from_moves(s, &moves).unwrap();
    assert_eq!(five_of(&g).unwrap().0, Stone::Black);
    assert!(Board::new(20).is_ok());
}

#[test]
fn renju_refuses_blacks_double_three_with_a_typed_error() {
    let s = settings(Rule::Renju);
    let moves = interleave("f8g8h10h9", "a1a3a5a7", 15);
    let mut g = GameModel::from_moves(s, &moves).unwrap();
    let before = g.clone();
    let h8 = parse_moves("h8", 15).unwrap()[0];
    assert_eq!(
        g.play(h8),
        Err(GameError::Forbidden(gomoku::rules::Forbidden::DoubleThree))
    );
    assert_eq!(g, before, "a forbidden move changes nothing");
    // The same point is fine under the other rules.
    let mut free = GameModel::from_moves(settings(Rule::Freestyle), &moves).unwrap();
    assert!(free.play(h8).is_ok());
}

#[test]
fn renju_blacks_overline_is_forbidden_but_whites_wins() {
    let black_six = interleave("c8d8e8g8h8f8", "a1c1e1g1i1", 15);
    assert_eq!(
        GameModel::from_moves(settings(Rule::Renju), &black_six),
        Err(GameError::Forbidden(gomoku::rules::Forbidden::Overline))
    );
    let white_six = interleave("a1c1e1g1i1k1", "c8d8e8g8h8f8", 15);
    let g = GameModel::from_moves(settings(Rule::Renju), &white_six).unwrap();
    let (winner, line) = five_of(&g).unwrap();
    assert_eq!(winner, Stone::White);
    assert_eq!(line.len(), 6);
}

#[test]
fn renju_black_wins_with_exactly_five() {
    let g = play(Rule::Renju, "c8d8e8g8f8", "a1c1e1g1");
    assert_eq!(five_of(&g).unwrap().0, Stone::Black);
}

#[test]
fn rule_lines_per_colour() {
    assert!(Rule::Renju.wins_with(Stone::White, 6));
    assert!(!Rule::Renju.wins_with(Stone::Black, 6));
    assert!(Rule::Freestyle.wins_with(Stone::Black, 7));
    assert!(!Rule::Standard.wins_with(Stone::White, 6));
    assert!(Rule::Standard.wins_with(Stone::White, 5));
    assert!(!Rule::Freestyle.wins_with(Stone::White, 4));
}
