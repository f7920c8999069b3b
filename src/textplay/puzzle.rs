//! Puzzles in the terminal: the shipped set (`assets/puzzles/`), each
//! move judged at once by the puzzle judge ([`crate::puzzle::Judge`]):
//! a right move gets the engine's reply, a wrong one its refutation as a
//! line of moves and is not kept; hints come in two steps (the area, then
//! the move); the solution on request.

use super::opening::points;
use super::render_board;
use crate::i18n::{phrases, threats, Msg, Tr};
use crate::puzzle::{parse_set, Attempt, Hint, Illegal, Judge, Judgement, Miss, Puzzle};
use crate::rules::{parse_point, point_name, GameModel, GameSettings, Point};
use std::io::{self, Write};

/// The shipped puzzle set, freestyle on 15 × 15.
const SHIPPED: &str = include_str!("../../assets/puzzles/freestyle15.txt");

/// A player's words in puzzle mode.
#[derive(Debug, Clone, PartialEq, Eq)]
enum PuzzleCommand {
    Play(String),
    Hint,
    Solution,
    Retry,
    Next,
    Goto(String),
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
        "board" | "b" => PuzzleCommand::Board,
        "help" | "?" => PuzzleCommand::Help,
        "quit" | "q" | "exit" | "back" => PuzzleCommand::Quit,
        _ => PuzzleCommand::Play(line.trim().to_string()),
    })
}

/// The puzzle room: the set, where the player is in it, and the judge.
pub struct PuzzleRoom {
    set: Vec<Puzzle>,
    index: usize,
    attempt: Attempt,
    judge: Judge,
}

impl PuzzleRoom {
    /// The shipped set, at its first puzzle.
    ///
    /// # Panics
    /// Never: the shipped set is parsed by a test.
    #[must_use]
    pub fn shipped() -> PuzzleRoom {
        let set = parse_set(SHIPPED).expect("the shipped puzzle set parses");
        PuzzleRoom::new(set.puzzles)
    }

    /// A room with these puzzles (at least one).
    ///
    /// # Panics
    /// If `puzzles` is empty.
    #[must_use]
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleRoom {
        let attempt = Attempt::new(puzzles[0].clone());
        PuzzleRoom {
            set: puzzles,
            index: 0,
            attempt,
            judge: Judge::new(),
        }
    }

    /// How many puzzles there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.set.len()
    }

    /// Never true: a room has at least one puzzle.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    /// The try in progress.
    #[must_use]
    pub fn attempt(&self) -> &Attempt {
        &self.attempt
    }

    /// Goes to puzzle `number` (1-based) for a fresh try; false when there
    /// is no such puzzle.
    pub fn go_to(&mut self, number: usize) -> bool {
        if number == 0 || number > self.set.len() {
            return false;
        }
        self.index = number - 1;
        self.attempt = Attempt::new(self.set[self.index].clone());
        true
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
            }
            PuzzleCommand::Retry => {
                self.attempt.restart();
                self.show(out, tr)?;
            }
            PuzzleCommand::Next => {
                self.go_to((self.index + 1) % self.set.len() + 1);
                self.show(out, tr)?;
            }
            PuzzleCommand::Goto(n) => match n.parse::<usize>() {
                Ok(n) if self.go_to(n) => self.show(out, tr)?,
                _ => {
                    let total = self.set.len();
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

    /// The puzzle's header, board and task.
    fn show(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let p = &self.attempt.puzzle;
        let number = self.index + 1;
        let total = self.set.len();
        let head = tr.f(Msg::PuzzleNumber, &[("number", &number), ("total", &total)]);
        let level = tr.f(Msg::PuzzleLevel, &[("level", &p.level)]);
        writeln!(out, "{head} · {level}")?;
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
