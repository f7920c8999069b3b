//! Ranked moves read from an engine's `MESSAGE` lines while it answers
//! `YXNBEST`: the protocol leaves their form to each engine, so the two
//! common forms are read (this project's `NBEST` lines and Rapfi's
//! `(rank) value | depth | line`), and the engine's final answer is put at
//! the head of the list. Its other lines are shown with their moves in
//! this app's names ([`readable_line`]).

use crate::engine::{Candidate, Score, WIN_CHANCE_SCALE};
use crate::protocol::command::parse_xy;
use crate::rules::{parse_point, point_name, Point};

/// One ranked move from a report line (without its `MESSAGE` word), with
/// its rank (1 for the best), in either form.
pub(super) fn parse_ranked(text: &str, size: u8) -> Option<(usize, Candidate)> {
    parse_nbest(text, size).or_else(|| parse_ranked_line(text, size))
}

/// `latest` (an iteration's ranked moves, perhaps cut short by the
/// engine's answer) made up to `n` moves with those of `earlier` lists it
/// lacks, in their order (each keeps the depth it was searched to), and
/// never longer than `n`.
pub(super) fn fill(mut latest: Vec<Candidate>, earlier: &[Candidate], n: usize) -> Vec<Candidate> {
    latest.truncate(n);
    for c in earlier {
        if latest.len() >= n {
            break;
        }
        if latest.iter().all(|l| l.mv != c.mv) {
            latest.push(c.clone());
        }
    }
    latest
}

/// The ranked moves to report with the engine's answer `best`, up to `n`
/// of them: the latest list if it ranks `best` first, else the last
/// whole one if that does (an iteration cut short), else the latest with
/// `best` moved to the front (keeping what was reported of it, if
/// anything); a list cut short is made up from the last whole one.
pub(super) fn ranked_with_best_first(
    latest: Vec<Candidate>,
    previous: &[Candidate],
    best: Point,
    depth: u32,
    n: usize,
) -> Vec<Candidate> {
    let first_is_best = |l: &[Candidate]| l.first().is_some_and(|c| c.mv == best);
    if first_is_best(&latest) {
        return fill(latest, previous, n);
    }
    if first_is_best(previous) {
        return fill(previous.to_vec(), &latest, n);
    }
    let known = latest
        .iter()
        .chain(previous)
        .find(|c| c.mv == best)
        .cloned();
    let mut list: Vec<Candidate> = latest.into_iter().filter(|c| c.mv != best).collect();
    list.insert(
        0,
        known.unwrap_or(Candidate {
            mv: best,
            score: Score(0),
            depth,
            pv: vec![best],
        }),
    );
    fill(list, previous, n)
}

/// The search depth a report line states, in the forms engines use:
/// `depth 9 …` (this project's), `dep 9-14 …` (PentaZen's), `… | Depth
/// 15-28 | …` (Rapfi's); the selective depth after a dash is left.
pub(super) fn reported_depth(text: &str) -> Option<u32> {
    let mut words = text.split_whitespace();
    while let Some(w) = words.next() {
        if w.eq_ignore_ascii_case("depth") || w.eq_ignore_ascii_case("dep") {
            return words.next()?.split('-').next()?.parse().ok();
        }
    }
    None
}

/// Reads a ranked-move report as this project's engine writes it
/// (`NBEST rank/count x,y depth d score … winrate pct% pv a b …`):
/// the rank and the candidate, its score taken from the win rate.
fn parse_nbest(text: &str, size: u8) -> Option<(usize, Candidate)> {
    let mut words = text.split_whitespace();
    if words.next()? != "NBEST" {
        return None;
    }
    let rank: usize = words.next()?.split('/').next()?.parse().ok()?;
    let (x, y) = parse_xy(words.next()?).ok()?;
    let mv = Point::new(u8::try_from(x).ok()?, u8::try_from(y).ok()?);
    let rest: Vec<&str> = words.collect();
    let after = |key: &str| rest.iter().position(|w| *w == key).map(|i| i + 1);
    let depth = after("depth")
        .and_then(|i| rest.get(i)?.parse().ok())
        .unwrap_or(0);
    let score = after("winrate")
        .and_then(|i| rest.get(i)?.trim_end_matches('%').parse::<f64>().ok())
        .map_or(Score(0), |pct| {
            let p = (pct / 100.0).clamp(0.001, 0.999);
            Score((-WIN_CHANCE_SCALE * (1.0 / p - 1.0).ln()).round() as i32)
        });
    let mut pv: Vec<Point> = after("pv")
        .map(|i| {
            rest[i.min(rest.len())..]
                .iter()
                .map_while(|w| parse_point(w, size).ok())
                .collect()
        })
        .unwrap_or_default();
    if pv.first() != Some(&mv) {
        pv.insert(0, mv);
    }
    Some((
        rank,
        Candidate {
            mv,
            score,
            depth,
            pv,
        },
    ))
}

/// Reads the other common ranked-move report, `(rank) value |
/// depth-seldepth | A1 B2 …` (Rapfi's multi-PV lines): the value in the
/// engine's own units or `+M n` / `-M n` for a win or loss in `n` plies,
/// and the line as labels whose letter is the protocol's x and whose
/// number is its y plus one.
fn parse_ranked_line(text: &str, size: u8) -> Option<(usize, Candidate)> {
    let rest = text.strip_prefix('(')?;
    let (rank, rest) = rest.split_once(')')?;
    let rank: usize = rank.trim().parse().ok()?;
    let mut parts = rest.split('|').map(str::trim);
    let score = value(parts.next()?)?;
    let depth = parts.next()?.split('-').next()?.trim().parse().ok()?;
    let pv = labels(parts.next()?, size);
    let mv = *pv.first()?;
    Some((
        rank,
        Candidate {
            mv,
            score,
            depth,
            pv,
        },
    ))
}

/// Reads the report of a one-move search in the same engines' form,
/// `Depth d-s | Eval value | Time t | A1 B2 …`, as the best move's
/// (rank 1).
pub(super) fn parse_depth_line(text: &str, size: u8) -> Option<(usize, Candidate)> {
    let mut parts = text.split('|').map(str::trim);
    let depth = parts
        .next()?
        .strip_prefix("Depth ")?
        .split('-')
        .next()?
        .trim()
        .parse()
        .ok()?;
    let score = value(parts.next()?.strip_prefix("Eval ")?.trim())?;
    let _time = parts.next()?.strip_prefix("Time ")?;
    let pv = labels(parts.next()?, size);
    let mv = *pv.first()?;
    Some((
        1,
        Candidate {
            mv,
            score,
            depth,
            pv,
        },
    ))
}

/// A value in those engines' form: their own units, or `+M n` / `-M n`
/// for a win or loss in `n` plies.
fn value(text: &str) -> Option<Score> {
    Some(if let Some(n) = text.strip_prefix("+M") {
        Score::win_in(n.trim().parse().unwrap_or(1))
    } else if let Some(n) = text.strip_prefix("-M") {
        Score::loss_in(n.trim().parse().unwrap_or(1))
    } else {
        Score(text.parse().ok()?)
    })
}

/// A line of moves in those engines' labels (see [`label`]), up to the
/// first word that is none.
fn labels(text: &str, size: u8) -> Vec<Point> {
    text.split_whitespace()
        .map_while(|w| label(&w.to_ascii_uppercase(), size))
        .collect()
}

/// A move in those engines' labels: an upper-case letter for the
/// protocol's x (`A` is 0, no letter skipped) and a number for its y plus
/// one (so the number grows downwards, unlike this project's names).
fn label(word: &str, size: u8) -> Option<Point> {
    let mut chars = word.chars();
    let col = chars.next()?;
    if !col.is_ascii_uppercase() {
        return None;
    }
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row: u8 = digits.parse().ok()?;
    let x = u8::try_from(u32::from(col) - u32::from('A')).ok()?;
    let p = Point::new(x, row.checked_sub(1)?);
    (x < size && p.y < size).then_some(p)
}

/// An engine's report line made readable on a board of `size`: its moves
/// in this app's names (`h8`, rows counted from the bottom), or `None`
/// when it names moves in a way that cannot be read for sure.
///
/// Engines write moves in their own conventions: the protocol's 0-based
/// `x,y` (read exactly), or a letter and a number, upper-case in Rapfi's
/// form (letter for x from `A`, number for y plus one: its `I9` is our
/// `i7` on 15×15), lower-case in others' that differ among themselves
/// (PentaZen's letter is the protocol's y). A lower-case name is read as
/// this app's only when `own_names` says the engine is this project's
/// own; otherwise the line is dropped rather than shown with moves that
/// point elsewhere.
#[must_use]
pub fn readable_line(text: &str, size: u8, own_names: bool) -> Option<String> {
    let mut out = Vec::new();
    for word in text.split_whitespace() {
        // Punctuation around a move stays where it was.
        let core = word.trim_start_matches(['(', '[']);
        let core = core.trim_end_matches([')', ']', ';', ':', '.']);
        let (start, end) = word.split_at(word.find(core).unwrap_or(0));
        let end = &end[core.len()..];
        let named = if let Some(p) = protocol_point(core, size) {
            Some(point_name(p, size))
        } else if let Some(p) = label(core, size) {
            Some(point_name(p, size))
        } else if is_lower_name(core) {
            if !own_names {
                return None;
            }
            None
        } else {
            None
        };
        match named {
            Some(name) => out.push(format!("{start}{name}{end}")),
            None => out.push(word.to_string()),
        }
    }
    Some(out.join(" "))
}

/// A move in the protocol's `x,y` form, on the board.
fn protocol_point(word: &str, size: u8) -> Option<Point> {
    let (x, y) = word.split_once(',')?;
    let digits = |t: &str| !t.is_empty() && t.len() <= 2 && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    let (x, y): (u8, u8) = (x.parse().ok()?, y.parse().ok()?);
    (x < size && y < size).then(|| Point::new(x, y))
}

/// True for a lower-case letter followed by one or two digits: a move in
/// some engine's own names.
fn is_lower_name(word: &str) -> bool {
    let mut chars = word.chars();
    let digits = chars.clone().skip(1).collect::<String>();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && (1..=2).contains(&digits.len())
        && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_leads_the_ranked_moves() {
        let c = |x: u8, score: i32| Candidate {
            mv: Point::new(x, 0),
            score: Score(score),
            depth: 5,
            pv: vec![Point::new(x, 0)],
        };
        let best = Point::new(1, 0);
        // The iteration under way ranks another move first: the whole one.
        let l = ranked_with_best_first(vec![c(2, 9)], &[c(1, 8), c(2, 7)], best, 5, 2);
        assert_eq!(l, [c(1, 8), c(2, 7)]);
        // Neither does: the answer goes first, with its own report if any.
        let l = ranked_with_best_first(vec![c(2, 9), c(1, 4)], &[c(3, 1)], best, 5, 2);
        assert_eq!(l, [c(1, 4), c(2, 9)]);
        let l = ranked_with_best_first(vec![c(2, 9)], &[], best, 5, 1);
        assert_eq!(l[0].mv, best);
        assert_eq!(l[0].score, Score(0));
    }

    #[test]
    fn an_iteration_cut_short_by_the_answer_keeps_every_asked_move() {
        // Rapfi asked for three moves: its last iteration reported two
        // before it answered 7,6 (H7), ranked first in both lists.
        let size = 15;
        let read = |lines: &[&str]| -> Vec<Candidate> {
            lines
                .iter()
                .map(|l| parse_ranked(l, size).unwrap().1)
                .collect()
        };
        let previous = read(&[
            "(1) -173 | 15-23 | H7 I7 G8",
            "(2) -252 | 15-28 | G8 G10 H10",
            "(3) -294 | 15-30 | H10 J8 I8",
        ]);
        let latest = read(&[
            "(1) -192 | 16-28 | H7 G8 I8",
            "(2) -245 | 16-29 | G8 G10 I8",
        ]);
        let best = Point::new(7, 6);
        let l = ranked_with_best_first(latest.clone(), &previous, best, 16, 3);
        assert_eq!(l.len(), 3, "{l:?}");
        assert_eq!(&l[..2], &latest[..]);
        assert_eq!(l[2], previous[2], "the third from the whole iteration");
        // Never more than asked.
        assert_eq!(
            ranked_with_best_first(latest, &previous, best, 16, 1).len(),
            1
        );
    }

    #[test]
    fn a_one_move_report_and_stated_depths_are_read() {
        let (rank, c) =
            parse_depth_line("Depth 15-28 | Eval -192 | Time 970ms | H7 G8 I8", 15).unwrap();
        assert_eq!(rank, 1);
        assert_eq!(
            (c.mv, c.depth, c.score),
            (Point::new(7, 6), 15, Score(-192))
        );
        assert_eq!(c.pv.len(), 3);
        assert!(parse_depth_line("Speed 418K | Depth 15-28 | Eval -192", 15).is_none());
        assert_eq!(
            reported_depth("Speed 418K | Depth 15-28 | Eval -192"),
            Some(15)
        );
        assert_eq!(reported_depth("dep 9-14 ev 35 nd 120k tm 1200"), Some(9));
        assert_eq!(reported_depth("depth 7 score even pv h8"), Some(7));
        assert_eq!(reported_depth("fake plays 7,7"), None);
    }

    #[test]
    fn report_lines_are_shown_in_this_apps_names_or_not_at_all() {
        // Rapfi's I9 is the protocol's 8,8: our i7 on 15×15.
        assert_eq!(
            readable_line("Depth 15-28 | Eval -192 | Time 970ms | I9 H7 G8", 15, false).as_deref(),
            Some("Depth 15-28 | Eval -192 | Time 970ms | i7 h9 g8")
        );
        // The protocol's own x,y.
        assert_eq!(
            readable_line("fake plays 7,7", 15, false).as_deref(),
            Some("fake plays h8")
        );
        assert_eq!(
            readable_line("ERROR Unknown command: (7,8)", 15, false).as_deref(),
            Some("ERROR Unknown command: (h7)")
        );
        // Nothing that names a move: as it was.
        let speed = "Speed 418K | Depth 15-28 | Eval -192 | Node 406K | Time 972ms";
        assert_eq!(readable_line(speed, 15, false).as_deref(), Some(speed));
        // Lower-case names mean different points to different engines.
        assert_eq!(readable_line("dep 9-14 ev 35 pv h9 i10", 15, false), None);
        let ours = "depth 9 score even pv h9 i10";
        assert_eq!(readable_line(ours, 15, true).as_deref(), Some(ours));
        // Off the board: not a move.
        assert_eq!(
            readable_line("used Z99 and 40,2", 15, false).as_deref(),
            Some("used Z99 and 40,2")
        );
    }

    #[test]
    fn ranked_lines_of_the_other_kind_are_read() {
        let (rank, c) = parse_ranked_line("(2) -35 | 11-19 | H9 J7 K8", 15).unwrap();
        assert_eq!(rank, 2);
        assert_eq!(c.mv, Point::new(7, 8));
        assert_eq!(
            c.pv,
            [Point::new(7, 8), Point::new(9, 6), Point::new(10, 7)]
        );
        assert_eq!((c.depth, c.score), (11, Score(-35)));
        let (_, c) = parse_ranked_line("(1) +M5 | 20-30 | A1", 15).unwrap();
        assert_eq!(c.score, Score::win_in(5));
        assert_eq!(c.mv, Point::new(0, 0));
        assert!(parse_ranked_line("(1) 10 | 3-5 | Z99", 15).is_none());
        assert!(parse_ranked_line("depth 3-5 ev 10", 15).is_none());
    }

    #[test]
    fn ranked_reports_are_read() {
        let (rank, c) = parse_nbest(
            "NBEST 2/3 7,6 depth 9 score Black +0.3 winrate 60.0% pv h9 h10",
            15,
        )
        .unwrap();
        assert_eq!(rank, 2);
        // h9 is 7,6: rows count from the bottom.
        assert_eq!(c.mv, Point::new(7, 6));
        assert_eq!(c.depth, 9);
        assert!(c.score.0 > 0);
        assert_eq!(c.pv[0], c.mv);
        assert_eq!(c.pv.len(), 2, "{:?}", c.pv);
        assert!(parse_nbest("depth 3 ev 12", 15).is_none());
    }
}
