//! The opening rules as state machines: scripted games of each rule, every
//! kind of illegal step refused with no change, undo and saving, and
//! property tests over random decision sequences.

use gomoku::rules::opening::{
    Ask, Decision, NamedOpening, Opening, OpeningError, OpeningRule, Seat,
};
use gomoku::rules::{parse_moves, parse_point, GameModel, GameSettings, Point, Rule, Stone};
use proptest::prelude::*;

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

fn place(o: &mut Opening, seat: Seat, s: &str) {
    o.apply(seat, Decision::Place(pt(s))).unwrap();
}

/// Applies `d` expecting `err`, and checks nothing changed.
fn refused(o: &mut Opening, seat: Seat, d: Decision, err: OpeningError) {
    let before = o.clone();
    assert_eq!(o.apply(seat, d), Err(err));
    assert_eq!(*o, before);
}

/// The game a finished opening hands on: legal, not over, Black to move
/// when the move count is even.
fn game_of(o: &Opening) -> GameModel {
    assert!(o.is_done());
    let settings = GameSettings {
        size: o.board().size(),
        rule: o.board_rule(),
    };
    let g =
        GameModel::from_moves(settings, o.moves()).expect("the opening's moves are a legal game");
    assert!(!g.is_over());
    g
}

#[test]
fn free_has_nothing_to_decide() {
    let mut o = Opening::new(OpeningRule::Free, 15, Rule::Freestyle).unwrap();
    assert!(o.is_done());
    assert_eq!(o.stage(), None);
    refused(
        &mut o,
        Seat::First,
        Decision::Place(pt("h8")),
        OpeningError::Finished,
    );
}

#[test]
fn swap_three_stones_then_the_second_player_chooses() {
    let mut o = Opening::new(OpeningRule::Swap, 15, Rule::Freestyle).unwrap();
    let s = o.stage().unwrap();
    assert_eq!((s.seat, s.colour), (Seat::First, Stone::Black));
    assert_eq!(
        s.ask,
        Ask::Place {
            stone: Stone::Black,
            number: 1,
            within: None
        }
    );
    refused(
        &mut o,
        Seat::Second,
        Decision::Place(pt("h8")),
        OpeningError::WrongSeat {
            expected: Seat::First,
        },
    );
    place(&mut o, Seat::First, "a1");
    refused(
        &mut o,
        Seat::First,
        Decision::Place(pt("a1")),
        OpeningError::Occupied(pt("a1")),
    );
    place(&mut o, Seat::First, "h8");
    place(&mut o, Seat::First, "h9");
    assert_eq!(o.stage().unwrap().ask, Ask::ChooseColour { or_place: 0 });
    // A fourth stone before the choice.
    refused(
        &mut o,
        Seat::Second,
        Decision::Place(pt("j9")),
        OpeningError::NotAsked {
            got: gomoku::rules::opening::DecisionKind::Place,
        },
    );
    o.apply(Seat::Second, Decision::Choose(Stone::Black))
        .unwrap();
    assert!(o.is_done());
    assert_eq!(o.black_seat(), Seat::Second);
    assert_eq!(o.seat_of(Stone::White), Seat::First);
    let g = game_of(&o);
    assert_eq!(g.side_to_move(), Stone::White);
}

#[test]
fn swap2_second_player_places_two_and_the_first_chooses() {
    let mut o = Opening::new(OpeningRule::Swap2, 15, Rule::Standard).unwrap();
    for p in ["h8", "i9", "g7"] {
        place(&mut o, Seat::First, p);
    }
    let s = o.stage().unwrap();
    assert_eq!((s.seat, s.colour), (Seat::Second, Stone::White));
    assert_eq!(s.ask, Ask::ChooseColour { or_place: 2 });
    place(&mut o, Seat::Second, "j10");
    let s = o.stage().unwrap();
    assert_eq!(s.seat, Seat::Second);
    assert_eq!(
        s.ask,
        Ask::Place {
            stone: Stone::Black,
            number: 5,
            within: None
        }
    );
    // No choosing half-way through the two stones.
    refused(
        &mut o,
        Seat::Second,
        Decision::Choose(Stone::Black),
        OpeningError::NotAsked {
            got: gomoku::rules::opening::DecisionKind::Choose,
        },
    );
    place(&mut o, Seat::Second, "f6");
    let s = o.stage().unwrap();
    assert_eq!(
        (s.seat, s.ask.clone()),
        (Seat::First, Ask::ChooseColour { or_place: 0 })
    );
    o.apply(Seat::First, Decision::Choose(Stone::White))
        .unwrap();
    assert_eq!(o.black_seat(), Seat::Second);
    assert_eq!(o.moves().len(), 5);
    assert_eq!(game_of(&o).side_to_move(), Stone::White);
}

#[test]
fn swap2_second_player_may_simply_take_a_colour() {
    let mut o = Opening::new(OpeningRule::Swap2, 15, Rule::Freestyle).unwrap();
    for p in ["h8", "i9", "g7"] {
        place(&mut o, Seat::First, p);
    }
    o.apply(Seat::Second, Decision::Choose(Stone::White))
        .unwrap();
    assert!(o.is_done());
    assert_eq!(o.black_seat(), Seat::First);
}

#[test]
fn renju26_opening_swap_fourth_move_offers_and_pick() {
    let rule = OpeningRule::Renju26 { offers: 2 };
    let mut o = Opening::new(rule, 15, Rule::Renju).unwrap();
    assert_eq!(
        o.stage().unwrap().ask,
        Ask::Place {
            stone: Stone::Black,
            number: 1,
            within: Some(1)
        }
    );
    refused(
        &mut o,
        Seat::First,
        Decision::Place(pt("h9")),
        OpeningError::OutsideCentre {
            point: pt("h9"),
            side: 1,
        },
    );
    place(&mut o, Seat::First, "h8");
    refused(
        &mut o,
        Seat::First,
        Decision::Place(pt("h10")),
        OpeningError::OutsideCentre {
            point: pt("h10"),
            side: 3,
        },
    );
    place(&mut o, Seat::First, "h9");
    refused(
        &mut o,
        Seat::First,
        Decision::Place(pt("k8")),
        OpeningError::OutsideCentre {
            point: pt("k8"),
            side: 5,
        },
    );
    place(&mut o, Seat::First, "i9"); // Kagetsu, D4
    assert_eq!(
        NamedOpening::recognise(o.moves(), 15)
            .unwrap()
            .opening
            .romaji(),
        "Kagetsu"
    );
    // The second player swaps: takes Black.
    o.apply(Seat::Second, Decision::Choose(Stone::Black))
        .unwrap();
    // So the first player, now White, plays move 4, anywhere.
    let s = o.stage().unwrap();
    assert_eq!((s.seat, s.colour), (Seat::First, Stone::White));
    place(&mut o, Seat::First, "g9");
    let s = o.stage().unwrap();
    assert_eq!(s.seat, Seat::Second);
    assert_eq!(s.ask, Ask::Offer { number: 1, of: 2 });
    // h8 h9 i9 g9 has no symmetry but the identity: any two points differ.
    o.apply(Seat::Second, Decision::Offer(pt("j10"))).unwrap();
    refused(
        &mut o,
        Seat::Second,
        Decision::Offer(pt("j10")),
        OpeningError::OfferedTwice(pt("j10")),
    );
    o.apply(Seat::Second, Decision::Offer(pt("g7"))).unwrap();
    let s = o.stage().unwrap();
    assert_eq!(s.seat, Seat::First);
    assert_eq!(
        s.ask,
        Ask::Pick {
            offers: vec![pt("j10"), pt("g7")]
        }
    );
    refused(
        &mut o,
        Seat::First,
        Decision::Pick(pt("a1")),
        OpeningError::NotOffered(pt("a1")),
    );
    o.apply(Seat::First, Decision::Pick(pt("g7"))).unwrap();
    assert!(o.offers().is_empty());
    assert_eq!(o.moves(), parse_moves("h8h9i9g9g7", 15).unwrap());
    assert_eq!(game_of(&o).side_to_move(), Stone::White);
    assert_eq!(o.seat_of(Stone::White), Seat::First);
}

#[test]
fn symmetric_fifth_move_offers_are_refused() {
    // Kansei with White's fourth move straight below: the position is its
    // own mirror image left to right, so i6 and g6 are the same offer.
    let mut o = Opening::with_named(
        OpeningRule::Renju26 { offers: 3 },
        15,
        Rule::Renju,
        "Kansei".parse().unwrap(),
    )
    .unwrap();
    o.apply(Seat::Second, Decision::Choose(Stone::White))
        .unwrap();
    place(&mut o, Seat::Second, "h7");
    o.apply(Seat::First, Decision::Offer(pt("i6"))).unwrap();
    refused(
        &mut o,
        Seat::First,
        Decision::Offer(pt("g6")),
        OpeningError::SymmetricOffer {
            point: pt("g6"),
            of: pt("i6"),
        },
    );
    // i10 is not i6's image: accepted.
    o.apply(Seat::First, Decision::Offer(pt("i10"))).unwrap();
}

#[test]
fn soosorv_declares_the_offers_with_a_second_swap() {
    let rule: OpeningRule = "soosorv-8".parse().unwrap();
    let mut o = Opening::with_named(rule, 15, Rule::Renju, "I7".parse().unwrap()).unwrap();
    o.apply(Seat::Second, Decision::Choose(Stone::White))
        .unwrap();
    place(&mut o, Seat::Second, "j9");
    let s = o.stage().unwrap();
    assert_eq!(
        (s.seat, s.ask.clone()),
        (Seat::Second, Ask::Declare { max: 8 })
    );
    refused(
        &mut o,
        Seat::Second,
        Decision::Declare(9),
        OpeningError::OfferCount { count: 9, max: 8 },
    );
    refused(
        &mut o,
        Seat::Second,
        Decision::Declare(0),
        OpeningError::OfferCount { count: 0, max: 8 },
    );
    o.apply(Seat::Second, Decision::Declare(3)).unwrap();
    // Black (the first player) may swap now; it takes White.
    let s = o.stage().unwrap();
    assert_eq!(
        (s.seat, s.ask.clone()),
        (Seat::First, Ask::ChooseColour { or_place: 0 })
    );
    o.apply(Seat::First, Decision::Choose(Stone::White))
        .unwrap();
    assert_eq!(o.black_seat(), Seat::Second);
    let s = o.stage().unwrap();
    assert_eq!(
        (s.seat, s.ask.clone()),
        (Seat::Second, Ask::Offer { number: 1, of: 3 })
    );
    for p in ["g9", "g10", "k11"] {
        o.apply(Seat::Second, Decision::Offer(pt(p))).unwrap();
    }
    o.apply(Seat::First, Decision::Pick(pt("g10"))).unwrap();
    assert_eq!(o.seat_of(Stone::White), Seat::First);
    assert_eq!(game_of(&o).moves().len(), 5);
}

#[test]
fn undo_walks_back_through_every_stage_and_saving_replays() {
    let mut o = Opening::new(OpeningRule::Swap2, 15, Rule::Freestyle).unwrap();
    let script = [
        (Seat::First, Decision::Place(pt("h8"))),
        (Seat::First, Decision::Place(pt("h9"))),
        (Seat::First, Decision::Place(pt("j8"))),
        (Seat::Second, Decision::Place(pt("g7"))),
        (Seat::Second, Decision::Place(pt("k9"))),
        (Seat::First, Decision::Choose(Stone::Black)),
    ];
    let mut states = vec![o.clone()];
    for (seat, d) in script {
        o.apply(seat, d).unwrap();
        states.push(o.clone());
    }
    let json = serde_json::to_string(&o).unwrap();
    let back: Opening = serde_json::from_str(&json).unwrap();
    assert_eq!(back, o);
    for want in states.iter().rev().skip(1) {
        o.undo().unwrap();
        assert_eq!(&o, want);
    }
    assert_eq!(o.undo(), None);
    // A tampered save (a fourth stone by the wrong seat) is refused.
    let bad = json.replace("\"Second\",{\"Place\"", "\"First\",{\"Place\"");
    assert!(serde_json::from_str::<Opening>(&bad).is_err());
}

#[test]
fn rules_parse_and_name_themselves() {
    for r in OpeningRule::ALL {
        assert_eq!(r.name().parse::<OpeningRule>().unwrap(), r);
    }
    assert_eq!(
        "renju26".parse::<OpeningRule>().unwrap(),
        OpeningRule::Renju26 { offers: 2 }
    );
    assert!("renju26-0".parse::<OpeningRule>().is_err());
    assert!("renju26-11".parse::<OpeningRule>().is_err());
    assert!("swap3".parse::<OpeningRule>().is_err());
    assert!(Opening::new(OpeningRule::Swap, 12, Rule::Freestyle).is_err());
}

/// A random attempt: a decision kind, a seat, a point near the centre, a
/// colour and a number.
fn attempt() -> impl Strategy<Value = (u8, bool, u8, u8, bool, u8)> {
    (
        0u8..5,
        any::<bool>(),
        3u8..12,
        3u8..12,
        any::<bool>(),
        0u8..11,
    )
}

fn decision((kind, _, x, y, black, n): (u8, bool, u8, u8, bool, u8)) -> Decision {
    let p = Point::new(x, y);
    match kind {
        0 => Decision::Place(p),
        1 => Decision::Choose(if black { Stone::Black } else { Stone::White }),
        2 => Decision::Declare(n),
        3 => Decision::Offer(p),
        _ => Decision::Pick(p),
    }
}

fn rules() -> impl Strategy<Value = (OpeningRule, Rule)> {
    (
        prop_oneof![
            Just(OpeningRule::Free),
            Just(OpeningRule::Swap),
            Just(OpeningRule::Swap2),
            (1u8..=4).prop_map(|offers| OpeningRule::Renju26 { offers }),
            (1u8..=4).prop_map(|max_offers| OpeningRule::Soosorv { max_offers }),
        ],
        prop_oneof![
            Just(Rule::Freestyle),
            Just(Rule::Standard),
            Just(Rule::Renju)
        ],
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any sequence of attempts: each refused one changes nothing; each
    /// accepted one is recorded; the opening always replays from its log;
    /// and a finished opening hands on a legal game with the stones
    /// alternating from Black.
    #[test]
    fn refusals_change_nothing_and_finished_openings_are_legal_games(
        (rule, board_rule) in rules(),
        attempts in proptest::collection::vec(attempt(), 1..200),
    ) {
        let mut o = Opening::new(rule, 15, board_rule).unwrap();
        for a in attempts {
            // Half the time ask the seat the stage names, so progress is made.
            let seat = match (a.1, o.stage()) {
                (true, Some(s)) => s.seat,
                (_, Some(s)) => s.seat.other(),
                (_, None) => Seat::First,
            };
            let before = o.clone();
            let d = decision(a);
            match o.apply(seat, d) {
                Err(_) => prop_assert_eq!(&o, &before),
                Ok(()) => {
                    prop_assert_eq!(o.decisions().last(), Some(&(seat, d)));
                    let mut back = o.clone();
                    back.undo();
                    prop_assert_eq!(&back, &before);
                }
            }
            let replayed = Opening::replay(rule, 15, board_rule, o.decisions()).unwrap();
            prop_assert_eq!(&replayed, &o);
            for (i, &p) in o.moves().iter().enumerate() {
                prop_assert_eq!(o.board().get(p), Some(Stone::to_move_after(i)));
            }
        }
        let saved = serde_json::to_string(&o).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Opening>(&saved).unwrap(), &o);
        if o.is_done() {
            game_of(&o);
        }
    }

    /// Driving every stage with a decision it accepts always finishes, in
    /// a legal game, and every stage names a seat and asks what it takes.
    #[test]
    fn legal_decisions_always_finish(
        (rule, board_rule) in rules(),
        picks in proptest::collection::vec((3u8..12, 3u8..12, any::<bool>(), 1u8..5), 40),
    ) {
        let mut o = Opening::new(rule, 15, board_rule).unwrap();
        let mut k = 0;
        let mut guard = 0;
        while let Some(stage) = o.stage() {
            guard += 1;
            prop_assert!(guard < 5000, "stuck at {:?}", stage);
            let (x, y, b, n) = picks[k % picks.len()];
            k += 1;
            let near = |i: usize| {
                // Walk outwards from the drawn point until a point is accepted.
                Point::new((usize::from(x) + i % 5) as u8, (usize::from(y) + i / 5) as u8)
            };
            let c = gomoku::rules::opening::centre(15);
            let d = match &stage.ask {
                Ask::Place { within: Some(side), .. } => {
                    let r = i32::from(*side / 2);
                    let dx = i32::from(x) % (2 * r + 1) - r;
                    let dy = i32::from(y) % (2 * r + 1) - r;
                    Decision::Place(Point::new((i32::from(c.x) + dx) as u8, (i32::from(c.y) + dy) as u8))
                }
                Ask::Place { .. } => Decision::Place(near(guard)),
                Ask::ChooseColour { or_place } => {
                    if *or_place > 0 && n % 3 == 0 {
                        Decision::Place(near(guard))
                    } else {
                        Decision::Choose(if b { Stone::Black } else { Stone::White })
                    }
                }
                Ask::Declare { max } => Decision::Declare(n.min(*max)),
                Ask::Offer { .. } => Decision::Offer(near(guard)),
                Ask::Pick { offers } => Decision::Pick(offers[usize::from(n) % offers.len()]),
            };
            let before = o.clone();
            if o.apply(stage.seat, d).is_err() {
                prop_assert_eq!(&o, &before);
            }
        }
        let g = game_of(&o);
        let want = match rule {
            OpeningRule::Free => 0,
            OpeningRule::Swap => 3,
            OpeningRule::Swap2 => g.moves().len().max(3),
            _ => 5,
        };
        prop_assert_eq!(g.moves().len(), want);
        prop_assert!(rule != OpeningRule::Swap2 || [3, 5].contains(&g.moves().len()));
    }
}
