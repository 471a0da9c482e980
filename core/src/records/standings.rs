//! The standings of a match of any number of players per game: wins,
//! points, payoffs, places, pairwise results and an Elo per entrant.
//!
//! Each game is read through the places of its result
//! ([`GameResult::places`], from the payoffs): against every other player
//! of the game, a better place is a win, an equal place a draw and a worse
//! one a loss. An entrant's **points** for a game are its pairwise score
//! averaged over its opponents (1 for first alone, 0 for last alone; with
//! two players the usual 1, ½, 0), so points sum to one per game over all
//! but one seat's share. Its **Elo** is that of its pairwise score against
//! the rest of the field ([`Tally::stats`] on every pairwise game it
//! played): with two entrants exactly the head-to-head figure, with more a
//! rating relative to the field's average opponent.

use super::elo::{Stats, Tally};
use crate::outcome::GameResult;

/// The standings of a match between `entrants` entrants.
#[derive(Clone, Debug, PartialEq)]
pub struct Standings {
    /// Games added.
    pub games: u32,
    /// Games each entrant won outright ([`GameResult::winner`]).
    pub wins: Vec<u32>,
    /// Games nobody won outright.
    pub draws: u32,
    /// Each entrant's points (see the module).
    pub points: Vec<f64>,
    /// Each entrant's payoffs, summed.
    pub payoffs: Vec<f64>,
    /// `places[e][k]`: how often entrant `e` finished in place `k + 1`.
    pub places: Vec<Vec<u32>>,
    /// `pairs[e][f]`: entrant `e`'s games against `f`, from `e`'s side.
    pub pairs: Vec<Vec<Tally>>,
}

impl Standings {
    /// Empty standings for `entrants` entrants.
    pub fn new(entrants: usize) -> Standings {
        Standings {
            games: 0,
            wins: vec![0; entrants],
            draws: 0,
            points: vec![0.0; entrants],
            payoffs: vec![0.0; entrants],
            places: vec![Vec::new(); entrants],
            pairs: vec![vec![Tally::default(); entrants]; entrants],
        }
    }

    /// Adds a game whose seat `s` was played by entrant `seats[s]`.
    pub fn add(&mut self, seats: &[usize], result: &GameResult) {
        let n = seats.len();
        self.games += 1;
        match result.winner(n) {
            Some(w) => self.wins[seats[w as usize]] += 1,
            None => self.draws += 1,
        }
        let places = result.places(n);
        for (s, &payoff) in result.payoffs(n).iter().enumerate() {
            let e = seats[s];
            self.payoffs[e] += payoff;
            let place = places[s] as usize;
            if self.places[e].len() < place {
                self.places[e].resize(place, 0);
            }
            self.places[e][place - 1] += 1;
            let mut score = 0.0;
            for (t, &other) in places.iter().enumerate().filter(|&(t, _)| t != s) {
                let tally = &mut self.pairs[e][seats[t]];
                if places[s] < other {
                    tally.wins += 1;
                    score += 1.0;
                } else if places[s] == other {
                    tally.draws += 1;
                    score += 0.5;
                } else {
                    tally.losses += 1;
                }
            }
            if n > 1 {
                self.points[e] += score / (n - 1) as f64;
            }
        }
    }

    /// Entrant `e`'s pairwise games against everyone else, together.
    pub fn field(&self, e: usize) -> Tally {
        self.pairs[e].iter().enumerate().filter(|&(f, _)| f != e).fold(Tally::default(), |sum, (_, t)| Tally {
            wins: sum.wins + t.wins,
            draws: sum.draws + t.draws,
            losses: sum.losses + t.losses,
        })
    }

    /// Entrant `e`'s score, Elo and error bar against the field.
    pub fn elo(&self, e: usize) -> Stats {
        self.field(e).stats()
    }

    /// The entrants best first: by points, then payoffs, then entry order.
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.points.len()).collect();
        order.sort_by(|&a, &b| {
            self.points[b].total_cmp(&self.points[a]).then(self.payoffs[b].total_cmp(&self.payoffs[a])).then(a.cmp(&b))
        });
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::ForfeitCause;

    fn scored(winner: u8, payoffs: &[f64]) -> GameResult {
        GameResult::Scored { winner: Some(winner), payoffs: payoffs.to_vec(), reason: String::new() }
    }

    #[test]
    fn two_entrants_score_as_a_head_to_head() {
        let mut s = Standings::new(2);
        s.add(&[0, 1], &GameResult::Win { winner: 0, reason: String::new() });
        s.add(&[1, 0], &GameResult::Draw { reason: String::new() });
        s.add(&[1, 0], &scored(0, &[2.0, -2.0]));
        assert_eq!((s.games, s.wins.clone(), s.draws), (3, vec![1, 1], 1));
        assert_eq!(s.points, [1.5, 1.5]);
        assert_eq!(s.payoffs, [-1.0, 1.0], "the gammon counts 2");
        assert_eq!(s.pairs[0][1], Tally { wins: 1, draws: 1, losses: 1 });
        assert_eq!(s.field(1), Tally { wins: 1, draws: 1, losses: 1 });
        assert_eq!(s.ranking(), [1, 0], "equal points: the payoffs decide");
    }

    #[test]
    fn several_players_are_scored_pairwise_by_place() {
        // Entrants 0, 1, 2 in seats 2, 0, 1: seat 1 wins, seat 0 second,
        // seat 2 last; so entrant 2 first, entrant 1 second, entrant 0 last.
        let mut s = Standings::new(3);
        s.add(&[1, 2, 0], &scored(1, &[6.0, 21.0, 3.0]));
        assert_eq!(s.wins, [0, 0, 1]);
        assert_eq!(s.points, [0.0, 0.5, 1.0]);
        assert_eq!(s.places, [vec![0, 0, 1], vec![0, 1], vec![1]]);
        assert_eq!(s.pairs[2][0], Tally { wins: 1, draws: 0, losses: 0 });
        assert_eq!(s.pairs[1][0].wins, 1);
        assert_eq!(s.pairs[1][2].losses, 1);
        assert_eq!(s.ranking(), [2, 1, 0]);
        // A forfeit: the forfeiter is last, the others share first.
        s.add(&[0, 1, 2], &GameResult::Forfeit { loser: 2, cause: ForfeitCause::Time, reason: String::new() });
        assert_eq!(s.draws, 1);
        assert_eq!(s.points, [0.75, 1.25, 1.0]);
        assert_eq!(s.pairs[0][1], Tally { wins: 0, draws: 1, losses: 1 });
        assert_eq!(s.field(2), Tally { wins: 2, draws: 0, losses: 2 });
        let elo = s.elo(1);
        assert!(elo.elo > 0.0 && elo.score == 0.625, "{elo:?}");
    }
}
