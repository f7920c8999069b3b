//! Lesson mode through clicks, in both languages and at 640×480 and full
//! size: a lesson opened from the menu, a wrong move explained with grey
//! stones, a right one counted and saved, a played-out exercise won
//! against the engine, "Show me", and the last lesson leading into the
//! puzzles.

use crate::common::{click_point, harness_in, harness_sized, run_until, SIZE};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::action::LessonAction;
use gomoku::app::{AppSettings, GomokuApp};
use gomoku::i18n::Lang;
use gomoku::lesson::{lessons, Coach};
use gomoku::play::Mode;
use gomoku::rules::{parse_point, Point};
use gomoku::storage::LESSONS_FILE;

/// The smallest window the app supports.
const SMALL: [f32; 2] = [640.0, 480.0];

fn settings(lang: Lang) -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        language: Some(lang),
        ..AppSettings::default()
    }
}

fn pt(s: &str) -> Point {
    parse_point(s, 15).unwrap()
}

/// True when some widget reads `text` (a title is also a link in the
/// list of lessons).
fn shows(h: &Harness<'static, GomokuApp>, text: &str) -> bool {
    h.query_all_by_label(text).next().is_some()
}

fn judged(h: &mut Harness<'static, GomokuApp>) {
    run_until(h, "the coach's answer", |app| !app.lesson_judging());
}

fn open_from_menu(h: &mut Harness<'static, GomokuApp>, game: &str, item: &str) {
    h.get_by_label(game).click();
    h.run();
    h.get_by_label(item).click();
    h.run();
}

/// The first lesson's first exercise by clicks, at `size` in `lang`.
fn first_exercise(lang: Lang, size: [f32; 2]) {
    let (game, item, title, prompt, wrong, right) = match lang {
        Lang::English => (
            "Game",
            "Learn to play…",
            "The rules: five in a row",
            "Black to play: make five in a row.",
            "That is not five in a row. Count the stones in each line.",
            "Right!",
        ),
        Lang::Chinese => (
            "对局",
            "学下棋…",
            "规则：五子连珠",
            "黑棋走：连成五子。",
            "这不是五连。数一数每条线上的子。",
            "对了！",
        ),
    };
    let mut h = harness_sized(settings(lang), size, 1.0);
    h.run();
    open_from_menu(&mut h, game, item);
    assert_eq!(h.state().lesson_at(), Some((0, 0)));
    // In a narrow window the side panel is a drawer: open it to read,
    // and close it again, or it would take the click on the board.
    let narrow = size[0] < gomoku::app::DRAWER_BELOW;
    let ctx = h.ctx.clone();
    if narrow {
        h.state_mut().apply(gomoku::app::Action::ToggleDrawer, &ctx);
        h.run();
    }
    assert!(shows(&h, title), "{title}");
    assert!(shows(&h, prompt), "{prompt}");
    if narrow {
        h.state_mut().apply(gomoku::app::Action::ToggleDrawer, &ctx);
        h.run();
    }
    // A wrong move: not kept, explained, shown in grey.
    click_point(&mut h, pt("k8"));
    judged(&mut h);
    let t = h.state().lesson_try().unwrap().clone();
    assert!(t.played.is_empty() && t.mistakes == 1);
    assert_eq!(
        h.state().lesson_marks().1.first().map(|g| g.0),
        Some(pt("k8"))
    );
    if !narrow {
        assert!(shows(&h, wrong), "{wrong}");
    }
    // Either five is right.
    click_point(&mut h, pt("e8"));
    judged(&mut h);
    assert!(h.state().lesson_try().unwrap().done);
    // The status bar says so too, drawer or not.
    assert!(shows(&h, right), "{right}");
    assert!(h.state().saved_lessons().is_done("rules", 0));
}

#[test]
fn the_first_exercise_by_clicks_in_english_full_size() {
    first_exercise(Lang::English, SIZE);
}

#[test]
fn the_first_exercise_by_clicks_in_chinese_full_size() {
    first_exercise(Lang::Chinese, SIZE);
}

#[test]
fn the_first_exercise_by_clicks_in_english_at_640_by_480() {
    first_exercise(Lang::English, SMALL);
}

#[test]
fn the_first_exercise_by_clicks_in_chinese_at_640_by_480() {
    first_exercise(Lang::Chinese, SMALL);
}

#[test]
fn a_vcf_exercise_is_won_against_the_engine_and_show_me_marks_a_move() {
    let mut h = harness_sized(settings(Lang::English), SIZE, 1.0);
    h.run();
    let vcf = lessons().iter().position(|l| l.id == "vcf").unwrap();
    h.state_mut().lesson_action(LessonAction::Open(vcf));
    h.run();
    assert!(shows(&h, "Winning by continuous fours (VCF)"));
    // Show me marks a right move and does not count the exercise.
    h.get_by_label("Show me").click();
    h.run();
    judged(&mut h);
    let marked = h.state().lesson_marks().0.expect("a marked move");
    assert!(shows(
        &h,
        "The marked point is a right move. Play it to go on."
    ));
    let mut coach = Coach::new();
    click_point(&mut h, marked);
    judged(&mut h);
    for _ in 0..20 {
        let t = h.state().lesson_try().unwrap().clone();
        if t.done {
            break;
        }
        assert!(shows(&h, "Good — the AI blocked. Play on."));
        let mv = coach.right_move(&t).expect("the win goes on");
        click_point(&mut h, mv);
        judged(&mut h);
    }
    assert!(h.state().lesson_try().unwrap().done);
    assert!(
        !h.state().saved_lessons().is_done("vcf", 0),
        "shown, so not counted"
    );
    // Try again, done alone this time: counted.
    h.get_by_label("Try again").click();
    h.run();
    for _ in 0..20 {
        let t = h.state().lesson_try().unwrap().clone();
        if t.done {
            break;
        }
        let mv = coach.right_move(&t).unwrap();
        click_point(&mut h, mv);
        judged(&mut h);
    }
    assert!(h.state().saved_lessons().is_done("vcf", 0));
    h.get_by_label("Next exercise").click();
    h.run();
    assert_eq!(h.state().lesson_at(), Some((vcf, 1)));
}

#[test]
fn the_last_lesson_leads_into_the_puzzles() {
    let mut h = harness_sized(settings(Lang::English), SIZE, 1.0);
    h.run();
    let last = lessons().len() - 1;
    h.state_mut().lesson_action(LessonAction::Open(last));
    h.run();
    let n = lessons()[last].exercises.len();
    for _ in 1..n {
        h.get_by_label("Next exercise").click();
        h.run();
    }
    assert_eq!(h.state().lesson_at(), Some((last, n - 1)));
    assert!(h.query_by_label("Next exercise").is_none());
    h.get_by_label("On to the puzzles").click();
    h.run();
    assert!(h.state().lesson_at().is_none());
    assert!(h.state().puzzle_attempt().is_some());
}

#[test]
fn a_lesson_before_the_last_offers_the_next_one() {
    let mut h = harness_sized(settings(Lang::Chinese), SMALL, 1.0);
    h.run();
    h.state_mut().lesson_action(LessonAction::Open(0));
    h.run();
    let n = lessons()[0].exercises.len();
    for _ in 1..n {
        h.state_mut().lesson_action(LessonAction::NextExercise);
        h.run();
    }
    let ctx = h.ctx.clone();
    h.state_mut().apply(gomoku::app::Action::ToggleDrawer, &ctx);
    h.run();
    h.get_by_label("下一课：冲四与防守").click();
    h.run();
    assert_eq!(h.state().lesson_at(), Some((1, 0)));
}

#[test]
fn progress_is_saved_and_a_damaged_file_is_set_aside() {
    let dir = tempfile::tempdir().unwrap();
    {
        let mut h = harness_in(dir.path().to_path_buf());
        h.state_mut().lesson_action(LessonAction::Start);
        h.run();
        click_point(&mut h, pt("j8"));
        judged(&mut h);
        assert!(h.state().saved_lessons().is_done("rules", 0));
        h.state_mut().save_all();
    }
    let h = harness_in(dir.path().to_path_buf());
    assert!(h.state().saved_lessons().is_done("rules", 0));
    drop(h);
    std::fs::write(dir.path().join(LESSONS_FILE), "{\"done\": [").unwrap();
    let h = harness_in(dir.path().to_path_buf());
    let notice = h.state().notice().expect("a notice").to_string();
    assert!(notice.contains("lesson progress"), "{notice}");
    assert!(!h.state().saved_lessons().is_done("rules", 0));
    let aside = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .any(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("lessons.json.corrupt")
        });
    assert!(aside, "the damaged file is kept aside");
}
