//! The board editor on screen: its side panel, its clicks, and starting a
//! game from the edited position.

use super::editor::{Editor, SetupProblem, Tool};
use super::state::GomokuApp;
use crate::i18n::{phrases, Msg};
use crate::rules::{GameModel, GameSettings, Point, Rule, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

impl GomokuApp {
    /// Opens the editor on the position shown, so it can be adjusted.
    pub fn open_editor(&mut self) {
        self.editor = Some(Editor::from_game(self.session.game()));
    }

    /// True while a position is being edited.
    #[must_use]
    pub fn is_editing(&self) -> bool {
        self.editor.is_some()
    }

    /// Leaves the editor without changing the game.
    pub fn cancel_editor(&mut self) {
        self.editor = None;
    }

    /// A click on the board while editing: `erase` for a secondary click.
    pub(super) fn editor_click(&mut self, p: Point, erase: bool) {
        if let Some(editor) = &mut self.editor {
            editor.click(p, erase);
        }
    }

    /// Starts a game from the edited position, keeping the game it
    /// replaces in Recent games. Refused with a message when the position
    /// cannot be played from; the editor then stays open.
    pub fn play_from_editor(&mut self) {
        self.start_from_editor(false);
    }

    /// Starts a game from the edited position, as
    /// [`GomokuApp::play_from_editor`], with analysis mode on.
    pub fn analyse_from_editor(&mut self) {
        self.start_from_editor(true);
    }

    fn start_from_editor(&mut self, analyse: bool) {
        let Some(editor) = &self.editor else {
            return;
        };
        let settings = GameSettings {
            size: editor.board().size(),
            rule: editor.rule(),
            mode: self.settings.mode,
        };
        match GameModel::from_setup(settings, editor.board(), editor.to_move()) {
            Ok(game) => {
                self.editor = None;
                // Analysis first: against the AI it holds the AI's reply,
                // so the position is studied as it was set up.
                if analyse {
                    self.set_analysis(true);
                }
                self.replace_with_game(Msg::ReplacedByEdit, game);
            }
            Err(e) => {
                let text = crate::i18n::phrases::game_error(self.tr(), &e);
                self.say(text);
            }
        }
    }

    /// The side panel while editing.
    pub(super) fn editor_panel(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        let Some(mut editor) = self.editor.take() else {
            return;
        };
        let mut play = false;
        let mut analyse = false;
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
        ui.label(RichText::new(tr.s(Msg::EditorHelp)).weak());
        ui.add_space(6.0);
        egui::Grid::new("editor facts")
            .num_columns(2)
            .spacing([12.0, 6.0])
            .show(ui, |ui| {
                ui.label(tr.s(Msg::EditorToMove));
                ui.horizontal(|ui| {
                    let mut to_move = editor.to_move();
                    for stone in [Stone::Black, Stone::White] {
                        ui.radio_value(&mut to_move, stone, phrases::stone(tr, stone));
                    }
                    if to_move != editor.to_move() {
                        editor.set_to_move(to_move);
                    }
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
            ui.label(RichText::new(text).color(self.palette.refused).strong());
        } else if !editor.forbidden().is_empty() {
            let count = editor.forbidden().len();
            ui.label(
                RichText::new(tr.f(Msg::EditorForbidden, &[("count", &count)]))
                    .color(Color32::from_rgb(190, 60, 50)),
            );
        }
        ui.add_space(6.0);
        ui.horizontal(|ui| {
            play = ui
                .add_enabled(problem.is_none(), egui::Button::new(tr.s(Msg::EditorPlay)))
                .clicked();
            analyse = ui
                .add_enabled(
                    problem.is_none(),
                    egui::Button::new(tr.s(Msg::EditorAnalyse)),
                )
                .clicked();
        });
        let cancel = ui.button(tr.s(Msg::EditorCancel)).clicked();
        self.editor = Some(editor);
        if cancel {
            self.cancel_editor();
        } else if play || analyse {
            self.start_from_editor(analyse);
        }
    }
}
