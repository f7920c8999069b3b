//! The one way from the app to an engine.
//!
//! The game's AI and its hints, the live analysis and the game review all
//! search through this client. Each of those jobs has a lane of its own
//! (its own engine thread and transposition table), so a review never
//! delays the AI's move. For every lane the client keeps what the three
//! callers used to keep each for itself: the thread (started on first
//! use), the generation that tags each request so a late reply to a
//! cancelled search is dropped, the restart after the thread dies (say
//! so, start a new thread and run the lost search again, at most
//! [`MAX_ENGINE_RESTARTS`] times in a row), and cancellation.
//!
//! Nothing here waits. Replies are read by [`EngineClient::poll`]; with a
//! waker set ([`EngineClient::set_waker`]) every reply asks the window
//! for a frame the moment it is sent, so the window needs no timer to
//! notice the engine.
//!
//! A lane may be backed by a foreign Gomocup engine instead of the
//! built-in one ([`EngineClient::set_engine`]): a [`ForeignWorker`] thread
//! then owns the engine's process and speaks the same events, plus the
//! engine's `MESSAGE` lines ([`ClientEvent::Message`]). An engine that
//! misbehaves (fails to start, crashes, hangs, floods, answers garbage or
//! an occupied point) is stopped and reported as [`ClientEvent::Failed`]
//! with words naming it; the restart policy is the built-in engine's.

use crate::engine::{
    EngineReply, EngineWorker, Position, SearchInfo, SearchParams, SearchRequest, SearchResult,
    Waker, WorkerGone,
};
use crate::gomocup::{
    EngineDescriptor, EngineFailure, ForeignReply, ForeignWorker, HANDSHAKE, IDLE_END,
};
use std::time::Duration;

/// How long [`EngineClient::shutdown`] waits for each foreign engine to
/// end (`END`, then a kill after the grace).
pub const SHUTDOWN_WAIT: Duration = Duration::from_secs(1);

/// How many times in a row a lane's engine thread is restarted after it
/// dies before the client stops trying (a search that fails on a
/// position would fail again on the same position).
pub const MAX_ENGINE_RESTARTS: u32 = 3;

/// What a search is for. Each lane has its own engine thread.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Lane {
    /// The AI's moves and the hints of the game on the board.
    Game,
    /// The live analysis of the shown position.
    Analysis,
    /// The review of the whole game, one position after another.
    Review,
    /// The second player of a game engines play each other (White's
    /// engine; Black's is on [`Lane::Game`]), with its own engine thread
    /// or process and its own table.
    Opponent,
}

impl Lane {
    /// Every lane, in the order they are polled.
    pub const ALL: [Lane; 4] = [Lane::Game, Lane::Analysis, Lane::Review, Lane::Opponent];

    fn index(self) -> usize {
        self as usize
    }
}

/// Something a lane's engine reported.
#[derive(Debug, Clone)]
pub enum ClientEvent {
    /// Progress of the search tagged `generation`.
    Info {
        /// The lane.
        lane: Lane,
        /// The request's tag.
        generation: u64,
        /// Depth, score, line, candidates.
        info: SearchInfo,
    },
    /// The search tagged `generation` ended (or was stopped with
    /// [`EngineClient::stop`]).
    Done {
        /// The lane.
        lane: Lane,
        /// The request's tag.
        generation: u64,
        /// The chosen move and its score.
        result: SearchResult,
    },
    /// A line a foreign engine printed while on the search tagged
    /// `generation` (its `MESSAGE` lines and complaints), in its own words.
    Message {
        /// The lane.
        lane: Lane,
        /// The request's tag.
        generation: u64,
        /// The line, without the protocol's `MESSAGE` word.
        text: String,
    },
    /// The lane's engine thread died, or its foreign engine misbehaved and
    /// was stopped. With `retry`, a new thread (or a fresh start of the
    /// engine) runs the lost search again under that new tag; without, the
    /// lane has failed [`MAX_ENGINE_RESTARTS`] times in a row and searches
    /// only when asked again (or nothing was in flight).
    Failed {
        /// The lane.
        lane: Lane,
        /// True if a new engine thread took over.
        restarted: bool,
        /// The tag the lost search runs under now, if it runs again.
        retry: Option<u64>,
        /// Which foreign engine failed and what it did (its text is an
        /// English sentence, e.g. `engine 'fake' crashed or exited (exit
        /// status 3)`); `None` for the built-in engine.
        reason: Option<EngineFailure>,
    },
}

impl ClientEvent {
    /// The lane that sent it.
    #[must_use]
    pub fn lane(&self) -> Lane {
        match self {
            ClientEvent::Info { lane, .. }
            | ClientEvent::Done { lane, .. }
            | ClientEvent::Message { lane, .. }
            | ClientEvent::Failed { lane, .. } => *lane,
        }
    }
}

/// What searches for a lane: the built-in engine's thread, or a foreign
/// engine's driver thread.
enum Backend {
    BuiltIn(EngineWorker),
    Foreign(ForeignWorker),
}

/// A reply from either backend.
enum Reply {
    Engine(EngineReply),
    Foreign(ForeignReply),
}

impl Backend {
    fn search(&mut self, request: SearchRequest) {
        match self {
            Backend::BuiltIn(w) => w.search(request),
            Backend::Foreign(w) => w.search(request),
        }
    }

    fn stop(&self) {
        match self {
            Backend::BuiltIn(w) => w.stop(),
            Backend::Foreign(w) => w.stop(),
        }
    }

    fn new_game(&mut self) {
        match self {
            Backend::BuiltIn(w) => w.new_game(),
            Backend::Foreign(w) => w.new_game(),
        }
    }

    fn poll(&self) -> Result<Option<Reply>, WorkerGone> {
        Ok(match self {
            Backend::BuiltIn(w) => w.poll()?.map(Reply::Engine),
            Backend::Foreign(w) => w.poll()?.map(Reply::Foreign),
        })
    }
}

/// One lane: its thread and what it is doing.
struct LaneState {
    hash_mb: usize,
    /// The foreign engine backing the lane, `None` for the built-in one.
    foreign: Option<EngineDescriptor>,
    /// How long a foreign engine may take to answer `ABOUT` and `START`.
    handshake: Duration,
    /// How long a foreign engine is kept running with nothing to search.
    idle: Duration,
    worker: Option<Backend>,
    generation: u64,
    /// The search in flight, kept to run it again if the thread dies.
    in_flight: Option<SearchRequest>,
    /// Deaths since the last search that finished or was asked for anew.
    failures: u32,
    /// While set, replies wait in the channel unread.
    held: bool,
    /// Threads still to be crashed as soon as they start (tests of a
    /// search that kills every engine it runs on).
    crashes_pending: u32,
}

impl LaneState {
    fn new(hash_mb: usize) -> LaneState {
        LaneState {
            hash_mb,
            foreign: None,
            handshake: HANDSHAKE,
            idle: IDLE_END,
            worker: None,
            generation: 0,
            in_flight: None,
            failures: 0,
            held: false,
            crashes_pending: 0,
        }
    }

    fn worker(&mut self, waker: Option<&Waker>) -> &mut Backend {
        let hash_mb = self.hash_mb;
        let fresh = self.worker.is_none();
        let (foreign, handshake, idle) = (&self.foreign, self.handshake, self.idle);
        let worker = self.worker.get_or_insert_with(|| match foreign {
            Some(d) => Backend::Foreign(ForeignWorker::spawn_with_times(
                d.clone(),
                waker.cloned(),
                handshake,
                idle,
            )),
            None => Backend::BuiltIn(EngineWorker::spawn_with_waker(hash_mb, waker.cloned())),
        });
        if let (true, Backend::BuiltIn(w)) = (fresh && self.crashes_pending > 0, &mut *worker) {
            self.crashes_pending -= 1;
            w.crash_for_test();
        }
        worker
    }
}

/// The app's engines, one lane per job.
pub struct EngineClient {
    lanes: [LaneState; 4],
    waker: Option<Waker>,
}

impl EngineClient {
    /// A client whose lanes use transposition tables of `hash_mb`
    /// megabytes for the game, analysis and review, in that order (the
    /// opponent's lane takes the game's size). No thread starts until a
    /// lane is first asked to search.
    #[must_use]
    pub fn new(hash_mb: [usize; 3]) -> EngineClient {
        let [game, analysis, review] = hash_mb;
        EngineClient {
            lanes: [game, analysis, review, game].map(LaneState::new),
            waker: None,
        }
    }

    /// Calls `waker` after every reply from now on (threads already
    /// running keep the waker they started with until they are replaced,
    /// so this is set before the first search).
    pub fn set_waker(&mut self, waker: Waker) {
        self.waker = Some(waker);
    }

    /// True once a waker is set.
    #[must_use]
    pub fn has_waker(&self) -> bool {
        self.waker.is_some()
    }

    fn lane(&self, lane: Lane) -> &LaneState {
        &self.lanes[lane.index()]
    }

    fn lane_mut(&mut self, lane: Lane) -> &mut LaneState {
        &mut self.lanes[lane.index()]
    }

    /// Starts `lane`'s engine now, if it is not running, so that its
    /// first search does not wait for it to set up (the built-in engine
    /// writes its transposition table when its thread starts). Nothing is
    /// searched.
    pub fn prepare(&mut self, lane: Lane) {
        let waker = self.waker.clone();
        self.lane_mut(lane).worker(waker.as_ref());
    }

    /// Starts a search of `position` on `lane`, stopping and forgetting
    /// any search in flight there. Returns the new search's tag.
    pub fn search(&mut self, lane: Lane, position: Position, params: SearchParams) -> u64 {
        let waker = self.waker.clone();
        let l = self.lane_mut(lane);
        l.generation += 1;
        l.failures = 0;
        let request = SearchRequest {
            generation: l.generation,
            position,
            params,
        };
        l.in_flight = Some(request.clone());
        l.worker(waker.as_ref()).search(request);
        l.generation
    }

    /// The tag of the search in flight on `lane`, if any.
    #[must_use]
    pub fn in_flight(&self, lane: Lane) -> Option<u64> {
        self.lane(lane).in_flight.as_ref().map(|r| r.generation)
    }

    /// The tag of the latest request on `lane` (tests check that stale
    /// replies are dropped).
    #[must_use]
    pub fn generation(&self, lane: Lane) -> u64 {
        self.lane(lane).generation
    }

    /// Asks the search in flight to stop and report the best move found
    /// so far (its `Done` still comes).
    pub fn stop(&self, lane: Lane) {
        let l = self.lane(lane);
        if let (Some(w), Some(_)) = (&l.worker, &l.in_flight) {
            w.stop();
        }
    }

    /// Backs `lane` with a foreign engine, or with the built-in one again
    /// (`None`). A search in flight is cancelled and the lane's previous
    /// engine ended (on its own thread: this does not wait); the new one
    /// starts with the next search.
    pub fn set_engine(&mut self, lane: Lane, engine: Option<EngineDescriptor>) {
        self.cancel(lane);
        let l = self.lane_mut(lane);
        l.worker = None;
        l.failures = 0;
        l.foreign = engine;
    }

    /// The foreign engine backing `lane`, `None` for the built-in one.
    #[must_use]
    pub fn engine(&self, lane: Lane) -> Option<&EngineDescriptor> {
        self.lane(lane).foreign.as_ref()
    }

    /// Shortens the time a foreign engine on `lane` gets to answer `ABOUT`
    /// and `START` (tests of an engine that never answers).
    #[doc(hidden)]
    pub fn set_handshake_for_test(&mut self, lane: Lane, handshake: Duration) {
        self.lane_mut(lane).handshake = handshake;
    }

    /// Shortens the time a foreign engine on `lane` is kept running with
    /// nothing to search (tests of ending idle engines); applies to the
    /// engine started next.
    #[doc(hidden)]
    pub fn set_idle_for_test(&mut self, lane: Lane, idle: Duration) {
        self.lane_mut(lane).idle = idle;
    }

    /// Ends every lane's engine. Foreign engines are sent `END` and killed
    /// if they linger, waiting up to [`SHUTDOWN_WAIT`] each: for the app's
    /// exit, so that no engine process outlives it.
    pub fn shutdown(&mut self) {
        for l in &mut self.lanes {
            l.in_flight = None;
            match l.worker.take() {
                Some(Backend::Foreign(w)) => w.shutdown(SHUTDOWN_WAIT),
                Some(Backend::BuiltIn(w)) => drop(w),
                None => {}
            }
        }
    }

    /// Stops the search in flight and drops whatever it still sends: the
    /// position it was for is gone.
    pub fn cancel(&mut self, lane: Lane) {
        let l = self.lane_mut(lane);
        if l.in_flight.take().is_some() {
            if let Some(w) = &l.worker {
                w.stop();
            }
            // Replies still on their way carry the old tag.
            l.generation += 1;
        }
    }

    /// Cancels any search and clears what the lane's engine learnt (a new
    /// game).
    pub fn new_game(&mut self, lane: Lane) {
        self.cancel(lane);
        let l = self.lane_mut(lane);
        l.failures = 0;
        if let Some(w) = l.worker.as_mut() {
            w.new_game();
        }
    }

    /// While `held`, `lane`'s replies stay queued and unread; releasing
    /// reads them at the next [`EngineClient::poll`].
    pub fn hold(&mut self, lane: Lane, held: bool) {
        self.lane_mut(lane).held = held;
    }

    /// Everything the engines sent since the last call, oldest first per
    /// lane, with replies to cancelled searches dropped. Never waits.
    pub fn poll(&mut self) -> Vec<ClientEvent> {
        let mut events = Vec::new();
        for lane in Lane::ALL {
            self.poll_lane(lane, &mut events);
        }
        events
    }

    fn poll_lane(&mut self, lane: Lane, events: &mut Vec<ClientEvent>) {
        if self.lane(lane).held {
            return;
        }
        loop {
            let l = self.lane_mut(lane);
            let reply = match l.worker.as_ref().map(Backend::poll) {
                None | Some(Ok(None)) => return,
                Some(Ok(Some(reply))) => reply,
                Some(Err(WorkerGone)) => {
                    events.push(self.recover(lane, None));
                    return;
                }
            };
            let current = l.in_flight.as_ref().map(|r| r.generation);
            let reply = match reply {
                Reply::Foreign(ForeignReply::Failed {
                    generation,
                    failure,
                }) => {
                    // A failure on a search nobody waits for needs no
                    // word: the next search starts the engine afresh.
                    if generation.is_some() && generation == current {
                        events.push(self.recover(lane, Some(failure)));
                    }
                    continue;
                }
                Reply::Foreign(ForeignReply::Message { generation, text }) => {
                    if current == Some(generation) {
                        events.push(ClientEvent::Message {
                            lane,
                            generation,
                            text,
                        });
                    }
                    continue;
                }
                Reply::Foreign(ForeignReply::Info { generation, info }) => {
                    EngineReply::Info { generation, info }
                }
                Reply::Foreign(ForeignReply::Done { generation, result }) => {
                    EngineReply::Done { generation, result }
                }
                Reply::Engine(reply) => reply,
            };
            if current != Some(reply.generation()) {
                continue;
            }
            events.push(match reply {
                EngineReply::Info { generation, info } => ClientEvent::Info {
                    lane,
                    generation,
                    info,
                },
                EngineReply::Done { generation, result } => {
                    l.in_flight = None;
                    l.failures = 0;
                    ClientEvent::Done {
                        lane,
                        generation,
                        result,
                    }
                }
            });
        }
    }

    /// The lane's thread died, or its foreign engine failed (`reason`):
    /// start a new thread (a foreign engine's thread starts the engine
    /// afresh itself) and run the lost search again, unless it keeps
    /// failing.
    fn recover(&mut self, lane: Lane, reason: Option<EngineFailure>) -> ClientEvent {
        let waker = self.waker.clone();
        let l = self.lane_mut(lane);
        if reason.is_none() {
            // The dead thread's handle; dropping it joins a finished thread.
            l.worker = None;
        }
        l.failures += 1;
        l.generation += 1;
        let restarted = l.failures <= MAX_ENGINE_RESTARTS;
        let lost = l.in_flight.take();
        let mut retry = None;
        if restarted {
            let generation = l.generation;
            let worker = l.worker(waker.as_ref());
            if let Some(mut request) = lost {
                request.generation = generation;
                worker.search(request.clone());
                retry = Some(generation);
                l.in_flight = Some(request);
            }
        }
        ClientEvent::Failed {
            lane,
            restarted,
            retry,
            reason,
        }
    }

    /// Makes `lane`'s engine thread panic, as a bug in the search would
    /// (tests of the recovery).
    #[doc(hidden)]
    pub fn crash_for_test(&mut self, lane: Lane) {
        let waker = self.waker.clone();
        if let Backend::BuiltIn(w) = self.lane_mut(lane).worker(waker.as_ref()) {
            w.crash_for_test();
        }
    }

    /// Makes `lane`'s next `threads` engine threads panic as soon as they
    /// start, before they read a search: a position that kills every
    /// engine it is searched on (tests of giving up).
    #[doc(hidden)]
    pub fn crash_threads_for_test(&mut self, lane: Lane, threads: u32) {
        let l = self.lane_mut(lane);
        l.worker = None;
        l.crashes_pending = threads;
    }

    /// True when `lane` has an engine thread (tests check that a
    /// two-player game starts none).
    #[must_use]
    pub fn is_running(&self, lane: Lane) -> bool {
        self.lane(lane).worker.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::rules::{Point, Rule};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    fn quick() -> SearchParams {
        SearchParams {
            eval: crate::engine::Evaluator::Classical,
            book: false,
            persona: None,
            limits: Limits::depth(1),
            variety: 0,
            seed: Some(3),
            threads: 1,
            multipv: 1,
        }
    }

    fn position(moves: &[Point]) -> Position {
        Position::from_moves(15, Rule::Freestyle, moves).unwrap()
    }

    /// Polls until `done` says so, at most two seconds.
    fn poll_until(
        c: &mut EngineClient,
        mut done: impl FnMut(&ClientEvent) -> bool,
    ) -> Vec<ClientEvent> {
        let mut all = Vec::new();
        for _ in 0..400 {
            for e in c.poll() {
                let stop = done(&e);
                all.push(e);
                if stop {
                    return all;
                }
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        panic!("no such event: {all:?}");
    }

    #[test]
    fn a_reply_wakes_the_caller_and_carries_its_tag() {
        let mut c = EngineClient::new([1, 1, 1]);
        let wakes = Arc::new(AtomicUsize::new(0));
        let w = Arc::clone(&wakes);
        c.set_waker(Arc::new(move || {
            w.fetch_add(1, Ordering::SeqCst);
        }));
        let tag = c.search(Lane::Analysis, position(&[Point::new(7, 7)]), quick());
        assert_eq!(c.in_flight(Lane::Analysis), Some(tag));
        let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
        let Some(ClientEvent::Done {
            lane, generation, ..
        }) = events.last()
        else {
            unreachable!()
        };
        assert_eq!((*lane, *generation), (Lane::Analysis, tag));
        assert!(wakes.load(Ordering::SeqCst) >= 1, "the reply woke nobody");
        assert_eq!(c.in_flight(Lane::Analysis), None);
        assert!(!c.is_running(Lane::Game), "other lanes start no thread");
    }

    #[test]
    fn a_prepared_lane_runs_before_its_first_search_and_then_searches() {
        let mut c = EngineClient::new([1, 1, 1]);
        c.prepare(Lane::Game);
        assert!(c.is_running(Lane::Game));
        assert_eq!(c.in_flight(Lane::Game), None);
        assert!(c.poll().is_empty(), "a prepared lane reports nothing");
        let tag = c.search(Lane::Game, position(&[Point::new(7, 7)]), quick());
        let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
        assert!(matches!(
            events.last(),
            Some(ClientEvent::Done { lane: Lane::Game, generation, .. }) if *generation == tag
        ));
        assert!(!c.is_running(Lane::Analysis), "other lanes start no thread");
    }

    #[test]
    fn a_cancelled_search_says_nothing() {
        let mut c = EngineClient::new([1, 1, 1]);
        let slow = SearchParams {
            limits: Limits::time(Duration::from_secs(5)),
            ..quick()
        };
        c.search(Lane::Review, position(&[Point::new(7, 7)]), slow);
        c.cancel(Lane::Review);
        let tag = c.search(Lane::Review, position(&[Point::new(1, 1)]), quick());
        let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
        assert!(events.iter().all(|e| match e {
            ClientEvent::Info { generation, .. } | ClientEvent::Done { generation, .. } =>
                *generation == tag,
            ClientEvent::Failed { .. } | ClientEvent::Message { .. } => false,
        }));
    }

    #[test]
    fn a_dead_thread_is_replaced_and_the_lost_search_runs_again() {
        let mut c = EngineClient::new([1, 1, 1]);
        c.crash_for_test(Lane::Game);
        let first = c.search(Lane::Game, position(&[Point::new(7, 7)]), quick());
        let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
        let retry = events.iter().find_map(|e| match e {
            ClientEvent::Failed {
                restarted: true,
                retry,
                ..
            } => *retry,
            _ => None,
        });
        let retry = retry.expect("the failure is reported with a retry");
        assert!(retry > first);
        assert!(
            matches!(events.last(), Some(ClientEvent::Done { generation, .. }) if *generation == retry)
        );
    }

    #[test]
    fn a_lane_that_keeps_dying_gives_up_after_the_limit() {
        let mut c = EngineClient::new([1, 1, 1]);
        // Every thread dies, the first and each restarted one.
        c.crash_threads_for_test(Lane::Game, MAX_ENGINE_RESTARTS + 1);
        c.search(Lane::Game, position(&[Point::new(7, 7)]), quick());
        let events = poll_until(&mut c, |e| {
            matches!(
                e,
                ClientEvent::Failed {
                    restarted: false,
                    ..
                }
            )
        });
        let restarts = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    ClientEvent::Failed {
                        restarted: true,
                        retry: Some(_),
                        ..
                    }
                )
            })
            .count();
        assert_eq!(restarts, MAX_ENGINE_RESTARTS as usize, "{events:?}");
        assert_eq!(c.in_flight(Lane::Game), None);
        // Asking again (a new position) tries afresh.
        let tag = c.search(Lane::Game, position(&[Point::new(7, 7)]), quick());
        let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
        assert!(
            matches!(events.last(), Some(ClientEvent::Done { generation, .. }) if *generation == tag)
        );
    }

    #[test]
    fn held_replies_wait_until_released() {
        let mut c = EngineClient::new([1, 1, 1]);
        c.hold(Lane::Game, true);
        c.search(Lane::Game, position(&[Point::new(7, 7)]), quick());
        std::thread::sleep(Duration::from_millis(300));
        assert!(c.poll().is_empty());
        c.hold(Lane::Game, false);
        poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    }
}
