//! Storage: round trips, bad files set aside, read-only and missing
//! folders, interrupted saves.

use super::*;
use crate::play::{Mode, Table};
use crate::rules::{parse_moves, GameModel, GameSettings, Rule, Stone};
use proptest::prelude::*;
use serde::Deserialize;
use std::collections::BTreeSet;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Prefs {
    name: String,
    level: u8,
    sound: bool,
}

fn prefs() -> Prefs {
    Prefs {
        name: "五子棋 player".into(),
        level: 7,
        sound: true,
    }
}

fn temp() -> tempfile::TempDir {
    tempfile::tempdir().expect("a temporary folder")
}

fn entries(dir: &Path) -> BTreeSet<String> {
    fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect()
}

#[test]
fn values_round_trip() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    assert_eq!(s.load::<Prefs>("prefs.json"), Load::Missing);
    s.save("prefs.json", &prefs()).unwrap();
    assert_eq!(s.load("prefs.json"), Load::Loaded(prefs()));
    let changed = Prefs {
        level: 2,
        ..prefs()
    };
    s.save("prefs.json", &changed).unwrap();
    assert_eq!(s.load("prefs.json"), Load::Loaded(changed));
    // Only the file itself is left: no temporary files.
    assert_eq!(
        entries(t.path()),
        BTreeSet::from(["prefs.json".to_string()])
    );
}

#[test]
fn a_game_in_progress_round_trips_with_turn_mode_and_history() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    let settings = GameSettings {
        size: 17,
        rule: Rule::Standard,
    };
    let vs_white = Mode::VsAi {
        human: Stone::White,
    };
    let moves = parse_moves("h8i9j7k6g9", 17).unwrap();
    let mut game = Table::new(GameModel::from_moves(settings, &moves).unwrap(), vs_white);
    // Undo takes back the AI's g9 and the person's k6, leaving a redo
    // line of two moves and the person (White) to move.
    assert_eq!(game.undo().unwrap(), 2);
    assert_eq!(game.game().redo_moves().len(), 2);
    assert!(game.is_human_turn());
    s.save("game.json", &game).unwrap();
    let back: Table = s.load("game.json").into_option().unwrap();
    assert_eq!(back, game);
    assert_eq!(back.game().redo_moves(), game.game().redo_moves());
    assert_eq!(back.game().side_to_move(), game.game().side_to_move());
    assert_eq!(back.is_ai_turn(), game.is_ai_turn());
    assert_eq!(back.mode(), vs_white);

    // A quit while the AI is thinking: the person's move is saved and the
    // AI is to move.
    let mut thinking = Table::new(GameModel::new(settings).unwrap(), vs_white);
    thinking.play_ai(moves[0]).unwrap();
    thinking.play(moves[1]).unwrap();
    assert!(thinking.is_ai_turn());
    s.save("game.json", &thinking).unwrap();
    let back: Table = s.load("game.json").into_option().unwrap();
    assert!(
        back.is_ai_turn(),
        "the AI resumes its search after a restart"
    );
    assert_eq!(back, thinking);
}

/// Writes `bytes` as `name`, loads it and checks it was reported with
/// `expect` in the message and kept aside with its bytes intact.
fn check_set_aside(bytes: &[u8], expect: &str) {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    let path = t.path().join("game.json");
    fs::write(&path, bytes).unwrap();
    match s.load::<GameModel>("game.json") {
        Load::Corrupt {
            error,
            kept_as: Some(kept),
        } => {
            assert!(
                error.contains(expect),
                "{error:?} should mention {expect:?}"
            );
            assert_eq!(
                fs::read(&kept).unwrap(),
                bytes,
                "the bad file is kept as it was"
            );
            let kept_name = kept.file_name().unwrap().to_string_lossy().into_owned();
            assert!(kept_name.starts_with("game.json.corrupt-"), "{kept_name}");
            assert_eq!(kept.parent(), Some(t.path()));
        }
        other => panic!("{bytes:?}: expected Corrupt, got {other:?}"),
    }
    assert!(!path.exists(), "the bad file no longer blocks the name");
    assert_eq!(s.load::<GameModel>("game.json"), Load::Missing);
    s.save(
        "game.json",
        &GameModel::new(GameSettings::default()).unwrap(),
    )
    .unwrap();
    assert!(matches!(s.load::<GameModel>("game.json"), Load::Loaded(_)));
}

#[test]
fn bad_files_are_kept_aside_and_explained() {
    let good = serde_json::to_vec_pretty(
        &GameModel::from_position_string(GameSettings::default(), "h8i9j7").unwrap(),
    )
    .unwrap();
    check_set_aside(b"", "empty");
    check_set_aside(b"  \n\t", "empty");
    check_set_aside(&good[..good.len() / 2], "truncated");
    check_set_aside(b"this is not a saved game", "not valid JSON");
    check_set_aside(&[0xff, 0xfe, 0x00, 0x9c, 0x01], "not valid JSON");
    check_set_aside(b"{\"volume\": 3}", "unexpected data");
    // Valid JSON of the right shape, but the moves repeat a point: the
    // game model's own validation refuses it.
    let tampered = String::from_utf8(good.clone())
        .unwrap()
        .replace("h8i9j7", "h8i9h8");
    check_set_aside(tampered.as_bytes(), "unexpected data");
}

#[test]
fn an_unreadable_file_is_moved_aside() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    // A folder where the file should be cannot be read as a file, even
    // by root.
    fs::create_dir(t.path().join("prefs.json")).unwrap();
    match s.load::<Prefs>("prefs.json") {
        Load::Corrupt {
            error,
            kept_as: Some(kept),
        } => {
            assert!(error.contains("unreadable"), "{error}");
            assert!(kept.is_dir());
        }
        other => panic!("expected Corrupt, got {other:?}"),
    }
    s.save("prefs.json", &prefs()).unwrap();
    assert_eq!(s.load("prefs.json"), Load::Loaded(prefs()));
}

#[test]
fn two_bad_files_in_one_second_are_both_kept() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    let mut kept = Vec::new();
    for text in ["first", "second", "third"] {
        fs::write(t.path().join("prefs.json"), text).unwrap();
        match s.load::<Prefs>("prefs.json") {
            Load::Corrupt {
                kept_as: Some(k), ..
            } => kept.push(k),
            other => panic!("expected Corrupt, got {other:?}"),
        }
    }
    let contents: Vec<String> = kept
        .iter()
        .map(|k| fs::read_to_string(k).unwrap())
        .collect();
    assert_eq!(contents, ["first", "second", "third"]);
}

#[test]
fn a_missing_folder_is_created_by_the_first_save() {
    let t = temp();
    let dir = t.path().join("deep").join("er");
    let s = Storage::at(dir.clone());
    assert_eq!(s.load::<Prefs>("prefs.json"), Load::Missing);
    assert!(!dir.exists(), "loading does not create the folder");
    s.save("prefs.json", &prefs()).unwrap();
    assert!(dir.join("prefs.json").is_file());
    assert_eq!(s.dir(), Some(dir.as_path()));
}

#[test]
fn an_interrupted_save_leaves_the_old_file() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    s.save("prefs.json", &prefs()).unwrap();
    let newer = Prefs {
        level: 1,
        ..prefs()
    };
    // The process dies after writing the temporary file, before the
    // rename.
    let temp_path = s.write_temp("prefs.json", &newer).unwrap();
    assert!(temp_path.is_file());
    assert_eq!(s.load("prefs.json"), Load::Loaded(prefs()));
    // The next run saves normally despite the leftover.
    let newest = Prefs {
        level: 9,
        ..prefs()
    };
    s.save("prefs.json", &newest).unwrap();
    assert_eq!(s.load("prefs.json"), Load::Loaded(newest));
    // And completing an interrupted save is just the rename.
    let temp_path = s.write_temp("prefs.json", &newer).unwrap();
    s.commit(&temp_path, "prefs.json").unwrap();
    assert_eq!(s.load("prefs.json"), Load::Loaded(newer));
}

/// True when permission bits do not stop this process from writing
/// (running as root, as CI does).
fn permissions_are_ignored(dir: &Path) -> bool {
    let probe = dir.join("probe");
    let ignored = fs::write(&probe, b"x").is_ok();
    let _ = fs::remove_file(&probe);
    ignored
}

#[cfg(unix)]
#[test]
fn a_read_only_folder_loads_but_does_not_save() {
    use std::os::unix::fs::PermissionsExt;
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    s.save("prefs.json", &prefs()).unwrap();
    fs::write(t.path().join("bad.json"), "garbage").unwrap();
    fs::set_permissions(t.path(), fs::Permissions::from_mode(0o555)).unwrap();
    if permissions_are_ignored(t.path()) {
        fs::set_permissions(t.path(), fs::Permissions::from_mode(0o755)).unwrap();
        println!(
            "note: permission bits are ignored here (root); see a_file_in_place_of_the_folder_*"
        );
        return;
    }
    let saved = s.save(
        "prefs.json",
        &Prefs {
            level: 0,
            ..prefs()
        },
    );
    let loaded = s.load::<Prefs>("prefs.json");
    let bad = s.load::<Prefs>("bad.json");
    let removed = s.remove("prefs.json");
    fs::set_permissions(t.path(), fs::Permissions::from_mode(0o755)).unwrap();
    assert!(matches!(saved, Err(StorageError::Io { .. })), "{saved:?}");
    assert_eq!(loaded, Load::Loaded(prefs()), "the old file is untouched");
    match bad {
        Load::Corrupt { kept_as: None, .. } => {}
        other => panic!("expected Corrupt not moved, got {other:?}"),
    }
    assert!(t.path().join("bad.json").is_file(), "never deleted");
    assert!(removed.is_err());
    assert_eq!(
        entries(t.path()),
        BTreeSet::from(["prefs.json".to_string(), "bad.json".to_string()])
    );
}

#[test]
fn a_file_in_place_of_the_folder_leaves_the_game_playable() {
    let t = temp();
    let blocker = t.path().join("not-a-folder");
    fs::write(&blocker, b"x").unwrap();
    // Storage aimed below a file: nothing can be created there, even by
    // root.
    let s = Storage::at(blocker.join("gomoku"));
    assert_eq!(s.load::<Prefs>("prefs.json"), Load::Missing);
    let e = s.save("prefs.json", &prefs()).unwrap_err();
    assert!(
        matches!(
            e,
            StorageError::Io {
                action: "create folder",
                ..
            }
        ),
        "{e}"
    );
    s.remove("prefs.json").unwrap();
    // open_or_disable gives up on the folder with a warning.
    let s = Storage::open_or_disable(blocker.join("gomoku"));
    assert_eq!(s.dir(), None);
    assert_eq!(s.load::<Prefs>("prefs.json"), Load::Missing);
    assert!(matches!(
        s.save("prefs.json", &prefs()),
        Err(StorageError::Unavailable)
    ));
    assert!(matches!(
        s.remove("prefs.json"),
        Err(StorageError::Unavailable)
    ));
    assert_eq!(fs::read(&blocker).unwrap(), b"x");
}

#[test]
fn names_must_stay_inside_the_folder() {
    let t = temp();
    let inner = t.path().join("inner");
    let s = Storage::at(inner.clone());
    for bad in ["", "../escape.json", "a/b.json", ".hidden", "..", "c:\\x"] {
        assert!(
            matches!(s.save(bad, &prefs()), Err(StorageError::BadName(_))),
            "{bad:?}"
        );
        assert_eq!(s.load::<Prefs>(bad), Load::Missing, "{bad:?}");
        assert_eq!(s.path(bad), None);
    }
    assert!(!t.path().join("escape.json").exists());
}

#[test]
fn remove_is_fine_when_absent() {
    let t = temp();
    let s = Storage::at(t.path().to_path_buf());
    s.remove("prefs.json").unwrap();
    s.save("prefs.json", &prefs()).unwrap();
    s.remove("prefs.json").unwrap();
    assert_eq!(s.load::<Prefs>("prefs.json"), Load::Missing);
}

#[test]
fn problems_are_told_in_a_sentence() {
    let kept: Load<Prefs> = Load::Corrupt {
        error: "the file is truncated".into(),
        kept_as: Some(PathBuf::from("/x/game.json.corrupt-5")),
    };
    let text = kept.problem("saved game").unwrap();
    assert!(text.contains("saved game") && text.contains("truncated"));
    assert!(text.contains("game.json.corrupt-5"));
    assert_eq!(Load::<Prefs>::Missing.problem("saved game"), None);
    assert_eq!(Load::Loaded(prefs()).problem("settings"), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    #[test]
    fn any_prefs_round_trip(name in "\\PC{0,40}", level in any::<u8>(), sound in any::<bool>()) {
        let t = temp();
        let s = Storage::at(t.path().to_path_buf());
        let p = Prefs { name, level, sound };
        s.save("p.json", &p).unwrap();
        prop_assert_eq!(s.load("p.json"), Load::Loaded(p));
    }

    #[test]
    fn any_prefix_of_a_save_loads_or_is_kept_aside(cut in 0usize..200) {
        let t = temp();
        let s = Storage::at(t.path().to_path_buf());
        let game = GameModel::from_position_string(GameSettings::default(), "h8i9j7k6").unwrap();
        let full = serde_json::to_vec_pretty(&game).unwrap();
        let cut = cut.min(full.len());
        fs::write(t.path().join("g.json"), &full[..cut]).unwrap();
        match s.load::<GameModel>("g.json") {
            Load::Loaded(g) => prop_assert_eq!(g, game),
            Load::Corrupt { kept_as, .. } => {
                prop_assert_eq!(fs::read(kept_as.unwrap()).unwrap(), &full[..cut]);
            }
            Load::Missing => prop_assert!(false, "an existing file is never Missing"),
        }
    }
}

#[test]
fn records_are_written_atomically_anywhere() {
    let t = temp();
    let path = t.path().join("games").join("match.psq");
    write_atomic(&path, b"Piskvorky 15x15, 11:11, 0\n8,8,0\n").unwrap();
    write_atomic(&path, b"Piskvorky 15x15, 11:11, 0\n").unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"Piskvorky 15x15, 11:11, 0\n");
    assert_eq!(
        entries(&t.path().join("games")).len(),
        1,
        "no temporaries left"
    );
    // A path below a file fails and changes nothing.
    let e = write_atomic(&path.join("x.psq"), b"x").unwrap_err();
    assert!(matches!(e, StorageError::Io { .. }), "{e}");
    assert_eq!(fs::read(&path).unwrap(), b"Piskvorky 15x15, 11:11, 0\n");
}
