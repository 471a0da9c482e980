//! The game state: both players' discs, the side to move, the Zobrist hash
//! and the moves played (for unmake).

use std::sync::LazyLock;

use rules_api::plugin::PositionImpl;
use rules_api::{
    Move, MoveFlags, MoveInfo, Notation, Outcome, Piece, PlayerScore, PluginError, RString, RVec, Status, CELL_NONE,
};

use crate::bitboard;
use crate::{eval, notation, text};

/// Black, who moves first.
pub const BLACK: u8 = 0;
/// White.
pub const WHITE: u8 = 1;

/// Zobrist keys: per player and square, and one for White to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x07E1_1005, 2 * 64 + 1));

fn disc_key(player: u8, square: u32) -> u64 {
    KEYS[player as usize * 64 + square as usize]
}

fn white_key() -> u64 {
    KEYS[128]
}

/// What a move changed, for unmake: the square played (`None` for a pass)
/// and the discs it turned over.
#[derive(Clone, Copy, Debug)]
struct Played {
    square: Option<u8>,
    flipped: u64,
}

/// An Othello position with its own move history.
#[derive(Clone, Debug)]
pub struct OthelloPosition {
    discs: [u64; 2],
    side: u8,
    hash: u64,
    played: Vec<Played>,
}

/// How a finished game scores under the WOF rules: each player's discs,
/// with the empty squares added to the winner's (shared in a draw).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FinalScore {
    /// Discs on the board, Black's and White's.
    pub on_board: [u32; 2],
    /// The score with the empty squares given out.
    pub counted: [u32; 2],
}

impl OthelloPosition {
    /// The standard start: White on d4 and e5, Black on e4 and d5, Black
    /// to move.
    pub fn start() -> Self {
        let square = |name: &str| notation::parse_square(name).expect("a square of the board");
        let black = 1 << square("e4") | 1 << square("d5");
        let white = 1 << square("d4") | 1 << square("e5");
        OthelloPosition::from_parts([black, white], BLACK)
    }

    /// A position from the discs and the side to move; the caller has
    /// checked that it can occur.
    pub(crate) fn from_parts(discs: [u64; 2], side: u8) -> Self {
        let mut hash = if side == WHITE { white_key() } else { 0 };
        for player in [BLACK, WHITE] {
            for square in bitboard::squares(discs[player as usize]) {
                hash ^= disc_key(player, square);
            }
        }
        OthelloPosition { discs, side, hash, played: Vec::with_capacity(128) }
    }

    /// The discs of `player` as a bit board (bit `row * 8 + col`, row 0 at
    /// the top).
    pub fn discs(&self, player: u8) -> u64 {
        self.discs[player as usize]
    }

    fn mine_theirs(&self) -> (u64, u64) {
        (self.discs[self.side as usize], self.discs[self.side as usize ^ 1])
    }

    /// The squares where the side to move may play.
    pub fn mobility(&self) -> u64 {
        let (me, them) = self.mine_theirs();
        bitboard::moves(me, them)
    }

    /// The squares where the opponent could play were it their turn.
    pub fn opponent_mobility(&self) -> u64 {
        let (me, them) = self.mine_theirs();
        bitboard::moves(them, me)
    }

    /// Whether neither player can move: the game is over.
    pub fn is_over(&self) -> bool {
        self.mobility() == 0 && self.opponent_mobility() == 0
    }

    /// Whether the side to move has to pass: no square of its own, while
    /// the opponent has one.
    pub fn must_pass(&self) -> bool {
        self.mobility() == 0 && self.opponent_mobility() != 0
    }

    /// The final score once the game is over (`None` before).
    pub fn final_score(&self) -> Option<FinalScore> {
        if !self.is_over() {
            return None;
        }
        let on_board = [self.discs[0].count_ones(), self.discs[1].count_ones()];
        let empty = 64 - on_board[0] - on_board[1];
        let counted = match on_board[0].cmp(&on_board[1]) {
            std::cmp::Ordering::Greater => [on_board[0] + empty, on_board[1]],
            std::cmp::Ordering::Less => [on_board[0], on_board[1] + empty],
            std::cmp::Ordering::Equal => [on_board[0] + empty / 2, on_board[1] + empty / 2],
        };
        Some(FinalScore { on_board, counted })
    }

    fn play_square(&mut self, square: u32, flipped: u64) {
        let me = self.side;
        self.discs[me as usize] |= 1 << square | flipped;
        self.discs[me as usize ^ 1] &= !flipped;
        self.hash ^= disc_key(me, square) ^ white_key();
        for s in bitboard::squares(flipped) {
            self.hash ^= disc_key(BLACK, s) ^ disc_key(WHITE, s);
        }
        self.played.push(Played { square: Some(square as u8), flipped });
        self.side ^= 1;
    }

    fn pass(&mut self) {
        self.hash ^= white_key();
        self.played.push(Played { square: None, flipped: 0 });
        self.side ^= 1;
    }
}

impl PositionImpl for OthelloPosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        let mobility = self.mobility();
        if mobility != 0 {
            out.extend(bitboard::squares(mobility).map(|s| Move::place(s as u16)));
        } else if self.opponent_mobility() != 0 {
            out.push(Move::PASS);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if m == Move::PASS {
            if !self.must_pass() {
                let why = if self.is_over() {
                    "the game is over: no more moves"
                } else {
                    "a player may pass only when no square outflanks a disc"
                };
                return Err(PluginError::illegal_move(format!("pass: {why}")));
            }
            self.pass();
            return Ok(());
        }
        let legal = m.from == CELL_NONE && m.extra == 0 && m.tag == 0 && m.to < 64;
        let square = m.to as u32;
        if !legal || self.mobility() & (1 << square) == 0 {
            return Err(PluginError::illegal_move(format!(
                "{} is not a legal move in {}",
                notation::describe(m),
                text::write(self.discs, self.side)
            )));
        }
        let (me, them) = self.mine_theirs();
        self.play_square(square, bitboard::flips(me, them, square));
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let Some(played) = self.played.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.side ^= 1;
        self.hash ^= white_key();
        if let Some(square) = played.square {
            let me = self.side as usize;
            self.discs[me] &= !(1 << square | played.flipped);
            self.discs[me ^ 1] |= played.flipped;
            self.hash ^= disc_key(self.side, square as u32);
            for s in bitboard::squares(played.flipped) {
                self.hash ^= disc_key(BLACK, s) ^ disc_key(WHITE, s);
            }
        }
        Ok(())
    }

    fn status(&self) -> Status {
        match self.final_score() {
            None => Status::ONGOING,
            Some(score) if score.on_board[0] > score.on_board[1] => Status::win(BLACK, "more discs"),
            Some(score) if score.on_board[1] > score.on_board[0] => Status::win(WHITE, "more discs"),
            Some(_) => Status::draw("equal discs"),
        }
    }

    /// `black wins 33–31`, with the count on the board added when empty
    /// squares went to the winner.
    fn result(&self) -> Outcome {
        let status = self.status();
        let Some(score) = self.final_score() else {
            return Outcome::from_status(status);
        };
        let [b, w] = score.counted;
        let mut reason = match b.cmp(&w) {
            std::cmp::Ordering::Greater => format!("black wins {b}\u{2013}{w}"),
            std::cmp::Ordering::Less => format!("white wins {w}\u{2013}{b}"),
            std::cmp::Ordering::Equal => format!("draw {b}\u{2013}{w}"),
        };
        if score.counted != score.on_board {
            let [ob, ow] = score.on_board;
            let (first, second) = if w > b { (ow, ob) } else { (ob, ow) };
            reason.push_str(&format!(" ({first}\u{2013}{second} on the board)"));
        }
        let payoffs = match b.cmp(&w) {
            std::cmp::Ordering::Greater => vec![1.0, -1.0],
            std::cmp::Ordering::Less => vec![-1.0, 1.0],
            std::cmp::Ordering::Equal => vec![0.0, 0.0],
        };
        Outcome { status, reason: RString::from(reason), payoffs: payoffs.into() }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn evaluate(&self) -> i32 {
        let (me, them) = self.mine_theirs();
        eval::evaluate(me, them, self.mobility(), self.opponent_mobility())
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            if m == Move::PASS {
                out.push(MoveInfo { hint: 0, flags: MoveFlags::PASS });
            } else {
                // Discs only ever join the board: no earlier position can
                // come back.
                out.push(MoveInfo { hint: eval::square_weight(m.to as u32), flags: MoveFlags::IRREVERSIBLE });
            }
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for player in [BLACK, WHITE] {
            for square in bitboard::squares(self.discs[player as usize]) {
                out.push(Piece { cell: square as u16, owner: player, kind: 0 });
            }
        }
    }

    /// The discs each player has on the board.
    fn scores(&self, out: &mut RVec<PlayerScore>) {
        for player in [BLACK, WHITE] {
            out.push(PlayerScore { player, points: self.discs[player as usize].count_ones() as f32 });
        }
    }

    fn to_text(&self) -> String {
        text::write(self.discs, self.side)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        let legal = if m == Move::PASS {
            self.must_pass()
        } else {
            m.from == CELL_NONE && m.extra == 0 && m.tag == 0 && m.to < 64 && self.mobility() & (1 << m.to) != 0
        };
        if !legal {
            return Err(PluginError::illegal_move(format!(
                "{} is not legal in {}",
                notation::describe(m),
                text::write(self.discs, self.side)
            )));
        }
        Ok(notation::describe(m))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(text, self.discs[0] | self.discs[1], self.mobility(), self.opponent_mobility())
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        match self.mobility().count_ones() {
            0 => u64::from(self.opponent_mobility() != 0),
            n => n as u64,
        }
    }
}
