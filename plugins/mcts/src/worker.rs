//! One search thread: its tree, its copy of the position, the iteration
//! (select, expand, evaluate the leaf, back up) and the leaf evaluations —
//! a playout to the end of the game (uniformly random, or guided by the
//! game's ordering hints) or the game's static evaluation.

use rules_api::{Move, MoveFlags, MoveInfo, PluginError, PositionBox, RSlice, RVec, StatusKind};
use tabula_kit::rand::Rng as _;
use tabula_kit::Rng;

use crate::tree::{Proof, Tree, NONE};

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
/// ten to one, as on the Elo scale.
pub fn win_probability(eval: i32) -> f32 {
    1.0 / (1.0 + 10f32.powf(-(eval as f32) / 400.0))
}

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
    path: Vec<u32>,
    /// The position after this thread's last chosen move, to find the new
    /// root in the old tree when the next search starts.
    pub after_move: Option<PositionBox>,
    /// The move the last search chose (the combined choice of all threads).
    pub chosen: Move,
    /// Deepest tree depth reached.
    pub max_depth: usize,
}

impl Worker {
    /// A thread with room for `capacity` nodes and its own random stream.
    pub fn new(capacity: usize, rng: Rng) -> Self {
        Worker {
            tree: Tree::new(capacity),
            rng,
            moves: RVec::with_capacity(256),
            infos: RVec::with_capacity(256),
            path: Vec::with_capacity(256),
            after_move: None,
            chosen: Move::NULL,
            max_depth: 0,
        }
    }

    /// Prepares the tree for `pos`: keeps the subtree of the last search if
    /// `pos` follows from its chosen move (one reply later), else starts
    /// afresh. Returns whether a subtree was kept.
    pub fn prepare(&mut self, pos: &PositionBox, players: u8) -> Result<bool, PluginError> {
        self.max_depth = 0;
        let target = pos.hash();
        let mut found = None;
        if let (Some(after), false) = (self.after_move.as_mut(), self.tree.is_empty()) {
            let chosen = self.tree.children(Tree::ROOT).find(|&c| self.tree.node(c).mv == self.chosen).unwrap_or(NONE);
            if chosen != NONE && after.hash() == target {
                found = Some(chosen);
            } else if chosen != NONE {
                for reply in self.tree.children(chosen) {
                    after.make_move(self.tree.node(reply).mv).into_result()?;
                    let same = after.hash() == target;
                    after.unmake_move().into_result()?;
                    if same {
                        found = Some(reply);
                        break;
                    }
                }
            }
        }
        self.after_move = None;
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
        let players = style.players;
        self.tree.backup(&self.path, |p| reward.for_player(p, players), players == 2);
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
                return terminal_reward(pos);
            }
            let child = self.tree.select(*node, style.exploration);
            pos.make_move(self.tree.node(child).mv).into_result()?;
            *made += 1;
            *node = child;
            self.path.push(child);
        }
        pos.legal_moves(&mut self.moves).into_result()?;
        if self.moves.is_empty() {
            let reward = terminal_reward(pos)?;
            let mover = self.tree.node(*node).player;
            let proof = match reward {
                Reward::Win(w) if w == mover => Proof::Win,
                Reward::Win(_) if style.players == 2 => Proof::Loss,
                _ => Proof::Open,
            };
            self.tree.set_terminal(*node, proof);
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
            keep_unprunable(&mut self.moves, &mut self.infos);
            self.tree.expand(*node, side, &self.moves, &self.infos);
        }
        self.value_leaf(pos, style)
    }

    /// The value of the leaf position `pos`.
    fn value_leaf(&mut self, pos: &mut PositionBox, style: &Style) -> Result<Reward, PluginError> {
        match style.leaf {
            Leaf::Eval => Ok(Reward::Odds(pos.side_to_move(), win_probability(pos.evaluate()))),
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
            pos.legal_moves(&mut self.moves).into_result()?;
            if self.moves.is_empty() {
                return terminal_reward(pos);
            }
            let n = self.moves.len();
            let mv = match style.playout {
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
            };
            pos.make_move(mv).into_result()?;
            *made += 1;
        }
        Ok(Reward::Odds(pos.side_to_move(), win_probability(pos.evaluate())))
    }
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

/// The result of a leaf, for every player.
#[derive(Copy, Clone, Debug)]
pub enum Reward {
    /// Player `.0` won.
    Win(u8),
    /// Nobody won.
    Draw,
    /// Player `.0` wins with probability `.1`.
    Odds(u8, f32),
}

impl Reward {
    /// The reward of `player` (0..=1) among `players`.
    pub fn for_player(self, player: u8, players: u8) -> f32 {
        let others = (players.max(2) - 1) as f32;
        match self {
            Reward::Win(w) => (w == player) as u8 as f32,
            Reward::Draw => 1.0 / players.max(2) as f32,
            Reward::Odds(p, q) if p == player => q,
            Reward::Odds(_, q) => (1.0 - q) / others,
        }
    }
}

/// The result of a position with no legal move.
fn terminal_reward(pos: &PositionBox) -> Result<Reward, PluginError> {
    let status = pos.status().into_result()?;
    Ok(match status.kind {
        StatusKind::WIN => Reward::Win(status.winner),
        StatusKind::DRAW => Reward::Draw,
        _ => {
            return Err(PluginError::internal(
                "mcts: the rules plugin gave no legal move in a position whose status says the game goes on",
            ))
        }
    })
}
