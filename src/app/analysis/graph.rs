//! The evaluation graph: Black's chance to win after every move, drawn
//! as the review fills it in; a click goes to that move.

use eframe::egui::{Color32, Rect, Ui};
use egui_plot::{Line, Plot, PlotPoints, Points, VLine};

/// The plot's id salt (a number: egui keeps the plot's state under it).
const GRAPH_SALT: u64 = 0x6576_616c_6772_6170;

/// The graph's height in points where there is room: tall enough to read
/// a swing, short enough to leave the move list room.
pub const HEIGHT: f32 = 110.0;

/// The least height it is given in a short window: a swing still reads.
pub const MIN_HEIGHT: f32 = 72.0;

/// Black's chance, and the fill under it.
const CHANCE_COLOUR: Color32 = Color32::from_rgb(60, 60, 70);

/// The marker of the move on the board.
const SHOWN_COLOUR: Color32 = Color32::from_rgb(220, 40, 30);

/// Draws `chances` (Black's chance after `i` moves, `None` where not yet
/// reviewed) with a marker at `shown`; `name` is the series' name in the
/// player's language, `tip` what hovering says; `height` in points.
/// Returns where it was drawn and the move clicked, if any.
pub fn show(
    ui: &mut Ui,
    chances: &[Option<f64>],
    shown: usize,
    name: &str,
    tip: &str,
    height: f32,
) -> (Rect, Option<usize>) {
    let known: Vec<[f64; 2]> = chances
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| [i as f64, c * 100.0]))
        .collect();
    let last = chances.len().saturating_sub(1);
    let response = Plot::new(GRAPH_SALT)
        .height(height)
        .include_x(0.0)
        .include_x(last.max(1) as f64)
        .include_y(0.0)
        .include_y(100.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .show_x(false)
        .show_y(false)
        .show(ui, |plot| {
            plot.line(
                Line::new(name, PlotPoints::from(known.clone()))
                    .color(CHANCE_COLOUR)
                    .fill(50.0)
                    .fill_alpha(0.35)
                    .width(1.5),
            );
            plot.points(
                Points::new(name, PlotPoints::from(known))
                    .color(CHANCE_COLOUR)
                    .radius(1.8),
            );
            plot.vline(
                VLine::new(name, shown as f64)
                    .color(SHOWN_COLOUR)
                    .width(1.0),
            );
        });
    let hovered = response.response.clone().on_hover_text(tip);
    let rect = hovered.rect;
    let clicked = hovered
        .clicked()
        .then(|| response.response.interact_pointer_pos())
        .flatten()
        .map(|pos| {
            let x = response.transform.value_from_position(pos).x;
            (x.round().max(0.0) as usize).min(last)
        });
    (rect, clicked)
}
