//! The messages a client sends, and the values they carry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::to_line;

/// A time control: each seat starts with `initial_ms` and gains
/// `increment_ms` after each of its moves.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// Starting time per seat, milliseconds.
    pub initial_ms: u64,
    /// Added after each move, milliseconds.
    #[serde(default)]
    pub increment_ms: u64,
}

/// Who sits in a seat of a new room.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// `human`, or a computer: a strategy plugin name or level (`easy`,
    /// `medium`, `hard`), `isolate:NAME`, or an engine the server names.
    pub player: String,
    /// A computer's time per move, milliseconds (default 1000).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// A computer's strategy options.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

impl SeatSpec {
    /// A seat for a person.
    pub fn human() -> SeatSpec {
        SeatSpec { player: HUMAN.into(), time_ms: None, options: BTreeMap::new() }
    }
    /// Whether a person plays the seat.
    pub fn is_human(&self) -> bool {
        self.player == HUMAN
    }
}

/// The `player` word of a seat for a person.
pub const HUMAN: &str = "human";

/// What a seated player may ask of the others.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum RequestKind {
    /// Take back moves until the asker is to move again.
    Undo,
    /// Abandon this game and start a new one in the room.
    NewGame,
    /// End the game as a draw.
    Draw,
}

impl RequestKind {
    /// The word on the wire.
    pub fn word(self) -> &'static str {
        match self {
            RequestKind::Undo => "undo",
            RequestKind::NewGame => "new_game",
            RequestKind::Draw => "draw",
        }
    }
}

/// The format of an exported game.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum ExportFormat {
    /// Portable Game Notation.
    Pgn,
    /// The Tabula text record (TOML).
    Toml,
}

/// A message from a client.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message: the versions the client speaks.
    Hello {
        /// Protocol versions, any order.
        versions: Vec<u32>,
        /// The client's name and version, for logs.
        #[serde(default)]
        client: String,
    },
    /// The games (rules plugins) the server can host.
    ListGames,
    /// The rooms open on the server.
    ListRooms,
    /// Opens a room and takes a seat in it.
    Create {
        /// Rules plugin name.
        rules: String,
        /// Rules options.
        #[serde(default)]
        options: BTreeMap<String, String>,
        /// Who sits where, in move order (default: people in every seat).
        #[serde(default)]
        seats: Vec<SeatSpec>,
        /// The seat the creator takes (default: the first seat for a person).
        #[serde(default)]
        seat: Option<u8>,
        /// The creator's name.
        name: String,
        /// The time control (default: none).
        #[serde(default)]
        clock: Option<Clock>,
        /// A password others must give to join or watch.
        #[serde(default)]
        password: Option<String>,
        /// Start position text (default: the usual start).
        #[serde(default)]
        start: String,
    },
    /// Takes a free seat for a person.
    Join {
        /// The room.
        room: u64,
        /// The seat (default: the first free one).
        #[serde(default)]
        seat: Option<u8>,
        /// The player's name.
        name: String,
        /// The room's password, if it has one.
        #[serde(default)]
        password: Option<String>,
    },
    /// Takes back one's seat after a lost connection.
    Resume {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
    },
    /// Follows a room without a seat.
    Watch {
        /// The room.
        room: u64,
        /// The room's password, if it has one.
        #[serde(default)]
        password: Option<String>,
    },
    /// Stops following a room (the seat stays yours).
    Leave {
        /// The room.
        room: u64,
    },
    /// Plays a move.
    Move {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
        /// The move, coordinate or standard notation.
        #[serde(rename = "move")]
        mv: String,
        /// The number of moves played before it (guards against a move
        /// meant for a position that an undo has since changed).
        ply: u32,
    },
    /// Asks the other players for an undo, a new game or a draw.
    Request {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
        /// What is asked.
        kind: RequestKind,
    },
    /// Accepts or declines the pending request.
    Answer {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
        /// The request answered.
        kind: RequestKind,
        /// Yes or no.
        accept: bool,
    },
    /// Gives the game up.
    Resign {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
    },
    /// Says something to the room.
    Chat {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
        /// At most [`MAX_CHAT`](super::MAX_CHAT) characters.
        text: String,
    },
    /// A game of a room as PGN or the TOML record.
    Export {
        /// The room.
        room: u64,
        /// The game's number in the room (default: the latest).
        #[serde(default)]
        game: Option<u32>,
        /// `pgn` or `toml`.
        format: ExportFormat,
        /// The room's password, if it has one.
        #[serde(default)]
        password: Option<String>,
    },
    /// Keeps the connection alive; answered with `pong`.
    Ping {
        /// Echoed back.
        #[serde(default)]
        id: u64,
    },
    /// Ends the game as a win of the players still there, the players who
    /// left losing (version 3; accepted once a `departed` with
    /// `claim_in_ms` 0 has come).
    ClaimWin {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
    },
    /// Ends the game with no result, recorded as aborted (version 3; when
    /// `claim_win` would be accepted).
    Abort {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
    },
    /// Claims the draw the rules allow the seat to move (chess's threefold
    /// repetition or fifty-move rule); the server checks the position and
    /// ends the game for everyone as `draw claimed: <reason>`.
    Claim {
        /// The room.
        room: u64,
        /// The seat's token.
        token: String,
        /// The number of moves played (guards against a claim meant for a
        /// position an undo has since changed).
        ply: u32,
    },
}

impl ClientMsg {
    /// The message as one line, newline included.
    pub fn to_line(&self) -> String {
        to_line(self)
    }
}
