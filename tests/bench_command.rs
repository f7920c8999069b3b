//! `pbrain-gomoku bench` is deterministic: the same depth gives the same
//! node count and signature on every run.

use std::process::Command;

fn bench(depth: &str) -> (String, std::process::ExitStatus) {
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["bench", depth])
        .output()
        .expect("run pbrain-gomoku bench");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status,
    )
}

fn field<'a>(report: &'a str, name: &str) -> &'a str {
    report
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .map(str::trim)
        .unwrap_or_else(|| panic!("no '{name}' line in:\n{report}"))
}

#[test]
fn bench_prints_the_same_nodes_and_signature_twice() {
    let (a, status) = bench("5");
    assert!(status.success());
    let (b, _) = bench("5");
    assert_eq!(field(&a, "nodes"), field(&b, "nodes"));
    assert_eq!(field(&a, "signature"), field(&b, "signature"));
    assert_eq!(field(&a, "depth"), "5");
    assert!(field(&a, "nodes").parse::<u64>().unwrap() > 1000);
    assert!(field(&a, "nps").parse::<u64>().is_ok());
    // The network's run on the freestyle positions is as repeatable.
    assert_eq!(searched(&a, "network"), searched(&b, "network"));
    assert_ne!(searched(&a, "network"), searched(&a, "classical"));
}

/// The nodes and signature of an evaluation's line (its time varies).
fn searched(report: &str, evaluation: &str) -> (String, String) {
    let line = field(report, evaluation);
    let word = |name: &str| {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == name).expect(name);
        words[at + 1].to_string()
    };
    (word("nodes"), word("signature"))
}

#[test]
fn bench_each_adds_a_line_per_position_to_the_same_totals() {
    let (plain, _) = bench("4");
    let out = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["bench", "4", "--each"])
        .output()
        .expect("run pbrain-gomoku bench --each");
    assert!(out.status.success());
    let each = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(field(&each, "nodes"), field(&plain, "nodes"));
    let per: Vec<u64> = each
        .lines()
        .filter(|l| l.starts_with("position "))
        .map(|l| {
            let after = l.split("nodes ").nth(1).expect("a nodes field");
            after.split_whitespace().next().unwrap().parse().unwrap()
        })
        .collect();
    assert_eq!(per.len().to_string(), field(&each, "positions"));
    assert_eq!(per.iter().sum::<u64>().to_string(), field(&each, "nodes"));
    // With --runs, the median run's positions follow the series' lines.
    let runs = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["bench", "4", "--runs", "2", "--each"])
        .output()
        .expect("run pbrain-gomoku bench --runs 2 --each");
    let runs = String::from_utf8_lossy(&runs.stdout).into_owned();
    assert!(field(&runs, "runs").starts_with("2 "), "{runs}");
    assert_eq!(
        runs.lines().filter(|l| l.starts_with("position ")).count(),
        per.len()
    );
}

#[test]
fn a_bad_depth_is_refused() {
    let (_, status) = bench("deep");
    assert_eq!(status.code(), Some(2));
}

#[test]
fn the_thread_count_is_checked_and_used() {
    use std::io::Write;
    use std::process::Stdio;
    let bad = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["--threads", "0"])
        .stdin(Stdio::null())
        .output()
        .expect("run pbrain-gomoku");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--threads must be a number"));
    let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
        .args(["--threads", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run pbrain-gomoku");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"START 15\nINFO timeout_turn 300\nBEGIN\nTURN 8,8\nEND\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let moves: Vec<&str> = text.lines().filter(|l| l.contains(',')).collect();
    assert_eq!(moves.len(), 2, "{text}");
    assert!(!moves.contains(&"8,8"), "{text}");
}
