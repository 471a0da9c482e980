//! Ratings estimated jointly from every game of a tournament, by maximum
//! likelihood (as Ordo and BayesElo do, without a prior).
//!
//! The model is the logistic one: entrant `i` scores against `j` with
//! expectation `pᵢⱼ = 1 / (1 + 10^((rⱼ − rᵢ)/400))`, a draw counting as
//! half a win and half a loss. The ratings maximise the likelihood of all
//! pairwise results (games of more than two players count pairwise by
//! place, as [`Standings`] reads them) under the convention that they
//! average 0. Newton's method: the gradient is `c Σⱼ (sᵢⱼ − nᵢⱼ pᵢⱼ)` and
//! the negative Hessian the weighted Laplacian `L` with weights
//! `c² nᵢⱼ pᵢⱼ (1 − pᵢⱼ)` (`c = ln 10 / 400`); `L` is singular along the
//! all-ones vector, so steps and errors use its pseudo-inverse
//! `L⁺ = (L + J/k)⁻¹ − J/k`. The 95% error bar of a rating is
//! `1.96 √(L⁺ᵢᵢ)`: the error against the pool's average.
//!
//! An entrant that won (or lost) every game against the rest of the pool
//! has no finite likelihood maximum; it is reported as `+inf` (`−inf`),
//! leaves the pool, and the test repeats on the others (so an entrant
//! whose only wins came against one that lost everything is `−inf` too:
//! without a prior the model has no finite answer for it). The others are
//! rated among themselves.

use tabula_core::records::elo::Tally;
use tabula_core::records::standings::Standings;

/// The 97.5% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Logistic Elo per natural-log unit: `c = ln 10 / 400`.
const C: f64 = std::f64::consts::LN_10 / 400.0;

/// One entrant's estimate.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Elo relative to the pool's average (±infinite for a perfect or a
    /// zero score).
    pub elo: f64,
    /// Half the 95% interval (infinite or NaN when `elo` is not finite or
    /// the entrant has played nobody rated).
    pub error: f64,
}

/// The joint ratings of every entrant of `standings`.
pub fn ratings(standings: &Standings) -> Vec<Rating> {
    let k = standings.pairs.len();
    let mut out = vec![Rating { elo: 0.0, error: f64::NAN }; k];
    let mut active: Vec<usize> = (0..k).collect();
    // Entrants with a perfect or a zero score against the rest of the
    // active pool leave it, until none is left (removing one can make
    // another's score perfect).
    loop {
        let extreme: Vec<(usize, f64)> = active
            .iter()
            .filter_map(|&i| {
                let t = sum(active.iter().filter(|&&j| j != i).map(|&j| standings.pairs[i][j]));
                let score = f64::from(t.wins) + f64::from(t.draws) / 2.0;
                let games = f64::from(t.games());
                if games == 0.0 {
                    None
                } else if score == 0.0 {
                    Some((i, f64::NEG_INFINITY))
                } else if score == games {
                    Some((i, f64::INFINITY))
                } else {
                    None
                }
            })
            .collect();
        if extreme.is_empty() {
            break;
        }
        for (i, elo) in extreme {
            out[i] = Rating { elo, error: f64::INFINITY };
            active.retain(|&a| a != i);
        }
    }
    let played: Vec<usize> = active
        .iter()
        .copied()
        .filter(|&i| active.iter().any(|&j| j != i && standings.pairs[i][j].games() > 0))
        .collect();
    if played.len() < 2 {
        return out;
    }
    let (elos, errors) = fit(standings, &played);
    for (n, &i) in played.iter().enumerate() {
        out[i] = Rating { elo: elos[n], error: errors[n] };
    }
    out
}

fn sum(tallies: impl Iterator<Item = Tally>) -> Tally {
    tallies.fold(Tally::default(), |a, t| Tally {
        wins: a.wins + t.wins,
        draws: a.draws + t.draws,
        losses: a.losses + t.losses,
    })
}

/// Newton's method on the entrants `who`; returns their ratings and errors.
fn fit(standings: &Standings, who: &[usize]) -> (Vec<f64>, Vec<f64>) {
    let k = who.len();
    let games = |a: usize, b: usize| f64::from(standings.pairs[who[a]][who[b]].games());
    let score = |a: usize, b: usize| {
        let t = standings.pairs[who[a]][who[b]];
        f64::from(t.wins) + f64::from(t.draws) / 2.0
    };
    let mut r = vec![0.0; k];
    let mut pinv = vec![vec![0.0; k]; k];
    for _ in 0..100 {
        let mut grad = vec![0.0; k];
        let mut lap = vec![vec![0.0; k]; k];
        for a in 0..k {
            for b in 0..k {
                let n = games(a, b);
                if a == b || n == 0.0 {
                    continue;
                }
                let p = 1.0 / (1.0 + 10f64.powf((r[b] - r[a]) / 400.0));
                grad[a] += C * (score(a, b) - n * p);
                let w = C * C * n * p * (1.0 - p);
                lap[a][a] += w;
                lap[a][b] -= w;
            }
        }
        pinv = pseudo_inverse(&lap);
        let step: Vec<f64> = (0..k).map(|a| (0..k).map(|b| pinv[a][b] * grad[b]).sum::<f64>()).collect();
        let largest = step.iter().fold(0.0f64, |m, s| m.max(s.abs()));
        // A long step from a poor start overshoots the logistic curve.
        let scale = if largest > 400.0 { 400.0 / largest } else { 1.0 };
        for (ra, s) in r.iter_mut().zip(&step) {
            *ra += s * scale;
        }
        if largest < 1e-9 {
            break;
        }
    }
    let mean = r.iter().sum::<f64>() / k as f64;
    let errors = (0..k).map(|a| Z95 * pinv[a][a].max(0.0).sqrt()).collect();
    (r.iter().map(|x| x - mean).collect(), errors)
}

/// `L⁺ = (L + J/k)⁻¹ − J/k` for a weighted Laplacian `L` of a connected
/// graph (a disconnected one has no unique answer; the inverse is then
/// computed as far as Gauss–Jordan gets and the errors come out huge).
fn pseudo_inverse(lap: &[Vec<f64>]) -> Vec<Vec<f64>> {
    let k = lap.len();
    let j = 1.0 / k as f64;
    let mut a: Vec<Vec<f64>> = lap.iter().map(|row| row.iter().map(|x| x + j).collect()).collect();
    let mut inv: Vec<Vec<f64>> = (0..k).map(|i| (0..k).map(|c| f64::from(u8::from(i == c))).collect()).collect();
    for col in 0..k {
        let pivot = (col..k).max_by(|&x, &y| a[x][col].abs().total_cmp(&a[y][col].abs())).unwrap_or(col);
        a.swap(col, pivot);
        inv.swap(col, pivot);
        let d = a[col][col];
        if d.abs() < 1e-300 {
            continue;
        }
        for c in 0..k {
            a[col][c] /= d;
            inv[col][c] /= d;
        }
        for row in 0..k {
            if row != col {
                let f = a[row][col];
                if f != 0.0 {
                    for c in 0..k {
                        a[row][c] -= f * a[col][c];
                        inv[row][c] -= f * inv[col][c];
                    }
                }
            }
        }
    }
    inv.iter().map(|row| row.iter().map(|x| x - j).collect()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabula_core::records::elo::elo_of_score;

    fn standings(pairs: &[(usize, usize, u32, u32, u32)], k: usize) -> Standings {
        let mut s = Standings::new(k);
        for &(a, b, w, d, l) in pairs {
            s.pairs[a][b] = Tally { wins: w, draws: d, losses: l };
            s.pairs[b][a] = Tally { wins: l, draws: d, losses: w };
        }
        s
    }

    #[test]
    fn two_entrants_match_the_head_to_head_elo() {
        // 6 wins, 2 draws, 2 losses: score 0.7, +147.19 Elo between them.
        let r = ratings(&standings(&[(0, 1, 6, 2, 2)], 2));
        assert!((r[0].elo - r[1].elo - elo_of_score(0.7)).abs() < 1e-6, "{r:?}");
        assert!((r[0].elo + r[1].elo).abs() < 1e-9);
        // Fisher information of 10 games at p = 0.7: c²·10·0.21 on the
        // difference; each rating carries a quarter of its variance.
        let sigma = (1.0 / (4.0 * C * C * 10.0 * 0.21)).sqrt();
        assert!((r[0].error - Z95 * sigma).abs() < 1e-6, "{} vs {}", r[0].error, Z95 * sigma);
    }

    #[test]
    fn a_chain_is_rated_jointly() {
        // A beats B and B beats C by the same margin, A and C never met:
        // the joint estimate puts B in the middle and A–C at twice the gap.
        let r = ratings(&standings(&[(0, 1, 7, 0, 3), (1, 2, 7, 0, 3)], 3));
        let gap = elo_of_score(0.7);
        assert!((r[0].elo - r[1].elo - gap).abs() < 1e-6 && (r[1].elo - r[2].elo - gap).abs() < 1e-6, "{r:?}");
        assert!(r[1].elo.abs() < 1e-9);
        assert!(r[0].error > r[1].error, "the ends are known less well than the middle");
    }

    #[test]
    fn a_perfect_score_is_infinite_and_the_rest_are_rated() {
        let r = ratings(&standings(&[(0, 1, 4, 0, 0), (0, 2, 4, 0, 0), (1, 2, 3, 0, 1)], 3));
        assert_eq!(r[0].elo, f64::INFINITY);
        assert!((r[1].elo - r[2].elo - elo_of_score(0.75)).abs() < 1e-6, "{r:?}");
    }
}
