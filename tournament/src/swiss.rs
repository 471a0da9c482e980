//! Swiss pairing for two-player games: each round pairs entrants of close
//! scores who have not met, from the results of the rounds before it, so a
//! round is known only once the previous one is complete (and is the same
//! again when a killed tournament resumes). Each pairing plays a set (two
//! games, colours swapped), which settles colours. With an odd number of
//! entrants the lowest-ranked one that has not had a bye sits the round
//! out; a bye scores nothing.

pub use crate::plan::pairs_per_round;
use crate::plan::{derive_seed, GameSpec, Plan};

/// The pairs of a round: entrants ranked by `points` (then entry order),
/// the bye (if the count is odd) given to the lowest-ranked entrant without
/// one, then each entrant from the top paired with the best-ranked one it
/// has not `met`, backtracking when that leaves someone unpaired; if no
/// pairing avoids rematches, adjacent entrants are paired.
pub fn pair(points: &[f64], met: &[Vec<bool>], had_bye: &[bool]) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&a, &b| points[b].total_cmp(&points[a]).then(a.cmp(&b)));
    let mut bye = None;
    if order.len() % 2 == 1 {
        let at = order.iter().rposition(|&e| !had_bye[e]).unwrap_or(order.len() - 1);
        bye = Some(order.remove(at));
    }
    let mut budget = 100_000u32;
    let mut pairs = Vec::new();
    if !search(&order, met, &mut pairs, &mut budget) {
        pairs = order.chunks(2).map(|c| (c[0], c[1])).collect();
    }
    (pairs, bye)
}

/// Pairs `left` (ranked) without rematches, depth first.
fn search(left: &[usize], met: &[Vec<bool>], pairs: &mut Vec<(usize, usize)>, budget: &mut u32) -> bool {
    let Some((&first, rest)) = left.split_first() else { return true };
    for (i, &other) in rest.iter().enumerate() {
        if *budget == 0 {
            return false;
        }
        *budget -= 1;
        if met[first][other] {
            continue;
        }
        let remaining: Vec<usize> = rest.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &e)| e).collect();
        pairs.push((first, other));
        if search(&remaining, met, pairs, budget) {
            return true;
        }
        pairs.pop();
    }
    false
}

/// The games of round `round` (from 0) for `pairs`: pair `k` is set
/// `round × pairs_per_round + k`, its two games numbered from twice that.
pub fn round_games(plan: &Plan, round: u32, pairs: &[(usize, usize)]) -> Vec<GameSpec> {
    let per_round = pairs_per_round(plan.entrants.len()) as u32;
    let opening = (!plan.openings.is_empty()).then(|| round as usize % plan.openings.len());
    let mut games = Vec::new();
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let set = round * per_round + k as u32;
        let dice = derive_seed(plan.seed, set, 0xd1ce) & tabula_core::session::MAX_SEED;
        for (rotation, seats) in [vec![a, b], vec![b, a]].into_iter().enumerate() {
            games.push(GameSpec { index: set * 2 + rotation as u32, set, seats, opening, dice });
        }
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaders_meet_and_rematches_are_avoided() {
        let met = vec![vec![false; 4]; 4];
        let (pairs, bye) = pair(&[1.0, 3.0, 2.0, 0.0], &met, &[false; 4]);
        assert_eq!((pairs, bye), (vec![(1, 2), (0, 3)], None));
        let mut met = vec![vec![false; 4]; 4];
        met[1][2] = true;
        met[2][1] = true;
        let (pairs, _) = pair(&[1.0, 3.0, 2.0, 0.0], &met, &[false; 4]);
        assert_eq!(pairs, vec![(1, 0), (2, 3)]);
    }

    #[test]
    fn the_bye_goes_to_the_lowest_without_one() {
        let met = vec![vec![false; 3]; 3];
        let (pairs, bye) = pair(&[2.0, 1.0, 0.0], &met, &[false, false, true]);
        assert_eq!((pairs, bye), (vec![(0, 2)], Some(1)));
    }
}
