//! What each player sees: their own pieces and every square one of their
//! pieces could move to (an enemy piece there is seen, since it could be
//! taken); the pawn an en passant capture would take, for the side to move.
//! Everything else is fog. A spectator sees nothing of the board.
//!
//! A view is written as text (see [`view_text`]) holding everything the
//! player knows: the board with `?` for fog, the side to move, their own
//! castling rights and en passant capture, the move number, and which enemy
//! pieces are out of sight (the enemy's starting material less what the
//! player captured — they saw every capture they made — and less the enemy
//! pieces in view; a promoted piece in view counts against a pawn).

use cozy_chess::{BitBoard, Color, Piece, Square};
use rules_api::{PluginError, SPECTATOR};

use crate::board::{DarkBoard, Kind};
use crate::fen::{castling_text, letter, write_placement};
use crate::position::{color_of, DarkChessPosition};

/// The squares `viewer` sees on `board`.
pub fn visible(board: &DarkBoard, viewer: Color) -> BitBoard {
    let mut seen = board.colors[viewer as usize];
    board.generate(viewer, |m| {
        seen |= m.to.bitboard();
        if m.kind == Kind::EnPassant {
            seen |= Square::new(m.to.file(), m.from.rank()).bitboard();
        }
    });
    seen
}

/// The en passant target `viewer` may take on, if it is their move and
/// they can.
fn ep_for(board: &DarkBoard, viewer: Color) -> Option<Square> {
    let mut ep = None;
    if board.side == viewer {
        board.generate(viewer, |m| {
            if m.kind == Kind::EnPassant {
                ep = Some(m.to);
            }
        });
    }
    ep
}

/// The enemy material out of `viewer`'s sight, by cozy piece index, as
/// the viewer can know it.
pub fn unseen_material(pos: &DarkChessPosition, viewer: Color) -> [u8; 6] {
    let board = pos.board();
    let enemy = !viewer;
    let in_view = visible(board, viewer) & board.colors[enemy as usize];
    let origin = pos.origin[enemy as usize];
    let captured = pos.captured_by(viewer as u8);
    let mut unseen = [0i32; 6];
    for p in Piece::ALL {
        let shown = (in_view & board.pieces[p as usize]).len() as i32;
        unseen[p as usize] = origin[p as usize] as i32 - captured[p as usize] as i32 - shown;
    }
    // A promoted piece in view came from a pawn the viewer did not see go.
    let pawn = Piece::Pawn as usize;
    for p in 1..6 {
        if unseen[p] < 0 {
            unseen[pawn] += unseen[p];
            unseen[p] = 0;
        }
    }
    unseen.map(|n| n.max(0) as u8)
}

/// Everything `viewer` knows, as text:
/// `PLACEMENT SIDE CASTLING EP MOVENUMBER VIEWER UNSEEN`, e.g.
/// `????????/????????/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 1 white kqrrbbnnpppppppp`
/// (fog `?`; the viewer's own castling rights; the en passant square only
/// when the viewer may take there; the enemy pieces out of sight, `-` for
/// none). A spectator's text is `spectator SIDE MOVENUMBER`.
pub fn view_text(pos: &DarkChessPosition, viewer: u8) -> String {
    let board = pos.board();
    let side = if board.side == Color::White { "w" } else { "b" };
    if viewer == SPECTATOR || viewer > 1 {
        return format!("spectator {side} {}", board.fullmove);
    }
    let color = color_of(viewer);
    let seen = visible(board, color);
    let own_rights = if color == Color::White { board.castling & 3 } else { board.castling & 12 };
    let unseen = unseen_material(pos, color);
    let mut hidden = String::new();
    for p in [Piece::King, Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight, Piece::Pawn] {
        for _ in 0..unseen[p as usize] {
            hidden.push(letter(!color, p));
        }
    }
    if hidden.is_empty() {
        hidden.push('-');
    }
    format!(
        "{} {side} {} {} {} {} {hidden}",
        write_placement(board, |sq| !seen.has(sq)),
        castling_text(own_rights),
        ep_for(board, color).map_or("-".to_string(), |s| s.to_string()),
        board.fullmove,
        crate::color_name(color),
    )
}

/// The fog of `viewer` (every square for a spectator).
pub fn fog(board: &DarkBoard, viewer: u8) -> BitBoard {
    if viewer > 1 {
        return BitBoard::FULL;
    }
    !visible(board, color_of(viewer))
}

/// A position read from a player's view text, hidden pieces drawn with
/// `seed` (see [`crate::sample`]).
pub fn position_from_view(text: &str, seed: u64) -> Result<DarkChessPosition, PluginError> {
    let bad = |why: String| PluginError::invalid_input(format!("dark chess view: {why} in '{text}'"));
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.first() == Some(&"spectator") {
        return Err(bad("a spectator knows nothing of the board, so there is nothing to sample from".into()));
    }
    let [placement, side, castling, ep, fullmove, viewer, hidden] = fields[..] else {
        return Err(bad(format!(
            "{} fields instead of 7 (placement side castling ep move viewer unseen)",
            fields.len()
        )));
    };
    let viewer = match viewer {
        "white" => Color::White,
        "black" => Color::Black,
        _ => return Err(bad(format!("the viewer '{viewer}' is not white or black"))),
    };
    let mut base = crate::fen::empty_board();
    let mut fog = BitBoard::EMPTY;
    crate::fen::parse_placement(placement, &mut base, |c, sq| {
        if c == '?' {
            fog |= sq.bitboard();
            Ok(())
        } else {
            Err(bad(format!("'{c}' is neither a piece nor fog")))
        }
    })?;
    base.side = crate::fen::parse_side(side)?;
    base.castling = crate::fen::parse_castling(castling, &base)?;
    if base.castling & if viewer == Color::White { 12 } else { 3 } != 0 {
        return Err(bad("a view holds only the viewer's own castling rights".into()));
    }
    base.ep = match ep {
        "-" => None,
        sq => Some(sq.parse().map_err(|_| bad(format!("the en passant square '{sq}' is not a square")))?),
    };
    base.fullmove =
        fullmove.parse().ok().filter(|&n| n >= 1).ok_or_else(|| bad(format!("move number '{fullmove}'")))?;
    let mut unseen = [0u8; 6];
    if hidden != "-" {
        for c in hidden.chars() {
            let piece = Piece::try_from(c.to_ascii_lowercase()).map_err(|_| bad(format!("'{c}' is not a piece")))?;
            if (c.is_ascii_uppercase()) != (viewer == Color::Black) {
                return Err(bad(format!("unseen piece '{c}' is not the enemy's")));
            }
            unseen[piece as usize] += 1;
        }
    }
    let sample = crate::sample::fill_fog(&base, viewer, fog, unseen, seed, |pos| view_text(pos, viewer as u8) == text)?;
    Ok(sample)
}
