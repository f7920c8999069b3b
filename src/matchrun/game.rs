//! Playing one game between two engine processes, as a Gomocup manager
//! would: `START`, the `INFO` settings, `BEGIN` or `BOARD` for an engine's
//! first move and `TURN` after that, the clock kept for each side.
//!
//! Under a game clock (`match_ms`) each engine is told `INFO timeout_match`
//! and `INFO timeout_turn` (the turn cap) once, and `INFO time_left` before
//! each of its moves, as the Gomocup protocol describes; the manager
//! measures every move itself, from sending the command to reading the
//! move, charges it to the mover's clock and adds the increment. An engine
//! whose clock runs out (beyond the grace) loses on time.

use super::GameConditions;
use crate::gomocup::{about_name, EngineError, EngineProcess, EngineSpec, HANDSHAKE};
use crate::protocol::command::parse_xy;
use crate::rules::{GameModel, GameSettings, Point, Status, Stone};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// An engine seat: how to start it, and the process when running.
pub struct Slot {
    /// How to start the engine.
    pub spec: EngineSpec,
    /// The running process, if any.
    pub process: Option<EngineProcess>,
    /// The engine's name from `ABOUT` (or its command line).
    pub name: String,
}

impl Slot {
    /// A seat for `spec`, not started yet.
    #[must_use]
    pub fn new(spec: EngineSpec) -> Slot {
        let name = spec.display();
        Slot {
            spec,
            process: None,
            name,
        }
    }

    /// Starts the engine if it is not running, and learns its name.
    ///
    /// # Errors
    /// Spawn failures and an engine that does not answer `ABOUT`.
    pub fn ensure_running(&mut self) -> Result<&mut EngineProcess, EngineError> {
        if self.process.is_none() {
            let mut p = EngineProcess::spawn(&self.spec)?;
            let about = p.ask("ABOUT", HANDSHAKE)?;
            if let Some(name) = about_name(&about) {
                self.name = name;
            }
            self.process = Some(p);
        }
        Ok(self.process.as_mut().expect("just started"))
    }

    /// Kills the process so that the next game starts it afresh: after a
    /// fault, when the engine can no longer be trusted to answer.
    pub fn discard(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.kill();
        }
    }

    /// Ends the process as a Gomocup manager does, after a game with fresh
    /// processes and at the end of a match: `END`, then a kill only if it
    /// has not quit within [`crate::gomocup::EXIT_GRACE`]. The next game
    /// starts it afresh.
    pub fn retire(&mut self) {
        if let Some(p) = self.process.take() {
            p.shutdown();
        }
    }
}

/// How a faulting engine lost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FaultKind {
    /// Could not be started, or did not answer `ABOUT`/`START`.
    Start,
    /// Crashed or closed its output.
    Crash,
    /// Over its time.
    Time,
    /// An illegal or unreadable move.
    Illegal,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ending {
    /// Five in a row.
    Five,
    /// The board filled up.
    FullBoard,
    /// The move limit was reached: adjudicated a draw.
    MoveLimit,
    /// An engine lost by a fault.
    Fault {
        /// Which fault.
        kind: FaultKind,
        /// Details for people.
        detail: String,
    },
}

/// A finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameRecord {
    /// 0-based game number in the match.
    pub index: usize,
    /// The opening as written.
    pub opening: String,
    /// Stones of the opening at the start of `moves`.
    pub opening_len: usize,
    /// Which engine (0 or 1) played Black.
    pub black: usize,
    /// Every move including the opening.
    pub moves: Vec<Point>,
    /// Time each move took, milliseconds (0 for opening stones).
    pub times_ms: Vec<u64>,
    /// Time each move was allowed, milliseconds: the turn limit, or the
    /// game clock when less was left (0 for opening stones).
    pub budgets_ms: Vec<u64>,
    /// The mover's game clock after each move, milliseconds, its
    /// increment added (0 for opening stones and without a game clock):
    /// with `times_ms`, an engine's time curve.
    pub clock_left_ms: Vec<u64>,
    /// The winning engine (0 or 1), `None` for a draw.
    pub winner: Option<usize>,
    /// How it ended.
    pub ending: Ending,
    /// Engine names, Black then White.
    pub names: [String; 2],
    /// `ERROR`/`UNKNOWN` lines the engines sent, as `engineN: line`: a
    /// sign of a protocol mismatch worth a look even in a won game.
    pub diagnostics: Vec<String>,
}

impl GameRecord {
    /// Points of engine 1 in this game: 1 for a win, ½ for a draw.
    #[must_use]
    pub fn points_of_first(&self) -> f64 {
        match self.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// One line for people, e.g. `game 3: gomoku (Black) beats baseline, five after 41 moves`.
    #[must_use]
    pub fn describe(&self) -> String {
        let colour = |e: usize| if e == self.black { "Black" } else { "White" };
        let how = match &self.ending {
            Ending::Five => format!("five after {} moves", self.moves.len()),
            Ending::FullBoard => "board full".to_string(),
            Ending::MoveLimit => format!("move limit {} reached", self.moves.len()),
            Ending::Fault { detail, .. } => detail.clone(),
        };
        let name = |e: usize| {
            if e == self.black {
                &self.names[0]
            } else {
                &self.names[1]
            }
        };
        match self.winner {
            Some(w) => format!(
                "game {}: engine{} {} ({}) beats engine{} {}, {how}",
                self.index + 1,
                w + 1,
                name(w),
                colour(w),
                2 - w,
                name(1 - w)
            ),
            None => format!("game {}: draw, {how}", self.index + 1),
        }
    }
}

/// What one game needs to know.
#[derive(Debug, Clone)]
pub struct GameJob {
    /// 0-based game number.
    pub index: usize,
    /// The opening as written.
    pub opening: String,
    /// The opening stones.
    pub moves: Vec<Point>,
    /// Which engine plays Black.
    pub black: usize,
}

/// A fault of the engine in `seat` (0 or 1).
struct Fault {
    seat: usize,
    kind: FaultKind,
    detail: String,
}

fn fault_of(seat: usize, name: &str, e: &EngineError) -> Fault {
    let kind = match e {
        EngineError::Spawn { .. } | EngineError::NoAnswer { .. } | EngineError::NotAnEngine => {
            FaultKind::Start
        }
        EngineError::Crashed(_) => FaultKind::Crash,
        EngineError::Timeout(_) => FaultKind::Time,
        // A flood is output the protocol has no room for.
        EngineError::Protocol(_) | EngineError::Flood(_) => FaultKind::Illegal,
    };
    Fault {
        seat,
        kind,
        detail: format!("engine{} loses: {}", seat + 1, e.about(name)),
    }
}

/// `START`, then the settings. Any failure is the engine's fault.
fn prepare(slot: &mut Slot, cfg: &GameConditions) -> Result<(), EngineError> {
    let p = slot.ensure_running()?;
    p.drain();
    let answer = p.ask(&format!("START {}", cfg.size), HANDSHAKE)?;
    if !answer.eq_ignore_ascii_case("OK") {
        return Err(EngineError::Protocol(format!(
            "answered '{answer}' to START {}",
            cfg.size
        )));
    }
    p.send(&format!("INFO timeout_turn {}", cfg.turn_ms))?;
    p.send(&format!("INFO timeout_match {}", cfg.match_ms))?;
    p.send(&format!("INFO max_memory {}", cfg.max_memory))?;
    p.send(&format!("INFO rule {}", cfg.rule_bits()))?;
    p.send("INFO game_type 1")?;
    Ok(())
}

/// Plays one game. Engines that fault are killed (their slot restarts
/// them next game) and lose.
pub fn play_game(slots: &mut [Slot; 2], job: &GameJob, cfg: &GameConditions) -> GameRecord {
    play_game_until(slots, job, cfg, &AtomicBool::new(false))
        .expect("only a raised stop flag abandons a game")
}

/// How often a game waiting for an engine's move looks at the stop flag.
const STOP_POLL: Duration = Duration::from_millis(50);

/// Like [`play_game`], but abandoned (`None`) if `stop` is raised: it is
/// looked at before each move and every [`STOP_POLL`] while an engine
/// thinks, so a stop does not wait for the move being thought about.
pub fn play_game_until(
    slots: &mut [Slot; 2],
    job: &GameJob,
    cfg: &GameConditions,
    stop: &AtomicBool,
) -> Option<GameRecord> {
    let settings = GameSettings {
        size: cfg.size,
        rule: cfg.rule,
    };
    let mut game =
        GameModel::from_moves(settings, &job.moves).expect("openings are checked on load");
    let mut times = vec![0u64; job.moves.len()];
    let mut budgets = vec![0u64; job.moves.len()];
    let mut clock_left = vec![0u64; job.moves.len()];
    let seat_of = |stone: Stone| match stone {
        Stone::Black => job.black,
        Stone::White => 1 - job.black,
    };
    let mut informed = [false; 2];
    let mut clock: [Option<u64>; 2] = [(cfg.match_ms > 0).then_some(cfg.match_ms); 2];

    // `Ok(None)`: abandoned.
    let result = (|| -> Result<Option<Ending>, Fault> {
        for seat in [job.black, 1 - job.black] {
            let slot = &mut slots[seat];
            prepare(slot, cfg).map_err(|e| {
                // Whatever went wrong before the first move, the engine
                // never got going.
                let mut f = fault_of(seat, &slot.name, &e);
                f.kind = FaultKind::Start;
                f
            })?;
        }
        loop {
            match game.status() {
                Status::Over(o) => {
                    return Ok(Some(if o.winner().is_some() {
                        Ending::Five
                    } else {
                        Ending::FullBoard
                    }))
                }
                Status::Ongoing => {}
            }
            if cfg.max_moves > 0 && game.moves().len() >= cfg.max_moves {
                return Ok(Some(Ending::MoveLimit));
            }
            if stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let side = game.side_to_move();
            let seat = seat_of(side);
            let slot = &mut slots[seat];
            let name = slot.name.clone();
            let fail = |e: EngineError| fault_of(seat, &name, &e);
            let p = slot.process.as_mut().expect("prepared");
            let mut limit = cfg.turn_ms;
            if let Some(left) = clock[seat] {
                p.send(&format!("INFO time_left {left}")).map_err(fail)?;
                limit = limit.min(left);
            }
            if informed[seat] {
                let last = game.last_move().expect("a move was played");
                p.send(&format!("TURN {},{}", last.x, last.y))
                    .map_err(fail)?;
            } else if game.moves().is_empty() {
                p.send("BEGIN").map_err(fail)?;
            } else {
                p.send("BOARD").map_err(fail)?;
                for (i, q) in game.moves().iter().enumerate() {
                    let field = if Stone::to_move_after(i) == side {
                        1
                    } else {
                        2
                    };
                    p.send(&format!("{},{},{field}", q.x, q.y)).map_err(fail)?;
                }
                p.send("DONE").map_err(fail)?;
            }
            informed[seat] = true;
            let start = Instant::now();
            let deadline = start + Duration::from_millis(limit.saturating_add(cfg.grace_ms));
            // The game clock, not the turn limit, ran out: a loss on time.
            let flag = |took: u64| {
                let left = clock[seat].unwrap_or(0);
                Fault {
                    seat,
                    kind: FaultKind::Time,
                    detail: format!(
                        "engine{} loses on time: the game clock of '{name}' ran out ({left} ms left, {took} ms without a move)",
                        seat + 1
                    ),
                }
            };
            let clock_binds = clock[seat].is_some_and(|left| left <= cfg.turn_ms);
            // Waited for in slices, so that a stop is heard while an
            // engine thinks (the game is then abandoned, as before a move).
            let answer = loop {
                let slice = deadline.min(Instant::now() + STOP_POLL);
                match p.next_move(slice, limit) {
                    Err(EngineError::Timeout(_)) if Instant::now() < deadline => {
                        if stop.load(Ordering::Relaxed) {
                            return Ok(None);
                        }
                    }
                    Err(EngineError::Timeout(_)) if clock_binds => {
                        return Err(flag(start.elapsed().as_millis() as u64))
                    }
                    other => break other.map_err(fail)?,
                }
            };
            let took = start.elapsed().as_millis() as u64;
            if let Some(left) = clock[seat] {
                if took > left.saturating_add(cfg.grace_ms) {
                    return Err(flag(took));
                }
                clock[seat] = Some(left.saturating_sub(took).saturating_add(cfg.increment_ms));
            }
            let illegal = |why: String| fault_of(seat, &name, &EngineError::Protocol(why));
            let (x, y) =
                parse_xy(&answer).map_err(|_| illegal(format!("'{answer}' is not a move")))?;
            let point = u8::try_from(x)
                .ok()
                .zip(u8::try_from(y).ok())
                .map(|(x, y)| Point::new(x, y))
                .filter(|q| game.board().contains(*q))
                .ok_or_else(|| illegal(format!("move {x},{y} is off the board")))?;
            game.play(point)
                .map_err(|e| illegal(format!("illegal move {x},{y}: {e}")))?;
            times.push(took);
            budgets.push(limit);
            clock_left.push(clock[seat].unwrap_or(0));
        }
    })();

    let mut diagnostics = Vec::new();
    for (seat, slot) in slots.iter_mut().enumerate() {
        if let Some(p) = slot.process.as_mut() {
            let lines = p.take_diagnostics();
            diagnostics.extend(
                lines
                    .into_iter()
                    .map(|l| format!("engine{}: {l}", seat + 1)),
            );
        }
    }
    let (winner, ending) = match result {
        Ok(None) => return None,
        Ok(Some(Ending::Five)) => (
            game.outcome().and_then(|o| o.winner()).map(seat_of),
            Ending::Five,
        ),
        Ok(Some(ending)) => (None, ending),
        Err(f) => {
            slots[f.seat].discard();
            (
                Some(1 - f.seat),
                Ending::Fault {
                    kind: f.kind,
                    detail: f.detail,
                },
            )
        }
    };
    let names = [
        slots[job.black].name.clone(),
        slots[1 - job.black].name.clone(),
    ];
    if cfg.fresh_process {
        // The game is over: a Gomocup manager ends these processes now
        // (an engine that faulted was killed above) and starts new ones
        // for the next game.
        for slot in slots.iter_mut() {
            slot.retire();
        }
    }
    Some(GameRecord {
        diagnostics,
        index: job.index,
        opening: job.opening.clone(),
        opening_len: job.moves.len(),
        black: job.black,
        moves: game.moves().to_vec(),
        times_ms: times,
        budgets_ms: budgets,
        clock_left_ms: clock_left,
        winner,
        ending,
        names,
    })
}
