//! Puzzles: the shipped set re-proved (a seeded sample; the whole set in
//! `gomoku-puzzles check`, see docs/puzzles.md), unsound puzzles caught,
//! moves judged by the solver (any winning move accepted, wrong moves
//! refuted), hints and solutions, puzzles from a person's own games.

use gomoku::puzzle::personal::{find, Lesson, PersonalList};
use gomoku::puzzle::{
    parse_puzzle, parse_set, verify, Attempt, Hint, Illegal, Judge, Judgement, Kind, Miss, Prover,
    Puzzle,
};
use gomoku::rules::{parse_point, Forbidden, Rule, Stone};

const SHIPPED: &str = include_str!("../assets/puzzles/freestyle15.txt");
const SHIPPED_RENJU: &str = include_str!("../assets/puzzles/renju15-vcf.txt");

/// A VCF of five own moves with three winning first moves (f5, the
/// stored one, among them).
const VCF: &str = "k7e6g11g8h9g6i9g9g7h8i8f6h6d6c6f8h10j8e8f7e13f12f9 vcf f5f4d5c4c5e7e5 rule=freestyle size=15 first_wins=3";
/// White to move, with one defence: l9.
const DEFEND: &str = "k8f8g6i9j7h8j10i7j8j9i6 defend l9 rule=freestyle size=15";
/// A VCT with four winning first moves.
const VCT: &str = "i11j10k11i10k7j11j12h10k10h9k9k8k12k13l10m9j8i7l7 vct f7g8h7n12m11l12m12i13h14i12h12i14i15 rule=freestyle size=15";

fn p(text: &str) -> Puzzle {
    parse_puzzle(text).expect("a valid puzzle line")
}

fn pt(name: &str) -> gomoku::rules::Point {
    parse_point(name, 15).unwrap()
}

#[test]
fn a_seeded_sample_of_the_shipped_set_is_re_proved() {
    let set = parse_set(SHIPPED).expect("the shipped set parses");
    assert!(set.puzzles.len() >= 500, "{} puzzles", set.puzzles.len());
    assert!(set.header.iter().any(|h| h.starts_with("command: ")));
    assert!(set.header.iter().any(|h| h.starts_with("seed: ")));
    assert!(set.header.iter().any(|h| h.starts_with("engine: ")));
    for kind in Kind::ALL {
        assert!(set.puzzles.iter().any(|q| q.kind == kind), "no {kind}");
    }
    let renju = parse_set(SHIPPED_RENJU).expect("the Renju set parses");
    assert!(renju.puzzles.iter().all(|q| q.rule == Rule::Renju));
    // The long VCFs made by unwinding (gomoku-puzzles unwind).
    let long: Vec<Puzzle> = set
        .puzzles
        .iter()
        .filter(|q| q.kind == Kind::Vcf && q.own_moves() >= LONG)
        .cloned()
        .collect();
    assert!(long.len() >= 20, "{} long VCFs", long.len());
    assert!(
        long.iter().all(|q| q.level >= 5),
        "long VCFs are graded 5 or 6"
    );
    let long = gomoku::puzzle::PuzzleSet {
        header: Vec::new(),
        puzzles: long,
    };
    let mut prover = Prover::default();
    // A fixed seed picks the sample, so a failure can be re-run.
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    for (set, n) in [(&set, 12), (&renju, 6), (&long, 3)] {
        for _ in 0..n {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let q = &set.puzzles[(seed % set.puzzles.len() as u64) as usize];
            verify(&mut prover, q, None).unwrap_or_else(|e| panic!("{}: {e}", q.id));
        }
    }
}

/// Own moves from which a VCF counts as long.
const LONG: usize = 15;

#[test]
fn a_long_vcf_with_a_quick_way_round_it_is_unsound() {
    let set = parse_set(SHIPPED).unwrap();
    let empty_row = |q: &Puzzle, y: u8| {
        let board = q.board().unwrap();
        (0..15).all(|x| board.is_empty_at(gomoku::rules::Point::new(x, y)))
    };
    // A long VCF whose two edge rows are empty.
    let long = set
        .puzzles
        .iter()
        .find(|q| {
            q.kind == Kind::Vcf && q.own_moves() >= LONG && empty_row(q, 0) && empty_row(q, 14)
        })
        .expect("a long VCF with empty edge rows")
        .clone();
    let mut prover = Prover::default();
    verify(&mut prover, &long, None).unwrap();
    // Planted: three attacker stones in a row on one edge row (a four
    // and a five away from winning), three defender stones apart on the
    // other; the stored line still wins, but not as the shortest.
    let mut bad = long.clone();
    for x in 5..8 {
        bad.moves.push(gomoku::rules::Point::new(x, 0));
        bad.moves.push(gomoku::rules::Point::new(2 * x - 9, 14));
    }
    let e = verify(&mut prover, &bad, None).unwrap_err();
    assert!(e.contains("shorter VCF"), "{e}");
}

#[test]
fn unwinding_a_vcf_gives_a_longer_one_proved_shortest() {
    use gomoku::puzzle::unwind::{UnwindConfig, Unwinder};
    let short = p(VCF);
    let cfg = UnwindConfig {
        seed: 1,
        min_own: short.own_moves() as u32 + 1,
        max_own: short.own_moves() as u32 + 2,
        step_nodes: 50_000,
        step_tries: 60,
    };
    let long = Unwinder::new(cfg).unwind(&short, 0).expect("a longer VCF");
    assert!(long.own_moves() > short.own_moves());
    // Its length is counted as the solver counts it: the fours of the
    // line (the last one two five points) and the five.
    let fours = long.solution.len().div_ceil(2);
    assert_eq!(long.own_moves(), fours + 1, "{}", long.to_line());
    assert_eq!(long.kind, Kind::Vcf);
    assert_eq!(
        long.moves.len() % 2,
        short.moves.len() % 2,
        "same side to move"
    );
    let mut prover = Prover::default();
    verify(&mut prover, &long, None).unwrap_or_else(|e| panic!("{e}: {}", long.to_line()));
}

#[test]
fn planted_unsound_puzzles_are_caught() {
    let mut prover = Prover::default();
    for good in [VCF, DEFEND, VCT] {
        verify(&mut prover, &p(good), None).unwrap();
    }
    // A VCF whose first move is a quiet one.
    let mut bad = p(VCF);
    bad.solution[0] = pt("a1");
    assert!(verify(&mut prover, &bad, None).is_err());
    // A VCF line whose defender reply is not the forced block.
    let mut bad = p(VCF);
    bad.solution[1] = pt("a1");
    let e = verify(&mut prover, &bad, None).unwrap_err();
    assert!(e.contains("not the forced block"), "{e}");
    // A defence that does not hold.
    let mut bad = p(DEFEND);
    bad.solution[0] = pt("a1");
    let e = verify(&mut prover, &bad, None).unwrap_err();
    assert!(e.contains("a1 does not hold"), "{e}");
    // A VCT puzzle that is really a VCF.
    let mut bad = p(VCF);
    bad.kind = Kind::Vct;
    let e = verify(&mut prover, &bad, None).unwrap_err();
    assert!(e.contains("win by fours"), "{e}");
    // A defend puzzle with nothing to defend against.
    let bad = p("h8i9 defend h7");
    assert!(verify(&mut prover, &bad, None).is_err());
}

#[test]
fn any_winning_first_move_is_accepted_and_the_engine_replies_from_its_proof() {
    let puzzle = p(VCF);
    let mut judge = Judge::new();
    // The stored first move and two others: each is a four whose forced
    // block the engine plays.
    for (mv, reply) in [("f5", "f4"), ("d5", "c4"), ("c5", "e7")] {
        let mut a = Attempt::new(puzzle.clone());
        assert_eq!(
            judge.judge(&mut a, pt(mv)),
            Judgement::Correct { reply: pt(reply) },
            "{mv}"
        );
        assert_eq!(a.played, vec![pt(mv), pt(reply)]);
    }
}

#[test]
fn wrong_moves_are_refuted_and_not_kept() {
    let mut judge = Judge::new();
    let mut a = Attempt::new(p(VCF));
    // A quiet move in a VCF puzzle: not a four; the defender's answer is
    // shown.
    match judge.judge(&mut a, pt("a15")) {
        Judgement::Wrong { why, refutation } => {
            assert_eq!(why, Miss::NotAFour);
            assert!(!refutation.is_empty());
        }
        v => panic!("{v:?}"),
    }
    assert!(a.played.is_empty());
    assert_eq!(a.mistakes, 1);
    assert_eq!(
        judge.judge(&mut a, pt("f9")),
        Judgement::Illegal(Illegal::Occupied)
    );
    // In a defend puzzle, a move that does not hold gets the attacker's
    // win as its refutation, which starts with the attacker's move.
    let mut d = Attempt::new(p(DEFEND));
    match judge.judge(&mut d, pt("a1")) {
        Judgement::Wrong { why, refutation } => {
            assert_eq!(why, Miss::StillLoses);
            // White plays the defence point itself and wins.
            assert_eq!(refutation.first(), Some(&pt("l9")), "{refutation:?}");
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(judge.judge(&mut d, pt("l9")), Judgement::Solved);
    assert!(d.solved);
    assert_eq!(
        judge.judge(&mut d, pt("a2")),
        Judgement::Illegal(Illegal::Over)
    );
}

#[test]
fn a_puzzle_played_out_by_hints_ends_solved() {
    let mut judge = Judge::new();
    for text in [VCF, VCT] {
        let puzzle = p(text);
        let mut a = Attempt::new(puzzle.clone());
        let Some(Hint::Area { from, to }) = judge.hint(&mut a) else {
            panic!("an area first");
        };
        let Some(Hint::Move(first)) = judge.hint(&mut a) else {
            panic!("then the move");
        };
        assert!((from.x..=to.x).contains(&first.x) && (from.y..=to.y).contains(&first.y));
        assert_eq!(a.hints_used, 2);
        let mut moves = 0;
        loop {
            let mv = judge.right_move(&a).expect("a right move while unsolved");
            match judge.judge(&mut a, mv) {
                Judgement::Solved => break,
                Judgement::Correct { .. } => {}
                v => panic!("{text}: {v:?}"),
            }
            moves += 1;
            assert!(moves < 30, "{text}: no end");
        }
        assert!(a.solved);
        // The winner's last stone made five.
        let board = puzzle.board_after(&a.moves()).unwrap();
        let last = *a.moves().last().unwrap();
        assert!(gomoku::rules::winning_line(&board, last, Rule::Freestyle).is_some());
    }
    // The full solution at the start is the stored one.
    let mut a = Attempt::new(p(DEFEND));
    assert_eq!(judge.solution(&mut a), vec![pt("l9")]);
    assert!(a.solution_shown);
}

#[test]
fn a_vct_puzzle_wants_threats() {
    let mut judge = Judge::new();
    let mut a = Attempt::new(p(VCT));
    match judge.judge(&mut a, pt("a1")) {
        Judgement::Wrong { why, .. } => assert_eq!(why, Miss::NotAThreat),
        v => panic!("{v:?}"),
    }
    let mut a = Attempt::new(p(VCT));
    assert!(matches!(
        judge.judge(&mut a, pt("f7")),
        Judgement::Correct { .. }
    ));
}

#[test]
fn renju_puzzles_refuse_blacks_forbidden_points() {
    // Black to move; h8 would make a double three (i8 j8, h9 h10).
    let puzzle = p("i8a1j8a3h9a5h10a7 vct h8 rule=renju size=15");
    let mut a = Attempt::new(puzzle);
    assert_eq!(
        Judge::new().judge(&mut a, pt("h8")),
        Judgement::Illegal(Illegal::Forbidden(Forbidden::DoubleThree))
    );
}

#[test]
fn a_missed_vcf_in_a_game_becomes_a_personal_puzzle_at_its_move() {
    let puzzle = p(VCF);
    let person = puzzle.to_move();
    // The person plays far away instead of winning, and the game goes on
    // one more move.
    let mut moves = puzzle.moves.clone();
    moves.push(pt("a15"));
    moves.push(pt("o1"));
    let mut prover = Prover::default();
    let found = find(&mut prover, &moves, 15, Rule::Freestyle, person);
    let missed = found
        .iter()
        .find(|f| f.origin.lesson == Lesson::MissedWin)
        .expect("the missed win");
    assert_eq!(missed.origin.move_number, puzzle.moves.len() + 1);
    assert_eq!(missed.origin.played, pt("a15"));
    assert_eq!(missed.puzzle.kind, Kind::Vcf);
    assert_eq!(missed.puzzle.moves, puzzle.moves);
    verify(&mut prover, &missed.puzzle, None).unwrap();
    // Played correctly, nothing is missed there.
    let mut won = puzzle.moves.clone();
    won.extend_from_slice(&puzzle.solution);
    let found = find(&mut prover, &won, 15, Rule::Freestyle, person);
    assert!(found
        .iter()
        .all(|f| f.origin.move_number <= puzzle.moves.len()));
    // The list keeps it until solved three times.
    let mut list = PersonalList::default();
    list.add(std::slice::from_ref(missed), 1_700_000_000);
    list.add(std::slice::from_ref(missed), 1_700_000_000);
    assert_eq!(list.entries.len(), 1);
    let back = PersonalList::from_json(&list.to_json()).unwrap();
    assert_eq!(back, list);
    assert!(PersonalList::from_json("{\"entries\": [{\"line\": 1}]}").is_err());
    assert!(!list.solved(0) && !list.solved(0) && list.solved(0));
    assert!(list.entries.is_empty());
}

#[test]
fn a_loss_walked_into_becomes_a_defend_puzzle() {
    let puzzle = p(DEFEND);
    let person = puzzle.to_move();
    let mut moves = puzzle.moves.clone();
    moves.push(pt("a1"));
    let mut prover = Prover::default();
    let found = find(&mut prover, &moves, 15, Rule::Freestyle, person);
    let lost = found
        .iter()
        .find(|f| f.origin.lesson == Lesson::WalkedIntoLoss)
        .expect("the loss walked into");
    assert_eq!(lost.origin.move_number, puzzle.moves.len() + 1);
    assert_eq!(lost.puzzle.kind, Kind::Defend);
    assert_eq!(lost.puzzle.solution, vec![pt("l9")], "the one defence");
    let _ = Stone::Black;
}
