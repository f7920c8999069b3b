//! Rule sets and win detection.

use super::{Board, Point, Stone, DIRECTIONS};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which lines win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Rule {
    /// Five or more in a row wins (Gomocup "freestyle").
    #[default]
    Freestyle,
    /// Exactly five in a row wins; six or more (an overline) does not
    /// (Gomocup rule bit 1).
    Standard,
    /// Renju: Black must make exactly five and may not play a double
    /// three, a double four or an overline (see [`super::forbidden`]);
    /// White wins with five or more and has no restrictions.
    Renju,
}

impl Rule {
    /// All rules, in menu order.
    pub const ALL: [Rule; 3] = [Rule::Freestyle, Rule::Standard, Rule::Renju];

    /// The rule that decides which of `stone`'s lines win: under Renju,
    /// [`Rule::Standard`] for Black and [`Rule::Freestyle`] for White;
    /// otherwise the rule itself. Never returns [`Rule::Renju`].
    #[must_use]
    pub fn lines_for(self, stone: Stone) -> Rule {
        match (self, stone) {
            (Rule::Renju, Stone::Black) => Rule::Standard,
            (Rule::Renju, Stone::White) => Rule::Freestyle,
            (rule, _) => rule,
        }
    }

    /// True when a run of `len` of `stone`'s stones wins under this rule.
    #[must_use]
    pub fn wins_with(self, stone: Stone, len: usize) -> bool {
        match self.lines_for(stone) {
            Rule::Freestyle => len >= 5,
            Rule::Standard | Rule::Renju => len == 5,
        }
    }

    /// True when Black's forbidden moves apply.
    #[must_use]
    pub fn has_forbidden_moves(self) -> bool {
        self == Rule::Renju
    }

    /// A short name for menus and files.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
        }
    }
}

impl std::str::FromStr for Rule {
    type Err = String;

    /// A rule by its [`Rule::name`], in any case.
    fn from_str(name: &str) -> Result<Rule, String> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
            .ok_or_else(|| "choose freestyle, standard or renju".to_string())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A winning line anywhere on `board` under `rule`, end to end, if there
/// is one (for a position set up freely rather than reached move by move).
#[must_use]
pub fn any_winning_line(board: &Board, rule: Rule) -> Option<Vec<Point>> {
    board
        .stones()
        .find_map(|(p, _)| winning_line(board, p, rule))
}

/// If the stone at `p` is part of a winning line under `rule`, the stones
/// of that line (the whole run, from one end to the other); otherwise
/// `None`. Only lines through `p` are examined, so call it after each move.
#[must_use]
pub fn winning_line(board: &Board, p: Point, rule: Rule) -> Option<Vec<Point>> {
    let stone: Stone = board.get(p)?;
    let size = board.size();
    for dir in DIRECTIONS {
        let run = |sign: i32| {
            (1..)
                .map_while(|k| {
                    p.step(dir, sign * k, size)
                        .filter(|q| board.get(*q) == Some(stone))
                })
                .count() as i32
        };
        let back = run(-1);
        let fwd = run(1);
        let len = (back + fwd + 1) as usize;
        if rule.wins_with(stone, len) {
            return Some((-back..=fwd).filter_map(|k| p.step(dir, k, size)).collect());
        }
    }
    None
}
