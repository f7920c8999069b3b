//! SGF records: files as other tools write them, round trips of whole
//! game trees, and hostile input that must be refused without a panic.

use gomoku::record::{parse_sgf, write_sgf, SgfErrorKind, SgfInfo};
use gomoku::rules::{GameModel, GameSettings, GameTree, Outcome, Point, Rule, Stone};
use proptest::prelude::*;

fn settings() -> GameSettings {
    GameSettings::default()
}

fn sample(name: &str) -> String {
    let path = format!("{}/tests/data/sgf/{name}", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(path).unwrap();
    String::from_utf8(bytes).unwrap()
}

#[test]
fn a_generic_editors_file_reads_with_names_and_comments() {
    let r = parse_sgf(&sample("editor-sabaki.sgf"), settings()).unwrap();
    assert_eq!(r.info.black, "Alice");
    assert_eq!(r.info.white, "Bob");
    assert_eq!(r.info.date, "2024-03-01");
    assert_eq!(r.game.moves().len(), 19);
    assert_eq!(r.game.moves()[0], Point::new(7, 7));
    let mut g = r.game.clone();
    g.goto(13).unwrap();
    assert_eq!(g.comment(), "Black threatens two fours.");
}

#[test]
fn a_renju_export_keeps_rule_variations_and_resignation() {
    let r = parse_sgf(&sample("renlib-export.sgf"), settings()).unwrap();
    let g = &r.game;
    assert_eq!(g.rule(), Rule::Renju);
    assert_eq!(g.tree().root().comment, "Opening: sunstar [D3].");
    assert_eq!(g.moves().len(), 6, "shown at the main line's end");
    let fork = g.tree().node(&[0, 0, 0]).unwrap();
    assert_eq!(fork.comment, "The sun star.");
    assert_eq!(fork.children().len(), 3);
    assert_eq!(
        fork.children()[1].children()[0].comment,
        "A variation with a comment\nover two lines."
    );
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::Black
        })
    );
}

#[test]
fn old_style_lower_case_property_names_read() {
    let r = parse_sgf(&sample("ff3-lowercase.sgf"), settings()).unwrap();
    assert_eq!(r.info.black, "Ann");
    assert_eq!(r.game.moves().len(), 5);
    assert_eq!(r.game.tree().root().children()[0].comment, "centre");
}

#[test]
fn a_setup_with_windows_line_ends_and_a_byte_order_mark_reads() {
    let r = parse_sgf(&sample("setup-windows.sgf"), settings()).unwrap();
    let g = &r.game;
    assert_eq!(g.size(), 20);
    assert!(g.has_setup());
    assert_eq!(g.tree().first_to_move(), Stone::White);
    assert_eq!(g.tree().start().stone_count(), 3);
    assert_eq!(
        g.tree().root().comment,
        "set-up \\ with escapes] and a soft break"
    );
    assert_eq!(g.moves().len(), 3);
    assert_eq!(g.stone_of_move(0), Stone::White);
    assert_eq!(g.board().get(Point::new(10, 9)), Some(Stone::White));
}

#[test]
fn only_the_first_game_of_a_collection_is_read() {
    let r = parse_sgf(&sample("collection.sgf"), settings()).unwrap();
    assert_eq!(r.game.moves(), &[Point::new(7, 7), Point::new(7, 6)]);
}

#[test]
fn broken_files_say_where() {
    let cases: [(&str, (usize, usize)); 4] = [
        ("(;GM[4]\n;B[hh]\n;W[hh])", (3, 2)),
        ("(;GM[4]SZ[15]\n  ;B[hh]C[never closed", (2, 10)),
        ("(;GM[4]\n;B[hh]\n;W[]\n)", (3, 2)),
        ("(;GM[4];B[hh]AB[aa])", (1, 8)),
    ];
    for (text, (line, column)) in cases {
        let e = parse_sgf(text, settings()).unwrap_err();
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
    }
    let e = parse_sgf("(;GM[4]SZ[19:15])", settings()).unwrap_err();
    assert_eq!(e.kind, SgfErrorKind::BadSize("19:15".into()));
    let e = parse_sgf("(;GM[4]SZ[25])", settings()).unwrap_err();
    assert!(matches!(e.kind, SgfErrorKind::BadSize(_)), "{e}");
    let e = parse_sgf("(;AB[aa][ab][ac][ad][ae])", settings()).unwrap_err();
    assert!(
        matches!(e.kind, SgfErrorKind::Illegal { number: 0, .. }),
        "{e}"
    );
}

/// The tree's moves and comments, depth first, one entry a node: what
/// SGF keeps (not which line was visited last).
fn shape(tree: &GameTree) -> Vec<(usize, Option<Point>, String)> {
    tree.paths()
        .into_iter()
        .map(|p| {
            let n = tree.node(&p).unwrap();
            (p.len(), n.mv(), n.comment.clone())
        })
        .collect()
}

#[derive(Debug, Clone)]
enum Step {
    Play(u8, u8),
    Back(usize),
    Comment(String),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (3u8..12, 3u8..12).prop_map(|(x, y)| Step::Play(x, y)),
        2 => (1usize..4).prop_map(Step::Back),
        1 => "[a-z\\]\\\\\\[;() \n\u{4e00}-\u{4e10}]{0,12}".prop_map(Step::Comment),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn trees_round_trip_through_sgf(
        setup in prop::collection::vec((0u8..15, 0u8..3, any::<bool>()), 0..5),
        white_first in any::<bool>(),
        rule in prop_oneof![Just(Rule::Freestyle), Just(Rule::Standard), Just(Rule::Renju)],
        steps in prop::collection::vec(step(), 0..60),
    ) {
        let mut board = gomoku::rules::Board::standard();
        for (x, y, black) in setup {
            let _ = board.place(Point::new(x, y), if black { Stone::Black } else { Stone::White });
        }
        let first = if white_first { Stone::White } else { Stone::Black };
        let s = GameSettings { rule, ..settings() };
        let Ok(mut g) = GameModel::from_setup(s, &board, first) else { return Ok(()); };
        for step in steps {
            match step {
                Step::Play(x, y) => { let _ = g.play(Point::new(x, y)); }
                Step::Back(n) => { let _ = g.goto(g.moves().len().saturating_sub(n)); }
                Step::Comment(c) => g.set_comment(&c),
            }
        }
        let text = write_sgf(&g, &SgfInfo::default());
        let back = parse_sgf(&text, s).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(shape(back.game.tree()), shape(g.tree()), "{}", text);
        prop_assert_eq!(back.game.tree().start(), g.tree().start());
        prop_assert_eq!(back.game.rule(), rule);
        if g.has_setup() {
            prop_assert_eq!(back.game.tree().first_to_move(), first);
        }
    }

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = parse_sgf(&String::from_utf8_lossy(&bytes), settings());
    }

    #[test]
    fn sgf_like_noise_never_panics(text in "[();\\[\\]\\\\ABWCLEPSZaehz0-9:\n ]{0,200}") {
        let _ = parse_sgf(&text, settings());
    }
}
