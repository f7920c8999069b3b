//! The position library in the terminal: the explorer of the position on
//! the board, imports and exports, comments, marks and labels. The terminal waits
//! on the disk as it waits on the AI, so the library is used directly.

use super::TextSession;
use crate::engine::Score;
use crate::i18n::{phrases, Msg};
use crate::library::import::{import, ImportOptions};
use crate::library::labels::LabelEdit;
use crate::library::renlib::DEFAULT_ENCODING;
use crate::library::{Library, LibraryError, Opened, Position, Results};
use crate::rules::point_name;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use super::commands::Command;

/// "45%" of `n` out of `total` ("-" with no games).
fn share(n: u64, total: u64) -> String {
    if total == 0 {
        "-".to_string()
    } else {
        format!("{:.0}%", n as f64 * 100.0 / total as f64)
    }
}

impl TextSession {
    /// The library, opened on first use: a damaged file is set aside (and
    /// said so), a missing one made.
    fn open_library(&mut self, out: &mut impl Write) -> io::Result<Option<&mut Library>> {
        if self.library.is_none() {
            let tr = self.tr;
            let opened = match &self.library_path {
                Some(path) => Library::open(path),
                None => Library::in_memory().map(Opened::Ready),
            };
            match opened {
                Ok(Opened::Ready(lib)) => self.library = Some(lib),
                Ok(Opened::Recovered {
                    library,
                    error,
                    kept_as,
                }) => {
                    let what = tr.s(Msg::LibraryFile);
                    let text = phrases::corrupt_file(tr, what, &error, kept_as.as_deref());
                    writeln!(out, "{text}")?;
                    self.library = Some(library);
                }
                Err(e) => {
                    writeln!(out, "{}", tr.f(Msg::LibraryFailed, &[("error", &e)]))?;
                    return Ok(None);
                }
            }
        }
        Ok(self.library.as_mut())
    }

    /// Runs a library command.
    pub(super) fn library_command(&mut self, cmd: Command, out: &mut impl Write) -> io::Result<()> {
        let tr = self.tr;
        let pos = Position::of_game(self.game());
        let settings = self.game().settings();
        let moves = self.game().moves().to_vec();
        let rule = self.game().rule();
        let side = self.game().side_to_move();
        let Some(lib) = self.open_library(out)? else {
            return Ok(());
        };
        let failed = |out: &mut dyn Write, e: &dyn std::fmt::Display| {
            writeln!(out, "{}", tr.f(Msg::LibraryFailed, &[("error", e)]))
        };
        match cmd {
            Command::Explore => match lib.entry(&pos) {
                Ok(entry) => {
                    writeln!(out, "{}", tr.s(Msg::ExplorerTitle))?;
                    if entry.is_empty() {
                        writeln!(out, "{}", tr.s(Msg::ExplorerEmpty))?;
                        return Ok(());
                    }
                    let Results {
                        black,
                        white,
                        draws,
                    } = entry.results;
                    let total = entry.results.total();
                    if total > 0 {
                        let line = tr.f(
                            Msg::ExplorerGames,
                            &[
                                ("games", &total),
                                ("black", &share(black, total)),
                                ("white", &share(white, total)),
                                ("draws", &share(draws, total)),
                            ],
                        );
                        writeln!(out, "{line}")?;
                    }
                    if let Some(v) = entry.verdicts.first() {
                        let score = phrases::score(tr, Score(v.score), side);
                        let line = tr.f(
                            Msg::ExplorerEngine,
                            &[("score", &score), ("depth", &v.depth)],
                        );
                        writeln!(out, "{line}")?;
                    }
                    for m in &entry.moves {
                        let t = m.results.total();
                        let score = m.score.map_or_else(
                            || "-".to_string(),
                            |s| phrases::score(tr, Score(s), side),
                        );
                        let line = tr.f(
                            Msg::TextExplorerRow,
                            &[
                                ("move", &point_name(m.mv, settings.size)),
                                ("seen", &m.seen),
                                ("black", &share(m.results.black, t)),
                                ("white", &share(m.results.white, t)),
                                ("draws", &share(m.results.draws, t)),
                                ("score", &score),
                            ],
                        );
                        writeln!(out, "  {line}")?;
                    }
                    if !entry.comment.is_empty() {
                        let line = tr.f(Msg::TextExplorerComment, &[("comment", &entry.comment)]);
                        writeln!(out, "{line}")?;
                    }
                    if entry.marks.marked {
                        writeln!(out, "{}", tr.s(Msg::ExplorerMarked))?;
                    }
                    let labels: Vec<String> = entry
                        .marks
                        .labels()
                        .iter()
                        .map(|(p, text)| format!("{text} {}", point_name(*p, settings.size)))
                        .collect();
                    if !labels.is_empty() {
                        let labels = labels.join(", ");
                        let line = tr.f(Msg::TextExplorerLabels, &[("labels", &labels)]);
                        writeln!(out, "{line}")?;
                    }
                }
                Err(e) => failed(out, &e)?,
            },
            Command::Import(path) => {
                let options = ImportOptions {
                    rule,
                    ..ImportOptions::default()
                };
                let mut last_file = usize::MAX;
                let mut progress = |p: &crate::library::import::Progress| {
                    // One line a file: a terminal is no progress bar.
                    if p.files_done != last_file && p.files_done < p.files {
                        last_file = p.files_done;
                        let line = tr.f(
                            Msg::ExplorerImporting,
                            &[
                                ("done", &p.files_done),
                                ("files", &p.files),
                                ("games", &p.games),
                            ],
                        );
                        let _ = writeln!(out, "{line}");
                    }
                };
                let cancel = AtomicBool::new(false);
                let paths = [PathBuf::from(path)];
                match import(lib, &paths, &options, &cancel, &mut progress) {
                    Ok(report) => {
                        let line = tr.f(
                            Msg::LibraryImported,
                            &[
                                ("games", &report.games),
                                ("files", &report.files),
                                ("dupes", &report.duplicates),
                            ],
                        );
                        writeln!(out, "{line}")?;
                        if !report.errors.is_empty() {
                            writeln!(out, "{}", tr.s(Msg::LibraryImportErrors))?;
                        }
                        for e in &report.errors {
                            let error = phrases::library_failure(tr, &e.failure);
                            let file = e.file.display();
                            let line =
                                tr.f(Msg::LibraryFileError, &[("file", &file), ("error", &error)]);
                            writeln!(out, "  {line}")?;
                        }
                    }
                    Err(e) => failed(out, &e)?,
                }
            }
            Command::Export(path) => {
                let path = PathBuf::from(path);
                let ext = path
                    .extension()
                    .and_then(|e| e.to_str())
                    .map(str::to_ascii_lowercase);
                let written = match ext.as_deref() {
                    Some("lib") => lib
                        .export_renlib(settings, &moves, DEFAULT_ENCODING)
                        .map_err(|e| e.to_string()),
                    Some("sgf") => lib
                        .export_sgf(settings, &moves)
                        .map(|(text, cut)| (text.into_bytes(), cut))
                        .map_err(|e| e.to_string()),
                    _ => {
                        writeln!(out, "{}", tr.s(Msg::TextExportKind))?;
                        return Ok(());
                    }
                };
                let result = written.and_then(|(bytes, cut)| {
                    crate::storage::write_atomic(&path, &bytes)
                        .map(|()| cut)
                        .map_err(|e| e.to_string())
                });
                let shown = path.display();
                let line = match result {
                    Ok(false) => tr.f(Msg::LibraryExported, &[("path", &shown)]),
                    Ok(true) => tr.f(
                        Msg::LibraryExportedCut,
                        &[
                            ("path", &shown),
                            ("max", &crate::library::export::MAX_EXPORT_NODES),
                        ],
                    ),
                    Err(error) => tr.f(Msg::LibraryExportFailed, &[("error", &error)]),
                };
                writeln!(out, "{line}")?;
            }
            Command::Note(text) => match write(lib, |w| w.set_comment(&pos, &text)) {
                Ok(()) => writeln!(out, "{}", tr.s(Msg::TextNoted))?,
                Err(e) => failed(out, &e)?,
            },
            Command::Mark => {
                let mut marks = match lib.entry(&pos) {
                    Ok(entry) => entry.marks,
                    Err(e) => return failed(out, &e),
                };
                marks.marked = !marks.marked;
                match write(lib, |w| w.set_marks(&pos, &marks)) {
                    Ok(()) if marks.marked => writeln!(out, "{}", tr.s(Msg::TextMarked))?,
                    Ok(()) => writeln!(out, "{}", tr.s(Msg::TextUnmarked))?,
                    Err(e) => failed(out, &e)?,
                }
            }
            Command::Label(p, text) => {
                let point = point_name(p, settings.size);
                let edit = match &text {
                    Some(text) => write(lib, |w| w.set_label(&pos, p, text))
                        .map(|()| LabelEdit::Put(text.clone())),
                    None => lib.writer().and_then(|w| {
                        let edit = w.toggle_label(&pos, p)?;
                        w.commit().map(|()| edit)
                    }),
                };
                let line = match edit {
                    Ok(LabelEdit::Put(label)) => {
                        tr.f(Msg::TextLabelPut, &[("label", &label), ("point", &point)])
                    }
                    Ok(LabelEdit::Removed(label)) => tr.f(
                        Msg::TextLabelRemoved,
                        &[("label", &label), ("point", &point)],
                    ),
                    Ok(LabelEdit::Unchanged) => tr.f(Msg::TextLabelUnchanged, &[("point", &point)]),
                    Err(e) => return failed(out, &e),
                };
                writeln!(out, "{line}")?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// One write in its own transaction.
fn write(
    lib: &mut Library,
    f: impl FnOnce(&crate::library::Writer<'_>) -> Result<(), LibraryError>,
) -> Result<(), LibraryError> {
    let w = lib.writer()?;
    f(&w)?;
    w.commit()
}
