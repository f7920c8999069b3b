//! The AI's decisions in an opening (balanced stones, a colour, offers, a
//! pick) on a thread of their own: each takes the balancing engine a
//! second or more, and the window must not wait for it.

use super::tagged_worker::TaggedWorker;
use crate::engine::balance::{BalanceConfig, Balancer, Swap2Reply};
use crate::rules::opening::{Ask, Decision, Opening};

/// The opening AI's thread: a [`TaggedWorker`] with a balancer of its own;
/// each question is an opening, each answer the AI's decisions there.
pub type OpeningWorker = TaggedWorker<Opening, Vec<Decision>>;

/// Starts the thread with a balancer searching as `config` says.
#[must_use]
pub fn spawn(config: BalanceConfig) -> OpeningWorker {
    TaggedWorker::spawn(
        "opening AI",
        move || Balancer::new(config),
        |balancer: &mut Balancer, opening: Opening| plan(balancer, &opening),
    )
}

/// The decisions the seat to act makes in a row: the opener's three
/// stones at once (so they are balanced together), all its offers, or one
/// choice.
#[must_use]
pub fn plan(balancer: &mut Balancer, opening: &Opening) -> Vec<Decision> {
    let Some(stage) = opening.stage() else {
        return Vec::new();
    };
    let board = opening.board();
    let rule = opening.board_rule();
    match stage.ask {
        Ask::Place { number: 1, .. } if opening.rule().uses_named_openings() => {
            let named = balancer.choose_named_opening(board.size(), rule);
            named.moves(board.size()).map(Decision::Place).to_vec()
        }
        Ask::Place { number, .. } => {
            let count = if number == 1 { 3 } else { 1 };
            balancer
                .balanced_stones(board, rule, count)
                .into_iter()
                .map(Decision::Place)
                .collect()
        }
        Ask::ChooseColour { or_place: 0 } => {
            vec![Decision::Choose(balancer.choose_colour(board, rule))]
        }
        Ask::ChooseColour { .. } => match balancer.swap2_reply(board, rule) {
            Swap2Reply::Take(stone) => vec![Decision::Choose(stone)],
            Swap2Reply::Place([w, b]) => vec![Decision::Place(w), Decision::Place(b)],
        },
        Ask::Declare { max } => vec![Decision::Declare(balancer.declare_offers(board, rule, max))],
        Ask::Offer { number, of } => balancer
            .fifth_offers(board, rule, usize::from(of - number + 1))
            .into_iter()
            .map(Decision::Offer)
            .collect(),
        Ask::Pick { offers } => balancer
            .pick_offer(board, rule, &offers)
            .map(Decision::Pick)
            .into_iter()
            .collect(),
    }
}
