//! What the player asked for. Every panel, window, menu and key turns
//! clicks into these; the app applies them in one place
//! ([`GomokuApp::apply`](super::GomokuApp::apply)), so a new panel adds
//! drawing code and, at most, a new kind of action.

use super::file_picker::PickPurpose;
use super::library_worker::ExportFormat;
use super::settings::AppSettings;
use super::watch::WatchSetup;
use crate::engine::Level;
use crate::play::Table;
use crate::rules::opening::{Decision, NamedOpening};
use crate::rules::GameModel;
use crate::rules::{Point, Stone};
use std::path::PathBuf;

/// The small windows the app can open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WindowKind {
    /// The rules and how to play.
    HowToPlay,
    /// The keyboard shortcuts.
    Shortcuts,
    /// Version and licence.
    About,
    /// The kept games.
    Recent,
    /// Records: a typed path, a pasted position string.
    Records,
    /// The engines list.
    Engines,
    /// The 26 named openings, to start a new game from one.
    OpeningPicker,
    /// Tournaments of engines.
    Tournaments,
    /// Choosing the engines of a game engines play each other.
    Watch,
    /// The player's rating: its history, the levels, reset.
    Rating,
}

/// What the game panel's buttons do to engines playing each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WatchControl {
    /// No more moves until resumed.
    Pause,
    /// Play on.
    Resume,
    /// One move, then wait again.
    Step,
}

/// One thing the player did.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// A new game against the AI, the person playing this colour.
    NewGameVsAi(Stone),
    /// A new game against the listed foreign engine at this index of
    /// `AppSettings::engines`, the person playing `human`.
    NewGameAgainst {
        /// The engine's index in the list.
        engine: usize,
        /// The person's colour.
        human: Stone,
    },
    /// A new game for two people at one screen.
    NewTwoPlayer,
    /// A new game of the same kind (Ctrl+N, Play again).
    NewGame,
    /// The current game again from its start.
    Restart,
    /// Take back a move (a pair against the AI).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Ask for a suggested move.
    Hint,
    /// Ask before resigning.
    AskResign,
    /// Resign, confirmed.
    Resign,
    /// The AI plays the best move it has found so far.
    MoveNow,
    /// A click on the board: an intersection, or `None` beside the grid.
    ClickBoard(Option<Point>),
    /// A secondary click on an intersection (the editor erases).
    SecondaryClick(Point),
    /// Show the position after this many moves of the line.
    GoToPly(usize),
    /// Show the node at this path of the game tree.
    GoToNode(Vec<usize>),
    /// One move back along the line.
    StepBack,
    /// One move forward along the line.
    StepForward,
    /// The start of the game.
    GoToStart,
    /// The end of the line.
    GoToEnd,
    /// Let the AI play on from the shown earlier position.
    ContinueHere,
    /// Make the shown variation the main line.
    PromoteVariation,
    /// Delete the shown variation.
    DeleteVariation,
    /// Analysis mode on or off.
    SetAnalysis(bool),
    /// Analysis mode switched (the menu item's key).
    ToggleAnalysis,
    /// How many candidates analysis ranks.
    SetCandidates(usize),
    /// Review the whole game (or resume the review).
    StartReview,
    /// Stop the review, keeping what it found.
    CancelReview,
    /// The AI's strength.
    SetLevel(Level),
    /// New settings from the Settings menu; `save` is false while a
    /// slider is still being dragged (heard at once, written on release).
    Settings {
        /// The settings as the menu left them (boxed: they are by far
        /// the largest action).
        settings: Box<AppSettings>,
        /// Write them now.
        save: bool,
    },
    /// Open a small window.
    Open(WindowKind),
    /// Open a record (a file dialog, or the records window).
    OpenRecord,
    /// Choose an engine's program in a file dialog (Game →
    /// Engines…); the chosen file is added to the list.
    BrowseEngine,
    /// Read the record at a typed path, or write the game there.
    RecordJob {
        /// Open or save.
        purpose: PickPurpose,
        /// The file.
        path: PathBuf,
    },
    /// Show the native file dialog to open or save.
    Browse(PickPurpose),
    /// Stop waiting for a file dialog that does not answer.
    StopWaitingForDialog,
    /// Put a game read from a position string on the board.
    LoadGame(Box<GameModel>),
    /// Put a game engines played (a tournament's) on the board, named by
    /// its players, with those engines to play on from it.
    OpenWatched(Box<(Table, WatchSetup)>),
    /// Save the game as a record (a file dialog, or the records window).
    SaveRecordAs,
    /// Copy the game as a position string.
    CopyPosition,
    /// Load a pasted position string.
    Paste(String),
    /// Put the `n`th recent game back on the board.
    OpenRecent(usize),
    /// Bring back the game the last replacement took off the board.
    UndoReplace,
    /// Edit the shown position.
    OpenEditor,
    /// Leave the editor without changes.
    CancelEditor,
    /// Start a game from the edited position (`analyse`: with analysis
    /// on).
    PlayFromEditor {
        /// Turn analysis on as the game starts.
        analyse: bool,
    },
    /// The side panel's width, dragged to this.
    SetSideWidth(f32),
    /// Open or close the side panel's drawer (narrow windows).
    ToggleDrawer,
    /// Close the window.
    Quit,
    /// Something in puzzle mode.
    Puzzle(PuzzleAction),
    /// Something in lesson mode.
    Lesson(LessonAction),
    /// Play this move, which the training wheels questioned.
    PlayAnyway(Point),
    /// A decision in the opening that is not a point (a colour, a number
    /// of offers).
    Opening(Decision),
    /// A new game engines play each other, with these engines.
    Watch(WatchSetup),
    /// Pause, resume or step engines playing each other.
    WatchControl(WatchControl),
    /// The engine that analyses: the listed engine at this index of
    /// `AppSettings::engines`, or the built-in one (`None`).
    SetAnalysisEngine(Option<usize>),
    /// A new game (current players, rule, opening rule and clock) that
    /// starts from this named opening's three stones.
    NewGameFromOpening(NamedOpening),
    /// Show or hide the opening explorer.
    SetExplorer(bool),
    /// Let analysis and finished games write into the library, or not.
    SetLibraryLearns(bool),
    /// Choose files (or, `folder`, a folder) to import into the library.
    LibraryImport {
        /// A folder rather than a file.
        folder: bool,
    },
    /// Choose where to export the library's tree from the shown position.
    LibraryExport(ExportFormat),
    /// Stop the import in progress.
    CancelLibraryImport,
    /// The player's comment on the shown position, for the library.
    LibraryComment(String),
    /// The player's mark on the shown position, for the library.
    LibraryMark(bool),
    /// A new game against the AI at this level (the level suggested after
    /// a rated game).
    PlayLevel(Level),
    /// "Adaptive (your rating)" on or off.
    SetAdaptive(bool),
    /// Forget the rating and the rated games, confirmed.
    ResetRating,
    /// The player took back a move the training wheels questioned.
    WheelsTookBack,
    /// A click on a point while the explorer edits labels: the next free
    /// letter put there, or the label there taken away.
    LibraryLabel(Point),
}

impl Action {
    /// True for what acts on the game (a new game, a move back, analysis,
    /// the editor…): in puzzle mode, it brings the game back to the board
    /// first.
    #[must_use]
    pub fn is_about_the_game(&self) -> bool {
        matches!(
            self,
            Action::NewGameVsAi(_)
                | Action::NewTwoPlayer
                | Action::NewGame
                | Action::Restart
                | Action::Undo
                | Action::Redo
                | Action::AskResign
                | Action::Resign
                | Action::MoveNow
                | Action::GoToPly(_)
                | Action::GoToNode(_)
                | Action::StepBack
                | Action::StepForward
                | Action::GoToStart
                | Action::GoToEnd
                | Action::ContinueHere
                | Action::PromoteVariation
                | Action::DeleteVariation
                | Action::SetAnalysis(true)
                | Action::ToggleAnalysis
                | Action::StartReview
                | Action::LoadGame(_)
                | Action::OpenWatched(_)
                | Action::Paste(_)
                | Action::OpenRecent(_)
                | Action::UndoReplace
                | Action::OpenEditor
                | Action::Watch(_)
                | Action::WatchControl(_)
                | Action::NewGameFromOpening(_)
                | Action::PlayLevel(_)
        )
    }
}

/// What the player can do in lesson mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LessonAction {
    /// Enter lesson mode at the suggested lesson.
    Start,
    /// Open the lesson at this index.
    Open(usize),
    /// Back to the game.
    Leave,
    /// Mark a right move.
    ShowMe,
    /// The same exercise from its start.
    Retry,
    /// The lesson's next exercise.
    NextExercise,
    /// The lesson's exercise before.
    PreviousExercise,
    /// The next lesson.
    NextLesson,
    /// Leave the lessons for the puzzles.
    ToPuzzles,
}

/// What the player can do in puzzle mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PuzzleAction {
    /// Enter puzzle mode at the suggested puzzle.
    Start,
    /// Back to the game.
    Leave,
    /// The next hint step.
    Hint,
    /// Show the solution.
    Solution,
    /// The same puzzle from its start.
    Retry,
    /// The next puzzle.
    Next,
    /// The puzzle before.
    Previous,
    /// The player's own puzzle at this index.
    OpenPersonal(usize),
    /// Delete the player's own puzzle at this index.
    DeletePersonal(usize),
    /// Choose the shipped set at this index (of `puzzle::sets::SHIPPED_SETS`).
    ChooseSet(usize),
}
