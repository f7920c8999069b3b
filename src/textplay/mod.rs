//! Playing in a terminal: the board as text, moves typed as `h8`, and the
//! same game model and engine as the desktop app. Useful over SSH, on a
//! machine without a display, and for scripted play.
//!
//! The session reads commands from any `BufRead` and writes to any
//! `Write`, so it is tested with scripts.

pub mod clock;
mod commands;
mod flow;
pub mod lesson;
mod library;
pub mod opening;
pub mod puzzle;
pub mod rating;

pub use clock::{RealTime, SteppedTime, TimeSource};
pub use commands::{describe_error, parse_command, Command, CommandError};
pub use lesson::LessonRoom;
pub use puzzle::PuzzleRoom;
pub use rating::TextRating;

use crate::engine::balance::{BalanceConfig, Balancer};
use crate::engine::{hint_params, Engine, Level, Position, SearchParams};
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::play::{Mode, Table};
use crate::rating::Why;
use crate::rules::clock::{ClockEvent, GameClock, TimeControl};
use crate::rules::opening::{Opening, OpeningError, OpeningRule};
use crate::rules::{point_name, GameError, GameModel, GameSettings, Outcome, Point, Stone};
use crate::storage::Storage;
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Transposition table size for terminal play, in megabytes.
const TEXT_HASH_MB: usize = 64;

/// A game in the terminal.
pub struct TextSession {
    table: Table,
    level: Level,
    params_override: Option<SearchParams>,
    engine: Engine,
    tr: Tr,
    /// The opening rule new games start under.
    opening_rule: OpeningRule,
    /// True until the end of the table's opening has been announced.
    opening_open: bool,
    balance_config: BalanceConfig,
    /// Made on the AI's first opening decision: it owns an engine.
    balancer: Option<Balancer>,
    /// Black's and White's time controls for new games.
    controls: Option<(TimeControl, TimeControl)>,
    time: Box<dyn TimeSource>,
    /// The time reading when the side to move began thinking.
    mark: Duration,
    puzzles: Option<PuzzleRoom>,
    start_in_puzzles: bool,
    /// Where the puzzle and lesson rooms keep their progress (none: not
    /// kept).
    puzzle_store: Option<Storage>,
    /// The position library: its file (none: one in memory), opened by
    /// the first library command.
    library_path: Option<std::path::PathBuf>,
    library: Option<crate::library::Library>,
    lessons: Option<LessonRoom>,
    /// The player's rating and where the game stands with it.
    rating: TextRating,
}

impl TextSession {
    /// A new session with these settings, players and AI level.
    ///
    /// # Errors
    /// If the settings are invalid (board size).
    pub fn new(settings: GameSettings, mode: Mode, level: Level) -> Result<TextSession, GameError> {
        let mut session = TextSession {
            table: Table::new(GameModel::new(settings)?, mode),
            level,
            params_override: None,
            engine: Engine::new(TEXT_HASH_MB),
            tr: Tr(Lang::English),
            opening_rule: OpeningRule::Free,
            opening_open: false,
            balance_config: BalanceConfig::default(),
            balancer: None,
            controls: None,
            time: Box::new(RealTime::new()),
            mark: Duration::ZERO,
            puzzles: None,
            start_in_puzzles: false,
            puzzle_store: None,
            library_path: None,
            library: None,
            lessons: None,
            rating: TextRating::default(),
        };
        let human = session.table.mode().human();
        session.rating.begin(level, human, session.table.game());
        Ok(session)
    }

    /// Plays this game and new ones under `rule` (swap2 and the others
    /// of [`crate::rules::opening`]): the person sits in the first seat
    /// (the one who opens) when playing Black, in the second when playing
    /// White. Call before [`TextSession::run`].
    ///
    /// # Errors
    /// If the rule cannot be played on this board (size, offer count).
    pub fn set_opening_rule(&mut self, rule: OpeningRule) -> Result<(), OpeningError> {
        rule.check()?;
        let settings = self.game().settings();
        Opening::new(rule, settings.size, settings.rule)?;
        self.opening_rule = rule;
        self.start_game(self.table.mode());
        Ok(())
    }

    /// Times this game and new ones: Black's control and White's.
    pub fn set_clock(&mut self, black: TimeControl, white: TimeControl) {
        self.controls = (!black.is_untimed() || !white.is_untimed()).then_some((black, white));
        self.start_game(self.table.mode());
    }

    /// Reads the time from `time` (a fake in tests) instead of the
    /// computer's clock.
    pub fn set_time_source(&mut self, time: impl TimeSource + 'static) {
        self.time = Box::new(time);
        self.mark = self.time.now();
    }

    /// How the AI decides in openings (quick, seeded searches in tests).
    pub fn set_balance_config(&mut self, cfg: BalanceConfig) {
        self.balance_config = cfg;
        self.balancer = None;
    }

    /// Keeps puzzle and lesson progress and the player's rating in `store`
    /// (the app's `puzzles.json`, `lessons.json` and `rating.json`); by
    /// default they are not kept.
    pub fn set_puzzle_storage(&mut self, store: Storage) {
        self.rating.set_store(store.clone());
        self.puzzle_store = Some(store);
    }

    /// Rates games against `ladder` instead of the engine's measured one
    /// (tests); the game on the board begins again with it.
    pub fn set_rating_ladder(&mut self, ladder: crate::rating::Ladder) {
        self.rating.set_ladder(ladder);
        self.rating
            .begin(self.level, self.table.mode().human(), self.table.game());
    }

    /// Where the game on the board stands with the player's rating.
    #[must_use]
    pub fn rated(&self) -> &crate::rating::Rated {
        self.rating.rated()
    }

    /// Keeps the position library in the file at `path` (the app's
    /// `library.sqlite`); by default it is kept in memory.
    pub fn set_library_path(&mut self, path: std::path::PathBuf) {
        self.library_path = Some(path);
        self.library = None;
    }

    /// Starts [`TextSession::run`] in the puzzle room.
    pub fn start_with_puzzles(&mut self) {
        self.start_in_puzzles = true;
    }

    /// The game's clock, if it is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&GameClock> {
        self.table.clock()
    }

    /// This game's opening, if it has an opening rule.
    #[must_use]
    pub fn opening(&self) -> Option<&Opening> {
        self.table.opening()
    }

    /// Speaks `lang` from now on (English until told otherwise).
    pub fn set_language(&mut self, lang: Lang) {
        self.tr = Tr(lang);
    }

    /// Replaces the level's search parameters (for deterministic scripts).
    pub fn set_search_params(&mut self, params: SearchParams) {
        self.params_override = Some(params);
    }

    /// The game being played.
    #[must_use]
    pub fn game(&self) -> &GameModel {
        self.table.game()
    }

    /// Who plays whom.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.table.mode()
    }

    fn params(&self) -> SearchParams {
        self.params_override.unwrap_or_else(|| self.level.params())
    }

    /// Reads commands until `quit` or the end of input, answering each.
    ///
    /// # Errors
    /// Only I/O errors on `output` or `input`.
    pub fn run(&mut self, input: impl BufRead, mut output: impl Write) -> io::Result<()> {
        writeln!(output, "{}", self.tr.s(Msg::TextWelcome))?;
        let mut lines = input.lines();
        if std::mem::take(&mut self.start_in_puzzles) {
            self.puzzles(None, &mut lines, &mut output)?;
        }
        self.begin_game(&mut output)?;
        while let Some(line) = lines.next() {
            let line = line?;
            match parse_command(&line, self.game().size()) {
                Ok(None) => {}
                Ok(Some(Command::Quit)) => break,
                Ok(Some(Command::Puzzle(n))) => {
                    // The game's clock waits while the person solves puzzles.
                    let elapsed = self.lap();
                    self.table.tick_clock(elapsed);
                    self.table.pause_clock();
                    self.puzzles(n, &mut lines, &mut output)?;
                    if !self.in_opening() {
                        self.table.resume_clock();
                    }
                    self.mark = self.time.now();
                    self.print_board(&mut output)?;
                    self.prompt(&mut output)?;
                }
                Ok(Some(Command::Lesson(n))) => {
                    // The game's clock waits during the lessons too.
                    let elapsed = self.lap();
                    self.table.tick_clock(elapsed);
                    self.table.pause_clock();
                    self.lessons(n, &mut lines, &mut output)?;
                    if !self.in_opening() {
                        self.table.resume_clock();
                    }
                    self.mark = self.time.now();
                    self.print_board(&mut output)?;
                    self.prompt(&mut output)?;
                }
                Ok(Some(cmd)) => self.execute(cmd, &mut output)?,
                Err(e) => writeln!(output, "? {}", commands::describe_error(self.tr, &e))?,
            }
            output.flush()?;
        }
        Ok(())
    }

    /// The puzzle room, from puzzle `n` or where the player left it,
    /// reading `lines` until the player leaves it.
    fn puzzles(
        &mut self,
        n: Option<usize>,
        lines: &mut dyn Iterator<Item = io::Result<String>>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let tr = self.tr;
        if self.puzzles.is_none() {
            let room = match self.puzzle_store.clone() {
                Some(store) => {
                    let (room, notice) = PuzzleRoom::open(store, tr);
                    if let Some(notice) = notice {
                        writeln!(out, "{notice}")?;
                    }
                    room
                }
                None => PuzzleRoom::shipped(),
            };
            self.puzzles = Some(room);
        }
        let room = self.puzzles.as_mut().expect("the room was just made");
        if let Some(n) = n {
            if !room.go_to(n) {
                let total = room.len();
                let line = tr.f(Msg::TextPuzzleNone, &[("number", &n), ("total", &total)]);
                return writeln!(out, "? {line}");
            }
        }
        room.run(lines, out, tr)
    }

    /// The lesson room, from lesson `n` or the suggested one, reading
    /// `lines` until the player leaves it.
    fn lessons(
        &mut self,
        n: Option<usize>,
        lines: &mut dyn Iterator<Item = io::Result<String>>,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let tr = self.tr;
        if self.lessons.is_none() {
            let room = match self.puzzle_store.clone() {
                Some(store) => {
                    let (room, notice) = LessonRoom::open(store, tr);
                    if let Some(notice) = notice {
                        writeln!(out, "{notice}")?;
                    }
                    room
                }
                None => LessonRoom::shipped(),
            };
            self.lessons = Some(room);
        }
        let room = self.lessons.as_mut().expect("the room was just made");
        if let Some(n) = n {
            if !room.go_to(n) {
                let total = room.len();
                let line = tr.f(Msg::TextLessonNone, &[("number", &n), ("total", &total)]);
                return writeln!(out, "? {line}");
            }
        }
        room.run(lines, out, tr)
    }

    fn execute(&mut self, cmd: Command, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let refused =
            |out: &mut dyn Write, e: &GameError| writeln!(out, "? {}", phrases::game_error(tr, e));
        match cmd {
            Command::Play(p) if self.in_opening() => {
                let stage = self.table.opening_stage();
                if let Some(stage) = stage {
                    let d = opening::point_decision(&stage, p);
                    self.decide(vec![d], out)?;
                }
            }
            Command::Play(p) => self.play_timed(p, out)?,
            Command::Take(_)
            | Command::PlaceTwo
            | Command::Offer(_)
            | Command::Pick(_)
            | Command::Declare(_) => self.opening_command(cmd, out)?,
            Command::Undo => match self.undo() {
                Ok(n) => {
                    writeln!(out, "{}", tr.f(Msg::TextTookBack, &[("count", &n)]))?;
                    self.rating.spoil(Why::Undo, tr, out)?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Redo if self.is_finished() => refused(out, &GameError::NothingToRedo)?,
            Command::Redo => match self.table.redo() {
                Ok(n) => {
                    // Redo is not timed: the table replays without charging.
                    self.mark = self.time.now();
                    writeln!(out, "{}", tr.f(Msg::TextReplayed, &[("count", &n)]))?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Resign if self.is_finished() => refused(out, &GameError::GameOver)?,
            Command::Resign => match self.table.resign() {
                Ok(()) => {
                    self.report_end(out)?;
                    self.settle_rating(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::New(mode) => self.new_game(mode, out)?,
            Command::NewUnder(mode, rule) => {
                let settings = self.game().settings();
                match rule
                    .check()
                    .and_then(|()| Opening::new(rule, settings.size, settings.rule))
                {
                    Ok(_) => {
                        self.opening_rule = rule;
                        self.new_game(mode, out)?;
                    }
                    Err(e) => {
                        let text = opening::describe_error(tr, &e, None, settings.size);
                        writeln!(out, "? {text}")?;
                    }
                }
            }
            Command::Level(level) => {
                let changed = level != self.level;
                self.level = level;
                self.params_override = None;
                let name = phrases::level_rated(tr, level);
                writeln!(out, "{}", tr.f(Msg::TextLevel, &[("level", &name)]))?;
                // Before the first move the game is rated at the new
                // level; after it, no longer rated.
                let game = self.table.game();
                if changed && game.moves().is_empty() && !game.is_over() {
                    let human = self.table.mode().human();
                    self.rating.begin(level, human, self.table.game());
                    self.rating.announce(tr, out)?;
                } else if changed {
                    self.rating.spoil(Why::LevelChanged, tr, out)?;
                }
            }
            Command::Levels => {
                for level in Level::all() {
                    let mark = if level == self.level { '*' } else { ' ' };
                    writeln!(out, "{mark} {}", phrases::level_rated(tr, level))?;
                }
            }
            Command::Hint if self.in_opening() => self.prompt(out)?,
            Command::Hint => {
                if self.is_finished() {
                    refused(out, &GameError::GameOver)?;
                } else {
                    self.rating.spoil(Why::Hint, tr, out)?;
                    let params = self.hint_params();
                    let (p, words) = self.think(&params);
                    match p {
                        Some(p) => {
                            let point = point_name(p, self.game().size());
                            let line = tr.f(Msg::TextHint, &[("point", &point), ("score", &words)]);
                            writeln!(out, "{line}")?;
                        }
                        None => writeln!(out, "{}", tr.s(Msg::TextNoMoveLeft))?,
                    }
                }
            }
            Command::Board => self.print_board(out)?,
            Command::Moves => {
                let moves = self.game().position_string();
                writeln!(out, "{}", tr.f(Msg::TextMoves, &[("moves", &moves)]))?;
            }
            Command::Load(moves) => match GameModel::from_moves(self.game().settings(), &moves) {
                Ok(g) => {
                    // A loaded position leaves any opening behind.
                    self.opening_open = false;
                    let mut table = Table::new(g, self.table.mode());
                    if let Some((b, w)) = self.controls {
                        table = table.with_clock(GameClock::new(b, w));
                    }
                    self.table = table;
                    self.rating.not_from_start(self.table.mode().human());
                    self.mark = self.time.now();
                    let count = self.game().moves().len();
                    writeln!(out, "{}", tr.f(Msg::TextLoaded, &[("count", &count)]))?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Help => {
                writeln!(out, "{}", tr.s(Msg::TextHelp))?;
                writeln!(out, "{}", tr.s(Msg::TextHelpMore))?;
                writeln!(out, "{}", tr.s(Msg::TextHelpLibrary))?;
                writeln!(out, "{}", tr.s(Msg::TextHelpRating))?;
            }
            Command::Rating => self.rating.report(tr, out)?,
            Command::Language(lang) => {
                self.tr = Tr(lang);
                writeln!(out, "{}", self.tr.s(Msg::TextLanguage))?;
            }
            Command::Explore
            | Command::Import(_)
            | Command::Export(_)
            | Command::Note(_)
            | Command::Mark
            | Command::Label(..) => self.library_command(cmd, out)?,
            Command::Quit | Command::Puzzle(_) | Command::Lesson(_) => {}
        }
        Ok(())
    }

    /// Runs the engine for the side to move: its move and the score in words.
    /// The search a hint runs: full strength, as in the desktop app,
    /// whatever the AI's level (or the fixed parameters of a test).
    #[must_use]
    pub fn hint_params(&self) -> SearchParams {
        self.params_override.unwrap_or_else(hint_params)
    }

    fn think(&mut self, params: &SearchParams) -> (Option<Point>, String) {
        let pos = Position::from_game(self.game());
        let stop = AtomicBool::new(false);
        let result = self.engine.search(&pos, params, &stop, &mut |_info| {});
        (
            result.best,
            phrases::score(self.tr, result.score, pos.to_move),
        )
    }

    /// Shows the board, lets the AI decide or move while it is its turn,
    /// and reports the stage, the clocks or the end of the game.
    fn after_change(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.print_board(out)?;
        if self.opening_open && !self.game().is_over() && !self.drive_opening(out)? {
            return Ok(());
        }
        if self.table.is_ai_turn() && !self.is_finished() {
            self.ai_move(out)?;
        }
        self.prompt(out)
    }

    /// Says what is asked now: the opening stage, the side to move and
    /// the clocks, or the result.
    fn prompt(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        if self.in_opening() {
            if let Some(stage) = self.table.opening_stage() {
                let line = opening::describe_stage(tr, &stage, self.game().size());
                writeln!(out, "{line}")?;
            }
            return Ok(());
        }
        if let Some(c) = self.table.clock() {
            writeln!(out, "{}", clock::describe_clocks(tr, c))?;
        }
        if self.is_finished() {
            self.report_end(out)?;
            self.settle_rating(out)?;
        } else {
            let stone = phrases::stone(tr, self.game().side_to_move());
            writeln!(out, "{}", tr.f(Msg::TextToMove, &[("stone", &stone)]))?;
        }
        Ok(())
    }

    /// The AI's move on its turn, timed when the game is.
    fn ai_move(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let stone = self.game().side_to_move();
        let mut params = self.params();
        if let Some((soft, hard)) = self.table.clock().and_then(|c| clock::ai_budget(c, stone)) {
            let l = &mut params.limits;
            l.soft_time = Some(l.soft_time.map_or(soft, |s| s.min(soft)));
            l.hard_time = Some(l.hard_time.map_or(hard, |h| h.min(hard)));
        }
        let (p, words) = self.think(&params);
        let Some(p) = p else {
            return writeln!(out, "{}", tr.s(Msg::TextAiNoMove));
        };
        let elapsed = self.lap();
        match self.table.tick_clock(elapsed) {
            Some(ClockEvent::Flag(_)) => return Ok(()),
            Some(ClockEvent::LowTime(s)) => writeln!(out, "{}", clock::low_time(tr, s))?,
            None => {}
        }
        self.table
            .play_ai(p)
            .expect("the engine plays legal moves on its turn");
        let point = point_name(p, self.game().size());
        let line = tr.f(
            Msg::TextAiPlays,
            &[
                ("stone", &phrases::stone(tr, stone)),
                ("point", &point),
                ("score", &words),
            ],
        );
        writeln!(out, "{line}")?;
        self.print_board(out)
    }

    /// A rated game that has ended is rated (once), and the change said.
    fn settle_rating(&mut self, out: &mut impl Write) -> io::Result<()> {
        let (Some(outcome), Some(human)) = (self.game().outcome().cloned(), self.mode().human())
        else {
            return Ok(());
        };
        let now = jiff::Timestamp::now().as_second().max(0) as u64;
        self.rating.settle(&outcome, human, now, self.tr, out)
    }

    fn report_end(&self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let name = |s: Stone| phrases::stone(tr, s);
        let human = self.table.mode().human();
        let text = match self.game().outcome() {
            Some(Outcome::Five { winner, .. }) => match human {
                Some(h) if h == *winner => tr.s(Msg::TextYouWin).to_string(),
                Some(_) => tr.s(Msg::TextAiWins).to_string(),
                None => tr.f(Msg::TextWins, &[("winner", &name(*winner))]),
            },
            Some(Outcome::Resigned { loser }) => match human {
                Some(_) => tr.s(Msg::TextYouResigned).to_string(),
                None => tr.f(
                    Msg::TextResigned,
                    &[
                        ("loser", &name(*loser)),
                        ("winner", &name(loser.opponent())),
                    ],
                ),
            },
            Some(Outcome::Draw) => tr.s(Msg::TextDraw).to_string(),
            Some(Outcome::OnTime { loser }) => match human {
                Some(h) if h == *loser => tr.s(Msg::TextYouFlagged).to_string(),
                Some(_) => tr.s(Msg::TextAiFlagged).to_string(),
                None => tr.f(
                    Msg::TextFlagged,
                    &[
                        ("loser", &name(*loser)),
                        ("winner", &name(loser.opponent())),
                    ],
                ),
            },
            None => return Ok(()),
        };
        writeln!(out, "{}", tr.f(Msg::TextAfterEnd, &[("result", &text)]))
    }

    fn print_board(&self, out: &mut impl Write) -> io::Result<()> {
        out.write_all(render_board(self.game()).as_bytes())
    }
}

fn describe_mode(tr: Tr, mode: Mode) -> String {
    match mode {
        Mode::VsAi { human } => tr.f(Msg::TextModeVsAi, &[("stone", &phrases::stone(tr, human))]),
        Mode::TwoPlayer => tr.s(Msg::TextModeTwo).to_string(),
    }
}

/// The board as text with the last move in brackets, e.g. `[X]`, and the
/// winning line in lower case.
#[must_use]
pub fn render_board(game: &GameModel) -> String {
    let board = game.board();
    let size = board.size();
    let last = game.last_move();
    let line: Vec<Point> = match game.outcome() {
        Some(Outcome::Five { line, .. }) => line.clone(),
        _ => Vec::new(),
    };
    let letters: String = (0..size)
        .map(|x| format!(" {} ", char::from(b'a' + x)))
        .collect();
    let mut out = format!("   {letters}\n");
    for y in 0..size {
        let row = u32::from(size) - u32::from(y);
        out.push_str(&format!("{row:>2} "));
        for x in 0..size {
            let p = Point::new(x, y);
            let c = match board.get(p) {
                Some(Stone::Black) if line.contains(&p) => 'x',
                Some(Stone::White) if line.contains(&p) => 'o',
                Some(Stone::Black) => 'X',
                Some(Stone::White) => 'O',
                None => '.',
            };
            if Some(p) == last {
                out.push_str(&format!("[{c}]"));
            } else {
                out.push_str(&format!(" {c} "));
            }
        }
        out.push_str(&format!(" {row}\n"));
    }
    out.push_str(&format!("   {letters}\n"));
    out
}
