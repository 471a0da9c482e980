//! Rooms, seats, games and moves as the database holds them.

use std::collections::BTreeMap;

use crate::protocol::{Clock, SeatSpec};

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
    /// The result line once finished ("" while going on or abandoned;
    /// `aborted (REASON)` when aborted).
    pub result: String,
    /// `playing`, `finished`, `abandoned` (a new game replaced it) or
    /// `aborted` (ended with no result after a player left).
    pub status: String,
    /// `YYYY.MM.DD` when it started.
    pub date: String,
    /// The moves.
    pub moves: Vec<StoredMove>,
    /// The clocks as they stood when the game ended, or when its room
    /// left memory, and the number of moves played then (they apply only
    /// while that is still the number of moves).
    pub clocks: Option<StoredClocks>,
    /// The seed the server draws this game's dice from (OS randomness,
    /// never sent to anyone); `None` for a game stored before seeds were.
    pub seed: Option<u64>,
}

/// Clocks kept beside a game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StoredClocks {
    /// Moves played when they were taken.
    pub ply: u32,
    /// Time left per seat, milliseconds.
    pub clocks: Vec<u64>,
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
