//! The app's tournaments run on a thread of their own: the thread reads
//! the openings, writes the setup beside the games and calls
//! [`run_tournament`] (the same code as `gomoku-match --tournament`),
//! keeping what the window shows — the standings and the finished games —
//! in a shared [`Live`] after every game and waking the window. The UI
//! thread only reads that, raises the stop flag, or starts a new run.

use crate::matchrun::{
    balanced_openings, parse_openings, run_tournament, saved_games, shuffle_openings, Standings,
    TournamentError, TournamentGame, TournamentKind, TournamentSetup, SETUP_SIZE,
};
use crate::rules::Rule;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Wakes the window (`ctx.request_repaint`).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// Longest the app waits on exit for a stopped tournament to end its games
/// (each stops before its next move) and its engines; past it the app
/// exits anyway, and on Linux the engines die with it (their parent-death
/// signal).
pub const EXIT_STOP_WAIT: Duration = Duration::from_secs(3);

/// Where a tournament's openings come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpeningChoice {
    /// The project's balanced 15 × 15 openings for the rule.
    Balanced,
    /// Every game on the empty board.
    Empty,
    /// A file of position strings, one a line.
    File(PathBuf),
}

/// What the Tournaments window sets up before a start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentPlan {
    /// Round robin, or a gauntlet of the first chosen engine.
    pub kind: TournamentKind,
    /// Games each pairing plays.
    pub games_per_pairing: usize,
    /// Time per move, milliseconds.
    pub turn_ms: u64,
    /// Time per game and side, milliseconds, 0 for none.
    pub match_ms: u64,
    /// Games played at once.
    pub concurrency: usize,
    /// Which lines win.
    pub rule: Rule,
    /// Where the openings come from.
    pub openings: OpeningChoice,
}

impl Default for TournamentPlan {
    fn default() -> TournamentPlan {
        TournamentPlan {
            kind: TournamentKind::RoundRobin,
            games_per_pairing: 2,
            turn_ms: 1_000,
            match_ms: 0,
            concurrency: 1,
            rule: Rule::Freestyle,
            openings: OpeningChoice::Balanced,
        }
    }
}

/// Why a tournament could not run, for the window to put in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunFailure {
    /// The openings file cannot be read or holds a bad line.
    Openings(String),
    /// The tournament's folder or a file in it cannot be written or read.
    Files(String),
    /// The folder holds another tournament, or none to resume.
    State(String),
}

/// Where a run is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum RunState {
    /// Nothing started since the app started.
    #[default]
    Idle,
    /// Games are being played.
    Running,
    /// Stop was asked; games under way end before their next move.
    Stopping,
    /// The run ended: every game played, or stopped before.
    Ended {
        /// True when games are still missing (it can be resumed).
        stopped: bool,
    },
    /// The run could not start or go on.
    Failed(RunFailure),
}

/// What the window shows of the tournament, written by the thread.
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// The tournament's folder.
    pub folder: Option<PathBuf>,
    /// Its setup, once known.
    pub setup: Option<TournamentSetup>,
    /// Games it plays in all, once known.
    pub planned: usize,
    /// The standings after the last finished game.
    pub standings: Option<Standings>,
    /// The finished games, in the order they finished.
    pub games: Vec<TournamentGame>,
    /// Where the run is.
    pub state: RunState,
}

/// A tournament on its thread.
#[derive(Default)]
pub struct TournamentRunner {
    live: Arc<Mutex<Live>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl TournamentRunner {
    /// A copy of what the thread has reported so far.
    #[must_use]
    pub fn live(&self) -> Live {
        self.live.lock().map(|l| l.clone()).unwrap_or_default()
    }

    /// True while the thread runs (games are played or ending).
    #[must_use]
    pub fn busy(&self) -> bool {
        self.thread.as_ref().is_some_and(|t| !t.is_finished())
    }

    /// Starts a new tournament of `engines` as `plan` says, in `folder`
    /// (which must not hold one yet). Nothing if one is running.
    pub fn start(
        &mut self,
        engines: Vec<crate::gomocup::EngineSpec>,
        plan: &TournamentPlan,
        folder: PathBuf,
        wake: Waker,
    ) {
        let setup = TournamentSetup {
            engines,
            kind: plan.kind,
            games_per_pairing: plan.games_per_pairing,
            rule: plan.rule,
            size: SETUP_SIZE,
            turn_ms: plan.turn_ms,
            match_ms: plan.match_ms,
            concurrency: plan.concurrency,
            openings: Vec::new(),
        };
        let openings = plan.openings.clone();
        self.spawn(folder, wake, move |folder| {
            let mut setup = setup;
            setup.openings = opening_lines(&openings, setup.rule)?;
            setup.save(folder).map_err(files)?;
            Ok((setup, false))
        });
    }

    /// Resumes the tournament kept in `folder`: its finished games are
    /// shown at once and only the missing ones are played. Nothing if one
    /// is running.
    pub fn resume(&mut self, folder: PathBuf, wake: Waker) {
        self.spawn(folder, wake, |folder| {
            let setup = TournamentSetup::load(folder).map_err(|e| match e {
                TournamentError::Io(e) => RunFailure::State(e.to_string()),
                other => RunFailure::State(other.to_string()),
            })?;
            Ok((setup, true))
        });
    }

    /// Asks the games to stop: each ends before its next move, and the
    /// engines are ended. The window sees `Ended { stopped: true }` once
    /// they have.
    pub fn stop(&self) {
        if self.busy() {
            self.stop.store(true, Ordering::Relaxed);
            if let Ok(mut l) = self.live.lock() {
                l.state = RunState::Stopping;
            }
        }
    }

    /// Stops the tournament and waits at most [`EXIT_STOP_WAIT`] for its
    /// games and engines to end (the app's exit).
    pub fn shutdown(&mut self) {
        self.stop();
        let began = Instant::now();
        while self.busy() && began.elapsed() < EXIT_STOP_WAIT {
            std::thread::sleep(Duration::from_millis(10));
        }
        if let Some(t) = self.thread.take() {
            if t.is_finished() {
                let _ = t.join();
            } else {
                log::warn!("a tournament's games did not stop in {EXIT_STOP_WAIT:?}");
            }
        }
    }

    fn spawn<F>(&mut self, folder: PathBuf, wake: Waker, prepare: F)
    where
        F: FnOnce(&std::path::Path) -> Result<(TournamentSetup, bool), RunFailure> + Send + 'static,
    {
        if self.busy() {
            return;
        }
        self.stop = Arc::new(AtomicBool::new(false));
        self.live = Arc::new(Mutex::new(Live {
            folder: Some(folder.clone()),
            state: RunState::Running,
            ..Live::default()
        }));
        let (live, stop) = (Arc::clone(&self.live), Arc::clone(&self.stop));
        let thread = std::thread::Builder::new()
            .name("tournament".into())
            .spawn(move || {
                let result = prepare(&folder)
                    .and_then(|(setup, resume)| play(&folder, setup, resume, &live, &stop, &wake));
                if let Ok(mut l) = live.lock() {
                    l.state = match result {
                        Ok(stopped) => RunState::Ended { stopped },
                        Err(f) => RunState::Failed(f),
                    };
                }
                wake();
            });
        match thread {
            Ok(t) => self.thread = Some(t),
            Err(e) => {
                if let Ok(mut l) = self.live.lock() {
                    l.state = RunState::Failed(RunFailure::Files(e.to_string()));
                }
            }
        }
    }
}

impl Drop for TournamentRunner {
    fn drop(&mut self) {
        // The games end before their next move; the thread is not waited
        // for here (the app's exit waits, in `shutdown`).
        self.stop.store(true, Ordering::Relaxed);
    }
}

/// A file error in the player's terms.
fn files(e: TournamentError) -> RunFailure {
    match e {
        TournamentError::Io(e) => RunFailure::Files(e.to_string()),
        TournamentError::State(s) => RunFailure::Files(s),
        TournamentError::Config(s) => RunFailure::State(s),
    }
}

/// The openings as position strings, in the order they are played.
fn opening_lines(choice: &OpeningChoice, rule: Rule) -> Result<Vec<String>, RunFailure> {
    let mut list = match choice {
        OpeningChoice::Empty => return Ok(Vec::new()),
        OpeningChoice::Balanced => balanced_openings(rule),
        OpeningChoice::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| RunFailure::Openings(format!("{}: {e}", path.display())))?;
            parse_openings(&text, SETUP_SIZE, rule)
                .map_err(|e| RunFailure::Openings(format!("{}: {e}", path.display())))?
        }
    };
    if list.is_empty() {
        return Err(RunFailure::Openings(String::new()));
    }
    // One fixed order, as `gomoku-match --tournament` draws them; the
    // setup file keeps it for a resumption.
    shuffle_openings(&mut list, 0);
    Ok(list.into_iter().map(|o| o.text).collect())
}

/// Runs the tournament in `folder`, reporting into `live`; true when it
/// was stopped before every game was played.
fn play(
    folder: &std::path::Path,
    setup: TournamentSetup,
    resume: bool,
    live: &Mutex<Live>,
    stop: &AtomicBool,
    wake: &Waker,
) -> Result<bool, RunFailure> {
    let cfg = setup
        .config(folder.to_path_buf())
        .map_err(|e| RunFailure::Openings(e.to_string()))?;
    let mut shown = Live {
        folder: Some(folder.to_path_buf()),
        setup: Some(setup),
        planned: cfg.planned(),
        state: RunState::Running,
        ..Live::default()
    };
    if resume {
        if let Some((names, games)) = saved_games(folder).map_err(files)? {
            shown.standings = Some(Standings::from_games(
                &names,
                &cfg.pairings(),
                &games,
                cfg.planned(),
            ));
            shown.games = games;
        }
    }
    let publish = |shown: &Live| {
        if let Ok(mut l) = live.lock() {
            let state = l.state.clone();
            *l = shown.clone();
            // A stop asked meanwhile stays asked.
            if state == RunState::Stopping {
                l.state = state;
            }
        }
        wake();
    };
    publish(&shown);
    let outcome = run_tournament(&cfg, resume, stop, &mut |game, standings| {
        shown.games.push(game.clone());
        shown.standings = Some(standings.clone());
        publish(&shown);
    })
    .map_err(|e| match e {
        TournamentError::State(s) | TournamentError::Config(s) => RunFailure::State(s),
        TournamentError::Io(e) => RunFailure::Files(e.to_string()),
    })?;
    shown.standings = Some(outcome.standings);
    publish(&shown);
    Ok(outcome.stopped)
}
