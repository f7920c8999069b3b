//! The desktop app driven through its UI with egui_kittest, one test
//! binary for all the windows: clicks on the board, menus, buttons and
//! keys, checked against the game model. (One binary, not one a file:
//! linking each of two dozen against egui took minutes of every CI run.)

#![cfg(feature = "app")]

mod common;
#[path = "../process_common/mod.rs"]
mod process_common;

mod analysis;
mod board_and_menus;
mod clock;
mod editor;
mod engines;
mod explorer;
mod i18n;
mod layout;
mod layout_check;
mod lessons;
mod new_game_options;
mod opening;
mod persist;
mod ponder;
mod puzzles;
mod rating;
mod recent;
mod records;
mod save_frames;
mod snapshots;
mod tournament;
mod training_wheels;
mod tree;
mod watch;
mod words;
