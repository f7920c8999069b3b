//! The side panel's opening explorer: what the position library knows of
//! the shown position, in any orientation it was stored in. The moves
//! seen from it with how often and how their games ended, the engine's
//! score after each, the position's own results, verdict, comment and
//! mark; a click on a move plays it. "Edit labels" turns clicks on the
//! board into letters on the position (the app routes them). While an
//! import runs, its progress and a button to stop it.
//!
//! Like the analysis section, nothing here may widen the panel: the
//! table has five narrow columns and sentences wrap.

use crate::app::action::Action;
use crate::app::view::View;
use crate::engine::Score;
use crate::i18n::{phrases, Msg};
use crate::library::{Entry, Results};
use crate::rules::point_name;
use eframe::egui::{self, RichText, Ui};

/// Moves listed before the rest are left out (the most seen first): the
/// drawer at 640×480 has room for about this many rows beside the rest.
const MOVES_SHOWN: usize = 12;

/// Rows of the comment editor.
const COMMENT_ROWS: usize = 3;

/// The explorer section and what it remembers between frames: the
/// comment being edited, and for which position; whether a click on the
/// board edits the position's labels.
#[derive(Debug, Default)]
pub struct ExplorerPanel {
    /// The draft and the position hash it was started on.
    editing: Option<(u64, String)>,
    /// A click on the board puts or takes away a label instead of playing.
    labelling: bool,
}

/// "45%" of `n` out of `total` ("–" with no games).
fn share(n: u64, total: u64) -> String {
    if total == 0 {
        "–".to_string()
    } else {
        format!("{:.0}%", n as f64 * 100.0 / total as f64)
    }
}

impl ExplorerPanel {
    /// True while a click on the board edits labels (the app sends such
    /// clicks to the library instead of playing them).
    #[must_use]
    pub fn labelling(&self) -> bool {
        self.labelling
    }

    /// Starts or ends label editing (it ends when the explorer closes).
    pub fn set_labelling(&mut self, on: bool) {
        self.labelling = on;
    }

    /// Draws the section.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let tr = view.tr;
        ui.label(RichText::new(tr.s(Msg::ExplorerTitle)).strong());
        if let Some(p) = view.library.progress() {
            ui.horizontal_wrapped(|ui| {
                let files = p.files.max(1);
                let fraction = p.files_done as f32 / files as f32;
                ui.add(egui::ProgressBar::new(fraction).desired_width(80.0));
                if ui.button(tr.s(Msg::ExplorerStopImport)).clicked() {
                    actions.push(Action::CancelLibraryImport);
                }
            });
            let words = tr.f(
                Msg::ExplorerImporting,
                &[
                    ("done", &p.files_done),
                    ("files", &p.files),
                    ("games", &p.games),
                ],
            );
            ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
        }
        let game = view.game;
        let Some(entry) = view.library.entry_for(game) else {
            ui.label(RichText::new(tr.s(Msg::ExplorerLoading)).weak());
            return;
        };
        if entry.is_empty() {
            ui.add(egui::Label::new(RichText::new(tr.s(Msg::ExplorerEmpty)).weak()).wrap());
        } else {
            summary(ui, view, entry);
            moves(ui, view, entry, actions);
        }
        self.notes(ui, view, entry, actions);
    }

    /// The comment (shown, or in its editor) and the mark.
    fn notes(&mut self, ui: &mut Ui, view: &View<'_>, entry: &Entry, actions: &mut Vec<Action>) {
        let tr = view.tr;
        let here = view.game.position_hash();
        if self.editing.as_ref().is_some_and(|(h, _)| *h != here) {
            // The board moved on: the draft was for another position.
            self.editing = None;
        }
        match &mut self.editing {
            Some((_, draft)) => {
                ui.add(
                    egui::TextEdit::multiline(draft)
                        .desired_rows(COMMENT_ROWS)
                        .desired_width(f32::INFINITY),
                );
                let mut done = false;
                ui.horizontal(|ui| {
                    if ui.button(tr.s(Msg::ExplorerSaveComment)).clicked() {
                        actions.push(Action::LibraryComment(draft.clone()));
                        done = true;
                    }
                    if ui.button(tr.s(Msg::ExplorerCancelComment)).clicked() {
                        done = true;
                    }
                });
                if done {
                    self.editing = None;
                }
            }
            None => {
                let text = if entry.comment.is_empty() {
                    RichText::new(tr.s(Msg::ExplorerNoComment)).weak()
                } else {
                    RichText::new(&entry.comment)
                };
                ui.add(egui::Label::new(text).wrap());
                ui.horizontal_wrapped(|ui| {
                    if ui.button(tr.s(Msg::ExplorerEditComment)).clicked() {
                        self.editing = Some((here, entry.comment.clone()));
                    }
                    let mut marked = entry.marks.marked;
                    if ui
                        .checkbox(&mut marked, tr.s(Msg::ExplorerMarked))
                        .on_hover_text(tr.s(Msg::ExplorerMarkedTip))
                        .changed()
                    {
                        actions.push(Action::LibraryMark(marked));
                    }
                    ui.toggle_value(&mut self.labelling, tr.s(Msg::ExplorerEditLabels))
                        .on_hover_text(tr.s(Msg::ExplorerEditLabelsTip));
                });
                if self.labelling {
                    let words = RichText::new(tr.s(Msg::ExplorerLabelling)).weak();
                    ui.add(egui::Label::new(words).wrap());
                }
            }
        }
    }
}

/// The position's results and its deepest engine verdict.
fn summary(ui: &mut Ui, view: &View<'_>, entry: &Entry) {
    let tr = view.tr;
    let Results {
        black,
        white,
        draws,
    } = entry.results;
    let total = entry.results.total();
    if total > 0 {
        let words = tr.f(
            Msg::ExplorerGames,
            &[
                ("games", &total),
                ("black", &share(black, total)),
                ("white", &share(white, total)),
                ("draws", &share(draws, total)),
            ],
        );
        ui.add(egui::Label::new(words).wrap());
    }
    if let Some(v) = entry.verdicts.first() {
        let score = phrases::score(tr, Score(v.score), view.game.side_to_move());
        let words = tr.f(
            Msg::ExplorerEngine,
            &[("score", &score), ("depth", &v.depth)],
        );
        ui.add(egui::Label::new(RichText::new(words).weak()).wrap());
    }
}

/// The moves seen, most seen first: each a button that plays it.
fn moves(ui: &mut Ui, view: &View<'_>, entry: &Entry, actions: &mut Vec<Action>) {
    if entry.moves.is_empty() {
        return;
    }
    let tr = view.tr;
    let size = view.game.size();
    let side = view.game.side_to_move();
    egui::Grid::new("explorer-moves")
        .num_columns(5)
        .striped(true)
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for h in [
                Msg::ExplorerMove,
                Msg::ExplorerSeen,
                Msg::ExplorerBlack,
                Msg::ExplorerWhite,
                Msg::ExplorerScore,
            ] {
                ui.label(RichText::new(tr.s(h)).weak());
            }
            ui.end_row();
            for m in entry.moves.iter().take(MOVES_SHOWN) {
                let name = point_name(m.mv, size);
                let tip = tr.f(Msg::ExplorerPlayTip, &[("move", &name), ("seen", &m.seen)]);
                let label = if m.commented {
                    RichText::new(format!("{name}*")).strong()
                } else {
                    RichText::new(name).strong()
                };
                if ui.small_button(label).on_hover_text(tip).clicked() {
                    actions.push(Action::ClickBoard(Some(m.mv)));
                }
                let total = m.results.total();
                ui.label(m.seen.to_string());
                ui.label(share(m.results.black, total));
                ui.label(share(m.results.white, total));
                match m.score {
                    Some(s) => ui.label(phrases::score(tr, Score(s), side)),
                    None => ui.label("–"),
                };
                ui.end_row();
            }
        });
}
