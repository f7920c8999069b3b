//! Opening rules in the terminal: the stage in words, the person's typed
//! decisions, the AI's decisions through the [`Balancer`], and refusals
//! in the rule's own terms. The rules themselves are
//! [`crate::rules::opening`]; see docs/opening-rules.md.

use crate::engine::balance::{Balancer, Swap2Reply};
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::rules::opening::{Ask, Decision, NamedOpening, Opening, OpeningError, Seat, Stage};
use crate::rules::{point_name, Point};

/// The current stage in words: "First player: place two more stones or
/// choose a colour (type black, white or two)." The player is named by
/// seat: until the opening is settled its colour may still change, and
/// "Black: place stone 2 (White)" read as a contradiction.
#[must_use]
pub fn describe_stage(tr: Tr, stage: &Stage, size: u8) -> String {
    let colour = tr.s(match stage.seat {
        Seat::First => Msg::TextSeatFirst,
        Seat::Second => Msg::TextSeatSecond,
    });
    match &stage.ask {
        Ask::Place {
            stone,
            number,
            within,
        } => {
            let stone = phrases::stone(tr, *stone);
            let args: [(&str, &dyn std::fmt::Display); 3] =
                [("colour", &colour), ("number", number), ("stone", &stone)];
            match within {
                Some(side) if *side > 1 => {
                    let mut all = args.to_vec();
                    all.push(("side", side));
                    tr.f(Msg::TextStagePlaceWithin, &all)
                }
                _ => tr.f(Msg::TextStagePlace, &args),
            }
        }
        Ask::ChooseColour { or_place: 0 } => tr.f(Msg::TextStageChoose, &[("colour", &colour)]),
        Ask::ChooseColour { or_place } => tr.f(
            Msg::TextStageChooseOrPlace,
            &[("colour", &colour), ("count", or_place)],
        ),
        Ask::Declare { max } => tr.f(Msg::TextStageDeclare, &[("colour", &colour), ("max", max)]),
        Ask::Offer { number, of } => tr.f(
            Msg::TextStageOffer,
            &[("colour", &colour), ("number", number), ("of", of)],
        ),
        Ask::Pick { offers } => {
            let offers = points(offers, size);
            tr.f(
                Msg::TextStagePick,
                &[("colour", &colour), ("offers", &offers)],
            )
        }
    }
}

/// The name of the Renju opening the first three stones make, in
/// `tr`'s language ("This is Suisei (I13)."), when they make one.
#[must_use]
pub fn named(tr: Tr, moves: &[Point], size: u8) -> Option<String> {
    let r = NamedOpening::recognise(moves.get(..3)?, size)?;
    let name = match tr.0 {
        Lang::Chinese => r.opening.chinese(),
        Lang::English => r.opening.romaji(),
    };
    let code = r.opening.code();
    Some(tr.f(Msg::TextOpeningName, &[("name", &name), ("code", &code)]))
}

/// Points as people read them, separated by spaces.
#[must_use]
pub fn points(ps: &[Point], size: u8) -> String {
    ps.iter()
        .map(|&p| point_name(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Why a decision (or a new opening) was refused, in words; a step that
/// is not asked now repeats what `opening` asks.
#[must_use]
pub fn describe_error(tr: Tr, e: &OpeningError, opening: Option<&Opening>, size: u8) -> String {
    let name = |p: &Point| point_name(*p, size);
    match e {
        OpeningError::BoardSize(size) => tr.f(Msg::TextOpErrBoardSize, &[("size", size)]),
        OpeningError::Finished => tr.s(Msg::TextOpErrFinished).to_string(),
        OpeningError::WrongSeat { .. } => tr.s(Msg::TextOpErrWrongSeat).to_string(),
        OpeningError::NotAsked { .. } => {
            let stage = opening
                .and_then(Opening::stage)
                .map(|s| describe_stage(tr, &s, size))
                .unwrap_or_default();
            tr.f(Msg::TextOpErrNotAsked, &[("stage", &stage)])
        }
        OpeningError::OffBoard(_) => tr.s(Msg::TextOpErrOffBoard).to_string(),
        OpeningError::Occupied(p) => tr.f(Msg::TextOpErrOccupied, &[("point", &name(p))]),
        OpeningError::OutsideCentre { point, side } => tr.f(
            Msg::TextOpErrOutsideCentre,
            &[("point", &name(point)), ("side", side)],
        ),
        OpeningError::Forbidden { reason, .. } => phrases::forbidden(tr, *reason),
        OpeningError::OfferedTwice(p) => tr.f(Msg::TextOpErrOfferedTwice, &[("point", &name(p))]),
        OpeningError::SymmetricOffer { point, of } => tr.f(
            Msg::TextOpErrSymmetric,
            &[("point", &name(point)), ("of", &name(of))],
        ),
        OpeningError::NotOffered(p) => tr.f(Msg::TextOpErrNotOffered, &[("point", &name(p))]),
        OpeningError::OfferCount { count, max } => {
            tr.f(Msg::TextOpErrOfferCount, &[("count", count), ("max", max)])
        }
    }
}

/// What a point typed during the opening means at this stage: a stone, an
/// offer or a pick. A stone when nothing else fits, so that the rule
/// refuses it in its own words (a fourth stone before the choice).
#[must_use]
pub fn point_decision(stage: &Stage, p: Point) -> Decision {
    match stage.ask {
        Ask::Offer { .. } => Decision::Offer(p),
        Ask::Pick { .. } => Decision::Pick(p),
        _ => Decision::Place(p),
    }
}

/// The AI's decisions for the stage it is asked now, to be applied in
/// order (several stones or offers at once). Empty when the engine has
/// nothing to offer.
pub fn ai_decisions(balancer: &mut Balancer, opening: &Opening) -> Vec<Decision> {
    let Some(stage) = opening.stage() else {
        return Vec::new();
    };
    let board = opening.board().clone();
    let rule = opening.board_rule();
    let size = board.size();
    match stage.ask {
        Ask::Place { number, .. } if number <= 3 && opening.rule().uses_named_openings() => {
            let named = balancer.choose_named_opening(size, rule);
            named.moves(size)[number - 1..]
                .iter()
                .map(|&p| Decision::Place(p))
                .collect()
        }
        Ask::Place { number, .. } => {
            // The opener's three stones at once; later stones one by one.
            let count = if number <= 3 { 4 - number } else { 1 };
            balancer
                .balanced_stones(&board, rule, count)
                .into_iter()
                .map(Decision::Place)
                .collect()
        }
        Ask::ChooseColour { or_place: 0 } => {
            vec![Decision::Choose(balancer.choose_colour(&board, rule))]
        }
        Ask::ChooseColour { .. } => match balancer.swap2_reply(&board, rule) {
            Swap2Reply::Take(stone) => vec![Decision::Choose(stone)],
            Swap2Reply::Place([a, b]) => vec![Decision::Place(a), Decision::Place(b)],
        },
        Ask::Declare { max } => vec![Decision::Declare(
            balancer.declare_offers(&board, rule, max),
        )],
        Ask::Offer { number, of } => {
            let want = usize::from(of.saturating_sub(number) + 1);
            balancer
                .fifth_offers(&board, rule, want)
                .into_iter()
                .map(Decision::Offer)
                .collect()
        }
        Ask::Pick { ref offers } => balancer
            .pick_offer(&board, rule, offers)
            .map(Decision::Pick)
            .into_iter()
            .collect(),
    }
}

/// The AI's decisions in words, one sentence per kind: "The AI places h8
/// h9 h10.", "The AI takes White."
#[must_use]
pub fn describe_ai(tr: Tr, decisions: &[Decision], size: u8) -> Vec<String> {
    let mut out = Vec::new();
    let mut group: Vec<Point> = Vec::new();
    let mut group_kind: Option<Msg> = None;
    let flush = |out: &mut Vec<String>, group: &mut Vec<Point>, kind: Option<Msg>| {
        if let Some(msg) = kind {
            if !group.is_empty() {
                out.push(tr.f(msg, &[("points", &points(group, size))]));
            }
        }
        group.clear();
    };
    for d in decisions {
        let kind = match d {
            Decision::Place(_) => Some(Msg::TextAiPlaces),
            Decision::Offer(_) => Some(Msg::TextAiOffers),
            _ => None,
        };
        if kind != group_kind {
            flush(&mut out, &mut group, group_kind);
            group_kind = kind;
        }
        match *d {
            Decision::Place(p) | Decision::Offer(p) => group.push(p),
            Decision::Choose(stone) => {
                out.push(tr.f(Msg::TextAiTakes, &[("stone", &phrases::stone(tr, stone))]))
            }
            Decision::Declare(n) => out.push(tr.f(Msg::TextAiDeclares, &[("count", &n)])),
            Decision::Pick(p) => {
                out.push(tr.f(Msg::TextAiPicks, &[("point", &point_name(p, size))]))
            }
        }
    }
    flush(&mut out, &mut group, group_kind);
    out
}
