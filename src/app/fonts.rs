//! Fonts that can draw Chinese.
//!
//! egui's built-in fonts cover Latin, Greek, Cyrillic and symbols but not
//! a single Han character. The app embeds a subset of Noto Sans CJK SC
//! holding every character the catalogues use (see `assets/fonts/`), so
//! the Chinese interface needs nothing installed. It comes after egui's
//! own fonts in each family: Latin text, numbers and coordinates keep
//! egui's look, and only what those fonts lack falls through to it.
//!
//! Text the catalogue cannot know (a file name, a pasted line) may hold
//! characters the subset lacks; eframe's system font provider (its
//! `system_fonts` feature, on by default) then finds an installed font
//! with the glyph, on demand and off the first frame.

use eframe::egui::{Context, FontData, FontDefinitions, FontFamily};
use std::sync::Arc;

/// The embedded CJK subset, cut by `scripts/make-font-subset.sh`.
pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-subset.otf");

/// The subset's name among egui's fonts.
const CJK_FONT_NAME: &str = "noto-sans-sc-subset";

/// egui's default fonts followed by the CJK subset in every family.
#[must_use]
pub fn definitions() -> FontDefinitions {
    let mut fonts = FontDefinitions::default();
    fonts.font_data.insert(
        CJK_FONT_NAME.to_owned(),
        Arc::new(FontData::from_static(CJK_FONT)),
    );
    for family in [FontFamily::Proportional, FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push(CJK_FONT_NAME.to_owned());
    }
    fonts
}

/// Gives `ctx` the fonts of [`definitions`].
pub fn install(ctx: &Context) {
    ctx.set_fonts(definitions());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subset_follows_the_default_fonts() {
        let fonts = definitions();
        let defaults = FontDefinitions::default();
        for family in [FontFamily::Proportional, FontFamily::Monospace] {
            let names = &fonts.families[&family];
            assert_eq!(names.last().map(String::as_str), Some(CJK_FONT_NAME));
            assert_eq!(&names[..names.len() - 1], &defaults.families[&family][..]);
        }
        assert!(fonts.font_data.contains_key(CJK_FONT_NAME));
    }
}
