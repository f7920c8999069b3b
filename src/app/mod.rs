//! The desktop app: an egui window with the board, menus and panels. The
//! app owns the [`GameModel`](crate::rules::GameModel); the AI thinks on
//! its own thread and is spoken to only by messages (see [`Session`]).

mod audio;
mod board_view;
mod cli;
mod dialogs;
mod file_picker;
mod fonts;
mod geometry;
mod menus;
mod palette;
mod persist;
mod records;
mod session;
mod settings;
mod side_panel;
mod state;

pub use cli::{parse_args, Command, USAGE};
pub use file_picker::{
    DialogWords, FilePicker, NativePicker, NoDialog, NoPicker, PickPurpose, PickReply, PickRequest,
    Picked,
};
pub use fonts::{definitions as font_definitions, CJK_FONT};
pub use geometry::{star_points, BoardGeometry};
pub use session::{Purpose, Session, SessionEvent, Thinking};
pub use settings::{AppSettings, Theme};
pub use side_panel::result_text;
pub use state::{GomokuApp, Launch};

use crate::i18n::{Lang, Msg, Tr};
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
    let mut viewport = egui::ViewportBuilder::default()
        // The first frame retitles the window in the player's language.
        .with_title(Tr(Lang::from_system()).s(Msg::AppTitle))
        .with_app_id(APP_ID)
        .with_inner_size([1000.0, 720.0])
        .with_min_inner_size([480.0, 360.0]);
    if let Ok(icon) = eframe::icon_data::from_png_bytes(ICON_PNG) {
        viewport = viewport.with_icon(icon);
    }
    let options = eframe::NativeOptions {
        viewport,
        ..eframe::NativeOptions::default()
    };
    let launch = launch.clone();
    eframe::run_native(
        "Gomoku",
        options,
        Box::new(move |_cc| Ok(Box::new(GomokuApp::new(&launch)))),
    )
}
