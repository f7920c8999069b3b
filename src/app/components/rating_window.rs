//! The "Your rating" window (Game → Your rating…): the rating with its
//! deviation, the rated games won, lost and drawn, the history as a plot
//! and the last games, the levels with their ratings to compare, and a
//! reset that asks first.

use crate::app::action::Action;
use crate::app::view::View;
use crate::engine::Level;
use crate::i18n::{phrases, Msg};
use crate::rating::{words, RatingBook};
use eframe::egui::{self, Color32, Context, Rect, RichText, Ui};
use egui_plot::{FilledArea, HLine, Line, Plot, PlotPoints, Points};

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

/// The rating after each rated game, with its deviation as a band and the
/// measured levels near it as grey lines.
fn plot(ui: &mut Ui, view: &View<'_>, book: &RatingBook) {
    let tr = view.tr;
    let xs: Vec<f64> = (1..=book.history.len()).map(|i| i as f64).collect();
    let ratings: Vec<f64> = book.history.iter().map(|g| g.rating).collect();
    let low: Vec<f64> = book
        .history
        .iter()
        .map(|g| g.rating - g.deviation)
        .collect();
    let high: Vec<f64> = book
        .history
        .iter()
        .map(|g| g.rating + g.deviation)
        .collect();
    let points: Vec<[f64; 2]> = xs.iter().zip(&ratings).map(|(x, y)| [*x, *y]).collect();
    let (min, max) = ratings
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), r| {
            (lo.min(*r), hi.max(*r))
        });
    let name = tr.s(Msg::RatingRow);
    Plot::new(PLOT_SALT)
        .height(PLOT_HEIGHT)
        .include_x(0.0)
        .include_x(xs.len().max(2) as f64)
        .include_y(min - 100.0)
        .include_y(max + 100.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        .x_axis_label(tr.s(Msg::RatingPlotGame))
        .show(ui, |plot| {
            for (number, rating) in view.rating.ladder.rungs() {
                let y = f64::from(*rating);
                if (min - 150.0..=max + 150.0).contains(&y) {
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
