//! The app: its state, the actions the menus and keys trigger, and the
//! frame loop that ties the panels together.

use super::analysis::Analysis;
use super::audio::{cue_for, Audio};
use super::board_view::{BoardInput, BoardView, Editing};
use super::editor::{SetupProblem, Tool};
use super::file_picker::{FileDialogs, NativePicker, NoPicker};
use super::fonts;
use super::geometry::BoardGeometry;
use super::io::{Io, Snapshot, EXIT_WAIT};
use super::palette::Palette;
use super::persist::{Persist, Restored};
use super::recent::{new_game_id, RecentGame, RecentGames};
use super::records;
use super::session::{Session, SessionEvent, APP_HASH_MB};
use super::settings::{AppSettings, Theme, WindowGeometry};
use super::toast::{Replaced, Toast};
use crate::engine::{Limits, SearchParams};
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::rules::{GameModel, GameSettings, Mode, Point, Rule, Stone};
use crate::sound::Cue;
use eframe::egui::{self, Context, Ui};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a refused click stays ringed.
const REFUSED_FLASH: Duration = Duration::from_millis(450);

/// How long a message stays in the status bar.
const STATUS_TIME: Duration = Duration::from_secs(6);

/// Frame interval while something moves on screen (the thinking
/// spinner, a fading ring): smooth enough, and idle otherwise.
const ANIMATION_FRAME: Duration = Duration::from_millis(40);

/// Engine table size in tests: small, so many apps can run at once.
const TEST_HASH_MB: usize = 8;

/// Fixed, seeded, shallow searches: the same reply on every run.
fn test_params() -> SearchParams {
    SearchParams {
        limits: Limits::depth(2),
        variety: 0,
        seed: Some(1),
        threads: 1,
        multipv: 1,
    }
}

/// How the app was started.
#[derive(Debug, Clone, Default)]
pub struct Launch {
    /// A record to open instead of resuming the saved game.
    pub open: Option<PathBuf>,
    /// The language to speak until the player picks one in Settings (the
    /// system's, for the real app; English when `None`, as in tests).
    pub system_language: Option<Lang>,
}

/// Which of the small windows are open.
#[derive(Debug, Default)]
pub(super) struct Windows {
    pub how_to_play: bool,
    pub shortcuts: bool,
    pub about: bool,
    /// The Recent games window.
    pub recent: bool,
    /// The open/save/paste window, with its text fields.
    pub record: Option<RecordWindow>,
    /// A message that stays until the player closes it.
    pub notice: Option<String>,
}

/// The fields of the record window.
#[derive(Debug, Default)]
pub(super) struct RecordWindow {
    pub path: String,
    pub text: String,
    pub error: Option<String>,
}

/// The Gomoku desktop app.
pub struct GomokuApp {
    pub(super) settings: AppSettings,
    pub(super) session: Session,
    pub(super) audio: Audio,
    /// All file I/O once the window is open: saves of settings and
    /// games, and record files (saves are dropped in tests that keep no
    /// files; records work everywhere).
    pub(super) io: Io,
    /// Whether the I/O thread knows how to wake the window.
    io_wakes_window: bool,
    /// Finished and replaced games.
    pub(super) recent: RecentGames,
    /// The identity of the game on the board, so keeping it again in
    /// Recent games updates its entry.
    game_id: u64,
    /// The message at the bottom of the board, with its undo.
    pub(super) toast: Option<Toast>,
    /// True while the volume slider is dragged: saved on release.
    pub(super) settings_unsaved: bool,
    pub(super) palette: Palette,
    applied_theme: Option<Theme>,
    pub(super) board: BoardInput,
    refused: Option<(Point, Instant)>,
    pub(super) status: Option<(String, Instant)>,
    pub(super) windows: Windows,
    /// The native open/save dialogs.
    pub(super) files: FileDialogs,
    /// A failed save is reported once, not after every move.
    save_failure_reported: bool,
    /// Black's forbidden points under Renju, for the position with this
    /// hash (worked out once per position, not every frame).
    forbidden: Option<((u64, Rule, bool), Vec<Point>)>,
    /// The board editor, while a position is being edited.
    pub(super) editor: Option<super::editor::Editor>,
    /// The language used while the player has not chosen one.
    system_language: Lang,
    /// Whether the CJK font has been handed to egui.
    fonts_installed: bool,
    /// The language the window title was last set in.
    titled_in: Option<Lang>,
    /// Analysis mode and the game review.
    pub(super) analysis: Analysis,
}

impl GomokuApp {
    /// The app as the player starts it: settings and the game in
    /// progress restored from disk (or a record opened from the command
    /// line), sound on the default device.
    #[must_use]
    pub fn new(launch: &Launch) -> GomokuApp {
        let launch = Launch {
            system_language: Some(launch.system_language.unwrap_or_else(Lang::from_system)),
            ..launch.clone()
        };
        GomokuApp::restore(Persist::open_default(), &launch, Audio::open(), APP_HASH_MB)
    }

    /// An app for tests that keeps its settings and game in `dir`, as the
    /// real app does in the config folder, started as `launch` says:
    /// silent, with the same fixed searches as [`GomokuApp::new_for_test`].
    #[must_use]
    pub fn new_for_test_in(dir: PathBuf, launch: &Launch) -> GomokuApp {
        let mut app = GomokuApp::restore(
            Some(Persist::at(dir)),
            launch,
            Audio::silent(),
            TEST_HASH_MB,
        );
        app.files = FileDialogs::new(Arc::new(NoPicker));
        app.set_search_params(Some(test_params()));
        app
    }

    fn restore(
        persist: Option<Persist>,
        launch: &Launch,
        audio: Audio,
        hash_mb: usize,
    ) -> GomokuApp {
        let mut notices = Vec::new();
        let system_language = launch.system_language.unwrap_or_default();
        let tr = Tr(system_language);
        let settings = match persist.as_ref().map(|p| p.load_settings(tr)) {
            Some(Restored::Loaded(s)) => s.sanitised(),
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                AppSettings::default()
            }
            _ => AppSettings::default(),
        };
        // Problems with the saved game are told in the language the
        // settings just restored chose.
        let tr = Tr(settings.language.unwrap_or(system_language));
        let game = match persist.as_ref().map(|p| p.load_game(tr)) {
            Some(Restored::Loaded(g)) => Some(g),
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                None
            }
            _ => None,
        };
        let recent = match persist.as_ref().map(|p| p.load_recent(tr)) {
            Some(Restored::Loaded(r)) => r,
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                RecentGames::default()
            }
            _ => RecentGames::default(),
        };
        let io = Io::spawn(persist, None);
        let mut app = GomokuApp::build(settings, game, audio, io, hash_mb);
        app.recent = recent;
        app.system_language = system_language;
        // Read here, on the main thread, not through the I/O thread: the
        // window does not exist yet, so nothing waits, and the record must
        // be on the board before the first frame (or the AI would start
        // on the game it replaces, and a bad record's notice would come
        // late).
        if let Some(path) = &launch.open {
            match records::open(tr, path, app.settings.game_settings()) {
                Ok(game) => app.load_game(game),
                Err(e) => notices.push(e),
            }
        }
        if !notices.is_empty() {
            app.windows.notice = Some(notices.join("\n\n"));
        }
        app
    }

    /// An app for tests: no files, no sound, and fixed, seeded, shallow
    /// searches so the AI's replies are the same on every run.
    #[must_use]
    pub fn new_for_test(settings: AppSettings) -> GomokuApp {
        let io = Io::spawn(None, None);
        let mut app = GomokuApp::build(settings, None, Audio::silent(), io, TEST_HASH_MB);
        app.files = FileDialogs::new(Arc::new(NoPicker));
        app.set_search_params(Some(test_params()));
        app
    }

    fn build(
        settings: AppSettings,
        game: Option<GameModel>,
        audio: Audio,
        io: Io,
        hash_mb: usize,
    ) -> GomokuApp {
        let settings = settings.sanitised();
        let game = game.unwrap_or_else(|| {
            GameModel::new(settings.game_settings())
                .unwrap_or_else(|_| GameModel::new(GameSettings::default()).expect("defaults"))
        });
        let mut app = GomokuApp {
            palette: Palette::for_theme(settings.theme),
            session: Session::new(game, settings.level, hash_mb),
            settings,
            audio,
            io,
            io_wakes_window: false,
            recent: RecentGames::default(),
            game_id: new_game_id(),
            toast: None,
            settings_unsaved: false,
            applied_theme: None,
            board: BoardInput::default(),
            refused: None,
            status: None,
            windows: Windows::default(),
            files: FileDialogs::new(Arc::new(NativePicker::new())),
            save_failure_reported: false,
            forbidden: None,
            editor: None,
            system_language: Lang::English,
            fonts_installed: false,
            titled_in: None,
            analysis: Analysis::default(),
        };
        app.audio.configure(app.settings.sound, app.settings.volume);
        app
    }

    /// Uses `params` for every search instead of the level's (tests).
    pub fn set_search_params(&mut self, params: Option<SearchParams>) {
        self.session.set_params_override(params);
    }

    /// Holds engine replies unhandled while `held` (tests keep the AI's
    /// turn going with it).
    pub fn hold_engine_replies(&mut self, held: bool) {
        self.session.hold_replies(held);
    }

    /// The game on the board.
    #[must_use]
    pub fn game(&self) -> &GameModel {
        self.session.game()
    }

    /// The game and its AI.
    #[must_use]
    pub fn session(&self) -> &Session {
        &self.session
    }

    /// The player's settings.
    #[must_use]
    pub fn settings(&self) -> &AppSettings {
        &self.settings
    }

    /// The language the app speaks: the player's choice, else the
    /// system's.
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.settings.language.unwrap_or(self.system_language)
    }

    /// The translator for the current language.
    #[must_use]
    pub fn tr(&self) -> Tr {
        Tr(self.lang())
    }

    /// Switches the language at once and remembers the choice.
    pub fn set_language(&mut self, lang: Lang) {
        self.settings.language = Some(lang);
        self.save_settings();
    }

    /// Where the board was drawn in the last frame.
    #[must_use]
    pub fn board_geometry(&self) -> Option<BoardGeometry> {
        self.board.geometry
    }

    /// The sound cues asked for so far.
    #[must_use]
    pub fn played_cues(&self) -> &[Cue] {
        self.audio.played()
    }

    /// The message in the status bar, if any.
    #[must_use]
    pub fn status_message(&self) -> Option<&str> {
        self.status.as_ref().map(|(s, _)| s.as_str())
    }

    /// The kept games, newest first.
    #[must_use]
    pub fn recent_games(&self) -> &[RecentGame] {
        &self.recent.games
    }

    /// The toast's text while it shows.
    #[must_use]
    pub fn toast_text(&self) -> Option<&str> {
        self.toast.as_ref().map(|t| t.text.as_str())
    }

    /// Waits until every save queued so far is written (tests, and the
    /// app on exit), at most [`EXIT_WAIT`]. Returns false on a time-out.
    pub fn flush_saves(&self) -> bool {
        self.io.flush(EXIT_WAIT)
    }

    /// Whether a record file is being read or written and its result has
    /// not been shown yet (tests run frames until it has).
    #[must_use]
    pub fn io_busy(&self) -> bool {
        self.io.busy()
    }

    /// Makes the engine thread panic, as a bug in the search would
    /// (tests of the recovery).
    #[doc(hidden)]
    pub fn crash_engine_for_test(&mut self) {
        self.session.crash_engine_for_test();
    }

    /// The message window's text, if it is open.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.windows.notice.as_deref()
    }

    // ---- actions -------------------------------------------------------

    /// A new game against the AI, the person playing `human`.
    pub fn new_game_vs_ai(&mut self, human: Stone) {
        self.settings.mode = Mode::VsAi { human };
        self.start_new_game();
    }

    /// A new game for two people.
    pub fn new_two_player_game(&mut self) {
        self.settings.mode = Mode::TwoPlayer;
        self.start_new_game();
    }

    /// A new game with the current settings. The game it replaces is
    /// kept in Recent games, and the toast can bring it back.
    pub fn start_new_game(&mut self) {
        let settings = self.settings.game_settings();
        self.replace_with(Msg::ReplacedByNew, |s| s.new_game(settings));
        self.save_settings();
    }

    /// Starts the current game again (kept, with an undo, like a new game).
    pub fn restart(&mut self) {
        self.replace_with(Msg::ReplacedByNew, Session::restart);
    }

    /// Takes back the last move (or the last pair against the AI).
    pub fn undo(&mut self) {
        if let Err(e) = self.session.undo() {
            self.say(phrases::game_error(self.tr(), &e));
        }
    }

    /// Replays a move taken back.
    pub fn redo(&mut self) {
        if let Err(e) = self.session.redo() {
            self.say(phrases::game_error(self.tr(), &e));
        }
    }

    /// The person resigns.
    pub fn resign(&mut self) {
        let _ = self.session.resign();
    }

    /// Asks the engine for a suggested move.
    pub fn hint(&mut self) {
        if self.game().is_human_turn() {
            self.session.request_hint();
        } else {
            self.say(self.tr().s(Msg::HintOwnTurn).to_string());
        }
    }

    /// Asks the AI to play now.
    pub fn move_now(&mut self) {
        self.session.move_now();
    }

    /// Handles a click on the board: `Some(point)` on an intersection,
    /// `None` beside the grid.
    pub fn click_board(&mut self, at: Option<Point>) {
        let Some(p) = at else {
            return;
        };
        if self.session.play(p).is_err() {
            self.refused = Some((p, Instant::now()));
        }
    }

    /// Sets the AI's level (it applies to the search in progress too).
    pub fn set_level(&mut self, level: crate::engine::Level) {
        self.settings.level = level;
        self.session.set_level(level);
        self.save_settings();
    }

    /// Replaces the game with one read from a record or pasted text; the
    /// game it replaces is kept in Recent games, with an undo.
    pub fn load_game(&mut self, game: GameModel) {
        self.replace_with_game(Msg::ReplacedByRecord, game);
    }

    /// Puts `game` on the board, its mode, rule and size in the menus, and
    /// keeps the game it replaces in Recent games with an undo; `what`
    /// says in the toast what happened.
    pub(super) fn replace_with_game(&mut self, what: Msg, game: GameModel) {
        self.adopt_settings_of(&game);
        self.replace_with(what, |s| s.replace_game(game));
        self.save_settings();
    }

    /// Plays the `index`th recent game again (the game on the board is
    /// kept in its place, with an undo).
    pub fn open_recent(&mut self, index: usize) {
        let Some(entry) = self.recent.games.get(index).cloned() else {
            return;
        };
        self.adopt_settings_of(&entry.game);
        self.replace_with(Msg::ReplacedByRecent, |s| s.replace_game(entry.game));
        // It is on the board again under its own id.
        self.recent.remove(entry.id);
        self.game_id = entry.id;
        self.save_recent();
        self.save_settings();
    }

    /// Brings back the game the last replacement took off the board (the
    /// toast's Undo). The game it replaced in turn is kept.
    pub fn undo_replace(&mut self) {
        let Some(Replaced { game, id }) = self.toast.take().and_then(|t| t.undo) else {
            return;
        };
        self.keep_in_recent();
        self.adopt_settings_of(&game);
        self.session.replace_game(game);
        self.recent.remove(id);
        self.game_id = id;
        self.save_recent();
        self.save_settings();
        self.say(self.tr().s(Msg::PreviousBack).to_string());
    }

    /// The menus' mode, rule and size follow the game on the board.
    fn adopt_settings_of(&mut self, game: &GameModel) {
        self.settings.mode = game.mode();
        self.settings.rule = game.rule();
        self.settings.board_size = game.size();
    }

    /// Runs `replace` (which puts another game on the board), keeping the
    /// game it replaces in Recent games and offering to undo.
    fn replace_with(&mut self, what: Msg, replace: impl FnOnce(&mut Session)) {
        let before = Replaced {
            game: self.session.game().clone(),
            id: self.game_id,
        };
        let kept = self.keep_in_recent();
        replace(&mut self.session);
        self.game_id = new_game_id();
        // An empty board is not worth a toast: nothing was lost.
        self.toast = (kept || self.recent.contains(before.id)).then(|| Toast {
            text: self
                .tr()
                .f(Msg::KeptInRecent, &[("what", &self.tr().s(what))]),
            undo: Some(before),
            shown: Instant::now(),
        });
    }

    /// Keeps the game on the board in Recent games (unless its board is
    /// empty). Returns true if the list changed.
    fn keep_in_recent(&mut self) -> bool {
        let changed = self
            .recent
            .keep(self.game_id, self.session.game(), self.settings.level);
        if changed {
            self.save_recent();
        }
        changed
    }

    /// Copies the game to the clipboard as a position string.
    pub(super) fn copy_position(&mut self, ctx: &Context) {
        let tr = self.tr();
        let text = records::to_position_string(self.game());
        ctx.copy_text(text.clone());
        self.say(if text.is_empty() {
            tr.s(Msg::NothingToCopy).to_string()
        } else {
            tr.f(Msg::Copied, &[("text", &text)])
        });
    }

    /// Loads a pasted position string.
    pub(super) fn paste_position(&mut self, text: &str) {
        let settings = GameSettings {
            mode: self.settings.mode,
            ..self.game().settings()
        };
        let tr = self.tr();
        match records::from_text(tr, text, settings) {
            Ok(game) => {
                self.load_game(game);
                self.say(tr.s(Msg::PositionPasted).to_string());
            }
            Err(e) => self.say(tr.f(Msg::CannotPaste, &[("error", &e)])),
        }
    }

    /// Shows `text` in the status bar for a few seconds.
    pub(super) fn say(&mut self, text: String) {
        self.status = Some((text, Instant::now()));
    }

    pub(super) fn save_settings(&mut self) {
        self.audio
            .configure(self.settings.sound, self.settings.volume);
        self.settings_unsaved = false;
        if self.io.keeps_files() {
            self.io.save(Snapshot::Settings(self.settings.clone()));
        }
    }

    fn save_game(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Game(self.session.game().clone()));
        }
    }

    fn save_recent(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Recent(self.recent.clone()));
        }
    }

    /// Reports failed saves: once, not after every move, until a save
    /// succeeds again.
    fn report_saves(&mut self) {
        for result in self.io.save_results() {
            match result {
                Ok(()) => self.save_failure_reported = false,
                Err(f) if !self.save_failure_reported => {
                    self.save_failure_reported = true;
                    let tr = self.tr();
                    let what = tr.s(f.what);
                    self.say(tr.f(Msg::CouldNotSave, &[("what", &what), ("error", &f.error)]));
                }
                Err(_) => {}
            }
        }
    }

    // ---- the frame -----------------------------------------------------

    fn apply_theme(&mut self, ctx: &Context) {
        if self.applied_theme != Some(self.settings.theme) {
            ctx.set_theme(match self.settings.theme {
                Theme::Light => egui::Theme::Light,
                Theme::Dark => egui::Theme::Dark,
            });
            self.palette = Palette::for_theme(self.settings.theme);
            self.applied_theme = Some(self.settings.theme);
        }
    }

    /// Hands egui the CJK font once, and retitles the window when the
    /// language changes (the rest of the text follows on its own, as every
    /// frame asks the catalogue afresh).
    fn apply_language(&mut self, ctx: &Context) {
        if !self.fonts_installed {
            fonts::install(ctx);
            self.fonts_installed = true;
        }
        let lang = self.lang();
        if self.titled_in != Some(lang) {
            ctx.send_viewport_cmd(egui::ViewportCommand::Title(
                Tr(lang).s(Msg::AppTitle).to_string(),
            ));
            self.titled_in = Some(lang);
        }
    }

    fn handle_session_events(&mut self) {
        let mode = self.game().mode();
        for event in self.session.take_events() {
            if let Some(cue) = cue_for(&event, mode) {
                self.audio.play(cue);
            }
            let tr = self.tr();
            match event {
                SessionEvent::Refused(e) => self.say(phrases::game_error(tr, &e)),
                SessionEvent::Over(_) => {
                    self.keep_in_recent();
                }
                SessionEvent::EngineFailed { restarted } => {
                    self.say(engine_failure_text(tr, restarted))
                }
                SessionEvent::Hint(p) => {
                    let point = crate::rules::point_name(p, self.game().size());
                    self.say(tr.f(Msg::HintAt, &[("point", &point)]));
                }
                _ => {}
            }
        }
        if self.session.take_dirty() {
            self.save_game();
        }
    }

    /// One frame: engine replies, keys, panels, the board.
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if !self.io_wakes_window {
            let window = ctx.clone();
            self.io
                .set_waker(Arc::new(move || window.request_repaint()));
            self.io_wakes_window = true;
        }
        self.apply_theme(&ctx);
        self.apply_language(&ctx);
        self.session.poll();
        self.analysis_frame(&ctx);
        self.handle_keys(&ctx);

        egui::Panel::top("menu").show(ui, |ui| self.menu_bar(ui));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar(ui));
        egui::Panel::right("side")
            .resizable(true)
            .default_size(280.0)
            .min_size(220.0)
            .show(ui, |ui| self.side_panel(ui));
        let refused = self.refused.and_then(|(p, t)| {
            let age = t.elapsed();
            (age < REFUSED_FLASH)
                .then(|| (p, 1.0 - age.as_secs_f32() / REFUSED_FLASH.as_secs_f32()))
        });
        let accepts_moves = self.game().is_human_turn();
        let hint = self.session.hint();
        let overlay = self.analysis_overlay();
        self.update_forbidden();
        let forbidden = match (&self.editor, &self.forbidden) {
            (Some(editor), _) => editor.forbidden(),
            (None, Some((_, points))) if accepts_moves => points.as_slice(),
            _ => &[],
        };
        let editing = self.editor.as_ref().map(|e| Editing {
            board: e.board(),
            five: match e.problem() {
                Some(SetupProblem::Five { line, .. }) => Some(line.as_slice()),
                _ => None,
            },
            ghost: match e.tool {
                Tool::Black => Some(Stone::Black),
                Tool::White => Some(Stone::White),
                Tool::Erase => None,
            },
        });
        let lang = self.lang();
        let frame = egui::Frame::central_panel(ui.style()).inner_margin(8.0);
        let input = egui::CentralPanel::default()
            .frame(frame)
            .show(ui, |ui| {
                BoardView {
                    game: self.session.game(),
                    palette: &self.palette,
                    move_numbers: self.settings.move_numbers,
                    coordinates: self.settings.coordinates,
                    hint,
                    accepts_moves,
                    forbidden,
                    refused,
                    label: Tr(lang).s(Msg::BoardLabel),
                    editing,
                    analysis: overlay.as_ref(),
                }
                .show(ui)
            })
            .inner;
        self.board = input;
        if self.editor.is_some() {
            if let Some(Some(p)) = input.clicked {
                self.editor_click(p, false);
            }
            if let Some(p) = input.secondary {
                self.editor_click(p, true);
            }
        } else if let Some(at) = input.clicked {
            self.click_board(at);
        }
        self.take_record_replies();
        self.windows(&ctx);
        self.recent_window(&ctx);
        self.toast(&ctx);
        self.handle_session_events();
        self.report_saves();
        self.remember_window(&ctx);

        if self.session.thinking().is_some() || refused.is_some() || self.refused_fresh() {
            ctx.request_repaint_after(ANIMATION_FRAME);
        }
        if let Some((_, t)) = &self.status {
            match STATUS_TIME.checked_sub(t.elapsed()) {
                Some(left) => ctx.request_repaint_after(left),
                None => self.status = None,
            }
        }
    }

    fn update_forbidden(&mut self) {
        let game = self.session.game();
        let key = (game.position_hash(), game.rule(), game.is_over());
        if self.forbidden.as_ref().is_some_and(|(k, _)| *k == key) {
            return;
        }
        let points = if game.rule().has_forbidden_moves()
            && game.side_to_move() == Stone::Black
            && !game.is_over()
        {
            let board = game.board();
            board
                .points()
                .filter(|p| crate::rules::forbidden(board, *p).is_some())
                .collect()
        } else {
            Vec::new()
        };
        self.forbidden = Some((key, points));
    }

    fn refused_fresh(&self) -> bool {
        self.refused
            .is_some_and(|(_, t)| t.elapsed() < REFUSED_FLASH)
    }

    /// Notes where the window is and how big, saved with the settings
    /// (on exit, or with the next settings change).
    fn remember_window(&mut self, ctx: &Context) {
        let geometry = ctx.input(|i| {
            let v = i.viewport();
            let inner = v.inner_rect?;
            Some(WindowGeometry {
                x: v.outer_rect.map_or(inner.min.x, |r| r.min.x),
                y: v.outer_rect.map_or(inner.min.y, |r| r.min.y),
                width: inner.width(),
                height: inner.height(),
            })
        });
        if let Some(g) = geometry {
            self.settings.window = Some(g);
        }
    }

    /// Saves settings, the game and the recent games and waits for the
    /// writes, at most [`EXIT_WAIT`] (the window is closing).
    pub fn save_all(&mut self) {
        self.save_settings();
        self.save_game();
        self.save_recent();
        if !self.flush_saves() {
            log::warn!("the last save did not finish in {EXIT_WAIT:?}");
        }
    }
}

/// What the player reads when the engine thread died.
fn engine_failure_text(tr: Tr, restarted: bool) -> String {
    tr.s(if restarted {
        Msg::EngineRestarted
    } else {
        Msg::EngineKeepsFailing
    })
    .to_string()
}

impl eframe::App for GomokuApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn on_exit(&mut self) {
        self.save_all();
    }
}
