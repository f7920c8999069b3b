//! A message that stays until the player closes it (a file that could
//! not be read at start, say).

use crate::app::view::View;
use crate::i18n::Msg;
use eframe::egui::{self, Align2, Context};

/// The notice window and its text, while there is one.
#[derive(Debug, Default)]
pub struct Notice {
    /// The text shown, while the window is open.
    pub text: Option<String>,
}

impl Notice {
    /// Draws the window while it has a text.
    pub fn show(&mut self, ctx: &Context, view: &View<'_>) {
        let Some(text) = &self.text else {
            return;
        };
        let tr = view.tr;
        let mut open = true;
        let mut ok = false;
        egui::Window::new(tr.s(Msg::Notice))
            .id(egui::Id::unique("notice"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.label(text);
                ok = ui.button(tr.s(Msg::Ok)).clicked();
            });
        if !open || ok {
            self.text = None;
        }
    }
}
