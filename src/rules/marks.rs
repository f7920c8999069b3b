//! What a player has written on one position of the game tree besides its
//! comment: short labels on points of the board (letters or numbers, as
//! RenLib's board texts show them), a mark that finds the position again,
//! and whether it is the position a library opens at.
//!
//! Pure data, like the tree that holds it: nothing here knows a file
//! format. The labels belong to the position, not to a move, so a label
//! may sit on an empty point (a candidate shown as "a") or on a stone.

use super::Point;

/// The marks of one position of the game tree.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Marks {
    /// Labels ordered by point, at most one per point, none empty: kept so
    /// by [`Marks::set_label`], so two trees with the same labels compare
    /// equal whatever order they were written in.
    labels: Vec<(Point, String)>,
    /// The player marked this position (RenLib's "mark": a bookmark that
    /// "find mark" jumps to).
    pub marked: bool,
    /// The position a library opens at (RenLib's "start position").
    pub start: bool,
}

impl Marks {
    /// True when there is nothing to show or keep.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty() && !self.marked && !self.start
    }

    /// Every label, ordered by point.
    #[must_use]
    pub fn labels(&self) -> &[(Point, String)] {
        &self.labels
    }

    /// The label on `p`, if there is one.
    #[must_use]
    pub fn label(&self, p: Point) -> Option<&str> {
        self.labels
            .binary_search_by_key(&p, |(q, _)| *q)
            .ok()
            .map(|i| self.labels[i].1.as_str())
    }

    /// Puts `text` on `p`, replacing the label there; empty text removes
    /// it, as a label with nothing to show is no label.
    pub fn set_label(&mut self, p: Point, text: impl Into<String>) {
        let text = text.into();
        match self.labels.binary_search_by_key(&p, |(q, _)| *q) {
            Ok(i) if text.is_empty() => {
                self.labels.remove(i);
            }
            Ok(i) => self.labels[i].1 = text,
            Err(_) if text.is_empty() => {}
            Err(i) => self.labels.insert(i, (p, text)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_stay_ordered_unique_and_never_empty() {
        let mut m = Marks::default();
        assert!(m.is_empty());
        m.set_label(Point::new(7, 7), "b");
        m.set_label(Point::new(3, 9), "a");
        m.set_label(Point::new(7, 7), "c");
        assert_eq!(
            m.labels(),
            &[
                (Point::new(3, 9), "a".into()),
                (Point::new(7, 7), "c".into())
            ]
        );
        assert_eq!(m.label(Point::new(7, 7)), Some("c"));
        assert_eq!(m.label(Point::new(0, 0)), None);
        m.set_label(Point::new(3, 9), "");
        m.set_label(Point::new(1, 1), "");
        assert_eq!(m.labels().len(), 1);
        assert!(!m.is_empty());
        m.set_label(Point::new(7, 7), String::new());
        m.marked = true;
        assert!(!m.is_empty());
    }
}
