//! The records window, with the native file dialogs behind it; its files
//! are read and written on the I/O thread.

use super::file_picker::{DialogWords, FileDialogs, FilePicker, PickPurpose, PickRequest, Picked};
use super::gomoku_app::{GomokuApp, RecordWindow};
use super::io::{RecordDone, RecordKind};
use super::records;
use crate::i18n::Msg;
use eframe::egui::{self, Context, RichText};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

impl GomokuApp {
    /// The records window (while open), the answer of a file dialog (once
    /// it has come) and what the I/O thread did with record files.
    pub(super) fn records_window(&mut self, ctx: &Context) {
        self.poll_file_dialog();
        self.take_record_replies();
        self.record_window(ctx);
    }

    fn record_window(&mut self, ctx: &Context) {
        let Some(mut w) = self.record.take() else {
            return;
        };
        let mut open = true;
        let mut loaded = None;
        let mut browse = None;
        let mut job = None;
        let mut stop_waiting = false;
        let dialogs_available = self.files.available();
        let dialog_open = self.files.is_open();
        // One file errand at a time from this window: its result replaces
        // the game or the message shown here.
        let waiting_for = self.io.waiting_for();
        let idle = waiting_for.is_none();
        let tr = self.tr();
        egui::Window::new(tr.s(Msg::GameRecords))
            .id(egui::Id::unique("records"))
            .open(&mut open)
            .collapsible(false)
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.label(RichText::new(tr.s(Msg::RecordFileLabel)).strong());
                ui.add(
                    egui::TextEdit::singleline(&mut w.path)
                        .hint_text("/home/me/games/game.psq")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    let has_path = !w.path.trim().is_empty() && idle;
                    if ui
                        .add_enabled(has_path, egui::Button::new(tr.s(Msg::Open)))
                        .clicked()
                    {
                        job = Some((PickPurpose::Open, PathBuf::from(w.path.trim())));
                    }
                    if ui
                        .add_enabled(has_path, egui::Button::new(tr.s(Msg::Save)))
                        .clicked()
                    {
                        job = Some((PickPurpose::Save, PathBuf::from(w.path.trim())));
                    }
                    ui.separator();
                    let can_browse = dialogs_available && !dialog_open && idle;
                    let why_not = tr.s(if dialog_open {
                        Msg::DialogAlreadyOpen
                    } else {
                        Msg::NoDialogHint
                    });
                    if ui
                        .add_enabled(can_browse, egui::Button::new(tr.s(Msg::Browse)))
                        .on_hover_text(tr.s(Msg::BrowseTip))
                        .on_disabled_hover_text(why_not)
                        .clicked()
                    {
                        browse = Some(PickPurpose::Open);
                    }
                    if ui
                        .add_enabled(can_browse, egui::Button::new(tr.s(Msg::SaveAs)))
                        .on_hover_text(tr.s(Msg::SaveAsTip))
                        .on_disabled_hover_text(why_not)
                        .clicked()
                    {
                        browse = Some(PickPurpose::Save);
                    }
                });
                if !dialogs_available {
                    ui.label(RichText::new(tr.s(Msg::NoDialogHint)).weak());
                }
                // A label, not a spinner, for the same reason as below; the
                // I/O thread wakes the window when the file is done.
                if let Some(kind) = waiting_for {
                    ui.label(
                        RichText::new(tr.s(match kind {
                            RecordKind::Read => Msg::ReadingFile,
                            RecordKind::Write => Msg::WritingFile,
                        }))
                        .weak(),
                    );
                }
                // A plain label, not a spinner: a dialog may stay open for
                // minutes and should not keep the UI repainting meanwhile.
                if dialog_open {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(tr.s(Msg::ChoosingFile)).weak());
                        if ui
                            .small_button(tr.s(Msg::StopWaiting))
                            .on_hover_text(tr.s(Msg::StopWaitingTip))
                            .clicked()
                        {
                            stop_waiting = true;
                        }
                    });
                }
                ui.separator();
                ui.label(RichText::new(tr.s(Msg::PositionString)).strong());
                ui.add(
                    egui::TextEdit::singleline(&mut w.text)
                        .hint_text("h8i9j7")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(idle, egui::Button::new(tr.s(Msg::Load)))
                        .clicked()
                    {
                        match records::from_text(tr, &w.text, self.game().settings()) {
                            Ok(game) => loaded = Some(game),
                            Err(e) => w.error = Some(e),
                        }
                    }
                    if ui.button(tr.s(Msg::CurrentGame)).clicked() {
                        w.text = records::to_position_string(self.game());
                    }
                });
                if let Some(e) = &w.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
        if let Some(game) = loaded {
            self.load_game(game);
            self.say(tr.s(Msg::GameLoaded).to_string());
            return;
        }
        if job.is_some() {
            w.error = None;
        }
        if open {
            self.record = Some(w);
        }
        if let Some((purpose, path)) = job {
            self.start_record_job(purpose, path);
        }
        if stop_waiting {
            self.files.abandon();
        }
        if let Some(purpose) = browse {
            self.start_file_dialog(purpose, ctx);
        }
    }

    /// Open a record: through the native dialog where there is one,
    /// otherwise (or while one is already open) the records window with
    /// its typed path.
    pub(super) fn open_record(&mut self, ctx: &Context) {
        self.file_dialog_or_window(PickPurpose::Open, ctx);
    }

    /// Save the game: as [`GomokuApp::open_record`], for saving.
    pub(super) fn save_record_as(&mut self, ctx: &Context) {
        self.file_dialog_or_window(PickPurpose::Save, ctx);
    }

    fn file_dialog_or_window(&mut self, purpose: PickPurpose, ctx: &Context) {
        if self.files.available() && !self.files.is_open() {
            self.start_file_dialog(purpose, ctx);
        } else {
            self.record.get_or_insert_with(RecordWindow::default);
        }
    }

    fn start_file_dialog(&mut self, purpose: PickPurpose, ctx: &Context) {
        let request = PickRequest {
            purpose,
            // Whether it still exists is for the dialog's own thread to
            // ask: even that look at the disk could hang the window.
            folder: self.settings.last_folder.clone(),
            file_name: (purpose == PickPurpose::Save)
                .then(|| records::suggested_file_name(SystemTime::now())),
            words: DialogWords::new(self.tr(), purpose),
        };
        self.files.start(request, ctx);
    }

    /// Handles the answer of a file dialog once it has come (every frame).
    fn poll_file_dialog(&mut self) {
        let Some((purpose, picked)) = self.files.poll() else {
            return;
        };
        let tr = self.tr();
        let path = match picked {
            Picked::Chosen(path) => path,
            Picked::Cancelled => return,
            Picked::Unavailable(why) => {
                let reason = why.describe(tr);
                self.record_window_error(None, tr.f(Msg::NoDialog, &[("reason", &reason)]));
                return;
            }
        };
        self.start_record_job(purpose, path);
    }

    /// Asks the I/O thread to read the record at `path` or write the game
    /// there; [`GomokuApp::take_record_replies`] shows the outcome.
    fn start_record_job(&mut self, purpose: PickPurpose, path: PathBuf) {
        let tr = self.tr();
        match purpose {
            PickPurpose::Open => {
                let settings = self.game().settings();
                self.io.read_record(tr, path, settings);
            }
            PickPurpose::Save => {
                let game = self.game().clone();
                self.io.write_record(tr, path, game);
            }
        };
    }

    /// Shows what the I/O thread did with the record files it was given
    /// (every frame, without waiting).
    pub(super) fn take_record_replies(&mut self) {
        for reply in self.io.record_replies() {
            let tr = self.tr();
            let path = reply.path;
            let shown = path.display().to_string();
            match reply.result {
                Ok(RecordDone::Read(game)) => {
                    self.remember_folder(&path);
                    self.load_game(game);
                    self.say(tr.f(Msg::Opened, &[("path", &shown)]));
                    // A game opened is the end of the errand.
                    self.record = None;
                }
                Ok(RecordDone::Written) => {
                    self.remember_folder(&path);
                    self.say(tr.f(Msg::Saved, &[("path", &shown)]));
                    if let Some(w) = &mut self.record {
                        w.path = shown;
                        w.error = None;
                    }
                }
                Err(e) => self.record_window_error(Some(&path), e),
            }
        }
    }

    /// Shows `error` in the records window (opening it), with the path it
    /// concerns in the path field so the player can fix it and retry.
    fn record_window_error(&mut self, path: Option<&Path>, error: String) {
        let w = self.record.get_or_insert_with(RecordWindow::default);
        if let Some(path) = path {
            w.path = path.display().to_string();
        }
        w.error = Some(error);
    }

    /// Keeps the folder of a record just used for the next file dialog.
    fn remember_folder(&mut self, path: &Path) {
        let folder = std::path::absolute(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        if folder.is_some() && folder != self.settings.last_folder {
            self.settings.last_folder = folder;
            self.save_settings();
        }
    }

    /// Uses `picker` for the open and save dialogs (tests answer them
    /// without showing anything).
    pub fn set_file_picker(&mut self, picker: Arc<dyn FilePicker>) {
        self.files = FileDialogs::new(picker);
    }

    /// Whether a file dialog is open and not yet answered.
    #[must_use]
    pub fn is_choosing_file(&self) -> bool {
        self.files.is_open()
    }

    /// The error shown in the records window, if it is open with one.
    #[must_use]
    pub fn record_error(&self) -> Option<&str> {
        self.record.as_ref()?.error.as_deref()
    }
}
