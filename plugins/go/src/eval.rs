//! Search support: an area estimate as the evaluation, and per-move hints
//! and flags read from the chains and their liberties.
//!
//! The estimate counts each player's stones and the empty points nearer to
//! that player's stones than to the other's (within [`REACH`] steps), moves
//! chains in atari to the side that can take them, and adds komi. Move
//! hints put captures, escapes from atari and ataris first, local moves
//! before far ones, and self-ataris, filled eyes and passes last.

use rules_api::{score, Move, MoveFlags, MoveInfo, RVec};

use crate::analysis::Analysis;
use crate::layout::{Layout, MAX_SIZE};

/// What the evaluation reads of a position (the position lends its parts,
/// so this module needs nothing of `crate::position`).
pub struct Board<'a> {
    pub layout: &'a Layout,
    pub cells: &'a [u8],
    pub analysis: &'a Analysis,
    /// 0 for black to move, 1 for white.
    pub side: u8,
    pub komi: f32,
    pub stones: usize,
}

/// How far a stone's influence reaches, in steps.
const REACH: u8 = 4;
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;
const FAR: u8 = u8::MAX;

/// Whether the stone on `p` belongs to a chain the side to move can take
/// at once (one liberty, not the mover's).
fn doomed(pos: &Board, p: usize) -> bool {
    pos.cells[p] != pos.side + 1 && pos.analysis.chain_at(p).is_some_and(|c| c.libs == 1)
}

/// Steps from each point to the nearest stone of `colour` (up to `REACH`,
/// [`FAR`] beyond), through empty points; doomed stones project nothing.
fn distances(pos: &Board, colour: u8, dist: &mut [u8; MAX_CELLS], queue: &mut [u16; MAX_CELLS]) {
    let cells = &pos.cells;
    let (mut head, mut tail) = (0, 0);
    for (p, d) in dist.iter_mut().enumerate().take(pos.layout.cells) {
        if cells[p] == colour && !doomed(pos, p) {
            *d = 0;
            queue[tail] = p as u16;
            tail += 1;
        } else {
            *d = FAR;
        }
    }
    while head < tail {
        let p = queue[head] as usize;
        head += 1;
        let next = dist[p] + 1;
        if next > REACH {
            continue;
        }
        for q in pos.layout.around(p) {
            if (cells[q] == 0 || doomed(pos, q)) && dist[q] == FAR {
                dist[q] = next;
                queue[tail] = q as u16;
                tail += 1;
            }
        }
    }
}

/// The estimate from the side to move's view, in hundredths of a point.
pub fn evaluate(pos: &Board) -> i32 {
    let mut black = [0u8; MAX_CELLS];
    let mut white = [0u8; MAX_CELLS];
    let mut queue = [0u16; MAX_CELLS];
    distances(pos, 1, &mut black, &mut queue);
    distances(pos, 2, &mut white, &mut queue);
    // Points per colour, index 1 black, 2 white.
    let mut area = [0i32; 3];
    for p in 0..pos.layout.cells {
        // A doomed stone's point is as good as empty (and soon the mover's).
        let c = if doomed(pos, p) { 0 } else { pos.cells[p] };
        match c {
            0 if black[p] < white[p] => area[1] += 1,
            0 if white[p] < black[p] => area[2] += 1,
            0 => {}
            c => area[c as usize] += 1,
        }
    }
    let me = pos.side as usize + 1;
    let them = 3 - me;
    let mut half_points = 0i32;
    for chain in &pos.analysis.chains {
        // The mover's own chain in atari may still escape: half a point per
        // stone off. A doomed enemy chain earns nothing beyond its points
        // (area counting has no prisoners): a bonus for leaving it on the
        // board made the search put off the capture until the chain got out.
        if chain.libs == 1 && chain.colour as usize == me {
            half_points -= chain.size as i32;
        }
    }
    let komi_half = (pos.komi * 2.0).round() as i32;
    let mine = 2 * area[me] + if me == 2 { komi_half } else { 0 };
    let theirs = 2 * area[them] + if them == 2 { komi_half } else { 0 };
    ((mine - theirs + half_points) * 50).clamp(-score::MAX_EVAL, score::MAX_EVAL)
}

/// Hints and flags for `moves`, in order.
pub fn move_infos(pos: &Board, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let any_stone = pos.stones > 0;
    for &m in moves {
        if m == Move::PASS {
            out.push(MoveInfo { hint: -1_000_000, flags: MoveFlags::PASS });
            continue;
        }
        let p = m.to as usize;
        if p >= pos.layout.cells || pos.cells[p] != 0 {
            out.push(MoveInfo::default());
            continue;
        }
        out.push(placement(pos, p, any_stone));
    }
}

/// The hint and flags of a stone on the empty point `p`.
fn placement(pos: &Board, p: usize, any_stone: bool) -> MoveInfo {
    let layout = &pos.layout;
    let analysis = &pos.analysis;
    let me = pos.side + 1;
    let mut seen = [u16::MAX; 4];
    let (mut empty, mut own_libs, mut merged, mut saved) = (0i32, 0i32, 1i32, 0i32);
    let (mut captured_chains, mut captures, mut atari) = (0i32, 0i32, 0i32);
    let mut all_own = true;
    for (i, q) in layout.around(p).enumerate() {
        if pos.cells[q] == 0 {
            empty += 1;
            all_own = false;
            continue;
        }
        let id = analysis.chain[q];
        let chain = analysis.chains[id as usize];
        all_own &= chain.colour == me;
        if seen.contains(&id) {
            continue;
        }
        seen[i] = id;
        let size = chain.size as i32;
        if chain.colour == me {
            own_libs += chain.libs as i32 - 1;
            merged += size;
            if chain.libs == 1 {
                saved += size;
            }
        } else if chain.libs == 1 {
            captured_chains += 1;
            captures += size;
        } else if chain.libs == 2 {
            atari += size;
        }
    }
    let libs_after = empty + own_libs + captured_chains;
    let mut flags = MoveFlags::IRREVERSIBLE;
    let mut hint = 0i32;
    if captures > 0 {
        flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL;
        hint += 10_000 + 1_000 * captures;
    }
    if libs_after <= 1 && captures == 0 {
        // Self-atari: the opponent takes the stones next move.
        hint -= 2_000 * merged;
    } else {
        if atari > 0 {
            flags |= MoveFlags::TACTICAL;
            hint += 300 + 200 * atari;
            if atari >= 2 {
                flags |= MoveFlags::CHECK;
            }
        }
        if saved > 0 && libs_after >= 2 {
            flags |= MoveFlags::TACTICAL;
            hint += 2_000 + 500 * saved;
        }
    }
    if all_own && saved == 0 && captures == 0 {
        // Filling one's own eye: almost never right, never needed to score.
        hint -= 5_000;
        flags |= MoveFlags::PRUNABLE;
    }
    let near = nearby_stones(pos, p);
    hint += 20 * near.min(8);
    let line = layout.line[p];
    if near == 0 {
        hint -= 100;
        if any_stone && line <= 1 {
            flags |= MoveFlags::PRUNABLE;
        }
    }
    if (2..=3).contains(&line) {
        hint += 40;
    } else if line == 0 {
        hint -= 60;
    }
    MoveInfo { hint, flags }
}

/// Stones within two steps (Chebyshev) of `p`.
fn nearby_stones(pos: &Board, p: usize) -> i32 {
    let size = pos.layout.size as isize;
    let (file, rank) = ((p as isize) % size, (p as isize) / size);
    let mut n = 0;
    for r in (rank - 2).max(0)..=(rank + 2).min(size - 1) {
        for f in (file - 2).max(0)..=(file + 2).min(size - 1) {
            n += (pos.cells[(r * size + f) as usize] != 0) as i32;
        }
    }
    n
}
