//! One search thread: its tree, its copy of the position, the iteration
//! (select, expand, evaluate the leaf, back up) and the leaf evaluations —
//! a playout to the end of the game (uniformly random, or guided by the
//! game's ordering hints) or the game's static evaluation.
//!
//! Chance nodes are never chosen: the descent and the playouts draw their
//! outcome by its probability. A leaf's value is a reward for every player
//! ([`Reward`]): their standing among the payoffs of a finished game, or
//! the chance of winning their own evaluation gives.

use rules_api::{
    ChanceOutcome, Move, MoveFlags, MoveInfo, PluginError, PositionBox, PositionFlags, RSlice, RVec, StatusKind,
};
use tabula_kit::rand::Rng as _;
use tabula_kit::Rng;

use crate::tree::{Proof, Tree};

/// How a leaf is valued.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Leaf {
    /// A playout to the end of the game.
    Playout,
    /// The game's static evaluation, turned into a win probability.
    Eval,
}

/// How playouts choose their moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Playout {
    /// Uniformly at random.
    Random,
    /// The best-hinted of a few random candidates, so playouts look like
    /// plausible games (captures, blocks) at a small cost.
    Hint,
}

/// Plies after which a playout stops and is valued by the evaluation (or
/// counted as a draw in games without one).
pub const PLAYOUT_PLIES: usize = 400;

/// The evaluation (hundredths of a pawn-like unit, mover's view) as the
/// mover's chance of winning: a logistic curve on which 400 units are
/// ten to one, as on the Elo scale (`tabula_kit::value::win_probability`,
/// which every strategy shares).
pub fn win_probability(eval: i32) -> f32 {
    tabula_kit::value::win_probability(eval.clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)) as f32
}

/// Most players a game may have.
pub const MAX_PLAYERS: usize = 6;

/// The settings every thread shares.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    /// How leaves are valued.
    pub leaf: Leaf,
    /// How playouts move.
    pub playout: Playout,
    /// PUCT's exploration constant.
    pub exploration: f32,
    /// Number of players of the game.
    pub players: u8,
}

/// One thread's search state.
pub struct Worker {
    pub tree: Tree,
    pub rng: Rng,
    moves: RVec<Move>,
    infos: RVec<MoveInfo>,
    outcomes: RVec<ChanceOutcome>,
    evaluations: RVec<i32>,
    path: Vec<u32>,
    /// The position after this thread's last chosen move, to find the new
    /// root in the old tree when the next search starts.
    pub after_move: Option<PositionBox>,
    /// The move the last search chose (the combined choice of all threads).
    pub chosen: Move,
    /// Deepest tree depth reached.
    pub max_depth: usize,
    /// The most players seen to move or be evaluated.
    pub players_seen: u8,
    /// Whether a chance node came up.
    pub chance_seen: bool,
}

impl Worker {
    /// A thread with room for `capacity` nodes and its own random stream.
    pub fn new(capacity: usize, rng: Rng) -> Self {
        Worker {
            tree: Tree::new(capacity),
            rng,
            moves: RVec::with_capacity(256),
            infos: RVec::with_capacity(256),
            outcomes: RVec::with_capacity(64),
            evaluations: RVec::with_capacity(MAX_PLAYERS),
            path: Vec::with_capacity(256),
            after_move: None,
            chosen: Move::NULL,
            max_depth: 0,
            players_seen: 2,
            chance_seen: false,
        }
    }

    /// Prepares the tree for `pos`: keeps the subtree of the last search if
    /// `pos` follows from its chosen move (a reply later; with dice or more
    /// players, every roll and player until this one's turn again), else
    /// starts afresh. Returns whether a subtree was kept.
    pub fn prepare(&mut self, pos: &PositionBox, players: u8) -> Result<bool, PluginError> {
        self.max_depth = 0;
        let target = pos.hash();
        let mut found = None;
        if let (Some(mut after), false) = (self.after_move.take(), self.tree.is_empty()) {
            let chosen = self.tree.children(Tree::ROOT).find(|&c| self.tree.node(c).mv == self.chosen);
            if let Some(chosen) = chosen {
                let plies = if self.chance_seen || players > 2 { 2 * players as usize + 2 } else { 1 };
                let mut budget = REUSE_BUDGET;
                found = find_below(&self.tree, chosen, &mut after, target, plies, &mut budget)?;
            }
        }
        match found {
            Some(i) => self.tree.reroot(i),
            None => {
                let before = (pos.side_to_move() % players + players - 1) % players;
                self.tree.reset(before);
            }
        }
        Ok(found.is_some())
    }

    /// One iteration from the root of `pos` (which it leaves unchanged).
    pub fn iterate(&mut self, pos: &mut PositionBox, style: &Style) -> Result<(), PluginError> {
        self.path.clear();
        self.path.push(Tree::ROOT);
        let mut node = Tree::ROOT;
        let mut made = 0;
        let result = self.descend(pos, style, &mut node, &mut made);
        for _ in 0..made {
            pos.unmake_move().into_result()?;
        }
        let reward = result?;
        let two_players = style.players == 2 && self.players_seen == 2;
        self.tree.backup(&self.path, |p| reward.of(p), two_players);
        self.max_depth = self.max_depth.max(self.path.len() - 1);
        Ok(())
    }

    /// Walks down, expands the leaf and values it; counts the moves made
    /// in `made` so the caller can take them back whatever happens.
    fn descend(
        &mut self,
        pos: &mut PositionBox,
        style: &Style,
        node: &mut u32,
        made: &mut usize,
    ) -> Result<Reward, PluginError> {
        while self.tree.is_expanded(*node) {
            let n = self.tree.node(*node);
            if n.children == 0 {
                // A finished game: its result again.
                return self.terminal_reward(pos);
            }
            let child = if n.chance {
                self.tree.sample(*node, self.rng.random::<f32>())
            } else {
                self.tree.select(*node, style.exploration)
            };
            pos.make_move(self.tree.node(child).mv).into_result()?;
            *made += 1;
            *node = child;
            self.path.push(child);
        }
        if pos.flags().contains(PositionFlags::CHANCE) {
            self.chance_seen = true;
            pos.chance_outcomes(&mut self.outcomes).into_result()?;
            if self.outcomes.is_empty() {
                return Err(PluginError::internal("mcts: a chance node listed no outcome"));
            }
            if self.tree.has_room(self.outcomes.len()) {
                let roller = pos.side_to_move();
                self.note_player(roller);
                self.tree.expand_chance(*node, roller, &self.outcomes);
            }
            return self.value_leaf(pos, style);
        }
        if self.path.len() > 1 && claimable(pos) {
            // The mover may claim a draw here: a finished game for the tree.
            self.tree.set_terminal(*node, Proof::Open);
            return Ok(DRAW);
        }
        pos.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            let reward = self.terminal_reward(pos)?;
            let mover = self.tree.node(*node).player;
            self.tree.set_terminal(*node, reward.proof_for(mover, style.players.max(self.players_seen)));
            return Ok(reward);
        }
        if self.tree.has_room(self.moves.len()) {
            pos.move_infos(RSlice::from_slice(&self.moves), &mut self.infos).into_result()?;
            if self.infos.len() != self.moves.len() {
                return Err(PluginError::internal(format!(
                    "mcts: the rules plugin gave {} move infos for {} moves",
                    self.infos.len(),
                    self.moves.len()
                )));
            }
            let side = pos.side_to_move();
            self.note_player(side);
            keep_unprunable(&mut self.moves, &mut self.infos);
            self.tree.expand(*node, side, &self.moves, &self.infos);
        }
        self.value_leaf(pos, style)
    }

    /// Notes that `player` moves in this game.
    fn note_player(&mut self, player: u8) {
        self.players_seen = self.players_seen.max(player.saturating_add(1));
    }

    /// The value of the leaf position `pos`.
    fn value_leaf(&mut self, pos: &mut PositionBox, style: &Style) -> Result<Reward, PluginError> {
        match style.leaf {
            Leaf::Eval => Ok(self.evaluation_reward(pos)),
            Leaf::Playout => {
                let mut made = 0;
                let result = self.playout(pos, style, &mut made);
                for _ in 0..made {
                    pos.unmake_move().into_result()?;
                }
                result
            }
        }
    }

    fn playout(&mut self, pos: &mut PositionBox, style: &Style, made: &mut usize) -> Result<Reward, PluginError> {
        for _ in 0..PLAYOUT_PLIES {
            let mv = if pos.flags().contains(PositionFlags::CHANCE) {
                pos.chance_outcomes(&mut self.outcomes).into_result()?;
                draw(&self.outcomes, self.rng.random::<f64>())
                    .ok_or_else(|| PluginError::internal("mcts: a chance node listed no outcome"))?
            } else {
                if claimable(pos) {
                    return Ok(DRAW);
                }
                pos.legal_moves(&mut self.moves).into_result()?;
                if self.moves.is_empty() {
                    return self.terminal_reward(pos);
                }
                self.playout_move(pos, style)?
            };
            pos.make_move(mv).into_result()?;
            *made += 1;
        }
        Ok(self.evaluation_reward(pos))
    }

    /// A playout's choice among the legal moves in `self.moves`.
    fn playout_move(&mut self, pos: &PositionBox, style: &Style) -> Result<Move, PluginError> {
        let n = self.moves.len();
        Ok(match style.playout {
            Playout::Random => self.moves[self.rng.random_range(0..n)],
            Playout::Hint => {
                pos.move_infos(RSlice::from_slice(&self.moves), &mut self.infos).into_result()?;
                let mut best = self.rng.random_range(0..n);
                for _ in 0..2 {
                    let other = self.rng.random_range(0..n);
                    let hint = |i: usize| self.infos.get(i).map_or(0, |info| info.hint);
                    if hint(other) > hint(best) {
                        best = other;
                    }
                }
                self.moves[best]
            }
        })
    }

    /// Every player's reward from the static evaluation: each player's own
    /// (`evaluate_all`) when the game gives them, else the mover's, the
    /// others having its negation.
    fn evaluation_reward(&mut self, pos: &PositionBox) -> Reward {
        pos.evaluate_all(&mut self.evaluations);
        let mut reward = Reward([0.5; MAX_PLAYERS]);
        if self.evaluations.is_empty() {
            let mover = pos.side_to_move() as usize;
            let q = win_probability(pos.evaluate());
            reward.0 = [1.0 - q; MAX_PLAYERS];
            if mover < MAX_PLAYERS {
                reward.0[mover] = q;
            }
        } else {
            self.players_seen = self.players_seen.max(self.evaluations.len().min(MAX_PLAYERS) as u8);
            for (r, &e) in reward.0.iter_mut().zip(self.evaluations.iter()) {
                *r = win_probability(e);
            }
        }
        reward
    }

    /// The result of a position with no legal move (or a draw the mover
    /// may claim), for every player.
    fn terminal_reward(&mut self, pos: &PositionBox) -> Result<Reward, PluginError> {
        let outcome = pos.result().into_result()?;
        if outcome.status.kind == StatusKind::ONGOING && claimable(pos) {
            return Ok(DRAW);
        }
        if outcome.status.kind == StatusKind::ONGOING {
            return Err(PluginError::internal(
                "mcts: the rules plugin gave no legal move in a position whose status says the game goes on",
            ));
        }
        self.players_seen = self.players_seen.max(outcome.payoffs.len().min(MAX_PLAYERS) as u8);
        let mut reward = Reward([0.0; MAX_PLAYERS]);
        for (p, r) in reward.0.iter_mut().enumerate() {
            *r = tabula_kit::value::reward(&outcome, p as u8) as f32;
        }
        Ok(reward)
    }
}

/// Every player's reward for a draw.
const DRAW: Reward = Reward([0.5; MAX_PLAYERS]);

/// Whether the player to move may claim a draw in `pos` (rules-api 0.2.2's
/// `draw_claim`, chess's threefold repetition and fifty moves): the search
/// counts it as a draw, as the player may always take one.
fn claimable(pos: &PositionBox) -> bool {
    matches!(pos.draw_claim(), rules_api::RResult::ROk(reason) if !reason.is_empty())
}

/// Most nodes looked at when finding the new root in the old tree.
const REUSE_BUDGET: usize = 20_000;

/// The node at or under `from`, at most `plies` moves down through expanded
/// nodes, whose position has the hash `target`; `at` is `from`'s position
/// and is left as found. Looks at no more than `budget` nodes.
fn find_below(
    tree: &Tree,
    from: u32,
    at: &mut PositionBox,
    target: u64,
    plies: usize,
    budget: &mut usize,
) -> Result<Option<u32>, PluginError> {
    if at.hash() == target {
        return Ok(Some(from));
    }
    if plies == 0 || *budget == 0 {
        return Ok(None);
    }
    for child in tree.children(from) {
        *budget = budget.saturating_sub(1);
        at.make_move(tree.node(child).mv).into_result()?;
        let found = find_below(tree, child, at, target, plies - 1, budget);
        at.unmake_move().into_result()?;
        if let Some(i) = found? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// The outcome at `x` (uniform in 0..1) along the cumulative probabilities.
fn draw(outcomes: &[ChanceOutcome], x: f64) -> Option<Move> {
    let total: f64 = outcomes.iter().map(|o| o.probability.max(0.0)).sum();
    let mut x = x * total;
    for o in outcomes {
        if x < o.probability {
            return Some(o.mv);
        }
        x -= o.probability.max(0.0);
    }
    outcomes.last().map(|o| o.mv)
}

/// Drops the moves a game flags as prunable when others remain (far
/// points on a large board), keeping both lists aligned.
fn keep_unprunable(moves: &mut RVec<Move>, infos: &mut RVec<MoveInfo>) {
    if !infos.iter().any(|i| !i.flags.contains(MoveFlags::PRUNABLE)) {
        return;
    }
    let mut keep = 0;
    for i in 0..moves.len() {
        if !infos[i].flags.contains(MoveFlags::PRUNABLE) {
            moves[keep] = moves[i];
            infos[keep] = infos[i];
            keep += 1;
        }
    }
    moves.truncate(keep);
    infos.truncate(keep);
}

/// The value of a leaf for every player, each from 0 (the worst) to 1 (the
/// best): their standing among the payoffs of a finished game
/// (`tabula_kit::value::reward`: the winner 1, the last 0, the places
/// between proportionally, all equal 0.5), or their chance of winning by
/// the evaluation.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Reward(pub [f32; MAX_PLAYERS]);

impl Reward {
    /// The reward of `player`.
    pub fn of(&self, player: u8) -> f32 {
        self.0.get(player as usize).copied().unwrap_or(0.5)
    }

    /// What a finished game among `players` players proves for `mover`:
    /// a win when they alone have the best result, and with two players a
    /// loss when they have the worst.
    fn proof_for(&self, mover: u8, players: u8) -> Proof {
        let mine = self.of(mover);
        let alone = (0..players).filter(|&p| p != mover).all(|p| self.of(p) < 1.0);
        if mine >= 1.0 && alone {
            Proof::Win
        } else if players == 2 && mine <= 0.0 {
            Proof::Loss
        } else {
            Proof::Open
        }
    }
}
