//! Analysis and review: the live multi-PV search of the shown position
//! ([`runner`]), the background review of the whole game ([`review`])
//! with its move labels ([`labels`]), the evaluation graph ([`graph`])
//! and the marks on the board ([`overlay`]). The side panel's section is
//! a component (`components::analysis_panel`).
//!
//! Both searches run on lanes of the app's engine client, apart from the
//! game's AI: the window never waits.

pub mod graph;
pub mod labels;
pub mod overlay;
pub mod review;
pub mod runner;

pub use labels::{Label, MoveReview, Summary};
pub use overlay::Overlay;

use crate::engine::win_chance;
use crate::rules::GameModel;
use overlay::{CandidateMark, VerdictMark};
use review::{Report, Review};
use runner::Runner;

/// Analysis mode and the review pass.
#[derive(Default)]
pub struct Analysis {
    /// True while analysis mode is on.
    pub on: bool,
    /// The live search of the shown position.
    pub runner: Runner,
    /// The review pass (its findings belong to the game's scope).
    pub review: Review,
}

/// The board's analysis marks for `game`: the candidates while analysis
/// is on, the hovered candidate's line, and the verdict on the shown
/// move from `report`.
#[must_use]
pub fn overlay(
    analysis: &Analysis,
    game: &GameModel,
    report: Option<&Report>,
    panel_hover: Option<usize>,
) -> Option<Overlay> {
    let mut overlay = Overlay::default();
    if analysis.on && !game.is_over() {
        overlay.side = Some(analysis.runner.side());
        overlay.candidates = analysis
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
        overlay.panel_hover = panel_hover;
    }
    let shown = game.moves().len();
    if let (Some(report), Some(last)) = (report, shown.checked_sub(1)) {
        if let Some(Some(m)) = report.moves.get(last) {
            overlay.verdict = Some(VerdictMark {
                at: m.played,
                label: m.label,
                best: m.best,
            });
        }
    }
    (overlay != Overlay::default()).then_some(overlay)
}
