//! The Watch engines play window (Game → Watch engines play…): Black's
//! and White's engine, each the built-in engine at a level or a listed
//! foreign engine, the game's time per move, and Start. The game then plays itself; the game panel
//! has its pause, step and resume.

use crate::app::action::Action;
use crate::app::components::engines::turn_seconds;
use crate::app::view::View;
use crate::app::watch::{Player, WatchSetup};
use crate::i18n::{phrases, Msg};
use crate::rules::Stone;
use eframe::egui::{self, Context, Rect};

/// The window, and the choice being made in it.
#[derive(Debug, Default)]
pub struct WatchWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The engines chosen so far (the settings' last choice when opened).
    setup: Option<WatchSetup>,
}

impl WatchWindow {
    /// Draws the window while open, inside `area`.
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open {
            self.setup = None;
            return;
        }
        let tr = view.tr;
        let engines = &view.settings.engines;
        let setup = self
            .setup
            .get_or_insert_with(|| view.settings.watch.clone());
        let choices = Player::choices(engines);
        let mut open = true;
        let mut start = false;
        egui::Window::new(tr.s(Msg::WatchTitle))
            .id(egui::Id::unique("watch-window"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .show(ctx, |ui| {
                egui::Grid::new("watch-players")
                    .num_columns(2)
                    .spacing([12.0, 8.0])
                    .show(ui, |ui| {
                        for stone in [Stone::Black, Stone::White] {
                            let player = match stone {
                                Stone::Black => &mut setup.black,
                                Stone::White => &mut setup.white,
                            };
                            let label = ui.label(phrases::stone(tr, stone));
                            egui::ComboBox::from_id_salt(stone)
                                .width(260.0)
                                .selected_text(player.name(tr, engines))
                                .show_ui(ui, |ui| {
                                    for c in &choices {
                                        let name = c.name(tr, engines);
                                        ui.selectable_value(player, c.clone(), name);
                                    }
                                })
                                .response
                                .labelled_by(label.id);
                            ui.end_row();
                        }
                        let label = ui
                            .label(tr.s(Msg::WatchTimePerMove))
                            .on_hover_text(tr.s(Msg::WatchTimeTip));
                        if let Some(ms) = turn_seconds(ui, &label, setup.turn_ms) {
                            setup.turn_ms = ms;
                        }
                        ui.end_row();
                    });
                ui.add_space(6.0);
                start = ui.button(tr.s(Msg::WatchStart)).clicked();
            });
        if start {
            actions.push(Action::Watch(setup.clone()));
            open = false;
        }
        self.open = open;
    }
}
