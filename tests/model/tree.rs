//! The game tree seen through the model: variations, navigation, set-up
//! positions and saves, old and new.

use gomoku::play::{Mode, Table};
use gomoku::rules::{
    Board, GameError, GameModel, GameSettings, GameTree, Outcome, Point, Rule, Status, Stone,
};
use proptest::prelude::*;

fn two_players() -> GameSettings {
    GameSettings::default()
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

/// The node reached by `moves` from the root, if the tree holds it.
fn reachable(tree: &GameTree, moves: &[Point]) -> bool {
    let mut node = tree.root();
    for &m in moves {
        match node.child_index(m) {
            Some(i) => node = &node.children()[i],
            None => return false,
        }
    }
    true
}

/// The board the moves make from the game's starting position.
fn replay(g: &GameModel) -> Board {
    let mut b = g.tree().start().clone();
    for (i, &m) in g.moves().iter().enumerate() {
        b.place(m, g.stone_of_move(i)).unwrap();
    }
    b
}

#[test]
fn a_different_move_starts_a_variation_and_keeps_the_main_line() {
    let mut g = GameModel::new(two_players()).unwrap();
    for m in [p(7, 7), p(8, 8), p(7, 8), p(8, 9)] {
        g.play(m).unwrap();
    }
    g.goto(2).unwrap();
    assert_eq!(g.redo_moves(), vec![p(7, 8), p(8, 9)]);
    g.play(p(6, 6)).unwrap();
    assert_eq!(g.path(), &[0, 0, 1]);
    assert!(g.at_line_end());
    // The main line is still there, and back on it the line goes on.
    g.goto_node(&[0, 0, 0, 0]).unwrap();
    assert_eq!(g.moves(), &[p(7, 7), p(8, 8), p(7, 8), p(8, 9)]);
    g.to_start();
    assert_eq!(g.redo_moves(), vec![p(7, 7), p(8, 8), p(7, 8), p(8, 9)]);
    // Playing the line's own next move follows it rather than branching.
    g.play(p(7, 7)).unwrap();
    assert_eq!(g.tree().root().children().len(), 1);
}

#[test]
fn the_continuation_is_the_line_last_visited() {
    let mut g = GameModel::new(two_players()).unwrap();
    g.play(p(7, 7)).unwrap();
    g.play(p(8, 8)).unwrap();
    g.undo().unwrap();
    g.play(p(6, 6)).unwrap();
    g.to_start();
    assert_eq!(g.redo_moves(), vec![p(7, 7), p(6, 6)]);
    g.to_end();
    assert_eq!(g.moves(), &[p(7, 7), p(6, 6)]);
}

#[test]
fn promote_and_delete_a_variation() {
    let mut g = GameModel::new(two_players()).unwrap();
    g.play(p(7, 7)).unwrap();
    g.play(p(8, 8)).unwrap();
    g.undo().unwrap();
    g.play(p(6, 6)).unwrap();
    assert_eq!(g.promote_variation(), Ok(()));
    assert_eq!(g.path(), &[0, 0]);
    assert_eq!(g.moves(), &[p(7, 7), p(6, 6)]);
    assert_eq!(g.promote_variation(), Err(GameError::NotAVariation));
    g.goto_node(&[0, 1]).unwrap();
    assert_eq!(g.moves(), &[p(7, 7), p(8, 8)]);
    g.delete_variation().unwrap();
    assert_eq!(g.moves(), &[p(7, 7)], "the cursor goes to the fork");
    assert_eq!(g.tree().move_count(), 2);
    assert_eq!(g.delete_variation(), Err(GameError::NotAVariation));
}

#[test]
fn against_the_ai_undo_still_takes_back_the_reply() {
    let game = GameModel::new(GameSettings::default()).unwrap();
    let mut g = Table::new(
        game,
        Mode::VsAi {
            human: Stone::Black,
        },
    );
    g.play(p(7, 7)).unwrap();
    g.play_ai(p(8, 8)).unwrap();
    g.play(p(7, 8)).unwrap();
    g.play_ai(p(8, 9)).unwrap();
    assert_eq!(g.undo(), Ok(2));
    assert_eq!(g.moves().len(), 2);
    assert_eq!(g.redo(), Ok(2));
    assert!(g.at_line_end());
}

#[test]
fn a_setup_starts_the_game_and_a_five_is_refused() {
    let mut stones = Board::standard();
    for x in 3..7 {
        stones.place(p(x, 7), Stone::Black).unwrap();
    }
    stones.place(p(3, 8), Stone::White).unwrap();
    let mut g = GameModel::from_setup(two_players(), &stones, Stone::White).unwrap();
    assert!(g.has_setup());
    assert_eq!(g.side_to_move(), Stone::White);
    assert_eq!(g.status(), &Status::Ongoing);
    g.play(p(4, 8)).unwrap();
    g.play(p(7, 7)).unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Five {
            winner: Stone::Black,
            ..
        })
    ));
    g.to_start();
    assert_eq!(g.board(), &stones);
    assert!(!g.is_over(), "the result belongs to the shown position");

    stones.place(p(7, 7), Stone::Black).unwrap();
    assert_eq!(
        GameModel::from_setup(two_players(), &stones, Stone::White),
        Err(GameError::FiveInSetup("d8".into()))
    );
    let small = Board::new(20).unwrap();
    assert!(matches!(
        GameModel::from_setup(two_players(), &small, Stone::Black),
        Err(GameError::SetupSize { .. })
    ));
}

#[test]
fn renju_forbidden_points_are_allowed_in_a_setup() {
    // Black stones making a double three at h8 if Black played there.
    let mut stones = Board::standard();
    for q in [p(5, 7), p(6, 7), p(7, 5), p(7, 6)] {
        stones.place(q, Stone::Black).unwrap();
    }
    for q in [p(0, 0), p(0, 2), p(0, 4), p(0, 6)] {
        stones.place(q, Stone::White).unwrap();
    }
    let renju = GameSettings {
        rule: Rule::Renju,
        ..two_players()
    };
    let mut g = GameModel::from_setup(renju, &stones, Stone::Black).unwrap();
    assert!(matches!(g.play(p(7, 7)), Err(GameError::Forbidden(_))));
}

#[test]
fn saves_from_before_the_tree_still_load() {
    let old = r#"{"settings":{"size":15,"rule":"Freestyle","mode":{"VsAi":{"human":"Black"}}},
        "moves":"h8i9","redo":"h9i10","resigned":null}"#;
    let g: GameModel = serde_json::from_str(old).unwrap();
    assert_eq!(g.moves(), &[p(7, 7), p(8, 6)]);
    assert_eq!(g.redo_moves(), vec![p(7, 6), p(8, 5)]);
    let resigned = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},
        "moves":"h8","resigned":"White"}"#;
    let g: GameModel = serde_json::from_str(resigned).unwrap();
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::White
        })
    );
    let bad = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},
        "moves":"h8","redo":"h8"}"#;
    assert!(serde_json::from_str::<GameModel>(bad).is_err());
}

#[test]
fn a_tampered_tree_is_refused() {
    let mut g = GameModel::new(two_players()).unwrap();
    g.play(p(7, 7)).unwrap();
    let json = serde_json::to_string(&g).unwrap();
    let occupied = json.replace(r#""black":"""#, r#""black":"h8""#);
    assert_ne!(occupied, json);
    assert!(serde_json::from_str::<GameModel>(&occupied).is_err());
    let bad_parent = json.replace(r#""parent":0,"mv":"h8""#, r#""parent":5,"mv":"h8""#);
    assert_ne!(bad_parent, json);
    assert!(serde_json::from_str::<GameModel>(&bad_parent).is_err());
}

#[derive(Debug, Clone)]
enum Action {
    Play(u8, u8),
    Undo,
    Redo,
    Goto(usize),
    Start,
    End,
    Promote,
    Delete,
    Resign,
}

fn action() -> impl Strategy<Value = Action> {
    prop_oneof![
        8 => (4u8..11, 4u8..11).prop_map(|(x, y)| Action::Play(x, y)),
        2 => Just(Action::Undo),
        2 => Just(Action::Redo),
        2 => (0usize..30).prop_map(Action::Goto),
        1 => Just(Action::Start),
        1 => Just(Action::End),
        1 => Just(Action::Promote),
        1 => Just(Action::Delete),
        1 => Just(Action::Resign),
    ]
}

fn setup() -> impl Strategy<Value = (Vec<(u8, u8, bool)>, bool)> {
    (
        prop::collection::vec((0u8..15, 0u8..15, any::<bool>()), 0..6),
        any::<bool>(),
    )
}

fn start_game(stones: &[(u8, u8, bool)], white_first: bool, mode: Mode) -> Option<Table> {
    let mut b = Board::standard();
    for &(x, y, black) in stones {
        let s = if black { Stone::Black } else { Stone::White };
        let _ = b.place(p(x, y), s);
    }
    let first = if white_first {
        Stone::White
    } else {
        Stone::Black
    };
    let game = GameModel::from_setup(GameSettings::default(), &b, first).ok()?;
    Some(Table::new(game, mode))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Every line ever played stays in the tree unless its branch was
    /// deleted, and the board is always the set-up plus the moves shown.
    #[test]
    fn lines_stay_reachable_and_the_board_matches_the_moves(
        (stones, white_first) in setup(),
        vs_ai in any::<bool>(),
        actions in prop::collection::vec(action(), 0..80),
    ) {
        let mode = if vs_ai { Mode::VsAi { human: Stone::Black } } else { Mode::TwoPlayer };
        let Some(mut g) = start_game(&stones, white_first, mode) else { return Ok(()); };
        let mut played: Vec<Vec<Point>> = Vec::new();
        for a in actions {
            let before = g.clone();
            let result = match a {
                Action::Play(x, y) => {
                    let r = if g.is_ai_turn() { g.play_ai(p(x, y)) } else { g.play(p(x, y)) };
                    if r.is_ok() {
                        played.push(g.moves().to_vec());
                    }
                    r.map_err(drop)
                }
                Action::Undo => g.undo().map(drop).map_err(drop),
                Action::Redo => g.redo().map(drop).map_err(drop),
                Action::Goto(n) => g.game_mut().goto(n).map_err(drop),
                Action::Start => { g.game_mut().to_start(); Ok(()) }
                Action::End => { g.game_mut().to_end(); Ok(()) }
                Action::Promote => {
                    let fork = GameTree::fork_of(g.path());
                    let shown = g.moves().to_vec();
                    let r = g.game_mut().promote_variation().map_err(drop);
                    if r.is_ok() {
                        // The branch joins its parent line at its fork.
                        prop_assert!(GameTree::fork_of(g.path()) < fork);
                        prop_assert_eq!(g.moves(), &shown[..]);
                    }
                    r
                }
                Action::Delete => {
                    let k = GameTree::fork_of(g.path());
                    let prefix = k.map(|k| g.moves()[..=k].to_vec());
                    let r = g.game_mut().delete_variation().map_err(drop);
                    if let (Ok(()), Some(prefix)) = (&r, prefix) {
                        prop_assert_eq!(g.moves(), &prefix[..prefix.len() - 1]);
                        played.retain(|line| !line.starts_with(&prefix));
                    }
                    r
                }
                Action::Resign => g.resign().map_err(drop),
            };
            if result.is_err() {
                prop_assert_eq!(&g, &before, "a refused action changes nothing");
            }
            prop_assert_eq!(g.board(), &replay(&g));
            for line in &played {
                prop_assert!(reachable(g.tree(), line), "lost {:?}", line);
            }
            let json = serde_json::to_string(&g).unwrap();
            let back: Table = serde_json::from_str(&json).unwrap();
            prop_assert_eq!(&back, &g);
        }
    }
}
