//! The sequential probability ratio test on game pairs, as fishtest runs it.
//!
//! Two players meet in pairs of games from the same opening with colours
//! swapped; a pair scores 0, ½, 1, 1½ or 2 for the first player, and the
//! five counts are the **pentanomial** `[LL, LD, DD+WL, WD, WW]`. The test
//! weighs H0 (the Elo difference is `elo0`) against H1 (it is `elo1`) with
//! the generalised log-likelihood ratio (GLLR) of the pentanomial counts:
//!
//! * the observed distribution `p̂ᵢ` over the pair scores `aᵢ = i/4`
//!   (per game) is regularised (a count of zero becomes 0.001);
//! * under each hypothesis, the distribution closest to `p̂` (maximum
//!   likelihood) that has the hypothesis's value is `pᵢ = p̂ᵢ / (1 + x·bᵢ)`,
//!   with `x` the root of the secular equation `Σ p̂ᵢ bᵢ / (1 + x·bᵢ) = 0`;
//!   * `model=logistic`: the value is the expected score
//!     `s = 1 / (1 + 10^(−elo/400))` and `bᵢ = aᵢ − s`;
//!   * `model=normalized` (fishtest's default): the value is the t-value
//!     `t = (μ − ½)/σ` of the pair score, `t = √2 · nelo / (800/ln 10)`;
//!     `bᵢ = aᵢ − ½ − t·σ·(1 + ((μ − aᵢ)/σ)²)/2` with `μ, σ` of the current
//!     estimate, iterated to a fixed point;
//! * `LLR = N · Σ p̂ᵢ (ln p¹ᵢ − ln p⁰ᵢ)` over `N` pairs.
//!
//! The test stops when the LLR leaves `(ln(β/(1−α)), ln((1−β)/α))`: below,
//! H0 is accepted; above, H1. The formulas are those of fishtest's
//! `LLRcalc.py` (Michel Van den Bergh's notes "normalized Elo practical" and
//! "MLE multinomial"); the test module checks them against results fishtest
//! published.

use std::fmt;

/// `nelo / nt`: normalized Elo per unit of t-value, 800 / ln 10.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// What the Elo bounds of a test mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum EloModel {
    /// Normalized Elo (fishtest's default): the t-value of the pair score.
    Normalized,
    /// Logistic Elo: the expected score.
    Logistic,
}

/// An SPRT's settings.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The chance of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The chance of accepting H0 when H1 holds.
    pub beta: f64,
    /// What `elo0` and `elo1` mean.
    pub model: EloModel,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Neither bound crossed.
    Running,
    /// The LLR fell below the lower bound: H0 (`elo0`) accepted.
    H0,
    /// The LLR rose above the upper bound: H1 (`elo1`) accepted.
    H1,
}

/// Why `--sprt` settings are refused.
#[derive(Debug, PartialEq, thiserror::Error)]
pub enum SprtError {
    /// A `KEY=VALUE` word that is not one.
    #[error("--sprt: '{0}' is not KEY=VALUE (keys: elo0, elo1, alpha, beta, model)")]
    Word(String),
    /// An unknown key.
    #[error("--sprt: unknown key '{0}' (keys: elo0, elo1, alpha, beta, model)")]
    Key(String),
    /// A value that cannot be used.
    #[error("--sprt: {key}={value}: {why}")]
    Value {
        /// The key.
        key: String,
        /// Its value.
        value: String,
        /// What is wrong.
        why: &'static str,
    },
}

impl Sprt {
    /// Reads `elo0=0 elo1=5 alpha=0.05 beta=0.05 model=normalized` (words
    /// separated by spaces or commas; defaults: elo0 0, elo1 5, alpha and
    /// beta 0.05, model normalized).
    pub fn parse(text: &str) -> Result<Sprt, SprtError> {
        let mut s = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized };
        for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let (key, value) = word.split_once('=').ok_or_else(|| SprtError::Word(word.to_string()))?;
            let bad = |why| SprtError::Value { key: key.to_string(), value: value.to_string(), why };
            let number = || value.parse::<f64>().ok().filter(|v| v.is_finite()).ok_or_else(|| bad("not a number"));
            match key {
                "elo0" => s.elo0 = number()?,
                "elo1" => s.elo1 = number()?,
                "alpha" | "beta" => {
                    let p = number()?;
                    if !(p > 0.0 && p < 0.5) {
                        return Err(bad("must lie between 0 and 0.5"));
                    }
                    if key == "alpha" {
                        s.alpha = p
                    } else {
                        s.beta = p
                    }
                }
                "model" => {
                    s.model = match value {
                        "normalized" => EloModel::Normalized,
                        "logistic" => EloModel::Logistic,
                        _ => return Err(bad("is not normalized or logistic")),
                    }
                }
                _ => return Err(SprtError::Key(key.to_string())),
            }
        }
        if s.elo1 <= s.elo0 {
            return Err(SprtError::Value {
                key: "elo1".into(),
                value: s.elo1.to_string(),
                why: "must be greater than elo0",
            });
        }
        Ok(s)
    }

    /// The verdict in words, for `player` (the first of the pair): what
    /// the test shows, not more. H1 says the difference lies nearer `elo1`
    /// than `elo0` (with `elo0 >= 0`, that the player is stronger); H0 says
    /// it lies nearer `elo0`, so the player is not shown to be `elo1`
    /// stronger. `None` while the test runs.
    pub fn verdict_text(&self, verdict: Verdict, player: &str) -> Option<String> {
        let (elo0, elo1) = (self.elo0, self.elo1);
        Some(match verdict {
            Verdict::Running => return None,
            Verdict::H1 => {
                let shown = if elo0 >= 0.0 {
                    format!("{player} is stronger")
                } else {
                    format!("{player} is not {} Elo weaker", -elo0)
                };
                format!("H1 accepted: the Elo difference is nearer elo1 = {elo1} than elo0 = {elo0}, so {shown}")
            }
            Verdict::H0 => format!(
                "H0 accepted: the Elo difference is nearer elo0 = {elo0} than elo1 = {elo1}, \
                 so {player} is not shown to be {elo1} Elo stronger"
            ),
        })
    }

    /// The lower and upper bounds of the LLR.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of the pentanomial counts (0 before any
    /// pair, or while every pair has scored the same).
    pub fn llr(&self, penta: &[u32; 5]) -> f64 {
        let total: u32 = penta.iter().sum();
        if total == 0 {
            return 0.0;
        }
        let counts: Vec<f64> = penta.iter().map(|&c| if c == 0 { 1e-3 } else { f64::from(c) }).collect();
        let n: f64 = counts.iter().sum();
        let observed: Vec<(f64, f64)> = counts.iter().enumerate().map(|(i, &c)| (i as f64 / 4.0, c / n)).collect();
        let fitted = |elo: f64| match self.model {
            EloModel::Logistic => mle_expected(&observed, 1.0 / (1.0 + 10f64.powf(-elo / 400.0))),
            EloModel::Normalized => mle_t_value(&observed, 0.5, elo / NELO_PER_T * std::f64::consts::SQRT_2),
        };
        let (p0, p1) = (fitted(self.elo0), fitted(self.elo1));
        n * observed.iter().zip(p0.iter().zip(&p1)).map(|(&(_, p), (&q0, &q1))| p * (q1.ln() - q0.ln())).sum::<f64>()
    }

    /// The verdict for an LLR.
    pub fn verdict(&self, llr: f64) -> Verdict {
        let (low, high) = self.bounds();
        if llr <= low {
            Verdict::H0
        } else if llr >= high {
            Verdict::H1
        } else {
            Verdict::Running
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let model = match self.model {
            EloModel::Normalized => "normalized",
            EloModel::Logistic => "logistic",
        };
        write!(f, "elo0={} elo1={} alpha={} beta={} model={model}", self.elo0, self.elo1, self.alpha, self.beta)
    }
}

/// Mean and variance of a distribution of `(value, probability)`.
fn moments(pdf: &[(f64, f64)]) -> (f64, f64) {
    let mean: f64 = pdf.iter().map(|(a, p)| a * p).sum();
    (mean, pdf.iter().map(|(a, p)| p * (a - mean).powi(2)).sum())
}

/// The root `x` of `Σ pᵢ bᵢ / (1 + x bᵢ) = 0` between the poles
/// `−1/max b` and `−1/min b`, where the left side falls monotonically:
/// bisection to the precision of a double.
fn secular(p: &[f64], b: &[f64]) -> f64 {
    let (lo_b, hi_b) = b.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| (l.min(v), h.max(v)));
    if lo_b >= 0.0 || hi_b <= 0.0 {
        return 0.0;
    }
    let f = |x: f64| p.iter().zip(b).map(|(p, b)| p * b / (1.0 + x * b)).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / hi_b, -1.0 / lo_b);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The most likely distribution near `observed` whose expectation is `s`.
fn mle_expected(observed: &[(f64, f64)], s: f64) -> Vec<f64> {
    let p: Vec<f64> = observed.iter().map(|o| o.1).collect();
    let b: Vec<f64> = observed.iter().map(|o| o.0 - s).collect();
    let x = secular(&p, &b);
    p.iter().zip(&b).map(|(p, b)| p / (1.0 + x * b)).collect()
}

/// The most likely distribution near `observed` whose t-value
/// `(μ − reference)/σ` is `t`: a fixed point from the uniform distribution.
fn mle_t_value(observed: &[(f64, f64)], reference: f64, t: f64) -> Vec<f64> {
    let p: Vec<f64> = observed.iter().map(|o| o.1).collect();
    let mut fitted = vec![1.0 / p.len() as f64; p.len()];
    for _ in 0..100 {
        let pdf: Vec<(f64, f64)> = observed.iter().zip(&fitted).map(|(o, &q)| (o.0, q)).collect();
        let (mu, var) = moments(&pdf);
        let sigma = var.sqrt();
        let b: Vec<f64> = observed
            .iter()
            .map(|(a, _)| a - reference - t * sigma * (1.0 + ((mu - a) / sigma).powi(2)) / 2.0)
            .collect();
        let x = secular(&p, &b);
        let next: Vec<f64> = p.iter().zip(&b).map(|(p, b)| p / (1.0 + x * b)).collect();
        let change = next.iter().zip(&fitted).map(|(a, b)| (a - b).abs()).fold(0.0, f64::max);
        fitted = next;
        if change < 1e-12 {
            break;
        }
    }
    fitted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fishtest(elo0: f64, elo1: f64) -> Sprt {
        Sprt { elo0, elo1, alpha: 0.05, beta: 0.05, model: EloModel::Normalized }
    }

    /// Results fishtest published for finished tests (the LLR line, rounded
    /// to two decimals, and the pentanomial of the same test): the LLR
    /// computed here from the pentanomial must round to the published one.
    #[test]
    fn published_fishtest_results() {
        let cases: &[(f64, f64, [u32; 5], f64)] = &[
            // "Total: 151072 W: 39154 L: 38677 D: 73241", STC <0.00,2.00>.
            (0.0, 2.0, [372, 17511, 39320, 17934, 399], 2.93),
            // "Total: 109866 W: 28697 L: 28240 D: 52929", LTC <0.50,2.50>.
            (0.5, 2.5, [39, 11353, 31686, 11822, 33], 2.96),
            // "Total: 106368 W: 26829 L: 26934 D: 52605", a failed STC <0.00,2.00>.
            (0.0, 2.0, [369, 12695, 27124, 12664, 332], -2.94),
        ];
        for (elo0, elo1, penta, published) in cases {
            let llr = fishtest(*elo0, *elo1).llr(penta);
            assert!((llr - published).abs() <= 0.005 + 1e-9, "{penta:?}: LLR {llr:.4}, fishtest {published}");
        }
    }

    #[test]
    fn bounds_are_fishtests() {
        let (low, high) = fishtest(0.0, 2.0).bounds();
        assert!((low + 2.944).abs() < 1e-3 && (high - 2.944).abs() < 1e-3, "{low} {high}");
        assert_eq!(fishtest(0.0, 2.0).verdict(3.0), Verdict::H1);
        assert_eq!(fishtest(0.0, 2.0).verdict(-3.0), Verdict::H0);
        assert_eq!(fishtest(0.0, 2.0).verdict(0.5), Verdict::Running);
    }

    #[test]
    fn logistic_llr_leans_the_right_way() {
        let s = Sprt { model: EloModel::Logistic, ..fishtest(0.0, 10.0) };
        // Balanced pairs favour H0 (elo 0) over H1; a strong first player H1.
        assert!(s.llr(&[10, 40, 100, 40, 10]) < 0.0);
        assert!(s.llr(&[5, 30, 100, 60, 20]) > 0.0);
        assert_eq!(s.llr(&[0; 5]), 0.0);
    }

    #[test]
    fn the_verdict_says_what_the_test_shows() {
        let s = fishtest(0.0, 5.0);
        assert_eq!(s.verdict_text(Verdict::Running, "new"), None);
        assert_eq!(
            s.verdict_text(Verdict::H1, "new").unwrap(),
            "H1 accepted: the Elo difference is nearer elo1 = 5 than elo0 = 0, so new is stronger"
        );
        assert_eq!(
            s.verdict_text(Verdict::H0, "new").unwrap(),
            "H0 accepted: the Elo difference is nearer elo0 = 0 than elo1 = 5, so new is not shown to be 5 Elo stronger"
        );
        // A non-regression test: H1 does not claim the player is stronger.
        let h1 = fishtest(-3.0, 1.5).verdict_text(Verdict::H1, "new").unwrap();
        assert!(h1.ends_with("nearer elo1 = 1.5 than elo0 = -3, so new is not 3 Elo weaker"), "{h1}");
        assert!(!h1.contains("at least"), "{h1}");
    }

    #[test]
    fn settings_are_read_with_clear_errors() {
        let s = Sprt::parse("elo0=0 elo1=5 alpha=0.05 beta=0.1").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta, s.model), (0.0, 5.0, 0.05, 0.1, EloModel::Normalized));
        assert_eq!(Sprt::parse("model=logistic,elo1=3").unwrap().model, EloModel::Logistic);
        assert!(matches!(Sprt::parse("elo0=5 elo1=0"), Err(SprtError::Value { .. })));
        assert!(matches!(Sprt::parse("alpha=0.7"), Err(SprtError::Value { .. })));
        assert_eq!(Sprt::parse("gamma=1"), Err(SprtError::Key("gamma".into())));
        assert_eq!(Sprt::parse("elo0"), Err(SprtError::Word("elo0".into())));
    }
}
