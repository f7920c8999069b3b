//! A `.lib` file's records as a tree, before any meaning is given to
//! them: reading the bytes into it (with the offset of every record, for
//! error messages) and writing it back.
//!
//! The nodes live in one vector and name their children by index, and
//! every walk keeps its own stack: a file can nest records as deep as it
//! likes (a chain of passes, say), and nothing here recurses on it.
//!
//! The records come in preorder, a node before its children and its
//! children in order. Two flags give the shape: [`HAS_SIBLING`] says
//! another child of the same parent follows this node's subtree, and
//! [`LEAF`] says this node has no children, so the next record is the
//! sibling announced last. Like RenLib, the reader forgives shapes that
//! do not close: a leaf with no sibling pending is followed by its own
//! child, and siblings announced but never written are simply absent
//! (RenLib itself writes both when it saves one branch of a library).

use super::error::ReadError;
use super::format::{
    valid_point_byte, BOARD_TEXT, COMMENT, EXTENSION, HAS_SIBLING, HEADERLESS_FIRST, HEADER_LEN,
    KEPT_FLAGS, LEAF, MAGIC, NEWEST_VERSION, NO_MOVE, OLD_COMMENT, VERSION_AT,
};
use super::text::old_byte;

/// One record: a move, a pass, the root, or a board text carrier.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// The point byte (0: the root or a pass).
    pub pos: u8,
    /// [`KEPT_FLAGS`] as read.
    pub flags: u8,
    /// Extended flags other than [`BOARD_TEXT`] (bits 8 to 23), kept so
    /// that records set aside are written back as they came.
    pub ext: u32,
    /// The comment's bytes (one-line part, byte 8, multi-line part).
    pub comment: Option<Vec<u8>>,
    /// The board text's bytes.
    pub board_text: Option<Vec<u8>>,
    /// Offset of the record in the file it was read from.
    pub at: usize,
    /// Indices of the children, in order.
    pub children: Vec<usize>,
}

impl Record {
    /// A record for `pos` with no flags, texts or children.
    #[must_use]
    pub fn at_pos(pos: u8) -> Record {
        Record {
            pos,
            ..Record::default()
        }
    }

    /// True for a move or a pass, false for a board text carrier.
    #[must_use]
    pub fn is_move(&self) -> bool {
        self.flags & NO_MOVE == 0
    }
}

/// A tree of records; node 0 is its top.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Records {
    /// Every node; children name their index here.
    pub nodes: Vec<Record>,
}

impl Records {
    /// A tree of the one node `top`.
    #[must_use]
    pub fn new(top: Record) -> Records {
        Records { nodes: vec![top] }
    }

    /// Adds `record` as the last child of `parent`; returns its index.
    pub fn push_child(&mut self, parent: usize, record: Record) -> usize {
        self.nodes.push(record);
        let i = self.nodes.len() - 1;
        self.nodes[parent].children.push(i);
        i
    }

    /// Copies the tree `other` under `parent`, after its other children.
    pub fn graft(&mut self, parent: usize, other: &Records) {
        let base = self.nodes.len();
        self.nodes.extend(other.nodes.iter().cloned().map(|mut r| {
            for c in &mut r.children {
                *c += base;
            }
            r
        }));
        self.nodes[parent].children.push(base);
    }

    /// The subtree under `top` as a tree of its own, without the offsets
    /// it was read from (they mean nothing once it is written elsewhere).
    #[must_use]
    pub fn subtree(&self, top: usize) -> Records {
        let mut out = Records::new(Record {
            children: Vec::new(),
            at: 0,
            ..self.nodes[top].clone()
        });
        let mut stack = vec![(top, 0usize)];
        while let Some((from, to)) = stack.pop() {
            for &c in &self.nodes[from].children {
                let copy = Record {
                    children: Vec::new(),
                    at: 0,
                    ..self.nodes[c].clone()
                };
                let i = out.push_child(to, copy);
                stack.push((c, i));
            }
        }
        out
    }

    /// How many move records (passes included) the tree holds.
    #[must_use]
    pub fn moves(&self) -> usize {
        self.nodes.iter().filter(|r| r.is_move()).count()
    }
}

/// A file's version, and its records under a root of point 0.
#[derive(Debug)]
pub struct Parsed {
    /// Major and minor version from the header; `None` for a headerless
    /// file.
    pub version: Option<(u8, u8)>,
    /// The records; node 0 is the root.
    pub records: Records,
}

/// Reads a whole file.
///
/// # Errors
/// A [`ReadError`] naming the offset where the file stops making sense.
pub fn parse(bytes: &[u8]) -> Result<Parsed, ReadError> {
    let (version, mut at) = header(bytes)?;
    let mut records = Records::new(Record::default());
    let mut current = 0usize;
    let mut parents: Vec<usize> = vec![usize::MAX];
    let mut pending: Vec<usize> = Vec::new();
    let mut first = true;
    while at < bytes.len() {
        let start = at;
        let [pos, info] = two(bytes, at).ok_or(ReadError::OddLength { at })?;
        at += 2;
        let mut ext = 0u32;
        if info & EXTENSION != 0 {
            let [hi, lo] = two(bytes, at).ok_or(ReadError::CutExtension { at: start })?;
            ext = (u32::from(hi) << 16) | (u32::from(lo) << 8);
            at += 2;
        }
        if !valid_point_byte(pos) {
            return Err(ReadError::BadPoint {
                at: start,
                byte: pos,
            });
        }
        let node = if first && pos == 0 {
            0
        } else {
            let found = records.nodes[current]
                .children
                .iter()
                .copied()
                .find(|&c| records.nodes[c].pos == pos);
            match found {
                Some(c) => c,
                None => {
                    let mut fresh = Record::at_pos(pos);
                    fresh.at = start;
                    fresh.flags = NO_MOVE;
                    let c = records.push_child(current, fresh);
                    parents.push(current);
                    c
                }
            }
        };
        first = false;
        current = node;
        merge_flags(&mut records.nodes[node], info, ext);
        if info & (OLD_COMMENT | COMMENT) != 0 {
            let (text, next) = if info & OLD_COMMENT != 0 {
                old_text(bytes, at)
            } else {
                new_text(bytes, at)
            }
            .ok_or(ReadError::UnendedText {
                at,
                what: "comment",
            })?;
            at = next;
            merge_text(&mut records.nodes[node].comment, text);
        }
        if ext & BOARD_TEXT != 0 {
            let (text, next) = new_text(bytes, at).ok_or(ReadError::UnendedText {
                at,
                what: "board text",
            })?;
            at = next;
            let slot = &mut records.nodes[node].board_text;
            if slot.is_none() {
                *slot = Some(text);
            }
        }
        if info & HAS_SIBLING != 0 {
            pending.push(node);
        }
        if info & LEAF != 0 {
            if let Some(branch) = pending.pop() {
                current = match parents[branch] {
                    usize::MAX => 0,
                    p => p,
                };
            }
        }
    }
    Ok(Parsed { version, records })
}

/// The version and where the records begin.
fn header(bytes: &[u8]) -> Result<(Option<(u8, u8)>, usize), ReadError> {
    if bytes.len() >= HEADER_LEN && bytes[..MAGIC.len()] == MAGIC {
        let (major, minor) = (bytes[VERSION_AT], bytes[VERSION_AT + 1]);
        let newest = u32::from(NEWEST_VERSION.0) * 100 + u32::from(NEWEST_VERSION.1);
        if u32::from(major) * 100 + u32::from(minor) > newest {
            return Err(ReadError::TooNew { major, minor });
        }
        return Ok((Some((major, minor)), HEADER_LEN));
    }
    let prefix = bytes.len().min(MAGIC.len());
    if bytes.len() < HEADER_LEN && !bytes.is_empty() && bytes[..prefix] == MAGIC[..prefix] {
        return Err(ReadError::ShortHeader { len: bytes.len() });
    }
    match bytes.first() {
        Some(&HEADERLESS_FIRST) => Ok((None, 0)),
        Some(b) => Err(ReadError::NotRenLib {
            found: format!("{b:#04x}"),
        }),
        None => Err(ReadError::NotRenLib {
            found: "an empty file".into(),
        }),
    }
}

fn two(bytes: &[u8], at: usize) -> Option<[u8; 2]> {
    Some([*bytes.get(at)?, *bytes.get(at + 1)?])
}

/// A record met again (the same point under the same parent, as in merged
/// libraries) keeps every mark either copy had, and is a move if either
/// copy was. A new record starts as no move, so its own flag decides.
fn merge_flags(node: &mut Record, info: u8, ext: u32) {
    node.flags |= info & KEPT_FLAGS & !NO_MOVE;
    if info & NO_MOVE == 0 {
        node.flags &= !NO_MOVE;
    }
    node.ext |= ext & !BOARD_TEXT;
}

/// A second comment for the same node is kept after the first.
fn merge_text(slot: &mut Option<Vec<u8>>, text: Vec<u8>) {
    match slot {
        None => *slot = Some(text),
        Some(old) if *old == text || text.is_empty() => {}
        Some(old) => {
            old.extend_from_slice(b"\r\n");
            old.extend(text);
        }
    }
}

/// A text ended by a 0 byte, read two bytes at a time; the text and the
/// offset after it.
fn new_text(bytes: &[u8], mut at: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    loop {
        let [a, b] = two(bytes, at)?;
        at += 2;
        if a == 0 {
            return Some((out, at));
        }
        out.push(a);
        if b == 0 {
            return Some((out, at));
        }
        out.push(b);
    }
}

/// An old-style text: 7-bit bytes, the last with its top bit set, read
/// two bytes at a time. A 0 among them is no character (and would end
/// the text when written in today's form), so it is dropped.
fn old_text(bytes: &[u8], mut at: usize) -> Option<(Vec<u8>, usize)> {
    let mut out = Vec::new();
    loop {
        let [a, b] = two(bytes, at)?;
        at += 2;
        for byte in [a, b] {
            let c = old_byte(byte);
            if c != 0 {
                out.push(c);
            }
            if byte & 0x80 != 0 {
                return Some((out, at));
            }
        }
    }
}

/// The bytes of a file of version `version` holding `records` (node 0
/// first, as the root).
#[must_use]
pub fn serialize(records: &Records, version: (u8, u8)) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + 4 * records.nodes.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&[version.0, version.1]);
    out.resize(HEADER_LEN, 0xFF);
    // The root record takes no shape flags: RenLib writes it before the
    // tree proper, and nothing follows it on its own level.
    let mut stack = vec![(0usize, false, true)];
    while let Some((i, more, is_root)) = stack.pop() {
        let r = &records.nodes[i];
        let mut info = r.flags & KEPT_FLAGS;
        if !is_root {
            if more {
                info |= HAS_SIBLING;
            }
            if r.children.is_empty() {
                info |= LEAF;
            }
        }
        if r.comment.is_some() {
            info |= COMMENT;
        }
        let ext = r.ext & !BOARD_TEXT | r.board_text.as_ref().map_or(0, |_| BOARD_TEXT);
        if ext != 0 {
            info |= EXTENSION;
        }
        out.extend_from_slice(&[r.pos, info]);
        if ext != 0 {
            out.extend_from_slice(&[(ext >> 16) as u8, (ext >> 8) as u8]);
        }
        for text in [&r.comment, &r.board_text].into_iter().flatten() {
            out.extend_from_slice(text);
            out.push(0);
            if (text.len() + 1) % 2 == 1 {
                out.push(0);
            }
        }
        let n = r.children.len();
        for (k, &c) in r.children.iter().enumerate().rev() {
            stack.push((c, k + 1 < n, false));
        }
    }
    out
}
