//! Lesson mode's state: the lessons, the progress in each, and the
//! exercise on the board. No drawing here (that is
//! `components::lesson_panel`) and no judging (the coach's thread,
//! `lesson_worker`): this file decides what a click, "Show me" or "Next"
//! does with their answers.

use super::lesson_worker::{self, Job, LessonWorker, Reply};
use crate::lesson::{lessons, Lesson, Mistake, Outcome, SavedLessons, Task, Try};
use crate::puzzle::Illegal;
use crate::rules::{forbidden, Forbidden, GameModel, GameSettings, Point, Stone};

/// What the panel says about the last thing done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// The task only.
    Task,
    /// The coach is at work.
    Judging,
    /// The task is done.
    Right,
    /// A forbidden point found, and why it is forbidden.
    RightForbidden(Forbidden),
    /// Right so far; the AI answered.
    Replied,
    /// Not what was asked, and why.
    Wrong(Mistake),
    /// A move that cannot be played.
    Illegal(Illegal),
    /// "Show me": the marked point is right.
    Shown,
    /// The coach found nothing to show (never for a proved exercise).
    NoAnswer,
}

/// One exercise on the board.
#[derive(Debug, Clone)]
pub struct LessonPlay {
    /// The lesson's index.
    pub lesson: usize,
    /// The exercise's index in it.
    pub exercise: usize,
    /// The try.
    pub attempt: Try,
    /// The position shown.
    pub game: GameModel,
    /// What the panel says.
    pub verdict: Verdict,
    /// Grey stones: why a move was wrong.
    pub ghosts: Vec<(Point, Stone)>,
    /// The point marked on the board: "Show me"'s move, or the forbidden
    /// point found.
    pub marked: Option<Point>,
    /// The tag of the coach's job this exercise waits for.
    pending: Option<u64>,
}

impl LessonPlay {
    fn new(lesson: usize, exercise: usize, attempt: Try) -> LessonPlay {
        LessonPlay {
            lesson,
            exercise,
            game: board_of(&attempt),
            attempt,
            verdict: Verdict::Task,
            ghosts: Vec::new(),
            marked: None,
            pending: None,
        }
    }

    /// True while the coach is at work on this exercise.
    #[must_use]
    pub fn is_judging(&self) -> bool {
        self.pending.is_some()
    }

    /// True when a click on the board is a move.
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        !self.is_judging() && !self.attempt.done
    }

    /// True when Black's forbidden points may be marked on the board:
    /// not while the task is to find them.
    #[must_use]
    pub fn marks_forbidden(&self) -> bool {
        self.attempt.exercise.task != Task::Forbidden
    }
}

/// The position of `attempt` as a game, for the board.
fn board_of(attempt: &Try) -> GameModel {
    let settings = GameSettings {
        size: crate::lesson::data::SIZE,
        rule: attempt.exercise.rule,
    };
    GameModel::from_moves(settings, &attempt.moves())
        .unwrap_or_else(|_| GameModel::new(settings).expect("the lessons' board size is valid"))
}

/// A line of moves with their colours, `first` playing the first.
fn alternating(line: impl IntoIterator<Item = Point>, first: Stone) -> Vec<(Point, Stone)> {
    line.into_iter()
        .enumerate()
        .map(|(i, p)| (p, if i % 2 == 0 { first } else { first.opponent() }))
        .collect()
}

/// Lesson mode.
pub struct Lessons {
    /// The shipped lessons, in order.
    pub lessons: Vec<Lesson>,
    /// The exercises done (saved).
    pub saved: SavedLessons,
    /// The exercise on the board, in lesson mode.
    pub play: Option<LessonPlay>,
    worker: LessonWorker,
    /// Set when `saved` changed and should be written.
    dirty: bool,
}

impl Default for Lessons {
    fn default() -> Self {
        Lessons::new(SavedLessons::default())
    }
}

impl Lessons {
    /// Lesson mode with this saved progress; not on the board yet.
    #[must_use]
    pub fn new(saved: SavedLessons) -> Lessons {
        Lessons {
            lessons: lessons(),
            saved,
            play: None,
            worker: lesson_worker::spawn(),
            dirty: false,
        }
    }

    /// The coach's thread, to give it the window's waker.
    #[must_use]
    pub fn worker(&self) -> &LessonWorker {
        &self.worker
    }

    /// True once (after a change) so the caller saves [`Lessons::saved`].
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// The lesson to take next: the first unfinished one (`None` once all
    /// are finished).
    #[must_use]
    pub fn suggested(&self) -> Option<usize> {
        self.saved.suggested(&self.lessons)
    }

    /// Puts lesson `index` on the board at its first exercise not done
    /// (nothing for an unknown index).
    pub fn open(&mut self, index: usize) {
        if let Some(l) = self.lessons.get(index) {
            let e = self.saved.first_open(l);
            self.open_exercise(index, e);
        }
    }

    /// Puts exercise `exercise` of lesson `lesson` on the board.
    pub fn open_exercise(&mut self, lesson: usize, exercise: usize) {
        let Some(ex) = self
            .lessons
            .get(lesson)
            .and_then(|l| l.exercises.get(exercise))
        else {
            return;
        };
        self.play = Some(LessonPlay::new(lesson, exercise, Try::new(ex.clone())));
    }

    /// Starts where the player left off: the suggested lesson, else the
    /// first.
    pub fn start(&mut self) {
        self.open(self.suggested().unwrap_or(0));
    }

    /// Leaves lesson mode.
    pub fn leave(&mut self) {
        self.play = None;
    }

    /// The next exercise of the lesson on the board (after the last: the
    /// same, the panel offers the next lesson).
    pub fn next_exercise(&mut self) {
        if let Some(p) = &self.play {
            let (l, e) = (p.lesson, p.exercise);
            let n = self.lessons[l].exercises.len();
            if e + 1 < n {
                self.open_exercise(l, e + 1);
            }
        }
    }

    /// The exercise before.
    pub fn previous_exercise(&mut self) {
        if let Some(p) = &self.play {
            if p.exercise > 0 {
                self.open_exercise(p.lesson, p.exercise - 1);
            }
        }
    }

    /// The lesson after the one on the board.
    pub fn next_lesson(&mut self) {
        if let Some(p) = &self.play {
            let next = p.lesson + 1;
            if next < self.lessons.len() {
                self.open(next);
            }
        }
    }

    /// True when the exercise on the board is its lesson's last.
    #[must_use]
    pub fn at_last_exercise(&self) -> bool {
        self.play
            .as_ref()
            .is_some_and(|p| p.exercise + 1 == self.lessons[p.lesson].exercises.len())
    }

    /// Starts the exercise again from its position.
    pub fn retry(&mut self) {
        if let Some(play) = &mut self.play {
            play.attempt.restart();
            play.attempt.shown = false;
            play.game = board_of(&play.attempt);
            play.verdict = Verdict::Task;
            play.ghosts.clear();
            play.marked = None;
            play.pending = None;
        }
    }

    /// The player plays `mv`: sent to the coach.
    pub fn play_move(&mut self, mv: Point) {
        let Some(play) = &mut self.play else {
            return;
        };
        if !play.accepts_moves() {
            return;
        }
        play.ghosts.clear();
        play.verdict = Verdict::Judging;
        let attempt = Box::new(play.attempt.clone());
        play.pending = Some(self.worker.send(Job::Judge { attempt, mv }));
    }

    /// "Show me": a right move, marked on the board (the exercise then
    /// does not count as done by the player).
    pub fn show_me(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if !play.accepts_moves() {
            return;
        }
        play.attempt.shown = true;
        play.ghosts.clear();
        play.verdict = Verdict::Judging;
        let attempt = Box::new(play.attempt.clone());
        play.pending = Some(self.worker.send(Job::ShowMe { attempt }));
    }

    /// Takes in the coach's answers. Returns true if anything changed.
    pub fn poll(&mut self) -> bool {
        let replies = self.worker.poll();
        let changed = !replies.is_empty();
        for (tag, reply) in replies {
            self.take(tag, reply);
        }
        changed
    }

    fn take(&mut self, tag: u64, reply: Reply) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.pending != Some(tag) {
            return;
        }
        play.pending = None;
        match reply {
            Reply::Judged {
                attempt,
                mv,
                outcome,
            } => {
                let shown = play.attempt.shown;
                let before = play.attempt.exercise.board_after(&play.attempt.played);
                play.attempt = *attempt;
                play.attempt.shown = shown;
                play.marked = None;
                play.verdict = match outcome {
                    Outcome::Done => {
                        play.marked = play.attempt.found;
                        match play.attempt.found.and_then(|p| forbidden(&before, p)) {
                            Some(f) => Verdict::RightForbidden(f),
                            None => Verdict::Right,
                        }
                    }
                    Outcome::Reply(_) => Verdict::Replied,
                    Outcome::Wrong { why, line } => {
                        let player = play.attempt.exercise.player();
                        let first = Stone::to_move_after(play.attempt.moves().len());
                        debug_assert_eq!(first == player, play.attempt.played.len() % 2 == 0);
                        play.ghosts = alternating(std::iter::once(mv).chain(line), first);
                        Verdict::Wrong(why)
                    }
                    Outcome::Illegal(why) => Verdict::Illegal(why),
                };
                play.game = board_of(&play.attempt);
                if play.attempt.done && !play.attempt.shown {
                    let id = self.lessons[play.lesson].id.clone();
                    if self.saved.record(&id, play.exercise) {
                        self.dirty = true;
                    }
                }
            }
            Reply::Shown(p) => {
                play.marked = p;
                play.verdict = if p.is_some() {
                    Verdict::Shown
                } else {
                    Verdict::NoAnswer
                };
            }
        }
    }
}
