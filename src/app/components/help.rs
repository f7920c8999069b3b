//! The help windows: how to play, the keyboard shortcuts, and about.

use super::menu_bar::SHORTCUTS;
use crate::app::view::View;
use crate::i18n::Msg;
use eframe::egui::{self, Context, Rect, RichText};

/// Which help windows are open.
#[derive(Debug, Default)]
pub struct HelpWindows {
    /// The rules and how to play.
    pub how_to_play: bool,
    /// The keyboard shortcuts.
    pub shortcuts: bool,
    /// Version and licence.
    pub about: bool,
}

impl HelpWindows {
    /// Draws the open windows inside `area` (below the menu bar).
    pub fn show(&mut self, ctx: &Context, area: Rect, view: &View<'_>) {
        let tr = view.tr;
        // Ids apart from titles: a window keeps its place and size when
        // the language (and so its title) changes.
        egui::Window::new(tr.s(Msg::HowToPlay))
            .id(egui::Id::unique("how to play"))
            .open(&mut self.how_to_play)
            .collapsible(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .default_width(380.0)
            .show(ctx, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    ui.label(tr.s(Msg::HowToPlayText));
                    ui.add_space(6.0);
                    ui.label(tr.s(Msg::HowToPlayRating));
                });
            });
        egui::Window::new(tr.s(Msg::KeyboardShortcuts))
            .id(egui::Id::unique("shortcuts"))
            .open(&mut self.shortcuts)
            .collapsible(false)
            .resizable(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .show(ctx, |ui| {
                egui::Grid::new("keys")
                    .num_columns(2)
                    .striped(true)
                    .show(ui, |ui| {
                        for (what, key) in SHORTCUTS {
                            ui.label(RichText::new(ctx.format_shortcut(&key)).monospace());
                            ui.label(tr.s(what));
                            ui.end_row();
                        }
                        // Key names as keyboards print them, in every language.
                        for (keys, what) in [
                            ("Ctrl+C / Ctrl+V", Msg::KeyCopyPaste),
                            ("Left / Right", Msg::KeyStep),
                            ("Home / End", Msg::KeyEnds),
                            ("Esc", Msg::KeyLeaveEditor),
                        ] {
                            ui.label(RichText::new(keys).monospace());
                            ui.label(tr.s(what));
                            ui.end_row();
                        }
                    });
            });
        egui::Window::new(tr.s(Msg::AboutGomoku))
            .id(egui::Id::unique("about"))
            .open(&mut self.about)
            .collapsible(false)
            .resizable(false)
            .constrain_to(area)
            .default_pos(area.min + egui::vec2(24.0, 16.0))
            .show(ctx, |ui| {
                let version = env!("CARGO_PKG_VERSION");
                let license = env!("CARGO_PKG_LICENSE");
                ui.heading(tr.f(Msg::AboutHeading, &[("version", &version)]));
                ui.label(tr.s(Msg::AboutText));
                ui.label(tr.f(Msg::License, &[("license", &license)]));
            });
    }
}
