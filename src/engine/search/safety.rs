//! The last stages at the root: before a quiet move is trusted, a check
//! that it does not lose to a VCF the search missed, and then, when the
//! caller wants variety, a choice among the moves nearly as good.

use super::super::eval::evaluate;
use super::super::movegen::Forced;
use super::super::state::{Cell, State};
use super::super::vcf::{self, Vcf};
use super::super::vct::Vct;
use super::super::Score;
use super::deepen::Deepened;
use super::defence;
use super::stack::Ctx;
use super::{MATE, ROOT_VCF_DEPTH};
use rand::rngs::StdRng;
use rand::RngExt;

/// Node budget of the check for an opponent VCF after the chosen move.
const GUARD_VCF_NODES: u64 = 100_000;
/// Root moves the check for an opponent VCT looks at, best first: each
/// costs a threat search, so only the moves the search liked best.
const VCT_GUARD_MOVES: usize = 4;
/// Node budget of one check for an opponent VCT: enough for the short
/// attacks that decide games (a few threes and fours), not for deep ones.
const VCT_GUARD_NODES: u64 = 20_000;
/// Own threats of the opponent that check looks through.
const VCT_GUARD_DEPTH: u8 = 8;

/// The safety check applied to what the deepening found: a losing best
/// move is replaced by a safe one with that move's own score, or by the
/// slowest loss when none of those tried is safe. When the search proved
/// the position lost, a move that still blocks the opponent's VCF is
/// preferred ([`keep_the_vcf_blocked`]). `root` is the root list in its
/// final order, used when no iteration completed.
pub(super) fn check(
    st: &mut State,
    vcf: &mut Vcf,
    ctx: &mut Ctx,
    root: &[(Cell, i32)],
    d: &mut Deepened,
) {
    if d.score >= Score::MATE_BOUND {
        return;
    }
    let searched = !d.root_scores.is_empty();
    let clock = ctx.clock;
    let abort = || clock.must_stop();
    if d.score <= -Score::MATE_BOUND {
        if searched {
            keep_the_vcf_blocked(st, vcf, ctx, d, &abort);
        }
        return;
    }
    let candidates = if searched { &d.root_scores } else { root };
    let guarded = avoid_vcf_losses(st, vcf, candidates, searched, d.best, &abort);
    guarded.apply(ctx, d);
}

/// Root moves looked at, slowest proved loss first, when the search proved
/// every move lost: the position is decided, so time matters less than
/// finding the move that still blocks the opponent's fours.
const LOST_GUARD_MOVES: usize = 24;
/// Node budget of each of those VCF checks.
const LOST_GUARD_VCF_NODES: u64 = 20_000;

/// When the search proved the position lost, prefers a move after which
/// the opponent has no VCF: the tree's mate distances come from threat
/// lines that are not always the shortest, so its choice among losing
/// moves is close to arbitrary, while a move that leaves the opponent a
/// win by fours loses to any opponent, and one that blocks them makes it
/// find a longer win by threes. Nothing changes when every move tried
/// loses to a VCF.
fn keep_the_vcf_blocked(
    st: &mut State,
    vcf: &mut Vcf,
    ctx: &mut Ctx,
    d: &mut Deepened,
    abort: &dyn Fn() -> bool,
) {
    // The search's choice first, then the points of the opponent's VCF
    // (the blocks are among them), then the slowest losses.
    let key = defence::key_points(st, vcf, LOST_GUARD_VCF_NODES, abort).unwrap_or_default();
    let mut nodes = vcf.nodes;
    let mut candidates = d.root_scores.clone();
    candidates.sort_by_key(|m| (!key.contains(&m.0), std::cmp::Reverse(m.1)));
    let order: Vec<(Cell, i32)> = candidates
        .iter()
        .enumerate()
        .map(|(i, m)| (m.0, -(i as i32)))
        .collect();
    let g = avoid_losses(st, &order, true, d.best, LOST_GUARD_MOVES, &mut |st| {
        let lost = vcf
            .solve(st, ROOT_VCF_DEPTH, LOST_GUARD_VCF_NODES, abort)
            .map(|line| vcf::plies_to_five(st, &line));
        nodes += vcf.nodes;
        lost
    });
    ctx.nodes += nodes;
    if g.best == d.best || g.lost.iter().any(|l| l.0 == g.best) {
        return;
    }
    d.best = g.best;
    d.pv = vec![g.best];
    // The move's own search score, not its place in the order tried.
    if let Some(m) = candidates.iter().find(|m| m.0 == g.best) {
        d.score = m.1;
    }
}

/// The safety check against the opponent's VCT, after the VCF check and
/// only when the deepening completed an iteration (the moves then have
/// search scores to fall back on).
pub(super) fn check_vct(st: &mut State, vct: &mut Vct, ctx: &mut Ctx, d: &mut Deepened) {
    if d.score.abs() >= Score::MATE_BOUND || d.root_scores.is_empty() {
        return;
    }
    let clock = ctx.clock;
    let abort = || clock.optional_check_must_stop();
    let guarded = avoid_vct_losses(st, vct, &d.root_scores, d.best, &abort);
    guarded.apply(ctx, d);
}

/// Variety: among moves within `variety` of the best, picks one at random,
/// but never trades a win or a forced move, and only for a move that
/// passes the same VCF check as the best.
pub(super) fn choose_near_equal(
    st: &mut State,
    vcf: &mut Vcf,
    ctx: &mut Ctx,
    variety: i32,
    forced: Forced,
    rng: &mut StdRng,
    d: &mut Deepened,
) {
    if variety <= 0
        || d.score.abs() >= Score::MATE_BOUND
        || forced != Forced::No
        || d.root_scores.len() <= 1
    {
        return;
    }
    let top = d
        .root_scores
        .iter()
        .filter(|m| m.0 == d.best)
        .map(|m| m.1)
        .next()
        .unwrap_or(d.score);
    let near: Vec<(Cell, i32)> = d
        .root_scores
        .iter()
        .copied()
        .filter(|m| m.1 >= top - variety && m.1 > -Score::MATE_BOUND)
        .collect();
    if near.len() <= 1 {
        return;
    }
    let (c, s) = near[rng.random_range(0..near.len())];
    let clock = ctx.clock;
    let abort = || clock.must_stop();
    st.make(c);
    let loses = vcf
        .solve(st, ROOT_VCF_DEPTH, GUARD_VCF_NODES, &abort)
        .is_some();
    st.unmake();
    ctx.nodes += vcf.nodes;
    if c != d.best && !loses {
        d.best = c;
        d.score = s;
        d.pv = vec![c];
    }
}

/// Root moves the final safety check looks at, best first.
const GUARD_MOVES: usize = 8;

/// What the final safety check decided.
pub(super) struct Guarded {
    /// The move to play.
    pub best: Cell,
    /// Its score, when the check learnt a better one than the search's:
    /// the loss it proved, or the score of the move it switched to.
    pub score: Option<i32>,
    /// Moves proved to lose, with the proved scores.
    pub lost: Vec<(Cell, i32)>,
    /// Nodes the VCF searches used.
    pub nodes: u64,
}

impl Guarded {
    /// Makes the check's verdict the deepening's result: the lost moves
    /// leave the root list, a switched move becomes the whole line, and a
    /// learnt score replaces the search's.
    fn apply(self, ctx: &mut Ctx, d: &mut Deepened) {
        ctx.nodes += self.nodes;
        d.root_scores
            .retain(|m| !self.lost.iter().any(|l| l.0 == m.0));
        d.lost.extend_from_slice(&self.lost);
        if self.best != d.best {
            d.best = self.best;
            d.pv = vec![d.best];
        }
        d.score = self.score.unwrap_or(d.score);
    }
}

/// The final safety check: the best move and the next few, best first,
/// are tried until one leaves the opponent no VCF. `candidates` carry
/// search scores when `searched`, else only an ordering. If every move
/// tried loses, the slowest loss is played with its proved score; a move
/// switched to keeps its own score, never the proved loss of the move it
/// replaces.
pub(super) fn avoid_vcf_losses(
    st: &mut State,
    vcf: &mut Vcf,
    candidates: &[(Cell, i32)],
    searched: bool,
    best: Cell,
    abort: &dyn Fn() -> bool,
) -> Guarded {
    let mut nodes = 0;
    let mut g = avoid_losses(st, candidates, searched, best, GUARD_MOVES, &mut |st| {
        let lost = vcf
            .solve(st, ROOT_VCF_DEPTH, GUARD_VCF_NODES, abort)
            .map(|line| vcf::plies_to_five(st, &line));
        nodes += vcf.nodes;
        lost
    });
    g.nodes = nodes;
    g
}

/// The same check against the opponent's VCT (fours and open threes), for
/// at most [`VCT_GUARD_MOVES`] moves with a small budget each: a quiet move
/// after which the opponent has a proved win by threats is replaced by the
/// next move that leaves none.
pub(super) fn avoid_vct_losses(
    st: &mut State,
    vct: &mut Vct,
    candidates: &[(Cell, i32)],
    best: Cell,
    abort: &dyn Fn() -> bool,
) -> Guarded {
    let mut nodes = 0;
    let mut g = avoid_losses(st, candidates, true, best, VCT_GUARD_MOVES, &mut |st| {
        let lost = vct
            .solve(st, VCT_GUARD_DEPTH, VCT_GUARD_NODES, abort)
            .map(|(_, plies)| plies);
        nodes += vct.nodes;
        lost
    });
    g.nodes = nodes;
    g
}

/// Tries `candidates` best first (`best` before all) up to `tries` moves
/// until one after which `loses` proves no win for the opponent; see
/// [`avoid_vcf_losses`]. `loses` answers the plies to the opponent's five.
fn avoid_losses(
    st: &mut State,
    candidates: &[(Cell, i32)],
    searched: bool,
    best: Cell,
    tries: usize,
    loses: &mut dyn FnMut(&mut State) -> Option<u32>,
) -> Guarded {
    let mut ordered = candidates.to_vec();
    ordered.sort_by_key(|m| std::cmp::Reverse(m.1));
    if let Some(i) = ordered.iter().position(|m| m.0 == best) {
        let m = ordered.remove(i);
        ordered.insert(0, m);
    }
    let mut out = Guarded {
        best,
        score: None,
        lost: Vec::new(),
        nodes: 0,
    };
    let mut slowest: Option<(Cell, i32)> = None;
    for (i, &(c, s)) in ordered.iter().enumerate().take(tries) {
        st.make(c);
        let lost = loses(st);
        let own = if searched { s } else { -evaluate(st) };
        st.unmake();
        match lost {
            None => {
                if i > 0 {
                    out.best = c;
                    out.score = Some(own);
                }
                return out;
            }
            Some(plies) => {
                let score = -(MATE - 1 - plies as i32);
                out.lost.push((c, score));
                if slowest.is_none_or(|(_, worst)| score > worst) {
                    slowest = Some((c, score));
                }
            }
        }
    }
    if let Some((c, score)) = slowest {
        out.best = c;
        out.score = Some(score);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::super::fixtures::black_to_move;
    use super::*;
    use crate::rules::{parse_moves, Rule};

    /// Black to move; White threatens the double four l8 (row i8-k8 shut at
    /// h8, column l9-l11 shut at l12).
    fn facing_double_four() -> State {
        black_to_move(Rule::Freestyle, "h8l12a1c1e1a15", "i8j8k8l9l10l11")
    }

    fn cell(st: &State, name: &str) -> Cell {
        st.cell(parse_moves(name, 15).unwrap()[0])
    }

    #[test]
    fn the_guard_switches_to_a_safe_move_with_its_own_score() {
        let mut st = facing_double_four();
        let (far, block) = (cell(&st, "o15"), cell(&st, "l8"));
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(
            &mut st,
            &mut vcf,
            &[(far, 400), (block, -250)],
            true,
            far,
            &|| false,
        );
        assert_eq!(g.best, block);
        // Not the proved loss of the move it replaced.
        assert_eq!(g.score, Some(-250));
        assert_eq!(g.lost.iter().map(|l| l.0).collect::<Vec<_>>(), vec![far]);
    }

    #[test]
    fn when_every_move_loses_the_slowest_loss_is_played() {
        let mut st = facing_double_four();
        let (a, b) = (cell(&st, "o15"), cell(&st, "o1"));
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(&mut st, &mut vcf, &[(a, 10), (b, 5)], true, a, &|| false);
        let score = g.score.expect("a proved loss");
        assert!(score <= -Score::MATE_BOUND, "{score}");
        assert_eq!(g.lost.len(), 2);
    }

    #[test]
    fn a_safe_best_move_is_kept_with_the_search_score() {
        let mut st = facing_double_four();
        let block = cell(&st, "l8");
        let mut vcf = Vcf::new();
        let g = avoid_vcf_losses(&mut st, &mut vcf, &[(block, 30)], true, block, &|| false);
        assert_eq!((g.best, g.score), (block, None));
        assert!(g.lost.is_empty());
    }

    #[test]
    fn the_vct_check_sees_a_double_three_left_open() {
        // White's h8 i8 and j9 j10 meet at j8: two open threes at once.
        // (White's group is strong enough to keep a win by threats even
        // after j8, so only the detection is asserted.)
        let mut st = black_to_move(Rule::Freestyle, "a1c1e1a15", "h8i8j9j10");
        let (far, meet) = (cell(&st, "o15"), cell(&st, "j8"));
        let mut vct = Vct::new();
        let g = avoid_vct_losses(&mut st, &mut vct, &[(far, 400), (meet, -100)], far, &|| {
            false
        });
        assert!(g.lost.iter().any(|l| l.0 == far), "{:?}", g.lost);
        let score = g.score.expect("a proved loss or a switch");
        assert!(g.best == meet || score <= -Score::MATE_BOUND, "{score}");
    }
}
