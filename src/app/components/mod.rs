//! The panels and windows of the app, one struct each.
//!
//! In the spirit of egui's demo app: a component owns its own UI state
//! (what is open, what is typed, where it scrolled), draws from a
//! read-only [`View`](super::view::View) and pushes the player's
//! [`Action`](super::action::Action)s; the app lays the components out
//! and applies the actions in one place. A panel is drawn into a `Ui`
//! with `ui(&mut self, ui, view, actions)`, a window onto the `Context`
//! with `show(&mut self, ctx, view, actions)`.

pub mod analysis_panel;
pub mod blunder_confirm;
pub mod confirm;
pub mod editor_panel;
pub mod engines;
pub mod explorer;
pub mod game_panel;
pub mod help;
pub mod lesson_panel;
pub mod menu_bar;
pub mod move_list;
pub mod notice;
pub mod opening_picker;
pub mod puzzle_panel;
pub mod rating_window;
pub mod recent;
pub mod records;
pub mod side_panel;
pub mod status_bar;
pub mod toast;
pub mod tournament;
pub mod variations;
pub mod watch_window;
