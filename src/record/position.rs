//! Plain position strings as records: point names one after another
//! (`h8i9j7`), optionally split by spaces, commas or line breaks, and
//! optionally opened by a size tag (`20x20 h8i9j7`) because row numbers
//! count from the bottom and so depend on the board size.

use super::psq::{check_size, parse_dims};
use super::{validate, Record, RecordError, RecordErrorKind};
use crate::rules::{parse_point, print_moves, NotationError, Point};

/// Writes moves as a plain position string such as `h8i9j7` (no size
/// tag, so it can be pasted anywhere a position string is read).
#[must_use]
pub fn write_position_string(size: u8, moves: &[Point]) -> String {
    print_moves(moves, size)
}

/// Reads a position string, with an optional size tag (`20x20` or
/// `20x20:`) before the first move, and replays it under the freestyle
/// rule. Without a tag the board has side `plain_size`.
///
/// # Errors
/// [`RecordError`] naming the line: a bad size tag, a text that is not a
/// point name (with its column), a point off the board, a move on an
/// occupied point or a move after a five.
pub fn parse_position_record(text: &str, plain_size: u8) -> Result<Record, RecordError> {
    let text = super::strip_bom(text);
    let mut size = None;
    let mut moves = Vec::new();
    let mut move_lines = Vec::new();
    let mut first_line = None;
    for (i, raw) in text.lines().enumerate() {
        let number = i + 1;
        let mut body = raw;
        let mut column_offset = 0;
        if first_line.is_none() && !raw.trim().is_empty() {
            first_line = Some(number);
            let (tagged, rest, offset) = split_tag(raw).map_err(|k| RecordError::new(number, k))?;
            size = Some(match tagged {
                Some(s) => s,
                None => check_size(u32::from(plain_size), u32::from(plain_size))
                    .map_err(|k| RecordError::new(number, k))?,
            });
            body = rest;
            column_offset = offset;
        }
        let Some(size) = size else { continue };
        for (column, token) in tokens(body) {
            let column = column + column_offset;
            let p = parse_point(token, size).map_err(|e| {
                let kind = match e {
                    NotationError::OffBoard { name, size } => RecordErrorKind::OffBoard {
                        number: moves.len() + 1,
                        coords: name,
                        size,
                    },
                    _ => RecordErrorKind::BadPoint {
                        text: token.chars().take(6).collect(),
                        column: column + 1,
                    },
                };
                RecordError::new(number, kind)
            })?;
            moves.push(p);
            move_lines.push(number);
        }
    }
    let (Some(size), Some(first_line)) = (size, first_line) else {
        return Err(RecordError::new(1, RecordErrorKind::Empty));
    };
    validate(size, &moves, |i| {
        move_lines.get(i).copied().unwrap_or(first_line)
    })?;
    Ok(Record { size, moves })
}

/// Splits an optional `WxH` or `WxH:` tag off the first line. Returns the
/// tagged size, the rest of the line and the rest's character offset.
fn split_tag(line: &str) -> Result<(Option<u8>, &str, usize), RecordErrorKind> {
    let lead = line.len() - line.trim_start().len();
    let trimmed = &line[lead..];
    // Point names start with a letter, a tag with a digit: no ambiguity.
    if !trimmed.starts_with(|c: char| c.is_ascii_digit()) {
        return Ok((None, line, 0));
    }
    let stop = trimmed
        .find(|c: char| c.is_whitespace() || c == ',' || c == ';' || c == ':')
        .unwrap_or(trimmed.len());
    let dims = &trimmed[..stop];
    let end = if trimmed[stop..].starts_with(':') {
        stop + 1
    } else {
        stop
    };
    let tag = &trimmed[..end];
    let (w, h) = parse_dims(dims).ok_or_else(|| RecordErrorKind::BadHeader(tag.to_string()))?;
    let size = check_size(w, h)?;
    let rest_start = lead + end;
    Ok((
        Some(size),
        &line[rest_start..],
        line[..rest_start].chars().count(),
    ))
}

/// Splits a line into single point names with their 0-based character
/// columns. A point name is a letter and up to three digits (as
/// [`crate::rules::parse_moves`] reads them); a token that does not fit
/// is returned as the rest of the run so the error can quote it.
fn tokens(line: &str) -> Vec<(usize, &str)> {
    let chars: Vec<(usize, char)> = line.char_indices().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let (start_byte, c) = chars[i];
        if c.is_whitespace() || c == ',' || c == ';' {
            i += 1;
            continue;
        }
        let start = i;
        let mut j = i;
        if c.is_ascii_alphabetic() {
            j += 1;
            while j < chars.len() && chars[j].1.is_ascii_digit() && j - start <= 3 {
                j += 1;
            }
        }
        if j == start || j == start + 1 {
            // Not a letter followed by a digit: hand the rest of the run
            // to the point parser, which refuses it.
            let end = chars[start..]
                .iter()
                .find(|(_, ch)| ch.is_whitespace() || *ch == ',' || *ch == ';')
                .map_or(line.len(), |(b, _)| *b);
            out.push((start, &line[start_byte..end]));
            return out;
        }
        let end_byte = chars.get(j).map_or(line.len(), |(b, _)| *b);
        out.push((start, &line[start_byte..end_byte]));
        i = j;
    }
    out
}
