//! Colours of the board and its pieces, for the light and dark looks.

use super::settings::Theme;
use eframe::egui::Color32;

/// Every colour the board uses.
#[derive(Debug, Clone, PartialEq)]
pub struct Palette {
    /// The wood.
    pub wood: Color32,
    /// Darker streaks in the wood.
    pub wood_grain: Color32,
    /// The board's edge.
    pub wood_edge: Color32,
    /// The shadow the board casts on the window.
    pub board_shadow: Color32,
    /// Grid lines and star points.
    pub grid: Color32,
    /// Coordinate letters and numbers.
    pub label: Color32,
    /// Black stone: the lit spot.
    pub black_light: Color32,
    /// Black stone: the edge.
    pub black_rim: Color32,
    /// White stone: the lit spot.
    pub white_light: Color32,
    /// White stone: the edge.
    pub white_rim: Color32,
    /// The shadow a stone casts on the wood.
    pub stone_shadow: Color32,
    /// The last move's marker (and its number).
    pub last_move: Color32,
    /// Move numbers on black stones.
    pub number_on_black: Color32,
    /// Move numbers on white stones.
    pub number_on_white: Color32,
    /// The bar through a winning five.
    pub win_line: Color32,
    /// The rings around a winning five's stones.
    pub win_ring: Color32,
    /// The suggested move.
    pub hint: Color32,
    /// The ring after a refused click.
    pub refused: Color32,
}

impl Palette {
    /// The colours for `theme`.
    #[must_use]
    pub fn for_theme(theme: Theme) -> Palette {
        let light = Palette {
            wood: Color32::from_rgb(222, 178, 104),
            wood_grain: Color32::from_rgb(176, 122, 58),
            wood_edge: Color32::from_rgb(128, 82, 36),
            board_shadow: Color32::from_black_alpha(60),
            grid: Color32::from_rgb(58, 38, 18),
            label: Color32::from_rgb(74, 48, 22),
            black_light: Color32::from_rgb(112, 112, 116),
            black_rim: Color32::from_rgb(12, 12, 14),
            white_light: Color32::from_rgb(255, 255, 255),
            white_rim: Color32::from_rgb(190, 188, 180),
            stone_shadow: Color32::from_black_alpha(90),
            last_move: Color32::from_rgb(220, 40, 30),
            number_on_black: Color32::from_rgb(235, 235, 235),
            number_on_white: Color32::from_rgb(25, 25, 25),
            win_line: Color32::from_rgba_unmultiplied(255, 196, 40, 140),
            win_ring: Color32::from_rgb(255, 190, 30),
            hint: Color32::from_rgb(30, 150, 70),
            refused: Color32::from_rgb(220, 40, 30),
        };
        match theme {
            Theme::Light => light,
            Theme::Dark => Palette {
                wood: Color32::from_rgb(186, 140, 78),
                wood_grain: Color32::from_rgb(130, 86, 38),
                wood_edge: Color32::from_rgb(90, 56, 24),
                board_shadow: Color32::from_black_alpha(140),
                grid: Color32::from_rgb(44, 28, 12),
                label: Color32::from_rgb(52, 32, 14),
                ..light
            },
        }
    }
}
