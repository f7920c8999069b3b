//! The Game records window: a typed path to open or save, buttons for the
//! native file dialogs, and a position string to load. It owns what is
//! typed and the message it shows; the files themselves are read and
//! written on the I/O thread, and their outcome comes back through the
//! app.

use crate::app::action::Action;
use crate::app::file_picker::PickPurpose;
use crate::app::io::RecordKind;
use crate::app::records;
use crate::app::view::View;
use crate::i18n::Msg;
use eframe::egui::{self, Context, Rect, RichText};
use std::path::{Path, PathBuf};

/// What the window needs to know of the file machinery this frame.
#[derive(Debug, Clone, Copy)]
pub struct FilesState {
    /// A native file dialog can be shown on this desktop.
    pub dialogs_available: bool,
    /// A native dialog is open and not yet answered.
    pub dialog_open: bool,
    /// The record job the I/O thread is busy with, if any.
    pub waiting_for: Option<RecordKind>,
}

/// The fields of the open window.
#[derive(Debug, Default)]
struct Fields {
    path: String,
    text: String,
    error: Option<String>,
}

/// The records window, while open.
#[derive(Debug, Default)]
pub struct RecordsWindow {
    fields: Option<Fields>,
}

impl RecordsWindow {
    /// Opens the window (it keeps what was typed if it is open).
    pub fn open(&mut self) {
        self.fields.get_or_insert_with(Fields::default);
    }

    /// Closes the window (a game was opened: the errand is done).
    pub fn close(&mut self) {
        self.fields = None;
    }

    /// The message the window shows, if it is open with one.
    #[must_use]
    pub fn error(&self) -> Option<&str> {
        self.fields.as_ref()?.error.as_deref()
    }

    /// Shows `error`, opening the window, with the path it concerns in
    /// the path field so the player can fix it and try again.
    pub fn show_error(&mut self, path: Option<&Path>, error: String) {
        let f = self.fields.get_or_insert_with(Fields::default);
        if let Some(path) = path {
            f.path = path.display().to_string();
        }
        f.error = Some(error);
    }

    /// A record was written to `path`: the field names it, the message
    /// clears.
    pub fn written(&mut self, path: &Path) {
        if let Some(f) = &mut self.fields {
            f.path = path.display().to_string();
            f.error = None;
        }
    }

    /// Draws the window while open, inside `area` (below the menu bar).
    pub fn show(
        &mut self,
        ctx: &Context,
        area: Rect,
        view: &View<'_>,
        files: FilesState,
        actions: &mut Vec<Action>,
    ) {
        let Some(f) = &mut self.fields else {
            return;
        };
        let tr = view.tr;
        let mut open = true;
        // One file errand at a time from this window: its result replaces
        // the game or the message shown here.
        let idle = files.waiting_for.is_none();
        egui::Window::new(tr.s(Msg::GameRecords))
            .id(egui::Id::unique("records"))
            .open(&mut open)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.label(RichText::new(tr.s(Msg::RecordFileLabel)).strong());
                ui.add(
                    egui::TextEdit::singleline(&mut f.path)
                        .hint_text("/home/me/games/game.psq")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal_wrapped(|ui| {
                    let has_path = !f.path.trim().is_empty() && idle;
                    for (purpose, text) in [
                        (PickPurpose::Open, Msg::Open),
                        (PickPurpose::Save, Msg::Save),
                    ] {
                        if ui
                            .add_enabled(has_path, egui::Button::new(tr.s(text)))
                            .clicked()
                        {
                            f.error = None;
                            let path = PathBuf::from(f.path.trim());
                            actions.push(Action::RecordJob { purpose, path });
                        }
                    }
                    ui.separator();
                    let can_browse = files.dialogs_available && !files.dialog_open && idle;
                    let why_not = tr.s(if files.dialog_open {
                        Msg::DialogAlreadyOpen
                    } else {
                        Msg::NoDialogHint
                    });
                    for (purpose, text, tip) in [
                        (PickPurpose::Open, Msg::Browse, Msg::BrowseTip),
                        (PickPurpose::Save, Msg::SaveAs, Msg::SaveAsTip),
                    ] {
                        if ui
                            .add_enabled(can_browse, egui::Button::new(tr.s(text)))
                            .on_hover_text(tr.s(tip))
                            .on_disabled_hover_text(why_not)
                            .clicked()
                        {
                            actions.push(Action::Browse(purpose));
                        }
                    }
                });
                if !files.dialogs_available {
                    ui.label(RichText::new(tr.s(Msg::NoDialogHint)).weak());
                }
                // A label, not a spinner, for the same reason as below; the
                // I/O thread wakes the window when the file is done.
                if let Some(kind) = files.waiting_for {
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
                if files.dialog_open {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(tr.s(Msg::ChoosingFile)).weak());
                        if ui
                            .small_button(tr.s(Msg::StopWaiting))
                            .on_hover_text(tr.s(Msg::StopWaitingTip))
                            .clicked()
                        {
                            actions.push(Action::StopWaitingForDialog);
                        }
                    });
                }
                ui.separator();
                ui.label(RichText::new(tr.s(Msg::PositionString)).strong());
                ui.add(
                    egui::TextEdit::singleline(&mut f.text)
                        .hint_text("h8i9j7")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    if ui
                        .add_enabled(idle, egui::Button::new(tr.s(Msg::Load)))
                        .clicked()
                    {
                        match records::from_text(tr, &f.text, view.game.settings()) {
                            Ok(game) => actions.push(Action::LoadGame(Box::new(game))),
                            Err(e) => f.error = Some(e),
                        }
                    }
                    if ui.button(tr.s(Msg::CurrentGame)).clicked() {
                        f.text = records::to_position_string(view.game);
                    }
                });
                if let Some(e) = &f.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
        if !open {
            self.fields = None;
        }
    }
}
