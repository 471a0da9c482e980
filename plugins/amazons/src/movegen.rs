//! Legal moves: an amazon goes like a chess queen to a square it reaches
//! over empty squares, then shoots an arrow, again like a queen, from
//! where it landed; the square it left is empty for the arrow, which may
//! even fly back onto it. A move is `Move { from, to, tag: arrow }`.

use rules_api::Move;

use crate::board::{self, cell, square, step, DIRECTIONS, EMPTY};
use crate::position::Amazons;

/// Calls `out` with every legal move of the side to move.
pub fn generate(p: &Amazons, mut out: impl FnMut(Move)) {
    for &from in p.amazons(p.side) {
        let from = from as usize;
        for d in DIRECTIONS {
            let mut to = step(from, d);
            while p.squares[to] == EMPTY {
                for_each_arrow(p, from, to, |arrow| {
                    out(Move { from: cell(from) as u16, to: cell(to) as u16, extra: 0, tag: cell(arrow) as u16 })
                });
                to = step(to, d);
            }
        }
    }
}

/// The squares an amazon that moved from `from` to `to` can shoot at.
fn for_each_arrow(p: &Amazons, from: usize, to: usize, mut f: impl FnMut(usize)) {
    for d in DIRECTIONS {
        let mut arrow = step(to, d);
        while p.squares[arrow] == EMPTY || arrow == from {
            f(arrow);
            arrow = step(arrow, d);
        }
    }
}

/// The number of legal moves, without writing them.
pub fn count(p: &Amazons) -> u64 {
    let mut n = 0;
    for &from in p.amazons(p.side) {
        let from = from as usize;
        for d in DIRECTIONS {
            let mut to = step(from, d);
            while p.squares[to] == EMPTY {
                for d2 in DIRECTIONS {
                    let mut arrow = step(to, d2);
                    while p.squares[arrow] == EMPTY || arrow == from {
                        n += 1;
                        arrow = step(arrow, d2);
                    }
                }
                to = step(to, d);
            }
        }
    }
    n
}

/// Whether `player` has a move: an amazon next to an empty square can
/// step there and shoot back where it came from.
pub fn can_move(p: &Amazons, player: u8) -> bool {
    p.amazons(player).iter().any(|&q| DIRECTIONS.iter().any(|&d| p.squares[step(q as usize, d)] == EMPTY))
}

/// The queen direction from `a` to `b` (mailbox squares), if they share a
/// line.
fn direction(a: usize, b: usize) -> Option<isize> {
    let (ca, cb) = (cell(a), cell(b));
    let (df, dr) = (
        (cb % board::SIDE) as isize - (ca % board::SIDE) as isize,
        (cb / board::SIDE) as isize - (ca / board::SIDE) as isize,
    );
    if (df == 0 && dr == 0) || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return None;
    }
    Some(df.signum() + dr.signum() * board::WIDTH as isize)
}

/// Whether every square after `a` up to `b` is empty (or is `lifted`).
fn clear(p: &Amazons, a: usize, b: usize, lifted: usize) -> bool {
    let Some(d) = direction(a, b) else { return false };
    let mut s = a;
    loop {
        s = step(s, d);
        if p.squares[s] != EMPTY && s != lifted {
            return false;
        }
        if s == b {
            return true;
        }
    }
}

/// Why `m` is not a legal move here, if it is not.
pub fn check(p: &Amazons, m: Move) -> Result<(), String> {
    if !can_move(p, p.side) {
        return Err("the game is over".into());
    }
    let on_board = |c: u16| (c as usize) < board::CELLS;
    if !(on_board(m.from) && on_board(m.to) && on_board(m.tag)) || m.extra != 0 {
        return Err(format!("{m:?} is not an amazon's move and arrow on this board"));
    }
    let (from, to, arrow) = (square(m.from as usize), square(m.to as usize), square(m.tag as usize));
    let name = |s: usize| board::name(cell(s));
    if p.squares[from] != board::amazon(p.side) {
        return Err(format!("no amazon of the side to move stands on {}", name(from)));
    }
    if !clear(p, from, to, usize::MAX) {
        return Err(format!(
            "the amazon on {} cannot reach {} (a queen's move over empty squares)",
            name(from),
            name(to)
        ));
    }
    if !clear(p, to, arrow, from) {
        return Err(format!(
            "an arrow from {} cannot reach {} (a queen's line over empty squares)",
            name(to),
            name(arrow)
        ));
    }
    Ok(())
}
