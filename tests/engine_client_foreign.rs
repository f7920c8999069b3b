#![cfg(feature = "app")]
//! The app's engine client with a lane backed by a foreign engine (the
//! fake one): moves and analysis come as the built-in engine's do, a
//! misbehaving engine is a `Failed` event with words and the usual
//! restarts, and no call from the UI side waits on the engine.

use gomoku::app::{ClientEvent, EngineClient, Lane, MAX_ENGINE_RESTARTS};
use gomoku::engine::{Limits, Position, SearchParams};
use gomoku::gomocup::{EngineDescriptor, EngineError, EngineSettings, EngineSpec, TimeControl};
use gomoku::rules::{Point, Rule};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

fn fake(mode: &str, nbest: bool) -> EngineDescriptor {
    let mut argv = vec![FAKE.to_string(), mode.to_string()];
    if nbest {
        argv.push("--nbest".into());
    }
    EngineDescriptor {
        spec: EngineSpec { argv },
        about: Default::default(),
        nbest,
        settings: EngineSettings {
            time: TimeControl::PerMove { turn_ms: 200 },
            threads: None,
            memory_mb: Some(64),
        },
    }
}

fn position(moves: &[Point]) -> Position {
    Position::from_moves(15, Rule::Freestyle, moves).unwrap()
}

/// A search for a move: a foreign engine thinks for its own time per
/// move, whatever the limit says.
fn params(multipv: usize) -> SearchParams {
    SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        limits: Limits::time(Duration::from_millis(200)),
        multipv,
        ..SearchParams::default()
    }
}

/// An analysis: no limit at all, so it runs until stopped.
fn analysis(multipv: usize) -> SearchParams {
    SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        limits: Limits::default(),
        multipv,
        ..SearchParams::default()
    }
}

/// Polls until `done` says so, at most ten seconds; each poll must return
/// at once.
fn poll_until(
    c: &mut EngineClient,
    mut done: impl FnMut(&ClientEvent) -> bool,
) -> Vec<ClientEvent> {
    let until = Instant::now() + Duration::from_secs(10);
    let mut all = Vec::new();
    while Instant::now() < until {
        let t = Instant::now();
        let events = c.poll();
        assert!(
            t.elapsed() < Duration::from_millis(50),
            "poll waited {:?}",
            t.elapsed()
        );
        for e in events {
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
fn a_foreign_engine_plays_on_the_game_lane_and_wakes_the_window() {
    let mut c = EngineClient::new([1, 1, 1]);
    let wakes = Arc::new(AtomicUsize::new(0));
    let w = Arc::clone(&wakes);
    c.set_waker(Arc::new(move || {
        w.fetch_add(1, Ordering::SeqCst);
    }));
    c.set_engine(Lane::Game, Some(fake("legal", false)));
    assert!(c.engine(Lane::Game).is_some());
    let tag = c.search(Lane::Game, position(&[Point::new(7, 7)]), params(1));
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    assert!(events
        .iter()
        .any(|e| matches!(e, ClientEvent::Message { text, .. } if text.contains("fake plays"))));
    let Some(ClientEvent::Done {
        generation, result, ..
    }) = events.last()
    else {
        unreachable!()
    };
    assert_eq!(*generation, tag);
    assert!(result.best.is_some_and(|p| p != Point::new(7, 7)));
    assert!(wakes.load(Ordering::SeqCst) >= 1, "the reply woke nobody");
    // Back to the built-in engine on the same lane.
    c.set_engine(Lane::Game, None);
    c.search(
        Lane::Game,
        position(&[Point::new(7, 7)]),
        SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            limits: Limits::depth(1),
            ..params(1)
        },
    );
    poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
}

#[test]
fn analysis_with_an_nbest_engine_shows_ranked_moves() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Analysis, Some(fake("legal", true)));
    // The fake answers at once: an analysis with nothing more to find ends.
    c.search(Lane::Analysis, position(&[Point::new(7, 7)]), analysis(3));
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    // The engine's three lines may reach the client in more than one read,
    // each read reporting the list so far: the last report holds all three.
    let info = events.iter().rev().find_map(|e| match e {
        ClientEvent::Info { info, .. } => Some(info),
        _ => None,
    });
    assert_eq!(info.expect("ranked moves").candidates.len(), 3);
}

#[test]
fn a_hung_engine_never_stalls_the_caller_and_is_reported() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Game, Some(fake("hang", false)));
    let t = Instant::now();
    c.search(Lane::Game, position(&[]), params(1));
    c.stop(Lane::Game);
    assert!(t.elapsed() < Duration::from_millis(50), "search waited");
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Failed { .. }));
    let Some(ClientEvent::Failed {
        restarted,
        retry,
        reason,
        ..
    }) = events.last()
    else {
        unreachable!()
    };
    assert!(*restarted && retry.is_some());
    let reason = reason.as_ref().unwrap();
    assert!(
        matches!(reason.error, EngineError::Timeout(200)),
        "{reason:?}"
    );
    // Named as it answered ABOUT.
    assert_eq!(reason.engine, "fake-hang");
    assert!(
        reason.to_string().contains("did not answer in time"),
        "{reason}"
    );
    // Cancelling and leaving the engine do not wait on it either.
    let t = Instant::now();
    c.cancel(Lane::Game);
    c.set_engine(Lane::Game, None);
    assert!(t.elapsed() < Duration::from_millis(50), "cancel waited");
}

#[test]
fn an_engine_that_keeps_crashing_is_given_up_after_the_restarts() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Review, Some(fake("crash", false)));
    c.search(Lane::Review, position(&[Point::new(7, 7)]), params(1));
    let events = poll_until(&mut c, |e| {
        matches!(
            e,
            ClientEvent::Failed {
                restarted: false,
                ..
            }
        )
    });
    let failures: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            ClientEvent::Failed { reason, .. } => reason.as_ref().map(ToString::to_string),
            _ => None,
        })
        .collect();
    assert_eq!(
        failures.len(),
        MAX_ENGINE_RESTARTS as usize + 1,
        "{events:?}"
    );
    assert!(failures
        .iter()
        .all(|r| r.starts_with("engine '") && r.contains("crashed or exited")));
    assert_eq!(c.in_flight(Lane::Review), None);
}

#[test]
fn an_engine_that_never_answers_start_is_reported() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Game, Some(fake("no-start", false)));
    c.set_handshake_for_test(Lane::Game, Duration::from_millis(200));
    c.search(Lane::Game, position(&[]), params(1));
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Failed { .. }));
    let Some(ClientEvent::Failed {
        reason: Some(r), ..
    }) = events.last()
    else {
        panic!("{events:?}")
    };
    assert!(r.to_string().contains("never answered START"), "{r}");
    c.shutdown();
}

#[test]
fn a_new_search_replaces_one_in_flight() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Analysis, Some(fake("legal", false)));
    c.search(Lane::Analysis, position(&[Point::new(7, 7)]), params(1));
    let tag = c.search(
        Lane::Analysis,
        position(&[Point::new(7, 7), Point::new(0, 0)]),
        params(1),
    );
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    assert!(events.iter().all(|e| match e {
        ClientEvent::Done { generation, .. } | ClientEvent::Message { generation, .. } =>
            *generation == tag,
        _ => false,
    }));
}

#[cfg(target_os = "linux")]
mod process_common;
#[cfg(target_os = "linux")]
use process_common::{alive, wait_for};

/// A client whose game lane's engine hangs in a search, started.
#[cfg(target_os = "linux")]
fn client_with_hung_engine(tag: &str) -> EngineClient {
    let mut c = EngineClient::new([1, 1, 1]);
    let mut d = fake("hang", false);
    d.spec.argv.push(format!("--tag={tag}"));
    c.set_engine(Lane::Game, Some(d));
    c.search(Lane::Game, position(&[]), params(1));
    assert!(wait_for(true, tag), "the engine never started");
    c
}

#[cfg(target_os = "linux")]
#[test]
fn no_engine_survives_the_clients_exit_paths() {
    // The app's orderly exit: shutdown waits for the engines to end.
    let mut c = client_with_hung_engine("client-shutdown");
    let t = Instant::now();
    c.shutdown();
    assert!(
        !alive("client-shutdown"),
        "shutdown left the engine running"
    );
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    // Dropping the client (a window closed without ceremony) does not wait,
    // but the engine still ends.
    let c = client_with_hung_engine("client-drop");
    let t = Instant::now();
    drop(c);
    assert!(t.elapsed() < Duration::from_millis(50), "drop waited");
    assert!(
        wait_for(false, "client-drop"),
        "a dropped client's engine lives on"
    );
    // Leaving the foreign engine for the built-in one ends it too.
    let mut c = client_with_hung_engine("client-switch");
    c.set_engine(Lane::Game, None);
    assert!(
        wait_for(false, "client-switch"),
        "a replaced engine lives on"
    );
}

#[test]
fn our_own_pbrain_engine_analyses_as_a_foreign_engine() {
    let spec = EngineSpec {
        argv: vec![
            env!("CARGO_BIN_EXE_pbrain-gomoku").to_string(),
            "--threads".into(),
            "1".into(),
        ],
    };
    let mut d = EngineDescriptor::probe(&spec).unwrap();
    assert!(d.nbest, "pbrain-gomoku knows YXNBEST");
    d.settings.time = TimeControl::PerMove { turn_ms: 200 };
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Analysis, Some(d));
    let moves = [Point::new(7, 7), Point::new(8, 8), Point::new(7, 8)];
    c.search(Lane::Analysis, position(&moves), analysis(3));
    // Its first answer is progress; the analysis goes on until stopped.
    poll_until(
        &mut c,
        |e| matches!(e, ClientEvent::Info { info, .. } if info.candidates.len() == 3),
    );
    c.stop(Lane::Analysis);
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    let Some(ClientEvent::Done { result, .. }) = events.last() else {
        unreachable!()
    };
    assert_eq!(result.candidates.len(), 3, "{events:?}");
    assert!(result.candidates.iter().all(|c| !moves.contains(&c.mv)));
    assert_eq!(result.best, Some(result.candidates[0].mv));
    assert!(result.depth > 0);
}

#[test]
fn an_engine_slow_to_stop_is_replaced_for_the_next_search() {
    // The hanging engine ignores YXSTOP: it is killed after a short grace
    // and a fresh one takes the new search (which hangs in its turn).
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Analysis, Some(fake("hang", false)));
    c.search(Lane::Analysis, position(&[Point::new(7, 7)]), params(1));
    std::thread::sleep(Duration::from_millis(100));
    let tag = c.search(Lane::Analysis, position(&[Point::new(1, 1)]), params(1));
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Failed { .. }));
    let Some(ClientEvent::Failed {
        reason: Some(r),
        retry: Some(retry),
        ..
    }) = events.last()
    else {
        panic!("{events:?}")
    };
    assert!(*retry > tag);
    assert_eq!(r.error, EngineError::Timeout(200), "{r}");
}

#[test]
fn the_opponent_lane_has_an_engine_of_its_own_beside_the_game_lane() {
    let mut c = EngineClient::new([1, 1, 1]);
    assert!(Lane::ALL.contains(&Lane::Opponent));
    // Two foreign engines at once, one a lane: a watched game's Black and
    // White, each with its own process.
    c.set_engine(Lane::Game, Some(fake("legal", false)));
    c.set_engine(Lane::Opponent, Some(fake("legal", false)));
    let black = c.search(Lane::Game, position(&[]), params(1));
    let white = c.search(Lane::Opponent, position(&[Point::new(7, 7)]), params(1));
    let mut done = Vec::new();
    poll_until(&mut c, |e| {
        if let ClientEvent::Done {
            lane,
            generation,
            result,
        } = e
        {
            done.push((*lane, *generation, result.best));
        }
        done.len() == 2
    });
    done.sort_by_key(|d| d.0 == Lane::Opponent);
    assert_eq!(done[0], (Lane::Game, black, Some(Point::new(7, 7))));
    assert_eq!(done[1].0, Lane::Opponent);
    assert_eq!(done[1].1, white);
    assert!(done[1].2.is_some_and(|p| p != Point::new(7, 7)));
    // Back to the built-in engine on the opponent's lane only.
    c.set_engine(Lane::Opponent, None);
    assert!(c.engine(Lane::Opponent).is_none());
    assert!(c.engine(Lane::Game).is_some());
    c.search(
        Lane::Opponent,
        position(&[Point::new(7, 7)]),
        SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            limits: Limits::depth(1),
            ..params(1)
        },
    );
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    assert_eq!(events.last().map(ClientEvent::lane), Some(Lane::Opponent));
    c.shutdown();
}

/// What the fake engine logged of the commands it received.
fn logged(path: &std::path::Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}

#[test]
fn analysis_is_not_held_to_the_engines_time_and_deepens_until_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("commands");
    // An engine that thinks a fifth of its time; its own time per move is
    // 200 ms, a game's.
    let mut d = fake("legal", true);
    d.spec.argv.push("--use=20".into());
    d.spec.argv.push(format!("--log={}", log.display()));
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_engine(Lane::Analysis, Some(d));
    let tag = c.search(Lane::Analysis, position(&[Point::new(7, 7)]), analysis(3));
    // Its first answer comes as progress, and a longer search follows on
    // the same game (no START: the engine keeps what it learnt), then a
    // longer one again.
    let until = Instant::now() + Duration::from_secs(10);
    let mut events = Vec::new();
    while !logged(&log).contains("INFO timeout_turn 4000") {
        assert!(Instant::now() < until, "no third slice: {events:?}");
        events.extend(c.poll());
        std::thread::sleep(Duration::from_millis(5));
    }
    // The second slice's report was sent before the third was asked.
    events.extend(c.poll());
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, ClientEvent::Done { .. } | ClientEvent::Failed { .. })),
        "{events:?}"
    );
    let commands = logged(&log);
    assert_eq!(commands.matches("START").count(), 1, "{commands}");
    let slice = |ms: u32| commands.find(&format!("INFO timeout_turn {ms}\n"));
    assert!(
        slice(1000) < slice(2000) && slice(2000) < slice(4000),
        "{commands}"
    );
    assert_eq!(commands.matches("YXNBEST 3").count(), 3, "{commands}");
    assert_eq!(c.in_flight(Lane::Analysis), Some(tag), "still analysing");
    let reported = |depth: u32| {
        events.iter().any(|e| {
            matches!(e, ClientEvent::Info { info, .. }
                if info.candidates.len() == 3 && info.depth == depth)
        })
    };
    assert!(
        reported(2) && reported(4),
        "each slice's answer: {events:?}"
    );
    // The second slice went over the first's ground before it got deeper:
    // its lines of lesser depth were not shown again.
    let said = |line: &str| {
        events
            .iter()
            .filter(|e| matches!(e, ClientEvent::Message { text, .. } if text == line))
            .count()
    };
    assert_eq!(
        (said("depth 1"), said("depth 2"), said("depth 4")),
        (1, 2, 1)
    );
    // Stopped: this fake reads no command while it thinks, so it is not
    // waited for; what was found is the result.
    c.stop(Lane::Analysis);
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    let Some(ClientEvent::Done {
        generation, result, ..
    }) = events.last()
    else {
        unreachable!()
    };
    assert_eq!(*generation, tag);
    assert_eq!(result.candidates.len(), 3);
    assert_eq!(result.depth, 4);
    c.shutdown();
}

#[cfg(target_os = "linux")]
#[test]
fn an_idle_engine_is_ended_and_the_next_search_starts_it_again() {
    let mut c = EngineClient::new([1, 1, 1]);
    c.set_idle_for_test(Lane::Game, Duration::from_millis(100));
    let mut d = fake("legal", false);
    d.spec.argv.push("--tag=client-idle".into());
    c.set_engine(Lane::Game, Some(d));
    c.search(Lane::Game, position(&[]), params(1));
    poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    assert!(
        wait_for(false, "client-idle"),
        "an idle engine keeps running"
    );
    let tag = c.search(Lane::Game, position(&[Point::new(7, 7)]), params(1));
    let events = poll_until(&mut c, |e| matches!(e, ClientEvent::Done { .. }));
    assert!(matches!(
        events.last(),
        Some(ClientEvent::Done { generation, result, .. })
            if *generation == tag && result.best.is_some_and(|p| p != Point::new(7, 7))
    ));
    c.shutdown();
}
