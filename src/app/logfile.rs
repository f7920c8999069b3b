//! The desktop game's log: warnings and errors, one line each, on stderr;
//! and when stderr is no terminal (the game was started from the
//! applications menu, where stderr is lost or buried in a system journal),
//! also in a file the player can find: `~/.local/state/gomoku/gomoku.log`
//! on Linux (`$XDG_STATE_HOME`), the app's local data folder elsewhere.
//!
//! The file is created by the first line written, so a start with nothing
//! to say leaves no file. A file grown past [`MAX_LOG_BYTES`] is moved to
//! `gomoku.log.old` (replacing the older one) when the game starts, so the
//! log stays small. A panic's message goes to the file too.

use crate::storage::{APPLICATION, ORGANIZATION, QUALIFIER};
use std::fs::{self, File, OpenOptions};
use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The log file's name in its folder.
pub const LOG_FILE: &str = "gomoku.log";

/// Size past which the log is set aside at start-up.
pub const MAX_LOG_BYTES: u64 = 256 * 1024;

/// The folder of the log file: the platform's state folder for the app,
/// or its local data folder where there is no state folder.
#[must_use]
pub fn log_dir() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from(QUALIFIER, ORGANIZATION, APPLICATION)?;
    Some(
        dirs.state_dir()
            .unwrap_or_else(|| dirs.data_local_dir())
            .to_path_buf(),
    )
}

/// Sets up the log for the desktop game: the game's own warnings (other
/// crates' only if `RUST_LOG` asks), one line each on stderr, and, if
/// stderr is no terminal, appended to [`LOG_FILE`] in [`log_dir`] too.
/// Returns the log file's path when the file is in use.
pub fn init() -> Option<PathBuf> {
    let file = if io::stderr().is_terminal() {
        None
    } else {
        log_dir().map(|dir| LogFile::new(dir.join(LOG_FILE)))
    };
    let path = file.as_ref().map(|f| f.path.clone());
    let shared = file.map(|f| Arc::new(Mutex::new(f)));
    let mut builder =
        env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("gomoku=warn"));
    builder.format(|out, record| {
        let level = record.level().as_str().to_ascii_lowercase();
        writeln!(out, "gomoku: {level}: {}", record.args())
    });
    if let Some(shared) = &shared {
        builder.target(env_logger::Target::Pipe(Box::new(Tee(Arc::clone(shared)))));
        let previous = std::panic::take_hook();
        let for_panics = Arc::clone(shared);
        std::panic::set_hook(Box::new(move |info| {
            previous(info);
            if let Ok(mut file) = for_panics.lock() {
                file.append(format!("gomoku: panic: {info}\n").as_bytes());
            }
        }));
    }
    // A logger set twice (a test calling this again) keeps the first.
    let _ = builder.try_init();
    path
}

/// The log file, opened by its first line.
struct LogFile {
    path: PathBuf,
    file: Option<File>,
    /// The file could not be opened; not tried again.
    failed: bool,
}

impl LogFile {
    fn new(path: PathBuf) -> LogFile {
        set_aside_if_large(&path, MAX_LOG_BYTES);
        LogFile {
            path,
            file: None,
            failed: false,
        }
    }

    /// Appends `line` (already ending in a newline) with the local time in
    /// front; a log that cannot be written is given up quietly, since the
    /// same line went to stderr.
    fn append(&mut self, line: &[u8]) {
        if self.file.is_none() && !self.failed {
            self.file = open_log(&self.path);
            self.failed = self.file.is_none();
            if let Some(file) = &mut self.file {
                let _ = writeln!(
                    file,
                    "{} gomoku {} started (pid {})",
                    now(),
                    crate::cli::VERSION,
                    std::process::id()
                );
            }
        }
        if let Some(file) = &mut self.file {
            let mut stamped = format!("{} ", now()).into_bytes();
            stamped.extend_from_slice(line);
            let _ = file.write_all(&stamped);
        }
    }
}

/// Opens `path` for appending, creating its folder.
fn open_log(path: &Path) -> Option<File> {
    fs::create_dir_all(path.parent()?).ok()?;
    OpenOptions::new().create(true).append(true).open(path).ok()
}

/// Moves `path` to `path.old` if it is larger than `limit` bytes.
fn set_aside_if_large(path: &Path, limit: u64) {
    if fs::metadata(path).is_ok_and(|m| m.len() > limit) {
        let mut old = path.as_os_str().to_owned();
        old.push(".old");
        let _ = fs::rename(path, PathBuf::from(old));
    }
}

/// The local time, to the second.
fn now() -> String {
    let when = jiff::Timestamp::now().to_zoned_datetime(jiff::tz::TimeZone::system());
    jiff::fmt::strtime::format("%Y-%m-%d %H:%M:%S", &when).unwrap_or_default()
}

/// Writes each log line to stderr, as it is, and to the log file, stamped.
struct Tee(Arc<Mutex<LogFile>>);

impl Write for Tee {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let _ = io::stderr().write_all(buf);
        if let Ok(mut file) = self.0.lock() {
            file.append(buf);
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        io::stderr().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_file_appears_with_its_first_line_and_stamps_each() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("state/gomoku.log");
        let mut log = LogFile::new(path.clone());
        assert!(!path.exists(), "nothing written, no file");
        log.append(b"gomoku: warn: sound disabled: no device\n");
        log.append(b"gomoku: error: cannot open the window\n");
        let text = fs::read_to_string(&path).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3, "{text}");
        assert!(lines[0].contains(&format!("gomoku {} started", crate::cli::VERSION)));
        assert!(lines[1].ends_with(" gomoku: warn: sound disabled: no device"));
        assert!(lines[2].ends_with(" gomoku: error: cannot open the window"));
        // "YYYY-MM-DD HH:MM:SS " in front of every line.
        for line in lines {
            assert_eq!(line.as_bytes()[4], b'-', "{line}");
            assert_eq!(line.as_bytes()[19], b' ', "{line}");
        }
    }

    #[test]
    fn a_large_log_is_set_aside_at_start() {
        let t = tempfile::tempdir().unwrap();
        let path = t.path().join("gomoku.log");
        fs::write(&path, vec![b'x'; 100]).unwrap();
        set_aside_if_large(&path, 100);
        assert!(path.exists(), "at the limit it stays");
        set_aside_if_large(&path, 99);
        assert!(!path.exists());
        assert_eq!(
            fs::read(t.path().join("gomoku.log.old")).unwrap().len(),
            100
        );
    }

    #[test]
    fn an_unwritable_log_is_given_up_quietly() {
        let t = tempfile::tempdir().unwrap();
        // A file where the folder should be.
        fs::write(t.path().join("state"), b"").unwrap();
        let mut log = LogFile::new(t.path().join("state/gomoku.log"));
        log.append(b"gomoku: warn: x\n");
        log.append(b"gomoku: warn: y\n");
        assert!(log.failed && log.file.is_none());
    }
}
