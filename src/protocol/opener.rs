//! What answers a manager's opening questions: swap2's stones and choices
//! (`SWAP2BOARD`) and Yixin's balanced stones (`YXBALANCEONE` /
//! `YXBALANCETWO`). The session speaks only to the [`Opener`] trait; the
//! engine's [`Balancer`] is the one behind it in `pbrain-gomoku`, a
//! scripted one in tests.

use crate::engine::balance::{BalanceConfig, Balancer, Swap2Reply};
use crate::rules::{Board, Point, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// The time an opening decision may take and the flag that ends it.
#[derive(Debug, Clone)]
pub struct OpeningLimits {
    /// Answer by then.
    pub deadline: Instant,
    /// Raised by `STOP` or `END`: answer at once from what is known.
    pub stop: Arc<AtomicBool>,
}

/// Answers the questions of an opening rule.
pub trait Opener: Send {
    /// `count` stones added to `board`, alternating from the side to move
    /// (by the stone count), leaving Black's judged score near `target`
    /// (0: balanced). Fewer only when the board has no room.
    fn stones(
        &mut self,
        board: &Board,
        rule: Rule,
        count: usize,
        target: i32,
        limits: &OpeningLimits,
    ) -> Vec<Point>;

    /// Swap2's second player after the opener's three stones on `board`.
    fn swap2_reply(&mut self, board: &Board, rule: Rule, limits: &OpeningLimits) -> Swap2Reply;

    /// The colour to take in the position on `board` (swap2's opener after
    /// five stones).
    fn choose_colour(&mut self, board: &Board, rule: Rule, limits: &OpeningLimits) -> Stone;
}

/// The engine's balancer, made on the first question (its engine and
/// table cost nothing to a game that never asks).
#[derive(Default)]
pub struct BalancerOpener {
    config: BalanceConfig,
    balancer: Option<Balancer>,
}

impl BalancerOpener {
    /// A balancer with `config` (its node budgets and band; the manager's
    /// time is added to every question).
    #[must_use]
    pub fn new(config: BalanceConfig) -> BalancerOpener {
        BalancerOpener {
            config,
            balancer: None,
        }
    }

    fn balancer(&mut self, limits: &OpeningLimits) -> &mut Balancer {
        let config = &self.config;
        let b = self
            .balancer
            .get_or_insert_with(|| Balancer::new(config.clone()));
        b.set_deadline(Some(limits.deadline));
        b.set_stop(Arc::clone(&limits.stop));
        b
    }
}

impl Opener for BalancerOpener {
    fn stones(
        &mut self,
        board: &Board,
        rule: Rule,
        count: usize,
        target: i32,
        limits: &OpeningLimits,
    ) -> Vec<Point> {
        self.balancer(limits)
            .stones_near(board, rule, count, target)
    }

    fn swap2_reply(&mut self, board: &Board, rule: Rule, limits: &OpeningLimits) -> Swap2Reply {
        self.balancer(limits).swap2_reply(board, rule)
    }

    fn choose_colour(&mut self, board: &Board, rule: Rule, limits: &OpeningLimits) -> Stone {
        self.balancer(limits).choose_colour(board, rule)
    }
}
