//! Native file dialogs, kept off the UI thread.
//!
//! A file dialog can stay open for minutes, and on Linux the portal call
//! behind it can wait on D-Bus for as long again; the board must keep
//! drawing and the AI keep thinking meanwhile. So a [`FilePicker`] only
//! starts a dialog and answers later through a callback, and the app looks
//! for the answer once per frame ([`FileDialogs::poll`]). Tests put in a
//! picker of their own that answers at once, without any dialog.

use super::library_worker::ExportFormat;
use crate::i18n::{Msg, Tr};
use eframe::egui::Context;
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a dialog is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PickPurpose {
    /// Choose an existing record to open.
    Open,
    /// Choose where to save the game.
    Save,
    /// Choose an engine's program (Game → Engines…).
    Engine,
    /// Choose a file to import into the position library.
    LibraryImport,
    /// Choose a folder to import into the position library.
    LibraryImportFolder,
    /// Choose where to export the position library's tree.
    LibraryExport(ExportFormat),
}

impl PickPurpose {
    /// True when the dialog chooses a file to write.
    #[must_use]
    pub fn saves(self) -> bool {
        matches!(self, PickPurpose::Save | PickPurpose::LibraryExport(_))
    }
}

/// One dialog to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PickRequest {
    /// Open or save.
    pub purpose: PickPurpose,
    /// The folder the dialog starts in (the one used last), if known; it
    /// may have been deleted since.
    pub folder: Option<PathBuf>,
    /// The name offered when saving.
    pub file_name: Option<String>,
    /// The dialog's words, in the player's language.
    pub words: DialogWords,
}

/// What a dialog says: its title and the names of its file filters.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct DialogWords {
    /// The window title.
    pub title: String,
    /// The filter for `.psq` and `.txt` records.
    pub records: String,
    /// The filter that shows every file.
    pub all_files: String,
}

impl DialogWords {
    /// The words of a dialog for `purpose`, in `tr`'s language.
    #[must_use]
    pub fn new(tr: Tr, purpose: PickPurpose) -> DialogWords {
        DialogWords {
            title: tr
                .s(match purpose {
                    PickPurpose::Open => Msg::DialogOpenTitle,
                    PickPurpose::Save => Msg::DialogSaveTitle,
                    PickPurpose::Engine => Msg::DialogEngineTitle,
                    PickPurpose::LibraryImport | PickPurpose::LibraryImportFolder => {
                        Msg::DialogImportTitle
                    }
                    PickPurpose::LibraryExport(_) => Msg::DialogExportTitle,
                })
                .to_string(),
            records: tr
                .s(match purpose {
                    PickPurpose::LibraryImport | PickPurpose::LibraryExport(_) => {
                        Msg::FilterLibrary
                    }
                    _ => Msg::FilterRecords,
                })
                .to_string(),
            all_files: tr.s(Msg::FilterAll).to_string(),
        }
    }
}

/// Why no file dialog could be shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoDialog {
    /// Neither a desktop portal nor zenity is there to show one.
    NoService,
    /// The dialog ended at once, faster than a person could cancel it.
    ClosedAtOnce,
    /// Dialogs are turned off (tests).
    TurnedOff,
    /// The dialog's thread ended without an answer.
    Stopped,
}

impl NoDialog {
    /// The reason in words, for the player.
    #[must_use]
    pub fn describe(self, tr: Tr) -> &'static str {
        tr.s(match self {
            NoDialog::NoService => Msg::NoDialogService,
            NoDialog::ClosedAtOnce => Msg::NoDialogClosedAtOnce,
            NoDialog::TurnedOff => Msg::NoDialogTurnedOff,
            NoDialog::Stopped => Msg::NoDialogStopped,
        })
    }
}

/// What a dialog gave back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Picked {
    /// The player chose this file.
    Chosen(PathBuf),
    /// The player closed the dialog without choosing.
    Cancelled,
    /// No dialog could be shown, and why.
    Unavailable(NoDialog),
}

/// Takes the answer of one dialog; callable from any thread.
pub type PickReply = Box<dyn FnOnce(Picked) + Send>;

/// Something that shows file dialogs.
pub trait FilePicker: Send + Sync {
    /// Whether a dialog can be shown here at all. When it cannot, the app
    /// offers the typed path instead of a button that would do nothing.
    fn available(&self) -> bool;

    /// Starts a dialog and returns at once, without waiting for the
    /// player. `reply` gets the answer exactly once, from any thread;
    /// dropping it unanswered counts as "no dialog could be shown".
    fn pick(&self, request: PickRequest, reply: PickReply);
}

/// The platform's own dialogs (through `rfd`), each on a thread of its own.
#[derive(Debug)]
pub struct NativePicker {
    /// Why no dialog can be shown here, found once when the app starts.
    missing: Option<NoDialog>,
}

impl NativePicker {
    /// A picker for this machine; it looks once for a way to show dialogs.
    #[must_use]
    pub fn new() -> NativePicker {
        NativePicker {
            missing: missing_dialog_service(),
        }
    }
}

impl Default for NativePicker {
    fn default() -> NativePicker {
        NativePicker::new()
    }
}

impl FilePicker for NativePicker {
    fn available(&self) -> bool {
        self.missing.is_none()
    }

    fn pick(&self, request: PickRequest, reply: PickReply) {
        if let Some(why) = self.missing {
            reply(Picked::Unavailable(why));
            return;
        }
        // rfd's dialogs block the calling thread until the player answers
        // (on macOS the panel itself still runs on the main thread, which
        // rfd arranges). If no thread can be started, `reply` is dropped
        // and the app reads that as "no dialog".
        let _ = std::thread::Builder::new()
            .name("file-dialog".to_string())
            .spawn(move || reply(show_native(&request)));
    }
}

/// Shorter than anyone takes to see a dialog and cancel it. rfd answers
/// `None` both for a cancel and when no dialog could be shown (it only
/// logs the latter); without a portal or zenity that `None` comes within
/// a few milliseconds, so one this quick means nothing was shown.
const FASTER_THAN_A_PERSON: Duration = Duration::from_millis(300);

/// Shows one dialog and waits for it.
fn show_native(request: &PickRequest) -> Picked {
    let started = Instant::now();
    match run_native(request) {
        Some(path) => Picked::Chosen(path),
        None if started.elapsed() < FASTER_THAN_A_PERSON => {
            Picked::Unavailable(NoDialog::ClosedAtOnce)
        }
        None => Picked::Cancelled,
    }
}

fn run_native(request: &PickRequest) -> Option<PathBuf> {
    let words = &request.words;
    let mut dialog = rfd::FileDialog::new();
    // An engine is a program, whatever its name: every file is offered.
    let extensions: &[&str] = match request.purpose {
        PickPurpose::Open | PickPurpose::Save => &["psq", "sgf", "txt"],
        PickPurpose::LibraryImport => &["lib", "psq", "sgf"],
        PickPurpose::LibraryExport(ExportFormat::RenLib) => &["lib"],
        PickPurpose::LibraryExport(ExportFormat::Sgf) => &["sgf"],
        PickPurpose::Engine | PickPurpose::LibraryImportFolder => &[],
    };
    if !extensions.is_empty() {
        dialog = dialog.add_filter(&words.records, extensions);
    }
    dialog = dialog
        .add_filter(&words.all_files, &["*"])
        .set_title(&words.title);
    // A folder deleted since it was used would make some dialogs fail;
    // they start in their own default place instead.
    if let Some(folder) = request.folder.as_ref().filter(|f| f.is_dir()) {
        dialog = dialog.set_directory(folder);
    }
    match request.purpose {
        PickPurpose::Open | PickPurpose::Engine | PickPurpose::LibraryImport => dialog.pick_file(),
        PickPurpose::LibraryImportFolder => dialog.pick_folder(),
        PickPurpose::Save | PickPurpose::LibraryExport(_) => {
            if let Some(name) = &request.file_name {
                dialog = dialog.set_file_name(name);
            }
            dialog.save_file()
        }
    }
}

/// Why no dialog can be shown on this machine, or `None` if one probably
/// can. On Linux and the BSDs rfd asks the desktop portal over the D-Bus
/// session bus and falls back to running `zenity`; with neither (a bare X
/// server, as in CI) it returns at once with nothing chosen, which the
/// player could not tell from a cancel.
#[cfg(all(unix, not(target_os = "macos")))]
fn missing_dialog_service() -> Option<NoDialog> {
    let bus = std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_some_and(|a| !a.is_empty())
        || std::env::var_os("XDG_RUNTIME_DIR")
            .is_some_and(|dir| PathBuf::from(dir).join("bus").exists());
    let zenity = std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join("zenity").is_file()));
    (!bus && !zenity).then_some(NoDialog::NoService)
}

/// Windows and macOS always have their own dialogs.
#[cfg(not(all(unix, not(target_os = "macos"))))]
fn missing_dialog_service() -> Option<NoDialog> {
    None
}

/// A picker that never shows anything: for tests, which must not open
/// real dialogs, and anywhere dialogs are unwanted.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoPicker;

impl FilePicker for NoPicker {
    fn available(&self) -> bool {
        false
    }

    fn pick(&self, _request: PickRequest, reply: PickReply) {
        reply(Picked::Unavailable(NoDialog::TurnedOff));
    }
}

/// The dialog in flight, if any.
struct Pending {
    purpose: PickPurpose,
    answer: Receiver<Picked>,
}

/// The app's file dialogs: at most one open at a time, answered through a
/// channel polled every frame.
pub(super) struct FileDialogs {
    picker: Arc<dyn FilePicker>,
    pending: Option<Pending>,
    /// Set once a dialog could not be shown, so the app stops offering it.
    failed: bool,
}

impl FileDialogs {
    /// Dialogs shown by `picker`.
    pub(super) fn new(picker: Arc<dyn FilePicker>) -> FileDialogs {
        FileDialogs {
            picker,
            pending: None,
            failed: false,
        }
    }

    /// Whether a dialog can be shown (even if one is open right now).
    pub(super) fn available(&self) -> bool {
        !self.failed && self.picker.available()
    }

    /// Whether a dialog is open and not yet answered.
    pub(super) fn is_open(&self) -> bool {
        self.pending.is_some()
    }

    /// Opens a dialog unless one is open already; returns whether it did.
    /// The answer wakes the UI (`ctx`) so it is handled without waiting
    /// for the next input event.
    pub(super) fn start(&mut self, request: PickRequest, ctx: &Context) -> bool {
        if self.pending.is_some() {
            return false;
        }
        let (tx, rx) = mpsc::channel();
        self.pending = Some(Pending {
            purpose: request.purpose,
            answer: rx,
        });
        let ctx = ctx.clone();
        self.picker.pick(
            request,
            Box::new(move |picked| {
                // The app may have closed meanwhile; then nobody listens.
                let _ = tx.send(picked);
                ctx.request_repaint();
            }),
        );
        true
    }

    /// Stops waiting for the open dialog. A portal that took the request
    /// but never answers would otherwise block Browse for good; its thread
    /// is left to end (or not) on its own, and a late answer goes nowhere.
    pub(super) fn abandon(&mut self) {
        self.pending = None;
    }

    /// The answer of the open dialog, once it has come.
    pub(super) fn poll(&mut self) -> Option<(PickPurpose, Picked)> {
        let pending = self.pending.as_ref()?;
        let picked = match pending.answer.try_recv() {
            Ok(picked) => picked,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Picked::Unavailable(NoDialog::Stopped),
        };
        let purpose = pending.purpose;
        self.pending = None;
        if matches!(picked, Picked::Unavailable(_)) {
            self.failed = true;
        }
        Some((purpose, picked))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Keeps the reply so the test decides when (and whether) to answer.
    #[derive(Default)]
    struct Held(Mutex<Option<PickReply>>);

    impl FilePicker for Held {
        fn available(&self) -> bool {
            true
        }
        fn pick(&self, _request: PickRequest, reply: PickReply) {
            *self.0.lock().unwrap() = Some(reply);
        }
    }

    fn request() -> PickRequest {
        PickRequest {
            purpose: PickPurpose::Save,
            folder: None,
            file_name: None,
            words: DialogWords::default(),
        }
    }

    #[test]
    fn one_dialog_at_a_time_and_the_answer_comes_through_the_channel() {
        let held = Arc::new(Held::default());
        let mut dialogs = FileDialogs::new(held.clone());
        let ctx = Context::default();
        assert!(dialogs.start(request(), &ctx));
        assert!(!dialogs.start(request(), &ctx), "a second one waits");
        assert!(dialogs.is_open());
        assert_eq!(dialogs.poll(), None, "no answer yet");
        let reply = held.0.lock().unwrap().take().unwrap();
        reply(Picked::Chosen(PathBuf::from("/tmp/a.psq")));
        assert_eq!(
            dialogs.poll(),
            Some((PickPurpose::Save, Picked::Chosen("/tmp/a.psq".into())))
        );
        assert!(!dialogs.is_open());
        assert!(dialogs.available());

        // Given up on, a dialog's late answer is ignored.
        assert!(dialogs.start(request(), &ctx));
        let reply = held.0.lock().unwrap().take().unwrap();
        dialogs.abandon();
        reply(Picked::Cancelled);
        assert_eq!(dialogs.poll(), None);
        assert!(dialogs.start(request(), &ctx), "free for the next one");
    }

    #[test]
    fn a_dropped_reply_or_a_missing_service_stops_offering_dialogs() {
        let held = Arc::new(Held::default());
        let mut dialogs = FileDialogs::new(held.clone());
        let ctx = Context::default();
        dialogs.start(request(), &ctx);
        drop(held.0.lock().unwrap().take());
        assert!(matches!(dialogs.poll(), Some((_, Picked::Unavailable(_)))));
        assert!(!dialogs.available());

        let mut none = FileDialogs::new(Arc::new(NoPicker));
        assert!(!none.available());
        none.start(request(), &ctx);
        assert!(matches!(none.poll(), Some((_, Picked::Unavailable(_)))));
    }
}
