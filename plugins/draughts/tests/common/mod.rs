//! Helpers shared by the draughts tests: the game through the boundary,
//! positions after moves, and move lists as text.

#![allow(dead_code)]

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RString, RulesBox, RulesExt, StatusKind, Tuple2};
use tabula_draughts::{Draughts, Rule};

/// The game with `rule`, built through its options as the host builds it.
pub fn rules(rule: Rule) -> RulesBox {
    let options = vec![Tuple2(RString::from("rule"), RString::from(rule.name()))].into();
    rules_box(Draughts::from_options(&options).unwrap_or_else(|e| panic!("{e}")))
}

/// The position `start` (the start position when empty) after `moves`,
/// each read in coordinate notation.
pub fn after(rules: &RulesBox, start: &str, moves: &str) -> PositionBox {
    let mut pos = if start.is_empty() { rules.start().unwrap() } else { rules.position(start).unwrap() };
    for m in moves.split_whitespace() {
        let mv = pos.read_move(m, Notation::COORDINATE).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    pos
}

/// The legal moves in `notation`, sorted.
pub fn moves_in(pos: &PositionBox, notation: Notation) -> Vec<String> {
    let mut out: Vec<String> = pos.moves().unwrap().into_iter().map(|m| pos.notate(m, notation).unwrap()).collect();
    out.sort();
    out
}

/// The legal moves with every landing square, sorted.
pub fn moves(pos: &PositionBox) -> Vec<String> {
    moves_in(pos, Notation::COORDINATE)
}

/// `ongoing`, `draw (reason)` or `win <player index> (reason)`.
pub fn outcome(pos: &PositionBox) -> String {
    let status = pos.outcome().unwrap();
    match status.kind {
        StatusKind::WIN => format!("win {} ({})", status.winner, status.reason),
        StatusKind::DRAW => format!("draw ({})", status.reason),
        _ => "ongoing".to_string(),
    }
}

/// Plays `moves` (coordinate notation) on `pos`.
pub fn play(pos: &mut PositionBox, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = pos.read_move(m, Notation::COORDINATE).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

/// Plays `plies` ordinary moves, each by a king unless `men` is set (men
/// first then, as the move list has them), each reaching a position not
/// seen before and leaving the opponent no capture, the game going on
/// before each: the first such line found by a depth-first search.
/// Panics when there is none.
pub fn wander(pos: &mut PositionBox, plies: usize, men: bool) {
    let mut seen = std::collections::HashSet::new();
    seen.insert(pos.hash());
    let start = pos.text().unwrap();
    assert!(walk(pos, plies, men, &mut seen), "no line of {plies} quiet new moves from {start}");
}

fn walk(pos: &mut PositionBox, plies: usize, men: bool, seen: &mut std::collections::HashSet<u64>) -> bool {
    if plies == 0 {
        return true;
    }
    if outcome(pos) != "ongoing" {
        return false;
    }
    let kings: Vec<u16> = pos.piece_list().unwrap().iter().filter(|p| p.kind == 1).map(|p| p.cell).collect();
    for m in pos.moves().unwrap() {
        if pos.notate(m, Notation::COORDINATE).unwrap().contains('x') || !(men || kings.contains(&m.from)) {
            continue;
        }
        pos.play(m).unwrap();
        let quiet = pos.moves().unwrap().iter().all(|&r| !pos.notate(r, Notation::COORDINATE).unwrap().contains('x'));
        if quiet && seen.insert(pos.hash()) {
            if walk(pos, plies - 1, men, seen) {
                return true;
            }
            seen.remove(&pos.hash());
        }
        pos.undo().unwrap();
    }
    false
}
