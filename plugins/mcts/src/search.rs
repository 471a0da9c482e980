//! The search loop: limits, threads, progress reports and the choice.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use rules_api::score::{MAX_EVAL, WIN};
use rules_api::{Move, PluginError, PositionBox, PositionFlags, RVec, SearchInfo, SearchLimits, SearchResult};
use tabula_kit::rng::rng_from_seed;
use tabula_kit::value::chance_node_error;

use crate::tree::{Node, Proof, Tree};
use crate::worker::{Leaf, Playout, Style, Worker};

/// The budget when the caller sets no time, node or playout limit.
pub const DEFAULT_TIME_MS: u64 = 1000;
/// Progress reports at most this often.
const REPORT_EVERY: Duration = Duration::from_millis(250);

/// How the search is set up.
#[derive(Copy, Clone, Debug)]
pub struct Settings {
    /// Threads, each with its own tree.
    pub threads: usize,
    /// Most playouts per move (0 = none).
    pub playouts: u64,
    /// How leaves are valued; `None` decides per game (the evaluation when
    /// the game has one).
    pub leaf: Option<Leaf>,
    /// How playouts move.
    pub playout: Playout,
    /// PUCT's exploration constant.
    pub exploration: f32,
    /// Memory per tree, MiB.
    pub tree_mb: usize,
    /// Seed of the random streams.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings { threads: 1, playouts: 0, leaf: None, playout: Playout::Hint, exploration: 1.5, tree_mb: 64, seed: 0 }
    }
}

/// The Monte Carlo searcher; its trees persist between moves of a game.
pub struct Mcts {
    settings: Settings,
    workers: Vec<Worker>,
    /// Players seen so far (at least two).
    players: u8,
    /// Whether the last search started from the kept subtree.
    reused: bool,
}

/// Root statistics pooled over the threads.
struct Pooled {
    mv: Move,
    visits: u64,
    value: f64,
    proof: Proof,
    plies: u16,
}

impl Mcts {
    /// A searcher set up by `settings`.
    pub fn new(settings: Settings) -> Self {
        let capacity = settings.tree_mb.saturating_mul(1 << 20) / std::mem::size_of::<Node>();
        let workers = (0..settings.threads.max(1))
            .map(|i| Worker::new(capacity, rng_from_seed(settings.seed ^ (i as u64).wrapping_mul(0x9E37_79B9))))
            .collect();
        Mcts { settings, workers, players: 2, reused: false }
    }

    /// Whether the last search began from the subtree kept from the search
    /// before (the opponent's reply was in the tree).
    pub fn reused_tree(&self) -> bool {
        self.reused
    }

    /// Forgets the trees and what the game looked like (a new game).
    pub fn clear(&mut self) {
        self.players = 2;
        for w in &mut self.workers {
            w.tree.reset(0);
            w.after_move = None;
            w.players_seen = 2;
            w.chance_seen = false;
        }
    }

    /// Chooses a move in `pos` within `limits` (nodes count playouts), or
    /// soon after `stop` is set, reporting to `observer` as it goes.
    pub fn search(
        &mut self,
        pos: &mut PositionBox,
        limits: SearchLimits,
        stop: &AtomicBool,
        observer: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, PluginError> {
        self.search_limited(pos, limits, 1, stop, observer)
    }

    /// The most playouts per move the settings allow (0 = no such limit).
    pub fn playout_limit(&self) -> u64 {
        self.settings.playouts
    }

    /// [`Mcts::search`] as one of `parts` searches sharing a move (the
    /// samples of a game with hidden information): the playouts setting is
    /// shared out like the limits the caller already divided.
    pub fn search_limited(
        &mut self,
        pos: &mut PositionBox,
        limits: SearchLimits,
        parts: u64,
        stop: &AtomicBool,
        observer: &mut dyn FnMut(&SearchInfo),
    ) -> Result<SearchResult, PluginError> {
        let start = Instant::now();
        if pos.flags().contains(PositionFlags::CHANCE) {
            return Err(chance_node_error(crate::NAME));
        }
        let mut moves = RVec::new();
        pos.legal_moves(&mut moves).into_result()?;
        if moves.is_empty() {
            let status = pos.status().into_result()?;
            return Err(PluginError::unsupported(format!(
                "mcts: there is no legal move to choose, the game is over ({})",
                status.reason
            )));
        }
        let mut evaluations = RVec::new();
        pos.evaluate_all(&mut evaluations);
        let seen = self.workers.iter().map(|w| w.players_seen).max().unwrap_or(2);
        let declared = pos.player_count().min(6);
        self.players =
            self.players.max(pos.side_to_move() + 1).max(evaluations.len().min(6) as u8).max(seen).max(declared);
        let leaf = match self.settings.leaf {
            Some(leaf) => leaf,
            None => auto_leaf(pos, &moves)?,
        };
        let style = Style {
            leaf,
            playout: self.settings.playout,
            exploration: self.settings.exploration,
            players: self.players,
        };
        let playouts = if self.settings.playouts == 0 { 0 } else { (self.settings.playouts / parts.max(1)).max(1) };
        let limit = match (limits.nodes, playouts) {
            (0, p) => p,
            (n, 0) => n,
            (n, p) => n.min(p),
        };
        let (soft, ceiling) = deadlines(limits, limit, start);
        self.reused = true;
        for w in &mut self.workers {
            self.reused &= w.prepare(pos, self.players)?;
        }
        let done = AtomicBool::new(false);
        let total = AtomicU64::new(0);
        let (main, helpers) = self.workers.split_first_mut().expect("at least one worker");
        let main_result = std::thread::scope(|scope| {
            for worker in helpers.iter_mut() {
                let (done, total, mut copy, style) = (&done, &total, pos.clone(), style);
                scope.spawn(move || {
                    while !done.load(Ordering::Relaxed) && !stop.load(Ordering::Relaxed) {
                        if worker.iterate(&mut copy, &style).is_err() {
                            break;
                        }
                        let n = total.fetch_add(1, Ordering::Relaxed) + 1;
                        if (limit != 0 && n >= limit) || worker.tree.node(Tree::ROOT).proof != Proof::Open {
                            break;
                        }
                    }
                });
            }
            let mut last_report = start;
            let result = loop {
                if let Err(e) = main.iterate(pos, &style) {
                    break Err(e);
                }
                let n = total.fetch_add(1, Ordering::Relaxed) + 1;
                let now = Instant::now();
                if now.duration_since(last_report) >= REPORT_EVERY {
                    last_report = now;
                    observer(&report(main, n, start, &style));
                }
                let settled = main.tree.node(Tree::ROOT).proof != Proof::Open
                    || main.tree.children(Tree::ROOT).any(|c| main.tree.node(c).proof == Proof::Win);
                let out_of_time = match (soft, ceiling) {
                    (Some(soft), Some(ceiling)) => now >= ceiling || (now >= soft && !close_race(&main.tree)),
                    _ => false,
                };
                if settled || out_of_time || (limit != 0 && n >= limit) || stop.load(Ordering::Relaxed) {
                    break Ok(());
                }
            };
            done.store(true, Ordering::Relaxed);
            result
        });
        main_result?;
        let playouts = total.load(Ordering::Relaxed);
        let pooled = pool(&self.workers);
        let best = choose(&pooled).ok_or_else(|| PluginError::internal("mcts: the root has no children"))?;
        let mut pv = vec![best.mv];
        let tree = &self.workers[0].tree;
        if let Some(c) = tree.children(Tree::ROOT).find(|&c| tree.node(c).mv == best.mv) {
            let mut rest = Vec::new();
            tree.line(c, 15, &mut rest);
            pv.extend(rest);
        }
        let score = pooled_score(best);
        let info = report(&self.workers[0], playouts, start, &style);
        observer(&SearchInfo { score, pv: pv.clone().into(), ..info.clone() });
        let after = {
            let mut after = pos.clone();
            after.make_move(best.mv).into_result()?;
            after
        };
        for w in &mut self.workers {
            w.chosen = best.mv;
            w.after_move = Some(after.clone());
        }
        Ok(SearchResult { best: best.mv, score, depth: info.depth, nodes: playouts, pv: pv.into() })
    }
}

impl Mcts {
    /// Each root move's share of the last search, from 0 to 1, summing to
    /// 1: all of it on the quickest proven win when there is one, else the
    /// visits of the moves not proven lost (determinization adds these up
    /// over its samples, so a sample settled early weighs as much as any).
    pub fn root_shares(&self) -> Vec<(Move, f64)> {
        let pooled = pool(&self.workers);
        if let Some(won) = pooled.iter().filter(|p| p.proof == Proof::Win).min_by_key(|p| p.plies) {
            return vec![(won.mv, 1.0)];
        }
        let open = |p: &&Pooled| p.proof != Proof::Loss;
        let total: u64 = pooled.iter().filter(open).map(|p| p.visits).sum();
        if total == 0 {
            return choose(&pooled).map(|p| vec![(p.mv, 1.0)]).unwrap_or_default();
        }
        pooled.iter().filter(open).map(|p| (p.mv, p.visits as f64 / total as f64)).collect()
    }
}

/// The evaluation at the leaves when the game has one: some position near
/// the root evaluates to something other than 0.
fn auto_leaf(pos: &mut PositionBox, moves: &[Move]) -> Result<Leaf, PluginError> {
    if pos.evaluate() != 0 {
        return Ok(Leaf::Eval);
    }
    for &m in moves.iter().take(16) {
        pos.make_move(m).into_result()?;
        let eval = pos.evaluate();
        pos.unmake_move().into_result()?;
        if eval != 0 {
            return Ok(Leaf::Eval);
        }
    }
    Ok(Leaf::Playout)
}

/// The instants to stop by: the normal budget and the ceiling (both less
/// a safety margin for answering), or none when only a count limits.
fn deadlines(limits: SearchLimits, limit: u64, start: Instant) -> (Option<Instant>, Option<Instant>) {
    let time_ms = if limits.time_ms == 0 && limit == 0 { DEFAULT_TIME_MS } else { limits.time_ms };
    if time_ms == 0 {
        return (None, None);
    }
    let margin = |t: Duration| (t / 20).min(Duration::from_millis(150));
    let soft = Duration::from_millis(time_ms);
    let ceiling = soft.max(Duration::from_millis(limits.max_time_ms));
    (Some(start + soft - margin(soft)), Some(start + ceiling - margin(ceiling)))
}

/// Whether the two most visited root moves are close enough that more
/// time could change the choice (then the search stretches).
fn close_race(tree: &Tree) -> bool {
    let (mut first, mut second) = (0, 0);
    for c in tree.children(Tree::ROOT) {
        let v = tree.node(c).visits;
        if v > first {
            second = first;
            first = v;
        } else if v > second {
            second = v;
        }
    }
    (second as f64) * 1.5 > first as f64
}

/// The root moves with every thread's visits added up.
fn pool(workers: &[Worker]) -> Vec<Pooled> {
    let mut out: Vec<Pooled> = Vec::new();
    for w in workers {
        for c in w.tree.children(Tree::ROOT) {
            let n = w.tree.node(c);
            let entry = match out.iter_mut().position(|p| p.mv == n.mv) {
                Some(i) => &mut out[i],
                None => {
                    out.push(Pooled { mv: n.mv, visits: 0, value: 0.0, proof: Proof::Open, plies: 0 });
                    out.last_mut().expect("just pushed")
                }
            };
            entry.visits += n.visits as u64;
            entry.value += n.value as f64;
            if n.proof != Proof::Open && (entry.proof == Proof::Open || n.proof_plies < entry.plies) {
                entry.proof = n.proof;
                entry.plies = n.proof_plies;
            }
        }
    }
    out
}

/// A proven win (the quickest), else the most visited move not proven
/// lost, else the slowest loss.
fn choose(pooled: &[Pooled]) -> Option<&Pooled> {
    let won = pooled.iter().filter(|p| p.proof == Proof::Win).min_by_key(|p| p.plies);
    let open = pooled
        .iter()
        .filter(|p| p.proof != Proof::Loss)
        .max_by(|a, b| a.visits.cmp(&b.visits).then(mean(a).total_cmp(&mean(b))));
    won.or(open).or_else(|| pooled.iter().max_by_key(|p| p.plies))
}

fn mean(p: &Pooled) -> f64 {
    if p.visits == 0 {
        0.5
    } else {
        p.value / p.visits as f64
    }
}

/// A win rate as a score on the shared scale (the inverse of
/// [`crate::win_probability`]); proofs as decided scores.
fn pooled_score(p: &Pooled) -> i32 {
    match p.proof {
        Proof::Win => WIN - 1 - p.plies as i32,
        Proof::Loss => -(WIN - 1 - p.plies as i32),
        Proof::Open => rate_to_score(mean(p)),
    }
}

fn rate_to_score(rate: f64) -> i32 {
    let p = rate.clamp(0.001, 0.999);
    ((400.0 * (p / (1.0 - p)).log10()).round() as i32).clamp(-MAX_EVAL, MAX_EVAL)
}

/// A progress report from the main thread's tree.
fn report(w: &Worker, playouts: u64, start: Instant, style: &Style) -> SearchInfo {
    let elapsed = start.elapsed();
    let tree = &w.tree;
    let mut line = Vec::new();
    tree.line(Tree::ROOT, 16, &mut line);
    let best = tree.best_child(Tree::ROOT).map(|c| *tree.node(c));
    let rate = best.map_or(0.5, |n| n.mean() as f64);
    let score = best.map_or(0, |n| {
        let pooled =
            Pooled { mv: n.mv, visits: n.visits as u64, value: n.value as f64, proof: n.proof, plies: n.proof_plies };
        pooled_score(&pooled)
    });
    let per_second = playouts as f64 / elapsed.as_secs_f64().max(1e-3);
    let how = match style.leaf {
        Leaf::Eval => "evaluation",
        Leaf::Playout => "playouts",
    };
    SearchInfo {
        depth: w.max_depth as u32,
        seldepth: w.max_depth as u32,
        nodes: playouts,
        time_ms: elapsed.as_millis() as u64,
        score,
        pv: line.into(),
        note: format!("win rate {:.1}% · {playouts} playouts ({per_second:.0}/s, leaves by {how})", rate * 100.0)
            .into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rates_and_scores_agree() {
        assert_eq!(rate_to_score(0.5), 0);
        assert!(rate_to_score(0.75) > 150 && rate_to_score(0.75) < 250);
        assert_eq!(rate_to_score(0.25), -rate_to_score(0.75));
        let back = crate::win_probability(rate_to_score(0.64));
        assert!((back - 0.64).abs() < 0.01, "{back}");
    }
}
