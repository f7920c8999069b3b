//! The side panel (turn, game facts, the AI's thinking, the result and
//! the move list) and the status bar.

use super::session::Purpose;
use super::state::GomokuApp;
use crate::i18n::{phrases, Msg, Tr};
use crate::rules::{point_name, GameModel, Mode, Outcome, Point, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

/// The sentence announcing how `game` ended, from the point of view of
/// the person at the keyboard.
#[must_use]
pub fn result_text(tr: Tr, game: &GameModel) -> Option<String> {
    let outcome = game.outcome()?;
    let mode = game.mode();
    let name = |s: Stone| phrases::stone(tr, s);
    Some(match (outcome, mode) {
        (Outcome::Draw, _) => tr.s(Msg::ResultDraw).to_string(),
        (Outcome::Resigned { loser }, Mode::VsAi { human }) if *loser == human => {
            tr.s(Msg::ResultYouResigned).to_string()
        }
        (Outcome::Resigned { loser }, _) => tr.f(
            Msg::ResultResigned,
            &[
                ("loser", &name(*loser)),
                ("winner", &name(loser.opponent())),
            ],
        ),
        (Outcome::Five { winner, .. }, Mode::VsAi { human }) if *winner == human => {
            tr.f(Msg::ResultYouWin, &[("winner", &name(*winner))])
        }
        (Outcome::Five { winner, .. }, _) => tr.f(Msg::ResultWins, &[("winner", &name(*winner))]),
    })
}

/// Who plays `stone`, in words: "you", "the AI", or the colour.
pub(super) fn player_name(tr: Tr, mode: Mode, stone: Stone) -> &'static str {
    match mode {
        Mode::VsAi { human } if human == stone => tr.s(Msg::You),
        Mode::VsAi { .. } => tr.s(Msg::TheAi),
        Mode::TwoPlayer => phrases::stone(tr, stone),
    }
}

fn line_text(pv: &[Point], size: u8) -> String {
    pv.iter()
        .take(8)
        .map(|p| point_name(*p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small stone on a patch of wood, drawn inline with text: readable
/// in both the light and the dark look.
fn stone_icon(ui: &mut Ui, stone: Stone, wood: Color32) {
    let size = ui.text_style_height(&egui::TextStyle::Heading);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let (fill, edge) = match stone {
        Stone::Black => (Color32::from_rgb(20, 20, 22), Color32::from_gray(10)),
        Stone::White => (Color32::from_gray(248), Color32::from_gray(150)),
    };
    let painter = ui.painter();
    painter.rect_filled(rect, size * 0.2, wood);
    painter.circle(
        rect.center(),
        size * 0.36,
        fill,
        egui::Stroke::new(1.0, edge),
    );
}

impl GomokuApp {
    pub(super) fn side_panel(&mut self, ui: &mut Ui) {
        if self.is_editing() {
            self.editor_panel(ui);
            return;
        }
        ui.add_space(6.0);
        let tr = self.tr();
        let game = self.session.game().clone();
        let mode = game.mode();
        if let Some(text) = result_text(tr, &game) {
            self.result_banner(ui, &text, &game);
        } else {
            let side = game.side_to_move();
            ui.horizontal(|ui| {
                stone_icon(ui, side, self.palette.wood);
                let stone = phrases::stone(tr, side);
                let who = match mode {
                    Mode::VsAi { human } if human == side => {
                        tr.f(Msg::YourMove, &[("stone", &stone)])
                    }
                    Mode::VsAi { .. } => tr.f(Msg::AiPlays, &[("stone", &stone)]),
                    Mode::TwoPlayer => tr.f(Msg::ToMove, &[("stone", &stone)]),
                };
                ui.label(RichText::new(who).heading());
            });
        }
        ui.add_space(4.0);
        egui::Grid::new("facts")
            .num_columns(2)
            .spacing([12.0, 4.0])
            .show(ui, |ui| {
                if game.is_over() {
                    ui.label(tr.s(Msg::FactMoves));
                    ui.label(game.moves().len().to_string());
                } else {
                    ui.label(tr.s(Msg::FactMove));
                    ui.label((game.moves().len() + 1).to_string());
                }
                ui.end_row();
                ui.label(tr.s(Msg::FactMode));
                ui.label(match mode {
                    Mode::VsAi { human } => {
                        tr.f(Msg::ModeVsAi, &[("stone", &phrases::stone(tr, human))])
                    }
                    Mode::TwoPlayer => tr.s(Msg::ModeTwoPlayer).to_string(),
                });
                ui.end_row();
                if let Mode::VsAi { .. } = mode {
                    ui.label(tr.s(Msg::AiLevel));
                    ui.label(phrases::level(tr, self.session.level()));
                    ui.end_row();
                }
                ui.label(tr.s(Msg::FactRule));
                ui.label(tr.f(
                    Msg::RuleAndSize,
                    &[
                        ("rule", &phrases::rule(tr, game.rule())),
                        ("size", &game.size()),
                    ],
                ));
                ui.end_row();
            });
        ui.add_space(6.0);
        self.thinking_box(ui, &game);
        self.analysis_panel(ui);
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let can_undo = !game.moves().is_empty() || game.is_over();
            if ui
                .add_enabled(can_undo, egui::Button::new(tr.s(Msg::Undo)))
                .clicked()
            {
                self.undo();
            }
            let can_redo = !game.redo_moves().is_empty() && !game.is_over();
            if ui
                .add_enabled(can_redo, egui::Button::new(tr.s(Msg::Redo)))
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(game.is_human_turn(), egui::Button::new(tr.s(Msg::Hint)))
                .clicked()
            {
                self.hint();
            }
            if ui
                .add_enabled(!game.is_over(), egui::Button::new(tr.s(Msg::Resign)))
                .clicked()
            {
                self.resign();
            }
        });
        ui.separator();
        ui.label(RichText::new(tr.s(Msg::MovesHeading)).strong());
        self.move_list(ui, &game);
    }

    fn result_banner(&mut self, ui: &mut Ui, text: &str, game: &GameModel) {
        let tr = self.tr();
        let won = match (game.mode(), game.outcome().and_then(Outcome::winner)) {
            (Mode::VsAi { human }, Some(w)) => w == human,
            (_, w) => w.is_some(),
        };
        let fill = if won {
            Color32::from_rgb(38, 120, 62)
        } else if game.outcome().and_then(Outcome::winner).is_none() {
            Color32::from_rgb(90, 96, 110)
        } else {
            Color32::from_rgb(150, 52, 40)
        };
        egui::Frame::new()
            .fill(fill)
            .corner_radius(6.0)
            .inner_margin(10.0)
            .show(ui, |ui| {
                ui.set_width(ui.available_width());
                ui.label(
                    RichText::new(text)
                        .size(19.0)
                        .strong()
                        .color(Color32::WHITE),
                );
                ui.add_space(4.0);
                if ui
                    .add(egui::Button::new(
                        RichText::new(tr.s(Msg::PlayAgain)).size(16.0),
                    ))
                    .clicked()
                {
                    self.start_new_game();
                }
            });
    }

    fn thinking_box(&mut self, ui: &mut Ui, game: &GameModel) {
        let tr = self.tr();
        let Some(t) = self.session.thinking().cloned() else {
            if let Some(p) = self.session.hint() {
                let point = point_name(p, game.size());
                ui.label(
                    RichText::new(tr.f(Msg::HintAt, &[("point", &point)])).color(self.palette.hint),
                );
            }
            return;
        };
        let what = tr.s(match t.purpose {
            Purpose::Move => Msg::Thinking,
            Purpose::Hint => Msg::LookingForHint,
        });
        ui.horizontal(|ui| {
            spinner(ui);
            let seconds = format!("{:.1}", t.elapsed().as_secs_f32());
            ui.label(tr.f(Msg::Elapsed, &[("what", &what), ("seconds", &seconds)]));
        });
        if self.settings.show_thinking {
            if let Some(info) = &t.info {
                egui::Grid::new("thinking").num_columns(2).show(ui, |ui| {
                    ui.label(tr.s(Msg::Depth));
                    ui.label(info.depth.to_string());
                    ui.end_row();
                    ui.label(tr.s(Msg::Score));
                    ui.label(phrases::score(tr, info.score, t.side));
                    ui.end_row();
                    ui.label(tr.s(Msg::Line));
                    ui.label(line_text(&info.pv, game.size()));
                    ui.end_row();
                });
            }
        }
        if t.purpose == Purpose::Move && ui.button(tr.s(Msg::MoveNow)).clicked() {
            self.move_now();
        }
    }

    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        ui.horizontal(|ui| {
            if let Some((text, _)) = &self.status {
                ui.label(text);
            } else if let Some(g) = self.board.hovered {
                ui.label(RichText::new(point_name(g, self.game().size())).weak());
            } else {
                let game = self.game();
                let hint = tr.s(if game.is_over() {
                    Msg::StatusGameOver
                } else if game.is_ai_turn() && self.analysis_on() {
                    Msg::AnalysisAiWaits
                } else if game.is_ai_turn() && self.session.ai_paused() {
                    Msg::AiWaits
                } else if game.is_ai_turn() {
                    Msg::StatusAiThinking
                } else {
                    Msg::StatusYourTurn
                });
                ui.label(RichText::new(hint).weak());
            }
        });
    }
}

/// A spinner that asks for frames at a modest rate (egui's own asks for
/// every frame), so a thinking AI does not keep the CPU busy drawing.
fn spinner(ui: &mut Ui) {
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let t = ui.input(|i| i.time) as f32;
    let c = rect.center();
    let r = size * 0.4;
    let colour = ui.visuals().strong_text_color();
    for k in 0..8 {
        let a = std::f32::consts::TAU * k as f32 / 8.0;
        let phase = ((t * 1.5 - k as f32 / 8.0).rem_euclid(1.0) * 255.0) as u8;
        ui.painter().circle_filled(
            c + egui::Vec2::angled(a) * r,
            size * 0.09,
            colour.gamma_multiply(f32::from(phase) / 255.0),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::rules::GameSettings;

    const EN: Tr = Tr(Lang::English);
    const ZH: Tr = Tr(Lang::Chinese);

    #[test]
    fn results_read_naturally() {
        let vs_white = GameSettings {
            mode: Mode::VsAi {
                human: Stone::White,
            },
            ..GameSettings::default()
        };
        let mut g = GameModel::new(vs_white).unwrap();
        assert_eq!(result_text(EN, &g), None);
        g.play_ai(Point::new(7, 7)).unwrap();
        g.resign().unwrap();
        assert_eq!(result_text(EN, &g).unwrap(), "You resigned");
        assert_eq!(result_text(ZH, &g).unwrap(), "你认输了");
        let two = GameSettings {
            mode: Mode::TwoPlayer,
            ..GameSettings::default()
        };
        let g = GameModel::from_position_string(two, "a1b1a2b2a3b3a4b4a5").unwrap();
        assert_eq!(result_text(EN, &g).unwrap(), "Black wins: five in a row");
        assert_eq!(result_text(ZH, &g).unwrap(), "黑棋胜：五子连珠");
        let vs_black = GameSettings {
            mode: Mode::VsAi {
                human: Stone::Black,
            },
            ..GameSettings::default()
        };
        let g = GameModel::from_position_string(vs_black, "a1h8c1h9e1h10g1h11j1h12").unwrap();
        assert_eq!(result_text(EN, &g).unwrap(), "White wins: five in a row");
    }
}
