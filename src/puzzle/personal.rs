//! Puzzles from a person's own games: every position where the person
//! missed a forced win (the solver finds a VCF or VCT the person did not
//! play) or walked into a forced loss (after the person's move the
//! opponent wins by force, though some other move held).
//!
//! The app keeps them in their own list ([`PersonalList`]): a puzzle is
//! dropped when deleted or once solved [`SOLVES_TO_RETIRE`] times.

use super::format::{parse_puzzle, Kind, Puzzle};
use super::prove::{points, Prover};
use crate::engine::shape::combo;
use crate::rules::{Point, Rule, Stone};
use serde::{Deserialize, Serialize};

/// Solves after which a personal puzzle leaves the list.
pub const SOLVES_TO_RETIRE: u32 = 3;

/// What the person did at the puzzle's move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lesson {
    /// The person had a forced win and played something else.
    MissedWin,
    /// The person's move let the opponent win by force; another held.
    WalkedIntoLoss,
}

/// Where a personal puzzle came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The game's move number (1-based) the person played there: the
    /// puzzle's position is the one before it.
    pub move_number: usize,
    /// The move the person played.
    pub played: Point,
    /// What it taught.
    pub lesson: Lesson,
}

/// A puzzle found in a person's game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PersonalPuzzle {
    /// The puzzle (`vcf`/`vct` for a missed win, `defend` for a loss
    /// walked into; its solution is one right answer, any other right
    /// answer is judged right too).
    pub puzzle: Puzzle,
    /// Its move in the game.
    pub origin: Origin,
}

/// Finds the personal puzzles of a finished game: `moves` from the empty
/// board (Black first), played by `person` against anyone. Positions
/// where the opponent has a four to block, or the person a five to make,
/// are skipped (no puzzle in them); after the first loss walked into, the
/// game is lost and only missed wins are looked for.
pub fn find(
    prover: &mut Prover,
    moves: &[Point],
    size: u8,
    rule: Rule,
    person: Stone,
) -> Vec<PersonalPuzzle> {
    let mut out = Vec::new();
    let mut lost = false;
    for (i, &played) in moves.iter().enumerate() {
        if Stone::to_move_after(i) != person {
            continue;
        }
        let Ok(mut st) = prover.state(&moves[..i], size, rule) else {
            break;
        };
        let me = st.to_move();
        if st.count(me, combo::FIVE) > 0 || st.count(me ^ 1, combo::FIVE) > 0 {
            continue;
        }
        let c = st.cell(played);
        let origin = |lesson| Origin {
            move_number: i + 1,
            played,
            lesson,
        };
        // A missed win, by fours or by threats.
        let missed = [Kind::Vcf, Kind::Vct].into_iter().find_map(|kind| {
            let (line, own) = prover.win(&mut st, kind)?;
            let kept = prover.wins_after(&mut st, c, Kind::Vct).is_some();
            (!kept).then_some((kind, line, own))
        });
        if let Some((kind, line, own)) = missed {
            let mut p = Puzzle::new(moves[..i].to_vec(), kind, points(&st, &line));
            p.rule = rule;
            p.size = size;
            p.own = own;
            out.push(PersonalPuzzle {
                puzzle: p,
                origin: origin(Lesson::MissedWin),
            });
            continue;
        }
        if lost || prover.win(&mut st, Kind::Vct).is_some() {
            continue;
        }
        // A loss walked into: the move does not hold, another does.
        let Err(refutation) = prover.holds_after(&mut st, c) else {
            continue;
        };
        lost = true;
        let threat = prover.threat(&mut st).map(|(l, _)| l).unwrap_or_default();
        let mut order = threat;
        order.extend(refutation);
        if let Some(&d) = prover.defences(&mut st, &order, 1).first() {
            let mut p = Puzzle::new(moves[..i].to_vec(), Kind::Defend, vec![st.point(d)]);
            p.rule = rule;
            p.size = size;
            p.own = 1;
            out.push(PersonalPuzzle {
                puzzle: p,
                origin: origin(Lesson::WalkedIntoLoss),
            });
        }
    }
    out
}

/// One entry of the saved personal list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalEntry {
    /// The puzzle as a line of the puzzle format.
    pub line: String,
    /// Its move in the game.
    pub origin: Origin,
    /// When the game was played, seconds since 1970 (for "your game on 3
    /// May").
    pub game_time: u64,
    /// Times solved since it was added.
    pub solved: u32,
}

impl PersonalEntry {
    /// The entry of `p`, from a game played at `game_time`.
    #[must_use]
    pub fn new(p: &PersonalPuzzle, game_time: u64) -> PersonalEntry {
        PersonalEntry {
            line: p.puzzle.to_line(),
            origin: p.origin,
            game_time,
            solved: 0,
        }
    }

    /// The puzzle.
    ///
    /// # Errors
    /// A damaged line, in English.
    pub fn puzzle(&self) -> Result<Puzzle, String> {
        parse_puzzle(&self.line)
    }
}

/// The person's list of personal puzzles, saved with the settings.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PersonalList {
    /// The puzzles, oldest first.
    pub entries: Vec<PersonalEntry>,
}

impl PersonalList {
    /// Adds a game's puzzles (a puzzle already listed is not added twice).
    pub fn add(&mut self, found: &[PersonalPuzzle], game_time: u64) {
        for p in found {
            let e = PersonalEntry::new(p, game_time);
            if !self.entries.iter().any(|x| x.line == e.line) {
                self.entries.push(e);
            }
        }
    }

    /// Counts a solve of entry `index`; retires it at
    /// [`SOLVES_TO_RETIRE`]. Returns true when it was retired.
    pub fn solved(&mut self, index: usize) -> bool {
        let Some(e) = self.entries.get_mut(index) else {
            return false;
        };
        e.solved += 1;
        if e.solved >= SOLVES_TO_RETIRE {
            self.entries.remove(index);
            return true;
        }
        false
    }

    /// Deletes entry `index` (nothing when out of range).
    pub fn delete(&mut self, index: usize) {
        if index < self.entries.len() {
            self.entries.remove(index);
        }
    }

    /// Reads the saved list.
    ///
    /// # Errors
    /// A damaged file, in English; never panics.
    pub fn from_json(text: &str) -> Result<PersonalList, String> {
        let list: PersonalList = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if let Some(bad) = list.entries.iter().find_map(|e| e.puzzle().err()) {
            return Err(bad);
        }
        Ok(list)
    }

    /// The saved text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the list always serialises")
    }
}
