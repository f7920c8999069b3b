//! Puzzle mode's state: the shipped set and the player's own puzzles, the
//! progress in each, and the try on the board. No drawing here (that is
//! `components::puzzle_panel`) and no solving (the judge's thread,
//! `puzzle_worker`): this file decides what a click, a hint or "next"
//! does with their answers.

use super::puzzle_worker::{self, Job, PuzzleWorker, Reply};
use crate::puzzle::sets::{ShippedSet, SHIPPED_SETS};
use crate::puzzle::{Attempt, Hint, Illegal, Judgement, Miss, Puzzle};
use crate::rules::{GameModel, GameSettings, Point, Stone};

pub use crate::puzzle::rating::PERSONAL_SET;
pub use crate::puzzle::saved::SavedPuzzles;

/// Which puzzle is on the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// The shipped set's puzzle at this index.
    Shipped(usize),
    /// The personal list's entry at this index.
    Personal(usize),
}

/// What the panel says about the last thing done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The task only.
    Task,
    /// The judge is at work.
    Judging,
    /// A right move; the engine answered.
    Right,
    /// Solved.
    Solved,
    /// A wrong move, and why.
    Wrong(Miss),
    /// A move that cannot be played.
    Illegal(Illegal),
    /// The first hint step.
    HintArea,
    /// The second hint step.
    HintMove(Point),
    /// The solution is on the board as grey stones.
    SolutionShown,
    /// The judge found nothing to hint or show (it should not happen for
    /// a proved puzzle).
    NoAnswer,
}

/// One try at one puzzle, on the board.
#[derive(Debug, Clone)]
pub struct PuzzlePlay {
    /// Which puzzle.
    pub source: Source,
    /// The try.
    pub attempt: Attempt,
    /// The position shown: the puzzle's moves and those played since.
    pub game: GameModel,
    /// What the panel says.
    pub verdict: Verdict,
    /// Grey stones: a wrong move's refutation or the solution, in order.
    pub ghosts: Vec<(Point, Stone)>,
    /// The hint's square, corners included.
    pub area: Option<(Point, Point)>,
    /// The tag of the judge's job this try waits for.
    pending: Option<u64>,
    /// True once this try's result went into the progress.
    recorded: bool,
}

impl PuzzlePlay {
    /// True when the try is one of the player's own puzzles.
    #[must_use]
    pub fn is_personal(&self) -> bool {
        matches!(self.source, Source::Personal(_))
    }

    /// The task in words ("Black to play and win by continuous fours
    /// (VCF)"), as the panel, the status bar and the tests read it.
    #[must_use]
    pub fn task(&self, tr: crate::i18n::Tr) -> String {
        let puzzle = &self.attempt.puzzle;
        crate::i18n::threats::puzzle_task(tr, puzzle.kind, puzzle.to_move(), self.is_personal())
    }

    fn new(source: Source, puzzle: Puzzle) -> PuzzlePlay {
        let attempt = Attempt::new(puzzle);
        PuzzlePlay {
            source,
            game: board_of(&attempt),
            attempt,
            verdict: Verdict::Task,
            ghosts: Vec::new(),
            area: None,
            pending: None,
            recorded: false,
        }
    }

    /// True while the judge is at work on this try.
    #[must_use]
    pub fn is_judging(&self) -> bool {
        self.pending.is_some()
    }

    /// True when a click on the board is a move.
    #[must_use]
    pub fn accepts_moves(&self) -> bool {
        !self.is_judging() && !self.attempt.solved
    }
}

/// A line of moves with their colours, `first` playing the first.
fn alternating(line: impl IntoIterator<Item = Point>, first: Stone) -> Vec<(Point, Stone)> {
    line.into_iter()
        .enumerate()
        .map(|(i, p)| (p, if i % 2 == 0 { first } else { first.opponent() }))
        .collect()
}

/// The position of `attempt` as a game, for the board.
fn board_of(attempt: &Attempt) -> GameModel {
    let p = &attempt.puzzle;
    let settings = GameSettings {
        size: p.size,
        rule: p.rule,
    };
    GameModel::from_moves(settings, &attempt.moves())
        .unwrap_or_else(|_| GameModel::new(settings).expect("a puzzle's board size is valid"))
}

/// Puzzle mode.
pub struct Puzzles {
    /// The chosen shipped set's puzzles.
    pub shipped: Vec<Puzzle>,
    /// Every shipped set with its number of puzzles, in
    /// [`SHIPPED_SETS`]' order.
    pub sets: Vec<(ShippedSet, usize)>,
    /// The chosen set's index in [`Puzzles::sets`].
    pub chosen: usize,
    /// Progress and personal puzzles (saved).
    pub saved: SavedPuzzles,
    /// The try on the board, in puzzle mode.
    pub play: Option<PuzzlePlay>,
    worker: PuzzleWorker,
    /// Personal-puzzle searches under way.
    searching: usize,
    /// Set when `saved` changed and should be written.
    dirty: bool,
    /// The number of puzzles the last finished search found, once.
    found: Option<usize>,
}

impl Default for Puzzles {
    fn default() -> Self {
        Puzzles::new(SavedPuzzles::default())
    }
}

impl Puzzles {
    /// Puzzle mode with this saved progress; not on the board yet.
    #[must_use]
    pub fn new(saved: SavedPuzzles) -> Puzzles {
        // Every shipped file is parsed by a test; a damaged build would
        // still start, with an empty set. Counting all of them takes a
        // few milliseconds, once.
        let sets: Vec<(ShippedSet, usize)> = SHIPPED_SETS
            .iter()
            .map(|s| (*s, s.puzzles().len()))
            .collect();
        let chosen = saved
            .set
            .as_deref()
            .and_then(|name| sets.iter().position(|(s, _)| s.name == name))
            .unwrap_or(0);
        Puzzles {
            shipped: sets[chosen].0.puzzles(),
            sets,
            chosen,
            saved,
            play: None,
            worker: puzzle_worker::spawn(),
            searching: 0,
            dirty: false,
            found: None,
        }
    }

    /// The judge's thread, to give it the window's waker.
    #[must_use]
    pub fn worker(&self) -> &PuzzleWorker {
        &self.worker
    }

    /// True once (after a change) so the caller saves [`Puzzles::saved`].
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// How many puzzles the last search of a game found, once.
    pub fn take_found(&mut self) -> Option<usize> {
        self.found.take()
    }

    /// True while a finished game is searched for personal puzzles.
    #[must_use]
    pub fn searching(&self) -> bool {
        self.searching > 0
    }

    /// The chosen set's name, the key of its progress.
    #[must_use]
    pub fn set_name(&self) -> &'static str {
        self.sets[self.chosen].0.name
    }

    /// Chooses shipped set `index` (remembered with the progress) and puts
    /// its suggested puzzle on the board; nothing for an unknown index.
    pub fn choose_set(&mut self, index: usize) {
        let Some((set, _)) = self.sets.get(index) else {
            return;
        };
        if index != self.chosen {
            self.chosen = index;
            self.shipped = set.puzzles();
            self.saved.set = Some(set.name.to_string());
            self.dirty = true;
        }
        let i = self.suggested();
        self.open(Source::Shipped(i));
    }

    /// The shipped puzzle to start with: the first unsolved one at the
    /// player's level, else the first unsolved one, else the first.
    #[must_use]
    pub fn suggested(&self) -> usize {
        self.saved.suggested(self.set_name(), &self.shipped)
    }

    /// Puts `source` on the board (nothing when it does not exist).
    pub fn open(&mut self, source: Source) {
        let puzzle = match source {
            Source::Shipped(i) => self.shipped.get(i).cloned(),
            Source::Personal(i) => self
                .saved
                .personal
                .entries
                .get(i)
                .and_then(|e| e.puzzle().ok()),
        };
        if let Some(puzzle) = puzzle {
            self.play = Some(PuzzlePlay::new(source, puzzle));
        }
    }

    /// Leaves puzzle mode (an unfinished try is not counted).
    pub fn leave(&mut self) {
        self.play = None;
    }

    /// The next shipped puzzle (after a personal one: the suggested one).
    pub fn next(&mut self) {
        let i = match self.play.as_ref().map(|p| p.source) {
            Some(Source::Shipped(i)) if !self.shipped.is_empty() => (i + 1) % self.shipped.len(),
            _ => self.suggested(),
        };
        self.open(Source::Shipped(i));
    }

    /// The shipped puzzle before.
    pub fn previous(&mut self) {
        if let Some(Source::Shipped(i)) = self.play.as_ref().map(|p| p.source) {
            let n = self.shipped.len().max(1);
            self.open(Source::Shipped((i + n - 1) % n));
        }
    }

    /// Starts the try again from the puzzle's position.
    pub fn retry(&mut self) {
        if let Some(play) = &mut self.play {
            play.attempt.restart();
            play.game = board_of(&play.attempt);
            play.verdict = Verdict::Task;
            play.ghosts.clear();
            play.area = None;
            play.pending = None;
            play.recorded = false;
        }
    }

    /// The player plays `mv`: sent to the judge.
    pub fn play_move(&mut self, mv: Point) {
        let Some(play) = &mut self.play else {
            return;
        };
        if !play.accepts_moves() {
            return;
        }
        play.ghosts.clear();
        play.area = None;
        play.verdict = Verdict::Judging;
        let attempt = Box::new(play.attempt.clone());
        play.pending = Some(self.worker.send(Job::Judge { attempt, mv }));
    }

    /// The next hint step.
    pub fn hint(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.is_judging() || play.attempt.solved {
            return;
        }
        play.verdict = Verdict::Judging;
        let attempt = Box::new(play.attempt.clone());
        play.pending = Some(self.worker.send(Job::Hint { attempt }));
    }

    /// The whole solution, as grey stones (the try counts as failed).
    pub fn solution(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        if play.is_judging() || play.attempt.solved {
            return;
        }
        play.verdict = Verdict::Judging;
        let attempt = Box::new(play.attempt.clone());
        play.pending = Some(self.worker.send(Job::Solution { attempt }));
    }

    /// Deletes personal puzzle `index` (leaving it if it is on the board).
    pub fn delete_personal(&mut self, index: usize) {
        if matches!(self.play.as_ref().map(|p| p.source), Some(Source::Personal(i)) if i == index) {
            self.play = None;
        }
        self.saved.personal.delete(index);
        self.dirty = true;
    }

    /// Searches a finished game for personal puzzles: `moves` from the
    /// empty board, `person` the colour the player had.
    pub fn search_game(&mut self, game: &GameModel, person: Stone, game_time: u64) {
        if game.has_setup() || game.moves().is_empty() {
            return;
        }
        self.searching += 1;
        self.worker.send(Job::Personal {
            moves: game.moves().to_vec(),
            size: game.size(),
            rule: game.rule(),
            person,
            game_time,
        });
    }

    /// Takes in the judge's answers. Returns true if anything changed.
    pub fn poll(&mut self) -> bool {
        let replies = self.worker.poll();
        let changed = !replies.is_empty();
        for (tag, reply) in replies {
            self.take(tag, reply);
        }
        changed
    }

    fn take(&mut self, tag: u64, reply: Reply) {
        if let Reply::Personal { found, game_time } = reply {
            self.searching = self.searching.saturating_sub(1);
            let before = self.saved.personal.entries.len();
            self.saved.personal.add(&found, game_time);
            let added = self.saved.personal.entries.len() - before;
            if added > 0 {
                self.dirty = true;
            }
            self.found = Some(added);
            return;
        }
        let Some(play) = &mut self.play else {
            return;
        };
        if play.pending != Some(tag) {
            return;
        }
        play.pending = None;
        let player = play.attempt.player();
        match reply {
            Reply::Judged {
                attempt,
                mv,
                verdict,
            } => {
                play.attempt = *attempt;
                play.verdict = match verdict {
                    Judgement::Solved => Verdict::Solved,
                    Judgement::Correct { .. } => Verdict::Right,
                    Judgement::Wrong { why, refutation } => {
                        play.ghosts = alternating(std::iter::once(mv).chain(refutation), player);
                        Verdict::Wrong(why)
                    }
                    Judgement::Illegal(why) => Verdict::Illegal(why),
                };
                play.game = board_of(&play.attempt);
            }
            Reply::Hint { attempt, hint } => {
                play.attempt = *attempt;
                play.verdict = match hint {
                    Some(Hint::Area { from, to }) => {
                        play.area = Some((from, to));
                        Verdict::HintArea
                    }
                    Some(Hint::Move(p)) => Verdict::HintMove(p),
                    None => Verdict::NoAnswer,
                };
            }
            Reply::Solution { attempt, line } => {
                play.attempt = *attempt;
                play.verdict = if line.is_empty() {
                    Verdict::NoAnswer
                } else {
                    Verdict::SolutionShown
                };
                play.ghosts = alternating(line, player);
            }
            Reply::Personal { .. } => {}
        }
        self.record();
    }

    /// Counts a finished try (solved, or the solution shown) once.
    fn record(&mut self) {
        let Some(play) = &mut self.play else {
            return;
        };
        let a = &play.attempt;
        if play.recorded || !(a.solved || a.solution_shown) {
            return;
        }
        play.recorded = true;
        let (set, id) = match play.source {
            Source::Shipped(_) => (self.sets[self.chosen].0.name, a.puzzle.id.clone()),
            Source::Personal(_) => (PERSONAL_SET, a.puzzle.to_line()),
        };
        self.saved.record(set, &id, a);
        if let (Source::Personal(i), true) = (play.source, a.solved) {
            // Solved three times, it leaves the list; what is on the
            // board stays until the player moves on.
            if self.saved.personal.solved(i) {
                play.source = Source::Personal(usize::MAX);
            }
        }
        self.dirty = true;
    }
}
