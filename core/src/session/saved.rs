//! A session as a saved game: the `[record]` table (start, moves with the
//! chance moves among them, result, the dice's seed), writing it atomically
//! and replaying it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rules_api::{PositionExt, RulesBox};

use super::{Chance, Session, SessionError};
use crate::config::{Config, Record};
use crate::files::write_atomically;
use crate::outcome::GameResult;
use crate::plugins::find_plugin;
use crate::watchdog::watch;

impl Session {
    /// The `[record]` table describing this game, with the seed of its dice
    /// when it rolls them itself.
    pub fn record(&self) -> Result<Record, SessionError> {
        let result = match self.result()? {
            Some(r) => r.describe(&self.info),
            None => GameResult::ONGOING.to_string(),
        };
        let dead = match self.dead() {
            Some(cells) => {
                let names = self.rules.geometry().into_result().map_err(super::plugin_err("describing the board"))?;
                Some(cells.iter().filter_map(|&c| names.cells.get(c as usize).map(|n| n.name.to_string())).collect())
            }
            None => None,
        };
        Ok(Record {
            start: self.start_text.clone(),
            moves: self.history.iter().map(|m| m.coordinate.clone()).collect(),
            result,
            dead,
            clock_ms: Vec::new(),
            used_ms: Vec::new(),
            seed: self.seed(),
            seed_from: if self.seed().is_some() { self.seeded_from } else { 0 },
            hidden: watch("flags", || self.position.is_hidden()),
        })
    }

    /// Writes `config` plus this game's record to `path`, atomically (a
    /// temporary file in the same directory, then a rename).
    pub fn save(&self, path: &Path, config: &Config) -> Result<(), SessionError> {
        self.save_with(path, config, |_| {})
    }

    /// [`Session::save`], letting `complete` add to the record first (the
    /// window keeps its clocks there).
    pub fn save_with(
        &self,
        path: &Path,
        config: &Config,
        complete: impl FnOnce(&mut Record),
    ) -> Result<(), SessionError> {
        let mut saved = config.absolutized();
        let mut record = self.record()?;
        complete(&mut record);
        saved.record = Some(record);
        let file = path.display().to_string();
        let text = saved.to_toml().map_err(|source| SessionError::Serialize { file: file.clone(), source })?;
        let text =
            format!("# Tabula saved game: {}. Load it with `tabula play --config FILE`.\n{text}", self.info.name);
        write_atomically(path, &text).map_err(|source| SessionError::Io { file, source })
    }

    /// Replays a record on a fresh game; `file` names the source in errors.
    ///
    /// The chance moves are in the record's move list: each must be an
    /// outcome of its chance node, and from the record's `seed_from` on the
    /// outcome its `seed` draws there. The game then rolls on with that
    /// seed, as it would have without the save. A record without a seed
    /// (written by a network client, or by hand) keeps its rolls as given
    /// and rolls on from a fresh seed.
    pub fn from_record(rules: Arc<RulesBox>, record: &Record, file: &str) -> Result<Session, SessionError> {
        let corrupt = |problem: String| SessionError::Corrupt { file: file.to_string(), problem };
        let chance = Chance::Seeded(record.seed.unwrap_or_else(super::fresh_seed));
        let mut session =
            Session::unrolled(rules, &record.start, chance).map_err(|e| corrupt(format!("start position: {e}")))?;
        session.seeded_from = if record.seed.is_some() { record.seed_from } else { usize::MAX };
        session.play_all(record.moves.iter().map(String::as_str)).map_err(|e| corrupt(e.to_string()))?;
        if record.seed.is_none() {
            session.seeded_from = record.moves.len();
        }
        let stated = GameResult::parse(&record.result, &session.info).map_err(|e| corrupt(format!("result: {e}")))?;
        if let Some(GameResult::Forfeit { loser, cause, reason }) = stated {
            session.forfeit(loser, cause, reason);
        }
        if let Some(names) = &record.dead {
            let geometry = session.rules.geometry().into_result().map_err(|e| corrupt(e.to_string()))?;
            let mut dead = Vec::new();
            for name in names {
                let cell = geometry.cells.iter().position(|c| c.name.as_str() == name.as_str());
                dead.push(cell.ok_or_else(|| corrupt(format!("dead: '{name}' is not a cell of the board")))? as u16);
            }
            session.settle(&dead).map_err(|e| corrupt(format!("dead: {e}")))?;
        }
        Ok(session)
    }

    /// Loads a saved game: its configuration and the replayed session.
    /// `extra_dirs` are searched for the rules plugin before the config's
    /// own. The game's `[[players]]` must seat each of its players.
    pub fn load(path: &Path, extra_dirs: &[PathBuf]) -> Result<(Config, Session), SessionError> {
        let file = path.display().to_string();
        let config = Config::load(path).map_err(SessionError::Config)?;
        let Some(record) = config.record.clone() else {
            return Err(SessionError::Corrupt { file, problem: "it has no [record] table".into() });
        };
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), rules_api::PluginKind::RULES, &dirs)
            .map_err(SessionError::Load)?;
        let rules =
            plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(SessionError::Load)?;
        let session = Session::from_record(Arc::new(rules), &record, &file)?;
        config.check_seats(session.players(), &file)?;
        Ok((config, session))
    }
}
