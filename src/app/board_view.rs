//! Painting the board and turning pointer input into intersections.

use super::geometry::{star_points, BoardGeometry, MARGIN_PLAIN, MARGIN_WITH_LABELS};
use super::paint::{paint_stone, text_shape};
use super::palette::Palette;
use crate::rules::{point_name, Board, GameModel, Outcome, Point, Stone};
use eframe::egui::{
    self, Align2, Color32, CursorIcon, FontId, Pos2, Sense, Shape, Stroke, Ui, Vec2,
};

/// A fifth-move offer's disc: a black stone, seen through, so the point
/// reads as Black's possible move and the board shows beneath it.
const OFFER_FILL: Color32 = Color32::from_rgba_premultiplied(16, 16, 18, 190);

/// Opacity of the stone previewed under the pointer: clearly a stone of
/// the right colour, clearly not yet played.
const GHOST_OPACITY: f32 = 0.62;

/// Opacity of a shown line's stones (a puzzle's refutation or solution):
/// plainly not on the board, still easy to read with their numbers.
const LINE_OPACITY: f32 = 0.5;

/// Grain lines in the wood: enough to read as wood, few enough to stay
/// quiet behind the stones.
const GRAIN_LINES: u32 = 46;

/// What the board should show beyond the stones.
pub struct BoardView<'a> {
    /// The game to draw.
    pub game: &'a GameModel,
    /// Colours.
    pub palette: &'a Palette,
    /// Numbers on the stones.
    pub move_numbers: bool,
    /// Letters and numbers around the grid.
    pub coordinates: bool,
    /// A suggested move to mark.
    pub hint: Option<Point>,
    /// Whether a click may place a stone now (a person's turn).
    pub accepts_moves: bool,
    /// Points where the side to move may not play (Renju, Black).
    pub forbidden: &'a [Point],
    /// A point to ring briefly after a refused click, with its strength
    /// from 1 (just refused) fading to 0.
    pub refused: Option<(Point, f32)>,
    /// The board's name for screen readers, in the player's language.
    pub label: &'a str,
    /// The board editor's position, shown instead of the game's.
    pub editing: Option<Editing<'a>>,
    /// Analysis marks: candidates, a hovered line, the move's verdict.
    pub analysis: Option<&'a super::analysis::Overlay>,
    /// A line shown as numbered grey stones (a puzzle's refutation or
    /// solution), in the order played.
    pub ghosts: &'a [(Point, Stone)],
    /// A square to mark, corners included (a puzzle hint's area).
    pub area: Option<(Point, Point)>,
    /// Points to mark with numbered rings (an opening's fifth-move offers).
    pub marks: &'a [Point],
    /// Letters on points (the library's labels of the shown position).
    pub labels: &'a [(Point, String)],
    /// A click puts or takes away a label: no stone is previewed, and
    /// every point may be clicked.
    pub labelling: bool,
}

/// What the board shows while a position is edited.
#[derive(Debug, Clone, Copy)]
pub struct Editing<'a> {
    /// The stones being edited.
    pub board: &'a Board,
    /// A winning line already on the board, ringed as a problem.
    pub five: Option<&'a [Point]>,
    /// The stone a click would place (none when erasing).
    pub ghost: Option<Stone>,
}

/// What happened on the board this frame.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoardInput {
    /// Where the board was drawn; `None` if there was no room.
    pub geometry: Option<BoardGeometry>,
    /// A primary click: `Some(point)` on an intersection, `None` beside
    /// the grid.
    pub clicked: Option<Option<Point>>,
    /// The intersection under the pointer.
    pub hovered: Option<Point>,
    /// A secondary (right) click on an intersection.
    pub secondary: Option<Point>,
}

impl BoardView<'_> {
    /// Draws the board into all the space `ui` has left and reports clicks.
    pub fn show(&self, ui: &mut Ui) -> BoardInput {
        let (rect, response) = ui.allocate_exact_size(ui.available_size(), Sense::click());
        response.widget_info(|| egui::WidgetInfo::labeled(egui::Role::Canvas, true, self.label));
        let ppp = ui.ctx().pixels_per_point();
        let margin = if self.coordinates {
            MARGIN_WITH_LABELS
        } else {
            MARGIN_PLAIN
        };
        let Some(g) = BoardGeometry::fit(rect, self.size(), margin, ppp) else {
            return BoardInput::default();
        };
        let hovered = response.hover_pos().and_then(|p| g.hit(p));
        let clicked = if response.clicked() {
            response.interact_pointer_pos().map(|p| g.hit(p))
        } else {
            None
        };
        let secondary = if response.secondary_clicked() {
            response.interact_pointer_pos().and_then(|p| g.hit(p))
        } else {
            None
        };
        let playable = |p: Point| match &self.editing {
            // Any point may be edited, forbidden ones included.
            Some(_) => true,
            None if self.labelling => true,
            None => {
                self.accepts_moves
                    && self.game.board().is_empty_at(p)
                    && !self.forbidden.contains(&p)
            }
        };
        if let Some(p) = hovered {
            let icon = if playable(p) {
                CursorIcon::PointingHand
            } else {
                CursorIcon::NotAllowed
            };
            ui.ctx().set_cursor_icon(icon);
        }

        let painter = ui.painter_at(rect);
        let mut shapes = Vec::new();
        self.paint_wood(&g, &mut shapes);
        self.paint_grid(&g, ppp, &mut shapes);
        if self.coordinates {
            self.paint_labels(ui, &g, &mut shapes);
        }
        self.paint_stones(ui, &g, &mut shapes);
        // The analysis marks belong to the game's position, not the one
        // being edited.
        if let (Some(overlay), None) = (self.analysis, &self.editing) {
            overlay.paint(ui, self.palette, &g, hovered, &mut shapes);
        }
        let ghost = match &self.editing {
            Some(e) => e
                .ghost
                .filter(|_| hovered.is_some_and(|p| e.board.is_empty_at(p))),
            None if self.labelling => None,
            None => Some(self.game.side_to_move()),
        };
        if let (Some(p), Some(stone)) = (hovered.filter(|p| playable(*p)), ghost) {
            self.paint_ghost(&g, p, stone, &mut shapes);
        }
        for p in self.forbidden {
            let c = g.screen_pos(*p);
            let d = g.cell * 0.16;
            let stroke = Stroke::new((g.cell * 0.05).max(1.0), self.palette.refused);
            shapes.push(Shape::line_segment(
                [c - Vec2::splat(d), c + Vec2::splat(d)],
                stroke,
            ));
            shapes.push(Shape::line_segment(
                [c + Vec2::new(-d, d), c + Vec2::new(d, -d)],
                stroke,
            ));
        }
        self.paint_line(ui, &g, &mut shapes);
        if self.editing.is_none() {
            self.paint_point_labels(ui, &g, &mut shapes);
        }
        // The fifth-move offers (Black's stones, one of which White will
        // pick): a half-seen black stone, ringed, with its number large
        // in white, readable at a glance on any board size.
        for (i, &p) in self.marks.iter().enumerate() {
            let c = g.screen_pos(p);
            let r = g.stone_radius();
            shapes.push(Shape::circle_filled(c, r, OFFER_FILL));
            shapes.push(Shape::circle_stroke(
                c,
                r * 0.92,
                Stroke::new((r * 0.16).max(2.0), self.palette.hint),
            ));
            shapes.push(text_shape(
                ui,
                c,
                Align2::CENTER_CENTER,
                i + 1,
                FontId::proportional(g.cell * 0.55),
                Color32::WHITE,
            ));
        }
        if let Some((from, to)) = self.area {
            let half = Vec2::splat(g.cell * 0.5);
            let square =
                egui::Rect::from_two_pos(g.screen_pos(from) - half, g.screen_pos(to) + half);
            shapes.push(Shape::rect_filled(
                square,
                g.cell * 0.2,
                self.palette.hint.gamma_multiply(0.12),
            ));
            shapes.push(Shape::rect_stroke(
                square,
                g.cell * 0.2,
                Stroke::new((g.cell * 0.06).max(1.5), self.palette.hint),
                egui::StrokeKind::Middle,
            ));
        }
        if let Some(p) = self.hint {
            let c = g.screen_pos(p);
            let r = g.stone_radius();
            shapes.push(Shape::circle_filled(
                c,
                r,
                self.palette.hint.gamma_multiply(0.25),
            ));
            shapes.push(Shape::circle_stroke(
                c,
                r * 0.9,
                Stroke::new(r * 0.14, self.palette.hint),
            ));
        }
        if let Some((p, strength)) = self.refused {
            let c = g.screen_pos(p);
            let r = g.stone_radius();
            shapes.push(Shape::circle_stroke(
                c,
                r * 1.05,
                Stroke::new(r * 0.12, self.palette.refused.gamma_multiply(strength)),
            ));
        }
        painter.extend(shapes);

        BoardInput {
            geometry: Some(g),
            clicked,
            hovered,
            secondary,
        }
    }

    /// The labels, as RenLib draws its board texts: a letter on a clear
    /// patch of wood where the point is empty (the grid would cross it),
    /// in the numbers' colours on a stone.
    fn paint_point_labels(&self, ui: &Ui, g: &BoardGeometry, shapes: &mut Vec<Shape>) {
        let board = self.game.board();
        for (p, text) in self.labels {
            let c = g.screen_pos(*p);
            let r = g.stone_radius();
            let colour = match board.get(*p) {
                Some(Stone::Black) => self.palette.number_on_black,
                Some(Stone::White) => self.palette.number_on_white,
                None => {
                    shapes.push(Shape::circle_filled(c, r * 0.62, self.palette.wood));
                    self.palette.label
                }
            };
            shapes.push(text_shape(
                ui,
                c,
                Align2::CENTER_CENTER,
                text,
                FontId::proportional(r * 1.05),
                colour,
            ));
        }
    }

    /// The side of the board shown.
    fn size(&self) -> u8 {
        self.editing
            .map_or_else(|| self.game.size(), |e| e.board.size())
    }

    fn paint_wood(&self, g: &BoardGeometry, shapes: &mut Vec<Shape>) {
        let pal = self.palette;
        let corner = g.cell * 0.18;
        shapes.push(Shape::rect_filled(
            g.rect.translate(Vec2::splat(g.cell * 0.08)),
            corner,
            pal.board_shadow,
        ));
        shapes.push(Shape::rect_filled(g.rect, corner, pal.wood));
        // Grain: long, faint, gently waving lines across the board, fixed
        // so the board looks the same every time.
        let inner = g.rect.shrink(corner * 0.6);
        let side = inner.height();
        for i in 0..GRAIN_LINES {
            let h = grain_hash(i);
            let unit = |shift: u32| ((h >> shift) % 1000) as f32 / 1000.0;
            let y0 = inner.top() + side * unit(0);
            let width = side * (0.0008 + 0.0035 * unit(10));
            let alpha = 0.10 + 0.28 * unit(20);
            let amplitude = side * 0.006 * (0.3 + unit(5));
            let phase = std::f32::consts::TAU * unit(15);
            let waves = 1.0 + 2.0 * unit(25);
            let points: Vec<Pos2> = (0..=32)
                .map(|k| {
                    let t = k as f32 / 32.0;
                    let y = y0 + amplitude * (std::f32::consts::TAU * waves * t + phase).sin();
                    Pos2::new(
                        inner.left() + inner.width() * t,
                        y.clamp(inner.top(), inner.bottom()),
                    )
                })
                .collect();
            shapes.push(Shape::line(
                points,
                Stroke::new(width, pal.wood_grain.gamma_multiply(alpha)),
            ));
        }
        shapes.push(Shape::rect_stroke(
            g.rect,
            corner,
            Stroke::new((g.cell * 0.04).max(1.0), pal.wood_edge),
            egui::StrokeKind::Inside,
        ));
    }

    fn paint_grid(&self, g: &BoardGeometry, ppp: f32, shapes: &mut Vec<Shape>) {
        let pal = self.palette;
        // One physical pixel at small sizes, a little heavier on big boards.
        let thin = (g.cell * 0.035).max(1.0 / ppp);
        let thin = (thin * ppp).round().max(1.0) / ppp;
        let thick = thin * 2.0;
        // A line of odd pixel width is crisp when centred on a pixel.
        let centre = |v: f32, w: f32| {
            let px = (w * ppp).round() as i32;
            if px % 2 == 1 {
                ((v * ppp).floor() + 0.5) / ppp
            } else {
                (v * ppp).round() / ppp
            }
        };
        let grid = g.grid_rect();
        let n = g.size - 1;
        for i in 0..=n {
            let w = if i == 0 || i == n { thick } else { thin };
            let stroke = Stroke::new(w, pal.grid);
            let x = centre(grid.left() + f32::from(i) * g.cell, w);
            let y = centre(grid.top() + f32::from(i) * g.cell, w);
            shapes.push(Shape::line_segment(
                [
                    Pos2::new(x, grid.top() - thick / 2.0),
                    Pos2::new(x, grid.bottom() + thick / 2.0),
                ],
                stroke,
            ));
            shapes.push(Shape::line_segment(
                [
                    Pos2::new(grid.left() - thick / 2.0, y),
                    Pos2::new(grid.right() + thick / 2.0, y),
                ],
                stroke,
            ));
        }
        for p in star_points(g.size) {
            shapes.push(Shape::circle_filled(
                g.screen_pos(p),
                (g.cell * 0.1).max(1.5),
                pal.grid,
            ));
        }
    }

    fn paint_labels(&self, ui: &Ui, g: &BoardGeometry, shapes: &mut Vec<Shape>) {
        let font = FontId::proportional((g.cell * 0.4).clamp(7.0, 22.0));
        let grid = g.grid_rect();
        let gap = g.cell * 0.72;
        {
            for i in 0..g.size {
                let name = point_name(Point::new(i, i), g.size);
                let (letter, number) = name.split_at(1);
                let x = grid.left() + f32::from(i) * g.cell;
                let y = grid.top() + f32::from(i) * g.cell;
                // Letters under the grid, numbers to its left (row 1 at
                // the bottom, as the notation has it).
                shapes.push(text_shape(
                    ui,
                    Pos2::new(x, grid.bottom() + gap),
                    Align2::CENTER_CENTER,
                    letter,
                    font.clone(),
                    self.palette.label,
                ));
                shapes.push(text_shape(
                    ui,
                    Pos2::new(grid.left() - gap, y),
                    Align2::CENTER_CENTER,
                    number,
                    font.clone(),
                    self.palette.label,
                ));
            }
        }
    }

    fn paint_stones(&self, ui: &Ui, g: &BoardGeometry, shapes: &mut Vec<Shape>) {
        let r = g.stone_radius();
        if let Some(e) = &self.editing {
            for (p, stone) in e.board.stones() {
                paint_stone(self.palette, g.screen_pos(p), r, stone, 1.0, shapes);
            }
            if let Some(line) = e.five {
                self.paint_win_line(g, line, shapes);
            }
            return;
        }
        let board = self.game.board();
        let moves = self.game.moves();
        let win_line = match self.game.outcome() {
            Some(Outcome::Five { line, .. }) => Some(line.as_slice()),
            _ => None,
        };
        // Every stone, set-up ones included; moves are numbered below.
        for (p, stone) in board.stones() {
            paint_stone(self.palette, g.screen_pos(p), r, stone, 1.0, shapes);
        }
        if let Some(line) = win_line {
            self.paint_win_line(g, line, shapes);
        }
        let last = moves.len().checked_sub(1);
        if self.move_numbers {
            {
                for (i, &p) in moves.iter().enumerate() {
                    let number = (i + 1).to_string();
                    let size = if number.len() >= 3 { r * 0.72 } else { r * 0.9 };
                    let colour = if self.game.stone_of_move(i) == Stone::Black {
                        self.palette.number_on_black
                    } else {
                        self.palette.number_on_white
                    };
                    shapes.push(text_shape(
                        ui,
                        g.screen_pos(p),
                        Align2::CENTER_CENTER,
                        number,
                        FontId::proportional(size.max(6.0)),
                        colour,
                    ));
                }
            }
            if let Some(i) = last {
                // The number stays readable; a ring inside the rim marks it.
                shapes.push(Shape::circle_stroke(
                    g.screen_pos(moves[i]),
                    r * 0.8,
                    Stroke::new(r * 0.1, self.palette.last_move),
                ));
            }
        } else if let Some(i) = last {
            let c = g.screen_pos(moves[i]);
            shapes.push(Shape::circle_filled(c, r * 0.24, self.palette.last_move));
        }
    }

    /// A line of five: a bar through it and a ring on each stone.
    fn paint_win_line(&self, g: &BoardGeometry, line: &[Point], shapes: &mut Vec<Shape>) {
        let r = g.stone_radius();
        if let (Some(first), Some(last)) = (line.first(), line.last()) {
            shapes.push(Shape::line_segment(
                [g.screen_pos(*first), g.screen_pos(*last)],
                Stroke::new(r * 0.3, self.palette.win_line),
            ));
        }
        for p in line {
            shapes.push(Shape::circle_stroke(
                g.screen_pos(*p),
                r * 0.98,
                Stroke::new(r * 0.14, self.palette.win_ring),
            ));
        }
    }

    /// The ghost line: translucent stones numbered 1, 2, … in play order.
    fn paint_line(&self, ui: &Ui, g: &BoardGeometry, shapes: &mut Vec<Shape>) {
        for (i, &(p, stone)) in self.ghosts.iter().enumerate() {
            if !self.game.board().is_empty_at(p) {
                continue;
            }
            let c = g.screen_pos(p);
            paint_stone(
                self.palette,
                c,
                g.stone_radius(),
                stone,
                LINE_OPACITY,
                shapes,
            );
            let colour = match stone {
                Stone::Black => self.palette.number_on_black,
                Stone::White => self.palette.number_on_white,
            };
            shapes.push(text_shape(
                ui,
                c,
                Align2::CENTER_CENTER,
                i + 1,
                FontId::proportional(g.cell * 0.42),
                colour,
            ));
        }
    }

    fn paint_ghost(&self, g: &BoardGeometry, p: Point, stone: Stone, shapes: &mut Vec<Shape>) {
        paint_stone(
            self.palette,
            g.screen_pos(p),
            g.stone_radius(),
            stone,
            GHOST_OPACITY,
            shapes,
        );
    }
}

/// A fixed scramble of `i`, for the wood grain (the same board every run).
fn grain_hash(i: u32) -> u32 {
    let mut x = i.wrapping_mul(0x9E37_79B9).wrapping_add(0x7F4A_7C15);
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    x
}
