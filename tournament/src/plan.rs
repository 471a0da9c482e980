//! What a tournament is, in a form that can be stored and shared (the
//! local results file and the PostgreSQL queue both keep it), and the
//! schedule of games it expands to.
//!
//! The games come in **sets**: a group of entrants (as many as the game
//! has seats) plays one game per rotation of its seating, from the same
//! opening and with the same dice, so each entrant meets the same start
//! and the same luck from every seat. In a two-player game a set is the
//! pair of games with colours swapped that the SPRT scores together.

use serde::{Deserialize, Serialize};

use crate::adjudicate::Adjudication;
use crate::sprt::Sprt;

/// Who meets whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Every group of entrants plays.
    RoundRobin,
    /// The first entrant plays every group that includes it, no other.
    Gauntlet,
    /// Rounds of pairs of close scores who have not met (`swiss.rs`).
    Swiss,
}

impl Format {
    /// Reads `round-robin` or `gauntlet`.
    pub fn parse(word: &str) -> Option<Format> {
        match word {
            "round-robin" | "roundrobin" | "rr" => Some(Format::RoundRobin),
            "gauntlet" => Some(Format::Gauntlet),
            "swiss" => Some(Format::Swiss),
            _ => None,
        }
    }
}

/// One participant.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EntrantSpec {
    /// Its name in results, records and the crosstable.
    pub name: String,
    /// What plays: a strategy name, path or level, `isolate:S`, or an
    /// engine `uci:PROGRAM` (as `tabula match --players`).
    pub entry: String,
    /// Time per move, ms (0: none; the strategy's own budget or the clock).
    pub time_ms: u64,
    /// Depth limit per move, plies (0: none).
    pub depth: u32,
    /// Node limit per move (0: none).
    pub nodes: u64,
    /// Strategy or engine options.
    pub options: Vec<(String, String)>,
}

/// A start: a position text (empty for the usual start) and moves played
/// from it (coordinate notation) before the players take over.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opening {
    /// The position text.
    pub start: String,
    /// The moves, coordinate notation.
    pub moves: Vec<String>,
}

/// A game clock, ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// Each player's time at the start.
    pub base_ms: u64,
    /// Added after each move.
    pub increment_ms: u64,
}

/// A whole tournament.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Plan {
    /// The rules plugin's name or path.
    pub rules: String,
    /// Its options.
    pub options: Vec<(String, String)>,
    /// Whether the rules run in a child process.
    pub isolate_rules: bool,
    /// The participants, in entry order (a gauntlet's first one is its hero).
    pub entrants: Vec<EntrantSpec>,
    /// Who meets whom.
    pub format: Format,
    /// How many sets each group plays.
    pub rounds: u32,
    /// The starts, used in turn by round (none: the usual start).
    pub openings: Vec<Opening>,
    /// A game still going after this many players' moves is a draw (0: no limit).
    pub max_moves: usize,
    /// A game clock instead of a time per move.
    pub clock: Option<Clock>,
    /// Early ends by the players' scores.
    pub adjudication: Adjudication,
    /// Stop when the test decides (two entrants only).
    pub sprt: Option<Sprt>,
    /// The seed of every game's dice and of seeded strategies.
    pub seed: u64,
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// Its number in the schedule, from 0: the game's identity.
    pub index: u32,
    /// The set it belongs to (see the module).
    pub set: u32,
    /// Entrant by seat.
    pub seats: Vec<usize>,
    /// Index into the plan's openings.
    pub opening: Option<usize>,
    /// The seed of its dice.
    pub dice: u64,
}

/// A seed of its own for `(a, b)`, reproducible from `seed`: the first
/// output of a generator seeded with all three.
pub fn derive_seed(seed: u64, a: u32, b: u32) -> u64 {
    use tabula_kit::rand::RngCore as _;
    tabula_kit::rng_from_seed(seed ^ ((u64::from(a) << 32) | u64::from(b))).next_u64()
}

impl Plan {
    /// The groups of `seats` entrants that meet, in a fixed order.
    pub fn groups(&self, seats: usize) -> Vec<Vec<usize>> {
        let mut all = Vec::new();
        combinations(self.entrants.len(), seats, &mut Vec::new(), 0, &mut all);
        if self.format == Format::Gauntlet {
            all.retain(|g| g.contains(&0));
        }
        all
    }

    /// How many games the tournament has in all (a Swiss tournament's are
    /// known round by round).
    pub fn total_games(&self, seats: usize) -> usize {
        match self.format {
            Format::Swiss => self.rounds as usize * pairs_per_round(self.entrants.len()) * 2,
            _ => self.groups(seats).len() * self.rounds as usize * seats,
        }
    }

    /// Every game of a round-robin or gauntlet, in the order they are handed out: round by round, each
    /// group's set in turn, each set's rotations together.
    pub fn schedule(&self, seats: usize) -> Vec<GameSpec> {
        let groups = self.groups(seats);
        let mut games = Vec::new();
        for round in 0..self.rounds {
            let opening = (!self.openings.is_empty()).then(|| round as usize % self.openings.len());
            for (g, group) in groups.iter().enumerate() {
                let set = round * groups.len() as u32 + g as u32;
                let dice = derive_seed(self.seed, set, 0xd1ce) & tabula_core::session::MAX_SEED;
                for rotation in 0..seats {
                    let seating = (0..seats).map(|s| group[(s + rotation) % seats]).collect();
                    games.push(GameSpec { index: games.len() as u32, set, seats: seating, opening, dice });
                }
            }
        }
        games
    }
}

/// The `k`-element subsets of `0..n` in lexicographic order.
fn combinations(n: usize, k: usize, current: &mut Vec<usize>, from: usize, out: &mut Vec<Vec<usize>>) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    for i in from..n {
        current.push(i);
        combinations(n, k, current, i + 1, out);
        current.pop();
    }
}

/// Pairings per round of a Swiss tournament among `entrants` (one sits out
/// when their number is odd).
pub fn pairs_per_round(entrants: usize) -> usize {
    entrants / 2
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(entrants: usize, format: Format, rounds: u32, openings: usize) -> Plan {
        let spec = |i: usize| EntrantSpec {
            name: format!("p{i}"),
            entry: "random".into(),
            time_ms: 0,
            depth: 1,
            nodes: 0,
            options: Vec::new(),
        };
        Plan {
            rules: "tictactoe".into(),
            options: Vec::new(),
            isolate_rules: false,
            entrants: (0..entrants).map(spec).collect(),
            format,
            rounds,
            openings: vec![Opening { start: String::new(), moves: Vec::new() }; openings],
            max_moves: 0,
            clock: None,
            adjudication: Adjudication::default(),
            sprt: None,
            seed: 7,
        }
    }

    #[test]
    fn round_robin_pairs_everyone_with_colours_swapped() {
        let games = plan(3, Format::RoundRobin, 2, 2).schedule(2);
        assert_eq!(games.len(), 3 * 2 * 2, "3 pairings × 2 rounds × 2 colours");
        assert_eq!(games[0].seats, [0, 1]);
        assert_eq!(games[1].seats, [1, 0]);
        assert_eq!((games[0].set, games[1].set), (0, 0));
        assert_eq!(games[0].dice, games[1].dice, "a set shares its dice");
        assert_ne!(games[0].dice, games[2].dice);
        assert_eq!((games[0].opening, games[6].opening), (Some(0), Some(1)), "each round its opening");
        assert!(games.iter().enumerate().all(|(i, g)| g.index == i as u32));
    }

    #[test]
    fn a_gauntlet_plays_only_its_first_entrant() {
        let games = plan(4, Format::Gauntlet, 1, 0).schedule(2);
        assert_eq!(games.len(), 6);
        assert!(games.iter().all(|g| g.seats.contains(&0) && g.opening.is_none()));
    }

    #[test]
    fn several_seats_rotate_through_every_seat() {
        let games = plan(4, Format::RoundRobin, 1, 0).schedule(3);
        assert_eq!(games.len(), 4 * 3, "4 groups of 3, 3 rotations each");
        let seats: Vec<_> = games[..3].iter().map(|g| g.seats.clone()).collect();
        assert_eq!(seats, [vec![0, 1, 2], vec![1, 2, 0], vec![2, 0, 1]]);
    }
}
