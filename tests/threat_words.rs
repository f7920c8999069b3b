//! Threats in words: the engine's explanation of a move (which shapes it
//! makes on which line, what it blocks, what the opponent threatened) and
//! its sentences in both languages. Each shape on every line direction,
//! in the middle of the board and against both edges, and under Renju.

use gomoku::engine::explain::{Combo, Explainer, Explanation, Line, OnLine, Shape, ThreatKind};
use gomoku::i18n::{threats, Lang, Tr};
use gomoku::rules::{point_name, Board, Forbidden, Point, Rule, Stone};

const SIZE: i32 = 15;

/// The four directions as (dx, dy) (y grows down the board), and the
/// line each one is.
const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
const LINES: [Line; 4] = [Line::Row, Line::Column, Line::Diagonal, Line::AntiDiagonal];

/// A shape laid out along a line: own stones and opponent stones at
/// offsets from the move (offset 0), and the points that must lie on the
/// board (the empties the shape needs).
struct Layout {
    shape: Shape,
    own: &'static [i32],
    opp: &'static [i32],
    span: (i32, i32),
}

const LAYOUTS: [Layout; 5] = [
    Layout {
        shape: Shape::Five,
        own: &[1, 2, 3, 4],
        opp: &[],
        span: (0, 4),
    },
    Layout {
        shape: Shape::OpenFour,
        own: &[1, 2, 3],
        opp: &[],
        span: (-1, 4),
    },
    Layout {
        shape: Shape::Four,
        own: &[1, 2, 3],
        opp: &[-1],
        span: (-1, 4),
    },
    Layout {
        shape: Shape::OpenThree,
        own: &[1, 2],
        opp: &[],
        span: (-2, 4),
    },
    Layout {
        shape: Shape::ClosedThree,
        own: &[1, 2],
        opp: &[-1],
        span: (-1, 4),
    },
];

fn at(x: i32, y: i32) -> Point {
    assert!(
        (0..SIZE).contains(&x) && (0..SIZE).contains(&y),
        "({x},{y})"
    );
    Point::new(x as u8, y as u8)
}

/// The moves of a layout along `dir` with the move at `(mx, my)`.
fn lay(l: &Layout, dir: (i32, i32), m: (i32, i32), me: Stone) -> Board {
    let mut b = Board::new(SIZE as u8).unwrap();
    let p = |k: i32| at(m.0 + dir.0 * k, m.1 + dir.1 * k);
    for &k in l.own {
        b.place(p(k), me).unwrap();
    }
    for &k in l.opp {
        b.place(p(k), me.opponent()).unwrap();
    }
    // The span's ends must be on the board.
    let _ = (p(l.span.0), p(l.span.1));
    b
}

/// Where the move goes for a layout to sit in the middle, or with its
/// span's first or last point on the board's edge.
fn anchors(l: &Layout, dir: (i32, i32)) -> Vec<(i32, i32)> {
    let mut v = vec![(7, 7)];
    // Start of the span at the edge the direction leaves from.
    let start = |k: i32, edge: (i32, i32)| (edge.0 - dir.0 * k, edge.1 - dir.1 * k);
    let first_edge = match dir {
        (1, 0) => (0, 3),
        (0, 1) => (11, 0),
        (1, 1) => (0, 0),
        _ => (0, SIZE - 1),
    };
    let last_edge = match dir {
        (1, 0) => (SIZE - 1, 12),
        (0, 1) => (2, SIZE - 1),
        (1, 1) => (SIZE - 1, SIZE - 1),
        _ => (SIZE - 1, 0),
    };
    v.push(start(l.span.0, first_edge));
    v.push(start(l.span.1, last_edge));
    v
}

fn explain(b: &Board, rule: Rule, side: Stone, mv: Point) -> Explanation {
    Explainer::new().explain(b, rule, side, mv, false)
}

#[test]
fn each_shape_on_every_line_in_the_middle_and_at_both_edges() {
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        for me in [Stone::Black, Stone::White] {
            for l in &LAYOUTS {
                for (d, &dir) in DIRS.iter().enumerate() {
                    for m in anchors(l, dir) {
                        let b = lay(l, dir, m, me);
                        let e = explain(&b, rule, me, at(m.0, m.1));
                        let want = OnLine {
                            shape: l.shape,
                            line: LINES[d],
                        };
                        assert_eq!(
                            e.makes,
                            vec![want],
                            "{rule:?} {me:?} {:?} dir {dir:?} at {m:?}",
                            l.shape
                        );
                        assert_eq!(e.combo, None);
                        assert_eq!(e.forbidden, None);
                    }
                }
            }
        }
    }
}

#[test]
fn a_wall_closes_a_shape_as_a_stone_does() {
    // Three own stones from the edge: the move on the edge point makes a
    // four, not an open four; two make a closed three.
    for (d, &dir) in DIRS.iter().enumerate() {
        let edge = match dir {
            (1, 0) => (0, 5),
            (0, 1) => (5, 0),
            (1, 1) => (0, 0),
            _ => (0, SIZE - 1),
        };
        for (stones, shape) in [(3, Shape::Four), (2, Shape::ClosedThree)] {
            let mut b = Board::new(SIZE as u8).unwrap();
            for k in 1..=stones {
                b.place(at(edge.0 + dir.0 * k, edge.1 + dir.1 * k), Stone::Black)
                    .unwrap();
            }
            let e = explain(&b, Rule::Freestyle, Stone::Black, at(edge.0, edge.1));
            assert_eq!(
                e.makes,
                vec![OnLine {
                    shape,
                    line: LINES[d]
                }],
                "dir {dir:?}"
            );
        }
    }
}

/// Stones of one colour at the given points.
fn board(black: &[(i32, i32)], white: &[(i32, i32)]) -> Board {
    let mut b = Board::new(SIZE as u8).unwrap();
    for &(x, y) in black {
        b.place(at(x, y), Stone::Black).unwrap();
    }
    for &(x, y) in white {
        b.place(at(x, y), Stone::White).unwrap();
    }
    b
}

fn words(e: &Explanation, lang: Lang) -> Vec<String> {
    threats::sentences(Tr(lang), e, SIZE as u8)
}

#[test]
fn a_four_three_is_named_with_its_lines_in_both_languages() {
    // h8: a four on the column (h9 h10 h11, shut by h7) and an open three
    // on the \ diagonal (i7 j6, going down to the right) or on the /
    // diagonal (f6 g7).
    let cases = [
        (
            [(8, 8), (9, 9)],
            "h8 makes a four-three: a four on the column, an open three on the \\ diagonal",
            "h8 形成四三：竖线冲四，左斜线活三",
        ),
        (
            [(6, 8), (5, 9)],
            "h8 makes a four-three: a four on the column, an open three on the / diagonal",
            "h8 形成四三：竖线冲四，右斜线活三",
        ),
    ];
    for ([s1, s2], english, chinese) in cases {
        let b = board(&[(7, 6), (7, 5), (7, 4), s1, s2], &[(7, 8)]);
        let e = explain(&b, Rule::Freestyle, Stone::Black, at(7, 7));
        assert_eq!(e.combo, Some(Combo::FourThree));
        assert_eq!(words(&e, Lang::English)[0], english);
        assert_eq!(words(&e, Lang::Chinese)[0], chinese);
    }
}

#[test]
fn double_threes_and_fours_are_forbidden_for_black_only_under_renju() {
    let three3 = [(8, 7), (9, 7), (7, 8), (7, 9)];
    let four4 = [(8, 7), (9, 7), (10, 7), (7, 8), (7, 9), (7, 10)];
    let walls = [(6, 7), (7, 6)];
    let cases = [
        (
            board(&three3, &[]),
            Combo::DoubleThree,
            Forbidden::DoubleThree,
        ),
        (
            board(&four4, &walls),
            Combo::DoubleFour,
            Forbidden::DoubleFour,
        ),
    ];
    for (b, combo, why) in cases {
        let free = explain(&b, Rule::Freestyle, Stone::Black, at(7, 7));
        assert_eq!((free.combo, free.forbidden), (Some(combo), None));
        let renju = explain(&b, Rule::Renju, Stone::Black, at(7, 7));
        assert_eq!(renju.forbidden, Some(why));
        let en = words(&renju, Lang::English)[0].clone();
        assert!(en.starts_with("h8 is forbidden for Black ("), "{en}");
        assert!(words(&renju, Lang::Chinese)[0].starts_with("h8 是黑棋禁手（"));
        // The same stones as White's: no rule against it.
        let mut w = Board::new(SIZE as u8).unwrap();
        for (p, s) in b.stones() {
            w.place(p, s.opponent()).unwrap();
        }
        let white = explain(&w, Rule::Renju, Stone::White, at(7, 7));
        assert_eq!((white.combo, white.forbidden), (Some(combo), None));
    }
    let zh = words(
        &explain(&board(&three3, &[]), Rule::Renju, Stone::Black, at(7, 7)),
        Lang::Chinese,
    );
    assert!(zh[0].starts_with("h8 是黑棋禁手（三三）："), "{zh:?}");
}

#[test]
fn an_overline_is_forbidden_under_renju_and_a_five_elsewhere() {
    // d8 e8 f8 _ h8 i8: g8 makes six.
    let b = board(&[(3, 7), (4, 7), (5, 7), (7, 7), (8, 7)], &[]);
    let free = explain(&b, Rule::Freestyle, Stone::Black, at(6, 7));
    assert_eq!(free.makes[0].shape, Shape::Five);
    assert_eq!(words(&free, Lang::English)[0], "g8 makes five in a row");
    let renju = explain(&b, Rule::Renju, Stone::Black, at(6, 7));
    assert_eq!(renju.forbidden, Some(Forbidden::Overline));
    assert!(
        words(&renju, Lang::Chinese)[0].contains("长连"),
        "{:?}",
        words(&renju, Lang::Chinese)
    );
}

#[test]
fn blocks_are_named_by_the_opponents_shape_and_line() {
    // White's four on the row (i8..l8) and open three on the column
    // (h9..h11): h8 stops both.
    let b = board(
        &[],
        &[(8, 7), (9, 7), (10, 7), (11, 7), (7, 6), (7, 5), (7, 4)],
    );
    let e = explain(&b, Rule::Freestyle, Stone::Black, at(7, 7));
    assert_eq!(
        e.stops,
        vec![
            OnLine {
                shape: Shape::Four,
                line: Line::Row
            },
            OnLine {
                shape: Shape::OpenThree,
                line: Line::Column
            }
        ]
    );
    let en = words(&e, Lang::English);
    assert_eq!(en[1], "it blocks White's four on the row");
    assert_eq!(en[2], "it stops White's open three on the column");
    assert_eq!(words(&e, Lang::Chinese)[1], "挡住了白棋横线的冲四");
}

#[test]
fn the_opponents_threat_is_told_with_where_it_had_to_be_met() {
    // White's two closed threes cross at h8 (shut by Black at d8 and h4):
    // h8 is a double four, a win by fours from h8.
    let b = board(
        &[(3, 7), (7, 11), (5, 8), (6, 8), (8, 8), (6, 9)],
        &[(4, 7), (5, 7), (6, 7), (7, 10), (7, 9), (7, 8)],
    );
    let mut ex = Explainer::new();
    let away = ex.explain(&b, Rule::Freestyle, Stone::Black, at(1, 13), true);
    let t = away.threat.expect("White threatens");
    assert_eq!((t.kind, t.met), (ThreatKind::Vcf, false));
    assert_eq!(t.from, at(7, 7));
    assert_eq!(t.answer, Some(at(7, 7)));
    assert_eq!(
        words(&away, Lang::English).last().unwrap(),
        "White had a win by fours (VCF) from h8 — h8 would have stopped it"
    );
    assert_eq!(
        words(&away, Lang::Chinese).last().unwrap(),
        "白棋从 h8 起有连续冲四的杀棋（VCF）——走 h8 可以防住"
    );
    let block = ex.explain(&b, Rule::Freestyle, Stone::Black, at(7, 7), true);
    let t = block.threat.expect("White threatened");
    assert!(t.met);
    assert_eq!(
        words(&block, Lang::English).last().unwrap(),
        "it stops White's win by fours (VCF) from h8"
    );
}

#[test]
fn the_defence_named_is_the_preferred_one_when_it_defends() {
    // The same double-four threat from h8: blocking a three at its open
    // end also stops it, so the review's best may be another point.
    let b = board(
        &[(3, 7), (7, 11), (5, 8), (6, 8), (8, 8), (6, 9)],
        &[(4, 7), (5, 7), (6, 7), (7, 10), (7, 9), (7, 8)],
    );
    let mut ex = Explainer::new();
    let away = at(1, 13);
    let named = |ex: &mut Explainer, prefer| {
        ex.explain_preferring(&b, Rule::Freestyle, Stone::Black, away, true, Some(prefer))
            .threat
            .and_then(|t| t.answer)
    };
    let others: Vec<Point> = (0..15)
        .flat_map(|x| (0..15).map(move |y| at(x, y)))
        .filter(|&p| b.is_empty_at(p) && p != away && p != at(7, 7))
        .filter(|&p| named(&mut ex, p) == Some(p))
        .collect();
    assert!(!others.is_empty(), "h8 is not the only defence");
    // A preferred point that does not defend is passed over.
    assert_eq!(named(&mut ex, at(14, 0)), Some(at(7, 7)));
    let e = ex.explain_preferring(
        &b,
        Rule::Freestyle,
        Stone::Black,
        away,
        true,
        Some(others[0]),
    );
    let said = words(&e, Lang::English);
    assert!(
        said.last().unwrap().ends_with(&format!(
            "— {} would have stopped it",
            point_name(others[0], 15)
        )),
        "{said:?}"
    );
}

#[test]
fn a_four_on_the_board_must_be_blocked() {
    let b = board(
        &[(0, 0), (0, 2), (0, 4)],
        &[(8, 7), (9, 7), (10, 7), (11, 7)],
    );
    let e = Explainer::new().explain(&b, Rule::Freestyle, Stone::Black, at(1, 13), true);
    let t = e.threat.unwrap();
    assert_eq!((t.kind, t.met), (ThreatKind::Four, false));
    let en = words(&e, Lang::English);
    assert!(
        en.last().unwrap().starts_with("White had a four — only "),
        "{en:?}"
    );
}

#[test]
fn puzzle_tasks_and_misses_read_in_both_languages() {
    use gomoku::puzzle::{Kind, Miss};
    let en = Tr(Lang::English);
    let zh = Tr(Lang::Chinese);
    assert_eq!(
        threats::puzzle_task(en, Kind::Vcf, Stone::Black, false),
        "Black to play and win by continuous fours (VCF)"
    );
    assert_eq!(
        threats::puzzle_task(en, Kind::Defend, Stone::White, false),
        "White to move: find the only defence"
    );
    assert_eq!(
        threats::puzzle_task(zh, Kind::Defend, Stone::White, true),
        "白棋走：找出防守的一手"
    );
    assert_eq!(
        threats::puzzle_miss(zh, Miss::NotAFour),
        "这不是冲四：VCF 每一手都要冲四"
    );
}

#[test]
fn shipped_sets_are_named_in_words_in_both_languages() {
    use gomoku::puzzle::sets::ShippedSet;
    let free = ShippedSet::named("freestyle15").unwrap();
    let renju = ShippedSet::named("renju15-vcf").unwrap();
    let (en, zh) = (Tr(Lang::English), Tr(Lang::Chinese));
    assert_eq!(
        threats::puzzle_set(en, free, 1402),
        "Freestyle 15×15 (1,402)"
    );
    assert_eq!(
        threats::puzzle_set(zh, free, 1402),
        "无禁手 15路（1402 题）"
    );
    assert_eq!(
        threats::puzzle_set(en, renju, 174),
        "Renju 15×15 — VCF (174)"
    );
    assert_eq!(
        threats::puzzle_set(zh, renju, 174),
        "连珠 15路 · 连续冲四（174 题）"
    );
}
