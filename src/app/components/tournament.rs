//! The Tournaments window (Game → Tournaments…): engines chosen from the
//! engines list (the built-in one too, as the `pbrain-gomoku` process
//! shipped beside the app), round robin or gauntlet, games per pairing,
//! time, openings, games at once and rule; Start, Stop and Resume; while
//! it runs, the live cross-table (W-L-D, Elo with its error, the
//! pentanomial, totals), the progress and the last games, each of which
//! opens on the board. The games are played on the runner's thread
//! ([`TournamentRunner`]); this window only reads what it reported.

use crate::app::action::Action;
use crate::app::tournament_runner::{
    Live, OpeningChoice, RunFailure, RunState, TournamentPlan, TournamentRunner,
};
use crate::app::view::View;
use crate::app::watch::{Player, WatchSetup};
use crate::engine::Level;
use crate::gomocup::EngineSpec;
use crate::i18n::{phrases, Msg, Tr};
use crate::matchrun::{format_elo, EndKind, Standings, TournamentGame, TournamentKind};
use crate::play::Table;
use crate::rules::{GameModel, GameSettings, Rule, Stone};
use eframe::egui::{self, Context, Rect, RichText};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::SystemTime;

/// Finished games listed, newest first (all are in the folder).
const LAST_GAMES: usize = 40;

/// The Tournaments window and the tournament it runs.
pub struct TournamentWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// What the next start plays.
    pub plan: TournamentPlan,
    /// The engines ticked, by command line.
    chosen: Vec<EngineSpec>,
    /// The openings file's path as typed.
    openings_path: String,
    /// The built-in engine as a process, if `pbrain-gomoku` is beside the
    /// app.
    builtin: Option<EngineSpec>,
    /// Where tournaments' folders are made (`<data>/tournaments`); `None`
    /// when the app keeps no files.
    folder: Option<PathBuf>,
    /// Whether the window was drawn in the last frame.
    drawn: bool,
    /// Why the last start was refused before it began.
    refused: Option<Msg>,
    /// The tournament's thread.
    pub runner: TournamentRunner,
}

impl TournamentWindow {
    /// The window for an app whose data folder is `data` (`None`: no
    /// files kept, so no tournament can be started).
    #[must_use]
    pub fn new(data: Option<PathBuf>) -> TournamentWindow {
        let builtin = std::env::current_exe()
            .ok()
            .and_then(|exe| crate::matchrun::pbrain_beside(&exe));
        TournamentWindow {
            open: false,
            plan: TournamentPlan::default(),
            chosen: builtin.iter().cloned().collect(),
            openings_path: String::new(),
            builtin,
            folder: data.map(|d| d.join("tournaments")),
            drawn: false,
            refused: None,
            runner: TournamentRunner::default(),
        }
    }

    /// The engines offered: the built-in one first, then the list's.
    fn offered(&self, view: &View<'_>) -> Vec<(EngineSpec, String)> {
        let builtin = self
            .builtin
            .iter()
            .map(|s| (s.clone(), view.tr.s(Msg::TourBuiltIn).to_string()));
        let listed = view
            .settings
            .engines
            .iter()
            .map(|e| (e.spec.clone(), e.name()));
        builtin.chain(listed).collect()
    }

    /// The engines' names for the table: as the window's list names them
    /// (the built-in engine as such, a listed engine as the list does), so
    /// the table and the list agree; an engine no longer offered, as it
    /// named itself.
    fn names(&self, view: &View<'_>, live: &Live, s: &Standings) -> Vec<String> {
        let offered = self.offered(view);
        let specs = live
            .setup
            .as_ref()
            .map_or(&[][..], |x| x.engines.as_slice());
        s.names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                specs
                    .get(i)
                    .and_then(|spec| offered.iter().find(|(o, _)| o == spec))
                    .map_or_else(|| name.clone(), |(_, listed)| listed.clone())
            })
            .collect()
    }

    /// Draws the window while open.
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        if !self.open {
            self.drawn = false;
            return;
        }
        if !self.drawn {
            // The set-up's grid learns its column widths in its first
            // frame; a second frame at once lays it out without waiting
            // for the next event.
            ctx.request_repaint();
            self.drawn = true;
        }
        let tr = view.tr;
        let live = self.runner.live();
        let busy = self.runner.busy();
        let mut open = true;
        egui::Window::new(tr.s(Msg::TournamentsTitle))
            .id(egui::Id::unique("tournaments-window"))
            .open(&mut open)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(32.0, 24.0))
            .default_width(560.0)
            .default_height(area.height() * 0.8)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical()
                    .max_height(area.height() * 0.8)
                    .show(ui, |ui| {
                        // The run first (it is what the player watches),
                        // with Stop beside its progress, where it stays as
                        // the tables grow below; or the next one's set-up.
                        let mut stop = false;
                        let shown = state_ui(ui, view, &live, busy.then_some(&mut stop));
                        if stop {
                            self.runner.stop();
                        }
                        if let Some(s) = &live.standings {
                            let names = self.names(view, &live, s);
                            standings_ui(ui, tr, s, &names);
                            let opened =
                                games_ui(ui, tr, &live, &names, self.builtin.as_ref(), actions);
                            // The opened game is what the player wants to
                            // see: the window steps aside (the tournament
                            // plays on; the menu brings it back).
                            self.open &= !opened;
                        }
                        if shown && !busy {
                            ui.separator();
                        }
                        if !busy {
                            self.setup_ui(ui, ctx, view, actions);
                        }
                    });
            });
        self.open &= open;
    }

    /// The set-up: engines, kind, games, time, openings, games at once,
    /// rule, and Start / Resume.
    fn setup_ui(
        &mut self,
        ui: &mut egui::Ui,
        ctx: &Context,
        view: &View<'_>,
        actions: &mut Vec<Action>,
    ) {
        let tr = view.tr;
        let offered = self.offered(view);
        ui.label(RichText::new(tr.s(Msg::TourEngines)).strong());
        for (spec, name) in &offered {
            let mut on = self.chosen.contains(spec);
            if ui.checkbox(&mut on, name.as_str()).changed() {
                if on {
                    self.chosen.push(spec.clone());
                } else {
                    self.chosen.retain(|s| s != spec);
                }
            }
        }
        if offered.len() < 2 {
            ui.label(RichText::new(tr.s(Msg::TourNoEngines)).weak());
        }
        let plan = &mut self.plan;
        egui::Grid::new(egui::Id::unique("tournament-setup"))
            .num_columns(2)
            .show(ui, |ui| {
                // One choice a row: a cell of several lines is placed
                // wrongly in the grid's first frame (seen under Xvfb).
                ui.label(tr.s(Msg::TourKind));
                ui.radio_value(
                    &mut plan.kind,
                    TournamentKind::RoundRobin,
                    tr.s(Msg::TourRoundRobin),
                );
                ui.end_row();
                ui.label("");
                ui.radio_value(
                    &mut plan.kind,
                    TournamentKind::Gauntlet,
                    tr.s(Msg::TourGauntlet),
                );
                ui.end_row();
                let label = ui.label(tr.s(Msg::TourGamesPerPairing));
                ui.add(egui::DragValue::new(&mut plan.games_per_pairing).range(1..=1000))
                    .labelled_by(label.id);
                ui.end_row();
                let label = ui.label(tr.s(Msg::TourTimePerMove));
                if let Some(turn_ms) = super::engines::turn_seconds(ui, &label, plan.turn_ms) {
                    plan.turn_ms = turn_ms;
                }
                ui.end_row();
                let label = ui.label(tr.s(Msg::TourClock));
                let mut clock = plan.match_ms / 1000;
                if ui
                    .add(egui::DragValue::new(&mut clock).range(0..=36_000))
                    .labelled_by(label.id)
                    .changed()
                {
                    plan.match_ms = clock * 1000;
                }
                ui.end_row();
                let mut which = match plan.openings {
                    OpeningChoice::Balanced => 0,
                    OpeningChoice::Empty => 1,
                    OpeningChoice::File(_) => 2,
                };
                ui.label(tr.s(Msg::TourOpenings));
                ui.radio_value(&mut which, 0, tr.s(Msg::TourOpeningsBalanced));
                ui.end_row();
                ui.label("");
                ui.radio_value(&mut which, 1, tr.s(Msg::TourOpeningsEmpty));
                ui.end_row();
                ui.label("");
                {
                    ui.horizontal(|ui| {
                        let radio = ui.radio_value(&mut which, 2, tr.s(Msg::TourOpeningsFile));
                        let edit = ui
                            .add(
                                egui::TextEdit::singleline(&mut self.openings_path)
                                    .id(egui::Id::unique("tournament-openings-path"))
                                    .desired_width(220.0),
                            )
                            .labelled_by(radio.id);
                        if edit.changed() {
                            which = 2;
                        }
                    });
                    plan.openings = match which {
                        0 => OpeningChoice::Balanced,
                        1 => OpeningChoice::Empty,
                        _ => OpeningChoice::File(PathBuf::from(self.openings_path.trim())),
                    };
                }
                ui.end_row();
                let label = ui.label(tr.s(Msg::TourConcurrency));
                let cores = std::thread::available_parallelism().map_or(1, usize::from);
                ui.add(egui::DragValue::new(&mut plan.concurrency).range(1..=cores))
                    .labelled_by(label.id);
                ui.end_row();
                ui.label(tr.s(Msg::TourRule));
                ui.horizontal(|ui| {
                    for rule in Rule::ALL {
                        ui.radio_value(&mut plan.rule, rule, phrases::rule(tr, rule));
                    }
                });
                ui.end_row();
            });
        // The list's order, not the ticking order: a gauntlet's first
        // engine is the first ticked one in the list.
        let engines: Vec<EngineSpec> = offered
            .into_iter()
            .map(|(spec, _)| spec)
            .filter(|s| self.chosen.contains(s))
            .collect();
        let last = view.settings.last_tournament.clone();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(engines.len() >= 2, egui::Button::new(tr.s(Msg::TourStart)))
                .clicked()
            {
                match &self.folder {
                    Some(base) => {
                        let folder = base.join(folder_name(SystemTime::now()));
                        self.refused = None;
                        self.runner
                            .start(engines, &self.plan, folder.clone(), waker(ctx));
                        remember(view, folder, actions);
                    }
                    None => self.refused = Some(Msg::TourErrNoFolder),
                }
            }
            if let Some(folder) = last {
                if ui.button(tr.s(Msg::TourResume)).clicked() {
                    self.refused = None;
                    self.runner.resume(folder, waker(ctx));
                }
            }
        });
        if let Some(m) = self.refused {
            ui.label(RichText::new(tr.s(m)).color(view.palette.refused));
        }
    }
}

/// A waker for the runner's thread: a repaint of this window's context.
fn waker(ctx: &Context) -> crate::app::tournament_runner::Waker {
    let ctx = ctx.clone();
    Arc::new(move || ctx.request_repaint())
}

/// Keeps `folder` in the settings as the tournament Resume goes on with.
fn remember(view: &View<'_>, folder: PathBuf, actions: &mut Vec<Action>) {
    let mut settings = view.settings.clone();
    settings.last_tournament = Some(folder);
    actions.push(Action::Settings {
        settings: Box::new(settings),
        save: true,
    });
}

/// A new tournament's folder name: the UTC date and time it started,
/// `YYYY-MM-DD-HHMMSS`, so folders sort by age.
fn folder_name(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (year, month, day) = crate::app::records::civil_date(secs / 86_400);
    let second = secs % 86_400;
    format!(
        "{year:04}-{month:02}-{day:02}-{:02}{:02}{:02}",
        second / 3600,
        second % 3600 / 60,
        second % 60
    )
}

/// Where the run is, in words, with the folder and any failure, and the
/// Stop button while it runs (`stop` is set when it is clicked); false
/// when nothing was run yet.
fn state_ui(ui: &mut egui::Ui, view: &View<'_>, live: &Live, stop: Option<&mut bool>) -> bool {
    let tr = view.tr;
    let finished = live.standings.as_ref().map_or(0, |s| s.finished);
    let planned = live.planned;
    let counts: [(&str, &dyn std::fmt::Display); 2] =
        [("finished", &finished), ("planned", &planned)];
    let text = match &live.state {
        RunState::Idle => return false,
        RunState::Running => tr.f(Msg::TourRunning, &counts),
        RunState::Stopping => tr.s(Msg::TourStopping).to_string(),
        RunState::Ended { stopped: false } => tr.f(Msg::TourEnded, &counts),
        RunState::Ended { stopped: true } => tr.f(Msg::TourStopped, &counts),
        RunState::Failed(f) => {
            ui.label(RichText::new(failure(tr, f)).color(view.palette.refused));
            return true;
        }
    };
    ui.horizontal(|ui| {
        if let Some(stop) = stop {
            let stopping = live.state == RunState::Stopping;
            *stop = ui
                .add_enabled(!stopping, egui::Button::new(tr.s(Msg::TourStop)))
                .clicked();
        }
        ui.add(egui::Label::new(text).wrap());
    });
    if planned > 0 {
        ui.add(egui::ProgressBar::new(finished as f32 / planned as f32).desired_width(400.0));
    }
    if let Some(folder) = &live.folder {
        let path = folder.display();
        ui.label(RichText::new(tr.f(Msg::TourFolder, &[("path", &path)])).weak());
    }
    true
}

/// A failure in the player's language.
fn failure(tr: Tr, f: &RunFailure) -> String {
    match f {
        RunFailure::Openings(detail) if detail.is_empty() => {
            tr.s(Msg::TourErrNoOpenings).to_string()
        }
        RunFailure::Openings(detail) => tr.f(Msg::TourErrOpenings, &[("detail", detail)]),
        RunFailure::Files(detail) => tr.f(Msg::TourErrFiles, &[("detail", detail)]),
        RunFailure::State(detail) => tr.f(Msg::TourErrState, &[("detail", detail)]),
    }
}

/// `wins-losses-draws`.
fn wld(t: crate::matchrun::Tally) -> String {
    format!("{}-{}-{}", t.wins, t.losses, t.draws)
}

/// The cross-table: each pairing's W-L-D, Elo with its error and pairs,
/// then each engine's totals, best first.
fn standings_ui(ui: &mut egui::Ui, tr: Tr, s: &Standings, names: &[String]) {
    let name = |i: usize| format!("{}. {}", i + 1, names.get(i).map_or("", String::as_str));
    egui::Grid::new(egui::Id::unique("tournament-pairings"))
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for m in [
                Msg::TourPairing,
                Msg::TourWld,
                Msg::TourElo,
                Msg::TourPentanomial,
            ] {
                ui.label(RichText::new(tr.s(m)).strong());
            }
            ui.end_row();
            for p in &s.pairings {
                let [a, b] = p.engines;
                let (a, b) = (name(a), name(b));
                ui.label(tr.f(Msg::TourVs, &[("a", &a), ("b", &b)]));
                ui.label(wld(p.tally));
                // An Elo from one or two games is noise with an infinite
                // error bar: said as such until there is something to say.
                let few = p.penta.pairs() < MIN_PAIRS_FOR_ELO;
                let elo = p
                    .elo()
                    .filter(|e| !few && e.diff.is_finite() && e.margin.is_finite());
                match elo {
                    Some(e) => ui.label(format_elo(crate::matchrun::Elo {
                        // No "-0.0".
                        diff: e.diff + 0.0,
                        ..e
                    })),
                    None => ui.label(RichText::new(tr.s(Msg::TourTooFew)).weak()),
                };
                if few {
                    ui.label(RichText::new("–").weak());
                } else {
                    ui.label(p.penta.to_string());
                }
                ui.end_row();
            }
        });
    ui.add_space(6.0);
    egui::Grid::new(egui::Id::unique("tournament-totals"))
        .num_columns(4)
        .striped(true)
        .show(ui, |ui| {
            for m in [
                Msg::TourEngine,
                Msg::TourGames,
                Msg::TourWld,
                Msg::TourScore,
            ] {
                ui.label(RichText::new(tr.s(m)).strong());
            }
            ui.end_row();
            for i in s.ranking() {
                let t = s.totals[i];
                ui.label(name(i));
                ui.label(t.games().to_string());
                ui.label(wld(t));
                ui.label(
                    t.score()
                        .map_or_else(|| "–".to_string(), |x| format!("{:.1}%", x * 100.0)),
                );
                ui.end_row();
            }
        });
}

/// The last games, newest first, each with a button that opens it on the
/// board.
fn games_ui(
    ui: &mut egui::Ui,
    tr: Tr,
    live: &Live,
    names: &[String],
    builtin: Option<&EngineSpec>,
    actions: &mut Vec<Action>,
) -> bool {
    let mut opened = false;
    if live.games.is_empty() {
        return false;
    }
    ui.add_space(6.0);
    ui.label(RichText::new(tr.s(Msg::TourLastGames)).strong());
    let name = |i: usize| names.get(i).cloned().unwrap_or_default();
    for g in live.games.iter().rev().take(LAST_GAMES) {
        let result = match g.winner {
            Some(w) => {
                let w = name(w);
                tr.f(Msg::TourWins, &[("engine", &w)])
            }
            None => tr.s(Msg::TourDraw).to_string(),
        };
        let (black, white) = (name(g.black), name(g.white));
        ui.horizontal(|ui| {
            if ui.small_button(tr.s(Msg::TourOpenGame)).clicked() {
                if let Some(setup) = live.setup.as_ref() {
                    if let Some(game) = game_of(g, setup) {
                        let table = Table::watched(game, black.clone(), white.clone());
                        let player = |i: usize| match setup.engines.get(i) {
                            Some(spec) if Some(spec) == builtin => Player::BuiltIn(Level::MAXIMUM),
                            Some(spec) => Player::Listed(spec.clone()),
                            None => Player::BuiltIn(Level::default()),
                        };
                        // Resumed, the engines play on at the
                        // tournament's time per move.
                        let engines = WatchSetup {
                            black: player(g.black),
                            white: player(g.white),
                            turn_ms: setup.turn_ms,
                        };
                        actions.push(Action::OpenWatched(Box::new((table, engines))));
                        opened = true;
                    }
                }
            }
            ui.label(tr.f(
                Msg::TourGameLine,
                &[("black", &black), ("white", &white), ("result", &result)],
            ));
        });
        let size = live.setup.as_ref().map_or(15, |s| s.size);
        let said = ending(tr, g, size, &name);
        ui.label(RichText::new(&said).weak().small())
            .on_hover_text(g.ending.as_str());
    }
    opened
}

/// How a game ended, in the player's language (the runner's own words,
/// English and detailed, on hover); a game from an older state file has
/// only those.
fn ending(tr: Tr, g: &TournamentGame, size: u8, name: &impl Fn(usize) -> String) -> String {
    let moves = g.move_list(size).map_or(0, |m| m.len());
    let loser = g
        .winner
        .map(|w| if w == g.black { g.white } else { g.black });
    let engine = loser.map(name).unwrap_or_default();
    match g.end {
        Some(EndKind::Five) => tr.f(Msg::TourEndFive, &[("moves", &moves)]),
        Some(EndKind::FullBoard) => tr.s(Msg::TourEndFullBoard).to_string(),
        Some(EndKind::MoveLimit) => tr.f(Msg::TourEndMoveLimit, &[("moves", &moves)]),
        Some(EndKind::Start) => tr.f(Msg::TourEndStart, &[("engine", &engine)]),
        Some(EndKind::Crash) => tr.f(Msg::TourEndCrash, &[("engine", &engine)]),
        Some(EndKind::Time) => tr.f(Msg::TourEndTime, &[("engine", &engine)]),
        Some(EndKind::Illegal) => tr.f(Msg::TourEndIllegal, &[("engine", &engine)]),
        None => g.ending.clone(),
    }
}

/// Colour-swapped pairs a pairing needs before its Elo and pairs are
/// shown: fewer are noise ("+inf ± inf").
const MIN_PAIRS_FOR_ELO: u32 = 2;

/// A finished game as a game on the board, with its result: a loss on
/// time as a flag, any other fault as the faulty engine's resignation
/// (it lost without a five on the board).
fn game_of(g: &TournamentGame, setup: &crate::matchrun::TournamentSetup) -> Option<GameModel> {
    let moves = g.move_list(setup.size)?;
    let settings = GameSettings {
        size: setup.size,
        rule: setup.rule,
    };
    let mut game = GameModel::from_moves(settings, &moves).ok()?;
    if let (false, Some(winner)) = (game.is_over(), g.winner) {
        let loser = if winner == g.black {
            Stone::White
        } else {
            Stone::Black
        };
        let _ = match g.end {
            Some(EndKind::Time) => game.flag(loser),
            Some(EndKind::Start | EndKind::Crash | EndKind::Illegal) => game.resign(loser),
            _ => Ok(()),
        };
    }
    Some(game)
}
