//! The shared score scale, so strategies, the host and protocol front ends
//! agree on what a number means.
//!
//! Evaluations are from the side to move's view, roughly in centipawns (a
//! pawn in chess is about 100). Where a search needs evaluations as chances
//! of winning (averaging over the dice, Monte Carlo rewards), 400 units are
//! read as odds of ten to one on the logistic curve (the Elo convention): an
//! evaluation of 0 is an even game, +400 a win about 91% of the time. Games
//! should scale their evaluations so. Decided results live in a band far above any
//! evaluation: a win found `n` plies from the root scores `WIN - n`, a loss
//! `-(WIN - n)`, so shorter wins score higher.

/// The score of a win at the root (ply 0).
pub const WIN: i32 = 1_000_000;
/// Scores at or beyond this magnitude are decided results.
pub const WIN_THRESHOLD: i32 = WIN - 10_000;
/// [`crate::Position::evaluate`] must stay within `±MAX_EVAL`.
pub const MAX_EVAL: i32 = 100_000;
/// An upper bound for alpha-beta windows.
pub const INFINITY: i32 = WIN + 1;

/// Whether a score announces a forced win or loss.
pub fn is_decided(score: i32) -> bool {
    score.abs() >= WIN_THRESHOLD
}

/// For a decided score, the number of plies until the game ends (positive
/// for the side to move winning, negative for losing); `None` otherwise.
pub fn plies_to_end(score: i32) -> Option<i32> {
    if score >= WIN_THRESHOLD {
        Some(WIN - score)
    } else if score <= -WIN_THRESHOLD {
        Some(-(WIN + score))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_scores_round_trip_their_distance() {
        assert_eq!(plies_to_end(WIN - 3), Some(3));
        assert_eq!(plies_to_end(-(WIN - 4)), Some(-4));
        assert_eq!(plies_to_end(250), None);
        assert!(is_decided(WIN - 5));
        assert!(!is_decided(MAX_EVAL));
    }
}
