//! Analysis and review: the live multi-PV search of the shown position
//! ([`runner`]), the background review of the whole game ([`review`])
//! with its move labels ([`labels`]), the evaluation graph ([`graph`]),
//! the marks on the board ([`overlay`]) and the side panel's section
//! ([`panel`]).
//!
//! Both searches run on engine threads of their own, apart from the
//! game's AI, and are only ever polled: the window never waits.

mod graph;
pub mod labels;
mod overlay;
mod panel;
pub mod review;
pub mod runner;

pub use labels::{Label, MoveReview, Summary};
pub use overlay::Overlay;

use super::state::GomokuApp;
use crate::engine::{win_chance, Candidate, Limits};
use crate::rules::Mode;
use overlay::{CandidateMark, VerdictMark};
use review::Review;
use runner::Runner;
use std::time::Duration;

/// How often the window redraws while analysis or a review runs: the
/// engine reports a few times a second, so faster frames show nothing new.
const ANALYSIS_FRAME: Duration = Duration::from_millis(100);

/// Analysis mode and the review, with what they found.
#[derive(Default)]
pub struct Analysis {
    on: bool,
    runner: Runner,
    review: Review,
    /// The candidate row the pointer is over in the side panel.
    panel_hover: Option<usize>,
    /// Where the evaluation graph was drawn in the last frame.
    graph_rect: Option<eframe::egui::Rect>,
}

impl GomokuApp {
    /// True while analysis mode is on.
    #[must_use]
    pub fn analysis_on(&self) -> bool {
        self.analysis.on
    }

    /// Turns analysis mode on or off. Against the AI, the AI does not
    /// move while analysis is on: its replies are held, and the one for
    /// the position left on the board is played when analysis ends.
    pub fn set_analysis(&mut self, on: bool) {
        if on == self.analysis.on {
            return;
        }
        self.analysis.on = on;
        if matches!(self.game().mode(), Mode::VsAi { .. }) {
            self.hold_engine_replies(on);
        }
        if !on {
            self.analysis.runner.stop();
        }
    }

    /// Switches analysis mode (the menu item and the A key).
    pub fn toggle_analysis(&mut self) {
        self.set_analysis(!self.analysis.on);
    }

    /// The candidates found so far for the shown position, best first.
    #[must_use]
    pub fn analysis_candidates(&self) -> &[Candidate] {
        self.analysis.runner.candidates()
    }

    /// True while the analysis engine is thinking.
    #[must_use]
    pub fn analysis_searching(&self) -> bool {
        self.analysis.runner.searching()
    }

    /// Limits for analysis searches instead of "until stopped" (tests).
    pub fn set_analysis_limits(&mut self, limits: Limits) {
        self.analysis.runner.set_limits(limits);
    }

    /// Limits for each review search instead of the fixed time (tests).
    pub fn set_review_limits(&mut self, limits: Limits) {
        self.analysis.review.set_limits(limits);
    }

    /// Starts the review of the whole game, or resumes it where it
    /// stopped: positions already evaluated are not searched again.
    pub fn start_review(&mut self) {
        let game = self.session.game().clone();
        self.analysis.review.start(&game);
    }

    /// Stops the review at once, keeping what it found.
    pub fn cancel_review(&mut self) {
        self.analysis.review.cancel();
    }

    /// Where the evaluation graph was drawn in the last frame, if it was
    /// (tests click it).
    #[must_use]
    pub fn evaluation_graph_rect(&self) -> Option<eframe::egui::Rect> {
        self.analysis.graph_rect
    }

    /// True while the review searches.
    #[must_use]
    pub fn review_running(&self) -> bool {
        self.analysis.review.running()
    }

    /// Positions of the whole line evaluated, and how many there are.
    pub fn review_progress(&mut self) -> (usize, usize) {
        let game = self.session.game().clone();
        let r = self.analysis.review.report(&game);
        (r.done(), r.total())
    }

    /// Review searches finished since the app started.
    #[must_use]
    pub fn review_searches(&self) -> usize {
        self.analysis.review.searched()
    }

    /// The verdict on each move of the whole line (`None` until both
    /// positions around it are evaluated).
    pub fn move_reviews(&mut self) -> Vec<Option<MoveReview>> {
        let game = self.session.game().clone();
        self.analysis.review.report(&game).moves.clone()
    }

    /// Black's chance after each move of the whole line, as the graph
    /// plots it.
    pub fn black_chances(&mut self) -> Vec<Option<f64>> {
        let game = self.session.game().clone();
        self.analysis.review.report(&game).black_chance.clone()
    }

    /// Each frame: takes in both engines' replies and keeps the analysis
    /// on the shown position. Never waits.
    pub(super) fn analysis_frame(&mut self, ctx: &eframe::egui::Context) {
        let a = &mut self.analysis;
        let game = self.session.game();
        if a.on {
            a.runner.follow(game, self.settings.analysis_candidates);
            a.runner.poll(game);
        }
        a.review.poll();
        if (a.on && a.runner.searching()) || a.review.running() {
            ctx.request_repaint_after(ANALYSIS_FRAME);
        }
    }

    /// The board's analysis marks for this frame, if there are any.
    pub(super) fn analysis_overlay(&mut self) -> Option<Overlay> {
        let game = self.session.game().clone();
        let mut overlay = Overlay::default();
        if self.analysis.on && !game.is_over() {
            overlay.side = Some(self.analysis.runner.side());
            overlay.candidates = self
                .analysis
                .runner
                .candidates()
                .iter()
                .filter(|c| game.board().is_empty_at(c.mv))
                .map(|c| CandidateMark {
                    at: c.mv,
                    line: c.pv.clone(),
                    chance: labels::percent(win_chance(c.score)),
                    proven: c.score.mate_moves().is_some(),
                })
                .collect();
            overlay.panel_hover = self.analysis.panel_hover;
        }
        let shown = game.moves().len();
        if shown > 0 {
            let report = self.analysis.review.report(&game);
            if let Some(Some(m)) = report.moves.get(shown - 1) {
                overlay.verdict = Some(VerdictMark {
                    at: m.played,
                    label: m.label,
                    best: m.best,
                });
            }
        }
        (overlay != Overlay::default()).then_some(overlay)
    }
}
