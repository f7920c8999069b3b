//! Where the board sits on screen and which intersection a pointer is on.
//!
//! Pure functions of a rectangle, a board size and the display scale, so
//! the hit test can be checked exhaustively without a window. Everything
//! is in egui points (the unit pointer events arrive in); the scale only
//! decides how the grid is snapped to physical pixels.

use crate::rules::Point;
use eframe::egui::{Pos2, Rect, Vec2};

/// Margin around the outer grid lines, in cells, when coordinate labels
/// are shown: room for a label and a little wood beyond it.
pub const MARGIN_WITH_LABELS: f32 = 1.15;

/// Margin around the outer grid lines, in cells, without labels: enough
/// that an edge stone sits fully on the wood.
pub const MARGIN_PLAIN: f32 = 0.75;

/// Smallest distance between grid lines worth drawing, in points; below
/// it the board is not shown at all rather than as an unusable smudge.
pub const MIN_CELL: f32 = 4.0;

/// The board's placement: the wood, the grid and the spacing.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BoardGeometry {
    /// The whole wooden board, labels included.
    pub rect: Rect,
    /// The top-left intersection (column `a`, the highest row number).
    pub origin: Pos2,
    /// Distance between neighbouring grid lines.
    pub cell: f32,
    /// Board side in lines.
    pub size: u8,
}

impl BoardGeometry {
    /// The largest board of `size` lines that fits centred in `available`,
    /// with a margin of `margin` cells around the grid. The spacing and the
    /// grid origin are snapped to whole physical pixels at
    /// `pixels_per_point`, so lines stay crisp at every scale. `None` when
    /// the space is too small to play on or an argument is not usable.
    #[must_use]
    pub fn fit(available: Rect, size: u8, margin: f32, pixels_per_point: f32) -> Option<Self> {
        let usable = |v: f32| v.is_finite() && v >= 0.0;
        if size < 2 || !usable(pixels_per_point) || pixels_per_point == 0.0 || !usable(margin) {
            return None;
        }
        if !available.is_finite() {
            return None;
        }
        let span = f32::from(size - 1) + 2.0 * margin;
        let side = available.width().min(available.height());
        let cell_px = (side / span * pixels_per_point).floor();
        let cell = cell_px / pixels_per_point;
        if cell.is_nan() || cell < MIN_CELL {
            return None;
        }
        let board_side = cell * span;
        let corner = available.center() - Vec2::splat(board_side / 2.0);
        let snap = |v: f32| (v * pixels_per_point).round() / pixels_per_point;
        let corner = Pos2::new(snap(corner.x), snap(corner.y));
        let origin = corner + Vec2::splat(cell * margin);
        let origin = Pos2::new(snap(origin.x), snap(origin.y));
        Some(BoardGeometry {
            rect: Rect::from_min_size(corner, Vec2::splat(board_side)),
            origin,
            cell,
            size,
        })
    }

    /// The screen position of intersection `p`.
    #[must_use]
    pub fn screen_pos(&self, p: Point) -> Pos2 {
        self.origin + Vec2::new(f32::from(p.x), f32::from(p.y)) * self.cell
    }

    /// The intersection nearest to `pos`, if `pos` is within half a cell of
    /// the grid in both directions (the square around each intersection is
    /// its target, so every point of the grid area hits exactly one).
    #[must_use]
    pub fn hit(&self, pos: Pos2) -> Option<Point> {
        let fx = (pos.x - self.origin.x) / self.cell;
        let fy = (pos.y - self.origin.y) / self.cell;
        let col = (fx + 0.5).floor();
        let row = (fy + 0.5).floor();
        let max = f32::from(self.size - 1);
        if !(0.0..=max).contains(&col) || !(0.0..=max).contains(&row) {
            return None;
        }
        // Both values are whole numbers in 0..size, so the casts are exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        Some(Point::new(col as u8, row as u8))
    }

    /// Radius of a stone: a little under half a cell, so neighbours do not
    /// touch.
    #[must_use]
    pub fn stone_radius(&self) -> f32 {
        self.cell * 0.46
    }

    /// The rectangle spanned by the grid lines.
    #[must_use]
    pub fn grid_rect(&self) -> Rect {
        Rect::from_min_size(
            self.origin,
            Vec2::splat(self.cell * f32::from(self.size - 1)),
        )
    }
}

/// The star points of a board of side `size`: four points on the fourth
/// line from each corner and, on odd sizes, the centre, as on real boards.
#[must_use]
pub fn star_points(size: u8) -> Vec<Point> {
    if size < 9 {
        return Vec::new();
    }
    let inset = 3;
    let far = size - 1 - inset;
    let mut out = vec![
        Point::new(inset, inset),
        Point::new(far, inset),
        Point::new(inset, far),
        Point::new(far, far),
    ];
    if size % 2 == 1 {
        out.push(Point::new(size / 2, size / 2));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn rect(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect::from_min_size(Pos2::new(x, y), Vec2::new(w, h))
    }

    #[test]
    fn the_board_is_centred_and_fits() {
        let avail = rect(10.0, 20.0, 800.0, 600.0);
        let g = BoardGeometry::fit(avail, 15, MARGIN_WITH_LABELS, 1.0).unwrap();
        assert!(avail.contains_rect(g.rect), "{:?} in {:?}", g.rect, avail);
        assert!((g.rect.center().x - avail.center().x).abs() <= 1.0);
        assert!((g.rect.center().y - avail.center().y).abs() <= 1.0);
        // Height is the limit: the board uses nearly all of it.
        assert!(g.rect.height() > 600.0 - 16.0 * 1.0 - 1.0);
        assert_eq!(g.cell, g.cell.floor());
    }

    #[test]
    fn corners_and_centre_hit_themselves() {
        let g = BoardGeometry::fit(rect(0.0, 0.0, 500.0, 500.0), 15, MARGIN_PLAIN, 1.0).unwrap();
        for p in [
            Point::new(0, 0),
            Point::new(14, 14),
            Point::new(7, 7),
            Point::new(14, 0),
        ] {
            assert_eq!(g.hit(g.screen_pos(p)), Some(p));
        }
        assert_eq!(g.hit(g.origin - Vec2::splat(g.cell)), None);
        assert_eq!(g.hit(g.rect.right_bottom()), None);
    }

    #[test]
    fn too_small_or_nonsense_gives_none() {
        assert!(BoardGeometry::fit(rect(0.0, 0.0, 40.0, 40.0), 15, 1.0, 1.0).is_none());
        assert!(BoardGeometry::fit(rect(0.0, 0.0, 400.0, 400.0), 15, 1.0, 0.0).is_none());
        assert!(BoardGeometry::fit(rect(0.0, 0.0, 400.0, 400.0), 15, f32::NAN, 1.0).is_none());
        assert!(BoardGeometry::fit(Rect::NOTHING, 15, 1.0, 1.0).is_none());
    }

    #[test]
    fn lines_land_on_whole_physical_pixels() {
        for ppp in [1.0_f32, 1.25, 1.5, 1.75, 2.0, 3.0] {
            let g = BoardGeometry::fit(rect(3.3, 7.7, 777.0, 555.0), 19, 1.15, ppp).unwrap();
            let px = g.cell * ppp;
            assert!((px - px.round()).abs() < 1e-3, "cell {px} px at {ppp}");
            let ox = g.origin.x * ppp;
            assert!((ox - ox.round()).abs() < 1e-3, "origin {ox} px at {ppp}");
        }
    }

    #[test]
    fn star_points_of_the_standard_board() {
        let s = star_points(15);
        assert_eq!(s.len(), 5);
        assert!(s.contains(&Point::new(7, 7)));
        assert!(s.contains(&Point::new(3, 11)));
        assert_eq!(star_points(20).len(), 4);
    }

    proptest! {
        /// Every physical pixel inside an intersection's square hits that
        /// intersection, and nothing else does, at any size and scale.
        #[test]
        fn hits_are_exact_at_any_scale(
            x in -50.0_f32..300.0, y in -50.0_f32..300.0,
            w in 120.0_f32..2000.0, h in 120.0_f32..2000.0,
            size in 15_u8..=20,
            ppp in prop::sample::select(vec![0.5_f32, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0]),
            labels in any::<bool>(),
            px in 0.0_f32..1.0, py in 0.0_f32..1.0,
            col in 0_u8..20, row in 0_u8..20,
            dx in -0.49_f32..0.49, dy in -0.49_f32..0.49,
        ) {
            let margin = if labels { MARGIN_WITH_LABELS } else { MARGIN_PLAIN };
            let Some(g) = BoardGeometry::fit(rect(x, y, w, h), size, margin, ppp) else {
                return Ok(());
            };
            prop_assert!(rect(x, y, w, h).expand(0.5 / ppp).contains_rect(g.rect));
            let p = Point::new(col % size, row % size);
            // Within the intersection's square: that intersection.
            let near = g.screen_pos(p) + Vec2::new(dx, dy) * g.cell;
            prop_assert_eq!(g.hit(near), Some(p));
            // The physical pixel under the crossing, as a pointer on a
            // scaled display reports it (in points): the same crossing.
            let c = g.screen_pos(p);
            let pixel = Pos2::new(
                ((c.x * ppp).floor() + 0.5) / ppp,
                ((c.y * ppp).floor() + 0.5) / ppp,
            );
            prop_assert_eq!(g.hit(pixel), Some(p));
            // Anywhere on the wood: the hit, if any, is the nearest line
            // crossing, within half a cell.
            let anywhere = g.rect.min + g.rect.size() * Vec2::new(px, py);
            if let Some(q) = g.hit(anywhere) {
                let d = g.screen_pos(q) - anywhere;
                prop_assert!(d.x.abs() <= g.cell * 0.5 + 1e-3 && d.y.abs() <= g.cell * 0.5 + 1e-3);
            } else {
                let gr = g.grid_rect().expand(g.cell * 0.5 - 1e-3);
                prop_assert!(!gr.contains(anywhere));
            }
        }
    }
}
