//! Records the git commit the binaries are built from, for `--version`
//! (`GOMOKU_COMMIT`, read by `gomoku::cli::VERSION`).
//!
//! Where it comes from, first found wins: the `GOMOKU_COMMIT` environment
//! variable (for builds from an archive of the source, where a packager
//! knows the commit); `git rev-parse` in this checkout; the
//! `.cargo_vcs_info.json` that `cargo package` writes; else `unknown`.
//! No git, no `.git` folder or a broken one is never an error: the build
//! goes on with `unknown`.
//!
//! The script reruns only when the commit can have changed (`HEAD`, the
//! branch it points to, the packed refs), not on every source edit, so a
//! build does not recompile the crate for nothing.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest_dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    println!("cargo:rerun-if-env-changed=GOMOKU_COMMIT");
    // Without any rerun-if-changed line Cargo would rerun the script after
    // every edit anywhere in the package.
    println!("cargo:rerun-if-changed=build.rs");
    let commit = std::env::var("GOMOKU_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .map(|c| c.trim().to_string())
        .or_else(|| git_commit(&manifest_dir))
        .or_else(|| vcs_info_commit(&manifest_dir))
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=GOMOKU_COMMIT={commit}");
}

/// Runs git in `dir` and returns its trimmed output, if it succeeded.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        // A user's GIT_DIR would point every question at another repository.
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!text.is_empty()).then_some(text)
}

/// The short commit of `HEAD`, if `dir` is the top of a git work tree,
/// and the rerun lines for the files that move when it changes.
fn git_commit(dir: &Path) -> Option<String> {
    // A crate unpacked inside some other repository (a vendored copy, a
    // distribution's tree) must not report that repository's commit.
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    if !same_dir(Path::new(&top), dir) {
        return None;
    }
    let commit = git(dir, &["rev-parse", "--short", "HEAD"])?;
    // Paths as git resolves them: a linked work tree keeps HEAD in its own
    // folder and the branches in the main repository's.
    let git_path = |name: &str| {
        git(dir, &["rev-parse", "--git-path", name]).map(|p| {
            let p = PathBuf::from(p);
            if p.is_absolute() {
                p
            } else {
                dir.join(p)
            }
        })
    };
    let mut watched = Vec::new();
    watched.extend(git_path("HEAD"));
    if let Some(branch) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        match git_path(&branch) {
            Some(loose) if loose.is_file() => watched.push(loose),
            // A packed branch gets a loose file on its next commit: watch
            // the folder it will appear in.
            Some(loose) => watched.extend(loose.parent().map(Path::to_path_buf)),
            None => {}
        }
        watched.extend(git_path("packed-refs"));
    }
    // Cargo reruns the script on every build for a path that does not
    // exist, so only existing ones are named.
    for path in watched.iter().filter(|p| p.exists()) {
        println!("cargo:rerun-if-changed={}", path.display());
    }
    Some(commit)
}

/// Whether `a` and `b` name the same folder.
fn same_dir(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The commit `cargo package` recorded in `.cargo_vcs_info.json`
/// (`"sha1": "<40 hex digits>"`), shortened like git's.
fn vcs_info_commit(dir: &Path) -> Option<String> {
    let path = dir.join(".cargo_vcs_info.json");
    let text = std::fs::read_to_string(&path).ok()?;
    println!("cargo:rerun-if-changed={}", path.display());
    let after = text.split("\"sha1\"").nth(1)?;
    let sha: String = after
        .chars()
        .skip_while(|c| !c.is_ascii_hexdigit())
        .take_while(char::is_ascii_hexdigit)
        .collect();
    (sha.len() >= 7).then(|| sha[..7].to_string())
}
