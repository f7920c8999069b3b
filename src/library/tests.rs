//! The library core: transpositions under symmetry, notes, verdicts,
//! damaged files and schema migrations.

use super::schema::{self, MIGRATIONS};
use super::*;
use crate::rules::{parse_moves, Board, Marks, Point, Rule, Stone, Symmetry};
use rusqlite::Connection;

fn pts(s: &str) -> Vec<Point> {
    parse_moves(s, 15).unwrap()
}

fn empty(rule: Rule) -> Position {
    Position {
        board: Board::standard(),
        to_move: Stone::Black,
        rule,
    }
}

fn after(moves: &[Point], rule: Rule) -> Position {
    let mut pos = empty(rule);
    for &p in moves {
        pos = pos.after(p).unwrap();
    }
    pos
}

fn turned(moves: &[Point], s: Symmetry) -> Vec<Point> {
    moves.iter().map(|p| s.apply(*p, 15)).collect()
}

#[test]
fn a_position_is_found_from_every_orientation_with_its_moves_turned() {
    let mut lib = Library::in_memory().unwrap();
    let game = pts("h8i9j7g8g6");
    {
        let w = lib.writer().unwrap();
        w.add_game(&empty(Rule::Renju), &game, GameResult::Black)
            .unwrap();
        let mut marks = Marks::default();
        marks.set_label(pts("k8")[0], "a");
        marks.marked = true;
        let pos = after(&game[..3], Rule::Renju);
        w.set_comment(&pos, "the direct opening").unwrap();
        w.set_marks(&pos, &marks).unwrap();
        w.add_verdict(
            &pos,
            &Verdict {
                engine: String::new(),
                depth: 12,
                score: 350,
                line: pts("g8g6"),
                date: 1_800_000_000,
            },
        )
        .unwrap();
        w.commit().unwrap();
    }
    for s in Symmetry::ALL {
        let moves = turned(&game[..3], s);
        let entry = lib.entry(&after(&moves, Rule::Renju)).unwrap();
        assert_eq!(entry.comment, "the direct opening", "{s:?}");
        assert!(entry.marks.marked);
        assert_eq!(entry.marks.label(s.apply(pts("k8")[0], 15)), Some("a"));
        assert_eq!(entry.results.black, 1);
        assert_eq!(entry.moves.len(), 1);
        assert_eq!(entry.moves[0].mv, s.apply(game[3], 15), "{s:?}");
        assert_eq!(entry.moves[0].seen, 1);
        assert_eq!(entry.moves[0].results.black, 1);
        assert_eq!(entry.verdicts[0].line, turned(&pts("g8g6"), s));
        assert_eq!(entry.verdicts[0].score, 350);
    }
    // The same stones under another rule are another position.
    assert!(lib
        .entry(&after(&game[..3], Rule::Freestyle))
        .unwrap()
        .is_empty());
}

#[test]
fn transpositions_and_mirrored_games_meet_in_one_record() {
    let mut lib = Library::in_memory().unwrap();
    let w = lib.writer().unwrap();
    // The same three stones reached in another order and mirrored.
    w.add_game(&empty(Rule::Freestyle), &pts("h8i9j7g7"), GameResult::Black)
        .unwrap();
    let mirrored = turned(&pts("j7i9h8h7"), Symmetry::ALL[1]);
    w.add_game(&empty(Rule::Freestyle), &mirrored, GameResult::White)
        .unwrap();
    w.commit().unwrap();
    let entry = lib.entry(&after(&pts("h8i9j7"), Rule::Freestyle)).unwrap();
    assert_eq!(entry.results.black, 1);
    assert_eq!(entry.results.white, 1);
    let mut seen: Vec<(Point, u64)> = entry.moves.iter().map(|m| (m.mv, m.seen)).collect();
    seen.sort();
    let mut want = vec![(pts("g7")[0], 1), (pts("h7")[0], 1)];
    want.sort();
    assert_eq!(seen, want);
    // From the empty board the two games began h8 and f7 (the mirror of j7).
    let root = lib.entry(&empty(Rule::Freestyle)).unwrap();
    assert_eq!(root.moves.len(), 2, "{root:?}");
}

#[test]
fn symmetric_replies_count_as_one_move_and_scores_turn_to_the_mover() {
    let mut lib = Library::in_memory().unwrap();
    let w = lib.writer().unwrap();
    for second in ["i9", "g7", "g9", "i7"] {
        let moves = pts(&format!("h8{second}"));
        w.add_game(&empty(Rule::Freestyle), &moves, GameResult::Draw)
            .unwrap();
    }
    let after_i9 = after(&pts("h8i9"), Rule::Freestyle);
    w.add_verdict(
        &after_i9,
        &Verdict {
            engine: "rapfi".into(),
            depth: 20,
            score: 800,
            line: vec![],
            date: 0,
        },
    )
    .unwrap();
    w.commit().unwrap();
    let entry = lib.entry(&after(&pts("h8"), Rule::Freestyle)).unwrap();
    assert_eq!(entry.moves.len(), 1);
    assert_eq!(entry.moves[0].seen, 4);
    assert_eq!(entry.moves[0].results.draws, 4);
    // Black to move after the diagonal reply scores +800: for White,
    // who played it, that is -800.
    assert_eq!(entry.moves[0].score, Some(-800));
    assert_eq!(entry.moves[0].depth, Some(20));
}

#[test]
fn a_shallower_verdict_does_not_replace_a_deeper_one() {
    let mut lib = Library::in_memory().unwrap();
    let pos = after(&pts("h8"), Rule::Standard);
    let v = |depth, score| Verdict {
        engine: String::new(),
        depth,
        score,
        line: vec![],
        date: 1,
    };
    let w = lib.writer().unwrap();
    w.add_verdict(&pos, &v(10, 5)).unwrap();
    w.add_verdict(&pos, &v(8, 99)).unwrap();
    w.commit().unwrap();
    assert_eq!(lib.entry(&pos).unwrap().verdicts, vec![v(10, 5)]);
    let w = lib.writer().unwrap();
    w.add_verdict(&pos, &v(14, -20)).unwrap();
    w.commit().unwrap();
    assert_eq!(lib.entry(&pos).unwrap().verdicts, vec![v(14, -20)]);
}

#[test]
fn an_uncommitted_writer_leaves_nothing() {
    let mut lib = Library::in_memory().unwrap();
    {
        let w = lib.writer().unwrap();
        w.add_game(&empty(Rule::Renju), &pts("h8i9"), GameResult::Black)
            .unwrap();
    }
    assert_eq!(lib.position_count().unwrap(), 0);
}

#[test]
fn fingerprints_know_a_game_and_its_mirror() {
    let a = game_fingerprint(Rule::Renju, 15, &pts("h8i9j10"), GameResult::Black);
    let b = game_fingerprint(
        Rule::Renju,
        15,
        &turned(&pts("h8i9j10"), Symmetry::ALL[5]),
        GameResult::Black,
    );
    assert_eq!(a, b);
    assert_ne!(
        a,
        game_fingerprint(Rule::Renju, 15, &pts("h8i9j10"), GameResult::White)
    );
    let mut lib = Library::in_memory().unwrap();
    let w = lib.writer().unwrap();
    assert!(w.remember(&a).unwrap());
    assert!(!w.remember(&b).unwrap());
}

#[test]
fn the_library_survives_closing_and_reopening() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.sqlite");
    {
        let mut lib = Library::open(&path).unwrap().into_library();
        let w = lib.writer().unwrap();
        w.set_comment(&after(&pts("h8"), Rule::Renju), "centre")
            .unwrap();
        w.commit().unwrap();
    }
    let lib = match Library::open(&path).unwrap() {
        Opened::Ready(lib) => lib,
        Opened::Recovered { error, .. } => panic!("{error}"),
    };
    assert_eq!(
        lib.entry(&after(&pts("h8"), Rule::Renju)).unwrap().comment,
        "centre"
    );
}

#[test]
fn a_damaged_file_is_set_aside_and_a_new_library_made() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.sqlite");
    std::fs::write(
        &path,
        b"this is not a database, just forty bytes of text.....",
    )
    .unwrap();
    match Library::open(&path).unwrap() {
        Opened::Recovered {
            library,
            error,
            kept_as,
        } => {
            assert!(error.contains("not a database"), "{error}");
            let kept = kept_as.unwrap();
            assert!(kept
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("library.sqlite.corrupt-"));
            assert_eq!(
                std::fs::read(&kept).unwrap(),
                b"this is not a database, just forty bytes of text....."
            );
            assert_eq!(library.position_count().unwrap(), 0);
        }
        Opened::Ready(_) => panic!("a damaged file was taken as sound"),
    }
    // The new file is a sound library.
    assert!(matches!(Library::open(&path).unwrap(), Opened::Ready(_)));
}

#[test]
fn a_file_from_a_newer_build_is_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.sqlite");
    {
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", schema::SCHEMA_VERSION + 1)
            .unwrap();
    }
    assert!(matches!(
        Library::open(&path),
        Err(LibraryError::Newer(v)) if v == schema::SCHEMA_VERSION + 1
    ));
    assert!(path.exists());
}

#[test]
fn a_version_1_library_is_migrated_with_its_data() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.sqlite");
    {
        let mut conn = Connection::open(&path).unwrap();
        let tx = conn.transaction().unwrap();
        tx.execute_batch(MIGRATIONS[0]).unwrap();
        tx.pragma_update(None, "user_version", 1).unwrap();
        tx.commit().unwrap();
        // A position and its verdict as version 1 wrote them.
        let key = key::Canonical::of(
            &after(&pts("h8"), Rule::Renju).board,
            Stone::White,
            Rule::Renju,
        )
        .key;
        conn.execute(
            "INSERT INTO positions(id, key, comment) VALUES (7, ?1, 'old note')",
            [key.as_bytes()],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO verdicts(position, depth, score, line, date) VALUES (7, 9, 120, 'i9', 5)",
            [],
        )
        .unwrap();
    }
    let lib = Library::open(&path).unwrap().into_library();
    let version: i64 = lib
        .conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(version, schema::SCHEMA_VERSION);
    let entry = lib.entry(&after(&pts("h8"), Rule::Renju)).unwrap();
    assert_eq!(entry.comment, "old note");
    assert_eq!(
        entry.verdicts,
        vec![Verdict {
            engine: String::new(),
            depth: 9,
            score: 120,
            line: pts("i9"),
            date: 5
        }]
    );
}
