//! The book file: the positions of a book, each with the moves worth
//! playing from it and their scores, in a compact binary form with a
//! checksum, so a damaged or foreign file is refused with a reason.
//!
//! ```text
//! magic  "GKBOOK1\n"
//! size: u8   rule: u8   entries: u32
//! entries × { key: u64   moves: u8   moves × { point: u16   score: i16 } }
//! checksum: u64 (FNV-1a of every byte before it)
//! ```
//!
//! little-endian. `key` is [`super::key::canonical`]'s; `point` is
//! `y · size + x` in the key's orientation; `score` is the side to move's
//! after that move, in evaluation units, as the engine searched it.

use super::key::rule_code;
use crate::engine::shapefile::fnv1a;
use crate::rules::{Point, Rule, MAX_SIZE, MIN_SIZE};
use std::collections::HashMap;
use thiserror::Error;

/// First bytes of every book file.
pub const MAGIC: &[u8] = b"GKBOOK1\n";

/// Most moves kept for one position: a book offers a few good moves, not
/// a ranking of every point.
pub const MAX_MOVES: usize = 16;

/// A move of a book entry, in the entry's orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookMove {
    /// `y · size + x`.
    pub point: u16,
    /// The side to move's score after this move, evaluation units.
    pub score: i16,
}

impl BookMove {
    /// The stored point of `p` on a board of side `size`.
    #[must_use]
    pub fn index_of(p: Point, size: u8) -> u16 {
        u16::from(p.y) * u16::from(size) + u16::from(p.x)
    }

    /// The point this move stores, on a board of side `size`.
    #[must_use]
    pub fn point_on(self, size: u8) -> Point {
        let n = u16::from(size);
        Point::new((self.point % n) as u8, (self.point / n) as u8)
    }
}

/// Every position of a book, by key.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BookData {
    /// Board side the book was made for.
    pub size: u8,
    /// The rule it was made for.
    pub rule: Rule,
    /// Moves by position key, best first.
    pub entries: HashMap<u64, Vec<BookMove>>,
}

/// Why a book file was refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BookError {
    /// Not a book file at all.
    #[error("not a book file (it does not start with GKBOOK1)")]
    NotABook,
    /// The file ends before its contents do.
    #[error("the book file is cut short at byte {0}")]
    Truncated(usize),
    /// The checksum does not match the contents.
    #[error("the book file is damaged (its checksum does not match)")]
    Checksum,
    /// A value the format does not allow.
    #[error("the book file has a bad value: {0}")]
    Bad(String),
}

/// Reads little-endian values from a byte slice.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Result<[u8; N], BookError> {
        let end = self.at + N;
        let slice = self
            .bytes
            .get(self.at..end)
            .ok_or(BookError::Truncated(self.at))?;
        self.at = end;
        Ok(slice.try_into().expect("length checked"))
    }
}

impl BookData {
    /// An empty book for `size` and `rule`.
    #[must_use]
    pub fn new(size: u8, rule: Rule) -> BookData {
        BookData {
            size,
            rule,
            entries: HashMap::new(),
        }
    }

    /// Reads a book file.
    ///
    /// # Errors
    /// [`BookError`] saying what is wrong; nothing is half-read.
    pub fn parse(bytes: &[u8]) -> Result<BookData, BookError> {
        if !bytes.starts_with(MAGIC) {
            return Err(BookError::NotABook);
        }
        if bytes.len() < MAGIC.len() + 6 + 8 {
            return Err(BookError::Truncated(bytes.len()));
        }
        let (body, sum) = bytes.split_at(bytes.len() - 8);
        if fnv1a(body) != u64::from_le_bytes(sum.try_into().expect("8 bytes")) {
            return Err(BookError::Checksum);
        }
        let mut r = Reader {
            bytes: body,
            at: MAGIC.len(),
        };
        let [size] = r.take::<1>()?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(BookError::Bad(format!("board size {size}")));
        }
        let [rule] = r.take::<1>()?;
        let rule = match rule {
            0 => Rule::Freestyle,
            1 => Rule::Standard,
            2 => Rule::Renju,
            n => return Err(BookError::Bad(format!("rule {n}"))),
        };
        let count = u32::from_le_bytes(r.take::<4>()?) as usize;
        let points = u16::from(size) * u16::from(size);
        let mut entries = HashMap::with_capacity(count.min(1 << 20));
        for _ in 0..count {
            let key = u64::from_le_bytes(r.take::<8>()?);
            let [n] = r.take::<1>()?;
            if usize::from(n) > MAX_MOVES {
                return Err(BookError::Bad(format!("{n} moves in one position")));
            }
            let mut moves = Vec::with_capacity(usize::from(n));
            for _ in 0..n {
                let point = u16::from_le_bytes(r.take::<2>()?);
                if point >= points {
                    return Err(BookError::Bad(format!("point {point}")));
                }
                let score = i16::from_le_bytes(r.take::<2>()?);
                moves.push(BookMove { point, score });
            }
            if entries.insert(key, moves).is_some() {
                return Err(BookError::Bad(format!("position {key:016x} twice")));
            }
        }
        if r.at != body.len() {
            return Err(BookError::Bad("bytes after the last position".into()));
        }
        Ok(BookData {
            size,
            rule,
            entries,
        })
    }

    /// The file's bytes: entries in key order, so a book made twice is the
    /// same file.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        out.push(self.size);
        out.push(rule_code(self.rule));
        out.extend_from_slice(&(self.entries.len() as u32).to_le_bytes());
        let mut keys: Vec<u64> = self.entries.keys().copied().collect();
        keys.sort_unstable();
        for key in keys {
            let moves = &self.entries[&key];
            let moves = &moves[..moves.len().min(MAX_MOVES)];
            out.extend_from_slice(&key.to_le_bytes());
            out.push(moves.len() as u8);
            for m in moves {
                out.extend_from_slice(&m.point.to_le_bytes());
                out.extend_from_slice(&m.score.to_le_bytes());
            }
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> BookData {
        let mut b = BookData::new(15, Rule::Freestyle);
        b.entries.insert(
            42,
            vec![
                BookMove {
                    point: 112,
                    score: 30,
                },
                BookMove {
                    point: 113,
                    score: -5,
                },
            ],
        );
        b.entries.insert(7, vec![BookMove { point: 0, score: 0 }]);
        b
    }

    #[test]
    fn a_book_round_trips_and_is_the_same_file_twice() {
        let b = sample();
        let bytes = b.to_bytes();
        assert_eq!(BookData::parse(&bytes), Ok(b.clone()));
        assert_eq!(bytes, BookData::parse(&bytes).unwrap().to_bytes());
    }

    #[test]
    fn damaged_files_are_refused_with_a_reason() {
        let bytes = sample().to_bytes();
        assert_eq!(BookData::parse(b"hello"), Err(BookError::NotABook));
        let mut flipped = bytes.clone();
        flipped[20] ^= 1;
        assert_eq!(BookData::parse(&flipped), Err(BookError::Checksum));
        assert!(BookData::parse(&bytes[..bytes.len() - 3]).is_err());
        // A well-formed checksum over bad contents: a point off the board.
        let mut bad = BookData::new(15, Rule::Freestyle);
        bad.entries.insert(
            1,
            vec![BookMove {
                point: 225,
                score: 0,
            }],
        );
        assert!(matches!(
            BookData::parse(&bad.to_bytes()),
            Err(BookError::Bad(_))
        ));
    }
}
