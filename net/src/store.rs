//! The server's SQLite database: rooms, seats, games and moves. Every write
//! is its own transaction and is committed before the server acknowledges
//! what it records, so a server killed at any moment restarts with every
//! acknowledged move.
//!
//! The journal is SQLite's write-ahead log with `synchronous = NORMAL`: a
//! commit is in the operating system's hands when it returns, which
//! survives the process being killed; `--sync full` also survives the
//! machine losing power, at the cost of one disk flush per move.

use std::collections::BTreeMap;
use std::path::Path;

use rusqlite::{params, Connection, OptionalExtension};

use crate::protocol::{Clock, SeatSpec};

/// A storage failure, with what was being done.
#[derive(Debug, thiserror::Error)]
#[error("database {context}: {source}")]
pub struct StoreError {
    context: &'static str,
    #[source]
    source: rusqlite::Error,
}

type Result<T> = std::result::Result<T, StoreError>;

fn ctx(context: &'static str) -> impl FnOnce(rusqlite::Error) -> StoreError {
    move |source| StoreError { context, source }
}

/// A room as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRoom {
    /// Its number.
    pub id: u64,
    /// Rules plugin name.
    pub rules: String,
    /// Rules options.
    pub options: BTreeMap<String, String>,
    /// Password, if any.
    pub password: Option<String>,
    /// Time control.
    pub clock: Option<Clock>,
    /// Seats in move order.
    pub seats: Vec<StoredSeat>,
}

/// A seat as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSeat {
    /// Who plays it.
    pub spec: SeatSpec,
    /// The holder's name.
    pub name: String,
    /// The seat's token ("" while free).
    pub token: String,
}

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Database id.
    pub id: i64,
    /// Number in its room, from 1.
    pub number: u32,
    /// Start position text.
    pub start: String,
    /// The result line once finished ("" while going on or abandoned).
    pub result: String,
    /// `playing`, `finished` or `abandoned`.
    pub status: String,
    /// `YYYY.MM.DD` when it started.
    pub date: String,
    /// The moves.
    pub moves: Vec<StoredMove>,
}

/// A move as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredMove {
    /// Coordinate notation.
    pub coordinate: String,
    /// Standard notation.
    pub standard: String,
    /// The seat that played it.
    pub player: u8,
    /// The mover's time left after it (ms; 0 without a clock).
    pub remaining_ms: u64,
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
    /// Opens (creating if needed) `DIR/tabula.sqlite`.
    pub fn open(dir: &Path, sync: Sync) -> Result<Store> {
        let db = Connection::open(dir.join("tabula.sqlite")).map_err(ctx("opening"))?;
        let sync = match sync {
            Sync::Normal => "NORMAL",
            Sync::Full => "FULL",
        };
        db.execute_batch(&format!("PRAGMA journal_mode = WAL; PRAGMA synchronous = {sync}; PRAGMA foreign_keys = ON;"))
            .map_err(ctx("setting the journal mode"))?;
        db.execute_batch(SCHEMA).map_err(ctx("creating the tables"))?;
        Ok(Store { db })
    }

    /// Stores a new room with its first game; returns the room's number
    /// and the game's id.
    pub fn create_room(&mut self, room: &StoredRoom, start: &str, date: &str) -> Result<(u64, i64)> {
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
            "INSERT INTO games (room, number, start, date, status) VALUES (?1, 1, ?2, ?3, 'playing')",
            params![id, start, date],
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

    /// Takes back every move from ply `keep` on.
    pub fn truncate(&mut self, game: i64, keep: u32) -> Result<()> {
        self.db
            .execute("DELETE FROM moves WHERE game = ?1 AND ply >= ?2", params![game, keep])
            .map_err(ctx("taking moves back"))?;
        Ok(())
    }

    /// Records the end of a game other than by a move.
    pub fn finish(&mut self, game: i64, result: &str) -> Result<()> {
        self.db
            .execute("UPDATE games SET status = 'finished', result = ?2 WHERE id = ?1", params![game, result])
            .map_err(ctx("storing a result"))?;
        Ok(())
    }

    /// Starts the next game of a room; the current one, if still going
    /// on, is marked abandoned. Returns the new game's id and number.
    pub fn new_game(&mut self, room: u64, current: i64, start: &str, date: &str) -> Result<(i64, u32)> {
        let tx = self.db.transaction().map_err(ctx("starting a game"))?;
        tx.execute("UPDATE games SET status = 'abandoned' WHERE id = ?1 AND status = 'playing'", params![current])
            .map_err(ctx("abandoning a game"))?;
        let number: u32 = tx
            .query_row("SELECT COALESCE(MAX(number), 0) + 1 FROM games WHERE room = ?1", params![room as i64], |r| {
                r.get(0)
            })
            .map_err(ctx("numbering a game"))?;
        tx.execute(
            "INSERT INTO games (room, number, start, date, status) VALUES (?1, ?2, ?3, ?4, 'playing')",
            params![room as i64, number, start, date],
        )
        .map_err(ctx("storing a game"))?;
        let id = tx.last_insert_rowid();
        tx.commit().map_err(ctx("committing a game"))?;
        Ok((id, number))
    }

    /// The rooms whose latest game is still being played.
    pub fn unfinished_rooms(&self) -> Result<Vec<u64>> {
        let mut stmt = self
            .db
            .prepare(
                "SELECT r.id FROM rooms r JOIN games g ON g.room = r.id \
                 WHERE g.status = 'playing' AND g.number = (SELECT MAX(number) FROM games WHERE room = r.id) \
                 ORDER BY r.id",
            )
            .map_err(ctx("listing rooms"))?;
        let rows = stmt.query_map([], |r| r.get::<_, i64>(0)).map_err(ctx("listing rooms"))?;
        rows.map(|r| r.map(|id| id as u64).map_err(ctx("listing rooms"))).collect()
    }

    /// A room, or `None` if there is no such room.
    pub fn room(&self, id: u64) -> Result<Option<StoredRoom>> {
        let row = self
            .db
            .query_row(
                "SELECT rules, options, password, clock_initial_ms, clock_increment_ms FROM rooms WHERE id = ?1",
                params![id as i64],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, Option<String>>(2)?,
                        r.get::<_, Option<i64>>(3)?,
                        r.get::<_, Option<i64>>(4)?,
                    ))
                },
            )
            .optional()
            .map_err(ctx("reading a room"))?;
        let Some((rules, options, password, initial, increment)) = row else { return Ok(None) };
        let mut stmt = self
            .db
            .prepare("SELECT spec, name, token FROM seats WHERE room = ?1 ORDER BY seat")
            .map_err(ctx("reading seats"))?;
        let seats = stmt
            .query_map(params![id as i64], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?, r.get(2)?)))
            .map_err(ctx("reading seats"))?
            .map(|row| {
                let (spec, name, token) = row.map_err(ctx("reading seats"))?;
                let spec = serde_json::from_str(&spec).unwrap_or_else(|_| SeatSpec::human());
                Ok(StoredSeat { spec, name, token })
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Some(StoredRoom {
            id,
            rules,
            options: serde_json::from_str(&options).unwrap_or_default(),
            password,
            clock: initial.map(|i| Clock { initial_ms: i as u64, increment_ms: increment.unwrap_or(0) as u64 }),
            seats,
        }))
    }

    /// Game `number` of a room (the latest when `None`), with its moves.
    pub fn game(&self, room: u64, number: Option<u32>) -> Result<Option<StoredGame>> {
        let row = self
            .db
            .query_row(
                "SELECT id, number, start, result, status, date FROM games WHERE room = ?1 \
                 AND number = COALESCE(?2, (SELECT MAX(number) FROM games WHERE room = ?1))",
                params![room as i64, number],
                |r| {
                    Ok(StoredGame {
                        id: r.get(0)?,
                        number: r.get(1)?,
                        start: r.get(2)?,
                        result: r.get(3)?,
                        status: r.get(4)?,
                        date: r.get(5)?,
                        moves: Vec::new(),
                    })
                },
            )
            .optional()
            .map_err(ctx("reading a game"))?;
        let Some(mut game) = row else { return Ok(None) };
        let mut stmt = self
            .db
            .prepare("SELECT coordinate, standard, player, remaining_ms FROM moves WHERE game = ?1 ORDER BY ply")
            .map_err(ctx("reading moves"))?;
        game.moves = stmt
            .query_map(params![game.id], |r| {
                Ok(StoredMove {
                    coordinate: r.get(0)?,
                    standard: r.get(1)?,
                    player: r.get(2)?,
                    remaining_ms: r.get::<_, i64>(3)? as u64,
                })
            })
            .map_err(ctx("reading moves"))?
            .collect::<std::result::Result<Vec<_>, _>>()
            .map_err(ctx("reading moves"))?;
        Ok(Some(game))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                StoredSeat { spec: SeatSpec::human(), name: "Ann".into(), token: "t1".into() },
                StoredSeat { spec: SeatSpec::human(), name: String::new(), token: String::new() },
            ],
        };
        let (id, game) = {
            let mut store = Store::open(dir.path(), Sync::Normal).unwrap();
            let (id, game) = store.create_room(&room, "", "2024.01.01").unwrap();
            store.set_seat(id, 1, "Bob", "t2").unwrap();
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
        store.finish(game, "draw (agreed)").unwrap();
        assert!(store.unfinished_rooms().unwrap().is_empty());
        let (next, number) = store.new_game(id, game, "", "2024.01.02").unwrap();
        assert_eq!(number, 2);
        assert_eq!(store.unfinished_rooms().unwrap(), vec![id]);
        assert_eq!(store.game(id, Some(1)).unwrap().unwrap().result, "draw (agreed)");
        assert_eq!(store.game(id, None).unwrap().unwrap().id, next);
        assert!(store.room(id + 1).unwrap().is_none());
        assert!(store.game(id, Some(9)).unwrap().is_none());
    }
}
