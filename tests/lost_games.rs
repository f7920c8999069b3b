//! Where the `l-` defence cases of `tests/data/tactics.txt` come from, and
//! the check that their answer sets are still right. Both use only the
//! independent slow checker (`vct_check`), never the engine.
//!
//! Mining (a few minutes; needs the output folders of `gomoku-match` runs
//! against another engine, ours being `engine1`):
//!
//! ```sh
//! LOST_GAMES=/work/runs/pz12-200:/work/runs/pz-merged-200-s7 \
//!   cargo test --test lost_games -- --ignored --nocapture mine
//! ```
//!
//! For every game the other engine won by a five, the positions where our
//! engine was to move are walked from the end backwards for as long as the
//! opponent, given a free move (as if we passed), has a win by continuous
//! fours within [`VCF_FOURS`] own fours. A position is kept when the
//! opponent has no five point (that would be a plain block), we have no
//! VCF ourselves, and at least one move leaves the opponent no VCF. The
//! answer set is every such move within three points of a stone (the same
//! criterion as `verify_tactics.py`: a VCF, not a longer win by threats).
//! Per game the latest kept position (where the losing move was played)
//! and the earliest one, when the chain is longer, are printed as suite
//! lines, with the opponent's VCF length and the move played.
//!
//! `lost_game_answers_match_the_checker` recomputes the answer set of every
//! `l-` case and asserts it is exactly the one in the file.

// Both shared with other suites, which use what this file does not.
#[allow(dead_code)]
mod suite_common;
#[allow(dead_code)]
mod vct_check;

use gomoku::rules::{parse_moves, point_name, Point, Stone};
use std::path::Path;
use vct_check::Grid;

/// Own fours of the VCFs looked for (the same depth as the Python checker).
const VCF_FOURS: u8 = 12;
const SIZE: u8 = 15;

fn grid_of(black: &[Point], white: &[Point]) -> Grid {
    let mut g = Grid::new(i32::from(SIZE), false);
    for (list, c) in [(black, 1), (white, 2)] {
        for p in list {
            g.set(i32::from(p.x), i32::from(p.y), c);
        }
    }
    g
}

/// Every move of `c` within three of a stone after which `3 - c` has no
/// VCF.
fn defences(g: &mut Grid, c: u8) -> Vec<(i32, i32)> {
    let opp = 3 - c;
    let mut out = Vec::new();
    for (x, y) in g.near(3) {
        g.set(x, y, c);
        if !g.vcf(opp, VCF_FOURS) {
            out.push((x, y));
        }
        g.set(x, y, 0);
    }
    out
}

/// Own fours of the shortest VCF of `c` to move, if any.
fn vcf_len(g: &mut Grid, c: u8) -> Option<u8> {
    (1..=VCF_FOURS).find(|&d| g.vcf(c, d))
}

fn name(x: i32, y: i32) -> String {
    point_name(Point::new(x as u8, y as u8), SIZE)
}

/// A kept position: the move index, the opponent's VCF length and the
/// answers.
struct Found {
    index: usize,
    vcf: u8,
    answers: Vec<(i32, i32)>,
}

fn mine_game(moves: &[Point], ours: u8, opening: usize) -> Vec<Found> {
    let mut found = Vec::new();
    for i in (opening..moves.len()).rev() {
        let c = if i.is_multiple_of(2) { 1 } else { 2 };
        if c != ours {
            continue;
        }
        let (black, white): (Vec<_>, Vec<_>) =
            moves[..i].iter().enumerate().partition(|m| m.0 % 2 == 0);
        let black: Vec<Point> = black.into_iter().map(|m| *m.1).collect();
        let white: Vec<Point> = white.into_iter().map(|m| *m.1).collect();
        let mut g = grid_of(&black, &white);
        if !g.fives(1).is_empty() || !g.fives(2).is_empty() {
            continue;
        }
        let Some(len) = vcf_len(&mut g, 3 - c) else {
            break;
        };
        if g.vcf(c, VCF_FOURS) {
            continue;
        }
        let answers = defences(&mut g, c);
        if !answers.is_empty() {
            found.push(Found {
                index: i,
                vcf: len,
                answers,
            });
        }
    }
    found
}

fn suite_line(tag: &str, moves: &[Point], f: &Found) -> String {
    let pos = &moves[..f.index];
    let stones = |parity: usize| {
        pos.iter()
            .enumerate()
            .filter(|m| m.0 % 2 == parity)
            .map(|m| point_name(*m.1, SIZE))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let answers: Vec<String> = f.answers.iter().map(|&(x, y)| name(x, y)).collect();
    let played = point_name(moves[f.index], SIZE);
    let to_move = if f.index.is_multiple_of(2) { "X" } else { "O" };
    format!(
        "{tag} | free | 15 | {to_move} | {} | {} | defend | {} | 6 # opponent VCF {} fours; played {played}{}",
        stones(0),
        stones(1),
        answers.join(" "),
        f.vcf,
        if answers.contains(&played) { " (a defence)" } else { " (lost)" }
    )
}

#[test]
#[ignore = "mines match output folders named in LOST_GAMES; minutes"]
fn mine() {
    let dirs = std::env::var("LOST_GAMES").expect("LOST_GAMES=dir:dir…");
    for dir in dirs.split(':') {
        let run = Path::new(dir).file_name().unwrap().to_string_lossy();
        let csv = std::fs::read_to_string(Path::new(dir).join("results.csv")).unwrap();
        for line in csv.lines().skip(1) {
            // game,opening,black,white,winner,ending,moves,position
            let f: Vec<&str> = line.split(',').collect();
            if f[4] != "engine2" || f[5] != "five" {
                continue;
            }
            let moves = parse_moves(f[7], SIZE).unwrap();
            let opening = parse_moves(f[1], SIZE).unwrap().len();
            let ours = if f[2] == "engine1" { 1 } else { 2 };
            let found = mine_game(&moves, ours, opening);
            let mut picks: Vec<&Found> = found.first().into_iter().collect();
            if found.len() > 1 {
                picks.push(found.last().unwrap());
            }
            for p in picks {
                let tag = format!("l-{run}-g{}-m{}", f[0], p.index + 1);
                println!("{}", suite_line(&tag, &moves, p));
            }
        }
    }
}

#[test]
#[ignore = "recomputes every l- answer set with the slow checker; a minute or two"]
fn lost_game_answers_match_the_checker() {
    let cases = suite_common::cases(include_str!("data/tactics.txt"));
    let lost: Vec<_> = cases.iter().filter(|c| c.name.starts_with("l-")).collect();
    assert!(lost.len() >= 30, "only {} l- cases", lost.len());
    for case in lost {
        assert!(case.kind == "defend" && case.size == SIZE, "{}", case.name);
        let mut g = grid_of(&case.black, &case.white);
        let c = if case.to_move == Stone::Black { 1 } else { 2 };
        assert!(g.vcf(3 - c, VCF_FOURS), "{}: no threat", case.name);
        assert!(!g.vcf(c, VCF_FOURS), "{}: the mover wins", case.name);
        let mut want: Vec<(i32, i32)> = defences(&mut g, c);
        let mut have: Vec<(i32, i32)> = case
            .answers
            .iter()
            .map(|p| (i32::from(p.x), i32::from(p.y)))
            .collect();
        want.sort_unstable();
        have.sort_unstable();
        assert_eq!(have, want, "{}", case.name);
    }
}
