//! The running totals of a tournament: standings, the pentanomial of the
//! first two entrants' game pairs, and the progress line.

use std::collections::HashMap;
use std::time::Instant;

use tabula_core::outcome::GameResult;
use tabula_core::records::elo::format_elo;
use tabula_core::records::standings::Standings;

use crate::game::Finished;
use crate::sprt::{Sprt, Verdict};

/// Totals over the finished games.
pub struct Tally {
    /// Wins, points, pairwise results.
    pub standings: Standings,
    /// Pair scores of entrant 0 against entrant 1, as `[LL, LD, DD+WL, WD, WW]`.
    pub penta: [u32; 5],
    /// Games lost by a fault.
    pub faults: u32,
    /// Games in the schedule.
    pub scheduled: usize,
    /// Games in each set, and entrant 0's score so far in open two-game sets.
    open_sets: HashMap<u32, (u32, f64)>,
    seats: usize,
    /// Games finished by this process, and since when, for the ETA.
    played_here: u32,
    since: Instant,
}

impl Tally {
    /// Empty totals for `entrants`, `seats` per game, `scheduled` games.
    pub fn new(entrants: usize, seats: usize, scheduled: usize) -> Tally {
        Tally {
            standings: Standings::new(entrants),
            penta: [0; 5],
            faults: 0,
            scheduled,
            open_sets: HashMap::new(),
            seats,
            played_here: 0,
            since: Instant::now(),
        }
    }

    /// Adds a game (`fresh`: finished by this run, for the ETA).
    pub fn add(&mut self, game: &Finished, result: &GameResult, fresh: bool) {
        self.standings.add(&game.seats, result);
        self.faults += u32::from(game.fault.is_some());
        self.played_here += u32::from(fresh);
        if self.seats != 2 || !(game.seats.contains(&0) && game.seats.contains(&1)) {
            return;
        }
        let me = if game.seats[0] == 0 { 0 } else { 1 };
        let places = result.places(2);
        let score = match places[me].cmp(&places[1 - me]) {
            std::cmp::Ordering::Less => 1.0,
            std::cmp::Ordering::Equal => 0.5,
            std::cmp::Ordering::Greater => 0.0,
        };
        let entry = self.open_sets.entry(game.set).or_insert((0, 0.0));
        entry.0 += 1;
        entry.1 += score;
        if entry.0 == 2 {
            self.penta[(entry.1 * 2.0).round() as usize] += 1;
            self.open_sets.remove(&game.set);
        }
    }

    /// The SPRT's LLR and verdict, when there is a test.
    pub fn sprt(&self, sprt: Option<&Sprt>) -> Option<(f64, Verdict)> {
        sprt.map(|s| {
            let llr = s.llr(&self.penta);
            (llr, s.verdict(llr))
        })
    }

    /// `12/40 games | A 7.5 - B 4.5 | Elo +88.0 ± 120.3 | LOS 92.1% | LLR 1.23 (-2.94, 2.94) | ETA 0:42`.
    pub fn progress(&self, labels: &[&str], sprt: Option<&Sprt>) -> String {
        let s = &self.standings;
        let mut line = format!("{}/{} games", s.games, self.scheduled);
        if labels.len() == 2 {
            let t = s.pairs[0][1];
            let stats = t.stats();
            line.push_str(&format!(
                " | {} {} - {} {} | +{} ={} -{}",
                labels[0], s.points[0], s.points[1], labels[1], t.wins, t.draws, t.losses
            ));
            if t.games() > 0 {
                line.push_str(&format!(" | Elo {} | LOS {:.1}%", format_elo(&stats), stats.los * 100.0));
            }
        } else if let Some(&best) = s.ranking().first() {
            line.push_str(&format!(" | leader {} {:.1}", labels[best], s.points[best]));
        }
        if let (Some(test), Some((llr, verdict))) = (sprt, self.sprt(sprt)) {
            let (lo, hi) = test.bounds();
            let state = match verdict {
                Verdict::Running => String::new(),
                Verdict::H0 => " H0 accepted".into(),
                Verdict::H1 => " H1 accepted".into(),
            };
            line.push_str(&format!(" | LLR {llr:.2} ({lo:.2}, {hi:.2}){state}"));
        }
        if self.faults > 0 {
            line.push_str(&format!(" | faults {}", self.faults));
        }
        let left = self.scheduled.saturating_sub(s.games as usize);
        if self.played_here > 0 && left > 0 {
            let per_game = self.since.elapsed().as_secs_f64() / f64::from(self.played_here);
            let eta = (per_game * left as f64).round() as u64;
            line.push_str(&format!(" | ETA {}:{:02}:{:02}", eta / 3600, eta / 60 % 60, eta % 60));
        }
        line
    }
}
