//! The Yixin protocol's extensions, engine side: the lines we send for
//! `YXSHOWFORBID`, `YXSHOWINFO`, `YXNBEST` and `INFO show_detail`, and the
//! values of the `INFO` keys Yixin Board sends.
//!
//! The public description (repository `accreator/Yixin-protocol`,
//! `protocol.tex`) defines `yxboard`, `yxstop`, `yxshowforbid`,
//! `yxhashclear` and the `INFO` keys `max_depth`, `max_node`, `hash_size`,
//! `thread_num` and `thread_split_depth`, and renumbers `INFO rule`. It
//! points to Yixin Board for the rest; `YXNBEST`, `YXSHOWINFO`,
//! `show_detail` and the `MESSAGE REALTIME` and `MESSAGE INFO` lines
//! follow what Yixin Board sends and reads.
//!
//! Coordinates are the protocol's own `x,y`, as in `TURN`: Yixin Board
//! writes them row first, but only ever reads back what it sent, so the
//! engine need not know.

use crate::engine::{win_chance, SearchInfo, MAX_THREADS};
use crate::rules::{point_name, renju, Board, Point, Rule, Stone};

use super::settings::max_hash_size_exponent;

/// Most best moves one `YXNBEST` may ask for: beyond this the ranking
/// costs more than it can show, and no board view has room for it.
pub const MAX_NBEST: u32 = 32;

/// The `FORBID` line: Black's forbidden points when Renju is played and
/// Black is to move, each as two 2-digit numbers `XXYY`, ended by a full
/// stop (`FORBID 07080906.`, or `FORBID .` when there are none).
#[must_use]
pub fn forbid_line(board: &Board, rule: Rule) -> String {
    let mut line = String::from("FORBID ");
    if rule.has_forbidden_moves() && board.side_to_move_by_count() == Some(Stone::Black) {
        for (p, _) in renju::forbidden_points(board) {
            line.push_str(&format!("{:02}{:02}", p.x, p.y));
        }
    }
    line.push('.');
    line
}

/// The answer to `YXSHOWINFO`: the most threads and the largest hash
/// (as a power-of-two exponent of kilobytes) worth offering the user.
#[must_use]
pub fn show_info_lines() -> [String; 2] {
    [
        format!("MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}"),
        format!("MESSAGE INFO MAX_HASH_SIZE {}", max_hash_size_exponent()),
    ]
}

fn xy(p: Point) -> String {
    format!("{},{}", p.x, p.y)
}

/// One `MESSAGE` line for each ranked move of a multi-PV search:
/// `MESSAGE NBEST rank/count x,y depth d score words winrate pct% pv line`,
/// the score in words and the win chance both for `to_move`.
#[must_use]
pub fn nbest_lines(info: &SearchInfo, to_move: Stone, size: u8) -> Vec<String> {
    let count = info.candidates.len();
    info.candidates
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let pv: Vec<String> = c.pv.iter().map(|p| point_name(*p, size)).collect();
            format!(
                "MESSAGE NBEST {}/{count} {} depth {} score {} winrate {:.1}% pv {}",
                i + 1,
                xy(c.mv),
                c.depth,
                c.score.describe(to_move),
                win_chance(c.score) * 100.0,
                if pv.is_empty() {
                    "-".to_string()
                } else {
                    pv.join(" ")
                }
            )
        })
        .collect()
}

/// The `MESSAGE REALTIME` lines Yixin Board draws on its board after an
/// iteration: `REFRESH` clears the last marks, each ranked move is marked
/// searched (`POS` then `DONE`), or lost (`LOSE`) when it is proved to
/// lose, then the best line (`PV`, point names), its score (`VAL`,
/// evaluation units for the side to move) and the best move (`BEST`).
#[must_use]
pub fn realtime_lines(info: &SearchInfo, size: u8) -> Vec<String> {
    let mut lines = vec!["MESSAGE REALTIME REFRESH".to_string()];
    for c in &info.candidates {
        if c.score.mate_moves().is_some_and(|n| n < 0) {
            lines.push(format!("MESSAGE REALTIME LOSE {}", xy(c.mv)));
        } else {
            lines.push(format!("MESSAGE REALTIME POS {}", xy(c.mv)));
            lines.push(format!("MESSAGE REALTIME DONE {}", xy(c.mv)));
        }
    }
    if let Some(&best) = info.pv.first() {
        let pv: Vec<String> = info.pv.iter().map(|p| point_name(*p, size)).collect();
        lines.push(format!("MESSAGE REALTIME PV {}", pv.join(" ")));
        lines.push(format!("MESSAGE REALTIME VAL {}", info.score.0));
        lines.push(format!("MESSAGE REALTIME BEST {}", xy(best)));
    }
    lines
}

/// Reads `INFO max_node`: a node cap, or `None` for -1 or 0 (Yixin Board
/// sends -1 for "no limit").
///
/// # Errors
/// A sentence for the `ERROR` line when the value is not such a number.
pub fn parse_max_node(value: &str) -> Result<Option<u64>, String> {
    match value.trim() {
        "-1" | "0" => Ok(None),
        v => super::command::parse_number(v)
            .map(Some)
            .map_err(|e| format!("max_node: {e} (a node count, or -1 for no limit)")),
    }
}

/// Reads `INFO max_depth`: a depth cap in plies, or `None` for 0.
///
/// # Errors
/// A sentence for the `ERROR` line when the value is not such a number.
pub fn parse_max_depth(value: &str) -> Result<Option<u32>, String> {
    let n = super::command::parse_number(value)
        .map_err(|e| format!("max_depth: {e} (a depth, or 0 for no limit)"))?;
    match n {
        0 => Ok(None),
        // Deeper than any board has moves is no cap at all.
        n => Ok(Some(u32::try_from(n).unwrap_or(u32::MAX))),
    }
}

/// Reads `INFO thread_num`: at least 1; more than [`MAX_THREADS`] is
/// brought down to it, with a note for the manager.
///
/// # Errors
/// A sentence for the `ERROR` line for 0 or a value that is not a number.
pub fn parse_thread_num(value: &str) -> Result<(usize, Option<String>), String> {
    let n = super::command::parse_number(value)
        .map_err(|e| format!("thread_num: {e} (1 to {MAX_THREADS})"))?;
    if n == 0 {
        return Err(format!("thread_num must be 1 to {MAX_THREADS}, not 0"));
    }
    if n > MAX_THREADS as u64 {
        return Ok((
            MAX_THREADS,
            Some(format!(
                "thread_num {n} is more than we use: searching with {MAX_THREADS}"
            )),
        ));
    }
    Ok((n as usize, None))
}

/// Reads `INFO show_detail` (0 to 3) into whether to send the
/// `MESSAGE REALTIME` lines (bit 1).
///
/// # Errors
/// A sentence for the `ERROR` line for anything else.
pub fn parse_show_detail(value: &str) -> Result<bool, String> {
    match super::command::parse_number(value) {
        Ok(n @ 0..=3) => Ok(n & 1 == 1),
        _ => Err(format!(
            "show_detail must be 0 to 3, not '{}'",
            value.trim().chars().take(40).collect::<String>()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Candidate, Score};
    use std::time::Duration;

    fn board(stones: &[(u8, u8, Stone)]) -> Board {
        let mut b = Board::standard();
        for &(x, y, s) in stones {
            b.place(Point::new(x, y), s).unwrap();
        }
        b
    }

    #[test]
    fn forbid_lists_blacks_forbidden_points_in_two_digits() {
        // Black h8-i8 and h9 ... a double three at (9,9) style set-up:
        // two open twos crossing at one point make a 3x3 there.
        let b = board(&[
            (7, 7, Stone::Black),
            (8, 7, Stone::Black),
            (10, 9, Stone::Black),
            (10, 10, Stone::Black),
            (0, 0, Stone::White),
            (0, 14, Stone::White),
            (14, 0, Stone::White),
            (14, 14, Stone::White),
        ]);
        let expected: String = renju::forbidden_points(&b)
            .iter()
            .map(|(p, _)| format!("{:02}{:02}", p.x, p.y))
            .collect();
        assert!(!expected.is_empty(), "the set-up has a forbidden point");
        assert!(expected.contains("1007"), "{expected}");
        assert_eq!(forbid_line(&b, Rule::Renju), format!("FORBID {expected}."));
        // No forbidden points outside Renju, or with White to move.
        assert_eq!(forbid_line(&b, Rule::Freestyle), "FORBID .");
        let mut w = b.clone();
        w.place(Point::new(3, 3), Stone::Black).unwrap();
        assert_eq!(forbid_line(&w, Rule::Renju), "FORBID .");
        assert_eq!(forbid_line(&Board::standard(), Rule::Renju), "FORBID .");
    }

    fn info(cands: &[(u8, u8, Score)]) -> SearchInfo {
        let candidates: Vec<Candidate> = cands
            .iter()
            .map(|&(x, y, score)| Candidate {
                mv: Point::new(x, y),
                score,
                depth: 7,
                pv: vec![Point::new(x, y), Point::new(0, 0)],
            })
            .collect();
        SearchInfo {
            depth: 7,
            seldepth: 9,
            score: candidates[0].score,
            pv: candidates[0].pv.clone(),
            nodes: 1000,
            nps: 1000,
            elapsed: Duration::from_millis(1),
            candidates,
        }
    }

    #[test]
    fn nbest_lines_rank_each_move_with_its_chance() {
        let i = info(&[
            (7, 7, Score(0)),
            (8, 7, Score(-1500)),
            (1, 1, Score::loss_in(2)),
        ]);
        let lines = nbest_lines(&i, Stone::Black, 15);
        // The chance comes from the one mapping, whatever its fitted scale.
        let behind = win_chance(Score(-1500)) * 100.0;
        assert!(behind < 50.0);
        assert_eq!(
            lines,
            [
                "MESSAGE NBEST 1/3 7,7 depth 7 score even winrate 50.0% pv h8 a15".to_string(),
                format!(
                    "MESSAGE NBEST 2/3 8,7 depth 7 score White +1.5 winrate {behind:.1}% pv i8 a15"
                ),
                "MESSAGE NBEST 3/3 1,1 depth 7 score White wins in 1 winrate 0.0% pv b14 a15"
                    .to_string(),
            ]
        );
    }

    #[test]
    fn realtime_lines_mark_candidates_and_the_best() {
        let i = info(&[(7, 7, Score(120)), (1, 1, Score::loss_in(2))]);
        assert_eq!(
            realtime_lines(&i, 15),
            [
                "MESSAGE REALTIME REFRESH",
                "MESSAGE REALTIME POS 7,7",
                "MESSAGE REALTIME DONE 7,7",
                "MESSAGE REALTIME LOSE 1,1",
                "MESSAGE REALTIME PV h8 a15",
                "MESSAGE REALTIME VAL 120",
                "MESSAGE REALTIME BEST 7,7",
            ]
        );
    }

    #[test]
    fn yixin_values_are_read_or_refused() {
        assert_eq!(parse_max_node("-1"), Ok(None));
        assert_eq!(parse_max_node("0"), Ok(None));
        assert_eq!(parse_max_node("500000000"), Ok(Some(500_000_000)));
        assert!(parse_max_node("-2").is_err());
        assert!(parse_max_node("lots").is_err());
        assert_eq!(parse_max_depth("225"), Ok(Some(225)));
        assert_eq!(parse_max_depth("0"), Ok(None));
        assert!(parse_max_depth("-1").is_err());
        assert_eq!(parse_thread_num("2"), Ok((2, None)));
        let (n, note) = parse_thread_num("64").unwrap();
        assert_eq!(n, MAX_THREADS);
        assert!(note.unwrap().contains("64"));
        assert!(parse_thread_num("0").is_err());
        assert!(parse_thread_num("x").is_err());
        assert_eq!(parse_show_detail("1"), Ok(true));
        assert_eq!(parse_show_detail("3"), Ok(true));
        assert_eq!(parse_show_detail("2"), Ok(false));
        assert_eq!(parse_show_detail("0"), Ok(false));
        assert!(parse_show_detail("4").is_err());
        assert!(parse_show_detail("yes").is_err());
    }

    #[test]
    fn show_info_names_our_limits() {
        let [threads, hash] = show_info_lines();
        assert_eq!(
            threads,
            format!("MESSAGE INFO MAX_THREAD_NUM {MAX_THREADS}")
        );
        assert_eq!(hash, "MESSAGE INFO MAX_HASH_SIZE 20");
    }
}
