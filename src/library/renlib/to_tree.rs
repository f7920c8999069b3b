//! A file's records into the game tree: moves become nodes with their
//! comments and marks, board texts become labels of the position they are
//! shown in, and what the tree cannot hold (a pass and the line after it,
//! a board-text carrier with more than a text) is set aside whole, to be
//! written back where it was.

use super::error::ReadError;
use super::format::{point_of, BOARD_SIZE, MARK, START};
use super::records::{Record, Records};
use super::text::{comment_from_bytes, label_from_bytes};
use super::{SetAside, SetAsideKind};
use crate::rules::{point_name, Board, GameTree, Marks, Point, Stone};
use encoding_rs::Encoding;

enum Visit {
    /// Record `rec`, a child of the tree node at `parent`.
    Enter { rec: usize, parent: Vec<usize> },
    /// Back out of a move at this point.
    Leave(Point),
}

/// The tree and the branches set aside for `records` (node 0 the root).
///
/// # Errors
/// [`ReadError::Occupied`] for a move on a point already played in its
/// line: no game can reach it.
pub fn to_tree(
    records: &Records,
    encoding: &'static Encoding,
) -> Result<(GameTree, Vec<SetAside>), ReadError> {
    let board = Board::new(BOARD_SIZE).expect("15 is a supported size");
    let mut tree = GameTree::new(board, Stone::Black);
    let mut set_aside = Vec::new();
    let root = &records.nodes[0];
    {
        let node = tree.node_mut(&[]).expect("the root");
        node.comment = text_of(root.comment.as_deref(), encoding);
        set_flags(&mut node.marks, root);
    }
    let side = usize::from(BOARD_SIZE);
    let mut occupied = vec![false; side * side];
    let mut stack: Vec<Visit> = root
        .children
        .iter()
        .rev()
        .map(|&rec| Visit::Enter {
            rec,
            parent: Vec::new(),
        })
        .collect();
    while let Some(visit) = stack.pop() {
        let (rec, parent) = match visit {
            Visit::Leave(p) => {
                occupied[usize::from(p.y) * side + usize::from(p.x)] = false;
                continue;
            }
            Visit::Enter { rec, parent } => (rec, parent),
        };
        let r = &records.nodes[rec];
        let plain_label =
            r.children.is_empty() && r.comment.is_none() && r.flags & (MARK | START) == 0;
        if !r.is_move() && r.pos != 0 && plain_label {
            if let Some(text) = &r.board_text {
                add_label(&mut tree, &parent, point_of(r.pos), text, encoding);
            }
            continue;
        }
        if !r.is_move() || r.pos == 0 {
            set_aside.push(SetAside {
                parent,
                kind: if r.is_move() {
                    SetAsideKind::Pass
                } else {
                    SetAsideKind::NoMove
                },
                records: records.subtree(rec),
            });
            continue;
        }
        let p = point_of(r.pos);
        let cell = usize::from(p.y) * side + usize::from(p.x);
        if occupied[cell] {
            return Err(ReadError::Occupied {
                at: r.at,
                point: point_name(p, BOARD_SIZE),
            });
        }
        occupied[cell] = true;
        let index = tree.add_or_follow(&parent, p).expect("the parent exists");
        let mut path = parent.clone();
        path.push(index);
        {
            let node = tree.node_mut(&path).expect("just added");
            node.comment = text_of(r.comment.as_deref(), encoding);
            set_flags(&mut node.marks, r);
        }
        if let Some(text) = &r.board_text {
            add_label(&mut tree, &parent, p, text, encoding);
        }
        stack.push(Visit::Leave(p));
        stack.extend(r.children.iter().rev().map(|&rec| Visit::Enter {
            rec,
            parent: path.clone(),
        }));
    }
    // A library opens on its main line, whatever order it was read in.
    for path in tree.paths() {
        tree.select_child(&path, 0);
    }
    // In tree order, so a file written back reads the same; the order
    // under one parent is the file's.
    set_aside.sort_by(|a, b| a.parent.cmp(&b.parent));
    Ok((tree, set_aside))
}

fn text_of(bytes: Option<&[u8]>, encoding: &'static Encoding) -> String {
    bytes.map_or_else(String::new, |b| comment_from_bytes(b, encoding))
}

fn set_flags(marks: &mut Marks, r: &Record) {
    marks.marked = r.flags & MARK != 0;
    marks.start = r.flags & START != 0;
}

/// The first board text at a point of a position wins, as in RenLib.
fn add_label(
    tree: &mut GameTree,
    parent: &[usize],
    p: Point,
    bytes: &[u8],
    encoding: &'static Encoding,
) {
    let node = tree.node_mut(parent).expect("the parent exists");
    if node.marks.label(p).is_none() {
        node.marks.set_label(p, label_from_bytes(bytes, encoding));
    }
}
