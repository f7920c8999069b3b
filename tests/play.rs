//! A game at a table: a person against the AI (turns, undo and redo by
//! whole turns, who resigns) and two people, and saves with their players,
//! old saves included.

use gomoku::play::{Mode, PlayError, Table};
use gomoku::rules::{parse_point, GameError, GameModel, GameSettings, Outcome, Point, Stone};

fn p(name: &str) -> Point {
    parse_point(name, 15).unwrap()
}

fn vs_ai(human: Stone) -> Table {
    Table::new(
        GameModel::new(GameSettings::default()).unwrap(),
        Mode::VsAi { human },
    )
}

fn two_players() -> Table {
    Table::new(
        GameModel::new(GameSettings::default()).unwrap(),
        Mode::TwoPlayer,
    )
}

#[test]
fn human_black_moves_first_and_the_ai_replies() {
    let mut g = vs_ai(Stone::Black);
    assert!(g.is_human_turn());
    assert_eq!(g.play_ai(p("h8")), Err(PlayError::NotAiTurn));
    g.play(p("h8")).unwrap();
    assert!(g.is_ai_turn());
    assert_eq!(g.play(p("h9")), Err(PlayError::AiTurn));
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
    assert_eq!(g.play(p("a1")), Err(GameError::GameOver.into()));
    assert_eq!(g.undo(), Ok(0));
    assert!(g.is_human_turn());
    assert_eq!(g.moves().len(), 1);
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
    let back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.redo_moves(), g.redo_moves());

    g.resign().unwrap();
    let back: Table = serde_json::from_str(&serde_json::to_string(&g).unwrap()).unwrap();
    assert_eq!(back, g);
}

#[test]
fn two_players_alternate_undo_one_move_and_the_side_to_move_resigns() {
    let mut g = two_players();
    assert!(g.is_human_turn());
    assert_eq!(g.play_ai(p("a1")), Err(PlayError::NotAiTurn));
    g.play(p("h8")).unwrap();
    g.play(p("h9")).unwrap();
    assert!(g.is_human_turn(), "no AI at this table");
    assert_eq!(g.undo(), Ok(1));
    assert_eq!(g.redo(), Ok(1));
    g.resign().unwrap();
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::Black
        })
    );
}

#[test]
fn a_person_may_resign_while_the_ai_thinks() {
    let mut g = vs_ai(Stone::Black);
    g.play(p("h8")).unwrap();
    assert!(g.is_ai_turn());
    g.resign().unwrap();
    assert_eq!(
        g.outcome(),
        Some(&Outcome::Resigned {
            loser: Stone::Black
        })
    );
}

#[test]
fn refused_moves_change_nothing_at_the_table() {
    let mut g = vs_ai(Stone::Black);
    g.play(p("h8")).unwrap();
    let before = g.clone();
    assert_eq!(g.play(p("a1")), Err(PlayError::AiTurn));
    assert_eq!(
        g.play_ai(p("h8")),
        Err(GameError::Occupied("h8".into()).into())
    );
    assert_eq!(g, before);
}

#[test]
fn saves_from_before_players_left_the_game_still_load_with_their_players() {
    // The game's own form, with the mode among its settings, as every
    // version before the play layer wrote it.
    let old = r#"{"settings":{"size":15,"rule":"Freestyle","mode":{"VsAi":{"human":"White"}}},
        "moves":"h8i9","redo":"","resigned":null}"#;
    let t: Table = serde_json::from_str(old).unwrap();
    assert_eq!(
        t.mode(),
        Mode::VsAi {
            human: Stone::White
        }
    );
    assert_eq!(t.moves(), &[p("h8"), p("i9")]);
    assert!(t.is_ai_turn());
    let two = r#"{"settings":{"size":15,"rule":"Freestyle","mode":"TwoPlayer"},"moves":"h8"}"#;
    let t: Table = serde_json::from_str(two).unwrap();
    assert_eq!(t.mode(), Mode::TwoPlayer);
    // The new form names both parts; a broken game inside is refused.
    let json = serde_json::to_string(&t).unwrap();
    assert!(json.contains("\"mode\"") && json.contains("\"game\""));
    assert_eq!(serde_json::from_str::<Table>(&json).unwrap(), t);
    let bad =
        r#"{"mode":"TwoPlayer","game":{"settings":{"size":15,"rule":"Freestyle"},"moves":"h8h8"}}"#;
    assert!(serde_json::from_str::<Table>(bad).is_err());
}

mod clocks {
    use super::*;
    use gomoku::rules::{ClockEvent, GameClock, TimeControl};
    use std::time::Duration;

    const SEC: Duration = Duration::from_secs(1);

    fn timed(mode: Mode, tc: TimeControl) -> Table {
        Table::new(GameModel::new(GameSettings::default()).unwrap(), mode)
            .with_clock(GameClock::same(tc))
    }

    #[test]
    fn moves_pass_the_clock_and_earn_the_increment() {
        let mut t = timed(Mode::TwoPlayer, TimeControl::fischer(60 * SEC, 5 * SEC));
        assert_eq!(t.clock().unwrap().to_move(), Some(Stone::Black));
        assert_eq!(t.tick_clock(10 * SEC), None);
        t.play(p("h8")).unwrap();
        let c = t.clock().unwrap();
        assert_eq!(c.remaining(Stone::Black), Some(55 * SEC));
        assert_eq!(c.to_move(), Some(Stone::White));
        // Undo gives Black the move and the time it cost, increment gone.
        t.tick_clock(3 * SEC);
        t.undo().unwrap();
        let c = t.clock().unwrap();
        assert_eq!(c.remaining(Stone::Black), Some(60 * SEC));
        assert_eq!(c.to_move(), Some(Stone::Black));
        assert!(c.is_running());
    }

    #[test]
    fn a_flag_ends_the_game_on_time_and_undo_takes_the_turn_back() {
        let mut t = timed(
            Mode::VsAi {
                human: Stone::Black,
            },
            TimeControl::sudden_death(10 * SEC),
        );
        t.tick_clock(2 * SEC);
        t.play(p("h8")).unwrap();
        t.tick_clock(SEC);
        t.play_ai(p("h9")).unwrap();
        let event = t.tick_clock(9 * SEC);
        assert_eq!(event, Some(ClockEvent::Flag(Stone::Black)));
        assert_eq!(
            t.outcome(),
            Some(&Outcome::OnTime {
                loser: Stone::Black
            })
        );
        assert_eq!(t.play(p("a1")), Err(GameError::GameOver.into()));
        assert_eq!(t.tick_clock(SEC), None, "a stopped clock charges nobody");
        // Undo withdraws the loss and the turn before it, with its time.
        assert_eq!(t.undo(), Ok(2));
        assert!(!t.is_over());
        let c = t.clock().unwrap();
        assert_eq!(c.remaining(Stone::Black), Some(10 * SEC));
        assert!(c.is_running() && c.to_move() == Some(Stone::Black));
    }

    #[test]
    fn a_five_stops_the_clock_and_a_timed_table_saves_with_its_clock() {
        let mut t = timed(Mode::TwoPlayer, TimeControl::sudden_death(60 * SEC));
        for m in ["a1", "a3", "b1", "b3", "c1", "c3", "d1", "d3", "e1"] {
            t.tick_clock(SEC);
            t.play(p(m)).unwrap();
        }
        assert!(t.is_over());
        assert!(!t.clock().unwrap().is_running());
        let json = serde_json::to_string(&t).unwrap();
        let back: Table = serde_json::from_str(&json).unwrap();
        assert_eq!(back, t);
        assert_eq!(
            back.clock().unwrap().remaining(Stone::Black),
            Some(55 * SEC)
        );
    }
}

#[test]
fn engines_play_a_watched_table_and_a_person_is_refused() {
    let game = GameModel::new(GameSettings::default()).unwrap();
    let mut g = Table::watched(game, "fake-legal".into(), "Built-in engine".into());
    assert!(g.is_watch());
    assert_eq!(g.player_name(Stone::Black), Some("fake-legal"));
    assert_eq!(g.player_name(Stone::White), Some("Built-in engine"));
    // Every turn is an engine's, Black's and White's alike.
    assert!(g.is_ai_turn() && !g.is_human_turn());
    assert_eq!(g.play(p("h8")), Err(PlayError::Watching));
    assert!(g.moves().is_empty(), "a refused click changes nothing");
    g.play_ai(p("h8")).unwrap();
    assert!(g.is_ai_turn());
    g.play_ai(p("h9")).unwrap();
    // Undo and redo step single moves.
    assert_eq!(g.undo(), Ok(1));
    assert_eq!(g.moves(), &[p("h8")]);
    assert_eq!(g.redo(), Ok(1));
    // Saved with its players; without them (an older file) it is a
    // two-player game, as an older version reads the new file.
    let json = serde_json::to_string(&g).unwrap();
    let back: Table = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert!(back.is_watch());
    let old: Table = serde_json::from_str(&json.replace("\"players\"", "\"unknown\"")).unwrap();
    assert!(!old.is_watch());
    assert_eq!(old.mode(), Mode::TwoPlayer);
    assert!(old.is_human_turn());
    // Over, nobody's turn.
    let mut over = g.clone();
    over.resign().unwrap();
    assert!(!over.is_ai_turn());
}
