//! The side panel's analysis section: the candidate moves, the review's
//! progress, the graph and the summary, and the labels in the move list.

use super::labels::{percent, summary, Label};
use super::overlay::label_colour;
use super::runner::CANDIDATES_RANGE;
use crate::app::state::GomokuApp;
use crate::engine::win_chance;
use crate::i18n::{phrases, Msg, Tr};
use crate::rules::{point_name, Mode, Point, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

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

/// How the move list marks a reviewed move.
pub(in crate::app) struct ReviewMark {
    /// Appended to the move's name.
    pub glyph: &'static str,
    /// The label's colour.
    pub colour: Color32,
    /// The verdict in words, for the hover text.
    pub verdict: String,
}

impl GomokuApp {
    /// The analysis and review section, between the AI's thinking and
    /// the move list.
    pub(in crate::app) fn analysis_panel(&mut self, ui: &mut Ui) {
        self.analysis.panel_hover = None;
        self.analysis.graph_rect = None;
        if self.analysis.on {
            ui.separator();
            self.candidates_section(ui);
        }
        let game = self.session.game().clone();
        let report = self.analysis.review.report(&game);
        if report.searched == 0 && !self.analysis.review.running() {
            return;
        }
        ui.separator();
        self.review_section(ui);
    }

    fn candidates_section(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        let game = self.session.game().clone();
        let size = game.size();
        ui.horizontal(|ui| {
            ui.label(RichText::new(tr.s(Msg::AnalysisHeading)).strong());
            let runner = &self.analysis.runner;
            let status = if game.is_over() {
                tr.s(Msg::AnalysisGameOver).to_string()
            } else if !runner.searching() {
                tr.f(Msg::AnalysisFinished, &[("depth", &runner.depth())])
            } else if runner.depth() == 0 {
                tr.s(Msg::AnalysisStarting).to_string()
            } else {
                tr.f(Msg::AnalysisDepth, &[("depth", &runner.depth())])
            };
            ui.label(RichText::new(status).weak());
        });
        if matches!(game.mode(), Mode::VsAi { .. }) {
            ui.label(RichText::new(tr.s(Msg::AnalysisAiWaits)).weak().small());
        }
        let mut n = self.settings.analysis_candidates;
        ui.horizontal(|ui| {
            ui.label(tr.s(Msg::AnalysisCandidates));
            for k in CANDIDATES_RANGE {
                ui.selectable_value(&mut n, k, k.to_string());
            }
        });
        if n != self.settings.analysis_candidates {
            self.settings.analysis_candidates = n;
            self.save_settings();
        }
        let side = self.analysis.runner.side();
        let candidates = self.analysis.runner.candidates().to_vec();
        if candidates.is_empty() || game.is_over() {
            return;
        }
        let stone = phrases::stone(tr, side);
        let mut hovered = None;
        egui::Grid::new("analysis-candidates")
            .num_columns(6)
            .striped(true)
            .spacing([8.0, 2.0])
            .show(ui, |ui| {
                ui.label("");
                for h in [
                    Msg::CandidateMove,
                    Msg::CandidateScore,
                    Msg::CandidateChance,
                    Msg::CandidateDepth,
                    Msg::CandidateLine,
                ] {
                    ui.label(RichText::new(tr.s(h)).weak());
                }
                ui.end_row();
                for (rank, c) in candidates.iter().enumerate() {
                    let chance = percent(win_chance(c.score));
                    let proven = c.score.mate_moves().is_some();
                    let line = line_text(&c.pv, size, proven);
                    let line = if proven && c.score.0 > 0 {
                        tr.f(Msg::CandidateProven, &[("line", &line)])
                    } else {
                        line
                    };
                    let row = ui.label(RichText::new(format!("{}.", rank + 1)).strong())
                        | ui.label(RichText::new(point_name(c.mv, size)).strong())
                        | ui.label(phrases::score(tr, c.score, side))
                        | ui.label(&chance)
                        | ui.label(c.depth.to_string())
                        // Cut to the panel's width rather than widening the
                        // panel (and shrinking the board) as lines grow;
                        // the ghost stones show the whole line.
                        | ui.add(egui::Label::new(RichText::new(line).small()).truncate());
                    ui.end_row();
                    let row = row.on_hover_text(
                        tr.f(Msg::CandidateTip, &[("stone", &stone), ("chance", &chance)]),
                    );
                    if row.hovered() {
                        hovered = Some(rank);
                    }
                }
            });
        self.analysis.panel_hover = hovered;
    }

    /// The review under a header the player can fold away, so a small
    /// window still has room for the move list; the pass runs on either
    /// way.
    fn review_section(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        egui::CollapsingHeader::new(RichText::new(tr.s(Msg::ReviewHeading)).strong())
            .id_salt("review section")
            .default_open(true)
            .show(ui, |ui| self.review_body(ui));
    }

    fn review_body(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        let game = self.session.game().clone();
        let shown = game.moves().len();
        let running = self.analysis.review.running();
        let report = self.analysis.review.report(&game).clone();
        let (done, total) = (report.done(), report.total());
        if running {
            ui.horizontal(|ui| {
                ui.add(
                    egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                        .desired_width(ui.available_width() * 0.6)
                        .text(tr.f(Msg::ReviewProgress, &[("done", &done), ("total", &total)])),
                );
                if ui.button(tr.s(Msg::ReviewCancel)).clicked() {
                    self.cancel_review();
                }
            });
        } else if done < total {
            ui.horizontal(|ui| {
                ui.label(
                    RichText::new(tr.f(Msg::ReviewStopped, &[("done", &done), ("total", &total)]))
                        .weak(),
                );
                if ui.button(tr.s(Msg::ReviewResume)).clicked() {
                    self.start_review();
                }
            });
        } else {
            ui.label(RichText::new(tr.f(Msg::ReviewDone, &[("total", &total)])).weak());
        }
        let (rect, clicked) =
            super::graph::show(ui, &report.black_chance, shown, tr.s(Msg::GraphHeading));
        self.analysis.graph_rect = Some(rect);
        if let Some(ply) = clicked {
            self.go_to_ply(ply);
        }
        ui.label(RichText::new(tr.s(Msg::GraphTip)).weak().small());
        let reviews: Vec<_> = report.moves.iter().flatten().copied().collect();
        for stone in [Stone::Black, Stone::White] {
            let s = summary(&reviews, stone);
            if s.moves == 0 {
                continue;
            }
            let c = s.counts;
            ui.label(
                RichText::new(tr.f(
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
                ))
                .small(),
            );
        }
        if let Some(Some(m)) = shown.checked_sub(1).and_then(|i| report.moves.get(i)) {
            let size = game.size();
            ui.label(
                RichText::new(tr.f(
                    Msg::ReviewShownMove,
                    &[
                        ("number", &shown),
                        ("point", &point_name(m.played, size)),
                        ("label", &m.label.name(tr)),
                    ],
                ))
                .color(label_colour(m.label)),
            );
            if let Some(best) = m.best.filter(|b| *b != m.played) {
                ui.label(tr.f(
                    Msg::ReviewShownBest,
                    &[
                        ("best", &point_name(best, size)),
                        ("loss", &percent(m.loss)),
                    ],
                ));
            }
        }
    }

    /// The review's mark for the move at `index` (from 0 along the game
    /// line), for the move list: its glyph, colour and verdict in words.
    pub(in crate::app) fn review_mark(&self, index: usize) -> Option<ReviewMark> {
        let tr: Tr = self.tr();
        let m = self
            .analysis
            .review
            .last_report()
            .and_then(|r| r.moves.get(index).copied().flatten())?;
        let verdict = match m.best.filter(|b| *b != m.played) {
            Some(best) => tr.f(
                Msg::ReviewMoveTip,
                &[
                    ("number", &(index + 1)),
                    ("label", &m.label.name(tr)),
                    ("loss", &percent(m.loss)),
                    ("best", &point_name(best, self.game().size())),
                ],
            ),
            None => tr.f(
                Msg::ReviewMoveBestTip,
                &[("number", &(index + 1)), ("label", &m.label.name(tr))],
            ),
        };
        Some(ReviewMark {
            glyph: m.label.glyph(),
            colour: label_colour(m.label),
            verdict,
        })
    }
}

impl GomokuApp {
    /// The Analysis menu: analysis mode (ticked while on), the number of
    /// candidates, and the review.
    pub(in crate::app) fn analysis_menu(&mut self, ui: &mut Ui) {
        let tr = self.tr();
        let mut on = self.analysis.on;
        let shortcut = ui.ctx().format_shortcut(&crate::app::menus::ANALYSIS);
        if ui
            .add(egui::Button::selectable(on, tr.s(Msg::AnalysisMode)).shortcut_text(shortcut))
            .clicked()
        {
            on = !on;
            ui.close();
        }
        if on != self.analysis.on {
            self.set_analysis(on);
        }
        ui.separator();
        let running = self.analysis.review.running();
        let game = self.session.game().clone();
        let has_moves = !super::review::whole_line(&game).is_empty();
        if ui
            .add_enabled(
                has_moves && !running,
                egui::Button::new(tr.s(Msg::ReviewGame)),
            )
            .clicked()
        {
            self.start_review();
            ui.close();
        }
        if ui
            .add_enabled(running, egui::Button::new(tr.s(Msg::ReviewCancel)))
            .clicked()
        {
            self.cancel_review();
            ui.close();
        }
    }
}
