//! The records window, with the native file dialogs behind it.

use super::file_picker::{DialogWords, FileDialogs, FilePicker, PickPurpose, PickRequest, Picked};
use super::gomoku_app::{GomokuApp, RecordWindow};
use super::records;
use crate::i18n::Msg;
use eframe::egui::{self, Context, RichText};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

impl GomokuApp {
    /// The records window (while open) and the answer of a file dialog
    /// (once it has come).
    pub(super) fn records_window(&mut self, ctx: &Context) {
        self.poll_file_dialog();
        self.record_window(ctx);
    }

    fn record_window(&mut self, ctx: &Context) {
        let Some(mut w) = self.record.take() else {
            return;
        };
        let mut open = true;
        let mut loaded = None;
        let mut browse = None;
        let mut stop_waiting = false;
        let dialogs_available = self.files.available();
        let dialog_open = self.files.is_open();
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
                    let has_path = !w.path.trim().is_empty();
                    if ui
                        .add_enabled(has_path, egui::Button::new(tr.s(Msg::Open)))
                        .clicked()
                    {
                        let path = PathBuf::from(w.path.trim());
                        match records::open(tr, &path, self.game().settings()) {
                            Ok(game) => {
                                self.remember_folder(&path);
                                loaded = Some(game);
                            }
                            Err(e) => w.error = Some(e),
                        }
                    }
                    if ui
                        .add_enabled(has_path, egui::Button::new(tr.s(Msg::Save)))
                        .clicked()
                    {
                        let path = PathBuf::from(w.path.trim());
                        match self.save_record(&path) {
                            Ok(()) => w.error = None,
                            Err(e) => w.error = Some(e),
                        }
                    }
                    ui.separator();
                    let can_browse = dialogs_available && !dialog_open;
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
                    if ui.button(tr.s(Msg::Load)).clicked() {
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
        if open {
            self.record = Some(w);
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
            // A folder deleted since it was used would make some dialogs
            // fail; they start in their own default place instead.
            folder: self.settings.last_folder.clone().filter(|f| f.is_dir()),
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
        let result = match purpose {
            PickPurpose::Open => records::open(tr, &path, self.game().settings()).map(|game| {
                self.remember_folder(&path);
                self.load_game(game);
                let shown = path.display();
                self.say(tr.f(Msg::Opened, &[("path", &shown)]));
            }),
            PickPurpose::Save => self.save_record(&path),
        };
        match result {
            // As with a typed path, a game opened is the end of the errand.
            Ok(()) if purpose == PickPurpose::Open => self.record = None,
            Ok(()) => {
                if let Some(w) = &mut self.record {
                    w.path = path.display().to_string();
                    w.error = None;
                }
            }
            Err(e) => self.record_window_error(Some(&path), e),
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

    fn save_record(&mut self, path: &Path) -> Result<(), String> {
        let tr = self.tr();
        records::save(tr, path, self.game())?;
        self.remember_folder(path);
        let shown = path.display();
        self.say(tr.f(Msg::Saved, &[("path", &shown)]));
        Ok(())
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
