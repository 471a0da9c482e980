//! The checks of the 0.2.1 contract: chance nodes, results and evaluations
//! for every player, click paths, and cells a position moves, hides or
//! writes on. A game that uses none of these passes them trivially (the
//! defaults answer), so they run on every game.

use std::collections::{HashMap, HashSet};

use rand::Rng as _;
use rules_api::{score, ClickPath, Move, PositionBox, PositionExt, Status, StatusKind};

use super::report::Check;
use super::suite::{At, Suite};
use crate::rng::Rng;

/// How far the probabilities of a chance node may sum away from one.
const PROBABILITY_SLACK: f64 = 1e-9;
/// The longest text a cell may carry (it is drawn inside the cell).
const MAX_CELL_TEXT: usize = 12;

impl Suite<'_> {
    /// Chance, result and evaluation checks of one position.
    pub(super) fn check_growth(&mut self, position: &PositionBox, text: &str, moves: &[Move], status: &Status) {
        self.check_chance(position, text, moves, status);
        self.check_result(position, text, status);
        self.check_evaluations(position, text);
    }

    /// Click-path and board-change checks of one position (the costly
    /// ones, made on the positions that get the per-move checks).
    pub(super) fn check_board_growth(&mut self, position: &PositionBox, text: &str, moves: &[Move]) {
        let hidden = self.check_cell_changes(position, text);
        self.check_cell_texts(position, text);
        self.check_click_paths(position, text, moves, &hidden);
    }

    fn check_chance(&mut self, position: &PositionBox, text: &str, moves: &[Move], status: &Status) {
        let Some(outcomes) = self.call(Check::Chance, position.chance_list(), At::position(text), "chance_outcomes")
        else {
            return;
        };
        if !position.is_chance() {
            self.expect(Check::Chance, outcomes.is_empty(), At::position(text), || {
                format!("{} chance outcomes in a position not flagged CHANCE", outcomes.len())
            });
            return;
        }
        self.report.chance_nodes += 1;
        self.expect(Check::Chance, status.is_ongoing(), At::position(text), || {
            "a chance node where the game is over".into()
        });
        let bad = outcomes.iter().find(|o| !(o.probability.is_finite() && o.probability > 0.0));
        self.expect(Check::Chance, bad.is_none(), At::position(text), || {
            let o = bad.expect("a bad outcome");
            format!("outcome {:?} has probability {}", o.mv, o.probability)
        });
        let sum: f64 = outcomes.iter().map(|o| o.probability).sum();
        self.expect(Check::Chance, (sum - 1.0).abs() <= PROBABILITY_SLACK, At::position(text), || {
            format!("the probabilities of {} outcomes sum to {sum}", outcomes.len())
        });
        let mut drawn: Vec<u64> = outcomes.iter().map(|o| o.mv.to_bits()).collect();
        let mut legal: Vec<u64> = moves.iter().map(|m| m.to_bits()).collect();
        drawn.sort_unstable();
        legal.sort_unstable();
        let twice = drawn.windows(2).any(|w| w[0] == w[1]);
        self.expect(Check::Chance, !twice && drawn == legal, At::position(text), || {
            format!(
                "the {} chance outcomes are not the {} legal moves{}",
                outcomes.len(),
                moves.len(),
                if twice { " (an outcome is listed twice)" } else { "" }
            )
        });
    }

    fn check_result(&mut self, position: &PositionBox, text: &str, status: &Status) {
        let Some(result) = self.call(Check::Players, position.full_result(), At::position(text), "result") else {
            return;
        };
        let players = self.info.players.len();
        self.expect(Check::Players, result.status == *status, At::position(text), || {
            format!("result() says {:?} but status() says {:?}", result.status, status)
        });
        if status.is_ongoing() {
            self.expect(Check::Players, result.payoffs.is_empty(), At::position(text), || {
                format!("payoffs {:?} while the game goes on", result.payoffs.as_slice())
            });
            return;
        }
        self.expect(Check::Players, !result.reason().is_empty(), At::position(text), || {
            "a finished game's result has no reason".into()
        });
        if result.payoffs.is_empty() {
            return;
        }
        let payoffs = result.payoffs.as_slice();
        let sized = payoffs.len() == players && payoffs.iter().all(|p| p.is_finite());
        self.expect(Check::Players, sized, At::position(text), || {
            format!("payoffs {payoffs:?} are not one finite number for each of {players} players")
        });
        if !sized {
            return;
        }
        let best = payoffs.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winner_ok = status.kind != StatusKind::WIN || payoffs[status.winner as usize] == best;
        self.expect(Check::Players, winner_ok, At::position(text), || {
            format!("player {} won but payoffs {payoffs:?} put someone above them", status.winner)
        });
        let draw_ok = status.kind != StatusKind::DRAW || players != 2 || payoffs[0] == payoffs[1];
        self.expect(Check::Players, draw_ok, At::position(text), || format!("a draw with payoffs {payoffs:?}"));
    }

    fn check_evaluations(&mut self, position: &PositionBox, text: &str) {
        let players = self.info.players.len();
        let count = position.player_count() as usize;
        self.expect(Check::Players, count == players, At::position(text), || {
            format!("player_count says {count}, the game lists {players} players")
        });
        let mut all = rules_api::RVec::new();
        position.evaluate_all(&mut all);
        let ok = all.is_empty() || (all.len() == players && all.iter().all(|e| e.abs() <= score::MAX_EVAL));
        self.expect(Check::Players, ok, At::position(text), || {
            format!(
                "evaluate_all gives {:?}: not one evaluation within ±{} for each of {players} players",
                all.as_slice(),
                score::MAX_EVAL
            )
        });
    }

    /// Checks the moved, renamed and hidden cells; returns the hidden ones.
    fn check_cell_changes(&mut self, position: &PositionBox, text: &str) -> HashSet<u16> {
        let mut hidden = HashSet::new();
        let at = At::position;
        let Some(changes) = self.call(Check::BoardChanges, position.cell_change_list(), at(text), "cell_changes")
        else {
            return hidden;
        };
        let cells = self.geometry.cells.len();
        let mut names: Vec<String> = self.geometry.cells.iter().map(|c| c.name.to_string()).collect();
        let mut changed = HashSet::new();
        for change in &changes {
            let valid = (change.cell as usize) < cells && change.x.is_finite() && change.y.is_finite();
            let layer_ok = change.layer < self.geometry.layers.max(1);
            self.expect(Check::BoardChanges, valid && layer_ok, at(text), || {
                format!("a change of cell {} to ({}, {}) on layer {}", change.cell, change.x, change.y, change.layer)
            });
            let fresh = changed.insert(change.cell);
            self.expect(Check::BoardChanges, fresh, at(text), || format!("cell {} is changed twice", change.cell));
            if !valid {
                continue;
            }
            if !change.shown {
                hidden.insert(change.cell);
            }
            if !change.name.is_empty() {
                names[change.cell as usize] = change.name.to_string();
            }
        }
        let mut seen = HashMap::new();
        let clash = (0..cells as u16)
            .filter(|c| !hidden.contains(c))
            .find_map(|c| seen.insert(names[c as usize].clone(), c).map(|other| (other, c)));
        self.expect(Check::BoardChanges, clash.is_none(), at(text), || {
            let (a, b) = clash.unwrap_or_default();
            format!("cells {a} and {b} are both named '{}' here", names[b as usize])
        });
        if let Ok(pieces) = position.piece_list() {
            let covered = pieces.iter().find(|p| hidden.contains(&p.cell));
            self.expect(Check::BoardChanges, covered.is_none(), at(text), || {
                format!("a piece stands on hidden cell {}", covered.map_or(0, |p| p.cell))
            });
        }
        hidden
    }

    fn check_cell_texts(&mut self, position: &PositionBox, text: &str) {
        let Some(texts) = self.call(Check::BoardChanges, position.cell_text_list(), At::position(text), "cell_texts")
        else {
            return;
        };
        let cells = self.geometry.cells.len();
        for t in &texts {
            let length = t.text.chars().count();
            let ok = (t.cell as usize) < cells && (1..=MAX_CELL_TEXT).contains(&length);
            self.expect(Check::BoardChanges, ok, At::position(text), || {
                format!("text '{}' on cell {} (texts are 1 to {MAX_CELL_TEXT} characters on a cell)", t.text, t.cell)
            });
        }
    }

    fn check_click_paths(&mut self, position: &PositionBox, text: &str, moves: &[Move], hidden: &HashSet<u16>) {
        let at = At::position;
        let Some(paths) = self.call(Check::ClickPaths, position.click_path_list(), at(text), "click_paths") else {
            return;
        };
        if position.is_chance() {
            self.expect(Check::ClickPaths, paths.is_empty(), at(text), || {
                format!("{} click paths at a chance node, where nobody clicks", paths.len())
            });
            return;
        }
        let cells = self.geometry.cells.len() as u16;
        let legal: HashSet<Move> = moves.iter().copied().collect();
        for path in &paths {
            let well_formed = legal.contains(&path.mv)
                && !path.steps.is_empty()
                && path
                    .steps
                    .iter()
                    .all(|step| !step.is_empty() && step.iter().all(|&c| c < cells && !hidden.contains(&c)));
            let name = Self::describe(position, path.mv);
            self.expect(Check::ClickPaths, well_formed, At::position(text).with_move(name), || {
                format!("a click path {:?} that is not a legal move's path on shown cells", path_cells(path))
            });
        }
        let chosen: HashSet<Move> = paths.iter().map(|p| p.mv).collect();
        let missing = moves.iter().find(|m| !chosen.contains(m) && !m.is_off_board());
        self.expect(Check::ClickPaths, missing.is_none(), at(text), || {
            let m = *missing.expect("a move without a path");
            format!("legal move {} has no click path", Self::describe(position, m))
        });
        if let Some((a, b, why)) = ambiguity(&paths) {
            let (a, b) = (Self::describe(position, a), Self::describe(position, b));
            self.expect(Check::ClickPaths, false, at(text), || format!("{a} and {b}: {why}"));
        } else {
            self.expect(Check::ClickPaths, true, at(text), String::new);
        }
    }

    /// A random legal move, drawn by its probability at a chance node.
    pub(super) fn pick(rng: &mut Rng, position: &PositionBox, moves: &[Move]) -> Move {
        if position.is_chance() {
            if let Ok(outcomes) = position.chance_list() {
                let mut left = rng.random::<f64>();
                for o in &outcomes {
                    left -= o.probability;
                    if left < 0.0 {
                        return o.mv;
                    }
                }
            }
        }
        moves[rng.random_range(0..moves.len())]
    }
}

fn path_cells(path: &ClickPath) -> Vec<Vec<u16>> {
    path.steps.iter().map(|s| s.to_vec()).collect()
}

/// The first ambiguity among `paths`, if any: the clicks that complete one
/// path (taking the first cell of each step) also complete a path of
/// another move that does not share its `from` and `to` (moves that do are
/// a choice the window asks about, like a promotion piece); or a longer
/// path goes on with the very cell whose second click ends the shorter one.
fn ambiguity(paths: &[ClickPath]) -> Option<(Move, Move, String)> {
    let mut by_first: HashMap<u16, Vec<usize>> = HashMap::new();
    for (i, path) in paths.iter().enumerate() {
        for &cell in path.steps.first().map(|s| s.as_slice()).unwrap_or_default() {
            by_first.entry(cell).or_default().push(i);
        }
    }
    for path in paths {
        let clicks: Vec<u16> = path.steps.iter().filter_map(|s| s.first().copied()).collect();
        let Some(candidates) = clicks.first().and_then(|c| by_first.get(c)) else { continue };
        for &j in candidates {
            let other = &paths[j];
            if other.mv == path.mv || !other.accepts(&clicks) {
                continue;
            }
            let same_cells = other.mv.from == path.mv.from && other.mv.to == path.mv.to;
            if other.steps.len() == clicks.len() && !same_cells {
                return Some((path.mv, other.mv, format!("the clicks {clicks:?} complete both")));
            }
            let last = *clicks.last().expect("a path has a step");
            if other.steps.len() > clicks.len() && other.steps[clicks.len()].contains(&last) {
                return Some((
                    path.mv,
                    other.mv,
                    format!("after {clicks:?}, clicking {last} again both ends the first and goes on with the second"),
                ));
            }
        }
    }
    None
}
