//! Analysis mode: an analyser (one of Tabula's strategies or an engine the
//! player added) searches the position shown on a worker thread and the
//! window shows its lines (multi-PV) with score and depth, the best move
//! as an arrow on the board, and an evaluation graph over the game.
//!
//! * [`worker`]: the analyser's thread, jobs in and reports out.
//! * [`strategy`]: Tabula's strategies, with host-made multi-PV.
//! * [`uci`]: UCI and UCCI engines (`MultiPV`, `info multipv k`).
//! * [`engines`]: the engines the player added (kept in the settings file),
//!   their Add engine dialog and its check by handshake.
//! * [`draw`]: the analysis strip, the graph and the arrow.

pub mod draw;
pub mod engines;
pub mod strategy;
pub mod uci;
pub mod worker;

pub use crate::analysis_action::AnalysisAction;

use rules_api::score::plies_to_end;
use rules_api::{GameInfo, Notation, PositionBox};

use crate::messages::side_name;
use crate::tr;
use worker::{Line, Report, Worker};

/// The most lines an analysis shows.
pub const MAX_LINES: usize = 5;
/// The deepest analysis offered, plies.
pub const MAX_DEPTH: u32 = 40;

/// Something that can analyse: a strategy plugin by name, or an added engine by index.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Analyser {
    /// A strategy plugin.
    Strategy(String),
    /// An engine of [`engines::SavedEngine`]s, by its name.
    Engine(String),
}

impl Analyser {
    /// What the strip calls it.
    pub fn label(&self) -> String {
        match self {
            Analyser::Strategy(name) | Analyser::Engine(name) => name.clone(),
        }
    }
}

/// The analysis of the position shown, and the graph over the game.
pub struct Analysis {
    /// The strip is shown (and the analyser runs).
    pub open: bool,
    /// What can analyse this game.
    pub analysers: Vec<Analyser>,
    /// The chosen one.
    pub chosen: usize,
    /// How many lines to show.
    pub want_lines: usize,
    /// How deep to search.
    pub depth: u32,
    /// How deep each ply of the graph is searched.
    pub graph_depth: u32,
    /// The best move's arrow is drawn.
    pub arrow: bool,
    /// The live analysis.
    live: Option<Worker>,
    /// What the live analysis is of: (game generation, ply, lines, depth, analyser).
    submitted: Option<(u64, usize, usize, u32, usize)>,
    /// The key of the live job.
    key: u64,
    /// The lines of the position shown, best first, and their texts.
    pub lines: Vec<Line>,
    /// The texts of the lines, made once per report (never per frame).
    pub texts: Vec<String>,
    /// The latest depth, or why the analyser failed.
    pub note: String,
    /// The analysis of the position shown has ended.
    pub done: bool,
    /// The graph: per position of the game (after 0, 1, … plies), the
    /// score from the first player's view once analysed.
    pub graph: Vec<Option<i32>>,
    graph_worker: Option<Worker>,
    /// The graph's game and the ply analysed now.
    graph_job: Option<(u64, usize)>,
    /// The positions the graph still has to analyse, in order.
    graph_positions: Vec<PositionBox>,
    /// The Add engine dialog (also the one that edits an engine), while open.
    pub form: Option<engines::EngineForm>,
    /// The Engines dialog, while open.
    pub manage: Option<crate::dialogs::engines::EnginesDialog>,
}

impl Default for Analysis {
    fn default() -> Self {
        Analysis {
            open: false,
            analysers: Vec::new(),
            chosen: 0,
            want_lines: 3,
            depth: 8,
            graph_depth: 4,
            arrow: true,
            live: None,
            submitted: None,
            key: 0,
            lines: Vec::new(),
            texts: Vec::new(),
            note: String::new(),
            done: false,
            graph: Vec::new(),
            graph_worker: None,
            graph_job: None,
            graph_positions: Vec::new(),
            form: None,
            manage: None,
        }
    }
}

impl Analysis {
    /// The analyser chosen, if there is one.
    pub fn analyser(&self) -> Option<&Analyser> {
        self.analysers.get(self.chosen)
    }

    /// Whether one of the engine dialogs is open (it takes the keys).
    pub fn takes_keys(&self) -> bool {
        self.form.is_some() || self.manage.is_some()
    }

    /// Stops everything (the strip closes, the game is replaced).
    pub fn stop(&mut self) {
        self.live = None;
        self.submitted = None;
        self.graph_worker = None;
        self.graph_job = None;
        self.graph_positions.clear();
        self.lines.clear();
        self.texts.clear();
        self.done = false;
    }

    /// Forgets the analysers' threads (a new analyser, new limits).
    pub fn restart(&mut self) {
        self.live = None;
        self.submitted = None;
    }

    /// Whether the live analysis is of (generation, ply) with the current
    /// choices; if not, the caller starts one with [`Analysis::start`].
    pub fn is_current(&self, generation: u64, ply: usize) -> bool {
        self.submitted == Some((generation, ply, self.want_lines, self.depth, self.chosen)) && self.live.is_some()
    }

    /// Analyses `position` (after `ply` plies of game `generation`) with
    /// the worker `make` builds when none runs.
    pub fn start(&mut self, generation: u64, ply: usize, position: PositionBox, make: impl FnOnce() -> Worker) {
        let same_analyser = self.submitted.is_some_and(|s| s.4 == self.chosen) && self.live.is_some();
        if !same_analyser {
            self.live = Some(make());
        }
        self.key += 1;
        self.submitted = Some((generation, ply, self.want_lines, self.depth, self.chosen));
        self.lines.clear();
        self.texts.clear();
        self.note = tr!("analysis-thinking");
        self.done = false;
        if let Some(w) = &mut self.live {
            w.submit(self.key, position, self.want_lines, self.depth);
        }
    }

    /// Takes the live analyser's news (once per frame); true when the
    /// lines changed. `position` gives the position analysed, for the
    /// texts (asked only when there is news).
    pub fn poll(&mut self, position: impl FnOnce() -> PositionBox, info: &GameInfo) -> bool {
        let Some(w) = &self.live else { return false };
        let reports = w.poll();
        if reports.is_empty() {
            return false;
        }
        let position = position();
        let mut changed = false;
        for report in reports {
            match report {
                Report::Lines { key, lines, done } if key == self.key => {
                    self.texts = lines.iter().map(|l| line_text(&position, info, l)).collect();
                    self.note = lines.first().map(|l| tr!("analysis-depth", depth = l.depth)).unwrap_or_default();
                    self.lines = lines;
                    self.done = done;
                    changed = true;
                }
                Report::Failed { key, reason } if key == self.key => {
                    self.note = reason;
                    self.done = true;
                    changed = true;
                }
                _ => {}
            }
        }
        changed
    }

    /// Starts analysing every position of a game for the graph.
    pub fn start_graph(&mut self, generation: u64, positions: Vec<PositionBox>, make: impl FnOnce() -> Worker) {
        self.graph = vec![None; positions.len()];
        self.graph_positions = positions;
        self.graph_worker = Some(make());
        self.graph_job = None;
        self.next_graph_ply(generation, 0);
    }

    fn next_graph_ply(&mut self, generation: u64, ply: usize) {
        let Some(position) = self.graph_positions.get(ply).cloned() else {
            self.graph_job = None;
            self.graph_worker = None;
            return;
        };
        self.graph_job = Some((generation, ply));
        if let Some(w) = &mut self.graph_worker {
            w.submit(ply as u64, position, 1, self.graph_depth);
        }
    }

    /// Whether the graph is being filled.
    pub fn graph_running(&self) -> bool {
        self.graph_job.is_some()
    }

    /// Takes the graph analyser's news; true when the graph changed.
    pub fn poll_graph(&mut self) -> bool {
        let (Some(w), Some((generation, ply))) = (&self.graph_worker, self.graph_job) else { return false };
        let mut finished = false;
        for report in w.poll() {
            match report {
                Report::Lines { key, lines, done: true } if key == ply as u64 => {
                    let mover = self.graph_positions[ply].side_to_move();
                    if let (Some(slot), Some(best)) = (self.graph.get_mut(ply), lines.first()) {
                        *slot = Some(if mover == 0 { best.score } else { -best.score });
                    }
                    finished = true;
                }
                // A position where the game is over: its result.
                Report::Failed { key, .. } if key == ply as u64 => {
                    if let Some(slot) = self.graph.get_mut(ply) {
                        *slot = Some(final_score(&self.graph_positions[ply]));
                    }
                    finished = true;
                }
                _ => {}
            }
        }
        if finished {
            self.next_graph_ply(generation, ply + 1);
        }
        finished
    }
}

/// The score of a position where the game has ended, from the first
/// player's view (a win is a decided score at once).
fn final_score(position: &PositionBox) -> i32 {
    match position.status().into_result() {
        Ok(s) if s.kind == rules_api::StatusKind::WIN && s.winner == 0 => rules_api::score::WIN,
        Ok(s) if s.kind == rules_api::StatusKind::WIN => -rules_api::score::WIN,
        _ => 0,
    }
}

/// A score from the first player's view in the game's terms: pawns with
/// two decimals (`+0.35`), or who mates in how many moves.
pub fn score_text(info: &GameInfo, first: i32) -> String {
    if let Some(plies) = plies_to_end(first) {
        let moves = plies.unsigned_abs().div_ceil(2).max(1) as usize;
        return tr!("analysis-mate", side = side_name(info, if plies >= 0 { 0 } else { 1 }), n = moves);
    }
    format!("{:+.2}", first as f64 / 100.0)
}

/// One line as the strip shows it: the score from the first player's
/// view, the depth, and the moves in the game's standard notation.
pub fn line_text(position: &PositionBox, info: &GameInfo, line: &Line) -> String {
    // Two players: from the first's view; more: from the mover's.
    let mover = position.side_to_move();
    let first = if mover != 0 && info.players.len() == 2 { -line.score } else { line.score };
    let mut position = position.clone();
    let mut words = Vec::with_capacity(line.pv.len());
    for &m in line.pv.iter().take(12) {
        let Ok(text) = position.move_to_text(m, Notation::STANDARD).into_result() else { break };
        words.push(text.to_string());
        if position.make_move(m).into_result().is_err() {
            break;
        }
    }
    format!("{}  d{}  {}", score_text(info, first), line.depth, words.join(" "))
}
