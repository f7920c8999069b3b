//! The game model: turns, one-move undo and redo, resignation, restart,
//! typed errors and save round trips. Games against the AI are in
//! `tests/play.rs`.

use gomoku::rules::{
    parse_point, GameError, GameModel, GameSettings, Outcome, Point, Rule, Status, Stone,
};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn two_player() -> GameModel {
    GameModel::new(GameSettings::default()).unwrap()
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
    assert_eq!(g.resign(Stone::White), Err(GameError::GameOver));
    assert_eq!(g, over);
    assert_eq!(g.undo(), Ok(1));
    assert_eq!(g.status(), &Status::Ongoing);
    assert_eq!(g.redo(), Ok(1));
    assert!(g.is_over());
}

#[test]
fn restart_keeps_the_settings() {
    let s = GameSettings {
        size: 19,
        rule: Rule::Standard,
    };
    let mut g = GameModel::new(s).unwrap();
    g.play(Point::new(9, 9)).unwrap();
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
    let s = GameSettings::default();
    let g = GameModel::from_position_string(s, "h8i9j7").unwrap();
    assert_eq!(g.position_string(), "h8i9j7");
    assert_eq!(g.side_to_move(), Stone::White);
    assert!(matches!(
        GameModel::from_position_string(s, "h8h8"),
        Err(GameError::Occupied(_))
    ));
}
