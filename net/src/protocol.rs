//! The wire protocol, versions 1 and 2 (docs/NETWORK.md is the reference a
//! client author reads; this module is its executable form). Version 2 is
//! version 1 plus the fields of games with hidden information
//! ([`ViewInfo`], [`MoveInfo::announcement`], `moved`'s `view`), which
//! appear only in such games: a client of either version sees the same
//! lines in every other game.
//!
//! Framing: one JSON object per line (UTF-8, `\n` ends it), at most
//! [`MAX_LINE`] bytes including the newline. Every object has a `type`
//! field naming the message; unknown types and unknown fields are refused,
//! so a client that misspells a field learns it at once instead of seeing
//! its setting ignored.

use std::collections::BTreeMap;
use std::io::{BufRead, Read};

use serde::{Deserialize, Serialize};

/// The newest protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 2;

/// Every protocol version this build speaks, oldest first.
pub const PROTOCOL_VERSIONS: [u32; 2] = [1, 2];

/// The first version that can follow a game with hidden information: the
/// server sends a connection of an older version no such room.
pub const VIEWS_VERSION: u32 = 2;

/// The highest version both sides speak, if any.
pub fn common_version(offered: &[u32]) -> Option<u32> {
    PROTOCOL_VERSIONS.iter().rev().copied().find(|v| offered.contains(v))
}

/// The longest line either side may send, newline included.
pub const MAX_LINE: usize = 16 * 1024;

/// Longest chat line, in characters.
pub const MAX_CHAT: usize = 300;

/// Longest player name, in characters.
pub const MAX_NAME: usize = 40;

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
        /// At most [`MAX_CHAT`] characters.
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
}

/// Why a message was refused.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq, Eq, Hash)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not JSON, not an object, an unknown type or field (fatal).
    BadMessage,
    /// A line longer than [`MAX_LINE`] (fatal).
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

impl ClientMsg {
    /// The message as one line, newline included.
    pub fn to_line(&self) -> String {
        to_line(self)
    }
}

fn to_line<T: Serialize>(msg: &T) -> String {
    // Serialising these plain structs cannot fail (string keys, no maps
    // with other keys); an empty object would be refused by the peer.
    let mut line = serde_json::to_string(msg).unwrap_or_else(|_| "{}".into());
    line.push('\n');
    line
}

/// What reading one line came to.
#[derive(Debug)]
pub enum Frame {
    /// A complete line, without its newline.
    Line(String),
    /// The peer closed the connection.
    Closed,
    /// A line over [`MAX_LINE`] bytes (the rest is not read).
    TooLarge,
    /// A line that is not UTF-8.
    NotText,
}

/// Reads one line of at most `limit` bytes (newline included); never
/// buffers more than that, whatever the peer sends.
pub fn read_frame(reader: &mut impl BufRead, limit: usize, buf: &mut Vec<u8>) -> std::io::Result<Frame> {
    buf.clear();
    let n = reader.by_ref().take(limit as u64).read_until(b'\n', buf)?;
    if n == 0 {
        return Ok(Frame::Closed);
    }
    if buf.last() != Some(&b'\n') {
        // Either the limit was reached inside a line, or the peer closed
        // mid-line: both leave no complete message.
        return Ok(if n >= limit { Frame::TooLarge } else { Frame::Closed });
    }
    buf.pop();
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    match std::str::from_utf8(buf) {
        Ok(text) => Ok(Frame::Line(text.to_string())),
        Err(_) => Ok(Frame::NotText),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_round_trip_and_unknown_fields_are_refused() {
        let msg = ClientMsg::Move { room: 3, token: "t".into(), mv: "e2e4".into(), ply: 0 };
        let line = msg.to_line();
        assert_eq!(line, "{\"type\":\"move\",\"room\":3,\"token\":\"t\",\"move\":\"e2e4\",\"ply\":0}\n");
        assert_eq!(serde_json::from_str::<ClientMsg>(line.trim()).unwrap(), msg);
        let extra = r#"{"type":"move","room":3,"token":"t","move":"e2e4","ply":0,"colour":"w"}"#;
        assert!(serde_json::from_str::<ClientMsg>(extra).is_err());
        assert!(serde_json::from_str::<ClientMsg>(r#"{"type":"teleport"}"#).is_err());
        let hello: ClientMsg = serde_json::from_str(r#"{"type":"hello","versions":[1]}"#).unwrap();
        assert_eq!(hello, ClientMsg::Hello { versions: vec![1], client: String::new() });
        let err = ServerMsg::error(ErrorCode::TooLarge, "x", None);
        let back: ServerMsg = serde_json::from_str(err.to_line().trim()).unwrap();
        assert_eq!(back, err);
        assert!(err.to_line().contains("\"fatal\":true"));
    }

    #[test]
    fn the_fields_of_hidden_games_are_absent_from_other_games() {
        let plain = ServerMsg::Moved {
            room: 1,
            ply: 0,
            mv: MoveInfo::new("e2e4", "e4", 0),
            clocks: None,
            result: None,
            view: None,
        };
        // Exactly the line protocol 1 has always sent.
        let v1 = "{\"type\":\"moved\",\"room\":1,\"ply\":0,\"move\":{\"coordinate\":\"e2e4\",\"standard\":\"e4\",\"player\":0},\"clocks\":null,\"result\":null}\n";
        assert_eq!(plain.to_line(), v1);
        assert_eq!(serde_json::from_str::<ServerMsg>(v1.trim()).unwrap(), plain);
        let mut mv = MoveInfo::new("?", "?", 1);
        mv.announcement = "illegal".into();
        let hidden = ServerMsg::Moved { room: 1, ply: 3, mv, clocks: None, result: None, view: Some("v".into()) };
        let line = hidden.to_line();
        assert!(line.contains("\"announcement\":\"illegal\"") && line.contains("\"view\":\"v\""), "{line}");
        assert_eq!(serde_json::from_str::<ServerMsg>(line.trim()).unwrap(), hidden);
        assert_eq!(common_version(&[1]), Some(1));
        assert_eq!(common_version(&[2, 1]), Some(2));
        assert_eq!(common_version(&[3, 9]), None);
    }

    #[test]
    fn frames_are_bounded() {
        let mut buf = Vec::new();
        let mut input = std::io::Cursor::new(b"abc\r\nsecond\n".to_vec());
        assert!(matches!(read_frame(&mut input, 64, &mut buf).unwrap(), Frame::Line(l) if l == "abc"));
        assert!(matches!(read_frame(&mut input, 64, &mut buf).unwrap(), Frame::Line(l) if l == "second"));
        assert!(matches!(read_frame(&mut input, 64, &mut buf).unwrap(), Frame::Closed));
        let mut long = std::io::Cursor::new(vec![b'x'; 100]);
        assert!(matches!(read_frame(&mut long, 64, &mut buf).unwrap(), Frame::TooLarge));
        assert_eq!(buf.len(), 64, "no more than the limit is read");
        let mut bad = std::io::Cursor::new(b"\xff\xfe\n".to_vec());
        assert!(matches!(read_frame(&mut bad, 64, &mut buf).unwrap(), Frame::NotText));
        let mut cut = std::io::Cursor::new(b"half".to_vec());
        assert!(matches!(read_frame(&mut cut, 64, &mut buf).unwrap(), Frame::Closed));
    }
}
