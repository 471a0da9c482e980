//! Chance nodes: the dice are rolled, nobody chooses. A chance node is
//! worth the expectation of its outcomes (expectimax), taken over chances
//! of winning (`tabula_kit::value`), with the pruning of Ballard's Star1
//! (*The \*-minimax search procedure for trees containing chance nodes*,
//! 1983): once the outcomes searched so far, with the rest counted as sure
//! wins, cannot reach `alpha` — or, counted as sure losses, already reach
//! `beta` — the node is cut, and each outcome is searched in the window
//! that decides exactly that. The bounds of a value are 0 and 1 (a loss, a
//! win), so Star1 is sound for any game; it prunes when the window is
//! narrow, in the null-window searches of PVS and under aspiration.
//!
//! A chance node consumes no depth: depth counts the players' decisions,
//! so a search of depth 2 in backgammon is one's own move, every roll, and
//! the reply. At the horizon a chance node is not opened; the game's
//! evaluation before the roll stands (quiescence).
//!
//! Up to [`FULL_OUTCOMES`] outcomes are all searched: every roll of two
//! dice (21 distinct, or 36 ordered) and of anything smaller. A node with
//! more (a card drawn from a deck) is searched on [`SAMPLED_OUTCOMES`]
//! outcomes drawn by their probabilities, each of the draws weighing
//! equally: each chance layer then multiplies the tree by at most 16
//! instead of by the whole deck, and the estimate of a mean from 16 draws
//! is within a quarter of the outcomes' spread (one standard error).
//! The draws are seeded by the position, so the same position always gets
//! the same sample and the transposition table stays consistent.

use std::sync::atomic::Ordering;

use rules_api::score::{is_decided, INFINITY, MAX_EVAL};
use rules_api::{ChanceOutcome, Move, MoveFlags, PluginError};
use tabula_kit::rand::Rng as _;
use tabula_kit::rng::rng_from_seed;
use tabula_kit::value::{score_of_probability, win_probability, Expectation, ELO_SCALE};

use super::{Run, Worker};
use crate::state::SearchState;
use crate::tt::{to_table, Bound};

/// Most outcomes a chance node may have and still be searched in full.
pub const FULL_OUTCOMES: usize = 36;
/// How many outcomes are drawn at a node with more than [`FULL_OUTCOMES`].
pub const SAMPLED_OUTCOMES: usize = 16;
/// Mixed into the position's hash to seed the draw of a sample.
const SAMPLE_KEY: u64 = 0x5A3F_1E00_C4A7_CE55;

impl<S: SearchState> Run<'_, S> {
    /// Notes that the game has dice: null moves are off from now on.
    pub(super) fn saw_chance(&mut self) {
        self.regular = false;
        let seen = &self.shared.common.chance_seen;
        // Read first: a shared line written at every chance node would
        // bounce between the threads' caches.
        if !seen.load(Ordering::Relaxed) {
            seen.store(true, Ordering::Relaxed);
        }
    }

    /// The value of the chance node at `ply` with `depth` plies to go, as
    /// seen by its mover's side (the player the roll is for), within
    /// `alpha..beta` (fail-soft, like every node).
    pub(super) fn chance(&mut self, depth: i32, ply: usize, alpha: i32, beta: i32) -> Result<i32, PluginError> {
        self.saw_chance();
        let hash = *self.w.path.last().expect("the path holds the current position");
        self.pos.chance_outcomes(&mut self.w.plies[ply].outcomes)?;
        weigh(self.w, ply, hash)?;
        let window = chance_window(alpha, beta);
        let mut expectation = Expectation::new();
        // Sum of weight × chance over the outcomes searched, and the
        // weight still to come.
        let (mut sum, mut rest) = (0.0, 1.0);
        for i in 0..self.w.plies[ply].weights.len() {
            let (mv, weight) = self.w.plies[ply].weights[i];
            rest = (rest - weight).max(0.0);
            let (low, high) = match window {
                Some((a, b)) => (child_alpha((a - sum - rest) / weight), child_beta((b - sum) / weight)),
                None => (-INFINITY, INFINITY),
            };
            self.make(mv, MoveFlags::NONE)?;
            let flip = self.flipped();
            let searched = self.search_child(depth, ply + 1, low, high, flip);
            let undone = self.unmake();
            let score = searched?;
            undone?;
            if self.aborted {
                return Ok(0);
            }
            expectation.add(weight, score);
            sum += weight * win_probability(score);
            if let Some((a, b)) = window {
                // Outside its window the outcome's score is only a bound,
                // and so is the node's: even sure wins in the rest cannot
                // lift it to alpha, or sure losses bring it below beta.
                if score <= low || sum + rest <= a {
                    return Ok(self.store(hash, ply, depth, alpha.min(score_of_probability(sum + rest)), Bound::Upper));
                }
                if score >= high || sum >= b {
                    return Ok(self.store(hash, ply, depth, beta.max(score_of_probability(sum)), Bound::Lower));
                }
            }
        }
        let Some(value) = expectation.value() else {
            return Err(PluginError::internal("alphabeta: a chance node listed no outcome"));
        };
        let bound = if value <= alpha {
            Bound::Upper
        } else if value >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        Ok(self.store(hash, ply, depth, value, bound))
    }

    /// Stores a chance node's value (it has no best move) and returns it.
    fn store(&self, hash: u64, ply: usize, depth: i32, value: i32, bound: Bound) -> i32 {
        self.shared.tt.store(hash, Move::NULL, to_table(value, ply), depth, bound);
        value
    }
}

/// Fills the weights of the outcomes to search at `ply`, most likely
/// first: every outcome with its share of the total probability, or a
/// sample when there are too many.
fn weigh(w: &mut Worker, ply: usize, hash: u64) -> Result<(), PluginError> {
    let buffers = &mut w.plies[ply];
    let (outcomes, weights) = (&buffers.outcomes, &mut buffers.weights);
    let total: f64 = outcomes.iter().map(|o| o.probability).filter(|p| *p > 0.0).sum();
    if !(total > 0.0 && total.is_finite()) {
        return Err(PluginError::internal(format!(
            "alphabeta: a chance node's {} outcomes have no positive total probability",
            outcomes.len()
        )));
    }
    weights.clear();
    if outcomes.len() <= FULL_OUTCOMES {
        weights.extend(outcomes.iter().filter(|o| o.probability > 0.0).map(|o| (o.mv, o.probability / total)));
    } else {
        let mut rng = rng_from_seed(hash ^ SAMPLE_KEY);
        for _ in 0..SAMPLED_OUTCOMES {
            let mv = pick_outcome(outcomes, rng.random::<f64>() * total);
            match weights.iter_mut().find(|(m, _)| *m == mv) {
                Some(entry) => entry.1 += 1.0 / SAMPLED_OUTCOMES as f64,
                None => weights.push((mv, 1.0 / SAMPLED_OUTCOMES as f64)),
            }
        }
    }
    // Likely outcomes first: they settle the expectation soonest. The key
    // breaks ties by the move so the order never depends on the sort.
    weights.sort_unstable_by(|a, b| b.1.total_cmp(&a.1).then(a.0.to_bits().cmp(&b.0.to_bits())));
    Ok(())
}

/// The outcome at `x` along the cumulative probabilities.
fn pick_outcome(outcomes: &[ChanceOutcome], mut x: f64) -> Move {
    for o in outcomes.iter().filter(|o| o.probability > 0.0) {
        if x < o.probability {
            return o.mv;
        }
        x -= o.probability;
    }
    outcomes.iter().rev().find(|o| o.probability > 0.0).map_or(Move::NULL, |o| o.mv)
}

/// The window `alpha..beta` as chances of winning, when Star1 may prune:
/// both ends ordinary scores whose chances lie strictly between 0 and 1.
fn chance_window(alpha: i32, beta: i32) -> Option<(f64, f64)> {
    if is_decided(alpha) || is_decided(beta) {
        return None;
    }
    let (a, b) = (win_probability(alpha), win_probability(beta));
    (a > 0.0 && a < b && b < 1.0).then_some((a, b))
}

/// The score at or below which an outcome's chance is at most `p`, or no
/// lower bound when there is none on the ordinary scale.
fn child_alpha(p: f64) -> i32 {
    if p <= 0.0 {
        return -INFINITY;
    }
    let score = (ELO_SCALE * (p / (1.0 - p)).log10()).floor();
    if score.abs() <= MAX_EVAL as f64 && win_probability(score as i32) <= p {
        score as i32
    } else {
        -INFINITY
    }
}

/// The score at or above which an outcome's chance is at least `p`, or no
/// upper bound when there is none on the ordinary scale.
fn child_beta(p: f64) -> i32 {
    if p >= 1.0 {
        return INFINITY;
    }
    let score = (ELO_SCALE * (p / (1.0 - p)).log10()).ceil();
    if score.abs() <= MAX_EVAL as f64 && win_probability(score as i32) >= p {
        score as i32
    } else {
        INFINITY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_windows_bound_the_chances_they_stand_for() {
        for p in [0.01, 0.2, 0.5, 0.731, 0.99] {
            let (low, high) = (child_alpha(p), child_beta(p));
            assert!(win_probability(low) <= p && win_probability(high) >= p, "{p}: {low} {high}");
            assert!(high - low <= 1);
        }
        assert_eq!(child_alpha(0.0), -INFINITY);
        assert_eq!(child_alpha(-0.3), -INFINITY);
        assert_eq!(child_beta(1.0), INFINITY);
        assert_eq!(child_beta(1.7), INFINITY);
        assert!(chance_window(-INFINITY, 30).is_none() && chance_window(-40, 40).is_some());
    }

    #[test]
    fn samples_follow_the_probabilities() {
        let outcomes: Vec<ChanceOutcome> = (0..3)
            .map(|i| ChanceOutcome { mv: Move::off_board(10 + i), probability: [0.6, 0.3, 0.1][i as usize] })
            .collect();
        assert_eq!(pick_outcome(&outcomes, 0.59), Move::off_board(10));
        assert_eq!(pick_outcome(&outcomes, 0.61), Move::off_board(11));
        assert_eq!(pick_outcome(&outcomes, 0.95), Move::off_board(12));
        assert_eq!(pick_outcome(&outcomes, 1.5), Move::off_board(12), "rounding past the end takes the last");
    }
}
