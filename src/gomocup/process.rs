//! One engine process spoken to through the Gomocup (pbrain) protocol:
//! starting it, a thread reading its output within limits, sending lines,
//! waiting for a reply with a deadline, and ending it (`END`, then a kill
//! after a grace).

use super::deathsig::die_with_parent;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, SyncSender, TryRecvError, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use thiserror::Error;

/// How long an engine may take to answer `ABOUT` or `START`: generous,
/// since a cold process start on a busy machine can be slow.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// How long an engine gets to exit after `END` before it is killed.
pub const EXIT_GRACE: Duration = Duration::from_millis(300);

/// The longest line an engine may write, in bytes. A search report is a
/// few hundred bytes; a line this long is a runaway engine, and reading it
/// whole would let it fill our memory.
pub const MAX_LINE_BYTES: usize = 16 * 1024;

/// Most lines an engine may write in one second. Engines report a search
/// a few dozen times a second at most; more is a loop gone wrong, and its
/// output would bury the answer we wait for.
pub const FLOOD_LINES_PER_SEC: u32 = 2_000;

/// Lines that may wait unread. An engine that writes this many while
/// nobody asks it anything is flooding; the cap bounds the memory it can
/// take (with [`MAX_LINE_BYTES`], a few tens of megabytes at worst).
pub const QUEUED_LINES: usize = 4_096;

/// Why talking to an engine failed, in words for people. The engine's name
/// is added by whoever reports it ([`EngineError::about`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("could not be started ('{command}': {reason})")]
    Spawn {
        /// The command line.
        command: String,
        /// The operating system's reason.
        reason: String,
    },
    /// The process exited or closed its output.
    #[error("crashed or exited ({0})")]
    Crashed(String),
    /// No answer before the deadline while thinking: it hung, or is too
    /// slow for its time.
    #[error("did not answer in time ({0} ms): it hung or is too slow")]
    Timeout(u64),
    /// No answer at all to a command every engine must acknowledge.
    #[error("never answered {command} (waited {ms} ms)")]
    NoAnswer {
        /// The command, e.g. `START` or `ABOUT`.
        command: String,
        /// How long it was given.
        ms: u64,
    },
    /// An answer that breaks the protocol: garbage, an illegal or occupied
    /// move.
    #[error("{0}")]
    Protocol(String),
    /// Too much output: lines too long or too many.
    #[error("flooded its output: {0}")]
    Flood(String),
    /// A program that does not speak the protocol: it ended, or wrote
    /// something else, instead of answering `ABOUT` (`/bin/ls` lists a
    /// folder and exits).
    #[error("is not a Gomocup engine (no answer to ABOUT)")]
    NotAnEngine,
}

impl EngineError {
    /// The error as a sentence naming the engine: `engine 'X' crashed or
    /// exited (exit status 3)`.
    #[must_use]
    pub fn about(&self, engine: &str) -> String {
        self.of(engine).to_string()
    }

    /// The error as the failure of `engine`.
    #[must_use]
    pub fn of(&self, engine: &str) -> EngineFailure {
        EngineFailure {
            engine: engine.to_string(),
            error: self.clone(),
        }
    }

    /// True when the engine must be stopped and started afresh before it
    /// is used again (anything but a refused command line).
    #[must_use]
    pub fn is_fatal(&self) -> bool {
        !matches!(self, EngineError::Protocol(_))
    }
}

/// A foreign engine's failure: which engine, and what it did. Its text is
/// an English sentence (`engine 'X' crashed or exited (exit status 3)`);
/// a translated message matches on [`EngineError`]'s variant instead and
/// fills in the engine's name and the details.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("engine '{engine}' {error}")]
pub struct EngineFailure {
    /// The engine's name, or its command line before it gave one.
    pub engine: String,
    /// What it did.
    pub error: EngineError,
}

/// How to start an engine: a program and its arguments.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// Why the reader stopped reading, if it was the engine's fault.
type FloodNote = Arc<Mutex<Option<String>>>;

/// A running engine.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    flood: FloodNote,
    /// Diagnostic lines (`ERROR`, `UNKNOWN`) seen since the last call to
    /// [`EngineProcess::take_diagnostics`].
    diagnostics: Vec<String>,
    /// `MESSAGE` lines seen since the last call to
    /// [`EngineProcess::take_messages`], when kept.
    messages: Vec<String>,
    keep_messages: bool,
    /// When the engine last printed a line, in microseconds after `born`
    /// (kept by the reader thread).
    last_heard: Arc<AtomicU64>,
    born: Instant,
    /// The last command sent, while it may still be sent again (see
    /// [`EngineProcess::lost_command`]).
    last_sent: Option<String>,
}

/// How long after the engine's last output line a command waits before it
/// is sent. Some engines (Rapfi 0.43) print their move a moment before
/// they clear their "thinking" state and drop a command that arrives in
/// between, reading the rest of its line as an unknown command: a manager
/// whose other engine answers at once (a forced block) then waits in vain
/// for a move. A pause this short costs nothing on any time control, and
/// the engine's clock starts only after the command is sent.
pub const SETTLE_GAP: Duration = Duration::from_millis(15);

/// Reads one line of at most [`MAX_LINE_BYTES`] into `buf` (without the
/// line break). `Ok(false)` at the end of the output.
fn read_line_capped(reader: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<bool, String> {
    buf.clear();
    loop {
        let chunk = reader.fill_buf().map_err(|e| e.to_string())?;
        if chunk.is_empty() {
            return Ok(!buf.is_empty());
        }
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if buf.len() + take > MAX_LINE_BYTES + 1 {
            return Err(format!("a line longer than {MAX_LINE_BYTES} bytes"));
        }
        buf.extend_from_slice(&chunk[..take]);
        reader.consume(take);
        if done {
            return Ok(true);
        }
    }
}

/// The reader thread: one line at a time to `tx`, stopping (and leaving a
/// note) when the engine floods.
fn read_output(
    stdout: impl Read,
    tx: SyncSender<String>,
    flood: FloodNote,
    heard: &AtomicU64,
    born: Instant,
) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    let mut window = Instant::now();
    let mut in_window = 0u32;
    let note = |why: String| {
        if let Ok(mut f) = flood.lock() {
            *f = Some(why);
        }
    };
    loop {
        match read_line_capped(&mut reader, &mut buf) {
            Ok(false) => return,
            Ok(true) => {}
            Err(why) => {
                if why.contains("longer") {
                    note(why);
                }
                return;
            }
        }
        if window.elapsed() >= Duration::from_secs(1) {
            window = Instant::now();
            in_window = 0;
        }
        in_window += 1;
        if in_window > FLOOD_LINES_PER_SEC {
            note(format!("more than {FLOOD_LINES_PER_SEC} lines in a second"));
            return;
        }
        let line = String::from_utf8_lossy(&buf).trim().to_string();
        let micros = u64::try_from(born.elapsed().as_micros()).unwrap_or(u64::MAX);
        heard.store(micros, Ordering::Relaxed);
        match tx.try_send(line) {
            Ok(()) => {}
            Err(TrySendError::Full(_)) => {
                note(format!("more than {QUEUED_LINES} lines nobody asked for"));
                return;
            }
            Err(TrySendError::Disconnected(_)) => return,
        }
    }
}

/// How [`describe_exit`] words an exit with status 0: the program ended
/// of its own accord, as one does that has done its work.
const CLEAN_EXIT: &str = "exit status 0";

/// Words for how a process ended.
fn describe_exit(status: ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return format!("killed by signal {sig}");
        }
    }
    match status.code() {
        Some(0) => CLEAN_EXIT.to_string(),
        Some(code) => format!("exit status {code}"),
        None => "ended".to_string(),
    }
}

impl EngineProcess {
    /// Starts the engine, with a thread reading its output. On Linux the
    /// engine is killed if the calling thread ends first (see
    /// [`super::deathsig`]), so start it on the thread that owns it.
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
        let mut cmd = Command::new(program);
        cmd.args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        die_with_parent(&mut cmd);
        let mut child = cmd.spawn().map_err(|e| spawn_error(e.to_string()))?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| spawn_error("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| spawn_error("no stdout".into()))?;
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        let flood = FloodNote::default();
        let note = Arc::clone(&flood);
        let born = Instant::now();
        let last_heard = Arc::new(AtomicU64::new(0));
        let heard = Arc::clone(&last_heard);
        let reader = std::thread::Builder::new()
            .name("engine-stdout".into())
            .spawn(move || read_output(stdout, tx, note, &heard, born));
        if let Err(e) = reader {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(e.to_string()));
        }
        Ok(EngineProcess {
            child,
            stdin,
            lines: rx,
            flood,
            diagnostics: Vec::new(),
            messages: Vec::new(),
            keep_messages: false,
            last_heard,
            born,
            last_sent: None,
        })
    }

    /// The operating system's id of the process (tests check it is gone).
    #[must_use]
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Keeps `MESSAGE` lines for [`EngineProcess::take_messages`] instead
    /// of dropping them (analysis shows them).
    pub fn keep_messages(&mut self, keep: bool) {
        self.keep_messages = keep;
    }

    /// Sends one line, no sooner than [`SETTLE_GAP`] after the engine's
    /// last output line.
    ///
    /// # Errors
    /// [`EngineError::Crashed`] when the pipe is closed.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let heard = Duration::from_micros(self.last_heard.load(Ordering::Relaxed));
        let quiet = self.born.elapsed().saturating_sub(heard);
        if heard > Duration::ZERO && quiet < SETTLE_GAP {
            std::thread::sleep(SETTLE_GAP - quiet);
        }
        if writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .is_err()
        {
            return Err(self.gone());
        }
        self.last_sent = Some(line.to_string());
        Ok(())
    }

    /// True when `line` (an `ERROR` or `UNKNOWN` line) says the engine
    /// lost the first word of the last command and read its arguments as
    /// a command of their own (`TURN 7,8` answered by `ERROR Unknown
    /// command: 7,8`): Rapfi 0.43 does so when the command comes while it
    /// still finishes its previous search, however long the pause before
    /// it ([`SETTLE_GAP`] makes that rare, a busy machine does not).
    fn lost_command(&self, line: &str) -> bool {
        let Some((_, args)) = self.last_sent.as_deref().and_then(|c| c.split_once(' ')) else {
            return false;
        };
        let args = args.trim();
        !args.is_empty() && line.trim_end().ends_with(&format!(": {args}"))
    }

    /// Forgets lines already received (late search reports from the last
    /// game).
    pub fn drain(&mut self) {
        while self.lines.try_recv().is_ok() {}
    }

    /// Why the output ended: a flood the reader stopped, or the process's
    /// exit (waited for briefly, since the pipe closes a moment before the
    /// process is reaped).
    fn gone(&mut self) -> EngineError {
        if let Some(why) = self.flood.lock().ok().and_then(|f| f.clone()) {
            return EngineError::Flood(why);
        }
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => return EngineError::Crashed(describe_exit(status)),
                Ok(None) if Instant::now() < until => {
                    std::thread::sleep(Duration::from_millis(5));
                }
                _ => return EngineError::Crashed("closed its output".into()),
            }
        }
    }

    /// The next line that is not a `MESSAGE` or `DEBUG` report, waiting
    /// until `deadline`. `ERROR` and `UNKNOWN` lines are kept as
    /// diagnostics and skipped (an engine may complain and still move).
    ///
    /// # Errors
    /// [`EngineError::Timeout`], [`EngineError::Crashed`] or
    /// [`EngineError::Flood`].
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
    /// As [`EngineProcess::next_answer`].
    pub fn next_move(&mut self, deadline: Instant, waited_for: u64) -> Result<String, EngineError> {
        loop {
            let line = self.next_answer(deadline, waited_for)?;
            if is_move_attempt(&line) {
                return Ok(line);
            }
            self.diagnostics.push(format!("ignored '{line}'"));
        }
    }

    /// Like [`EngineProcess::next_answer`], but an `ERROR` or `UNKNOWN`
    /// line is the answer: for commands that must be acknowledged.
    ///
    /// # Errors
    /// As [`EngineProcess::next_answer`].
    pub fn next_ack(&mut self, deadline: Instant, waited_for: u64) -> Result<String, EngineError> {
        self.next_line(deadline, waited_for, false)
    }

    /// Sends `command` and waits for its acknowledgement (`ABOUT`'s
    /// answer, `START`'s `OK`) for at most `wait`; silence is
    /// [`EngineError::NoAnswer`].
    ///
    /// # Errors
    /// [`EngineError::NoAnswer`], [`EngineError::Crashed`],
    /// [`EngineError::Flood`].
    pub fn ask(&mut self, command: &str, wait: Duration) -> Result<String, EngineError> {
        self.send(command)?;
        let ms = wait.as_millis() as u64;
        match self.next_ack(Instant::now() + wait, ms) {
            Err(EngineError::Timeout(_)) => Err(EngineError::NoAnswer {
                command: command.split_whitespace().next().unwrap_or("").to_string(),
                ms,
            }),
            other => other,
        }
    }

    /// A line received already, if any, without waiting; `Ok(None)` when
    /// there is none yet. `MESSAGE` lines are kept if asked for, `DEBUG`
    /// and empty lines dropped.
    ///
    /// # Errors
    /// [`EngineError::Crashed`] or [`EngineError::Flood`].
    pub fn try_line(&mut self) -> Result<Option<String>, EngineError> {
        loop {
            match self.lines.try_recv() {
                Ok(line) => {
                    if let Some(line) = self.sort(line, false) {
                        return Ok(Some(line));
                    }
                }
                Err(TryRecvError::Empty) => return Ok(None),
                Err(TryRecvError::Disconnected) => return Err(self.gone()),
            }
        }
    }

    /// Files a report line away and returns what is left for the caller.
    fn sort(&mut self, line: String, skip_errors: bool) -> Option<String> {
        let word = line
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_uppercase();
        match word.as_str() {
            "" | "DEBUG" => None,
            "MESSAGE" => {
                if self.keep_messages {
                    self.messages.push(line);
                }
                None
            }
            "ERROR" | "UNKNOWN" if self.lost_command(&line) => {
                // Sent once more; a second loss is the engine's fault.
                self.diagnostics.push(line);
                if let Some(command) = self.last_sent.take() {
                    if self.send(&command).is_ok() {
                        self.last_sent = None;
                    }
                }
                None
            }
            "ERROR" | "UNKNOWN" if skip_errors => {
                self.diagnostics.push(line);
                None
            }
            _ => Some(line),
        }
    }

    fn next_line(
        &mut self,
        deadline: Instant,
        waited_for: u64,
        skip_errors: bool,
    ) -> Result<String, EngineError> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = match self.lines.recv_timeout(left) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => return Err(EngineError::Timeout(waited_for)),
                Err(RecvTimeoutError::Disconnected) => return Err(self.gone()),
            };
            if let Some(line) = self.sort(line, skip_errors) {
                return Ok(line);
            }
        }
    }

    /// `ERROR`/`UNKNOWN` lines seen since the last call.
    pub fn take_diagnostics(&mut self) -> Vec<String> {
        std::mem::take(&mut self.diagnostics)
    }

    /// `MESSAGE` lines kept since the last call (see
    /// [`EngineProcess::keep_messages`]).
    pub fn take_messages(&mut self) -> Vec<String> {
        std::mem::take(&mut self.messages)
    }

    /// Asks the engine to quit with `END`, and kills it if it has not
    /// exited after [`EXIT_GRACE`].
    pub fn shutdown(mut self) {
        self.end();
    }

    fn end(&mut self) {
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
    /// An engine never outlives its owner: still running, it is asked to
    /// end and then killed.
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            self.end();
        }
    }
}

/// True when `answer` has the form of an answer to `ABOUT`: `key="value"`
/// fields (every engine gives at least its name so).
#[must_use]
pub fn is_about_answer(answer: &str) -> bool {
    answer.contains("=\"")
}

/// What a failure while greeting a program (`ABOUT`, then `START`) says
/// of it. A program that ends with status 0 (`/bin/ls` lists a folder,
/// `true` does nothing) is no Gomocup engine at all; so is one that did
/// not answer `ABOUT` in the protocol's form (`about_ok` false) and then
/// answers `START` wrongly or not at all (`cat` says it back). One that
/// fails (a status other than 0, a signal) or floods is told as that:
/// an engine whose start went wrong (a wrapper script in the wrong
/// folder) is better served by its exit status.
#[must_use]
pub fn greeting_failure(about_ok: bool, e: EngineError) -> EngineError {
    match e {
        EngineError::Crashed(ref how) if how == CLEAN_EXIT => EngineError::NotAnEngine,
        EngineError::Crashed(_) | EngineError::Flood(_) => e,
        _ if !about_ok => EngineError::NotAnEngine,
        _ => e,
    }
}

/// True when `line` could be a move (`x,y`): its first word holds a comma.
#[must_use]
pub fn is_move_attempt(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|w| w.contains(','))
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
    fn a_missing_program_is_a_spawn_error() {
        let spec = split_command_line("/nonexistent/engine-binary").unwrap();
        let e = EngineProcess::spawn(&spec).err().expect("no such program");
        assert!(matches!(e, EngineError::Spawn { .. }));
        assert!(e.about("x").starts_with("engine 'x' could not be started"));
    }

    #[test]
    fn long_lines_are_refused_and_short_ones_read() {
        let mut text = b"7,7\r\nMESSAGE hi\n".to_vec();
        text.extend(std::iter::repeat_n(b'a', MAX_LINE_BYTES + 10));
        let mut r = BufReader::with_capacity(64, &text[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_capped(&mut r, &mut buf), Ok(true));
        assert_eq!(buf, b"7,7\r\n");
        assert_eq!(read_line_capped(&mut r, &mut buf), Ok(true));
        assert!(read_line_capped(&mut r, &mut buf).is_err());
        let mut r = BufReader::new(&b"no newline"[..]);
        assert_eq!(read_line_capped(&mut r, &mut buf), Ok(true));
        assert_eq!(read_line_capped(&mut r, &mut buf), Ok(false));
    }
}
