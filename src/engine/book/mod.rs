//! The opening book: positions of the opening the engine analysed ahead
//! of time, each with the moves worth playing and their scores. The strong
//! levels play from it instantly while the game is in it (so the opening
//! costs no thinking time and varies among equally good moves), then
//! search as usual.
//!
//! [`key`] finds a position under any of the board's eight symmetries;
//! [`format`] is the file; [`build`] makes a book from the engine's own
//! searches (`gomoku-book build`, see `docs/book.md`). The shipped book is
//! `assets/book/freestyle15.book`, embedded in the binary.

pub mod build;
pub mod format;
pub mod key;

pub use format::{BookData, BookError, BookMove};

use crate::rules::{Board, Point, Rule};
use rand::{Rng, RngExt};
use std::sync::OnceLock;

/// The shipped book's bytes.
const SHIPPED: &[u8] = include_bytes!("../../../assets/book/freestyle15.book");

/// How far below the book's best move (evaluation units) a move may
/// score and still be played from the book: about the noise of the
/// searches that made it, so the choice adds variety, not mistakes.
pub const PLAY_MARGIN: i32 = 30;

/// A book, ready to probe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Book {
    data: BookData,
}

/// A move the book offers in a position, in the position's orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookChoice {
    /// The move.
    pub mv: Point,
    /// The side to move's score after it, evaluation units.
    pub score: i32,
}

impl Book {
    /// A book from its file's bytes.
    ///
    /// # Errors
    /// [`BookError`] for a damaged or foreign file.
    pub fn from_bytes(bytes: &[u8]) -> Result<Book, BookError> {
        BookData::parse(bytes).map(Book::from_data)
    }

    /// A book from its data.
    #[must_use]
    pub fn from_data(data: BookData) -> Book {
        Book { data }
    }

    /// The book shipped in the binary (parsed once). A test parses it, so
    /// a build that starts always has it.
    #[must_use]
    pub fn shipped() -> &'static Book {
        static BOOK: OnceLock<Book> = OnceLock::new();
        BOOK.get_or_init(|| {
            Book::from_bytes(SHIPPED)
                .unwrap_or_else(|_| Book::from_data(BookData::new(15, Rule::Freestyle)))
        })
    }

    /// Its data.
    #[must_use]
    pub fn data(&self) -> &BookData {
        &self.data
    }

    /// Positions in it.
    #[must_use]
    pub fn len(&self) -> usize {
        self.data.entries.len()
    }

    /// True when it holds no position.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.data.entries.is_empty()
    }

    /// The book's moves for `board` under `rule`, best first, turned to
    /// the board's orientation; `None` when the position is not in it.
    /// A stored move that would land on a stone (two positions sharing a
    /// key) is dropped, so only legal points come back.
    #[must_use]
    pub fn moves(&self, board: &Board, rule: Rule) -> Option<Vec<BookChoice>> {
        if board.size() != self.data.size || rule != self.data.rule {
            return None;
        }
        let size = board.size();
        let (k, s) = key::canonical(board, rule);
        let stored = self.data.entries.get(&k)?;
        let moves: Vec<BookChoice> = stored
            .iter()
            .map(|m| {
                let p = m.point_on(size);
                BookChoice {
                    mv: key::from_canonical(p, s, size),
                    score: i32::from(m.score),
                }
            })
            .filter(|c| board.is_empty_at(c.mv))
            .collect();
        (!moves.is_empty()).then_some(moves)
    }

    /// A move to play from the book: one of those within [`PLAY_MARGIN`]
    /// of the best, drawn by `rng`; `None` when out of book.
    pub fn choose(&self, board: &Board, rule: Rule, rng: &mut impl Rng) -> Option<BookChoice> {
        let moves = self.moves(board, rule)?;
        let best = moves.iter().map(|c| c.score).max()?;
        let good: Vec<BookChoice> = moves
            .into_iter()
            .filter(|c| c.score >= best - PLAY_MARGIN)
            .collect();
        Some(good[rng.random_range(0..good.len())])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::opening::same_move_up_to_symmetry;
    use crate::rules::{Stone, Symmetry};
    use rand::rngs::StdRng;
    use rand::SeedableRng;

    #[test]
    fn the_shipped_book_loads_and_knows_the_empty_board() {
        let book = Book::from_bytes(SHIPPED).expect("the shipped book parses");
        assert!(book.len() > 100, "{} positions", book.len());
        let empty = Board::new(15).unwrap();
        let moves = book.moves(&empty, Rule::Freestyle).expect("in book");
        assert!(!moves.is_empty());
        // Not for other rules or sizes.
        assert!(book.moves(&empty, Rule::Renju).is_none());
        assert!(book
            .moves(&Board::new(19).unwrap(), Rule::Freestyle)
            .is_none());
    }

    #[test]
    fn every_shipped_move_is_legal_in_every_orientation() {
        // Replays the book from the empty board: each offered move is on
        // an empty point, and the same position turned offers the turned
        // moves.
        let book = Book::shipped();
        let mut stack = vec![Board::new(15).unwrap()];
        let mut seen = 0;
        while let Some(board) = stack.pop() {
            let Some(moves) = book.moves(&board, Rule::Freestyle) else {
                continue;
            };
            seen += 1;
            if seen > 300 {
                break;
            }
            let to_move = board.side_to_move_by_count().unwrap();
            for s in [Symmetry::ALL[3], Symmetry::ALL[6]] {
                let turned = s.apply_board(&board).unwrap();
                let mut a: Vec<Point> = moves.iter().map(|c| s.apply(c.mv, 15)).collect();
                let mut b: Vec<Point> = book
                    .moves(&turned, Rule::Freestyle)
                    .unwrap()
                    .iter()
                    .map(|c| c.mv)
                    .collect();
                a.sort_by_key(|p| (p.y, p.x));
                b.sort_by_key(|p| (p.y, p.x));
                // The same moves, up to the symmetries of the position
                // itself (a symmetric position may be read in either of
                // its equal orientations).
                assert_eq!(a.len(), b.len());
                for m in &b {
                    assert!(
                        a.iter().any(|n| same_move_up_to_symmetry(&turned, *m, *n)),
                        "{m:?} not among {a:?}"
                    );
                }
            }
            for c in &moves {
                assert!(board.is_empty_at(c.mv));
                let mut next = board.clone();
                next.place(c.mv, to_move).unwrap();
                stack.push(next);
            }
        }
        assert!(seen > 20, "walked {seen} positions");
    }

    #[test]
    fn choices_stay_within_the_margin_and_vary() {
        let mut data = BookData::new(15, Rule::Freestyle);
        let empty = Board::new(15).unwrap();
        let (k, s) = key::canonical(&empty, Rule::Freestyle);
        let stored = |x: u8, y: u8, score: i16| {
            let p = key::to_canonical(Point::new(x, y), s, 15);
            BookMove {
                point: BookMove::index_of(p, 15),
                score,
            }
        };
        data.entries.insert(
            k,
            vec![stored(7, 7, 50), stored(7, 8, 40), stored(0, 0, -500)],
        );
        let book = Book::from_data(data);
        let mut rng = StdRng::seed_from_u64(5);
        let mut picked = std::collections::HashSet::new();
        for _ in 0..50 {
            let c = book.choose(&empty, Rule::Freestyle, &mut rng).unwrap();
            assert_ne!(c.mv, Point::new(0, 0), "a bad move is never played");
            picked.insert(c.mv);
        }
        assert_eq!(picked.len(), 2, "both good moves are played");
        // Out of book after an unknown move.
        let mut b = empty.clone();
        b.place(Point::new(0, 14), Stone::Black).unwrap();
        assert!(book.choose(&b, Rule::Freestyle, &mut rng).is_none());
    }
}
