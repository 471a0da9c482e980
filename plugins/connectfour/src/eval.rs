//! Evaluation and move ordering: lines of four still open, threats (empty
//! cells that would complete four) weighed by the row parity that decides
//! connect four endgames, and the centre.
//!
//! Red (first player) profits from threats on odd rows (1, 3, 5 counted
//! from the bottom), Yellow from even ones: when the board fills up
//! column by column, those are the cells each player gets to fill
//! (Allis, "A Knowledge-based Approach of Connect-Four", 1988).

use rules_api::{Move, MoveFlags, MoveInfo, RVec};

use crate::position::Connect4;

/// The value of an open line of four holding 1, 2 or 3 of a player's discs.
const LINE: [i32; 4] = [0, 1, 4, 12];
/// An empty cell completing four.
const THREAT: i32 = 40;
/// A threat on the row parity that favours its owner.
const GOOD_PARITY: i32 = 30;
/// Per disc in the centre column.
const CENTRE: i32 = 6;
/// Winning at once, or facing two immediate threats one move cannot stop.
const DECIDED: i32 = 5_000;

/// Empty cells where `player` would complete four by dropping now.
pub fn threats_now(p: &Connect4, player: u8) -> u64 {
    p.shape.completions(p.discs[player as usize]) & p.playable()
}

/// Static evaluation from the mover's view.
pub fn evaluate(p: &Connect4) -> i32 {
    if p.playable() == 0 {
        return 0;
    }
    let me = p.side;
    if threats_now(p, me) != 0 {
        return DECIDED;
    }
    let theirs_now = threats_now(p, me ^ 1);
    if theirs_now.count_ones() > 1 {
        return -DECIDED;
    }
    let score = side_value(p, me) - side_value(p, me ^ 1);
    score.clamp(-DECIDED + 1, DECIDED - 1)
}

fn side_value(p: &Connect4, player: u8) -> i32 {
    let s = p.shape;
    let mine = p.discs[player as usize];
    let open = s.full() & !p.discs[player as usize ^ 1];
    let mut value = 0;
    for d in s.directions() {
        let mut starts = open & (open >> d) & (open >> (2 * d)) & (open >> (3 * d));
        let window = 1 | 1 << d | 1 << (2 * d) | 1 << (3 * d);
        while starts != 0 {
            let i = starts.trailing_zeros();
            value += LINE[((mine >> i) & window).count_ones().min(3) as usize];
            starts &= starts - 1;
        }
    }
    let mut threats = s.completions(mine) & !p.occupied();
    while threats != 0 {
        let bit = threats.trailing_zeros();
        let row = bit % s.height();
        // Row index 0 is the first row: Red's (player 0) good rows are the
        // odd ones counted from 1, i.e. even indices.
        let good = (row % 2 == 0) == (player == 0);
        value += THREAT + if good { GOOD_PARITY } else { 0 };
        threats &= threats - 1;
    }
    // Only an odd number of columns has one centre column.
    if s.columns % 2 == 1 {
        value += CENTRE * (mine & s.column_mask(s.columns / 2)).count_ones() as i32;
    }
    value
}

/// Winning drops first, then blocks of the opponent's, then drops that
/// make new threats, near the centre; a drop under an opponent's threat
/// (it lets them win above) last. Every drop is irreversible.
pub fn move_infos(p: &Connect4, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let s = p.shape;
    let me = p.side as usize;
    let wins = threats_now(p, p.side);
    let blocks = threats_now(p, p.side ^ 1);
    let their_completions = s.completions(p.discs[me ^ 1]);
    let my_completions = s.completions(p.discs[me]) & !p.occupied();
    for &m in moves {
        let mut info = MoveInfo { hint: 0, flags: MoveFlags::IRREVERSIBLE };
        let Some((column, row)) = s.column_row(m.to) else {
            out.push(info);
            continue;
        };
        let bit = s.bit(column, row);
        let distance = (2 * column as i32 - (s.columns as i32 - 1)).abs();
        info.hint = 100 - 10 * distance;
        if bit & wins != 0 {
            info.hint += 100_000;
            info.flags |= MoveFlags::TACTICAL;
        } else if bit & blocks != 0 {
            info.hint += 50_000;
            info.flags |= MoveFlags::TACTICAL;
        } else {
            let after = s.completions(p.discs[me] | bit) & !p.occupied() & !bit;
            let new_threats = after & !my_completions;
            info.hint += 200 * new_threats.count_ones() as i32;
            let above = (bit << 1) & s.full();
            let playable_after = (p.playable() & !bit) | above;
            if new_threats & playable_after != 0 {
                // The opponent must block at once: a forcing drop.
                info.flags |= MoveFlags::CHECK;
            }
            if their_completions & above != 0 {
                info.hint -= 20_000;
            }
        }
        out.push(info);
    }
}
