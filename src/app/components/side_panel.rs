//! The side panel: the game panel, analysis and review, the move list
//! and the variations, at a width the player chooses and the content
//! never changes.
//!
//! The panel has a fixed width, remembered with the settings and changed
//! only by dragging its divider, within [`MIN_WIDTH`] and [`MAX_WIDTH`]
//! (and never more than [`MAX_SHARE`] of the window). Content that would
//! be wider is cut, wrapped or scrolled inside it, so the board never
//! shrinks or jumps because a table grew. In a window narrower than
//! [`DRAWER_BELOW`] the board takes the whole width and the panel opens
//! as a drawer over the board's right side.

use super::analysis_panel::AnalysisPanel;
use super::editor_panel::EditorPanel;
use super::game_panel::GamePanel;
use super::move_list::MoveList;
use super::variations::Variations;
use crate::app::action::Action;
use crate::app::view::View;
use eframe::egui::{self, CursorIcon, Id, Rect, Sense, Ui};

/// The narrowest the panel gets: its buttons still fit on two rows.
pub const MIN_WIDTH: f32 = 230.0;

/// The widest the panel gets: past this the board loses more than the
/// panel gains.
pub const MAX_WIDTH: f32 = 420.0;

/// The panel's width on a first start.
pub const DEFAULT_WIDTH: f32 = 290.0;

/// The largest share of the window's width the panel may take.
pub const MAX_SHARE: f32 = 0.42;

/// Below this window width the panel is a drawer: a 640-pixel window
/// gives the board its whole width, and the panel opens on request.
pub const DRAWER_BELOW: f32 = 760.0;

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
    /// The width being dragged, before it is let go.
    dragging: Option<f32>,
    /// True while the drawer is open (narrow windows).
    pub drawer_open: bool,
}

/// The width the panel takes in a window `window_width` wide, given the
/// width the player chose.
#[must_use]
pub fn clamp_width(chosen: f32, window_width: f32) -> f32 {
    let max = (window_width * MAX_SHARE).clamp(MIN_WIDTH, MAX_WIDTH);
    let chosen = if chosen.is_finite() {
        chosen
    } else {
        DEFAULT_WIDTH
    };
    chosen.clamp(MIN_WIDTH, max)
}

/// True when a window `width` wide shows the panel as a drawer.
#[must_use]
pub fn is_drawer(width: f32) -> bool {
    width < DRAWER_BELOW
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_stays_in_its_range_and_leaves_the_board_room() {
        assert_eq!(clamp_width(DEFAULT_WIDTH, 1000.0), DEFAULT_WIDTH);
        assert_eq!(clamp_width(50.0, 1000.0), MIN_WIDTH);
        assert_eq!(clamp_width(2000.0, 3000.0), MAX_WIDTH);
        assert_eq!(clamp_width(400.0, 800.0), 800.0 * MAX_SHARE);
        assert_eq!(clamp_width(f32::NAN, 1000.0), DEFAULT_WIDTH);
        assert!(is_drawer(640.0));
        assert!(!is_drawer(1000.0));
    }
}
