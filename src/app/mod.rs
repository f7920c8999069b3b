//! The desktop app: an egui window with the board, menus and panels. The
//! app owns the [`GameModel`](crate::rules::GameModel) (through its
//! [`Session`]); every engine is reached through one [`EngineClient`],
//! spoken to only by messages. Each panel and window is a component
//! (`components/`) that draws from a read-only view and answers with
//! [`Action`]s, which the app applies in one place. See
//! `docs/architecture.md`.

pub mod action;
mod actions;
mod analysis;
mod audio;
mod board_view;
mod cli;
mod components;
mod editor;
mod engine_client;
mod engine_words;
mod file_picker;
mod fonts;
mod game_scope;
mod geometry;
mod gomoku_app;
mod io;
mod layout;
mod lesson_worker;
mod lessons;
mod library;
mod library_worker;
pub mod logfile;
mod opening_worker;
mod paint;
mod palette;
mod persist;
mod puzzle_worker;
mod puzzles;
mod rating;
mod recent;
mod records;
mod session;
mod settings;
mod tagged_worker;
mod threat_worker;
mod tournament_runner;
mod training_wheels;
mod view;
mod watch;

pub use action::WatchControl;
pub use action::{Action, WindowKind};
pub use analysis::labels::{BEST_LOSS, BLUNDER_LOSS, INACCURACY_LOSS, MISTAKE_LOSS};
pub use analysis::review::REVIEW_TIME;
pub use analysis::{Label, MoveReview, Summary};
pub use cli::{parse_args, Command};
pub use components::game_panel::result_text;
pub use components::recent::RECENT_TITLE;
pub use components::toast::{TOAST_CLOSE, TOAST_TIME, TOAST_UNDO_LABEL};
pub use engine_client::{ClientEvent, EngineClient, Lane, MAX_ENGINE_RESTARTS};
pub use file_picker::{
    DialogWords, FilePicker, NativePicker, NoDialog, NoPicker, PickPurpose, PickReply, PickRequest,
    Picked,
};
pub use fonts::{definitions as font_definitions, CJK_FONT};
pub use geometry::{star_points, BoardGeometry};
pub use gomoku_app::{GomokuApp, Launch};
pub use io::EXIT_WAIT;
pub use layout::{DEFAULT_WIDTH as SIDE_PANEL_WIDTH, DRAWER_BELOW};
pub use library_worker::ExportFormat;
pub use rating::{RatingChoice, Ratings};
pub use recent::{RecentGame, RecentGames, RECENT_LIMIT};
pub use session::{PonderStats, Pondering, Purpose, Session, SessionEvent, Thinking};
pub use session::{SideReport, Watching};
pub use settings::{AppSettings, Theme, WindowGeometry};
pub use tournament_runner::{
    Live as TournamentLive, OpeningChoice, RunFailure, RunState, TournamentPlan,
};
pub use watch::{Player, WatchSetup};

use crate::i18n::Msg;
use eframe::egui;

/// The application id: the window's class on Linux, matching the desktop
/// entry's file name.
pub use crate::desktop::APP_ID;

/// The window icon, made by `cargo run --example make_icon`.
pub const ICON_PNG: &[u8] = include_bytes!("../../assets/icon.png");

/// Opens the window and runs until it closes.
///
/// # Errors
/// If no window could be opened (no display, no graphics driver).
pub fn run(launch: &Launch) -> eframe::Result {
    // The app is made first so the window opens where it was last time.
    let app = GomokuApp::new(launch);
    let mut viewport = viewport(app.settings().window).with_title(app.tr().s(Msg::AppTitle));
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..eframe::NativeOptions::default()
    };
    eframe::run_native("Gomoku", options, Box::new(move |_cc| Ok(Box::new(app))))
}

/// The main window: its title and app id, and the size and place it had
/// when it last closed (the default size on a first run).
#[must_use]
pub fn viewport(last: Option<WindowGeometry>) -> egui::ViewportBuilder {
    let builder = egui::ViewportBuilder::default()
        .with_title("Gomoku")
        .with_app_id(APP_ID)
        .with_min_inner_size(settings::MIN_WINDOW);
    match last.and_then(WindowGeometry::sanitised) {
        Some(w) => builder
            .with_inner_size([w.width, w.height])
            .with_position([w.x, w.y]),
        None => builder.with_inner_size(settings::DEFAULT_WINDOW),
    }
}
