//! What the player's actions do: [`GomokuApp::apply`] is the one place
//! where the panels', menus' and keys' actions change the app, and the
//! public methods here are the same actions for code and tests.

use super::action::{Action, LessonAction, PuzzleAction, WatchControl, WindowKind};
use super::analysis::MoveReview;
use super::audio::cue_for;
use super::components::toast::Replaced;
use super::editor::Editor;
use super::engine_client::Lane;
use super::engine_words;
use super::file_picker::{
    DialogWords, FileDialogs, FilePicker, NoDialog, PickPurpose, PickRequest, Picked,
};
use super::game_scope::GameScope;
use super::gomoku_app::GomokuApp;
use super::io::RecordDone;
use super::io::{Snapshot, EXIT_WAIT};
use super::library_worker::{ExportFormat, LibraryJob};
use super::puzzles::Source as PuzzleSource;
use super::rating::Ratings;
use super::records;
use super::session::SessionEvent;
use super::training_wheels::Job as TrainingJob;
use super::watch::{Player, WatchSetup};
use crate::engine::{Level, Limits, SearchParams};
use crate::gomocup::{split_command_line, EngineDescriptor, EngineError};
use crate::i18n::{phrases, Lang, Msg, Tr};
use crate::library::import::ImportOptions;
use crate::library::{GameResult, Position as LibraryPosition};
use crate::play::{Mode, Table};
use crate::rating::{Rated, Why};
use crate::rules::opening::{NamedOpening, Opening, OpeningRule};
use crate::rules::{GameError, GameModel, GameSettings, Outcome, Point, Stone};
use eframe::egui::{self, Context};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Instant, SystemTime};

impl GomokuApp {
    /// Applies one action of the player's.
    pub fn apply(&mut self, action: Action, ctx: &Context) {
        if action.is_about_the_game() {
            // A click held or questioned by the training wheels belongs
            // to the position it was made in.
            self.wheels.drop_held();
            self.blunder_confirm.question = None;
        }
        if self.lessons.play.is_some() {
            if action == Action::Hint {
                return self.lesson_action(LessonAction::ShowMe);
            }
            if action.is_about_the_game() {
                // The game comes back to the board for what follows.
                self.lessons.leave();
            }
        }
        if self.puzzles.play.is_some() {
            if action == Action::Hint {
                return self.puzzle_action(PuzzleAction::Hint);
            }
            if action.is_about_the_game() {
                // The game comes back to the board for what follows.
                self.puzzles.leave();
            }
        }
        match action {
            Action::NewGameVsAi(human) => self.new_game_vs_ai(human),
            Action::NewGameAgainst { engine, human } => self.new_game_against(engine, human),
            Action::NewTwoPlayer => self.new_two_player_game(),
            Action::NewGame if self.session.table().is_watch() => self.watch_again(),
            Action::NewGame => self.start_new_game(),
            Action::Restart if self.session.table().is_watch() => self.watch_again(),
            Action::Restart => self.restart(),
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Hint => self.hint(),
            Action::AskResign => {
                if !self.game().is_over() {
                    self.confirm.open = true;
                }
            }
            Action::Resign => self.resign(),
            Action::MoveNow => self.move_now(),
            Action::ClickBoard(Some(p)) if self.lessons.play.is_some() => {
                self.lessons.play_move(p);
            }
            Action::ClickBoard(_) if self.lessons.play.is_some() => {}
            Action::Lesson(action) => self.lesson_action(action),
            Action::PlayAnyway(p) => self.play_click(p),
            Action::ClickBoard(Some(p)) if self.puzzles.play.is_some() => {
                self.puzzles.play_move(p);
            }
            Action::ClickBoard(_) if self.puzzles.play.is_some() => {}
            Action::Puzzle(action) => self.puzzle_action(action),
            Action::NewGameFromOpening(o) => self.new_game_from_opening(o),
            Action::SetExplorer(on) => {
                // Labels are edited only while they show.
                self.side.explorer.set_labelling(false);
                self.settings.explorer = on;
                if on && !self.game().is_over() {
                    self.spoil_rating(Why::Explorer);
                }
                self.save_settings();
            }
            Action::SetLibraryLearns(on) => {
                self.settings.library_learns = on;
                self.save_settings();
            }
            Action::LibraryImport { folder } => {
                let purpose = if folder {
                    PickPurpose::LibraryImportFolder
                } else {
                    PickPurpose::LibraryImport
                };
                self.library_dialog(purpose, ctx);
            }
            Action::LibraryExport(format) => {
                self.library_dialog(PickPurpose::LibraryExport(format), ctx);
            }
            Action::CancelLibraryImport => self.library.cancel_import(),
            Action::LibraryComment(text) => {
                let pos = LibraryPosition::of_game(self.game());
                self.library.send(LibraryJob::Comment(pos, text));
            }
            Action::LibraryLabel(p) => {
                let pos = LibraryPosition::of_game(self.game());
                self.library.send(LibraryJob::Label(pos, p));
            }
            Action::LibraryMark(on) => {
                let game = self.game();
                let mut marks = self
                    .library
                    .entry_for(game)
                    .map(|e| e.marks.clone())
                    .unwrap_or_default();
                marks.marked = on;
                let pos = LibraryPosition::of_game(game);
                self.library.send(LibraryJob::Marks(pos, marks));
            }
            Action::Opening(decision) => {
                let _ = self.session.decide(&mut self.engine, decision);
            }
            Action::ClickBoard(at) => match &mut self.side.editor.editor {
                Some(editor) => {
                    if let Some(p) = at {
                        editor.click(p, false);
                    }
                }
                None => self.click_board(at),
            },
            Action::SecondaryClick(p) => {
                if let Some(editor) = &mut self.side.editor.editor {
                    editor.click(p, true);
                }
            }
            Action::GoToPly(ply) => self.go_to_ply(ply),
            Action::GoToNode(path) => self.go_to_node(&path),
            Action::StepBack => self.step_back(),
            Action::StepForward => self.step_forward(),
            Action::GoToStart => self.go_to_start(),
            Action::GoToEnd => self.go_to_end(),
            Action::ContinueHere => self.continue_from_here(),
            Action::PromoteVariation => self.promote_variation(),
            Action::DeleteVariation => self.delete_variation(),
            Action::SetAnalysis(on) => self.set_analysis(on),
            Action::ToggleAnalysis => self.toggle_analysis(),
            Action::SetCandidates(n) => {
                self.settings.analysis_candidates = n;
                self.save_settings();
            }
            Action::StartReview => self.start_review(),
            Action::CancelReview => self.cancel_review(),
            Action::SetLevel(level) => self.set_level(level),
            Action::Settings { settings, save } => {
                self.settings = *settings;
                self.audio
                    .configure(self.settings.sound, self.settings.volume);
                if save {
                    self.save_settings();
                } else {
                    self.settings_unsaved = true;
                }
            }
            Action::Open(kind) => match kind {
                WindowKind::HowToPlay => self.help.how_to_play = true,
                WindowKind::Shortcuts => self.help.shortcuts = true,
                WindowKind::About => self.help.about = true,
                WindowKind::Recent => self.recent_window.open = true,
                WindowKind::Records => self.records.open(),
                WindowKind::Engines => self.engines_window.open = true,
                WindowKind::Watch => self.watch_window.open = true,
                WindowKind::Tournaments => self.tournaments.open = true,
                WindowKind::OpeningPicker => self.opening_picker.open = true,
                WindowKind::Rating => self.rating_window.open = true,
            },
            Action::OpenRecord => self.file_dialog_or_window(PickPurpose::Open, ctx),
            Action::BrowseEngine => self.browse_engine(ctx),
            Action::SaveRecordAs => self.file_dialog_or_window(PickPurpose::Save, ctx),
            Action::RecordJob { purpose, path } => self.start_record_job(purpose, path),
            Action::Browse(purpose) => self.start_file_dialog(purpose, ctx),
            Action::StopWaitingForDialog => self.files.abandon(),
            Action::LoadGame(game) => {
                self.load_game(*game);
                self.say(self.tr().s(Msg::GameLoaded).to_string());
            }
            Action::OpenWatched(watched) => {
                let (table, engines) = *watched;
                self.open_watched(table, &engines);
            }
            Action::CopyPosition => self.copy_position(ctx),
            Action::Paste(text) => self.paste_position(&text),
            Action::OpenRecent(i) => self.open_recent(i),
            Action::UndoReplace => self.undo_replace(),
            Action::OpenEditor => self.open_editor(),
            Action::CancelEditor => self.cancel_editor(),
            Action::PlayFromEditor { analyse } => self.start_from_editor(analyse),
            Action::SetSideWidth(width) => {
                self.settings.side_width = width;
                self.save_settings();
            }
            Action::ToggleDrawer => self.side.drawer_open = !self.side.drawer_open,
            Action::Watch(setup) => self.watch_engines(setup),
            Action::WatchControl(control) => self.watch_control(control),
            Action::SetAnalysisEngine(index) => self.set_analysis_engine(index),
            Action::Quit => ctx.send_viewport_cmd(egui::ViewportCommand::Close),
            Action::PlayLevel(level) => {
                self.set_level(level);
                self.start_new_game();
            }
            Action::SetAdaptive(on) => self.set_adaptive(on),
            Action::ResetRating => self.reset_rating(),
            Action::WheelsTookBack => self.spoil_rating(Why::TrainingWheels),
        }
    }

    // ---- the game ------------------------------------------------------

    /// Uses `params` for every search instead of the level's (tests).
    pub fn set_search_params(&mut self, params: Option<SearchParams>) {
        self.session.set_params_override(params);
    }

    /// Holds engine replies unhandled while `held` (tests keep the AI's
    /// turn going with it).
    pub fn hold_engine_replies(&mut self, held: bool) {
        self.engine.hold(Lane::Game, held);
    }

    /// Makes the engine thread panic, as a bug in the search would
    /// (tests of the recovery).
    #[doc(hidden)]
    pub fn crash_engine_for_test(&mut self) {
        self.engine.crash_for_test(Lane::Game);
    }

    /// Switches the language at once and remembers the choice.
    pub fn set_language(&mut self, lang: Lang) {
        self.settings.language = Some(lang);
        self.save_settings();
    }

    /// A new game against the AI, the person playing `human`.
    pub fn new_game_vs_ai(&mut self, human: Stone) {
        // The built-in engine again, after games against another.
        if self.engine.engine(Lane::Game).is_some() {
            self.engine.set_engine(Lane::Game, None);
        }
        self.settings.mode = Mode::VsAi { human };
        self.start_new_game();
    }

    /// A new game against the foreign engine listed at `index` in the
    /// settings, the person playing `human`; nothing if there is none.
    /// Later new games of the same kind keep that opponent.
    pub fn new_game_against(&mut self, index: usize, human: Stone) {
        let Some(desc) = self.settings.engines.get(index).cloned() else {
            return;
        };
        self.engine.set_engine(Lane::Game, Some(desc));
        self.settings.mode = Mode::VsAi { human };
        self.start_new_game();
    }

    /// Starts a new game against the engine `command` starts, the person
    /// playing Black, listing the engine in the settings if it is not
    /// listed yet (probed here, waiting up to the handshake: for the
    /// command line, before the window opens).
    ///
    /// # Errors
    /// The engine could not be used, in words naming it.
    pub fn play_against_command(&mut self, command: &str) -> Result<(), String> {
        let tr = self.tr();
        let spec = split_command_line(command).map_err(|reason| {
            let command = command.to_string();
            engine_words::failure(
                tr,
                &EngineError::Spawn {
                    command: command.clone(),
                    reason,
                }
                .of(&command),
            )
        })?;
        let listed = self.settings.engines.iter().position(|e| e.spec == spec);
        let index = match listed {
            Some(i) => i,
            None => {
                let desc = EngineDescriptor::probe(&spec)
                    .map_err(|e| engine_words::failure(tr, &e.of(&spec.display())))?;
                self.settings.engines.push(desc);
                self.settings.engines.len() - 1
            }
        };
        self.new_game_against(index, Stone::Black);
        Ok(())
    }

    /// A new game for two people.
    pub fn new_two_player_game(&mut self) {
        if self.engine.engine(Lane::Game).is_some() {
            self.engine.set_engine(Lane::Game, None);
        }
        self.settings.mode = Mode::TwoPlayer;
        self.start_new_game();
    }

    /// A new game with the current settings. The game it replaces is
    /// kept in Recent games, and the toast can bring it back.
    pub fn start_new_game(&mut self) {
        // White's engine of a game engines played is not needed now.
        self.engine.set_engine(Lane::Opponent, None);
        let settings = self.settings.game_settings();
        let mode = self.settings.mode;
        let clock = self.settings.game_clock();
        let opening = self.settings.opening_rule;
        self.adapt_level();
        self.replace_with(Msg::ReplacedByNew, None, |s, e| {
            s.new_game(e, settings, mode, clock, opening);
        });
        self.begin_rating();
        self.save_settings();
    }

    /// A new game with the current settings that starts from the named
    /// opening: under an opening rule with the opener's three stones set
    /// (the rule goes on from there: a swap, the fifth-move offers), in a
    /// free game as its first three moves. Kept and undone like a new
    /// game.
    pub fn new_game_from_opening(&mut self, named: NamedOpening) {
        let settings = self.settings.game_settings();
        let (mode, rule) = (self.settings.mode, self.settings.opening_rule);
        let clock = self.settings.game_clock();
        let timed = |t: Table| match clock.clone() {
            Some(c) => t.with_clock(c),
            None => t,
        };
        let tr = self.tr();
        let table = if rule == OpeningRule::Free {
            GameModel::from_moves(settings, &named.moves(settings.size))
                .map(|game| timed(Table::new(game, mode)))
                .map_err(|e| phrases::game_error(tr, &e))
        } else {
            GameModel::new(settings)
                .map_err(|e| phrases::game_error(tr, &e))
                .and_then(|game| {
                    let o = Opening::with_named(rule, settings.size, settings.rule, named)
                        .map_err(|e| phrases::opening_error(tr, &e))?;
                    // The clock first: the opening pauses it until settled.
                    Ok(timed(Table::new(game, mode)).with_opening(o))
                })
        };
        match table {
            Ok(table) => {
                self.replace_with(Msg::ReplacedByNew, None, |s, e| s.replace_game(e, table));
                self.save_settings();
            }
            Err(words) => self.say(words),
        }
    }

    /// Starts the current game again (kept, with an undo, like a new game).
    pub fn restart(&mut self) {
        self.adapt_level();
        self.replace_with(Msg::ReplacedByNew, None, |s, e| s.restart(e));
        self.begin_rating();
    }

    /// Takes back the last move (or the last pair against the AI). A
    /// finished game taken back is no longer finished, so its entry in
    /// Recent games ("You resigned") goes until it is kept again.
    pub fn undo(&mut self) {
        let was_over = self.game().is_over();
        match self.session.undo(&mut self.engine) {
            Ok(_) => {
                self.spoil_rating(Why::Undo);
                if was_over && !self.game().is_over() && self.recent.contains(self.scope.id) {
                    self.recent.remove(self.scope.id);
                    self.save_recent();
                }
            }
            Err(e) => self.say(phrases::game_error(self.tr(), &e)),
        }
    }

    /// Replays a move taken back.
    pub fn redo(&mut self) {
        if let Err(e) = self.session.redo(&mut self.engine) {
            self.say(phrases::game_error(self.tr(), &e));
        }
    }

    /// The person resigns (the question has been answered).
    pub fn resign(&mut self) {
        self.confirm.open = false;
        let _ = self.session.resign(&mut self.engine);
    }

    /// Asks the engine for a suggested move.
    pub fn hint(&mut self) {
        if self.session.is_human_turn() {
            self.spoil_rating(Why::Hint);
            self.session.request_hint(&mut self.engine);
        } else {
            self.say(self.tr().s(Msg::HintOwnTurn).to_string());
        }
    }

    /// Asks the AI to play now.
    pub fn move_now(&mut self) {
        self.session.move_now(&self.engine);
    }

    /// Handles a click on the board: `Some(point)` on an intersection,
    /// `None` beside the grid.
    pub fn click_board(&mut self, at: Option<Point>) {
        let Some(p) = at else {
            return;
        };
        if self.wheels.held().is_some() || self.blunder_confirm.question.is_some() {
            return;
        }
        if self.training_wheels_on() {
            let game = self.session.game();
            let board = game.board();
            if board.contains(p) && board.is_empty_at(p) {
                let job = TrainingJob {
                    board: board.clone(),
                    rule: game.rule(),
                    side: game.side_to_move(),
                    mv: p,
                };
                self.wheels.ask(game.position_hash(), job);
                return;
            }
        }
        self.play_click(p);
    }

    /// True when the player's next click against the AI is checked by
    /// the training wheels first: they are on at the AI's level, the
    /// built-in AI plays, it is the person's turn after the opening, and
    /// the game goes on.
    #[must_use]
    pub fn training_wheels_on(&self) -> bool {
        let table = self.session.table();
        self.settings.training_wheels.enabled(self.settings.level)
            && self.session.mode().is_vs_ai()
            && !table.is_watch()
            && self.engine.engine(Lane::Game).is_none()
            && self.session.is_human_turn()
            && !table.in_opening()
            && !self.session.game().is_over()
    }

    /// Plays the player's click on the game, as the rules allow; a
    /// refused point flashes.
    pub(super) fn play_click(&mut self, p: Point) {
        // A move played where the game is not at its end takes back what
        // followed.
        let back = !self.session.game().at_line_end();
        if self.session.play(&mut self.engine, p).is_err() {
            self.refused = Some((p, Instant::now()));
        } else if back {
            self.spoil_rating(Why::TookBack);
        }
    }

    /// Sets the AI's level (it applies to the search in progress too);
    /// the player's choice, so "Adaptive" is off from now on. A game with
    /// no move yet begins again with the rating at the new level; one
    /// under way is no longer rated.
    pub fn set_level(&mut self, level: Level) {
        self.settings.rating.adaptive = false;
        self.play_at_level(level);
        self.save_settings();
    }

    /// The AI plays at `level` from now on, the rating following.
    fn play_at_level(&mut self, level: Level) {
        let changed = level != self.session.level();
        self.settings.level = level;
        self.session.set_level(&mut self.engine, level);
        if changed {
            let game = self.session.game();
            if game.moves().is_empty() && game.redo_moves().is_empty() && !game.is_over() {
                self.begin_rating();
            } else {
                self.spoil_rating(Why::LevelChanged);
            }
        }
    }

    /// Starts or ends the explorer's label editing, as its "Edit labels"
    /// button does (tests and the layout check).
    pub fn set_labelling(&mut self, on: bool) {
        self.side.explorer.set_labelling(on);
    }

    /// Replaces the game with one read from a record or pasted text; the
    /// game it replaces is kept in Recent games, with an undo.
    pub fn load_game(&mut self, game: GameModel) {
        self.replace_with_game(Msg::ReplacedByRecord, game);
    }

    /// Puts `game` on the board, played by the menus' players, its rule
    /// and size in the menus, and keeps the game it replaces in Recent
    /// games with an undo; `what` says in the toast what happened.
    pub(super) fn replace_with_game(&mut self, what: Msg, game: GameModel) {
        let table = Table::new(game, self.settings.mode);
        self.adopt_settings_of(&table);
        self.replace_with(what, None, |s, e| s.replace_game(e, table));
        self.save_settings();
    }

    /// Puts a game engines played on the board (a tournament's finished
    /// game): named by its engines, as a watched game is, with `engines`
    /// on the lanes should the person go back and resume it. The watch
    /// set-up in the settings (what Ctrl+N plays) stays as chosen.
    pub fn open_watched(&mut self, table: Table, engines: &WatchSetup) {
        self.adopt_settings_of(&table);
        self.watch_lanes(engines);
        self.replace_with(Msg::ReplacedByRecord, None, |s, e| s.replace_game(e, table));
        self.save_settings();
    }

    /// Plays the `index`th recent game again (the game on the board is
    /// kept in its place, with an undo).
    pub fn open_recent(&mut self, index: usize) {
        let Some(entry) = self.recent.games.get(index).cloned() else {
            return;
        };
        self.adopt_settings_of(&entry.table);
        // It is on the board again under its own id, and starts clean.
        self.replace_with(
            Msg::ReplacedByRecent,
            Some(GameScope::with_id(entry.id)),
            |s, e| s.replace_game(e, entry.table),
        );
        self.recent.remove(entry.id);
        self.save_recent();
        self.save_settings();
    }

    /// Brings back the game the last replacement took off the board (the
    /// toast's Undo), with its own review. The game it replaced in turn
    /// is kept.
    pub fn undo_replace(&mut self) {
        let Some(Replaced { game, scope }) = self.toast.take_undo() else {
            return;
        };
        self.keep_in_recent();
        self.adopt_settings_of(&game);
        self.end_game_scoped_work();
        self.session.replace_game(&mut self.engine, game);
        self.recent.remove(scope.id);
        self.scope = scope;
        self.save_rating();
        self.save_review();
        self.save_recent();
        self.save_settings();
        self.say(self.tr().s(Msg::PreviousBack).to_string());
    }

    /// The menus' mode, rule and size follow the game on the board (and
    /// a game of engines gets the engines last chosen for one).
    fn adopt_settings_of(&mut self, table: &Table) {
        if table.is_watch() {
            self.watch_lanes(&self.settings.watch.clone());
        } else if self.session.table().is_watch() {
            // Leaving engines that played each other: the built-in
            // engine plays the game that comes back.
            self.engine.set_engine(Lane::Game, None);
            self.engine.set_engine(Lane::Opponent, None);
        }
        self.settings.mode = table.mode();
        self.settings.rule = table.game().rule();
        self.settings.board_size = table.game().size();
    }

    /// Stops the work that belongs to the game leaving the board: its
    /// review pass (its findings go with the game's scope).
    fn end_game_scoped_work(&mut self) {
        self.analysis.review.cancel(&mut self.engine);
    }

    /// Runs `replace` (which puts another game on the board), keeping the
    /// game it replaces in Recent games and offering to undo. The new
    /// game gets `scope`, or a fresh one.
    fn replace_with(
        &mut self,
        what: Msg,
        scope: Option<GameScope>,
        replace: impl FnOnce(&mut super::session::Session, &mut super::engine_client::EngineClient),
    ) {
        // A rated game that has just ended counts, even if the game that
        // replaces it came in the same frame as its last move.
        if let Some(outcome) = self.game().outcome().cloned() {
            self.settle_rating(&outcome);
        }
        let kept = self.keep_in_recent();
        self.end_game_scoped_work();
        let old_scope = std::mem::replace(&mut self.scope, scope.unwrap_or_else(GameScope::fresh));
        let before = Replaced {
            game: self.session.table().clone(),
            scope: old_scope,
        };
        replace(&mut self.session, &mut self.engine);
        // Not from the empty board; a new game begins again with the
        // rating after this.
        let built_in = self.built_in_ai();
        self.set_rated(Ratings::not_from_start(self.session.table(), built_in));
        self.save_review();
        // An empty board is not worth a toast: nothing was lost.
        if kept || self.recent.contains(before.scope.id) {
            let tr = self.tr();
            let text = tr.f(Msg::KeptInRecent, &[("what", &tr.s(what))]);
            self.toast.offer(text, Some(before));
        } else {
            self.toast.toast = None;
        }
    }

    /// Keeps the game on the board in Recent games (unless its board is
    /// empty). Returns true if the list changed.
    fn keep_in_recent(&mut self) -> bool {
        let changed = self
            .recent
            .keep(self.scope.id, self.session.table(), self.settings.level);
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
        let settings = self.game().settings();
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
        self.status = Some((phrases::sentence_case(&text), Instant::now()));
    }

    // ---- moving through the game -----------------------------------------

    /// Applies a move of the cursor through the session, saying why if
    /// the model refuses it.
    fn navigate(&mut self, change: impl FnOnce(&mut GameModel) -> Result<(), GameError>) {
        if let Err(e) = self.session.navigate(&mut self.engine, change) {
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
        if !self.session.game().at_line_end() {
            self.spoil_rating(Why::TookBack);
        }
        self.session.continue_from_here(&mut self.engine);
    }

    /// Makes the variation holding the shown position the main line.
    pub fn promote_variation(&mut self) {
        self.navigate(GameModel::promote_variation);
    }

    /// Deletes the variation holding the shown position.
    pub fn delete_variation(&mut self) {
        self.navigate(GameModel::delete_variation);
    }

    // ---- analysis and review ---------------------------------------------

    /// Turns analysis mode on or off. Against the AI, the AI does not
    /// move while analysis is on: its replies are held, and the one for
    /// the position left on the board is played when analysis ends.
    pub fn set_analysis(&mut self, on: bool) {
        if on == self.analysis.on {
            return;
        }
        self.analysis.on = on;
        if on && !self.game().is_over() {
            self.spoil_rating(Why::Analysis);
        }
        if self.session.mode().is_vs_ai() {
            self.hold_engine_replies(on);
        }
        if on {
            let n = self.settings.analysis_candidates;
            self.analysis
                .runner
                .follow(&mut self.engine, self.session.game(), n);
        } else {
            self.analysis.runner.stop(&mut self.engine);
        }
    }

    /// Switches analysis mode (the menu item and the A key).
    pub fn toggle_analysis(&mut self) {
        self.set_analysis(!self.analysis.on);
    }

    /// Limits for analysis searches instead of "until stopped" (tests).
    pub fn set_analysis_limits(&mut self, limits: Limits) {
        self.analysis.runner.set_limits(limits);
    }

    /// Limits for each review search instead of the fixed time (tests).
    pub fn set_review_limits(&mut self, limits: Limits) {
        self.analysis.review.set_limits(limits);
    }

    /// Starts the review of the whole game, or resumes it where it
    /// stopped: positions already evaluated are not searched again.
    pub fn start_review(&mut self) {
        if !self.game().is_over() {
            self.spoil_rating(Why::Analysis);
        }
        self.analysis.review.start(
            &mut self.engine,
            self.session.game(),
            &mut self.scope.review,
        );
    }

    /// Stops the review at once, keeping what it found.
    pub fn cancel_review(&mut self) {
        self.analysis.review.cancel(&mut self.engine);
    }

    /// Positions of the whole line evaluated, and how many there are.
    pub fn review_progress(&mut self) -> (usize, usize) {
        let r = self.scope.review.report(self.session.game());
        (r.done(), r.total())
    }

    /// The verdict on each move of the whole line (`None` until both
    /// positions around it are evaluated).
    pub fn move_reviews(&mut self) -> Vec<Option<MoveReview>> {
        self.scope.review.report(self.session.game()).moves.clone()
    }

    /// Black's chance after each move of the whole line, as the graph
    /// plots it.
    pub fn black_chances(&mut self) -> Vec<Option<f64>> {
        self.scope
            .review
            .report(self.session.game())
            .black_chance
            .clone()
    }

    // ---- the editor ------------------------------------------------------

    /// Opens the editor on the position shown, so it can be adjusted.
    pub fn open_editor(&mut self) {
        if !self.is_editing() {
            self.side.editor.editor = Some(Editor::from_game(self.session.game()));
        }
    }

    /// Leaves the editor without changing the game.
    pub fn cancel_editor(&mut self) {
        self.side.editor.editor = None;
    }

    /// Starts a game from the edited position, keeping the game it
    /// replaces in Recent games. Refused with a message when the position
    /// cannot be played from; the editor then stays open.
    pub fn play_from_editor(&mut self) {
        self.start_from_editor(false);
    }

    /// Starts a game from the edited position, as
    /// [`GomokuApp::play_from_editor`], with analysis mode on.
    pub fn analyse_from_editor(&mut self) {
        self.start_from_editor(true);
    }

    fn start_from_editor(&mut self, analyse: bool) {
        let Some(editor) = &self.side.editor.editor else {
            return;
        };
        let settings = GameSettings {
            size: editor.board().size(),
            rule: editor.rule(),
        };
        match GameModel::from_setup(settings, editor.board(), editor.to_move()) {
            Ok(game) => {
                self.side.editor.editor = None;
                // Analysis first: against the AI it holds the AI's reply,
                // so the position is studied as it was set up.
                if analyse {
                    self.set_analysis(true);
                }
                self.replace_with_game(Msg::ReplacedByEdit, game);
            }
            Err(e) => {
                let text = phrases::game_error(self.tr(), &e);
                self.say(text);
            }
        }
    }

    // ---- record files ----------------------------------------------------

    /// Open or save a record: through the native dialog where there is
    /// one, otherwise (or while one is already open) the records window
    /// with its typed path.
    fn file_dialog_or_window(&mut self, purpose: PickPurpose, ctx: &Context) {
        if self.files.available() && !self.files.is_open() {
            self.start_file_dialog(purpose, ctx);
        } else {
            self.records.open();
        }
    }

    fn start_file_dialog(&mut self, purpose: PickPurpose, ctx: &Context) {
        let request = PickRequest {
            purpose,
            // Whether it still exists is for the dialog's own thread to
            // ask: even that look at the disk could hang the window.
            folder: self.settings.last_folder.clone(),
            file_name: match purpose {
                PickPurpose::Save => Some(records::suggested_file_name(SystemTime::now())),
                PickPurpose::LibraryExport(format) => Some(format.file_name().to_string()),
                _ => None,
            },
            words: DialogWords::new(self.tr(), purpose),
        };
        self.files.start(request, ctx);
    }

    /// A file dialog for the library: to import, or to export to. With no
    /// dialog to show, the status bar says why.
    fn library_dialog(&mut self, purpose: PickPurpose, ctx: &Context) {
        if self.files.is_open() {
            return;
        }
        if self.files.available() {
            self.start_file_dialog(purpose, ctx);
        } else {
            let tr = self.tr();
            let reason = NoDialog::NoService.describe(tr);
            self.say(tr.f(Msg::NoDialog, &[("reason", &reason)]));
        }
    }

    /// Imports `paths` into the library, on its thread: texts of `.lib`
    /// files read in the code page of the player's language, files that
    /// name no rule read under the game's.
    pub fn import_into_library(&mut self, paths: Vec<PathBuf>) {
        let encoding = match self.tr().0 {
            Lang::Chinese => crate::library::renlib::encoding_rs::GBK,
            _ => crate::library::renlib::DEFAULT_ENCODING,
        };
        let options = ImportOptions {
            rule: self.game().rule(),
            encoding,
        };
        self.library.send(LibraryJob::Import(paths, options));
    }

    /// Writes the library's tree from the shown position to `path`.
    pub fn export_library(&mut self, format: ExportFormat, path: PathBuf) {
        let encoding = match self.tr().0 {
            Lang::Chinese => crate::library::renlib::encoding_rs::GBK,
            _ => crate::library::renlib::DEFAULT_ENCODING,
        };
        let game = self.game();
        let job = LibraryJob::Export {
            path,
            format,
            settings: game.settings(),
            moves: game.moves().to_vec(),
            encoding,
        };
        self.library.send(job);
    }

    /// Choose an engine's program: through the native dialog where there
    /// is one; otherwise the Engines window says why and its typed command
    /// line stays the way.
    fn browse_engine(&mut self, ctx: &Context) {
        if self.files.is_open() {
            return;
        }
        if self.files.available() {
            self.start_file_dialog(PickPurpose::Engine, ctx);
        } else {
            let tr = self.tr();
            let reason = NoDialog::NoService.describe(tr);
            self.engines_window
                .tell(tr.f(Msg::NoDialog, &[("reason", &reason)]));
        }
    }

    /// Handles the answer of a file dialog once it has come (every frame).
    pub(super) fn poll_file_dialog(&mut self) {
        let Some((purpose, picked)) = self.files.poll() else {
            return;
        };
        let tr = self.tr();
        let path = match picked {
            Picked::Chosen(path) => path,
            Picked::Cancelled => return,
            Picked::Unavailable(why) => {
                let reason = why.describe(tr);
                let text = tr.f(Msg::NoDialog, &[("reason", &reason)]);
                match purpose {
                    PickPurpose::Engine => self.engines_window.tell(text),
                    PickPurpose::Open | PickPurpose::Save => self.records.show_error(None, text),
                    _ => self.say(text),
                }
                return;
            }
        };
        match purpose {
            PickPurpose::Engine => self.engines_window.chose(&path),
            PickPurpose::LibraryImport | PickPurpose::LibraryImportFolder => {
                self.import_into_library(vec![path]);
            }
            PickPurpose::LibraryExport(format) => self.export_library(format, path),
            PickPurpose::Open | PickPurpose::Save => self.start_record_job(purpose, path),
        }
    }

    /// Asks the I/O thread to read the record at `path` or write the game
    /// there; [`GomokuApp::take_record_replies`] shows the outcome.
    fn start_record_job(&mut self, purpose: PickPurpose, path: PathBuf) {
        let tr = self.tr();
        match purpose {
            PickPurpose::Open => {
                let settings = self.game().settings();
                self.io.read_record(tr, path, settings);
            }
            PickPurpose::Save => {
                let game = self.game().clone();
                self.io.write_record(tr, path, game);
            }
            _ => {}
        };
    }

    /// Shows what the I/O thread did with the record files it was given
    /// (every frame, without waiting).
    pub(super) fn take_record_replies(&mut self) {
        for reply in self.io.record_replies() {
            let tr = self.tr();
            let path = reply.path;
            let shown = path.display().to_string();
            match reply.result {
                Ok(RecordDone::Read(game)) => {
                    self.remember_folder(&path);
                    self.load_game(game);
                    self.say(tr.f(Msg::Opened, &[("path", &shown)]));
                    // A game opened is the end of the errand.
                    self.records.close();
                }
                Ok(RecordDone::Written) => {
                    self.remember_folder(&path);
                    self.say(tr.f(Msg::Saved, &[("path", &shown)]));
                    self.records.written(&path);
                }
                Err(e) => self.records.show_error(Some(&path), e),
            }
        }
    }

    /// Keeps the folder of a record just used for the next file dialog.
    fn remember_folder(&mut self, path: &Path) {
        let folder = std::path::absolute(path)
            .ok()
            .and_then(|p| p.parent().map(Path::to_path_buf));
        if folder.is_some() && folder != self.settings.last_folder {
            self.settings.last_folder = folder;
            self.save_settings();
        }
    }

    /// Uses `picker` for the open and save dialogs (tests answer them
    /// without showing anything).
    pub fn set_file_picker(&mut self, picker: Arc<dyn FilePicker>) {
        self.files = FileDialogs::new(picker);
    }

    // ---- what follows from the game's events, and saving ----------------

    /// The finished game on the board, with its result, into the library.
    fn learn_game(&mut self) {
        let game = self.session.game();
        let Some(outcome) = game.outcome() else {
            return;
        };
        let tree = game.tree();
        let start = LibraryPosition {
            board: tree.start().clone(),
            to_move: tree.first_to_move(),
            rule: game.rule(),
        };
        let result = GameResult::of_winner(outcome.winner());
        // The record's own comments and marks along the game (an opened
        // record's, the player's) go with it.
        let path = game.path();
        let notes = (0..=path.len())
            .filter_map(|ply| {
                let node = tree.node(&path[..ply])?;
                let noted = !node.comment.trim().is_empty() || !node.marks.is_empty();
                noted.then(|| (ply, node.comment.clone(), node.marks.clone()))
            })
            .collect();
        let job = LibraryJob::Game {
            start,
            moves: game.moves().to_vec(),
            result,
            notes,
        };
        self.library.send(job);
    }

    /// Sounds and messages for what the session did this frame.
    pub(super) fn handle_session_events(&mut self) {
        let mode = self.session.mode();
        for event in self.session.take_events() {
            if let Some(cue) = cue_for(&event, mode) {
                self.audio.play(cue);
            }
            let tr = self.tr();
            match event {
                SessionEvent::Refused(e) => self.say(phrases::play_error(tr, &e)),
                SessionEvent::AiChose(stone) => {
                    let text = tr.f(
                        Msg::OpeningAiChose,
                        &[("stone", &phrases::stone(tr, stone))],
                    );
                    self.say(text);
                }
                SessionEvent::Over(outcome) => {
                    self.settle_rating(&outcome);
                    self.keep_in_recent();
                    if self.settings.library_learns {
                        self.learn_game();
                    }
                    // Every win missed and every losing move of a game
                    // against the AI becomes a puzzle of the player's own.
                    if let Some(human) = mode.human() {
                        let now = jiff::Timestamp::now().as_second().max(0) as u64;
                        self.puzzles.search_game(self.session.game(), human, now);
                    }
                }
                SessionEvent::EngineFailed { restarted, reason } => {
                    let text = match &reason {
                        Some(f) => engine_words::failure_text(tr, f, restarted),
                        None => engine_failure_text(tr, restarted),
                    };
                    self.say_engine_failure(Lane::Game, text);
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

    pub(super) fn save_settings(&mut self) {
        self.audio
            .configure(self.settings.sound, self.settings.volume);
        self.settings_unsaved = false;
        if self.io.keeps_files() {
            self.io
                .save(Snapshot::Settings(Box::new(self.settings.clone())));
        }
    }

    fn save_game(&mut self) {
        if self.io.keeps_files() {
            self.io
                .save(Snapshot::Game(Box::new(self.session.table().clone())));
        }
    }

    /// Saves the review of the game on the board (it comes back with the
    /// game after a restart).
    pub(super) fn save_puzzles(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Puzzles(self.puzzles.saved.clone()));
        }
    }

    /// Saves the exercises done in the lessons.
    pub(super) fn save_lessons(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Lessons(self.lessons.saved.clone()));
        }
    }

    /// What a button of lesson mode asks for.
    pub fn lesson_action(&mut self, action: LessonAction) {
        match action {
            LessonAction::Start | LessonAction::Open(_) => {
                // The lesson takes the board: the game's own work waits,
                // and a puzzle gives way.
                self.set_analysis(false);
                self.side.editor.editor = None;
                self.puzzles.leave();
                match action {
                    LessonAction::Open(i) => self.lessons.open(i),
                    _ => self.lessons.start(),
                }
            }
            LessonAction::Leave => self.lessons.leave(),
            LessonAction::ShowMe => self.lessons.show_me(),
            LessonAction::Retry => self.lessons.retry(),
            LessonAction::NextExercise => self.lessons.next_exercise(),
            LessonAction::PreviousExercise => self.lessons.previous_exercise(),
            LessonAction::NextLesson => self.lessons.next_lesson(),
            LessonAction::ToPuzzles => {
                self.lessons.leave();
                self.puzzle_action(PuzzleAction::Start);
            }
        }
        if self.lessons.take_dirty() {
            self.save_lessons();
        }
    }

    /// What a button of puzzle mode asks for.
    pub fn puzzle_action(&mut self, action: PuzzleAction) {
        match action {
            PuzzleAction::Start => {
                self.lessons.leave();
                // The puzzle takes the board: the game's own work waits.
                self.set_analysis(false);
                self.side.editor.editor = None;
                let i = self.puzzles.suggested();
                self.puzzles.open(PuzzleSource::Shipped(i));
            }
            PuzzleAction::Leave => self.puzzles.leave(),
            PuzzleAction::Hint => self.puzzles.hint(),
            PuzzleAction::Solution => self.puzzles.solution(),
            PuzzleAction::Retry => self.puzzles.retry(),
            PuzzleAction::Next => self.puzzles.next(),
            PuzzleAction::Previous => self.puzzles.previous(),
            PuzzleAction::OpenPersonal(i) => self.puzzles.open(PuzzleSource::Personal(i)),
            PuzzleAction::DeletePersonal(i) => self.puzzles.delete_personal(i),
            PuzzleAction::ChooseSet(i) => self.puzzles.choose_set(i),
        }
        if self.puzzles.take_dirty() {
            self.save_puzzles();
        }
    }

    pub(super) fn save_review(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Review(self.scope.review.to_saved()));
        }
    }

    fn save_recent(&mut self) {
        if self.io.keeps_files() {
            self.io.save(Snapshot::Recent(self.recent.clone()));
        }
    }

    /// Reports failed saves: once, not after every move, until a save
    /// succeeds again.
    pub(super) fn report_saves(&mut self) {
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

    /// Ends every engine, saves settings, the game and the recent games and
    /// waits for the writes, at most [`EXIT_WAIT`] (the window is closing).
    pub fn save_all(&mut self) {
        // The clock stands still while the app is closed.
        self.session.pause_clock(&mut self.engine);
        // No engine process outlives the app (each gets `END`, then a
        // kill after a short grace).
        self.engine.shutdown();
        // A tournament's games stop too, and its engines with them.
        self.tournaments.runner.shutdown();
        self.save_settings();
        self.save_game();
        self.save_recent();
        self.save_review();
        if !self.flush_saves() {
            log::warn!("the last save did not finish in {EXIT_WAIT:?}");
        }
    }

    // ---- the player's rating ---------------------------------------------

    /// True when the built-in AI plays the game's AI side (no listed
    /// engine on the game's lane).
    fn built_in_ai(&self) -> bool {
        self.engine.engine(Lane::Game).is_none()
    }

    /// The game just started begins with the rating: rated when the person
    /// plays the built-in AI at a measured level from the empty board, and
    /// no analysis or explorer is on (`docs/rating.md`).
    pub(super) fn begin_rating(&mut self) {
        let rated = self.ratings.begin(
            self.session.table(),
            self.session.level(),
            self.built_in_ai(),
        );
        self.scope.rated = rated;
        if self.analysis.on {
            self.scope.rated.spoil(Why::Analysis);
        }
        if self.settings.explorer {
            self.scope.rated.spoil(Why::Explorer);
        }
        self.save_rating();
    }

    /// The game on the board stands with the rating as `rated` says.
    pub(super) fn set_rated(&mut self, rated: Rated) {
        self.scope.rated = rated;
        self.save_rating();
    }

    /// The game on the board stops being rated, for `why`, if it was.
    pub(super) fn spoil_rating(&mut self, why: Why) {
        if self.scope.rated.spoil(why) {
            self.save_rating();
        }
    }

    /// A rated game that ended `outcome` is rated, once. The event may be
    /// older than the game on the board (replaced in the same frame): then
    /// the board's game, whose outcome differs, is left alone.
    fn settle_rating(&mut self, outcome: &Outcome) {
        if !self.scope.rated.is_rated() {
            return;
        }
        let Some(human) = self.session.mode().human() else {
            return;
        };
        let mut end = self.session.game().clone();
        end.to_end();
        if end.outcome() != Some(outcome) {
            return;
        }
        let now = jiff::Timestamp::now().as_second().max(0) as u64;
        let ratings = &mut self.ratings;
        if self
            .scope
            .rated
            .settle(&mut ratings.book, &ratings.ladder, outcome, human, now)
            .is_some()
        {
            self.save_rating();
        }
    }

    /// With "Adaptive" on, a new game against the built-in AI is played at
    /// the level nearest the player's rating.
    fn adapt_level(&mut self) {
        if !self.settings.rating.adaptive || !self.settings.mode.is_vs_ai() || !self.built_in_ai() {
            return;
        }
        if let Some(level) = self.ratings.adaptive_level() {
            self.play_at_level(level);
        }
    }

    /// "Adaptive (your rating)" on or off. Turned on before the first move,
    /// the game on the board moves to the adaptive level at once.
    pub fn set_adaptive(&mut self, on: bool) {
        self.settings.rating.adaptive = on;
        let game = self.session.game();
        if on && game.moves().is_empty() && !game.is_over() {
            self.adapt_level();
        }
        self.save_settings();
    }

    /// Forgets the rating and every rated game (the player confirmed). A
    /// rated game on the board stays rated, from the start rating.
    pub fn reset_rating(&mut self) {
        self.ratings.book.reset();
        self.save_rating();
        self.say(self.tr().s(Msg::RatingResetDone).to_string());
    }

    /// Saves the rating with where the game on the board stands.
    fn save_rating(&mut self) {
        self.ratings.book.on_board = Some(self.scope.rated);
        if self.io.keeps_files() {
            self.io
                .save(Snapshot::Rating(Box::new(self.ratings.book.clone())));
        }
    }

    // ---- engines playing each other, and the analysing engine ------------

    /// Starts a new game engines play each other, Black's on the game
    /// lane and White's on the opponent's (the game it replaces is kept
    /// in Recent games, with an undo). The choice is remembered. Nothing
    /// starts, and the status bar says why, if a chosen engine is no
    /// longer listed.
    pub fn watch_engines(&mut self, setup: WatchSetup) {
        let tr = self.tr();
        let engines = &self.settings.engines;
        for p in [&setup.black, &setup.white] {
            if matches!(p, Player::Listed(_)) && p.descriptor(engines).is_none() {
                let name = p.name(tr, engines);
                return self.say(tr.f(Msg::WatchNotListed, &[("engine", &name)]));
            }
        }
        let (black, white) = (setup.black.name(tr, engines), setup.white.name(tr, engines));
        self.watch_lanes(&setup);
        self.settings.watch = setup;
        let game = GameModel::new(self.settings.game_settings())
            .unwrap_or_else(|_| GameModel::new(GameSettings::default()).expect("defaults"));
        let table = Table::watched(game, black, white);
        self.replace_with(Msg::ReplacedByNew, None, |s, e| {
            s.replace_game(e, table);
            s.resume_watch(e);
        });
        self.save_settings();
    }

    /// The engines last chosen play a new game (Play again, Ctrl+N and
    /// Restart while engines play each other).
    fn watch_again(&mut self) {
        self.watch_engines(self.settings.watch.clone());
    }

    /// Backs the game and opponent lanes with `setup`'s engines at its
    /// time per move, and gives the session the built-in engine's levels
    /// and that time.
    pub(super) fn watch_lanes(&mut self, setup: &WatchSetup) {
        let engines = &self.settings.engines;
        let black = setup.engine(&setup.black, engines);
        let white = setup.engine(&setup.white, engines);
        self.engine.set_engine(Lane::Game, black);
        self.engine.set_engine(Lane::Opponent, white);
        self.session.set_watch_levels(setup.levels(), setup.turn());
    }

    /// Pauses, resumes or steps engines playing each other.
    pub fn watch_control(&mut self, control: WatchControl) {
        match control {
            WatchControl::Pause => self.session.pause_watch(&mut self.engine),
            WatchControl::Resume => self.session.resume_watch(&mut self.engine),
            WatchControl::Step => self.session.step_watch(&mut self.engine),
        }
    }

    /// Analyses with the listed engine at `index`, or the built-in one
    /// (`None`, or an index beyond the list); remembered in the settings.
    /// The analysis under way starts again with it.
    pub fn set_analysis_engine(&mut self, index: Option<usize>) {
        let desc = index.and_then(|i| self.settings.engines.get(i)).cloned();
        self.settings.analysis_engine = desc.as_ref().map(|d| d.spec.clone());
        self.use_analysis_engine(desc);
        self.save_settings();
    }

    /// Backs the analysis lane with `desc` (the built-in engine for
    /// `None`), unless it already is; the runner follows the shown
    /// position afresh on the next frame.
    pub(super) fn use_analysis_engine(&mut self, desc: Option<EngineDescriptor>) {
        if self.engine.engine(Lane::Analysis) == desc.as_ref() {
            return;
        }
        self.analysis.runner.stop(&mut self.engine);
        self.engine.set_engine(Lane::Analysis, desc);
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
