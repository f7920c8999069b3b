//! How long the window's frames take while the game is being saved: a
//! timing report, not a timed test (it asserts only that the saves land).
//! `cargo test --test ui save_frames -- --ignored --nocapture`.
//!
//! Plays a two-player game of up to MOVES moves in a headless
//! window on a real config folder (a temporary one), each move queueing a
//! save for the saver thread, and prints the slowest and the median frame.
//! For comparison it then times the same writes done in line, as the UI
//! thread used to do them (write, fsync, rename). A measurement, not a
//! test: the numbers depend on the disk.

use egui_kittest::Harness;
use gomoku::app::{GomokuApp, Launch};
use gomoku::rules::{GameModel, GameSettings, Point};
use gomoku::storage::{Storage, AUTOSAVE_FILE};
use std::time::{Duration, Instant};

/// Moves in the measured game.
const MOVES: usize = 120;

#[test]
#[ignore = "a timing report: run with --ignored --nocapture"]
fn frame_times_while_saving() {
    let moves = MOVES;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let store = dir.path().join("store");
    let mut h = Harness::builder()
        .with_size([1000.0, 720.0])
        .build_eframe(move |_cc| {
            let mut app = GomokuApp::new_for_test_in(store, &Launch::default());
            app.new_two_player_game();
            app
        });
    let points = spiral(moves);
    let mut frames = Vec::new();
    for p in &points {
        let g = h.state().board_geometry().expect("the board is drawn");
        let at = g.screen_pos(*p);
        h.hover_at(at);
        h.drag_at(at);
        h.drop_at(at);
        // The frame that handles the click plays the move and queues the
        // save; time each frame on its own.
        for _ in 0..3 {
            let t = Instant::now();
            h.step();
            frames.push(t.elapsed());
        }
    }
    let played = h.state().game().moves().len();
    let flush = Instant::now();
    assert!(h.state().flush_saves());
    let flush = flush.elapsed();
    frames.sort();
    println!(
        "{played} moves, {} frames with the saver thread: median {:?}, slowest {:?} (queue drained {:?} after the last move)",
        frames.len(),
        frames[frames.len() / 2],
        frames[frames.len() - 1],
        flush
    );

    // The same saves done in line, as the UI thread used to do them.
    let storage = Storage::at(dir.path().join("inline"));
    let settings = GameSettings::default();
    let mut writes: Vec<Duration> = (1..=played)
        .map(|n| {
            let game = GameModel::from_moves(settings, &points[..n]).expect("legal");
            let t = Instant::now();
            storage.save(AUTOSAVE_FILE, &game).expect("written");
            t.elapsed()
        })
        .collect();
    writes.sort();
    println!(
        "the same {} saves in line: median {:?}, slowest {:?}",
        writes.len(),
        writes[writes.len() / 2],
        writes[writes.len() - 1]
    );
}

/// Points walking outward from the centre: `n` distinct moves that end
/// the game late, if at all.
fn spiral(n: usize) -> Vec<Point> {
    let mut out = Vec::new();
    // Alternate columns 3 apart so no five forms quickly.
    for y in 0..15u8 {
        for x in [0u8, 3, 6, 9, 12, 1, 4, 7, 10, 13, 2, 5, 8, 11, 14] {
            out.push(Point::new(x, (y * 7) % 15));
        }
    }
    out.truncate(n);
    out
}
