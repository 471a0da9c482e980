//! Moves as text: the standard numeric notation of PDN.
//!
//! An ordinary move is `from-to` (`32-28`), a capture `fromxto` (`28x19`)
//! or, with every landing square, `fromxlandingx…xto` (`26x37x48`). The
//! coordinate notation always writes every landing, so it names a capture
//! alone; the standard notation writes the short form unless another legal
//! capture has the same start and end, and then every landing, as PDN 3.0
//! asks (a flying king's leg that goes on straight lands on the square
//! just behind the piece it took).
//!
//! Reading accepts both forms in both notations, `x`, `:` or `-` between
//! squares, any squares of the route in between (the landing squares, or
//! for a flying king any square it passes over), `a1`–`h8` on the 8×8
//! board, and a trailing `!` or `?`.

use rules_api::{Move, Notation, PluginError, CELL_NONE};

use crate::board::{Board, Layout, NONE};
use crate::colour::Colour;
use crate::movegen::{self, Capture};
use crate::rule::Rule;

/// A move in words for messages: `11-15`, or its fields when they name no
/// square of the board.
pub fn describe(layout: &Layout, m: Move) -> String {
    let on_board = |c: u16| c != CELL_NONE && c < layout.squares as u16;
    if on_board(m.from) && on_board(m.to) {
        format!("{}-{}", m.from + 1, m.to + 1)
    } else {
        format!("the move {m:?}")
    }
}

/// Every square of `capture` joined by `x`.
pub fn full(capture: &Capture) -> String {
    let mut text = (capture.from + 1).to_string();
    for &sq in capture.path() {
        text.push('x');
        text.push_str(&(sq + 1).to_string());
    }
    text
}

/// The legal move `m` of `side` on `board` in `notation`; `list` is the
/// position's capture list.
pub fn write(
    rule: Rule,
    board: &Board,
    side: Colour,
    list: &[Capture],
    m: Move,
    notation: Notation,
) -> Result<String, PluginError> {
    let illegal = || PluginError::illegal_move(format!("{} is not a legal move here", describe(rule.layout(), m)));
    if list.is_empty() {
        return if movegen::is_quiet_move(rule, board, side, m) {
            Ok(format!("{}-{}", m.from + 1, m.to + 1))
        } else {
            Err(illegal())
        };
    }
    let c = list.get(m.tag as usize).filter(|c| c.from as u16 == m.from && c.to as u16 == m.to && m.extra == 0);
    let c = c.ok_or_else(illegal)?;
    let alike = list.iter().filter(|o| o.from == c.from && o.to == c.to).count();
    if notation == Notation::STANDARD && alike == 1 {
        Ok(format!("{}x{}", c.from + 1, c.to + 1))
    } else {
        Ok(full(c))
    }
}

/// Reads a move of `side` on `board` in either form (`list` is the
/// position's capture list); errors say why it is refused.
pub fn parse(rule: Rule, board: &Board, side: Colour, list: &[Capture], text: &str) -> Result<Move, PluginError> {
    let layout = rule.layout();
    let written = text.trim().trim_end_matches(['!', '?']);
    let bad = |why: String| PluginError::illegal_move(format!("'{}': {why}", text.trim()));
    let parts: Vec<&str> = written.split(['-', 'x', 'X', ':']).collect();
    if parts.len() < 2 {
        return Err(bad("not a move; write it as 32-28 or 28x19 (or 28x19x10 with every landing)".into()));
    }
    let squares =
        parts.iter().map(|p| crate::fen::square(layout, p)).collect::<Result<Vec<u8>, String>>().map_err(bad)?;
    if list.is_empty() {
        quiet(rule, board, side, &squares).map_err(bad)
    } else {
        capture(rule, board, side, list, &squares).map_err(bad)
    }
}

fn quiet(rule: Rule, board: &Board, side: Colour, squares: &[u8]) -> Result<Move, String> {
    if squares.len() != 2 {
        return Err("no capture is possible here, so a move names just two squares".into());
    }
    let m = Move::new(squares[0] as u16, squares[1] as u16);
    if movegen::is_quiet_move(rule, board, side, m) {
        return Ok(m);
    }
    let from = squares[0];
    let whose = board.piece_at(from);
    Err(match whose {
        None => format!("there is no piece on {}", from + 1),
        Some(p) if p.colour != side => format!("the piece on {} is {}'s", from + 1, p.colour.name()),
        Some(_) => format!("the piece on {} cannot move to {}", from + 1, squares[1] + 1),
    })
}

/// The capture `squares` name: the one with exactly these landings, or
/// else the one whose route (any of them) passes these squares in order.
fn capture(rule: Rule, board: &Board, side: Colour, list: &[Capture], squares: &[u8]) -> Result<Move, String> {
    let layout = rule.layout();
    let mut routes = Vec::new();
    movegen::capture_routes(rule, board, side, &mut routes);
    let (first, last) = (squares[0], squares[squares.len() - 1]);
    let exact = routes.iter().find(|r| r.from == first && r.path() == &squares[1..]);
    if let Some(i) = exact.and_then(|r| movegen::index_of(list, r)) {
        return Ok(list[i].to_move(i));
    }
    let middle = &squares[1..squares.len() - 1];
    let mut found: Vec<usize> = routes
        .iter()
        .filter(|r| r.from == first && r.to == last && passes(&route(layout, r), middle))
        .filter_map(|r| movegen::index_of(list, r))
        .collect();
    found.sort_unstable();
    found.dedup();
    let named =
        |indices: &mut dyn Iterator<Item = usize>| indices.map(|i| full(&list[i])).collect::<Vec<_>>().join(", ");
    match found.as_slice() {
        [i] => Ok(list[*i].to_move(*i)),
        [] => Err(format!("not a legal capture here; a capture is compulsory: {}", named(&mut (0..list.len())))),
        _ => {
            Err(format!("more than one capture fits; give the landing squares: {}", named(&mut found.iter().copied())))
        }
    }
}

/// Whether `middle` lies along `route` in order.
fn passes(route: &[u8], middle: &[u8]) -> bool {
    let mut rest = route.iter();
    middle.iter().all(|sq| rest.any(|r| r == sq))
}

/// Every square the capturing piece crosses or lands on, in order (the
/// captured pieces' squares left out).
fn route(layout: &Layout, capture: &Capture) -> Vec<u8> {
    let mut out = Vec::new();
    let mut at = capture.from;
    for &land in capture.path() {
        if let Some((dir, steps)) = layout.direction(at, land) {
            let mut sq = at;
            for _ in 0..steps {
                sq = layout.step(sq, dir);
                if sq == NONE {
                    break;
                }
                if capture.captured & (1u64 << sq) == 0 {
                    out.push(sq);
                }
            }
        }
        at = land;
    }
    out
}
