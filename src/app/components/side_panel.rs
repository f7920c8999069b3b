//! The side panel: the game panel, analysis and review, the move list
//! and the variations, at a width the player chooses and the content
//! never changes.
//!
//! The panel has a fixed width, remembered with the settings and changed
//! only by dragging its divider, within `layout::MIN_WIDTH` and `layout::MAX_WIDTH`
//! (and never more than `layout::MAX_SHARE` of the window). Content that would
//! be wider is cut, wrapped or scrolled inside it, so the board never
//! shrinks or jumps because a table grew. In a window narrower than
//! `layout::DRAWER_BELOW` the board takes the whole width and the panel opens
//! as a drawer over the board's right side.

use super::analysis_panel::AnalysisPanel;
use super::editor_panel::EditorPanel;
use super::game_panel::GamePanel;
use super::move_list::MoveList;
use super::puzzle_panel::PuzzlePanel;
use super::variations::Variations;
use crate::app::action::Action;
use crate::app::layout::{clamp_width, is_drawer};
use crate::app::view::View;
use eframe::egui::{self, CursorIcon, Id, Rect, Sense, Ui};

/// Width of the divider's grip, in points.
const GRIP: f32 = 8.0;

/// Height the move list (with its navigation row) always keeps below the
/// analysis section; the section takes the rest and scrolls within it.
const MOVE_LIST_ROOM: f32 = 170.0;

/// The smallest share of the panel's height the analysis section keeps
/// in a short window, where the move list's room cannot be met.
const ANALYSIS_MIN_SHARE: f32 = 0.35;

/// The side panel and its parts.
#[derive(Debug, Default)]
pub struct SidePanel {
    /// Turn, facts, thinking and the game's buttons.
    pub game: GamePanel,
    /// Candidates and review.
    pub analysis: AnalysisPanel,
    /// The line's moves.
    pub moves: MoveList,
    /// The variations box.
    pub variations: Variations,
    /// The board editor, while a position is edited.
    pub editor: EditorPanel,
    /// Puzzle mode's panel, while a puzzle is on the board.
    pub puzzle: PuzzlePanel,
    /// The width being dragged, before it is let go.
    dragging: Option<f32>,
    /// True while the drawer is open (narrow windows).
    pub drawer_open: bool,
}

impl SidePanel {
    /// Shows the panel at the right of `ui` (the window), or as a drawer
    /// in a narrow window while open.
    pub fn show(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        let window = ui.available_rect_before_wrap();
        if is_drawer(window.width()) {
            if self.drawer_open {
                self.drawer(ui, window, view, actions);
            }
            return;
        }
        let width = clamp_width(
            self.dragging.unwrap_or(view.settings.side_width),
            window.width(),
        );
        let panel = egui::Panel::right("side")
            .resizable(false)
            .exact_size(width)
            .show(ui, |ui| self.contents(ui, view, actions));
        self.divider(ui, panel.response.rect, window, actions);
    }

    /// The drawer: the panel over the right of the board, as wide as a
    /// narrow window allows.
    fn drawer(&mut self, ui: &mut Ui, window: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        let width =
            clamp_width(view.settings.side_width, window.width()).min(window.width() - 40.0);
        let rect = Rect::from_min_max(egui::pos2(window.right() - width, window.top()), window.max);
        egui::Area::new(Id::unique("side drawer"))
            .fixed_pos(rect.min)
            .order(egui::Order::Middle)
            .show(ui.ctx(), |ui| {
                egui::Frame::side_top_panel(ui.style())
                    .stroke(ui.visuals().window_stroke)
                    .show(ui, |ui| {
                        let inner = rect.shrink2(egui::vec2(
                            ui.style().spacing.window_margin.sum().x / 2.0,
                            ui.style().spacing.window_margin.sum().y / 2.0,
                        ));
                        ui.set_width(inner.width());
                        ui.set_height(inner.height());
                        self.contents(ui, view, actions);
                    });
            });
    }

    /// The grip on the panel's left edge: drag it to change the width,
    /// which is kept when let go.
    fn divider(&mut self, ui: &mut Ui, panel: Rect, window: Rect, actions: &mut Vec<Action>) {
        let grip = Rect::from_x_y_ranges(
            panel.left() - GRIP / 2.0..=panel.left() + GRIP / 2.0,
            panel.y_range(),
        );
        let response = ui.interact(grip, Id::unique("side divider"), Sense::drag());
        if response.hovered() || response.dragged() {
            ui.ctx().set_cursor_icon(CursorIcon::ResizeHorizontal);
            ui.painter().vline(
                panel.left(),
                panel.y_range(),
                ui.visuals().widgets.hovered.fg_stroke,
            );
        }
        if response.dragged() {
            if let Some(pointer) = response.interact_pointer_pos() {
                self.dragging = Some(clamp_width(window.right() - pointer.x, window.width()));
            }
        }
        if response.drag_stopped() {
            if let Some(width) = self.dragging.take() {
                actions.push(Action::SetSideWidth(width));
            }
        }
    }

    fn contents(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
        if let Some(play) = &view.puzzles.play {
            egui::ScrollArea::vertical()
                .id_salt("puzzle scroll")
                .show(ui, |ui| self.puzzle.ui(ui, view, play, actions));
            return;
        }
        if self.editor.editor.is_some() {
            egui::ScrollArea::vertical()
                .id_salt("editor scroll")
                .show(ui, |ui| self.editor.ui(ui, view, actions));
            return;
        }
        self.game.ui(ui, view, actions);
        if view.analysis.on || view.report.is_some() {
            let left = ui.available_height();
            let max = (left - MOVE_LIST_ROOM).max(left * ANALYSIS_MIN_SHARE);
            egui::ScrollArea::vertical()
                .id_salt("analysis scroll")
                .max_height(max)
                .auto_shrink([false, true])
                .show(ui, |ui| self.analysis.ui(ui, view, actions));
            self.analysis.last_move_in_words(ui, view);
        }
        ui.separator();
        self.moves.navigation(ui, view, actions);
        // The variations sit under the list, so the list's top (and the
        // moves in it) stay where they are when a box appears.
        if Variations::has_content(view) {
            egui::Panel::bottom("variations")
                .resizable(false)
                .show_separator_line(false)
                .show(ui, |ui| self.variations.ui(ui, view, actions));
        }
        self.moves.list(ui, view, actions);
    }
}
