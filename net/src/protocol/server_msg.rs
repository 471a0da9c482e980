//! The messages the server sends, and the values they carry.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::client_msg::{Clock, ExportFormat, RequestKind};
use super::to_line;

/// Why a message was refused.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object, an unknown type or field (fatal).
    BadMessage,
    /// A line longer than [`MAX_LINE`](super::MAX_LINE) (fatal).
    TooLarge,
    /// No common protocol version, or no `hello` first (fatal).
    Version,
    /// Too many messages too fast (fatal).
    RateLimit,
    /// The server has no room for more connections or rooms.
    ServerFull,
    /// No such room.
    NoSuchRoom,
    /// No such game (rules plugin), or a game number that does not exist.
    NoSuchGame,
    /// A value that cannot be used (an option, a seat, a name, a text).
    Invalid,
    /// The room's password is missing or wrong.
    Password,
    /// The seat is taken, or no seat is free.
    SeatTaken,
    /// The token is not the token of a seat of this room.
    BadToken,
    /// It is not this seat's turn.
    NotYourTurn,
    /// The ply does not match the game (a move meant for another position).
    Stale,
    /// The rules refuse the move.
    IllegalMove,
    /// The game has ended.
    GameOver,
    /// No request of that kind is pending, or one is already.
    NoRequest,
    /// Something failed on the server (storage, a plugin).
    Internal,
    /// The rules allow no draw claim in this position.
    NoClaim,
}

impl ErrorCode {
    /// Whether the server closes the connection after this error.
    pub fn is_fatal(self) -> bool {
        matches!(self, ErrorCode::BadMessage | ErrorCode::TooLarge | ErrorCode::Version | ErrorCode::RateLimit)
    }
}

/// A rules option a game accepts.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OptionInfo {
    /// Its name.
    pub name: String,
    /// The value used when none is given.
    pub default: String,
    /// The allowed values (empty: any).
    pub choices: Vec<String>,
    /// What it does.
    pub description: String,
}

/// A game the server can host.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct GameEntry {
    /// The rules plugin's name (what `create` takes).
    pub rules: String,
    /// One line about it.
    pub description: String,
    /// Its options.
    pub options: Vec<OptionInfo>,
}

/// A seat as others see it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct SeatInfo {
    /// The player's name ("" while the seat is free).
    pub name: String,
    /// `human` or the computer's player word.
    pub player: String,
    /// Whether someone holds the seat (always true for a computer).
    pub taken: bool,
    /// Whether the holder is connected now (always true for a computer).
    pub connected: bool,
}

/// A room in the `rooms` list.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoomSummary {
    /// Its number.
    pub room: u64,
    /// The rules plugin.
    pub rules: String,
    /// The game's display name.
    pub title: String,
    /// Rules options.
    pub options: BTreeMap<String, String>,
    /// The seats.
    pub seats: Vec<SeatInfo>,
    /// Moves played in the current game.
    pub ply: u32,
    /// Whether the current game has ended.
    pub finished: bool,
    /// Whether joining or watching needs a password.
    pub password: bool,
    /// The time control.
    pub clock: Option<Clock>,
    /// Each seat's place once the current game has ended (1 for the best).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<u8>,
}

/// A move of the game, as played.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct MoveInfo {
    /// Coordinate notation.
    pub coordinate: String,
    /// Standard notation.
    pub standard: String,
    /// The seat that played it.
    pub player: u8,
    /// In a game with hidden information (protocol 2), what the recipient
    /// was told by this move (kriegspiel's umpire, a Stratego strike);
    /// absent when nothing.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub announcement: String,
}

impl MoveInfo {
    /// A move as everyone reads it, with no announcement.
    pub fn new(coordinate: impl Into<String>, standard: impl Into<String>, player: u8) -> MoveInfo {
        MoveInfo { coordinate: coordinate.into(), standard: standard.into(), player, announcement: String::new() }
    }
}

/// Whose view a `state` of a game with hidden information holds
/// (protocol 2; absent in every other game).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ViewInfo {
    /// The seat whose view it is; none for a spectator's.
    pub seat: Option<u8>,
    /// True once the game has ended: `position`, `start` and `moves` are
    /// then the whole truth, not the view.
    pub full: bool,
}

/// How a game ended.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct ResultInfo {
    /// The result line, as in saved games (`win White (checkmate)`).
    pub text: String,
    /// The winning seat, if any.
    pub winner: Option<u8>,
    /// Each seat's place, 1 for the best, shared by equal results (a
    /// client of protocol 1 that does not know it ignores it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<u8>,
}

/// A pending request.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct OfferInfo {
    /// The seat that asked.
    pub seat: u8,
    /// What it asked.
    pub kind: RequestKind,
}

/// Everything about a room's current game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct RoomState {
    /// The room's summary.
    #[serde(flatten)]
    pub summary: RoomSummary,
    /// The game's number in the room, from 1.
    pub game: u32,
    /// Start position text ("" for the usual start).
    pub start: String,
    /// The moves played.
    pub moves: Vec<MoveInfo>,
    /// The current position's text.
    pub position: String,
    /// The seat to move.
    pub to_move: u8,
    /// Time left per seat, milliseconds, at the moment of sending.
    pub clocks: Option<Vec<u64>>,
    /// How the game ended.
    pub result: Option<ResultInfo>,
    /// A request waiting for an answer.
    pub offer: Option<OfferInfo>,
    /// In a game with hidden information (protocol 2): whose view
    /// `start`, `moves` and `position` hold. Absent in other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub view: Option<ViewInfo>,
}

/// A message from the server.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ServerMsg {
    /// The answer to `hello`.
    Welcome {
        /// The version both sides now speak.
        version: u32,
        /// The server's name and version.
        server: String,
        /// Close after this long without a message from the client.
        idle_timeout_ms: u64,
    },
    /// A refused message; `fatal` errors close the connection.
    Error {
        /// What kind of error.
        code: ErrorCode,
        /// What is wrong, for people.
        message: String,
        /// Whether the connection closes now.
        fatal: bool,
        /// The room concerned, if any.
        #[serde(default)]
        room: Option<u64>,
    },
    /// The answer to `list_games`.
    Games {
        /// Every game.
        games: Vec<GameEntry>,
    },
    /// The answer to `list_rooms`.
    Rooms {
        /// Every room in play or waiting for players.
        rooms: Vec<RoomSummary>,
    },
    /// You hold a seat (or watch, with no seat) in a room; `state` follows.
    Joined {
        /// The room.
        room: u64,
        /// Your seat; none when watching.
        seat: Option<u8>,
        /// Your seat's token: keep it to `resume` after a lost connection.
        token: Option<String>,
    },
    /// The whole state of a room (after joining, an undo, a new game, an
    /// end other than by a move, a seat taken).
    State {
        /// The room's state.
        state: RoomState,
    },
    /// A move was played (and stored).
    Moved {
        /// The room.
        room: u64,
        /// Moves played before it.
        ply: u32,
        /// The move.
        #[serde(rename = "move")]
        mv: MoveInfo,
        /// Time left per seat after it.
        clocks: Option<Vec<u64>>,
        /// How the game ended, if this move ended it.
        result: Option<ResultInfo>,
        /// In a game with hidden information (protocol 2): the recipient's
        /// view of the position after the move (its `view_text`), which
        /// replaces the position it had. Absent in other games.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        view: Option<String>,
    },
    /// A seated player asks something; the other players answer.
    Offer {
        /// The room.
        room: u64,
        /// Who asks.
        seat: u8,
        /// What.
        kind: RequestKind,
    },
    /// The answer to a request.
    Answered {
        /// The room.
        room: u64,
        /// Who answered.
        seat: u8,
        /// The request.
        kind: RequestKind,
        /// Yes or no.
        accept: bool,
    },
    /// A seat's holder came or went.
    Presence {
        /// The room.
        room: u64,
        /// The seat.
        seat: u8,
        /// Connected now.
        connected: bool,
    },
    /// A chat line.
    Chat {
        /// The room.
        room: u64,
        /// The speaker's seat.
        seat: u8,
        /// The speaker's name.
        name: String,
        /// What was said.
        text: String,
    },
    /// The answer to `export`.
    Exported {
        /// The room.
        room: u64,
        /// The game's number in the room.
        game: u32,
        /// The format.
        format: ExportFormat,
        /// The record.
        text: String,
    },
    /// The answer to `ping`.
    Pong {
        /// The ping's id.
        id: u64,
    },
    /// A seated person's connection has gone while the game goes on
    /// (version 3): the others may `claim_win` or `abort` in `claim_in_ms`
    /// unless the player comes back first (`presence` with `connected`).
    /// Sent again with `claim_in_ms` 0 when that time is up, and to a
    /// player who takes a seat back while someone is gone.
    Departed {
        /// The room.
        room: u64,
        /// The seat whose holder left.
        seat: u8,
        /// Milliseconds until the claim is accepted (0: now).
        claim_in_ms: u64,
    },
}

impl ServerMsg {
    /// An error message.
    pub fn error(code: ErrorCode, message: impl Into<String>, room: Option<u64>) -> ServerMsg {
        ServerMsg::Error { code, message: message.into(), fatal: code.is_fatal(), room }
    }

    /// The message as one line, newline included.
    pub fn to_line(&self) -> String {
        to_line(self)
    }
}
