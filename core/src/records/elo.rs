//! Match statistics: score, Elo difference with a 95% error bar, and the
//! likelihood of superiority, from wins, draws and losses.

/// A match result from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// What [`Tally::stats`] computes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stats {
    /// Points per game, 0 to 1.
    pub score: f64,
    /// Elo difference (infinite when every game was won or lost).
    pub elo: f64,
    /// Half the width of the 95% confidence interval of `elo` (infinite
    /// when the score is 0 or 1, NaN with no games).
    pub error: f64,
    /// Likelihood of superiority, 0 to 1.
    pub los: f64,
    /// Lower end of the 95% interval, Elo (−∞ when it reaches score 0).
    pub low: f64,
    /// Upper end of the 95% interval, Elo (+∞ when it reaches score 1).
    pub high: f64,
}

/// The 97.5% quantile of the normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Elo difference of a score: `-400 log10(1/score - 1)`.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Score, Elo, error bar and LOS. The error bar comes from the variance
    /// of the per-game score: the interval `score ± 1.96 σ/√n` mapped to
    /// Elo, halved. LOS = ½(1 + erf((W − L)/√(2(W + L)))).
    pub fn stats(&self) -> Stats {
        let n = f64::from(self.games());
        let (w, d, l) = (f64::from(self.wins), f64::from(self.draws), f64::from(self.losses));
        let score = (w + d / 2.0) / n;
        let variance = (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / n;
        let margin = Z95 * (variance / n).sqrt();
        let (low, high) = (score - margin, score + margin);
        let error =
            if low <= 0.0 || high >= 1.0 { f64::INFINITY } else { (elo_of_score(high) - elo_of_score(low)) / 2.0 };
        let decisive = w + l;
        let los = if decisive == 0.0 { 0.5 } else { 0.5 * (1.0 + libm::erf((w - l) / (2.0 * decisive).sqrt())) };
        let bound = |s: f64| {
            if s <= 0.0 {
                f64::NEG_INFINITY
            } else if s >= 1.0 {
                f64::INFINITY
            } else {
                elo_of_score(s)
            }
        };
        Stats {
            score,
            elo: elo_of_score(score),
            error: if n == 0.0 { f64::NAN } else { error },
            los,
            low: bound(low),
            high: bound(high),
        }
    }
}

/// `+35.2 ± 40.1`; when the interval reaches a score of 0 or 1 (no
/// symmetric error bar), its ends instead: `+511.5 (+327.9 .. +inf)`.
pub fn format_elo(stats: &Stats) -> String {
    let num = |x: f64| {
        if x.is_finite() {
            format!("{:+.1}", x + 0.0)
        } else if x > 0.0 {
            "+inf".into()
        } else {
            "-inf".into()
        }
    };
    if stats.error.is_finite() {
        format!("{} ± {:.1}", num(stats.elo), stats.error)
    } else {
        format!("{} ({} .. {})", num(stats.elo), num(stats.low), num(stats.high))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tolerance: f64) -> bool {
        (a - b).abs() <= tolerance
    }

    #[test]
    fn even_match_is_zero_elo_and_even_odds() {
        let s = Tally { wins: 10, draws: 5, losses: 10 }.stats();
        assert!(close(s.score, 0.5, 1e-12));
        assert!(close(s.elo, 0.0, 1e-9));
        assert!(close(s.los, 0.5, 1e-12));
    }

    #[test]
    fn hand_computed_match() {
        // 6 wins, 2 draws, 2 losses: score 0.7, Elo = -400 log10(1/0.7 - 1)
        // = 147.19. Per-game variance: (6·0.09 + 2·0.04 + 2·0.49)/10 = 0.16,
        // σ/√n = 0.126491, margin 0.247918: the interval 0.452082..0.947918
        // is -33.40..+504.03 Elo, so the error bar is 268.72.
        // LOS = ½(1 + erf(4/√16)) = ½(1 + erf(1)) = 0.921350.
        let s = Tally { wins: 6, draws: 2, losses: 2 }.stats();
        assert!(close(s.score, 0.7, 1e-12));
        assert!(close(s.elo, 147.19, 0.01), "{}", s.elo);
        assert!(close(s.error, 268.72, 0.05), "{}", s.error);
        assert!(close(s.los, 0.921_350, 1e-6), "{}", s.los);
        assert_eq!(format_elo(&s), "+147.2 ± 268.7");
    }

    #[test]
    fn one_sided_match_has_infinite_elo_and_error() {
        let s = Tally { wins: 4, draws: 0, losses: 0 }.stats();
        assert!(s.elo.is_infinite() && s.elo > 0.0);
        assert!(s.error.is_infinite());
        assert!(s.low.is_infinite() && s.high.is_infinite());
        assert_eq!(format_elo(&s), "+inf (+inf .. +inf)");
        // LOS = ½(1 + erf(4/√8)) = ½(1 + erf(1.41421)) = 0.977250.
        assert!(close(s.los, 0.977_250, 1e-6), "{}", s.los);
        // 38 of 40: score 0.95, σ² = 0.0475, margin 0.06754, so the interval
        // 0.88246..1.01754 runs from +350.2 Elo to a score of 1.
        let s = Tally { wins: 38, draws: 0, losses: 2 }.stats();
        assert_eq!(format_elo(&s), "+511.5 (+350.2 .. +inf)");
    }
}
