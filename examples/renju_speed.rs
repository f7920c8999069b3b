//! Rough speed of the Renju forbidden-move check: judges every empty point
//! of many random boards at several densities and prints the mean time per
//! call. No thresholds: a number to compare between changes.
//!
//! `cargo run --release --no-default-features --example renju_speed`

use gomoku::rules::{forbidden, Board, Point, Stone};
use std::hint::black_box;
use std::time::Instant;

/// Boards judged per density.
const BOARDS: usize = 400;

/// A small xorshift generator, so the run is the same every time.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// A board with about `percent` % of the points filled, Black and White
/// alike, in a block around the centre as in a real game.
fn random_board(rng: &mut Rng, percent: u64) -> Board {
    let mut board = Board::standard();
    for y in 2..13u8 {
        for x in 2..13u8 {
            if rng.below(100) < percent {
                let stone = if rng.below(2) == 0 {
                    Stone::Black
                } else {
                    Stone::White
                };
                board.place(Point::new(x, y), stone).expect("empty point");
            }
        }
    }
    board
}

fn main() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // The first call builds the shape table; keep it out of the means.
    let start = Instant::now();
    let _ = black_box(forbidden(&Board::standard(), Point::new(7, 7)));
    println!(
        "first call (builds the table): {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    println!("density   calls  forbidden  mean per call");
    for percent in [10, 25, 40, 55, 70] {
        let boards: Vec<Board> = (0..BOARDS)
            .map(|_| random_board(&mut rng, percent))
            .collect();
        let mut calls = 0u64;
        let mut hits = 0u64;
        let start = Instant::now();
        for board in &boards {
            for p in board.points().filter(|p| board.is_empty_at(*p)) {
                calls += 1;
                hits += u64::from(black_box(forbidden(black_box(board), p)).is_some());
            }
        }
        let total = start.elapsed();
        println!(
            "{percent:>6}%  {calls:>6}  {hits:>9}  {:>9.0} ns",
            total.as_nanos() as f64 / calls as f64
        );
    }
}
