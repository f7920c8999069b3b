//! Puzzles in the terminal: the shipped set (`assets/puzzles/`), each
//! move judged at once by the puzzle judge ([`crate::puzzle::Judge`]):
//! a right move gets the engine's reply, a wrong one its refutation as a
//! line of moves and is not kept; hints come in two steps (the area, then
//! the move); the solution on request.
//!
//! Progress is kept in the same file and format as the app's
//! (`puzzles.json` beside the settings, [`SavedPuzzles`]), so a puzzle
//! solved here counts there and the other way round. Each finished try
//! reads the file again before writing it, so what the other program
//! saved meanwhile is kept.

use super::opening::points;
use super::render_board;
use crate::i18n::{phrases, threats, Msg, Tr};
use crate::puzzle::saved::SavedPuzzles;
use crate::puzzle::sets::{ShippedSet, SHIPPED_SETS};
use crate::puzzle::{Attempt, Hint, Illegal, Judge, Judgement, Miss, Puzzle};
use crate::rules::{parse_point, point_name, GameModel, GameSettings, Point};
use crate::storage::{Load, Storage, PUZZLES_FILE};
use std::io::{self, Write};

/// A player's words in puzzle mode.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PuzzleCommand {
    Play(String),
    Hint,
    Solution,
    Retry,
    Next,
    Goto(String),
    Sets,
    ChooseSet(String),
    Board,
    Help,
    Quit,
}

fn parse(line: &str) -> Option<PuzzleCommand> {
    let mut words = line.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    Some(match first.as_str() {
        "hint" => PuzzleCommand::Hint,
        "solution" | "solve" => PuzzleCommand::Solution,
        "retry" | "again" => PuzzleCommand::Retry,
        "next" | "n" => PuzzleCommand::Next,
        "puzzle" | "puzzles" => match rest.first() {
            Some(n) => PuzzleCommand::Goto((*n).to_string()),
            None => PuzzleCommand::Board,
        },
        "set" | "sets" => match rest.first() {
            Some(n) => PuzzleCommand::ChooseSet((*n).to_string()),
            None => PuzzleCommand::Sets,
        },
        "board" | "b" => PuzzleCommand::Board,
        "help" | "?" => PuzzleCommand::Help,
        "quit" | "q" | "exit" | "back" => PuzzleCommand::Quit,
        _ => PuzzleCommand::Play(line.trim().to_string()),
    })
}

/// The puzzle room: the set, where the player is in it, the judge, and
/// the saved progress.
pub struct PuzzleRoom {
    set: ShippedSet,
    puzzles: Vec<Puzzle>,
    index: usize,
    attempt: Attempt,
    judge: Judge,
    /// Where progress is kept; `None`: nowhere (scripts and tests).
    store: Option<Storage>,
    saved: SavedPuzzles,
    /// True once this try went into the progress.
    recorded: bool,
    /// True once a failed save was told (once a room is enough).
    told_unsaved: bool,
}

impl PuzzleRoom {
    /// The default shipped set, at its first puzzle, keeping no progress.
    #[must_use]
    pub fn shipped() -> PuzzleRoom {
        PuzzleRoom::of_set(SHIPPED_SETS[0], None, SavedPuzzles::default())
    }

    /// The room with the progress kept in `store`: the set last chosen,
    /// at its suggested puzzle. A progress file that cannot be read is
    /// set aside and the room starts fresh; the second value says so in
    /// `tr`'s language.
    #[must_use]
    pub fn open(store: Storage, tr: Tr) -> (PuzzleRoom, Option<String>) {
        let (saved, notice) = match store.load::<SavedPuzzles>(PUZZLES_FILE) {
            Load::Loaded(s) => (s, None),
            Load::Missing => (SavedPuzzles::default(), None),
            Load::Corrupt { error, kept_as } => {
                let what = tr.s(Msg::SaveWhatPuzzles);
                let notice = phrases::corrupt_file(tr, what, &error, kept_as.as_deref());
                (SavedPuzzles::default(), Some(notice))
            }
        };
        let set = saved
            .set
            .as_deref()
            .and_then(ShippedSet::named)
            .unwrap_or(SHIPPED_SETS[0]);
        (PuzzleRoom::of_set(set, Some(store), saved), notice)
    }

    fn of_set(set: ShippedSet, store: Option<Storage>, saved: SavedPuzzles) -> PuzzleRoom {
        // Every shipped set parses (a test reads them all).
        let puzzles = set.puzzles();
        let index = saved.suggested(set.name, &puzzles);
        PuzzleRoom {
            set,
            attempt: Attempt::new(puzzles[index].clone()),
            puzzles,
            index,
            judge: Judge::new(),
            store,
            saved,
            recorded: false,
            told_unsaved: false,
        }
    }

    /// How many puzzles there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Never true: a room has at least one puzzle.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// The try in progress.
    #[must_use]
    pub fn attempt(&self) -> &Attempt {
        &self.attempt
    }

    /// Goes to puzzle `number` (1-based) for a fresh try; false when there
    /// is no such puzzle.
    pub fn go_to(&mut self, number: usize) -> bool {
        if number == 0 || number > self.puzzles.len() {
            return false;
        }
        self.index = number - 1;
        self.attempt = Attempt::new(self.puzzles[self.index].clone());
        self.recorded = false;
        true
    }

    /// The progress as saved (or as it would be, with no store).
    #[must_use]
    pub fn saved(&self) -> &SavedPuzzles {
        &self.saved
    }

    /// Reads puzzle commands from `lines` until `quit` or the end of
    /// input, answering each on `out`.
    ///
    /// # Errors
    /// Only I/O errors.
    pub fn run(
        &mut self,
        lines: &mut dyn Iterator<Item = io::Result<String>>,
        out: &mut dyn Write,
        tr: Tr,
    ) -> io::Result<()> {
        writeln!(out, "{}", tr.s(Msg::TextPuzzleStart))?;
        self.show(out, tr)?;
        for line in lines {
            let Some(cmd) = parse(&line?) else {
                continue;
            };
            match cmd {
                PuzzleCommand::Quit => {
                    writeln!(out, "{}", tr.s(Msg::TextPuzzleBack))?;
                    break;
                }
                cmd => self.execute(cmd, out, tr)?,
            }
            out.flush()?;
        }
        Ok(())
    }

    fn execute(&mut self, cmd: PuzzleCommand, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let size = self.attempt.puzzle.size;
        match cmd {
            PuzzleCommand::Play(text) => match parse_point(&text, size) {
                Ok(p) => self.play(p, out, tr)?,
                Err(_) => writeln!(out, "? {}", tr.f(Msg::TextUnknown, &[("text", &text)]))?,
            },
            PuzzleCommand::Hint => match self.judge.hint(&mut self.attempt) {
                Some(Hint::Area { from, to }) => {
                    let board = self.board_text();
                    out.write_all(mark_area(&board, from, to).as_bytes())?;
                    let from = point_name(from, size);
                    let to = point_name(to, size);
                    let line = tr.f(Msg::TextPuzzleHintArea, &[("from", &from), ("to", &to)]);
                    writeln!(out, "{line}")?;
                }
                Some(Hint::Move(p)) => {
                    let point = point_name(p, size);
                    writeln!(out, "{}", tr.f(Msg::PuzzleHintMove, &[("point", &point)]))?;
                }
                None => writeln!(out, "{}", tr.s(Msg::PuzzleAlreadySolved))?,
            },
            PuzzleCommand::Solution => {
                let line = self.judge.solution(&mut self.attempt);
                if line.is_empty() {
                    writeln!(out, "{}", tr.s(Msg::PuzzleNoAnswer))?;
                } else {
                    let moves = points(&line, size);
                    writeln!(
                        out,
                        "{}",
                        tr.f(Msg::TextPuzzleSolution, &[("moves", &moves)])
                    )?;
                }
                self.record(out, tr)?;
            }
            PuzzleCommand::Retry => {
                self.attempt.restart();
                self.recorded = false;
                self.show(out, tr)?;
            }
            PuzzleCommand::Sets => {
                writeln!(out, "{}", tr.s(Msg::TextPuzzleSets))?;
                for (i, set) in SHIPPED_SETS.iter().enumerate() {
                    let count = if *set == self.set {
                        self.puzzles.len()
                    } else {
                        set.puzzles().len()
                    };
                    let mark = if *set == self.set { '*' } else { ' ' };
                    let name = threats::puzzle_set(tr, *set, count);
                    writeln!(out, "{mark} {}. {name}", i + 1)?;
                }
            }
            PuzzleCommand::ChooseSet(n) => match n.parse::<usize>() {
                Ok(n) if (1..=SHIPPED_SETS.len()).contains(&n) => {
                    self.choose_set(SHIPPED_SETS[n - 1], out, tr)?;
                }
                _ => {
                    let total = SHIPPED_SETS.len();
                    let line = tr.f(Msg::TextPuzzleNoSet, &[("number", &n), ("total", &total)]);
                    writeln!(out, "? {line}")?;
                }
            },
            PuzzleCommand::Next => {
                self.go_to((self.index + 1) % self.puzzles.len() + 1);
                self.show(out, tr)?;
            }
            PuzzleCommand::Goto(n) => match n.parse::<usize>() {
                Ok(n) if self.go_to(n) => self.show(out, tr)?,
                _ => {
                    let total = self.puzzles.len();
                    let line = tr.f(Msg::TextPuzzleNone, &[("number", &n), ("total", &total)]);
                    writeln!(out, "? {line}")?;
                }
            },
            PuzzleCommand::Board => self.show(out, tr)?,
            PuzzleCommand::Help => writeln!(out, "{}", tr.s(Msg::TextPuzzleHelp))?,
            PuzzleCommand::Quit => {}
        }
        Ok(())
    }

    fn play(&mut self, p: Point, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let size = self.attempt.puzzle.size;
        match self.judge.judge(&mut self.attempt, p) {
            Judgement::Solved => {
                self.print_board(out)?;
                writeln!(out, "{}", tr.s(Msg::TextPuzzleSolved))?;
                self.record(out, tr)?;
                self.print_progress(out, tr)?;
            }
            Judgement::Correct { reply } => {
                self.print_board(out)?;
                let point = point_name(reply, size);
                writeln!(out, "{}", tr.f(Msg::TextPuzzleReply, &[("point", &point)]))?;
            }
            Judgement::Wrong { why, refutation } => {
                let moves = if refutation.is_empty() {
                    "-".to_string()
                } else {
                    points(&refutation, size)
                };
                // The app's sentences point at grey stones; here the
                // refutation is a line of moves.
                let why = match why {
                    Miss::Defended => tr.s(Msg::TextPuzzleDefended),
                    Miss::StillLoses => tr.s(Msg::TextPuzzleStillLoses),
                    other => threats::puzzle_miss(tr, other),
                };
                let line = tr.f(Msg::TextPuzzleWrong, &[("why", &why), ("moves", &moves)]);
                writeln!(out, "{line}")?;
            }
            Judgement::Illegal(Illegal::Occupied) => {
                writeln!(out, "? {}", tr.s(Msg::PuzzlePointTaken))?;
            }
            Judgement::Illegal(Illegal::Forbidden(f)) => {
                writeln!(out, "? {}", phrases::forbidden(tr, f))?;
            }
            Judgement::Illegal(Illegal::Over) => {
                writeln!(out, "{}", tr.s(Msg::PuzzleAlreadySolved))?;
            }
        }
        Ok(())
    }

    /// Chooses `set` (remembered with the progress) at its suggested
    /// puzzle.
    fn choose_set(&mut self, set: ShippedSet, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let saved = std::mem::take(&mut self.saved);
        let store = self.store.take();
        let told = self.told_unsaved;
        *self = PuzzleRoom::of_set(set, store, saved);
        self.told_unsaved = told;
        self.saved.set = Some(set.name.to_string());
        self.save(out, tr)?;
        writeln!(out, "{}", threats::puzzle_set(tr, set, self.puzzles.len()))?;
        self.show(out, tr)
    }

    /// Counts a finished try (solved, or the solution shown) once, and
    /// saves it.
    fn record(&mut self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let a = &self.attempt;
        if self.recorded || !(a.solved || a.solution_shown) {
            return Ok(());
        }
        self.recorded = true;
        // The app may have saved since this room read the file (its own
        // tries, puzzles from a finished game): start from what it wrote.
        if let Some(Load::Loaded(s)) = self.store.as_ref().map(|s| s.load(PUZZLES_FILE)) {
            self.saved = s;
        }
        self.saved.record(self.set.name, &a.puzzle.id, a);
        self.save(out, tr)
    }

    /// Writes the progress; a failure is told once, and play goes on.
    fn save(&mut self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let Some(store) = &self.store else {
            return Ok(());
        };
        match store.save(PUZZLES_FILE, &self.saved) {
            Ok(()) => Ok(()),
            Err(_) if self.told_unsaved => Ok(()),
            Err(e) => {
                self.told_unsaved = true;
                let what = tr.s(Msg::SaveWhatPuzzles);
                let error = phrases::storage_error(tr, &e);
                let line = tr.f(Msg::CouldNotSave, &[("what", &what), ("error", &error)]);
                writeln!(out, "{line}")
            }
        }
    }

    /// "12 of 1,402 solved · Rating 1234", once the set has progress.
    fn print_progress(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let Some(p) = self.saved.progress.sets.get(self.set.name) else {
            return Ok(());
        };
        let solved = p.solved_count();
        let total = threats::grouped(tr, self.puzzles.len());
        let count = tr.f(
            Msg::PuzzleSolvedCount,
            &[("solved", &solved), ("total", &total)],
        );
        let rating = format!("{:.0}", p.rating);
        let rating = tr.f(Msg::PuzzleRating, &[("rating", &rating)]);
        writeln!(out, "{count} · {rating}")
    }

    /// The puzzle's header, board and task.
    fn show(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let p = &self.attempt.puzzle;
        let number = threats::grouped(tr, self.index + 1);
        let total = threats::grouped(tr, self.puzzles.len());
        let head = tr.f(Msg::PuzzleNumber, &[("number", &number), ("total", &total)]);
        let facts = threats::puzzle_facts(tr, p);
        writeln!(out, "{head} · {facts}")?;
        self.print_progress(out, tr)?;
        self.print_board(out)?;
        writeln!(
            out,
            "{}",
            threats::puzzle_task(tr, p.kind, p.to_move(), false)
        )
    }

    fn print_board(&self, out: &mut dyn Write) -> io::Result<()> {
        out.write_all(self.board_text().as_bytes())
    }

    fn board_text(&self) -> String {
        let p = &self.attempt.puzzle;
        let settings = GameSettings {
            size: p.size,
            rule: p.rule,
        };
        let game = GameModel::from_moves(settings, &self.attempt.moves())
            .expect("a puzzle's moves are legal");
        render_board(&game)
    }
}

/// The hint's square drawn on a rendered board: its empty points as `+`.
/// Relies on [`render_board`]'s layout: a header line, then one line per
/// row from the top, three characters of row number and three per point.
fn mark_area(board: &str, from: Point, to: Point) -> String {
    board
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let mut chars: Vec<char> = line.chars().collect();
            let in_rows = i >= 1 && (from.y..=to.y).contains(&((i - 1) as u8));
            if in_rows {
                for x in from.x..=to.x {
                    let at = 4 + 3 * usize::from(x);
                    if chars.get(at) == Some(&'.') {
                        chars[at] = '+';
                    }
                }
            }
            let mut l: String = chars.into_iter().collect();
            l.push('\n');
            l
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_set_loads_and_commands_read() {
        let room = PuzzleRoom::shipped();
        assert!(room.len() >= 500);
        assert_eq!(parse("  "), None);
        assert_eq!(parse("HINT"), Some(PuzzleCommand::Hint));
        assert_eq!(parse("puzzle 7"), Some(PuzzleCommand::Goto("7".into())));
        assert_eq!(parse("h8"), Some(PuzzleCommand::Play("h8".into())));
    }

    #[test]
    fn the_hint_square_is_drawn_on_empty_points() {
        let game = GameModel::from_moves(GameSettings::default(), &[Point::new(7, 7)]).unwrap();
        let board = render_board(&game);
        let marked = mark_area(&board, Point::new(6, 6), Point::new(9, 9));
        assert_eq!(marked.matches('+').count(), 15, "{marked}");
        assert!(
            marked.contains(" 8  .  .  .  .  .  .  + [X] +  +  .  .  .  .  .  8"),
            "{marked}"
        );
        assert_eq!(marked.lines().count(), board.lines().count());
    }
}
