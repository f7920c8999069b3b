//! Painting the board's pieces: shaded stones and placed text, shared by
//! the board and the analysis marks drawn on it.

use super::palette::Palette;
use crate::rules::Stone;
use eframe::egui::{Align2, Color32, FontId, Mesh, Pos2, Shape, Stroke, Ui, Vec2};

/// Segments around a stone's outline: smooth at any size people use.
const STONE_SEGMENTS: usize = 48;

/// A shaded stone: a soft shadow, a radial gradient lit from the upper
/// left, and an anti-aliased rim. `opacity` below 1 draws a preview.
pub fn paint_stone(
    pal: &Palette,
    c: Pos2,
    r: f32,
    stone: Stone,
    opacity: f32,
    shapes: &mut Vec<Shape>,
) {
    let (light, rim) = match stone {
        Stone::Black => (pal.black_light, pal.black_rim),
        Stone::White => (pal.white_light, pal.white_rim),
    };
    let light = light.gamma_multiply(opacity);
    let rim = rim.gamma_multiply(opacity);
    // A preview casts no shadow: it is not on the board yet.
    if opacity >= 1.0 {
        shapes.push(Shape::circle_filled(
            c + Vec2::new(r * 0.1, r * 0.14),
            r * 1.02,
            pal.stone_shadow,
        ));
    }
    let hl = c + Vec2::new(-r * 0.35, -r * 0.38);
    let rings = [0.3_f32, 0.6, 0.85, 1.0];
    let mut mesh = Mesh::default();
    mesh.colored_vertex(hl, light);
    for (k, t) in rings.iter().enumerate() {
        let shade = t * t * (3.0 - 2.0 * t);
        let col = lerp_colour(light, rim, shade);
        for s in 0..STONE_SEGMENTS {
            let a = std::f32::consts::TAU * s as f32 / STONE_SEGMENTS as f32;
            let edge = c + Vec2::angled(a) * r;
            mesh.colored_vertex(hl + (edge - hl) * *t, col);
        }
        let seg = STONE_SEGMENTS as u32;
        let ring = |k: usize, s: u32| 1 + k as u32 * seg + s % seg;
        for s in 0..seg {
            if k == 0 {
                mesh.add_triangle(0, ring(0, s), ring(0, s + 1));
            } else {
                mesh.add_triangle(ring(k - 1, s), ring(k, s), ring(k, s + 1));
                mesh.add_triangle(ring(k - 1, s), ring(k, s + 1), ring(k - 1, s + 1));
            }
        }
    }
    shapes.push(Shape::mesh(mesh));
    shapes.push(Shape::circle_stroke(
        c,
        r,
        Stroke::new((r * 0.06).max(0.8), rim),
    ));
}

/// `text` laid out on one line, placed at `pos` by `anchor`.
pub fn text_shape(
    ui: &Ui,
    pos: Pos2,
    anchor: Align2,
    text: impl ToString,
    font: FontId,
    colour: Color32,
) -> Shape {
    let galley = ui.painter().layout_no_wrap(text.to_string(), font, colour);
    let rect = anchor.anchor_size(pos, galley.size());
    Shape::galley(rect.min, galley, colour)
}

fn lerp_colour(a: Color32, b: Color32, t: f32) -> Color32 {
    let mix = |x: u8, y: u8| {
        let v = f32::from(x) + (f32::from(y) - f32::from(x)) * t;
        v.round().clamp(0.0, 255.0) as u8
    };
    Color32::from_rgba_premultiplied(
        mix(a.r(), b.r()),
        mix(a.g(), b.g()),
        mix(a.b(), b.b()),
        mix(a.a(), b.a()),
    )
}
