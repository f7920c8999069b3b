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
}

#[test]
fn a_bad_depth_is_refused() {
    let (_, status) = bench("deep");
    assert_eq!(status.code(), Some(2));
}
