//! RenLib's `.lib` files, read into the game tree and written from it.
//!
//! A `.lib` file is a tree of moves from the empty 15 × 15 board, with a
//! comment, a mark and a start-position flag on any move, and board texts
//! (short labels such as "a" or "1") on points of any position. The format
//! and its sources are in `docs/renlib.md`; the byte-level facts are in
//! [`format`].
//!
//! [`read`] gives a [`GameTree`]: moves as nodes, comments as comments,
//! marks and labels in each node's [`crate::rules::Marks`]. What the tree
//! cannot hold is not lost but set aside ([`SetAside`]): a pass and the
//! line after it (the game tree has no passes), or a board-text carrier
//! that also has a comment, a mark or moves under it. [`write`] puts the
//! set-aside branches back under the node they came from, so `.lib` →
//! tree → `.lib` keeps every move, comment and mark.
//!
//! Not kept: extension flags other than the board text (RenLib defines
//! none), a board text on the root (no point to show it on), a second
//! board text for the same point of a position (RenLib keeps the first
//! too), and the order of siblings among labels and moves (labels belong
//! to the position, not to its list of moves). The file's code page is
//! not in the file: the caller names it ([`DEFAULT_ENCODING`] for Western
//! libraries, [`encoding_rs::GBK`] for Chinese ones).

pub mod error;
pub mod format;
mod from_tree;
mod records;
pub mod text;
mod to_tree;

#[cfg(test)]
mod tests;

pub use encoding_rs;
pub use error::{ReadError, WriteError};

use crate::rules::GameTree;
use encoding_rs::Encoding;
use records::Records;

/// The code page assumed for a file's texts when nothing better is known:
/// RenLib is a Windows program from Sweden, and its old comment format
/// already mapped text to this page's Swedish letters.
pub const DEFAULT_ENCODING: &Encoding = encoding_rs::WINDOWS_1252;

/// A `.lib` file read into the game tree.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LibFile {
    /// The moves, comments, marks and labels.
    pub tree: GameTree,
    /// What the tree cannot hold, to be given back to [`write`].
    pub set_aside: Vec<SetAside>,
    /// The file's version from its header (3.0 for files whose first move
    /// is h8 and nothing else is at the root, 3.4 otherwise); `None` for
    /// the oldest files, which have no header.
    pub version: Option<(u8, u8)>,
}

/// Why a branch was set aside.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetAsideKind {
    /// A pass, with the line after it.
    Pass,
    /// A board-text carrier with a comment, a mark or moves of its own.
    NoMove,
}

/// A branch of a file that the game tree cannot hold, kept as read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetAside {
    parent: Vec<usize>,
    kind: SetAsideKind,
    records: Records,
}

impl SetAside {
    /// The path of the tree node the branch hangs from.
    #[must_use]
    pub fn parent(&self) -> &[usize] {
        &self.parent
    }

    /// Why it was set aside.
    #[must_use]
    pub fn kind(&self) -> SetAsideKind {
        self.kind
    }

    /// The moves in it, passes included.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.records.moves()
    }
}

/// Reads a whole `.lib` file, its texts in `encoding`.
///
/// # Errors
/// A [`ReadError`] naming the byte where the file stops making sense and
/// what was expected there.
pub fn read(bytes: &[u8], encoding: &'static Encoding) -> Result<LibFile, ReadError> {
    let parsed = records::parse(bytes)?;
    let (tree, set_aside) = to_tree::to_tree(&parsed.records, encoding)?;
    Ok(LibFile {
        tree,
        set_aside,
        version: parsed.version,
    })
}

/// Writes `tree`, with the branches `set_aside` when it was read, as a
/// `.lib` file of version 3.4, its texts in `encoding`.
///
/// # Errors
/// A [`WriteError`] for what the format cannot hold: a start other than
/// the empty 15 × 15 board with Black to move, a 0 byte or a character
/// `encoding` lacks in a text.
pub fn write(
    tree: &GameTree,
    set_aside: &[SetAside],
    encoding: &'static Encoding,
) -> Result<Vec<u8>, WriteError> {
    let records = from_tree::from_tree(tree, set_aside, encoding)?;
    Ok(records::serialize(&records, format::NEWEST_VERSION))
}
