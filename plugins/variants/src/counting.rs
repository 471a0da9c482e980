//! The counting rules of makruk, Ouk Chatrang and ASEAN chess: once one
//! side is reduced (no pawns left, or a bare king), the stronger side must
//! mate within a number of moves that depends on what it has left. Played
//! as Fairy-Stockfish plays them: the limit and the count live in the FEN
//! (in place of the en passant square and the halfmove clock), and the game
//! is drawn when the count passes the limit.

use crate::position::Position;
use crate::rules::Counting;

impl Position {
    /// Pieces of `player` on the board.
    fn on_board(&self, player: u8) -> u32 {
        self.pieces_of(player)
    }

    /// Pawns of both players on the board.
    fn pawns(&self) -> u32 {
        let v = &self.v;
        (0..v.nkinds()).filter(|&k| v.kinds[k].pawn).map(|k| self.count[0][k] as u32 + self.count[1][k] as u32).sum()
    }

    /// The number of moves `side` has to win in once counting starts for
    /// it (0: no counting for it).
    pub(crate) fn count_limit(&self, side: u8) -> u16 {
        let v = &self.v;
        let them = 1 - side as usize;
        let [rook, khon, knight] = v.end.count_kinds;
        let n = |k: u8| self.count[them][k as usize];
        match v.end.counting {
            Counting::Makruk => {
                if self.pawns() > 0 || self.on_board(1 - side) == 1 {
                    0
                } else if self.on_board(side) > 1 {
                    64
                } else if n(rook) > 1 {
                    8
                } else if n(rook) == 1 {
                    16
                } else if n(khon) > 1 {
                    22
                } else if n(knight) > 1 {
                    32
                } else if n(khon) == 1 {
                    44
                } else {
                    64
                }
            }
            Counting::Cambodian => {
                if self.on_board(side) > 3 || self.on_board(1 - side) == 1 {
                    0
                } else if self.on_board(side) > 1 {
                    63
                } else if self.pawns() > 0 {
                    0
                } else if n(rook) > 1 {
                    7
                } else if n(rook) == 1 {
                    15
                } else if n(khon) > 1 {
                    21
                } else if n(knight) > 1 {
                    31
                } else if n(khon) == 1 {
                    43
                } else {
                    63
                }
            }
            Counting::Asean => {
                if self.pawns() > 0 || self.on_board(side) > 1 {
                    0
                } else if n(rook) > 0 {
                    16
                } else if n(khon) > 0 {
                    44
                } else if n(knight) > 0 {
                    64
                } else {
                    0
                }
            }
            Counting::None => 0,
        }
    }

    /// After a move (the side to move already switched): starts, restarts
    /// or advances the count. `captured` is the code taken (0: none).
    pub(crate) fn update_counting(&mut self, v: &crate::variant::Variant, captured: u8, promotion: bool) {
        if self.counting.0 != 0 {
            self.counting.1 += 1;
        }
        let stm = self.side;
        let mover = 1 - stm;
        let total = self.on_board(0) + self.on_board(1);
        let pawn_taken = crate::variant::is_piece(captured) && v.kinds[crate::variant::kind_of(captured) as usize].pawn;
        if v.end.counting != Counting::Asean && pawn_taken && self.on_board(mover) == 1 && self.pawns() == 0 {
            let limit = self.count_limit(mover);
            if limit != 0 {
                self.counting = (2 * limit, (2 * total - 1) as u16);
            }
        }
        let restart = (captured != 0 || promotion) && self.on_board(stm) == 1;
        if self.counting.0 == 0 || restart {
            let limit = self.count_limit(stm);
            if limit != 0 {
                let ply = if v.end.counting == Counting::Asean || self.on_board(stm) > 1 { 0 } else { 2 * total };
                self.counting = (2 * limit, ply as u16);
            }
        }
    }

    /// Whether the count has passed its limit (a draw, unless mated).
    pub(crate) fn count_exceeded(&self) -> bool {
        self.counting.0 != 0 && self.counting.1 > self.counting.0
    }
}
