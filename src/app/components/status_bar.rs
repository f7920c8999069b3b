//! The status bar: the latest message, else the point under the pointer,
//! else what the game is waiting for.

use crate::app::view::View;
use crate::i18n::Msg;
use crate::rules::point_name;
use eframe::egui::{self, RichText, Ui};

/// The status bar. It keeps no state of its own between frames.
#[derive(Debug, Default)]
pub struct StatusBar;

impl StatusBar {
    /// Draws the bar.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>) {
        let tr = view.tr;
        let game = view.game;
        ui.horizontal(|ui| {
            if let Some(text) = view.status {
                ui.add(egui::Label::new(text).truncate());
            } else if let Some(p) = view.hovered {
                ui.label(RichText::new(point_name(p, game.size())).weak());
            } else {
                let hint = tr.s(if game.is_over() {
                    Msg::StatusGameOver
                } else if view.session.is_ai_turn() && view.analysis.on {
                    Msg::AnalysisAiWaits
                } else if view.session.is_ai_turn() && view.session.ai_paused() {
                    Msg::AiWaits
                } else if view.session.is_ai_turn() {
                    Msg::StatusAiThinking
                } else {
                    Msg::StatusYourTurn
                });
                ui.add(egui::Label::new(RichText::new(hint).weak()).truncate());
            }
        });
    }
}
