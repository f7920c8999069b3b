//! Opening rules through the window: swap2 against the AI, the AI placing
//! the first three stones and choosing a colour after the person placed
//! two more; an illegal step refused; undo back through the opening.

use crate::common::{click_point, harness, run_until};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::play::Mode;
use gomoku::rules::opening::{Ask, OpeningRule};
use gomoku::rules::{Point, Stone};

#[test]
fn swap2_the_ai_opens_and_chooses_a_colour_after_two_more_stones() {
    let mut h = harness(AppSettings {
        mode: Mode::VsAi {
            human: Stone::White,
        },
        opening_rule: OpeningRule::Swap2,
        ..AppSettings::default()
    });
    // The AI opens: three balanced stones.
    run_until(&mut h, "the AI's three stones", |app| {
        !app.session_ai_deciding() && app.game().moves().len() == 3
    });
    let stage = h
        .state()
        .table()
        .opening_stage()
        .expect("still in the opening");
    assert!(matches!(stage.ask, Ask::ChooseColour { or_place: 2 }));
    assert!(h
        .query_by_label("You: take Black, take White, or place two more stones")
        .is_some());
    // The third choice, which has no button, is said in words, and the
    // panel names the person's seat, not a colour that may change.
    assert!(h
        .query_by_label_contains("Or click the board to place 2 more stones")
        .is_some());
    assert!(h
        .query_by_label("You (second player) vs AI (Level 6 · Normal)")
        .is_some());
    // An occupied point is refused with words, and changes nothing.
    let taken = h.state().game().moves()[0];
    click_point(&mut h, taken);
    assert_eq!(h.state().game().moves().len(), 3);
    assert!(h.state().status_message().unwrap().contains("taken"));
    // Two more stones, then the AI chooses.
    let empty: Vec<Point> = (0..15u8)
        .flat_map(|x| (0..15u8).map(move |y| Point::new(x, y)))
        .filter(|p| h.state().game().board().is_empty_at(*p))
        .filter(|p| p.x.abs_diff(7) <= 3 && p.y.abs_diff(7) <= 3)
        .take(2)
        .collect();
    for p in &empty {
        click_point(&mut h, *p);
    }
    assert_eq!(h.state().game().moves().len(), 5);
    run_until(&mut h, "the AI's choice", |app| {
        !app.session_ai_deciding() && app.table().opening_stage().is_none()
    });
    let human = h.state().table().mode().human().expect("against the AI");
    let ai = human.opponent();
    let said = h.state().status_message().unwrap_or_default().to_string();
    let colour = if ai == Stone::Black { "Black" } else { "White" };
    assert_eq!(said, format!("The AI takes {colour}"));
    // The panel keeps saying it, not only the status bar, which fades.
    let yours = if human == Stone::Black {
        "Black"
    } else {
        "White"
    };
    assert!(h
        .query_by_label(&format!("The AI took {colour}: you play {yours}."))
        .is_some());
    // The game goes on from the five stones: Black has played three, so
    // White is to move; if that is the AI, it moves.
    if ai == Stone::White {
        crate::common::wait_for_ai(&mut h);
        assert_eq!(h.state().game().moves().len(), 6);
    } else {
        assert!(h.state().table().is_human_turn());
    }
    // Undo goes back into the opening, to the person's last decision.
    while h.state().game().moves().len() > 5 {
        h.state_mut().undo();
        h.run();
    }
    h.state_mut().undo();
    h.run();
    let stage = h
        .state()
        .table()
        .opening_stage()
        .expect("back in the opening");
    assert!(matches!(stage.ask, Ask::Place { number: 5, .. }));
    assert_eq!(h.state().game().moves().len(), 4);
    assert!(h.state().table().is_human_turn());
}
