//! Scores as win chances: the one mapping every chance shown to people
//! comes from.

use super::Score;

/// Evaluation units at which the side to move's chance is 1/(1+e^-1),
/// about 73%. Provisional: to be refitted on the engine's own games.
pub const WIN_CHANCE_SCALE: f64 = 1500.0;

/// The side to move's chance of winning from a position the engine scores
/// `score`, from 0 to 1: exactly 1 or 0 for proven wins and losses.
#[must_use]
pub fn win_chance(score: Score) -> f64 {
    match score.mate_moves() {
        Some(n) if n > 0 => 1.0,
        Some(_) => 0.0,
        None => 1.0 / (1.0 + (-f64::from(score.0) / WIN_CHANCE_SCALE).exp()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chances_are_symmetric_monotone_and_exact_for_proofs() {
        assert!((win_chance(Score(0)) - 0.5).abs() < 1e-12);
        let a = win_chance(Score(700));
        assert!((a + win_chance(Score(-700)) - 1.0).abs() < 1e-12);
        assert!(win_chance(Score(300)) < a && a < win_chance(Score(3000)));
        assert_eq!(win_chance(Score::win_in(3)), 1.0);
        assert_eq!(win_chance(Score::loss_in(2)), 0.0);
    }
}
