//! The kriegspiel position: the umpire's chess game (the chess plugin's
//! position: FIDE legality, repetitions, results), the tries refused to the
//! player to move this turn, and the record of tries and announcements.

use cozy_chess::{Color, Piece, Rank, Square};
use rules_api::plugin::PositionImpl;
use rules_api::{Move, PluginError};
use tabula_chess::ChessPosition;

use crate::umpire::{Capture, Umpire};

/// One entry of the record: a try and what the umpire said.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entry {
    /// The player who tried.
    pub by: u8,
    /// The try; [`Move::NULL`] for a move the record's reader did not see
    /// (the other player's, in a sample's record).
    pub mv: Move,
    /// The announcement, or `None` for "Illegal move".
    pub umpire: Option<Umpire>,
}

/// A kriegspiel position.
#[derive(Clone)]
pub struct KriegspielPosition {
    pub(crate) truth: ChessPosition,
    /// Tries refused to the player to move this turn.
    pub(crate) tried: Vec<Move>,
    /// Every try since the game began, with the announcements.
    pub(crate) record: Vec<Entry>,
    /// Record entries that came with the position (a sample's knowledge)
    /// and cannot be taken back.
    pub(crate) fixed: usize,
    /// Each side's material at the start, which both players know.
    pub(crate) origin: [[u8; 6]; 2],
}

/// The player index of a colour.
pub fn player(color: Color) -> u8 {
    color as u8
}

/// How many pieces of each type `color` has.
pub fn material(board: &cozy_chess::Board, color: Color) -> [u8; 6] {
    Piece::ALL.map(|p| board.colored_pieces(color, p).len() as u8)
}

/// A Zobrist-style key for a refused try (no table: the move's bits mixed).
fn try_key(m: Move) -> u64 {
    let mut z = m.to_bits().wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl KriegspielPosition {
    /// A position on the umpire's game `truth`, with the tries refused this
    /// turn, the record known so far and the starting material.
    pub fn new(truth: ChessPosition, tried: Vec<Move>, record: Vec<Entry>, origin: [[u8; 6]; 2]) -> Self {
        let fixed = record.len();
        KriegspielPosition { truth, tried, record, fixed, origin }
    }

    /// A game starting at `truth`.
    pub fn starting(truth: ChessPosition) -> Self {
        let board = truth.board();
        let origin = [material(board, Color::White), material(board, Color::Black)];
        Self::new(truth, Vec::new(), Vec::new(), origin)
    }

    /// The umpire's board.
    pub fn board(&self) -> &cozy_chess::Board {
        self.truth.board()
    }

    /// The hash of the game and the refused tries.
    pub fn key(&self) -> u64 {
        self.tried.iter().fold(self.truth.hash(), |k, &m| k ^ try_key(m))
    }

    /// What a legal move captures.
    fn capture_of(&self, m: Move) -> Capture {
        let board = self.board();
        let side = board.side_to_move();
        let (from, to) = (Square::index(m.from as usize), Square::index(m.to as usize));
        if let Some(victim) = board.colors(!side).has(to).then(|| board.piece_on(to)).flatten() {
            return if victim == Piece::Pawn { Capture::Pawn(to) } else { Capture::Piece(to) };
        }
        let ep = board.en_passant().map(|f| Square::new(f, Rank::Sixth.relative_to(side)));
        if board.piece_on(from) == Some(Piece::Pawn) && Some(to) == ep && from.file() != to.file() {
            return Capture::Pawn(Square::new(to.file(), from.rank()));
        }
        Capture::None
    }

    /// Plays a try of the player to move: the umpire accepts it or refuses it.
    pub fn play(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.truth.status().is_ongoing() || !crate::tries::is_try(self.board(), &self.tried, m) {
            return Err(PluginError::illegal_move(format!(
                "{} is not a try here (it is not a move of your pieces, or the umpire refused it already)",
                crate::notation::uci(m)
            )));
        }
        let by = self.truth.side_to_move();
        let capture = self.capture_of(m);
        if self.truth.play(m).is_err() {
            self.tried.push(m);
            self.record.push(Entry { by, mv: m, umpire: None });
            return Ok(());
        }
        self.tried.clear();
        let umpire = Umpire::after(capture, self.board());
        self.record.push(Entry { by, mv: m, umpire: Some(umpire) });
        Ok(())
    }

    /// Takes the last try back.
    pub fn take_back(&mut self) -> Result<(), PluginError> {
        if self.record.len() <= self.fixed {
            return Err(PluginError::unsupported("no try to take back"));
        }
        let entry = self.record.pop().expect("the record is longer than its fixed part");
        if entry.umpire.is_none() {
            self.tried.pop();
            return Ok(());
        }
        self.truth.take_back()?;
        // The tries refused before that move are the record's refusals
        // right before it.
        self.tried.clear();
        let refused = self.record.iter().rev().take_while(|e| e.umpire.is_none() && e.by == entry.by);
        self.tried.extend(refused.map(|e| e.mv));
        self.tried.reverse();
        Ok(())
    }

    /// The last entry of the record.
    pub fn last(&self) -> Option<&Entry> {
        self.record.last()
    }
}
