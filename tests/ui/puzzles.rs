//! Puzzle mode through clicks: a puzzle solved move by move, a wrong move
//! refuted with grey stones, and a game with a missed win turning into a
//! puzzle of the player's own.

use crate::common::{click_point, harness, run_until};
use egui_kittest::kittest::Queryable;
use gomoku::app::AppSettings;
use gomoku::play::Mode;
use gomoku::puzzle::personal::Lesson;
use gomoku::puzzle::{parse_puzzle, parse_set, Judge, Kind};
use gomoku::rules::{parse_point, GameModel, GameSettings, Point, Stone};

const SHIPPED: &str = include_str!("../../assets/puzzles/freestyle15.txt");

/// A VCF for White (from the puzzle tests).
const VCF: &str = "k7e6g11g8h9g6i9g9g7h8i8f6h6d6c6f8h10j8e8f7e13f12f9 vcf f5f4d5c4c5e7e5 rule=freestyle size=15 first_wins=3";

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

fn open_puzzles(h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>) {
    h.get_by_label("Game").click();
    h.run();
    h.get_by_label("Puzzles…").click();
    h.run();
}

fn judged(h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>) {
    run_until(h, "the judge's answer", |app| !app.puzzle_judging());
}

#[test]
fn a_puzzle_is_solved_by_clicks_and_counted() {
    let mut h = harness(two_players());
    open_puzzles(&mut h);
    let attempt = h
        .state()
        .puzzle_attempt()
        .expect("a puzzle on the board")
        .clone();
    // A new player starts at level 1.
    assert_eq!(attempt.puzzle.level, 1);
    let set = parse_set(SHIPPED).unwrap();
    assert!(set.puzzles.contains(&attempt.puzzle));
    // The task is spelled out.
    assert!(
        h.query_by_label_contains("to play and win").is_some()
            || h.query_by_label_contains("find the only defence").is_some()
    );
    solve_by_clicks(&mut h, 20);
    assert!(h.query_by_label("Solved!").is_some());
    assert!(
        h.query_by_label_contains("1 of").is_some(),
        "the solve counted"
    );
    // The status bar points to the next puzzle, not to a new game.
    assert!(h.query_by_label_contains("Play again").is_none());
    assert!(h.query_by_label("Solved — try the next one.").is_some());
    // The board plays no further moves, and Next brings another puzzle.
    h.get_by_label("Next puzzle").click();
    h.run();
    let next = h.state().puzzle_attempt().unwrap();
    assert!(!next.solved && next.played.is_empty());
    assert_ne!(next.puzzle, attempt.puzzle);
    // Back to the game: the board is the game's again.
    h.get_by_label("Back to the game").click();
    h.run();
    assert!(h.state().puzzle_attempt().is_none());
    assert!(h.state().game().moves().is_empty());
}

#[test]
fn a_wrong_move_shows_its_refutation_and_can_be_retried() {
    let mut h = harness(two_players());
    open_puzzles(&mut h);
    // A defence puzzle: a wrong defence is answered by the attacker's win.
    for _ in 0..50 {
        if h.state().puzzle_attempt().unwrap().puzzle.kind == Kind::Defend {
            break;
        }
        h.get_by_label("Next puzzle").click();
        h.run();
    }
    let attempt = h.state().puzzle_attempt().unwrap().clone();
    assert_eq!(attempt.puzzle.kind, Kind::Defend);
    let board = attempt.puzzle.board_after(&[]).unwrap();
    // A far corner: no four, no threat, no defence.
    let corner = [
        Point::new(0, 0),
        Point::new(14, 0),
        Point::new(0, 14),
        Point::new(14, 14),
    ]
    .into_iter()
    .find(|p| board.is_empty_at(*p))
    .unwrap();
    click_point(&mut h, corner);
    judged(&mut h);
    let attempt = h.state().puzzle_attempt().unwrap();
    assert!(attempt.played.is_empty(), "a wrong move is not kept");
    assert_eq!(attempt.mistakes, 1);
    let ghosts = h.state().puzzle_ghosts();
    assert_eq!(
        ghosts.first(),
        Some(&(corner, attempt.player())),
        "the wrong move, in grey"
    );
    assert!(ghosts.len() >= 2, "and the attacker's win: {ghosts:?}");
    assert_eq!(ghosts[1].1, attempt.player().opponent());
    assert!(
        h.query_by_label_contains("grey stones").is_some()
            || h.query_by_label_contains("Not a").is_some()
    );
    h.get_by_label("Try again").click();
    h.run();
    assert!(h.state().puzzle_ghosts().is_empty());
    // A hint, in two steps: the square, then the move. The button stays
    // where it was, so a second click lands on it.
    let hint_top = h.get_by_label("Hint").rect().top();
    h.get_by_label("Hint").click();
    judged(&mut h);
    assert_eq!(h.get_by_label("Hint").rect().top(), hint_top);
    assert!(h
        .query_by_label("The move is in the marked square")
        .is_some());
    h.get_by_label("Hint").click();
    judged(&mut h);
    assert!(h.query_by_label_contains("Play ").is_some());
}

#[test]
fn a_lost_game_with_a_missed_vcf_becomes_a_puzzle_of_your_own() {
    let puzzle = parse_puzzle(VCF).unwrap();
    let person = puzzle.to_move();
    assert_eq!(person, Stone::White);
    // The person (White, against the AI) plays far away instead of
    // winning, the AI answers, and the person resigns.
    let mut moves = puzzle.moves.clone();
    moves.push(parse_point("a15", 15).unwrap());
    moves.push(parse_point("o1", 15).unwrap());
    let mut h = harness(AppSettings {
        mode: Mode::VsAi { human: person },
        ..AppSettings::default()
    });
    let game = GameModel::from_moves(GameSettings::default(), &moves).unwrap();
    h.state_mut().load_game(game);
    h.run();
    h.get_by_label("Resign").click();
    h.run();
    h.get_by_label("Yes, resign").click();
    h.run();
    assert!(h.state().game().is_over());
    run_until(&mut h, "the personal puzzles", |app| {
        !app.searching_personal_puzzles() && !app.personal_puzzles().entries.is_empty()
    });
    let entries = &h.state().personal_puzzles().entries;
    let index = entries
        .iter()
        .position(|e| {
            e.origin.lesson == Lesson::MissedWin && e.origin.move_number == puzzle.moves.len() + 1
        })
        .expect("the missed win at its move");
    let entry = entries[index].clone();
    assert_eq!(entry.origin.move_number, puzzle.moves.len() + 1);
    assert_eq!(entry.puzzle().unwrap().moves, puzzle.moves);
    // It is listed in puzzle mode with where it came from, and opens.
    open_puzzles(&mut h);
    let label = format!("Move {} of your game on", puzzle.moves.len() + 1);
    assert!(h.query_by_label_contains(&label).is_some());
    h.get_all_by_label("Open").nth(index).unwrap().click();
    h.run();
    let attempt = h.state().puzzle_attempt().unwrap();
    assert_eq!(attempt.puzzle.moves, puzzle.moves);
    assert!(h
        .query_by_label_contains("win by continuous fours")
        .is_some());
}

/// Clicks the puzzle panel's set choice, then the set named `name`.
fn choose_set(h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>, name: &str) {
    h.get_by_label("Puzzle set").click();
    h.run();
    h.get_by_label_contains(name).click();
    h.run();
}

/// Plays the judge's right moves by clicks until the try is solved, each
/// standing (no refutation shown); fails if it takes more than
/// `max_moves` clicks.
fn solve_by_clicks(
    h: &mut egui_kittest::Harness<'static, gomoku::app::GomokuApp>,
    max_moves: usize,
) {
    let mut judge = Judge::new();
    for _ in 0..max_moves {
        let attempt = h.state().puzzle_attempt().unwrap().clone();
        if attempt.solved {
            return;
        }
        let mv = judge.right_move(&attempt).expect("a right move");
        click_point(h, mv);
        judged(h);
        assert!(h.state().puzzle_ghosts().is_empty(), "a right move stands");
    }
    assert!(
        h.state().puzzle_attempt().unwrap().solved,
        "not solved in {max_moves} moves"
    );
}

#[test]
fn the_renju_set_is_chosen_played_under_renju_and_counted_apart() {
    use gomoku::puzzle::sets::ShippedSet;
    use gomoku::rules::{forbidden, Rule};
    let renju = ShippedSet::named("renju15-vcf").unwrap().puzzles();
    let mut h = harness(two_players());
    open_puzzles(&mut h);
    // Both sets are offered in words, with their sizes.
    h.get_by_label("Puzzle set").click();
    h.run();
    assert!(h.query_by_label_contains("Freestyle 15×15 (1,").is_some());
    h.key_press(eframe::egui::Key::Escape);
    h.run();
    choose_set(&mut h, &format!("Renju 15×15 — VCF ({})", renju.len()));
    let attempt = h.state().puzzle_attempt().unwrap().clone();
    assert!(renju.contains(&attempt.puzzle), "a puzzle of the Renju set");
    assert_eq!(attempt.puzzle.rule, Rule::Renju);
    assert!(h
        .query_by_label_contains("win by continuous fours")
        .is_some());
    assert!(h.query_by_label_contains("Renju · 15×15").is_some());
    // A puzzle where Black to move has forbidden points: they are marked,
    // and one is refused in words.
    let mut marked = None;
    for _ in 0..renju.len() {
        let a = h.state().puzzle_attempt().unwrap().clone();
        let board = a.puzzle.board().unwrap();
        if a.puzzle.to_move() == Stone::Black {
            let points: Vec<Point> = board
                .points()
                .filter(|p| forbidden(&board, *p).is_some())
                .collect();
            if !points.is_empty() {
                marked = Some(points);
                break;
            }
        }
        h.get_by_label("Next puzzle").click();
        h.run();
    }
    let points = marked.expect("a Renju puzzle with a forbidden point");
    h.run();
    assert_eq!(h.state().forbidden_shown(), points.as_slice());
    click_point(&mut h, points[0]);
    judged(&mut h);
    assert!(h.state().puzzle_attempt().unwrap().played.is_empty());
    assert!(
        h.query_by_label_contains("forbidden").is_some(),
        "the refusal is told"
    );
    solve_by_clicks(&mut h, 29);
    assert!(h.query_by_label("Solved!").is_some());
    let saved = h.state().saved_puzzles();
    assert_eq!(saved.set.as_deref(), Some("renju15-vcf"));
    assert_eq!(saved.progress.sets["renju15-vcf"].solved_count(), 1);
    assert!(!saved.progress.sets.contains_key("freestyle15"));
    let solved = format!("1 of {} solved", renju.len());
    assert!(h.query_by_label_contains(&solved).is_some());
    // Back to the game: its own rule, no forbidden points.
    h.get_by_label("Back to the game").click();
    h.run();
    h.run();
    assert_eq!(h.state().game().rule(), Rule::Freestyle);
    assert!(h.state().forbidden_shown().is_empty());
}

#[test]
fn the_chosen_set_comes_back_with_the_progress() {
    use gomoku::puzzle::saved::SavedPuzzles;
    use gomoku::rules::Rule;
    let dir = tempfile::tempdir().unwrap();
    let saved = SavedPuzzles {
        set: Some("renju15-vcf".into()),
        ..SavedPuzzles::default()
    };
    gomoku::storage::Storage::at(dir.path().to_path_buf())
        .save(gomoku::storage::PUZZLES_FILE, &saved)
        .unwrap();
    let mut h = crate::common::harness_in(dir.path().to_path_buf());
    open_puzzles(&mut h);
    let attempt = h.state().puzzle_attempt().unwrap();
    assert_eq!(attempt.puzzle.rule, Rule::Renju);
}

#[test]
fn progress_made_in_the_terminal_shows_in_the_app() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = gomoku::textplay::TextSession::new(
        GameSettings::default(),
        Mode::TwoPlayer,
        gomoku::engine::Band::Beginner.representative(),
    )
    .unwrap();
    text.set_puzzle_storage(gomoku::storage::Storage::at(dir.path().to_path_buf()));
    let mut out = Vec::new();
    // Puzzle 3 of the freestyle set: White's only defence is l9.
    text.run("puzzle 3\nl9\nquit\n".as_bytes(), &mut out)
        .unwrap();
    assert!(String::from_utf8(out).unwrap().contains("Solved!"));
    let mut h = crate::common::harness_in(dir.path().to_path_buf());
    open_puzzles(&mut h);
    let total = parse_set(SHIPPED).unwrap().puzzles.len();
    let total =
        gomoku::i18n::threats::grouped(gomoku::i18n::Tr(gomoku::i18n::Lang::English), total);
    let solved = format!("1 of {total} solved");
    assert!(h.query_by_label_contains(&solved).is_some(), "{solved}");
}

/// The buttons stay under the pointer from one puzzle to the next: a task
/// of one row ("Black to play and win…") and one of two ("White to play
/// and win by continuous fours (VCF)") once moved them by a row.
#[test]
fn the_buttons_stay_put_from_one_puzzle_to_the_next() {
    let mut h = harness(two_players());
    h.run();
    open_puzzles(&mut h);
    let hint_y = |h: &egui_kittest::Harness<'static, gomoku::app::GomokuApp>| {
        h.get_by_label("Hint").rect().min.y
    };
    let first = hint_y(&h);
    for set in ["Renju", "Freestyle"] {
        choose_set(&mut h, set);
        for _ in 0..6 {
            assert_eq!(hint_y(&h), first, "the Hint button moved");
            h.get_by_label("Next puzzle").click();
            h.run();
        }
    }
}
