//! Analysis mode, the game review, its labels and graph, driven through
//! the app with egui_kittest. Searches are depth-limited so every run is
//! the same; nothing here measures time.

use crate::common::{harness, harness_sized, run_until, two_player_game};
use egui_kittest::kittest::Queryable;
use egui_kittest::SnapshotOptions;
use gomoku::app::{AppSettings, Label};
use gomoku::engine::Limits;
use gomoku::i18n::{Lang, Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::{parse_moves, point_name, GameModel, Point, Stone};
use std::collections::HashSet;
use std::time::Duration;

const EN: Tr = Tr(gomoku::i18n::Lang::English);

/// Black builds a four on row 8 that White leaves open (move 8, a15),
/// then Black misses the win at l8 (move 9, a1) and White blocks it.
const MISSED_WIN: &str = "h8g8i8g10j8g12k8a15a1l8";

fn two_players(candidates: usize) -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        analysis_candidates: candidates,
        ..AppSettings::default()
    }
}

fn game(moves: &str) -> GameModel {
    two_player_game(moves)
}

#[test]
fn analysis_shows_n_distinct_legal_candidates() {
    let mut h = harness(two_players(3));
    h.state_mut().load_game(game("h8i9j8i8i7j9h9h7"));
    h.state_mut().set_analysis_limits(Limits::depth(4));
    h.key_press(eframe::egui::Key::A);
    h.run();
    assert!(h.state().analysis_on(), "the A key turns analysis on");
    run_until(&mut h, "the analysis", |app| !app.analysis_searching());
    let app = h.state();
    let cands = app.analysis_candidates();
    assert_eq!(cands.len(), 3, "{cands:?}");
    let distinct: HashSet<Point> = cands.iter().map(|c| c.mv).collect();
    assert_eq!(distinct.len(), 3, "{cands:?}");
    for c in cands {
        assert!(app.game().board().is_empty_at(c.mv), "{c:?} is on a stone");
        assert_eq!(c.pv.first(), Some(&c.mv), "each line starts with its move");
    }
    assert!(
        cands.windows(2).all(|w| w[0].score >= w[1].score),
        "best first: {cands:?}"
    );
    // The panel lists them by name.
    for c in cands {
        h.get_by_label(&point_name(c.mv, 15));
    }
}

#[test]
fn analysis_follows_the_shown_position_and_stops_when_left() {
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game("h8i9"));
    h.state_mut().set_analysis_limits(Limits::depth(3));
    h.key_press(eframe::egui::Key::A);
    h.run();
    assert!(h.state().analysis_on(), "the A key turns analysis on");
    run_until(&mut h, "the first analysis", |app| {
        !app.analysis_searching() && !app.analysis_candidates().is_empty()
    });
    let first = h.state().analysis_candidates()[0].clone();
    assert!(h.state().game().board().is_empty_at(first.mv));
    // A move changes the position: the candidates are for the new one.
    let played = first.mv;
    crate::common::click_point(&mut h, played);
    assert_eq!(h.state().game().moves().len(), 3);
    run_until(&mut h, "the second analysis", |app| {
        !app.analysis_searching() && !app.analysis_candidates().is_empty()
    });
    let second = h.state().analysis_candidates()[0].clone();
    assert!(h.state().game().board().is_empty_at(second.mv));
    assert_ne!(second.mv, played);
    h.key_press(eframe::egui::Key::A);
    h.run();
    assert!(!h.state().analysis_on(), "and off again");
    assert!(!h.state().analysis_searching());
}

#[test]
fn the_ai_waits_while_analysis_is_on() {
    for lang in [Lang::English, Lang::Chinese] {
        let tr = Tr(lang);
        let settings = AppSettings {
            mode: Mode::VsAi {
                human: Stone::Black,
            },
            language: Some(lang),
            ..AppSettings::default()
        };
        let mut h = harness(settings);
        h.state_mut().set_analysis_limits(Limits::depth(2));
        h.state_mut().toggle_analysis();
        crate::common::click_point(&mut h, Point::new(7, 7));
        // Long enough for the depth-2 reply many times over.
        for _ in 0..200 {
            h.step();
            std::thread::sleep(Duration::from_millis(2));
        }
        assert_eq!(h.state().game().moves().len(), 1, "the AI did not move");
        // The panel says why, with no clock counting, no "Move now" for a
        // reply that is held, and no line anywhere (the header included)
        // that says the AI is thinking.
        assert!(h.query_by_label(tr.s(Msg::MoveNow)).is_none(), "{lang:?}");
        assert!(
            h.query_by_label_contains(tr.s(Msg::Thinking)).is_none(),
            "{lang:?}: something says the AI is thinking"
        );
        assert!(
            h.query_all_by_label(tr.s(Msg::AnalysisAiWaits)).count() >= 1,
            "{lang:?}"
        );
        h.state_mut().toggle_analysis();
        crate::common::wait_for_ai(&mut h);
        assert_eq!(h.state().game().moves().len(), 2, "the AI moves once left");
    }
}

#[test]
fn frames_keep_coming_while_analysis_and_review_run() {
    let mut h = harness(two_players(3));
    h.state_mut().load_game(game(MISSED_WIN));
    // Analysis without a limit and the review at its real time per
    // position: both are still at work after every frame below.
    h.state_mut().toggle_analysis();
    h.state_mut().start_review();
    let mut frames = 0;
    for _ in 0..60 {
        h.step();
        frames += 1;
        assert!(h.state().analysis_searching(), "analysis ended by itself");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert_eq!(frames, 60);
    assert!(h.state().review_running() || h.state_mut().review_progress().0 > 0);
    // The panel drew the review's progress while it ran.
    h.state_mut().cancel_review();
    h.state_mut().toggle_analysis();
    h.run();
    assert!(!h.state().review_running() && !h.state().analysis_searching());
}

#[test]
fn a_missed_win_in_one_is_a_blunder() {
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game(MISSED_WIN));
    h.state_mut().set_review_limits(Limits::depth(3));
    h.get_by_label(EN.s(Msg::MenuAnalysis)).click();
    h.run();
    h.get_by_label(EN.s(Msg::ReviewGame)).click();
    h.run();
    run_until(&mut h, "the review", |app| !app.review_running());
    let reviews = h.state_mut().move_reviews();
    let l8 = parse_moves("l8", 15).unwrap()[0];
    let missed = reviews[8].expect("move 9 reviewed");
    assert_eq!(missed.mover, Stone::Black);
    assert_eq!(missed.label, Label::Blunder, "{missed:?}");
    assert_eq!(missed.best, Some(l8), "the win was at l8");
    let left_open = reviews[7].expect("move 8 reviewed");
    assert_eq!(left_open.label, Label::Blunder, "{left_open:?}");
    let blocked = reviews[9].expect("move 10 reviewed");
    assert_eq!(blocked.label, Label::Best, "{blocked:?}");
    // The move list marks it, and the graph's data is complete.
    h.get_by_label("a1??");
    let chances = h.state_mut().black_chances();
    assert_eq!(chances.len(), 11);
    assert!(chances.iter().all(Option::is_some));
    assert!(chances[8].unwrap() > 0.99, "Black could win at once");
}

#[test]
fn cancelling_stops_the_review_at_once_and_resuming_completes_it() {
    let mut h = harness(two_players(1));
    let line = "h8i9j8i8i7j9h9h7k10g6g8f5";
    h.state_mut().load_game(game(line));
    // Long enough that the pass is still running when the cancel lands,
    // on any machine: a fixed depth is not (at depth 4 the search finished
    // the pass within a frame or two, and later, in a fresh-clone run,
    // at depth 7 too), while a tenth of a second for each of the twelve
    // positions leaves about a second of pass after the second result.
    h.state_mut()
        .set_review_limits(Limits::time(Duration::from_millis(100)));
    h.state_mut().start_review();
    run_until(&mut h, "some progress", |app| app.review_progress().0 >= 2);
    h.get_by_label(EN.s(Msg::ReviewCancel)).click();
    h.run();
    assert!(!h.state().review_running(), "stopped at the click");
    let (done, total) = h.state_mut().review_progress();
    let searches = h.state().review_searches();
    assert!(done < total, "{done} of {total}");
    for _ in 0..100 {
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    assert_eq!(h.state_mut().review_progress().0, done, "nothing more came");
    assert_eq!(h.state().review_searches(), searches);
    h.get_by_label(EN.s(Msg::ReviewResume)).click();
    h.run();
    // Nothing moved without the click, so after it the review is either
    // running or, with a fast search, already through (a pass over the
    // rest can finish inside the frames of one `run`).
    let resumed = h.state().review_running() || h.state_mut().review_progress().0 > done;
    assert!(resumed, "the click resumed the review");
    run_until(&mut h, "the resumed review", |app| !app.review_running());
    let (done, total) = h.state_mut().review_progress();
    assert_eq!(done, total);
    // Each position was searched once: the pass resumed, not restarted.
    // The last, White's five on f5-j9, is settled without a search.
    assert_eq!(h.state().review_searches(), total - 1);
}

#[test]
fn the_move_helper_goes_to_a_move_and_keeps_the_line() {
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game(MISSED_WIN));
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    run_until(&mut h, "the review", |app| !app.review_running());
    h.state_mut().go_to_ply(4);
    h.run();
    assert_eq!(h.state().game().moves().len(), 4);
    assert_eq!(h.state().game().redo_moves().len(), 6, "the line is kept");
    h.state_mut().go_to_ply(10);
    h.run();
    assert_eq!(h.state().game().moves().len(), 10);
}

#[test]
fn the_analysis_view_with_candidates_and_the_graph() {
    let mut h = harness_sized(two_players(3), [900.0, 680.0], 1.0);
    h.state_mut().load_game(game(MISSED_WIN));
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().set_analysis_limits(Limits::depth(3));
    h.state_mut().go_to_ply(7);
    h.state_mut().start_review();
    h.state_mut().toggle_analysis();
    run_until(&mut h, "analysis and review", |app| {
        !app.review_running() && !app.analysis_searching()
    });
    h.run();
    // Under load (the whole suite at once) the graph has come out a
    // fraction of a pixel off, along its curve and two grid lines: 940
    // pixels of 612,000, the review's values differing in their last
    // digits (why is not yet known). A real change of the view moves
    // thousands (a new score and labels: 12,560), so a few are let through.
    h.snapshot_options(
        "analysis_view",
        &SnapshotOptions::new().max_failed_pixels(ANALYSIS_SNAPSHOT_SLACK),
    );
}

/// Pixels the analysis snapshot may differ by (see its test).
const ANALYSIS_SNAPSHOT_SLACK: usize = 2_000;

#[test]
fn a_finished_game_shows_no_review_until_one_is_asked_for() {
    let mut h = harness(two_players(1));
    // White's five on f5-j9 ends the game: its last position needs no
    // search, and is no review of its own.
    h.state_mut().load_game(game("h8i9j8i8i7j9h9h7k10g6g8f5"));
    h.run();
    assert!(h.query_by_label(EN.s(Msg::ReviewHeading)).is_none());
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    h.run();
    assert!(h.query_by_label(EN.s(Msg::ReviewHeading)).is_some());
}

#[test]
fn clicking_the_graph_goes_to_that_move() {
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game(MISSED_WIN));
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    run_until(&mut h, "the review", |app| !app.review_running());
    let rect = h
        .state()
        .evaluation_graph_rect()
        .expect("the graph is drawn");
    // The plot spans moves 0 to 10 across its width, with a margin.
    crate::common::click_at(&mut h, rect.left_center() + eframe::egui::vec2(4.0, 0.0));
    assert_eq!(h.state().game().moves().len(), 0, "the start");
    assert_eq!(h.state().game().redo_moves().len(), 10, "the line is kept");
    crate::common::click_at(&mut h, rect.center());
    assert_eq!(h.state().game().moves().len(), 5, "the middle");
    crate::common::click_at(&mut h, rect.right_center() - eframe::egui::vec2(4.0, 0.0));
    assert_eq!(h.state().game().moves().len(), 10, "the end");
}

#[test]
fn the_review_folds_away_and_keeps_running() {
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game(MISSED_WIN));
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    h.run();
    assert!(h.state().evaluation_graph_rect().is_some());
    h.get_by_label(EN.s(Msg::ReviewHeading)).click();
    h.run();
    assert!(
        h.state().evaluation_graph_rect().is_none(),
        "folded: no graph"
    );
    // The pass goes on while folded, and unfolding shows it complete.
    run_until(&mut h, "the review", |app| !app.review_running());
    h.get_by_label(EN.s(Msg::ReviewHeading)).click();
    h.run();
    assert!(h.state().evaluation_graph_rect().is_some());
    let done = EN.f(Msg::ReviewDone, &[("total", &11)]);
    assert!(h.query_by_label(&done).is_some(), "{done}");
}

/// A game whose last mover ignored the opponent's VCF: a shipped VCF
/// puzzle's position, the attacker wasting a move in a corner and the
/// defender answering in another; with what the explainer says of that
/// last move's opponent threat.
fn ignored_vcf() -> (GameModel, gomoku::engine::explain::Threat) {
    use gomoku::engine::explain::{Explainer, ThreatKind};
    use gomoku::puzzle::{parse_set, Kind};
    let set = parse_set(include_str!("../../assets/puzzles/freestyle15.txt")).unwrap();
    let corners = [(0, 0), (14, 0), (0, 14), (14, 14)].map(|(x, y)| Point::new(x, y));
    let mut explainer = Explainer::new();
    for p in set.puzzles.iter().filter(|p| p.kind == Kind::Vcf).take(40) {
        let board = p.board().unwrap();
        let free: Vec<Point> = corners
            .into_iter()
            .filter(|c| board.is_empty_at(*c))
            .collect();
        let [wasted, ignored, ..] = free[..] else {
            continue;
        };
        let mut moves = p.moves.clone();
        moves.push(wasted);
        let before = GameModel::from_moves(Default::default(), &moves).unwrap();
        let mover = before.side_to_move();
        let e = explainer.explain(before.board(), before.rule(), mover, ignored, true);
        let Some(t) = e.threat else { continue };
        if t.kind == ThreatKind::Vcf && !t.met && t.answer.is_some() {
            moves.push(ignored);
            return (
                GameModel::from_moves(Default::default(), &moves).unwrap(),
                t,
            );
        }
    }
    panic!("no shipped VCF puzzle gives an ignored VCF with a block");
}

#[test]
fn in_review_the_words_say_the_opponent_had_a_vcf_and_where_to_block() {
    let (game, threat) = ignored_vcf();
    let mut h = harness(two_players(1));
    h.state_mut().load_game(game);
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    let said = gomoku::i18n::threats::threat(EN, &threat, 15).unwrap();
    let block = point_name(threat.answer.unwrap(), 15);
    assert!(said.contains("VCF") && said.contains(&block), "{said}");
    // The solvers answer on their own thread; frames go on meanwhile.
    let mut frames = 0;
    while h.query_by_label_contains(&said).is_none() {
        frames += 1;
        assert!(
            frames < crate::common::MAX_WAIT_FRAMES,
            "the words never said: {said}"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
    // The same in Chinese, natural there too.
    let zh = gomoku::i18n::threats::threat(Tr(gomoku::i18n::Lang::Chinese), &threat, 15).unwrap();
    assert!(zh.contains("可以防住") && zh.contains(&block), "{zh}");
}

/// Waits until the side panel shows a label containing `text`.
fn wait_for_words(h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>, text: &str) {
    let mut frames = 0;
    while h.query_by_label_contains(text).is_none() {
        frames += 1;
        assert!(
            frames < crate::common::MAX_WAIT_FRAMES,
            "never said: {text}"
        );
        h.step();
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn the_words_name_the_reviews_best_defence_where_it_is_one() {
    use gomoku::engine::explain::Explainer;
    use gomoku::puzzle::{parse_set, Kind};
    // Ignored VCFs from the shipped puzzles, reviewed, until one where
    // the review's best move is a defence other than the first one the
    // solvers would name: there the words once said "block at h10"
    // while the ring and "Best was l6" pointed at l6.
    let set = parse_set(include_str!("../../assets/puzzles/freestyle15.txt")).unwrap();
    let corners = [(0, 0), (14, 0), (0, 14), (14, 14)].map(|(x, y)| Point::new(x, y));
    let mut explainer = Explainer::new();
    let mut tried = 0;
    for p in set.puzzles.iter().filter(|p| p.kind == Kind::Vcf).take(30) {
        let board = p.board().unwrap();
        let free: Vec<Point> = corners
            .into_iter()
            .filter(|c| board.is_empty_at(*c))
            .collect();
        let [wasted, ignored, ..] = free[..] else {
            continue;
        };
        // The puzzle's stones as a set-up, so the review has two moves
        // to search, not the whole game that led there.
        let mut game = GameModel::from_setup(Default::default(), &board, p.to_move()).unwrap();
        game.play(wasted).unwrap();
        let mover = game.side_to_move();
        let plain = explainer.explain(game.board(), game.rule(), mover, ignored, true);
        let Some(default_answer) = plain.threat.filter(|t| !t.met).and_then(|t| t.answer) else {
            continue;
        };
        let before = game.clone();
        game.play(ignored).unwrap();
        let mut h = harness(two_players(1));
        h.state_mut().load_game(game);
        h.state_mut().set_review_limits(Limits::depth(2));
        h.state_mut().start_review();
        run_until(&mut h, "the review", |app| !app.review_running());
        tried += 1;
        let best = h
            .state_mut()
            .move_reviews()
            .last()
            .copied()
            .flatten()
            .and_then(|m| m.best);
        let Some(best) = best.filter(|b| *b != default_answer) else {
            continue;
        };
        let told = explainer.explain_preferring(
            before.board(),
            before.rule(),
            mover,
            ignored,
            true,
            Some(best),
        );
        if told.threat.and_then(|t| t.answer) != Some(best) {
            continue;
        }
        // The review's best defends, and is not the solvers' first pick:
        // the words name it, as "Best was …" does.
        let said = format!("{} would have stopped it", point_name(best, 15));
        wait_for_words(&mut h, &said);
        assert!(h
            .query_by_label_contains(&format!("Best was {}", point_name(best, 15)))
            .is_some());
        return;
    }
    panic!("no reviewed ignored VCF had another defence as its best ({tried} reviewed)");
}
