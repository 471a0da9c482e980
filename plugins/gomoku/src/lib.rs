//! # tabula-gomoku — gomoku and renju for Tabula
//!
//! A rules plugin (exported as `"gomoku"`) for five in a row on a square
//! board of 5 to 25 lines (option `size`, default 15), with three rule
//! variants (option `rule`):
//!
//! * `freestyle` (default): five or more in a row wins;
//! * `standard`: exactly five wins, an overline wins for nobody;
//! * `renju`: Black (first player) wins with exactly five and may not play a
//!   double three, a double four or an overline — those points are not legal
//!   moves — while White wins with five or more. A three only counts when it
//!   can become a straight four by a stone that is not itself forbidden
//!   (checked recursively, per the Renju International Federation rules).
//!
//! ## Position text
//!
//! Rows from the top, one character per point (`.` empty, `x` Black, `o`
//! White), rows separated by `/` (newlines are accepted when reading), then a
//! space and the side to move (`x` or `o`). Positions are written in the
//! one-line form so they fit one command-line argument, e.g. on 5×5:
//! `...../...../..x../...../..... o`.
//!
//! ## Moves
//!
//! A move places a stone: `Move::place(cell)` with `cell = row_from_top *
//! size + column`. Both notations write the point's coordinate: a column
//! letter `a`, `b`, ... (no letter skipped) and a row number from the bottom,
//! so `h8` is the centre of the 15×15 board.
//!
//! ## Search support
//!
//! The plugin keeps, incrementally, the class of every (empty point,
//! direction, player): what a stone there would make along that line (see
//! [`pattern`]). From these it derives:
//! * the evaluation, from the side to move's view (its own four wins next
//!   move, the opponent's four must be blocked);
//! * `move_infos` hints: attack plus defence value of the point, plus nearby
//!   stones;
//! * flags: `TACTICAL` for moves that make a five, a four or a three, or that
//!   block a four or a winning threat; `CHECK` for moves that make a four
//!   (the opponent must answer); `PRUNABLE` for points more than two steps
//!   from every stone that make and block nothing (never the centre of an
//!   empty board, never every move of the list).

#![warn(missing_docs)]

mod board;
mod config;
mod eval;
mod layout;
pub mod pattern;
mod position;
mod renju;
mod rules;
mod text;

pub use config::{option_specs, Rule};
pub use position::GomokuPosition;
pub use rules::{GomokuRules, HELP};

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::plugin::{PositionImpl, RulesImpl};
    use rules_api::{Move, Options, RString, RVec, Tuple2};
    use tabula_kit::rand::Rng as _;

    fn rules(size: usize, rule: &str) -> GomokuRules {
        let options: Options = vec![
            Tuple2(RString::from("size"), RString::from(size.to_string())),
            Tuple2(RString::from("rule"), RString::from(rule)),
        ]
        .into();
        GomokuRules::from_options(&options).unwrap()
    }

    /// Plays random games, checking after every make and unmake that the
    /// incrementally kept classes, sums and neighbour counts equal a
    /// recomputation from the stones.
    #[test]
    fn incremental_state_matches_recomputation_over_random_games() {
        let mut rng = tabula_kit::rng_from_seed(0x2545_F491_4F6C_DD1D);
        let mut next = move |n: usize| rng.random_range(0..n);
        for (size, rule) in [(15, "freestyle"), (9, "standard"), (15, "renju"), (6, "renju")] {
            let rules = rules(size, rule);
            for _game in 0..6 {
                let mut pos = rules.start_position().unwrap();
                let mut moves: RVec<Move> = RVec::new();
                let mut played = 0;
                let mut last = None;
                loop {
                    moves.clear();
                    pos.legal_moves(&mut moves);
                    if moves.is_empty() {
                        break;
                    }
                    // Mostly next to the last stone, so that patterns form.
                    let near: Vec<Move> = match last {
                        Some(l) => moves
                            .iter()
                            .copied()
                            .filter(|m| {
                                let (a, b) = (m.to as usize, l);
                                (a / size).abs_diff(b / size) <= 2 && (a % size).abs_diff(b % size) <= 2
                            })
                            .collect(),
                        None => Vec::new(),
                    };
                    let m = if !near.is_empty() && next(4) != 0 {
                        near[next(near.len())]
                    } else {
                        moves[next(moves.len())]
                    };
                    last = Some(m.to as usize);
                    pos.make_move(m).unwrap();
                    played += 1;
                    assert!(pos.is_consistent(), "after {played} moves: {}", pos.to_text());
                    if played % 7 == 3 {
                        pos.unmake_move().unwrap();
                        assert!(pos.is_consistent(), "after an unmake: {}", pos.to_text());
                        pos.make_move(m).unwrap();
                    }
                }
                while pos.unmake_move().is_ok() {
                    assert!(pos.is_consistent());
                }
            }
        }
    }
}
