//! The menu bar and the keyboard shortcuts: both only turn the player's
//! choices into actions.

use crate::app::action::{Action, LessonAction, PuzzleAction, WindowKind};
use crate::app::analysis::runner::CANDIDATES_RANGE;
use crate::app::library_worker::ExportFormat;
use crate::app::settings::{
    AppSettings, PonderSettings, Theme, CLOCK_CHOICES, DEFAULT_SIDE_CLOCK, OPENING_CHOICES,
};
use crate::app::view::View;
use crate::engine::Level;
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::play::Mode;
use crate::rules::opening::OpeningRule;
use crate::rules::{Rule, Stone, MAX_SIZE, MIN_SIZE};
use eframe::egui::{self, Button, Context, Key, KeyboardShortcut, Modifiers, Ui};

/// Take back a move.
pub const UNDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Z);
/// Replay a move taken back.
pub const REDO: KeyboardShortcut = KeyboardShortcut::new(Modifiers::COMMAND, Key::Y);
/// A new game of the same kind (same players, rule and size).
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

/// The keys pressed this frame, as actions. `editing`: the editor has
/// the board, and only Esc (leave it) counts.
pub fn keys(ctx: &Context, editing: bool, actions: &mut Vec<Action>) {
    // Typing in a text field must not play moves or undo them.
    if ctx.egui_wants_keyboard_input() {
        return;
    }
    if editing {
        if ctx.input_mut(|i| i.consume_key(Modifiers::NONE, Key::Escape)) {
            actions.push(Action::CancelEditor);
        }
        return;
    }
    let pressed = |s: &KeyboardShortcut| ctx.input_mut(|i| i.consume_shortcut(s));
    let redo_alt = KeyboardShortcut::new(Modifiers::COMMAND | Modifiers::SHIFT, Key::Z);
    // The longer combination first, or Ctrl+Z would swallow it.
    for (shortcut, action) in [
        (redo_alt, Action::Redo),
        (REDO, Action::Redo),
        (UNDO, Action::Undo),
        (NEW_GAME, Action::NewGame),
        (OPEN, Action::OpenRecord),
        (SAVE, Action::SaveRecordAs),
        (QUIT, Action::Quit),
        (HINT, Action::Hint),
        (MOVE_NOW, Action::MoveNow),
        (ANALYSIS, Action::ToggleAnalysis),
        (HELP, Action::Open(WindowKind::HowToPlay)),
    ] {
        if pressed(&shortcut) {
            actions.push(action);
        }
    }
    let plain = |key: Key| ctx.input_mut(|i| i.consume_key(Modifiers::NONE, key));
    for (key, action) in [
        (Key::ArrowLeft, Action::StepBack),
        (Key::ArrowRight, Action::StepForward),
        (Key::Home, Action::GoToStart),
        (Key::End, Action::GoToEnd),
    ] {
        if plain(key) {
            actions.push(action);
        }
    }
    ctx.input(|i| {
        for e in &i.events {
            match e {
                egui::Event::Copy => actions.push(Action::CopyPosition),
                egui::Event::Paste(text) => actions.push(Action::Paste(text.clone())),
                _ => {}
            }
        }
    });
}

/// The menu bar. It keeps no state of its own between frames: egui keeps
/// which menu is open.
#[derive(Debug, Default)]
pub struct MenuBar;

impl MenuBar {
    /// Draws the bar; `drawer` adds the button that opens the side
    /// panel's drawer (narrow windows), `drawer_open` says if it is open.
    pub fn ui(
        &mut self,
        ui: &mut Ui,
        view: &View<'_>,
        drawer: Option<bool>,
        actions: &mut Vec<Action>,
    ) {
        let tr = view.tr;
        egui::MenuBar::new().ui(ui, |ui| {
            ui.menu_button(tr.s(Msg::MenuGame), |ui| game_menu(ui, view, actions));
            // Settings stay open while the player ticks several boxes.
            let keep_open = egui::containers::menu::MenuConfig::new()
                .close_behavior(egui::PopupCloseBehavior::CloseOnClickOutside);
            egui::containers::menu::MenuButton::new(tr.s(Msg::MenuSettings))
                .config(keep_open)
                .ui(ui, |ui| settings_menu(ui, view, actions));
            ui.menu_button(tr.s(Msg::MenuAnalysis), |ui| {
                analysis_menu(ui, view, actions)
            });
            ui.menu_button(tr.s(Msg::MenuHelp), |ui| help_menu(ui, view, actions));
            if let Some(open) = drawer {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    if ui
                        .selectable_label(open, tr.s(Msg::SidePanelDrawer))
                        .clicked()
                    {
                        actions.push(Action::ToggleDrawer);
                    }
                });
            }
        });
    }
}

fn game_menu(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let ctx = ui.ctx().clone();
    let tr = view.tr;
    // Ctrl+N starts a new game with the players the settings hold: the
    // item says which, in words, so the key never surprises.
    let again = Button::new(next_game(view)).shortcut_text(ctx.format_shortcut(&NEW_GAME));
    if ui.add(again).clicked() {
        actions.push(Action::NewGame);
        ui.close();
    }
    ui.separator();
    let mut item = |ui: &mut Ui,
                    text: Msg,
                    shortcut: Option<&KeyboardShortcut>,
                    enabled: bool,
                    action: Action| {
        let mut b = Button::new(tr.s(text));
        if let Some(s) = shortcut {
            b = b.shortcut_text(ctx.format_shortcut(s));
        }
        if ui.add_enabled(enabled, b).clicked() {
            actions.push(action);
            ui.close();
        }
    };
    ui.label(egui::RichText::new(tr.s(Msg::NewGameVsAi)).weak());
    let black = Action::NewGameVsAi(Stone::Black);
    item(ui, Msg::PlayBlack, None, true, black);
    let white = Action::NewGameVsAi(Stone::White);
    item(ui, Msg::PlayWhite, None, true, white);
    // Pushed at the end: `item` holds the actions until then.
    let mut against = None;
    if !view.settings.engines.is_empty() {
        ui.menu_button(tr.s(Msg::NewGameAgainst), |ui| {
            for (engine, e) in view.settings.engines.iter().enumerate() {
                let name = e.name();
                for (human, msg) in [
                    (Stone::Black, Msg::PlayBlackAgainst),
                    (Stone::White, Msg::PlayWhiteAgainst),
                ] {
                    if ui.button(tr.f(msg, &[("engine", &name)])).clicked() {
                        against = Some(Action::NewGameAgainst { engine, human });
                        ui.close();
                    }
                }
            }
        });
    }
    ui.separator();
    item(
        ui,
        Msg::WatchMenu,
        None,
        true,
        Action::Open(WindowKind::Watch),
    );
    // Beside the games engines play: where a player looks to add one
    // (it once hid at the end of the Settings menu's theme row).
    let engines = Action::Open(WindowKind::Engines);
    item(ui, Msg::EnginesMenu, None, true, engines);
    ui.separator();
    // A short window gets the menu in two columns, the game's on the left
    // and the records and tools on the right: in one, Quit fell below a
    // 480-pixel-high window's bottom edge.
    let two_columns = ui.ctx().content_rect().height() < GAME_MENU_ONE_COLUMN_HEIGHT;
    if two_columns {
        ui.horizontal_top(|ui| {
            // A menu wraps its text to its own width, which would fold the
            // second column's items letter by letter.
            ui.style_mut().wrap_mode = Some(egui::TextWrapMode::Extend);
            ui.vertical(|ui| {
                ui.set_width(GAME_MENU_COLUMN_WIDTH);
                game_items(ui, view, &mut item);
            });
            ui.separator();
            ui.vertical(|ui| {
                ui.set_width(GAME_MENU_COLUMN_WIDTH);
                record_items(ui, &mut item);
            });
        });
    } else {
        game_items(ui, view, &mut item);
        ui.separator();
        record_items(ui, &mut item);
    }
    actions.extend(against);
}

/// The players of the game Ctrl+N starts ("New game: You (Black) vs AI
/// (Normal)"), from what `GomokuApp::start_new_game` starts it with: the
/// settings' mode, level (or the one "Adaptive" moves to) and opening
/// rule, the engine on the game's lane, or the engines last watched.
fn next_game(view: &View<'_>) -> String {
    let tr = view.tr;
    let s = view.settings;
    let players = if view.session.table().is_watch() {
        let engines = &s.engines;
        tr.f(
            Msg::WatchVs,
            &[
                ("black", &s.watch.black.name(tr, engines)),
                ("white", &s.watch.white.name(tr, engines)),
            ],
        )
    } else {
        match s.mode {
            Mode::TwoPlayer => tr.s(Msg::ModeTwoPlayer).to_string(),
            Mode::VsAi { human } => {
                // Under an opening rule the person takes a seat; the
                // colour is settled in the opening.
                let seat = if s.opening_rule == OpeningRule::Free {
                    phrases::stone(tr, human).to_string()
                } else if human == Stone::Black {
                    tr.s(Msg::SeatFirst).to_string()
                } else {
                    tr.s(Msg::SeatSecond).to_string()
                };
                match &view.opponent {
                    Some(engine) => tr.f(
                        Msg::PlayersVsEngineSeat,
                        &[("seat", &seat), ("engine", engine)],
                    ),
                    None => {
                        // With "Adaptive" on the new game moves to the
                        // level nearest the rating, as `adapt_level` does:
                        // the item named the level just played.
                        let level = s
                            .rating
                            .adaptive
                            .then(|| view.rating.adaptive_level())
                            .flatten()
                            .unwrap_or(s.level);
                        tr.f(
                            Msg::PlayersVsAiSeat,
                            &[("seat", &seat), ("level", &phrases::level(tr, level))],
                        )
                    }
                }
            }
        }
    };
    if s.opening_rule == OpeningRule::Free || view.session.table().is_watch() {
        tr.f(Msg::NewGameSame, &[("players", &players)])
    } else {
        let rule = phrases::opening_rule(tr, s.opening_rule);
        tr.f(
            Msg::NewGameSameRule,
            &[("rule", &rule), ("players", &players)],
        )
    }
}

/// Window height in points below which the Game menu is laid out in two
/// columns: its one column is about 560 points tall with engines listed.
const GAME_MENU_ONE_COLUMN_HEIGHT: f32 = 620.0;

/// Width of each of the Game menu's two columns in points: the longest
/// item with its shortcut ("Save the game…  Ctrl+S") fits, and the two
/// fit a 640-point-wide window.
const GAME_MENU_COLUMN_WIDTH: f32 = 210.0;

/// The Game menu's items for the game on the board: new games, undo,
/// hints, resigning.
fn game_items(
    ui: &mut Ui,
    view: &View<'_>,
    item: &mut impl FnMut(&mut Ui, Msg, Option<&KeyboardShortcut>, bool, Action),
) {
    let game = view.game;
    item(ui, Msg::NewTwoPlayer, None, true, Action::NewTwoPlayer);
    item(ui, Msg::Restart, None, true, Action::Restart);
    let picker = Action::Open(WindowKind::OpeningPicker);
    item(ui, Msg::NewGameFromOpening, None, true, picker);
    ui.separator();
    let can_undo = !game.moves().is_empty() || game.is_over();
    let can_redo = !game.redo_moves().is_empty() && !game.is_over();
    item(ui, Msg::Undo, Some(&UNDO), can_undo, Action::Undo);
    item(ui, Msg::Redo, Some(&REDO), can_redo, Action::Redo);
    item(
        ui,
        Msg::Hint,
        Some(&HINT),
        view.session.is_human_turn(),
        Action::Hint,
    );
    item(ui, Msg::Resign, None, !game.is_over(), Action::AskResign);
}

/// The Game menu's items for records, positions and tools, and Quit.
fn record_items(
    ui: &mut Ui,
    item: &mut impl FnMut(&mut Ui, Msg, Option<&KeyboardShortcut>, bool, Action),
) {
    item(ui, Msg::OpenRecord, Some(&OPEN), true, Action::OpenRecord);
    item(ui, Msg::SaveGame, Some(&SAVE), true, Action::SaveRecordAs);
    item(ui, Msg::CopyPosition, None, true, Action::CopyPosition);
    item(
        ui,
        Msg::PastePosition,
        None,
        true,
        Action::Open(WindowKind::Records),
    );
    item(
        ui,
        Msg::RecentGamesMenu,
        None,
        true,
        Action::Open(WindowKind::Recent),
    );
    item(ui, Msg::EditPosition, None, true, Action::OpenEditor);
    item(
        ui,
        Msg::LessonsMenu,
        None,
        true,
        Action::Lesson(LessonAction::Start),
    );
    item(
        ui,
        Msg::PuzzlesMenu,
        None,
        true,
        Action::Puzzle(PuzzleAction::Start),
    );
    item(
        ui,
        Msg::RatingMenu,
        None,
        true,
        Action::Open(WindowKind::Rating),
    );
    item(
        ui,
        Msg::TournamentsMenu,
        None,
        true,
        Action::Open(WindowKind::Tournaments),
    );
    ui.separator();
    item(ui, Msg::Quit, Some(&QUIT), true, Action::Quit);
}

fn settings_menu(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let mut s: AppSettings = view.settings.clone();
    let mut lang = tr.0;
    // One row: the menu must still fit a 480-pixel-high window.
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tr.s(Msg::Language)).weak());
        for l in Lang::ALL {
            ui.selectable_value(&mut lang, l, l.own_name());
        }
    });
    if lang != tr.0 {
        s.language = Some(lang);
    }
    ui.separator();
    // The level's own switch shares the heading's row, again for 480
    // pixels, and only one shows so the menu does not widen over the
    // board: thinking on your time at Strong and Maximum, the training
    // wheels at the levels below, where newcomers play.
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tr.s(Msg::AiLevel)).weak());
        if PonderSettings::applies_to(s.level) {
            let mut ponder = s.ponder.enabled(s.level);
            if ui
                .checkbox(&mut ponder, tr.s(Msg::Ponder))
                .on_hover_text(tr.s(Msg::PonderTip))
                .changed()
            {
                s.ponder.set(s.level, ponder);
            }
        } else {
            let mut wheels = s.training_wheels.enabled(s.level);
            if ui
                .checkbox(&mut wheels, tr.s(Msg::WheelsSetting))
                .on_hover_text(tr.s(Msg::WheelsTip))
                .changed()
            {
                s.training_wheels.set(s.level, wheels);
            }
        }
    });
    // Twelve levels do not fit a 480-pixel-high menu beside the rest:
    // they open from the one that is chosen, grouped by band.
    let mut chosen = None;
    ui.menu_button(phrases::level_rated(tr, s.level), |ui| {
        chosen = level_choices(ui, tr, s.level);
    });
    // A level picked while "Adaptive" is on turns it off, even the level
    // Adaptive happens to be playing: the player chose it by hand.
    if let Some(level) = chosen {
        if level != s.level || view.settings.rating.adaptive {
            actions.push(Action::SetLevel(level));
        }
        return;
    }
    if adaptive_choice(ui, view, actions) {
        return;
    }
    ui.separator();
    // The rules side by side, each explained on hover: four rows of a
    // heading and radio buttons did not fit a 480-pixel-high window.
    ui.label(egui::RichText::new(tr.s(Msg::RuleNextGame)).weak());
    ui.horizontal(|ui| {
        for rule in Rule::ALL {
            ui.selectable_value(&mut s.rule, rule, phrases::rule(tr, rule))
                .on_hover_text(phrases::rule_long(tr, rule));
        }
    });
    ui.menu_button(tr.s(Msg::BoardSizeNextGame), |ui| {
        for size in MIN_SIZE..=MAX_SIZE {
            ui.radio_value(&mut s.board_size, size, format!("{size} × {size}"));
        }
    });
    ui.menu_button(tr.s(Msg::OpeningRuleNextGame), |ui| {
        for rule in OPENING_CHOICES {
            ui.radio_value(&mut s.opening_rule, rule, phrases::opening_rule(tr, rule));
        }
    });
    ui.menu_button(tr.s(Msg::ClockNextGame), |ui| clock_menu(ui, tr, &mut s));
    ui.separator();
    // Sound and its volume on one row, and the two board marks on one:
    // the menu must fit a 480-pixel-high window.
    let volume = ui
        .horizontal(|ui| {
            ui.checkbox(&mut s.sound, tr.s(Msg::Sound));
            let volume = ui.add_enabled(
                s.sound,
                egui::Slider::new(&mut s.volume, 0.0..=1.0)
                    .text(tr.s(Msg::Volume))
                    .show_value(false),
            );
            volume
        })
        .inner;
    // Its own row, not the sound row's end: that would widen the menu over
    // the board's centre.
    if !view.audio_available {
        ui.label(egui::RichText::new(tr.s(Msg::NoSoundDevice)).weak());
    }
    ui.separator();
    ui.horizontal(|ui| {
        ui.checkbox(&mut s.move_numbers, tr.s(Msg::MoveNumbers));
        ui.checkbox(&mut s.coordinates, tr.s(Msg::Coordinates));
    });
    ui.checkbox(&mut s.show_thinking, tr.s(Msg::ShowThinking));
    ui.separator();
    ui.horizontal(|ui| {
        ui.selectable_value(&mut s.theme, Theme::Light, tr.s(Msg::ThemeLight));
        ui.selectable_value(&mut s.theme, Theme::Dark, tr.s(Msg::ThemeDark));
    });
    // Heard at once while the slider moves, written when it is let go.
    let dragging = volume.is_pointer_button_down_on() || volume.dragged();
    if s != *view.settings || volume.drag_stopped() {
        actions.push(Action::Settings {
            settings: Box::new(s),
            save: !dragging,
        });
    }
}

/// "Adaptive (your rating)", below the levels: each new game at the level
/// nearest the player's rating (a level chosen above turns it off). True
/// when it was turned on (the menu then stops drawing, as after a level's
/// choice).
fn adaptive_choice(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) -> bool {
    let tr = view.tr;
    let on = view.settings.rating.adaptive;
    let chosen = ui
        .radio(on, tr.s(Msg::LevelAdaptive))
        .on_hover_text(tr.s(Msg::LevelAdaptiveTip))
        .clicked()
        && !on;
    if chosen {
        actions.push(Action::SetAdaptive(true));
    }
    chosen
}

/// The clock of the next game: one list for both sides, or (a handicap)
/// one for Black and one for White side by side.
fn clock_menu(ui: &mut Ui, tr: Tr, s: &mut AppSettings) {
    let mut apart = s.white_clock.is_some();
    ui.horizontal(|ui| {
        ui.selectable_value(&mut apart, false, tr.s(Msg::ClockSameForBoth));
        ui.selectable_value(&mut apart, true, tr.s(Msg::ClockEachSide));
    });
    if apart != s.white_clock.is_some() {
        if apart && s.clock.is_untimed() {
            s.clock = DEFAULT_SIDE_CLOCK;
        }
        s.white_clock = apart.then_some(s.clock);
    }
    ui.separator();
    let Some(mut white) = s.white_clock else {
        for tc in CLOCK_CHOICES {
            ui.radio_value(&mut s.clock, tc, phrases::time_control(tr, tc));
        }
        return;
    };
    ui.horizontal_top(|ui| {
        for (stone, tc) in [(Stone::Black, &mut s.clock), (Stone::White, &mut white)] {
            ui.vertical(|ui| {
                ui.label(egui::RichText::new(phrases::stone(tr, stone)).weak());
                // Apart, each side keeps a clock: "no clock" is for both.
                for choice in &CLOCK_CHOICES[1..] {
                    ui.radio_value(tc, *choice, phrases::time_control(tr, *choice));
                }
            });
        }
    });
    s.white_clock = Some(white);
}

fn analysis_menu(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let on = view.analysis.on;
    let shortcut = ui.ctx().format_shortcut(&ANALYSIS);
    if ui
        .add(egui::Button::selectable(on, tr.s(Msg::AnalysisMode)).shortcut_text(shortcut))
        .clicked()
    {
        actions.push(Action::SetAnalysis(!on));
        ui.close();
    }
    let mut n = view.settings.analysis_candidates;
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(tr.s(Msg::AnalysisCandidates)).weak());
        for k in CANDIDATES_RANGE {
            ui.selectable_value(&mut n, k, k.to_string());
        }
    });
    if n != view.settings.analysis_candidates {
        actions.push(Action::SetCandidates(n));
    }
    ui.separator();
    let running = view.analysis.review.running();
    let game = view.game;
    let has_moves = !game.moves().is_empty() || !game.redo_moves().is_empty();
    if ui
        .add_enabled(
            has_moves && !running,
            egui::Button::new(tr.s(Msg::ReviewGame)),
        )
        .clicked()
    {
        actions.push(Action::StartReview);
        ui.close();
    }
    if ui
        .add_enabled(running, egui::Button::new(tr.s(Msg::ReviewCancel)))
        .clicked()
    {
        actions.push(Action::CancelReview);
        ui.close();
    }
    ui.separator();
    library_items(ui, view, actions);
}

/// The position library: the explorer, imports, exports, learning.
fn library_items(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let explorer = view.settings.explorer;
    if ui
        .add(egui::Button::selectable(explorer, tr.s(Msg::ExplorerTitle)))
        .clicked()
    {
        actions.push(Action::SetExplorer(!explorer));
        ui.close();
    }
    let importing = view.library.progress().is_some();
    for (text, folder) in [
        (Msg::MenuLibraryImport, false),
        (Msg::MenuLibraryImportFolder, true),
    ] {
        if ui
            .add_enabled(!importing, Button::new(tr.s(text)))
            .clicked()
        {
            actions.push(Action::LibraryImport { folder });
            ui.close();
        }
    }
    // RenLib's files hold the 15×15 board only.
    let renlib = view.game.size() == 15;
    for (text, format, enabled) in [
        (Msg::MenuLibraryExportLib, ExportFormat::RenLib, renlib),
        (Msg::MenuLibraryExportSgf, ExportFormat::Sgf, true),
    ] {
        if ui.add_enabled(enabled, Button::new(tr.s(text))).clicked() {
            actions.push(Action::LibraryExport(format));
            ui.close();
        }
    }
    let learns = view.settings.library_learns;
    if ui
        .add(egui::Button::selectable(
            learns,
            tr.s(Msg::MenuLibraryLearns),
        ))
        .clicked()
    {
        actions.push(Action::SetLibraryLearns(!learns));
        ui.close();
    }
}

fn help_menu(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    if ui
        .add(Button::new(tr.s(Msg::HowToPlay)).shortcut_text(ui.ctx().format_shortcut(&HELP)))
        .clicked()
    {
        actions.push(Action::Open(WindowKind::HowToPlay));
        ui.close();
    }
    if ui.button(tr.s(Msg::LessonsMenu)).clicked() {
        actions.push(Action::Lesson(LessonAction::Start));
        ui.close();
    }
    if ui.button(tr.s(Msg::RatingMenu)).clicked() {
        actions.push(Action::Open(WindowKind::Rating));
        ui.close();
    }
    if ui.button(tr.s(Msg::KeyboardShortcuts)).clicked() {
        actions.push(Action::Open(WindowKind::Shortcuts));
        ui.close();
    }
    if ui.button(tr.s(Msg::AboutGomoku)).clicked() {
        actions.push(Action::Open(WindowKind::About));
        ui.close();
    }
}

/// The ladder's levels, each with its measured rating, a line between
/// bands; the level clicked, if one was — the one already chosen too, so
/// that clicking it can mean "this level, not Adaptive".
fn level_choices(ui: &mut egui::Ui, tr: Tr, current: Level) -> Option<Level> {
    let mut clicked = None;
    let mut band = None;
    for l in Level::all() {
        if band.is_some_and(|b| b != l.band()) {
            ui.separator();
        }
        band = Some(l.band());
        if ui
            .radio(l == current, phrases::level_rated(tr, l))
            .clicked()
        {
            clicked = Some(l);
        }
    }
    if clicked.is_some() {
        ui.close();
    }
    clicked
}
