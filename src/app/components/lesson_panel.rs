//! The side panel in lesson mode: the lesson's words, the exercise's task,
//! what the coach said, "Show me", moving between exercises and lessons,
//! and the list of all lessons with the player's progress.

use crate::app::action::{Action, LessonAction};
use crate::app::lessons::{LessonPlay, Lessons, Verdict};
use crate::app::view::View;
use crate::i18n::{lessons as words, phrases, Msg, Tr};
use crate::puzzle::Illegal;
use eframe::egui::{self, RichText, Ui};

/// Rows kept for what the coach said (the longest verdict wraps to three
/// in a panel of the default width), so the buttons below stay put.
const VERDICT_ROWS: f32 = 3.0;

/// The lesson panel (its state is the scroll position egui keeps).
#[derive(Debug, Default)]
pub struct LessonPanel;

impl LessonPanel {
    /// Draws the panel for the exercise on the board.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        play: &LessonPlay,
        actions: &mut Vec<Action>,
    ) {
        let tr = view.tr;
        let lessons = view.lessons;
        let lesson = &lessons.lessons[play.lesson];
        let mut push = |a: LessonAction| actions.push(Action::Lesson(a));
        ui.add_space(6.0);
        ui.add(
            egui::Label::new(
                RichText::new(tr.f(
                    Msg::LessonNumber,
                    &[
                        ("number", &(play.lesson + 1)),
                        ("total", &lessons.lessons.len()),
                    ],
                ))
                .weak(),
            )
            .truncate(),
        );
        ui.add(egui::Label::new(RichText::new(tr.s(lesson.title)).heading()).wrap());
        ui.add_space(4.0);
        for &p in &lesson.text {
            ui.add(egui::Label::new(tr.s(p)).wrap());
            ui.add_space(4.0);
        }
        ui.separator();
        ui.label(
            RichText::new(tr.f(
                Msg::LessonExerciseNumber,
                &[
                    ("number", &(play.exercise + 1)),
                    ("total", &lesson.exercises.len()),
                ],
            ))
            .weak(),
        );
        ui.add(
            egui::Label::new(RichText::new(words::prompt(tr, &play.attempt.exercise)).strong())
                .wrap(),
        );
        ui.add_space(6.0);
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let size = egui::vec2(ui.available_width(), row * VERDICT_ROWS);
        ui.allocate_ui_with_layout(size, egui::Layout::top_down(egui::Align::Min), |ui| {
            ui.set_min_size(size);
            verdict(ui, view, play);
        });
        ui.add_space(6.0);
        ui.horizontal_wrapped(|ui| {
            if ui
                .add_enabled(
                    play.accepts_moves(),
                    egui::Button::new(tr.s(Msg::LessonShowMe)),
                )
                .clicked()
            {
                push(LessonAction::ShowMe);
            }
            if ui.button(tr.s(Msg::PuzzleRetry)).clicked() {
                push(LessonAction::Retry);
            }
        });
        ui.horizontal_wrapped(|ui| {
            if play.exercise > 0 && ui.button(tr.s(Msg::LessonPreviousExercise)).clicked() {
                push(LessonAction::PreviousExercise);
            }
            if !lessons.at_last_exercise() {
                let next = egui::Button::new(tr.s(Msg::LessonNextExercise));
                // Once done, the way on stands out.
                let next = if play.attempt.done {
                    next.fill(ui.visuals().selection.bg_fill)
                } else {
                    next
                };
                if ui.add(next).clicked() {
                    push(LessonAction::NextExercise);
                }
            }
        });
        if lessons.at_last_exercise() {
            onward(ui, tr, lessons, play, &mut push);
        }
        if ui.button(tr.s(Msg::PuzzleLeave)).clicked() {
            push(LessonAction::Leave);
        }
        ui.separator();
        all_lessons(ui, tr, lessons, play, &mut push);
    }
}

/// After a lesson's last exercise: the next lesson, or after the last
/// lesson the puzzles.
fn onward(
    ui: &mut Ui,
    tr: Tr,
    lessons: &Lessons,
    play: &LessonPlay,
    push: &mut impl FnMut(LessonAction),
) {
    let lesson = &lessons.lessons[play.lesson];
    if lessons.saved.finished(lesson) {
        ui.add(egui::Label::new(RichText::new(tr.s(Msg::LessonFinished)).strong()).wrap());
    }
    let fill = ui.visuals().selection.bg_fill;
    match lessons.lessons.get(play.lesson + 1) {
        Some(next) => {
            let text = tr.f(Msg::LessonNextLesson, &[("title", &tr.s(next.title))]);
            let b = egui::Button::new(text).wrap();
            let b = if play.attempt.done { b.fill(fill) } else { b };
            if ui.add(b).clicked() {
                push(LessonAction::NextLesson);
            }
        }
        None => {
            if lessons.suggested().is_none() {
                ui.add(egui::Label::new(tr.s(Msg::LessonAllFinished)).wrap());
            }
            let b = egui::Button::new(tr.s(Msg::LessonToPuzzles));
            let b = if play.attempt.done { b.fill(fill) } else { b };
            if ui.add(b).clicked() {
                push(LessonAction::ToPuzzles);
            }
        }
    }
}

/// Every lesson with how much of it is done; the one on the board in
/// bold.
fn all_lessons(
    ui: &mut Ui,
    tr: Tr,
    lessons: &Lessons,
    play: &LessonPlay,
    push: &mut impl FnMut(LessonAction),
) {
    ui.label(RichText::new(tr.s(Msg::LessonAll)).strong());
    for (i, l) in lessons.lessons.iter().enumerate() {
        let done = lessons.saved.done_in(l);
        let title = RichText::new(tr.s(l.title));
        let title = if i == play.lesson {
            title.strong()
        } else {
            title
        };
        ui.horizontal(|ui| {
            if ui.link(title).clicked() && i != play.lesson {
                push(LessonAction::Open(i));
            }
            let count = tr.f(
                Msg::LessonDoneCount,
                &[("done", &done), ("total", &l.exercises.len())],
            );
            ui.label(RichText::new(count).weak());
        });
    }
}

fn verdict(ui: &mut Ui, view: &View<'_>, play: &LessonPlay) {
    let tr = view.tr;
    let good = ui.visuals().strong_text_color();
    let bad = ui.visuals().error_fg_color;
    let (text, colour) = match play.verdict {
        Verdict::Task => return,
        Verdict::Judging => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(tr.s(Msg::PuzzleJudging));
            });
            return;
        }
        Verdict::Right => (tr.s(Msg::LessonRight).to_string(), good),
        Verdict::RightForbidden(f) => (
            tr.f(
                Msg::LessonRightForbidden,
                &[("why", &phrases::forbidden(tr, f))],
            ),
            good,
        ),
        Verdict::Replied => (tr.s(Msg::LessonReplied).to_string(), good),
        Verdict::Wrong(m) => (words::mistake(tr, m), bad),
        Verdict::Illegal(Illegal::Occupied) => (tr.s(Msg::PuzzlePointTaken).to_string(), bad),
        Verdict::Illegal(Illegal::Forbidden(f)) => {
            (phrases::sentence_case(&phrases::forbidden(tr, f)), bad)
        }
        Verdict::Illegal(Illegal::Over) => (tr.s(Msg::LessonRight).to_string(), good),
        Verdict::Shown => (tr.s(Msg::LessonShownMove).to_string(), view.palette.hint),
        Verdict::NoAnswer => (tr.s(Msg::PuzzleNoAnswer).to_string(), view.palette.hint),
    };
    ui.add(egui::Label::new(RichText::new(text).color(colour).strong()).wrap());
}
