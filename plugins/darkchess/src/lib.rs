//! # tabula-darkchess — dark chess (fog of war) for Tabula
//!
//! A rules plugin (exported as `"darkchess"`) for dark chess as Wikipedia's
//! "Dark chess" article and chess.com's "Fog of War" rules describe it:
//!
//! * each player sees only their own pieces and the squares their pieces
//!   can move to (an enemy piece there is seen: it could be taken); the
//!   pawn an en passant capture would take is seen by the side that may
//!   take it, for that turn;
//! * there is no check: a king may move into or stay in check, castling is
//!   allowed out of, through and into check, and the game is won by
//!   capturing the king;
//! * castling (king and rook unmoved, squares between empty), en passant
//!   and promotion to queen, rook, bishop or knight as in chess;
//! * draws (automatic, as nobody can claim what they cannot see): a
//!   position for the third time, fifty moves each without a capture or a
//!   pawn move, and a side to move with no move at all.
//!
//! Move generation uses cozy-chess's attack tables ([`board`]); piece
//! types, art and the board come from the chess plugin (`tabula-chess`).
//! The views and the position text a player knows are in [`view`], the
//! samples strategies search in [`sample`]. Cells are cozy square indices
//! (a1 = 0 … h8 = 63); promotions carry `extra = piece index + 1`.
//! The position text is FEN.

#![deny(missing_docs)]

pub mod board;
mod eval;
pub mod fen;
pub mod notation;
pub mod position;
pub mod sample;
pub mod view;

use cozy_chess::{Color, Piece, Square};
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Move, MoveInfo, Notation, OptionSpec, Options, Piece as BoardPiece, PluginError, PositionFlags,
    RVec, Status,
};

pub use position::DarkChessPosition;

/// The options dark chess understands: none.
pub fn options() -> Vec<OptionSpec> {
    Vec::new()
}

/// `white` or `black`.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl PositionImpl for DarkChessPosition {
    fn side_to_move(&self) -> u8 {
        position::player(self.board().side)
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        let board = self.board();
        let mut any = false;
        board.generate(board.side, |_| any = true);
        if !self.status_with(any).is_ongoing() {
            return;
        }
        board.generate(board.side, |m| out.push(DarkChessPosition::encode(m)));
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.play(m)
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.take_back()
    }

    fn status(&self) -> Status {
        DarkChessPosition::status(self)
    }

    fn pieces(&self, out: &mut RVec<BoardPiece>) {
        let board = self.board();
        for color in Color::ALL {
            for piece in Piece::ALL {
                for sq in board.of(color, piece) {
                    out.push(BoardPiece { cell: sq as u16, owner: color as u8, kind: piece as u16 });
                }
            }
        }
    }

    fn to_text(&self) -> String {
        fen::write_fen(self.board())
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        notation::move_to_text(self, m, notation)
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(self, text)
    }

    fn hash(&self) -> u64 {
        self.top().key
    }

    fn evaluate(&self) -> i32 {
        eval::evaluate(self.board())
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            out.push(eval::move_info(self.board(), m));
        }
    }

    fn flags(&self) -> PositionFlags {
        let board = self.board();
        let sparse =
            (board.occupied() & !board.pieces[Piece::Pawn as usize] & !board.pieces[Piece::King as usize]).is_empty();
        let zugzwang = if sparse { PositionFlags::ZUGZWANG_RISK } else { PositionFlags::NONE };
        PositionFlags::HIDDEN | zugzwang
    }

    fn make_null_move(&mut self) -> Result<(), PluginError> {
        Err(PluginError::unsupported("dark chess has no null move: a pass would change what each side sees"))
    }

    fn view_pieces(&self, viewer: u8, out: &mut RVec<BoardPiece>) {
        let fog = view::fog(self.board(), viewer);
        let mut all = RVec::new();
        self.pieces(&mut all);
        out.extend(all.into_iter().filter(|p| !fog.has(Square::index(p.cell as usize))));
    }

    fn hidden_cells(&self, viewer: u8, out: &mut RVec<u16>) {
        out.extend(view::fog(self.board(), viewer).into_iter().map(|sq| sq as u16));
    }

    fn view_text(&self, viewer: u8) -> String {
        view::view_text(self, viewer)
    }

    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        let text = notation::move_to_text(self, m, notation)?;
        if viewer == self.side_to_move() {
            return Ok(text);
        }
        // The other player sees only that one of their pieces was taken.
        let victim = self.decode(m).filter(|d| d.kind.is_capture()).map(|d| {
            if d.kind == board::Kind::EnPassant {
                Square::new(d.to.file(), d.from.rank())
            } else {
                d.to
            }
        });
        Ok(match victim {
            Some(sq) if viewer <= 1 => format!("?x{sq}"),
            _ => "?".to_string(),
        })
    }

    fn sample(&self, viewer: u8, seed: u64) -> Result<Self, PluginError> {
        if viewer > 1 {
            return Err(PluginError::unsupported("dark chess samples a player's view, not a spectator's"));
        }
        if !self.status().is_ongoing() {
            return Err(PluginError::unsupported("the game is over: there is nothing hidden left to play for"));
        }
        let color = position::color_of(viewer);
        let board = self.board();
        let seen = view::visible(board, color);
        let mut base = *board;
        let enemy_hidden = board.colors[!color as usize] & !seen;
        base.colors[!color as usize] &= seen;
        for bb in base.pieces.iter_mut() {
            *bb &= !enemy_hidden;
        }
        let unseen = view::unseen_material(self, color);
        let truth = view::view_text(self, viewer);
        sample::fill_fog(&base, color, !seen, unseen, seed, |pos| view::view_text(pos, viewer) == truth)
    }
}

/// The dark chess game (no options).
#[derive(Clone, Copy, Debug, Default)]
pub struct DarkChessRules;

impl DarkChessRules {
    /// Builds the game from plugin options; dark chess takes none.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("darkchess", options, &options_list())?;
        Ok(DarkChessRules)
    }
}

fn options_list() -> Vec<OptionSpec> {
    options()
}

impl RulesImpl for DarkChessRules {
    type Position = DarkChessPosition;

    fn info(&self) -> GameInfo {
        let mut info = tabula_chess::ChessRules.info();
        info.name = "Dark chess".into();
        info.position_format = "FEN".into();
        info
    }

    fn geometry(&self) -> Geometry {
        tabula_chess::ChessRules.geometry()
    }

    fn start_position(&self) -> Result<DarkChessPosition, PluginError> {
        Ok(DarkChessPosition::start())
    }

    fn position_from_text(&self, text: &str) -> Result<DarkChessPosition, PluginError> {
        Ok(DarkChessPosition::from_board(fen::parse_fen(text)?))
    }

    fn help_text(&self) -> String {
        HELP.to_string()
    }

    fn position_from_view(&self, text: &str, seed: u64) -> Result<DarkChessPosition, PluginError> {
        view::position_from_view(text, seed)
    }
}

/// The rules for a Help screen.
pub const HELP: &str = "\
DARK CHESS (fog of war)

Chess in which you cannot see the whole board. Rules as Wikipedia's \"Dark
chess\" and chess.com's \"Fog of War\" describe them.

WHAT YOU SEE
  Your own pieces, and every square one of your pieces could move to this
  turn: empty squares, and enemy pieces you could capture. Everything else
  is fog. A square straight ahead of your pawn that is fogged therefore
  holds an enemy piece. When you may take en passant, you see the pawn you
  would take, for that turn.

MOVES
  The pieces move as in chess, with castling (king and rook unmoved, the
  squares between them empty), en passant and promotion (queen, rook,
  bishop or knight). There is no check: you may move into check or leave
  your king attacked, and castle out of, through or into check.

HOW THE GAME ENDS
  King captured    whoever takes the enemy king wins.
  Draws            (automatic) the same position for the third time; fifty
                   moves by each side without a capture or a pawn move; a
                   side to move that has no move at all.

NOTATION
  Coordinates (e2e4, e7e8q, castling as the king's move e1g1) or SAN (e4,
  Nf3, exd5, O-O, e8=Q). Positions are FEN; a king may be missing once it
  has been taken. In the record you read your own moves; of the other
  side's you learn only that a piece of yours was taken (?xe4).
";
