//! Terminal play driven by scripts.

use gomoku::engine::Band;
use gomoku::engine::{Limits, SearchParams};
use gomoku::play::Mode;
use gomoku::rules::{GameSettings, Stone};
use gomoku::textplay::TextSession;

fn run(mode: Mode, script: &str) -> (TextSession, String) {
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
    let mut out = Vec::new();
    s.run(script.as_bytes(), &mut out).unwrap();
    (s, String::from_utf8(out).unwrap())
}

fn vs_ai(human: Stone) -> Mode {
    Mode::VsAi { human }
}

#[test]
fn a_typed_move_is_answered_by_the_ai() {
    let (s, out) = run(vs_ai(Stone::Black), "h8\n");
    assert_eq!(s.game().moves().len(), 2);
    assert!(out.contains("AI (White) plays"), "{out}");
    assert!(out.contains("Black to move."));
}

#[test]
fn the_ai_opens_when_the_person_plays_white() {
    let (s, out) = run(vs_ai(Stone::White), "");
    assert_eq!(s.game().moves().len(), 1);
    assert!(out.contains("AI (Black) plays"));
}

#[test]
fn bad_input_is_explained_and_changes_nothing() {
    let (s, out) = run(vs_ai(Stone::Black), "h8\nh8\nz99\nfly\n\n");
    assert_eq!(s.game().moves().len(), 2);
    assert!(out.contains("? h8 is already occupied"), "{out}");
    assert!(out.contains("? 'fly' is not a move or a command"), "{out}");
    assert!(out.contains("off the 15x15 board"), "{out}");
}

#[test]
fn undo_redo_and_resign() {
    let (s, out) = run(vs_ai(Stone::Black), "h8\nundo\nredo\nresign\nh9\n");
    assert!(out.contains("Took back 2 moves."));
    assert!(out.contains("Replayed 2 moves."));
    assert!(out.contains("You resigned."));
    assert!(out.contains("? the game is over"));
    assert!(s.game().is_over());
}

#[test]
fn two_players_alternate_and_a_five_ends_the_game() {
    let two = Mode::TwoPlayer;
    let (s, out) = run(two, "a1\na3\nb1\nb3\nc1\nc3\nd1\nd3\ne1\nmoves\n");
    assert!(out.contains("Black wins: five in a row!"), "{out}");
    assert!(out.contains("Moves: a1a3b1b3c1c3d1d3e1"));
    assert!(s.game().is_over());
    // The winning stones are shown in lower case, the last in brackets.
    assert!(out.contains("[x]"));
}

#[test]
fn load_and_new_game() {
    let (s, out) = run(
        vs_ai(Stone::Black),
        "load h8h9i8\nnew two\nh8\nh9\nquit\nh10\n",
    );
    assert!(out.contains("Loaded 3 moves."), "{out}");
    assert!(out.contains("New game: two players."));
    assert_eq!(s.game().moves().len(), 2, "input after quit is not read");
}

#[test]
fn the_terminal_game_speaks_chinese_when_asked() {
    let two = Mode::TwoPlayer;
    let (_, out) = run(
        two,
        "lang zh\nh8\nh8\nfly\nlang xx\no15\na1\na3\nb1\nb3\nc1\nc3\nd1\nd3\ne1\nlang en\nundo\n",
    );
    assert!(out.contains("语言：简体中文。"), "{out}");
    assert!(out.contains("轮到白棋。"), "{out}");
    assert!(out.contains("? h8 已经有子了"), "{out}");
    assert!(
        out.contains("? “fly”既不是着法也不是命令（输入 help 查看）"),
        "{out}"
    );
    assert!(out.contains("? 没有“xx”这种语言（en 或 zh）"), "{out}");
    assert!(out.contains("黑棋胜：五子连珠！"), "{out}");
    // Coordinates stay Latin in the Chinese board.
    assert!(out.contains(" a  b  c "), "{out}");
    assert!(out.contains("Language: English."), "{out}");
    assert!(out.contains("Took back 1 move."), "{out}");
}

#[test]
fn the_chinese_help_lists_the_commands() {
    let (_, out) = run(vs_ai(Stone::Black), "lang zh\nhelp\n");
    assert!(out.contains("命令："), "{out}");
    assert!(out.contains("undo, u       悔棋"), "{out}");
}

/// A hint searches at full strength whatever the level, as in the desktop
/// app: at the AI's level it would carry the level's variety, and its
/// score could contradict the one the AI just announced.
#[test]
fn a_hint_searches_at_full_strength_whatever_the_level() {
    use gomoku::engine::{hint_params, Level};
    use gomoku::rules::GameSettings;
    use gomoku::textplay::TextSession;
    for level in Level::all() {
        let s = TextSession::new(GameSettings::default(), Mode::default(), level).unwrap();
        assert_eq!(s.hint_params(), hint_params(), "{level}");
        assert_eq!(s.hint_params().variety, 0);
    }
}

#[test]
fn the_library_commands_explore_import_note_mark_and_export() {
    use gomoku::rules::{parse_point, Board, GameTree};
    let dir = tempfile::tempdir().unwrap();
    let mut tree = GameTree::new(Board::standard(), Stone::Black);
    let h8 = tree
        .add_or_follow(&[], parse_point("h8", 15).unwrap())
        .unwrap();
    tree.add_or_follow(&[h8], parse_point("i9", 15).unwrap())
        .unwrap();
    tree.node_mut(&[h8]).unwrap().comment = "centre".into();
    let study = dir.path().join("study.lib");
    let bytes =
        gomoku::library::renlib::write(&tree, &[], gomoku::library::renlib::DEFAULT_ENCODING)
            .unwrap();
    std::fs::write(&study, bytes).unwrap();
    let broken = dir.path().join("broken.lib");
    std::fs::write(&broken, b"not a library").unwrap();
    let out_lib = dir.path().join("out.lib");
    let script = format!(
        "h8\nexplore\nimport {}\nimport {}\nx\nnote my own words\nmark\nx\nexport {}\n",
        study.display(),
        broken.display(),
        out_lib.display()
    );
    let (_, out) = run(Mode::TwoPlayer, &script);
    assert!(out.contains("not in the library yet"), "{out}");
    assert!(out.contains("1 game or tree from 1 file added"), "{out}");
    assert!(
        out.contains("broken.lib: byte 0: not a RenLib file"),
        "{out}"
    );
    assert!(out.contains("i9: seen 1"), "{out}");
    assert!(out.contains("Comment: centre"), "{out}");
    assert!(out.contains("Comment: my own words"), "{out}");
    assert!(out.contains("This position is marked"), "{out}");
    assert!(out.contains("Marked"), "{out}");
    let back = gomoku::library::renlib::read(
        &std::fs::read(&out_lib).unwrap(),
        gomoku::library::renlib::DEFAULT_ENCODING,
    )
    .unwrap();
    assert_eq!(back.tree.node(&[0]).unwrap().comment, "my own words");
    assert!(back.tree.node(&[0]).unwrap().marks.marked);
    assert_eq!(back.tree.move_count(), 2);
}

#[test]
fn level_alone_lists_the_ladder_and_level_n_plays_there() {
    let (_, out) = run(Mode::TwoPlayer, "level\nlevel 3\nlevel\nlevel 13\n");
    let listing: Vec<&str> = out.lines().filter(|l| l.contains("Level ")).collect();
    assert!(
        listing.contains(&"  Level 1 · Beginner")
            || listing
                .iter()
                .any(|l| l.starts_with("  Level 1 · Beginner")),
        "{out}"
    );
    assert!(
        listing.iter().any(|l| l.starts_with("* Level 6 · Normal")),
        "{out}"
    );
    assert!(out.contains("AI level: Level 3 · Beginner"), "{out}");
    assert!(
        listing
            .iter()
            .any(|l| l.starts_with("* Level 3 · Beginner")),
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.contains("Level 12 · Maximum"))
            .count(),
        2,
        "both listings name every level: {out}"
    );
    assert!(out.contains("unknown level '13'"), "{out}");
}

#[test]
fn labels_are_put_taken_away_shown_and_exported() {
    let dir = tempfile::tempdir().unwrap();
    let out_lib = dir.path().join("labels.lib");
    let script = format!(
        "h8\nlabel j9\nlabel k10\nlabel j9\nlabel g7 VCF\nlabel h8\nx\nexport {}\n\
         lang zh\nlabel j9\n",
        out_lib.display()
    );
    let (s, out) = run(Mode::TwoPlayer, &script);
    assert_eq!(s.game().moves().len(), 1, "labels play no stone");
    assert!(out.contains("A is on j9 in the library."), "{out}");
    assert!(out.contains("B is on k10 in the library."), "{out}");
    assert!(out.contains("The label A on j9 is taken away."), "{out}");
    assert!(out.contains("VCF is on g7 in the library."), "{out}");
    assert!(out.contains("Nothing changed: h8 holds a stone"), "{out}");
    assert!(out.contains("Labels: VCF g7, B k10"), "{out}");
    // The freed letter is given again, in Chinese.
    assert!(out.contains("已在资料库中把 A 标在 j9。"), "{out}");
    let back = gomoku::library::renlib::read(
        &std::fs::read(&out_lib).unwrap(),
        gomoku::library::renlib::DEFAULT_ENCODING,
    )
    .unwrap();
    let marks = &back.tree.node(&[0]).unwrap().marks;
    let p = |n: &str| gomoku::rules::parse_point(n, 15).unwrap();
    assert_eq!(marks.label(p("k10")), Some("B"));
    assert_eq!(marks.label(p("g7")), Some("VCF"));
    assert_eq!(marks.label(p("j9")), None);
}
