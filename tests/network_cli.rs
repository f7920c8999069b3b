//! `pbrain-gomoku --eval network` and `--weights`: the network plays, and
//! a missing or damaged weights file is reported while the engine goes on
//! with the classical evaluation.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs the engine with `args` on a short game; its output and errors.
fn play(args: &[&str]) -> (String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(args)
        .args(["--threads", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pbrain-gomoku");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"START 15\nINFO timeout_turn 200\nBEGIN\nTURN 8,8\nTURN 9,9\nEND\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn moves(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.contains(',')).collect()
}

#[test]
fn the_network_plays_legal_moves() {
    let (out, err) = play(&["--eval", "network"]);
    assert_eq!(moves(&out).len(), 3, "{out}\n{err}");
    assert!(
        !moves(&out).contains(&"8,8") && !moves(&out).contains(&"9,9"),
        "{out}"
    );
}

#[test]
fn a_missing_or_damaged_weights_file_falls_back_to_the_classical_evaluation() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("none.bin");
    let (out, err) = play(&["--weights", missing.to_str().unwrap()]);
    assert!(
        err.contains("cannot read") && err.contains("classical"),
        "{err}"
    );
    assert_eq!(moves(&out).len(), 3, "{out}");

    let damaged = dir.path().join("damaged.bin");
    let mut bytes = gomoku::engine::eval::nn::NET_BYTES.to_vec();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x40;
    std::fs::write(&damaged, &bytes).unwrap();
    let (out, err) = play(&["--weights", damaged.to_str().unwrap()]);
    assert!(
        err.contains("damaged") && err.contains("classical"),
        "{err}"
    );
    assert_eq!(moves(&out).len(), 3, "{out}");

    let foreign = dir.path().join("weights.txt");
    std::fs::write(&foreign, "not a network").unwrap();
    let (_, err) = play(&["--weights", foreign.to_str().unwrap(), "--eval", "network"]);
    assert!(err.contains("not a network file"), "{err}");
}

#[test]
fn a_good_weights_file_is_used() {
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("net.bin");
    std::fs::write(&copy, gomoku::engine::eval::nn::NET_BYTES).unwrap();
    let (out, err) = play(&["--weights", copy.to_str().unwrap()]);
    assert!(err.is_empty(), "{err}");
    assert_eq!(moves(&out).len(), 3, "{out}");
}

#[test]
fn an_unknown_evaluation_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["--eval", "magic"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("classical or network"));
}
