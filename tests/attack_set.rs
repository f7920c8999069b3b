//! The committed attack set reads cleanly, and `gomoku-tune attacks`
//! scores a file or refuses a bad one with the line at fault.

use gomoku::rules::Stone;
use gomoku::tuning::attacks::{parse_attack_set, MIN_PLIES};
use std::collections::HashSet;
use std::process::Command;

const SET: &str = include_str!("data/attack.txt");

#[test]
fn the_committed_set_is_well_formed() {
    let cases = parse_attack_set(SET).expect("tests/data/attack.txt reads");
    assert!(cases.len() >= 30, "only {} cases", cases.len());
    let mut names = HashSet::new();
    for case in &cases {
        assert!(names.insert(case.name.clone()), "{} twice", case.name);
        assert!(
            case.plies >= MIN_PLIES,
            "{}: {} plies",
            case.name,
            case.plies
        );
        let pos = case.position().expect("a legal game");
        // The winner is to move and nobody has five yet.
        assert!(
            gomoku::rules::any_winning_line(&pos.board, pos.rule).is_none(),
            "{} is over",
            case.name
        );
        assert_eq!(pos.to_move, Stone::to_move_after(case.moves.len()));
    }
    // Both colours win in the set: the games were played from both sides.
    let black = cases.iter().filter(|c| c.moves.len() % 2 == 0).count();
    assert!(
        black > 0 && black < cases.len(),
        "{black} of {}",
        cases.len()
    );
}

fn tune(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gomoku-tune"))
        .args(args)
        .output()
        .expect("run gomoku-tune");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn attacks_scores_a_file_and_names_a_bad_line() {
    let dir = tempfile::tempdir().expect("a temporary folder");
    let good = dir.path().join("good.txt");
    // Black's open three h8 i8 j8: an open four wins in three plies.
    std::fs::write(&good, "# one case\nopen-three | h8a1i8a3j8a5 | 3\n").unwrap();
    let (ok, out, err) = tune(&[
        "attacks",
        "--ms",
        "200",
        "--threads",
        "1",
        good.to_str().unwrap(),
    ]);
    assert!(ok, "{err}");
    assert!(out.contains("open-three"), "{out}");
    assert!(out.contains("attacks found 1 of 1 at 200 ms"), "{out}");

    let bad = dir.path().join("bad.txt");
    std::fs::write(&bad, "# header\nok | h8a1 | 9\nbroken | h8 h8 | 9\n").unwrap();
    let (ok, _, err) = tune(&["attacks", bad.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("line 3"), "{err}");

    let missing = dir.path().join("missing.txt");
    let (ok, _, err) = tune(&["attacks", missing.to_str().unwrap()]);
    assert!(!ok);
    assert!(err.contains("cannot read"), "{err}");
}
