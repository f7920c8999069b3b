//! The toast: a short message at the bottom of the board that can undo
//! what just replaced the game (a new game, an opened record, a paste).

use super::state::GomokuApp;
use crate::i18n::Msg;
use crate::rules::GameModel;
use eframe::egui::{self, Align2, Context, RichText, Role, WidgetInfo};
use std::time::{Duration, Instant};

/// How long the toast stays: time to notice a stray key and undo it.
pub const TOAST_TIME: Duration = Duration::from_secs(8);

/// The button that closes the toast early.
pub const TOAST_CLOSE: &str = "×";

/// What a screen reader (and a test) hears for the toast's button; the
/// game panel has an "Undo" button of its own.
pub const TOAST_UNDO_LABEL: Msg = Msg::ToastUndoLabel;

/// The game that was on the board before it was replaced.
#[derive(Debug, Clone)]
pub(super) struct Replaced {
    pub game: GameModel,
    pub id: u64,
}

/// A message shown for [`TOAST_TIME`], with an undo if it has one.
#[derive(Debug, Clone)]
pub(super) struct Toast {
    pub text: String,
    pub undo: Option<Replaced>,
    pub shown: Instant,
}

impl GomokuApp {
    /// Draws the toast, handles its button and lets it expire.
    pub(super) fn toast(&mut self, ctx: &Context) {
        let Some(toast) = &self.toast else {
            return;
        };
        let Some(left) = TOAST_TIME.checked_sub(toast.shown.elapsed()) else {
            self.toast = None;
            return;
        };
        let text = toast.text.clone();
        let tr = self.tr();
        let can_undo = toast.undo.is_some();
        let mut undo = false;
        let mut close = false;
        egui::Area::new(egui::Id::unique("toast"))
            // Over the status bar, clear of the board's grid.
            .anchor(Align2::CENTER_BOTTOM, [0.0, -4.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(text).strong());
                        if can_undo {
                            // Not the move list's 悔棋 (take back a move): this restores a game.
                            let b = ui.button(tr.s(Msg::ToastUndo));
                            b.widget_info(|| {
                                WidgetInfo::labeled(Role::Button, true, tr.s(TOAST_UNDO_LABEL))
                            });
                            undo = b.clicked();
                        }
                        close = ui.small_button(TOAST_CLOSE).clicked();
                    });
                });
            });
        if undo {
            self.undo_replace();
        } else if close {
            self.toast = None;
        } else {
            ctx.request_repaint_after(left);
        }
    }
}
