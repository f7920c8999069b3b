//! The top of the side panel: whose turn it is (or how the game ended,
//! with the rating's change after a rated game), the game's facts
//! (whether it is rated among them), the AI's thinking and the game's
//! buttons.
//!
//! The thinking area always takes the same height, busy or not, so the
//! move list below it never moves when the AI starts or stops thinking
//! or a hint arrives.

use crate::app::action::{Action, WatchControl};
use crate::app::session::Purpose;
use crate::app::view::View;
use crate::engine::{Level, SearchInfo};
use crate::i18n::{phrases, Msg, Tr};
use crate::play::Mode;
use crate::rating::{words, Rated};
use crate::rules::opening::{Ask, Decision, NamedOpening, Seat, Stage};
use crate::rules::{point_name, GameClock, Outcome, Point, Stone};
use eframe::egui::{self, Color32, RichText, Ui};

/// Rows the thinking area keeps for itself against the AI with its
/// thinking shown (what it is doing with the Move now button, depth,
/// score, line): its height never changes.
const THINKING_ROWS: f32 = 4.0;

/// Rows it keeps otherwise: one line, for a hint being looked for or
/// found.
const HINT_ROWS: f32 = 1.0;

/// Moves of the AI's expected line written out.
const LINE_WRITTEN: usize = 8;

/// Rows kept while engines play each other: two per engine (its name,
/// then what it says), busy or not.
const WATCH_ROWS: f32 = 4.0;

pub use crate::i18n::phrases::result as result_text;

/// Who plays `stone`, in words: "you", "the AI", or the colour.
#[must_use]
pub fn player_name(tr: Tr, mode: Mode, stone: Stone) -> &'static str {
    match mode {
        Mode::VsAi { human } if human == stone => tr.s(Msg::You),
        Mode::VsAi { .. } => tr.s(Msg::TheAi),
        Mode::TwoPlayer => phrases::stone(tr, stone),
    }
}

fn line_text(pv: &[Point], size: u8) -> String {
    pv.iter()
        .take(LINE_WRITTEN)
        .map(|p| point_name(*p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A small stone on a patch of wood, drawn inline with text: readable
/// in both the light and the dark look.
fn stone_icon(ui: &mut Ui, stone: Stone, wood: Color32) {
    let size = ui.text_style_height(&egui::TextStyle::Heading);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let (fill, edge) = match stone {
        Stone::Black => (Color32::from_rgb(20, 20, 22), Color32::from_gray(10)),
        Stone::White => (Color32::from_gray(248), Color32::from_gray(150)),
    };
    let painter = ui.painter();
    painter.rect_filled(rect, size * 0.2, wood);
    painter.circle(
        rect.center(),
        size * 0.36,
        fill,
        egui::Stroke::new(1.0, edge),
    );
}

/// The game panel. It keeps no state of its own between frames.
#[derive(Debug, Default)]
pub struct GamePanel;

impl GamePanel {
    /// Draws the panel; `compact` (a short window) folds the facts into
    /// two rows and keeps one row for the AI's thinking.
    pub fn ui(&mut self, ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>, compact: bool) {
        let tr = view.tr;
        let game = view.game;
        let mode = view.session.mode();
        ui.add_space(6.0);
        if let Some(stage) = view.session.table().opening_stage() {
            opening(ui, view, &stage, actions);
        } else if let Some(text) = result_text(tr, game, mode) {
            result_banner(ui, view, &text, actions);
        } else {
            let side = game.side_to_move();
            ui.horizontal(|ui| {
                stone_icon(ui, side, view.palette.wood);
                let stone = phrases::stone(tr, side);
                let watched = view.session.table().player_name(side);
                let who = match mode {
                    _ if watched.is_some() => tr.f(
                        Msg::WatchToMove,
                        &[("stone", &stone), ("engine", &watched.unwrap_or_default())],
                    ),
                    Mode::VsAi { human } if human == side => {
                        tr.f(Msg::YourMove, &[("stone", &stone)])
                    }
                    Mode::VsAi { .. } => {
                        view.about_ai(Msg::AiPlays, Msg::EngineToMove, &[("stone", &stone)])
                    }
                    Mode::TwoPlayer => tr.f(Msg::ToMove, &[("stone", &stone)]),
                };
                ui.add(egui::Label::new(RichText::new(who).heading()).wrap());
            });
        }
        if let Some(text) = opening_settled(view) {
            ui.add(egui::Label::new(RichText::new(text).strong()).wrap());
        }
        if let Some(clock) = view.session.table().clock() {
            clocks(ui, view, clock, compact);
        }
        ui.add_space(4.0);
        facts(ui, view, compact);
        ui.add_space(6.0);
        // A row as a grid lays it out: the taller of a widget and a line
        // of text, with the spacing above and below.
        let row = ui
            .spacing()
            .interact_size
            .y
            .max(ui.text_style_height(&egui::TextStyle::Body))
            + 2.0 * ui.spacing().item_spacing.y;
        // With analysis on the AI waits, and the analysis needs the room;
        // a review, a short window or a finished game need it too.
        let details = matches!(mode, Mode::VsAi { .. })
            && view.settings.show_thinking
            && !view.analysis.on
            && view.report.is_none()
            && !compact
            && !game.is_over();
        let watching = view.session.table().is_watch();
        let rows = if watching {
            WATCH_ROWS
        } else if details {
            THINKING_ROWS
        } else if game.is_over() {
            // Nothing to think about or hint at: the banner says it all.
            0.0
        } else {
            HINT_ROWS
        };
        let size = egui::vec2(ui.available_width(), row * rows);
        let layout = egui::Layout::top_down(egui::Align::Min);
        ui.allocate_ui_with_layout(size, layout, |ui| {
            ui.set_min_size(size);
            let clip = egui::Rect::from_min_size(ui.min_rect().min, size);
            ui.set_clip_rect(clip.intersect(ui.clip_rect()));
            if watching {
                watch_rows(ui, view);
            } else {
                thinking(ui, view, details, actions);
            }
        });
        if watching {
            watch_buttons(ui, view, actions);
        } else {
            buttons(ui, view, actions);
        }
    }
}

/// What the opening asks now, and the buttons for a decision that is not a
/// point on the board.
fn opening(ui: &mut Ui, view: &View<'_>, stage: &Stage, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let table = view.session.table();
    let ai = table.person_seat().map(|seat| seat != stage.seat);
    let text = phrases::opening_stage(tr, stage, ai);
    ui.add(egui::Label::new(RichText::new(text).strong()).wrap());
    if view.session.ai_deciding() {
        ui.horizontal(|ui| {
            spinner(ui);
            ui.label(tr.s(Msg::OpeningAiDeciding));
        });
        return;
    }
    if ai == Some(true) {
        return;
    }
    let size = view.game.size();
    let named = |points: &[crate::rules::Point]| {
        points
            .iter()
            .map(|p| point_name(*p, size))
            .collect::<Vec<_>>()
            .join(", ")
    };
    ui.horizontal_wrapped(|ui| match stage.ask {
        Ask::ChooseColour { .. } => {
            if ui.button(tr.s(Msg::OpeningTakeBlack)).clicked() {
                actions.push(Action::Opening(Decision::Choose(Stone::Black)));
            }
            if ui.button(tr.s(Msg::OpeningTakeWhite)).clicked() {
                actions.push(Action::Opening(Decision::Choose(Stone::White)));
            }
        }
        Ask::Declare { max } => {
            for n in 1..=max {
                if ui.button(n.to_string()).clicked() {
                    actions.push(Action::Opening(Decision::Declare(n)));
                }
            }
        }
        _ => {}
    });
    // What the buttons cannot say: swap2's third choice is made on the
    // board, and the offers are named as well as numbered on it.
    let offers = table.opening().map_or(&[][..], |o| o.offers());
    let more = match stage.ask {
        Ask::ChooseColour { or_place } if or_place > 0 => {
            Some(tr.f(Msg::OpeningPlaceTwoHint, &[("count", &or_place)]))
        }
        Ask::Offer { .. } if !offers.is_empty() => {
            Some(tr.f(Msg::OpeningOffered, &[("points", &named(offers))]))
        }
        Ask::Pick { ref offers } => {
            Some(tr.f(Msg::OpeningPickAmong, &[("points", &named(offers))]))
        }
        _ => None,
    };
    if let Some(text) = more {
        ui.add(egui::Label::new(RichText::new(text).weak()).wrap());
    }
}

/// After an opening rule settled the colours by the AI's choice, until the
/// person's first move: what it chose, so the swap is seen in the panel
/// and not only in a status message that fades.
fn opening_settled(view: &View<'_>) -> Option<String> {
    let tr = view.tr;
    let table = view.session.table();
    let opening = table.opening().filter(|o| o.is_done())?;
    let seat = table.person_seat()?;
    if view.game.moves().len() > opening.moves().len() + 1 {
        return None;
    }
    let (chooser, Decision::Choose(stone)) = *opening
        .decisions()
        .iter()
        .rev()
        .find(|(_, d)| matches!(d, Decision::Choose(_)))?
    else {
        return None;
    };
    (chooser != seat).then(|| {
        tr.f(
            Msg::OpeningSettledByAi,
            &[
                ("stone", &phrases::stone(tr, stone)),
                ("yours", &phrases::stone(tr, opening.colour_of(seat))),
            ],
        )
    })
}

/// Points of a clock's digits: a blitz player reads them at a glance.
const CLOCK_DIGITS: f32 = 22.0;

/// The same in a short panel (a small window, the drawer).
const CLOCK_DIGITS_COMPACT: f32 = 18.0;

/// Both clocks side by side, each a box with the colour's name and its
/// time in large digits: the running one filled in the strongest contrast
/// the look has, a low or fallen one in the warning colour; digits in
/// monospace so nothing shifts as they count.
fn clocks(ui: &mut Ui, view: &View<'_>, clock: &GameClock, compact: bool) {
    let tr = view.tr;
    let digits = if compact {
        CLOCK_DIGITS_COMPACT
    } else {
        CLOCK_DIGITS
    };
    let gap = ui.spacing().item_spacing.x;
    let width = ((ui.available_width() - gap) / 2.0).max(0.0);
    ui.horizontal(|ui| {
        for stone in [Stone::Black, Stone::White] {
            let left = clock
                .remaining(stone)
                .or_else(|| clock.time_for_move(stone))
                .unwrap_or_default();
            let running = clock.is_running() && clock.to_move() == Some(stone);
            let low = clock.is_low(stone) || clock.flagged() == Some(stone);
            let visuals = ui.visuals();
            let (fill, text) = if low {
                (visuals.error_fg_color, Color32::WHITE)
            } else if running {
                let strong = visuals.strong_text_color();
                (strong, visuals.panel_fill)
            } else {
                (Color32::TRANSPARENT, visuals.text_color())
            };
            let stroke = if running || low {
                egui::Stroke::NONE
            } else {
                visuals.widgets.noninteractive.bg_stroke
            };
            // One label, "Black 2:38": the name small, the time large.
            let mut job = egui::text::LayoutJob::default();
            let body = egui::TextStyle::Body.resolve(ui.style());
            job.append(
                &format!("{} ", phrases::stone(tr, stone)),
                0.0,
                egui::TextFormat::simple(body, text),
            );
            job.append(
                &phrases::clock_reading(left),
                0.0,
                egui::TextFormat::simple(egui::FontId::monospace(digits), text),
            );
            job.halign = egui::Align::Center;
            egui::Frame::new()
                .fill(fill)
                .stroke(stroke)
                .corner_radius(6.0)
                .inner_margin(egui::Margin::symmetric(6, 2))
                .show(ui, |ui| {
                    // The box's margins (6 a side) and stroke (1 a side)
                    // are outside the width set here.
                    ui.set_width((width - 14.0).max(0.0));
                    ui.vertical_centered(|ui| ui.label(job));
                });
        }
    });
}

/// Who plays whom, in one phrase: "You (Black) vs AI (Normal)", "You
/// (White) vs Rapfi", "You (first player) vs AI (Normal)" while the
/// opening rule is deciding colours, "Two players", "Engines play each
/// other".
fn mode_words(view: &View<'_>) -> String {
    let tr = view.tr;
    let table = view.session.table();
    match view.session.mode() {
        _ if table.is_watch() => tr.s(Msg::ModeWatch).to_string(),
        Mode::TwoPlayer => tr.s(Msg::ModeTwoPlayer).to_string(),
        Mode::VsAi { human } => {
            // Until the opening is settled the person has a seat, and the
            // colour it will play is not known yet.
            let seat = table.person_seat().filter(|_| table.in_opening());
            let side = match seat {
                Some(Seat::First) => tr.s(Msg::SeatFirst).to_string(),
                Some(Seat::Second) => tr.s(Msg::SeatSecond).to_string(),
                None => phrases::stone(tr, human).to_string(),
            };
            match &view.opponent {
                Some(engine) => tr.f(
                    Msg::PlayersVsEngineSeat,
                    &[("seat", &side), ("engine", engine)],
                ),
                None => tr.f(
                    Msg::PlayersVsAiSeat,
                    &[
                        ("seat", &side),
                        ("level", &phrases::level(tr, view.session.level())),
                    ],
                ),
            }
        }
    }
}

/// The game's facts: the move, who plays whom, the opening's name and the
/// rule, four rows; `compact`, two (the move with the rule, and who
/// plays). The rows are always there, so nothing below them moves.
fn facts(ui: &mut Ui, view: &View<'_>, compact: bool) {
    let tr = view.tr;
    let game = view.game;
    let rule = tr.f(
        Msg::RuleAndSize,
        &[
            ("rule", &phrases::rule(tr, game.rule())),
            ("size", &game.size()),
        ],
    );
    egui::Grid::new("facts")
        .num_columns(2)
        .spacing([12.0, 4.0])
        .show(ui, |ui| {
            let (label, number) = if game.is_over() {
                (Msg::FactMoves, game.moves().len())
            } else {
                (Msg::FactMove, game.moves().len() + 1)
            };
            ui.label(tr.s(label));
            if compact {
                ui.label(format!("{number} · {rule}"));
            } else {
                ui.label(number.to_string());
            }
            ui.end_row();
            ui.label(tr.s(Msg::FactMode));
            ui.add(egui::Label::new(mode_words(view)).wrap());
            ui.end_row();
            // Against the levels: rated, or why not (the reason appears
            // the moment the game stops being rated).
            if let Some(status) = words::status(tr, view.rated) {
                ui.label(tr.s(Msg::RatingRow));
                let text = match view.rated {
                    Rated::Yes(_) => RichText::new(status).strong(),
                    _ => RichText::new(status).weak(),
                };
                ui.add(egui::Label::new(text).wrap());
                ui.end_row();
            }
            if compact {
                return;
            }
            // The first three moves, if they are one of the 26 openings
            // (under any symmetry), by name.
            ui.label(tr.s(Msg::FactOpening));
            match NamedOpening::recognise(game.moves(), game.size()) {
                Some(r) => ui.label(phrases::named_opening(tr, r.opening)),
                None => ui.label("—"),
            };
            ui.end_row();
            ui.label(tr.s(Msg::FactRule));
            ui.label(rule);
            ui.end_row();
        });
}

fn result_banner(ui: &mut Ui, view: &View<'_>, text: &str, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let (game, mode) = (view.game, view.session.mode());
    let winner = game.outcome().and_then(Outcome::winner);
    let won = match (mode, winner) {
        (Mode::VsAi { human }, Some(w)) => w == human,
        (_, w) => w.is_some(),
    };
    let fill = if won {
        Color32::from_rgb(38, 120, 62)
    } else if winner.is_none() {
        Color32::from_rgb(90, 96, 110)
    } else {
        Color32::from_rgb(150, 52, 40)
    };
    egui::Frame::new()
        .fill(fill)
        .corner_radius(6.0)
        .inner_margin(10.0)
        .show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.add(
                egui::Label::new(
                    RichText::new(text)
                        .size(19.0)
                        .strong()
                        .color(Color32::WHITE),
                )
                .wrap(),
            );
            let next = rating_lines(ui, view);
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add(egui::Button::new(
                        RichText::new(tr.s(Msg::PlayAgain)).size(16.0),
                    ))
                    .clicked()
                {
                    actions.push(Action::NewGame);
                }
                if let Some(level) = next {
                    let name = words::level(tr, level.number());
                    let play = tr.f(Msg::RatingPlayLevel, &[("level", &name)]);
                    if ui
                        .add(egui::Button::new(RichText::new(play).size(16.0)))
                        .clicked()
                    {
                        actions.push(Action::PlayLevel(level));
                    }
                }
            });
        });
}

/// After a rated game, in the banner: the rating's change and the level
/// to try next (the one "Adaptive" plays, when it is on). Returns the
/// suggested level when a button should offer it: it differs from the
/// level just played and "Adaptive" is off.
fn rating_lines(ui: &mut Ui, view: &View<'_>) -> Option<Level> {
    let tr = view.tr;
    let settled = view.rated.settled()?;
    let white = |text: String| RichText::new(text).color(Color32::WHITE);
    ui.add(egui::Label::new(white(words::change(tr, settled)).strong()).wrap());
    let adaptive = view.settings.rating.adaptive;
    let (next, msg) = if adaptive {
        (view.rating.adaptive_level()?, Msg::RatingAdaptiveNext)
    } else {
        (view.rating.suggested_level()?, Msg::RatingSuggestNext)
    };
    let name = words::level(tr, next.number());
    ui.add(egui::Label::new(white(tr.f(msg, &[("level", &name)]))).wrap());
    (!adaptive && next != view.session.level()).then_some(next)
}

/// What the AI is doing, in the space kept for it; `details`: its depth,
/// score and line too.
fn thinking(ui: &mut Ui, view: &View<'_>, details: bool, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let game = view.game;
    let waiting = view.analysis.on && view.session.mode().is_vs_ai() && !game.is_over();
    if waiting
        && view
            .session
            .thinking()
            .is_none_or(|t| t.purpose == Purpose::Move)
    {
        // The AI's reply is held while the person analyses: no clock
        // counting and no "Move now" for a move that will not be played.
        let waits = view.about_ai(Msg::AnalysisAiWaits, Msg::AnalysisEngineWaits, &[]);
        ui.add(egui::Label::new(RichText::new(waits).weak()).wrap());
        return;
    }
    let Some(t) = view.session.thinking() else {
        if let Some(p) = view.session.hint() {
            let point = point_name(p, game.size());
            ui.label(
                RichText::new(tr.f(Msg::HintAt, &[("point", &point)])).color(view.palette.hint),
            );
        } else if let Some(last) = view.session.last_search() {
            // While the person thinks: what the AI just did and why.
            let point = point_name(last.at, game.size());
            let seconds = format!("{:.1}", last.elapsed.as_secs_f32());
            // The same row says when the AI goes on thinking on the
            // person's time, so the panel does not move.
            let pondering = view.session.pondering().is_some_and(|p| !p.finished);
            let args: [(&str, &dyn std::fmt::Display); 2] =
                [("point", &point), ("seconds", &seconds)];
            let text = if pondering {
                tr.f(Msg::AiPlayedInPondering, &args)
            } else {
                view.about_ai(Msg::AiPlayedIn, Msg::EnginePlayedIn, &args)
            };
            ui.add(egui::Label::new(RichText::new(text).weak()).truncate());
            if details {
                if let Some(info) = &last.info {
                    search_grid(ui, tr, info, last.side, game.size(), true);
                }
            }
        }
        return;
    };
    let what = tr.s(match t.purpose {
        Purpose::Move => Msg::Thinking,
        Purpose::Hint => Msg::LookingForHint,
    });
    ui.horizontal(|ui| {
        spinner(ui);
        let seconds = format!("{:.1}", t.elapsed().as_secs_f32());
        ui.label(tr.f(Msg::Elapsed, &[("what", &what), ("seconds", &seconds)]));
        if t.purpose == Purpose::Move && ui.button(tr.s(Msg::MoveNow)).clicked() {
            actions.push(Action::MoveNow);
        }
    });
    if let Some(m) = &t.message {
        // A foreign engine's own words, on one line.
        ui.add(egui::Label::new(RichText::new(m.as_str()).weak()).truncate());
    }
    if details && t.purpose == Purpose::Move {
        if let Some(info) = &t.info {
            search_grid(ui, tr, info, t.side, game.size(), false);
        }
    }
}

/// A search's depth, score (for `side`, the searcher) and expected line;
/// `weak` for a search that has ended.
fn search_grid(ui: &mut Ui, tr: Tr, info: &SearchInfo, side: Stone, size: u8, weak: bool) {
    let text = |s: String| {
        let t = RichText::new(s);
        if weak {
            t.weak()
        } else {
            t
        }
    };
    egui::Grid::new("thinking").num_columns(2).show(ui, |ui| {
        ui.label(text(tr.s(Msg::Depth).to_string()));
        // Depth 0 is a move played from the opening book, not searched.
        let depth = if info.depth == 0 {
            tr.s(Msg::DepthBook).to_string()
        } else {
            info.depth.to_string()
        };
        ui.label(text(depth));
        ui.end_row();
        ui.label(text(tr.s(Msg::Score).to_string()));
        ui.label(text(phrases::score(tr, info.score, side)));
        ui.end_row();
        ui.label(text(tr.s(Msg::Line).to_string()));
        ui.add(egui::Label::new(text(line_text(&info.pv, size))).truncate());
        ui.end_row();
    });
}

fn buttons(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let game = view.game;
    ui.horizontal_wrapped(|ui| {
        let can_undo = !game.moves().is_empty() || game.is_over();
        if ui
            .add_enabled(can_undo, egui::Button::new(tr.s(Msg::Undo)))
            .clicked()
        {
            actions.push(Action::Undo);
        }
        let can_redo = !game.redo_moves().is_empty() && !game.is_over();
        if ui
            .add_enabled(can_redo, egui::Button::new(tr.s(Msg::Redo)))
            .clicked()
        {
            actions.push(Action::Redo);
        }
        if ui
            .add_enabled(
                view.session.is_human_turn(),
                egui::Button::new(tr.s(Msg::Hint)),
            )
            .clicked()
        {
            actions.push(Action::Hint);
        }
        if ui
            .add_enabled(!game.is_over(), egui::Button::new(tr.s(Msg::Resign)))
            .clicked()
        {
            actions.push(Action::AskResign);
        }
    });
}

/// Moves of an engine's expected line written in its watch row: with the
/// depth and score they fit the narrowest panel on one line.
const WATCH_LINE_WRITTEN: usize = 4;

/// Two rows per engine while engines play each other: its name (and how
/// long it has been thinking), then what its search says now (or said
/// last): depth, score and line, else its own last words, which alone
/// may be cut (whole on hover).
fn watch_rows(ui: &mut Ui, view: &View<'_>) {
    let tr = view.tr;
    let game = view.game;
    let table = view.session.table();
    let watching = view.session.watching();
    for stone in [Stone::Black, Stone::White] {
        let name = table
            .player_name(stone)
            .unwrap_or_else(|| phrases::stone(tr, stone));
        let thinking = view.session.thinking().filter(|t| t.side == stone);
        let (info, message) = match (thinking, watching.report(stone)) {
            (Some(t), _) => (t.info.as_ref(), t.message.as_deref()),
            (None, Some(r)) => (r.info.as_ref(), r.message.as_deref()),
            (None, None) => (None, None),
        };
        let said = match (info, message) {
            (Some(i), _) => {
                let line: Vec<Point> = i.pv.iter().take(WATCH_LINE_WRITTEN).copied().collect();
                Some(tr.f(
                    Msg::WatchReport,
                    &[
                        ("depth", &i.depth),
                        ("score", &phrases::score(tr, i.score, stone)),
                        ("line", &line_text(&line, game.size())),
                    ],
                ))
            }
            (None, Some(_)) => None,
            (None, None) if thinking.is_none() => Some(tr.s(Msg::WatchWaiting).to_string()),
            (None, None) => Some(String::new()),
        };
        let heading = match thinking {
            Some(t) => {
                let seconds = format!("{:.1}", t.elapsed().as_secs_f32());
                let busy = tr.f(Msg::WatchThinking, &[("seconds", &seconds)]);
                format!("{name} · {busy}")
            }
            None => name.to_string(),
        };
        ui.horizontal(|ui| {
            // The engine's colour, painted (no font needs a glyph).
            let size = ui.text_style_height(&egui::TextStyle::Body);
            let (dot, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
            let (fill, edge) = match stone {
                Stone::Black => (Color32::from_rgb(20, 20, 22), Color32::from_gray(10)),
                Stone::White => (Color32::from_gray(248), Color32::from_gray(120)),
            };
            ui.painter()
                .circle(dot.center(), size * 0.4, fill, egui::Stroke::new(1.0, edge));
            let mut rich = RichText::new(&heading);
            if thinking.is_some() {
                rich = rich.strong();
            }
            ui.add(egui::Label::new(rich).wrap());
        });
        ui.horizontal(|ui| {
            ui.add_space(
                ui.text_style_height(&egui::TextStyle::Body) + ui.spacing().item_spacing.x,
            );
            match (said, message) {
                (Some(said), _) => {
                    ui.add(egui::Label::new(RichText::new(said).weak()).wrap());
                }
                // A foreign engine's own words: one line, whole on hover.
                (None, Some(m)) => {
                    ui.add(egui::Label::new(RichText::new(m).weak()).truncate())
                        .on_hover_text(m);
                }
                (None, None) => {}
            }
        });
    }
}

/// Pause or Resume, and Step, for engines playing each other; undo and
/// redo step single moves (an undo pauses).
fn watch_buttons(ui: &mut Ui, view: &View<'_>, actions: &mut Vec<Action>) {
    let tr = view.tr;
    let game = view.game;
    let paused = view.session.watching().paused();
    ui.horizontal_wrapped(|ui| {
        let over = game.is_over();
        // Pause and Resume take one place, as wide as the wider word, so
        // the buttons after it stay under the pointer.
        let width = [Msg::WatchPause, Msg::WatchResume]
            .map(|m| {
                egui::WidgetText::from(tr.s(m))
                    .into_galley(
                        ui,
                        Some(egui::TextWrapMode::Extend),
                        f32::INFINITY,
                        egui::TextStyle::Button,
                    )
                    .size()
                    .x
            })
            .into_iter()
            .fold(0.0, f32::max)
            + 2.0 * ui.spacing().button_padding.x;
        let toggle = |msg| egui::Button::new(tr.s(msg)).min_size(egui::vec2(width, 0.0));
        if paused {
            let resume = ui.add_enabled(!over, toggle(Msg::WatchResume));
            if resume.on_hover_text(tr.s(Msg::WatchPaused)).clicked() {
                actions.push(Action::WatchControl(WatchControl::Resume));
            }
        } else if ui.add_enabled(!over, toggle(Msg::WatchPause)).clicked() {
            actions.push(Action::WatchControl(WatchControl::Pause));
        }
        let can_step = paused && !over && view.session.thinking().is_none();
        if ui
            .add_enabled(can_step, egui::Button::new(tr.s(Msg::WatchStep)))
            .clicked()
        {
            actions.push(Action::WatchControl(WatchControl::Step));
        }
        let can_undo = !game.moves().is_empty();
        if ui
            .add_enabled(can_undo, egui::Button::new(tr.s(Msg::Undo)))
            .clicked()
        {
            actions.push(Action::Undo);
        }
        let can_redo = paused && !game.redo_moves().is_empty() && !over;
        if ui
            .add_enabled(can_redo, egui::Button::new(tr.s(Msg::Redo)))
            .clicked()
        {
            actions.push(Action::Redo);
        }
    });
}

/// A spinner that asks for frames at a modest rate (egui's own asks for
/// every frame), so a thinking AI does not keep the CPU busy drawing.
fn spinner(ui: &mut Ui) {
    let size = ui.text_style_height(&egui::TextStyle::Body);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let t = ui.input(|i| i.time) as f32;
    let c = rect.center();
    let r = size * 0.4;
    let colour = ui.visuals().strong_text_color();
    for k in 0..8 {
        let a = std::f32::consts::TAU * k as f32 / 8.0;
        let phase = ((t * 1.5 - k as f32 / 8.0).rem_euclid(1.0) * 255.0) as u8;
        ui.painter().circle_filled(
            c + egui::Vec2::angled(a) * r,
            size * 0.09,
            colour.gamma_multiply(f32::from(phase) / 255.0),
        );
    }
}
