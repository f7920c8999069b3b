//! The side panel's width rules: how wide it may be, and below which
//! window width it becomes a drawer. A leaf: the settings (which keep the
//! chosen width) and the side panel both read it.

/// The narrowest the panel gets: its buttons still fit on two rows.
pub const MIN_WIDTH: f32 = 230.0;

/// The widest the panel gets: past this the board loses more than the
/// panel gains.
pub const MAX_WIDTH: f32 = 420.0;

/// The panel's width on a first start.
pub const DEFAULT_WIDTH: f32 = 290.0;

/// The largest share of the window's width the panel may take.
pub const MAX_SHARE: f32 = 0.42;

/// Below this window width the panel is a drawer: a 640-pixel window
/// gives the board its whole width, and the panel opens on request.
pub const DRAWER_BELOW: f32 = 760.0;

/// The width the panel takes in a window `window_width` wide, given the
/// width the player chose.
#[must_use]
pub fn clamp_width(chosen: f32, window_width: f32) -> f32 {
    let max = (window_width * MAX_SHARE).clamp(MIN_WIDTH, MAX_WIDTH);
    let chosen = if chosen.is_finite() {
        chosen
    } else {
        DEFAULT_WIDTH
    };
    chosen.clamp(MIN_WIDTH, max)
}

/// True when a window `width` wide shows the panel as a drawer.
#[must_use]
pub fn is_drawer(width: f32) -> bool {
    width < DRAWER_BELOW
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_width_stays_in_its_range_and_leaves_the_board_room() {
        assert_eq!(clamp_width(DEFAULT_WIDTH, 1000.0), DEFAULT_WIDTH);
        assert_eq!(clamp_width(50.0, 1000.0), MIN_WIDTH);
        assert_eq!(clamp_width(2000.0, 3000.0), MAX_WIDTH);
        assert_eq!(clamp_width(400.0, 800.0), 800.0 * MAX_SHARE);
        assert_eq!(clamp_width(f32::NAN, 1000.0), DEFAULT_WIDTH);
        assert!(is_drawer(640.0));
        assert!(!is_drawer(1000.0));
    }
}
