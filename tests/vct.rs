//! The VCT suite: positions from `tests/data/vct.txt` where the side to
//! move wins by threats that need at least one open three (no VCF exists),
//! and "false VCT" positions where a naive threat search would claim a win
//! that the defender refutes. The engine's solver runs under all eight
//! symmetries; an independent slow checker (`vct_check`) confirms every
//! answer and every refutation.
//!
//! File format, one position per line (`#` starts a comment):
//! `name | rule | size | side to move (X/O) | black stones | white stones |
//! kind | answers | threats`. Kinds: `vct` (answers: every threat move that
//! wins within `threats` own threats, as found by the checker); `vct-deep`
//! (too deep for the exhaustive checker: the answers are the solver's, and
//! the checker confirms the win with the solver's attacking moves as hints
//! against every defence); `novct-four`
//! (refuted by the defender's counter-fours or own VCF: a defender without
//! them loses); `novct-outer` (refuted by a block away from the open-four
//! points: a defender who only blocks there loses).

mod suite_common;
mod vct_check;

use suite_common::Case;

use gomoku::engine::state::State;
use gomoku::engine::vct::Vct;
use gomoku::engine::{Engine, Limits, Position, SearchParams};
use gomoku::rules::{point_name, Board, Point, Rule, Stone, Symmetry};
use std::sync::atomic::AtomicBool;
use vct_check::{Defender, Grid, FULL};

/// Node budget of one solver call: far above what the suite needs.
const BUDGET: u64 = 2_000_000;
/// Own fours the VCF check may use: more than any of the boards allow.
const VCF_DEPTH: u8 = 30;

fn cases() -> Vec<Case> {
    suite_common::cases(include_str!("data/vct.txt"))
}

fn board(case: &Case, sym: Symmetry) -> Board {
    case.board(sym)
}

/// The attacker's threat budget of a case.
fn threats(case: &Case) -> u8 {
    case.number as u8
}

fn grid(case: &Case) -> Grid {
    let mut g = Grid::new(i32::from(case.size), case.rule == Rule::Standard);
    for (list, c) in [(&case.black, 1), (&case.white, 2)] {
        for p in list {
            g.set(i32::from(p.x), i32::from(p.y), c);
        }
    }
    g
}

fn colour(case: &Case) -> u8 {
    if case.to_move == Stone::Black {
        1
    } else {
        2
    }
}

/// Runs the engine's solver on every case of `kind` (a prefix) under all
/// symmetries and collects the failures.
fn solve_all(
    prefix: &str,
    check: impl Fn(&Case, Symmetry, &mut State, &mut Vct) -> Option<String>,
) {
    let mut failures = Vec::new();
    let all = cases();
    let selected: Vec<&Case> = all.iter().filter(|c| c.kind.starts_with(prefix)).collect();
    assert!(!selected.is_empty(), "no {prefix} cases");
    let mut vct = Vct::new();
    for case in selected {
        for sym in Symmetry::ALL {
            let mut st = State::new(&board(case, sym), case.to_move, case.rule);
            vct.clear();
            if let Some(f) = check(case, sym, &mut st, &mut vct) {
                failures.push(format!("{} {sym:?}: {f}", case.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_suite_is_large_enough() {
    let all = cases();
    let count = |k: &str| all.iter().filter(|c| c.kind.starts_with(k)).count();
    assert!(count("vct") >= 15, "{} vct cases", count("vct"));
    assert!(count("novct") >= 8, "{} false cases", count("novct"));
    assert!(count("novct-four") > 0 && count("novct-outer") > 0);
}

#[test]
fn finds_wins_that_need_a_three() {
    solve_all("vct", |case, sym, st, vct| {
        if vct.vcf_only(st, VCF_DEPTH, BUDGET).is_some() {
            return Some("has a VCF: not a VCT case".into());
        }
        let answers: Vec<Point> = case
            .answers
            .iter()
            .map(|&p| sym.apply(p, case.size))
            .collect();
        match vct.solve_shortest(st, threats(case), BUDGET, &|| false) {
            None => Some("no VCT found".into()),
            Some((line, _)) if !answers.contains(&st.point(line[0])) => Some(format!(
                "played {} (want one of {:?})",
                point_name(st.point(line[0]), case.size),
                answers
            )),
            Some(_) => None,
        }
    });
}

#[test]
fn refutes_false_wins() {
    solve_all("novct", |case, _, st, vct| {
        vct.solve_shortest(st, threats(case), BUDGET, &|| false)
            .map(|(line, _)| {
                format!(
                    "claims a win starting {}",
                    point_name(st.point(line[0]), case.size)
                )
            })
    });
}

#[test]
fn the_engine_plays_the_vct_with_a_mate_score() {
    let stop = AtomicBool::new(false);
    let mut engine = Engine::new(4);
    for case in cases().iter().filter(|c| c.kind == "vct") {
        let pos = Position {
            board: board(case, Symmetry::IDENTITY),
            to_move: case.to_move,
            rule: case.rule,
            history: Vec::new(),
        };
        let params = SearchParams {
            eval: gomoku::engine::Evaluator::Classical,
            persona: None,
            book: false,
            limits: Limits::depth(1),
            variety: 0,
            seed: Some(1),
            threads: 1,
            multipv: 1,
        };
        engine.new_game();
        let r = engine.search(&pos, &params, &stop, &mut |_| {});
        assert!(
            r.best.is_some_and(|b| case.answers.contains(&b)),
            "{}: played {:?}",
            case.name,
            r.best
        );
        assert!(
            r.score.mate_moves().is_some_and(|n| n > 0),
            "{}: score {}",
            case.name,
            r.score
        );
    }
}

#[test]
fn the_checker_confirms_every_answer() {
    let all = cases();
    for case in all.iter().filter(|c| c.kind == "vct") {
        let c = colour(case);
        let mut g = grid(case);
        assert!(!g.vcf(c, 12), "{}: the checker finds a VCF", case.name);
        for p in &case.answers {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            g.set(x, y, c);
            assert!(
                g.defend(c, threats(case) - 1, FULL),
                "{}: {} does not win",
                case.name,
                point_name(*p, case.size)
            );
            g.set(x, y, 0);
        }
    }
}

#[test]
fn the_checker_confirms_deep_wins_with_the_solvers_hints() {
    let all = cases();
    let deep: Vec<&Case> = all.iter().filter(|c| c.kind == "vct-deep").collect();
    assert!(!deep.is_empty());
    let mut vct = Vct::new();
    for case in deep {
        let (rule, size, to_move) = (case.rule, case.size, case.to_move);
        // The solver proposes the attacker's moves; the checker tries
        // every defence against each.
        let mut hint = |g: &Grid, c: u8| {
            let mut b = Board::new(size).unwrap();
            for y in 0..size {
                for x in 0..size {
                    let s = match g.at(i32::from(x), i32::from(y)) {
                        1 => Stone::Black,
                        2 => Stone::White,
                        _ => continue,
                    };
                    b.place(Point::new(x, y), s).unwrap();
                }
            }
            let side = if c == 1 { Stone::Black } else { Stone::White };
            let mut st = State::new(&b, side, rule);
            let (line, _) = vct.solve_shortest(&mut st, threats(case), BUDGET, &|| false)?;
            let p = st.point(line[0]);
            Some((i32::from(p.x), i32::from(p.y)))
        };
        let mut g = grid(case);
        assert_eq!(to_move, case.to_move);
        for p in &case.answers {
            let (x, y) = (i32::from(p.x), i32::from(p.y));
            g.set(x, y, colour(case));
            assert!(
                g.prove_defence(colour(case), &mut hint),
                "{}: {} not confirmed",
                case.name,
                point_name(*p, size)
            );
            g.set(x, y, 0);
        }
    }
}

#[test]
fn the_checker_confirms_every_refutation() {
    let all = cases();
    for case in all.iter().filter(|c| c.kind.starts_with("novct")) {
        let c = colour(case);
        let naive = if case.kind == "novct-four" {
            Defender {
                counter_fours: false,
                outer_blocks: true,
            }
        } else {
            Defender {
                counter_fours: true,
                outer_blocks: false,
            }
        };
        assert!(
            grid(case).attack(c, threats(case), naive),
            "{}: even the naive defence holds",
            case.name
        );
        assert!(
            !grid(case).attack(c, threats(case), FULL),
            "{}: the attack wins",
            case.name
        );
    }
}

/// Not a check: prints candidate suite lines from the games in the file
/// named by `VCT_GAMES` (lines ending with a move list), with complete
/// answer sets from the checker. Run with `--ignored --nocapture`.
#[test]
#[ignore = "a tool for building the suite"]
fn harvest() {
    let Ok(path) = std::env::var("VCT_GAMES") else {
        return;
    };
    let depth: u8 = std::env::var("VCT_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let text = std::fs::read_to_string(path).expect("games file");
    let mut vct = Vct::new();
    for line in text.lines().filter(|l| l.starts_with("game")) {
        let moves =
            gomoku::rules::parse_moves(line.split_whitespace().last().unwrap(), 15).unwrap();
        for k in 8..moves.len() {
            let mut b = Board::standard();
            for (i, p) in moves[..k].iter().enumerate() {
                b.place(*p, Stone::to_move_after(i)).unwrap();
            }
            let to_move = Stone::to_move_after(k);
            let list = |s: Stone| {
                b.stones()
                    .filter(|(_, t)| *t == s)
                    .map(|(p, _)| point_name(p, 15))
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            let tm = if to_move == Stone::Black { "X" } else { "O" };
            let case = Case {
                name: String::new(),
                rule: Rule::Freestyle,
                size: 15,
                to_move,
                black: b
                    .stones()
                    .filter(|s| s.1 == Stone::Black)
                    .map(|s| s.0)
                    .collect(),
                white: b
                    .stones()
                    .filter(|s| s.1 == Stone::White)
                    .map(|s| s.0)
                    .collect(),
                kind: String::new(),
                answers: Vec::new(),
                number: u32::from(depth),
            };
            let c = colour(&case);
            let mut g = grid(&case);
            if !g.fives(c).is_empty() || !g.fives(3 - c).is_empty() || g.vcf(c, 12) {
                continue;
            }
            let mut st = State::new(&b, to_move, Rule::Freestyle);
            if vct.vcf_only(&mut st, VCF_DEPTH, BUDGET).is_some() {
                continue;
            }
            let engine = vct
                .solve_shortest(&mut st, depth, BUDGET, &|| false)
                .is_some();
            let kinds = [
                (
                    Defender {
                        counter_fours: true,
                        outer_blocks: false,
                    },
                    "novct-outer",
                ),
                (
                    Defender {
                        counter_fours: false,
                        outer_blocks: true,
                    },
                    "novct-four",
                ),
            ];
            let (kind, answers) = if engine {
                let mut answers = Vec::new();
                for (x, y) in g.threats(c) {
                    g.set(x, y, c);
                    if g.defend(c, depth - 1, FULL) {
                        answers.push(point_name(Point::new(x as u8, y as u8), 15));
                    }
                    g.set(x, y, 0);
                }
                ("vct", answers.join(" "))
            } else {
                let Some(&(_, kind)) = kinds
                    .iter()
                    .find(|(def, _)| grid(&case).attack(c, depth, *def))
                else {
                    continue;
                };
                let refuted = !g.attack(c, depth, FULL);
                (if refuted { kind } else { "MISMATCH" }, "-".to_string())
            };
            println!(
                "g{k} | free | 15 | {tm} | {} | {} | {kind} | {answers} | {depth}",
                list(Stone::Black),
                list(Stone::White),
            );
        }
    }
}
