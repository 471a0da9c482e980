//! The phantom Go position: the referee's Go board (the Go plugin's
//! position, which keeps superko history and the area count), what each
//! player knows of the other's stones, and the referee's last words.

use rules_api::plugin::PositionImpl;
use rules_api::{Move, Piece, PluginError, RVec};
use std::sync::{Arc, LazyLock};
use tabula_go::{GoPosition, GoRules};

/// The largest board the Go plugin plays (25 × 25 points).
pub const MAX_POINTS: usize = 625;
const WORDS: usize = MAX_POINTS.div_ceil(64);

/// A set of points.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Points([u64; WORDS]);

impl Points {
    /// Whether `p` is in the set.
    pub fn has(&self, p: usize) -> bool {
        self.0[p / 64] >> (p % 64) & 1 != 0
    }
    /// Adds `p`.
    pub fn add(&mut self, p: usize) {
        self.0[p / 64] |= 1 << (p % 64);
    }
    /// Removes `p`.
    pub fn remove(&mut self, p: usize) {
        self.0[p / 64] &= !(1 << (p % 64));
    }
    /// The points in order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        (0..MAX_POINTS).filter(|&p| self.has(p))
    }
    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
}

/// What the referee said after a move, kept compact (no allocation per
/// move); [`crate::view`] words it for each player.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Told {
    /// Nothing yet.
    Nothing,
    /// `by` placed a stone, capturing `captured` stones.
    Played {
        /// The player who moved.
        by: u8,
        /// Stones taken off.
        captured: u16,
    },
    /// `by` passed.
    Passed {
        /// The player who passed.
        by: u8,
    },
    /// `by`'s try at `point` was refused; `occupied` when a stone of the
    /// other player stands there (otherwise suicide or superko).
    Refused {
        /// The player who tried.
        by: u8,
        /// The point tried.
        point: u16,
        /// Whether an enemy stone stood there.
        occupied: bool,
    },
}

/// What each move changed, to take it back.
#[derive(Clone, Copy, Debug)]
struct Undo {
    seen: [Points; 2],
    tried: Points,
    told: Told,
    /// Whether the referee's board moved (a refused try leaves it alone).
    played: bool,
}

/// Zobrist keys for knowledge: black's seen stones, white's, refused tries.
static KEYS: LazyLock<Vec<u64>> =
    LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x7068_616e_746f_6d67, 3 * MAX_POINTS));

/// A phantom Go position.
#[derive(Clone)]
pub struct PhantomGoPosition {
    /// The Go rules the referee's board was made by (for samples).
    pub(crate) rules: Arc<GoRules>,
    pub(crate) truth: GoPosition,
    pub(crate) size: usize,
    /// The referee's board: 0 empty, 1 black, 2 white (mirrors `truth`).
    pub(crate) cells: Vec<u8>,
    /// The other player's stones each player has found by trying to play
    /// on them (until those stones are captured).
    pub(crate) seen: [Points; 2],
    /// Empty points the player to move tried this turn and was refused
    /// (suicide or superko): trying again would tell them nothing.
    pub(crate) tried: Points,
    pub(crate) told: Told,
    history: Vec<Undo>,
    scratch: RVec<Piece>,
}

impl PhantomGoPosition {
    /// A position on the referee's board `truth`, with what the players
    /// know.
    pub fn new(
        rules: Arc<GoRules>,
        truth: GoPosition,
        size: usize,
        seen: [Points; 2],
        tried: Points,
        told: Told,
    ) -> Self {
        let mut pos = PhantomGoPosition {
            rules,
            truth,
            size,
            cells: vec![0; size * size],
            seen,
            tried,
            told,
            history: Vec::with_capacity(256),
            scratch: RVec::new(),
        };
        pos.mirror();
        pos
    }

    /// Copies the referee's stones into `cells`.
    fn mirror(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = 0);
        self.scratch.clear();
        self.truth.pieces(&mut self.scratch);
        for p in self.scratch.iter() {
            self.cells[p.cell as usize] = p.owner + 1;
        }
    }

    /// The player to move.
    pub fn side(&self) -> u8 {
        self.truth.side_to_move()
    }

    /// The passes just played in a row (public).
    pub fn passes(&self) -> u8 {
        let text = self.truth.to_text();
        text.split(' ').nth(2).and_then(|p| p.parse().ok()).unwrap_or(0)
    }

    /// The number of stones of `player` on the board (public: every move
    /// and every capture count is announced).
    pub fn stones(&self, player: u8) -> usize {
        self.cells.iter().filter(|&&c| c == player + 1).count()
    }

    /// Whether the player to move may try `p` (not their stone, not a
    /// stone they found, not a point refused this turn).
    pub fn may_try(&self, p: usize) -> bool {
        let side = self.truth.side_to_move();
        p < self.cells.len() && self.cells[p] != side + 1 && !self.seen[side as usize].has(p) && !self.tried.has(p)
    }

    /// The hash of the knowledge on top of the referee's board.
    pub fn knowledge_key(&self) -> u64 {
        let keys = &*KEYS;
        let mut key = 0;
        for (i, set) in [self.seen[0], self.seen[1], self.tried].iter().enumerate() {
            for p in set.iter().take_while(|&p| p < self.cells.len()) {
                key ^= keys[i * MAX_POINTS + p];
            }
        }
        key
    }

    /// Plays or refuses a try of the player to move.
    pub fn play(&mut self, m: Move) -> Result<(), PluginError> {
        let side = self.truth.side_to_move();
        let undo = Undo { seen: self.seen, tried: self.tried, told: self.told, played: true };
        if m == Move::PASS {
            self.truth.make_move(m)?;
            self.history.push(undo);
            self.tried = Points::default();
            self.told = Told::Passed { by: side };
            return Ok(());
        }
        let p = m.to as usize;
        if m.from != rules_api::CELL_NONE || m.extra != 0 || m.tag != 0 || !self.may_try(p) {
            return Err(PluginError::illegal_move(format!(
                "{} is not a try here (a try is a point that is not yours, nor known to be taken, nor refused this turn)",
                crate::points::point_name(self.size, m.to)
            )));
        }
        let enemy_before = self.stones(1 - side);
        if self.truth.make_move(m).is_err() {
            let occupied = self.cells[p] != 0;
            if occupied {
                self.seen[side as usize].add(p);
            } else {
                self.tried.add(p);
            }
            self.told = Told::Refused { by: side, point: p as u16, occupied };
            self.history.push(Undo { played: false, ..undo });
            return Ok(());
        }
        self.mirror();
        let captured = (enemy_before - self.stones(1 - side)) as u16;
        // A found stone that was captured is gone from its finder's mind.
        for player in 0..2 {
            let enemy = 2 - player as u8;
            for q in 0..self.cells.len() {
                if self.seen[player].has(q) && self.cells[q] != enemy {
                    self.seen[player].remove(q);
                }
            }
        }
        self.tried = Points::default();
        self.told = Told::Played { by: side, captured };
        self.history.push(undo);
        Ok(())
    }

    /// Takes the last move or try back.
    pub fn take_back(&mut self) -> Result<(), PluginError> {
        let undo = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        if undo.played {
            self.truth.unmake_move()?;
            self.mirror();
        }
        self.seen = undo.seen;
        self.tried = undo.tried;
        self.told = undo.told;
        Ok(())
    }
}
