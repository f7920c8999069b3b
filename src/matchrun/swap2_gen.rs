//! Swap2 openings made by our own engine in both seats, for matches played
//! under swap2 (`gomoku-match --opening-rule swap2`): the opener's three
//! balanced stones, then the second player's reply (take a colour, or two
//! more balanced stones), each step checked by the swap2 state machine of
//! [`crate::rules::opening`].
//!
//! The colour choice that ends a swap2 opening does not change a match's
//! games: every opening is played twice with the colours swapped, so both
//! engines play both sides of what the balancer made.

use super::Opening;
use crate::engine::balance::{BalanceConfig, Balancer, Swap2Reply};
use crate::rules::opening::{Ask, Decision, Opening as RuleOpening, OpeningRule};
use crate::rules::{print_moves, Rule};

/// `count` swap2 openings for a board of `size` under `rule`, made with
/// `cfg` (its seed makes the list reproducible); `on_made(i)` after each.
///
/// # Errors
/// A bad size, or (never expected) a step the swap2 rules refuse.
pub fn engine_swap2_openings(
    count: usize,
    size: u8,
    rule: Rule,
    cfg: BalanceConfig,
    on_made: &mut dyn FnMut(usize),
) -> Result<Vec<Opening>, String> {
    let mut bal = Balancer::new(cfg);
    let mut out = Vec::with_capacity(count);
    for i in 0..count {
        let mut o = RuleOpening::new(OpeningRule::Swap2, size, rule).map_err(|e| e.to_string())?;
        while let Some(stage) = o.stage() {
            let seat = stage.seat;
            let apply = |o: &mut RuleOpening, d: Decision| {
                o.apply(seat, d)
                    .map_err(|e| format!("swap2 opening {}: {e}", i + 1))
            };
            match stage.ask {
                Ask::Place { number: 1, .. } => {
                    for p in bal.balanced_stones(o.board(), rule, 3) {
                        apply(&mut o, Decision::Place(p))?;
                    }
                }
                Ask::ChooseColour { or_place: 2 } => match bal.swap2_reply(o.board(), rule) {
                    Swap2Reply::Take(c) => apply(&mut o, Decision::Choose(c))?,
                    Swap2Reply::Place([w, b]) => {
                        apply(&mut o, Decision::Place(w))?;
                        apply(&mut o, Decision::Place(b))?;
                    }
                },
                Ask::ChooseColour { .. } => {
                    let c = bal.choose_colour(o.board(), rule);
                    apply(&mut o, Decision::Choose(c))?;
                }
                other => return Err(format!("swap2 opening {}: unexpected {other:?}", i + 1)),
            }
            if o.stage()
                .is_some_and(|s| s.seat == seat && s.ask == stage.ask)
            {
                return Err(format!("swap2 opening {}: no progress", i + 1));
            }
        }
        out.push(Opening {
            text: print_moves(o.moves(), size),
            moves: o.moves().to_vec(),
        });
        on_made(i);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Limits;
    use crate::matchrun::parse_openings;

    #[test]
    fn engine_swap2_openings_are_legal_and_reproducible() {
        let cfg = BalanceConfig {
            limits: Limits::depth(4),
            screen: Limits::depth(2),
            candidates: 6,
            confirm: 2,
            seed: Some(9),
            ..BalanceConfig::default()
        };
        let mut made = 0;
        let list =
            engine_swap2_openings(3, 15, Rule::Renju, cfg.clone(), &mut |_| made += 1).unwrap();
        assert_eq!(made, 3);
        let text: String = list.iter().map(|o| format!("{}\n", o.text)).collect();
        let parsed = parse_openings(&text, 15, Rule::Renju).unwrap();
        assert_eq!(parsed, list);
        assert!(list.iter().all(|o| [3, 5].contains(&o.moves.len())));
        let again = engine_swap2_openings(3, 15, Rule::Renju, cfg, &mut |_| {}).unwrap();
        assert_eq!(again, list);
    }
}
