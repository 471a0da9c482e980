//! The conformance suite: the position contract of [`rules_api::Position`],
//! checked on any game through the boundary alone.
//!
//! ```
//! use tabula_kit::conformance::{run, Budget};
//! // rules_api::plugin::rules_box(MyRules::new(..)) for your game; a test game here.
//! let rules = tabula_kit::testgames::rules(tabula_kit::testgames::Mnk::tic_tac_toe());
//! let report = run(&rules, &Budget::default());
//! report.assert_ok(); // panics with the whole report when a check failed
//! assert!(report.to_string().contains("all 22 checks passed"));
//! ```
//!
//! [`run_from`] starts the random games from given position texts instead,
//! for rules that random games from the start rarely reach.
//!
//! The suite plays seeded random games from the start position to their end
//! (or [`Budget::max_plies`]) and checks every position it visits; the
//! first [`Budget::deep_checks`] positions of each game also get every
//! legal move made, unmade and written and read in both notations. Each
//! game is then taken back move by move to the start. Move orders that
//! transpose are searched for from the start position and from early
//! positions of each game.
//!
//! The 0.2.1 contract is checked on every game (the defaults pass it):
//! chance nodes list their legal moves as outcomes whose probabilities sum
//! to one, and random games draw them by those probabilities; results give
//! a reason and one payoff per player with the winner first; every legal
//! move on the board has a click path over shown cells and no clicks choose
//! two moves the window could not tell apart; moved, hidden and written
//! cells are on the board; each finished random game is played again
//! from its start to the same positions; and in a game with hidden
//! information, samples of what the player to move cannot tell apart look
//! the same to them and leave them the same moves.
//!
//! Nothing panics on a broken plugin: every finding goes into the
//! [`Report`] under its [`Check`], with the position and the move, and a
//! plugin error or panic (which the boundary turns into an error) fails
//! the check that made the call and ends that game.
mod growth;
mod history;
mod position;
mod report;
mod suite;
mod views;

use rand::Rng as _;
use rules_api::{Move, PositionBox, PositionExt, RulesBox, RulesExt};

pub use report::{Check, CheckResult, Failure, Report};

use suite::{At, Played, Suite};

/// How much work the suite does.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Number of random games.
    pub playouts: usize,
    /// Most plies per random game.
    pub max_plies: usize,
    /// How many positions at the start of each game get the per-move
    /// checks (make/unmake and notation of every legal move).
    pub deep_checks: usize,
    /// Attempts at finding transpositions (A B C against C B A).
    pub transposition_tries: usize,
    /// Seed of the random choices.
    pub seed: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget { playouts: 12, max_plies: 200, deep_checks: 12, transposition_tries: 200, seed: 0x7AB1_2024 }
    }
}

/// Runs every check on `rules` within `budget`, playing from the start
/// position.
pub fn run(rules: &RulesBox, budget: &Budget) -> Report {
    run_from(rules, &[], budget)
}

/// [`run`] with the random games starting in turn from each of `starts`
/// (position texts; the start position when empty), so positions a random
/// game rarely reaches (castling rights, promotions) are checked too. A
/// text the game refuses fails [`Check::Setup`].
pub fn run_from(rules: &RulesBox, starts: &[&str], budget: &Budget) -> Report {
    let Some(mut suite) = Suite::new(rules, budget.seed) else {
        return Suite::setup_failure(rules);
    };
    let mut origins = Vec::new();
    for &text in starts {
        let read = rules.position(text);
        let ok = read.is_ok();
        suite.expect(Check::Setup, ok, At::position(text), || {
            format!("the start text is refused: {}", read.as_ref().err().map(|e| e.to_string()).unwrap_or_default())
        });
        origins.extend(read.ok());
    }
    if origins.is_empty() {
        origins.push(suite.start.clone());
    }
    let probe_every = budget.transposition_tries.div_ceil(budget.playouts + origins.len());
    for origin in &origins {
        suite.transpositions(origin, probe_every);
    }
    for game in 0..budget.playouts {
        suite.playout(&origins[game % origins.len()], budget, probe_every);
    }
    suite.clone_independence();
    suite.report.distinct_positions = suite.hash_of_text.len() as u64;
    suite.report
}

impl Suite<'_> {
    /// One random game from `origin` to its end, then taken back.
    fn playout(&mut self, origin: &PositionBox, budget: &Budget, probes: usize) {
        self.report.playouts += 1;
        let mut position = origin.clone();
        let mut path: Vec<Played> = Vec::new();
        let mut finished = false;
        for ply in 0..budget.max_plies {
            let Some(moves) = self.visit(&position) else { return };
            if moves.is_empty() {
                finished = true;
                break;
            }
            if ply < budget.deep_checks {
                if let Ok(text) = position.text() {
                    self.check_board_growth(&position, &text, &moves);
                    let seed = self.rng.random::<u64>();
                    self.check_views(&position, &text, &moves, seed);
                }
                if !self.check_every_move(&mut position, &moves) {
                    return;
                }
            }
            if ply == 4 {
                self.transpositions(&position, probes);
            }
            let m = Self::pick(&mut self.rng, &position, &moves);
            let name = Self::describe(&position, m);
            let before = position.text().unwrap_or_default();
            let at = At::position(&before).with_move(name.clone());
            if self.call(Check::Playouts, position.play(m), at, "make_move").is_none() {
                return;
            }
            let at = At::position(&before).with_move(name.clone());
            let Some(after) = self.call(Check::Playouts, position.text(), at, "to_text after the move") else {
                return;
            };
            path.push(Played { mv: m, name, text: after, hash: position.hash() });
        }
        self.expect(Check::Playouts, true, At::nowhere(), String::new);
        self.report.games_finished += finished as u64;
        self.replay(origin, &path);
        self.take_back(origin, position, path);
    }

    /// Looks for two move orders from `base` that reach one position
    /// (A B C against C B A) and checks they hash alike.
    fn transpositions(&mut self, base: &PositionBox, tries: usize) {
        let Ok(first) = base.moves() else { return };
        if first.len() < 2 {
            return;
        }
        for _ in 0..tries {
            let a = first[self.rng.random_range(0..first.len())];
            let c = first[self.rng.random_range(0..first.len())];
            if a == c {
                continue;
            }
            let mut after_a = base.clone();
            let replies = match after_a.play(a).and_then(|()| after_a.moves()) {
                Ok(replies) if !replies.is_empty() => replies,
                _ => continue,
            };
            let b = replies[self.rng.random_range(0..replies.len())];
            let (Some(one), Some(two)) = (line_end(base, &[a, b, c]), line_end(base, &[c, b, a])) else {
                continue;
            };
            if one.0 != two.0 {
                continue;
            }
            self.report.transpositions += 1;
            let line =
                format!("{} {} {}", Self::describe(base, a), Self::describe(&after_a, b), Self::describe(base, c));
            self.expect(Check::Transpositions, one.1 == two.1, At::position(&one.0).with_move(line), || {
                format!("two move orders reach this position with hashes {:#x} and {:#x}", one.1, two.1)
            });
        }
    }

    /// A clone is a separate position: moving on it leaves the original alone.
    fn clone_independence(&mut self) {
        let (Ok(text), Ok(moves)) = (self.start.text(), self.start.moves()) else { return };
        let Some(&m) = moves.first() else { return };
        let mut copy = self.start.clone();
        let name = Self::describe(&copy, m);
        if self.call(Check::CloneIndependence, copy.play(m), At::position(&text), "make_move on a clone").is_none() {
            return;
        }
        let same = self.start.text().ok() == Some(text.clone()) && self.start.moves().ok() == Some(moves.clone());
        self.expect(Check::CloneIndependence, same, At::position(&text).with_move(name), || {
            "moving on a clone changed the original".to_string()
        });
    }
}

/// Plays `line` from `base` if every move is legal in turn; the final text
/// and hash.
fn line_end(base: &PositionBox, line: &[Move]) -> Option<(String, u64)> {
    let mut position = base.clone();
    for &m in line {
        if !position.moves().ok()?.contains(&m) {
            return None;
        }
        position.play(m).ok()?;
    }
    Some((position.text().ok()?, position.hash()))
}
