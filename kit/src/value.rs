//! What results and evaluations are worth to a strategy that must weigh
//! them: payoffs as scores, scores as chances of winning, expectations over
//! the outcomes of a chance node, and a one-ply look that takes them all
//! into account.
//!
//! A minimax search only compares scores, so any order-preserving scale
//! would do. An expectation adds them up, and averaging centipawn-like
//! numbers means nothing: half a chance of a won game is not worth half a
//! million. Tabula's strategies therefore read a score as a chance of
//! winning on the logistic curve of the Elo scale, on which 400 units are
//! ten to one ([`win_probability`], the curve MCTS has always used for its
//! leaves), average those chances, and map the mean back
//! ([`score_of_probability`]). A decided win counts as a chance of 1 and a
//! decided loss as 0; a mean that is neither is an ordinary score, never a
//! decided one.
//!
//! A finished game's payoffs ([`Outcome::payoffs`]) become a score by the
//! player's *standing* among them ([`standing`]): the best payoff is a win,
//! the worst a loss, a payoff in between lies proportionally between them,
//! and equal payoffs for all are a draw. Without payoffs the status says
//! it, exactly as [`crate::status_score`] does. The size of a payoff (a
//! gammon's 2) is not a bigger win: the score scale has only one win.

use rules_api::score::{is_decided, MAX_EVAL, WIN, WIN_THRESHOLD};
use rules_api::{ChanceOutcome, Move, Outcome, PluginError, PositionBox, PositionFlags, RVec, StatusKind};

/// Units of score for odds of ten to one: the slope of the logistic curve.
pub const ELO_SCALE: f64 = 400.0;

/// A score read as the chance of winning: 1 for a decided win, 0 for a
/// decided loss, otherwise the logistic curve on which 400 units are ten
/// to one (0 is even).
pub fn win_probability(score: i32) -> f64 {
    if score >= WIN_THRESHOLD {
        1.0
    } else if score <= -WIN_THRESHOLD {
        0.0
    } else {
        1.0 / (1.0 + 10f64.powf(-(score as f64) / ELO_SCALE))
    }
}

/// The score whose [`win_probability`] is `p`, within `±MAX_EVAL` (never a
/// decided score: certainty comes only from results). Not a number reads
/// as even.
pub fn score_of_probability(p: f64) -> i32 {
    if p.is_nan() {
        return 0;
    }
    let p = p.clamp(0.0, 1.0);
    let score = ELO_SCALE * (p / (1.0 - p)).log10();
    // log10 of 0 or of infinity is infinite: the clamp catches both.
    score.round().clamp(-(MAX_EVAL as f64), MAX_EVAL as f64) as i32
}

/// Where `player` stands in a finished game, from -1 (the worst payoff) to
/// 1 (the best), proportionally in between; 0 when every payoff is equal.
/// Without payoffs: 1 for the winner, -1 for everyone else, 0 in a draw.
/// 0 while the game goes on.
pub fn standing(outcome: &Outcome, player: u8) -> f64 {
    if outcome.payoffs.is_empty() {
        return match outcome.status.kind {
            StatusKind::WIN if outcome.status.winner == player => 1.0,
            StatusKind::WIN => -1.0,
            _ => 0.0,
        };
    }
    let (low, high) =
        outcome.payoffs.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &x| (l.min(x), h.max(x)));
    let mine = outcome.payoff(player);
    // Equal payoffs (or payoffs that are not numbers) rank nobody.
    if high.partial_cmp(&low) != Some(std::cmp::Ordering::Greater) || !mine.is_finite() {
        return 0.0;
    }
    ((mine - low) / (high - low) * 2.0 - 1.0).clamp(-1.0, 1.0)
}

/// The reward of `player` for a finished game, from 0 (worst) to 1 (best):
/// [`standing`] moved onto the scale of a chance of winning.
pub fn reward(outcome: &Outcome, player: u8) -> f64 {
    (standing(outcome, player) + 1.0) / 2.0
}

/// The score of a finished game for `viewer`, `plies` plies from the
/// position being scored: `WIN - plies` for the best standing (a nearer win
/// scores higher), `-(WIN - plies)` for the worst, 0 for a draw, and for a
/// standing in between the score of its chance ([`reward`]); `None` while
/// the game goes on. Without payoffs this is [`crate::status_score`].
pub fn outcome_score(outcome: &Outcome, viewer: u8, plies: u32) -> Option<i32> {
    if outcome.status.kind == StatusKind::ONGOING {
        return None;
    }
    let won = WIN - plies.min((WIN - WIN_THRESHOLD) as u32) as i32;
    let standing = standing(outcome, viewer);
    Some(if standing >= 1.0 {
        won
    } else if standing <= -1.0 {
        -won
    } else {
        score_of_probability((standing + 1.0) / 2.0)
    })
}

/// The expected score of a chance node, accumulated one outcome at a time.
///
/// The mean is taken over chances of winning ([`win_probability`]). When
/// every outcome is a decided result for the same side, the node is decided
/// too, at the least favourable distance (the latest win, the soonest loss):
/// the dice choose which outcome comes, not the player.
#[derive(Copy, Clone, Debug, Default)]
pub struct Expectation {
    mass: f64,
    sum: f64,
    count: u32,
    /// The first score seen, and whether every later one equalled it.
    first: i32,
    all_equal: bool,
    /// The least score seen, and whether every score so far was a decided
    /// result of the same sign.
    least: i32,
    all_decided: bool,
}

impl Expectation {
    /// Nothing added yet.
    pub fn new() -> Self {
        Expectation::default()
    }

    /// Adds an outcome of probability `probability` whose score is `score`.
    pub fn add(&mut self, probability: f64, score: i32) {
        if self.count == 0 {
            self.first = score;
            self.least = score;
            self.all_equal = true;
            self.all_decided = is_decided(score);
        } else {
            self.all_equal &= score == self.first;
            self.all_decided &= is_decided(score) && (score > 0) == (self.first > 0);
            self.least = self.least.min(score);
        }
        self.count += 1;
        self.mass += probability;
        self.sum += probability * win_probability(score);
    }

    /// The probability added so far.
    pub fn mass(&self) -> f64 {
        self.mass
    }

    /// The sum of probability times chance of winning so far.
    pub fn weighted_chances(&self) -> f64 {
        self.sum
    }

    /// The expected score; `None` when nothing was added.
    pub fn value(&self) -> Option<i32> {
        if self.count == 0 {
            None
        } else if self.all_equal {
            Some(self.first)
        } else if self.all_decided {
            Some(self.least)
        } else {
            Some(score_of_probability(self.sum / self.mass.max(f64::MIN_POSITIVE)))
        }
    }
}

/// The static evaluation of `position` from `player`'s view, as
/// [`rules_api::PositionExt::evaluation_of`] defines it, with a caller-owned
/// buffer so that a search allocates nothing per call.
pub fn evaluation_of(position: &PositionBox, player: u8, scratch: &mut RVec<i32>) -> i32 {
    position.evaluate_all(scratch);
    let value = match scratch.get(player as usize) {
        Some(&value) => value,
        None if position.side_to_move() == player => position.evaluate(),
        None => -position.evaluate(),
    };
    value.clamp(-MAX_EVAL, MAX_EVAL)
}

/// A one-ply look for simple players: what playing a move is worth to a
/// player, counting a chance node that follows by its expectation. Keeps
/// its buffers between calls, so it allocates nothing once they have grown.
#[derive(Default)]
pub struct Lookahead {
    outcomes: RVec<ChanceOutcome>,
    scratch: RVec<i32>,
}

impl Lookahead {
    /// A look with empty buffers.
    pub fn new() -> Self {
        Lookahead::default()
    }

    /// The value for `viewer` of playing `m` in `position` (left as found):
    /// the result if the game ends (a win one ply ahead scores `WIN - 1`),
    /// the expectation over the outcomes if a chance node follows (each
    /// outcome valued by its result or by the evaluation after it), and
    /// otherwise the evaluation from `viewer`'s view.
    pub fn value_after(&mut self, position: &mut PositionBox, m: Move, viewer: u8) -> Result<i32, PluginError> {
        position.make_move(m).into_result()?;
        let value = self.value_here(position, viewer, 1, true);
        let undone = position.unmake_move().into_result();
        let value = value?;
        undone?;
        Ok(value)
    }

    /// The value of `position` for `viewer`, `plies` plies ahead; a chance
    /// node is opened (one level) when `open_chance` is set.
    fn value_here(
        &mut self,
        position: &mut PositionBox,
        viewer: u8,
        plies: u32,
        open_chance: bool,
    ) -> Result<i32, PluginError> {
        let outcome = position.result().into_result()?;
        if let Some(score) = outcome_score(&outcome, viewer, plies) {
            return Ok(score);
        }
        if !open_chance || !position.flags().contains(PositionFlags::CHANCE) {
            return Ok(evaluation_of(position, viewer, &mut self.scratch));
        }
        position.chance_outcomes(&mut self.outcomes).into_result()?;
        let mut expectation = Expectation::new();
        for i in 0..self.outcomes.len() {
            let ChanceOutcome { mv, probability } = self.outcomes[i];
            position.make_move(mv).into_result()?;
            let value = self.value_here(position, viewer, plies + 1, false);
            let undone = position.unmake_move().into_result();
            expectation.add(probability, value?);
            undone?;
        }
        // A chance node that lists no outcome breaks its contract; its own
        // evaluation is the best there is.
        Ok(expectation.value().unwrap_or_else(|| evaluation_of(position, viewer, &mut self.scratch)))
    }
}

/// The error every strategy gives when asked to choose at a chance node,
/// where the host draws the outcome.
pub fn chance_node_error(strategy: &str) -> PluginError {
    PluginError::unsupported(format!(
        "{strategy}: this position is a chance node; its outcome is drawn by the host, never chosen by a player"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::Status;

    fn with_payoffs(status: Status, payoffs: &[f64]) -> Outcome {
        Outcome { payoffs: payoffs.to_vec().into(), ..Outcome::from_status(status) }
    }

    #[test]
    fn chances_and_scores_are_inverse_and_decided_scores_are_certain() {
        for score in [-3000, -400, -1, 0, 1, 250, 400, 2999] {
            assert_eq!(score_of_probability(win_probability(score)), score);
        }
        assert!((win_probability(400) - 10.0 / 11.0).abs() < 1e-12, "400 units are ten to one");
        assert_eq!(win_probability(WIN - 7), 1.0);
        assert_eq!(win_probability(-(WIN - 7)), 0.0);
        assert_eq!(score_of_probability(1.0), MAX_EVAL);
        assert_eq!(score_of_probability(0.0), -MAX_EVAL);
        assert_eq!(score_of_probability(f64::NAN), 0);
    }

    #[test]
    fn results_without_payoffs_score_as_the_status_says() {
        let win = Outcome::from_status(Status::win(1, "line"));
        for plies in [0, 1, 6] {
            for viewer in [0, 1] {
                let expected = crate::status_score(&win.status, viewer, plies);
                assert_eq!(outcome_score(&win, viewer, plies), expected);
            }
        }
        assert_eq!(outcome_score(&Outcome::from_status(Status::draw("board full")), 0, 3), Some(0));
        assert_eq!(outcome_score(&Outcome::from_status(Status::ONGOING), 0, 3), None);
    }

    #[test]
    fn payoffs_rank_the_players() {
        // Three players by places: first, last, second.
        let places = with_payoffs(Status::win(0, "first"), &[1.0, -1.0, 0.0]);
        assert_eq!(outcome_score(&places, 0, 2), Some(WIN - 2));
        assert_eq!(outcome_score(&places, 1, 2), Some(-(WIN - 2)));
        assert_eq!(outcome_score(&places, 2, 2), Some(0));
        // Four players, places worth 3, 2, 1, 0: second is better than even.
        let four = with_payoffs(Status::win(3, "first"), &[1.0, 0.0, 2.0, 3.0]);
        let (second, third) = (outcome_score(&four, 2, 1).unwrap(), outcome_score(&four, 0, 1).unwrap());
        assert!(0 < second && second < 1000 && third == -second, "{second} {third}");
        assert!((reward(&four, 2) - 2.0 / 3.0).abs() < 1e-12);
        // A gammon is a win like any other; equal payoffs are a draw.
        let gammon = with_payoffs(Status::win(1, "gammon"), &[-2.0, 2.0]);
        assert_eq!(outcome_score(&gammon, 1, 1), Some(WIN - 1));
        assert_eq!(outcome_score(&with_payoffs(Status::draw("tie"), &[0.5, 0.5]), 0, 1), Some(0));
    }

    #[test]
    fn expectations_average_chances_and_keep_certainty_only_when_every_outcome_agrees() {
        let mut half = Expectation::new();
        half.add(0.5, WIN - 3);
        half.add(0.5, -(WIN - 3));
        assert_eq!(half.value(), Some(0));
        let mut rare_win = Expectation::new();
        rare_win.add(1.0 / 36.0, WIN - 1);
        rare_win.add(35.0 / 36.0, 0);
        let v = rare_win.value().unwrap();
        assert!(v > 0 && v < 30, "a 1-in-36 win on an even position is a small edge, not a won game: {v}");
        let mut all_win = Expectation::new();
        all_win.add(0.25, WIN - 2);
        all_win.add(0.75, WIN - 6);
        assert_eq!(all_win.value(), Some(WIN - 6), "a certain win, at the latest distance");
        let mut same = Expectation::new();
        same.add(0.3, 123);
        same.add(0.7, 123);
        assert_eq!(same.value(), Some(123));
        assert_eq!(Expectation::new().value(), None);
    }
}
