//! The search tree: nodes in one preallocated arena (children stored side
//! by side), PUCT selection, MCTS-Solver proofs, and re-rooting for tree
//! reuse between moves.
//!
//! A node stands for the position after its move. Its statistics are from
//! the view of the player who made that move (`player`), so a parent picks
//! the child whose own statistics are best: every player maximises their
//! own reward, which works for any number of players (the max^n view,
//! which Nijssen and Winands found the best tree structure for MCTS in
//! multi-player games).
//!
//! A node whose position is a chance node (`chance`) has the outcomes as
//! its children, their probabilities as their priors; a descent draws one
//! by its probability ([`Tree::sample`]) instead of choosing, so the
//! statistics above it average over the dice as the game does.

use rules_api::{ChanceOutcome, Move, MoveInfo};

/// No node (the root's parent, a node not yet expanded).
pub const NONE: u32 = u32::MAX;

/// A proof about a node, from the view of the player who moved into it.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Proof {
    /// Nothing proven.
    #[default]
    Open,
    /// That player wins with best play.
    Win,
    /// That player loses with best play.
    Loss,
}

/// One node of the tree.
#[derive(Copy, Clone, Debug)]
pub struct Node {
    /// The move into this node ([`Move::NULL`] for the root).
    pub mv: Move,
    /// First child in the arena, or [`NONE`] while unexpanded.
    pub first_child: u32,
    /// Number of children (contiguous from `first_child`).
    pub children: u32,
    /// Visits.
    pub visits: u32,
    /// Sum of rewards (0..=1) for `player` over the visits.
    pub value: f32,
    /// Prior probability from the game's ordering hints.
    pub prior: f32,
    /// The player who made `mv` (for a chance outcome: the player the roll
    /// was for).
    pub player: u8,
    /// Whether this node's position is a chance node: its children are
    /// the outcomes, drawn by probability, never chosen.
    pub chance: bool,
    /// What is proven about this node.
    pub proof: Proof,
    /// Plies from this node to the end of the game, when proven.
    pub proof_plies: u16,
}

impl Node {
    fn new(mv: Move, player: u8, prior: f32) -> Self {
        Node {
            mv,
            first_child: NONE,
            children: 0,
            visits: 0,
            value: 0.0,
            prior,
            player,
            chance: false,
            proof: Proof::Open,
            proof_plies: 0,
        }
    }

    /// Mean reward for the mover (0.5 before any visit).
    pub fn mean(&self) -> f32 {
        if self.visits == 0 {
            0.5
        } else {
            self.value / self.visits as f32
        }
    }
}

/// The arena of nodes.
pub struct Tree {
    nodes: Vec<Node>,
    /// Spare arena for re-rooting, so reuse allocates nothing once grown.
    spare: Vec<Node>,
    capacity: usize,
}

/// Reward an unvisited child is assumed to have (first-play urgency):
/// a little below even, so priors lead the first visits.
const FPU: f32 = 0.45;

impl Tree {
    /// An empty tree holding at most `capacity` nodes.
    pub fn new(capacity: usize) -> Self {
        Tree { nodes: Vec::with_capacity(capacity.min(1 << 16)), spare: Vec::new(), capacity: capacity.max(1) }
    }

    /// Starts over with a root for a position where `player_before` moved
    /// last (only used to label the root).
    pub fn reset(&mut self, player_before: u8) {
        self.nodes.clear();
        self.nodes.push(Node::new(Move::NULL, player_before, 1.0));
    }

    /// The root's index.
    pub const ROOT: u32 = 0;

    /// Number of nodes in use.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no root yet.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// A node.
    pub fn node(&self, i: u32) -> &Node {
        &self.nodes[i as usize]
    }

    fn node_mut(&mut self, i: u32) -> &mut Node {
        &mut self.nodes[i as usize]
    }

    /// The children's indices of `i`.
    pub fn children(&self, i: u32) -> std::ops::Range<u32> {
        let n = self.node(i);
        if n.first_child == NONE {
            0..0
        } else {
            n.first_child..n.first_child + n.children
        }
    }

    /// Whether `i` has been expanded.
    pub fn is_expanded(&self, i: u32) -> bool {
        self.node(i).first_child != NONE
    }

    /// Whether `count` more nodes fit.
    pub fn has_room(&self, count: usize) -> bool {
        self.nodes.len() + count <= self.capacity
    }

    /// Gives `i` one child per move of `moves` (made by `mover`), with
    /// priors from the hints: a softmax of the hints' z-scores, so only
    /// their order and spread matter, never their scale.
    pub fn expand(&mut self, i: u32, mover: u8, moves: &[Move], infos: &[MoveInfo]) {
        let n = moves.len();
        let mean = infos.iter().map(|m| m.hint as f64).sum::<f64>() / n.max(1) as f64;
        let var = infos.iter().map(|m| (m.hint as f64 - mean).powi(2)).sum::<f64>() / n.max(1) as f64;
        let sd = var.sqrt();
        let weight = |hint: i32| if sd > 0.0 { ((hint as f64 - mean) / sd).clamp(-3.0, 3.0).exp() } else { 1.0 };
        let total: f64 = infos.iter().map(|m| weight(m.hint)).sum();
        let first = self.nodes.len() as u32;
        for (&mv, info) in moves.iter().zip(infos) {
            self.nodes.push(Node::new(mv, mover, (weight(info.hint) / total) as f32));
        }
        let node = self.node_mut(i);
        node.first_child = first;
        node.children = n as u32;
    }

    /// Gives the chance node `i` one child per outcome (the roll for
    /// `roller`), its prior the outcome's share of the total probability.
    pub fn expand_chance(&mut self, i: u32, roller: u8, outcomes: &[ChanceOutcome]) {
        let total: f64 = outcomes.iter().map(|o| o.probability.max(0.0)).sum();
        let first = self.nodes.len() as u32;
        for o in outcomes {
            let share = if total > 0.0 { o.probability.max(0.0) / total } else { 1.0 / outcomes.len() as f64 };
            self.nodes.push(Node::new(o.mv, roller, share as f32));
        }
        let node = self.node_mut(i);
        node.first_child = first;
        node.children = outcomes.len() as u32;
        node.chance = true;
    }

    /// The outcome of chance node `i` at `x` (uniform in 0..1) along the
    /// cumulative priors.
    pub fn sample(&self, i: u32, mut x: f32) -> u32 {
        let children = self.children(i);
        for c in children.clone() {
            let p = self.node(c).prior;
            if x < p {
                return c;
            }
            x -= p;
        }
        // Rounding past the end: the last outcome.
        children.end - 1
    }

    /// The child of `i` to visit next: a proven win at once; otherwise the
    /// best PUCT value among children not proven lost, with `c` weighing
    /// the prior against the mean.
    pub fn select(&self, i: u32, c: f32) -> u32 {
        let parent_visits = self.node(i).visits.max(1) as f32;
        let sqrt_n = parent_visits.sqrt();
        let mut best = NONE;
        let mut best_value = f32::NEG_INFINITY;
        for ch in self.children(i) {
            let n = self.node(ch);
            match n.proof {
                Proof::Win => return ch,
                Proof::Loss => continue,
                Proof::Open => {}
            }
            let q = if n.visits == 0 { FPU } else { n.mean() };
            let u = q + c * n.prior * sqrt_n / (1.0 + n.visits as f32);
            if u > best_value {
                best_value = u;
                best = ch;
            }
        }
        // Every child lost: any will do (the parent is proven).
        if best == NONE {
            self.children(i).start
        } else {
            best
        }
    }

    /// Adds one visit with `reward(player)` to each node of `path`
    /// (root first), and in a two-player game spreads proofs upwards (a
    /// node is proven once its children decide it).
    pub fn backup(&mut self, path: &[u32], reward: impl Fn(u8) -> f32, two_players: bool) {
        for &i in path.iter().rev() {
            let node = self.node_mut(i);
            node.visits += 1;
            node.value += reward(node.player);
        }
        if !two_players {
            return;
        }
        for w in path.windows(2).rev() {
            let parent = w[0];
            if self.node(parent).proof != Proof::Open {
                continue;
            }
            match self.proof_from_children(parent) {
                Some((proof, plies)) => {
                    let node = self.node_mut(parent);
                    node.proof = proof;
                    node.proof_plies = plies;
                }
                None => break,
            }
        }
    }

    /// What the children of `parent` prove about it, from its own mover's
    /// view, in a two-player game. The children's proofs are from the view
    /// of the player to move at `parent`: a child won for them wins the
    /// position for them, all children lost lose it; at a chance node every
    /// outcome must agree. Then the position is won or lost for `parent`'s
    /// own player according to whether that is the same player (a player
    /// moving twice) or the other.
    fn proof_from_children(&self, parent: u32) -> Option<(Proof, u16)> {
        let node = self.node(parent);
        let kids = self.children(parent);
        let first = *self.node(kids.clone().next()?);
        let all = |p: Proof| kids.clone().all(|c| self.node(c).proof == p);
        let longest = || kids.clone().map(|c| self.node(c).proof_plies).max().unwrap_or(0);
        let (for_mover, plies) = if node.chance {
            if all(Proof::Win) {
                (Proof::Win, longest())
            } else if all(Proof::Loss) {
                (Proof::Loss, longest())
            } else {
                return None;
            }
        } else if let Some(won) =
            kids.clone().filter(|&c| self.node(c).proof == Proof::Win).min_by_key(|&c| self.node(c).proof_plies)
        {
            (Proof::Win, self.node(won).proof_plies)
        } else if all(Proof::Loss) {
            (Proof::Loss, longest())
        } else {
            return None;
        };
        let proof = match (for_mover, first.player == node.player) {
            (p, true) => p,
            (Proof::Win, false) => Proof::Loss,
            (_, false) => Proof::Win,
        };
        Some((proof, plies + 1))
    }

    /// Marks a finished game at `i`: won, lost or (open) drawn for its mover.
    pub fn set_terminal(&mut self, i: u32, proof: Proof) {
        let node = self.node_mut(i);
        node.proof = proof;
        node.proof_plies = 0;
        // A finished game has no children to expand: mark it expanded.
        node.first_child = if node.first_child == NONE { 0 } else { node.first_child };
    }

    /// The root's child to play: a proven win (the quickest), else the most
    /// visited child not proven lost (the best mean breaks ties).
    pub fn best_child(&self, i: u32) -> Option<u32> {
        let won = self.children(i).filter(|&c| self.node(c).proof == Proof::Win);
        if let Some(c) = won.min_by_key(|&c| self.node(c).proof_plies) {
            return Some(c);
        }
        let open = self.children(i).filter(|&c| self.node(c).proof != Proof::Loss);
        let key = |c: &u32| (self.node(*c).visits, (self.node(*c).mean() * 1e6) as i64);
        open.max_by_key(key).or_else(|| {
            // Everything loses: the slowest loss.
            self.children(i).max_by_key(|&c| self.node(c).proof_plies)
        })
    }

    /// The line of most visited children from `i`, at most `max` moves.
    pub fn line(&self, mut i: u32, max: usize, out: &mut Vec<Move>) {
        out.clear();
        while out.len() < max {
            match self.best_child(i) {
                Some(c) if self.node(c).visits > 0 || self.node(c).proof != Proof::Open => {
                    out.push(self.node(c).mv);
                    i = c;
                }
                _ => break,
            }
        }
    }

    /// Keeps only the subtree under `i`, which becomes the root.
    pub fn reroot(&mut self, i: u32) {
        let mut spare = std::mem::take(&mut self.spare);
        spare.clear();
        spare.push(self.nodes[i as usize]);
        // Breadth first: each copied node's children are copied together,
        // so they stay contiguous.
        let mut next = 0;
        while next < spare.len() {
            let old = spare[next];
            if old.first_child != NONE && old.children > 0 {
                let start = spare.len() as u32;
                let range = old.first_child as usize..(old.first_child + old.children) as usize;
                spare.extend_from_slice(&self.nodes[range]);
                spare[next].first_child = start;
            }
            next += 1;
        }
        self.spare = std::mem::replace(&mut self.nodes, spare);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::MoveFlags;

    fn infos(hints: &[i32]) -> Vec<MoveInfo> {
        hints.iter().map(|&hint| MoveInfo { hint, flags: MoveFlags::NONE }).collect()
    }

    #[test]
    fn priors_follow_the_hints_and_sum_to_one() {
        let mut t = Tree::new(100);
        t.reset(1);
        let moves = [Move::place(0), Move::place(1), Move::place(2)];
        t.expand(Tree::ROOT, 0, &moves, &infos(&[5, 1_000_000, 5]));
        let p: Vec<f32> = t.children(Tree::ROOT).map(|c| t.node(c).prior).collect();
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(p[1] > p[0] && p[0] == p[2]);
        let mut flat = Tree::new(100);
        flat.reset(1);
        flat.expand(Tree::ROOT, 0, &moves, &infos(&[7, 7, 7]));
        assert!(flat.children(Tree::ROOT).all(|c| (flat.node(c).prior - 1.0 / 3.0).abs() < 1e-6));
    }

    #[test]
    fn proofs_spread_up_in_two_player_games() {
        let mut t = Tree::new(100);
        t.reset(1);
        let moves = [Move::place(0), Move::place(1)];
        t.expand(Tree::ROOT, 0, &moves, &infos(&[0, 0]));
        let (a, b) = (1, 2);
        t.expand(a, 1, &[Move::place(5)], &infos(&[0]));
        let a1 = t.children(a).start;
        t.set_terminal(a1, Proof::Win);
        t.backup(&[Tree::ROOT, a, a1], |p| if p == 1 { 1.0 } else { 0.0 }, true);
        assert_eq!(t.node(a).proof, Proof::Loss, "player 1 wins after a, so a loses for player 0");
        assert_eq!(t.node(Tree::ROOT).proof, Proof::Open, "b is still open");
        t.set_terminal(b, Proof::Win);
        t.backup(&[Tree::ROOT, b], |p| if p == 0 { 1.0 } else { 0.0 }, true);
        assert_eq!(t.best_child(Tree::ROOT), Some(b));
        assert_eq!(t.node(Tree::ROOT).proof, Proof::Loss);
        assert_eq!(t.select(Tree::ROOT, 1.0), b, "a proven win is always selected");
    }

    fn outcomes(n: u16) -> Vec<ChanceOutcome> {
        (0..n).map(|i| ChanceOutcome { mv: Move::off_board(10 + i), probability: 1.0 / n as f64 }).collect()
    }

    #[test]
    fn chance_nodes_draw_by_probability_and_are_proven_only_when_every_outcome_agrees() {
        let mut t = Tree::new(100);
        t.reset(1);
        // Player 0 rolls (the root's only child), then has two outcomes.
        t.expand(Tree::ROOT, 0, &[Move::off_board(2)], &infos(&[0]));
        let roll = 1;
        t.expand_chance(roll, 0, &outcomes(2));
        let (a, b) = (t.children(roll).start, t.children(roll).start + 1);
        assert!(t.node(roll).chance);
        assert_eq!((t.sample(roll, 0.2), t.sample(roll, 0.7), t.sample(roll, 1.0)), (a, b, b));
        t.set_terminal(a, Proof::Loss);
        t.backup(&[Tree::ROOT, roll, a], |p| if p == 0 { 0.0 } else { 1.0 }, true);
        assert_eq!(t.node(roll).proof, Proof::Open, "one outcome lost, the other open");
        t.set_terminal(b, Proof::Loss);
        t.backup(&[Tree::ROOT, roll, b], |p| if p == 0 { 0.0 } else { 1.0 }, true);
        assert_eq!(t.node(roll).proof, Proof::Loss, "every outcome loses for the roller");
        assert_eq!(t.node(Tree::ROOT).proof, Proof::Win, "so the position is won for the other player");
    }

    #[test]
    fn a_player_moving_twice_keeps_a_won_child_on_their_side() {
        let mut t = Tree::new(100);
        t.reset(1);
        t.expand(Tree::ROOT, 0, &[Move::place(0)], &infos(&[0]));
        let a = 1;
        // Player 0 moves again after a.
        t.expand(a, 0, &[Move::place(1), Move::place(2)], &infos(&[0, 0]));
        let won = t.children(a).start;
        t.set_terminal(won, Proof::Win);
        t.backup(&[Tree::ROOT, a, won], |p| if p == 0 { 1.0 } else { 0.0 }, true);
        assert_eq!(t.node(a).proof, Proof::Win, "player 0 wins after a, and a is player 0's");
    }

    #[test]
    fn rerooting_keeps_the_subtree_and_its_statistics() {
        let mut t = Tree::new(100);
        t.reset(1);
        t.expand(Tree::ROOT, 0, &[Move::place(0), Move::place(1)], &infos(&[0, 0]));
        t.expand(2, 1, &[Move::place(7), Move::place(8)], &infos(&[1, 2]));
        t.backup(&[Tree::ROOT, 2, 4], |_| 0.75, true);
        t.reroot(2);
        assert_eq!(t.len(), 3);
        assert_eq!(t.node(Tree::ROOT).mv, Move::place(1));
        let kids: Vec<Move> = t.children(Tree::ROOT).map(|c| t.node(c).mv).collect();
        assert_eq!(kids, [Move::place(7), Move::place(8)]);
        assert_eq!(t.node(2).visits, 1);
        assert!((t.node(2).mean() - 0.75).abs() < 1e-6);
    }
}
