//! Every window, panel, drawer and stage of the app at 640×480, 1000×720
//! and 1280×800, in English and in Chinese, through the layout check of
//! `common::layout_check`: no control outside the window, cut sideways,
//! overlapping another or hiding the menu bar, and no text cut where the
//! design does not allow it. `docs/layout-check.md` says how to add a
//! state.

use crate::common::layout_check::{assert_clean, problems, Allowed};
use crate::common::{harness_sized, run_until, studied, two_player_game, wait_for_ai};
use egui_kittest::kittest::Queryable;
use egui_kittest::Harness;
use gomoku::app::action::{LessonAction, PuzzleAction};
use gomoku::app::{Action, AppSettings, GomokuApp, WindowKind};
use gomoku::engine::Limits;
use gomoku::i18n::{Lang, Msg, Tr};
use gomoku::play::Mode;
use gomoku::rules::opening::OpeningRule;
use gomoku::rules::{Stone, TimeControl};
use std::time::Duration;

/// The window sizes every state is checked at: the smallest supported,
/// the default, and a laptop's full screen.
const SIZES: [[f32; 2]; 3] = [[640.0, 480.0], [1000.0, 720.0], [1280.0, 800.0]];

/// A 12-move game with no five.
const TWELVE: &str = "h8i9h9h10i8g8j8k8g10f11j9j10";

/// Texts that are cut with an ellipsis by design, each shown whole on
/// hover: the expected line of a search, and what an engine says of
/// itself.
const ELIDED_BY_DESIGN: &[&str] = &[];

/// A state of the app: its settings and how to reach it from a fresh
/// start.
struct State {
    name: &'static str,
    settings: fn() -> AppSettings,
    reach: fn(&mut Harness<'static, GomokuApp>),
    /// Whether the side panel shows anything of this state (at 640×480
    /// it is then checked with the drawer open too).
    side_panel: bool,
}

fn vs_ai() -> AppSettings {
    AppSettings::default()
}

fn beginner() -> AppSettings {
    AppSettings {
        level: gomoku::engine::Band::Beginner.representative(),
        ..AppSettings::default()
    }
}

/// Lesson mode at `lesson`, after a wrong move (its words and grey
/// stones shown).
fn lesson_after_a_wrong_move(h: &mut Harness<'static, GomokuApp>, lesson: usize) {
    h.state_mut().lesson_action(LessonAction::Open(lesson));
    h.run();
    let corner = gomoku::rules::Point::new(0, 0);
    let ctx = h.ctx.clone();
    h.state_mut().apply(Action::ClickBoard(Some(corner)), &ctx);
    run_until(h, "the coach's answer", |app| !app.lesson_judging());
}

fn two_players() -> AppSettings {
    AppSettings {
        mode: Mode::TwoPlayer,
        ..AppSettings::default()
    }
}

fn timed() -> AppSettings {
    AppSettings {
        clock: TimeControl::fischer(Duration::from_secs(180), Duration::from_secs(2)),
        ..AppSettings::default()
    }
}

fn swap2_second() -> AppSettings {
    AppSettings {
        mode: Mode::VsAi {
            human: Stone::White,
        },
        opening_rule: OpeningRule::Swap2,
        ..timed()
    }
}

fn renju26_second() -> AppSettings {
    AppSettings {
        mode: Mode::VsAi {
            human: Stone::White,
        },
        opening_rule: OpeningRule::Renju26 { offers: 2 },
        ..AppSettings::default()
    }
}

/// Opens a menu of the menu bar, as a click on its name does.
fn menu(h: &mut Harness<'static, GomokuApp>, name: Msg) {
    let label = Tr(h.state().lang()).s(name);
    h.get_by_label(label).click();
    h.run();
}

fn open(h: &mut Harness<'static, GomokuApp>, kind: WindowKind) {
    let ctx = h.ctx.clone();
    h.state_mut().apply(Action::Open(kind), &ctx);
    h.run();
}

fn load(h: &mut Harness<'static, GomokuApp>, moves: &str) {
    h.state_mut().load_game(two_player_game(moves));
    h.run();
}

fn reviewed(h: &mut Harness<'static, GomokuApp>) {
    load(h, TWELVE);
    h.state_mut().set_review_limits(Limits::depth(2));
    h.state_mut().start_review();
    run_until(h, "the review", |app| !app.review_running());
}

/// A ladder for the rating's states: 200 points a level, the default
/// level at 1200 (the levels' own table may not be measured yet).
fn rated(h: &mut Harness<'static, GomokuApp>) {
    use gomoku::engine::Level;
    let n = i32::from(Level::default().number());
    let rungs = Level::all()
        .map(|l| (l.number(), 1200 + 200 * (i32::from(l.number()) - n)))
        .collect();
    let ladder = gomoku::rating::Ladder::new(rungs, Level::default().number());
    h.state_mut().set_ladder_for_test(ladder);
    h.run();
}

/// Two rated games resigned, the second one's banner showing.
fn two_rated_games(h: &mut Harness<'static, GomokuApp>) {
    rated(h);
    for _ in 0..2 {
        h.state_mut().resign();
        h.run();
        h.state_mut().start_new_game();
        h.run();
    }
    h.state_mut().resign();
    h.run();
}

fn analysed(h: &mut Harness<'static, GomokuApp>) {
    h.state_mut().set_analysis_limits(Limits::depth(3));
    h.state_mut().toggle_analysis();
    run_until(h, "the analysis", |app| !app.analysis_searching());
}

const STATES: &[State] = &[
    State {
        name: "a new game",
        settings: vs_ai,
        reach: |_| {},
        side_panel: true,
    },
    State {
        name: "a game against the AI",
        settings: vs_ai,
        reach: |h| {
            for p in ["h8", "j9"] {
                let p = gomoku::rules::parse_point(p, 15).unwrap();
                h.state_mut().click_board(Some(p));
                wait_for_ai(h);
            }
        },
        side_panel: true,
    },
    State {
        name: "a finished game",
        settings: two_players,
        reach: |h| load(h, "a1h8c1h9e1h10g1h11a3k5c3h7"),
        side_panel: true,
    },
    State {
        name: "looking back against the AI",
        settings: vs_ai,
        reach: |h| {
            h.state_mut().load_game(
                gomoku::rules::GameModel::from_position_string(Default::default(), TWELVE).unwrap(),
            );
            // White's turn, the AI's: it waits, and says so.
            h.state_mut().go_to_ply(7);
            h.run();
        },
        side_panel: true,
    },
    State {
        name: "the opening explorer",
        settings: two_players,
        reach: studied,
        side_panel: true,
    },
    State {
        name: "the opening explorer editing labels",
        settings: two_players,
        reach: |h| {
            studied(h);
            h.state_mut().set_labelling(true);
            let ctx = h.ctx.clone();
            for name in ["k10", "f6"] {
                let at = gomoku::rules::parse_point(name, 15).unwrap();
                h.state_mut().apply(Action::LibraryLabel(at), &ctx);
            }
            run_until(h, "the labels", |app| {
                app.library_entry()
                    .is_some_and(|e| e.marks.labels().len() == 2)
            });
        },
        side_panel: true,
    },
    State {
        name: "the opening explorer with analysis",
        settings: two_players,
        reach: |h| {
            studied(h);
            analysed(h);
        },
        side_panel: true,
    },
    State {
        name: "analysis",
        settings: two_players,
        reach: |h| {
            load(h, TWELVE);
            analysed(h);
        },
        side_panel: true,
    },
    State {
        name: "a finished review",
        settings: vs_ai,
        reach: reviewed,
        side_panel: true,
    },
    State {
        name: "a review under way",
        settings: vs_ai,
        reach: |h| {
            load(h, TWELVE);
            // Deep enough to be still running when the frame is checked.
            h.state_mut().set_review_limits(Limits::depth(12));
            h.state_mut().start_review();
            run_until(h, "the first verdict", |app| app.review_searches() > 0);
        },
        side_panel: true,
    },
    State {
        name: "a review with analysis",
        settings: vs_ai,
        reach: |h| {
            reviewed(h);
            analysed(h);
        },
        side_panel: true,
    },
    State {
        name: "a timed game",
        settings: timed,
        reach: |_| {},
        side_panel: true,
    },
    State {
        name: "swap2: the player chooses",
        settings: swap2_second,
        reach: |h| {
            h.state_mut().start_new_game();
            run_until(h, "the AI's three stones", |app| {
                !app.session_ai_deciding() && app.game().moves().len() == 3
            });
        },
        side_panel: true,
    },
    State {
        name: "puzzles",
        settings: vs_ai,
        reach: |h| {
            h.state_mut().puzzle_action(PuzzleAction::Start);
            h.run();
        },
        side_panel: true,
    },
    State {
        name: "a lesson",
        settings: vs_ai,
        reach: |h| {
            h.state_mut().lesson_action(LessonAction::Start);
            h.run();
        },
        side_panel: true,
    },
    State {
        name: "a lesson after a wrong move",
        settings: vs_ai,
        reach: |h| lesson_after_a_wrong_move(h, 2),
        side_panel: true,
    },
    State {
        name: "the last lesson's last exercise",
        settings: two_players,
        reach: |h| {
            let last = gomoku::lesson::lessons().len() - 1;
            h.state_mut().lesson_action(LessonAction::Open(last));
            for _ in 0..6 {
                h.state_mut().lesson_action(LessonAction::NextExercise);
            }
            h.run();
            let ctx = h.ctx.clone();
            let corner = gomoku::rules::Point::new(0, 0);
            h.state_mut().apply(Action::ClickBoard(Some(corner)), &ctx);
            run_until(h, "the coach's answer", |app| !app.lesson_judging());
        },
        side_panel: true,
    },
    State {
        name: "the training wheels' question",
        settings: beginner,
        reach: |h| {
            let game = gomoku::rules::GameModel::from_position_string(
                Default::default(),
                "h7h8a1h9c1h10e1h11",
            )
            .unwrap();
            h.state_mut().load_game(game);
            h.run();
            let ctx = h.ctx.clone();
            let far = gomoku::rules::Point::new(0, 0);
            h.state_mut().apply(Action::ClickBoard(Some(far)), &ctx);
            run_until(h, "the question", |app| {
                app.training_wheels_question().is_some()
            });
        },
        side_panel: false,
    },
    State {
        name: "the editor",
        settings: vs_ai,
        reach: |h| {
            h.state_mut().open_editor();
            h.run();
        },
        side_panel: true,
    },
    State {
        name: "the openings window",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::OpeningPicker),
        side_panel: false,
    },
    State {
        name: "the engines window",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::Engines),
        side_panel: false,
    },
    State {
        name: "the tournaments window",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::Tournaments),
        side_panel: false,
    },
    State {
        name: "the watch window",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::Watch),
        side_panel: false,
    },
    State {
        name: "the recent games window",
        settings: two_players,
        reach: |h| {
            load(h, TWELVE);
            h.state_mut().start_new_game();
            h.run();
            open(h, WindowKind::Recent);
        },
        side_panel: false,
    },
    State {
        name: "the records window",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::Records),
        side_panel: false,
    },
    State {
        name: "engines playing each other",
        settings: vs_ai,
        reach: |h| {
            // The built-in engine on both sides; a few moves, then paused.
            h.state_mut()
                .watch_engines(gomoku::app::WatchSetup::default());
            run_until(h, "a few moves", |app| app.game().moves().len() >= 3);
            h.state_mut()
                .watch_control(gomoku::app::WatchControl::Pause);
            h.run();
        },
        side_panel: true,
    },
    State {
        name: "a hint",
        settings: vs_ai,
        reach: |h| {
            h.state_mut().hint();
            run_until(h, "the hint", |app| app.session().hint().is_some());
        },
        side_panel: true,
    },
    State {
        name: "the Game menu",
        settings: vs_ai,
        reach: |h| menu(h, Msg::MenuGame),
        side_panel: false,
    },
    State {
        name: "the Settings menu",
        settings: vs_ai,
        reach: |h| menu(h, Msg::MenuSettings),
        side_panel: false,
    },
    State {
        name: "the ladder of levels",
        settings: vs_ai,
        reach: |h| {
            menu(h, Msg::MenuSettings);
            let tr = Tr(h.state().lang());
            let level = gomoku::i18n::phrases::level_rated(tr, h.state().settings().level);
            h.get_by_label(&level).click();
            h.run();
        },
        side_panel: false,
    },
    State {
        name: "the Analysis menu",
        settings: vs_ai,
        reach: |h| menu(h, Msg::MenuAnalysis),
        side_panel: false,
    },
    State {
        name: "fifth-move offers to pick from",
        settings: renju26_second,
        reach: |h| {
            h.state_mut().start_new_game();
            // The AI opens, the person answers with White, the AI offers.
            run_until(h, "the AI's three stones", |app| {
                !app.session_ai_deciding() && app.game().moves().len() == 3
            });
            let ctx = h.ctx.clone();
            h.state_mut().apply(
                Action::Opening(gomoku::rules::opening::Decision::Choose(Stone::White)),
                &ctx,
            );
            // White's fourth move, then the AI (Black) offers two fifths.
            let free = (0..15u8)
                .flat_map(|x| (0..15u8).map(move |y| gomoku::rules::Point::new(x, y)))
                .find(|p| {
                    p.x.abs_diff(7) <= 2
                        && p.y.abs_diff(7) <= 2
                        && h.state().game().board().is_empty_at(*p)
                })
                .expect("a free point near the centre");
            h.state_mut().click_board(Some(free));
            run_until(h, "the AI's offers", |app| {
                !app.session_ai_deciding()
                    && matches!(
                        app.table().opening_stage().map(|s| s.ask),
                        Some(gomoku::rules::opening::Ask::Pick { .. })
                    )
            });
        },
        side_panel: true,
    },
    State {
        name: "a rated game",
        settings: vs_ai,
        reach: rated,
        side_panel: true,
    },
    State {
        name: "a game no longer rated",
        settings: vs_ai,
        reach: |h| {
            rated(h);
            h.state_mut().hint();
            run_until(h, "the hint", |app| app.session().hint().is_some());
        },
        side_panel: true,
    },
    State {
        name: "after a rated game",
        settings: vs_ai,
        reach: two_rated_games,
        side_panel: true,
    },
    State {
        name: "the rating window",
        settings: vs_ai,
        reach: |h| {
            two_rated_games(h);
            open(h, WindowKind::Rating);
        },
        side_panel: false,
    },
    State {
        name: "the rating window asking to reset",
        settings: vs_ai,
        reach: |h| {
            two_rated_games(h);
            open(h, WindowKind::Rating);
            let reset = Tr(h.state().lang()).s(Msg::RatingReset);
            h.get_by_label(reset).click();
            h.run();
        },
        side_panel: false,
    },
    State {
        name: "how to play",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::HowToPlay),
        side_panel: false,
    },
    State {
        name: "the shortcuts",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::Shortcuts),
        side_panel: false,
    },
    State {
        name: "about",
        settings: vs_ai,
        reach: |h| open(h, WindowKind::About),
        side_panel: false,
    },
];

/// Checks `state` at every size in `lang`; returns the problems found.
/// The state is reached once, in the smallest window, and the window is
/// then resized, as a player would.
fn check(state: &State, lang: Lang) -> Vec<String> {
    let mut found = Vec::new();
    let allowed = Allowed {
        elided: ELIDED_BY_DESIGN,
    };
    let settings = AppSettings {
        language: Some(lang),
        ..(state.settings)()
    };
    let mut h = harness_sized(settings, SIZES[0], 1.0);
    h.run();
    (state.reach)(&mut h);
    for size in SIZES {
        h.set_size(size.into());
        h.run();
        let what = format!("{} at {}×{} in {lang:?}", state.name, size[0], size[1]);
        found.extend(problems(&h, &what, allowed));
        found.extend(graph_problems(&h, &what));
        if state.side_panel && gomoku::app::DRAWER_BELOW > size[0] {
            let ctx = h.ctx.clone();
            h.state_mut().apply(Action::ToggleDrawer, &ctx);
            h.run();
            let what = format!("{what}, drawer open");
            found.extend(problems(&h, &what, allowed));
            found.extend(graph_problems(&h, &what));
            h.state_mut().apply(Action::ToggleDrawer, &ctx);
            h.run();
        }
    }
    found
}

/// The review's graph, where it shows, must be a graph: not a strip, and
/// inside the window.
fn graph_problems(h: &Harness<'static, GomokuApp>, what: &str) -> Vec<String> {
    let Some(rect) = h.state().evaluation_graph_rect() else {
        return Vec::new();
    };
    let screen = h.ctx.content_rect();
    let mut out = Vec::new();
    if rect.height() < GRAPH_MIN_HEIGHT {
        out.push(format!(
            "{what}: the review graph is {} points tall",
            rect.height()
        ));
    }
    if !screen.contains_rect(rect) {
        out.push(format!("{what}: the review graph lies outside the window"));
    }
    out
}

/// The least height of the review graph that still reads as one.
const GRAPH_MIN_HEIGHT: f32 = 50.0;

/// Runs every state in `lang` and fails with all their problems at once.
fn check_all(lang: Lang) {
    let mut found = Vec::new();
    for state in STATES {
        found.extend(check(state, lang));
    }
    assert!(
        found.is_empty(),
        "{} layout problems:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn every_state_lays_out_cleanly_in_english() {
    check_all(Lang::English);
}

#[test]
fn every_state_lays_out_cleanly_in_chinese() {
    check_all(Lang::Chinese);
}

#[test]
fn the_check_finds_what_it_looks_for() {
    // A clean run proves nothing unless the check sees each kind of
    // problem: overlapping buttons, a button past the window's edge, a
    // label cut with an ellipsis, a menu bar hidden by an area.
    let mut h = Harness::builder().with_size([300.0, 200.0]).build_ui(|ui| {
        eframe::egui::Panel::top("bar").show(ui, |ui| {
            let _ = ui.button("Menu");
        });
        let _ = ui.put(
            eframe::egui::Rect::from_min_size(
                eframe::egui::pos2(20.0, 60.0),
                eframe::egui::vec2(80.0, 20.0),
            ),
            eframe::egui::Button::new("First"),
        );
        let _ = ui.put(
            eframe::egui::Rect::from_min_size(
                eframe::egui::pos2(60.0, 65.0),
                eframe::egui::vec2(80.0, 20.0),
            ),
            eframe::egui::Button::new("Second"),
        );
        let _ = ui.put(
            eframe::egui::Rect::from_min_size(
                eframe::egui::pos2(260.0, 120.0),
                eframe::egui::vec2(80.0, 20.0),
            ),
            eframe::egui::Button::new("Past the edge"),
        );
        ui.allocate_ui(eframe::egui::vec2(60.0, 20.0), |ui| {
            ui.add(eframe::egui::Label::new("A sentence far too long to fit").truncate());
        });
        eframe::egui::Area::new(eframe::egui::Id::unique("cover"))
            .fixed_pos(eframe::egui::pos2(0.0, 0.0))
            .show(ui.ctx(), |ui| {
                ui.allocate_space(eframe::egui::vec2(120.0, 30.0));
            });
    });
    h.run();
    let found = problems(&h, "sanity", Allowed::default()).join("\n");
    for expected in [
        "controls “First” and “Second” overlap",
        "control “Past the edge” lies outside the window",
        "is cut with an ellipsis",
        "the menu bar's “Menu” is covered",
    ] {
        assert!(
            found.contains(expected),
            "missed: {expected}\nfound:\n{found}"
        );
    }
    // The same check passes where nothing is wrong.
    let mut h = Harness::builder().with_size([300.0, 200.0]).build_ui(|ui| {
        let _ = ui.button("Alone");
        ui.label("Short");
    });
    h.run();
    assert_clean(&h, "clean", Allowed::default());
}
