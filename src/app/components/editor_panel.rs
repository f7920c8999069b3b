//! The board editor's side panel. It owns the position being edited:
//! the tools change it here, clicks on the board reach it through the
//! app, and Play / Analyse hand the finished position back as an action.

use crate::app::action::Action;
use crate::app::editor::{Editor, SetupProblem, Tool};
use crate::app::view::View;
use crate::i18n::{phrases, Msg};
use crate::rules::{Rule, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

/// The editor panel; `editor` is the position while one is edited.
#[derive(Debug, Default)]
pub struct EditorPanel {
    /// The position being edited, while the editor is open.
    pub editor: Option<Editor>,
}

impl EditorPanel {
    /// Draws the panel (nothing when the editor is closed).
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        ui.add_space(6.0);
        ui.heading(tr.s(Msg::EditorHeading));
        ui.add_space(4.0);
        ui.horizontal_wrapped(|ui| {
            for (tool, text) in [
                (Tool::Black, tr.s(Msg::EditorPlaceBlack)),
                (Tool::White, tr.s(Msg::EditorPlaceWhite)),
                (Tool::Erase, tr.s(Msg::EditorErase)),
            ] {
                ui.selectable_value(&mut editor.tool, tool, text);
            }
        });
        ui.add(egui::Label::new(RichText::new(tr.s(Msg::EditorHelp)).weak()).wrap());
        ui.add_space(6.0);
        egui::Grid::new("editor facts")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label(tr.s(Msg::EditorToMove));
                // The button on a line of its own: wrapped beside the
                // choices, it hung over the next row of the grid.
                ui.vertical(|ui| {
                    ui.horizontal(|ui| {
                        let mut to_move = editor.to_move();
                        for stone in [Stone::Black, Stone::White] {
                            ui.radio_value(&mut to_move, stone, phrases::stone(tr, stone));
                        }
                        if to_move != editor.to_move() {
                            editor.set_to_move(to_move);
                        }
                    });
                    if ui.small_button(tr.s(Msg::EditorByCount)).clicked() {
                        editor.set_to_move_by_count();
                    }
                });
                ui.end_row();
                ui.label(tr.s(Msg::FactRule));
                let mut rule = editor.rule();
                ui.horizontal_wrapped(|ui| {
                    for r in Rule::ALL {
                        ui.radio_value(&mut rule, r, phrases::rule(tr, r));
                    }
                });
                if rule != editor.rule() {
                    editor.set_rule(rule);
                }
                ui.end_row();
            });
        ui.add_space(6.0);
        if ui.button(tr.s(Msg::EditorClear)).clicked() {
            editor.clear();
        }
        ui.add_space(6.0);
        let problem = editor.problem().map(|p| match p {
            SetupProblem::Five { stone, .. } => {
                tr.f(Msg::EditorFive, &[("stone", &phrases::stone(tr, *stone))])
            }
            SetupProblem::Full => tr.s(Msg::EditorFull).to_string(),
        });
        if let Some(text) = &problem {
            ui.add(
                egui::Label::new(RichText::new(text).color(view.palette.refused).strong()).wrap(),
            );
        } else if !editor.forbidden().is_empty() {
            let count = editor.forbidden().len();
            ui.add(
                egui::Label::new(
                    RichText::new(tr.f(Msg::EditorForbidden, &[("count", &count)]))
                        .color(Color32::from_rgb(190, 60, 50)),
                )
                .wrap(),
            );
        }
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(problem.is_none(), egui::Button::new(tr.s(Msg::EditorPlay)))
                .clicked()
            {
                actions.push(Action::PlayFromEditor { analyse: false });
            }
            if ui
                .add_enabled(
                    problem.is_none(),
                    egui::Button::new(tr.s(Msg::EditorAnalyse)),
                )
                .clicked()
            {
                actions.push(Action::PlayFromEditor { analyse: true });
            }
        });
        if ui.button(tr.s(Msg::EditorCancel)).clicked() {
            actions.push(Action::CancelEditor);
        }
    }
}
