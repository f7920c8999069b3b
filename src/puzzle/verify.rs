//! Re-proving a puzzle with the solver: that its stored solution works,
//! that its kind is right, and (for the deep check) that a `defend`
//! puzzle has no second defence.

use super::format::{Kind, Puzzle};
use super::prove::Prover;
use crate::engine::shape::combo;
use crate::rules::{forbidden, point_name, Point, Rule, Stone};

/// Checks `p` with `prover`'s budget: the stored solution wins (or, for
/// `defend`, holds) and the kind is right. With `deep`, a second prover
/// with a larger budget (see [`super::DEEP`]), the claims that something
/// does not exist are checked deeper too: a `vct` puzzle has no VCF, a
/// `defend` puzzle's side to move has no win of its own and its defence
/// holds; and the `defend` puzzle's other points are each refuted (a
/// solver call per empty point: for the generator and the documented full
/// re-proof, not for quick tests). Wins are proved with `prover`: a
/// larger budget at a larger depth is not always a stronger search.
///
/// # Errors
/// What does not hold, in English.
pub fn verify(
    prover: &mut Prover,
    p: &Puzzle,
    mut deep: Option<&mut Prover>,
) -> Result<(), String> {
    let mut st = prover.state(&p.moves, p.size, p.rule)?;
    let first = st.cell(*p.solution.first().ok_or("no solution")?);
    let name = |q: Point| point_name(q, p.size);
    if p.rule == Rule::Renju {
        check_renju_line(p)?;
    }
    match p.kind {
        Kind::Vcf | Kind::Vct => {
            if p.kind == Kind::Vcf {
                check_vcf_line(p)?;
            } else if prover.vcf(&mut st).is_some() {
                return Err("a vct puzzle with a win by fours".into());
            } else if let Some(d) = deep.as_deref_mut() {
                let mut sd = d.state(&p.moves, p.size, p.rule)?;
                if d.vcf(&mut sd).is_some() {
                    return Err("a vct puzzle with a deep win by fours".into());
                }
            }
            if prover.wins_after(&mut st, first, p.kind).is_none() {
                return Err(format!(
                    "{} does not win by {}",
                    name(p.solution[0]),
                    p.kind
                ));
            }
            // After the win is proved, so that the proof is made from the
            // caches a judge would have, not from those this search fills.
            if p.kind == Kind::Vcf {
                check_shortest(prover, p, deep.as_deref_mut())?;
            }
        }
        Kind::Defend => {
            if prover.win(&mut st, Kind::Defend).is_some() {
                return Err("the defender has a forced win of his own".into());
            }
            let Some((threat, _)) = prover.threat(&mut st) else {
                return Err("the opponent threatens nothing".into());
            };
            if let Err(line) = prover.holds_after(&mut st, first) {
                let reply = line.first().map_or(String::new(), |&c| name(st.point(c)));
                return Err(format!(
                    "{} does not hold (refuted from {reply})",
                    name(p.solution[0])
                ));
            }
            if let Some(d) = deep {
                let mut sd = d.state(&p.moves, p.size, p.rule)?;
                if d.win(&mut sd, Kind::Defend).is_some() {
                    return Err("the defender has a deep forced win of his own".into());
                }
                if d.holds_after(&mut sd, first).is_err() {
                    return Err(format!("{} does not hold deep", name(p.solution[0])));
                }
                let mut order = vec![first];
                order.extend(threat);
                let found = prover.defences(&mut st, &order, 2);
                if found.len() > 1 {
                    return Err(format!("a second defence at {}", name(st.point(found[1]))));
                }
            }
        }
    }
    Ok(())
}

/// A `vcf` puzzle's length (its own moves) must be its shortest VCF: no
/// VCF of fewer own moves, searched to the end (with `prover`'s node
/// budget, then `deep`'s when that runs out first). A puzzle whose length
/// is not proved is unsound too: a long VCF with a quick way round it
/// teaches nothing.
fn check_shortest(
    prover: &mut Prover,
    p: &Puzzle,
    deep: Option<&mut Prover>,
) -> Result<(), String> {
    let own = p.own_moves();
    if own <= 2 {
        return Ok(());
    }
    // `own` moves are `own - 1` fours and the five: a VCF of fewer own
    // moves has `own - 2` fours or fewer.
    let fours = u8::try_from(own - 2).map_err(|_| format!("{own} own moves is too long"))?;
    let mut st = prover.state(&p.moves, p.size, p.rule)?;
    let nodes = prover.budget.vcf_nodes;
    let mut found = prover.vcf_exhaustive(&mut st, fours, nodes);
    if found.is_none() {
        if let Some(d) = deep {
            let mut sd = d.state(&p.moves, p.size, p.rule)?;
            let nodes = d.budget.vcf_nodes;
            found = d.vcf_exhaustive(&mut sd, fours, nodes);
        }
    }
    match found {
        Some(None) => Ok(()),
        Some(Some(line)) => Err(format!(
            "a shorter VCF than {own} own moves, from {}",
            point_name(st.point(line[0]), p.size)
        )),
        None => Err(format!(
            "no VCF shorter than {own} own moves is not proved within the budget"
        )),
    }
}

/// A `vcf` solution must be a line of fours: each attacker move a four
/// (the last a five or a double threat), each defender move the forced
/// block.
fn check_vcf_line(p: &Puzzle) -> Result<(), String> {
    let mut prover = Prover::default();
    let mut moves = p.moves.clone();
    let me = p.to_move().index();
    for (i, &m) in p.solution.iter().enumerate() {
        let st = prover.state(&moves, p.size, p.rule)?;
        let c = st.cell(m);
        let last = i + 1 == p.solution.len();
        if i % 2 == 0 {
            let code = st.combo(c, me);
            if code < combo::BLOCK4 {
                return Err(format!(
                    "solution move {} ({}) is not a four",
                    i + 1,
                    point_name(m, p.size)
                ));
            }
        } else if st.find_five(me) != Some(c) {
            return Err(format!(
                "solution move {} ({}) is not the forced block",
                i + 1,
                point_name(m, p.size)
            ));
        }
        moves.push(m);
        if last {
            let st = prover.state(&moves, p.size, p.rule)?;
            let board = p.board_after(&moves)?;
            let five = crate::rules::winning_line(&board, m, p.rule).is_some();
            if i % 2 == 1 || !(five || st.count(me, combo::FIVE) >= 2) {
                return Err("the solution does not end in a win".into());
            }
        }
    }
    Ok(())
}

/// Under Renju the solvers read forbidden points from the pattern tables,
/// without the rule's recursive check of each three: the stored line is
/// checked against the exact rule. No Black move of it may be forbidden,
/// and a `vcf` line of White's that ends in a four whose block is
/// forbidden must have that block really forbidden.
fn check_renju_line(p: &Puzzle) -> Result<(), String> {
    let mut board = p.board()?;
    for (i, &m) in p.solution.iter().enumerate() {
        let stone = Stone::to_move_after(p.moves.len() + i);
        if stone == Stone::Black {
            if let Some(f) = forbidden(&board, m) {
                return Err(format!(
                    "solution move {} ({}) is forbidden for Black ({})",
                    i + 1,
                    point_name(m, p.size),
                    f.name()
                ));
            }
        }
        board
            .place(m, stone)
            .map_err(|_| format!("solution move {} is on a stone", i + 1))?;
    }
    let last = *p.solution.last().ok_or("no solution")?;
    let attacker = p.to_move();
    let ends_on_white =
        attacker == Stone::White && p.solution.len() % 2 == 1 && p.kind == Kind::Vcf;
    if ends_on_white && crate::rules::winning_line(&board, last, p.rule).is_none() {
        // White's last four: every point where it makes five must be
        // forbidden for Black, or there must be two of them.
        let fives: Vec<Point> = board
            .points()
            .filter(|&q| board.is_empty_at(q))
            .filter(|&q| {
                let mut b = board.clone();
                b.place(q, Stone::White).is_ok()
                    && crate::rules::winning_line(&b, q, p.rule).is_some()
            })
            .collect();
        let open = fives
            .iter()
            .filter(|&&q| forbidden(&board, q).is_none())
            .count();
        if fives.len() < 2 && open > 0 {
            return Err("White's last four can be blocked".into());
        }
    }
    Ok(())
}
