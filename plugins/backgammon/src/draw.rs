//! What the window draws and how it is clicked: the checkers in their
//! cells (a stack taller than its cells shows its count), the dice of the
//! player to play, the cube; and the clicks that choose a play, checker by
//! checker.

use std::collections::HashMap;

use rules_api::{CellText, ClickPath, Piece, RVec};

use crate::board::{Step, BAR};
use crate::layout::{cells_of, checker_cell, cube_cell, slots_at, DIE_CELLS};
use crate::play::{requirement, walk, Effect};
use crate::position::BgPosition;
use crate::state::{Phase, MAX_CUBE_LOG};

/// Piece type of a checker.
pub const CHECKER: u16 = 0;
/// Piece type of a die showing 1 (2 to 6 follow).
pub const DIE_ONE: u16 = 1;
/// Piece type of the cube showing 2 (4 to 64 follow).
pub const CUBE_TWO: u16 = 7;

/// Every checker shown on its cell, the dice and the cube.
pub fn pieces(p: &BgPosition, out: &mut RVec<Piece>) {
    for side in 0..2 {
        for index in 0..=BAR {
            let shown = (p.board().count(side, index) as usize).min(slots_at(index));
            for slot in 0..shown {
                out.push(Piece { cell: checker_cell(side, index, slot), owner: side as u8, kind: CHECKER });
            }
        }
    }
    let s = p.state();
    if s.phase == Phase::Play {
        for (cell, die) in DIE_CELLS.iter().zip(s.dice) {
            out.push(Piece { cell: *cell, owner: s.turn, kind: DIE_ONE + die as u16 - 1 });
        }
    }
    if p.config().cube {
        // A cube nobody owns shows 64, as on a real board; it means 1.
        let face = if s.cube == 0 { MAX_CUBE_LOG } else { s.cube };
        out.push(Piece {
            cell: cube_cell(s.owner.map(usize::from)),
            owner: s.owner.unwrap_or(0),
            kind: CUBE_TWO + face as u16 - 1,
        });
    }
}

/// The count of every stack taller than its cells, on its last cell.
pub fn cell_texts(p: &BgPosition, out: &mut RVec<CellText>) {
    for side in 0..2 {
        for index in 0..=BAR {
            let count = p.board().count(side, index) as usize;
            let slots = slots_at(index);
            if count > slots {
                out.push(CellText { cell: checker_cell(side, index, slots - 1), text: count.to_string().into() });
            }
        }
    }
}

/// The clicks of each play: for every order the checkers can be moved
/// in, each checker's point then where it lands, one die at a time or,
/// for a checker moving on, its start and its last landing at once.
/// Click sequences that more than one play shares (a checker moving
/// 13/5 by way of a hit or not) are left out; the die-by-die clicks of a
/// play always name it alone.
pub fn click_paths(p: &BgPosition, out: &mut RVec<ClickPath>) {
    let s = p.state();
    if s.phase != Phase::Play {
        return;
    }
    let side = s.turn as usize;
    let [a, b] = s.dice;
    let keys = p.play_keys();
    let need = requirement(p.board(), side, a, b);
    // Each click sequence (own point indices) with the play it chooses,
    // `None` once two plays share it; in first-found order.
    let mut chosen: HashMap<Vec<u8>, Option<usize>> = HashMap::new();
    let mut order: Vec<Vec<u8>> = Vec::new();
    walk(p.board(), side, a, b, true, &mut |steps: &[Step]| {
        if !need.accepts(steps) {
            return;
        }
        let key = Effect::of(steps).key();
        let Ok(index) = keys.binary_search_by(|k| key.cmp(k)) else { return };
        for clicks in click_sequences(steps) {
            match chosen.get_mut(&clicks) {
                Some(slot) if *slot != Some(index) => *slot = None,
                Some(_) => {}
                None => {
                    chosen.insert(clicks.clone(), Some(index));
                    order.push(clicks);
                }
            }
        }
    });
    let mut moves = RVec::new();
    rules_api::plugin::PositionImpl::legal_moves(p, &mut moves);
    for clicks in order {
        let Some(Some(index)) = chosen.get(&clicks) else { continue };
        let steps = clicks.iter().map(|&i| cells_of(side, i as usize).collect::<RVec<u16>>()).collect();
        out.push(ClickPath { mv: moves[*index], steps });
    }
}

/// The click sequences of one order of steps: each step as its point and
/// landing, with every choice of merging a step with the next one when
/// that moves the same checker on.
fn click_sequences(steps: &[Step]) -> Vec<Vec<u8>> {
    let joins: Vec<usize> = (1..steps.len()).filter(|&i| steps[i].from == steps[i - 1].to).collect();
    (0..1u32 << joins.len())
        .map(|mask| {
            let mut clicks = Vec::with_capacity(2 * steps.len());
            for (i, s) in steps.iter().enumerate() {
                let merged = joins.iter().position(|&j| j == i).is_some_and(|bit| mask & (1 << bit) != 0);
                if merged {
                    *clicks.last_mut().expect("a merged step follows another") = s.to;
                } else {
                    clicks.extend([s.from, s.to]);
                }
            }
            clicks
        })
        .collect()
}
