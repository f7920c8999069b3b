//! The player's rating in the terminal: a game against the AI rated by
//! the app's rule into the same file, the change said after it, unrated
//! games said so, the `rating` command in both languages, and a damaged
//! file set aside.

use gomoku::engine::{Level, Limits, SearchParams};
use gomoku::play::Mode;
use gomoku::rating::{Ladder, RatingBook, Score};
use gomoku::rules::{GameSettings, Stone};
use gomoku::storage::{Load, Storage, RATING_FILE};
use gomoku::textplay::TextSession;

fn session(store: Option<&Storage>) -> TextSession {
    let level = Level::default();
    let mut s = TextSession::new(
        GameSettings::default(),
        Mode::VsAi {
            human: Stone::Black,
        },
        level,
    )
    .unwrap();
    s.set_search_params(SearchParams {
        eval: gomoku::engine::Evaluator::Classical,
        book: false,
        limits: Limits::depth(2),
        variety: 0,
        seed: Some(1),
        threads: 1,
        multipv: 1,
        persona: None,
    });
    if let Some(store) = store {
        s.set_puzzle_storage(store.clone());
    }
    let n = level.number();
    s.set_rating_ladder(Ladder::new(vec![(n, 1200)], n));
    s
}

fn run(s: &mut TextSession, script: &str) -> String {
    let mut out = Vec::new();
    s.run(script.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn saved(store: &Storage) -> RatingBook {
    match store.load(RATING_FILE) {
        Load::Loaded(b) => b,
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_resigned_game_is_rated_saved_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let store = Storage::at(dir.path().to_path_buf());
    let mut s = session(Some(&store));
    let out = run(&mut s, "h8\nresign\nrating\n");
    assert!(out.contains("Rated game: "), "{out}");
    // From 1200 with the start deviation, a loss to an equal: -175.
    assert!(out.contains("Your rating: 1025 (-175)"), "{out}");
    assert!(out.contains("Try next: "), "{out}");
    let book = saved(&store);
    assert_eq!(book.history.len(), 1);
    assert_eq!(book.history[0].score, Score::Loss);
    assert!(
        out.contains("Rated games: 1 (won 0, lost 1, drawn 0)"),
        "{out}"
    );
    assert!(out.contains("Last games:"), "{out}");
    // A second session reads the same file.
    let mut again = session(Some(&store));
    let out = run(&mut again, "rating\n");
    assert!(out.contains("Rated games: 1"), "{out}");
}

#[test]
fn an_undo_or_a_hint_makes_the_game_unrated_and_it_says_so() {
    let mut s = session(None);
    let out = run(&mut s, "h8\nundo\nresign\nrating\n");
    assert!(out.contains("Not rated: you took a move back"), "{out}");
    assert!(!out.contains("Your rating: "), "{out}");
    assert!(
        out.contains("No rated games yet: you start at about 1200."),
        "{out}"
    );
    let mut s = session(None);
    let out = run(&mut s, "hint\nnew\nresign\n");
    assert!(out.contains("Not rated: you asked for a hint"), "{out}");
    // The new game is rated again.
    assert!(out.contains("Your rating: "), "{out}");
}

#[test]
fn the_rating_command_speaks_chinese() {
    let mut s = session(None);
    let out = run(&mut s, "lang zh\nresign\nrating\n");
    assert!(out.contains("你的等级分：1025（-175）"), "{out}");
    assert!(out.contains("计分对局：1 局（胜 0，负 1，和 0）"), "{out}");
}

#[test]
fn a_damaged_rating_file_is_set_aside_and_said() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(RATING_FILE), "{ not json").unwrap();
    let store = Storage::at(dir.path().to_path_buf());
    let mut s = session(Some(&store));
    let out = run(&mut s, "rating\n");
    assert!(out.contains("rating could not be read"), "{out}");
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("rating.json.corrupt")
        });
    assert!(aside);
}
