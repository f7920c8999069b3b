//! The small windows: how to play, shortcuts, about, records, notices.

use super::menus::SHORTCUTS;
use super::records;
use super::state::GomokuApp;
use eframe::egui::{self, Align2, Context, RichText};
use std::path::Path;

const HOW_TO_PLAY: &str = "\
Black and White take turns placing one stone on an empty intersection; \
Black moves first. The first to make an unbroken row of five stones — \
across, down or diagonally — wins.

Freestyle: a row of five or more wins.
Standard: exactly five wins; a row of six or more does not.
Renju: White wins with five or more; Black must make exactly five and may \
not play a move that makes two threes, two fours or six in a row at once \
(such points are marked with a small red cross when Black is to move).

Click an intersection to play there. The last move carries a red dot; \
the winning five is ringed when the game ends. Undo takes back your last \
move and the AI's reply. Press H for a hint: the engine marks the move \
it would play.";

impl GomokuApp {
    pub(super) fn windows(&mut self, ctx: &Context) {
        egui::Window::new("How to play")
            .open(&mut self.windows.how_to_play)
            .collapsible(false)
            .default_width(380.0)
            .show(ctx, |ui| {
                ui.label(HOW_TO_PLAY);
            });
        egui::Window::new("Keyboard shortcuts")
            .open(&mut self.windows.shortcuts)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                egui::Grid::new("keys")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (what, key) in SHORTCUTS {
                            ui.label(RichText::new(ctx.format_shortcut(&key)).monospace());
                            ui.label(what);
                            ui.end_row();
                        }
                        ui.label(RichText::new("Ctrl+C / Ctrl+V").monospace());
                        ui.label("Copy the game / paste a position string");
                        ui.end_row();
                    });
            });
        egui::Window::new("About Gomoku")
            .open(&mut self.windows.about)
            .collapsible(false)
            .resizable(false)
            .show(ctx, |ui| {
                ui.heading(format!("Gomoku {}", env!("CARGO_PKG_VERSION")));
                ui.label("Five in a row against a strong alpha-beta AI, or against a friend.");
                ui.label(format!("License: {}", env!("CARGO_PKG_LICENSE")));
            });
        self.notice_window(ctx);
        self.record_window(ctx);
    }

    fn notice_window(&mut self, ctx: &Context) {
        let Some(text) = self.windows.notice.clone() else {
            return;
        };
        let mut open = true;
        let mut ok = false;
        egui::Window::new("Notice")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.set_max_width(420.0);
                ui.label(text);
                ok = ui.button("OK").clicked();
            });
        if !open || ok {
            self.windows.notice = None;
        }
    }

    fn record_window(&mut self, ctx: &Context) {
        let Some(mut w) = self.windows.record.take() else {
            return;
        };
        let mut open = true;
        let mut loaded = None;
        egui::Window::new("Game records")
            .open(&mut open)
            .collapsible(false)
            .default_width(420.0)
            .show(ctx, |ui| {
                ui.label(RichText::new("File (.psq or a position string)").strong());
                ui.add(
                    egui::TextEdit::singleline(&mut w.path)
                        .hint_text("/home/me/games/game.psq")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    let has_path = !w.path.trim().is_empty();
                    if ui
                        .add_enabled(has_path, egui::Button::new("Open"))
                        .clicked()
                    {
                        match records::open(Path::new(w.path.trim()), self.game().settings()) {
                            Ok(game) => loaded = Some(game),
                            Err(e) => w.error = Some(e),
                        }
                    }
                    if ui
                        .add_enabled(has_path, egui::Button::new("Save"))
                        .clicked()
                    {
                        match records::save(Path::new(w.path.trim()), self.game()) {
                            Ok(()) => {
                                w.error = None;
                                self.say(format!("Saved {}", w.path.trim()));
                            }
                            Err(e) => w.error = Some(e),
                        }
                    }
                });
                ui.separator();
                ui.label(RichText::new("Position string").strong());
                ui.add(
                    egui::TextEdit::singleline(&mut w.text)
                        .hint_text("h8i9j7")
                        .desired_width(f32::INFINITY),
                );
                ui.horizontal(|ui| {
                    if ui.button("Load").clicked() {
                        match records::from_text(&w.text, self.game().settings()) {
                            Ok(game) => loaded = Some(game),
                            Err(e) => w.error = Some(e),
                        }
                    }
                    if ui.button("Current game").clicked() {
                        w.text = records::to_position_string(self.game());
                    }
                });
                if let Some(e) = &w.error {
                    ui.colored_label(ui.visuals().error_fg_color, e);
                }
            });
        if let Some(game) = loaded {
            self.load_game(game);
            self.say("Game loaded".to_string());
            return;
        }
        if open {
            self.windows.record = Some(w);
        }
    }
}
