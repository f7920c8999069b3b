//! Piskvork `.psq` records, the file format of the Gomocup tournament
//! manager.
//!
//! A header line `Piskvorky 20x20, 11:11, 0`, then one `x,y,time` line per
//! move with 1-based coordinates counted from the top left and the time
//! spent in milliseconds. Files written by Piskvork go on with engine
//! names and a `-1` line; the first line that is not a move ends the moves
//! and everything after it is ignored.

use super::{validate, Record, RecordError, RecordErrorKind};
use crate::rules::{Point, MAX_SIZE, MIN_SIZE};

/// The word a `.psq` header starts with.
pub const PSQ_MAGIC: &str = "Piskvorky";

/// True when `line` (trimmed) opens a `.psq` record.
pub(super) fn looks_like_psq(line: &str) -> bool {
    line.get(..PSQ_MAGIC.len())
        .is_some_and(|head| head.eq_ignore_ascii_case(PSQ_MAGIC))
}

/// Reads a `.psq` record and replays it under the freestyle rule.
///
/// # Errors
/// [`RecordError`] naming the line: a bad header, a non-square or
/// unsupported board, a malformed move line, a coordinate off the board,
/// a move on an occupied point or a move after a five.
pub fn parse_psq(text: &str) -> Result<Record, RecordError> {
    let text = super::strip_bom(text);
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .skip_while(|(_, l)| l.is_empty());
    let Some((header_line, header)) = lines.next() else {
        return Err(RecordError::new(1, RecordErrorKind::Empty));
    };
    let size = parse_header(header).map_err(|kind| RecordError::new(header_line, kind))?;
    let mut moves = Vec::new();
    let mut move_lines = Vec::new();
    for (number, line) in lines {
        if line.is_empty() {
            continue;
        }
        if !is_move_line(line) {
            break;
        }
        let p = parse_move(line, size, moves.len() + 1)
            .map_err(|kind| RecordError::new(number, kind))?;
        moves.push(p);
        move_lines.push(number);
    }
    validate(size, &moves, |i| {
        move_lines.get(i).copied().unwrap_or(header_line)
    })?;
    Ok(Record { size, moves })
}

/// Reads `Piskvorky WxH, …` and returns the board side.
fn parse_header(header: &str) -> Result<u8, RecordErrorKind> {
    let bad = || RecordErrorKind::BadHeader(header.to_string());
    if !looks_like_psq(header) {
        return Err(bad());
    }
    let rest = header[PSQ_MAGIC.len()..].trim_start();
    let dims = rest
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or("");
    let (w, h) = parse_dims(dims).ok_or_else(bad)?;
    check_size(w, h)
}

/// Reads `WxH` (either case of `x`).
pub(super) fn parse_dims(text: &str) -> Option<(u32, u32)> {
    let (w, h) = text.split_once(['x', 'X'])?;
    let w = w.parse().ok()?;
    let h = h.parse().ok()?;
    Some((w, h))
}

/// Checks that a `w` × `h` board is square and supported.
pub(super) fn check_size(w: u32, h: u32) -> Result<u8, RecordErrorKind> {
    if w != h {
        return Err(RecordErrorKind::NonSquare {
            width: w,
            height: h,
        });
    }
    match u8::try_from(w) {
        Ok(s) if (MIN_SIZE..=MAX_SIZE).contains(&s) => Ok(s),
        _ => Err(RecordErrorKind::UnsupportedSize {
            width: w,
            height: h,
        }),
    }
}

/// A move line starts with a number (possibly negative) and holds a
/// comma. Names, `-1` and other trailer lines do not, so they end the
/// moves; anything that tries to be a move and fails is an error rather
/// than a silently shortened game.
fn is_move_line(line: &str) -> bool {
    let body = line.strip_prefix('-').unwrap_or(line);
    body.starts_with(|c: char| c.is_ascii_digit()) && line.contains(',')
}

/// Reads `x,y` or `x,y,time` into a point.
fn parse_move(line: &str, size: u8, number: usize) -> Result<Point, RecordErrorKind> {
    let malformed = || RecordErrorKind::MalformedLine(line.to_string());
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    if !(2..=3).contains(&fields.len()) {
        return Err(malformed());
    }
    let x: i64 = fields[0].parse().map_err(|_| malformed())?;
    let y: i64 = fields[1].parse().map_err(|_| malformed())?;
    if let Some(t) = fields.get(2) {
        t.parse::<i64>().map_err(|_| malformed())?;
    }
    let s = i64::from(size);
    if !(1..=s).contains(&x) || !(1..=s).contains(&y) {
        return Err(RecordErrorKind::OffBoard {
            number,
            coords: format!("{x},{y}"),
            size,
        });
    }
    Ok(Point::new((x - 1) as u8, (y - 1) as u8))
}

/// Writes a `.psq` record. `times_ms` gives the time spent on each move;
/// missing times are written as 0.
#[must_use]
pub fn write_psq(size: u8, moves: &[Point], times_ms: Option<&[u32]>) -> String {
    // Piskvork writes two more fields after the size; readers (ours and
    // Piskvork's) ignore them, so the customary values are written.
    let mut out = format!("{PSQ_MAGIC} {size}x{size}, 11:11, 0\n");
    for (i, p) in moves.iter().enumerate() {
        let t = times_ms.and_then(|t| t.get(i)).copied().unwrap_or(0);
        out.push_str(&format!(
            "{},{},{t}\n",
            u32::from(p.x) + 1,
            u32::from(p.y) + 1
        ));
    }
    out
}

/// [`write_psq`] followed by one line per player name, Black first, as
/// Piskvork and match runners close a record. Control characters are
/// dropped so each name stays on its line.
#[must_use]
pub fn write_psq_with_players(
    size: u8,
    moves: &[Point],
    times_ms: Option<&[u32]>,
    players: [&str; 2],
) -> String {
    let mut out = write_psq(size, moves, times_ms);
    for name in players {
        out.extend(name.chars().filter(|c| !c.is_control()));
        out.push('\n');
    }
    out
}
