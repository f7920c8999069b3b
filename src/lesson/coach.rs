//! Judging a move in an exercise. Each task has its own test, so every
//! move that does what was asked is right, whichever it is: a five by the
//! rules' win check, fours and threes by the engine's shape codes (the same
//! the AI reads), a forbidden point by the rules' Renju check, an opening
//! by the table of the 26, and the played-out tasks (win by fours, defend)
//! by the puzzle judge's solvers, with the engine's stubborn replies.

use super::data::{board_of, Exercise, Task, SIZE};
use crate::engine::shape::{combo, pat};
use crate::engine::state::{Cell, State};
use crate::puzzle::{Attempt, Illegal, Judge, Judgement, Kind, Miss, Puzzle};
use crate::rules::opening::NamedOpening;
use crate::rules::{forbidden, Point, Rule};

/// One try at one exercise.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Try {
    /// The exercise.
    pub exercise: Exercise,
    /// Moves played since its position: the player's and, in a played-out
    /// task, the engine's replies (wrong moves are not kept).
    pub played: Vec<Point>,
    /// The point found in a "find the forbidden point" exercise (it gets
    /// no stone: Black may not play there).
    pub found: Option<Point>,
    /// True once the task is done.
    pub done: bool,
    /// Wrong moves so far.
    pub mistakes: u32,
    /// "Show me" used.
    pub shown: bool,
}

impl Try {
    /// A fresh try at `exercise`.
    #[must_use]
    pub fn new(exercise: Exercise) -> Try {
        Try {
            exercise,
            played: Vec::new(),
            found: None,
            done: false,
            mistakes: 0,
            shown: false,
        }
    }

    /// The moves of the current position, Black first.
    #[must_use]
    pub fn moves(&self) -> Vec<Point> {
        let mut v = self.exercise.moves.clone();
        v.extend_from_slice(&self.played);
        v
    }

    /// Back to the exercise's position (mistakes are kept).
    pub fn restart(&mut self) {
        self.played.clear();
        self.found = None;
        self.done = false;
    }

    /// The puzzle judge's view of a played-out task.
    fn attempt(&self) -> Attempt {
        let kind = match self.exercise.task {
            Task::Defend => Kind::Defend,
            _ => Kind::Vcf,
        };
        let mut puzzle = Puzzle::new(self.exercise.moves.clone(), kind, Vec::new());
        puzzle.rule = self.exercise.rule;
        puzzle.size = SIZE;
        let mut a = Attempt::new(puzzle);
        a.played.clone_from(&self.played);
        a.solved = self.done;
        a
    }
}

/// The verdict on one move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The task is done; the move was kept (in a forbidden-point
    /// exercise, marked as [`Try::found`]).
    Done,
    /// Right so far: the move and the engine's `reply` were kept; the
    /// player moves again.
    Reply(Point),
    /// Not what was asked; nothing kept. `line` shows why as grey stones,
    /// the opponent's answer first (may be empty).
    Wrong {
        /// What was wrong.
        why: Mistake,
        /// The opponent's answer and what follows.
        line: Vec<Point>,
    },
    /// The move cannot be played; nothing changed.
    Illegal(Illegal),
}

/// Why a move was not what the exercise asked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mistake {
    /// The move does not make five.
    NotFive,
    /// The move does not make a four.
    NotFour,
    /// The opponent's four can still become five (the line shows where).
    FourOpen,
    /// The opponent had a four and the move neither blocked it nor won.
    IgnoredFour,
    /// A three, but a closed one: it cannot become an open four.
    ClosedThree,
    /// No three at all.
    NotThree,
    /// The opponent's three can still become an open four (the line shows
    /// where).
    ThreeOpen,
    /// Not a four-three.
    NotFourThree,
    /// Black may play there: it is not forbidden.
    NotForbidden,
    /// The three stones are not the opening asked for; the one they make,
    /// if any.
    OtherOpening(Option<NamedOpening>),
    /// The puzzle judge's reason, in a played-out task.
    Puzzle(Miss),
}

/// Judges exercises; holds the solvers (their tables are allocated on
/// first use), so keep one and reuse it.
#[derive(Default)]
pub struct Coach {
    judge: Judge,
}

impl Coach {
    /// A coach with the puzzle judge's budget.
    #[must_use]
    pub fn new() -> Coach {
        Coach::default()
    }

    /// The engine's view of `moves` under `rule`.
    fn state(&mut self, moves: &[Point], rule: Rule) -> State {
        self.judge
            .prover()
            .state(moves, SIZE, rule)
            .expect("a parsed exercise's stones are legal")
    }

    /// Judges the player's move `mv` in `t`, updating it.
    pub fn judge(&mut self, t: &mut Try, mv: Point) -> Outcome {
        if t.done {
            return Outcome::Illegal(Illegal::Over);
        }
        let task = t.exercise.task;
        if task.is_played_out() {
            let mut a = t.attempt();
            let verdict = self.judge.judge(&mut a, mv);
            t.played = a.played;
            t.done = a.solved;
            return match verdict {
                Judgement::Solved => Outcome::Done,
                Judgement::Correct { reply } => Outcome::Reply(reply),
                Judgement::Wrong { why, refutation } => {
                    t.mistakes += 1;
                    Outcome::Wrong {
                        why: Mistake::Puzzle(why),
                        line: refutation,
                    }
                }
                Judgement::Illegal(why) => Outcome::Illegal(why),
            };
        }
        let moves = t.moves();
        let board = t.exercise.board_after(&t.played);
        if !board.contains(mv) || !board.is_empty_at(mv) {
            return Outcome::Illegal(Illegal::Occupied);
        }
        let black = t.exercise.player() == crate::rules::Stone::Black;
        if task != Task::Forbidden && t.exercise.rule.has_forbidden_moves() && black {
            if let Some(f) = forbidden(&board, mv) {
                return Outcome::Illegal(Illegal::Forbidden(f));
            }
        }
        match self.single(&moves, t.exercise.rule, task, mv) {
            Ok(()) => {
                t.done = true;
                if task == Task::Forbidden {
                    t.found = Some(mv);
                } else {
                    t.played.push(mv);
                }
                Outcome::Done
            }
            Err((why, line)) => {
                t.mistakes += 1;
                Outcome::Wrong { why, line }
            }
        }
    }

    /// Whether `mv` (empty, legal) does a one-move `task` in the position
    /// of `moves`; if not, why, with the opponent's answer.
    fn single(
        &mut self,
        moves: &[Point],
        rule: Rule,
        task: Task,
        mv: Point,
    ) -> Result<(), (Mistake, Vec<Point>)> {
        let plain = |why| Err((why, Vec::new()));
        match task {
            Task::Forbidden => {
                return match forbidden(&board_of(moves), mv) {
                    Some(_) => Ok(()),
                    None => plain(Mistake::NotForbidden),
                };
            }
            Task::Opening(o) => {
                let mut three = moves.to_vec();
                three.push(mv);
                let made = NamedOpening::recognise(&three, SIZE).map(|r| r.opening);
                return if made == Some(o) {
                    Ok(())
                } else {
                    plain(Mistake::OtherOpening(made))
                };
            }
            _ => {}
        }
        let mut st = self.state(moves, rule);
        let me = st.to_move();
        let m = st.cell(mv);
        let code = st.combo(m, me);
        if code == combo::FIVE {
            return Ok(());
        }
        let their_five = st.find_five(me ^ 1);
        if task != Task::Block {
            if let Some(f) = their_five {
                if f != m {
                    return Err((Mistake::IgnoredFour, vec![st.point(f)]));
                }
            }
        }
        let pats = st.patterns_at(m)[me];
        let best = pats.iter().copied().max().unwrap_or(pat::DEAD);
        match task {
            Task::Five => plain(Mistake::NotFive),
            Task::Four => {
                if best >= pat::B4 {
                    Ok(())
                } else {
                    plain(Mistake::NotFour)
                }
            }
            Task::OpenThree => {
                if pats.contains(&pat::F3) && best < pat::B4 {
                    Ok(())
                } else if best == pat::B3 {
                    plain(Mistake::ClosedThree)
                } else {
                    plain(Mistake::NotThree)
                }
            }
            Task::FourThree => {
                if code == combo::FOUR_THREE || code == combo::FLEX4 {
                    Ok(())
                } else {
                    plain(Mistake::NotFourThree)
                }
            }
            Task::Block => {
                st.make(m);
                let left = st.find_five(me ^ 1).map(|f| st.point(f));
                st.unmake();
                match left {
                    None => Ok(()),
                    Some(f) => Err((Mistake::FourOpen, vec![f])),
                }
            }
            Task::StopThree => {
                st.make(m);
                let mut v: Vec<Cell> = Vec::new();
                st.cells_with(me ^ 1, combo::FLEX4, &mut v);
                let left = v.first().map(|&c| st.point(c));
                st.unmake();
                match left {
                    None => Ok(()),
                    Some(f) => Err((Mistake::ThreeOpen, vec![f])),
                }
            }
            Task::Forbidden | Task::Opening(_) | Task::Vcf | Task::Defend => {
                unreachable!("judged above")
            }
        }
    }

    /// A move that does the task from the try's position now (`None` once
    /// done): for one-move tasks the first right point in board order,
    /// for played-out ones the solver's.
    pub fn right_move(&mut self, t: &Try) -> Option<Point> {
        if t.done {
            return None;
        }
        if t.exercise.task.is_played_out() {
            return self.judge.right_move(&t.attempt());
        }
        self.right_moves(t).into_iter().next()
    }

    /// Every move that does a one-move task from the try's position (empty
    /// for a played-out task).
    pub fn right_moves(&mut self, t: &Try) -> Vec<Point> {
        if t.exercise.task.is_played_out() {
            return Vec::new();
        }
        let board = t.exercise.board_after(&t.played);
        board
            .points()
            .filter(|&p| board.is_empty_at(p))
            .filter(|&p| matches!(self.judge(&mut t.clone(), p), Outcome::Done))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::data::parse_lessons;
    use crate::rules::parse_point;

    fn ex(line: &str) -> Try {
        let text = format!("lesson t AppTitle\nexercise {line} prompt=AppTitle\n");
        Try::new(parse_lessons(&text).unwrap()[0].exercises[0].clone())
    }

    fn pt(s: &str) -> Point {
        parse_point(s, SIZE).unwrap()
    }

    fn right(line: &str) -> Vec<String> {
        let t = ex(line);
        let mut c = Coach::new();
        let mut v: Vec<String> = c
            .right_moves(&t)
            .into_iter()
            .map(|p| crate::rules::point_name(p, SIZE))
            .collect();
        v.sort();
        v
    }

    #[test]
    fn a_five_is_any_five() {
        let line = "five freestyle black=f8,g8,h8,i8 white=f9,g9,h10,j7";
        assert_eq!(right(line), vec!["e8", "j8"]);
        let mut t = ex(line);
        let mut c = Coach::new();
        assert!(matches!(
            c.judge(&mut t, pt("k8")),
            Outcome::Wrong {
                why: Mistake::NotFive,
                ..
            }
        ));
        assert_eq!(t.mistakes, 1);
        assert!(t.played.is_empty());
        assert_eq!(c.judge(&mut t, pt("j8")), Outcome::Done);
        assert!(t.done);
        assert_eq!(t.played, vec![pt("j8")]);
        assert_eq!(c.judge(&mut t, pt("a1")), Outcome::Illegal(Illegal::Over));
    }

    #[test]
    fn a_missed_block_shows_the_five() {
        let line = "block freestyle black=d10,h8,i8,j7 white=e10,f10,g10,h10";
        assert_eq!(right(line), vec!["i10"]);
        let mut t = ex(line);
        let out = Coach::new().judge(&mut t, pt("k10"));
        assert_eq!(
            out,
            Outcome::Wrong {
                why: Mistake::FourOpen,
                line: vec![pt("i10")]
            }
        );
    }

    #[test]
    fn open_threes_by_shape() {
        let line = "open-three freestyle black=g8,h8 white=g9,i9";
        let r = right("open-three freestyle black=g8,h8 white=g9,i9");
        for p in ["e8", "f8", "i8", "j8"] {
            assert!(r.contains(&p.to_string()), "{p} in {r:?}");
        }
        let mut t = ex(line);
        assert!(matches!(
            Coach::new().judge(&mut t, pt("a1")),
            Outcome::Wrong {
                why: Mistake::NotThree,
                ..
            }
        ));
        // Both ends of an open three stop it; a point one further does not.
        let stop = "stop-three freestyle black=h8,j9,c3 white=g7,h7,i7";
        assert_eq!(right(stop), vec!["f7", "j7"]);
        let mut t = ex(stop);
        assert!(matches!(
            Coach::new().judge(&mut t, pt("e7")),
            Outcome::Wrong {
                why: Mistake::ThreeOpen,
                ..
            }
        ));
    }

    #[test]
    fn forbidden_points_and_openings() {
        let line = "forbidden renju black=g8,h8,i9,i10 white=b2,b14,n2,n14";
        assert_eq!(right(line), vec!["i8"]);
        let mut t = ex(line);
        assert_eq!(Coach::new().judge(&mut t, pt("i8")), Outcome::Done);
        assert_eq!(t.found, Some(pt("i8")));
        assert!(t.played.is_empty());
        let kagetsu = "opening renju black=h8 white=h9 name=D4";
        assert_eq!(right(kagetsu), vec!["g9", "i9"]);
        let mut t = ex(kagetsu);
        let out = Coach::new().judge(&mut t, pt("h10"));
        assert_eq!(
            out,
            Outcome::Wrong {
                why: Mistake::OtherOpening(Some("D1".parse().unwrap())),
                line: vec![]
            }
        );
    }

    #[test]
    fn an_overline_is_refused_under_renju() {
        let mut t = ex("five renju black=c8,d8,e8,f8,h8 white=b2,b14,n2,n14,m12");
        let mut c = Coach::new();
        assert!(matches!(
            c.judge(&mut t, pt("g8")),
            Outcome::Illegal(Illegal::Forbidden(_))
        ));
        assert_eq!(t.mistakes, 0);
        assert_eq!(c.judge(&mut t, pt("b8")), Outcome::Done);
    }
}
