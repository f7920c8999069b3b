//! The game tree into a file's records: every move with its comment and
//! marks, every label as the board text of the move on its point or, on
//! a point no move of that position takes, of a board-text carrier, and
//! the branches set aside when the file was read, back in their place.

use super::error::WriteError;
use super::format::{byte_of, BOARD_SIZE, MARK, NO_MOVE, START};
use super::records::{Record, Records};
use super::text::{comment_to_bytes, label_to_bytes};
use super::SetAside;
use crate::rules::{GameTree, Marks, Node, Stone};
use encoding_rs::Encoding;

/// The records for `tree` and the branches `set_aside` from it.
///
/// # Errors
/// A [`WriteError`] for what a `.lib` file cannot hold.
pub fn from_tree(
    tree: &GameTree,
    set_aside: &[SetAside],
    encoding: &'static Encoding,
) -> Result<Records, WriteError> {
    let start = tree.start();
    if start.size() != BOARD_SIZE || start.stone_count() > 0 || tree.first_to_move() != Stone::Black
    {
        return Err(WriteError::NotEmptyStart);
    }
    if let Some(s) = set_aside.iter().find(|s| tree.node(&s.parent).is_none()) {
        return Err(WriteError::NoSuchParent {
            path: s.parent.clone(),
        });
    }
    let root = tree.root();
    let mut records = Records::new(record(0, root, &[], encoding)?);
    let mut stack: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0)];
    while let Some((path, at)) = stack.pop() {
        let node = tree.node(&path).expect("paths come from the tree");
        for (k, child) in node.children().iter().enumerate() {
            let mut child_path = path.clone();
            child_path.push(k);
            let p = child.mv().expect("only the root has no move");
            let pos = byte_of(p).ok_or_else(|| WriteError::OffBoard {
                path: child_path.clone(),
            })?;
            let mut r = record(pos, child, &child_path, encoding)?;
            r.board_text = label(node, p, &path, encoding)?;
            let i = records.push_child(at, r);
            stack.push((child_path, i));
        }
        for (p, _) in node.marks.labels() {
            if node.child_index(*p).is_some() {
                continue;
            }
            let pos = byte_of(*p).ok_or_else(|| WriteError::OffBoard { path: path.clone() })?;
            let carrier = Record {
                flags: NO_MOVE,
                board_text: label(node, *p, &path, encoding)?,
                ..Record::at_pos(pos)
            };
            records.push_child(at, carrier);
        }
        for s in set_aside.iter().filter(|s| s.parent == path) {
            records.graft(at, &s.records);
        }
    }
    Ok(records)
}

/// The record of `node` (without its board text, which its parent holds).
fn record(
    pos: u8,
    node: &Node,
    path: &[usize],
    encoding: &'static Encoding,
) -> Result<Record, WriteError> {
    let comment = if node.comment.is_empty() {
        None
    } else {
        Some(
            comment_to_bytes(&node.comment, encoding).map_err(|reason| WriteError::Text {
                path: path.to_vec(),
                what: "comment",
                reason,
            })?,
        )
    };
    Ok(Record {
        flags: flags(&node.marks),
        comment,
        ..Record::at_pos(pos)
    })
}

fn flags(marks: &Marks) -> u8 {
    (if marks.marked { MARK } else { 0 }) | (if marks.start { START } else { 0 })
}

fn label(
    node: &Node,
    p: crate::rules::Point,
    path: &[usize],
    encoding: &'static Encoding,
) -> Result<Option<Vec<u8>>, WriteError> {
    node.marks
        .label(p)
        .map(|text| {
            label_to_bytes(text, encoding).map_err(|reason| WriteError::Text {
                path: path.to_vec(),
                what: "label",
                reason,
            })
        })
        .transpose()
}
