//! The foreign-engine module with real processes: the fake engine's every
//! misbehaviour is reported in words naming it, and no engine process is
//! left behind on any way out (drop, shutdown, a hung engine, the owner's
//! thread dying).

use gomoku::engine::{Limits, Position, SearchParams, SearchRequest};
use gomoku::gomocup::{
    EngineDescriptor, EngineError, EngineProcess, EngineSettings, EngineSpec, ForeignReply,
    ForeignWorker, TimeControl,
};
use gomoku::rules::{Point, Rule};
use std::time::{Duration, Instant};

const FAKE: &str = env!("CARGO_BIN_EXE_gomoku-fake-engine");

/// The fake engine in `mode`, tagged so a test can find its own process.
fn fake(mode: &str, extra: &[&str], tag: &str) -> EngineSpec {
    let mut argv = vec![FAKE.to_string(), mode.to_string(), format!("--tag={tag}")];
    argv.extend(extra.iter().map(|s| s.to_string()));
    EngineSpec { argv }
}

fn descriptor(spec: EngineSpec, nbest: bool) -> EngineDescriptor {
    EngineDescriptor {
        spec,
        about: Default::default(),
        nbest,
        settings: EngineSettings {
            time: TimeControl::PerMove { turn_ms: 200 },
            threads: Some(1),
            memory_mb: Some(64),
        },
    }
}

/// A search for a move (a foreign engine thinks for its own time per
/// move whatever the limit says; a search with none is an analysis).
fn request(generation: u64, moves: &[Point], multipv: usize) -> SearchRequest {
    SearchRequest {
        generation,
        position: Position::from_moves(15, Rule::Freestyle, moves).unwrap(),
        params: SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            limits: Limits::time(Duration::from_millis(200)),
            multipv,
            ..SearchParams::default()
        },
    }
}

/// Replies until one ends the search (done or failed), at most 5 s.
fn replies(w: &ForeignWorker) -> Vec<ForeignReply> {
    let until = Instant::now() + Duration::from_secs(5);
    let mut all = Vec::new();
    while Instant::now() < until {
        match w.poll() {
            Ok(Some(r)) => {
                let end = matches!(r, ForeignReply::Done { .. } | ForeignReply::Failed { .. });
                all.push(r);
                if end {
                    return all;
                }
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(_) => panic!("the worker thread died: {all:?}"),
        }
    }
    panic!("no end to the search: {all:?}");
}

/// The failure words of a search in `mode`.
fn failure(mode: &str) -> String {
    let w = ForeignWorker::spawn_with_handshake(
        descriptor(fake(mode, &[], "failure"), false),
        None,
        Duration::from_millis(300),
    );
    let mut w = w;
    w.search(request(1, &[Point::new(7, 7)], 1));
    match replies(&w).pop() {
        Some(ForeignReply::Failed {
            generation: Some(1),
            failure,
        }) => failure.to_string(),
        other => panic!("{mode}: {other:?}"),
    }
}

#[test]
fn a_legal_engine_moves_and_its_messages_come_through() {
    let mut w = ForeignWorker::spawn(descriptor(fake("legal", &[], "legal"), false), None);
    w.search(request(4, &[Point::new(7, 7)], 1));
    let all = replies(&w);
    assert!(
        all.iter().any(
            |r| matches!(r, ForeignReply::Message { text, .. } if text.starts_with("fake plays"))
        ),
        "{all:?}"
    );
    let Some(ForeignReply::Done { generation, result }) = all.last() else {
        panic!("{all:?}")
    };
    assert_eq!(*generation, 4);
    let best = result.best.unwrap();
    assert_ne!(best, Point::new(7, 7));
    // The next search reuses the running engine.
    w.search(request(5, &[Point::new(7, 7), best], 1));
    assert!(matches!(
        replies(&w).last(),
        Some(ForeignReply::Done { generation: 5, .. })
    ));
}

#[test]
fn an_nbest_engine_ranks_several_moves() {
    let mut w = ForeignWorker::spawn(descriptor(fake("legal", &["--nbest"], "nbest"), true), None);
    w.search(request(1, &[Point::new(7, 7)], 3));
    let all = replies(&w);
    // The engine's three lines may reach the client in more than one read
    // (on a busy machine they do), each read reporting the list so far:
    // the last report holds all three.
    let info = all
        .iter()
        .rev()
        .find_map(|r| match r {
            ForeignReply::Info { info, .. } => Some(info),
            _ => None,
        })
        .expect("ranked moves");
    assert_eq!(info.candidates.len(), 3, "{all:?}");
    let Some(ForeignReply::Done { result, .. }) = all.last() else {
        panic!("{all:?}")
    };
    assert_eq!(result.candidates.len(), 3);
    assert_eq!(result.best, Some(result.candidates[0].mv));
}

#[test]
fn every_misbehaviour_is_reported_in_words() {
    let cases = [
        ("crash", "crashed or exited (exit status 3)"),
        ("hang", "did not answer in time (200 ms)"),
        (
            "garbage",
            "answered 'hello, I am not a move', which is not a move",
        ),
        ("occupied", "played 7,7, an occupied point"),
        ("flood", "flooded its output: more than"),
        ("long-line", "flooded its output: a line longer than"),
        ("no-start", "never answered START"),
    ];
    std::thread::scope(|s| {
        for (mode, words) in cases {
            s.spawn(move || {
                let error = failure(mode);
                assert!(
                    error.starts_with(&format!("engine 'fake-{mode}' ")),
                    "{mode}: {error}"
                );
                assert!(error.contains(words), "{mode}: {error}");
            });
        }
    });
}

#[test]
fn probing_reads_about_and_nbest() {
    let d = EngineDescriptor::probe(&fake("legal", &["--nbest"], "probe")).unwrap();
    assert_eq!(d.about.name, "fake-legal");
    assert_eq!(d.about.version, "1.0");
    assert_eq!(d.about.author, "gomoku tests");
    assert!(d.nbest);
    assert_eq!(d.name(), "fake-legal");
    let d = EngineDescriptor::probe(&fake("legal", &[], "probe")).unwrap();
    assert!(!d.nbest);
    // An engine that ignores the command without a word is not waited
    // for long: its answer to the ABOUT sent after it gives it away.
    let t = Instant::now();
    let d = EngineDescriptor::probe(&fake("legal", &["--silent"], "probe")).unwrap();
    assert!(!d.nbest);
    assert!(
        t.elapsed() < Duration::from_millis(2_000),
        "{:?}",
        t.elapsed()
    );
    let e =
        EngineDescriptor::probe_within(&fake("no-start", &[], "probe"), Duration::from_millis(300))
            .unwrap_err();
    assert_eq!(
        e,
        EngineError::NoAnswer {
            command: "START".into(),
            ms: 300
        }
    );
    let e = EngineDescriptor::probe(&EngineSpec {
        argv: vec!["/nonexistent/pbrain-nothing".into()],
    })
    .unwrap_err();
    assert!(e.about("x").contains("could not be started"), "{e}");
}

#[cfg(unix)]
#[test]
fn a_program_that_is_no_gomocup_engine_is_told_so() {
    // `ls` lists a folder and exits, `true` exits without a word, `cat`
    // says every command back: none answers ABOUT as an engine does.
    let probe = |command: &str| {
        let spec = gomoku::gomocup::split_command_line(command).unwrap();
        EngineDescriptor::probe_within(&spec, Duration::from_millis(500)).unwrap_err()
    };
    for command in ["/bin/ls", "true", "cat"] {
        let e = probe(command);
        assert_eq!(e, EngineError::NotAnEngine, "{command}");
        assert_eq!(
            e.about(command),
            format!("engine '{command}' is not a Gomocup engine (no answer to ABOUT)")
        );
    }
    // A program that fails is told by its exit status (an engine's
    // wrapper script started in the wrong folder says so).
    for command in ["false", "sh -c 'echo no config here; exit 1'"] {
        assert_eq!(
            probe(command),
            EngineError::Crashed("exit status 1".into()),
            "{command}"
        );
    }
}

#[test]
fn probing_in_the_background_reports_through_the_callback() {
    let (tx, rx) = std::sync::mpsc::channel();
    let t = Instant::now();
    EngineDescriptor::probe_in_background(fake("legal", &[], "bg"), move |r| {
        let _ = tx.send(r);
    });
    assert!(t.elapsed() < Duration::from_millis(50), "the caller waited");
    let d = rx.recv_timeout(Duration::from_secs(5)).unwrap().unwrap();
    assert_eq!(d.about.name, "fake-legal");
    let (tx, rx) = std::sync::mpsc::channel();
    let spec = EngineSpec {
        argv: vec!["/nonexistent/pbrain-x".into()],
    };
    EngineDescriptor::probe_in_background(spec, move |r| {
        let _ = tx.send(r);
    });
    let e = rx
        .recv_timeout(Duration::from_secs(5))
        .unwrap()
        .unwrap_err();
    assert_eq!(e.engine, "/nonexistent/pbrain-x");
    assert!(matches!(e.error, EngineError::Spawn { .. }), "{e}");
    assert!(
        e.to_string()
            .starts_with("engine '/nonexistent/pbrain-x' could not be started"),
        "{e}"
    );
}

#[cfg(target_os = "linux")]
#[cfg(target_os = "linux")]
use crate::process_common::alive;

#[cfg(target_os = "linux")]
fn gone_soon(tag: &str) -> bool {
    crate::process_common::wait_for(false, tag)
}

#[cfg(target_os = "linux")]
#[test]
fn no_engine_survives_drop_shutdown_or_a_hang() {
    // Dropped while idle.
    let p = EngineProcess::spawn(&fake("legal", &[], "exit-drop")).unwrap();
    assert!(alive("exit-drop"));
    drop(p);
    assert!(gone_soon("exit-drop"), "a dropped engine lives on");
    // Shut down in order.
    let p = EngineProcess::spawn(&fake("legal", &[], "exit-end")).unwrap();
    p.shutdown();
    assert!(gone_soon("exit-end"), "an ended engine lives on");
    // Hung in a move, then dropped: END is not read, the kill comes.
    let mut p = EngineProcess::spawn(&fake("hang", &[], "exit-hang")).unwrap();
    p.send("START 15").unwrap();
    p.send("BEGIN").unwrap();
    let e = p
        .next_move(Instant::now() + Duration::from_millis(100), 100)
        .unwrap_err();
    assert_eq!(e, EngineError::Timeout(100));
    drop(p);
    assert!(gone_soon("exit-hang"), "a hung engine lives on");
    // A worker dropped while its engine hangs in a search.
    let mut w = ForeignWorker::spawn(descriptor(fake("hang", &[], "exit-worker"), false), None);
    w.search(request(1, &[], 1));
    assert!(crate::process_common::wait_for(true, "exit-worker"));
    drop(w);
    assert!(
        gone_soon("exit-worker"),
        "a dropped worker's engine lives on"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn an_engine_dies_with_the_thread_that_started_it() {
    // The owner vanishes without ending the engine, as when the app is
    // killed outright: the kernel's parent-death signal ends the engine.
    std::thread::spawn(|| {
        let p = EngineProcess::spawn(&fake("legal", &[], "orphan")).unwrap();
        assert!(alive("orphan"));
        std::mem::forget(p);
    })
    .join()
    .unwrap();
    assert!(gone_soon("orphan"), "the orphaned engine lives on");
}
