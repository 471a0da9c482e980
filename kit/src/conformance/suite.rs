//! The suite's state and its bookkeeping: what has been seen, and how a
//! finding is counted against a check.

use std::collections::HashMap;

use rules_api::{
    GameInfo, Geometry, HandPiece, Move, Notation, Piece, PluginError, PositionBox, PositionExt, RulesBox, RulesExt,
};

use super::report::{Check, Failure, Report};
use crate::rng::{rng_from_seed, Rng};

/// The most players any Tabula host seats.
pub(super) const MAX_PLAYERS: usize = 6;

/// A move of a random game and the position it led to.
pub(super) struct Played {
    pub(super) mv: Move,
    /// The move in coordinate notation.
    pub(super) name: String,
    /// The position's text after the move.
    pub(super) text: String,
    /// Its hash.
    pub(super) hash: u64,
}

/// What the suite remembers of the first position seen with a hash.
pub(super) struct Seen {
    pub(super) text: String,
    pub(super) side: u8,
    pub(super) pieces: Vec<Piece>,
    pub(super) hands: Vec<HandPiece>,
    /// Sorted move bits when the game was ongoing there.
    pub(super) moves: Option<Vec<u64>>,
}

pub(super) struct Suite<'a> {
    pub(super) rules: &'a RulesBox,
    pub(super) info: GameInfo,
    pub(super) geometry: Geometry,
    pub(super) start: PositionBox,
    pub(super) report: Report,
    pub(super) rng: Rng,
    pub(super) hash_of_text: HashMap<String, u64>,
    pub(super) seen: HashMap<u64, Seen>,
}

/// Where a finding was made.
pub(super) struct At<'t> {
    pub(super) position: Option<&'t str>,
    pub(super) mv: Option<String>,
}

impl<'t> At<'t> {
    pub(super) fn position(text: &'t str) -> Self {
        At { position: Some(text), mv: None }
    }
    pub(super) fn nowhere() -> Self {
        At { position: None, mv: None }
    }
    pub(super) fn with_move(mut self, mv: String) -> Self {
        self.mv = Some(mv);
        self
    }
}

impl<'a> Suite<'a> {
    pub(super) fn new(rules: &'a RulesBox, seed: u64) -> Option<Self> {
        let info = rules.game_info().ok()?;
        let geometry = rules.board().ok()?;
        let start = rules.start().ok()?;
        let mut suite = Suite {
            rules,
            report: Report::new(info.name.to_string()),
            info,
            geometry,
            start,
            rng: rng_from_seed(seed),
            hash_of_text: HashMap::new(),
            seen: HashMap::new(),
        };
        suite.check_setup();
        Some(suite)
    }

    /// The report of a game that cannot even describe itself.
    pub(super) fn setup_failure(rules: &RulesBox) -> Report {
        let info = rules.game_info();
        let name = info.as_ref().map_or_else(|_| "(unnamed game)".to_string(), |i| i.name.to_string());
        let mut report = Report::new(name);
        let error = match (info, rules.board(), rules.start()) {
            (Err(e), _, _) => format!("info failed: {e}"),
            (_, Err(e), _) => format!("geometry failed: {e}"),
            (_, _, Err(e)) => format!("start_position failed: {e}"),
            _ => "the game could not be set up".to_string(),
        };
        let entry = report.entry(Check::Setup);
        entry.runs = 1;
        entry.failures = 1;
        entry.first_failure = Some(Failure { message: error, position: None, mv: None });
        report
    }

    /// Counts one application of `check`, failing it with `message` when
    /// `ok` is false. Returns `ok`.
    pub(super) fn expect(&mut self, check: Check, ok: bool, at: At<'_>, message: impl FnOnce() -> String) -> bool {
        let entry = self.report.entry(check);
        entry.runs += 1;
        if !ok {
            entry.failures += 1;
            if entry.first_failure.is_none() {
                entry.first_failure =
                    Some(Failure { message: message(), position: at.position.map(str::to_string), mv: at.mv });
            }
        }
        ok
    }

    /// Unwraps a boundary call, failing `check` with the plugin's error.
    pub(super) fn call<T>(
        &mut self,
        check: Check,
        result: Result<T, PluginError>,
        at: At<'_>,
        what: &str,
    ) -> Option<T> {
        match result {
            Ok(value) => Some(value),
            Err(e) => {
                self.expect(check, false, at, || format!("{what} failed: {e}"));
                None
            }
        }
    }

    /// A move in coordinate notation, or its fields when the plugin cannot
    /// write it.
    pub(super) fn describe(position: &PositionBox, m: Move) -> String {
        position.notate(m, Notation::COORDINATE).unwrap_or_else(|_| format!("{m:?}"))
    }

    pub(super) fn check_setup(&mut self) {
        let players = self.info.players.len();
        self.expect(Check::Setup, (1..=MAX_PLAYERS).contains(&players), At::nowhere(), || {
            format!("the game has {players} players (a host seats 1 to {})", MAX_PLAYERS)
        });
        let cells = self.geometry.cells.len();
        self.expect(Check::Setup, cells > 0, At::nowhere(), || "the board has no cells".into());
        let mut names = HashMap::new();
        let mut twice = None;
        for (index, cell) in self.geometry.cells.iter().enumerate() {
            if let Some(first) = names.insert(cell.name.to_string(), index) {
                twice.get_or_insert((cell.name.to_string(), first, index));
            }
        }
        self.expect(Check::Setup, twice.is_none(), At::nowhere(), || {
            let (name, a, b) = twice.clone().unwrap_or_default();
            format!("cells {a} and {b} are both named '{name}'")
        });
    }
}
