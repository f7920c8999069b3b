//! `gomoku-text` beyond plain moves, driven by scripts: puzzles, opening
//! rules with the AI in its seat, and clocks with an injected time source.

use gomoku::engine::balance::BalanceConfig;
use gomoku::engine::Band;
use gomoku::engine::{Limits, SearchParams};
use gomoku::play::Mode;
use gomoku::rules::clock::TimeControl;
use gomoku::rules::opening::{Ask, OpeningRule};
use gomoku::rules::{GameSettings, Stone};
use gomoku::textplay::{SteppedTime, TextSession};
use std::time::Duration;

fn session(mode: Mode) -> TextSession {
    let mut s =
        TextSession::new(GameSettings::default(), mode, Band::Normal.representative()).unwrap();
    s.set_search_params(SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        persona: None,
        book: false,
        limits: Limits::depth(2),
        variety: 0,
        seed: Some(1),
        threads: 1,
        multipv: 1,
    });
    s.set_balance_config(BalanceConfig {
        limits: Limits::depth(4),
        screen: Limits::depth(2),
        candidates: 4,
        confirm: 2,
        // Any lean at all makes swap2's second player take a colour.
        take_margin: 0,
        seed: Some(7),
        ..BalanceConfig::default()
    });
    s
}

fn run(s: &mut TextSession, script: &str) -> String {
    let mut out = Vec::new();
    s.run(script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn vs_ai(human: Stone) -> Mode {
    Mode::VsAi { human }
}

// Puzzle 3 of the shipped set: White to move must find the only defence, l9.

#[test]
fn a_puzzle_is_solved() {
    let mut s = session(vs_ai(Stone::Black));
    let out = run(&mut s, "puzzle 3\nl9\nquit\nh8\n");
    assert!(out.contains("Puzzle 3 of "), "{out}");
    assert!(
        out.contains("White to move: find the only defence"),
        "{out}"
    );
    assert!(out.contains("Solved!"), "{out}");
    assert!(out.contains("Back to the game."), "{out}");
    // Back in the game, which the puzzles did not touch.
    assert_eq!(s.game().moves().len(), 2);
}

#[test]
fn a_wrong_puzzle_move_is_refuted_and_not_kept() {
    let mut s = session(vs_ai(Stone::Black));
    let out = run(&mut s, "puzzle 3\na1\nhint\nhint\nsolution\nretry\nl9\n");
    assert!(out.contains("That does not hold. Refutation: "), "{out}");
    assert!(!out.contains("Refutation: -"), "a line of moves: {out}");
    assert!(out.contains("your move was not kept"), "{out}");
    assert!(
        out.contains("Hint: the move is in the square from "),
        "{out}"
    );
    assert!(out.contains(" + "), "the square is drawn: {out}");
    assert!(out.contains("Play l9"), "{out}");
    assert!(out.contains("Solution: l9"), "{out}");
    // The wrong move was not kept: l9 still solves it after the retry.
    assert!(out.contains("Solved!"), "{out}");
}

#[test]
fn swap2_the_ai_chooses_a_colour() {
    let mut s = session(vs_ai(Stone::Black));
    s.set_opening_rule(OpeningRule::Swap2).unwrap();
    // Two connected black stones against a white one in the corner:
    // Black is clearly better, so the AI takes Black.
    let out = run(&mut s, "h8\na1\ni9\n");
    assert!(out.contains("You are the first player: you open."), "{out}");
    assert!(
        out.contains("First player: place stone 1, a Black stone."),
        "the stage in words: {out}"
    );
    assert!(out.contains("The AI takes Black."), "{out}");
    assert!(
        out.contains("The opening is over: you play White."),
        "{out}"
    );
    assert_eq!(
        s.mode(),
        Mode::VsAi {
            human: Stone::White
        }
    );
    assert_eq!(s.game().moves().len(), 3);
    assert!(out.ends_with("White to move.\n"), "{out}");
}

#[test]
fn an_illegal_opening_step_is_refused_and_changes_nothing() {
    let mut s = session(Mode::TwoPlayer);
    s.set_opening_rule(OpeningRule::Swap).unwrap();
    let out = run(&mut s, "h8\nh8\nh9\ni9\nj9\npick h8\nwhite\n");
    assert!(
        out.contains(
            "? That is not allowed now. Second player: choose your colour (type black or white)."
        ),
        "a fourth stone before the choice: {out}"
    );
    assert!(out.contains("? h8 is already taken."), "{out}");
    assert!(out.contains("The opening is over."), "{out}");
    assert_eq!(s.game().moves().len(), 3);

    let mut r = session(Mode::TwoPlayer);
    r.set_opening_rule(OpeningRule::Renju26 { offers: 2 })
        .unwrap();
    let out = run(&mut r, "h8\na1\n");
    assert!(
        out.contains("? a1 is outside the central 3×3 square."),
        "{out}"
    );
    assert_eq!(r.opening().unwrap().decisions().len(), 1);

    // Two offers in one command: the second is refused, so neither is kept.
    let mut r = session(Mode::TwoPlayer);
    r.set_opening_rule(OpeningRule::Renju26 { offers: 2 })
        .unwrap();
    let out = run(&mut r, "h8\nh9\nh10\nblack\nk12\noffer f10 h8\n");
    assert!(out.contains("This is Kansei (D1)."), "{out}");
    assert!(
        out.contains("Second player: offer 5th move 1 of 2"),
        "{out}"
    );
    assert!(out.contains("? h8 is already taken."), "{out}");
    let o = r.opening().unwrap();
    assert!(o.offers().is_empty(), "{out}");
    assert!(matches!(
        o.stage().unwrap().ask,
        Ask::Offer { number: 1, .. }
    ));
}

#[test]
fn undo_steps_back_through_the_opening() {
    let mut s = session(vs_ai(Stone::Black));
    s.set_opening_rule(OpeningRule::Swap).unwrap();
    let out = run(&mut s, "h8\nh9\ni9\nundo\n");
    assert!(out.contains("The AI takes "), "{out}");
    // Back to before the person's third stone, whatever the AI chose.
    let o = s.opening().unwrap();
    assert_eq!(o.moves().len(), 2, "{out}");
    assert_eq!(s.game().moves().len(), 2);
    assert!(matches!(
        o.stage().unwrap().ask,
        Ask::Place { number: 3, .. }
    ));
    assert!(
        out.ends_with("First player: place stone 3, a Black stone.\n"),
        "{out}"
    );

    // Two players: one decision at a time, down to the empty board.
    let mut t = session(Mode::TwoPlayer);
    t.set_opening_rule(OpeningRule::Swap2).unwrap();
    let out = run(&mut t, "h8\nh9\ni9\nj9\nundo\nundo\nundo\nundo\nundo\n");
    assert!(
        out.contains("place 2 more stones or choose a colour"),
        "{out}"
    );
    assert!(
        out.contains("Second player: place stone 5, a Black stone."),
        "{out}"
    );
    assert!(out.ends_with("? there is nothing to undo\n"), "{out}");
    assert_eq!(t.game().moves().len(), 0);
}

#[test]
fn a_person_flags_on_a_tiny_clock() {
    let mut s = session(vs_ai(Stone::Black));
    let tc: TimeControl = "10s".parse().unwrap();
    s.set_clock(tc, tc);
    // Every reading of the clock is 4 s after the one before: each move
    // costs 4 s; the person's third move comes after their 10 s.
    s.set_time_source(SteppedTime::new(Duration::from_secs(4)));
    let out = run(&mut s, "h8\ni9\nh9\nj9\n");
    assert!(
        out.contains("Clocks: Black 0:06.0 (running), White 0:06.0."),
        "{out}"
    );
    assert!(
        out.contains("Clocks: Black 0:02.0 (running), White 0:02.0."),
        "{out}"
    );
    assert!(out.contains("You lost on time."), "{out}");
    assert!(out.contains("? the game is over"), "{out}");
    assert_eq!(s.clock().unwrap().flagged(), Some(Stone::Black));
    assert_eq!(
        s.game().moves().len(),
        4,
        "the move after the flag does not count"
    );
}

#[test]
fn the_ai_flags_and_undo_lifts_a_flag() {
    let mut s = session(vs_ai(Stone::Black));
    s.set_clock("1m".parse().unwrap(), "5s".parse().unwrap());
    s.set_time_source(SteppedTime::new(Duration::from_secs(6)));
    let out = run(&mut s, "h8\n");
    assert!(out.contains("The AI lost on time: you win."), "{out}");
    assert_eq!(s.clock().unwrap().flagged(), Some(Stone::White));

    let mut p = session(vs_ai(Stone::Black));
    let tc: TimeControl = "10s".parse().unwrap();
    p.set_clock(tc, tc);
    p.set_time_source(SteppedTime::new(Duration::from_secs(4)));
    let out = run(&mut p, "h8\ni9\nh9\nundo\n");
    assert!(out.contains("You lost on time."), "{out}");
    assert!(out.contains("Took back 2 moves."), "{out}");
    // Back at the person's second move, with the time it had then.
    let c = p.clock().unwrap();
    assert_eq!(c.flagged(), None);
    assert!(c.is_running());
    assert_eq!(c.remaining(Stone::Black), Some(Duration::from_secs(6)));
    assert_eq!(p.game().moves().len(), 2);

    // Redo is not timed: the clock follows the replayed moves.
    let mut t = session(Mode::TwoPlayer);
    t.set_clock(tc, tc);
    t.set_time_source(SteppedTime::new(Duration::from_secs(1)));
    run(&mut t, "h8\nundo\nredo\n");
    let c = t.clock().unwrap();
    assert_eq!(c.to_move(), Some(Stone::White));
    assert_eq!(c.remaining(Stone::Black), Some(Duration::from_secs(10)));
    assert_eq!(c.moves_recorded(), 1);
}

#[test]
fn openings_clocks_and_puzzles_speak_chinese() {
    let mut s = session(Mode::TwoPlayer);
    s.set_opening_rule(OpeningRule::Swap).unwrap();
    let tc: TimeControl = "5m+5s".parse().unwrap();
    s.set_clock(tc, tc);
    s.set_time_source(SteppedTime::new(Duration::from_secs(1)));
    let out = run(
        &mut s,
        "lang zh\nh8\nh9\nj9\nj9\nblack\nk10\npuzzle 3\na1\nquit\n",
    );
    assert!(out.contains("先行方：放第 2 子（白棋）。"), "{out}");
    assert!(
        out.contains("? 现在不能这样做。后行方：选择颜色（输入 black 或 white）。"),
        "{out}"
    );
    assert!(out.contains("开局结束。"), "{out}");
    assert!(out.contains("棋钟：黑 5:00（计时中），白 5:04。"), "{out}");
    assert!(out.contains("这手守不住。反驳："), "{out}");
    assert!(out.contains("回到对局。"), "{out}");
}

/// A session keeping its puzzle progress in `dir`.
fn session_in(dir: &std::path::Path) -> TextSession {
    let mut s = session(vs_ai(Stone::Black));
    s.set_puzzle_storage(gomoku::storage::Storage::at(dir.to_path_buf()));
    s
}

fn saved_in(dir: &std::path::Path) -> gomoku::puzzle::saved::SavedPuzzles {
    match gomoku::storage::Storage::at(dir.to_path_buf()).load(gomoku::storage::PUZZLES_FILE) {
        gomoku::storage::Load::Loaded(s) => s,
        _ => panic!("no progress saved"),
    }
}

#[test]
fn puzzle_progress_is_saved_and_shown_when_the_terminal_starts_again() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(&mut session_in(dir.path()), "puzzle 3\nl9\nquit\n");
    assert!(out.contains("Solved!"), "{out}");
    let total = gomoku::puzzle::sets::ShippedSet::named("freestyle15")
        .unwrap()
        .puzzles()
        .len();
    // Written as English writes counts: "1 of 1,663 solved".
    let total =
        gomoku::i18n::threats::grouped(gomoku::i18n::Tr(gomoku::i18n::Lang::English), total);
    assert!(total.contains(','), "{total}");
    let solved = format!("1 of {total} solved · Rating ");
    assert!(out.contains(&solved), "told at once: {out}");
    let saved = saved_in(dir.path());
    assert_eq!(saved.progress.sets["freestyle15"].solved_count(), 1);
    // A new terminal on the same folder shows it on entering the puzzles.
    let out = run(&mut session_in(dir.path()), "puzzle\nquit\n");
    assert!(out.contains(&solved), "{out}");
    // The solution shown counts as a failed try, saved too.
    run(&mut session_in(dir.path()), "puzzle 3\nsolution\nquit\n");
    let saved = saved_in(dir.path());
    let id = &gomoku::puzzle::sets::ShippedSet::named("freestyle15")
        .unwrap()
        .puzzles()[2]
        .id;
    let record = &saved.progress.sets["freestyle15"].puzzles[id];
    assert_eq!((record.solved, record.failed), (1, 1));
}

#[test]
fn the_renju_set_is_chosen_in_the_terminal_and_remembered() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        &mut session_in(dir.path()),
        "puzzle\nset\nset 2\nset 9\nquit\n",
    );
    assert!(out.contains("1. Freestyle 15×15 (1,"), "{out}");
    assert!(out.contains("2. Renju 15×15 — VCF ("), "{out}");
    assert!(out.contains("Renju · 15×15"), "the puzzle's rule: {out}");
    assert!(out.contains("There is no puzzle set 9"), "{out}");
    assert_eq!(saved_in(dir.path()).set.as_deref(), Some("renju15-vcf"));
    let out = run(&mut session_in(dir.path()), "puzzle\nquit\n");
    assert!(out.contains("Renju · 15×15"), "remembered: {out}");
}

#[test]
fn a_corrupt_progress_file_is_set_aside_and_play_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(gomoku::storage::PUZZLES_FILE), "{").unwrap();
    let out = run(&mut session_in(dir.path()), "puzzle 3\nl9\nquit\n");
    assert!(
        out.contains("The puzzle progress could not be read"),
        "{out}"
    );
    assert!(out.contains("It was kept as "), "{out}");
    assert!(out.contains("Solved!"), "{out}");
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| e.file_name().to_string_lossy().contains(".corrupt-"));
    assert!(aside, "the bad file is kept");
    assert_eq!(
        saved_in(dir.path()).progress.sets["freestyle15"].solved_count(),
        1
    );
}

#[test]
fn with_no_writable_folder_the_terminal_says_so_once_and_plays_on() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    let out = run(
        &mut session_in(&file.join("gomoku")),
        "puzzle 3\nl9\nnext\nsolution\nquit\nh8\n",
    );
    assert!(out.contains("Solved!"), "{out}");
    let told = out
        .matches("Could not save the puzzle progress (play goes on)")
        .count();
    assert_eq!(told, 1, "{out}");
    assert!(out.contains("Back to the game."), "{out}");
}
