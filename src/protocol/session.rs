//! The engine side of a protocol conversation: the game state, the
//! settings, and what each line does to them.
//!
//! [`Session::handle_line`] takes one line and writes the replies through a
//! callback, so the whole state machine runs in tests without a process.
//! A line that is refused changes nothing: every check happens before the
//! first change.

use super::brain::Brain;
use super::command::{
    looks_like_board_line, parse_board_line, parse_command, parse_number, parse_xy, BoardLine,
    Command, InfoKey, ParseError,
};
use super::settings::{hash_mb_for, rule_from_bits};
use super::time::TimeControl;
use crate::engine::{Position, SearchInfo};
use crate::rules::{point_name, Board, Point, Rule, Stone, MAX_SIZE, MIN_SIZE};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

/// Whether the conversation goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// `END` was received: exit.
    Quit,
}

/// The game being played.
#[derive(Debug, Clone)]
struct Game {
    board: Board,
    /// Our colour, once known.
    me: Option<Stone>,
    /// Moves in order from the empty board, while that order is known.
    history: Option<Vec<Point>>,
}

impl Game {
    fn new(size: u8) -> Option<Game> {
        Some(Game {
            board: Board::new(size).ok()?,
            me: None,
            history: Some(Vec::new()),
        })
    }
}

/// A `BOARD` block being read.
#[derive(Debug, Default)]
struct PendingBoard {
    /// `(point, field)` in the order given.
    stones: Vec<(Point, u8)>,
}

/// The engine's side of the protocol.
pub struct Session {
    brain: Box<dyn Brain>,
    /// Raised to end the current search early; the stdin reader raises it
    /// on `END` and `STOP`, the watchdog at the hard deadline.
    stop: Arc<AtomicBool>,
    /// Raised by the stdin reader on `END`: no new search should start.
    quit: Arc<AtomicBool>,
    game: Option<Game>,
    pending: Option<PendingBoard>,
    rule: Rule,
    time: TimeControl,
    hash_mb: usize,
    folder: Option<String>,
    game_type: Option<u64>,
}

/// A reply line sink.
pub type Out<'a> = &'a mut dyn FnMut(&str);

impl Session {
    /// A session driving `brain`, with stop and quit flags shared with the
    /// stdin reader.
    #[must_use]
    pub fn new(brain: Box<dyn Brain>, stop: Arc<AtomicBool>, quit: Arc<AtomicBool>) -> Session {
        Session {
            brain,
            stop,
            quit,
            game: None,
            pending: None,
            rule: Rule::Freestyle,
            time: TimeControl::default(),
            hash_mb: super::settings::DEFAULT_HASH_MB,
            folder: None,
            game_type: None,
        }
    }

    /// The current board, if a game has started.
    #[must_use]
    pub fn board(&self) -> Option<&Board> {
        self.game.as_ref().map(|g| &g.board)
    }

    /// The rule being played.
    #[must_use]
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The time settings received.
    #[must_use]
    pub fn time_control(&self) -> TimeControl {
        self.time
    }

    /// The hash table size asked of the brain, megabytes.
    #[must_use]
    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    /// The folder the manager offered for files, if any.
    #[must_use]
    pub fn folder(&self) -> Option<&str> {
        self.folder.as_deref()
    }

    /// The game type the manager announced, if any.
    #[must_use]
    pub fn game_type(&self) -> Option<u64> {
        self.game_type
    }

    /// True while a `BOARD` block is open.
    #[must_use]
    pub fn in_board_block(&self) -> bool {
        self.pending.is_some()
    }

    /// Handles one input line, writing replies to `out`.
    pub fn handle_line(&mut self, line: &str, out: Out<'_>) -> Flow {
        if self.pending.is_some() {
            let trimmed = line.trim();
            if trimmed.is_empty() {
                out("ERROR empty line inside BOARD (ignored)");
                return Flow::Continue;
            }
            if looks_like_board_line(trimmed) {
                self.board_line(trimmed, out);
                return Flow::Continue;
            }
            self.pending = None;
            out("ERROR BOARD was not closed by DONE: position discarded, previous one kept");
        }
        match parse_command(line) {
            Ok(cmd) => self.command(cmd, out),
            Err(e @ ParseError::UnknownCommand(_)) => {
                out(&format!("UNKNOWN {e}"));
                Flow::Continue
            }
            Err(e) => {
                out(&format!("ERROR {e}"));
                Flow::Continue
            }
        }
    }

    fn command(&mut self, cmd: Command, out: Out<'_>) -> Flow {
        match cmd {
            Command::Start(size) => self.start(size, size, out),
            Command::RectStart(w, h) => self.start(w, h, out),
            Command::Restart => match &self.game {
                Some(g) => {
                    let size = g.board.size();
                    self.game = Game::new(size);
                    self.brain.new_game();
                    out("OK");
                }
                None => out("ERROR no game to restart: send START first"),
            },
            Command::Begin => self.begin(out),
            Command::Turn(x, y) => self.turn(x, y, out),
            Command::Board => {
                self.pending = Some(PendingBoard::default());
            }
            Command::Takeback(x, y) => self.takeback(x, y, out),
            Command::Info(key, value) => self.info(key, &value, out),
            Command::About => out(&self.brain.about()),
            Command::End => return Flow::Quit,
            Command::Stop => out("DEBUG no search to stop"),
        }
        Flow::Continue
    }

    fn start(&mut self, w: u32, h: u32, out: Out<'_>) {
        if w != h {
            out(&format!(
                "ERROR rectangular boards ({w}x{h}) are not supported, only square {MIN_SIZE} to {MAX_SIZE}"
            ));
            return;
        }
        match u8::try_from(w).ok().and_then(Game::new) {
            Some(game) => {
                self.game = Some(game);
                self.pending = None;
                self.brain.new_game();
                out("OK");
            }
            None => out(&format!(
                "ERROR unsupported board size {w}: supported sizes are {MIN_SIZE} to {MAX_SIZE}"
            )),
        }
    }

    /// The point `(x, y)` of the current game, or the error line to send.
    fn point_on_board(&self, x: u32, y: u32) -> Result<Point, String> {
        let Some(game) = &self.game else {
            return Err("ERROR no game: send START first".into());
        };
        game.board.point(x, y).map_err(|e| format!("ERROR {e}"))
    }

    fn begin(&mut self, out: Out<'_>) {
        let Some(game) = &mut self.game else {
            out("ERROR no game: send START first");
            return;
        };
        if game.board.stone_count() > 0 {
            out("ERROR BEGIN needs an empty board (send RESTART, or the position with BOARD)");
            return;
        }
        game.me = Some(Stone::Black);
        self.play_own_move(out);
    }

    fn turn(&mut self, x: u32, y: u32, out: Out<'_>) {
        let p = match self.point_on_board(x, y) {
            Ok(p) => p,
            Err(e) => return out(&e),
        };
        let game = self.game.as_mut().expect("checked by point_on_board");
        let me = game.me.unwrap_or(if game.board.stone_count() == 0 {
            Stone::White
        } else {
            game.board
                .side_to_move_by_count()
                .map_or(Stone::White, Stone::opponent)
        });
        if let Err(e) = game.board.place(p, me.opponent()) {
            return out(&format!("ERROR {e}"));
        }
        game.me = Some(me);
        if let Some(h) = &mut game.history {
            h.push(p);
        }
        self.play_own_move(out);
    }

    fn takeback(&mut self, x: u32, y: u32, out: Out<'_>) {
        let p = match self.point_on_board(x, y) {
            Ok(p) => p,
            Err(e) => return out(&e),
        };
        let game = self.game.as_mut().expect("checked by point_on_board");
        match game.board.remove(p) {
            Ok(_) => {
                if let Some(h) = &mut game.history {
                    if h.last() == Some(&p) {
                        h.pop();
                    } else {
                        game.history = None;
                    }
                }
                out("OK");
            }
            Err(e) => out(&format!("ERROR cannot take back: {e}")),
        }
    }

    fn board_line(&mut self, line: &str, out: Out<'_>) {
        match parse_board_line(line) {
            Ok(BoardLine::Done) => {
                let pending = self.pending.take().unwrap_or_default();
                self.finish_board(pending, out);
            }
            Ok(BoardLine::Stone { x, y, field }) => {
                let p = match self.point_on_board(x, y) {
                    Ok(p) => p,
                    Err(e) => return out(&format!("{e} (board line ignored)")),
                };
                let pending = self.pending.get_or_insert_with(PendingBoard::default);
                if pending.stones.iter().any(|(q, _)| *q == p) {
                    return out(&format!(
                        "ERROR point {x},{y} is given twice in BOARD (line ignored)"
                    ));
                }
                pending.stones.push((p, field));
            }
            Err(e) => out(&format!("ERROR {e} (board line ignored)")),
        }
    }

    fn finish_board(&mut self, pending: PendingBoard, out: Out<'_>) {
        let Some(game) = &self.game else {
            out("ERROR no game: send START first (BOARD ignored)");
            return;
        };
        let own = pending.stones.iter().filter(|s| s.1 == 1).count();
        let theirs = pending.stones.len() - own;
        // Black moves first, so whoever has more stones is Black.
        let me = if theirs > own {
            Stone::White
        } else {
            Stone::Black
        };
        let mut board = Board::new(game.board.size()).expect("size of a running game");
        for &(p, field) in &pending.stones {
            let stone = if field == 1 { me } else { me.opponent() };
            board.place(p, stone).expect("points checked when read");
        }
        if pending.stones.iter().any(|s| s.1 == 3) {
            out("MESSAGE continuous-game marks are treated as opponent stones");
        }
        self.game = Some(Game {
            board,
            me: Some(me),
            history: None,
        });
        self.play_own_move(out);
    }

    fn info(&mut self, key: InfoKey, value: &str, out: Out<'_>) {
        let number = || parse_number(value);
        let result: Result<(), ParseError> = match key {
            InfoKey::TimeoutTurn => number().map(|n| self.time.turn_ms = Some(n)),
            InfoKey::TimeoutMatch => number().map(|n| self.time.match_ms = Some(n)),
            InfoKey::TimeLeft => number().map(|n| self.time.left_ms = Some(n)),
            InfoKey::MaxMemory => number().map(|n| {
                let mb = hash_mb_for(n);
                if mb != self.hash_mb {
                    self.hash_mb = mb;
                    self.brain.set_hash_mb(mb);
                }
            }),
            InfoKey::GameType => number().map(|n| self.game_type = Some(n)),
            InfoKey::Rule => number().map(|bits| {
                let choice = rule_from_bits(bits);
                self.rule = choice.rule;
                if let Some(note) = choice.note {
                    out(&format!("MESSAGE {note}"));
                }
            }),
            InfoKey::Folder => {
                self.folder = Some(value.to_string());
                Ok(())
            }
            InfoKey::Evaluate => parse_xy(value).map(|_| ()),
            InfoKey::Other(_) => Ok(()),
        };
        if let Err(e) = result {
            out(&format!("ERROR bad INFO value: {e}"));
        }
    }

    /// Searches the current position, plays the move on our board and
    /// sends it.
    fn play_own_move(&mut self, out: Out<'_>) {
        let game = self.game.as_ref().expect("a game is running");
        let me = game.me.unwrap_or(Stone::Black);
        if game.board.is_full() {
            out("ERROR the board is full: no move left");
            return;
        }
        let position = Position {
            board: game.board.clone(),
            to_move: me,
            rule: self.rule,
            history: game.history.clone().unwrap_or_default(),
        };
        let budget = self.time.budget_at(game.board.stone_count());
        self.stop
            .store(self.quit.load(Ordering::Relaxed), Ordering::Relaxed);
        let size = game.board.size();
        let chosen = {
            let _watchdog = Watchdog::start(budget.hard, Arc::clone(&self.stop));
            let mut on_info = |info: &SearchInfo| out(&progress_message(info, me, size));
            self.brain
                .think(&position, budget, &self.stop, &mut on_info)
        };
        let game = self.game.as_mut().expect("a game is running");
        let p = match chosen.filter(|p| game.board.is_empty_at(*p)) {
            Some(p) => p,
            None => {
                out("DEBUG the search gave no legal move; playing the first free point near the centre");
                let c = Point::new(size / 2, size / 2);
                let free = game.board.points().filter(|q| game.board.is_empty_at(*q));
                free.min_by_key(|q| q.distance(c))
                    .expect("board is not full")
            }
        };
        game.board.place(p, me).expect("an empty point");
        if let Some(h) = &mut game.history {
            h.push(p);
        }
        out(&format!("{},{}", p.x, p.y));
    }
}

/// The `MESSAGE` line for a search progress report.
#[must_use]
pub fn progress_message(info: &SearchInfo, to_move: Stone, size: u8) -> String {
    let pv: Vec<String> = info.pv.iter().map(|p| point_name(*p, size)).collect();
    format!(
        "MESSAGE depth {} score {} pv {} nodes {} nps {}",
        info.depth,
        info.score.describe(to_move),
        if pv.is_empty() {
            "-".to_string()
        } else {
            pv.join(" ")
        },
        info.nodes,
        info.nps
    )
}

/// Raises a stop flag at a deadline unless dropped first: a backstop in
/// case a search overlooks its own hard limit.
struct Watchdog {
    _cancel: mpsc::Sender<()>,
}

impl Watchdog {
    fn start(after: Duration, stop: Arc<AtomicBool>) -> Watchdog {
        let (tx, rx) = mpsc::channel::<()>();
        let spawned = std::thread::Builder::new()
            .name("pbrain-watchdog".into())
            .spawn(move || {
                if let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(after) {
                    stop.store(true, Ordering::Relaxed);
                }
            });
        // Without a thread we only lose the backstop; the search still
        // watches its own clock.
        drop(spawned);
        Watchdog { _cancel: tx }
    }
}
