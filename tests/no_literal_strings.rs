//! No user-visible sentence in the UI code bypasses the catalogue.
//!
//! Scans the desktop app (`src/app`) and the terminal game
//! (`src/textplay`) for string literals with letters in them. Each must be
//! something the player never reads as a sentence: a placeholder name in
//! a `tr.f(…, &[("name", &value)])` pair, an argument of a call that is
//! not shown (an egui id, an `expect`, a log line), or one of the few
//! allowed strings listed below with their reasons. Test modules are not
//! scanned.

use std::path::{Path, PathBuf};

/// Strings with letters that may appear as they are, and why.
const ALLOWED: &[&str] = &[
    // Key names, shown as keys are labelled on keyboards.
    "Ctrl+C / Ctrl+V",
    "Left / Right",
    "Home / End",
    "Esc",
    // Examples in text fields: a path and a position string.
    "/home/me/games/game.psq",
    "h8i9j7",
    // Cargo's package facts, read with env!.
    "CARGO_PKG_VERSION",
    "CARGO_PKG_LICENSE",
    // File extensions and the file-name pattern of saved records.
    "psq",
    "sgf",
    "txt",
    "lib",
    // The file names a library export offers, as RenLib and SGF files.
    "library.lib",
    "library.sgf",
    // SGF's date, the same in every language.
    "{year:04}-{month:02}-{day:02}",
    "gomoku-{year:04}-{month:02}-{day:02}-{:02}{:02}.psq",
    // Environment variables read to find a file dialog service.
    "DBUS_SESSION_BUS_ADDRESS",
    "XDG_RUNTIME_DIR",
    "PATH",
    "bus",
    "zenity",
    // eframe's application name: the key of its storage, not a title.
    "Gomoku",
    // The embedded font's key among egui's fonts.
    "noto-sans-sc-subset",
];

/// Calls whose string argument is never shown to the player.
const HIDDEN_CALLS: &[&str] = &[
    "expect(",
    "panic!(",
    "unreachable!(",
    "debug_assert!(",
    "assert!(",
    "log::warn!(",
    "log::info!(",
    "log::debug!(",
    "log::error!(",
    "warn!(",
    "info!(",
    "debug!(",
    "env!(",
    "Id::unique(",
    "Id::new(",
    "Grid::new(",
    "id_salt(",
    "Panel::top(",
    "Panel::bottom(",
    "Panel::right(",
    "Panel::left(",
    ".name(",
    // A worker thread's name (as `.name(` above), for debuggers.
    "TaggedWorker::spawn(",
    "var_os(",
    "join(",
    "include_bytes!(",
    "include_str!(",
    // thiserror's Display, for logs and tests; the player reads the
    // catalogue's wording (i18n::phrases, textplay::describe_error).
    "#[error(",
    "target_os =",
    // A field's name in a saved file.
    "#[serde(rename =",
];

/// Files left out, and why.
const SKIPPED_FILES: &[&str] = &[
    // The command-line usage of `gomoku`, written for the terminal and its
    // conventions (options are English words); the game's own words are
    // all in the catalogue.
    "cli.rs",
    // The log file a player attaches to a bug report: English lines with
    // time stamps, as the `log::warn!` lines it collects are.
    "logfile.rs",
];

/// A string literal found in source: its line and its text.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Literal {
    line: usize,
    text: String,
    /// The source just before the opening quote.
    before: String,
    /// The source just after the closing quote.
    after: String,
}

/// The string literals of `source` up to its test module, outside
/// comments and char literals.
fn literals(source: &str) -> Vec<Literal> {
    let code = match source.find("#[cfg(test)]") {
        Some(i) => &source[..i],
        None => source,
    };
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line = 1;
    let context = |from: usize, to: usize| -> String { chars[from..to].iter().collect() };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            '/' if chars.get(i + 1) == Some(&'/') => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '/' if chars.get(i + 1) == Some(&'*') => {
                i += 2;
                while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                    line += usize::from(chars[i] == '\n');
                    i += 1;
                }
                i += 2;
            }
            // A char literal such as '"' or '\''; a lifetime has no
            // closing quote two or three places on.
            '\'' if chars.get(i + 2) == Some(&'\'') => i += 3,
            '\'' if chars.get(i + 1) == Some(&'\\') && chars.get(i + 3) == Some(&'\'') => i += 4,
            '"' | 'r' => {
                // Raw strings: r"…" or r#"…"#.
                let (start, hashes) = if c == 'r' {
                    let mut j = i + 1;
                    while chars.get(j) == Some(&'#') {
                        j += 1;
                    }
                    let is_raw = chars.get(j) == Some(&'"')
                        && (i == 0 || !(chars[i - 1].is_alphanumeric() || chars[i - 1] == '_'));
                    if !is_raw {
                        i += 1;
                        continue;
                    }
                    (j, j - i - 1)
                } else {
                    (i, usize::MAX)
                };
                let first_line = line;
                let mut j = start + 1;
                let mut text = String::new();
                while let Some(&d) = chars.get(j) {
                    if d == '\n' {
                        line += 1;
                    }
                    if hashes == usize::MAX && d == '\\' {
                        text.push(d);
                        if let Some(&e) = chars.get(j + 1) {
                            text.push(e);
                            line += usize::from(e == '\n');
                        }
                        j += 2;
                        continue;
                    }
                    if d == '"' {
                        let closing = if hashes == usize::MAX {
                            true
                        } else {
                            (1..=hashes).all(|k| chars.get(j + k) == Some(&'#'))
                        };
                        if closing {
                            j += 1 + if hashes == usize::MAX { 0 } else { hashes };
                            break;
                        }
                    }
                    text.push(d);
                    j += 1;
                }
                out.push(Literal {
                    line: first_line,
                    text,
                    before: context(i.saturating_sub(40), i),
                    after: context(j, (j + 8).min(chars.len())),
                });
                i = j;
            }
            _ => i += 1,
        }
    }
    out
}

/// The literal's text with `{…}` format specs, placeholders and escapes
/// such as `\n` removed.
fn without_placeholders(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => {
                chars.next();
            }
            '{' => depth += 1,
            '}' if depth > 0 => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

/// Whether `literal` may stand in UI code.
fn allowed(literal: &Literal) -> bool {
    if !without_placeholders(&literal.text)
        .chars()
        .any(char::is_alphabetic)
    {
        return true;
    }
    if ALLOWED.contains(&literal.text.as_str()) {
        return true;
    }
    let before = literal.before.trim_end();
    let after = literal.after.trim_start();
    // The name in a `("name", value)` placeholder pair.
    let is_placeholder_name = before.ends_with('(')
        && after.starts_with(',')
        && literal
            .text
            .chars()
            .all(|c| c.is_ascii_lowercase() || c == '_');
    // A pattern in a match arm: a word the player types, not one shown.
    let is_pattern = after.starts_with("=>")
        || after.starts_with('|')
        || (before.ends_with('|') && !before.ends_with("||"));
    is_placeholder_name || is_pattern || HIDDEN_CALLS.iter().any(|call| before.ends_with(call))
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The literals of `source` that bypass the catalogue, as `line: text`.
fn offenders(source: &str) -> Vec<String> {
    literals(source)
        .into_iter()
        .filter(|l| !allowed(l))
        .map(|l| format!("{}: {:?}", l.line, l.text))
        .collect()
}

#[test]
fn ui_code_takes_every_sentence_from_the_catalogue() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src/app"), &mut files);
    rust_files(&root.join("src/textplay"), &mut files);
    assert!(files.len() > 10, "the scan found the UI code");
    let mut problems = Vec::new();
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        if SKIPPED_FILES.contains(&name.as_str()) {
            continue;
        }
        let source = std::fs::read_to_string(&file).unwrap();
        for o in offenders(&source) {
            problems.push(format!("{}:{o}", file.display()));
        }
    }
    assert!(
        problems.is_empty(),
        "user-visible strings outside the catalogue (assets/i18n/*.ftl):\n{}",
        problems.join("\n")
    );
}

#[test]
fn a_new_literal_label_is_caught() {
    let source = r#"
        fn panel(ui: &mut Ui, tr: Tr) {
            ui.label(tr.s(Msg::Undo));
            ui.label("Hello");
            ui.button(format!("{} moves", 3));
            let _ = tr.f(Msg::MoveBy, &[("number", &1), ("who", &who)]);
            match word { "undo" | "u" => 1, "redo" => 2, _ => 0 };
            ui.label(r"raw words");
            let s = "It's"; // a comment with "Quoted words"
            let c = '"';
            egui::Grid::new("facts");
        }
    "#;
    assert_eq!(
        offenders(source),
        vec![
            "4: \"Hello\"".to_string(),
            "5: \"{} moves\"".to_string(),
            "8: \"raw words\"".to_string(),
            "9: \"It's\"".to_string(),
        ]
    );
}

#[test]
fn numbers_and_format_specs_pass() {
    let source =
        r#"let a = format!("{size} × {size}"); let b = format!("{:.1}\n", x); let c = " ";"#;
    assert!(offenders(source).is_empty(), "{:?}", offenders(source));
}
