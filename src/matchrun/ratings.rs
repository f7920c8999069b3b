//! Ratings of many engines from one table of games: the maximum-likelihood
//! Elo of each (the logistic model every Elo list uses, a draw counting as
//! half a win), one engine anchored at a fixed value, with error bars from
//! the likelihood's curvature. A cross-table's "Elo vs field" treats the
//! field as one opponent; this fit weighs each game by whom it was
//! against, so a ladder of levels that never met directly still lands on
//! one scale through the games between them.

/// One game for the fit: the two engines and the first one's points (1, ½
/// or 0).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RatedGame {
    /// The first engine.
    pub a: usize,
    /// The second engine.
    pub b: usize,
    /// The first engine's points.
    pub points: f64,
}

/// An engine's fitted rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Elo, on the scale where the anchor has its given value.
    pub elo: f64,
    /// Half-width of the 95% interval, relative to the anchor (0 for the
    /// anchor itself; infinite for an engine no game ties to the others).
    pub error95: f64,
    /// Games the engine played.
    pub games: usize,
}

/// Strength of the prior that keeps an engine that won (or lost) every
/// game at a finite rating: as if each engine had also drawn this many
/// games against an opponent rated at the anchor. Small enough that it
/// moves a rating backed by a few dozen real games by a few Elo only.
const PRIOR_DRAWS: f64 = 0.05;

/// Newton steps at most; the fit converges in a handful.
const MAX_STEPS: usize = 100;

/// Elo per natural-log unit of the odds: 400 / ln 10.
const ELO_SCALE: f64 = 400.0 / std::f64::consts::LN_10;

/// Fits the ratings of `n` engines to `games`, engine `anchor` fixed at
/// `anchor_elo`.
#[must_use]
pub fn fit(n: usize, games: &[RatedGame], anchor: usize, anchor_elo: f64) -> Vec<Rating> {
    let mut played = vec![0usize; n];
    for g in games {
        played[g.a] += 1;
        played[g.b] += 1;
    }
    // Ratings in natural-log odds units; the anchor at 0.
    let mut r = vec![0.0f64; n];
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut info = vec![vec![0.0; free.len()]; free.len()];
    for _ in 0..MAX_STEPS {
        let (grad, hess) = derivatives(n, games, &r);
        // Solve (−H) Δ = g over the free engines.
        for (x, &i) in free.iter().enumerate() {
            for (y, &j) in free.iter().enumerate() {
                info[x][y] = -hess[i][j];
            }
        }
        let g: Vec<f64> = free.iter().map(|&i| grad[i]).collect();
        let Some(step) = solve(&info, &g) else { break };
        let mut largest: f64 = 0.0;
        for (x, &i) in free.iter().enumerate() {
            // Damped: a step of more than 2 (≈ 350 Elo) at a time keeps
            // the first steps from a far start from overshooting.
            let d = step[x].clamp(-2.0, 2.0);
            r[i] += d;
            largest = largest.max(d.abs());
        }
        if largest < 1e-9 {
            break;
        }
    }
    let (_, hess) = derivatives(n, games, &r);
    for (x, &i) in free.iter().enumerate() {
        for (y, &j) in free.iter().enumerate() {
            info[x][y] = -hess[i][j];
        }
    }
    let variances = inverse_diagonal(&info);
    (0..n)
        .map(|i| {
            let error95 = match free.iter().position(|&f| f == i) {
                None => 0.0,
                Some(x) => variances
                    .as_ref()
                    .map_or(f64::INFINITY, |v| 1.96 * v[x].max(0.0).sqrt() * ELO_SCALE),
            };
            Rating {
                elo: anchor_elo + r[i] * ELO_SCALE,
                error95,
                games: played[i],
            }
        })
        .collect()
}

/// Gradient and Hessian of the log-likelihood (with the prior) at `r`.
fn derivatives(n: usize, games: &[RatedGame], r: &[f64]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let mut grad = vec![0.0; n];
    let mut hess = vec![vec![0.0; n]; n];
    for g in games {
        let p = 1.0 / (1.0 + (r[g.b] - r[g.a]).exp());
        let w = p * (1.0 - p);
        grad[g.a] += g.points - p;
        grad[g.b] -= g.points - p;
        hess[g.a][g.a] -= w;
        hess[g.b][g.b] -= w;
        hess[g.a][g.b] += w;
        hess[g.b][g.a] += w;
    }
    for i in 0..n {
        // Draws against a phantom at the anchor's rating.
        let p = 1.0 / (1.0 + (-r[i]).exp());
        grad[i] += PRIOR_DRAWS * (0.5 - p);
        hess[i][i] -= PRIOR_DRAWS * p * (1.0 - p);
    }
    (grad, hess)
}

/// Solves `m x = v` by Gaussian elimination with partial pivoting; `None`
/// when `m` is singular.
fn solve(m: &[Vec<f64>], v: &[f64]) -> Option<Vec<f64>> {
    let n = v.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(v)
        .map(|(row, &x)| {
            let mut r = row.clone();
            r.push(x);
            r
        })
        .collect();
    for col in 0..n {
        let pivot = (col..n).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        let pivot_row = a[col].clone();
        for (row, r) in a.iter_mut().enumerate() {
            if row != col {
                let f = r[col] / pivot_row[col];
                if f != 0.0 {
                    for (x, p) in r[col..].iter_mut().zip(&pivot_row[col..]) {
                        *x -= f * p;
                    }
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The diagonal of `m`'s inverse, column by column.
fn inverse_diagonal(m: &[Vec<f64>]) -> Option<Vec<f64>> {
    (0..m.len())
        .map(|i| {
            let mut e = vec![0.0; m.len()];
            e[i] = 1.0;
            solve(m, &e).map(|col| col[i])
        })
        .collect()
}

/// The games of the tournaments kept in `folders`, engines told apart by
/// name (the same engine in two folders counts as one): the names, in
/// order of first appearance, and the games.
///
/// # Errors
/// A folder with no tournament, or a state file that cannot be read.
pub fn games_in(
    folders: &[std::path::PathBuf],
) -> Result<(Vec<String>, Vec<RatedGame>), super::TournamentError> {
    let mut names: Vec<String> = Vec::new();
    let mut games = Vec::new();
    for dir in folders {
        let (local, played) = super::saved_games(dir)?.ok_or_else(|| {
            super::TournamentError::State(format!("no tournament in '{}'", dir.display()))
        })?;
        // An engine alone under its name in one folder (level 11 against
        // PentaZen: "gomoku") is named by its arguments as well, as it is
        // where it shared the name ("gomoku (--level 11)"), so the two
        // folders' games meet.
        let engines = super::saved_engines(dir)?.unwrap_or_default();
        let local: Vec<String> = local
            .iter()
            .enumerate()
            .map(|(i, n)| {
                let args = engines
                    .get(i)
                    .map(|e| e.argv[1..].join(" "))
                    .unwrap_or_default();
                if args.is_empty() || n.ends_with(&format!("({args})")) {
                    n.clone()
                } else {
                    format!("{n} ({args})")
                }
            })
            .collect();
        let index: Vec<usize> = local
            .iter()
            .map(|n| match names.iter().position(|m| m == n) {
                Some(i) => i,
                None => {
                    names.push(n.clone());
                    names.len() - 1
                }
            })
            .collect();
        for g in &played {
            games.push(RatedGame {
                a: index[g.black],
                b: index[g.white],
                points: g.points_of(g.black),
            });
        }
    }
    Ok((names, games))
}

/// The fitted ratings as a table, strongest first: rank, engine, games,
/// Elo and its 95% interval.
#[must_use]
pub fn table(names: &[String], ratings: &[Rating]) -> String {
    let width = names.iter().map(String::len).max().unwrap_or(6).max(6);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| ratings[b].elo.total_cmp(&ratings[a].elo));
    let mut text = format!(
        "{:>4}  {:width$}  {:>5}  {:>6}  {:>7}\n",
        "rank", "engine", "games", "Elo", "± 95%"
    );
    for (rank, &i) in order.iter().enumerate() {
        let r = ratings[i];
        let err = if r.error95 == 0.0 {
            "anchor".to_string()
        } else {
            format!("{:.0}", r.error95)
        };
        text.push_str(&format!(
            "{:>4}  {:width$}  {:>5}  {:>6.0}  {:>7}\n",
            rank + 1,
            names[i],
            r.games,
            r.elo,
            err
        ));
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(a: usize, b: usize, wins: usize, losses: usize, draws: usize) -> Vec<RatedGame> {
        let one = |points| RatedGame { a, b, points };
        std::iter::repeat_n(one(1.0), wins)
            .chain(std::iter::repeat_n(one(0.0), losses))
            .chain(std::iter::repeat_n(one(0.5), draws))
            .collect()
    }

    #[test]
    fn two_engines_get_the_elo_of_their_score() {
        // 75% is +190.8 Elo.
        let r = fit(2, &games(0, 1, 30, 10, 0), 1, 1000.0);
        assert!((r[0].elo - 1190.8).abs() < 3.0, "{}", r[0].elo);
        assert_eq!(r[1].elo, 1000.0);
        assert_eq!(r[1].error95, 0.0);
        assert!(
            r[0].error95 > 80.0 && r[0].error95 < 150.0,
            "{}",
            r[0].error95
        );
        assert_eq!((r[0].games, r[1].games), (40, 40));
    }

    #[test]
    fn a_chain_of_engines_that_never_met_lands_on_one_scale() {
        // 0 < 1 < 2 by 75% each; 0 and 2 never play.
        let mut g = games(1, 0, 30, 10, 0);
        g.extend(games(2, 1, 30, 10, 0));
        let r = fit(3, &g, 0, 0.0);
        assert!((r[2].elo - 381.6).abs() < 6.0, "{}", r[2].elo);
        assert!(r[2].error95 > r[1].error95, "errors add up along the chain");
    }

    #[test]
    fn a_clean_sweep_stays_finite_and_draws_count_half() {
        let r = fit(2, &games(0, 1, 20, 0, 0), 1, 0.0);
        assert!(r[0].elo.is_finite() && r[0].elo > 400.0, "{}", r[0].elo);
        let r = fit(2, &games(0, 1, 10, 10, 20), 1, 0.0);
        assert!(r[0].elo.abs() < 1.0);
    }
}
