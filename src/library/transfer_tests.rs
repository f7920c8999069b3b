//! Import and export: RenLib round trips, `.psq` folders and the match
//! runner's results, SGF collections, refused files, repeats, cancel.

use super::import::{import, Failure, ImportOptions, ImportReport, Progress};
use super::renlib::{self, DEFAULT_ENCODING};
use super::*;
use crate::record::{parse_sgf, write_psq};
use crate::rules::{parse_moves, Board, GameSettings, GameTree, Point, Rule, Stone};
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

fn pts(s: &str) -> Vec<Point> {
    parse_moves(s, 15).unwrap()
}

fn renju() -> GameSettings {
    GameSettings {
        size: 15,
        rule: Rule::Renju,
    }
}

fn at(moves: &str, rule: Rule) -> Position {
    let mut pos = Position {
        board: Board::standard(),
        to_move: Stone::Black,
        rule,
    };
    for p in pts(moves) {
        pos = pos.after(p).unwrap();
    }
    pos
}

/// A study tree with comments, a mark, a start flag and labels.
fn study_tree() -> GameTree {
    let mut t = GameTree::new(Board::standard(), Stone::Black);
    t.node_mut(&[]).unwrap().comment = "My renju openings".into();
    let h8 = t.add_or_follow(&[], pts("h8")[0]).unwrap();
    let n = t.node_mut(&[h8]).unwrap();
    n.comment = "centre".into();
    n.marks.set_label(pts("g7")[0], "1");
    let i9 = t.add_or_follow(&[h8], pts("i9")[0]).unwrap();
    let h9 = t.add_or_follow(&[h8], pts("h9")[0]).unwrap();
    let n = t.node_mut(&[h8, i9]).unwrap();
    n.comment = "indirect\nthe second part, with å and é".into();
    n.marks.marked = true;
    n.marks.set_label(pts("j10")[0], "a");
    n.marks.set_label(pts("k7")[0], "b");
    t.node_mut(&[h8, h9]).unwrap().marks.start = true;
    let j10 = t.add_or_follow(&[h8, i9], pts("j10")[0]).unwrap();
    t.add_or_follow(&[h8, i9], pts("h10")[0]).unwrap();
    t.node_mut(&[h8, i9, j10]).unwrap().comment = "sword".into();
    t.add_or_follow(&[h8, i9, j10], pts("g7")[0]).unwrap();
    t.add_or_follow(&[h8, h9], pts("i10")[0]).unwrap();
    t
}

fn run(lib: &mut Library, paths: &[PathBuf]) -> ImportReport {
    let options = ImportOptions::default();
    import(lib, paths, &options, &AtomicBool::new(false), &mut |_| {}).unwrap()
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

#[test]
fn a_lib_file_comes_back_byte_for_byte() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = renlib::write(&study_tree(), &[], DEFAULT_ENCODING).unwrap();
    let file = write(dir.path(), "study.lib", &bytes);
    let mut lib = Library::in_memory().unwrap();
    let report = run(&mut lib, &[file]);
    assert_eq!((report.files, report.games), (1, 1), "{report:?}");
    let (out, truncated) = lib.export_renlib(renju(), &[], DEFAULT_ENCODING).unwrap();
    assert!(!truncated);
    assert_eq!(out, bytes);
    let back = renlib::read(&out, DEFAULT_ENCODING).unwrap();
    assert_eq!(back.tree.move_count(), study_tree().move_count());
    // Exporting from a later position keeps the way there and what is
    // below it.
    let (part, _) = lib
        .export_renlib(renju(), &pts("h8i9"), DEFAULT_ENCODING)
        .unwrap();
    let part = renlib::read(&part, DEFAULT_ENCODING).unwrap().tree;
    assert_eq!(
        part.node(&[0, 0]).unwrap().comment,
        "indirect\nthe second part, with å and é"
    );
    assert_eq!(part.node(&[0]).unwrap().children().len(), 1);
    assert_eq!(part.node(&[0, 0]).unwrap().children().len(), 2);
}

#[test]
fn a_lib_study_is_found_turned_and_importing_it_again_counts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = renlib::write(&study_tree(), &[], DEFAULT_ENCODING).unwrap();
    let file = write(dir.path(), "study.lib", &bytes);
    let mut lib = Library::in_memory().unwrap();
    run(&mut lib, std::slice::from_ref(&file));
    let again = run(&mut lib, &[file]);
    assert_eq!((again.games, again.duplicates), (0, 1));
    // h8 g7 is h8 i9 turned half round.
    let entry = lib.entry(&at("h8g7", Rule::Renju)).unwrap();
    assert!(entry.comment.starts_with("indirect"));
    assert!(entry.marks.marked);
    assert_eq!(entry.marks.label(pts("f6")[0]), Some("a"));
    let mut moves: Vec<(Point, u64)> = entry.moves.iter().map(|m| (m.mv, m.seen)).collect();
    moves.sort();
    let mut want = vec![(pts("f6")[0], 1), (pts("h6")[0], 1)];
    want.sort();
    assert_eq!(moves, want);
}

#[test]
fn a_malformed_file_is_named_with_its_place_and_the_others_come_in() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(
        dir.path(),
        "a.lib",
        &renlib::write(&study_tree(), &[], DEFAULT_ENCODING).unwrap(),
    );
    let mut bad_bytes = renlib::write(&study_tree(), &[], DEFAULT_ENCODING).unwrap();
    // The first move's point byte (after the header, the root record and
    // its comment) made a point off the board.
    bad_bytes[40] = 0xF0;
    let bad = write(dir.path(), "b.lib", &bad_bytes);
    let psq = write(
        dir.path(),
        "c.psq",
        write_psq(15, &pts("a1b2c3"), None).as_bytes(),
    );
    let bad_psq = write(
        dir.path(),
        "d.psq",
        b"Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n",
    );
    let mut lib = Library::in_memory().unwrap();
    let report = run(&mut lib, &[dir.path().to_path_buf()]);
    assert_eq!(report.files, 2, "{report:?}");
    assert_eq!(report.errors.len(), 2);
    assert_eq!(report.errors[0].file, bad);
    assert!(matches!(report.errors[0].failure, Failure::RenLib(_)));
    let words = report.errors[0].to_string();
    assert!(
        words.contains("b.lib") && words.contains("byte 40"),
        "{words}"
    );
    assert_eq!(report.errors[1].file, bad_psq);
    assert!(
        report.errors[1].to_string().contains("line 3"),
        "{}",
        report.errors[1]
    );
    assert!(!lib.entry(&at("h8", Rule::Renju)).unwrap().is_empty());
    assert!(!lib.entry(&at("a1b2", Rule::Renju)).unwrap().is_empty());
    drop((good, psq));
}

#[test]
fn an_sgf_collection_comes_in_game_by_game_and_a_bad_game_refuses_its_file() {
    let dir = tempfile::tempdir().unwrap();
    let collection = "(;FF[4]GM[4]SZ[15]RU[renju]RE[B+]C[first]\n;B[hh];W[ii];B[jg])\n\
                      (;FF[4]GM[4]SZ[15]RE[W+R]\n;B[hh]C[a comment with \\] and (];W[hi]\n(;B[ij])(;B[gi]))\n";
    let file = write(dir.path(), "games.sgf", collection.as_bytes());
    let broken = "(;GM[4]SZ[15];B[hh])\n(;GM[4]SZ[15]\n;B[hh]\n;W[hh])\n";
    let bad = write(dir.path(), "broken.sgf", broken.as_bytes());
    let mut lib = Library::in_memory().unwrap();
    let report = run(&mut lib, &[file, bad.clone()]);
    assert_eq!((report.files, report.games), (1, 2), "{report:?}");
    match &report.errors[0].failure {
        Failure::Sgf { game, error } => {
            assert_eq!(*game, 2);
            assert_eq!(error.line, 4, "{error}");
        }
        other => panic!("{other:?}"),
    }
    // The broken file's good first game was not added either.
    let after_h8 = lib.entry(&at("h8", Rule::Renju)).unwrap();
    assert_eq!(after_h8.moves.iter().map(|m| m.seen).sum::<u64>(), 2);
    let root = lib.entry(&at("", Rule::Renju)).unwrap();
    assert_eq!(root.comment, "first");
    assert_eq!((root.results.black, root.results.white), (1, 1));
    // Variations count as seen, the result goes with the main line.
    let second = lib.entry(&at("h8h7", Rule::Renju)).unwrap();
    assert_eq!(second.moves.len(), 2);
    assert_eq!(second.results.white, 1);
    let main = second.moves.iter().find(|m| m.mv == pts("i6")[0]).unwrap();
    assert_eq!(main.results.white, 1);
}

#[test]
fn the_match_runners_results_give_each_game_its_winner() {
    let dir = tempfile::tempdir().unwrap();
    // Game 1: White (engine1 playing White) won on time; game 2: a five.
    let g1 = pts("h8h9i8");
    let g2 = pts("a1b1a2b2a3b3a4b4a5");
    write(
        dir.path(),
        "game-0001.psq",
        write_psq(15, &g1, None).as_bytes(),
    );
    write(
        dir.path(),
        "game-0002.psq",
        write_psq(15, &g2, None).as_bytes(),
    );
    let csv = format!(
        "game,opening,black,white,winner,ending,moves,position\n\
         1,h8,engine2,engine1,engine1,loss on time,3,{}\n",
        crate::rules::print_moves(&g1, 15)
    );
    write(dir.path(), "results.csv", csv.as_bytes());
    let mut lib = Library::in_memory().unwrap();
    let report = run(&mut lib, &[dir.path().to_path_buf()]);
    assert_eq!(report.games, 2, "{report:?}");
    let root = lib.entry(&at("", Rule::Renju)).unwrap();
    assert_eq!((root.results.black, root.results.white), (1, 1));
}

#[test]
fn cancelling_keeps_the_files_done_and_rolls_back_the_one_in_progress() {
    let dir = tempfile::tempdir().unwrap();
    let first = write(
        dir.path(),
        "1.psq",
        write_psq(15, &pts("h8h9"), None).as_bytes(),
    );
    let collection: String = (0..5)
        .map(|i| format!("(;GM[4]SZ[15];B[hh];W[{}a])\n", char::from(b'a' + i)))
        .collect();
    let second = write(dir.path(), "2.sgf", collection.as_bytes());
    let mut lib = Library::in_memory().unwrap();
    let cancel = AtomicBool::new(false);
    let mut seen: Vec<Progress> = Vec::new();
    let report = import(
        &mut lib,
        &[first, second],
        &ImportOptions::default(),
        &cancel,
        &mut |p| {
            seen.push(p.clone());
            if p.games == 3 {
                cancel.store(true, std::sync::atomic::Ordering::Relaxed);
            }
        },
    )
    .unwrap();
    assert!(report.cancelled);
    assert_eq!((report.files, report.games), (1, 1));
    assert_eq!(seen[0].files, 2);
    let root = lib.entry(&at("", Rule::Renju)).unwrap();
    assert_eq!(root.moves.iter().map(|m| m.seen).sum::<u64>(), 1);
}

#[test]
fn sgf_export_writes_the_variations_and_comments() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = renlib::write(&study_tree(), &[], DEFAULT_ENCODING).unwrap();
    let file = write(dir.path(), "study.lib", &bytes);
    let mut lib = Library::in_memory().unwrap();
    run(&mut lib, &[file]);
    let (sgf, _) = lib.export_sgf(renju(), &[]).unwrap();
    let back = parse_sgf(&sgf, renju()).unwrap().game;
    assert_eq!(back.tree().move_count(), study_tree().move_count());
    assert_eq!(back.tree().root().comment, "My renju openings");
    assert_eq!(
        back.tree().node(&[0, 0]).unwrap().comment,
        "indirect\nthe second part, with å and é"
    );
}
