//! The "Your rating" window (Game → Your rating…): the rating with its
//! deviation, the rated games won, lost and drawn, the history as a plot
//! and the last games, the levels with their ratings to compare, and a
//! reset that asks first.

use crate::app::action::Action;
use crate::app::view::View;
use crate::engine::Level;
use crate::i18n::{phrases, Msg};
use crate::rating::{words, PlayerRating, RatingBook};
use eframe::egui::{self, Color32, Context, Rect, RichText, Ui};
use egui_plot::{uniform_grid_spacer, FilledArea, HLine, Line, Plot, PlotPoints, Points};

/// The window's title (and, with "…", the Game menu's item).
pub const RATING_TITLE: Msg = Msg::RatingTitle;

/// Height of the history's plot, in points: the shape of a season's games
/// at a glance, and the window still fits a 480-point-high window with
/// the rest scrolled.
const PLOT_HEIGHT: f32 = 140.0;

/// The plot's id (a number: ids are not words for the player).
const PLOT_SALT: u64 = 0x7261_7469_6e67_706c;

/// Rated games the window lists under the plot, newest first.
const LAST_GAMES: usize = 5;

/// Colour of the rating's line.
const RATING_COLOUR: Color32 = Color32::from_rgb(52, 120, 196);

/// Colour of the levels' lines behind it.
const LEVEL_COLOUR: Color32 = Color32::from_rgb(150, 150, 150);

/// The window and its one question.
#[derive(Debug, Default)]
pub struct RatingWindow {
    /// True while the window shows.
    pub open: bool,
    /// True while the reset asks to be confirmed.
    pub confirm_reset: bool,
}

impl RatingWindow {
    /// Draws the window while open, inside `area` (below the menu bar).
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open {
            self.confirm_reset = false;
            return;
        }
        let mut open = true;
        let tr = view.tr;
        egui::Window::new(tr.s(RATING_TITLE))
            .id(egui::Id::unique("rating"))
            .open(&mut open)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .default_width(400.0_f32.min(area.width() - 48.0))
            .default_height(460.0_f32.min(area.height() - 32.0))
            .show(ctx, |ui| {
                // The reset stays in sight below what scrolls: two rows,
                // for its question and its buttons.
                let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
                let reserve = 2.0 * row + ui.spacing().item_spacing.y + 8.0;
                egui::ScrollArea::vertical()
                    .max_height((ui.available_height() - reserve).max(row))
                    .show(ui, |ui| contents(ui, view));
                ui.separator();
                self.reset(ui, view, actions);
            });
        self.open &= open;
    }

    /// "Reset rating…", and once clicked the question with its answers.
    fn reset(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let book = &view.rating.book;
        if self.confirm_reset {
            let count = book.history.len();
            let question = tr.f(Msg::RatingResetQuestion, &[("count", &count)]);
            ui.add(egui::Label::new(RichText::new(question).strong()).wrap());
            ui.horizontal_wrapped(|ui| {
                if ui.button(tr.s(Msg::RatingResetConfirm)).clicked() {
                    actions.push(Action::ResetRating);
                    self.confirm_reset = false;
                }
                if ui.button(tr.s(Msg::RatingResetCancel)).clicked() {
                    self.confirm_reset = false;
                }
            });
        } else if ui
            .add_enabled(book.has_games(), egui::Button::new(tr.s(Msg::RatingReset)))
            .clicked()
        {
            self.confirm_reset = true;
        }
    }
}

/// What scrolls: the rating, its history and the levels.
fn contents(ui: &mut Ui, view: &View<'_>) {
    {
        let tr = view.tr;
        let (book, ladder) = (&view.rating.book, &view.rating.ladder);
        ui.heading(words::now(tr, book, ladder));
        if book.has_games() {
            ui.label(words::tally(tr, book));
        }
        ui.add(egui::Label::new(RichText::new(tr.s(Msg::RatingRule)).weak()).wrap());
        if book.has_games() {
            ui.add_space(6.0);
            ui.label(RichText::new(tr.s(Msg::RatingHistory)).strong());
            plot(ui, view, book);
            ui.label(RichText::new(tr.s(Msg::RatingRecent)).strong());
            for g in book.latest(LAST_GAMES) {
                ui.add(egui::Label::new(words::game(tr, g)).wrap());
            }
        }
        ui.add_space(6.0);
        ui.label(RichText::new(tr.s(Msg::RatingLevels)).strong());
        let nearest = view.rating.adaptive_level();
        egui::Grid::new("rating levels")
            .num_columns(2)
            .striped(true)
            .show(ui, |ui| {
                for level in Level::all() {
                    ui.label(phrases::level(tr, level).to_string());
                    let rating = match view.rating.ladder.rating_of(level.number()) {
                        Some(r) => r.to_string(),
                        None => tr.s(Msg::RatingUnmeasured).to_string(),
                    };
                    if nearest == Some(level) {
                        let near = tr.s(Msg::RatingNearest);
                        ui.label(RichText::new(format!("{rating} · {near}")).strong());
                    } else {
                        ui.label(rating);
                    }
                    ui.end_row();
                }
            });
    }
}

/// The rating after each rated game from where the player started (game
/// 0), with its deviation as a band and the measured levels near it as
/// grey lines.
fn plot(ui: &mut Ui, view: &View<'_>, book: &RatingBook) {
    let tr = view.tr;
    // Game 0 is the start: a first game then shows as a change, not as a
    // lone dot.
    let start = PlayerRating::starting_at(view.rating.ladder.start_rating());
    let history: Vec<(f64, f64)> = std::iter::once((start.rating, start.deviation))
        .chain(book.history.iter().map(|g| (g.rating, g.deviation)))
        .collect();
    let xs: Vec<f64> = (0..history.len()).map(|i| i as f64).collect();
    let low: Vec<f64> = history.iter().map(|(r, d)| r - d).collect();
    let high: Vec<f64> = history.iter().map(|(r, d)| r + d).collect();
    let points: Vec<[f64; 2]> = xs.iter().zip(&history).map(|(x, h)| [*x, h.0]).collect();
    let (min, max) = history
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (r, _)| {
            (lo.min(*r), hi.max(*r))
        });
    let (bottom, top) = rating_range(min, max);
    let last = xs.len().saturating_sub(1).max(2) as f64;
    let name = tr.s(Msg::RatingRow);
    Plot::new(PLOT_SALT)
        .height(PLOT_HEIGHT)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .x_axis_label(tr.s(Msg::RatingPlotGame))
        .y_grid_spacer(uniform_grid_spacer(|input| {
            rating_steps(input.base_step_size)
        }))
        .show(ui, |plot| {
            // Bounds set, not fitted: fitted to the deviation's band (±350
            // at the start) the axis spanned a thousand points in a
            // hundred pixels and showed no number at all.
            // A little room either side: the last game's point sat on the
            // frame, its number cut off.
            let pad = last * 0.05;
            plot.set_plot_bounds_x(-pad..=last + pad);
            plot.set_plot_bounds_y(bottom..=top);
            for (number, rating) in view.rating.ladder.rungs() {
                let y = f64::from(*rating);
                if (bottom..=top).contains(&y) {
                    let level = words::level(tr, *number);
                    plot.hline(HLine::new(level, y).color(LEVEL_COLOUR).width(0.5));
                }
            }
            plot.add(
                FilledArea::new(name, &xs, &low, &high)
                    .fill_color(RATING_COLOUR.gamma_multiply(0.15))
                    .stroke(egui::Stroke::NONE),
            );
            plot.line(
                Line::new(name, PlotPoints::from(points.clone()))
                    .color(RATING_COLOUR)
                    .width(1.5),
            );
            plot.points(
                Points::new(name, PlotPoints::from(points))
                    .color(RATING_COLOUR)
                    .radius(2.0),
            );
        });
}

/// Room above and below the ratings on the plot's axis.
const RATING_MARGIN: f64 = 60.0;

/// The narrowest span of the axis: a steady rating is not a flat line
/// magnified.
const RATING_MIN_SPAN: f64 = 300.0;

/// The rating axis's range for ratings from `min` to `max`.
fn rating_range(min: f64, max: f64) -> (f64, f64) {
    let (bottom, top) = (min - RATING_MARGIN, max + RATING_MARGIN);
    let widen = (RATING_MIN_SPAN - (top - bottom)).max(0.0) / 2.0;
    (bottom - widen, top + widen)
}

/// The rating axis's marks, small to large, where `base` is the value of
/// the plot's finest grid spacing (8 points): round steps whose middle
/// size lies at least 32 points apart, so that it is labelled (egui_plot
/// writes no number on marks closer than 20 points; its own powers of ten
/// left a 140-point plot with none).
fn rating_steps(base: f64) -> [f64; 3] {
    const NICE: [f64; 9] = [10.0, 20.0, 25.0, 50.0, 100.0, 200.0, 250.0, 500.0, 1000.0];
    let want = base * 4.0;
    let step = NICE
        .into_iter()
        .find(|s| *s >= want)
        .unwrap_or_else(|| (want / 1000.0).ceil() * 1000.0);
    [step / 5.0, step, step * 2.0]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pixels per rating point of a plot `height` points high showing
    /// `span` points of rating.
    fn base(span: f64, height: f64) -> f64 {
        span / height * 8.0
    }

    #[test]
    fn the_axis_is_labelled_at_round_steps_however_the_rating_went() {
        // One game; a steady player; one who climbed the whole ladder.
        for (min, max) in [(1385.0, 1560.0), (1500.0, 1510.0), (600.0, 2500.0)] {
            let (bottom, top) = rating_range(min, max);
            assert!(bottom < min && top > max);
            assert!(top - bottom >= RATING_MIN_SPAN);
            // The plot's own area: its height less the x axis's labels.
            let height = f64::from(PLOT_HEIGHT) - 40.0;
            let [small, step, large] = rating_steps(base(top - bottom, height));
            let px = step / (top - bottom) * height;
            assert!(px >= 30.0, "{min}–{max}: marks {px} px apart");
            // At least two labelled marks on the axis.
            let labelled = ((top / step).floor() - (bottom / step).ceil()) as i64 + 1;
            assert!(labelled >= 2, "{min}–{max}: {labelled} labels of {step}");
            assert!(small < step && step < large);
            assert_eq!((step / small).fract(), 0.0);
        }
    }
}
