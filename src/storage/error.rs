//! What a load found and why a save failed.

use std::io;
use std::path::PathBuf;
use thiserror::Error;

/// The result of reading one stored file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Load<T> {
    /// No such file (or no storage folder): start fresh, say nothing.
    Missing,
    /// The file was read and understood.
    Loaded(T),
    /// The file exists but could not be used: unreadable, empty,
    /// truncated, not JSON, or JSON of the wrong shape. It has been
    /// renamed aside (never deleted) so the user can recover it.
    Corrupt {
        /// What was wrong, for the user.
        error: String,
        /// Where the file was moved, or `None` if it could not be moved
        /// (a read-only folder); then it is still at its old path.
        kept_as: Option<PathBuf>,
    },
}

impl<T> Load<T> {
    /// The value, if one was loaded.
    #[must_use]
    pub fn into_option(self) -> Option<T> {
        match self {
            Load::Loaded(v) => Some(v),
            Load::Missing | Load::Corrupt { .. } => None,
        }
    }

    /// A sentence for the user when the file was bad, naming what `what`
    /// was (e.g. "saved game") and where the bad file went; `None` when
    /// there is nothing to report.
    #[must_use]
    pub fn problem(&self, what: &str) -> Option<String> {
        match self {
            Load::Missing | Load::Loaded(_) => None,
            Load::Corrupt {
                error,
                kept_as: Some(path),
            } => Some(format!(
                "The {what} could not be read ({error}). It was kept as {} and a fresh one is used.",
                path.display()
            )),
            Load::Corrupt {
                error,
                kept_as: None,
            } => Some(format!(
                "The {what} could not be read ({error}) and could not be moved aside; a fresh one is used."
            )),
        }
    }
}

/// Why a save or remove failed. A failed save leaves the previous file
/// as it was.
#[derive(Debug, Error)]
pub enum StorageError {
    /// There is no storage folder (it could not be found or created).
    #[error("no storage folder is available; nothing is saved")]
    Unavailable,
    /// A file name that is not a plain name inside the folder.
    #[error("'{0}' is not a plain file name")]
    BadName(String),
    /// The value could not be turned into JSON.
    #[error("could not encode {name}: {reason}")]
    Encode {
        /// The file name.
        name: String,
        /// serde's reason.
        reason: String,
    },
    /// The file system refused.
    #[error("could not {action} {}: {source}", path.display())]
    Io {
        /// What was being done, e.g. "write".
        action: &'static str,
        /// The path involved.
        path: PathBuf,
        /// The system's reason.
        #[source]
        source: io::Error,
    },
}
