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
use super::explorer::ExplorerPanel;
use super::game_panel::GamePanel;
use super::lesson_panel::LessonPanel;
use super::move_list::MoveList;
use super::puzzle_panel::PuzzlePanel;
use super::variations::Variations;
use crate::app::action::Action;
use crate::app::layout::{clamp_width, is_drawer};
use crate::app::view::View;
use eframe::egui::{self, CursorIcon, Id, Rect, Sense, Ui};

/// The share of the room below the game panel the explorer may take
/// while the analysis section shows too.
const EXPLORER_SHARE: f32 = 0.45;

/// Width of the divider's grip, in points.
const GRIP: f32 = 8.0;

/// Rows of moves the list always keeps below the analysis section; the
/// section takes the rest of the height and scrolls within it.
const MOVE_LIST_MIN_ROWS: f32 = 3.0;

/// Points taken by the separators between the section, the words and the
/// navigation.
const SEPARATORS: f32 = 12.0;

/// A panel shorter than this (points) shows the game panel's compact
/// form: a 480-point window's drawer, an 800×600 window's panel.
const COMPACT_BELOW: f32 = 560.0;

/// Where the drawer lies in `window` (the room below the menu bar and
/// above the status bar), at the player's chosen width as far as the
/// window allows, leaving a strip of the board beside it.
fn drawer_rect(window: Rect, side_width: f32) -> Rect {
    let width = clamp_width(side_width, window.width()).min(window.width() - DRAWER_GAP);
    Rect::from_min_max(egui::pos2(window.right() - width, window.top()), window.max)
}

/// Points of the board always left beside the open drawer.
const DRAWER_GAP: f32 = 40.0;

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
    /// The opening explorer, while it is on.
    pub explorer: ExplorerPanel,
    /// Lesson mode's panel, while an exercise is on the board.
    pub lesson: LessonPanel,
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

    /// The drawer: the panel over the right of the board, below the menu
    /// bar (its toggle stays in reach), as wide as a narrow window allows
    /// and never taller than the window: its content is laid out for the
    /// height it has, as the panel's is. Escape closes it, and so does the
    /// toggle or a click on the board beside it (the app closes it then).
    fn drawer(&mut self, ui: &mut Ui, window: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        let rect = drawer_rect(window, view.settings.side_width);
        let ctx = ui.ctx().clone();
        if ctx.input_mut(|i| i.consume_key(egui::Modifiers::NONE, egui::Key::Escape)) {
            actions.push(Action::ToggleDrawer);
        }
        egui::Area::new(Id::unique("side drawer"))
            .fixed_pos(rect.min)
            .constrain_to(rect)
            .order(egui::Order::Middle)
            .show(&ctx, |ui| {
                let frame =
                    egui::Frame::side_top_panel(ui.style()).stroke(ui.visuals().window_stroke);
                let margin = frame.total_margin();
                let inner = Rect::from_min_max(
                    rect.min + margin.left_top(),
                    rect.max - margin.right_bottom(),
                );
                frame.show(ui, |ui| {
                    // A child with the inner rectangle as its bounds: the
                    // content lays out for exactly that width and height.
                    ui.scope_builder(egui::UiBuilder::new().max_rect(inner), |ui| {
                        ui.set_min_size(inner.size());
                        ui.set_clip_rect(rect);
                        self.contents(ui, view, actions);
                    });
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
        if let Some(play) = &view.lessons.play {
            egui::ScrollArea::vertical()
                .id_salt("lesson scroll")
                .show(ui, |ui| self.lesson.ui(ui, view, play, actions));
            return;
        }
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
        // A short panel (a small window, the drawer) gets the game
        // panel's compact form, so the moves and the review keep room.
        let compact = ui.available_height() < COMPACT_BELOW;
        self.game.ui(ui, view, actions, compact);
        let analysing = view.analysis.on || view.report.is_some();
        if view.settings.explorer {
            // The explorer keeps the navigation and a few moves below it,
            // and shares the room with the analysis section.
            let row = row_height(ui);
            let keep = row * (MOVE_LIST_MIN_ROWS + 1.0) + SEPARATORS;
            let share = if analysing { EXPLORER_SHARE } else { 1.0 };
            let room = ((ui.available_height() - keep) * share).max(0.0);
            egui::ScrollArea::vertical()
                .id_salt("explorer scroll")
                .max_height(room)
                .auto_shrink([false, true])
                .show(ui, |ui| self.explorer.ui(ui, view, actions));
            ui.separator();
        }
        if analysing {
            // What stays below the section: the last move in words, the
            // navigation (and the AI's pause) and a few moves of the list.
            let row = row_height(ui);
            let words = self.analysis.words_height(ui);
            // The pause row's sentence may wrap to a second line.
            let nav = row * if view.session.ai_paused() { 3.0 } else { 1.0 };
            let below = words + nav + row * MOVE_LIST_MIN_ROWS + SEPARATORS;
            let room = (ui.available_height() - below).max(0.0);
            egui::ScrollArea::vertical()
                .id_salt("analysis scroll")
                .max_height(room)
                .auto_shrink([false, true])
                .show(ui, |ui| self.analysis.ui(ui, view, actions, room));
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

/// The height of a row of buttons or text, with its spacing.
fn row_height(ui: &Ui) -> f32 {
    ui.spacing()
        .interact_size
        .y
        .max(ui.text_style_height(&egui::TextStyle::Body))
        + ui.spacing().item_spacing.y
}
