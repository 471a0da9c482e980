//! What the game looks like and how it is played: players, piece types, the
//! board geometry and the help text.

use rules_api::{GameInfo, Geometry, PieceType, PlayerInfo, RString, RVec, Rgba};
use tabula_kit::grid::{Edge, Grid};

use crate::art;

const LIGHT: Rgba = Rgba::rgb(240, 217, 181);
const DARK: Rgba = Rgba::rgb(181, 136, 99);
const BACKGROUND: Rgba = Rgba::rgb(66, 48, 36);

/// Name, players and piece types (in cozy-chess order: pawn .. king).
pub fn game_info() -> GameInfo {
    let players = vec![
        PlayerInfo { name: "white".into(), color: Rgba::rgb(245, 245, 238), ink: Rgba::rgb(20, 20, 20) },
        PlayerInfo { name: "black".into(), color: Rgba::rgb(28, 28, 28), ink: Rgba::rgb(235, 235, 235) },
    ];
    let kinds: [(&str, &str, &str, char, i32); 6] = [
        ("pawn", "♙", "♟", 'P', 100),
        ("knight", "♘", "♞", 'N', 320),
        ("bishop", "♗", "♝", 'B', 330),
        ("rook", "♖", "♜", 'R', 500),
        ("queen", "♕", "♛", 'Q', 900),
        ("king", "♔", "♚", 'K', 0),
    ];
    let piece_types = kinds
        .iter()
        .enumerate()
        .map(|(kind, &(name, white, black, letter, value))| PieceType {
            name: name.into(),
            glyphs: RVec::from(vec![RString::from(white), RString::from(black)]),
            letters: RVec::from(vec![
                RString::from(letter.to_string()),
                RString::from(letter.to_ascii_lowercase().to_string()),
            ]),
            value,
            art: RVec::from(vec![RString::from(art::piece_svg(kind, 0)), RString::from(art::piece_svg(kind, 1))]),
        })
        .collect::<Vec<_>>();
    GameInfo {
        name: "Chess".into(),
        players: RVec::from(players),
        piece_types: RVec::from(piece_types),
        position_format: "FEN".into(),
    }
}

/// 64 square cells indexed like cozy-chess squares (`a1` = 0, rank by
/// rank), White at the bottom, with file letters under the board and rank
/// numbers to its left.
pub fn geometry() -> Geometry {
    Grid::squares(8, 8, LIGHT, DARK)
        .file_labels(Edge::Bottom, 1.0)
        .rank_labels(Edge::Left, 1.0)
        .background(BACKGROUND)
        .build()
}

/// The rules for a Help screen.
pub const HELP: &str = "\
CHESS (FIDE rules)

Two players, White and Black, move in turn; White moves first. Each starts
with a king, a queen, two rooks, two bishops, two knights and eight pawns.

MOVES
  King    one square in any direction.
  Queen   any number of squares along a rank, file or diagonal.
  Rook    any number of squares along a rank or file.
  Bishop  any number of squares along a diagonal.
  Knight  an L: two squares one way and one square at right angles; it jumps
          over pieces.
  Pawn    one square straight ahead onto an empty square, or two from its
          starting rank if both squares are empty; it captures one square
          diagonally forward.
Sliding pieces cannot pass through other pieces. A piece captures by moving
onto a square held by an enemy piece. No move may leave your own king
attacked (in check).

CASTLING
  Move the king two squares toward a rook; that rook jumps to the square the
  king crossed (O-O on the king's side, O-O-O on the queen's side; enter it
  as the king's move, e.g. e1g1). Allowed only if neither the king nor that
  rook has moved, the squares between them are empty, the king is not in
  check, and the king does not pass through or land on an attacked square.

EN PASSANT
  When a pawn advances two squares and lands beside an enemy pawn, that pawn
  may capture it as if it had moved one square, on the very next move only.

PROMOTION
  A pawn reaching the last rank must become a queen, rook, bishop or knight
  of its own colour (e.g. e8=Q).

HOW THE GAME ENDS
  Checkmate        the side to move is in check and has no legal move: it
                   loses.
  Stalemate        the side to move is not in check and has no legal move:
                   draw.
  Fifty-move rule  50 moves by each side without a capture or a pawn move:
                   the player to move may claim a draw.
  Threefold repetition  the same position (same side to move, castling
                   rights and en passant possibilities) occurs for the third
                   time: the player to move may claim a draw.
                   These two draws are claimed, as FIDE's Laws have it
                   (9.2, 9.3): the game goes on if nobody claims. When the
                   position on the board allows a claim, the panel offers
                   Claim draw; a computer player always claims. The claim
                   of a repetition or a fiftieth move that one's next move
                   would produce is not offered: make the move, and the
                   opponent may claim.
  Seventy-five-move rule  75 moves by each side without a capture or a pawn
                   move end the game as a draw by themselves, unless the
                   last move mates (9.6.2).
  Fivefold repetition  the fifth occurrence of the same position ends the
                   game as a draw by itself (9.6.1).
  Insufficient material  neither side can ever mate (king against king, king
                   and one bishop or knight against king, or only bishops all
                   on squares of one colour): draw.

NOTATION
  Moves can be typed in SAN (e4, Nf3, exd5, O-O, e8=Q, Nbd7, R1e2) or in
  coordinates (e2e4, e7e8q, e1g1). Positions are read and written as FEN.
";
