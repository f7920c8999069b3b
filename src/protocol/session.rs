//! The engine side of a protocol conversation: the game state, the
//! settings, and what each line does to them.
//!
//! [`Session::handle_line`] takes one line and writes the replies through a
//! callback, so the whole state machine runs in tests without a process.
//! A line that is refused changes nothing: every check happens before the
//! first change. The Yixin extensions' lines are made in [`super::yixin`];
//! the opening questions (`SWAP2BOARD`, `YXBALANCEONE` / `YXBALANCETWO`)
//! are answered in [`super::opening`].

use super::brain::{Brain, Think};
use super::command::{
    looks_like_board_line, parse_board_line, parse_command, parse_number, parse_xy, BoardLine,
    Command, InfoKey, ParseError,
};
use super::opener::{BalancerOpener, Opener};
use super::settings::{hash_mb_for, hash_mb_for_kb, rule_from_bits, OpeningRule};
use super::time::{Budget, TimeControl};
use super::yixin::{self, MAX_NBEST};
use crate::engine::{Position, SearchInfo};
use crate::rules::{point_name, Board, Point, Rule, Stone, MAX_SIZE, MIN_SIZE};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
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
pub(super) struct Game {
    pub(super) board: Board,
    /// Our colour, once known.
    pub(super) me: Option<Stone>,
    /// Moves in order from the empty board, while that order is known.
    pub(super) history: Option<Vec<Point>>,
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

/// A `BOARD`, `YXBOARD` or `SWAP2BOARD` block being read.
#[derive(Debug)]
pub(super) struct PendingBoard {
    /// The command that opened it, for messages.
    pub(super) command: &'static str,
    /// Whether a move is wanted at `DONE` (`BOARD`) or not (`YXBOARD`).
    then_move: bool,
    /// `(point, field)` in the order given; for `SWAP2BOARD` the field is
    /// 0 where the line gave none.
    pub(super) stones: Vec<(Point, u8)>,
    /// A `SWAP2BOARD` block: `x,y` lines, a decision at `DONE`.
    swap2: bool,
    /// A line of a `SWAP2BOARD` block was refused: the block is answered
    /// with an error at `DONE`, not with a decision on the wrong stones.
    pub(super) broken: bool,
}

impl PendingBoard {
    fn new(command: &'static str, then_move: bool) -> PendingBoard {
        PendingBoard {
            command,
            then_move,
            stones: Vec::new(),
            swap2: false,
            broken: false,
        }
    }
}

/// The engine's side of the protocol.
pub struct Session {
    brain: Box<dyn Brain>,
    /// Answers the opening questions.
    pub(super) opener: Box<dyn Opener>,
    /// Raised to end the current search early; the stdin reader raises it
    /// on `END` and `STOP`, the watchdog at the hard deadline.
    pub(super) stop: Arc<AtomicBool>,
    /// Raised by the stdin reader on `END`: no new search should start.
    quit: Arc<AtomicBool>,
    /// How many `STOP` lines the stdin reader has acted on, when a reader
    /// is attached (see [`Session::with_stop_count`]).
    stops_read: Option<Arc<AtomicU64>>,
    /// How many `STOP` lines the reader had acted on before the line being
    /// handled: a search started by this line must stop at once if the
    /// count has grown since.
    stops_before_line: u64,
    pub(super) game: Option<Game>,
    pub(super) pending: Option<PendingBoard>,
    pub(super) rule: Rule,
    /// The opening rule `INFO rule` asked for.
    pub(super) opening_rule: OpeningRule,
    pub(super) time: TimeControl,
    hash_mb: usize,
    folder: Option<String>,
    game_type: Option<u64>,
    /// Yixin's `max_depth`: a depth cap for every search.
    max_depth: Option<u32>,
    /// Yixin's `max_node`: a node cap for every search.
    max_nodes: Option<u64>,
    /// Yixin's `show_detail` bit 1: send `MESSAGE REALTIME` lines.
    realtime: bool,
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
            opener: Box::new(BalancerOpener::default()),
            stop,
            quit,
            stops_read: None,
            stops_before_line: 0,
            game: None,
            pending: None,
            rule: Rule::Freestyle,
            opening_rule: OpeningRule::Free,
            time: TimeControl::default(),
            hash_mb: super::settings::DEFAULT_HASH_MB,
            folder: None,
            game_type: None,
            max_depth: None,
            max_nodes: None,
            realtime: false,
        }
    }

    /// Answers the opening questions with `opener` instead of the engine's
    /// balancer.
    #[must_use]
    pub fn with_opener(mut self, opener: Box<dyn Opener>) -> Session {
        self.opener = opener;
        self
    }

    /// Attaches the stdin reader's count of `STOP` lines. The reader acts
    /// on a `STOP` the moment it reads it, even before the session has
    /// handled the lines ahead of it; with the count, a `STOP` read after
    /// the line that starts a search still stops that search, instead of
    /// being wiped when the search resets the stop flag.
    #[must_use]
    pub fn with_stop_count(mut self, stops_read: Arc<AtomicU64>) -> Session {
        self.stops_read = Some(stops_read);
        self
    }

    /// Handles a line from the stdin reader, which had acted on
    /// `stops_before` `STOP` lines when it read this one.
    pub fn handle_read_line(&mut self, line: &str, stops_before: u64, out: Out<'_>) -> Flow {
        self.stops_before_line = stops_before;
        self.handle_line(line, out)
    }

    /// The depth and node caps the manager set (Yixin's `max_depth` and
    /// `max_node`).
    #[must_use]
    pub fn search_caps(&self) -> (Option<u32>, Option<u64>) {
        (self.max_depth, self.max_nodes)
    }

    /// True when `MESSAGE REALTIME` lines are sent (Yixin's `show_detail`).
    #[must_use]
    pub fn realtime(&self) -> bool {
        self.realtime
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
            let command = self.pending.take().map_or("BOARD", |p| p.command);
            out(&format!(
                "ERROR {command} was not closed by DONE: position discarded, previous one kept"
            ));
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
                self.pending = Some(PendingBoard::new("BOARD", true));
            }
            Command::YxBoard => {
                self.pending = Some(PendingBoard::new("YXBOARD", false));
            }
            Command::Takeback(x, y) => self.takeback(x, y, out),
            Command::Info(key, value) => self.info(key, &value, out),
            Command::About => out(&self.brain.about()),
            Command::End => return Flow::Quit,
            Command::Stop => out("DEBUG no search to stop"),
            Command::YxNbest(n) => self.nbest(n, out),
            Command::YxShowForbid => match &self.game {
                Some(g) => out(&yixin::forbid_line(&g.board, self.rule)),
                None => out("ERROR no game: send START first"),
            },
            Command::YxHashClear => self.brain.clear_hash(),
            Command::YxShowInfo => {
                for line in yixin::show_info_lines() {
                    out(&line);
                }
            }
            Command::Swap2Board => {
                let mut pending = PendingBoard::new("SWAP2BOARD", false);
                pending.swap2 = true;
                self.pending = Some(pending);
            }
            Command::YxBalance { stones, score } => self.balance(usize::from(stones), score, out),
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
                let size = game.board.size();
                self.game = Some(game);
                self.pending = None;
                self.brain.new_game();
                // START is answered before any move's clock runs, and a
                // Gomocup manager starts a new process for each game.
                self.brain.warm_up(size, self.rule);
                out("OK");
            }
            None => out(&format!(
                "ERROR unsupported board size {w}: supported sizes are {MIN_SIZE} to {MAX_SIZE}"
            )),
        }
    }

    /// The point `(x, y)` of the current game, or the error line to send.
    pub(super) fn point_on_board(&self, x: u32, y: u32) -> Result<Point, String> {
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
        if self.opening_rule == OpeningRule::Swap1 {
            return self.swap1_open(out);
        }
        self.play_own_move(1, out);
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
        if self.swap1_choice_due() {
            return self.swap1_reply(out);
        }
        self.play_own_move(1, out);
    }

    /// `YXNBEST n`: searches the position as it stands for the side to
    /// move, reporting the `n` best moves after each iteration, then
    /// plays and sends the best one as a turn would (Yixin Board takes
    /// that answer as the engine's move).
    fn nbest(&mut self, n: u32, out: Out<'_>) {
        if !(1..=MAX_NBEST).contains(&n) {
            out(&format!(
                "ERROR YXNBEST needs a number of moves from 1 to {MAX_NBEST}, not {n}"
            ));
            return;
        }
        let Some(game) = &mut self.game else {
            out("ERROR no game: send START first");
            return;
        };
        // Whoever is to move, which after YXBOARD is the side whose
        // stones came as field 1.
        if let Some(side) = game.board.side_to_move_by_count() {
            game.me = Some(side);
        } else if game.me.is_none() {
            game.me = Some(Stone::Black);
        }
        self.play_own_move(n as usize, out);
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
        if self.pending.as_ref().is_some_and(|p| p.swap2) {
            return self.swap2_line(line, out);
        }
        match parse_board_line(line) {
            Ok(BoardLine::Done) => {
                if let Some(pending) = self.pending.take() {
                    self.finish_board(pending, out);
                }
            }
            Ok(BoardLine::Stone { x, y, field }) => {
                let p = match self.point_on_board(x, y) {
                    Ok(p) => p,
                    Err(e) => return out(&format!("{e} (board line ignored)")),
                };
                let Some(pending) = self.pending.as_mut() else {
                    return;
                };
                if pending.stones.iter().any(|(q, _)| *q == p) {
                    return out(&format!(
                        "ERROR point {x},{y} is given twice in {} (line ignored)",
                        pending.command
                    ));
                }
                pending.stones.push((p, field));
            }
            Err(e) => out(&format!("ERROR {e} (board line ignored)")),
        }
    }

    fn finish_board(&mut self, pending: PendingBoard, out: Out<'_>) {
        let Some(game) = &self.game else {
            out(&format!(
                "ERROR no game: send START first ({} ignored)",
                pending.command
            ));
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
        if pending.then_move {
            if self.swap1_choice_due() {
                return self.swap1_reply(out);
            }
            self.play_own_move(1, out);
        }
    }

    fn info(&mut self, key: InfoKey, value: &str, out: Out<'_>) {
        let number = || parse_number(value).map_err(|e| e.to_string());
        let result: Result<(), String> = match key {
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
                self.opening_rule = choice.opening;
                if let Some(note) = choice.note {
                    out(&format!("MESSAGE {note}"));
                }
            }),
            InfoKey::Folder => {
                self.folder = Some(value.to_string());
                Ok(())
            }
            InfoKey::Evaluate => parse_xy(value).map(|_| ()).map_err(|e| e.to_string()),
            InfoKey::MaxNode => yixin::parse_max_node(value).map(|n| self.max_nodes = n),
            InfoKey::MaxDepth => yixin::parse_max_depth(value).map(|d| self.max_depth = d),
            InfoKey::HashSize => number().map(|kb| {
                let mb = hash_mb_for_kb(kb);
                if mb != self.hash_mb {
                    self.hash_mb = mb;
                    self.brain.set_hash_mb(mb);
                }
            }),
            InfoKey::ThreadNum => yixin::parse_thread_num(value).map(|(n, note)| {
                self.brain.set_threads(n);
                if let Some(note) = note {
                    out(&format!("MESSAGE {note}"));
                }
            }),
            InfoKey::ShowDetail => yixin::parse_show_detail(value).map(|r| self.realtime = r),
            InfoKey::YixinIgnored(name) => parse_number(value)
                .map(|_| ())
                .map_err(|e| format!("{name}: {e}")),
            InfoKey::Other(_) => Ok(()),
        };
        if let Err(e) = result {
            out(&format!("ERROR bad INFO value: {e}"));
        }
    }

    /// Searches the current position, ranking `multipv` best moves, plays
    /// the best on our board and sends it.
    pub(super) fn play_own_move(&mut self, multipv: usize, out: Out<'_>) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let budget = self.time.budget_at(game.board.stone_count());
        self.play_own_move_within(multipv, budget, out);
    }

    /// [`Session::play_own_move`] within `budget` (what is left of a turn
    /// an opening decision began).
    pub(super) fn play_own_move_within(&mut self, multipv: usize, budget: Budget, out: Out<'_>) {
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
        let req = Think {
            budget,
            max_depth: self.max_depth,
            max_nodes: self.max_nodes,
            multipv,
        };
        self.arm_stop();
        let size = game.board.size();
        let realtime = self.realtime;
        let chosen = {
            let _watchdog = Watchdog::start(req.budget.hard, Arc::clone(&self.stop));
            let mut on_info = |info: &SearchInfo| {
                out(&progress_message(info, me, size));
                if multipv > 1 {
                    for line in yixin::nbest_lines(info, me, size) {
                        out(&line);
                    }
                }
                if realtime {
                    for line in yixin::realtime_lines(info, size) {
                        out(&line);
                    }
                }
            };
            self.brain.think(&position, &req, &self.stop, &mut on_info)
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

impl Session {
    /// Lowers the stop flag for a new search, unless `END` was read or a
    /// `STOP` was read after the line that starts this search.
    pub(super) fn arm_stop(&self) {
        // Lower first, then look: a STOP the reader counts after our look
        // raises the flag after we lowered it, so it is never lost.
        self.stop.store(false, Ordering::SeqCst);
        let late_stop = self
            .stops_read
            .as_ref()
            .is_some_and(|c| c.load(Ordering::SeqCst) > self.stops_before_line);
        if late_stop || self.quit.load(Ordering::SeqCst) {
            self.stop.store(true, Ordering::SeqCst);
        }
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
pub(super) struct Watchdog {
    _cancel: mpsc::Sender<()>,
}

impl Watchdog {
    pub(super) fn start(after: Duration, stop: Arc<AtomicBool>) -> Watchdog {
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
