//! Property tests: any sequence of moves, undos, redos, resignations and
//! restarts keeps the model's invariants.

use gomoku::play::{Mode, Table};
use gomoku::rules::{GameModel, GameSettings, Point, Rule, Stone};
use proptest::prelude::*;

#[derive(Debug, Clone)]
enum Action {
    Play(u8, u8),
    Undo,
    Redo,
    Resign,
    Restart,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        // Mostly moves near the centre so fives happen now and then.
        8 => (4u8..11, 4u8..11).prop_map(|(x, y)| Action::Play(x, y)),
        1 => (0u8..16, 0u8..16).prop_map(|(x, y)| Action::Play(x, y)),
        3 => Just(Action::Undo),
        2 => Just(Action::Redo),
        1 => Just(Action::Resign),
        1 => Just(Action::Restart),
    ]
}

fn settings() -> impl Strategy<Value = (GameSettings, Mode)> {
    (
        prop_oneof![
            Just(Rule::Freestyle),
            Just(Rule::Standard),
            Just(Rule::Renju)
        ],
        prop_oneof![
            Just(Mode::TwoPlayer),
            Just(Mode::VsAi {
                human: Stone::Black
            }),
            Just(Mode::VsAi {
                human: Stone::White
            })
        ],
        prop_oneof![Just(15u8), Just(20u8)],
    )
        .prop_map(|(rule, mode, size)| (GameSettings { size, rule }, mode))
}

fn table((settings, mode): (GameSettings, Mode)) -> Table {
    Table::new(GameModel::new(settings).unwrap(), mode)
}

fn check_invariants(g: &GameModel) {
    let b = g.board();
    assert_eq!(b.stone_count(), g.moves().len());
    let black = b.count(Stone::Black);
    let white = b.count(Stone::White);
    assert!(black == white || black == white + 1);
    assert_eq!(b.side_to_move_by_count(), Some(g.side_to_move()));
    for (i, m) in g.moves().iter().enumerate() {
        assert_eq!(b.get(*m), Some(Stone::to_move_after(i)));
    }
    for m in g.redo_moves() {
        assert!(b.is_empty_at(m), "redo points are empty");
    }
    // The hash depends on the position only.
    let replay = GameModel::from_moves(g.settings(), g.moves()).unwrap();
    assert_eq!(replay.position_hash(), g.position_hash());
    assert_eq!(replay.board(), g.board());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn invariants_hold_for_any_sequence(s in settings(), actions in prop::collection::vec(action(), 0..120)) {
        let mut g = table(s);
        for a in actions {
            let before = g.clone();
            let was_over = g.is_over();
            let result = match a {
                Action::Play(x, y) => {
                    let p = Point::new(x, y);
                    if g.is_ai_turn() { g.play_ai(p) } else { g.play(p) }.map_err(drop)
                }
                Action::Undo => g.undo().map(drop).map_err(drop),
                Action::Redo => g.redo().map(drop).map_err(drop),
                Action::Resign => g.resign().map_err(drop),
                Action::Restart => { g.game_mut().restart(); Ok(()) }
            };
            if result.is_err() {
                prop_assert_eq!(&g, &before, "a refused action changes nothing");
            }
            if was_over && matches!(a, Action::Play(..) | Action::Redo | Action::Resign) {
                prop_assert!(result.is_err());
            }
            check_invariants(&g);
        }
    }

    #[test]
    fn undo_then_redo_is_the_identity(s in settings(), moves in prop::collection::vec((3u8..12, 3u8..12), 0..40)) {
        let mut g = table(s);
        for (x, y) in moves {
            let p = Point::new(x, y);
            let _ = if g.is_ai_turn() { g.play_ai(p) } else { g.play(p) };
        }
        let full = g.clone();
        let hash = g.position_hash();
        let mut undone = 0;
        while let Ok(n) = g.undo() {
            undone += n;
            check_invariants(&g);
        }
        prop_assert!(g.moves().is_empty());
        prop_assert_eq!(g.board().hash(), 0);
        let mut redone = 0;
        while let Ok(n) = g.redo() { redone += n; }
        prop_assert_eq!(undone, redone);
        prop_assert_eq!(g.position_hash(), hash);
        prop_assert_eq!(g.moves(), full.moves());
        prop_assert_eq!(g.status(), full.status());
    }

    #[test]
    fn saves_round_trip(s in settings(), moves in prop::collection::vec((3u8..12, 3u8..12), 0..40), undos in 0usize..4) {
        let mut g = table(s);
        for (x, y) in moves {
            let p = Point::new(x, y);
            let _ = if g.is_ai_turn() { g.play_ai(p) } else { g.play(p) };
        }
        for _ in 0..undos { let _ = g.undo(); }
        let json = serde_json::to_string(&g).unwrap();
        let back: Table = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, g);
    }
}
