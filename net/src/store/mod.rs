//! The server's SQLite database: rooms, seats, games and moves. Every write
//! is its own transaction and is committed before the server acknowledges
//! what it records, so a server killed at any moment restarts with every
//! acknowledged move.
//!
//! The journal is SQLite's write-ahead log with `synchronous = NORMAL`: a
//! commit is in the operating system's hands when it returns, which
//! survives the process being killed; `--sync full` also survives the
//! machine losing power, at the cost of one disk flush per move.

use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

mod read;
mod rows;

pub use rows::{StoredClocks, StoredGame, StoredMove, StoredRoom, StoredSeat};

/// A storage failure, with what was being done.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("database {context}: {source}")]
    Sql {
        /// What was being done.
        context: &'static str,
        /// What SQLite said.
        #[source]
        source: rusqlite::Error,
    },
    /// A stored value that no server could have written: the room is
    /// refused (and quarantined) rather than "repaired" into something else.
    #[error("room {room} is damaged in the database: {what}")]
    Damaged {
        /// The room.
        room: u64,
        /// What does not validate.
        what: String,
    },
    /// The database file could not be made private.
    #[error("database file {file}: {source}")]
    File {
        /// The file.
        file: String,
        /// What the system said.
        source: std::io::Error,
    },
}

type Result<T> = std::result::Result<T, StoreError>;

fn ctx(context: &'static str) -> impl FnOnce(rusqlite::Error) -> StoreError {
    move |source| StoreError::Sql { context, source }
}

fn damaged(room: u64, what: impl Into<String>) -> StoreError {
    StoreError::Damaged { room, what: what.into() }
}

/// How hard each commit is pushed to disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// Survives the process being killed (the default).
    Normal,
    /// Also survives power loss.
    Full,
}

/// The open database.
pub struct Store {
    db: Connection,
    _checkpoints: Checkpoints,
}

/// Copies the write-ahead log into the database from a thread of its own,
/// with a connection of its own: a passive checkpoint, which never waits
/// for nor holds up a commit, and, once everything is copied, a truncating
/// one that only has to empty the log (a commit meanwhile waits a moment).
/// Left to SQLite, the whole checkpoint and its disk flushes run inside
/// whichever commit crosses the log's threshold, and that move's
/// acknowledgement waits for them.
struct Checkpoints {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

impl Checkpoints {
    fn start(path: &Path) -> Checkpoints {
        use std::sync::atomic::{AtomicBool, Ordering};
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let (flag, path) = (std::sync::Arc::clone(&stop), path.to_path_buf());
        let _ = std::thread::Builder::new().name("checkpoints".into()).spawn(move || {
            let Ok(db) = Connection::open(&path) else { return };
            let _ = db.busy_timeout(std::time::Duration::from_millis(5));
            while !flag.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(200));
                let copied = db.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                    Ok(r.get::<_, i64>(1)? == r.get::<_, i64>(2)? && r.get::<_, i64>(1)? > 0)
                });
                if copied.unwrap_or(false) {
                    let _ = db.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
                }
            }
        });
        Checkpoints { stop }
    }
}

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS rooms (
    id INTEGER PRIMARY KEY,
    created TEXT NOT NULL,
    rules TEXT NOT NULL,
    options TEXT NOT NULL,
    password TEXT,
    clock_initial_ms INTEGER,
    clock_increment_ms INTEGER
);
CREATE TABLE IF NOT EXISTS seats (
    room INTEGER NOT NULL REFERENCES rooms(id),
    seat INTEGER NOT NULL,
    spec TEXT NOT NULL,
    name TEXT NOT NULL,
    token TEXT NOT NULL,
    PRIMARY KEY (room, seat)
);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    room INTEGER NOT NULL REFERENCES rooms(id),
    number INTEGER NOT NULL,
    start TEXT NOT NULL,
    date TEXT NOT NULL,
    status TEXT NOT NULL,
    result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX IF NOT EXISTS games_by_room ON games(room, number);
CREATE TABLE IF NOT EXISTS quarantine (
    room INTEGER PRIMARY KEY,
    reason TEXT NOT NULL,
    since TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS moves (
    game INTEGER NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    coordinate TEXT NOT NULL,
    standard TEXT NOT NULL,
    player INTEGER NOT NULL,
    remaining_ms INTEGER NOT NULL,
    PRIMARY KEY (game, ply)
);
";

impl Store {
    /// Opens (creating if needed) `DIR/tabula.sqlite`, private to its
    /// owner (0600, the journal files too): it holds every token.
    pub fn open(dir: &Path, sync: Sync) -> Result<Store> {
        let path = dir.join("tabula.sqlite");
        let private = |p: &Path| -> Result<()> {
            crate::datadir::make_private(p).map_err(|source| StoreError::File { file: p.display().to_string(), source })
        };
        crate::datadir::create_private(&path)
            .map_err(|source| StoreError::File { file: path.display().to_string(), source })?;
        let db = Connection::open(&path).map_err(ctx("opening"))?;
        let sync = match sync {
            Sync::Normal => "NORMAL",
            Sync::Full => "FULL",
        };
        db.execute_batch(&format!(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; PRAGMA foreign_keys = ON; \
             PRAGMA wal_autocheckpoint = 0;"
        ))
        .map_err(ctx("setting the journal mode"))?;
        // A commit that meets the checkpoint thread emptying the log waits
        // for it rather than failing.
        db.busy_timeout(std::time::Duration::from_secs(5)).map_err(ctx("setting the busy timeout"))?;
        db.execute_batch(SCHEMA).map_err(ctx("creating the tables"))?;
        let has_clocks: bool = db
            .query_row("SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'clocks'", [], |r| {
                r.get::<_, i64>(0)
            })
            .map_err(ctx("reading the schema"))?
            > 0;
        if !has_clocks {
            db.execute_batch("ALTER TABLE games ADD COLUMN clocks TEXT").map_err(ctx("adding the clocks column"))?;
        }
        let has_seed: bool = db
            .query_row("SELECT COUNT(*) FROM pragma_table_info('games') WHERE name = 'seed'", [], |r| {
                r.get::<_, i64>(0)
            })
            .map_err(ctx("reading the schema"))?
            > 0;
        if !has_seed {
            db.execute_batch("ALTER TABLE games ADD COLUMN seed INTEGER").map_err(ctx("adding the seed column"))?;
        }
        for file in [path.clone(), dir.join("tabula.sqlite-wal"), dir.join("tabula.sqlite-shm")] {
            private(&file)?;
        }
        Ok(Store { db, _checkpoints: Checkpoints::start(&path) })
    }

    /// The database's size in bytes (pages in use and free).
    pub fn size(&self) -> Result<u64> {
        self.db
            .query_row("SELECT page_count * page_size FROM pragma_page_count(), pragma_page_size()", [], |r| {
                r.get::<_, i64>(0)
            })
            .map(|n| n.max(0) as u64)
            .map_err(ctx("measuring the database"))
    }

    /// Keeps a damaged room out of play, with the reason; its rows stay
    /// for the operator to look at.
    pub fn quarantine(&mut self, room: u64, reason: &str, date: &str) -> Result<()> {
        self.db
            .execute(
                "INSERT OR REPLACE INTO quarantine (room, reason, since) VALUES (?1, ?2, ?3)",
                params![room as i64, reason, date],
            )
            .map_err(ctx("quarantining a room"))?;
        Ok(())
    }

    /// Whether a room is quarantined, and why.
    pub fn quarantined(&self, room: u64) -> Result<Option<String>> {
        self.db
            .query_row("SELECT reason FROM quarantine WHERE room = ?1", params![room as i64], |r| r.get(0))
            .optional()
            .map_err(ctx("reading the quarantine"))
    }

    /// A room's password (`None` inside when it has none), or `None` if
    /// there is no such room: checked before a room is loaded.
    pub fn password(&self, room: u64) -> Result<Option<Option<String>>> {
        self.db
            .query_row("SELECT password FROM rooms WHERE id = ?1", params![room as i64], |r| r.get(0))
            .optional()
            .map_err(ctx("reading a room"))
    }

    /// Keeps a game's clocks (at its end, or when its room leaves memory).
    pub fn set_clocks(&mut self, game: i64, clocks: &StoredClocks) -> Result<()> {
        let text = serde_json::to_string(clocks).unwrap_or_default();
        self.db
            .execute("UPDATE games SET clocks = ?2 WHERE id = ?1", params![game, text])
            .map_err(ctx("storing clocks"))?;
        Ok(())
    }

    /// Deletes the rooms whose latest game started before `date`
    /// (`YYYY.MM.DD`), except those in `keep` (in memory); returns how
    /// many went.
    pub fn delete_rooms_before(&mut self, date: &str, keep: &std::collections::HashSet<u64>) -> Result<usize> {
        let old: Vec<u64> = {
            let mut stmt = self
                .db
                .prepare("SELECT room FROM games GROUP BY room HAVING MAX(date) < ?1")
                .map_err(ctx("finding old rooms"))?;
            let rows = stmt.query_map(params![date], |r| r.get::<_, i64>(0)).map_err(ctx("finding old rooms"))?;
            rows.filter_map(|r| r.ok()).map(|id| id as u64).filter(|id| !keep.contains(id)).collect()
        };
        let tx = self.db.transaction().map_err(ctx("deleting old rooms"))?;
        for id in &old {
            let id = *id as i64;
            tx.execute("DELETE FROM moves WHERE game IN (SELECT id FROM games WHERE room = ?1)", params![id])
                .map_err(ctx("deleting old moves"))?;
            tx.execute("DELETE FROM games WHERE room = ?1", params![id]).map_err(ctx("deleting old games"))?;
            tx.execute("DELETE FROM seats WHERE room = ?1", params![id]).map_err(ctx("deleting old seats"))?;
            tx.execute("DELETE FROM quarantine WHERE room = ?1", params![id]).map_err(ctx("deleting old rooms"))?;
            tx.execute("DELETE FROM rooms WHERE id = ?1", params![id]).map_err(ctx("deleting old rooms"))?;
        }
        tx.commit().map_err(ctx("deleting old rooms"))?;
        Ok(old.len())
    }

    /// Stores a new room with its first game; returns the room's number
    /// and the game's id.
    pub fn create_room(&mut self, room: &StoredRoom, start: &str, date: &str, seed: u64) -> Result<(u64, i64)> {
        let tx = self.db.transaction().map_err(ctx("starting a room"))?;
        let options = serde_json::to_string(&room.options).unwrap_or_default();
        tx.execute(
            "INSERT INTO rooms (created, rules, options, password, clock_initial_ms, clock_increment_ms) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![
                date,
                room.rules,
                options,
                room.password,
                room.clock.map(|c| c.initial_ms as i64),
                room.clock.map(|c| c.increment_ms as i64)
            ],
        )
        .map_err(ctx("storing a room"))?;
        let id = tx.last_insert_rowid();
        for (i, seat) in room.seats.iter().enumerate() {
            tx.execute(
                "INSERT INTO seats (room, seat, spec, name, token) VALUES (?1, ?2, ?3, ?4, ?5)",
                params![id, i as i64, serde_json::to_string(&seat.spec).unwrap_or_default(), seat.name, seat.token],
            )
            .map_err(ctx("storing a seat"))?;
        }
        tx.execute(
            "INSERT INTO games (room, number, start, date, status, seed) VALUES (?1, 1, ?2, ?3, 'playing', ?4)",
            params![id, start, date, seed as i64],
        )
        .map_err(ctx("storing a game"))?;
        let game = tx.last_insert_rowid();
        tx.commit().map_err(ctx("committing a room"))?;
        Ok((id as u64, game))
    }

    /// Records who holds a seat.
    pub fn set_seat(&mut self, room: u64, seat: u8, name: &str, token: &str) -> Result<()> {
        self.db
            .execute(
                "UPDATE seats SET name = ?3, token = ?4 WHERE room = ?1 AND seat = ?2",
                params![room as i64, seat as i64, name, token],
            )
            .map_err(ctx("storing a seat"))?;
        Ok(())
    }

    /// Appends a move to a game.
    pub fn add_move(&mut self, game: i64, ply: u32, m: &StoredMove) -> Result<()> {
        self.db
            .execute(
                "INSERT INTO moves (game, ply, coordinate, standard, player, remaining_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![game, ply, m.coordinate, m.standard, m.player, m.remaining_ms as i64],
            )
            .map_err(ctx("storing a move"))?;
        Ok(())
    }

    /// Appends a move that ends the game and the result, in one transaction.
    pub fn add_final_move(&mut self, game: i64, ply: u32, m: &StoredMove, result: &str) -> Result<()> {
        let tx = self.db.transaction().map_err(ctx("starting a move"))?;
        tx.execute(
            "INSERT INTO moves (game, ply, coordinate, standard, player, remaining_ms) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game, ply, m.coordinate, m.standard, m.player, m.remaining_ms as i64],
        )
        .map_err(ctx("storing a move"))?;
        tx.execute("UPDATE games SET status = 'finished', result = ?2 WHERE id = ?1", params![game, result])
            .map_err(ctx("storing a result"))?;
        tx.commit().map_err(ctx("committing a move"))
    }

    /// Appends moves from ply `first` on (a player's move and the rolls
    /// after it), with the result if they end the game and the game's seed
    /// if it had none yet, in one transaction.
    pub fn add_moves(
        &mut self,
        game: i64,
        first: u32,
        moves: &[StoredMove],
        result: Option<&str>,
        seed: Option<u64>,
    ) -> Result<()> {
        let tx = self.db.transaction().map_err(ctx("starting a move"))?;
        for (i, m) in moves.iter().enumerate() {
            tx.execute(
                "INSERT INTO moves (game, ply, coordinate, standard, player, remaining_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                params![game, first + i as u32, m.coordinate, m.standard, m.player, m.remaining_ms as i64],
            )
            .map_err(ctx("storing a move"))?;
        }
        if let Some(seed) = seed {
            tx.execute("UPDATE games SET seed = ?2 WHERE id = ?1", params![game, seed as i64])
                .map_err(ctx("storing a seed"))?;
        }
        if let Some(result) = result {
            tx.execute("UPDATE games SET status = 'finished', result = ?2 WHERE id = ?1", params![game, result])
                .map_err(ctx("storing a result"))?;
        }
        tx.commit().map_err(ctx("committing a move"))
    }

    /// Takes back every move from ply `keep` on.
    pub fn truncate(&mut self, game: i64, keep: u32) -> Result<()> {
        self.db
            .execute("DELETE FROM moves WHERE game = ?1 AND ply >= ?2", params![game, keep])
            .map_err(ctx("taking moves back"))?;
        Ok(())
    }

    /// Records the end of a game other than by a move, with the clocks
    /// as they stood.
    pub fn finish(&mut self, game: i64, result: &str, clocks: Option<&StoredClocks>) -> Result<()> {
        let clocks = clocks.map(|c| serde_json::to_string(c).unwrap_or_default());
        self.db
            .execute(
                "UPDATE games SET status = 'finished', result = ?2, clocks = COALESCE(?3, clocks) WHERE id = ?1",
                params![game, result, clocks],
            )
            .map_err(ctx("storing a result"))?;
        Ok(())
    }

    /// Records a game aborted after a player left: it ended with no
    /// result (`result` says why), with the clocks as they stood.
    pub fn abort(&mut self, game: i64, result: &str, clocks: Option<&StoredClocks>) -> Result<()> {
        let clocks = clocks.map(|c| serde_json::to_string(c).unwrap_or_default());
        self.db
            .execute(
                "UPDATE games SET status = 'aborted', result = ?2, clocks = COALESCE(?3, clocks) WHERE id = ?1",
                params![game, result, clocks],
            )
            .map_err(ctx("storing an abort"))?;
        Ok(())
    }

    /// Starts the next game of a room; the current one, if still going
    /// on, is marked abandoned. Returns the new game's id and number.
    pub fn new_game(&mut self, room: u64, current: i64, start: &str, date: &str, seed: u64) -> Result<(i64, u32)> {
        let tx = self.db.transaction().map_err(ctx("starting a game"))?;
        tx.execute("UPDATE games SET status = 'abandoned' WHERE id = ?1 AND status = 'playing'", params![current])
            .map_err(ctx("abandoning a game"))?;
        let number: u32 = tx
            .query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE room = ?1", params![room as i64], |r| {
                r.get(0)
            })
            .map_err(ctx("numbering a game"))?;
        tx.execute(
            "INSERT INTO games (room, number, start, date, status, seed) VALUES (?1, ?2, ?3, ?4, 'playing', ?5)",
            params![room as i64, number, start, date, seed as i64],
        )
        .map_err(ctx("storing a game"))?;
        let id = tx.last_insert_rowid();
        tx.commit().map_err(ctx("committing a game"))?;
        Ok((id, number))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::protocol::{Clock, SeatSpec};

    #[test]
    fn rooms_games_and_moves_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let room = StoredRoom {
            id: 0,
            rules: "chess".into(),
            options: BTreeMap::from([("k".to_string(), "v".to_string())]),
            password: Some("pw".into()),
            clock: Some(Clock { initial_ms: 60_000, increment_ms: 1000 }),
            seats: vec![
                StoredSeat { spec: SeatSpec::human(), name: "Ann".into(), token: "1".repeat(32) },
                StoredSeat { spec: SeatSpec::human(), name: String::new(), token: String::new() },
            ],
        };
        let (id, game) = {
            let mut store = Store::open(dir.path(), Sync::Normal).unwrap();
            let (id, game) = store.create_room(&room, "", "2024.01.01", 7).unwrap();
            store.set_seat(id, 1, "Bob", &"2".repeat(32)).unwrap();
            let m = |c: &str, p| StoredMove { coordinate: c.into(), standard: c.into(), player: p, remaining_ms: 5 };
            store.add_move(game, 0, &m("e2e4", 0)).unwrap();
            store.add_move(game, 1, &m("e7e5", 1)).unwrap();
            assert!(store.add_move(game, 1, &m("d7d5", 1)).is_err(), "one move per ply");
            store.truncate(game, 1).unwrap();
            store.add_move(game, 1, &m("c7c5", 1)).unwrap();
            (id, game)
        };
        let mut store = Store::open(dir.path(), Sync::Full).unwrap();
        assert_eq!(store.unfinished_rooms().unwrap(), vec![id]);
        let back = store.room(id).unwrap().unwrap();
        assert_eq!((back.rules.as_str(), back.clock, back.password.as_deref()), ("chess", room.clock, Some("pw")));
        assert_eq!(back.seats[1].name, "Bob");
        assert_eq!(back.options, room.options);
        let g = store.game(id, None).unwrap().unwrap();
        assert_eq!(g.moves.iter().map(|m| m.coordinate.as_str()).collect::<Vec<_>>(), ["e2e4", "c7c5"]);
        assert_eq!(g.seed, Some(7), "the dice's seed survives reopening");
        store.finish(game, "draw (agreed)", None).unwrap();
        assert!(store.unfinished_rooms().unwrap().is_empty());
        let (next, number) = store.new_game(id, game, "", "2024.01.02", 8).unwrap();
        assert_eq!(number, 2);
        assert_eq!(store.unfinished_rooms().unwrap(), vec![id]);
        assert_eq!(store.game(id, Some(1)).unwrap().unwrap().result, "draw (agreed)");
        assert_eq!(store.game(id, None).unwrap().unwrap().id, next);
        assert!(store.room(id + 1).unwrap().is_none());
        assert!(store.game(id, Some(9)).unwrap().is_none());
    }
}
