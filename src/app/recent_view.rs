//! The Recent games window: the kept games, newest first, each with a
//! small picture of its board, and a button to play it again.

use super::recent::RecentGame;
use super::state::GomokuApp;
use crate::i18n::Msg;
use crate::rules::{Point, Stone};
use eframe::egui::{self, Color32, Context, RichText, Sense, Ui};

/// The window's title (and the Game menu item that opens it).
pub const RECENT_TITLE: Msg = Msg::RecentGames;

/// Side of a thumbnail, in points: big enough to see the shape of a game.
const THUMB_SIZE: f32 = 48.0;

impl GomokuApp {
    /// The Recent games window, when open.
    pub(super) fn recent_window(&mut self, ctx: &Context) {
        if !self.windows.recent {
            return;
        }
        let mut open = true;
        let mut chosen = None;
        let tr = self.tr();
        egui::Window::new(tr.s(RECENT_TITLE))
            .id(egui::Id::unique("recent games"))
            .open(&mut open)
            .collapsible(false)
            .default_width(380.0)
            .default_height(420.0)
            .show(ctx, |ui| {
                if self.recent.games.is_empty() {
                    ui.label(tr.s(Msg::NoRecentGames));
                    return;
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (i, entry) in self.recent.games.iter().enumerate() {
                        ui.horizontal(|ui| {
                            thumbnail(ui, entry);
                            ui.vertical(|ui| {
                                ui.label(RichText::new(entry.result(tr)).strong());
                                ui.label(tr.f(
                                    Msg::RecentLine,
                                    &[("players", &entry.players(tr)), ("moves", &entry.moves(tr))],
                                ));
                                ui.label(RichText::new(entry.when(tr)).weak());
                            });
                            if ui.button(tr.s(Msg::Open)).clicked() {
                                chosen = Some(i);
                            }
                        });
                        ui.separator();
                    }
                });
            });
        if let Some(i) = chosen {
            self.open_recent(i);
            open = false;
        }
        self.windows.recent = open;
    }
}

/// The board in miniature: one dot per stone, the last move marked.
fn thumbnail(ui: &mut Ui, entry: &RecentGame) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(THUMB_SIZE, THUMB_SIZE), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, Color32::from_rgb(222, 184, 120));
    let cell = THUMB_SIZE / f32::from(entry.game.size());
    let centre =
        |p: Point| rect.min + egui::vec2(f32::from(p.x) + 0.5, f32::from(p.y) + 0.5) * cell;
    for (p, stone) in entry.game.board().stones() {
        let colour = match stone {
            Stone::Black => Color32::BLACK,
            Stone::White => Color32::WHITE,
        };
        painter.circle_filled(centre(p), cell * 0.45, colour);
    }
    if let Some(last) = entry.game.last_move() {
        painter.circle_filled(centre(last), cell * 0.2, Color32::RED);
    }
}
