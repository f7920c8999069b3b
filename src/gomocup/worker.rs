//! A foreign engine behind a thread, spoken to like the built-in engine's
//! worker: search requests go in tagged with a generation, progress and
//! the chosen move come back with it, and nothing the caller does waits
//! on the engine. The thread owns the process (so on Linux the engine dies
//! with it) and turns every misbehaviour into a [`ForeignReply::Failed`]
//! with words, after which the engine is stopped; the next search starts
//! it afresh.
//!
//! Each search is a fresh game for the engine: `START`, the `INFO`
//! settings, then the position as `BEGIN` (empty board), `BOARD` (the
//! engine answers its move) or, for several ranked moves from an engine
//! that knows them, `YXBOARD` and `YXNBEST n`.
//!
//! A search with no limits at all (the live analysis) is not held to the
//! engine's time per move: it runs until it is stopped, as the built-in
//! engine's does. The protocol has no common "think until told" command
//! (Rapfi reads `timeout_turn 0` with `timeout_match 0` as that, but the
//! protocol itself says 0 means "as fast as possible"), so the position
//! is asked again and again in time slices that double, each answer
//! reported as progress; the engine keeps its table between slices (no
//! `START`), so each slice starts where the last one left off. An engine
//! that answers a slice in a small part of it has nothing more to find (a
//! proven result, a forced move): the analysis ends there.
//!
//! An engine left idle for [`IDLE_END`] is ended; the next search starts
//! it again.

use super::descriptor::{About, EngineDescriptor};
use super::process::{
    greeting_failure, is_about_answer, is_move_attempt, EngineError, EngineFailure, EngineProcess,
    HANDSHAKE,
};
use super::reports::{
    fill, parse_depth_line, parse_ranked, ranked_with_best_first, readable_line, reported_depth,
};
use crate::engine::WorkerGone;
use crate::engine::{Candidate, Position, Score, SearchInfo, SearchRequest, SearchResult, Waker};
use crate::protocol::command::parse_xy;
use crate::rules::{renju, Point, Stone};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Lateness tolerated past the engine's turn limit before it counts as
/// hung: process scheduling on a busy machine, and the engine's own
/// margin for writing its answer.
pub const ANSWER_GRACE: Duration = Duration::from_millis(1_000);

/// How often the thread looks at the engine's output while a search runs.
/// Short enough that a reply reaches the window within a frame.
const TICK: Duration = Duration::from_millis(5);

/// The first time slice of an analysis (a search with no limits): short,
/// so the first candidates come soon, also from an engine that reports
/// nothing until it answers.
pub const ANALYSIS_FIRST_SLICE: Duration = Duration::from_millis(1_000);

/// The longest time slice of an analysis. Doubling stops here: a slice
/// this long already costs the engine little to repeat, and some engines
/// read `timeout_turn` into 32 bits of milliseconds.
pub const ANALYSIS_LONGEST_SLICE: Duration = Duration::from_secs(30 * 60);

/// An analysis slice answered in less than its length divided by this has
/// settled: the engine found nothing to think about (a proven result, a
/// forced move) and would answer the next slice as fast, so the analysis
/// ends. Engines that stop early by design use a quarter to a third of
/// their limit (PentaZen 26–37%); this stays well below.
const ANALYSIS_SETTLED_DIVISOR: u32 = 8;

/// How long an engine may stay idle (no search) before it is ended, so an
/// engine left after its game or after the analysis was turned off does
/// not hold its memory and threads until the app quits. The next search
/// starts it again, as after a failure.
pub const IDLE_END: Duration = Duration::from_secs(60);

/// How long an engine whose search is no longer wanted gets to answer
/// `YXSTOP` before it is killed and started afresh for the next search:
/// engines that do not know the command would otherwise keep the next
/// position waiting for their whole turn.
const STOP_GRACE: Duration = Duration::from_millis(300);

/// What the thread sends back.
#[derive(Debug, Clone)]
pub enum ForeignReply {
    /// Ranked moves the engine reported (`YXNBEST`), for `generation`.
    Info {
        /// The request's tag.
        generation: u64,
        /// The candidates so far.
        info: SearchInfo,
    },
    /// A `MESSAGE` (or `ERROR`) line the engine printed while searching,
    /// its moves in this app's names (lines whose moves cannot be read for
    /// sure are not sent: see [`super::readable_line`]).
    Message {
        /// The request's tag.
        generation: u64,
        /// The line without its `MESSAGE` word.
        text: String,
    },
    /// The engine answered its move.
    Done {
        /// The request's tag.
        generation: u64,
        /// Its move, with the candidates it reported.
        result: SearchResult,
    },
    /// The engine misbehaved and was stopped.
    Failed {
        /// The search it was on, if any.
        generation: Option<u64>,
        /// Which engine, and what it did.
        failure: EngineFailure,
    },
}

impl ForeignReply {
    /// The tag of the request this reply belongs to, if any.
    #[must_use]
    pub fn generation(&self) -> Option<u64> {
        match self {
            ForeignReply::Info { generation, .. }
            | ForeignReply::Message { generation, .. }
            | ForeignReply::Done { generation, .. } => Some(*generation),
            ForeignReply::Failed { generation, .. } => *generation,
        }
    }
}

enum Command {
    // Boxed: a request is some 200 bytes, the other commands none.
    Search(Box<SearchRequest>),
    Stop,
    NewGame,
}

/// A foreign engine driven on its own thread.
pub struct ForeignWorker {
    tx: Option<Sender<Command>>,
    rx: Receiver<ForeignReply>,
    handle: Option<JoinHandle<()>>,
}

impl ForeignWorker {
    /// Starts the thread; the engine itself starts with the first search.
    /// `waker` is called after every reply.
    #[must_use]
    pub fn spawn(engine: EngineDescriptor, waker: Option<Waker>) -> ForeignWorker {
        ForeignWorker::spawn_with_handshake(engine, waker, HANDSHAKE)
    }

    /// Like [`ForeignWorker::spawn`], with the time the engine gets to
    /// answer `ABOUT` and `START` (tests of an engine that never answers
    /// shorten it).
    #[must_use]
    pub fn spawn_with_handshake(
        engine: EngineDescriptor,
        waker: Option<Waker>,
        handshake: Duration,
    ) -> ForeignWorker {
        ForeignWorker::spawn_with_times(engine, waker, handshake, IDLE_END)
    }

    /// Like [`ForeignWorker::spawn_with_handshake`], with the time an idle
    /// engine is kept before it is ended (tests shorten it).
    #[must_use]
    pub fn spawn_with_times(
        engine: EngineDescriptor,
        waker: Option<Waker>,
        handshake: Duration,
        idle: Duration,
    ) -> ForeignWorker {
        let (tx, commands) = mpsc::channel();
        let (replies, rx) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("foreign-engine".into())
            .spawn(move || {
                Driver {
                    engine,
                    process: None,
                    running: None,
                    pending: None,
                    clock_ms: None,
                    about_ok: true,
                    handshake,
                    idle,
                    replies,
                    waker,
                }
                .run(&commands);
            })
            .ok();
        ForeignWorker {
            tx: Some(tx),
            rx,
            handle,
        }
    }

    fn send(&self, c: Command) {
        if let Some(tx) = &self.tx {
            let _ = tx.send(c);
        }
    }

    /// Searches `request.position` under the engine's own time settings,
    /// or, with no limits in `request.params`, until stopped (in growing
    /// time slices). A search still running is stopped first (its answer
    /// is dropped).
    pub fn search(&mut self, request: SearchRequest) {
        self.send(Command::Search(Box::new(request)));
    }

    /// Asks the engine to answer now (`YXSTOP`; an engine that does not
    /// know it answers when its time is up). An analysis ends with that
    /// answer.
    pub fn stop(&self) {
        self.send(Command::Stop);
    }

    /// A new game: the game clock starts full again.
    pub fn new_game(&mut self) {
        self.send(Command::NewGame);
    }

    /// A reply if one is waiting; never blocks.
    ///
    /// # Errors
    /// [`WorkerGone`] when the thread has ended (it panicked).
    pub fn poll(&self) -> Result<Option<ForeignReply>, WorkerGone> {
        match self.rx.try_recv() {
            Ok(r) => Ok(Some(r)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(WorkerGone),
        }
    }

    /// Ends the engine and waits for the thread, at most `wait` (the
    /// engine gets `END`, then a kill).
    pub fn shutdown(mut self, wait: Duration) {
        self.tx = None;
        if let Some(h) = self.handle.take() {
            let until = Instant::now() + wait;
            while !h.is_finished() && Instant::now() < until {
                std::thread::sleep(Duration::from_millis(5));
            }
            if h.is_finished() {
                let _ = h.join();
            }
        }
    }
}

impl Drop for ForeignWorker {
    /// Closing the channel tells the thread to end its engine; nobody
    /// waits for it (the UI thread must not).
    fn drop(&mut self) {
        self.tx = None;
    }
}

/// The search the engine is on.
struct Running {
    generation: u64,
    position: Position,
    /// How many ranked moves were asked for (at least 1).
    multipv: usize,
    started: Instant,
    /// The turn limit it was given, milliseconds.
    turn_ms: u64,
    deadline: Instant,
    /// Set once its answer is no longer wanted (a newer search waits).
    dropped: bool,
    candidates: Vec<Candidate>,
    /// The list before the last rank-1 line: the last whole iteration's,
    /// when the one under way was cut short by the engine's answer.
    previous: Vec<Candidate>,
    depth: u32,
    /// A line that was no move, kept to explain a time-out.
    garbage: Option<String>,
    /// Set once asked to stop: the answer ends an analysis.
    stopping: bool,
    /// The analysis this search is a slice of, if it is one.
    analysis: Option<Analysis>,
}

/// An analysis (a search with no limits) between its slices.
struct Analysis {
    /// The request, asked again for every slice.
    request: SearchRequest,
    /// The candidates reported so far, and the depth they come from: a
    /// new slice reports its own only once it is as deep.
    shown: Vec<Candidate>,
    depth: u32,
}

/// The `ABOUT` names of this project's own engines (`pbrain-gomoku` and
/// its baseline), whose report lines name moves as the app does.
const OWN_ENGINE_NAME: &str = "gomoku";
/// See [`OWN_ENGINE_NAME`].
const OWN_BASELINE_NAME: &str = "gomoku-baseline";

/// A duration in whole milliseconds, as the protocol counts.
fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// True for a search with no limit at all: it runs until stopped.
fn unlimited(request: &SearchRequest) -> bool {
    let l = &request.params.limits;
    l.soft_time.is_none() && l.hard_time.is_none() && l.depth.is_none() && l.nodes.is_none()
}

struct Driver {
    engine: EngineDescriptor,
    process: Option<EngineProcess>,
    running: Option<Running>,
    pending: Option<SearchRequest>,
    /// Game clock left, milliseconds, when the engine plays on a clock.
    clock_ms: Option<u64>,
    /// Whether the running engine answered `ABOUT` in the protocol's form.
    about_ok: bool,
    /// How long `ABOUT` and `START` may take.
    handshake: Duration,
    /// How long a running engine may wait for a search before it is ended.
    idle: Duration,
    replies: Sender<ForeignReply>,
    waker: Option<Waker>,
}

impl Driver {
    fn run(&mut self, commands: &Receiver<Command>) {
        loop {
            let command = if self.running.is_some() {
                match commands.recv_timeout(TICK) {
                    Ok(c) => Some(c),
                    Err(RecvTimeoutError::Timeout) => None,
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            } else if self.process.is_some() {
                match commands.recv_timeout(self.idle) {
                    Ok(c) => Some(c),
                    Err(RecvTimeoutError::Timeout) => {
                        // Idle too long: ended now, started again by the
                        // next search.
                        if let Some(p) = self.process.take() {
                            p.shutdown();
                        }
                        None
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            } else {
                match commands.recv() {
                    Ok(c) => Some(c),
                    Err(_) => break,
                }
            };
            match command {
                Some(Command::Search(r)) => {
                    if let Some(run) = &mut self.running {
                        run.dropped = true;
                        run.deadline = run.deadline.min(Instant::now() + STOP_GRACE);
                        self.stop_engine();
                        self.pending = Some(*r);
                    } else {
                        self.start(*r);
                    }
                }
                Some(Command::Stop) => self.stop_engine(),
                Some(Command::NewGame) => {
                    self.clock_ms = self.engine.settings.time.match_ms();
                }
                None => {}
            }
            self.pump();
        }
        if let Some(p) = self.process.take() {
            p.shutdown();
        }
    }

    fn reply(&self, r: ForeignReply) {
        let _ = self.replies.send(r);
        if let Some(w) = &self.waker {
            w();
        }
    }

    fn name(&self) -> String {
        self.engine.name()
    }

    fn stop_engine(&mut self) {
        if let Some(run) = &mut self.running {
            run.stopping = true;
            if run.analysis.is_some() {
                // A slice may be long: an engine that does not know
                // YXSTOP is not waited for.
                run.deadline = run.deadline.min(Instant::now() + STOP_GRACE);
            }
            if let Some(p) = &mut self.process {
                let _ = p.send("YXSTOP");
            }
        }
    }

    /// The engine misbehaved: stop it, and say so unless the search it
    /// was on is no longer wanted (an engine slow to stop is only
    /// replaced).
    fn fail(&mut self, e: &EngineError) {
        let generation = self
            .running
            .take()
            .filter(|r| !r.dropped)
            .map(|r| r.generation);
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
        if generation.is_some() {
            self.reply(ForeignReply::Failed {
                generation,
                failure: e.of(&self.name()),
            });
        }
    }

    fn start(&mut self, r: SearchRequest) {
        if let Err(e) = self.begin(&r) {
            self.could_not_ask(r.generation, &e);
        }
    }

    /// Asking the engine for a search failed: it is stopped, and the
    /// search it was for told.
    fn could_not_ask(&mut self, generation: u64, e: &EngineError) {
        self.running = None;
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
        self.reply(ForeignReply::Failed {
            generation: Some(generation),
            failure: e.of(&self.name()),
        });
    }

    /// Starts the engine if need be and sends it the position.
    fn begin(&mut self, r: &SearchRequest) -> Result<(), EngineError> {
        if self.process.is_none() {
            let mut p = EngineProcess::spawn(&self.engine.spec)?;
            p.keep_messages(true);
            // Silence stays "never answered ABOUT": a slow engine is
            // silent too.
            let about = match p.ask("ABOUT", self.handshake) {
                Err(e @ EngineError::Crashed(_)) => return Err(greeting_failure(false, e)),
                other => other?,
            };
            self.about_ok = is_about_answer(&about);
            if self.engine.about.name.is_empty() {
                // Not probed: its messages can name it from now on.
                self.engine.about = About::parse(&about);
            }
            self.process = Some(p);
            if self.clock_ms.is_none() {
                self.clock_ms = self.engine.settings.time.match_ms();
            }
        }
        let p = self.process.as_mut().expect("just started");
        p.drain();
        let _ = p.take_messages();
        let size = r.position.board.size();
        let about_ok = self.about_ok;
        let ok = p
            .ask(&format!("START {size}"), self.handshake)
            .map_err(|e| greeting_failure(about_ok, e))?;
        if !ok.eq_ignore_ascii_case("OK") {
            return Err(greeting_failure(
                about_ok,
                EngineError::Protocol(format!("answered '{ok}' to START {size}")),
            ));
        }
        for line in self.engine.settings.info_lines(r.position.rule) {
            p.send(&line)?;
        }
        if unlimited(r) {
            // An analysis: no game clock, and its own time per slice.
            let slice = millis(ANALYSIS_FIRST_SLICE);
            p.send("INFO timeout_match 0")?;
            let analysis = Analysis {
                request: r.clone(),
                shown: Vec::new(),
                depth: 0,
            };
            return self.ask(r, slice, Some(analysis));
        }
        let mut turn_ms = self.engine.settings.time.turn_ms();
        if let Some(left) = self.clock_ms {
            p.send(&format!("INFO time_left {left}"))?;
            turn_ms = turn_ms.min(left);
        }
        self.ask(r, turn_ms, None)
    }

    /// Sends the position of `r` to the running engine and waits for its
    /// answer in `turn_ms` (an analysis slice's length is sent first).
    fn ask(
        &mut self,
        r: &SearchRequest,
        turn_ms: u64,
        analysis: Option<Analysis>,
    ) -> Result<(), EngineError> {
        let p = self.process.as_mut().expect("running");
        if analysis.is_some() {
            p.send(&format!("INFO timeout_turn {turn_ms}"))?;
        }
        let nbest = self.engine.nbest && r.params.multipv > 1;
        let stones = stones_in_order(&r.position);
        if nbest {
            p.send("YXBOARD")?;
            send_stones(p, &stones, r.position.to_move)?;
            p.send(&format!("YXNBEST {}", r.params.multipv))?;
        } else if stones.is_empty() {
            p.send("BEGIN")?;
        } else {
            p.send("BOARD")?;
            send_stones(p, &stones, r.position.to_move)?;
        }
        let started = Instant::now();
        let turn = Duration::from_millis(turn_ms);
        // An analysis has no game to lose on time: a slice may run long
        // (a busy machine, the engine setting up its table on the first
        // one) before the engine counts as hung.
        let patience = if analysis.is_some() {
            turn
        } else {
            Duration::ZERO
        };
        self.running = Some(Running {
            generation: r.generation,
            position: r.position.clone(),
            multipv: r.params.multipv.max(1),
            started,
            turn_ms,
            deadline: started + turn + ANSWER_GRACE + patience,
            dropped: false,
            candidates: Vec::new(),
            previous: Vec::new(),
            depth: 0,
            garbage: None,
            stopping: false,
            analysis,
        });
        Ok(())
    }

    /// The next slice of an analysis, twice as long as the last
    /// (`last_ms`), on the engine's kept table.
    fn next_slice(&mut self, analysis: Analysis, last_ms: u64) {
        let slice = last_ms
            .saturating_mul(2)
            .min(millis(ANALYSIS_LONGEST_SLICE));
        let r = analysis.request.clone();
        if let Err(e) = self.ask(&r, slice, Some(analysis)) {
            self.could_not_ask(r.generation, &e);
        }
    }

    /// Reads what the engine wrote, and ends the search on its answer,
    /// its fault or its time.
    fn pump(&mut self) {
        while self.running.is_some() {
            let Some(p) = self.process.as_mut() else {
                return;
            };
            let line = p.try_line();
            let messages = p.take_messages();
            self.messages(messages);
            match line {
                Err(e) => self.fail(&e),
                Ok(Some(line)) => self.line(line),
                Ok(None) => {
                    let run = self.running.as_ref().expect("checked");
                    if Instant::now() < run.deadline {
                        return;
                    }
                    if run.stopping && !run.dropped && run.analysis.is_some() {
                        // An analysis turned off, on an engine that does
                        // not know YXSTOP: what it found is the answer.
                        self.end_analysis_unanswered();
                        continue;
                    }
                    let ms = run.turn_ms;
                    let e = match &run.garbage {
                        Some(g) => EngineError::Protocol(format!(
                            "wrote '{g}' instead of a move, and no move in {ms} ms"
                        )),
                        None => EngineError::Timeout(ms),
                    };
                    self.fail(&e);
                }
            }
        }
        // The engine is free (it answered, or was stopped for good): the
        // search waiting for it starts now.
        if let Some(r) = self.pending.take() {
            self.start(r);
        }
    }

    /// A stopped analysis whose engine did not answer in time: the engine
    /// is ended (the next search starts it again) and the candidates shown
    /// so far are the result.
    fn end_analysis_unanswered(&mut self) {
        let Some(run) = self.running.take() else {
            return;
        };
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
        let shown = run.analysis.map(|a| (a.shown, a.depth)).unwrap_or_default();
        let (candidates, depth) = if run.depth >= shown.1 && !run.candidates.is_empty() {
            (fill(run.candidates, &run.previous, run.multipv), run.depth)
        } else {
            shown
        };
        let first = candidates.first().cloned();
        self.reply(ForeignReply::Done {
            generation: run.generation,
            result: SearchResult {
                best: first.as_ref().map(|c| c.mv),
                score: first.as_ref().map_or(Score(0), |c| c.score),
                depth,
                pv: first.map(|c| c.pv).unwrap_or_default(),
                nodes: 0,
                elapsed: run.started.elapsed(),
                candidates,
            },
        });
    }

    /// True when the engine is this project's own `pbrain-gomoku`, whose
    /// lines name moves as the app does.
    fn own_names(&self) -> bool {
        matches!(
            self.engine.about.name.as_str(),
            OWN_ENGINE_NAME | OWN_BASELINE_NAME
        )
    }

    fn messages(&mut self, lines: Vec<String>) {
        let own = self.own_names();
        let Some(run) = self.running.as_mut() else {
            return;
        };
        let size = run.position.board.size();
        // The engine's own lines of a one-move search are read as its
        // best move's report; in a multi-move one they repeat a ranked
        // line and would cut the list short.
        let single = run.multipv == 1;
        // A new slice of an analysis goes over ground already shown
        // before it gets deeper: its lines of lesser depths are old news.
        let shown_depth = run.analysis.as_ref().map_or(0, |a| a.depth);
        let mut ranked = false;
        let mut out = Vec::new();
        for line in lines {
            // Some engines put raw control bytes in their reports.
            let text: String = line
                .split_once(char::is_whitespace)
                .map_or("", |(_, rest)| rest)
                .trim()
                .chars()
                .filter(|c| !c.is_control())
                .collect();
            let read = parse_ranked(&text, size)
                .or_else(|| single.then(|| parse_depth_line(&text, size)).flatten());
            if let Some((rank, c)) = read {
                if rank == 1 {
                    run.previous = std::mem::take(&mut run.candidates);
                }
                run.depth = run.depth.max(c.depth);
                run.candidates.push(c);
                ranked = true;
            } else {
                let stated = reported_depth(&text);
                if let Some(d) = stated {
                    run.depth = run.depth.max(d);
                }
                let old_news = stated.is_some_and(|d| d < shown_depth);
                if !text.is_empty() && !text.starts_with("REALTIME") && !run.dropped && !old_news {
                    // Shown in the app's names, or not at all.
                    out.extend(readable_line(&text, size, own));
                }
            }
        }
        if run.dropped {
            return;
        }
        let generation = run.generation;
        let mut list = fill(run.candidates.clone(), &run.previous, run.multipv);
        if let Some(a) = &run.analysis {
            if run.depth < a.depth {
                // A new slice going over ground already shown.
                ranked = false;
            }
            list = fill(list, &a.shown, run.multipv);
        }
        let info = ranked.then(|| search_info(run.depth, run.started.elapsed(), list));
        for text in out {
            self.reply(ForeignReply::Message { generation, text });
        }
        if let Some(info) = info {
            self.reply(ForeignReply::Info { generation, info });
        }
    }

    /// A line that is not a `MESSAGE`: the move, a complaint, or garbage.
    fn line(&mut self, line: String) {
        let own = self.own_names();
        let run = self.running.as_mut().expect("searching");
        let word = line.split_whitespace().next().unwrap_or("");
        if word.eq_ignore_ascii_case("ERROR") || word.eq_ignore_ascii_case("UNKNOWN") {
            // An engine may complain about a setting and still move.
            let size = run.position.board.size();
            if let (false, Some(text)) = (run.dropped, readable_line(&line, size, own)) {
                let generation = run.generation;
                self.reply(ForeignReply::Message { generation, text });
            }
            return;
        }
        if !is_move_attempt(&line) {
            // Some engines break a report line in two; only a move counts,
            // and an engine that never sends one runs out of time.
            run.garbage.get_or_insert(line);
            return;
        }
        let checked = check_move(&line, &run.position);
        let run = self.running.take().expect("searching");
        let elapsed = run.started.elapsed();
        if let (Some(left), None) = (&mut self.clock_ms, &run.analysis) {
            *left = left.saturating_sub(millis(elapsed));
        }
        let best = match checked {
            Ok(p) => p,
            Err(why) => {
                self.running = Some(run);
                return self.fail(&EngineError::Protocol(why));
            }
        };
        if run.dropped {
            return;
        }
        let mut candidates =
            ranked_with_best_first(run.candidates, &run.previous, best, run.depth, run.multipv);
        let mut depth = run.depth;
        if let Some(mut a) = run.analysis {
            if depth < a.depth && !a.shown.is_empty() {
                // A slice cut short by a stop, less deep than what is
                // shown: the deeper list stands.
                candidates = a.shown.clone();
                depth = a.depth;
            }
            let slice = Duration::from_millis(run.turn_ms);
            let settled = elapsed * ANALYSIS_SETTLED_DIVISOR < slice;
            if !run.stopping && !settled {
                a.shown = candidates.clone();
                a.depth = depth;
                let info = search_info(depth, elapsed, candidates);
                self.reply(ForeignReply::Info {
                    generation: run.generation,
                    info,
                });
                return self.next_slice(a, run.turn_ms);
            }
        }
        let first = candidates[0].clone();
        self.reply(ForeignReply::Done {
            generation: run.generation,
            result: SearchResult {
                best: Some(first.mv),
                score: first.score,
                depth,
                pv: first.pv,
                nodes: 0,
                elapsed,
                candidates,
            },
        });
    }
}

/// A progress report of ranked moves, the best first.
fn search_info(depth: u32, elapsed: Duration, candidates: Vec<Candidate>) -> SearchInfo {
    let first = candidates.first();
    SearchInfo {
        depth,
        seldepth: depth,
        score: first.map_or(Score(0), |c| c.score),
        pv: first.map(|c| c.pv.clone()).unwrap_or_default(),
        nodes: 0,
        nps: 0,
        elapsed,
        candidates,
    }
}

/// The stones of a position, in the order they were played when the
/// history is known, otherwise row by row.
fn stones_in_order(position: &Position) -> Vec<(Point, Stone)> {
    let board = &position.board;
    let from_history: Vec<(Point, Stone)> = position
        .history
        .iter()
        .filter_map(|&p| board.get(p).map(|s| (p, s)))
        .collect();
    if from_history.len() == board.stone_count() {
        from_history
    } else {
        board.stones().collect()
    }
}

/// The lines of a `BOARD`: field 1 for the engine's own stones (the side
/// to move), 2 for the opponent's, then `DONE`.
fn send_stones(
    p: &mut EngineProcess,
    stones: &[(Point, Stone)],
    to_move: Stone,
) -> Result<(), EngineError> {
    for &(q, s) in stones {
        let field = if s == to_move { 1 } else { 2 };
        p.send(&format!("{},{},{field}", q.x, q.y))?;
    }
    p.send("DONE")
}

/// The engine's answer as a point it may play, or why not.
fn check_move(line: &str, position: &Position) -> Result<Point, String> {
    let (x, y) = parse_xy(line).map_err(|_| format!("answered '{line}', which is not a move"))?;
    let board = &position.board;
    let p = u8::try_from(x)
        .ok()
        .zip(u8::try_from(y).ok())
        .map(|(x, y)| Point::new(x, y))
        .filter(|q| board.contains(*q))
        .ok_or_else(|| format!("played {x},{y}, off the board"))?;
    if !board.is_empty_at(p) {
        return Err(format!("played {x},{y}, an occupied point"));
    }
    if position.rule.has_forbidden_moves()
        && position.to_move == Stone::Black
        && renju::forbidden(board, p).is_some()
    {
        return Err(format!("played {x},{y}, a point forbidden to Black"));
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rule;

    #[test]
    fn answers_are_checked_against_the_position() {
        let pos = Position::from_moves(15, Rule::Freestyle, &[Point::new(7, 7)]).unwrap();
        assert_eq!(check_move("7,8", &pos), Ok(Point::new(7, 8)));
        assert!(check_move("7,7", &pos).unwrap_err().contains("occupied"));
        assert!(check_move("15,2", &pos)
            .unwrap_err()
            .contains("off the board"));
        assert!(check_move("a,b", &pos).unwrap_err().contains("not a move"));
        let stones = stones_in_order(&pos);
        assert_eq!(stones, [(Point::new(7, 7), Stone::Black)]);
    }
}
