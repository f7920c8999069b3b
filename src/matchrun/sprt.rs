//! Pentanomial statistics and the sequential probability ratio test.
//!
//! Games come in pairs: one opening played twice with colours swapped. A
//! pair scores 0, ½, 1, 1½ or 2 points for the first engine, and counting
//! pairs by that score (the *pentanomial*) instead of single games removes
//! most of the noise the opening itself adds: a lopsided opening that
//! each engine wins with Black is a draw-like 1–1 pair, not two
//! independent results.
//!
//! The test asks whether the first engine is at least `elo1` stronger
//! (H1) or at most `elo0` (H0), in logistic Elo. After each pair it
//! computes the log-likelihood ratio of the two and stops when it leaves
//! `[ln(β/(1−α)), ln((1−β)/α)]` (Wald's bounds).
//!
//! The ratio is the one fishtest uses: for each hypothesis, the
//! pentanomial distribution that best explains the observed pairs
//! (maximum likelihood) among those whose expected score is that
//! hypothesis's score; then the log of the ratio of the data's likelihoods
//! under the two. Near the hypotheses it agrees with the normal
//! approximation `N (s1 − s0)(2μ − s0 − s1) / (2σ²)` (OpenBench's form,
//! kept in the tests as a cross-check). Unlike that approximation it never
//! leaps to a verdict on a handful of identical pairs, but it also grows
//! slowly when the truth is far outside `[elo0, elo1]`: for a change worth
//! a hundred Elo or more, ask a coarser question (say `elo1=50`).

use std::fmt;
use std::str::FromStr;

/// Two-sided 95% quantile of the normal distribution.
const Z95: f64 = 1.959_964;

/// Stand-in count for an empty pentanomial cell when computing the
/// likelihood ratio: without it a single result kind (every pair 1–1, say)
/// admits no distribution with another mean and the ratio is infinite.
/// Small enough to change nothing once a few dozen pairs are in.
const EMPTY_CELL: f64 = 1e-3;

/// Pair scores, indexed by the first engine's points in the pair times two
/// (0: lost both, 2: one win and one loss or two draws, 4: won both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pentanomial(pub [u32; 5]);

/// Expected score of a player `elo` stronger, by the logistic Elo model.
#[must_use]
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Elo difference for an expected score in `(0, 1)`.
#[must_use]
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Score of each pentanomial cell as a fraction of the pair's two points.
fn cell_score(i: usize) -> f64 {
    i as f64 / 4.0
}

impl Pentanomial {
    /// Counts one finished pair: the first engine's points in each game
    /// (1, ½ or 0).
    pub fn add(&mut self, first: f64, second: f64) {
        let cell = ((first + second) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[cell] += 1;
    }

    /// Pairs counted.
    #[must_use]
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Mean score per game and the variance of a pair's mean score, or
    /// `None` before any pair.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let cells = self
            .0
            .iter()
            .enumerate()
            .map(|(i, &c)| (cell_score(i), f64::from(c)));
        let mean = cells.clone().map(|(a, c)| a * c).sum::<f64>() / n;
        let var = cells.map(|(a, c)| c * (a - mean).powi(2)).sum::<f64>() / n;
        Some((mean, var))
    }

    /// The Elo difference with a 95% interval from the spread of pair
    /// scores, or `None` before any pair. Unbounded ends are infinite.
    #[must_use]
    pub fn elo(&self) -> Option<super::Elo> {
        let (mean, var) = self.moments()?;
        let se = (var / f64::from(self.pairs())).sqrt();
        let diff = if mean <= 0.0 {
            f64::NEG_INFINITY
        } else if mean >= 1.0 {
            f64::INFINITY
        } else {
            elo_of_score(mean)
        };
        let (lo, hi) = (mean - Z95 * se, mean + Z95 * se);
        // Identical pairs show no spread, which is ignorance, not certainty.
        let margin = if var == 0.0 || lo <= 0.0 || hi >= 1.0 {
            f64::INFINITY
        } else {
            (elo_of_score(hi) - elo_of_score(lo)) / 2.0
        };
        Some(super::Elo { diff, margin })
    }

    /// The log-likelihood ratio of "the first engine is `elo1` stronger"
    /// against "it is `elo0` stronger" (logistic Elo), 0 before any pair.
    #[must_use]
    pub fn llr(&self, elo0: f64, elo1: f64) -> f64 {
        if self.pairs() == 0 {
            return 0.0;
        }
        let counts = self
            .0
            .map(|c| if c == 0 { EMPTY_CELL } else { f64::from(c) });
        let n: f64 = counts.iter().sum();
        let freq = counts.map(|c| c / n);
        let theta0 = constrained_mle(&freq, score_of_elo(elo0));
        let theta1 = constrained_mle(&freq, score_of_elo(elo1));
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        // p_i = f_i / (1 + θ (a_i − s)), so ln p1 − ln p0 needs no f_i.
        n * freq
            .iter()
            .enumerate()
            .map(|(i, f)| {
                let a = cell_score(i);
                f * ((1.0 + theta0 * (a - s0)).ln() - (1.0 + theta1 * (a - s1)).ln())
            })
            .sum::<f64>()
    }
}

impl fmt::Display for Pentanomial {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [a, b, c, d, e] = self.0;
        write!(f, "[{a}, {b}, {c}, {d}, {e}]")
    }
}

/// The multiplier θ of the distribution `p_i = f_i / (1 + θ (a_i − s))`:
/// the maximum-likelihood distribution for frequencies `freq` among those
/// whose mean is `s` (a Lagrange condition). θ solves
/// `Σ f_i (a_i − s) / (1 + θ (a_i − s)) = 0`, a decreasing function of θ on
/// the interval where every denominator is positive, found by bisection.
fn constrained_mle(freq: &[f64; 5], s: f64) -> f64 {
    let gaps: Vec<f64> = (0..5).map(|i| cell_score(i) - s).collect();
    let max_gap = gaps.iter().copied().fold(f64::MIN, f64::max);
    let min_gap = gaps.iter().copied().fold(f64::MAX, f64::min);
    // Every cell carries weight, so the interval is set by the extreme cells.
    let (mut lo, mut hi) = (-1.0 / max_gap, -1.0 / min_gap);
    let slope = |theta: f64| -> f64 {
        freq.iter()
            .zip(&gaps)
            .map(|(f, g)| f * g / (1.0 + theta * g))
            .sum()
    };
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if slope(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// An SPRT's hypotheses and error rates.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SprtConfig {
    /// Elo difference of H0 (the change is no better than this).
    pub elo0: f64,
    /// Elo difference of H1 (the change is at least this much better).
    pub elo1: f64,
    /// Chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// Chance of accepting H0 when H1 holds.
    pub beta: f64,
}

impl Default for SprtConfig {
    /// [0, 5] Elo at α = β = 0.05: "is this change an improvement?"
    fn default() -> Self {
        SprtConfig {
            elo0: 0.0,
            elo1: 5.0,
            alpha: 0.05,
            beta: 0.05,
        }
    }
}

/// Where an SPRT stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SprtVerdict {
    /// Neither bound crossed yet.
    Continue,
    /// The lower bound was crossed: H0 (no better than `elo0`) accepted.
    H0,
    /// The upper bound was crossed: H1 (at least `elo1`) accepted.
    H1,
}

impl SprtConfig {
    /// The stopping bounds `(lower, upper)` for the log-likelihood ratio.
    #[must_use]
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The verdict for a log-likelihood ratio.
    #[must_use]
    pub fn verdict(&self, llr: f64) -> SprtVerdict {
        let (lower, upper) = self.bounds();
        if llr >= upper {
            SprtVerdict::H1
        } else if llr <= lower {
            SprtVerdict::H0
        } else {
            SprtVerdict::Continue
        }
    }
}

impl fmt::Display for SprtConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={},elo1={},alpha={},beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

impl FromStr for SprtConfig {
    type Err = String;

    /// `elo0=0,elo1=5,alpha=0.05,beta=0.05`; omitted keys keep their
    /// defaults.
    fn from_str(text: &str) -> Result<Self, String> {
        let mut cfg = SprtConfig::default();
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (key, value) = item
                .split_once('=')
                .ok_or_else(|| format!("'{item}' is not KEY=VALUE"))?;
            let value: f64 = value
                .trim()
                .parse()
                .map_err(|_| format!("'{value}' is not a number in '{item}'"))?;
            let slot = match key.trim() {
                "elo0" => &mut cfg.elo0,
                "elo1" => &mut cfg.elo1,
                "alpha" => &mut cfg.alpha,
                "beta" => &mut cfg.beta,
                other => {
                    return Err(format!(
                        "unknown SPRT key '{other}' (expected elo0, elo1, alpha, beta)"
                    ))
                }
            };
            *slot = value;
        }
        // Written so that a NaN bound is refused too.
        if cfg.elo0.partial_cmp(&cfg.elo1) != Some(std::cmp::Ordering::Less) {
            return Err(format!(
                "elo0 ({}) must be below elo1 ({})",
                cfg.elo0, cfg.elo1
            ));
        }
        for (name, p) in [("alpha", cfg.alpha), ("beta", cfg.beta)] {
            if !(p > 0.0 && p < 0.5) {
                return Err(format!("{name} must lie between 0 and 0.5, not {p}"));
            }
        }
        Ok(cfg)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// OpenBench's normal approximation of the ratio, as a cross-check.
    fn llr_normal(p: &Pentanomial, elo0: f64, elo1: f64) -> f64 {
        let (mean, var) = p.moments().unwrap();
        let (s0, s1) = (score_of_elo(elo0), score_of_elo(elo1));
        f64::from(p.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Reference values below were computed by hand-written Python
    /// (bisection on the same Lagrange condition, and the closed-form
    /// normal approximation), independent of this code.
    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() < tol
    }

    #[test]
    fn llr_matches_reference_values() {
        let cases = [
            ([10, 20, 40, 25, 5], -0.178_564, -0.176_914),
            ([5, 25, 40, 20, 10], 0.098_414, 0.097_839),
            ([0, 3, 10, 30, 20], 0.900_080, 2.870_644),
            ([2, 8, 20, 8, 2], -0.020_696, -0.020_708),
            ([1, 0, 3, 0, 1], -0.001_295, -0.001_294),
        ];
        for (counts, exact, normal) in cases {
            let p = Pentanomial(counts);
            let got = p.llr(0.0, 5.0);
            assert!(close(got, exact, 1e-5), "{p}: {got}");
            let got = llr_normal(&p, 0.0, 5.0);
            assert!(close(got, normal, 1e-5), "{p}: {got}");
        }
        // [-5, 0] on the data [10,20,40,25,5].
        let got = Pentanomial([10, 20, 40, 25, 5]).llr(-5.0, 0.0);
        assert!(close(got, -0.098_414, 1e-5), "{got}");
    }

    #[test]
    fn mirrored_data_mirrors_the_ratio() {
        let p = Pentanomial([10, 20, 40, 25, 5]);
        let q = Pentanomial([5, 25, 40, 20, 10]);
        assert!(close(p.llr(0.0, 5.0), -q.llr(-5.0, 0.0), 1e-9));
    }

    #[test]
    fn elo_and_interval_match_reference_values() {
        let e = Pentanomial([10, 20, 40, 25, 5]).elo().unwrap();
        assert!(close(e.diff, -8.6877, 1e-3), "{e:?}");
        assert!(close(e.margin, 34.9871, 1e-3), "{e:?}");
        let e = Pentanomial([0, 3, 10, 30, 20]).elo().unwrap();
        assert!(close(e.diff, 205.8821, 1e-3), "{e:?}");
        assert!(close(e.margin, 49.2899, 1e-3), "{e:?}");
        assert!(Pentanomial([0, 0, 0, 0, 4])
            .elo()
            .unwrap()
            .diff
            .is_infinite());
        assert_eq!(Pentanomial::default().elo(), None);
    }

    #[test]
    fn bounds_and_verdicts() {
        let cfg = SprtConfig::default();
        let (lo, hi) = cfg.bounds();
        assert!(close(lo, -2.944_439, 1e-6) && close(hi, 2.944_439, 1e-6));
        assert_eq!(cfg.verdict(3.0), SprtVerdict::H1);
        assert_eq!(cfg.verdict(-3.0), SprtVerdict::H0);
        assert_eq!(cfg.verdict(0.0), SprtVerdict::Continue);
    }

    #[test]
    fn clear_results_decide_and_thin_ones_do_not() {
        let cfg = SprtConfig::default();
        // +190 Elo over 240 pairs: far outside [0, 5], so the ratio grows
        // slowly (1.71 at 120 pairs), but it gets there.
        let strong = Pentanomial([0, 12, 24, 48, 36]);
        assert_eq!(
            cfg.verdict(strong.llr(cfg.elo0, cfg.elo1)),
            SprtVerdict::Continue
        );
        let strong = Pentanomial([0, 24, 48, 96, 72]);
        assert_eq!(cfg.verdict(strong.llr(cfg.elo0, cfg.elo1)), SprtVerdict::H1);
        let weak = Pentanomial([72, 96, 48, 24, 0]);
        assert_eq!(cfg.verdict(weak.llr(cfg.elo0, cfg.elo1)), SprtVerdict::H0);
        // A handful of even pairs decides nothing, nor do a few identical
        // ones (the normal approximation would accept H0 on nine 1–1 pairs).
        let even = Pentanomial([1, 2, 4, 2, 1]);
        assert_eq!(
            cfg.verdict(even.llr(cfg.elo0, cfg.elo1)),
            SprtVerdict::Continue
        );
        let ties = Pentanomial([0, 0, 9, 0, 0]);
        assert_eq!(
            cfg.verdict(ties.llr(cfg.elo0, cfg.elo1)),
            SprtVerdict::Continue
        );
        // A coarse question is answered by a short sweep: [0, 400] at
        // α = β = 0.2 after three 2–0 pairs (LLR 1.79 against 1.39).
        let coarse: SprtConfig = "elo0=0,elo1=400,alpha=0.2,beta=0.2".parse().unwrap();
        let sweep = Pentanomial([0, 0, 0, 0, 3]);
        assert!(close(sweep.llr(0.0, 400.0), 1.7936, 1e-3));
        assert_eq!(coarse.verdict(sweep.llr(0.0, 400.0)), SprtVerdict::H1);
        let two = Pentanomial([0, 0, 0, 0, 2]);
        assert_eq!(coarse.verdict(two.llr(0.0, 400.0)), SprtVerdict::Continue);
    }

    #[test]
    fn pairs_are_counted_by_their_score() {
        let mut p = Pentanomial::default();
        p.add(1.0, 1.0);
        p.add(1.0, 0.0);
        p.add(0.5, 0.5);
        p.add(0.0, 0.5);
        p.add(0.5, 1.0);
        assert_eq!(p, Pentanomial([0, 1, 2, 1, 1]));
        assert_eq!(p.pairs(), 5);
        assert_eq!(p.to_string(), "[0, 1, 2, 1, 1]");
    }

    #[test]
    fn configs_parse_with_defaults_and_clear_errors() {
        let c: SprtConfig = "elo0=-2,elo1=3".parse().unwrap();
        assert_eq!((c.elo0, c.elo1, c.alpha, c.beta), (-2.0, 3.0, 0.05, 0.05));
        let c: SprtConfig = "elo0=0, elo1=10, alpha=0.1, beta=0.2".parse().unwrap();
        assert_eq!((c.alpha, c.beta), (0.1, 0.2));
        assert_eq!("".parse::<SprtConfig>().unwrap(), SprtConfig::default());
        for bad in ["elo0=5,elo1=0", "elo2=1", "alpha=0.7", "elo1", "elo1=x"] {
            assert!(bad.parse::<SprtConfig>().is_err(), "{bad}");
        }
        let round: SprtConfig = c.to_string().parse().unwrap();
        assert_eq!(round, c);
    }
}
