//! Playing in a terminal: the board as text, moves typed as `h8`, and the
//! same game model and engine as the desktop app. Useful over SSH, on a
//! machine without a display, and for scripted play.
//!
//! The session reads commands from any `BufRead` and writes to any
//! `Write`, so it is tested with scripts.

mod commands;

pub use commands::{describe_error, parse_command, Command, CommandError};

use crate::engine::{hint_params, Engine, Level, Position, SearchParams};
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::play::{Mode, Table};
use crate::rules::{point_name, GameError, GameModel, GameSettings, Outcome, Point, Stone};
use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;

/// Transposition table size for terminal play, in megabytes.
const TEXT_HASH_MB: usize = 64;

/// A game in the terminal.
pub struct TextSession {
    table: Table,
    level: Level,
    params_override: Option<SearchParams>,
    engine: Engine,
    tr: Tr,
}

impl TextSession {
    /// A new session with these settings, players and AI level.
    ///
    /// # Errors
    /// If the settings are invalid (board size).
    pub fn new(settings: GameSettings, mode: Mode, level: Level) -> Result<TextSession, GameError> {
        Ok(TextSession {
            table: Table::new(GameModel::new(settings)?, mode),
            level,
            params_override: None,
            engine: Engine::new(TEXT_HASH_MB),
            tr: Tr(Lang::English),
        })
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
        self.after_change(&mut output)?;
        for line in input.lines() {
            let line = line?;
            match parse_command(&line, self.game().size()) {
                Ok(None) => {}
                Ok(Some(Command::Quit)) => break,
                Ok(Some(cmd)) => self.execute(cmd, &mut output)?,
                Err(e) => writeln!(output, "? {}", commands::describe_error(self.tr, &e))?,
            }
            output.flush()?;
        }
        Ok(())
    }

    fn execute(&mut self, cmd: Command, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let refused =
            |out: &mut dyn Write, e: &GameError| writeln!(out, "? {}", phrases::game_error(tr, e));
        match cmd {
            Command::Play(p) => match self.table.play(p) {
                Ok(()) => self.after_change(out)?,
                Err(e) => writeln!(out, "? {}", phrases::play_error(tr, &e))?,
            },
            Command::Undo => match self.table.undo() {
                Ok(n) => {
                    writeln!(out, "{}", tr.f(Msg::TextTookBack, &[("count", &n)]))?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Redo => match self.table.redo() {
                Ok(n) => {
                    writeln!(out, "{}", tr.f(Msg::TextReplayed, &[("count", &n)]))?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Resign => match self.table.resign() {
                Ok(()) => self.report_end(out)?,
                Err(e) => refused(out, &e)?,
            },
            Command::New(mode) => {
                let mode = mode.unwrap_or(self.table.mode());
                let game = GameModel::new(self.game().settings()).expect("settings were valid");
                self.table = Table::new(game, mode);
                self.engine.new_game();
                let mode = describe_mode(tr, mode);
                writeln!(out, "{}", tr.f(Msg::TextNewGame, &[("mode", &mode)]))?;
                self.after_change(out)?;
            }
            Command::Level(level) => {
                self.level = level;
                self.params_override = None;
                let name = phrases::level(tr, level);
                writeln!(out, "{}", tr.f(Msg::TextLevel, &[("level", &name)]))?;
            }
            Command::Hint => {
                if self.game().is_over() {
                    refused(out, &GameError::GameOver)?;
                } else {
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
                    *self.table.game_mut() = g;
                    let count = self.game().moves().len();
                    writeln!(out, "{}", tr.f(Msg::TextLoaded, &[("count", &count)]))?;
                    self.after_change(out)?;
                }
                Err(e) => refused(out, &e)?,
            },
            Command::Help => writeln!(out, "{}", tr.s(Msg::TextHelp))?,
            Command::Language(lang) => {
                self.tr = Tr(lang);
                writeln!(out, "{}", self.tr.s(Msg::TextLanguage))?;
            }
            Command::Quit => {}
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

    /// Shows the board, lets the AI move while it is its turn, and reports
    /// the end of the game.
    fn after_change(&mut self, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        self.print_board(out)?;
        if self.table.is_ai_turn() {
            let stone = self.game().side_to_move();
            let params = self.params();
            let (p, words) = self.think(&params);
            let Some(p) = p else {
                return writeln!(out, "{}", tr.s(Msg::TextAiNoMove));
            };
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
            self.print_board(out)?;
        }
        if self.game().is_over() {
            self.report_end(out)?;
        } else {
            let stone = phrases::stone(tr, self.game().side_to_move());
            writeln!(out, "{}", tr.f(Msg::TextToMove, &[("stone", &stone)]))?;
        }
        Ok(())
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
            Some(Outcome::OnTime { .. }) => {
                phrases::result(tr, self.game(), self.table.mode()).unwrap_or_default()
            }
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
