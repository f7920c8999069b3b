//! The toast: a short message at the bottom of the board that can undo
//! what just replaced the game (a new game, an opened record, a paste).

use crate::app::action::Action;
use crate::app::game_scope::GameScope;
use crate::app::view::View;
use crate::i18n::Msg;
use crate::play::Table;
use eframe::egui::{self, Align2, Context, RichText, Role, WidgetInfo};
use std::time::{Duration, Instant};

/// How long the toast stays: time to notice a stray key and undo it.
pub const TOAST_TIME: Duration = Duration::from_secs(8);

/// The button that closes the toast early.
pub const TOAST_CLOSE: &str = "×";

/// What a screen reader (and a test) hears for the toast's button; the
/// game panel has an "Undo" button of its own.
pub const TOAST_UNDO_LABEL: Msg = Msg::ToastUndoLabel;

/// The game that was on the board before it was replaced, with what
/// belonged to it.
#[derive(Debug, Clone)]
pub struct Replaced {
    /// The game.
    pub game: Table,
    /// Its identity and review.
    pub scope: GameScope,
}

/// A message shown for [`TOAST_TIME`], with an undo if it has one.
#[derive(Debug, Clone)]
pub struct Toast {
    /// The message.
    pub text: String,
    /// The game its Undo brings back.
    pub undo: Option<Replaced>,
    /// When it appeared.
    pub shown: Instant,
}

/// The toast, while one shows.
#[derive(Debug, Default)]
pub struct ToastArea {
    /// The toast on screen, if any.
    pub toast: Option<Toast>,
}

impl ToastArea {
    /// Shows `text` with an undo that brings back `undo`.
    pub fn offer(&mut self, text: String, undo: Option<Replaced>) {
        self.toast = Some(Toast {
            text,
            undo,
            shown: Instant::now(),
        });
    }

    /// The game the toast's Undo brings back, taking the toast away.
    pub fn take_undo(&mut self) -> Option<Replaced> {
        self.toast.take().and_then(|t| t.undo)
    }

    /// Draws the toast, handles its buttons and lets it expire.
    pub fn show(&mut self, ctx: &Context, view: &View<'_>, actions: &mut Vec<Action>) {
        let Some(toast) = &self.toast else {
            return;
        };
        let Some(left) = TOAST_TIME.checked_sub(toast.shown.elapsed()) else {
            self.toast = None;
            return;
        };
        let tr = view.tr;
        let can_undo = toast.undo.is_some();
        let mut close = false;
        egui::Area::new(egui::Id::unique("toast"))
            // Over the status bar, clear of the board's grid.
            .anchor(Align2::CENTER_BOTTOM, [0.0, -4.0])
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.horizontal(|ui| {
                        ui.label(RichText::new(&toast.text).strong());
                        if can_undo {
                            // Not the move list's 悔棋 (take back a move): this restores a game.
                            let b = ui.button(tr.s(Msg::ToastUndo));
                            b.widget_info(|| {
                                WidgetInfo::labeled(Role::Button, true, tr.s(TOAST_UNDO_LABEL))
                            });
                            if b.clicked() {
                                actions.push(Action::UndoReplace);
                            }
                        }
                        close = ui.small_button(TOAST_CLOSE).clicked();
                    });
                });
            });
        if close {
            self.toast = None;
        } else {
            ctx.request_repaint_after(left);
        }
    }
}
