//! The Recent games window: the kept games, newest first, each with a
//! small picture of its board, and a button to play it again.

use crate::app::action::Action;
use crate::app::recent::{RecentGame, RecentGames};
use crate::app::view::View;
use crate::i18n::Msg;
use crate::rules::{Point, Stone};
use eframe::egui::{self, Color32, Context, Rect, RichText, Sense, Ui};

/// The window's title (and the Game menu item that opens it).
pub const RECENT_TITLE: Msg = Msg::RecentGames;

/// Side of a thumbnail, in points: big enough to see the shape of a game.
const THUMB_SIZE: f32 = 48.0;

/// The Recent games window.
#[derive(Debug, Default)]
pub struct RecentWindow {
    /// True while the window shows.
    pub open: bool,
}

impl RecentWindow {
    /// Draws the window while open, inside `area` (below the menu bar).
    pub fn show(
        &mut self,
        ctx: &Context,
        area: Rect,
        view: &View<'_>,
        recent: &RecentGames,
        actions: &mut Vec<Action>,
    ) {
        if !self.open {
            return;
        }
        let mut open = true;
        let tr = view.tr;
        egui::Window::new(tr.s(RECENT_TITLE))
            .id(egui::Id::unique("recent games"))
            .open(&mut open)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .default_width(380.0)
            .default_height(420.0_f32.min(area.height() - 32.0))
            .show(ctx, |ui| {
                if recent.games.is_empty() {
                    ui.label(tr.s(Msg::NoRecentGames));
                    return;
                }
                egui::ScrollArea::vertical().show(ui, |ui| {
                    for (i, entry) in recent.games.iter().enumerate() {
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
                                actions.push(Action::OpenRecent(i));
                                self.open = false;
                            }
                        });
                        ui.separator();
                    }
                });
            });
        self.open &= open;
    }
}

/// The board in miniature at the end of the game's line (as its result
/// and move count are): one dot per stone, the last move marked.
fn thumbnail(ui: &mut Ui, entry: &RecentGame) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(THUMB_SIZE, THUMB_SIZE), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, Color32::from_rgb(222, 184, 120));
    let game = entry.line_end();
    let cell = THUMB_SIZE / f32::from(game.size());
    let centre =
        |p: Point| rect.min + egui::vec2(f32::from(p.x) + 0.5, f32::from(p.y) + 0.5) * cell;
    for (p, stone) in game.board().stones() {
        let colour = match stone {
            Stone::Black => Color32::BLACK,
            Stone::White => Color32::WHITE,
        };
        painter.circle_filled(centre(p), cell * 0.45, colour);
    }
    if let Some(last) = game.last_move() {
        painter.circle_filled(centre(last), cell * 0.2, Color32::RED);
    }
}
