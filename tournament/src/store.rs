//! The local results file: SQLite, one row per finished game keyed by its
//! index in the schedule, written in a transaction as each game ends. A
//! tournament killed at any moment keeps every game whose row committed,
//! and the primary key makes a second copy of a game impossible; the plan
//! stored beside the games makes a restart with a different command an
//! error instead of a mixture.

use std::path::{Path, PathBuf};

use rusqlite::{params, Connection, OptionalExtension};

use crate::game::Finished;
use crate::plan::Plan;
use crate::TournamentError;

/// An open results file.
pub struct LocalStore {
    conn: Connection,
    path: PathBuf,
}

fn failed(path: &Path) -> impl Fn(rusqlite::Error) -> TournamentError + '_ {
    move |e| TournamentError::Store(format!("{}: {e}", path.display()))
}

impl LocalStore {
    /// Opens (creating) the results file for `plan`. A file that already
    /// holds a tournament continues it when the plans agree; with
    /// `seed_given` false, the stored plan's seed is taken (the first run
    /// drew it). Returns the store and the plan to play.
    pub fn open(path: &Path, plan: &Plan, seed_given: bool) -> Result<(LocalStore, Plan), TournamentError> {
        let conn = Connection::open(path).map_err(failed(path))?;
        conn.execute_batch(
            "PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;
             CREATE TABLE IF NOT EXISTS plan (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
             CREATE TABLE IF NOT EXISTS games (idx INTEGER PRIMARY KEY, json TEXT NOT NULL);",
        )
        .map_err(failed(path))?;
        let stored: Option<String> =
            conn.query_row("SELECT json FROM plan WHERE id = 1", [], |r| r.get(0)).optional().map_err(failed(path))?;
        let plan = match stored {
            None => {
                let json = serde_json::to_string(plan).map_err(|e| TournamentError::Store(e.to_string()))?;
                conn.execute("INSERT INTO plan (id, json) VALUES (1, ?1)", params![json]).map_err(failed(path))?;
                plan.clone()
            }
            Some(json) => {
                let old: Plan = serde_json::from_str(&json)
                    .map_err(|e| TournamentError::Store(format!("{}: the stored plan: {e}", path.display())))?;
                let mut wanted = plan.clone();
                if !seed_given {
                    wanted.seed = old.seed;
                }
                if let Some(what) = difference(&old, &wanted) {
                    return Err(TournamentError::Input(format!(
                        "{} holds a different tournament ({what} differ); give another results file or the same command",
                        path.display()
                    )));
                }
                old
            }
        };
        Ok((LocalStore { conn, path: path.to_path_buf() }, plan))
    }

    /// Every finished game, by index.
    pub fn finished(&self) -> Result<Vec<Finished>, TournamentError> {
        let mut stmt = self.conn.prepare("SELECT json FROM games ORDER BY idx").map_err(failed(&self.path))?;
        let rows = stmt.query_map([], |r| r.get::<_, String>(0)).map_err(failed(&self.path))?;
        let mut out = Vec::new();
        for row in rows {
            let json = row.map_err(failed(&self.path))?;
            out.push(serde_json::from_str(&json).map_err(|e| TournamentError::Store(e.to_string()))?);
        }
        Ok(out)
    }

    /// Stores a finished game; false when it was already there.
    pub fn save(&mut self, game: &Finished) -> Result<bool, TournamentError> {
        let json = serde_json::to_string(game).map_err(|e| TournamentError::Store(e.to_string()))?;
        let n = self
            .conn
            .execute("INSERT OR IGNORE INTO games (idx, json) VALUES (?1, ?2)", params![game.index, json])
            .map_err(failed(&self.path))?;
        Ok(n == 1)
    }
}

/// What differs between two plans, in words, if anything does.
pub fn difference(a: &Plan, b: &Plan) -> Option<&'static str> {
    let checks: [(&'static str, bool); 11] = [
        ("the rules", a.rules == b.rules && a.options == b.options && a.isolate_rules == b.isolate_rules),
        ("the players", a.entrants == b.entrants),
        ("the formats", a.format == b.format),
        ("the rounds", a.rounds == b.rounds),
        ("the openings", a.openings == b.openings),
        ("the move limits", a.max_moves == b.max_moves),
        ("the clocks", a.clock == b.clock),
        ("the adjudications", a.adjudication == b.adjudication),
        ("the SPRT settings", a.sprt == b.sprt),
        ("the seeds", a.seed == b.seed),
        ("the plans", a == b),
    ];
    checks.iter().find(|(_, same)| !same).map(|(what, _)| *what)
}
