//! The training wheels' question: before a move against the AI that lets
//! the opponent win by force or misses the player's own win, the app says
//! so in words and offers to take it back ("This lets White win by fours
//! from f5 — play it anyway?").

use crate::app::action::Action;
use crate::app::view::View;
use crate::engine::blunder::Blunder;
use crate::i18n::{phrases, Msg, Tr};
use crate::rules::{point_name, Point, Stone};
use eframe::egui::{self, Context};

/// The move questioned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Question {
    /// The move, not played yet.
    pub mv: Point,
    /// The player's colour.
    pub side: Stone,
    /// What is wrong with it.
    pub blunder: Blunder,
}

/// The question, while it is asked.
#[derive(Debug, Default)]
pub struct BlunderConfirm {
    /// The move questioned; `None` when nothing is asked.
    pub question: Option<Question>,
}

/// The question in words, on a board of side `size`.
#[must_use]
pub fn question_text(tr: Tr, q: &Question, size: u8) -> String {
    let name = |p: Point| point_name(p, size);
    let mv = name(q.mv);
    match q.blunder {
        Blunder::MissesFive { at } => tr.f(
            Msg::WheelsMissesFive,
            &[("point", &name(at)), ("move", &mv)],
        ),
        Blunder::AllowsFive { by, at } => tr.f(
            Msg::WheelsAllowsFive,
            &[("side", &phrases::stone(tr, by)), ("point", &name(at))],
        ),
        Blunder::AllowsVcf { by, from } => tr.f(
            Msg::WheelsAllowsVcf,
            &[("side", &phrases::stone(tr, by)), ("point", &name(from))],
        ),
        Blunder::MissesVcf { from } => tr.f(
            Msg::WheelsMissesVcf,
            &[("point", &name(from)), ("move", &mv)],
        ),
    }
}

impl BlunderConfirm {
    /// Draws the question while there is one: Play anyway plays the move,
    /// Take it back (or Escape, or the window's close button) drops it and
    /// the player moves again. A window, not a modal: the menus stay in
    /// reach, and anything done to the game drops the question.
    pub fn show(&mut self, ctx: &Context, view: &View<'_>, actions: &mut Vec<Action>) {
        let Some(q) = self.question else {
            return;
        };
        let tr = view.tr;
        let mut open = true;
        let mut answered = false;
        let mut played = false;
        egui::Window::new(tr.s(Msg::WheelsTitle))
            .id(egui::Id::unique("training wheels"))
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            // In a corner, above the status bar: in the middle it hid the
            // stones it speaks of (games start in the centre), and at full
            // size this corner is the side panel's, off the board.
            .anchor(egui::Align2::RIGHT_BOTTOM, [-8.0, -32.0])
            .show(ctx, |ui| {
                ui.set_max_width(340.0);
                ui.add(egui::Label::new(question_text(tr, &q, view.game.size())).wrap());
                ui.add_space(8.0);
                ui.horizontal(|ui| {
                    if ui.button(tr.s(Msg::WheelsTakeBack)).clicked() {
                        answered = true;
                    }
                    if ui.button(tr.s(Msg::WheelsPlayAnyway)).clicked() {
                        actions.push(Action::PlayAnyway(q.mv));
                        answered = true;
                        played = true;
                    }
                });
            });
        let escape = ctx.input(|i| i.key_pressed(egui::Key::Escape));
        if !open || answered || escape {
            self.question = None;
            // Any answer but "Play it anyway" takes the move back, which
            // a rated game does not allow.
            if !played {
                actions.push(Action::WheelsTookBack);
            }
        }
    }
}
