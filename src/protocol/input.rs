//! Reading the manager's lines on their own thread.
//!
//! The reader hands every line to the main loop over a channel, and raises
//! the stop (and quit) flags itself the moment it sees `STOP` (or Yixin's
//! `YXSTOP`) or `END`, so a search in progress ends at once rather than
//! after it finishes. It also counts the `STOP` lines and tags every line
//! it passes on with that count, so the session can tell a `STOP` meant
//! for a search that has not started yet (see
//! [`super::Session::with_stop_count`]).

use super::command::{parse_command, Command};
use std::io::{self, BufRead};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

/// Longest line kept, bytes. Protocol lines are short; a longer one is
/// garbage and is reported, not stored, so no input can exhaust memory.
pub const MAX_LINE: usize = 16 * 1024;

/// One line from the manager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum InputLine {
    /// A line, without its ending; invalid UTF-8 replaced.
    Text(String),
    /// A line longer than [`MAX_LINE`], dropped; its length in bytes.
    TooLong(usize),
}

/// Reads one line of at most `max` bytes. `Ok(None)` at the end of input.
///
/// # Errors
/// The reader's I/O errors.
pub fn read_line_bounded<R: BufRead>(r: &mut R, max: usize) -> io::Result<Option<InputLine>> {
    let mut buf = Vec::new();
    let mut dropped = 0usize;
    let mut saw_any = false;
    loop {
        let available = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !saw_any {
                return Ok(None);
            }
            break;
        }
        saw_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        let take = chunk.len().min(max - buf.len().min(max));
        buf.extend_from_slice(&chunk[..take]);
        dropped = dropped.saturating_add(chunk.len() - take);
        let consumed = newline.map_or(available.len(), |i| i + 1);
        r.consume(consumed);
        if newline.is_some() {
            break;
        }
    }
    if dropped > 0 {
        return Ok(Some(InputLine::TooLong(buf.len().saturating_add(dropped))));
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(Some(InputLine::Text(
        String::from_utf8_lossy(&buf).into_owned(),
    )))
}

/// Starts the reader thread on standard input. `STOP` lines only add one
/// to `stops` and raise `stop`; `END` raises both flags and is passed on;
/// the end of input acts as `END`. Every line passed on comes with the
/// number of `STOP` lines read before it.
///
/// # Errors
/// If the thread cannot be started.
pub fn spawn_stdin_reader(
    tx: Sender<(InputLine, u64)>,
    stop: Arc<AtomicBool>,
    quit: Arc<AtomicBool>,
    stops: Arc<AtomicU64>,
) -> io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("pbrain-stdin".into())
        .spawn(move || {
            let stdin = io::stdin();
            let mut lock = stdin.lock();
            while let Ok(Some(line)) = read_line_bounded(&mut lock, MAX_LINE) {
                if let InputLine::Text(text) = &line {
                    match parse_command(text) {
                        Ok(Command::Stop) => {
                            // Count before raising: the session lowers the
                            // flag, then reads the count (Session::arm_stop).
                            stops.fetch_add(1, Ordering::SeqCst);
                            stop.store(true, Ordering::SeqCst);
                            continue;
                        }
                        Ok(Command::End) => {
                            quit.store(true, Ordering::SeqCst);
                            stop.store(true, Ordering::SeqCst);
                        }
                        _ => {}
                    }
                }
                if tx.send((line, stops.load(Ordering::SeqCst))).is_err() {
                    return;
                }
            }
            quit.store(true, Ordering::SeqCst);
            stop.store(true, Ordering::SeqCst);
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8], max: usize) -> Vec<InputLine> {
        let mut r = io::BufReader::with_capacity(7, input);
        let mut out = Vec::new();
        while let Some(l) = read_line_bounded(&mut r, max).unwrap() {
            out.push(l);
        }
        out
    }

    #[test]
    fn crlf_and_missing_final_newline() {
        assert_eq!(
            lines(b"START 15\r\nTURN 1,2\nEND", 100),
            vec![
                InputLine::Text("START 15".into()),
                InputLine::Text("TURN 1,2".into()),
                InputLine::Text("END".into()),
            ]
        );
    }

    #[test]
    fn long_lines_are_dropped_and_reading_goes_on() {
        let mut input = vec![b'x'; 1000];
        input.extend_from_slice(b"\nABOUT\n");
        assert_eq!(
            lines(&input, 64),
            vec![InputLine::TooLong(1000), InputLine::Text("ABOUT".into())]
        );
    }

    #[test]
    fn invalid_utf8_is_replaced() {
        assert_eq!(
            lines(b"AB\xffOUT\n", 100),
            vec![InputLine::Text("AB\u{fffd}OUT".into())]
        );
    }

    #[test]
    fn empty_lines_are_lines() {
        assert_eq!(
            lines(b"\n\r\n", 100),
            vec![
                InputLine::Text(String::new()),
                InputLine::Text(String::new())
            ]
        );
    }
}
