//! Crash-safe storage of settings and the game in progress, as pretty
//! JSON files in one folder (the platform's config folder by default).
//!
//! Saves write a temporary file next to the target, flush and sync it,
//! then rename it over the old file, so a crash leaves either the old or
//! the new file, never half of one. Loads never fail hard: a bad file is
//! renamed aside (never deleted) and reported as [`Load::Corrupt`], and a
//! missing or read-only folder leaves the game playable.

mod atomic;
mod error;

pub use atomic::write_atomic;
pub use error::{Load, StorageError};

use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// `directories` qualifier of the app (reverse domain, first part).
pub const QUALIFIER: &str = "io.github";
/// `directories` organisation of the app.
pub const ORGANIZATION: &str = "gomoku";
/// `directories` application name; on Linux the folder is
/// `~/.config/gomoku`.
pub const APPLICATION: &str = "Gomoku";

/// File name for the player's settings.
pub const SETTINGS_FILE: &str = "settings.json";
/// File name for the game in progress, saved after every move and on
/// exit.
pub const AUTOSAVE_FILE: &str = "autosave.json";
/// File name for the recent games list (finished and abandoned games).
pub const RECENT_FILE: &str = "recent.json";
/// The review of the game in progress, kept beside it.
pub const REVIEW_FILE: &str = "review.json";
/// Puzzle progress and the player's own puzzles.
pub const PUZZLES_FILE: &str = "puzzles.json";
/// The position library (an SQLite database, `crate::library`).
pub const LIBRARY_FILE: &str = "library.sqlite";
/// The exercises done in the lessons.
pub const LESSONS_FILE: &str = "lessons.json";
/// The player's rating and rated games (`crate::rating::RatingBook`).
pub const RATING_FILE: &str = "rating.json";

/// A folder of JSON files, or no folder at all (then loads find nothing
/// and saves fail with [`StorageError::Unavailable`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Storage {
    dir: Option<PathBuf>,
}

impl Storage {
    /// The platform's config folder for this app, created if needed. If
    /// it cannot be found or created, logs one warning and returns a
    /// storage that saves nothing.
    #[must_use]
    pub fn open_default() -> Storage {
        match directories::ProjectDirs::from(QUALIFIER, ORGANIZATION, APPLICATION) {
            Some(dirs) => Storage::open_or_disable(dirs.config_dir().to_path_buf()),
            None => {
                log::warn!("no home folder found; settings and games will not be saved");
                Storage::unavailable()
            }
        }
    }

    /// `dir`, created if needed; a storage that saves nothing (with one
    /// logged warning) if it cannot be created.
    #[must_use]
    pub fn open_or_disable(dir: PathBuf) -> Storage {
        match fs::create_dir_all(&dir) {
            Ok(()) => Storage::at(dir),
            Err(e) => {
                log::warn!(
                    "cannot create {}: {e}; settings and games will not be saved",
                    dir.display()
                );
                Storage::unavailable()
            }
        }
    }

    /// Storage in `dir`, which is created by the first save.
    #[must_use]
    pub fn at(dir: PathBuf) -> Storage {
        Storage { dir: Some(dir) }
    }

    /// A storage with no folder: loads find nothing, saves fail.
    #[must_use]
    pub fn unavailable() -> Storage {
        Storage { dir: None }
    }

    /// The folder, if there is one.
    #[must_use]
    pub fn dir(&self) -> Option<&Path> {
        self.dir.as_deref()
    }

    /// The path `name` is stored at, if there is a folder and the name
    /// is a plain file name.
    #[must_use]
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        let dir = self.dir.as_ref()?;
        is_plain_name(name).then(|| dir.join(name))
    }

    /// Reads `name`. A file that cannot be read or decoded is renamed to
    /// `name.corrupt-<unix time>` and reported with the reason.
    pub fn load<T: DeserializeOwned>(&self, name: &str) -> Load<T> {
        let Some(path) = self.path(name) else {
            return Load::Missing;
        };
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if is_absent(&e) => return Load::Missing,
            Err(e) => return self.set_aside(&path, format!("unreadable: {e}")),
        };
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return self.set_aside(&path, "the file is empty".to_string());
        }
        match serde_json::from_slice(&bytes) {
            Ok(value) => Load::Loaded(value),
            Err(e) => self.set_aside(&path, describe_json_error(&e)),
        }
    }

    /// Writes `value` to `name` crash-safely: a temporary file in the
    /// same folder, flushed and synced, then renamed over the old file.
    /// Creates the folder if it is missing.
    ///
    /// # Errors
    /// [`StorageError`]; the previous file is then unchanged.
    pub fn save<T: Serialize + ?Sized>(&self, name: &str, value: &T) -> Result<(), StorageError> {
        let temp = self.write_temp(name, value)?;
        self.commit(&temp, name)
    }

    /// Deletes `name`; absent files are fine.
    ///
    /// # Errors
    /// [`StorageError`] if the file exists and cannot be removed.
    pub fn remove(&self, name: &str) -> Result<(), StorageError> {
        let path = self.target(name)?;
        match fs::remove_file(&path) {
            Ok(()) => Ok(()),
            Err(e) if is_absent(&e) => Ok(()),
            Err(source) => Err(StorageError::Io {
                action: "remove",
                path,
                source,
            }),
        }
    }

    /// The path for `name`, or why there is none.
    fn target(&self, name: &str) -> Result<PathBuf, StorageError> {
        let dir = self.dir.as_ref().ok_or(StorageError::Unavailable)?;
        if !is_plain_name(name) {
            return Err(StorageError::BadName(name.to_string()));
        }
        Ok(dir.join(name))
    }

    /// First half of a save: the new contents in a synced temporary file
    /// next to the target. Returns the temporary path.
    fn write_temp<T: Serialize + ?Sized>(
        &self,
        name: &str,
        value: &T,
    ) -> Result<PathBuf, StorageError> {
        let target = self.target(name)?;
        let mut json = serde_json::to_vec_pretty(value).map_err(|e| StorageError::Encode {
            name: name.to_string(),
            reason: e.to_string(),
        })?;
        json.push(b'\n');
        atomic::write_temp_file(&target, &json)
    }

    /// Second half of a save: the temporary file replaces the target.
    fn commit(&self, temp: &Path, name: &str) -> Result<(), StorageError> {
        atomic::replace_with(temp, &self.target(name)?)
    }

    /// Renames a bad file aside and reports it.
    fn set_aside<T>(&self, path: &Path, error: String) -> Load<T> {
        let kept_as = aside_path(path).and_then(|aside| match fs::rename(path, &aside) {
            Ok(()) => Some(aside),
            Err(e) => {
                log::warn!("cannot move bad file {} aside: {e}", path.display());
                None
            }
        });
        log::warn!("bad file {}: {error}", path.display());
        Load::Corrupt { error, kept_as }
    }
}

/// Renames a damaged file (not one [`Storage`] reads, such as the position
/// library's database) to `NAME.corrupt-<unix time>` beside it, as
/// [`Storage::load`] does with its own files. Returns the new path, or
/// `None` (with a logged warning) when it could not be renamed.
#[must_use]
pub fn set_aside_file(path: &Path) -> Option<PathBuf> {
    let aside = aside_path(path)?;
    match fs::rename(path, &aside) {
        Ok(()) => Some(aside),
        Err(e) => {
            log::warn!("cannot move bad file {} aside: {e}", path.display());
            None
        }
    }
}

/// A name that stays inside the folder and is not one of our temporary
/// files.
fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && !name.starts_with('.')
        && !name.contains(['/', '\\', ':', '\0'])
        && Path::new(name).file_name().is_some_and(|f| f == name)
}

/// Errors that mean "nothing stored here", as opposed to "something is
/// stored but unreadable". A file where the folder should be means the
/// folder does not exist.
fn is_absent(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::NotFound | io::ErrorKind::NotADirectory
    )
}

/// `name.corrupt-<unix time>`, with `-2`, `-3`, … added if that exists.
fn aside_path(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_string_lossy().into_owned();
    let secs = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let base = format!("{name}.corrupt-{secs}");
    let mut candidate = path.with_file_name(&base);
    let mut n = 2;
    while candidate.symlink_metadata().is_ok() {
        candidate = path.with_file_name(format!("{base}-{n}"));
        n += 1;
    }
    Some(candidate)
}

/// A user-readable reason for a JSON decoding failure.
fn describe_json_error(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let kind = match e.classify() {
        Category::Eof => "the file is truncated",
        Category::Syntax => "the file is not valid JSON",
        Category::Data => "the file holds unexpected data",
        Category::Io => "the file could not be read",
    };
    format!("{kind}: {e}")
}

#[cfg(test)]
mod tests;
