//! Crash-safe replacement of one file: write a temporary file in the same
//! folder, flush and sync it, then rename it over the target. A rename
//! within a folder is atomic, so readers (and the next run after a crash)
//! see the old file or the new one, never a mix.

use super::StorageError;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temporary files of overlapping writes in one process.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// Replaces (or creates) `path` with `bytes` crash-safely, creating its
/// folder if needed. Use it for exported records as well as for
/// [`super::Storage`] files.
///
/// # Errors
/// [`StorageError::Io`]; the previous file is then unchanged.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    let temp = write_temp_file(path, bytes)?;
    replace_with(&temp, path)
}

/// First half of a write: `bytes` in a synced temporary file next to
/// `path`. Returns the temporary path.
pub(super) fn write_temp_file(path: &Path, bytes: &[u8]) -> Result<PathBuf, StorageError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir).map_err(|source| StorageError::Io {
        action: "create folder",
        path: dir.to_path_buf(),
        source,
    })?;
    let name = path
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().into_owned());
    // Leading dot: a leftover from a crash stays out of sight.
    let temp = dir.join(format!(
        ".{name}.tmp-{}-{}",
        std::process::id(),
        TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = File::create(&temp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.flush()?;
        f.sync_all()
    });
    if let Err(source) = written {
        let _ = fs::remove_file(&temp);
        return Err(StorageError::Io {
            action: "write",
            path: temp,
            source,
        });
    }
    Ok(temp)
}

/// Second half of a write: the temporary file replaces `path`.
pub(super) fn replace_with(temp: &Path, path: &Path) -> Result<(), StorageError> {
    if let Err(source) = fs::rename(temp, path) {
        let _ = fs::remove_file(temp);
        return Err(StorageError::Io {
            action: "replace",
            path: path.to_path_buf(),
            source,
        });
    }
    // The rename is durable only once the folder entry is synced.
    // Folders cannot be opened as files on every platform, and the data
    // is already safe in one file or the other, so failure is ignored.
    if let Some(dir) = path.parent() {
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
    }
    Ok(())
}
