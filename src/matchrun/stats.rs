//! Match statistics: the score and an Elo difference with its 95% error
//! bar.
//!
//! The error bar comes from the spread of single-game scores (1, ½, 0)
//! around their mean, projected through the logistic Elo curve. It treats
//! games as independent, which the colour-swapped pairs are not quite, so
//! it errs on the wide side for engines that win every game as White and
//! as Black alike.

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// Wins, losses and draws of the first engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Games it lost.
    pub losses: u32,
    /// Drawn games.
    pub draws: u32,
}

/// An Elo estimate.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Elo {
    /// Difference in Elo, positive when the first engine is stronger;
    /// infinite when one side scored everything.
    pub diff: f64,
    /// Half-width of the 95% interval (infinite when unbounded).
    pub margin: f64,
}

/// Elo difference for an expected score `s` in `(0, 1)`.
fn elo_of(s: f64) -> f64 {
    -400.0 * (1.0 / s - 1.0).log10()
}

impl Tally {
    /// Games played.
    #[must_use]
    pub fn games(&self) -> u32 {
        self.wins + self.losses + self.draws
    }

    /// Points of the first engine (a draw is half a point).
    #[must_use]
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }

    /// Score fraction of the first engine, `None` before any game.
    #[must_use]
    pub fn score(&self) -> Option<f64> {
        let n = self.games();
        (n > 0).then(|| self.points() / f64::from(n))
    }

    /// The Elo difference and its error bar, `None` before any game.
    #[must_use]
    pub fn elo(&self) -> Option<Elo> {
        let s = self.score()?;
        let n = f64::from(self.games());
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let se = (var / n).sqrt();
        let diff = if s <= 0.0 {
            f64::NEG_INFINITY
        } else if s >= 1.0 {
            f64::INFINITY
        } else {
            elo_of(s)
        };
        let lo = s - Z95 * se;
        let hi = s + Z95 * se;
        let margin = if lo <= 0.0 || hi >= 1.0 {
            f64::INFINITY
        } else {
            (elo_of(hi) - elo_of(lo)) / 2.0
        };
        Some(Elo { diff, margin })
    }

    /// One line for people: `+7 -2 =1, score 7.5/10 (75.0%), Elo +190.8 ± 230.1`.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut text = format!(
            "+{} -{} ={}, score {}/{}",
            self.wins,
            self.losses,
            self.draws,
            self.points(),
            self.games()
        );
        if let (Some(s), Some(e)) = (self.score(), self.elo()) {
            text.push_str(&format!(" ({:.1}%), Elo {}", s * 100.0, format_elo(e)));
        }
        text
    }
}

/// `+190.8 ± 230.1 (95%)`, with infinities spelt out.
#[must_use]
pub fn format_elo(e: Elo) -> String {
    let diff = if e.diff.is_infinite() {
        if e.diff > 0.0 {
            "+inf".to_string()
        } else {
            "-inf".to_string()
        }
    } else {
        format!("{:+.1}", e.diff)
    };
    let margin = if e.margin.is_infinite() {
        "inf".to_string()
    } else {
        format!("{:.1}", e.margin)
    };
    format!("{diff} ± {margin} (95%)")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(w: u32, l: u32, d: u32) -> Tally {
        Tally {
            wins: w,
            losses: l,
            draws: d,
        }
    }

    #[test]
    fn even_matches_are_zero_elo() {
        let e = t(5, 5, 0).elo().unwrap();
        assert!(e.diff.abs() < 1e-9);
        assert!(e.margin > 100.0 && e.margin.is_finite(), "{e:?}");
        assert!(t(0, 0, 10).elo().unwrap().diff.abs() < 1e-9);
    }

    #[test]
    fn three_quarters_is_about_191_elo() {
        let e = t(75, 25, 0).elo().unwrap();
        assert!((e.diff - 190.85).abs() < 0.1, "{e:?}");
        // 100 games: the interval is roughly ±1.96·0.043 in score.
        assert!(e.margin > 50.0 && e.margin < 90.0, "{e:?}");
    }

    #[test]
    fn more_games_narrow_the_bar() {
        let few = t(6, 4, 0).elo().unwrap().margin;
        let many = t(600, 400, 0).elo().unwrap().margin;
        assert!(many < few / 5.0);
    }

    #[test]
    fn clean_sweeps_are_unbounded() {
        let e = t(10, 0, 0).elo().unwrap();
        assert!(e.diff.is_infinite() && e.diff > 0.0);
        assert!(format_elo(e).starts_with("+inf"));
        assert_eq!(t(0, 0, 0).elo(), None);
    }

    #[test]
    fn description() {
        assert_eq!(
            t(7, 2, 1).describe(),
            "+7 -2 =1, score 7.5/10 (75.0%), Elo +190.8 ± 763.2 (95%)"
        );
    }
}
