//! Moving through the game: to any move of the line, along it with the
//! arrow keys, into variations, and letting the AI play on from an
//! earlier position.

use super::state::GomokuApp;
use crate::i18n::phrases;
use crate::rules::{GameError, GameModel};
use eframe::egui::{Context, Key, Modifiers};

impl GomokuApp {
    /// Applies a move of the cursor through the session, saying why if
    /// the model refuses it.
    fn navigate(&mut self, change: impl FnOnce(&mut GameModel) -> Result<(), GameError>) {
        if let Err(e) = self.session.navigate(change) {
            self.say(phrases::game_error(self.tr(), &e));
        }
    }

    /// Shows the position after `ply` moves of the current line.
    pub fn go_to_ply(&mut self, ply: usize) {
        self.navigate(|g| g.goto(ply));
    }

    /// Shows the node at `path` of the game tree (see
    /// [`GameModel::path`]).
    pub fn go_to_node(&mut self, path: &[usize]) {
        self.navigate(|g| g.goto_node(path));
    }

    /// One move back along the line (a single move, whoever played it).
    pub fn step_back(&mut self) {
        let n = self.game().moves().len();
        if n > 0 {
            self.go_to_ply(n - 1);
        }
    }

    /// One move forward along the line.
    pub fn step_forward(&mut self) {
        if !self.game().at_line_end() {
            self.go_to_ply(self.game().moves().len() + 1);
        }
    }

    /// Shows the starting position.
    pub fn go_to_start(&mut self) {
        self.navigate(|g| {
            g.to_start();
            Ok(())
        });
    }

    /// Shows the end of the current line (where the AI plays on).
    pub fn go_to_end(&mut self) {
        self.navigate(|g| {
            g.to_end();
            Ok(())
        });
    }

    /// Lets the AI play on from the shown earlier position.
    pub fn continue_from_here(&mut self) {
        self.session.continue_from_here();
    }

    /// Makes the variation holding the shown position the main line.
    pub fn promote_variation(&mut self) {
        self.navigate(GameModel::promote_variation);
    }

    /// Deletes the variation holding the shown position.
    pub fn delete_variation(&mut self) {
        self.navigate(GameModel::delete_variation);
    }

    /// Left/Right step along the line, Home/End jump to its ends. Called
    /// only when no text field has the keyboard; with a modifier held the
    /// keys belong to other shortcuts.
    pub(super) fn handle_navigation_keys(&mut self, ctx: &Context) {
        let pressed = |key: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
        if pressed(Key::ArrowLeft) {
            self.step_back();
        }
        if pressed(Key::ArrowRight) {
            self.step_forward();
        }
        if pressed(Key::Home) {
            self.go_to_start();
        }
        if pressed(Key::End) {
            self.go_to_end();
        }
    }
}
