//! The AI's decisions in an opening (balanced stones, a colour, offers, a
//! pick) on a thread of their own: each takes the balancing engine a
//! second or more, and the window must not wait for it.

use crate::engine::balance::{BalanceConfig, Balancer, Swap2Reply};
use crate::engine::Waker;
use crate::rules::opening::{Ask, Decision, Opening};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread;

/// The thread and its channels; answers carry the tag of their question.
pub struct OpeningWorker {
    jobs: Sender<(u64, Opening)>,
    replies: Receiver<(u64, Vec<Decision>)>,
    waker: Arc<Mutex<Option<Waker>>>,
    next_tag: u64,
}

impl OpeningWorker {
    /// Starts the thread with a balancer searching as `config` says.
    #[must_use]
    pub fn spawn(config: BalanceConfig) -> OpeningWorker {
        let (jobs, inbox) = channel::<(u64, Opening)>();
        let (outbox, replies) = channel();
        let waker: Arc<Mutex<Option<Waker>>> = Arc::default();
        let wake = Arc::clone(&waker);
        thread::Builder::new()
            .name("opening AI".into())
            .spawn(move || {
                let mut balancer = Balancer::new(config);
                for (tag, opening) in inbox {
                    let plan = plan(&mut balancer, &opening);
                    if outbox.send((tag, plan)).is_err() {
                        return;
                    }
                    if let Some(w) = wake.lock().ok().and_then(|w| w.clone()) {
                        w();
                    }
                }
            })
            .expect("the opening thread starts");
        OpeningWorker {
            jobs,
            replies,
            waker,
            next_tag: 0,
        }
    }

    /// Calls `waker` after every answer from now on.
    pub fn set_waker(&self, waker: Waker) {
        if let Ok(mut w) = self.waker.lock() {
            *w = Some(waker);
        }
    }

    /// Asks for the AI's decisions at `opening`'s current stage; returns
    /// the question's tag.
    pub fn ask(&mut self, opening: &Opening) -> u64 {
        self.next_tag += 1;
        let _ = self.jobs.send((self.next_tag, opening.clone()));
        self.next_tag
    }

    /// The answers that arrived: a tag and the decisions, in order.
    pub fn poll(&mut self) -> Vec<(u64, Vec<Decision>)> {
        self.replies.try_iter().collect()
    }
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
