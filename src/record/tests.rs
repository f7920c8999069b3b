//! Record parsing and printing: round trips and precise refusals.

use super::*;
use crate::rules::{parse_moves, MAX_SIZE, MIN_SIZE};
use proptest::prelude::*;

fn pts(text: &str, size: u8) -> Vec<Point> {
    parse_moves(text, size).unwrap()
}

fn err(text: &str) -> RecordError {
    parse_record(text).expect_err("the record should be refused")
}

#[test]
fn reads_a_piskvork_file_with_its_trailer() {
    let text = "Piskvorky 20x20, 11:11, 0\n\
                10,10,1200\n\
                11,11,800\n\
                10,11,0\n\
                pbrain-one.exe\n\
                pbrain-two.exe\n\
                -1\n";
    let r = parse_record(text).unwrap();
    assert_eq!(r.size, 20);
    assert_eq!(
        r.moves,
        vec![Point::new(9, 9), Point::new(10, 10), Point::new(9, 10)]
    );
}

#[test]
fn psq_tolerates_crlf_blank_lines_and_missing_times() {
    let text = "\r\nPISKVORKY 15x15, 11:11, 0\r\n8,8\r\n\r\n9,8,5\r\n-1\r\n";
    let r = parse_record(text).unwrap();
    assert_eq!(r.size, 15);
    assert_eq!(r.moves, vec![Point::new(7, 7), Point::new(8, 7)]);
}

#[test]
fn a_byte_order_mark_is_ignored() {
    let r = parse_record("\u{feff}Piskvorky 15x15, 11:11, 0\n8,8,0\n").unwrap();
    assert_eq!(r.moves, vec![Point::new(7, 7)]);
    let r = parse_record("\u{feff}h8").unwrap();
    assert_eq!(r.moves, vec![Point::new(7, 7)]);
}

#[test]
fn psq_header_only_is_an_empty_game() {
    let r = parse_record("Piskvorky 15x15, 11:11, 0\n").unwrap();
    assert_eq!(
        r,
        Record {
            size: 15,
            moves: vec![]
        }
    );
}

#[test]
fn psq_coordinates_count_from_the_top_left() {
    let text = write_psq(15, &[Point::new(0, 0), Point::new(14, 14)], Some(&[7]));
    assert_eq!(text, "Piskvorky 15x15, 11:11, 0\n1,1,7\n15,15,0\n");
}

#[test]
fn reads_position_strings_with_and_without_a_size_tag() {
    let r = parse_record("h8i9j7").unwrap();
    assert_eq!(
        r,
        Record {
            size: 15,
            moves: pts("h8i9j7", 15)
        }
    );
    let r = parse_record("20x20 h8 i9\nj7").unwrap();
    assert_eq!(
        r,
        Record {
            size: 20,
            moves: pts("h8i9j7", 20)
        }
    );
    let r = parse_record("  16x16:h8").unwrap();
    assert_eq!(
        r,
        Record {
            size: 16,
            moves: pts("h8", 16)
        }
    );
    let r = parse_record_sized("t20", 20).unwrap();
    assert_eq!(r.moves, vec![Point::new(19, 0)]);
}

#[test]
fn empty_texts_are_refused() {
    assert_eq!(err(""), RecordError::new(1, RecordErrorKind::Empty));
    assert_eq!(err(" \n\t\n"), RecordError::new(1, RecordErrorKind::Empty));
}

#[test]
fn bad_headers_name_the_line() {
    let e = err("\nPiskvorky twenty, 11:11, 0\n1,1,0\n");
    assert_eq!(e.line, 2);
    assert!(matches!(e.kind, RecordErrorKind::BadHeader(_)), "{e}");
    let e = err("Piskvorky 20x15, 11:11, 0\n");
    assert_eq!(
        e,
        RecordError::new(
            1,
            RecordErrorKind::NonSquare {
                width: 20,
                height: 15
            }
        )
    );
    let e = err("Piskvorky 10x10, 11:11, 0\n");
    assert_eq!(
        e,
        RecordError::new(
            1,
            RecordErrorKind::UnsupportedSize {
                width: 10,
                height: 10
            }
        )
    );
    let e = err("Piskvorky 300x300, 11:11, 0\n");
    assert!(matches!(
        e.kind,
        RecordErrorKind::UnsupportedSize { width: 300, .. }
    ));
    let e = err("12x12 h8");
    assert!(matches!(e.kind, RecordErrorKind::UnsupportedSize { .. }));
    let e = err("20y20 h8");
    assert!(matches!(e.kind, RecordErrorKind::BadHeader(_)));
}

#[test]
fn malformed_move_lines_are_refused_not_skipped() {
    for bad in ["8,x,0", "8,8,0,0", "8,8,fast", "8,,0", "8;8,0"] {
        let text = format!("Piskvorky 15x15, 11:11, 0\n8,8,0\n{bad}\n");
        let e = err(&text);
        // A line with no comma ends the moves like a trailer would.
        if bad.contains(',') {
            assert_eq!(e.line, 3, "{bad}: {e}");
            assert!(
                matches!(e.kind, RecordErrorKind::MalformedLine(_)),
                "{bad}: {e}"
            );
        } else {
            panic!("{bad} should not be in this list: {e}");
        }
    }
}

#[test]
fn a_line_without_comma_ends_the_moves() {
    let r = parse_record("Piskvorky 15x15, 11:11, 0\n8,8,0\n8\n9,9,0\n").unwrap();
    assert_eq!(r.moves, vec![Point::new(7, 7)]);
}

#[test]
fn off_board_coordinates_are_refused() {
    let e = err("Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n");
    assert_eq!(
        e,
        RecordError::new(
            3,
            RecordErrorKind::OffBoard {
                number: 2,
                coords: "16,1".into(),
                size: 15
            }
        )
    );
    let e = err("Piskvorky 15x15, 11:11, 0\n0,5,0\n");
    assert!(matches!(
        e.kind,
        RecordErrorKind::OffBoard { number: 1, .. }
    ));
    let e = err("Piskvorky 15x15, 11:11, 0\n-3,5,0\n");
    assert!(matches!(
        e.kind,
        RecordErrorKind::OffBoard { number: 1, .. }
    ));
    let e = err("h8\ni9 p1");
    assert_eq!(
        e,
        RecordError::new(
            2,
            RecordErrorKind::OffBoard {
                number: 3,
                coords: "p1".into(),
                size: 15
            }
        )
    );
}

#[test]
fn occupied_points_are_refused() {
    let e = err("Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n8,8,0\n");
    assert_eq!(
        e,
        RecordError::new(
            4,
            RecordErrorKind::Occupied {
                number: 3,
                name: "h8".into()
            }
        )
    );
    let e = err("h8 i9\nh8");
    assert_eq!(
        e,
        RecordError::new(
            2,
            RecordErrorKind::Occupied {
                number: 3,
                name: "h8".into()
            }
        )
    );
}

#[test]
fn moves_after_a_five_are_refused() {
    // Black a1..e1 wins on move 9; move 10 comes too late.
    let text = "a1a2b1b2c1c2d1d2e1e2";
    let e = err(text);
    assert_eq!(
        e,
        RecordError::new(1, RecordErrorKind::MoveAfterFive { number: 10 })
    );
    let moves = pts(text, 15);
    let psq = write_psq(15, &moves, None);
    let e = err(&psq);
    assert_eq!(
        e,
        RecordError::new(11, RecordErrorKind::MoveAfterFive { number: 10 })
    );
    // The game up to the five is fine.
    assert!(parse_record(&write_psq(15, &moves[..9], None)).is_ok());
}

#[test]
fn bad_point_names_give_line_and_column() {
    let e = err("h8i9\nj7 ?5 k1");
    assert_eq!(
        e,
        RecordError::new(
            2,
            RecordErrorKind::BadPoint {
                text: "?5".into(),
                column: 4
            }
        )
    );
    let e = err("20x20 h8 x");
    assert_eq!(
        e,
        RecordError::new(
            1,
            RecordErrorKind::BadPoint {
                text: "x".into(),
                column: 10
            }
        )
    );
    let e = err("hello world");
    assert!(
        matches!(e.kind, RecordErrorKind::BadPoint { column: 1, .. }),
        "{e}"
    );
}

#[test]
fn errors_read_well() {
    let e = err("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n");
    assert_eq!(
        e.to_string(),
        "line 3: move 2 (h8) is played on an occupied point"
    );
}

#[test]
fn records_become_games() {
    let r = parse_record("h8i9j7").unwrap();
    let g = r.to_game(Rule::Standard).unwrap();
    assert_eq!(g.position_string(), "h8i9j7");
    assert_eq!(g.size(), 15);
}

/// A legal game of up to `max` moves on a board of `size`, stopping at
/// the first five so it is always a valid record.
fn legal_game(size: u8, seeds: &[u16]) -> Vec<Point> {
    let settings = GameSettings {
        size,
        rule: Rule::Freestyle,
    };
    let mut game = GameModel::new(settings).unwrap();
    let mut free: Vec<Point> = game.board().points().collect();
    for &s in seeds {
        if game.is_over() || free.is_empty() {
            break;
        }
        let p = free.swap_remove(usize::from(s) % free.len());
        game.play(p).unwrap();
    }
    game.moves().to_vec()
}

proptest! {
    #[test]
    fn psq_round_trips(size in MIN_SIZE..=MAX_SIZE,
                       seeds in proptest::collection::vec(any::<u16>(), 0..120),
                       times in proptest::collection::vec(any::<u32>(), 0..120)) {
        let moves = legal_game(size, &seeds);
        let text = write_psq(size, &moves, Some(&times));
        let r = parse_record(&text).unwrap();
        prop_assert_eq!(r, Record { size, moves: moves.clone() });
        // A Piskvork trailer changes nothing.
        let with_trailer = format!("{text}pbrain-a.exe\npbrain-b.exe\n-1\n");
        prop_assert_eq!(parse_psq(&with_trailer).unwrap().moves, moves);
    }

    #[test]
    fn position_strings_round_trip(size in MIN_SIZE..=MAX_SIZE,
                                   seeds in proptest::collection::vec(any::<u16>(), 0..120)) {
        let moves = legal_game(size, &seeds);
        let text = write_position_string(size, &moves);
        // An empty plain string is "nothing to read", so only games with
        // moves round trip untagged.
        if !moves.is_empty() {
            let r = parse_record_sized(&text, size).unwrap();
            prop_assert_eq!(&r.moves, &moves);
        }
        let tagged = format!("{size}x{size} {text}");
        prop_assert_eq!(parse_record(&tagged).unwrap(), Record { size, moves });
    }

    #[test]
    fn any_text_is_read_or_refused_without_panic(text in "\\PC{0,80}") {
        let _ = parse_record(&text);
        let _ = parse_psq(&text);
    }

    #[test]
    fn any_psq_body_is_read_or_refused_without_panic(
        body in "([0-9,\\-x ]{0,12}\n){0,12}"
    ) {
        let text = format!("Piskvorky 15x15, 11:11, 0\n{body}");
        if let Err(e) = parse_record(&text) {
            prop_assert!(e.line >= 2 && e.line <= 14, "{}", e);
        }
    }
}

#[test]
fn player_names_close_a_psq_and_read_back() {
    let moves = [Point::new(7, 7), Point::new(0, 14)];
    let text = write_psq_with_players(15, &moves, Some(&[0, 120]), ["black\nengine", "white"]);
    assert_eq!(
        text,
        "Piskvorky 15x15, 11:11, 0\n8,8,0\n1,15,120\nblackengine\nwhite\n"
    );
    assert_eq!(parse_psq(&text).unwrap().moves, moves);
}
