//! Make/unmake round trips of the engine's incremental board: after any
//! sequence of moves the kept sums equal a full recount, and unmaking
//! everything restores the hash and the sums exactly; the evaluation the
//! sums give equals the trainer's view of the same position.

use gomoku::engine::eval::evaluate;
use gomoku::engine::eval::features::Features;
use gomoku::engine::eval::weights::Weights;
use gomoku::engine::shape::combo;
use gomoku::engine::state::State;
use gomoku::rules::{Board, Point, Rule, Stone};
use proptest::prelude::*;

fn rule_of(index: usize) -> Rule {
    Rule::ALL[index % Rule::ALL.len()]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_unmake_round_trip(
        size in 15u8..=20,
        rule_index in 0usize..3,
        raw in prop::collection::vec((0u8..20, 0u8..20), 1..80),
    ) {
        let board = Board::new(size).unwrap();
        let mut st = State::new(&board, Stone::Black, rule_of(rule_index));
        let hash0 = st.hash();
        let sums0 = st.sums();
        let mut made = 0;
        for (x, y) in raw {
            let c = st.cell(Point::new(x % size, y % size));
            if !st.is_empty(c) {
                continue;
            }
            let predicted = st.hash_after(c);
            st.make(c);
            made += 1;
            prop_assert_eq!(st.hash(), predicted);
            prop_assert_eq!(st.sums(), st.recount());
            // What the trainer reads scores exactly as the engine does.
            prop_assert_eq!(
                Features::of(&st).score(Weights::builtin()),
                evaluate(&st)
            );
        }
        for _ in 0..made {
            st.unmake();
        }
        prop_assert_eq!(st.hash(), hash0);
        prop_assert_eq!(st.sums(), sums0);
        prop_assert_eq!(st.sums(), st.recount());
    }

    #[test]
    fn incremental_board_matches_a_fresh_one(
        rule_index in 0usize..3,
        raw in prop::collection::vec((0u8..15, 0u8..15), 1..60),
    ) {
        let rule = rule_of(rule_index);
        let mut board = Board::standard();
        let mut st = State::new(&board, Stone::Black, rule);
        let mut side = Stone::Black;
        for (x, y) in raw {
            let p = Point::new(x, y);
            if board.get(p).is_some() {
                continue;
            }
            board.place(p, side).unwrap();
            side = side.opponent();
            st.make(st.cell(p));
        }
        let fresh = State::new(&board, side, rule);
        prop_assert_eq!(st.hash(), fresh.hash());
        prop_assert_eq!(st.sums(), fresh.sums());
    }

    #[test]
    fn interleaved_unmakes_restore_every_point(
        rule_index in 0usize..3,
        ops in prop::collection::vec((0u8..15, 0u8..15, 0u8..4), 1..120),
    ) {
        // A random walk of makes and takebacks: the per-point patterns,
        // combinations and values must equal a board built from scratch.
        let rule = rule_of(rule_index);
        let mut board = Board::standard();
        let mut st = State::new(&board, Stone::Black, rule);
        let mut played: Vec<(Point, Stone)> = Vec::new();
        let mut side = Stone::Black;
        for (x, y, op) in ops {
            if op == 0 {
                if let Some((p, s)) = played.pop() {
                    st.unmake();
                    board.remove(p).unwrap();
                    side = s;
                }
                continue;
            }
            let p = Point::new(x, y);
            if board.get(p).is_some() {
                continue;
            }
            board.place(p, side).unwrap();
            st.make(st.cell(p));
            played.push((p, side));
            side = side.opponent();
        }
        let fresh = State::new(&board, side, rule);
        prop_assert_eq!(st.hash(), fresh.hash());
        prop_assert_eq!(st.sums(), fresh.sums());
        for p in board.points() {
            let c = st.cell(p);
            if !st.is_empty(c) {
                continue;
            }
            for s in 0..2 {
                prop_assert_eq!(st.combo(c, s), fresh.combo(c, s), "combo at {:?}", p);
                prop_assert_eq!(st.value(c, s), fresh.value(c, s), "value at {:?}", p);
                for d in 0..4 {
                    prop_assert_eq!(st.pattern(c, s, d), fresh.pattern(c, s, d));
                }
            }
        }
    }

    #[test]
    fn candidates_are_the_empty_points_near_stones(
        size in 15u8..=20,
        ops in prop::collection::vec((0u8..20, 0u8..20, 0u8..5), 1..120),
    ) {
        // Makes and takebacks anywhere, edges and corners included, on
        // every supported size: the candidates are exactly the empty
        // points within two (king steps) of a stone, row by row.
        let mut board = Board::new(size).unwrap();
        let mut st = State::new(&board, Stone::Black, Rule::Freestyle);
        let mut played = Vec::new();
        let mut got = Vec::new();
        for (x, y, op) in ops {
            if op == 0 {
                if let Some(p) = played.pop() {
                    st.unmake();
                    board.remove(p).unwrap();
                }
            } else {
                let p = Point::new(x % size, y % size);
                if board.get(p).is_none() {
                    board.place(p, Stone::to_move_after(played.len())).unwrap();
                    st.make(st.cell(p));
                    played.push(p);
                }
            }
            if played.is_empty() {
                continue;
            }
            let mut want = Vec::new();
            for y in 0..size {
                for x in 0..size {
                    let p = Point::new(x, y);
                    let near = played.iter().any(|q| p.x.abs_diff(q.x) <= 2 && p.y.abs_diff(q.y) <= 2);
                    if board.get(p).is_none() && near {
                        want.push(st.cell(p));
                    }
                }
            }
            st.candidates(&mut got);
            prop_assert_eq!(&got, &want);
        }
    }

    #[test]
    fn threat_points_are_found_row_by_row(
        size in 15u8..=20,
        rule_index in 0usize..3,
        ops in prop::collection::vec((0u8..20, 0u8..20, 0u8..6), 1..120),
    ) {
        // Crowded boards with many threes and fours, after makes and
        // takebacks: for every colour and code asked for, the points are
        // exactly the empty ones whose code reaches it, in board order,
        // and a taken point has no code.
        let rule = rule_of(rule_index);
        let mut st = State::new(&Board::new(size).unwrap(), Stone::Black, rule);
        let mut got = Vec::new();
        for (x, y, op) in ops {
            if op == 0 {
                if st.stone_count() > 0 {
                    st.unmake();
                }
            } else {
                let c = st.cell(Point::new(x % size, y % size));
                if st.is_empty(c) {
                    st.make(c);
                }
            }
            for side in 0..2 {
                for code in [combo::FLEX3, combo::BLOCK4, combo::FLEX4, combo::FIVE] {
                    let mut want = Vec::new();
                    for y in 0..size {
                        for x in 0..size {
                            let c = st.cell(Point::new(x, y));
                            if !st.is_empty(c) {
                                prop_assert_eq!(st.combo(c, side), 0);
                            } else if st.combo(c, side) >= code {
                                want.push(c);
                            }
                        }
                    }
                    st.cells_with(side, code, &mut got);
                    prop_assert_eq!(&got, &want);
                }
            }
        }
    }
}
