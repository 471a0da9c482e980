//! What the position knows about its board between moves: the chains
//! (orthogonally connected stones of one colour) with their liberties, and
//! which points the side to move may play. Recomputed after every change
//! in one pass over the board, into buffers that are reused, so making and
//! taking back moves allocates nothing once they have grown.

use std::collections::HashMap;

use crate::layout::{Layout, NO_POINT};

/// `chain` of an empty point.
pub const NO_CHAIN: u16 = u16::MAX;

/// A chain of stones.
#[derive(Copy, Clone, Debug, Default)]
pub struct Chain {
    /// 1 black, 2 white.
    pub colour: u8,
    /// Stones.
    pub size: u16,
    /// Distinct liberties.
    pub libs: u16,
    /// One of its liberties (the only one when `libs == 1`).
    pub lib: u16,
    /// The XOR of its stones' keys: what capturing it does to the hash.
    pub key: u64,
    /// A stone of the chain.
    pub first: u16,
}

/// What placing a stone on an empty point would do.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Effect {
    /// Not suicide.
    pub safe: bool,
    /// Stones captured.
    pub captures: u16,
    /// The hash key of the stones captured.
    pub captured_key: u64,
}

/// Bit sets over the points.
#[derive(Clone, Debug, Default)]
pub struct Bits(Vec<u64>);

impl Bits {
    fn reset(&mut self, cells: usize) {
        self.0.clear();
        self.0.resize(cells.div_ceil(64), 0);
    }
    /// Whether `p` is in the set.
    #[inline]
    pub fn has(&self, p: usize) -> bool {
        self.0[p / 64] >> (p % 64) & 1 == 1
    }
    fn set(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }
    /// The number of points in the set.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

/// Chains, liberties and legal points of one board for one mover.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// The chain of each point ([`NO_CHAIN`] when empty).
    pub chain: Vec<u16>,
    /// The chains.
    pub chains: Vec<Chain>,
    /// Empty points the mover may play (not suicide, not superko).
    pub legal: Bits,
    /// Empty points refused only by positional superko.
    pub banned: Bits,
    /// The XOR of the ban keys of `banned`.
    pub ban_hash: u64,
    stack: Vec<u16>,
    stamp: Vec<u32>,
    generation: u32,
}

/// The board's history as superko needs it: how often each board hash
/// occurred, and how many boards had each stone count (a cheap filter:
/// only a move reaching a count seen before can repeat a board).
#[derive(Clone, Debug, Default)]
pub struct Seen {
    boards: HashMap<u64, u32>,
    stones: Vec<u32>,
}

impl Seen {
    /// An empty history for a board of `cells` points.
    pub fn new(cells: usize) -> Seen {
        Seen { boards: HashMap::new(), stones: vec![0; cells + 2] }
    }
    /// Records a board.
    pub fn add(&mut self, hash: u64, stones: usize) {
        *self.boards.entry(hash).or_insert(0) += 1;
        self.stones[stones] += 1;
    }
    /// Forgets one occurrence of a board.
    pub fn remove(&mut self, hash: u64, stones: usize) {
        if let Some(n) = self.boards.get_mut(&hash) {
            *n -= 1;
            if *n == 0 {
                self.boards.remove(&hash);
            }
        }
        self.stones[stones] = self.stones[stones].saturating_sub(1);
    }
    /// Whether a board with this hash and stone count occurred.
    #[inline]
    pub fn contains(&self, hash: u64, stones: usize) -> bool {
        self.stones.get(stones).is_some_and(|&n| n > 0) && self.boards.contains_key(&hash)
    }
}

/// The board as the analysis reads it.
pub struct BoardView<'a> {
    /// 0 empty, 1 black, 2 white.
    pub cells: &'a [u8],
    /// The Zobrist hash of the stones.
    pub hash: u64,
    /// Stones on the board.
    pub stones: usize,
}

impl Analysis {
    /// Recomputes everything for `board` with `colour` to move.
    pub fn refresh(&mut self, layout: &Layout, board: &BoardView<'_>, colour: u8, seen: &Seen) {
        let cells = layout.cells;
        self.chain.clear();
        self.chain.resize(cells, NO_CHAIN);
        self.chains.clear();
        if self.stamp.len() != cells {
            self.stamp.clear();
            self.stamp.resize(cells, 0);
            self.generation = 0;
        }
        for p in 0..cells {
            if board.cells[p] != 0 && self.chain[p] == NO_CHAIN {
                self.label(layout, board.cells, p);
            }
        }
        self.legal.reset(cells);
        self.banned.reset(cells);
        self.ban_hash = 0;
        for p in 0..cells {
            if board.cells[p] != 0 {
                continue;
            }
            let effect = self.effect(layout, board.cells, p, colour);
            if !effect.safe {
                continue;
            }
            let after = board.stones + 1 - effect.captures as usize;
            let hash = board.hash ^ layout.key(p, colour) ^ effect.captured_key;
            if seen.contains(hash, after) {
                self.banned.set(p);
                self.ban_hash ^= layout.ban_key(p);
            } else {
                self.legal.set(p);
            }
        }
    }

    fn next_stamp(&mut self) -> u32 {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.generation = 1;
        }
        self.generation
    }

    /// Labels the chain through `start` and counts its liberties.
    fn label(&mut self, layout: &Layout, cells: &[u8], start: usize) {
        let id = self.chains.len() as u16;
        let colour = cells[start];
        let stamp = self.next_stamp();
        let mut chain = Chain { colour, size: 0, libs: 0, lib: NO_POINT, key: 0, first: start as u16 };
        self.stack.clear();
        self.stack.push(start as u16);
        self.chain[start] = id;
        while let Some(p) = self.stack.pop() {
            let p = p as usize;
            chain.size += 1;
            chain.key ^= layout.key(p, colour);
            for q in layout.around(p) {
                if cells[q] == 0 {
                    if self.stamp[q] != stamp {
                        self.stamp[q] = stamp;
                        chain.libs += 1;
                        chain.lib = q as u16;
                    }
                } else if cells[q] == colour && self.chain[q] == NO_CHAIN {
                    self.chain[q] = id;
                    self.stack.push(q as u16);
                }
            }
        }
        self.chains.push(chain);
    }

    /// What a stone of `colour` on the empty point `p` would do.
    pub fn effect(&self, layout: &Layout, cells: &[u8], p: usize, colour: u8) -> Effect {
        let mut effect = Effect::default();
        let mut taken = [NO_CHAIN; 4];
        for (i, q) in layout.around(p).enumerate() {
            if cells[q] == 0 {
                effect.safe = true;
                continue;
            }
            let id = self.chain[q];
            let c = self.chains[id as usize];
            if c.colour == colour {
                effect.safe |= c.libs >= 2;
            } else if c.libs == 1 && !taken.contains(&id) {
                taken[i] = id;
                effect.safe = true;
                effect.captures += c.size;
                effect.captured_key ^= c.key;
            }
        }
        effect
    }

    /// The chain on `p`, if a stone stands there.
    #[inline]
    pub fn chain_at(&self, p: usize) -> Option<&Chain> {
        self.chains.get(self.chain[p] as usize)
    }

    /// Every stone of the chain through `p`, pushed onto `out`.
    pub fn stones_of(&self, p: usize, out: &mut Vec<u16>) {
        let id = self.chain[p];
        if id == NO_CHAIN {
            return;
        }
        out.extend((0..self.chain.len()).filter(|&q| self.chain[q] == id).map(|q| q as u16));
    }
}
