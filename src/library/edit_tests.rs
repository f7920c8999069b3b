//! Labels edited from the board, a game record's notes merged in, and how
//! the lookups read the file (their query plans, the memory map).

use super::labels::{next_letter, LabelEdit};
use super::*;
use crate::rules::{parse_moves, Board, Marks, Point, Rule, Stone, Symmetry};

fn pts(s: &str) -> Vec<Point> {
    parse_moves(s, 15).unwrap()
}

fn pt(s: &str) -> Point {
    pts(s)[0]
}

fn after(moves: &[Point]) -> Position {
    let mut pos = Position {
        board: Board::standard(),
        to_move: Stone::Black,
        rule: Rule::Renju,
    };
    for &p in moves {
        pos = pos.after(p).unwrap();
    }
    pos
}

fn toggle(lib: &mut Library, pos: &Position, p: Point) -> LabelEdit {
    let w = lib.writer().unwrap();
    let edit = w.toggle_label(pos, p).unwrap();
    w.commit().unwrap();
    edit
}

#[test]
fn the_next_letter_is_the_first_free_in_either_case() {
    let mut marks = Marks::default();
    assert_eq!(next_letter(&marks).as_deref(), Some("A"));
    marks.set_label(pt("a1"), "A");
    marks.set_label(pt("a2"), "b");
    marks.set_label(pt("a3"), "1");
    assert_eq!(next_letter(&marks).as_deref(), Some("C"));
    for (i, l) in ('C'..='Z').enumerate() {
        marks.set_label(Point::new(5, i as u8), l.to_string());
    }
    assert_eq!(next_letter(&marks), None);
}

#[test]
fn a_click_puts_the_next_letter_and_a_second_takes_it_away_in_any_orientation() {
    let mut lib = Library::in_memory().unwrap();
    let line = pts("h8i9j7");
    let pos = after(&line);
    assert_eq!(toggle(&mut lib, &pos, pt("k8")), LabelEdit::Put("A".into()));
    assert_eq!(toggle(&mut lib, &pos, pt("g9")), LabelEdit::Put("B".into()));
    // A stone takes no new label.
    assert_eq!(toggle(&mut lib, &pos, pt("h8")), LabelEdit::Unchanged);
    // Seen from every turn and mirror, the letters are on the turned points,
    // and a click there takes the right one away.
    for s in Symmetry::ALL {
        let turned: Vec<Point> = line.iter().map(|p| s.apply(*p, 15)).collect();
        let seen = lib.entry(&after(&turned)).unwrap();
        assert_eq!(seen.marks.label(s.apply(pt("k8"), 15)), Some("A"), "{s:?}");
        assert_eq!(seen.marks.label(s.apply(pt("g9"), 15)), Some("B"), "{s:?}");
    }
    let s = Symmetry::ALL[5];
    let turned: Vec<Point> = line.iter().map(|p| s.apply(*p, 15)).collect();
    let edit = toggle(&mut lib, &after(&turned), s.apply(pt("k8"), 15));
    assert_eq!(edit, LabelEdit::Removed("A".into()));
    let entry = lib.entry(&pos).unwrap();
    assert_eq!(entry.marks.labels(), &[(pt("g9"), "B".to_string())]);
    // The freed letter is the next one given.
    assert_eq!(toggle(&mut lib, &pos, pt("l8")), LabelEdit::Put("A".into()));
    // A label of the player's own text replaces the one there.
    let w = lib.writer().unwrap();
    w.set_label(&pos, pt("l8"), "VCF").unwrap();
    w.commit().unwrap();
    assert_eq!(lib.entry(&pos).unwrap().marks.label(pt("l8")), Some("VCF"));
}

#[test]
fn a_game_records_notes_are_added_below_the_players_own() {
    let mut lib = Library::in_memory().unwrap();
    let pos = after(&pts("h8i9"));
    let mut mine = Marks::default();
    mine.set_label(pt("j10"), "A");
    {
        let w = lib.writer().unwrap();
        w.set_comment(&pos, "My own words").unwrap();
        w.set_marks(&pos, &mine).unwrap();
        w.commit().unwrap();
    }
    let mut theirs = Marks::default();
    theirs.set_label(pt("j10"), "x");
    theirs.set_label(pt("g7"), "b");
    theirs.marked = true;
    for _ in 0..2 {
        // Twice, as a game finished again: nothing is repeated.
        let w = lib.writer().unwrap();
        w.add_notes(&pos, "From the record", &theirs).unwrap();
        w.commit().unwrap();
    }
    let entry = lib.entry(&pos).unwrap();
    assert_eq!(entry.comment, "My own words\nFrom the record");
    assert_eq!(
        entry.marks.label(pt("j10")),
        Some("A"),
        "the player's label stays"
    );
    assert_eq!(entry.marks.label(pt("g7")), Some("b"));
    assert!(entry.marks.marked);
    // Notes with nothing in them make no position.
    let w = lib.writer().unwrap();
    let elsewhere = after(&pts("a1"));
    w.add_notes(&elsewhere, "  ", &Marks::default()).unwrap();
    w.commit().unwrap();
    assert_eq!(lib.position_count().unwrap(), 1);
}

#[test]
fn every_lookup_query_goes_through_an_index() {
    let lib = Library::in_memory().unwrap();
    for sql in super::db::LOOKUP_QUERIES {
        let plan: Vec<String> = lib
            .conn
            .prepare(&format!("EXPLAIN QUERY PLAN {sql}"))
            .unwrap()
            .query_map([0], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(
            plan.iter().all(|step| !step.starts_with("SCAN")),
            "{sql}: {plan:?}"
        );
        assert!(
            plan.iter().any(|step| step.starts_with("SEARCH")),
            "{plan:?}"
        );
    }
}

#[test]
fn a_library_file_is_read_through_a_memory_map_and_warmed_up() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("library.sqlite");
    let lib = Library::open(&path).unwrap().into_library();
    let mmap: i64 = lib
        .conn
        .query_row("PRAGMA mmap_size", [], |r| r.get(0))
        .unwrap();
    assert!(mmap > 0, "mmap_size {mmap}");
    let read = lib.warm_in_background().unwrap().join().unwrap();
    assert!(read > 0);
    assert!(Library::in_memory().unwrap().warm_in_background().is_none());
}
