//! Asking before resigning: a resignation ends the game at once and a
//! stray click should not.

use crate::app::action::Action;
use crate::app::view::View;
use crate::i18n::Msg;
use eframe::egui::{self, Context};

/// The question, while it is asked.
#[derive(Debug, Default)]
pub struct ConfirmResign {
    /// True while the question shows.
    pub open: bool,
}

impl ConfirmResign {
    /// Draws the question while it is open; Resign confirms, Keep playing
    /// (or Esc, or a click outside) leaves the game as it was.
    pub fn show(&mut self, ctx: &Context, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open || view.game.is_over() {
            self.open = false;
            return;
        }
        let tr = view.tr;
        let modal = egui::Modal::new(egui::Id::unique("confirm resign")).show(ctx, |ui| {
            ui.set_max_width(320.0);
            ui.heading(tr.s(Msg::ResignQuestion));
            ui.label(tr.s(Msg::ResignExplain));
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                if ui.button(tr.s(Msg::ResignConfirm)).clicked() {
                    actions.push(Action::Resign);
                    self.open = false;
                }
                if ui.button(tr.s(Msg::KeepPlaying)).clicked() {
                    self.open = false;
                }
            });
        });
        if modal.should_close() {
            self.open = false;
        }
    }
}
