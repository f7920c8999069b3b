//! The game tree: every line explored from one starting position.
//!
//! Each node holds the move that leads to it, an optional comment and its
//! children; the first child continues the main line, the others are
//! variations. Each node also remembers which child was visited last, so
//! "the continuation of the current line" follows where the player went
//! rather than always the main line. The root holds no move: it is the
//! starting position, the empty board or a set-up of stones placed freely
//! with a side to move.
//!
//! Nodes are addressed by their path from the root: the index of the child
//! taken at each step. This is pure data; the rules (which moves are legal,
//! who won) are checked by [`crate::rules::GameModel`], which walks the tree.

use super::{Board, Marks, Point, Stone};

/// One position in the tree, reached by [`Node::mv`] from its parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    mv: Option<Point>,
    /// Free text attached to the position (SGF `C`).
    pub comment: String,
    /// Labels on the board and the position's mark (RenLib's board texts
    /// and marks).
    pub marks: Marks,
    /// The side that resigned in this position, if one did.
    pub resigned: Option<Stone>,
    /// The side that ran out of time in this position, if one did.
    pub flagged: Option<Stone>,
    children: Vec<Node>,
    /// The child the current line goes on with (the one visited last).
    selected: usize,
}

impl Node {
    fn new(mv: Option<Point>) -> Node {
        Node {
            mv,
            comment: String::new(),
            marks: Marks::default(),
            resigned: None,
            flagged: None,
            children: Vec::new(),
            selected: 0,
        }
    }

    /// The move that leads here; `None` only at the root.
    #[must_use]
    pub fn mv(&self) -> Option<Point> {
        self.mv
    }

    /// The moves tried from here, the main line's first.
    #[must_use]
    pub fn children(&self) -> &[Node] {
        &self.children
    }

    /// The index of the child the current line goes on with.
    #[must_use]
    pub fn selected(&self) -> usize {
        self.selected.min(self.children.len().saturating_sub(1))
    }

    /// The index of the child reached by `p`, if it was tried.
    #[must_use]
    pub fn child_index(&self, p: Point) -> Option<usize> {
        self.children.iter().position(|c| c.mv == Some(p))
    }
}

/// A starting position and every line played from it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameTree {
    start: Board,
    first: Stone,
    root: Node,
}

impl GameTree {
    /// A tree with no moves, starting from `start` with `first` to move.
    #[must_use]
    pub fn new(start: Board, first: Stone) -> GameTree {
        GameTree {
            start,
            first,
            root: Node::new(None),
        }
    }

    /// The stones on the board before the first move.
    #[must_use]
    pub fn start(&self) -> &Board {
        &self.start
    }

    /// The side to move in the starting position.
    #[must_use]
    pub fn first_to_move(&self) -> Stone {
        self.first
    }

    /// True when the game starts from stones placed by hand, or with
    /// White to move, rather than the empty board with Black to move.
    #[must_use]
    pub fn has_setup(&self) -> bool {
        self.start.stone_count() > 0 || self.first != Stone::Black
    }

    /// The starting position's node.
    #[must_use]
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// The node at `path`, if there is one.
    #[must_use]
    pub fn node(&self, path: &[usize]) -> Option<&Node> {
        path.iter()
            .try_fold(&self.root, |node, &i| node.children.get(i))
    }

    /// The node at `path`, to change its comment or resignation.
    pub fn node_mut(&mut self, path: &[usize]) -> Option<&mut Node> {
        path.iter()
            .try_fold(&mut self.root, |node, &i| node.children.get_mut(i))
    }

    /// The moves from the root to the node at `path`.
    #[must_use]
    pub fn moves_to(&self, path: &[usize]) -> Option<Vec<Point>> {
        let mut node = &self.root;
        let mut moves = Vec::with_capacity(path.len());
        for &i in path {
            node = node.children.get(i)?;
            moves.push(node.mv?);
        }
        Some(moves)
    }

    /// The continuation of the current line after `path`: from each node
    /// the child visited last (the main line where none was).
    #[must_use]
    pub fn line_after(&self, path: &[usize]) -> Vec<usize> {
        let mut line = Vec::new();
        let mut node = self.node(path);
        while let Some(n) = node {
            let Some(child) = n.children.get(n.selected()) else {
                break;
            };
            line.push(n.selected());
            node = Some(child);
        }
        line
    }

    /// Makes the line through `path` the current one: each node on the
    /// way remembers the child taken. Returns false (and changes nothing)
    /// if there is no node at `path`.
    pub fn select_path(&mut self, path: &[usize]) -> bool {
        if self.node(path).is_none() {
            return false;
        }
        let mut node = &mut self.root;
        for &i in path {
            node.selected = i;
            node = &mut node.children[i];
        }
        true
    }

    /// Makes child `index` of the node at `path` the one its line goes on
    /// with. Returns false (and changes nothing) if there is no such child.
    pub fn select_child(&mut self, path: &[usize], index: usize) -> bool {
        match self.node_mut(path) {
            Some(n) if index < n.children.len() => {
                n.selected = index;
                true
            }
            _ => false,
        }
    }

    /// The child of the node at `path` reached by `p`: the existing one if
    /// that move was tried before, else a new last child (a variation, or
    /// the main line where there was none). Returns its index, or `None`
    /// if there is no node at `path`. Legality is the caller's business.
    pub fn add_or_follow(&mut self, path: &[usize], p: Point) -> Option<usize> {
        let node = self.node_mut(path)?;
        let index = match node.child_index(p) {
            Some(i) => i,
            None => {
                node.children.push(Node::new(Some(p)));
                node.children.len() - 1
            }
        };
        node.selected = index;
        Some(index)
    }

    /// The last step of `path` that leaves the main line: the fork where
    /// its branch begins. `None` when `path` follows first children only.
    #[must_use]
    pub fn fork_of(path: &[usize]) -> Option<usize> {
        path.iter().rposition(|&i| i != 0)
    }

    /// Makes the branch that `path` lies on the first child at its fork
    /// (the variation becomes the main line there, the old main line its
    /// first variation). Returns the new path of the same node, or `None`
    /// if `path` is already on the main line or does not exist.
    pub fn promote(&mut self, path: &[usize]) -> Option<Vec<usize>> {
        self.node(path)?;
        let k = GameTree::fork_of(path)?;
        let fork = self.node_mut(&path[..k])?;
        let branch = fork.children.remove(path[k]);
        fork.children.insert(0, branch);
        fork.selected = 0;
        let mut moved = path.to_vec();
        moved[k] = 0;
        Some(moved)
    }

    /// Removes the branch that `path` lies on, from its fork down. Returns
    /// the fork's path, or `None` if `path` is on the main line or does not
    /// exist.
    pub fn delete_branch(&mut self, path: &[usize]) -> Option<Vec<usize>> {
        self.node(path)?;
        let k = GameTree::fork_of(path)?;
        let fork = self.node_mut(&path[..k])?;
        fork.children.remove(path[k]);
        fork.selected = 0;
        Some(path[..k].to_vec())
    }

    /// Every node's path, parents before children, siblings in order.
    #[must_use]
    pub fn paths(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        let mut stack = vec![Vec::new()];
        while let Some(path) = stack.pop() {
            let n = self.node(&path).map_or(0, |n| n.children.len());
            for i in (0..n).rev() {
                let mut child = path.clone();
                child.push(i);
                stack.push(child);
            }
            out.push(path);
        }
        out
    }

    /// The number of moves in the tree (nodes other than the root).
    #[must_use]
    pub fn move_count(&self) -> usize {
        self.paths().len() - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree() -> GameTree {
        GameTree::new(Board::standard(), Stone::Black)
    }

    fn p(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn playing_the_same_move_follows_and_another_branches() {
        let mut t = tree();
        assert_eq!(t.add_or_follow(&[], p(7, 7)), Some(0));
        assert_eq!(t.add_or_follow(&[0], p(8, 8)), Some(0));
        assert_eq!(t.add_or_follow(&[], p(7, 7)), Some(0));
        assert_eq!(t.add_or_follow(&[0], p(6, 6)), Some(1));
        assert_eq!(t.root().children()[0].children().len(), 2);
        // The line goes on with the child visited last.
        assert_eq!(t.line_after(&[]), vec![0, 1]);
        assert!(t.select_path(&[0, 0]));
        assert_eq!(t.line_after(&[]), vec![0, 0]);
        assert_eq!(t.moves_to(&[0, 1]), Some(vec![p(7, 7), p(6, 6)]));
        assert_eq!(t.moves_to(&[0, 2]), None);
        assert_eq!(t.move_count(), 3);
    }

    #[test]
    fn promote_and_delete_work_at_the_nearest_fork() {
        let mut t = tree();
        t.add_or_follow(&[], p(7, 7));
        t.add_or_follow(&[0], p(8, 8));
        t.add_or_follow(&[0], p(6, 6));
        t.add_or_follow(&[0, 1], p(5, 5));
        assert_eq!(t.promote(&[0, 0]), None, "already the main line");
        assert_eq!(t.promote(&[0, 1, 0]), Some(vec![0, 0, 0]));
        assert_eq!(
            t.moves_to(&[0, 0, 0]),
            Some(vec![p(7, 7), p(6, 6), p(5, 5)])
        );
        assert_eq!(t.moves_to(&[0, 1]), Some(vec![p(7, 7), p(8, 8)]));
        assert_eq!(t.delete_branch(&[0, 1]), Some(vec![0]));
        assert_eq!(t.root().children()[0].children().len(), 1);
        assert_eq!(t.delete_branch(&[0, 0, 0]), None);
        assert_eq!(t.move_count(), 3);
    }
}
