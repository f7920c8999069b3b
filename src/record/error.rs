//! Why a record was refused, and where.

use thiserror::Error;

/// A record that could not be read: the 1-based line where reading
/// stopped and why.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}: {kind}")]
pub struct RecordError {
    /// 1-based line number in the record's text.
    pub line: usize,
    /// What was wrong there.
    pub kind: RecordErrorKind,
}

impl RecordError {
    /// An error at `line` (1-based).
    #[must_use]
    pub fn new(line: usize, kind: RecordErrorKind) -> RecordError {
        RecordError { line, kind }
    }
}

/// The reasons a record is refused.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordErrorKind {
    /// The text holds nothing but white space.
    #[error("the record is empty")]
    Empty,
    /// The first line starts like a `.psq` header or a size tag but
    /// cannot be read.
    #[error("bad header '{0}': expected 'Piskvorky WxH, …' or a size tag like '20x20'")]
    BadHeader(String),
    /// The board is not square.
    #[error("the board is {width}x{height}; only square boards are supported")]
    NonSquare {
        /// Columns in the header.
        width: u32,
        /// Rows in the header.
        height: u32,
    },
    /// The board side is outside the supported range.
    #[error(
        "unsupported board size {width}x{height} (supported: {min} to {max})",
        min = crate::rules::MIN_SIZE,
        max = crate::rules::MAX_SIZE
    )]
    UnsupportedSize {
        /// Columns.
        width: u32,
        /// Rows.
        height: u32,
    },
    /// A move line that is not `x,y` or `x,y,time` with whole numbers.
    #[error("malformed move line '{0}': expected 'x,y,time'")]
    MalformedLine(String),
    /// A text that is not a point name, in a position string.
    #[error("'{text}' at column {column} is not a point name like h8")]
    BadPoint {
        /// The text found there.
        text: String,
        /// 1-based column (in characters) on the line.
        column: usize,
    },
    /// A coordinate off the board (as written in the record).
    #[error("move {number} ({coords}) is off the {size}x{size} board")]
    OffBoard {
        /// 1-based move number.
        number: usize,
        /// The coordinates as written.
        coords: String,
        /// Board side.
        size: u8,
    },
    /// A move on a point that already holds a stone.
    #[error("move {number} ({name}) is played on an occupied point")]
    Occupied {
        /// 1-based move number.
        number: usize,
        /// Point name, e.g. `h8`.
        name: String,
    },
    /// A move after a five had already ended the game.
    #[error("move {number} is played after a five had already ended the game")]
    MoveAfterFive {
        /// 1-based move number.
        number: usize,
    },
    /// A move after the game had ended without a five (full board).
    #[error("move {number} is played after the game had ended")]
    MoveAfterEnd {
        /// 1-based move number.
        number: usize,
    },
    /// Any other move the rules refuse.
    #[error("move {number} is illegal: {reason}")]
    Illegal {
        /// 1-based move number.
        number: usize,
        /// The rules' reason.
        reason: String,
    },
}
