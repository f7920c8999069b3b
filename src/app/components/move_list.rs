//! The move list: the buttons that step along the line, the AI's pause
//! while an earlier position is shown, and the current line's moves
//! (click one to show it). The list keeps the shown move in sight, and
//! the moves after it (there, but not played on the board) are greyed,
//! review marks and all.

use super::game_panel::player_name;
use crate::app::action::Action;
use crate::app::analysis::labels::percent;
use crate::app::analysis::overlay::label_colour;
use crate::app::view::View;
use crate::i18n::Msg;
use crate::rules::{point_name, GameModel};
use eframe::egui::{self, Align, Button, RichText, Ui};

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

/// The move list and what it remembers: which move it last brought into
/// sight.
#[derive(Debug, Default)]
pub struct MoveList {
    /// The shown ply the list last scrolled to; a change scrolls again.
    scrolled_to: Option<usize>,
}

impl MoveList {
    /// The navigation row and the AI's pause notice: both always take
    /// their place, so the list below never moves.
    pub fn navigation(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let game = view.game;
        let total = game.moves().len() + game.redo_moves().len();
        let shown = game.moves().len();
        ui.horizontal(|ui| {
            let back = shown > 0;
            let forward = shown < total;
            let mut nav = |text: &str, hover: Msg, enabled: bool, action: Action| {
                if ui
                    .add_enabled(enabled, Button::new(text))
                    .on_hover_text(tr.s(hover))
                    .clicked()
                {
                    actions.push(action);
                }
            };
            nav("|<", Msg::NavStart, back, Action::GoToStart);
            nav("<", Msg::NavBack, back, Action::StepBack);
            nav(">", Msg::NavForward, forward, Action::StepForward);
            nav(">|", Msg::NavEnd, forward, Action::GoToEnd);
            ui.label(tr.f(Msg::NavShown, &[("shown", &shown), ("total", &total)]));
        });
        if view.session.ai_paused() {
            // The button first: the sentence is cut to what is left.
            ui.horizontal(|ui| {
                if ui.button(tr.s(Msg::ContinueHere)).clicked() {
                    actions.push(Action::ContinueHere);
                }
                let waits = view.about_ai(Msg::AiWaits, Msg::EngineWaits, &[]);
                ui.add(egui::Label::new(RichText::new(&waits).weak()).wrap());
            });
        }
    }

    /// The list itself, filling the height it is given.
    pub fn list(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let game = view.game;
        let line = current_line(game);
        let shown = game.moves().len();
        let scroll = self.scrolled_to != Some(shown);
        self.scrolled_to = Some(shown);
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
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
                                let cell = move_cell(ui, view, m, number, actions);
                                // The shown move (or the first, at the
                                // start) comes into sight when it changes.
                                if scroll && number == shown.max(1) {
                                    cell.scroll_to_me(Some(Align::Center));
                                }
                            }
                            ui.end_row();
                        }
                    });
            });
    }
}

fn move_cell(
    ui: &mut Ui,
    view: &View<'_>,
    m: &LineMove,
    number: usize,
    actions: &mut Vec<Action>,
) -> egui::Response {
    let tr = view.tr;
    let game = view.game;
    let who = player_name(tr, view.session.mode(), game.stone_of_move(number - 1));
    let mut tip = tr.f(Msg::MoveBy, &[("number", &number), ("who", &who)]);
    let ahead = number > game.moves().len();
    let review = view
        .report
        .and_then(|r| r.moves.get(number - 1).copied().flatten());
    let mut text = RichText::new(&m.name);
    if let Some(r) = review {
        text = RichText::new(format!("{}{}", m.name, r.label.glyph()));
        // The continuation after the shown position is there but not
        // played: grey, whatever its verdict.
        if !ahead {
            text = text.color(label_colour(r.label));
        }
        let verdict = match r.best.filter(|b| *b != r.played) {
            Some(best) => tr.f(
                Msg::ReviewMoveTip,
                &[
                    ("number", &number),
                    ("label", &r.label.name(tr)),
                    ("loss", &percent(r.loss)),
                    ("best", &point_name(best, game.size())),
                ],
            ),
            None => tr.f(
                Msg::ReviewMoveBestTip,
                &[("number", &number), ("label", &r.label.name(tr))],
            ),
        };
        tip = format!("{tip}\n{verdict}");
    }
    if ahead {
        text = text.weak();
    }
    let current = number == game.moves().len();
    ui.horizontal(|ui| {
        let cell = ui.selectable_label(current, text).on_hover_text(tip);
        if cell.clicked() {
            actions.push(Action::GoToPly(number));
        }
        if m.tried > 1 {
            // The number of other moves tried, in plain digits: the
            // fonts carry no symbol for it in every language.
            ui.label(
                RichText::new(format!("+{}", m.tried - 1))
                    .small()
                    .color(view.palette.hint),
            )
            .on_hover_text(tr.f(Msg::BranchHere, &[("count", &m.tried)]));
        }
        cell
    })
    .inner
}
