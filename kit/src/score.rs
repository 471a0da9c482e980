//! A game result as a score, on [`rules_api::score`]'s scale.

use rules_api::score::WIN;
use rules_api::{Status, StatusKind};

/// The score of `status` for `viewer` when the game ended `plies` plies
/// from the position being scored: `WIN - plies` for a win (a nearer win
/// scores higher), `-(WIN - plies)` for a loss (a later loss scores
/// higher), 0 for a draw, and `None` while the game goes on.
///
/// A search scoring a terminal node passes the side to move there and its
/// ply from the root; a one-ply player scoring the position after its move
/// passes itself and 1.
pub fn status_score(status: &Status, viewer: u8, plies: u32) -> Option<i32> {
    let won = WIN - plies.min((WIN - rules_api::score::WIN_THRESHOLD) as u32) as i32;
    match status.kind {
        StatusKind::WIN if status.winner == viewer => Some(won),
        StatusKind::WIN => Some(-won),
        StatusKind::DRAW => Some(0),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::score::{is_decided, plies_to_end};

    #[test]
    fn wins_losses_and_draws_from_either_side() {
        let win = Status::win(1, "line");
        assert_eq!(status_score(&win, 1, 3), Some(WIN - 3));
        assert_eq!(status_score(&win, 0, 3), Some(-(WIN - 3)));
        assert_eq!(status_score(&Status::draw("board full"), 0, 5), Some(0));
        assert_eq!(status_score(&Status::ONGOING, 0, 5), None);
    }

    #[test]
    fn distances_survive_the_round_trip_and_stay_decided() {
        for plies in [0, 1, 7, 200] {
            let s = status_score(&Status::win(0, "mate"), 0, plies).unwrap();
            assert_eq!(plies_to_end(s), Some(plies as i32));
            let l = status_score(&Status::win(0, "mate"), 1, plies).unwrap();
            assert_eq!(plies_to_end(l), Some(-(plies as i32)));
        }
        // An absurd distance is clamped into the decided band, never below it.
        assert!(is_decided(status_score(&Status::win(0, "mate"), 0, u32::MAX).unwrap()));
    }
}
