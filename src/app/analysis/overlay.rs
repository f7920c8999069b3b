//! What analysis and review draw on the board: candidate marks with
//! rank and chance, a hovered line as numbered ghost stones, and the
//! verdict on the move shown.

use super::labels::Label;
use crate::app::geometry::BoardGeometry;
use crate::app::paint::{paint_stone, text_shape};
use crate::app::palette::Palette;
use crate::rules::{Point, Stone};
use eframe::egui::{Align2, Color32, FontId, Shape, Stroke, Ui, Vec2};

/// Opacity of a line's ghost stones: plainly not on the board, and the
/// real stones stay readable under the numbers.
const LINE_OPACITY: f32 = 0.55;

/// Ghost stones shown at most: deeper than that a line is a guess, and
/// the board turns to noise (a proven win is shown whole).
const LINE_SHOWN: usize = 12;

/// The first candidate's colour; the others fade from it.
const FIRST_COLOUR: Color32 = Color32::from_rgb(24, 120, 200);

/// One candidate on the board.
#[derive(Debug, Clone, PartialEq)]
pub struct CandidateMark {
    /// Where.
    pub at: Point,
    /// Its line, the move first.
    pub line: Vec<Point>,
    /// Its win chance, as printed.
    pub chance: String,
    /// A proven win or loss: its line is drawn whole.
    pub proven: bool,
}

/// The verdict on the move that led to the shown position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct VerdictMark {
    /// The move.
    pub at: Point,
    /// Its label.
    pub label: Label,
    /// The engine's move instead, when it differs.
    pub best: Option<Point>,
}

/// Everything analysis adds to the board this frame.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Overlay {
    /// The candidates, best first.
    pub candidates: Vec<CandidateMark>,
    /// The side to move (the first ghost stone's colour).
    pub side: Option<Stone>,
    /// The candidate whose row the pointer is over in the side panel.
    pub panel_hover: Option<usize>,
    /// The shown move's verdict.
    pub verdict: Option<VerdictMark>,
}

/// The colour of a label's badge.
#[must_use]
pub fn label_colour(label: Label) -> Color32 {
    match label {
        Label::Best => Color32::from_rgb(40, 150, 80),
        Label::Good => Color32::from_rgb(110, 140, 110),
        Label::Inaccuracy => Color32::from_rgb(220, 170, 30),
        Label::Mistake => Color32::from_rgb(230, 110, 30),
        Label::Blunder => Color32::from_rgb(210, 40, 40),
    }
}

impl Overlay {
    /// The candidate whose line is shown: the one hovered in the panel,
    /// else the one under the pointer on the board.
    #[must_use]
    pub fn shown_line(&self, board_hover: Option<Point>) -> Option<usize> {
        self.panel_hover.or_else(|| {
            let p = board_hover?;
            self.candidates.iter().position(|c| c.at == p)
        })
    }

    /// Paints the overlay over the stones.
    pub fn paint(
        &self,
        ui: &Ui,
        palette: &Palette,
        g: &BoardGeometry,
        board_hover: Option<Point>,
        shapes: &mut Vec<Shape>,
    ) {
        let r = g.stone_radius();
        if let Some(v) = self.verdict {
            self.paint_verdict(ui, g, v, shapes);
        }
        let shown = self.shown_line(board_hover);
        // The stones of the line shown cover the points they fall on: a
        // candidate's disc under a ghost stone read as two marks at once.
        let covered: Vec<Point> = shown
            .and_then(|i| self.candidates.get(i))
            .map(|c| c.line.iter().take(Self::line_len(c)).copied().collect())
            .unwrap_or_default();
        for (rank, c) in self.candidates.iter().enumerate().rev() {
            if Some(rank) == shown || covered.contains(&c.at) {
                continue;
            }
            let colour = FIRST_COLOUR.gamma_multiply(1.0 - 0.14 * rank as f32);
            let centre = g.screen_pos(c.at);
            shapes.push(Shape::circle_filled(centre, r * 0.92, colour));
            shapes.push(Shape::circle_stroke(
                centre,
                r * 0.92,
                Stroke::new((r * 0.08).max(1.0), Color32::WHITE),
            ));
            shapes.push(text_shape(
                ui,
                centre - Vec2::new(0.0, r * 0.28),
                Align2::CENTER_CENTER,
                rank + 1,
                FontId::proportional((r * 0.7).max(6.0)),
                Color32::WHITE,
            ));
            shapes.push(text_shape(
                ui,
                centre + Vec2::new(0.0, r * 0.36),
                Align2::CENTER_CENTER,
                &c.chance,
                FontId::proportional((r * 0.5).max(5.0)),
                Color32::WHITE,
            ));
        }
        let (Some(i), Some(side)) = (shown, self.side) else {
            return;
        };
        let Some(c) = self.candidates.get(i) else {
            return;
        };
        let mut stone = side;
        for (k, &p) in c.line.iter().take(Self::line_len(c)).enumerate() {
            let centre = g.screen_pos(p);
            paint_stone(palette, centre, r, stone, LINE_OPACITY, shapes);
            let colour = match stone {
                Stone::Black => palette.number_on_black,
                Stone::White => palette.number_on_white,
            };
            shapes.push(text_shape(
                ui,
                centre,
                Align2::CENTER_CENTER,
                k + 1,
                FontId::proportional((r * 0.9).max(6.0)),
                colour,
            ));
            stone = stone.opponent();
        }
    }

    /// How many of a candidate's line's moves are drawn.
    fn line_len(c: &CandidateMark) -> usize {
        if c.proven {
            c.line.len()
        } else {
            LINE_SHOWN
        }
    }

    fn paint_verdict(&self, ui: &Ui, g: &BoardGeometry, v: VerdictMark, shapes: &mut Vec<Shape>) {
        let r = g.stone_radius();
        let colour = label_colour(v.label);
        let glyph = v.label.glyph();
        if !glyph.is_empty() {
            // A badge on the stone's upper right, clear of its number.
            let at = g.screen_pos(v.at) + Vec2::new(r * 0.75, -r * 0.75);
            shapes.push(Shape::circle_filled(at, r * 0.45, colour));
            shapes.push(text_shape(
                ui,
                at,
                Align2::CENTER_CENTER,
                glyph,
                FontId::proportional((r * 0.55).max(6.0)),
                Color32::WHITE,
            ));
        }
        if let Some(best) = v.best.filter(|b| *b != v.at) {
            shapes.push(Shape::circle_stroke(
                g.screen_pos(best),
                r * 0.85,
                Stroke::new((r * 0.14).max(1.0), label_colour(Label::Best)),
            ));
        }
    }
}
