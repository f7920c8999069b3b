//! Frame time of the real app, driven through the egui_kittest harness
//! (issue #39): how long one `Harness::step` takes, that is one full egui
//! frame of `GomokuApp` (input, layout, painting into shapes and the
//! AccessKit tree kittest reads) without tessellation or rendering.
//!
//! Three cases, all two-player on a 20x20 board in a 1000x720 window with
//! the pointer resting over the board so the hover code runs:
//!
//! - `empty_board`: a new game, nothing played.
//! - `game_200`: a fixed, legal 200-move game (no five anywhere) with 30
//!   three-move variations branching off the main line, shown at the end
//!   of the main line.
//! - `game_200_review_analysis`: the same game after a finished review
//!   (depth 1 per position, so the move labels and the evaluation graph
//!   are shown) with analysis mode on and its depth-2 search finished;
//!   the pointer rests on the best candidate, so its line is drawn.
//!
//! The game is made from a seeded generator, so every run measures the
//! same positions; the reviews and searches of the setup are not timed.
//! Besides criterion's estimates, each case first records
//! [`RECORDED_FRAMES`] single frames and prints their median, 95th
//! percentile and slowest to stderr (lines starting `frame/`), since
//! criterion reports no maximum; the tessellation of the same frames'
//! shapes, which the real window does after each frame, is printed
//! beside them for scale but is not part of the measured step.
//!
//! Run with `cargo bench --bench frame` (about a minute and a half,
//! most of it criterion's sampling).

use criterion::{criterion_group, criterion_main, Criterion};
use eframe::egui::Pos2;
use egui_kittest::Harness;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::engine::Limits;
use gomoku::play::Mode;
use gomoku::rules::{GameModel, Point};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// The window, close to the app's default size (as in the UI tests).
const WINDOW: [f32; 2] = [1000.0, 720.0];

/// The largest board: 200 random-ish moves fit on it without a five far
/// more easily than on 15x15, and it is the heaviest board to draw.
const BOARD_SIZE: u8 = 20;

/// Moves of the main line.
const MAIN_LINE: usize = 200;

/// Variations branching off the main line, each at its own move.
const VARIATIONS: usize = 30;

/// Moves in each variation.
const VARIATION_LEN: usize = 3;

/// The main-line move the first variation replaces; later ones follow
/// every [`VARIATION_GAP`] moves, so all 30 fall inside the game.
const FIRST_FORK: usize = 8;

/// Moves between two forks.
const VARIATION_GAP: usize = 6;

/// Seed of the move generator; fixed so every run plays the same game.
const SEED: u64 = 0x39_f4a3_e5b1;

/// Single frames timed per case for the median and the slowest.
const RECORDED_FRAMES: usize = 300;

/// Frames run before timing, so caches, fonts and galleys have settled.
const WARM_UP_FRAMES: usize = 20;

/// Most frames the setup waits for the review or the analysis.
const MAX_WAIT_FRAMES: usize = 20_000;

/// SplitMix64: a tiny deterministic generator, so the game does not
/// depend on the `rand` crate's algorithms staying the same.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (the tiny modulo bias does not matter here).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A move for the side to move in `game`: a random empty point within
/// two lines of a stone already played (so the game stays a cluster, as
/// real games do), never `avoid` and never one that ends the game.
fn next_move(game: &GameModel, rng: &mut SplitMix, avoid: Option<Point>) -> Point {
    let board = game.board();
    let stones: Vec<Point> = board.stones().map(|(p, _)| p).collect();
    let centre = Point::new(BOARD_SIZE / 2, BOARD_SIZE / 2);
    let mut candidates: Vec<Point> = board
        .points()
        .filter(|&p| board.is_empty_at(p) && Some(p) != avoid)
        .filter(|&p| {
            if stones.is_empty() {
                p == centre
            } else {
                stones.iter().any(|&s| s.distance(p) <= 2)
            }
        })
        .collect();
    while !candidates.is_empty() {
        let p = candidates.swap_remove(rng.below(candidates.len()));
        let mut after = game.clone();
        if after.play(p).is_ok() && !after.is_over() {
            return p;
        }
    }
    panic!("no move near the stones keeps the game going");
}

/// Plays `p` through the app, as a click on the board would.
fn play(app: &mut GomokuApp, p: Point) {
    let before = app.game().moves().len();
    app.click_board(Some(p));
    assert_eq!(
        app.game().moves().len(),
        before + 1,
        "the app refused {p:?}"
    );
}

/// A harness around the test app: two players on a 20x20 board.
fn harness() -> Harness<'static, GomokuApp> {
    let settings = AppSettings {
        mode: Mode::TwoPlayer,
        board_size: BOARD_SIZE,
        ..AppSettings::default()
    };
    Harness::builder()
        .with_size(WINDOW)
        .with_max_steps(200)
        .build_eframe(move |_cc| GomokuApp::new_for_test(settings))
}

/// Plays the fixed main line and its variations in the app, and shows
/// the end of the main line.
fn play_game(app: &mut GomokuApp) {
    let mut rng = SplitMix(SEED);
    for _ in 0..MAIN_LINE {
        let p = next_move(app.game(), &mut rng, None);
        play(app, p);
    }
    let main_path = app.game().path().to_vec();
    for i in 0..VARIATIONS {
        app.go_to_ply(FIRST_FORK + i * VARIATION_GAP);
        // The main line's move here, which the variation must differ from.
        let main_move = app.game().redo_moves().first().copied();
        let first = next_move(app.game(), &mut rng, main_move);
        play(app, first);
        for _ in 1..VARIATION_LEN {
            let p = next_move(app.game(), &mut rng, None);
            play(app, p);
        }
        app.go_to_node(&main_path);
    }
    let game = app.game();
    assert_eq!(game.moves().len(), MAIN_LINE, "back at the main line's end");
    assert_eq!(game.path(), main_path.as_slice());
    assert!(!game.is_over(), "nobody made five");
    assert_eq!(
        game.tree().move_count(),
        MAIN_LINE + VARIATIONS * VARIATION_LEN,
        "every variation is its own branch"
    );
}

/// Runs frames until `done` holds, sleeping a little between them: the
/// review and analysis engines think on their own threads and frames
/// only poll them.
fn run_until(h: &mut Harness<'static, GomokuApp>, what: &str, done: fn(&mut GomokuApp) -> bool) {
    for _ in 0..MAX_WAIT_FRAMES {
        h.step();
        if done(h.state_mut()) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
    panic!("{what} did not finish within {MAX_WAIT_FRAMES} frames");
}

/// Reviews the whole game (depth 1 per position) and turns analysis on
/// (depth 2), waiting for both to finish.
fn review_and_analyse(h: &mut Harness<'static, GomokuApp>) {
    let app = h.state_mut();
    app.set_review_limits(Limits::depth(1));
    app.start_review();
    run_until(h, "the review", |app| {
        let (done, total) = app.review_progress();
        !app.review_running() && done == total
    });
    let reviewed = h.state_mut().move_reviews();
    assert!(
        reviewed.iter().filter(|r| r.is_some()).count() >= MAIN_LINE - 1,
        "the review labelled the game's moves"
    );
    let app = h.state_mut();
    app.set_analysis_limits(Limits::depth(2));
    app.toggle_analysis();
    assert!(h.state().analysis_on());
    run_until(h, "the analysis", |app| {
        !app.analysis_searching() && !app.analysis_candidates().is_empty()
    });
}

/// Rests the pointer over `p` and lets the app settle (the frames that
/// react to the move are not timed).
fn hover(h: &mut Harness<'static, GomokuApp>, p: Point) {
    let g = h.state().board_geometry().expect("the board is drawn");
    let pos: Pos2 = g.screen_pos(p);
    h.hover_at(pos);
    // An app that keeps asking for frames (a toast's timer) only makes
    // this stop at the step limit, which is fine for a setup.
    let _ = h.run_ok();
    for _ in 0..WARM_UP_FRAMES {
        h.step();
    }
}

/// The case's harness, set up and settled.
fn setup(case: Case) -> Harness<'static, GomokuApp> {
    let mut h = harness();
    h.run();
    if case != Case::Empty {
        play_game(h.state_mut());
    }
    let centre = Point::new(BOARD_SIZE / 2, BOARD_SIZE / 2);
    let hover_at = match case {
        Case::Empty => centre,
        Case::Game => {
            // An empty point, so the hover shows where a stone would go.
            let mut rng = SplitMix(SEED ^ 1);
            next_move(h.state().game(), &mut rng, None)
        }
        Case::ReviewAnalysis => {
            review_and_analyse(&mut h);
            h.state().analysis_candidates()[0].mv
        }
    };
    hover(&mut h, hover_at);
    h
}

/// The measured scenarios.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Case {
    Empty,
    Game,
    ReviewAnalysis,
}

impl Case {
    fn name(self) -> &'static str {
        match self {
            Case::Empty => "empty_board",
            Case::Game => "game_200",
            Case::ReviewAnalysis => "game_200_review_analysis",
        }
    }
}

/// Milliseconds, for printing.
fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The `q` quantile (0 to 1) of sorted durations.
fn quantile(sorted: &[Duration], q: f64) -> Duration {
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

/// Times [`RECORDED_FRAMES`] single steps and prints their median, 95th
/// percentile and slowest, with the tessellation of each frame's shapes
/// timed apart for scale.
fn record_frames(case: Case, h: &mut Harness<'static, GomokuApp>) {
    let mut steps = Vec::with_capacity(RECORDED_FRAMES);
    let mut tessellations = Vec::with_capacity(RECORDED_FRAMES);
    for _ in 0..RECORDED_FRAMES {
        let start = Instant::now();
        h.step();
        steps.push(start.elapsed());
        let shapes = h.output().shapes.clone();
        let start = Instant::now();
        black_box(h.ctx.tessellate(shapes, h.ctx.pixels_per_point()));
        tessellations.push(start.elapsed());
    }
    steps.sort_unstable();
    tessellations.sort_unstable();
    eprintln!(
        "frame/{}: step over {RECORDED_FRAMES} frames: median {:.3} ms, p95 {:.3} ms, \
         slowest {:.3} ms (tessellation, not in the step: median {:.3} ms, slowest {:.3} ms)",
        case.name(),
        ms(quantile(&steps, 0.5)),
        ms(quantile(&steps, 0.95)),
        ms(steps[steps.len() - 1]),
        ms(quantile(&tessellations, 0.5)),
        ms(tessellations[tessellations.len() - 1]),
    );
}

fn frames(c: &mut Criterion) {
    let mut group = c.benchmark_group("frame");
    // A frame takes milliseconds: a few seconds per case gives a steady
    // median and keeps the whole bench near a minute and a half.
    group
        .sample_size(30)
        .warm_up_time(Duration::from_secs(2))
        .measurement_time(Duration::from_secs(8));
    for case in [Case::Empty, Case::Game, Case::ReviewAnalysis] {
        let mut h = setup(case);
        record_frames(case, &mut h);
        group.bench_function(case.name(), |b| b.iter(|| h.step()));
    }
    group.finish();
}

criterion_group!(benches, frames);
criterion_main!(benches);
