//! The lessons in the terminal: each lesson's words, then its exercises,
//! each move judged at once by the lesson coach ([`crate::lesson::Coach`]):
//! a right move is kept (in a played-out exercise the engine answers), a
//! wrong one is explained with the answer it missed and is not kept.
//!
//! Progress is kept in the same file and format as the app's
//! (`lessons.json` beside the settings, [`SavedLessons`]); each exercise
//! done reads the file again before writing it, so what the app saved
//! meanwhile is kept.

use super::opening::points;
use super::render_board;
use crate::i18n::{lessons as words, phrases, Msg, Tr};
use crate::lesson::{lessons, Coach, Lesson, Mistake, Outcome, SavedLessons, Try};
use crate::puzzle::{Illegal, Miss};
use crate::rules::{parse_point, point_name, GameModel, GameSettings, Point};
use crate::storage::{Load, Storage, LESSONS_FILE};
use std::io::{self, Write};

/// A player's words in lesson mode.
#[derive(Debug, Clone, PartialEq, Eq)]
enum LessonCommand {
    Play(String),
    Show,
    Retry,
    Next,
    List,
    Goto(String),
    Board,
    Help,
    Quit,
}

fn parse(line: &str) -> Option<LessonCommand> {
    let mut words = line.split_whitespace();
    let first = words.next()?.to_ascii_lowercase();
    let rest: Vec<&str> = words.collect();
    Some(match first.as_str() {
        "show" | "hint" => LessonCommand::Show,
        "retry" | "again" => LessonCommand::Retry,
        "next" | "n" => LessonCommand::Next,
        "lesson" | "lessons" => match rest.first() {
            Some(n) => LessonCommand::Goto((*n).to_string()),
            None => LessonCommand::List,
        },
        "board" | "b" => LessonCommand::Board,
        "help" | "?" => LessonCommand::Help,
        "quit" | "q" | "exit" | "back" => LessonCommand::Quit,
        _ => LessonCommand::Play(line.trim().to_string()),
    })
}

/// The lesson room: the lessons, where the player is, the coach and the
/// saved progress.
pub struct LessonRoom {
    lessons: Vec<Lesson>,
    lesson: usize,
    exercise: usize,
    attempt: Try,
    coach: Coach,
    /// Where progress is kept; `None`: nowhere (scripts and tests).
    store: Option<Storage>,
    saved: SavedLessons,
    /// True once a failed save was told.
    told_unsaved: bool,
}

impl LessonRoom {
    /// The room with `saved` progress kept in `store` (none: kept nowhere),
    /// at the suggested lesson.
    fn with(store: Option<Storage>, saved: SavedLessons) -> LessonRoom {
        let lessons = lessons();
        let lesson = saved.suggested(&lessons).unwrap_or(0);
        let exercise = saved.first_open(&lessons[lesson]);
        LessonRoom {
            attempt: Try::new(lessons[lesson].exercises[exercise].clone()),
            lessons,
            lesson,
            exercise,
            coach: Coach::new(),
            store,
            saved,
            told_unsaved: false,
        }
    }

    /// The lessons from the start, keeping no progress.
    #[must_use]
    pub fn shipped() -> LessonRoom {
        LessonRoom::with(None, SavedLessons::default())
    }

    /// The room with the progress kept in `store`, at the suggested
    /// lesson. A progress file that cannot be read is set aside and the
    /// room starts fresh; the second value says so in `tr`'s language.
    #[must_use]
    pub fn open(store: Storage, tr: Tr) -> (LessonRoom, Option<String>) {
        let (saved, notice) = match store.load::<SavedLessons>(LESSONS_FILE) {
            Load::Loaded(s) => (s, None),
            Load::Missing => (SavedLessons::default(), None),
            Load::Corrupt { error, kept_as } => {
                let what = tr.s(Msg::SaveWhatLessons);
                let notice = phrases::corrupt_file(tr, what, &error, kept_as.as_deref());
                (SavedLessons::default(), Some(notice))
            }
        };
        (LessonRoom::with(Some(store), saved), notice)
    }

    /// How many lessons there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.lessons.len()
    }

    /// Never true: there are lessons.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.lessons.is_empty()
    }

    /// The progress as saved (or as it would be, with no store).
    #[must_use]
    pub fn saved(&self) -> &SavedLessons {
        &self.saved
    }

    /// Goes to lesson `number` (1-based) at its first exercise not done;
    /// false when there is no such lesson.
    pub fn go_to(&mut self, number: usize) -> bool {
        if number == 0 || number > self.lessons.len() {
            return false;
        }
        self.lesson = number - 1;
        self.exercise = self.saved.first_open(&self.lessons[self.lesson]);
        self.fresh();
        true
    }

    fn fresh(&mut self) {
        self.attempt = Try::new(self.lessons[self.lesson].exercises[self.exercise].clone());
    }

    /// Reads lesson commands from `lines` until `quit` or the end of
    /// input, answering each on `out`; starts with the lesson's words.
    ///
    /// # Errors
    /// Only I/O errors.
    pub fn run(
        &mut self,
        lines: &mut dyn Iterator<Item = io::Result<String>>,
        out: &mut dyn Write,
        tr: Tr,
    ) -> io::Result<()> {
        writeln!(out, "{}", tr.s(Msg::TextLessonStart))?;
        self.show_lesson(out, tr)?;
        for line in lines {
            let Some(cmd) = parse(&line?) else {
                continue;
            };
            if cmd == LessonCommand::Quit {
                writeln!(out, "{}", tr.s(Msg::TextLessonBack))?;
                break;
            }
            self.execute(cmd, out, tr)?;
            out.flush()?;
        }
        Ok(())
    }

    fn execute(&mut self, cmd: LessonCommand, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        match cmd {
            LessonCommand::Play(text) => match parse_point(&text, 15) {
                Ok(p) => self.play(p, out, tr)?,
                Err(_) => writeln!(out, "? {}", tr.f(Msg::TextUnknown, &[("text", &text)]))?,
            },
            LessonCommand::Show => match self.coach.right_move(&self.attempt) {
                Some(p) => {
                    self.attempt.shown = true;
                    let point = point_name(p, 15);
                    writeln!(out, "{}", tr.f(Msg::TextLessonShow, &[("point", &point)]))?;
                }
                None => writeln!(out, "{}", tr.s(Msg::LessonRight))?,
            },
            LessonCommand::Retry => {
                self.fresh();
                self.show_exercise(out, tr)?;
            }
            LessonCommand::Next => {
                let n = self.lessons[self.lesson].exercises.len();
                if self.exercise + 1 < n {
                    self.exercise += 1;
                    self.fresh();
                    self.show_exercise(out, tr)?;
                } else if self.lesson + 1 < self.lessons.len() {
                    self.go_to(self.lesson + 2);
                    self.show_lesson(out, tr)?;
                } else {
                    writeln!(out, "{}", tr.s(Msg::TextLessonToPuzzles))?;
                }
            }
            LessonCommand::List => self.list(out, tr)?,
            LessonCommand::Goto(n) => match n.parse::<usize>() {
                Ok(n) if self.go_to(n) => self.show_lesson(out, tr)?,
                _ => {
                    let total = self.lessons.len();
                    let line = tr.f(Msg::TextLessonNone, &[("number", &n), ("total", &total)]);
                    writeln!(out, "? {line}")?;
                }
            },
            LessonCommand::Board => self.show_exercise(out, tr)?,
            LessonCommand::Help => writeln!(out, "{}", tr.s(Msg::TextLessonHelp))?,
            LessonCommand::Quit => {}
        }
        Ok(())
    }

    fn play(&mut self, p: Point, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        match self.coach.judge(&mut self.attempt, p) {
            Outcome::Done => {
                self.print_board(out)?;
                let right = match self.attempt.found.and_then(|f| {
                    crate::rules::forbidden(&self.attempt.exercise.board_after(&[]), f)
                }) {
                    Some(f) => tr.f(
                        Msg::LessonRightForbidden,
                        &[("why", &phrases::forbidden(tr, f))],
                    ),
                    None => tr.s(Msg::LessonRight).to_string(),
                };
                writeln!(out, "{right}")?;
                self.record(out, tr)?;
                self.after_done(out, tr)?;
            }
            Outcome::Reply(reply) => {
                self.print_board(out)?;
                let point = point_name(reply, 15);
                writeln!(out, "{}", tr.f(Msg::TextLessonReply, &[("point", &point)]))?;
            }
            Outcome::Wrong { why, line } => {
                // The app's sentences point at grey stones; here the
                // answer is a line of moves.
                let why = match why {
                    Mistake::FourOpen => tr.s(Msg::TextMistakeFourOpen).to_string(),
                    Mistake::ThreeOpen => tr.s(Msg::TextMistakeThreeOpen).to_string(),
                    Mistake::IgnoredFour => tr.s(Msg::TextMistakeIgnoredFour).to_string(),
                    Mistake::Puzzle(Miss::Defended) => tr.s(Msg::TextLessonDefended).to_string(),
                    Mistake::Puzzle(Miss::StillLoses) => {
                        tr.s(Msg::TextLessonStillLoses).to_string()
                    }
                    other => words::mistake(tr, other),
                };
                let moves = if line.is_empty() {
                    "-".to_string()
                } else {
                    points(&line, 15)
                };
                let text = tr.f(Msg::TextLessonWrong, &[("why", &why), ("moves", &moves)]);
                writeln!(out, "{text}")?;
            }
            Outcome::Illegal(Illegal::Occupied) => {
                writeln!(out, "? {}", tr.s(Msg::PuzzlePointTaken))?;
            }
            Outcome::Illegal(Illegal::Forbidden(f)) => {
                writeln!(out, "? {}", phrases::forbidden(tr, f))?;
            }
            Outcome::Illegal(Illegal::Over) => writeln!(out, "{}", tr.s(Msg::LessonRight))?,
        }
        Ok(())
    }

    /// After an exercise is done: the way on.
    fn after_done(&mut self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let lesson = &self.lessons[self.lesson];
        if self.exercise + 1 < lesson.exercises.len() {
            return Ok(());
        }
        if self.saved.finished(lesson) {
            writeln!(out, "{}", tr.s(Msg::LessonFinished))?;
        }
        match self.lessons.get(self.lesson + 1) {
            Some(next) => {
                let title = tr.s(next.title);
                writeln!(out, "{}", tr.f(Msg::TextLessonNext, &[("title", &title)]))
            }
            None => writeln!(out, "{}", tr.s(Msg::TextLessonToPuzzles)),
        }
    }

    /// Counts the exercise done (unless "show" helped) and saves it.
    fn record(&mut self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        if !self.attempt.done || self.attempt.shown {
            return Ok(());
        }
        // The app may have saved since this room read the file.
        if let Some(Load::Loaded(s)) = self.store.as_ref().map(|s| s.load(LESSONS_FILE)) {
            self.saved = s;
        }
        let id = self.lessons[self.lesson].id.clone();
        self.saved.record(&id, self.exercise);
        let Some(store) = &self.store else {
            return Ok(());
        };
        match store.save(LESSONS_FILE, &self.saved) {
            Ok(()) => Ok(()),
            Err(_) if self.told_unsaved => Ok(()),
            Err(e) => {
                self.told_unsaved = true;
                let what = tr.s(Msg::SaveWhatLessons);
                let error = phrases::storage_error(tr, &e);
                let line = tr.f(Msg::CouldNotSave, &[("what", &what), ("error", &error)]);
                writeln!(out, "{line}")
            }
        }
    }

    fn list(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        writeln!(out, "{}", tr.s(Msg::LessonAll))?;
        for (i, l) in self.lessons.iter().enumerate() {
            let mark = if i == self.lesson { '*' } else { ' ' };
            let done = self.saved.done_in(l);
            let count = tr.f(
                Msg::LessonDoneCount,
                &[("done", &done), ("total", &l.exercises.len())],
            );
            writeln!(out, "{mark} {}. {} ({count})", i + 1, tr.s(l.title))?;
        }
        Ok(())
    }

    /// The lesson's heading and words, then its exercise.
    fn show_lesson(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let lesson = &self.lessons[self.lesson];
        let head = tr.f(
            Msg::LessonNumber,
            &[
                ("number", &(self.lesson + 1)),
                ("total", &self.lessons.len()),
            ],
        );
        writeln!(out, "{head} · {}", tr.s(lesson.title))?;
        for &p in &lesson.text {
            writeln!(out, "{}", tr.s(p))?;
        }
        self.show_exercise(out, tr)
    }

    /// The exercise's number, board and task.
    fn show_exercise(&self, out: &mut dyn Write, tr: Tr) -> io::Result<()> {
        let lesson = &self.lessons[self.lesson];
        let head = tr.f(
            Msg::LessonExerciseNumber,
            &[
                ("number", &(self.exercise + 1)),
                ("total", &lesson.exercises.len()),
            ],
        );
        writeln!(out, "{head}")?;
        self.print_board(out)?;
        writeln!(out, "{}", words::prompt(tr, &self.attempt.exercise))
    }

    fn print_board(&self, out: &mut dyn Write) -> io::Result<()> {
        let settings = GameSettings {
            size: 15,
            rule: self.attempt.exercise.rule,
        };
        let game = GameModel::from_moves(settings, &self.attempt.moves())
            .expect("an exercise's moves are legal");
        out.write_all(render_board(&game).as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(room: &mut LessonRoom, input: &str) -> String {
        let mut out = Vec::new();
        let mut lines = input.lines().map(|l| Ok(l.to_string()));
        room.run(&mut lines, &mut out, Tr::default()).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn an_exercise_is_judged_explained_and_counted() {
        let mut room = LessonRoom::shipped();
        let out = run(&mut room, "k8\nj8\nlessons\nquit\n");
        assert!(out.contains("The rules: five in a row"), "{out}");
        assert!(out.contains("Black to play: make five in a row."), "{out}");
        assert!(out.contains("That is not five in a row."), "{out}");
        assert!(out.contains("Right!"), "{out}");
        assert!(out.contains("1 of 4 done"), "{out}");
        assert!(room.saved().is_done("rules", 0));
        assert!(out.ends_with("Back to the game.\n"), "{out}");
    }

    #[test]
    fn show_helps_without_counting_and_next_walks_on() {
        let mut room = LessonRoom::shipped();
        let out = run(&mut room, "show\nj8\nnext\nlesson 9\nlesson 8\nquit\n");
        assert!(out.contains("A right move: "), "{out}");
        assert!(!room.saved().is_done("rules", 0));
        assert!(out.contains("Exercise 2 of 4"), "{out}");
        assert!(out.contains("There is no lesson 9 (1 to 8)."), "{out}");
        assert!(out.contains("Opening rules"), "{out}");
        assert_eq!(parse("LESSON 3"), Some(LessonCommand::Goto("3".into())));
        assert_eq!(parse(" "), None);
    }
}
