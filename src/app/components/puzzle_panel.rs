//! The side panel in puzzle mode: the task, what the judge said, hints,
//! the solution, moving between puzzles, the player's progress, and the
//! puzzles found in the player's own games.

use crate::app::action::{Action, PuzzleAction};
use crate::app::puzzles::{PuzzlePlay, Source, Verdict, PERSONAL_SET};
use crate::app::view::View;
use crate::i18n::{phrases, threats, Msg, Tr};
use crate::puzzle::personal::{Lesson, PersonalEntry};
use crate::puzzle::Illegal;
use crate::rules::point_name;
use eframe::egui::{self, RichText, Ui};

/// Rows kept for the task: the longest tasks take two in a panel of the
/// default width.
const TASK_ROWS: f32 = 2.0;

/// Rows kept for what the judge said (the longest verdict wraps to two).
const VERDICT_ROWS: f32 = 2.0;

/// The puzzle panel (its state is the scroll position egui keeps).
#[derive(Debug, Default)]
pub struct PuzzlePanel;

impl PuzzlePanel {
    /// Draws the panel for the try on the board.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        play: &PuzzlePlay,
        actions: &mut Vec<Action>,
    ) {
        let tr = view.tr;
        let puzzles = view.puzzles;
        ui.add_space(6.0);
        set_choice(ui, view, actions);
        let mut push = |a: PuzzleAction| actions.push(Action::Puzzle(a));
        ui.add_space(4.0);
        let heading = match play.source {
            Source::Shipped(i) => tr.f(
                Msg::PuzzleNumber,
                &[
                    ("number", &threats::grouped(tr, i + 1)),
                    ("total", &threats::grouped(tr, puzzles.shipped.len())),
                ],
            ),
            Source::Personal(_) => tr.s(Msg::PuzzleYours).to_string(),
        };
        ui.add(egui::Label::new(RichText::new(heading).heading()).truncate());
        let facts = threats::puzzle_facts(tr, &play.attempt.puzzle);
        ui.add(egui::Label::new(RichText::new(facts).weak()).truncate());
        let personal = play.is_personal();
        ui.add_space(4.0);
        let task = play.task(tr);
        // The task keeps two rows even when it needs one, so the buttons
        // stay put from one puzzle to the next.
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let task_size = egui::vec2(ui.available_width(), row * TASK_ROWS);
        ui.allocate_ui_with_layout(task_size, egui::Layout::top_down(egui::Align::Min), |ui| {
            ui.set_min_size(task_size);
            ui.add(egui::Label::new(RichText::new(task).strong()).wrap());
        });
        ui.add_space(6.0);
        // The verdict has rows of its own, shown or not, so the buttons
        // below never move under the pointer between two clicks.
        let size = egui::vec2(ui.available_width(), row * VERDICT_ROWS);
        ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
            ui.set_min_size(size);
            let clip = egui::Rect::from_min_size(ui.min_rect().min, size);
            ui.set_clip_rect(clip.intersect(ui.clip_rect()));
            verdict(ui, view, play);
        });
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            let open = !play.is_judging() && !play.attempt.solved;
            if ui
                .add_enabled(open, egui::Button::new(tr.s(Msg::PuzzleHint)))
                .clicked()
            {
                push(PuzzleAction::Hint);
            }
            if ui
                .add_enabled(open, egui::Button::new(tr.s(Msg::PuzzleShowSolution)))
                .clicked()
            {
                push(PuzzleAction::Solution);
            }
            if ui.button(tr.s(Msg::PuzzleRetry)).clicked() {
                push(PuzzleAction::Retry);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if !personal && ui.button(tr.s(Msg::PuzzlePrevious)).clicked() {
                push(PuzzleAction::Previous);
            }
            if ui.button(tr.s(Msg::PuzzleNext)).clicked() {
                push(PuzzleAction::Next);
            }
            if ui.button(tr.s(Msg::PuzzleLeave)).clicked() {
                push(PuzzleAction::Leave);
            }
        });
        ui.separator();
        progress(ui, view, personal);
        ui.separator();
        yours(ui, view, play, actions);
    }
}

/// The shipped sets in a combo box, each named in words with its size.
fn set_choice(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let puzzles = view.puzzles;
    let name = |i: usize| {
        let (set, count) = puzzles.sets[i];
        threats::puzzle_set(tr, set, count)
    };
    ui.horizontal(|ui| {
        let label = ui.label(tr.s(Msg::PuzzleSet));
        egui::ComboBox::from_id_salt("puzzle-set")
            .selected_text(name(puzzles.chosen))
            .width(ui.available_width())
            .truncate()
            .show_ui(ui, |ui| {
                for i in 0..puzzles.sets.len() {
                    let chosen = i == puzzles.chosen;
                    if ui.selectable_label(chosen, name(i)).clicked() && !chosen {
                        actions.push(Action::Puzzle(PuzzleAction::ChooseSet(i)));
                    }
                }
            })
            .response
            .labelled_by(label.id);
    });
}

fn verdict(ui: &mut Ui, view: &View<'_>, play: &PuzzlePlay) {
    let tr = view.tr;
    let size = play.attempt.puzzle.size;
    let (text, colour) = match &play.verdict {
        Verdict::Task => return,
        Verdict::Judging => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr.s(Msg::PuzzleJudging));
            });
            return;
        }
        Verdict::Right => (
            tr.s(Msg::PuzzleRight).to_string(),
            ui.visuals().strong_text_color(),
        ),
        Verdict::Solved => (
            tr.s(Msg::PuzzleSolved).to_string(),
            ui.visuals().strong_text_color(),
        ),
        Verdict::Wrong(miss) => (
            threats::puzzle_miss(tr, *miss).to_string(),
            ui.visuals().error_fg_color,
        ),
        Verdict::Illegal(Illegal::Occupied) => (
            tr.s(Msg::PuzzlePointTaken).to_string(),
            ui.visuals().error_fg_color,
        ),
        Verdict::Illegal(Illegal::Forbidden(f)) => {
            (phrases::forbidden(tr, *f), ui.visuals().error_fg_color)
        }
        Verdict::Illegal(Illegal::Over) => (
            tr.s(Msg::PuzzleAlreadySolved).to_string(),
            ui.visuals().strong_text_color(),
        ),
        Verdict::HintArea => (tr.s(Msg::PuzzleHintArea).to_string(), view.palette.hint),
        Verdict::HintMove(p) => (
            tr.f(Msg::PuzzleHintMove, &[("point", &point_name(*p, size))]),
            view.palette.hint,
        ),
        Verdict::SolutionShown => (
            tr.s(Msg::PuzzleSolutionShown).to_string(),
            view.palette.hint,
        ),
        Verdict::NoAnswer => (tr.s(Msg::PuzzleNoAnswer).to_string(), view.palette.hint),
    };
    ui.add(egui::Label::new(RichText::new(text).color(colour).strong()).wrap());
}

fn progress(ui: &mut Ui, view: &View<'_>, personal: bool) {
    let tr = view.tr;
    let puzzles = view.puzzles;
    let set = if personal {
        PERSONAL_SET
    } else {
        puzzles.set_name()
    };
    let Some(p) = puzzles.saved.progress.sets.get(set) else {
        return;
    };
    if !personal {
        let solved = p.solved_count();
        let total = threats::grouped(tr, puzzles.shipped.len());
        ui.label(tr.f(
            Msg::PuzzleSolvedCount,
            &[("solved", &solved), ("total", &total)],
        ));
    }
    let rating = format!("{:.0}", p.rating);
    ui.label(tr.f(Msg::PuzzleRating, &[("rating", &rating)]));
    if p.streak > 0 {
        ui.label(tr.f(Msg::PuzzleStreak, &[("count", &p.streak)]));
    }
}

/// "Move 23 of your game on 2026-05-03 14:10: you had a win".
#[must_use]
pub fn origin_text(tr: Tr, e: &PersonalEntry) -> String {
    let msg = match e.origin.lesson {
        Lesson::MissedWin => Msg::PuzzleOriginMissedWin,
        Lesson::WalkedIntoLoss => Msg::PuzzleOriginWalkedIntoLoss,
    };
    let date = phrases::local_date_time(tr, e.game_time);
    tr.f(msg, &[("number", &e.origin.move_number), ("date", &date)])
}

fn yours(ui: &mut Ui, view: &View<'_>, play: &PuzzlePlay, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let puzzles = view.puzzles;
    ui.label(RichText::new(tr.s(Msg::PuzzleYours)).strong());
    if puzzles.searching() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.add(egui::Label::new(tr.s(Msg::PuzzleSearching)).wrap());
        });
    }
    let entries = &puzzles.saved.personal.entries;
    if entries.is_empty() {
        ui.add(egui::Label::new(RichText::new(tr.s(Msg::PuzzleNoneYours)).weak()).wrap());
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("your puzzles")
        .auto_shrink([false, true])
        .show(ui, |ui| {
            for (i, e) in entries.iter().enumerate() {
                let current = play.source == Source::Personal(i);
                ui.add(
                    egui::Label::new(RichText::new(origin_text(tr, e)).strong_if(current)).wrap(),
                );
                ui.horizontal(|ui| {
                    if ui.button(tr.s(Msg::PuzzleOpen)).clicked() {
                        actions.push(Action::Puzzle(PuzzleAction::OpenPersonal(i)));
                    }
                    if ui.button(tr.s(Msg::PuzzleDelete)).clicked() {
                        actions.push(Action::Puzzle(PuzzleAction::DeletePersonal(i)));
                    }
                    if e.solved > 0 {
                        ui.label(
                            RichText::new(tr.f(Msg::PuzzleSolvedTimes, &[("count", &e.solved)]))
                                .weak(),
                        );
                    }
                });
                ui.add_space(4.0);
            }
        });
}

/// Bold for the entry on the board.
trait StrongIf {
    fn strong_if(self, yes: bool) -> Self;
}

impl StrongIf for RichText {
    fn strong_if(self, yes: bool) -> RichText {
        if yes {
            self.strong()
        } else {
            self
        }
    }
}
