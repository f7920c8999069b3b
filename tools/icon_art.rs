//! The app icon's picture: a corner of a wooden board with a few shaded
//! stones, drawn from geometry (no image files go in), at any size.
//! Shared by `examples/make_icon.rs` (which writes `assets/icon.png`, 256
//! pixels) and `src/bin/gomoku-package-files.rs` (the desktop's icon sizes,
//! 48 to 512, each drawn sharp rather than scaled).

use image::{Rgba, RgbaImage};

/// Samples per pixel along each axis; the picture is averaged down for
/// smooth edges.
const SUPER: u32 = 4;
/// Grid lines across the icon.
const LINES: u32 = 7;

/// The icon, `side` × `side` pixels.
pub fn draw(side: u32) -> RgbaImage {
    let big = side * SUPER;
    let mut img = RgbaImage::new(side, side);
    for py in 0..side {
        for px in 0..side {
            let mut acc = [0.0_f32; 4];
            for sy in 0..SUPER {
                for sx in 0..SUPER {
                    let x = (px * SUPER + sx) as f32 + 0.5;
                    let y = (py * SUPER + sy) as f32 + 0.5;
                    let c = shade(x / big as f32, y / big as f32);
                    // Average in premultiplied form so edges do not darken.
                    acc[0] += c[0] * c[3];
                    acc[1] += c[1] * c[3];
                    acc[2] += c[2] * c[3];
                    acc[3] += c[3];
                }
            }
            let n = (SUPER * SUPER) as f32;
            let a = acc[3] / n;
            let px_col = if a > 0.0 {
                [acc[0] / acc[3], acc[1] / acc[3], acc[2] / acc[3], a]
            } else {
                [0.0; 4]
            };
            img.put_pixel(
                px,
                py,
                Rgba(px_col.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)),
            );
        }
    }
    img
}

/// The colour at `(x, y)` in the unit square, as RGBA in 0..1.
fn shade(x: f32, y: f32) -> [f32; 4] {
    // A rounded square board.
    let margin = 0.03;
    let radius = 0.14;
    let (qx, qy) = (
        (x - 0.5).abs() - (0.5 - margin - radius),
        (y - 0.5).abs() - (0.5 - margin - radius),
    );
    let outside = (qx.max(0.0).powi(2) + qy.max(0.0).powi(2)).sqrt() - radius;
    if outside > 0.0 {
        return [0.0; 4];
    }
    // Wood: warm base with soft bands that wander a little.
    let band = ((y * 23.0 + (x * 3.1).sin() * 0.9).sin() * 0.5 + 0.5).powi(3);
    let mut c = mix([0.87, 0.70, 0.41], [0.70, 0.48, 0.23], band * 0.35);
    // A darker rim along the edge.
    if outside > -0.012 {
        c = mix(c, [0.50, 0.32, 0.14], 0.8);
    }
    // Grid lines.
    let step = 1.0 / (LINES as f32 + 1.0);
    let gx = (x / step).round() * step;
    let gy = (y / step).round() * step;
    let on_grid = |g: f32| g > step * 0.5 && g < 1.0 - step * 0.5;
    let w = 0.006;
    let in_span = |v: f32| v > step - w && v < 1.0 - step + w;
    if ((x - gx).abs() < w && on_grid(gx) && in_span(y))
        || ((y - gy).abs() < w && on_grid(gy) && in_span(x))
    {
        c = [0.23, 0.15, 0.07];
    }
    // Stones: a diagonal of black meeting a white block, as in a game.
    let stones: [(u32, u32, bool); 7] = [
        (2, 2, true),
        (3, 3, true),
        (4, 4, true),
        (5, 5, true),
        (3, 4, false),
        (4, 3, false),
        (5, 2, false),
    ];
    let r = step * 0.47;
    let mut rgba = [c[0], c[1], c[2], 1.0];
    for (i, j, black) in stones {
        let cx = i as f32 * step;
        let cy = j as f32 * step;
        // Shadow, down and to the right.
        let ds = ((x - cx - r * 0.12).powi(2) + (y - cy - r * 0.16).powi(2)).sqrt();
        if ds < r * 1.02 {
            let k = 0.35 * (1.0 - ds / (r * 1.02)).min(0.3) / 0.3;
            rgba = [
                rgba[0] * (1.0 - k),
                rgba[1] * (1.0 - k),
                rgba[2] * (1.0 - k),
                1.0,
            ];
        }
        let d = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt();
        if d < r {
            // Lit from the upper left: brightest at the highlight spot.
            let hx = cx - r * 0.35;
            let hy = cy - r * 0.38;
            let t = (((x - hx).powi(2) + (y - hy).powi(2)).sqrt() / (r * 1.35)).min(1.0);
            let t = t * t * (3.0 - 2.0 * t);
            let (light, rim) = if black {
                ([0.45, 0.45, 0.47], [0.04, 0.04, 0.05])
            } else {
                ([1.0, 1.0, 1.0], [0.72, 0.71, 0.68])
            };
            let s = mix(light, rim, t);
            rgba = [s[0], s[1], s[2], 1.0];
        }
    }
    // The last move's red dot.
    let (lx, ly) = (5.0 * step, 5.0 * step);
    if ((x - lx).powi(2) + (y - ly).powi(2)).sqrt() < r * 0.24 {
        rgba = [0.86, 0.16, 0.12, 1.0];
    }
    rgba
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}
