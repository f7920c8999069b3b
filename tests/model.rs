//! The game model: turns, undo and redo against the AI and between two
//! players, resignation, restart, typed errors and save round trips.

use gomoku::rules::{
    parse_point, GameError, GameModel, GameSettings, Mode, Outcome, Point, Rule, Status, Stone,
};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn vs_ai(human: Stone) -> GameModel {
    GameModel::new(GameSettings {
        mode: Mode::VsAi { human },
        ..GameSettings::default()
    })
    .unwrap()
}

fn two_player() -> GameModel {
    GameModel::new(GameSettings {
        mode: Mode::TwoPlayer,
        ..GameSettings::default()
    })
    .unwrap()
}

#[test]
fn human_black_moves_first_and_the_ai_replies() {
    let mut g = vs_ai(Stone::Black);
    assert!(g.is_human_turn());
    assert_eq!(g.play_ai(p("h8")), Err(GameError::NotAiTurn));
    g.play(p("h8")).unwrap();
    assert!(g.is_ai_turn());
    assert_eq!(g.play(p("h9")), Err(GameError::AiTurn));
    g.play_ai(p("h9")).unwrap();
    assert!(g.is_human_turn());
    assert_eq!(g.board().get(p("h9")), Some(Stone::White));
}

#[test]
fn human_white_lets_the_ai_open() {
    let g = vs_ai(Stone::White);
    assert!(g.is_ai_turn());
    assert_eq!(g.side_to_move(), Stone::Black);
}

#[test]
fn illegal_moves_change_nothing() {
    let mut g = two_player();
    g.play(p("h8")).unwrap();
    let before = g.clone();
    assert_eq!(g.play(p("h8")), Err(GameError::Occupied("h8".into())));
    assert_eq!(g.play(Point::new(15, 3)), Err(GameError::OffBoard));
    assert_eq!(g.play(Point::new(255, 255)), Err(GameError::OffBoard));
    assert_eq!(g, before);
}

#[test]
fn undo_against_the_ai_returns_to_the_humans_turn() {
    let mut g = vs_ai(Stone::Black);
    for (h, a) in [("h8", "h9"), ("i8", "i9")] {
        g.play(p(h)).unwrap();
        g.play_ai(p(a)).unwrap();
    }
    let hash_after_one_pair = {
        let mut c = vs_ai(Stone::Black);
        c.play(p("h8")).unwrap();
        c.play_ai(p("h9")).unwrap();
        c.position_hash()
    };
    assert_eq!(g.undo(), Ok(2));
    assert_eq!(g.moves().len(), 2);
    assert!(g.is_human_turn());
    assert_eq!(g.position_hash(), hash_after_one_pair);
    assert_eq!(g.undo(), Ok(2));
    assert!(g.moves().is_empty());
    assert_eq!(g.undo(), Err(GameError::NothingToUndo));
}

#[test]
fn undo_while_the_ai_thinks_takes_back_only_the_humans_move() {
    let mut g = vs_ai(Stone::Black);
    g.play(p("h8")).unwrap();
    g.play_ai(p("h9")).unwrap();
    g.play(p("i8")).unwrap();
    assert!(g.is_ai_turn());
    assert_eq!(g.undo(), Ok(1));
    assert!(g.is_human_turn());
    assert_eq!(g.moves().len(), 2);
}

#[test]
fn undo_as_white_reaches_the_empty_board() {
    let mut g = vs_ai(Stone::White);
    g.play_ai(p("h8")).unwrap();
    g.play(p("h9")).unwrap();
    g.play_ai(p("i8")).unwrap();
    assert_eq!(g.undo(), Ok(2));
    assert_eq!(g.moves(), &[p("h8")]);
    assert!(g.is_human_turn());
    assert_eq!(g.undo(), Ok(1));
    assert!(g.moves().is_empty());
    assert!(g.is_ai_turn(), "the AI opens again");
}

#[test]
fn redo_replays_what_undo_took_back() {
    let mut g = vs_ai(Stone::Black);
    g.play(p("h8")).unwrap();
    g.play_ai(p("h9")).unwrap();
    let full = g.clone();
    g.undo().unwrap();
    assert_eq!(g.redo_moves(), vec![p("h8"), p("h9")]);
    assert_eq!(g.redo(), Ok(2));
    assert_eq!(g, full);
    assert_eq!(g.redo(), Err(GameError::NothingToRedo));
}

#[test]
fn a_new_move_clears_redo_unless_it_is_the_same_move() {
    let mut g = two_player();
    g.play(p("h8")).unwrap();
    g.play(p("h9")).unwrap();
    g.undo().unwrap();
    g.undo().unwrap();
    g.play(p("h8")).unwrap();
    assert_eq!(g.redo_moves(), vec![p("h9")], "same move keeps the line");
    g.play(p("a1")).unwrap();
    assert!(g.redo_moves().is_empty());
}

#[test]
fn two_player_mode_alternates_colours_and_undoes_one_move() {
    let mut g = two_player();
    g.play(p("h8")).unwrap();
    g.play(p("h9")).unwrap();
    g.play(p("h10")).unwrap();
    assert_eq!(g.board().get(p("h8")), Some(Stone::Black));
    assert_eq!(g.board().get(p("h9")), Some(Stone::White));
    assert_eq!(g.board().get(p("h10")), Some(Stone::Black));
    assert_eq!(g.undo(), Ok(1));
    assert_eq!(g.side_to_move(), Stone::Black);
    assert_eq!(g.play_ai(p("a1")), Err(GameError::NotAiTurn));
}

#[test]
fn nothing_is_played_after_a_five_but_undo_reopens_the_game() {
    let mut g = two_player();
    for (b, w) in [("a1", "a3"), ("b1", "b3"), ("c1", "c3"), ("d1", "d3")] {
        g.play(p(b)).unwrap();
        g.play(p(w)).unwrap();
    }
    g.play(p("e1")).unwrap();
    assert!(matches!(
        g.outcome(),
        Some(Outcome::Five {
            winner: Stone::Black,
            ..
        })
    ));
    let over = g.clone();
    assert_eq!(g.play(p("h8")), Err(GameError::GameOver));
    assert_eq!(g.resign(), Err(GameError::GameOver));
    assert_eq!(g, over);
    assert_eq!(g.undo(), Ok(1));
    assert_eq!(g.status(), &Status::Ongoing);
    assert_eq!(g.redo(), Ok(1));
    assert!(g.is_over());
}

#[test]
fn resigning_against_the_ai_loses_for_the_human_and_undo_withdraws_it() {
    let mut g = vs_ai(Stone::White);
    g.play_ai(p("h8")).unwrap();
    g.resign().unwrap();
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::White
        })
    );
    assert_eq!(g.outcome().unwrap().winner(), Some(Stone::Black));
    assert_eq!(g.play(p("a1")), Err(GameError::GameOver));
    assert_eq!(g.undo(), Ok(0));
    assert!(g.is_human_turn());
    assert_eq!(g.moves().len(), 1);
}

#[test]
fn restart_keeps_the_settings() {
    let s = GameSettings {
        size: 19,
        rule: Rule::Standard,
        mode: Mode::VsAi {
            human: Stone::White,
        },
    };
    let mut g = GameModel::new(s).unwrap();
    g.play_ai(Point::new(9, 9)).unwrap();
    g.restart();
    assert_eq!(g.settings(), s);
    assert!(g.moves().is_empty());
    assert!(g.redo_moves().is_empty());
}

#[test]
fn unsupported_sizes_are_typed_errors() {
    let s = GameSettings {
        size: 9,
        ..GameSettings::default()
    };
    assert!(matches!(GameModel::new(s), Err(GameError::Board(_))));
}

#[test]
fn saves_round_trip_exactly() {
    let mut g = vs_ai(Stone::White);
    g.play_ai(p("h8")).unwrap();
    g.play(p("h9")).unwrap();
    g.play_ai(p("i8")).unwrap();
    g.play(p("j8")).unwrap();
    g.play_ai(p("g8")).unwrap();
    g.undo().unwrap();
    let json = serde_json::to_string(&g).unwrap();
    let back: GameModel = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.redo_moves(), g.redo_moves());

    g.resign().unwrap();
    let back: GameModel = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn tampered_saves_are_refused() {
    let bad = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},"moves":"h8h8"}"#;
    assert!(serde_json::from_str::<GameModel>(bad).is_err());
    let bad = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},"moves":"h8","redo":"h8"}"#;
    assert!(serde_json::from_str::<GameModel>(bad).is_err());
    let bad = r#"{"settings":{"size":40,"rule":"Freestyle","mode":"TwoPlayer"},"moves":""}"#;
    assert!(serde_json::from_str::<GameModel>(bad).is_err());
    let bad = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},"moves":"h8z"}"#;
    assert!(serde_json::from_str::<GameModel>(bad).is_err());
}

#[test]
fn position_strings_round_trip_through_the_model() {
    let s = GameSettings {
        mode: Mode::TwoPlayer,
        ..GameSettings::default()
    };
    let g = GameModel::from_position_string(s, "h8i9j7").unwrap();
    assert_eq!(g.position_string(), "h8i9j7");
    assert_eq!(g.side_to_move(), Stone::White);
    assert!(matches!(
        GameModel::from_position_string(s, "h8h8"),
        Err(GameError::Occupied(_))
    ));
}
