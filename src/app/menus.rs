//! The menu bar and the keyboard shortcuts.

use super::recent_view::RECENT_TITLE;
use super::settings::Theme;
use super::state::{GomokuApp, RecordWindow};
use crate::engine::Level;
use crate::rules::{Rule, Stone, MAX_SIZE, MIN_SIZE};
use eframe::egui::{self, Button, Context, Key, KeyboardShortcut, Modifiers, Ui};

/// Take back a move.
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Replay a move taken back.
pub const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// The same kind of game again, from the start.
pub const NEW_GAME: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::N);
/// Open a record.
pub const OPEN: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::O);
/// Save a record.
pub const SAVE: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::S);
/// Quit.
pub const QUIT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Q);
/// Ask for a hint.
pub const HINT: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::H);
/// Play now, while the AI thinks.
pub const MOVE_NOW: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::Space);
/// Help.
pub const HELP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F1);

/// Every shortcut with what it does, for the help window.
pub const SHORTCUTS: [(&str, KeyboardShortcut); 9] = [
    ("Undo", UNDO),
    ("Redo", REDO),
    ("New game", NEW_GAME),
    ("Open a game record", OPEN),
    ("Save the game", SAVE),
    ("Hint", HINT),
    ("Let the AI move now", MOVE_NOW),
    ("Help", HELP),
    ("Quit", QUIT),
];

/// The rule's name and what it means, for the menu.
fn rule_label(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "Freestyle: five or more wins",
        Rule::Standard => "Standard: exactly five wins",
        Rule::Renju => "Renju: Black may not make 3×3, 4×4 or six",
    }
}

impl GomokuApp {
    pub(super) fn handle_keys(&mut self, ctx: &Context) {
        // Typing in a text field must not play moves or undo them.
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        let pressed = |s: &KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(s));
        let redo_alt = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
        // The longer combination first, or Ctrl+Z would swallow it.
        if pressed(&redo_alt) || pressed(&REDO) {
            self.redo();
        }
        if pressed(&UNDO) {
            self.undo();
        }
        if pressed(&NEW_GAME) {
            self.start_new_game();
        }
        if pressed(&OPEN) {
            self.open_record(ctx);
        }
        if pressed(&SAVE) {
            self.save_record_as(ctx);
        }
        if pressed(&QUIT) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
        }
        if pressed(&HINT) {
            self.hint();
        }
        if pressed(&MOVE_NOW) {
            self.move_now();
        }
        if pressed(&HELP) {
            self.windows.how_to_play = true;
        }
        let (copy, paste) = ctx.input(|i| {
            let mut copy = false;
            let mut paste = None;
            for e in &i.events {
                match e {
                    egui::Event::Copy => copy = true,
                    egui::Event::Paste(text) => paste = Some(text.clone()),
                    _ => {}
                }
            }
            (copy, paste)
        });
        if copy {
            self.copy_position(ctx);
        }
        if let Some(text) = paste {
            self.paste_position(&text);
        }
    }

    pub(super) fn menu_bar(&mut self, ui: &mut Ui) {
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button("Game", |ui| self.game_menu(ui));
            // Settings stay open while the player ticks several boxes.
            let keep_open = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new("Settings")
                .config(keep_open)
                .ui(ui, |ui| self.settings_menu(ui));
            ui.menu_button("Help", |ui| self.help_menu(ui));
        });
    }

    fn game_menu(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let item = |ui: &mut Ui, text: &str, shortcut: Option<&KeyboardShortcut>, enabled: bool| {
            let mut b = Button::new(text);
            if let Some(s) = shortcut {
                b = b.shortcut_text(ctx.format_shortcut(s));
            }
            ui.add_enabled(enabled, b).clicked()
        };
        ui.label(egui::RichText::new("New game vs AI").weak());
        if item(ui, "Play Black (you move first)", None, true) {
            self.new_game_vs_ai(Stone::Black);
            ui.close();
        }
        if item(ui, "Play White (the AI opens)", None, true) {
            self.new_game_vs_ai(Stone::White);
            ui.close();
        }
        ui.separator();
        if item(ui, "New two-player game", None, true) {
            self.new_two_player_game();
            ui.close();
        }
        if item(ui, "Restart", Some(&NEW_GAME), true) {
            self.restart();
            ui.close();
        }
        ui.separator();
        let game = self.game();
        let can_undo = !game.moves().is_empty() || game.is_over();
        let can_redo = !game.redo_moves().is_empty() && !game.is_over();
        let can_resign = !game.is_over();
        if item(ui, "Undo", Some(&UNDO), can_undo) {
            self.undo();
            ui.close();
        }
        if item(ui, "Redo", Some(&REDO), can_redo) {
            self.redo();
            ui.close();
        }
        if item(ui, "Hint", Some(&HINT), self.game().is_human_turn()) {
            self.hint();
            ui.close();
        }
        if item(ui, "Resign", None, can_resign) {
            self.resign();
            ui.close();
        }
        ui.separator();
        if item(ui, "Open a record…", Some(&OPEN), true) {
            self.open_record(&ctx);
            ui.close();
        }
        if item(ui, "Save the game…", Some(&SAVE), true) {
            self.save_record_as(&ctx);
            ui.close();
        }
        if item(ui, "Copy position", None, true) {
            self.copy_position(&ctx);
            ui.close();
        }
        if item(ui, "Paste position…", None, true) {
            self.windows
                .record
                .get_or_insert_with(RecordWindow::default);
            ui.close();
        }
        if item(ui, &format!("{RECENT_TITLE}…"), None, true) {
            self.windows.recent = true;
            ui.close();
        }
        ui.separator();
        if item(ui, "Quit", Some(&QUIT), true) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            ui.close();
        }
    }

    fn settings_menu(&mut self, ui: &mut Ui) {
        let before = self.settings.clone();
        ui.label(egui::RichText::new("AI level").weak());
        let mut level = self.settings.level;
        for l in Level::ALL {
            ui.radio_value(&mut level, l, l.name());
        }
        if level != self.settings.level {
            self.set_level(level);
        }
        ui.separator();
        ui.label(egui::RichText::new("Rule (from the next game)").weak());
        for rule in Rule::ALL {
            ui.radio_value(&mut self.settings.rule, rule, rule_label(rule));
        }
        ui.menu_button("Board size (from the next game)", |ui| {
            for size in MIN_SIZE..=MAX_SIZE {
                ui.radio_value(
                    &mut self.settings.board_size,
                    size,
                    format!("{size} × {size}"),
                );
            }
        });
        ui.separator();
        ui.horizontal(|ui| {
            ui.checkbox(&mut self.settings.sound, "Sound");
            if !self.audio.is_available() {
                ui.label(egui::RichText::new("(no sound device)").weak());
            }
        });
        let volume = ui.add_enabled(
            self.settings.sound,
            egui::Slider::new(&mut self.settings.volume, 0.0..=1.0)
                .text("Volume")
                .show_value(false),
        );
        ui.separator();
        ui.checkbox(&mut self.settings.move_numbers, "Move numbers");
        ui.checkbox(&mut self.settings.coordinates, "Coordinates");
        ui.checkbox(&mut self.settings.show_thinking, "Show the AI's thinking");
        ui.separator();
        ui.horizontal(|ui| {
            ui.selectable_value(&mut self.settings.theme, Theme::Light, "Light");
            ui.selectable_value(&mut self.settings.theme, Theme::Dark, "Dark");
        });
        if volume.is_pointer_button_down_on() || volume.dragged() {
            // Heard at once, written when the slider is let go.
            if self.settings != before {
                self.audio
                    .configure(self.settings.sound, self.settings.volume);
                self.settings_unsaved = true;
            }
        } else if self.settings != before || self.settings_unsaved {
            self.save_settings();
        }
    }

    fn help_menu(&mut self, ui: &mut Ui) {
        if ui
            .add(Button::new("How to play").shortcut_text("F1"))
            .clicked()
        {
            self.windows.how_to_play = true;
            ui.close();
        }
        if ui.button("Keyboard shortcuts").clicked() {
            self.windows.shortcuts = true;
            ui.close();
        }
        if ui.button("About Gomoku").clicked() {
            self.windows.about = true;
            ui.close();
        }
    }
}
