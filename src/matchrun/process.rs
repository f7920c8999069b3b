//! One engine process spoken to through the pbrain protocol: spawning it,
//! sending lines, waiting for a reply with a deadline, and killing it.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long an engine may take to answer `ABOUT` or `START`: generous,
/// since a cold process start on a busy machine can be slow.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long an engine gets to exit after `END` before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// Why talking to an engine failed. Any of these loses the game for it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start '{command}': {reason}")]
    Spawn {
        /// The command line.
        command: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The process exited or closed its output.
    #[error("the engine crashed or exited")]
    Crashed,
    /// No answer before the deadline.
    #[error("the engine did not answer in time ({0} ms)")]
    Timeout(u64),
    /// An answer that breaks the protocol.
    #[error("protocol error: {0}")]
    Protocol(String),
}

/// How to start an engine: a program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineSpec {
    /// Program then arguments.
    pub argv: Vec<String>,
}

impl EngineSpec {
    /// The command line as one string, for messages.
    #[must_use]
    pub fn display(&self) -> String {
        self.argv.join(" ")
    }
}

/// Splits a command line into words as a POSIX shell would (quotes and
/// backslashes), without running a shell.
///
/// # Errors
/// Unbalanced quotes or an empty command.
pub fn split_command_line(text: &str) -> Result<EngineSpec, String> {
    let argv = shlex::split(text).ok_or_else(|| format!("unbalanced quotes in '{text}'"))?;
    if argv.is_empty() {
        return Err("empty engine command".into());
    }
    Ok(EngineSpec { argv })
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Diagnostic lines (`ERROR`, `UNKNOWN`) seen since the last call to
    /// [`EngineProcess::take_diagnostics`].
    diagnostics: Vec<String>,
}

impl EngineProcess {
    /// Starts the engine, with a thread reading its output.
    ///
    /// # Errors
    /// [`EngineError::Spawn`].
    pub fn spawn(spec: &EngineSpec) -> Result<EngineProcess, EngineError> {
        let spawn_error = |reason: String| EngineError::Spawn {
            command: spec.display(),
            reason,
        };
        let (program, args) = spec
            .argv
            .split_first()
            .ok_or_else(|| spawn_error("empty command".into()))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| spawn_error(e.to_string()))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| spawn_error("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| spawn_error("no stdout".into()))?;
        let (tx, rx) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || {
                let mut reader = BufReader::new(stdout);
                let mut buf = Vec::new();
                loop {
                    buf.clear();
                    match reader.read_until(b'\n', &mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {
                            let line = String::from_utf8_lossy(&buf).trim().to_string();
                            if tx.send(line).is_err() {
                                return;
                            }
                        }
                    }
                }
            })
            .map_err(|e| spawn_error(e.to_string()))?;
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            diagnostics: Vec::new(),
        })
    }

    /// Sends one line.
    ///
    /// # Errors
    /// [`EngineError::Crashed`] when the pipe is closed.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|_| EngineError::Crashed)
    }

    /// Forgets lines already received (late search reports from the last
    /// game).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// The next line that is not a `MESSAGE` or `DEBUG` report, waiting
    /// until `deadline`. `ERROR` and `UNKNOWN` lines are kept as
    /// diagnostics and skipped (an engine may complain and still move).
    ///
    /// # Errors
    /// [`EngineError::Timeout`] or [`EngineError::Crashed`].
    pub fn next_answer(
        &mut self,
        deadline: Instant,
        waited_for: u64,
    ) -> Result<String, EngineError> {
        self.next_line(deadline, waited_for, true)
    }

    /// The engine's move: like [`EngineProcess::next_answer`], but lines
    /// that cannot be a move attempt (their first word has no comma) are
    /// kept as diagnostics and skipped. Some engines write a search report
    /// whose raw bytes include a line break, so the tail of a `MESSAGE`
    /// arrives as a line of its own; it must neither be taken for the move
    /// nor forfeit the game. An engine that only writes such lines runs out
    /// of time.
    ///
    /// # Errors
    /// [`EngineError::Timeout`] or [`EngineError::Crashed`].
    pub fn next_move(&mut self, deadline: Instant, waited_for: u64) -> Result<String, EngineError> {
        loop {
            let line = self.next_answer(deadline, waited_for)?;
            let first = line.split_whitespace().next().unwrap_or("");
            if first.contains(',') {
                return Ok(line);
            }
            self.diagnostics.push(format!("ignored '{line}'"));
        }
    }

    /// Like [`EngineProcess::next_answer`], but an `ERROR` or `UNKNOWN`
    /// line is the answer: for commands that must be acknowledged.
    ///
    /// # Errors
    /// [`EngineError::Timeout`] or [`EngineError::Crashed`].
    pub fn next_ack(&mut self, deadline: Instant, waited_for: u64) -> Result<String, EngineError> {
        self.next_line(deadline, waited_for, false)
    }

    fn next_line(
        &mut self,
        deadline: Instant,
        waited_for: u64,
        skip_errors: bool,
    ) -> Result<String, EngineError> {
        loop {
            let now = Instant::now();
            let left = deadline.saturating_duration_since(now);
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(EngineError::Timeout(waited_for)),
                Err(RecvTimeoutError::Disconnected) => return Err(EngineError::Crashed),
            };
            let word = line
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            match word.as_str() {
                "" | "MESSAGE" | "DEBUG" => {}
                "ERROR" | "UNKNOWN" if skip_errors => self.diagnostics.push(line),
                _ => return Ok(line),
            }
        }
    }

    /// `ERROR`/`UNKNOWN` lines seen since the last call.
    pub fn take_diagnostics(&mut self) -> Vec<String> {
        std::mem::take(&mut self.diagnostics)
    }

    /// Asks the engine to quit, and kills it if it does not.
    pub fn shutdown(mut self) {
        let _ = self.send("END");
        let until = Instant::now() + EXIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        self.kill();
    }

    /// Kills the process at once.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}

/// The `name="…"` field of an `ABOUT` answer.
#[must_use]
pub fn about_name(about: &str) -> Option<String> {
    let start = about.find("name=\"")? + "name=\"".len();
    let len = about[start..].find('"')?;
    let name = &about[start..start + len];
    (!name.is_empty()).then(|| name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn command_lines_split_like_a_shell() {
        let s = split_command_line("target/pbrain-gomoku --level 'Normal' \"a b\"").unwrap();
        assert_eq!(s.argv, ["target/pbrain-gomoku", "--level", "Normal", "a b"]);
        assert!(split_command_line("  ").is_err());
        assert!(split_command_line("x 'y").is_err());
        let s = split_command_line(r"/opt/my\ engine --x").unwrap();
        assert_eq!(s.argv, ["/opt/my engine", "--x"]);
    }

    #[test]
    fn about_names() {
        assert_eq!(
            about_name("name=\"gomoku\", version=\"1\""),
            Some("gomoku".into())
        );
        assert_eq!(about_name("version=\"1\""), None);
    }

    #[test]
    fn a_missing_program_is_a_spawn_error() {
        let spec = split_command_line("/nonexistent/engine-binary").unwrap();
        assert!(matches!(
            EngineProcess::spawn(&spec),
            Err(EngineError::Spawn { .. })
        ));
    }
}
