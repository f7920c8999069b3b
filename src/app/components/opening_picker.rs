//! The "New game from opening…" window: the 26 Renju openings, each with
//! its Chinese name and romaji, direct or indirect, its three moves and a
//! small diagram; choosing one starts a new game from its three stones.

use crate::app::action::Action;
use crate::app::view::View;
use crate::i18n::{Lang, Msg, Tr};
use crate::rules::opening::{NamedOpening, OpeningKind};
use crate::rules::{point_name, Point, Stone};
use eframe::egui::{self, Color32, Context, Rect, RichText, Sense, Ui};

/// The window's title.
pub const OPENING_PICKER_TITLE: Msg = Msg::OpeningPickerTitle;

/// Points a side of the diagram shows: the central 5×5, where every
/// opening's three stones lie.
const DIAGRAM_POINTS: i32 = 5;

/// Side of a diagram, in points: the three stones and their distance read
/// at a glance, five rows fitting beside two lines of text.
const DIAGRAM_SIZE: f32 = 40.0;

/// The board size the diagrams and the listed moves are written for (the
/// openings are centred on any board; the new game uses its own size).
const LISTED_SIZE: u8 = 15;

/// The opening picker.
#[derive(Debug, Default)]
pub struct OpeningPicker {
    /// True while the window shows.
    pub open: bool,
}

impl OpeningPicker {
    /// Draws the window while open, inside `area` (below the menu bar).
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open {
            return;
        }
        let mut open = true;
        let tr = view.tr;
        egui::Window::new(tr.s(OPENING_PICKER_TITLE))
            .id(egui::Id::unique("opening picker"))
            .open(&mut open)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .default_width(420.0)
            .default_height(460.0_f32.min(area.height() - 32.0))
            .show(ctx, |ui| {
                ui.add(egui::Label::new(RichText::new(tr.s(Msg::OpeningPickerNote)).weak()).wrap());
                ui.separator();
                // The list fills the window's width: its scroll bar sits at
                // the window's edge, not beside the names.
                egui::ScrollArea::vertical()
                    .auto_shrink([false, true])
                    .show(ui, |ui| {
                        for o in NamedOpening::ALL {
                            ui.horizontal(|ui| {
                                diagram(ui, o);
                                ui.vertical(|ui| {
                                    if ui.button(row_text(tr, o)).clicked() {
                                        actions.push(Action::NewGameFromOpening(o));
                                        self.open = false;
                                    }
                                    let moves =
                                        o.moves(LISTED_SIZE).map(|p| point_name(p, LISTED_SIZE));
                                    ui.label(RichText::new(moves.join(" ")).weak().monospace());
                                });
                            });
                        }
                    });
            });
        self.open &= open;
    }
}

/// "花月 · Kagetsu (D4, direct)": both names whatever the language, from
/// the catalogues (so the font subset holds every character).
#[must_use]
pub fn row_text(tr: Tr, o: NamedOpening) -> String {
    let code = o.code();
    let name_in = |lang| Tr(lang).f(Msg::OpeningNameOf, &[("code", &code)]);
    let kind = tr.s(match o.kind() {
        OpeningKind::Direct => Msg::OpeningDirect,
        OpeningKind::Indirect => Msg::OpeningIndirect,
    });
    tr.f(
        Msg::OpeningPickerRow,
        &[
            ("chinese", &name_in(Lang::Chinese)),
            ("romaji", &name_in(Lang::English)),
            ("code", &code),
            ("kind", &kind),
        ],
    )
}

/// The central 5×5 with the opening's stones.
fn diagram(ui: &mut Ui, o: NamedOpening) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(DIAGRAM_SIZE, DIAGRAM_SIZE), Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 3.0, Color32::from_rgb(222, 184, 120));
    let cell = DIAGRAM_SIZE / DIAGRAM_POINTS as f32;
    let line = egui::Stroke::new(0.5, Color32::from_gray(90));
    let at = |i: i32| (i as f32 + 0.5) * cell;
    for i in 0..DIAGRAM_POINTS {
        let (a, b) = (at(0), at(DIAGRAM_POINTS - 1));
        painter.line_segment(
            [
                rect.min + egui::vec2(a, at(i)),
                rect.min + egui::vec2(b, at(i)),
            ],
            line,
        );
        painter.line_segment(
            [
                rect.min + egui::vec2(at(i), a),
                rect.min + egui::vec2(at(i), b),
            ],
            line,
        );
    }
    let centre = Point::new(LISTED_SIZE / 2, LISTED_SIZE / 2);
    let half = DIAGRAM_POINTS / 2;
    for (i, p) in o.moves(LISTED_SIZE).into_iter().enumerate() {
        let dx = i32::from(p.x) - i32::from(centre.x) + half;
        let dy = i32::from(p.y) - i32::from(centre.y) + half;
        let (fill, edge) = match Stone::to_move_after(i) {
            Stone::Black => (Color32::BLACK, Color32::BLACK),
            Stone::White => (Color32::WHITE, Color32::from_gray(60)),
        };
        let c = rect.min + egui::vec2(at(dx), at(dy));
        painter.circle_filled(c, cell * 0.42, fill);
        painter.circle_stroke(c, cell * 0.42, egui::Stroke::new(0.5, edge));
    }
}
