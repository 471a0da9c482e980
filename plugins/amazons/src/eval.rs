//! Evaluation and move ordering.
//!
//! The evaluation is territory as the strong programs measure it
//! (Lieberum, "An evaluation function for the game of amazons", 2005):
//! each empty square belongs to the player whose amazons reach it in fewer
//! queen moves (ties going to the player to move), and, as a finer
//! measure, in fewer king steps; plus the amazons' mobility.
//!
//! With two thousand moves in the opening, a search must look at few of
//! them: `move_infos` ranks every move by cheap local features (an arrow
//! next to an opponent's amazon or on a square the opponent reaches next,
//! the room around the square an amazon goes to) and flags all but the
//! best [`KEEP`] as `PRUNABLE`.

use rules_api::{Move, MoveFlags, MoveInfo, RVec};

use crate::board::{square, step, CELLS, DIRECTIONS, EMPTY, MAILBOX};
use crate::position::Amazons;

/// Moves left unflagged by `move_infos` (more when hints tie).
pub const KEEP: usize = 48;
/// Unreachable.
const FAR: u8 = u8::MAX;

/// Per empty square owned by queen distance.
const QUEEN_SQUARE: i32 = 100;
/// Per empty square reached first by the mover at an equal distance.
const TEMPO_SQUARE: i32 = 20;
/// Per empty square owned by king distance.
const KING_SQUARE: i32 = 40;
/// Per square an amazon can go to now.
const MOBILITY: i32 = 3;

/// Distances from `player`'s amazons to every square, moving like a
/// queen (`queen`) or a king over empty squares.
pub fn distances(p: &Amazons, player: u8, queen: bool, out: &mut [u8; MAILBOX]) {
    out.fill(FAR);
    let mut queue = [0u8; CELLS + 4];
    let (mut head, mut tail) = (0, 0);
    for &q in p.amazons(player) {
        out[q as usize] = 0;
        queue[tail] = q;
        tail += 1;
    }
    while head < tail {
        let s = queue[head] as usize;
        head += 1;
        let next = out[s] + 1;
        for d in DIRECTIONS {
            let mut t = step(s, d);
            while p.squares[t] == EMPTY {
                if out[t] == FAR {
                    out[t] = next;
                    queue[tail] = t as u8;
                    tail += 1;
                }
                if !queen {
                    break;
                }
                t = step(t, d);
            }
        }
    }
}

/// Empty squares closer to the mover minus those closer to the opponent,
/// weighted; ties (reachable by both) count `tie` for the mover.
fn territory(p: &Amazons, mine: &[u8; MAILBOX], theirs: &[u8; MAILBOX], weight: i32, tie: i32) -> i32 {
    let mut score = 0;
    for c in 0..CELLS {
        let s = square(c);
        if p.squares[s] != EMPTY {
            continue;
        }
        score += match mine[s].cmp(&theirs[s]) {
            std::cmp::Ordering::Less => weight,
            std::cmp::Ordering::Greater => -weight,
            std::cmp::Ordering::Equal if mine[s] != FAR => tie,
            std::cmp::Ordering::Equal => 0,
        };
    }
    score
}

/// Squares `player`'s amazons can move to now.
fn mobility(p: &Amazons, player: u8) -> i32 {
    let mut n = 0;
    for &q in p.amazons(player) {
        for d in DIRECTIONS {
            let mut t = step(q as usize, d);
            while p.squares[t] == EMPTY {
                n += 1;
                t = step(t, d);
            }
        }
    }
    n
}

/// Static evaluation from the mover's view.
pub fn evaluate(p: &Amazons) -> i32 {
    let (me, them) = (p.side, p.side ^ 1);
    let mut mine = [FAR; MAILBOX];
    let mut theirs = [FAR; MAILBOX];
    distances(p, me, true, &mut mine);
    distances(p, them, true, &mut theirs);
    let queen = territory(p, &mine, &theirs, QUEEN_SQUARE, TEMPO_SQUARE);
    distances(p, me, false, &mut mine);
    distances(p, them, false, &mut theirs);
    let king = territory(p, &mine, &theirs, KING_SQUARE, 0);
    let moves = MOBILITY * (mobility(p, me) - mobility(p, them));
    (queen + king + moves).clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
}

/// Whether two mailbox squares touch (a king step apart).
fn touch(a: usize, b: usize) -> bool {
    DIRECTIONS.iter().any(|&d| step(a, d) == b)
}

/// Ranks moves by local features and flags all but the best [`KEEP`] as
/// prunable; every move is irreversible (an arrow never leaves).
pub fn move_infos(p: &Amazons, moves: &[Move], out: &mut RVec<MoveInfo>) {
    let (me, them) = (p.side, p.side ^ 1);
    let mut near_them = [0u8; MAILBOX];
    let mut near_me = [0u8; MAILBOX];
    let mut room = [0u8; MAILBOX];
    for (player, counts) in [(them, &mut near_them), (me, &mut near_me)] {
        for &q in p.amazons(player) {
            for d in DIRECTIONS {
                counts[step(q as usize, d)] += 1;
            }
        }
    }
    for c in 0..CELLS {
        let s = square(c);
        room[s] = DIRECTIONS.iter().filter(|&&d| p.squares[step(s, d)] == EMPTY).count() as u8;
    }
    let mut their_reach = [FAR; MAILBOX];
    distances(p, them, true, &mut their_reach);
    let start = out.len();
    for &m in moves {
        let (from, to, arrow) = (square(m.from as usize), square(m.to as usize), square(m.tag as usize));
        if [m.from, m.to, m.tag].iter().any(|&c| c as usize >= CELLS) {
            out.push(MoveInfo { hint: i32::MIN / 2, flags: MoveFlags::IRREVERSIBLE });
            continue;
        }
        // Own amazons next to the arrow once this one stands on `to`.
        let own = near_me[arrow] as i32 - touch(from, arrow) as i32 + touch(to, arrow) as i32;
        let room_to = room[to] as i32 + touch(from, to) as i32 - touch(arrow, to) as i32;
        let mut hint = 24 * near_them[arrow] as i32 - 12 * own + 6 * room_to - 6 * room[from] as i32;
        if their_reach[arrow] == 1 {
            hint += 8;
        }
        out.push(MoveInfo { hint, flags: MoveFlags::IRREVERSIBLE });
    }
    flag_all_but_best(&mut out[start..]);
}

/// Flags `PRUNABLE` on every move whose hint is below the [`KEEP`]-th best
/// (ties kept), through a histogram of the hints: no sort, no allocation.
fn flag_all_but_best(infos: &mut [MoveInfo]) {
    if infos.len() <= KEEP {
        return;
    }
    const BUCKETS: usize = 1024;
    let bucket = |hint: i32| (hint + BUCKETS as i32 / 2).clamp(0, BUCKETS as i32 - 1) as usize;
    let mut histogram = [0u32; BUCKETS];
    for info in infos.iter() {
        histogram[bucket(info.hint)] += 1;
    }
    let mut kept = 0;
    let mut threshold = BUCKETS;
    while threshold > 0 && (kept as usize) < KEEP {
        threshold -= 1;
        kept += histogram[threshold];
    }
    for info in infos.iter_mut() {
        if bucket(info.hint) < threshold {
            info.flags |= MoveFlags::PRUNABLE;
        }
    }
}
