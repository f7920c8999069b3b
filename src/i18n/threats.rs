//! A move's threats in words ([`crate::engine::explain`] gives the
//! structure): "j9 makes a four-three: a four on the column, an open three
//! on the \ diagonal" / "j9 形成四三：竖线冲四，左斜线活三"; what it blocks; what
//! the opponent threatened. Also the words of puzzle mode.

use super::phrases::{forbidden, stone};
use super::{Msg, Tr};
use crate::engine::explain::{Combo, Explanation, Line, OnLine, Shape, Threat, ThreatKind};
use crate::puzzle::sets::ShippedSet;
use crate::puzzle::{Kind, Miss, Puzzle};
use crate::rules::{point_name, Forbidden, Stone};

/// The shape's name: "an open three" / "活三".
#[must_use]
pub fn shape(tr: Tr, s: Shape) -> &'static str {
    tr.s(match s {
        Shape::Five => Msg::ThreatFive,
        Shape::OpenFour => Msg::ThreatOpenFour,
        Shape::Four => Msg::ThreatFour,
        Shape::OpenThree => Msg::ThreatOpenThree,
        Shape::ClosedThree => Msg::ThreatClosedThree,
    })
}

/// The line's name: "the column" / "竖线".
#[must_use]
pub fn line(tr: Tr, l: Line) -> &'static str {
    tr.s(match l {
        Line::Row => Msg::ThreatRow,
        Line::Column => Msg::ThreatColumn,
        Line::Diagonal => Msg::ThreatDiagonal,
        Line::AntiDiagonal => Msg::ThreatAntiDiagonal,
    })
}

/// The combination's name: "a four-three" / "四三".
#[must_use]
pub fn combo(tr: Tr, c: Combo) -> &'static str {
    tr.s(match c {
        Combo::FourThree => Msg::ThreatFourThree,
        Combo::DoubleThree => Msg::ThreatDoubleThree,
        Combo::DoubleFour => Msg::ThreatDoubleFour,
    })
}

/// A shape on its line: "a four on the column" / "竖线冲四".
#[must_use]
pub fn on_line(tr: Tr, s: OnLine) -> String {
    tr.f(
        Msg::ThreatShapeOnLine,
        &[("shape", &shape(tr, s.shape)), ("line", &line(tr, s.line))],
    )
}

fn join(tr: Tr, parts: &[OnLine]) -> String {
    parts
        .iter()
        .map(|&s| on_line(tr, s))
        .collect::<Vec<_>>()
        .join(tr.s(Msg::ThreatListJoin))
}

/// The shape combination of a forbidden point, named by the rule's
/// reason.
fn forbidden_combo(f: Forbidden) -> Option<Combo> {
    match f {
        Forbidden::DoubleThree => Some(Combo::DoubleThree),
        Forbidden::DoubleFour => Some(Combo::DoubleFour),
        Forbidden::Overline => None,
    }
}

/// What the move makes, in one sentence: "j9 makes a four-three: a four
/// on the column, an open three on the \ diagonal".
#[must_use]
pub fn makes(tr: Tr, e: &Explanation, size: u8) -> String {
    let point = point_name(e.mv, size);
    if let Some(f) = e.forbidden {
        let name =
            forbidden_combo(f).map_or_else(|| forbidden(tr, f), |c| combo(tr, c).to_string());
        return tr.f(
            Msg::ThreatForbiddenMove,
            &[
                ("point", &point),
                ("combo", &name),
                ("parts", &join(tr, &e.makes)),
            ],
        );
    }
    if e.makes.first().is_some_and(|s| s.shape == Shape::Five) {
        return tr.f(Msg::ThreatMakesFive, &[("point", &point)]);
    }
    if let Some(c) = e.combo {
        // The threats of the combination, without the lesser shapes.
        let parts: Vec<OnLine> = e
            .makes
            .iter()
            .copied()
            .filter(|s| s.shape <= Shape::OpenThree)
            .collect();
        return tr.f(
            Msg::ThreatMakesCombo,
            &[
                ("point", &point),
                ("combo", &combo(tr, c)),
                ("parts", &join(tr, &parts)),
            ],
        );
    }
    match e.makes.first() {
        Some(s) => tr.f(
            Msg::ThreatMakesShape,
            &[
                ("point", &point),
                ("shape", &shape(tr, s.shape)),
                ("line", &line(tr, s.line)),
            ],
        ),
        None => tr.f(Msg::ThreatMakesNothing, &[("point", &point)]),
    }
}

/// What the move blocks, one clause a shape: "it blocks White's four on
/// the row".
#[must_use]
pub fn blocks(tr: Tr, e: &Explanation) -> Vec<String> {
    let opp = stone(tr, e.side.opponent());
    e.stops
        .iter()
        .filter_map(|s| {
            let msg = match s.shape {
                Shape::Five | Shape::OpenFour | Shape::Four => Msg::ThreatBlocksFour,
                Shape::OpenThree => Msg::ThreatBlocksOpenThree,
                Shape::ClosedThree => return None,
            };
            Some(tr.f(msg, &[("stone", &opp), ("line", &line(tr, s.line))]))
        })
        .collect()
}

fn kind(tr: Tr, k: ThreatKind) -> &'static str {
    tr.s(match k {
        ThreatKind::Vcf => Msg::ThreatKindVcf,
        ThreatKind::Vct | ThreatKind::Four => Msg::ThreatKindVct,
    })
}

/// The opponent's threat and what became of it: "White had a win by
/// fours (VCF) from k10 — l11 would have stopped it", "it stops White's …";
/// `None` when a four was blocked (the blocking clause says it) or
/// nothing was threatened.
#[must_use]
pub fn threat(tr: Tr, t: &Threat, size: u8) -> Option<String> {
    let by = stone(tr, t.by);
    let from = point_name(t.from, size);
    let answer = t.answer.map(|p| point_name(p, size));
    match (t.kind, t.met, answer) {
        (ThreatKind::Four, true, _) => None,
        (ThreatKind::Four, false, _) => {
            Some(tr.f(Msg::ThreatHadFour, &[("stone", &by), ("answer", &from)]))
        }
        (k, true, _) => Some(tr.f(
            Msg::ThreatStopped,
            &[("stone", &by), ("kind", &kind(tr, k)), ("from", &from)],
        )),
        (k, false, Some(a)) => Some(tr.f(
            Msg::ThreatHadWin,
            &[
                ("stone", &by),
                ("kind", &kind(tr, k)),
                ("from", &from),
                ("answer", &a),
            ],
        )),
        (k, false, None) => Some(tr.f(
            Msg::ThreatHadWinNoAnswer,
            &[("stone", &by), ("kind", &kind(tr, k)), ("from", &from)],
        )),
    }
}

/// Everything about the move: what it makes, what it blocks, and the
/// opponent's threat, as sentences in order.
#[must_use]
pub fn sentences(tr: Tr, e: &Explanation, size: u8) -> Vec<String> {
    let mut v = vec![makes(tr, e, size)];
    v.extend(blocks(tr, e));
    if let Some(t) = &e.threat {
        v.extend(threat(tr, t, size));
    }
    v
}

/// A puzzle's task: "Black to play and win by continuous fours (VCF)".
/// `personal` puzzles ask for a defence, not the only one.
#[must_use]
pub fn puzzle_task(tr: Tr, kind: Kind, to_move: Stone, personal: bool) -> String {
    let msg = match kind {
        Kind::Vcf => Msg::PuzzleTaskVcf,
        Kind::Vct => Msg::PuzzleTaskVct,
        Kind::Defend if personal => Msg::PuzzleTaskDefendAny,
        Kind::Defend => Msg::PuzzleTaskDefend,
    };
    tr.f(msg, &[("stone", &stone(tr, to_move))])
}

/// Why a puzzle move was wrong.
#[must_use]
pub fn puzzle_miss(tr: Tr, miss: Miss) -> &'static str {
    tr.s(match miss {
        Miss::NotAFour => Msg::PuzzleWrongNotAFour,
        Miss::NotAThreat => Msg::PuzzleWrongNotAThreat,
        Miss::IgnoredFour => Msg::PuzzleWrongIgnoredFour,
        Miss::Defended => Msg::PuzzleWrongDefended,
        Miss::StillLoses => Msg::PuzzleWrongStillLoses,
    })
}

/// What a puzzle is played under, its level first when it has one:
/// "Level 3 · Freestyle · 15×15". The rule is the puzzle's own, not the
/// game's: a Renju puzzle says so.
#[must_use]
pub fn puzzle_facts(tr: Tr, puzzle: &Puzzle) -> String {
    let rule = tr.f(
        Msg::RuleAndSize,
        &[
            ("rule", &super::phrases::rule(tr, puzzle.rule)),
            ("size", &puzzle.size),
        ],
    );
    if puzzle.level > 0 {
        let level = tr.f(Msg::PuzzleLevel, &[("level", &puzzle.level)]);
        format!("{level} · {rule}")
    } else {
        rule
    }
}

/// A shipped set's name in words, with its number of puzzles: "Renju
/// 15×15 — VCF (174)" / "连珠 15路 — VCF（174 题）"; a name of another
/// form than `<rule><size>[-<kind>]` is shown as it is.
#[must_use]
pub fn puzzle_set(tr: Tr, set: ShippedSet, count: usize) -> String {
    let Some(parts) = set.parts() else {
        return format!("{} ({count})", set.name);
    };
    let rule = super::phrases::rule(tr, parts.rule);
    let count = grouped(tr, count);
    let size = parts.size;
    match parts.kind {
        Some(kind) => {
            let kind = tr.s(match kind {
                Kind::Vcf => Msg::PuzzleSetKindVcf,
                Kind::Vct => Msg::PuzzleSetKindVct,
                Kind::Defend => Msg::PuzzleSetKindDefend,
            });
            tr.f(
                Msg::PuzzleSetNameKind,
                &[
                    ("rule", &rule),
                    ("size", &size),
                    ("kind", &kind),
                    ("count", &count),
                ],
            )
        }
        None => tr.f(
            Msg::PuzzleSetName,
            &[("rule", &rule), ("size", &size), ("count", &count)],
        ),
    }
}

/// A count as English writes it (1,402); Chinese writes the digits alone.
#[must_use]
pub fn grouped(tr: Tr, n: usize) -> String {
    let digits = n.to_string();
    if tr.0 == super::Lang::Chinese {
        return digits;
    }
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}
