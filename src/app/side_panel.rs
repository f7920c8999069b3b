//! The side panel (turn, game facts, the AI's thinking, the result and
//! the move list) and the status bar.

use super::session::Purpose;
use super::state::GomokuApp;
use crate::rules::{point_name, GameModel, Mode, Outcome, Point, Rule, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

/// The sentence announcing how `game` ended, from the point of view of
/// the person at the keyboard.
#[must_use]
pub fn result_text(game: &GameModel) -> Option<String> {
    let outcome = game.outcome()?;
    let mode = game.mode();
    Some(match (outcome, mode) {
        (Outcome::Draw, _) => "Draw: the board is full".to_string(),
        (Outcome::Resigned { loser }, Mode::VsAi { human }) if *loser == human => {
            "You resigned".to_string()
        }
        (Outcome::Resigned { loser }, _) => {
            format!("{loser} resigned: {} wins", loser.opponent())
        }
        (Outcome::Five { winner, .. }, Mode::VsAi { human }) if *winner == human => {
            format!("You win: five in a row ({winner})")
        }
        (Outcome::Five { winner, .. }, _) => format!("{winner} wins: five in a row"),
    })
}

/// The rule's name with a capital, for the panel.
fn rule_title(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle",
        Rule::Standard => "Standard",
        Rule::Renju => "Renju",
    }
}

/// Who plays `stone`, in words: "You", "AI", or the colour.
fn player_name(mode: Mode, stone: Stone) -> &'static str {
    match mode {
        Mode::VsAi { human } if human == stone => "you",
        Mode::VsAi { .. } => "the AI",
        Mode::TwoPlayer => match stone {
            Stone::Black => "Black",
            Stone::White => "White",
        },
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
        ui.add_space(6.0);
        let game = self.session.game().clone();
        let mode = game.mode();
        if let Some(text) = result_text(&game) {
            self.result_banner(ui, &text, &game);
        } else {
            let side = game.side_to_move();
            ui.horizontal(|ui| {
                stone_icon(ui, side, self.palette.wood);
                let who = match mode {
                    Mode::VsAi { human } if human == side => format!("Your move ({side})"),
                    Mode::VsAi { .. } => format!("The AI plays {side}"),
                    Mode::TwoPlayer => format!("{side} to move"),
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
                    ui.label("Moves");
                    ui.label(game.moves().len().to_string());
                } else {
                    ui.label("Move");
                    ui.label((game.moves().len() + 1).to_string());
                }
                ui.end_row();
                ui.label("Mode");
                ui.label(match mode {
                    Mode::VsAi { human } => format!("You ({human}) vs AI"),
                    Mode::TwoPlayer => "Two players".to_string(),
                });
                ui.end_row();
                if let Mode::VsAi { .. } = mode {
                    ui.label("AI level");
                    ui.label(self.session.level().name());
                    ui.end_row();
                }
                ui.label("Rule");
                ui.label(format!(
                    "{} · {}×{}",
                    rule_title(game.rule()),
                    game.size(),
                    game.size()
                ));
                ui.end_row();
            });
        ui.add_space(6.0);
        self.thinking_box(ui, &game);
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let can_undo = !game.moves().is_empty() || game.is_over();
            if ui
                .add_enabled(can_undo, egui::Button::new("Undo"))
                .clicked()
            {
                self.undo();
            }
            let can_redo = !game.redo_moves().is_empty() && !game.is_over();
            if ui
                .add_enabled(can_redo, egui::Button::new("Redo"))
                .clicked()
            {
                self.redo();
            }
            if ui
                .add_enabled(game.is_human_turn(), egui::Button::new("Hint"))
                .clicked()
            {
                self.hint();
            }
            if ui
                .add_enabled(!game.is_over(), egui::Button::new("Resign"))
                .clicked()
            {
                self.resign();
            }
        });
        ui.separator();
        ui.label(RichText::new("Moves").strong());
        self.move_list(ui, &game);
    }

    fn result_banner(&mut self, ui: &mut Ui, text: &str, game: &GameModel) {
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
                    .add(egui::Button::new(RichText::new("Play again").size(16.0)))
                    .clicked()
                {
                    self.start_new_game();
                }
            });
    }

    fn thinking_box(&mut self, ui: &mut Ui, game: &GameModel) {
        let Some(t) = self.session.thinking().cloned() else {
            if let Some(p) = self.session.hint() {
                ui.label(
                    RichText::new(format!("Hint: {}", point_name(p, game.size())))
                        .color(self.palette.hint),
                );
            }
            return;
        };
        let what = match t.purpose {
            Purpose::Move => "Thinking",
            Purpose::Hint => "Looking for a hint",
        };
        ui.horizontal(|ui| {
            spinner(ui);
            ui.label(format!("{what}… {:.1} s", t.elapsed().as_secs_f32()));
        });
        if self.settings.show_thinking {
            if let Some(info) = &t.info {
                egui::Grid::new("thinking").num_columns(2).show(ui, |ui| {
                    ui.label("Depth");
                    ui.label(info.depth.to_string());
                    ui.end_row();
                    ui.label("Score");
                    ui.label(info.score.describe(t.side));
                    ui.end_row();
                    ui.label("Line");
                    ui.label(line_text(&info.pv, game.size()));
                    ui.end_row();
                });
            }
        }
        if t.purpose == Purpose::Move && ui.button("Move now").clicked() {
            self.move_now();
        }
    }

    fn move_list(&self, ui: &mut Ui, game: &GameModel) {
        let size = game.size();
        let moves = game.moves();
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .stick_to_bottom(true)
            .show(ui, |ui| {
                if moves.is_empty() {
                    ui.label(RichText::new("No moves yet").weak());
                }
                egui::Grid::new("moves")
                    .num_columns(3)
                    .striped(true)
                    .show(ui, |ui| {
                        for (n, pair) in moves.chunks(2).enumerate() {
                            ui.label(RichText::new(format!("{}.", n + 1)).weak());
                            for (k, p) in pair.iter().enumerate() {
                                let stone = if k == 0 { Stone::Black } else { Stone::White };
                                let who = player_name(game.mode(), stone);
                                ui.label(point_name(*p, size))
                                    .on_hover_text(format!("Move {} by {who}", 2 * n + k + 1));
                            }
                            ui.end_row();
                        }
                    });
            });
    }

    pub(super) fn status_bar(&mut self, ui: &mut Ui) {
        ui.horizontal(|ui| {
            if let Some((text, _)) = &self.status {
                ui.label(text);
            } else if let Some(g) = self.board.hovered {
                ui.label(RichText::new(point_name(g, self.game().size())).weak());
            } else {
                let game = self.game();
                let hint = if game.is_over() {
                    "Game over: Play again, or Undo to take back the last move"
                } else if game.is_ai_turn() {
                    "The AI is thinking; Space makes it move now"
                } else {
                    "Click an intersection to play · H for a hint"
                };
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
    use crate::rules::GameSettings;

    #[test]
    fn results_read_naturally() {
        let vs_white = GameSettings {
            mode: Mode::VsAi {
                human: Stone::White,
            },
            ..GameSettings::default()
        };
        let mut g = GameModel::new(vs_white).unwrap();
        assert_eq!(result_text(&g), None);
        g.play_ai(Point::new(7, 7)).unwrap();
        g.resign().unwrap();
        assert_eq!(result_text(&g).unwrap(), "You resigned");
        let two = GameSettings {
            mode: Mode::TwoPlayer,
            ..GameSettings::default()
        };
        let g = GameModel::from_position_string(two, "a1b1a2b2a3b3a4b4a5").unwrap();
        assert_eq!(result_text(&g).unwrap(), "Black wins: five in a row");
        let vs_black = GameSettings {
            mode: Mode::VsAi {
                human: Stone::Black,
            },
            ..GameSettings::default()
        };
        let g = GameModel::from_position_string(vs_black, "a1h8c1h9e1h10g1h11j1h12").unwrap();
        assert_eq!(result_text(&g).unwrap(), "White wins: five in a row");
    }
}
