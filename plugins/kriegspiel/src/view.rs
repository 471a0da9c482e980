//! What each player knows: their own pieces, castling rights, the material
//! the other side started with, and the record as they heard it — their
//! own tries with the umpire's answers, and the other side's moves as `?`
//! with the announcements (the other side's refused tries are not told to
//! them).
//!
//! A player's view text is
//! `VIEWER PLACEMENT SIDE CASTLING MOVENUMBER ENEMYSTART ; ENTRY ...`:
//! the placement of their own pieces (FEN), the side to move, their
//! castling rights, the move number, the other side's starting material
//! (FEN letters) and the record, each entry `TRY:ANSWER` where the try is
//! in coordinates or `?` and the answer is `illegal` or the announcement's
//! token ([`crate::umpire::Umpire::token`]). A spectator's text is
//! `spectator SIDE MOVENUMBER ; ENTRY ...` with every legal move as `?`.

use cozy_chess::{Board, Color, File, Piece, Rank, Square};
use rules_api::{Move, PluginError};

use crate::position::{player, Entry, KriegspielPosition};
use crate::umpire::Umpire;

/// The colour of a player index.
pub fn color_of(viewer: u8) -> Color {
    if viewer == 0 {
        Color::White
    } else {
        Color::Black
    }
}

fn name(color: Color) -> &'static str {
    if color == Color::White {
        "white"
    } else {
        "black"
    }
}

fn letter(color: Color, piece: Piece) -> char {
    let c = char::from(piece);
    if color == Color::White {
        c.to_ascii_uppercase()
    } else {
        c
    }
}

/// The FEN placement of `color`'s pieces alone.
pub fn own_placement(board: &Board, color: Color) -> String {
    let mut out = String::with_capacity(40);
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            let sq = Square::new(File::index(file), Rank::index(rank));
            match board.colors(color).has(sq).then(|| board.piece_on(sq)).flatten() {
                Some(p) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(letter(color, p));
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

/// One record entry as `viewer` heard it, or `None` when they heard nothing.
pub fn entry_token(entry: &Entry, viewer: u8) -> Option<String> {
    let answer = entry.umpire.map_or("illegal".to_string(), |u| u.token());
    if entry.by == viewer {
        Some(format!("{}:{answer}", crate::notation::uci(entry.mv)))
    } else {
        entry.umpire.is_some().then(|| format!("?:{answer}"))
    }
}

/// Everything `viewer` knows, as text (see the module docs).
pub fn view_text(pos: &KriegspielPosition, viewer: u8) -> String {
    let board = pos.board();
    let side = if board.side_to_move() == Color::White { "w" } else { "b" };
    let record: Vec<String> = pos.record.iter().filter_map(|e| entry_token(e, viewer)).collect();
    let record = record.join(" ");
    if viewer > 1 {
        return format!("spectator {side} {} ; {record}", board.fullmove_number()).trim_end().to_string();
    }
    let color = color_of(viewer);
    let rights = board.castle_rights(color);
    let mut castling = String::new();
    if rights.short.is_some() {
        castling.push(letter(color, Piece::King));
    }
    if rights.long.is_some() {
        castling.push(letter(color, Piece::Queen));
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let enemy = !color;
    let mut start = String::new();
    for p in [Piece::King, Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight, Piece::Pawn] {
        for _ in 0..pos.origin[enemy as usize][p as usize] {
            start.push(letter(enemy, p));
        }
    }
    format!(
        "{} {} {side} {castling} {} {start} ; {record}",
        name(color),
        own_placement(board, color),
        board.fullmove_number()
    )
    .trim_end()
    .to_string()
}

/// What the last try told `viewer`, in the umpire's words, with the end
/// of the game when it came.
pub fn announcement(pos: &KriegspielPosition, viewer: u8) -> String {
    let Some(last) = pos.last() else { return String::new() };
    let mut words = match last.umpire {
        None if last.by == viewer => "Illegal move.".to_string(),
        None => return String::new(),
        Some(umpire) => umpire.words(pos.board().side_to_move()),
    };
    let status = pos.truth.status();
    if !status.is_ongoing() {
        let mut reason = status.reason.as_str().to_string();
        if let Some(first) = reason.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        words.push_str(&format!(" {reason}."));
    }
    words
}

/// A player's knowledge, read from their view text.
pub struct Knowledge {
    /// The viewer.
    pub viewer: Color,
    /// Their pieces.
    pub own: Vec<(Square, Piece)>,
    /// Who moves.
    pub side: Color,
    /// Their castling rights (short, long).
    pub castling: (bool, bool),
    /// The move number.
    pub fullmove: u16,
    /// The other side's starting material, by cozy piece index.
    pub enemy_start: [u8; 6],
    /// The record as they heard it.
    pub record: Vec<Entry>,
}

impl Knowledge {
    /// The tries refused to the viewer this turn (when it is their turn).
    pub fn refused(&self) -> Vec<Move> {
        if self.side != self.viewer {
            return Vec::new();
        }
        let mut refused: Vec<Move> =
            self.record.iter().rev().take_while(|e| e.umpire.is_none()).map(|e| e.mv).collect();
        refused.reverse();
        refused
    }

    /// The last announcement after a legal move, and who made that move.
    pub fn last_legal(&self) -> Option<(u8, Umpire)> {
        self.record.iter().rev().find_map(|e| e.umpire.map(|u| (e.by, u)))
    }
}

/// Reads a player's view text.
pub fn parse_view(text: &str) -> Result<Knowledge, PluginError> {
    let bad = |why: String| PluginError::invalid_input(format!("kriegspiel view: {why} in '{text}'"));
    let (head, record) = text.split_once(" ;").unwrap_or((text, ""));
    let fields: Vec<&str> = head.split_whitespace().collect();
    if fields.first() == Some(&"spectator") {
        return Err(bad("a spectator sees no piece, so there is nothing to sample from".into()));
    }
    let [viewer, placement, side, castling, fullmove, start] = fields[..] else {
        return Err(bad(format!("{} fields before ';' instead of 6", fields.len())));
    };
    let viewer = match viewer {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(bad(format!("the viewer '{viewer}' is not white or black"))),
    };
    let own = parse_own(placement, viewer).map_err(bad)?;
    let side = match side {
        "w" => Color::White,
        "b" => Color::Black,
        _ => return Err(bad(format!("the side to move '{side}' is not w or b"))),
    };
    let (short, long) = (letter(viewer, Piece::King), letter(viewer, Piece::Queen));
    if castling != "-" && castling.chars().any(|c| c != short && c != long) {
        return Err(bad(format!("castling rights '{castling}' are not the viewer's")));
    }
    let fullmove =
        fullmove.parse().ok().filter(|&n: &u16| n >= 1).ok_or_else(|| bad(format!("move number '{fullmove}'")))?;
    let mut enemy_start = [0u8; 6];
    for c in start.chars() {
        let piece = Piece::try_from(c.to_ascii_lowercase()).map_err(|_| bad(format!("'{c}' is not a piece")))?;
        if c.is_ascii_uppercase() == (viewer == Color::White) {
            return Err(bad(format!("'{c}' in the other side's material is the viewer's")));
        }
        enemy_start[piece as usize] += 1;
    }
    let record = parse_record(record, player(viewer)).map_err(bad)?;
    Ok(Knowledge {
        viewer,
        own,
        side,
        castling: (castling.contains(short), castling.contains(long)),
        fullmove,
        enemy_start,
        record,
    })
}

fn parse_own(placement: &str, viewer: Color) -> Result<Vec<(Square, Piece)>, String> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 8 {
        return Err(format!("the placement '{placement}' has {} ranks", ranks.len()));
    }
    let mut own = Vec::new();
    for (i, text) in ranks.iter().enumerate() {
        let mut file = 0;
        for c in text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
                continue;
            }
            let piece = Piece::try_from(c.to_ascii_lowercase()).map_err(|_| format!("'{c}' is not a piece"))?;
            if c.is_ascii_uppercase() != (viewer == Color::White) || file >= 8 {
                return Err(format!("'{c}' on rank {} is not one of the viewer's pieces on the board", 8 - i));
            }
            own.push((Square::new(File::index(file), Rank::index(7 - i)), piece));
            file += 1;
        }
        if file != 8 {
            return Err(format!("rank {} of the placement has {file} squares", 8 - i));
        }
    }
    Ok(own)
}

fn parse_record(text: &str, viewer: u8) -> Result<Vec<Entry>, String> {
    let mut record = Vec::new();
    for token in text.split_whitespace() {
        let (mv, answer) = token.split_once(':').ok_or_else(|| format!("record entry '{token}' has no ':'"))?;
        let umpire = match answer {
            "illegal" => None,
            t => Some(Umpire::from_token(t).ok_or_else(|| format!("'{t}' is not an announcement"))?),
        };
        let entry = if mv == "?" {
            Entry { by: 1 - viewer, mv: Move::NULL, umpire }
        } else {
            Entry {
                by: viewer,
                mv: crate::notation::parse_uci(mv).ok_or_else(|| format!("'{mv}' is not a try"))?,
                umpire,
            }
        };
        if entry.by != viewer && umpire.is_none() {
            return Err("the other side's refused tries are never told".into());
        }
        record.push(entry);
    }
    Ok(record)
}
