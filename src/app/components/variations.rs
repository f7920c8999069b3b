//! The variations box: the moves tried from the shown position, with
//! buttons to follow one, and promote or delete the variation the shown
//! position is in.

use crate::app::action::Action;
use crate::app::view::View;
use crate::i18n::Msg;
use crate::rules::{point_name, GameTree};
use eframe::egui::{self, RichText, Ui};

/// The variations box. It keeps no state of its own between frames.
#[derive(Debug, Default)]
pub struct Variations;

impl Variations {
    /// True when there is anything to show at the shown position.
    #[must_use]
    pub fn has_content(view: &View<'_>) -> bool {
        let game = view.game;
        game.current_node().children().len() > 1 || GameTree::fork_of(game.path()).is_some()
    }

    /// Draws the box.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let game = view.game;
        let node = game.current_node();
        let in_variation = GameTree::fork_of(game.path()).is_some();
        if !Variations::has_content(view) {
            return;
        }
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.label(RichText::new(tr.s(Msg::VariationsHeading)).strong());
            if node.children().len() > 1 {
                ui.label(RichText::new(tr.s(Msg::NextMovesTried)).weak());
                ui.horizontal_wrapped(|ui| {
                    for (i, child) in node.children().iter().enumerate() {
                        let Some(p) = child.mv() else { continue };
                        let name = point_name(p, game.size());
                        let label = if i == 0 {
                            tr.f(Msg::MainLineMove, &[("point", &name)])
                        } else {
                            name
                        };
                        let followed = i == node.selected();
                        if ui.selectable_label(followed, label).clicked() {
                            let mut path = game.path().to_vec();
                            path.push(i);
                            actions.push(Action::GoToNode(path));
                        }
                    }
                });
            }
            if in_variation {
                ui.label(RichText::new(tr.s(Msg::InVariation)).weak());
                ui.horizontal_wrapped(|ui| {
                    if ui.button(tr.s(Msg::PromoteVariation)).clicked() {
                        actions.push(Action::PromoteVariation);
                    }
                    if ui.button(tr.s(Msg::DeleteVariation)).clicked() {
                        actions.push(Action::DeleteVariation);
                    }
                });
            }
        });
    }
}
