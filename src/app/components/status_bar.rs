//! The status bar: the latest message, else the point under the pointer,
//! else what the game is waiting for.

use crate::app::layout::is_drawer;
use crate::app::puzzles::Verdict as PuzzleVerdict;
use crate::app::view::View;
use crate::i18n::{lessons as lesson_words, phrases, Msg};
use crate::rating::words as rating_words;
use crate::rules::{point_name, Outcome, Stone};
use eframe::egui::{self, RichText, Ui};

/// The status bar. It keeps no state of its own between frames.
#[derive(Debug, Default)]
pub struct StatusBar;

impl StatusBar {
    /// Draws the bar.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>) {
        let tr = view.tr;
        let game = view.game;
        // In a narrow window the side panel is a drawer, most often closed:
        // what it would show of the puzzle and the clocks stays in sight here.
        let narrow = is_drawer(ui.ctx().content_rect().width());
        ui.horizontal(|ui| {
            if view.toast {
                // The toast lies over the bar and says what matters now;
                // a hint half hidden under it read as garbled. The bar
                // keeps its height.
                ui.label("");
            } else if let Some(text) = view.status {
                ui.add(egui::Label::new(text).truncate());
            } else if let Some(play) = &view.lessons.play {
                // As for a puzzle: the point under the pointer, and in a
                // narrow window the task (the panel is a closed drawer).
                if let Some(p) = view.hovered {
                    ui.label(RichText::new(point_name(p, game.size())).strong());
                }
                let text = if play.attempt.done {
                    tr.s(Msg::LessonRight).to_string()
                } else if narrow {
                    lesson_words::prompt(tr, &play.attempt.exercise)
                } else {
                    String::new()
                };
                ui.add(egui::Label::new(RichText::new(text).weak()).truncate());
            } else if let Some(play) = &view.puzzles.play {
                // The point under the pointer goes before the task (in a
                // narrow window the panel is a closed drawer); once solved,
                // the way on is the next puzzle, not a new game.
                if let Some(p) = view.hovered {
                    ui.label(RichText::new(point_name(p, game.size())).strong());
                }
                let text = if play.verdict == PuzzleVerdict::Solved {
                    tr.s(Msg::PuzzleAlreadySolved).to_string()
                } else if narrow {
                    play.task(tr)
                } else {
                    String::new()
                };
                ui.add(egui::Label::new(RichText::new(text).weak()).truncate());
            } else if let Some(p) = view.hovered {
                ui.label(RichText::new(point_name(p, game.size())).weak());
            } else if let Some(over) = narrow.then(|| game_over(view)).flatten() {
                // The banner (result, rating change, Play again) is in the
                // drawer, most often closed: a newcomer saw only "Game
                // over" and a button they could not find.
                ui.add(egui::Label::new(over).truncate());
            } else {
                let watching = view.session.table().is_watch();
                let ai = |built_in, named| view.about_ai(built_in, named, &[]);
                let resigned = matches!(game.outcome(), Some(Outcome::Resigned { .. }));
                let hint = if resigned {
                    tr.s(Msg::StatusGameOverResigned).to_string()
                } else if game.is_over() {
                    tr.s(Msg::StatusGameOver).to_string()
                } else if watching && view.session.watching().paused() {
                    tr.s(Msg::WatchPaused).to_string()
                } else if watching {
                    // Engines play on whatever analysis does.
                    tr.s(Msg::StatusAiThinking).to_string()
                } else if view.session.is_ai_turn() && view.analysis.on {
                    ai(Msg::AnalysisAiWaits, Msg::AnalysisEngineWaits)
                } else if view.session.is_ai_turn() && view.session.ai_paused() {
                    ai(Msg::AiWaits, Msg::EngineWaits)
                } else if view.session.is_ai_turn() {
                    ai(Msg::StatusAiThinking, Msg::StatusEngineThinking)
                } else if view
                    .session
                    .thinking()
                    .is_some_and(|t| t.purpose == crate::app::session::Purpose::Hint)
                {
                    // The hint takes a second: it is being looked for.
                    tr.s(Msg::StatusLookingForHint).to_string()
                } else {
                    tr.s(Msg::StatusYourTurn).to_string()
                };
                ui.add(egui::Label::new(RichText::new(hint).weak()).truncate());
            }
            if let (true, Some(clock)) = (narrow, view.session.table().clock()) {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    for stone in [Stone::White, Stone::Black] {
                        let left = clock
                            .remaining(stone)
                            .or_else(|| clock.time_for_move(stone))
                            .unwrap_or_default();
                        let reading = tr.f(
                            Msg::ClockReading,
                            &[
                                ("stone", &phrases::stone(tr, stone)),
                                ("time", &phrases::clock_reading(left)),
                            ],
                        );
                        let mut text = RichText::new(reading).monospace();
                        if clock.is_running() && clock.to_move() == Some(stone) {
                            text = text.strong();
                        }
                        if clock.is_low(stone) || clock.flagged() == Some(stone) {
                            text = text.color(ui.visuals().error_fg_color);
                        }
                        ui.label(text);
                    }
                });
            }
        });
    }
}

/// A finished game's result for a narrow window, with the rating's change
/// after a rated game and where to play again; `None` while it goes on.
fn game_over(view: &View<'_>) -> Option<String> {
    let tr = view.tr;
    let result = phrases::result(tr, view.game, view.session.mode())?;
    Some(match view.rated.settled() {
        Some(settled) => tr.f(
            Msg::StatusOverRatedInDrawer,
            &[
                ("result", &result),
                ("rating", &rating_words::change(tr, settled)),
            ],
        ),
        None => tr.f(Msg::StatusOverInDrawer, &[("result", &result)]),
    })
}
