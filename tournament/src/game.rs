//! A tournament's plan made ready to play (plugins found and loaded) and
//! one game of it played to the end, with fresh players of its own.

use std::sync::Arc;

use rules_api::{GameInfo, PluginKind, RulesBox, SearchLimits};
use serde::{Deserialize, Serialize};
use tabula_core::config::{Config, PlayerConfig};
use tabula_core::headless::{play_out_judged, TimeControl};
use tabula_core::outcome::GameResult;
use tabula_core::players::ComputerPlayer;
use tabula_core::plugins::{find_plugin, LoadedPlugin, PluginDirs};
use tabula_core::records::{pgn, text, today, GameRecord, RecordFormat};
use tabula_core::seating::{Kind, Table};
use tabula_core::session::{Chance, Session};

use crate::adjudicate::Adjudicator;
use crate::plan::{derive_seed, EntrantSpec, GameSpec, Plan};
use crate::TournamentError;

/// An entrant ready to be seated.
pub struct Entrant {
    /// Its spec.
    pub spec: EntrantSpec,
    /// How it plays.
    pub kind: Kind,
    /// Its options (a level's included).
    pub options: Vec<(String, String)>,
    /// Its limits per move.
    pub limits: SearchLimits,
}

/// A plan with its plugins loaded.
pub struct Ready {
    /// The plan.
    pub plan: Plan,
    /// The rules plugin.
    pub rules: LoadedPlugin,
    /// The participants.
    pub entrants: Vec<Entrant>,
    /// The game.
    pub info: GameInfo,
    /// Players per game.
    pub seats: usize,
    /// The plugins and versions the games are played with; a worker whose
    /// fingerprint differs is refused.
    pub fingerprint: String,
    /// How games are recorded.
    pub record_format: RecordFormat,
}

/// One finished game, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finished {
    /// The game's index in the schedule.
    pub index: u32,
    /// Its set.
    pub set: u32,
    /// Entrant by seat.
    pub seats: Vec<usize>,
    /// The result line (read back with [`GameResult::parse`]).
    pub result: String,
    /// Players' moves.
    pub moves: usize,
    /// Chance moves.
    pub rolls: usize,
    /// The entrant that lost by a fault (time, illegal move, error).
    pub fault: Option<usize>,
    /// The game in the record format.
    pub record: String,
}

impl Ready {
    /// Finds and loads what `plan` names in `dirs`.
    pub fn new(plan: Plan, dirs: &PluginDirs) -> Result<Ready, TournamentError> {
        let rules = find_plugin(&plan.rules, PluginKind::RULES, dirs)?;
        let game = rules.new_rules_isolated(&plan.options, plan.isolate_rules)?;
        let session = Session::with_chance(Arc::new(game), "", Chance::Seeded(1))?;
        let (info, seats) = (session.info().clone(), session.players());
        let config = Config::default_config()?;
        let mut entrants = Vec::new();
        let mut fingerprint = format!("rules {} {}", rules.name(), rules.version());
        for spec in &plan.entrants {
            let mut p = PlayerConfig::from_entry(&spec.entry, spec.time_ms);
            p.name = spec.name.clone();
            let Some(kind) = Kind::from_config(&p, &config, dirs)? else {
                return Err(TournamentError::Input(format!("player '{}' is not a computer player", spec.name)));
            };
            let mut options = p.strategy_options("--player")?;
            for (k, v) in &spec.options {
                options.retain(|(key, _)| key != k);
                options.push((k.clone(), v.clone()));
            }
            fingerprint.push_str(&match &kind {
                Kind::Strategy(s) | Kind::Isolated(s) => format!("; {} {} {}", spec.name, s.name(), s.version()),
                Kind::Engine(e) => format!("; {} engine {}", spec.name, e.command),
            });
            let limits = SearchLimits { time_ms: spec.time_ms, depth: spec.depth, nodes: spec.nodes, max_time_ms: 0 };
            entrants.push(Entrant { spec: spec.clone(), kind, options, limits });
        }
        if entrants.iter().any(|e| matches!(e.kind, Kind::Engine(_))) && seats != 2 {
            return Err(TournamentError::Input(format!(
                "{} has {seats} players, and the engine protocols serve two-player games",
                info.name
            )));
        }
        let record_format = RecordFormat::for_game(&info);
        Ok(Ready { plan, rules, entrants, info, seats, fingerprint, record_format })
    }

    /// A fresh game of the rules.
    fn new_game(&self) -> Result<Arc<RulesBox>, TournamentError> {
        Ok(Arc::new(self.rules.new_rules_isolated(&self.plan.options, self.plan.isolate_rules)?))
    }

    /// Fresh players for `spec`'s seats; seeded strategies get a seed of
    /// their own from the plan's.
    fn seat(&self, spec: &GameSpec) -> Result<Vec<Box<dyn ComputerPlayer>>, TournamentError> {
        let table = Table { rules: &self.rules, options: &self.plan.options };
        let mut seats = Vec::new();
        for (seat, &e) in spec.seats.iter().enumerate() {
            let entrant = &self.entrants[e];
            let mut options = entrant.options.clone();
            if entrant.kind.takes_seed() && !options.iter().any(|(k, _)| k == "seed") {
                options.push(("seed".into(), derive_seed(self.plan.seed, spec.index, seat as u32).to_string()));
            }
            seats.push(entrant.kind.seat(&entrant.spec.name, &table, &options, entrant.limits)?);
        }
        Ok(seats)
    }

    /// Plays game `spec` to its end.
    pub fn play(&self, spec: &GameSpec, site: &str) -> Result<Finished, TournamentError> {
        let in_game = |e: tabula_core::session::SessionError| TournamentError::Game(spec.index + 1, e.to_string());
        let opening = spec.opening.map(|o| &self.plan.openings[o]);
        let start = opening.map_or("", |o| o.start.as_str());
        let mut session = Session::with_chance(self.new_game()?, start, Chance::Seeded(spec.dice)).map_err(in_game)?;
        for m in opening.map_or(&[][..], |o| &o.moves) {
            session.play_text(m).map_err(in_game)?;
        }
        let mut seats = self.seat(spec)?;
        let clock = self.plan.clock.map(|c| TimeControl { base_ms: c.base_ms, increment_ms: c.increment_ms });
        let mut judge = Adjudicator::new(self.plan.adjudication, self.seats);
        let result = play_out_judged(&mut session, &mut seats, self.plan.max_moves, clock, &mut judge, |_, _| {})
            .map_err(in_game)?;
        drop(seats);
        let fault = match &result {
            GameResult::Forfeit { loser, cause, .. } if cause.is_fault() => Some(spec.seats[*loser as usize]),
            _ => None,
        };
        let rolls = session.history().iter().filter(|m| m.is_chance()).count();
        let record = GameRecord {
            event: "Tabula tournament".into(),
            site: site.to_string(),
            date: today(),
            round: spec.index + 1,
            players: spec.seats.iter().map(|&e| self.entrants[e].spec.name.clone()).collect(),
            time_ms: self.entrants[spec.seats[0]].limits.time_ms,
            ..GameRecord::of_session(&session, &result).map_err(in_game)?
        };
        let format =
            if record.unfit_for(self.record_format).is_some() { RecordFormat::Text } else { self.record_format };
        let record = match format {
            RecordFormat::Pgn => pgn::write_game(&record),
            RecordFormat::Text => text::write_game(&record),
        };
        Ok(Finished {
            index: spec.index,
            set: spec.set,
            seats: spec.seats.clone(),
            result: result.describe(&self.info),
            moves: session.history().len() - rolls,
            rolls,
            fault,
            record,
        })
    }

    /// The result of a stored game.
    pub fn result_of(&self, game: &Finished) -> Result<GameResult, TournamentError> {
        GameResult::parse(&game.result, &self.info)
            .map_err(|e| TournamentError::Store(format!("game {}: {e}", game.index + 1)))?
            .ok_or_else(|| TournamentError::Store(format!("game {}: stored as ongoing", game.index + 1)))
    }
}
