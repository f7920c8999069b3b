//! Why a `.lib` file could not be read (with the byte where reading
//! stopped) or a tree could not be written as one.

use thiserror::Error;

/// A file that is not a readable `.lib` file. Every variant names the
/// byte offset (from the start of the file) where it went wrong and what
/// was expected there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ReadError {
    /// Neither the header nor the first move of a headerless file.
    #[error(
        "byte 0: not a RenLib file (found {found}); expected the header \
         0xFF \"RenLib\" 0xFF, or h8 (0x78) as the first byte of the oldest files"
    )]
    NotRenLib {
        /// What the file begins with, as text for the message.
        found: String,
    },
    /// The file ends inside its 20-byte header.
    #[error("byte {len}: the file ends inside its 20-byte header")]
    ShortHeader {
        /// The file's length.
        len: usize,
    },
    /// A version newer than the newest this reader knows.
    #[error("byte 8: file version {major}.{minor} is newer than 3.4, the newest known here")]
    TooNew {
        /// Major version byte.
        major: u8,
        /// Minor version byte.
        minor: u8,
    },
    /// A single byte left over where a two-byte record should start.
    #[error("byte {at}: one byte left at the end; every record is two bytes")]
    OddLength {
        /// Offset of the lone byte.
        at: usize,
    },
    /// A record's first byte names no point of the 15 × 15 board.
    #[error(
        "byte {at}: {byte:#04x} is not a point of the 15x15 board \
         (expected 0, or a column 1-15 in the low digit and a row 0-14 in the high)"
    )]
    BadPoint {
        /// Offset of the record.
        at: usize,
        /// The byte found.
        byte: u8,
    },
    /// A record announces an extension the file has no room for.
    #[error("byte {at}: the file ends where the record's two extension bytes were announced")]
    CutExtension {
        /// Offset of the record.
        at: usize,
    },
    /// The file ends inside a comment or board text.
    #[error(
        "byte {at}: the file ends inside the {what} that begins here (expected a 0 byte ending it)"
    )]
    UnendedText {
        /// Offset where the text begins.
        at: usize,
        /// "comment" or "board text".
        what: &'static str,
    },
    /// A move on a point already played earlier in its line.
    #[error("byte {at}: move {point} is on a point already played in its line")]
    Occupied {
        /// Offset of the record.
        at: usize,
        /// The point, named as on the board (`h8`).
        point: String,
    },
}

/// A tree that cannot be written as a `.lib` file.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WriteError {
    /// The tree starts from stones set up by hand, White to move, or
    /// another board than 15 × 15, none of which a `.lib` file can hold.
    #[error("a RenLib file starts from the empty 15x15 board with Black to move")]
    NotEmptyStart,
    /// A move or label off the 15 × 15 board.
    #[error("the position at {path:?} has a move or label off the 15x15 board")]
    OffBoard {
        /// Path of the node.
        path: Vec<usize>,
    },
    /// A comment or label the file cannot hold.
    #[error("the {what} at {path:?} cannot be written: {reason}")]
    Text {
        /// Path of the node.
        path: Vec<usize>,
        /// "comment" or "label".
        what: &'static str,
        /// Why.
        reason: String,
    },
    /// A set-aside branch whose parent is not in the tree.
    #[error("a set-aside branch belongs to {path:?}, which is not in the tree")]
    NoSuchParent {
        /// The path it names.
        path: Vec<usize>,
    },
}
