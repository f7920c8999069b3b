//! The Engines window (Game → Engines…): the built-in engine first,
//! then the foreign Gomocup engines the player added, each with its name,
//! version and author as it gave them, whether it ranks moves
//! (`YXNBEST`), and its settings (time per move, threads, memory). A
//! typed command line is probed on a thread of its own: the window shows
//! "Starting …" until the engine answers, then lists it, or says in words
//! why it could not be used. The list is part of the settings.

use crate::app::action::Action;
use crate::app::engine_words;
use crate::app::settings::AppSettings;
use crate::app::view::View;
use crate::gomocup::{split_command_line, EngineDescriptor, EngineFailure, TimeControl};
use crate::i18n::Msg;
use eframe::egui::{self, Context, Rect, RichText};
use std::sync::{Arc, Mutex};

/// A probe's answer, written by its thread and read by the window.
type ProbeSlot = Arc<Mutex<Option<Result<EngineDescriptor, EngineFailure>>>>;

/// A probe under way: the command line it starts.
struct Probe {
    command: String,
    slot: ProbeSlot,
}

/// The Engines window.
#[derive(Default)]
pub struct EnginesWindow {
    /// Whether the window is shown.
    pub open: bool,
    /// The command line being typed.
    command: String,
    probes: Vec<Probe>,
    /// Why the last engine could not be added, in words.
    error: Option<String>,
    /// A program chosen in the file dialog, added at the next frame.
    chosen: Option<String>,
}

impl EnginesWindow {
    /// The program chosen in the file dialog: it becomes the command line
    /// (quoted if its path has spaces) and is added to the list.
    pub fn chose(&mut self, path: &std::path::Path) {
        let text = path.display().to_string();
        let command = shlex::try_quote(&text).map_or(text.clone(), |q| q.into_owned());
        self.chosen = Some(command);
        self.open = true;
    }

    /// Says `text` (why no file dialog could be shown) in the window.
    pub fn tell(&mut self, text: String) {
        self.error = Some(text);
        self.open = true;
    }

    /// Starts probing `command` in the background (never on the UI
    /// thread); the window lists the engine once it answered.
    fn add(&mut self, ctx: &Context, command: &str, view: &View<'_>) {
        let spec = match split_command_line(command) {
            Ok(spec) => spec,
            Err(e) => {
                let failure = crate::gomocup::EngineError::Spawn {
                    command: command.to_string(),
                    reason: e,
                }
                .of(command);
                self.error = Some(engine_words::failure(view.tr, &failure));
                return;
            }
        };
        self.error = None;
        let slot: ProbeSlot = Arc::default();
        let (answer, ctx) = (Arc::clone(&slot), ctx.clone());
        EngineDescriptor::probe_in_background(spec, move |result| {
            if let Ok(mut s) = answer.lock() {
                *s = Some(result);
            }
            ctx.request_repaint();
        });
        self.probes.push(Probe {
            command: command.to_string(),
            slot,
        });
    }

    /// Takes the probes that have answered: an engine that answered is
    /// added to the list (and its command line leaves the box), a failure
    /// is told (and the command line stays in the box, to be corrected).
    fn take_answers(&mut self, view: &View<'_>, settings: &mut AppSettings) -> bool {
        let mut changed = false;
        let mut pending = Vec::new();
        for p in self.probes.drain(..) {
            let answer = p.slot.lock().ok().and_then(|mut s| s.take());
            match answer {
                None => pending.push(p),
                Some(Ok(desc)) => {
                    settings.engines.push(desc);
                    changed = true;
                    if self.command.trim() == p.command {
                        self.command.clear();
                    }
                }
                Some(Err(f)) => self.error = Some(engine_words::failure(view.tr, &f)),
            }
        }
        self.probes = pending;
        changed
    }

    /// Draws the window while open, inside `area`, and takes in the
    /// probes that have answered (even while closed).
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>, actions: &mut Vec<Action>) {
        let mut s = view.settings.clone();
        let mut changed = self.take_answers(view, &mut s);
        if self.open {
            let tr = view.tr;
            let mut open = true;
            let mut add = None;
            egui::Window::new(tr.s(Msg::EnginesTitle))
                .id(egui::Id::unique("engines-window"))
                .open(&mut open)
                .collapsible(false)
                .constrain_to(area)
                .default_pos(area.min + egui::vec2(24.0, 16.0))
                .default_width(460.0)
                .show(ctx, |ui| {
                    egui::ScrollArea::vertical()
                        .max_height(area.height() * 0.7)
                        .show(ui, |ui| {
                            ui.label(RichText::new(tr.s(Msg::BuiltInEngine)).strong());
                            let mut remove = None;
                            for (i, e) in s.engines.iter_mut().enumerate() {
                                ui.separator();
                                if engine_row(ui, view, i, e) {
                                    remove = Some(i);
                                }
                            }
                            if let Some(i) = remove {
                                s.engines.remove(i);
                            }
                        });
                    ui.separator();
                    let label = ui.label(RichText::new(tr.s(Msg::EngineCommandLabel)).strong());
                    ui.horizontal(|ui| {
                        let edit = ui
                            .add(
                                egui::TextEdit::singleline(&mut self.command)
                                    .id(egui::Id::unique("engine-command"))
                                    .desired_width(300.0),
                            )
                            .labelled_by(label.id);
                        let typed = !self.command.trim().is_empty();
                        let enter =
                            edit.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                        if ui
                            .add_enabled(typed, egui::Button::new(tr.s(Msg::AddEngine)))
                            .clicked()
                            || (typed && enter)
                        {
                            add = Some(self.command.trim().to_string());
                        }
                        if ui.button(tr.s(Msg::BrowseEngine)).clicked() {
                            actions.push(Action::BrowseEngine);
                        }
                    });
                    for p in &self.probes {
                        ui.horizontal(|ui| {
                            ui.spinner();
                            ui.label(tr.f(Msg::EngineStarting, &[("command", &p.command)]));
                        });
                    }
                    if let Some(e) = &self.error {
                        ui.label(RichText::new(e.as_str()).color(view.palette.refused));
                    }
                });
            if let Some(command) = add.or_else(|| self.chosen.take()) {
                // The box keeps the command until the engine is listed: a
                // failure leaves it there to be corrected.
                self.command.clone_from(&command);
                self.add(ctx, &command, view);
            }
            self.open = open;
        }
        changed |= s.engines != view.settings.engines;
        if changed {
            actions.push(Action::Settings {
                settings: Box::new(s),
                save: true,
            });
        }
    }
}

/// The time-per-move field of an engine, in seconds with one decimal
/// (0.1 s to 10 min), labelled by `label`: the new time in milliseconds
/// when the player changed it. The engines list and the tournament
/// set-up share it.
pub(super) fn turn_seconds(ui: &mut egui::Ui, label: &egui::Response, turn_ms: u64) -> Option<u64> {
    let mut seconds = turn_ms as f64 / 1000.0;
    ui.add(
        egui::DragValue::new(&mut seconds)
            .range(0.1..=600.0)
            .speed(0.1)
            .max_decimals(1),
    )
    .labelled_by(label.id)
    .changed()
    .then(|| (seconds * 1000.0).round() as u64)
}

/// One engine of the list; true when the player asked to remove it.
fn engine_row(ui: &mut egui::Ui, view: &View<'_>, i: usize, e: &mut EngineDescriptor) -> bool {
    let tr = view.tr;
    ui.label(RichText::new(e.name()).strong());
    if !e.about.version.is_empty() || !e.about.author.is_empty() {
        ui.label(
            RichText::new(tr.f(
                Msg::EngineVersionAuthor,
                &[("version", &e.about.version), ("author", &e.about.author)],
            ))
            .weak(),
        );
    }
    ui.add(egui::Label::new(RichText::new(e.spec.display()).weak().monospace()).truncate());
    ui.label(tr.s(if e.nbest {
        Msg::EngineNbestYes
    } else {
        Msg::EngineNbestNo
    }));
    let mut remove = false;
    egui::Grid::new(egui::Id::unique("engine-settings").with(i))
        .num_columns(2)
        .show(ui, |ui| {
            let label = ui.label(tr.s(Msg::EngineTimePerMove));
            if let Some(turn_ms) = turn_seconds(ui, &label, e.settings.time.turn_ms()) {
                e.settings.time = match e.settings.time {
                    TimeControl::PerMove { .. } => TimeControl::PerMove { turn_ms },
                    TimeControl::Clock { match_ms, .. } => TimeControl::Clock { match_ms, turn_ms },
                };
            }
            ui.end_row();
            let label = ui.label(tr.s(Msg::EngineThreads));
            let mut threads = e.settings.threads.unwrap_or(0);
            if ui
                .add(egui::DragValue::new(&mut threads).range(0..=256))
                .labelled_by(label.id)
                .changed()
            {
                e.settings.threads = (threads > 0).then_some(threads);
            }
            ui.end_row();
            let label = ui.label(tr.s(Msg::EngineMemory));
            let mut mb = e.settings.memory_mb.unwrap_or(0);
            if ui
                .add(egui::DragValue::new(&mut mb).range(0..=1_000_000))
                .labelled_by(label.id)
                .changed()
            {
                e.settings.memory_mb = (mb > 0).then_some(mb);
            }
            ui.end_row();
        });
    if ui.button(tr.s(Msg::RemoveEngine)).clicked() {
        remove = true;
    }
    remove
}
