//! The app: what it holds, how it starts, what it shows of itself, and
//! the frame that lays the components out. What the player's actions do
//! is in `actions.rs`; these two files are the only ones with methods of
//! [`GomokuApp`].

use super::action::Action;
use super::analysis::review::{ReviewResults, Searched, REVIEW_HASH_MB};
use super::analysis::runner::ANALYSIS_HASH_MB;
use super::analysis::{self, Analysis};
use super::audio::Audio;
use super::board_view::{BoardInput, BoardView, Editing};
use super::components::blunder_confirm::{BlunderConfirm, Question};
use super::components::confirm::ConfirmResign;
use super::components::engines::EnginesWindow;
use super::components::help::HelpWindows;
use super::components::menu_bar::{self, MenuBar};
use super::components::notice::Notice;
use super::components::opening_picker::OpeningPicker;
use super::components::rating_window::RatingWindow;
use super::components::recent::RecentWindow;
use super::components::records::{FilesState, RecordsWindow};
use super::components::side_panel::SidePanel;
use super::components::status_bar::StatusBar;
use super::components::toast::ToastArea;
use super::components::tournament::TournamentWindow;
use super::components::watch_window::WatchWindow;
use super::editor::{SetupProblem, Tool};
use super::engine_client::{ClientEvent, EngineClient, Lane};
use super::engine_words;
use super::file_picker::{FileDialogs, NativePicker, NoPicker};
use super::fonts;
use super::game_scope::GameScope;
use super::geometry::BoardGeometry;
use super::io::{Io, EXIT_WAIT};
use super::layout;
use super::lessons::{LessonPlay, Lessons};
use super::library::{learnt_verdict, LibraryNews, LibraryState};
use super::library_worker::{LibraryJob, OpenProblem};
use super::palette::Palette;
use super::persist::{Persist, Restored};
use super::puzzles::{Puzzles, SavedPuzzles, Verdict as PuzzleVerdict};
use super::rating::Ratings;
use super::recent::{RecentGame, RecentGames};
use super::records;
use super::session::{Session, APP_HASH_MB};
use super::settings::{AppSettings, Theme, WindowGeometry};
use super::training_wheels::{TrainingWheels, Verdict as WheelsVerdict};
use super::view::View;
use crate::engine::{Candidate, Limits, SearchParams};
use crate::gomocup::EngineDescriptor;
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::lesson::SavedLessons;
use crate::library::export::MAX_EXPORT_NODES;
use crate::play::Table;
use crate::rating::{Ladder, Rated, RatingBook};
use crate::rules::opening::Opening;
use crate::rules::{GameModel, GameSettings, Point, Rule, Stone};
use crate::sound::Cue;
use crate::storage::LIBRARY_FILE;
use eframe::egui::{self, Context, Ui};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long a refused click stays ringed.
pub(super) const REFUSED_FLASH: Duration = Duration::from_millis(450);

/// How long a message stays in the status bar.
pub(super) const STATUS_TIME: Duration = Duration::from_secs(6);

/// How long an engine's failure stays in the status bar once that engine
/// answers again: long enough to be read, not the whole [`STATUS_TIME`].
pub(super) const FAILURE_READ_TIME: Duration = Duration::from_secs(2);

/// Frame interval while something moves on screen (the thinking
/// spinner, a fading ring). Engine replies wake the window by
/// themselves; this only keeps the animation going.
const ANIMATION_FRAME: Duration = Duration::from_millis(50);

/// Frame interval while a game clock runs: the tenths of its last ten
/// seconds change this often, and a flag is seen within it.
const CLOCK_FRAME: Duration = Duration::from_millis(100);

/// Engine table sizes in tests: small, so many apps can run at once.
const TEST_TABLES_MB: [usize; 3] = [8; 3];

/// The real app's table sizes for the game, analysis and review lanes.
const APP_TABLES_MB: [usize; 3] = [APP_HASH_MB, ANALYSIS_HASH_MB, REVIEW_HASH_MB];

/// Fixed, seeded, shallow searches: the same reply on every run.
fn test_params() -> SearchParams {
    SearchParams {
        eval: crate::engine::Evaluator::Classical,
        persona: None,
        book: false,
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
    /// A foreign engine's command line to start a new game against
    /// (`gomoku --opponent`), probed before the window opens.
    pub opponent: Option<String>,
}

/// The Gomoku desktop app.
pub struct GomokuApp {
    pub(super) settings: AppSettings,
    /// The one way to the engines: the game's AI, analysis and review.
    pub(super) engine: EngineClient,
    pub(super) session: Session,
    /// The game on the board's identity and what was learnt about it.
    pub(super) scope: GameScope,
    /// Analysis mode and the review pass.
    pub(super) analysis: Analysis,
    pub(super) audio: Audio,
    /// All file I/O once the window is open: saves of settings and
    /// games, and record files (saves are dropped in tests that keep no
    /// files; records work everywhere).
    pub(super) io: Io,
    /// Finished and replaced games.
    pub(super) recent: RecentGames,
    /// Puzzle mode: the sets, the player's progress and own puzzles, and
    /// the try on the board while in it.
    pub(super) puzzles: Puzzles,
    /// Lesson mode: the lessons, the player's progress, and the exercise
    /// on the board while in it.
    pub(super) lessons: Lessons,
    /// The player's rating and rated games, and the measured ladder.
    pub(super) ratings: Ratings,
    /// True while a settings change (a dragged slider) is not yet saved.
    pub(super) settings_unsaved: bool,
    palette: Palette,
    applied_theme: Option<Theme>,
    board: BoardInput,
    pub(super) refused: Option<(Point, Instant)>,
    pub(super) status: Option<(String, Instant)>,
    /// The engine failure the status bar tells, with the lane whose
    /// engine failed: the words go once that engine answers again.
    pub(super) engine_trouble: Option<(Lane, String)>,
    /// The native open/save dialogs.
    pub(super) files: FileDialogs,
    /// A failed save is reported once, not after every move.
    pub(super) save_failure_reported: bool,
    /// Black's forbidden points under Renju, for the position with this
    /// hash (worked out once per position, not every frame).
    forbidden: Option<((u64, Rule, bool), Vec<Point>)>,
    /// The language used while the player has not chosen one.
    system_language: Lang,
    /// Whether the CJK font has been handed to egui.
    fonts_installed: bool,
    /// The language the window title was last set in.
    titled_in: Option<Lang>,
    // The components.
    menu: MenuBar,
    pub(super) side: SidePanel,
    status_bar: StatusBar,
    pub(super) help: HelpWindows,
    pub(super) notice: Notice,
    pub(super) confirm: ConfirmResign,
    /// The training wheels' question about a move against the AI.
    pub(super) blunder_confirm: BlunderConfirm,
    /// The training wheels' check of the player's click.
    pub(super) wheels: TrainingWheels,
    pub(super) toast: ToastArea,
    pub(super) recent_window: RecentWindow,
    /// The "Your rating" window.
    pub(super) rating_window: RatingWindow,
    /// The "New game from opening…" window.
    pub(super) opening_picker: OpeningPicker,
    pub(super) records: RecordsWindow,
    pub(super) engines_window: EnginesWindow,
    pub(super) watch_window: WatchWindow,
    /// Tournaments of engines, and the one running.
    pub(super) tournaments: TournamentWindow,
    /// The position library on its thread, and what the explorer shows.
    pub(super) library: LibraryState,
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
        GomokuApp::restore(
            Persist::open_default(),
            &launch,
            Audio::open(),
            APP_TABLES_MB,
        )
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
            TEST_TABLES_MB,
        );
        app.files = FileDialogs::new(Arc::new(NoPicker));
        app.set_search_params(Some(test_params()));
        app
    }

    fn restore(
        persist: Option<Persist>,
        launch: &Launch,
        audio: Audio,
        tables_mb: [usize; 3],
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
        let puzzles = match persist.as_ref().map(|p| p.load_puzzles(tr)) {
            Some(Restored::Loaded(p)) => p,
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                SavedPuzzles::default()
            }
            _ => SavedPuzzles::default(),
        };
        let lessons = match persist.as_ref().map(|p| p.load_lessons(tr)) {
            Some(Restored::Loaded(l)) => l,
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                SavedLessons::default()
            }
            _ => SavedLessons::default(),
        };
        let rating = match persist.as_ref().map(|p| p.load_rating(tr)) {
            Some(Restored::Loaded(r)) => r,
            Some(Restored::Corrupt { message }) => {
                notices.push(message);
                RatingBook::default()
            }
            _ => RatingBook::default(),
        };
        // The saved game's review comes back with it. A review file that
        // cannot be read is kept aside by the storage layer; losing a
        // review is not worth a message.
        let review = match (&game, persist.as_ref().map(|p| p.load_review(tr))) {
            (Some(_), Some(Restored::Loaded(r))) => Some(ReviewResults::from_saved(&r)),
            _ => None,
        };
        let data = persist.as_ref().and_then(Persist::dir);
        let library = data.as_ref().map(|d| d.join(LIBRARY_FILE));
        let io = Io::spawn(persist, None);
        let resumed = game.is_some();
        let mut app = GomokuApp::build(settings, game, audio, io, tables_mb, library);
        app.tournaments = TournamentWindow::new(data);
        if let Some(review) = review {
            app.scope.review = review;
        }
        app.recent = recent;
        app.puzzles = Puzzles::new(puzzles);
        app.lessons = Lessons::new(lessons);
        app.ratings = Ratings::new(rating);
        // The game on the board stands with the rating as it did when the
        // app closed; a game the app has just set up begins afresh.
        if resumed {
            let rated = app
                .ratings
                .restored(app.session.table(), app.session.level());
            app.set_rated(rated);
        } else {
            app.begin_rating();
        }
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
        if let Some(command) = &launch.opponent {
            if let Err(e) = app.play_against_command(command) {
                notices.push(e);
            }
        }
        if !notices.is_empty() {
            app.notice.text = Some(notices.join("\n\n"));
        }
        app
    }

    /// An app for tests: no files, no sound, and fixed, seeded, shallow
    /// searches so the AI's replies are the same on every run.
    #[must_use]
    pub fn new_for_test(settings: AppSettings) -> GomokuApp {
        let io = Io::spawn(None, None);
        let mut app = GomokuApp::build(settings, None, Audio::silent(), io, TEST_TABLES_MB, None);
        app.files = FileDialogs::new(Arc::new(NoPicker));
        app.set_search_params(Some(test_params()));
        app.begin_rating();
        app
    }

    fn build(
        settings: AppSettings,
        table: Option<Table>,
        audio: Audio,
        io: Io,
        tables_mb: [usize; 3],
        library: Option<PathBuf>,
    ) -> GomokuApp {
        let settings = settings.sanitised();
        let table = table.unwrap_or_else(|| {
            let game = GameModel::new(settings.game_settings())
                .unwrap_or_else(|_| GameModel::new(GameSettings::default()).expect("defaults"));
            let opening = Opening::new(settings.opening_rule, game.size(), game.rule());
            let table = Table::new(game, settings.mode);
            let table = match settings.game_clock() {
                Some(clock) => table.with_clock(clock),
                None => table,
            };
            match opening {
                Ok(o) => table.with_opening(o),
                Err(_) => table,
            }
        });
        let mut app = GomokuApp {
            palette: Palette::for_theme(settings.theme),
            engine: EngineClient::new(tables_mb),
            session: Session::new(table, settings.level),
            scope: GameScope::fresh(),
            analysis: Analysis::default(),
            settings,
            audio,
            io,
            recent: RecentGames::default(),
            puzzles: Puzzles::default(),
            lessons: Lessons::default(),
            ratings: Ratings::default(),
            settings_unsaved: false,
            applied_theme: None,
            board: BoardInput::default(),
            refused: None,
            status: None,
            engine_trouble: None,
            files: FileDialogs::new(Arc::new(NativePicker::new())),
            save_failure_reported: false,
            forbidden: None,
            system_language: Lang::English,
            fonts_installed: false,
            titled_in: None,
            menu: MenuBar,
            side: SidePanel::default(),
            status_bar: StatusBar,
            help: HelpWindows::default(),
            notice: Notice::default(),
            confirm: ConfirmResign::default(),
            blunder_confirm: BlunderConfirm::default(),
            wheels: TrainingWheels::spawn(),
            toast: ToastArea::default(),
            recent_window: RecentWindow::default(),
            rating_window: RatingWindow::default(),
            opening_picker: OpeningPicker::default(),
            records: RecordsWindow::default(),
            engines_window: EnginesWindow::default(),
            watch_window: WatchWindow::default(),
            tournaments: TournamentWindow::new(None),
            library: LibraryState::open(library),
        };
        app.audio.configure(app.settings.sound, app.settings.volume);
        // The analysing engine and a restored game's engines, as chosen.
        let analyst = app.settings.analysis_engine.as_ref().and_then(|spec| {
            app.settings
                .engines
                .iter()
                .find(|e| e.spec == *spec)
                .cloned()
        });
        app.use_analysis_engine(analyst);
        if app.session.table().is_watch() {
            app.watch_lanes(&app.settings.watch.clone());
        }
        app
    }

    // ---- what the app shows of itself (tests read these) ---------------

    /// The game on the board.
    #[must_use]
    pub fn game(&self) -> &GameModel {
        self.session.game()
    }

    /// True while the AI decides in the opening.
    #[must_use]
    pub fn session_ai_deciding(&self) -> bool {
        self.session.ai_deciding()
    }

    /// What the position library knows of the shown position, once the
    /// library's thread has answered (the explorer must be on).
    #[must_use]
    pub fn library_entry(&self) -> Option<&crate::library::Entry> {
        self.library.entry_for(self.session.game())
    }

    /// True while an import into the library runs.
    #[must_use]
    pub fn library_importing(&self) -> bool {
        self.library.progress().is_some()
    }

    /// The puzzle try on the board, in puzzle mode.
    #[must_use]
    pub fn puzzle_attempt(&self) -> Option<&crate::puzzle::Attempt> {
        self.puzzles.play.as_ref().map(|p| &p.attempt)
    }

    /// The exercise on the board in lesson mode: its try.
    #[must_use]
    pub fn lesson_try(&self) -> Option<&crate::lesson::Try> {
        self.lessons.play.as_ref().map(|p| &p.attempt)
    }

    /// The lesson and exercise on the board (indices), in lesson mode.
    #[must_use]
    pub fn lesson_at(&self) -> Option<(usize, usize)> {
        self.lessons.play.as_ref().map(|p| (p.lesson, p.exercise))
    }

    /// True while the lesson coach is at work on the exercise on the
    /// board.
    #[must_use]
    pub fn lesson_judging(&self) -> bool {
        self.lessons
            .play
            .as_ref()
            .is_some_and(LessonPlay::is_judging)
    }

    /// The point a lesson marks ("Show me", or the forbidden point found)
    /// and its grey stones (why a move was wrong).
    #[must_use]
    pub fn lesson_marks(&self) -> (Option<Point>, &[(Point, Stone)]) {
        self.lessons
            .play
            .as_ref()
            .map_or((None, &[]), |p| (p.marked, p.ghosts.as_slice()))
    }

    /// The player's rating and rated games, as saved.
    #[must_use]
    pub fn rating_book(&self) -> &RatingBook {
        &self.ratings.book
    }

    /// Where the game on the board stands with the rating.
    #[must_use]
    pub fn rated(&self) -> &Rated {
        &self.scope.rated
    }

    /// Rates games against `ladder` instead of the engine's measured one
    /// (tests, while levels have no measured rating or to fix the
    /// numbers). The game on the board begins again with the rating if it
    /// has no move yet.
    pub fn set_ladder_for_test(&mut self, ladder: Ladder) {
        self.ratings.ladder = ladder;
        if self.session.game().moves().is_empty() {
            self.begin_rating();
        }
    }

    /// True while the "Your rating" window shows.
    #[must_use]
    pub fn rating_window_open(&self) -> bool {
        self.rating_window.open
    }

    /// The exercises done in the lessons, as saved.
    #[must_use]
    pub fn saved_lessons(&self) -> &SavedLessons {
        &self.lessons.saved
    }

    /// The grey stones of a puzzle's refutation or solution.
    #[must_use]
    pub fn puzzle_ghosts(&self) -> &[(Point, Stone)] {
        self.puzzles
            .play
            .as_ref()
            .map_or(&[], |p| p.ghosts.as_slice())
    }

    /// True while the puzzle judge is at work on the try on the board.
    #[must_use]
    pub fn puzzle_judging(&self) -> bool {
        self.puzzles.play.as_ref().is_some_and(|p| p.is_judging())
    }

    /// The puzzles found in the player's own games.
    #[must_use]
    pub fn personal_puzzles(&self) -> &crate::puzzle::personal::PersonalList {
        &self.puzzles.saved.personal
    }

    /// True while a finished game is searched for personal puzzles.
    #[must_use]
    pub fn searching_personal_puzzles(&self) -> bool {
        self.puzzles.searching()
    }

    /// The task of the puzzle on the board in the app's language ("Black
    /// to play and win by continuous fours (VCF)"), if one is.
    #[must_use]
    pub fn puzzle_task(&self) -> Option<String> {
        Some(self.puzzles.play.as_ref()?.task(self.tr()))
    }

    /// Puzzle progress and the player's own puzzles, as saved.
    #[must_use]
    pub fn saved_puzzles(&self) -> &SavedPuzzles {
        &self.puzzles.saved
    }

    /// Black's forbidden points the board marks (those of the shown
    /// position, the puzzle's in puzzle mode, while it takes a move), as
    /// of the last frame; the editor marks its own.
    #[must_use]
    pub fn forbidden_shown(&self) -> &[Point] {
        let accepts_moves = match (self.lessons.play.as_ref(), self.puzzles.play.as_ref()) {
            (Some(l), _) => l.accepts_moves() && l.marks_forbidden(),
            (None, Some(p)) => p.accepts_moves(),
            (None, None) => self.side.editor.editor.is_none() && self.session.is_human_turn(),
        };
        match &self.forbidden {
            Some((_, points)) if accepts_moves => points,
            _ => &[],
        }
    }

    /// The name of the foreign engine backing `lane`, `None` for the
    /// built-in one.
    #[must_use]
    pub fn engine_name(&self, lane: Lane) -> Option<String> {
        self.engine.engine(lane).map(EngineDescriptor::name)
    }

    /// The game on the board and its players.
    #[must_use]
    pub fn table(&self) -> &Table {
        self.session.table()
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
        self.toast.toast.as_ref().map(|t| t.text.as_str())
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

    /// The message window's text, if it is open.
    #[must_use]
    pub fn notice(&self) -> Option<&str> {
        self.notice.text.as_deref()
    }

    /// True while analysis mode is on.
    #[must_use]
    pub fn analysis_on(&self) -> bool {
        self.analysis.on
    }

    /// The candidates found so far for the shown position, best first.
    #[must_use]
    pub fn analysis_candidates(&self) -> &[Candidate] {
        self.analysis.runner.candidates()
    }

    /// True while the analysis engine is thinking.
    #[must_use]
    pub fn analysis_searching(&self) -> bool {
        self.analysis.runner.searching()
    }

    /// Where the evaluation graph was drawn in the last frame, if it was
    /// (tests click it).
    #[must_use]
    pub fn evaluation_graph_rect(&self) -> Option<egui::Rect> {
        self.side.analysis.graph_rect
    }

    /// True while the review searches.
    #[must_use]
    pub fn review_running(&self) -> bool {
        self.analysis.review.running()
    }

    /// Review searches finished since the app started.
    #[must_use]
    pub fn review_searches(&self) -> usize {
        self.analysis.review.searched()
    }

    /// Whether a file dialog is open and not yet answered.
    #[must_use]
    pub fn is_choosing_file(&self) -> bool {
        self.files.is_open()
    }

    /// The error shown in the records window, if it is open with one.
    #[must_use]
    pub fn record_error(&self) -> Option<&str> {
        self.records.error()
    }

    /// True while a position is being edited.
    #[must_use]
    pub fn is_editing(&self) -> bool {
        self.side.editor.editor.is_some()
    }

    /// What to play in the next tournament the Tournaments window starts
    /// (tests set it as the window's fields would).
    pub fn tournament_plan_mut(&mut self) -> &mut super::TournamentPlan {
        &mut self.tournaments.plan
    }

    /// What the tournament's thread reported last: standings, finished
    /// games, where the run is.
    #[must_use]
    pub fn tournament(&self) -> super::TournamentLive {
        self.tournaments.runner.live()
    }

    /// True while a tournament's games are played or ending.
    #[must_use]
    pub fn tournament_busy(&self) -> bool {
        self.tournaments.runner.busy()
    }

    /// True while the resignation question shows.
    #[must_use]
    pub fn is_asking_to_resign(&self) -> bool {
        self.confirm.open
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

    /// Takes in what the engines sent, each lane to its user.
    /// Takes in the puzzle judge's answers; saves progress that changed
    /// and tells of puzzles found in a finished game.
    fn poll_puzzles(&mut self) {
        self.puzzles.poll();
        if let Some(n) = self.puzzles.take_found().filter(|&n| n > 0) {
            self.say(self.tr().f(Msg::PuzzleFound, &[("count", &n)]));
        }
        if self.puzzles.take_dirty() {
            self.save_puzzles();
        }
    }

    /// The library's answers in words, its explorer kept on the shown
    /// position, and the live analysis's verdict learnt.
    fn poll_library(&mut self) {
        let tr = self.tr();
        for news in self.library.poll() {
            match news {
                LibraryNews::Opened(problem) => {
                    match problem {
                        // As with every damaged file: a notice says where
                        // it went.
                        OpenProblem::SetAside { error, kept_as } => {
                            let what = tr.s(Msg::LibraryFile);
                            let text = phrases::corrupt_file(tr, what, &error, kept_as.as_deref());
                            self.tell(text);
                        }
                        // As with a folder that cannot be written: the
                        // game goes on, the status bar says why.
                        OpenProblem::Unavailable(error) => {
                            self.say(tr.f(Msg::LibraryUnavailable, &[("error", &error)]));
                        }
                    }
                }
                LibraryNews::Imported(report) => {
                    let args: [(&str, &dyn std::fmt::Display); 3] = [
                        ("games", &report.games),
                        ("files", &report.files),
                        ("dupes", &report.duplicates),
                    ];
                    let done = if report.cancelled {
                        tr.f(Msg::LibraryImportStopped, &args)
                    } else {
                        tr.f(Msg::LibraryImported, &args)
                    };
                    if report.errors.is_empty() {
                        self.say(done);
                    } else {
                        let mut text = format!("{done}\n\n{}", tr.s(Msg::LibraryImportErrors));
                        for e in &report.errors {
                            let error = phrases::library_failure(tr, &e.failure);
                            let file = e.file.display();
                            text.push('\n');
                            text.push_str(
                                &tr.f(Msg::LibraryFileError, &[("file", &file), ("error", &error)]),
                            );
                        }
                        self.tell(text);
                    }
                }
                LibraryNews::Exported(path, Ok(cut)) => {
                    let path = path.display();
                    let text = if cut {
                        tr.f(
                            Msg::LibraryExportedCut,
                            &[("path", &path), ("max", &MAX_EXPORT_NODES)],
                        )
                    } else {
                        tr.f(Msg::LibraryExported, &[("path", &path)])
                    };
                    self.say(text);
                }
                LibraryNews::Exported(_, Err(error)) => {
                    self.tell(tr.f(Msg::LibraryExportFailed, &[("error", &error)]));
                }
                LibraryNews::Failed(error) => {
                    self.say(tr.f(Msg::LibraryFailed, &[("error", &error)]));
                }
            }
        }
        let game = self.session.game();
        if self.settings.library_learns {
            let runner = &self.analysis.runner;
            let engine = self.engine.engine(Lane::Analysis);
            let verdict = runner
                .candidates()
                .first()
                .filter(|_| self.analysis.on)
                .and_then(|c| learnt_verdict(engine, runner.depth(), c.score, &c.pv));
            self.library.analysis_seen(game, verdict);
        }
        if self.settings.explorer && self.puzzles.play.is_none() {
            self.library.follow(self.session.game());
        }
    }

    /// A notice the player closes (added to one already open).
    fn tell(&mut self, text: String) {
        self.notice.text = Some(match self.notice.text.take() {
            Some(old) => format!("{old}\n\n{text}"),
            None => text,
        });
    }

    /// Takes in the lesson coach's answers; saves progress that changed.
    fn poll_lessons(&mut self) {
        self.lessons.poll();
        if self.lessons.take_dirty() {
            self.save_lessons();
        }
    }

    /// Takes in the training wheels' verdict on a held click: a sound
    /// move is played, a blunder questioned.
    fn poll_wheels(&mut self) {
        match self.wheels.poll(self.session.game().position_hash()) {
            Some(WheelsVerdict::Play(p)) => self.play_click(p),
            Some(WheelsVerdict::Question(mv, side, blunder)) => {
                self.blunder_confirm.question = Some(Question { mv, side, blunder });
            }
            None => {}
        }
    }

    /// The move the training wheels hold or question, as a grey stone.
    fn wheels_ghost(&self) -> Option<(Point, Stone)> {
        if let Some(q) = &self.blunder_confirm.question {
            return Some((q.mv, q.side));
        }
        self.wheels.held().map(|h| (h.mv, h.side))
    }

    /// The training wheels' question, while it is asked, in the app's
    /// language.
    #[must_use]
    pub fn training_wheels_question(&self) -> Option<String> {
        let q = self.blunder_confirm.question.as_ref()?;
        Some(super::components::blunder_confirm::question_text(
            self.tr(),
            q,
            self.session.game().size(),
        ))
    }

    /// True while the training wheels check a click (tests wait for it).
    #[must_use]
    pub fn training_wheels_checking(&self) -> bool {
        self.wheels.held().is_some()
    }

    /// The game the board shows: a lesson's exercise, a puzzle, or the
    /// game itself.
    fn shown_game(&self) -> &GameModel {
        match (self.lessons.play.as_ref(), self.puzzles.play.as_ref()) {
            (Some(l), _) => &l.game,
            (None, Some(p)) => &p.game,
            (None, None) => self.session.game(),
        }
    }

    fn poll_engine(&mut self) {
        for event in self.engine.poll() {
            if matches!(event, ClientEvent::Info { .. } | ClientEvent::Done { .. }) {
                self.engine_answered(event.lane());
            }
            match event.lane() {
                Lane::Game | Lane::Opponent => self.session.handle(&mut self.engine, event),
                Lane::Analysis => {
                    if let ClientEvent::Failed {
                        reason: Some(f),
                        restarted,
                        ..
                    } = &event
                    {
                        // A foreign analysing engine's failure, in words.
                        let text = engine_words::failure_text(self.tr(), f, *restarted);
                        self.say_engine_failure(Lane::Analysis, text);
                    }
                    self.analysis.runner.handle(event);
                }
                Lane::Review => {
                    let found = self.analysis.review.handle(
                        &mut self.engine,
                        event,
                        &mut self.scope.review,
                    );
                    if let Some(found) = found {
                        self.save_review();
                        self.learn_reviewed(found);
                    }
                }
            }
        }
        if self.analysis.on {
            let n = self.settings.analysis_candidates;
            self.analysis
                .runner
                .follow(&mut self.engine, self.session.game(), n);
        }
    }

    /// A position the review searched, its verdict into the library (when
    /// the library learns, and the search went deep enough to say much).
    fn learn_reviewed(&mut self, found: Searched) {
        if !self.settings.library_learns {
            return;
        }
        let engine = self.engine.engine(Lane::Review);
        if let Some(v) = learnt_verdict(engine, found.depth, found.score, &found.line) {
            let pos = crate::library::Position {
                board: found.position.board,
                to_move: found.position.to_move,
                rule: found.position.rule,
            };
            self.library.send(LibraryJob::Verdict(pos, v));
        }
    }

    /// Tells an engine's failure on `lane` in the status bar, until that
    /// engine answers again (or the words time out, or others replace
    /// them).
    pub(super) fn say_engine_failure(&mut self, lane: Lane, text: String) {
        self.say(text.clone());
        self.engine_trouble = Some((lane, text));
    }

    /// The engine on `lane` answered: a failure of its told in the status
    /// bar is over, so the words go. The two lanes of the game (its AI,
    /// or the two engines of a watched game) count as one.
    fn engine_answered(&mut self, lane: Lane) {
        let game = |l: Lane| matches!(l, Lane::Game | Lane::Opponent);
        let Some((failed, text)) = &self.engine_trouble else {
            return;
        };
        if *failed != lane && !(game(*failed) && game(lane)) {
            return;
        }
        if let Some((shown, at)) = &mut self.status {
            if shown == text {
                // Gone once it has been readable for a moment: the game's
                // AI answers within a frame of its restart, and the words
                // would never be seen.
                *at = at
                    .checked_sub(STATUS_TIME - FAILURE_READ_TIME)
                    .unwrap_or(*at);
            }
        }
        self.engine_trouble = None;
    }

    fn update_forbidden(&mut self) {
        // A puzzle's board has its own rule: a Renju puzzle shows Black's
        // forbidden points even when the game is freestyle.
        let game = self.shown_game();
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

    /// One frame: engine replies, keys, components, the board, then the
    /// actions the player took, applied in one place.
    pub fn frame(&mut self, ui: &mut Ui) {
        let ctx = ui.ctx().clone();
        if !self.engine.has_waker() {
            // The first frame: from now on every engine reply and every
            // file job done wakes the window, and only now may the AI
            // start on a restored game.
            let waker = ctx.clone();
            self.engine
                .set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.io.set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.session
                .set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.puzzles
                .worker()
                .set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.library
                .set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.lessons
                .worker()
                .set_waker(Arc::new(move || waker.request_repaint()));
            let waker = ctx.clone();
            self.wheels
                .set_waker(Arc::new(move || waker.request_repaint()));
            // Against the AI, its engine sets up now, in the background,
            // rather than on the first move it is asked for.
            if self.session.mode().is_vs_ai() {
                self.engine.prepare(Lane::Game);
            }
            self.session.resume(&mut self.engine);
        }
        self.apply_theme(&ctx);
        self.apply_language(&ctx);
        self.poll_engine();
        // The level and the switch live in the settings; the session
        // only starts or stops its ponder search when they change. Live
        // analysis has the cores to itself.
        let ponder = self.settings.ponder.enabled(self.settings.level) && !self.analysis.on;
        self.session.set_ponder(&mut self.engine, ponder);
        // In puzzle mode the game waits underneath, its clock too.
        let away = self.puzzles.play.is_some() || self.lessons.play.is_some();
        self.session.hold_clock(&mut self.engine, away);
        self.session.tick_clock(&mut self.engine);
        self.session.poll_opening(&mut self.engine);
        self.poll_puzzles();
        self.poll_library();
        self.poll_lessons();
        self.poll_wheels();
        self.update_forbidden();
        let mut actions = Vec::new();
        menu_bar::keys(&ctx, self.is_editing(), &mut actions);

        self.draw(ui, &ctx, &mut actions);
        for action in actions {
            self.apply(action, &ctx);
        }
        self.after_frame(&ctx);
    }

    fn draw(&mut self, ui: &mut Ui, ctx: &Context, actions: &mut Vec<Action>) {
        let lesson = self.lessons.play.as_ref();
        // A lesson takes the board from a puzzle, as a puzzle from the game.
        let puzzle = self.puzzles.play.as_ref().filter(|_| lesson.is_none());
        // In puzzle and lesson mode the board shows the exercise; the game
        // waits.
        let game = match (lesson, puzzle) {
            (Some(l), _) => &l.game,
            (None, Some(p)) => &p.game,
            (None, None) => self.session.game(),
        };
        let away = lesson.is_some() || puzzle.is_some();
        // The review section shows once the review has found anything or
        // is running, for this game only.
        let reviewed = !away && (!self.scope.review.is_empty() || self.analysis.review.running());
        if reviewed {
            self.scope.review.report(game);
        }
        let running = self.analysis.review.running();
        let report = self
            .scope
            .review
            .last_report()
            .filter(|r| reviewed && (running || r.searched > 0));
        let status = self.status.as_ref().map(|(s, _)| s.as_str());
        let view = View {
            tr: self.tr(),
            game,
            session: &self.session,
            settings: &self.settings,
            palette: &self.palette,
            analysis: &self.analysis,
            report,
            audio_available: self.audio.is_available(),
            hovered: self.board.hovered,
            puzzles: &self.puzzles,
            lessons: &self.lessons,
            status,
            opponent: self.engine.engine(Lane::Game).map(EngineDescriptor::name),
            analyst: self
                .engine
                .engine(Lane::Analysis)
                .map(EngineDescriptor::name),
            toast: self.toast.toast.is_some(),
            library: &self.library,
            rating: &self.ratings,
            rated: &self.scope.rated,
        };
        let window_width = ui.available_width();
        let drawer = layout::is_drawer(window_width).then_some(self.side.drawer_open);
        egui::Panel::top("menu").show(ui, |ui| self.menu.ui(ui, &view, drawer, actions));
        egui::Panel::bottom("status").show(ui, |ui| self.status_bar.ui(ui, &view));
        let area = ui.available_rect_before_wrap();
        self.side.show(ui, &view, actions);

        let refused = self.refused.and_then(|(p, t)| {
            let age = t.elapsed();
            (age < REFUSED_FLASH)
                .then(|| (p, 1.0 - age.as_secs_f32() / REFUSED_FLASH.as_secs_f32()))
        });
        let editor = self.side.editor.editor.as_ref();
        let wheels_ghost: Vec<(Point, Stone)> = self.wheels_ghost().into_iter().collect();
        let accepts_moves = match (lesson, puzzle) {
            (Some(l), _) => l.accepts_moves(),
            (None, Some(p)) => p.accepts_moves(),
            (None, None) => {
                editor.is_none() && self.session.is_human_turn() && wheels_ghost.is_empty()
            }
        };
        let overlay = analysis::overlay(&self.analysis, game, report, self.side.analysis.hovered)
            .filter(|_| !away);
        let forbidden = match editor {
            Some(editor) => editor.forbidden(),
            None => self.forbidden_shown(),
        };
        let editing = editor.map(|e| Editing {
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
        // The library's labels show with the explorer, on the game's own
        // board (not an exercise's, not the editor's); while the explorer
        // edits them, a click on the board is a label, not a move.
        let explored = self.settings.explorer && !away && editor.is_none();
        let labels = self
            .library
            .entry_for(game)
            .filter(|_| explored)
            .map_or(&[][..], |e| e.marks.labels());
        let labelling = explored && self.side.explorer.labelling();
        let frame = egui::Frame::central_panel(ui.style()).inner_margin(8.0);
        let input = egui::CentralPanel::default()
            .frame(frame)
            .show(ui, |ui| {
                BoardView {
                    game,
                    palette: &self.palette,
                    move_numbers: self.settings.move_numbers,
                    coordinates: self.settings.coordinates,
                    hint: match (lesson, puzzle) {
                        // "Show me" and a forbidden point found are marked.
                        (Some(l), _) => l.marked,
                        // A puzzle hint's second step marks the move.
                        (None, Some(p)) => match p.verdict {
                            PuzzleVerdict::HintMove(at) => Some(at),
                            _ => None,
                        },
                        (None, None) => self.session.hint(),
                    },
                    accepts_moves,
                    forbidden,
                    refused,
                    label: view.tr.s(Msg::BoardLabel),
                    editing,
                    analysis: overlay.as_ref(),
                    ghosts: match (lesson, puzzle) {
                        (Some(l), _) => l.ghosts.as_slice(),
                        (None, Some(p)) => p.ghosts.as_slice(),
                        (None, None) => wheels_ghost.as_slice(),
                    },
                    marks: match (away, self.session.table().opening()) {
                        (false, Some(o)) if self.session.table().in_opening() => o.offers(),
                        _ => &[],
                    },
                    area: puzzle.and_then(|p| p.area).filter(|_| lesson.is_none()),
                    labels,
                    labelling,
                }
                .show(ui)
            })
            .inner;
        if let Some(at) = input.clicked {
            // With the drawer open, a click on the board beside it closes
            // it: the player's hand was not on a point yet.
            if drawer == Some(true) {
                actions.push(Action::ToggleDrawer);
            } else if labelling {
                actions.extend(at.map(Action::LibraryLabel));
            } else {
                actions.push(Action::ClickBoard(at));
            }
        }
        if let Some(p) = input.secondary {
            actions.push(Action::SecondaryClick(p));
        }
        self.help.show(ctx, area, &view);
        self.recent_window
            .show(ctx, area, &view, &self.recent, actions);
        self.rating_window.show(ctx, area, &view, actions);
        let files = FilesState {
            dialogs_available: self.files.available(),
            dialog_open: self.files.is_open(),
            waiting_for: self.io.waiting_for(),
        };
        self.records.show(ctx, area, &view, files, actions);
        self.engines_window.show(ctx, area, &view, actions);
        self.watch_window.show(ctx, area, &view, actions);
        self.tournaments.show(ctx, area, &view, actions);
        self.opening_picker.show(ctx, area, &view, actions);
        self.confirm.show(ctx, &view, actions);
        self.blunder_confirm.show(ctx, &view, actions);
        self.toast.show(ctx, &view, actions);
        self.notice.show(ctx, &view);
        self.board = input;
    }

    /// After the actions: sounds and messages for what happened, saves,
    /// and when the next frame is needed.
    fn after_frame(&mut self, ctx: &Context) {
        self.poll_file_dialog();
        self.take_record_replies();
        self.handle_session_events();
        self.report_saves();
        self.remember_window(ctx);
        if self.settings_unsaved && !ctx.input(|i| i.pointer.any_down()) {
            self.save_settings();
        }
        let refused_fresh = self
            .refused
            .is_some_and(|(_, t)| t.elapsed() < REFUSED_FLASH);
        if self.session.thinking().is_some() || refused_fresh {
            ctx.request_repaint_after(ANIMATION_FRAME);
        }
        if self.session.clock_running() {
            ctx.request_repaint_after(CLOCK_FRAME);
        }
        if let Some((_, t)) = &self.status {
            match STATUS_TIME.checked_sub(t.elapsed()) {
                Some(left) => ctx.request_repaint_after(left),
                None => self.status = None,
            }
        }
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
}

impl eframe::App for GomokuApp {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        self.frame(ui);
    }

    fn on_exit(&mut self) {
        self.save_all();
    }
}
