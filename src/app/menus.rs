//! The menu bar and the keyboard shortcuts.

use super::settings::Theme;
use super::state::{GomokuApp, RecordWindow};
use crate::engine::Level;
use crate::i18n::{phrases, Lang, Msg};
use crate::rules::{Mode, Rule, Stone, MAX_SIZE, MIN_SIZE};
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
/// Analysis mode on and off.
pub const ANALYSIS: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::A);
/// Help.
pub const HELP: KeyboardShortcut = KeyboardShortcut::new(Modifiers::NONE, Key::F1);

/// Every shortcut with what it does, for the help window.
pub const SHORTCUTS: [(Msg, KeyboardShortcut); 10] = [
    (Msg::Undo, UNDO),
    (Msg::Redo, REDO),
    (Msg::KeyNewGame, NEW_GAME),
    (Msg::KeyOpen, OPEN),
    (Msg::KeySave, SAVE),
    (Msg::Hint, HINT),
    (Msg::KeyMoveNow, MOVE_NOW),
    (Msg::KeyAnalysis, ANALYSIS),
    (Msg::MenuHelp, HELP),
    (Msg::Quit, QUIT),
];

impl GomokuApp {
    pub(super) fn handle_keys(&mut self, ctx: &Context) {
        // Typing in a text field must not play moves or undo them.
        if ctx.egui_wants_keyboard_input() {
            return;
        }
        // The editor takes the board: the game's keys wait until it closes.
        if self.is_editing() {
            if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
                self.cancel_editor();
            }
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
        if pressed(&ANALYSIS) {
            self.toggle_analysis();
        }
        if pressed(&HELP) {
            self.windows.how_to_play = true;
        }
        self.handle_navigation_keys(ctx);
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
        let tr = self.tr();
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(tr.s(Msg::MenuGame), |ui| self.game_menu(ui));
            // Settings stay open while the player ticks several boxes.
            let keep_open = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new(tr.s(Msg::MenuSettings))
                .config(keep_open)
                .ui(ui, |ui| self.settings_menu(ui));
            ui.menu_button(tr.s(Msg::MenuAnalysis), |ui| self.analysis_menu(ui));
            ui.menu_button(tr.s(Msg::MenuHelp), |ui| self.help_menu(ui));
        });
    }

    fn game_menu(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        let tr = self.tr();
        let item = |ui: &mut Ui, text: Msg, shortcut: Option<&KeyboardShortcut>, enabled: bool| {
            let mut b = Button::new(tr.s(text));
            if let Some(s) = shortcut {
                b = b.shortcut_text(ctx.format_shortcut(s));
            }
            ui.add_enabled(enabled, b).clicked()
        };
        // Ctrl+N starts a new game in the current mode: shown beside it.
        let mode = self.settings.mode;
        let ctrl_n = |m: Mode| (m == mode).then_some(&NEW_GAME);
        let vs_ai = |human| ctrl_n(Mode::VsAi { human });
        ui.label(egui::RichText::new(tr.s(Msg::NewGameVsAi)).weak());
        if item(ui, Msg::PlayBlack, vs_ai(Stone::Black), true) {
            self.new_game_vs_ai(Stone::Black);
            ui.close();
        }
        if item(ui, Msg::PlayWhite, vs_ai(Stone::White), true) {
            self.new_game_vs_ai(Stone::White);
            ui.close();
        }
        ui.separator();
        if item(ui, Msg::NewTwoPlayer, ctrl_n(Mode::TwoPlayer), true) {
            self.new_two_player_game();
            ui.close();
        }
        if item(ui, Msg::Restart, None, true) {
            self.restart();
            ui.close();
        }
        ui.separator();
        let game = self.game();
        let can_undo = !game.moves().is_empty() || game.is_over();
        let can_redo = !game.redo_moves().is_empty() && !game.is_over();
        let can_resign = !game.is_over();
        if item(ui, Msg::Undo, Some(&UNDO), can_undo) {
            self.undo();
            ui.close();
        }
        if item(ui, Msg::Redo, Some(&REDO), can_redo) {
            self.redo();
            ui.close();
        }
        if item(ui, Msg::Hint, Some(&HINT), self.game().is_human_turn()) {
            self.hint();
            ui.close();
        }
        if item(ui, Msg::Resign, None, can_resign) {
            self.resign();
            ui.close();
        }
        ui.separator();
        if item(ui, Msg::OpenRecord, Some(&OPEN), true) {
            self.open_record(&ctx);
            ui.close();
        }
        if item(ui, Msg::SaveGame, Some(&SAVE), true) {
            self.save_record_as(&ctx);
            ui.close();
        }
        if item(ui, Msg::CopyPosition, None, true) {
            self.copy_position(&ctx);
            ui.close();
        }
        if item(ui, Msg::PastePosition, None, true) {
            self.windows
                .record
                .get_or_insert_with(RecordWindow::default);
            ui.close();
        }
        if item(ui, Msg::RecentGamesMenu, None, true) {
            self.windows.recent = true;
            ui.close();
        }
        if item(ui, Msg::EditPosition, None, !self.is_editing()) {
            self.open_editor();
            ui.close();
        }
        ui.separator();
        if item(ui, Msg::Quit, Some(&QUIT), true) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Close);
            ui.close();
        }
    }

    fn settings_menu(&mut self, ui: &mut Ui) {
        let before = self.settings.clone();
        let tr = self.tr();
        let mut lang = self.lang();
        // One row: the menu must still fit a 480-pixel-high window.
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(tr.s(Msg::Language)).weak());
            for l in Lang::ALL {
                ui.selectable_value(&mut lang, l, l.own_name());
            }
        });
        if lang != self.lang() {
            self.settings.language = Some(lang);
        }
        ui.separator();
        ui.label(egui::RichText::new(tr.s(Msg::AiLevel)).weak());
        let mut level = self.settings.level;
        for l in Level::ALL {
            ui.radio_value(&mut level, l, phrases::level(tr, l));
        }
        if level != self.settings.level {
            self.set_level(level);
        }
        ui.separator();
        ui.label(egui::RichText::new(tr.s(Msg::RuleNextGame)).weak());
        for rule in Rule::ALL {
            ui.radio_value(&mut self.settings.rule, rule, phrases::rule_long(tr, rule));
        }
        ui.menu_button(tr.s(Msg::BoardSizeNextGame), |ui| {
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
            ui.checkbox(&mut self.settings.sound, tr.s(Msg::Sound));
            if !self.audio.is_available() {
                ui.label(egui::RichText::new(tr.s(Msg::NoSoundDevice)).weak());
            }
        });
        let volume = ui.add_enabled(
            self.settings.sound,
            egui::Slider::new(&mut self.settings.volume, 0.0..=1.0)
                .text(tr.s(Msg::Volume))
                .show_value(false),
        );
        ui.separator();
        ui.checkbox(&mut self.settings.move_numbers, tr.s(Msg::MoveNumbers));
        ui.checkbox(&mut self.settings.coordinates, tr.s(Msg::Coordinates));
        ui.checkbox(&mut self.settings.show_thinking, tr.s(Msg::ShowThinking));
        ui.separator();
        ui.horizontal(|ui| {
            ui.selectable_value(
                &mut self.settings.theme,
                Theme::Light,
                tr.s(Msg::ThemeLight),
            );
            ui.selectable_value(&mut self.settings.theme, Theme::Dark, tr.s(Msg::ThemeDark));
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
        let tr = self.tr();
        if ui
            .add(Button::new(tr.s(Msg::HowToPlay)).shortcut_text(ui.ctx().format_shortcut(&HELP)))
            .clicked()
        {
            self.windows.how_to_play = true;
            ui.close();
        }
        if ui.button(tr.s(Msg::KeyboardShortcuts)).clicked() {
            self.windows.shortcuts = true;
            ui.close();
        }
        if ui.button(tr.s(Msg::AboutGomoku)).clicked() {
            self.windows.about = true;
            ui.close();
        }
    }
}
