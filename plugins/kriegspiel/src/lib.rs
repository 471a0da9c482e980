//! # tabula-kriegspiel — kriegspiel for Tabula
//!
//! A rules plugin (exported as `"kriegspiel"`) for kriegspiel under the
//! Internet Chess Club's rules ("wild 16", the ICC help page
//! "Kriegspiel"):
//!
//! * each player sees only their own pieces; the umpire holds the real
//!   game, which is the chess plugin's (`tabula-chess`: FIDE legality,
//!   checkmate, stalemate, repetition, fifty moves, insufficient material);
//! * on their turn a player tries moves; a try the real game refuses is
//!   answered "Illegal move" to that player alone (the opponent is told
//!   nothing) and they try again — the try is a legal move whose effect is
//!   the refusal; tries are every move of the player's pieces on a board
//!   holding only them ([`tries`]), less those refused this turn;
//! * after a legal move the umpire announces to both: a capture ("Pawn at
//!   e4 captured" / "Piece at e4 captured"; en passant names the square the
//!   pawn was taken on), checks by direction (rank, file, long diagonal,
//!   short diagonal, knight), whose move it is, and the number of pawn
//!   tries (legal pawn captures) of the player to move ([`umpire`]);
//! * the game ends as chess does, announced by the umpire; the draws by
//!   repetition and the fifty-move rule are automatic (nobody can claim
//!   them without seeing the board).
//!
//! The position text is the real game's FEN, followed by ` | tried ...`
//! with the tries refused this turn when there are any. Views and samples
//! are in [`view`] and [`sample`].

#![deny(missing_docs)]

pub mod notation;
pub mod position;
pub mod sample;
pub mod tries;
pub mod umpire;
pub mod view;

use cozy_chess::Piece;
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Move, MoveFlags, MoveInfo, Notation, OptionSpec, Options, Piece as BoardPiece, PluginError,
    PositionFlags, RVec, Status,
};
use tabula_chess::ChessPosition;

pub use position::KriegspielPosition;

/// The options kriegspiel understands: none.
pub fn options() -> Vec<OptionSpec> {
    Vec::new()
}

impl KriegspielPosition {
    /// Whether `m` is the king's castling try.
    fn castles(&self, m: Move) -> bool {
        let king = self.board().king(self.board().side_to_move());
        m.from == king as u16 && (m.to as i32 - m.from as i32).abs() == 2
    }

    fn all_tries(&self) -> RVec<Move> {
        let mut out = RVec::new();
        if self.truth.status().is_ongoing() {
            tries::tries(self.board(), &self.tried, &mut out);
        }
        out
    }
}

impl PositionImpl for KriegspielPosition {
    fn side_to_move(&self) -> u8 {
        self.truth.side_to_move()
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.truth.status().is_ongoing() {
            tries::tries(self.board(), &self.tried, out);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.play(m)
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.take_back()
    }

    fn status(&self) -> Status {
        self.truth.status()
    }

    fn pieces(&self, out: &mut RVec<BoardPiece>) {
        self.truth.pieces(out)
    }

    fn to_text(&self) -> String {
        let fen = self.truth.to_text();
        if self.tried.is_empty() {
            return fen;
        }
        let tried: Vec<String> = self.tried.iter().map(|&m| notation::uci(m)).collect();
        format!("{fen} | tried {}", tried.join(" "))
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if !self.all_tries().contains(&m) {
            return Err(PluginError::illegal_move(format!("{} is not a try here", notation::uci(m))));
        }
        Ok(notation::write(m, notation, self.castles(m)))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse(text, &self.all_tries(), |m| self.castles(m))
    }

    fn hash(&self) -> u64 {
        self.key()
    }

    fn evaluate(&self) -> i32 {
        self.truth.evaluate()
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        // Only what the mover knows may order the tries: promotions and
        // pawn captures (which the pawn-try count invites), never the
        // umpire's board.
        let board = self.board();
        for &m in moves {
            let pawn = board.piece_on(cozy_chess::Square::index(m.from as usize)) == Some(Piece::Pawn);
            let mut info = MoveInfo::default();
            if m.extra != 0 {
                info.flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL;
                info.hint = 900;
            } else if pawn && m.from % 8 != m.to % 8 {
                info.hint = 100;
            }
            if pawn {
                info.flags |= MoveFlags::IRREVERSIBLE;
            }
            out.push(info);
        }
    }

    fn flags(&self) -> PositionFlags {
        PositionFlags::HIDDEN
    }

    fn view_pieces(&self, viewer: u8, out: &mut RVec<BoardPiece>) {
        let mut all = RVec::new();
        self.truth.pieces(&mut all);
        out.extend(all.into_iter().filter(|p| p.owner == viewer));
    }

    fn view_highlights(&self, _viewer: u8, _out: &mut RVec<rules_api::Highlight>) {}

    fn view_text(&self, viewer: u8) -> String {
        view::view_text(self, viewer)
    }

    fn move_text_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        let text = self.move_to_text(m, notation)?;
        Ok(if viewer == self.side_to_move() { text } else { "?".into() })
    }

    fn announcement(&self, viewer: u8) -> String {
        view::announcement(self, viewer)
    }

    fn sample(&self, viewer: u8, seed: u64) -> Result<Self, PluginError> {
        if viewer > 1 {
            return Err(PluginError::unsupported("kriegspiel samples a player's view, not a spectator's"));
        }
        if !self.truth.status().is_ongoing() {
            return Err(PluginError::unsupported("the game is over: there is nothing hidden left to play for"));
        }
        sample::sample(&view::parse_view(&view::view_text(self, viewer))?, seed)
    }
}

/// The kriegspiel game (no options).
#[derive(Clone, Copy, Debug, Default)]
pub struct KriegspielRules;

impl KriegspielRules {
    /// Builds the game from plugin options; kriegspiel takes none.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        rules_api::plugin::check_options("kriegspiel", options, &crate::options())?;
        Ok(KriegspielRules)
    }
}

impl RulesImpl for KriegspielRules {
    type Position = KriegspielPosition;

    fn info(&self) -> GameInfo {
        let mut info = tabula_chess::ChessRules.info();
        info.name = "Kriegspiel".into();
        info.position_format = "FEN, then ' | tried' and the tries refused this turn".into();
        info
    }

    fn geometry(&self) -> Geometry {
        tabula_chess::ChessRules.geometry()
    }

    fn start_position(&self) -> Result<KriegspielPosition, PluginError> {
        Ok(KriegspielPosition::starting(ChessPosition::start()))
    }

    fn position_from_text(&self, text: &str) -> Result<KriegspielPosition, PluginError> {
        let (fen, tried) = match text.split_once('|') {
            Some((fen, rest)) => {
                let rest = rest.trim();
                let list = rest.strip_prefix("tried").ok_or_else(|| {
                    PluginError::invalid_input(format!(
                        "kriegspiel position: after '|' comes 'tried' and the refused tries, not '{rest}'"
                    ))
                })?;
                (fen.trim(), list.split_whitespace().collect::<Vec<_>>())
            }
            None => (text.trim(), Vec::new()),
        };
        let mut pos = KriegspielPosition::starting(ChessPosition::from_fen(fen)?);
        for t in tried {
            let m = notation::parse_uci(t)
                .filter(|m| pos.all_tries().contains(m))
                .ok_or_else(|| PluginError::invalid_input(format!("kriegspiel position: '{t}' is not a try here")))?;
            pos.play(m)?;
            if pos.tried.last() != Some(&m) {
                return Err(PluginError::invalid_input(format!(
                    "kriegspiel position: '{t}' is a legal move, so the umpire could not have refused it"
                )));
            }
        }
        pos.fixed = pos.record.len();
        Ok(pos)
    }

    fn help_text(&self) -> String {
        HELP.to_string()
    }

    fn position_from_view(&self, text: &str, seed: u64) -> Result<KriegspielPosition, PluginError> {
        sample::sample(&view::parse_view(text)?, seed)
    }
}

/// The rules for a Help screen.
pub const HELP: &str = "\
KRIEGSPIEL (Internet Chess Club rules, 'wild 16')

Chess in which you see only your own pieces. An umpire holds the real board.

YOUR TURN
  Try a move of your pieces. If it is legal on the real board it is played;
  if not (it runs through or into an enemy piece you could not see, leaves
  your king in check, castles through check ...), the umpire tells you
  'Illegal move' - and tells your opponent nothing - and you try again.
  Pawns may try to capture on either forward diagonal.

WHAT THE UMPIRE ANNOUNCES (to both players, after each legal move)
  Pawn at e4 captured / Piece at e4 captured   (en passant: where the pawn
                                                 was taken)
  Rank check, File check, Long-diagonal check, Short-diagonal check, Knight
  check   (the long diagonal is the longer of the two through the king's
           square: for a king on e1, a5-e1; the short one e1-h4)
  White's move / Black's move
  N pawn tries   (how many pawn captures the player to move has)

THE GAME ENDS
  As chess: checkmate wins; stalemate, insufficient material, the third
  repetition and fifty moves without capture or pawn move draw (the last
  two automatically, as nobody can claim them blind).

NOTATION
  Long algebraic (e2-e4, e7-e8=Q, O-O) or coordinates (e2e4, e7e8q, e1g1).
  Positions are FEN, then ' | tried' and the tries refused this turn.
";
