//! Which moves are legal, what chance may show, how the game ends, and
//! hints for the searches.
//!
//! A seat may flip any face-down piece, or move one of its own face-up
//! pieces one square along a rank or file onto an empty square or onto a
//! face-up enemy piece it may take; the cannon takes instead by jumping
//! over exactly one piece (face up or down) at any distance. A face-down
//! piece is never taken, so no legal move depends on what lies face down.

use rules_api::{ChanceOutcome, Move, MoveFlags, MoveInfo, RVec, Status, CELL_NONE};

use crate::board::{step, SQUARES};
use crate::piece::{self, CANNON, TYPES};
use crate::state::{Game, DOWN, EMPTY};

/// Rough worth of each kind (general … soldier) for the evaluation; the
/// cannon is worth more than its rank because it takes anything.
pub const VALUES: [i32; piece::KINDS] = [600, 350, 250, 200, 150, 300, 90];

impl Game {
    /// Whether chance is about to show a flipped piece.
    pub fn is_chance(&self) -> bool {
        self.flip.is_some()
    }

    /// Calls `f` with every legal move (outcomes at a chance node); stops
    /// as soon as `f` returns true, and says whether it did.
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move) -> bool) -> bool {
        if let Some(square) = self.flip {
            return (1..TYPES as u8).any(|code| self.pool[code as usize] > 0 && f(Move::drop(code as u16, square)));
        }
        for square in 0..SQUARES as u16 {
            if self.at(square) == DOWN && f(Move::place(square)) {
                return true;
            }
        }
        let Some(colour) = self.colour_of(self.side) else { return false };
        for from in 0..SQUARES as u16 {
            let mover = self.at(from);
            if mover == EMPTY || mover == DOWN || piece::colour(mover) != colour {
                continue;
            }
            for d in 0..4 {
                if self.piece_moves(from, mover, colour, d, &mut f) {
                    return true;
                }
            }
        }
        false
    }

    fn piece_moves(&self, from: u16, mover: u8, colour: u8, d: usize, f: &mut impl FnMut(Move) -> bool) -> bool {
        let Some(next) = step(from, d) else { return false };
        let target = self.at(next);
        let enemy = |c: u8| c != EMPTY && c != DOWN && piece::colour(c) != colour;
        let steps = target == EMPTY || (enemy(target) && piece::steps_onto(piece::kind(mover), piece::kind(target)));
        if steps && f(Move::new(from, next)) {
            return true;
        }
        if piece::kind(mover) != CANNON {
            return false;
        }
        // The cannon: past the first piece in the line (the screen), the
        // next piece is taken if it is a face-up enemy.
        let mut at = next;
        let mut screened = target != EMPTY;
        while let Some(beyond) = step(at, d) {
            at = beyond;
            let c = self.at(at);
            if c == EMPTY {
                continue;
            }
            if !screened {
                screened = true;
                continue;
            }
            return enemy(c) && f(Move::new(from, at));
        }
        false
    }

    /// Writes every legal move (at a chance node: every outcome).
    pub fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.decided().is_some() {
            return;
        }
        self.for_each_move(|m| {
            out.push(m);
            false
        });
    }

    /// Whether `m` is one of the legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        if self.decided().is_some() || m.tag != 0 {
            return false;
        }
        if let Some(square) = self.flip {
            let code = m.extra.wrapping_sub(1) as usize;
            return m.from == CELL_NONE && m.to == square && (1..TYPES).contains(&code) && self.pool[code] > 0;
        }
        if m.from == CELL_NONE {
            return m.extra == 0 && (m.to as usize) < SQUARES && self.at(m.to) == DOWN;
        }
        if m.extra != 0 || (m.from as usize) >= SQUARES || (m.to as usize) >= SQUARES {
            return false;
        }
        let mover = self.at(m.from);
        if mover == EMPTY || mover == DOWN || Some(piece::colour(mover)) != self.colour_of(self.side) {
            return false;
        }
        let colour = piece::colour(mover);
        (0..4).any(|d| self.piece_moves(m.from, mover, colour, d, &mut |x| x == m))
    }

    /// The outcomes of a chance node: each kind still face down, as likely
    /// as its share of the face-down pieces.
    pub fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        let Some(square) = self.flip else { return };
        let total = self.face_down() as f64;
        for code in 1..TYPES as u8 {
            let n = self.pool[code as usize];
            if n > 0 {
                out.push(ChanceOutcome { mv: Move::drop(code as u16, square), probability: n as f64 / total });
            }
        }
    }

    /// Whether `seat` has a piece of its colour on the board.
    fn has_pieces(&self, seat: u8) -> bool {
        let Some(colour) = self.colour_of(seat) else { return false };
        self.board.iter().any(|&c| c != EMPTY && c != DOWN && piece::colour(c) == colour)
    }

    /// The draw by the no-progress rule, if it has come.
    fn decided(&self) -> Option<Status> {
        let limit = self.config.no_progress;
        (!self.is_chance() && limit > 0 && self.quiet >= limit).then(|| Status::draw("no flip or capture for too long"))
    }

    /// Ongoing, or how the game ended.
    pub fn status(&self) -> Status {
        if let Some(status) = self.decided() {
            return status;
        }
        if self.for_each_move(|_| true) {
            return Status::ONGOING;
        }
        let reason =
            if self.has_pieces(self.side) || self.face_down() > 0 { "no legal move" } else { "all pieces lost" };
        Status::win(1 - self.side, reason)
    }

    /// Material from the mover's view (0 before colours are decided).
    pub fn evaluate(&self) -> i32 {
        let Some(colour) = self.colour_of(self.side) else { return 0 };
        self.board
            .iter()
            .filter(|&&c| c != EMPTY && c != DOWN)
            .map(|&c| {
                let worth = VALUES[piece::kind(c) as usize];
                if piece::colour(c) == colour {
                    worth
                } else {
                    -worth
                }
            })
            .sum()
    }

    /// Captures first, by what they take.
    pub fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            let info = if m.from == CELL_NONE || (m.to as usize) >= SQUARES {
                MoveInfo { hint: 0, flags: MoveFlags::IRREVERSIBLE }
            } else {
                match self.at(m.to) {
                    EMPTY => MoveInfo::default(),
                    target if target != DOWN => MoveInfo {
                        hint: 1000 + VALUES[piece::kind(target) as usize],
                        flags: MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE,
                    },
                    _ => MoveInfo::default(),
                }
            };
            out.push(info);
        }
    }
}
