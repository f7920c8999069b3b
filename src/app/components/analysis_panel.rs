//! The side panel's analysis section: the candidate moves of the shown
//! position, and the review with its progress, graph and summary.
//!
//! Nothing here may widen the side panel: long lines are cut, the table
//! scrolls sideways within the panel's width, and sentences wrap.

use crate::app::action::Action;
use crate::app::analysis::graph;
use crate::app::analysis::labels::{percent, summary, Label};
use crate::app::analysis::overlay::label_colour;
use crate::app::analysis::review::Report;
use crate::app::analysis::runner::MESSAGES_KEPT;
use crate::app::threat_worker::{Job, ThreatWorker};
use crate::app::view::View;
use crate::engine::explain::{Explainer, Explanation};
use crate::engine::win_chance;
use crate::i18n::{phrases, threats, Msg};
use crate::rules::{point_name, Point, Stone};
use eframe::egui::{self, Rect, RichText, Ui};
use std::collections::HashMap;
use std::sync::Arc;

/// Rows kept for the last move in words (two sentences; more on hover).
const WORDS_ROWS: f32 = 2.0;

/// Explanations with the opponent's threat kept, one a position shown:
/// enough for stepping back and forth through a long game; past it the
/// cache starts again.
const THREATS_KEPT: usize = 512;

/// Moves of a candidate's line written out (a proven win is written
/// whole).
const LINE_WRITTEN: usize = 8;

fn line_text(line: &[Point], size: u8, all: bool) -> String {
    let n = if all { line.len() } else { LINE_WRITTEN };
    line.iter()
        .take(n)
        .map(|p| point_name(*p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Which part of the section shows while both analysis and a review have
/// something to say: side by side they did not fit a window's height.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Part {
    /// The candidate moves.
    #[default]
    Analysis,
    /// The review's graph and verdicts.
    Review,
}

/// Height of the review's rows around its graph (heading, progress,
/// summary table, the shown move's verdict), in body rows: what the room
/// must keep beside the graph before the graph shrinks.
const REVIEW_ROWS: f32 = 8.0;

/// The analysis section and what it remembers between frames.
#[derive(Default)]
pub struct AnalysisPanel {
    /// The part shown while both analysis and a review are there.
    pub part: Part,
    /// Whether analysis and the review were there last frame: the one
    /// that appears comes to the front.
    seen: (bool, bool),
    /// The candidate row the pointer is over (the board draws its line).
    pub hovered: Option<usize>,
    /// Where the evaluation graph was drawn (tests click it).
    pub graph_rect: Option<Rect>,
    /// Reads the shapes a move makes and stops (the engine's own patterns).
    explainer: Explainer,
    /// The shown position's last move explained, by the position's hash.
    explained: Option<(u64, Explanation)>,
    /// Finds the opponent's threat before the shown move (started on
    /// first use).
    threats: Option<ThreatWorker>,
    /// Explanations with the threat, by position and move.
    with_threat: HashMap<u64, Explanation>,
    /// The key last asked of the threat thread.
    asked: Option<u64>,
}

impl std::fmt::Debug for AnalysisPanel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct(stringify!(AnalysisPanel))
            .field("part", &self.part)
            .field("hovered", &self.hovered)
            .field("graph_rect", &self.graph_rect)
            .finish_non_exhaustive()
    }
}

impl AnalysisPanel {
    /// Draws the section in `room` points of height (it scrolls past
    /// that): the candidates while analysis is on, the review once it has
    /// anything to say, and while both are there a choice between them.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>, room: f32) {
        self.hovered = None;
        self.graph_rect = None;
        let tr = view.tr;
        let (analysis, review) = (view.analysis.on, view.report.is_some());
        if analysis && !self.seen.0 {
            self.part = Part::Analysis;
        }
        if review && !self.seen.1 {
            self.part = Part::Review;
        }
        self.seen = (analysis, review);
        ui.separator();
        let both = analysis && review;
        if both {
            ui.horizontal(|ui| {
                ui.selectable_value(&mut self.part, Part::Analysis, tr.s(Msg::AnalysisHeading));
                ui.selectable_value(&mut self.part, Part::Review, tr.s(Msg::ReviewHeading));
            });
        }
        if analysis && (!both || self.part == Part::Analysis) {
            self.candidates(ui, view, actions, !both);
        }
        let Some(report) = view.report.filter(|_| !both || self.part == Part::Review) else {
            return;
        };
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        let graph = (room - REVIEW_ROWS * row).clamp(graph::MIN_HEIGHT, graph::HEIGHT);
        if both {
            self.review(ui, view, report, actions, graph);
        } else {
            egui::CollapsingHeader::new(RichText::new(tr.s(Msg::ReviewHeading)).strong())
                .id_salt("review section")
                .default_open(true)
                .show(ui, |ui| self.review(ui, view, report, actions, graph));
        }
    }

    /// The height [`AnalysisPanel::last_move_in_words`] takes, whatever
    /// it says.
    #[must_use]
    pub fn words_height(&self, ui: &Ui) -> f32 {
        let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
        row * WORDS_ROWS + ui.spacing().item_spacing.y
    }

    /// The shown position's last move in words: the shapes it made, the
    /// threats it stopped ("j9 makes a four-three: a four on the column, an
    /// open three on the \ diagonal"), read from the engine's own patterns,
    /// and what the opponent threatened before it ("White had a win by
    /// fours (VCF) from k10 — l11 would have stopped it"), which the solvers
    /// find on a thread of their own; until it answers, the shapes alone.
    ///
    /// Drawn below the analysis in a box of [`WORDS_ROWS`] rows whatever
    /// it says (the whole text on hover), so nothing around it moves as
    /// the shown move changes or the threat arrives.
    pub fn last_move_in_words(&mut self, ui: &mut Ui, view: &View<'_>) {
        let game = view.game;
        let hash = game.position_hash();
        if let Some(w) = &mut self.threats {
            for (key, e) in w.poll() {
                if self.with_threat.len() >= THREATS_KEPT {
                    self.with_threat.clear();
                }
                self.with_threat.insert(key, e);
            }
        }
        let mut key = None;
        if let Some(&mv) = game.moves().last() {
            // The review's best move for the position before, once known:
            // the words name it as the defence where it is one, as the
            // board's ring and "Best was …" do.
            let prefer = view
                .report
                .and_then(|r| r.moves.get(game.moves().len() - 1).copied().flatten())
                .and_then(|m| m.best);
            // The same position can end with another move, or be told
            // again once the review knows its best: each keys it.
            let mut k =
                hash ^ ((u64::from(mv.x) << 8) | u64::from(mv.y)).wrapping_mul(THREAT_KEY_MIX);
            if let Some(b) = prefer {
                k ^= ((u64::from(b.x) << 8) | u64::from(b.y) | 1 << 16)
                    .wrapping_mul(THREAT_KEY_MIX.rotate_left(17));
            }
            key = Some(k);
            let mut before = game.board().clone();
            let _ = before.remove(mv);
            let side = game.stone_of_move(game.moves().len() - 1);
            if self.explained.as_ref().is_none_or(|(h, _)| *h != hash) {
                // The shapes alone: the patterns answer within a frame.
                let e = self
                    .explainer
                    .explain(&before, game.rule(), side, mv, false);
                self.explained = Some((hash, e));
            }
            if !self.with_threat.contains_key(&k) && self.asked != Some(k) {
                self.asked = Some(k);
                let ctx = ui.ctx().clone();
                let worker = self.threats.get_or_insert_with(|| {
                    ThreatWorker::spawn(Arc::new(move || ctx.request_repaint()))
                });
                worker.ask(Job {
                    key: k,
                    before,
                    rule: game.rule(),
                    side,
                    mv,
                    prefer,
                });
            }
        }
        let full = key.and_then(|k| self.with_threat.get(&k));
        let shapes = self
            .explained
            .as_ref()
            .filter(|(h, _)| *h == hash)
            .map(|(_, e)| e);
        let text = match full.or(shapes) {
            Some(e) => words(view, e).join("\n"),
            None => String::new(),
        };
        let text_row = ui.text_style_height(&egui::TextStyle::Body);
        let row = text_row + ui.spacing().item_spacing.y;
        let size = egui::vec2(ui.available_width(), row * WORDS_ROWS);
        let layout = egui::Layout::top_down(egui::Align::Min);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            ui.set_min_size(size);
            // Wrapped lines sit one text row apart: the clip shows whole
            // rows only, not the top of a third sentence.
            let shown = egui::vec2(size.x, text_row * WORDS_ROWS + 1.0);
            let clip = egui::Rect::from_min_size(ui.min_rect().min, shown);
            ui.set_clip_rect(clip.intersect(ui.clip_rect()));
            let label = ui.add(egui::Label::new(RichText::new(&text).weak()).wrap());
            if !text.is_empty() {
                label.on_hover_text(&text);
            }
        });
    }

    /// The candidate moves; `heading`: under the section's own heading
    /// (not under the Analysis choice, which names it already).
    fn candidates(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        actions: &mut Vec<Action>,
        heading: bool,
    ) {
        let tr = view.tr;
        let game = view.game;
        let runner = &view.analysis.runner;
        let size = game.size();
        let status = if game.is_over() {
            tr.s(Msg::AnalysisGameOver).to_string()
        } else if !runner.searching() {
            tr.f(Msg::AnalysisFinished, &[("depth", &runner.depth())])
        } else if runner.depth() == 0 {
            tr.s(Msg::AnalysisStarting).to_string()
        } else {
            tr.f(Msg::AnalysisDepth, &[("depth", &runner.depth())])
        };
        // How many candidates is chosen in the Analysis menu; whether the
        // AI waits is said in the game panel's thinking row.
        ui.horizontal_wrapped(|ui| {
            if heading {
                ui.label(RichText::new(tr.s(Msg::AnalysisHeading)).strong());
            }
            ui.label(RichText::new(status).weak());
        });
        engine_choice(ui, view, actions);
        let side = runner.side();
        let candidates = runner.candidates();
        if view.analyst.is_some() {
            foreign_messages(ui, view);
        }
        if candidates.is_empty() || game.is_over() {
            return;
        }
        let stone = phrases::stone(tr, side);
        let mut hovered = None;
        // Four columns fit the narrowest panel; the depth is the
        // heading's, and the line is written out below the table.
        egui::Grid::new("analysis-candidates")
            .num_columns(4)
            .striped(true)
            .spacing([8.0, 2.0])
            .show(ui, |ui| {
                ui.label("");
                for h in [
                    Msg::CandidateMove,
                    Msg::CandidateScore,
                    Msg::CandidateChance,
                ] {
                    ui.label(RichText::new(tr.s(h)).weak());
                }
                ui.end_row();
                for (rank, c) in candidates.iter().enumerate() {
                    let chance = percent(win_chance(c.score));
                    let row = ui.label(RichText::new(format!("{}.", rank + 1)).strong())
                        | ui.label(RichText::new(point_name(c.mv, size)).strong())
                        | ui.label(phrases::score(tr, c.score, side))
                        | ui.label(&chance);
                    ui.end_row();
                    let row = row.on_hover_text(
                        tr.f(Msg::CandidateTip, &[("stone", &stone), ("chance", &chance)]),
                    );
                    if row.hovered() {
                        hovered = Some(rank);
                    }
                }
            });
        // The hovered candidate's line (the board draws it too), else the
        // best one's, wrapped whole.
        let shown = hovered.or(self.hovered).unwrap_or(0);
        if let Some(c) = candidates.get(shown) {
            let proven = c.score.mate_moves().is_some();
            let line = line_text(&c.pv, size, proven);
            let line = if proven && c.score.0 > 0 {
                tr.f(Msg::CandidateProven, &[("line", &line)])
            } else {
                line
            };
            let text = tr.f(
                Msg::CandidateLineOf,
                &[("rank", &(shown + 1)), ("line", &line)],
            );
            ui.add(egui::Label::new(RichText::new(text).weak()).wrap());
        }
        self.hovered = hovered;
    }

    fn review(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        report: &Report,
        actions: &mut Vec<Action>,
        graph_height: f32,
    ) {
        let tr = view.tr;
        let game = view.game;
        let shown = game.moves().len();
        let running = view.analysis.review.running();
        let (done, total) = (report.done(), report.total());
        // The button first, the sentence wrapped in what is left: nothing
        // of either is cut in a narrow panel.
        ui.horizontal(|ui| {
            let (msg, button) = if running {
                (
                    Msg::ReviewProgress,
                    Some((Msg::ReviewCancel, Action::CancelReview)),
                )
            } else if done < total {
                (
                    Msg::ReviewStopped,
                    Some((Msg::ReviewResume, Action::StartReview)),
                )
            } else {
                (Msg::ReviewDone, None)
            };
            if let Some((label, action)) = button {
                if ui.button(tr.s(label)).clicked() {
                    actions.push(action);
                }
            }
            let text = tr.f(msg, &[("done", &done), ("total", &total)]);
            ui.add(egui::Label::new(RichText::new(text).weak()).wrap());
        });
        if running {
            ui.add(egui::ProgressBar::new(done as f32 / total.max(1) as f32).desired_height(4.0));
        }
        let (rect, clicked) = graph::show(
            ui,
            &report.black_chance,
            shown,
            tr.s(Msg::GraphHeading),
            tr.s(Msg::GraphTip),
            graph_height,
        );
        self.graph_rect = Some(rect);
        if let Some(ply) = clicked {
            actions.push(Action::GoToPly(ply));
        }
        let reviews: Vec<_> = report.moves.iter().flatten().copied().collect();
        summary_table(ui, view, &reviews);
        if let Some(Some(m)) = shown.checked_sub(1).and_then(|i| report.moves.get(i)) {
            let size = game.size();
            ui.add(
                egui::Label::new(
                    RichText::new(tr.f(
                        Msg::ReviewShownMove,
                        &[
                            ("number", &shown),
                            ("point", &point_name(m.played, size)),
                            ("label", &m.label.name(tr)),
                        ],
                    ))
                    .color(label_colour(m.label)),
                )
                .wrap(),
            );
            if let Some(best) = m.best.filter(|b| *b != m.played) {
                ui.add(
                    egui::Label::new(tr.f(
                        Msg::ReviewShownBest,
                        &[
                            ("best", &point_name(best, size)),
                            ("loss", &percent(m.loss)),
                        ],
                    ))
                    .wrap(),
                );
            }
        }
    }
}

/// The narrowest column of the summary table, in points: a count and its
/// glyph header; wider columns (egui's default is a button's width) did
/// not fit the drawer.
const SUMMARY_COLUMN: f32 = 16.0;

/// Each side's verdicts as a small table (the glyphs the move list
/// marks, and the mean loss), its sentence on hover: two sentences of
/// counts took four wrapped lines of a narrow panel.
fn summary_table(ui: &mut Ui, view: &View<'_>, reviews: &[crate::app::analysis::MoveReview]) {
    let tr = view.tr;
    let sides: Vec<_> = [Stone::Black, Stone::White]
        .into_iter()
        .map(|stone| (stone, summary(reviews, stone)))
        .filter(|(_, s)| s.moves > 0)
        .collect();
    if sides.is_empty() {
        return;
    }
    let shown = [
        Label::Best,
        Label::Inaccuracy,
        Label::Mistake,
        Label::Blunder,
    ];
    egui::Grid::new("review summary")
        .num_columns(shown.len() + 2)
        .min_col_width(SUMMARY_COLUMN)
        .spacing([10.0, 2.0])
        .show(ui, |ui| {
            ui.label("");
            for l in shown {
                ui.label(RichText::new(l.glyph()).color(label_colour(l)).strong())
                    .on_hover_text(l.name(tr));
            }
            ui.label(RichText::new(tr.s(Msg::ReviewLossHeading)).weak());
            ui.end_row();
            for (stone, s) in sides {
                let c = s.counts;
                let sentence = tr.f(
                    Msg::ReviewSummaryLine,
                    &[
                        ("stone", &phrases::stone(tr, stone)),
                        ("best", &c[Label::Best as usize]),
                        ("good", &c[Label::Good as usize]),
                        ("inaccuracy", &c[Label::Inaccuracy as usize]),
                        ("mistake", &c[Label::Mistake as usize]),
                        ("blunder", &c[Label::Blunder as usize]),
                        ("loss", &percent(s.average_loss)),
                    ],
                );
                let mut row = ui.label(phrases::stone(tr, stone));
                for l in shown {
                    row |= ui.label(c[l as usize].to_string());
                }
                row |= ui.label(percent(s.average_loss));
                row.on_hover_text(sentence);
                ui.end_row();
            }
        });
}

/// Mixes a move into a position's hash for the threat cache's key.
const THREAT_KEY_MIX: u64 = 0x9E37_79B9_7F4A_7C15;

/// The move's sentences; a threat the move left unmet first, as it is
/// what the mover most needs to read in the box's two rows.
fn words(view: &View<'_>, e: &Explanation) -> Vec<String> {
    let mut v = threats::sentences(view.tr, e, view.game.size());
    if e.threat.is_some_and(|t| !t.met) && v.len() > 1 {
        // `sentences` puts the threat last.
        v.rotate_right(1);
    }
    v
}

/// Which engine analyses: the built-in one or a listed one (offered once
/// any is listed, or while a foreign one analyses).
fn engine_choice(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let engines = &view.settings.engines;
    if engines.is_empty() && view.analyst.is_none() {
        return;
    }
    let current = view
        .analyst
        .clone()
        .unwrap_or_else(|| tr.s(Msg::AnalysisBuiltIn).to_string());
    ui.horizontal(|ui| {
        let label = ui.label(tr.s(Msg::AnalysisEngine));
        egui::ComboBox::from_id_salt("analysis-engine")
            .selected_text(&current)
            .width(ui.available_width().min(220.0))
            .show_ui(ui, |ui| {
                let built_in = view.analyst.is_none();
                if ui
                    .selectable_label(built_in, tr.s(Msg::AnalysisBuiltIn))
                    .clicked()
                    && !built_in
                {
                    actions.push(Action::SetAnalysisEngine(None));
                }
                for (i, e) in engines.iter().enumerate() {
                    let chosen = view.analyst.is_some()
                        && view.settings.analysis_engine.as_ref() == Some(&e.spec);
                    if ui.selectable_label(chosen, e.name()).clicked() && !chosen {
                        actions.push(Action::SetAnalysisEngine(Some(i)));
                    }
                }
            })
            .response
            .labelled_by(label.id)
            .on_hover_text(tr.f(Msg::AnalysisWith, &[("engine", &current)]));
    });
}

/// A foreign engine's own latest lines on the analysed position, its
/// moves in this app's names (lines it wrote in names that cannot be read
/// for sure never get here), one row each in the panel's weak text, cut
/// to the panel's width with the whole line on hover, in a box of fixed
/// height so the table below does not move as they come.
fn foreign_messages(ui: &mut Ui, view: &View<'_>) {
    let row = ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.y;
    let size = egui::vec2(ui.available_width(), row * MESSAGES_KEPT as f32);
    let layout = egui::Layout::top_down(egui::Align::Min);
    ui.allocate_ui_with_layout(size, layout, |ui| {
        ui.set_min_size(size);
        let clip = egui::Rect::from_min_size(ui.min_rect().min, size);
        ui.set_clip_rect(clip.intersect(ui.clip_rect()));
        for m in view.analysis.runner.messages() {
            ui.add(egui::Label::new(RichText::new(m).weak()).truncate())
                .on_hover_text(m);
        }
    });
}
