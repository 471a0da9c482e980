//! Legal moves: placements while men are in hand, then moves along a
//! line to a free neighbour, or anywhere free with three men left
//! (flying). A placement or move that closes a mill is one move per man
//! it may remove: an opponent's man that stands in no mill, or any of
//! them when all stand in mills. [`end`] says how and when a game ends.

use rules_api::{Move, CELL_NONE};

use crate::layout::{self, bit, ALL, NEIGHBOURS, POINTS};
use crate::position::{Morris, QUIET_LIMIT};

/// How a game ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// The side to move is down to two men.
    TwoMen,
    /// The side to move cannot move.
    Blocked,
    /// The same position for the third time.
    Repetition,
    /// A hundred plies without a mill.
    Quiet,
}

/// Why the game is over, if it is.
pub fn end(p: &Morris) -> Option<End> {
    if p.men_left(p.side) < 3 {
        Some(End::TwoMen)
    } else if !has_move(p) {
        Some(End::Blocked)
    } else if p.occurrences() >= 3 {
        Some(End::Repetition)
    } else if p.quiet >= QUIET_LIMIT {
        Some(End::Quiet)
    } else {
        None
    }
}

/// The opponent's men the side to move may remove after closing a mill.
pub fn removable(p: &Morris) -> u32 {
    let theirs = p.men_of(p.side ^ 1);
    let free = theirs & !layout::in_mills(theirs);
    if free != 0 {
        free
    } else {
        theirs
    }
}

/// Whether the side to move flies (three men left, none in hand).
pub fn flies(p: &Morris) -> bool {
    p.in_hand(p.side) == 0 && p.men_of(p.side).count_ones() == 3
}

/// The points a man on `from` may go to.
fn targets(p: &Morris, from: usize) -> u32 {
    let empty = ALL & !p.occupied();
    if flies(p) {
        empty
    } else {
        NEIGHBOURS[from] & empty
    }
}

/// Calls `f` with every (from, to) of the side to move (`from` =
/// [`CELL_NONE`] for a placement) and whether it closes a mill.
fn for_each_step(p: &Morris, mut f: impl FnMut(u16, usize, bool)) {
    let mine = p.men_of(p.side);
    let empty = ALL & !p.occupied();
    if p.in_hand(p.side) > 0 {
        for to in points(empty) {
            f(CELL_NONE, to, layout::closes_mill(mine | bit(to), to));
        }
        return;
    }
    for from in points(mine) {
        let rest = mine & !bit(from);
        for to in points(targets(p, from)) {
            f(from as u16, to, layout::closes_mill(rest | bit(to), to));
        }
    }
}

/// The points of a set, lowest first.
fn points(mut set: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let point = set.trailing_zeros() as usize;
            set &= set - 1;
            point
        })
    })
}

/// Calls `out` with every legal move (the game must be going on).
pub fn generate(p: &Morris, mut out: impl FnMut(Move)) {
    let victims = removable(p);
    for_each_step(p, |from, to, mill| {
        let base = Move { from, to: to as u16, extra: 0, tag: 0 };
        if mill && victims != 0 {
            for victim in points(victims) {
                out(Move { tag: victim as u16 + 1, ..base });
            }
        } else {
            out(base);
        }
    });
}

/// The number of legal moves (the game must be going on).
pub fn count(p: &Morris) -> u64 {
    let per_mill = removable(p).count_ones().max(1) as u64;
    let mut n = 0;
    for_each_step(p, |_, _, mill| n += if mill { per_mill } else { 1 });
    n
}

/// Whether the side to move has any move (placing always has a free
/// point: at most 18 men ever stand on the 24 points).
pub fn has_move(p: &Morris) -> bool {
    if p.in_hand(p.side) > 0 || flies(p) {
        return true;
    }
    let empty = ALL & !p.occupied();
    points(p.men_of(p.side)).any(|from| NEIGHBOURS[from] & empty != 0)
}

/// Why `m` is not a legal move here, if it is not (the reason alone,
/// without the move).
pub fn check(p: &Morris, m: Move) -> Result<(), String> {
    if end(p).is_some() {
        return Err("the game is over".into());
    }
    let to = m.to as usize;
    if to >= POINTS || m.extra != 0 || m.tag as usize > POINTS || (m.from != CELL_NONE && m.from as usize >= POINTS) {
        return Err(format!("{m:?} is not a move on this board"));
    }
    let mine = p.men_of(p.side);
    if p.occupied() & bit(to) != 0 {
        return Err(format!("{} is taken", layout::name(to)));
    }
    let rest = if m.from == CELL_NONE {
        if p.in_hand(p.side) == 0 {
            return Err("every man has been placed; move one along a line".into());
        }
        mine
    } else {
        let from = m.from as usize;
        if p.in_hand(p.side) > 0 {
            return Err("men are still to be placed before any moves".into());
        }
        if mine & bit(from) == 0 {
            return Err(format!("no man of the side to move stands on {}", layout::name(from)));
        }
        if targets(p, from) & bit(to) == 0 {
            return Err(format!(
                "{} is not next to {} (only a player with three men may fly)",
                layout::name(to),
                layout::name(from)
            ));
        }
        mine & !bit(from)
    };
    let victims = removable(p);
    let mill = layout::closes_mill(rest | bit(to), to) && victims != 0;
    match (mill, Morris::removed(m)) {
        (false, None) => Ok(()),
        (false, Some(_)) => Err("it removes a man without closing a mill".into()),
        (true, None) => Err("it closes a mill, so it must name the man removed (x and the point: d6xg7)".into()),
        (true, Some(victim)) if victims & bit(victim) != 0 => Ok(()),
        (true, Some(victim)) if p.men_of(p.side ^ 1) & bit(victim) == 0 => {
            Err(format!("no opponent's man stands on {}", layout::name(victim)))
        }
        (true, Some(victim)) => {
            Err(format!("the man on {} stands in a mill while others do not", layout::name(victim)))
        }
    }
}
