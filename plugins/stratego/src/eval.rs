//! A plain evaluation for the generic searches (which only ever see
//! samples of their player's knowledge, where every rank is filled in):
//! material, and a little for ranks the opponent has not seen yet.

use rules_api::{Move, MoveFlags, MoveInfo, RVec, CELL_NONE};

use crate::board::SQUARES;
use crate::rank::{strike, Strike, KINDS};
use crate::state::{Game, Phase, PRESET, RANDOM};

/// Rough worth of each rank in hundredths of a pawn-like unit (the flag's
/// loss is the game's, so it needs no value).
pub const VALUES: [i32; KINDS] = [0, 120, 45, 110, 60, 90, 140, 220, 340, 520, 800, 60, 0];

/// What keeping a rank secret is worth.
const SECRET: i32 = 10;

impl Game {
    /// From the mover's view: material and secrecy.
    pub fn evaluate(&self) -> i32 {
        let Phase::Play { side } = self.phase else { return 0 };
        let mut score = 0;
        for square in 0..SQUARES as u16 {
            let s = self.at(square);
            if s.is_empty() {
                continue;
            }
            let worth = VALUES[s.rank() as usize] + if s.revealed() { 0 } else { SECRET };
            score += if s.owner() == side { worth } else { -worth };
        }
        score
    }

    /// Hints and flags: strikes first by what they win, the random setup
    /// button before the presets before single placements.
    pub fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            out.push(self.move_info(m));
        }
    }

    fn move_info(&self, m: Move) -> MoveInfo {
        if m.is_off_board() {
            let hint = if m.extra == RANDOM { 2000 } else { 1000 - (m.extra - PRESET) as i32 };
            return MoveInfo { hint, flags: MoveFlags::IRREVERSIBLE };
        }
        if m.from == CELL_NONE || (m.from as usize) >= SQUARES || (m.to as usize) >= SQUARES {
            return MoveInfo { hint: 0, flags: MoveFlags::IRREVERSIBLE };
        }
        let (mover, target) = (self.at(m.from), self.at(m.to));
        if target.is_empty() {
            return MoveInfo::default();
        }
        let (a, d) = (mover.rank(), target.rank());
        let hint = match strike(a, d) {
            Strike::AttackerWins => VALUES[d as usize] + 1000,
            Strike::Both => VALUES[d as usize] - VALUES[a as usize],
            Strike::DefenderWins => -VALUES[a as usize],
        };
        MoveInfo { hint, flags: MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE }
    }
}
