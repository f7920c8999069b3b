//! The move list with its navigation: the current line's moves (click
//! one to show it), the buttons that step along the line, the AI's pause
//! while an earlier position is shown, and the variations at the shown
//! position.

use super::side_panel::player_name;
use super::state::GomokuApp;
use crate::i18n::Msg;
use crate::rules::{point_name, GameModel, GameTree};
use eframe::egui::{self, Button, RichText, Ui};

/// One move of the current line, for the list.
struct LineMove {
    /// The move's point name.
    name: String,
    /// How many moves were tried at this point (1: no variation).
    tried: usize,
}

/// The current line's moves (shown ones and the continuation), each with
/// how many moves its parent position has.
fn current_line(game: &GameModel) -> Vec<LineMove> {
    let tree = game.tree();
    let mut path = game.path().to_vec();
    path.extend(tree.line_after(game.path()));
    let mut node = tree.root();
    path.iter()
        .filter_map(|&i| {
            let tried = node.children().len();
            node = node.children().get(i)?;
            Some(LineMove {
                name: point_name(node.mv()?, game.size()),
                tried,
            })
        })
        .collect()
}

impl GomokuApp {
    /// The navigation buttons, the AI's pause, the variations box and the
    /// move list.
    pub(super) fn move_list(&mut self, ui: &mut Ui, game: &GameModel) {
        let tr = self.tr();
        let line = current_line(game);
        let shown = game.moves().len();
        ui.horizontal(|ui| {
            let back = shown > 0;
            let forward = shown < line.len();
            let nav = |ui: &mut Ui, text: &str, hover: Msg, enabled: bool| {
                ui.add_enabled(enabled, Button::new(text))
                    .on_hover_text(tr.s(hover))
                    .clicked()
            };
            if nav(ui, "|<", Msg::NavStart, back) {
                self.go_to_start();
            }
            if nav(ui, "<", Msg::NavBack, back) {
                self.step_back();
            }
            if nav(ui, ">", Msg::NavForward, forward) {
                self.step_forward();
            }
            if nav(ui, ">|", Msg::NavEnd, forward) {
                self.go_to_end();
            }
            ui.label(tr.f(Msg::NavShown, &[("shown", &shown), ("total", &line.len())]));
        });
        if self.session.ai_paused() {
            ui.label(RichText::new(tr.s(Msg::AiWaits)).weak());
            if ui.button(tr.s(Msg::ContinueHere)).clicked() {
                self.continue_from_here();
            }
        }
        self.variations_box(ui, game);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if line.is_empty() {
                    ui.label(RichText::new(tr.s(Msg::NoMovesYet)).weak());
                }
                egui::Grid::new("moves")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for (n, pair) in line.chunks(2).enumerate() {
                            ui.label(RichText::new(format!("{}.", n + 1)).weak());
                            for (k, m) in pair.iter().enumerate() {
                                let number = 2 * n + k + 1;
                                self.move_cell(ui, game, m, number, number == shown);
                            }
                            ui.end_row();
                        }
                    });
            });
    }

    fn move_cell(
        &mut self,
        ui: &mut Ui,
        game: &GameModel,
        m: &LineMove,
        number: usize,
        current: bool,
    ) {
        let tr = self.tr();
        let who = player_name(tr, game.mode(), game.stone_of_move(number - 1));
        let mut tip = tr.f(Msg::MoveBy, &[("number", &number), ("who", &who)]);
        let mut text = RichText::new(&m.name);
        if let Some(mark) = self.review_mark(number - 1) {
            text = RichText::new(format!("{}{}", m.name, mark.glyph)).color(mark.colour);
            tip = format!("{tip}\n{}", mark.verdict);
        }
        if number > game.moves().len() {
            // The continuation after the shown position: there, not played.
            text = text.weak();
        }
        ui.horizontal(|ui| {
            let cell = ui.selectable_label(current, text).on_hover_text(tip);
            if cell.clicked() {
                self.go_to_ply(number);
            }
            if m.tried > 1 {
                // The number of other moves tried, in plain digits: the
                // fonts carry no symbol for it in every language.
                ui.label(
                    RichText::new(format!("+{}", m.tried - 1))
                        .small()
                        .color(self.palette.hint),
                )
                .on_hover_text(tr.f(Msg::BranchHere, &[("count", &m.tried)]));
            }
        });
    }

    /// The moves tried from the shown position, with buttons to follow
    /// one, and promote/delete when the shown position is in a variation.
    fn variations_box(&mut self, ui: &mut Ui, game: &GameModel) {
        let tr = self.tr();
        let node = game.current_node();
        let in_variation = GameTree::fork_of(game.path()).is_some();
        if node.children().len() < 2 && !in_variation {
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
                            self.go_to_node(&path);
                        }
                    }
                });
            }
            if in_variation {
                ui.label(RichText::new(tr.s(Msg::InVariation)).weak());
                ui.horizontal(|ui| {
                    if ui.button(tr.s(Msg::PromoteVariation)).clicked() {
                        self.promote_variation();
                    }
                    if ui.button(tr.s(Msg::DeleteVariation)).clicked() {
                        self.delete_variation();
                    }
                });
            }
        });
    }
}
