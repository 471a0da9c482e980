//! The wire protocol, versions 1 to 3 (docs/NETWORK.md is the reference a
//! client author reads; this module is its executable form). Version 2 is
//! version 1 plus the fields of games with hidden information
//! ([`ViewInfo`], [`MoveInfo::announcement`], `moved`'s `view`), which
//! appear only in such games: a client of either version sees the same
//! lines in every other game. Version 3 adds players who left: the
//! `departed` line and the `claim_win` and `abort` requests.
//!
//! Framing: one JSON object per line (UTF-8, `\n` ends it), at most
//! [`MAX_LINE`] bytes including the newline. Every object has a `type`
//! field naming the message; unknown types and unknown fields are refused,
//! so a client that misspells a field learns it at once instead of seeing
//! its setting ignored.

mod client_msg;
mod server_msg;

pub use client_msg::{ClientMsg, Clock, ExportFormat, RequestKind, SeatSpec, HUMAN};
pub use server_msg::{
    ErrorCode, GameEntry, MoveInfo, OfferInfo, OptionInfo, ResultInfo, RoomState, RoomSummary, SeatInfo, ServerMsg,
    ViewInfo,
};

use std::io::{BufRead, Read};

use serde::Serialize;

/// The newest protocol version this build speaks.
pub const PROTOCOL_VERSION: u32 = 3;

/// Every protocol version this build speaks, oldest first.
pub const PROTOCOL_VERSIONS: [u32; 3] = [1, 2, 3];

/// The first version that can follow a game with hidden information: the
/// server sends a connection of an older version no such room.
pub const VIEWS_VERSION: u32 = 2;

/// The first version told of players who left ([`ServerMsg::Departed`])
/// and able to claim the win or abort ([`ClientMsg::ClaimWin`],
/// [`ClientMsg::Abort`]): the server sends a connection of an older
/// version no `departed` line.
pub const DEPARTURES_VERSION: u32 = 3;

/// How the result text of an aborted game begins (`aborted (REASON)`):
/// the game ended with no result, no winner and no places.
pub const ABORTED: &str = "aborted";

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

pub(crate) fn to_line<T: Serialize>(msg: &T) -> String {
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
        assert_eq!(common_version(&[3, 9]), Some(3));
        assert_eq!(common_version(&[4, 9]), None);
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
