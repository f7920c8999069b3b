//! The board editor: stones placed and taken away freely, the side to move
//! and the rule chosen, then a game started (or analysed) from there.
//!
//! Pure state, no drawing: `editor_view.rs` shows it.

use crate::rules::{any_winning_line, forbidden, Board, GameModel, Point, Rule, Stone};

/// What a click on the board does while editing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Places a black stone (a click on a black stone takes it away).
    Black,
    /// Places a white stone (a click on a white stone takes it away).
    White,
    /// Takes stones away.
    Erase,
}

/// Why the set-up cannot be played from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SetupProblem {
    /// `stone` already has a winning line on the board: the game would be
    /// over before it began.
    Five {
        /// Whose line it is.
        stone: Stone,
        /// Its stones, end to end.
        line: Vec<Point>,
    },
    /// Every point is taken: there is no move left to play.
    Full,
}

/// The position being edited.
#[derive(Debug, Clone)]
pub struct Editor {
    board: Board,
    to_move: Stone,
    rule: Rule,
    /// What a primary click does.
    pub tool: Tool,
    /// Black's forbidden points under Renju, worked out once per change
    /// rather than every frame.
    forbidden: Vec<Point>,
    problem: Option<SetupProblem>,
}

impl Editor {
    /// An editor that starts from the position `game` shows, so a player
    /// can adjust what is on the board rather than start again.
    #[must_use]
    pub fn from_game(game: &GameModel) -> Editor {
        Editor::new(game.board().clone(), game.side_to_move(), game.rule())
    }

    /// An editor holding `board`, with `to_move` to play under `rule`.
    #[must_use]
    pub fn new(board: Board, to_move: Stone, rule: Rule) -> Editor {
        let mut editor = Editor {
            board,
            to_move,
            rule,
            tool: Tool::Black,
            forbidden: Vec::new(),
            problem: None,
        };
        editor.judge();
        editor
    }

    /// The stones.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side that will move first from this position.
    #[must_use]
    pub fn to_move(&self) -> Stone {
        self.to_move
    }

    /// The rule the game will be played under.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// Empty points where Black may not play under Renju: flagged, since
    /// an editor may hold any position, but a player should see them.
    #[must_use]
    pub fn forbidden(&self) -> &[Point] {
        &self.forbidden
    }

    /// What keeps the position from being played, if anything.
    #[must_use]
    pub fn problem(&self) -> Option<&SetupProblem> {
        self.problem.as_ref()
    }

    /// Sets who moves first.
    pub fn set_to_move(&mut self, stone: Stone) {
        self.to_move = stone;
    }

    /// Sets the rule (which changes what counts as a five and which
    /// points are forbidden).
    pub fn set_rule(&mut self, rule: Rule) {
        self.rule = rule;
        self.judge();
    }

    /// Applies the tool at `p`: a primary click places the tool's stone
    /// (or takes away a stone of that colour already there, so a misplaced
    /// stone is one click from gone); `erase` (a secondary click) always
    /// takes away. Returns true if the board changed.
    pub fn click(&mut self, p: Point, erase: bool) -> bool {
        if !self.board.contains(p) {
            return false;
        }
        let here = self.board.get(p);
        let wanted = match (erase, self.tool, here) {
            (true, _, _) | (false, Tool::Erase, _) => None,
            (false, Tool::Black, Some(Stone::Black)) | (false, Tool::White, Some(Stone::White)) => {
                None
            }
            (false, Tool::Black, _) => Some(Stone::Black),
            (false, Tool::White, _) => Some(Stone::White),
        };
        if wanted == here {
            return false;
        }
        if here.is_some() {
            // The point holds a stone (checked above), so this cannot fail.
            let _ = self.board.remove(p);
        }
        if let Some(stone) = wanted {
            // The point is on the board and now empty.
            let _ = self.board.place(p, stone);
        }
        self.judge();
        true
    }

    /// Takes every stone away.
    pub fn clear(&mut self) {
        self.board = Board::new(self.board.size()).unwrap_or_else(|_| Board::standard());
        self.to_move = Stone::Black;
        self.judge();
    }

    /// Sets the side to move as a game would have it: Black when both
    /// colours have as many stones, White when Black has one more.
    pub fn set_to_move_by_count(&mut self) {
        if let Some(stone) = self.board.side_to_move_by_count() {
            self.to_move = stone;
        }
    }

    /// Re-examines the position after a change.
    fn judge(&mut self) {
        self.forbidden = if self.rule.has_forbidden_moves() {
            self.board
                .points()
                .filter(|p| forbidden(&self.board, *p).is_some())
                .collect()
        } else {
            Vec::new()
        };
        self.problem = any_winning_line(&self.board, self.rule)
            .and_then(|line| {
                let stone = self.board.get(*line.first()?)?;
                Some(SetupProblem::Five { stone, line })
            })
            .or_else(|| self.board.is_full().then_some(SetupProblem::Full));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(board: &Board, x: u32, y: u32) -> Point {
        board.point(x, y).unwrap()
    }

    fn empty() -> Editor {
        Editor::new(Board::standard(), Stone::Black, Rule::Freestyle)
    }

    #[test]
    fn clicks_place_toggle_and_erase() {
        let mut e = empty();
        let p = pt(e.board(), 7, 7);
        assert!(e.click(p, false));
        assert_eq!(e.board().get(p), Some(Stone::Black));
        // The same colour again takes it away.
        assert!(e.click(p, false));
        assert_eq!(e.board().get(p), None);
        // Another colour replaces a stone in one click.
        e.click(p, false);
        e.tool = Tool::White;
        assert!(e.click(p, false));
        assert_eq!(e.board().get(p), Some(Stone::White));
        // A secondary click always erases; erasing nothing changes nothing.
        assert!(e.click(p, true));
        assert!(!e.click(p, true));
        e.tool = Tool::Erase;
        assert!(!e.click(p, false));
        assert_eq!(e.board().stone_count(), 0);
    }

    #[test]
    fn a_five_is_a_problem_and_removing_a_stone_clears_it() {
        let mut e = empty();
        e.tool = Tool::White;
        let row: Vec<Point> = (3..8).map(|x| pt(e.board(), x, 2)).collect();
        for &p in &row[..4] {
            e.click(p, false);
        }
        assert_eq!(e.problem(), None);
        e.click(row[4], false);
        match e.problem() {
            Some(SetupProblem::Five { stone, line }) => {
                assert_eq!(*stone, Stone::White);
                assert_eq!(line.len(), 5);
                assert!(row.iter().all(|p| line.contains(p)));
            }
            other => panic!("expected a five, got {other:?}"),
        }
        e.click(row[2], true);
        assert_eq!(e.problem(), None);
    }

    #[test]
    fn an_overline_is_a_five_only_where_the_rule_says_so() {
        let mut e = empty();
        for x in 2..8 {
            let p = pt(e.board(), x, 9);
            e.click(p, false);
        }
        assert!(matches!(e.problem(), Some(SetupProblem::Five { .. })));
        e.set_rule(Rule::Standard);
        assert_eq!(e.problem(), None);
        e.set_rule(Rule::Renju);
        assert_eq!(
            e.problem(),
            None,
            "a black overline does not win under Renju"
        );
    }

    #[test]
    fn renju_flags_forbidden_points_without_refusing_them() {
        // Two black open twos crossing at (7,7): playing there is a
        // double three.
        let mut e = Editor::new(Board::standard(), Stone::Black, Rule::Renju);
        for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
            let p = pt(e.board(), x, y);
            e.click(p, false);
        }
        let centre = pt(e.board(), 7, 7);
        assert!(e.forbidden().contains(&centre));
        assert_eq!(e.problem(), None);
        // A stone may still be put there in the editor.
        assert!(e.click(centre, false));
        e.set_rule(Rule::Freestyle);
        assert!(e.forbidden().is_empty());
    }

    #[test]
    fn clear_and_side_by_count() {
        let mut e = empty();
        let a = pt(e.board(), 1, 1);
        let b = pt(e.board(), 2, 2);
        e.click(a, false);
        e.set_to_move_by_count();
        assert_eq!(e.to_move(), Stone::White);
        e.tool = Tool::White;
        e.click(b, false);
        e.set_to_move_by_count();
        assert_eq!(e.to_move(), Stone::Black);
        e.set_to_move(Stone::White);
        e.clear();
        assert_eq!(e.board().stone_count(), 0);
        assert_eq!(e.to_move(), Stone::Black);
    }
}
