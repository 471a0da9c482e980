//! The game state: who stands where, whose turn, how many turns, the
//! winner, the Zobrist hash, each player's distance from home, and the
//! moves played (for unmake).

use std::sync::LazyLock;

use rules_api::{Move, PluginError};

use crate::board::{home_corners, opposite, progress, CELLS, CORNER_SIZE, NONE, STAR};
use crate::movegen::{bit, Scene};

/// Most players.
pub const MAX_PLAYERS: usize = 6;

/// The options a position obeys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// 2, 3, 4 or 6.
    pub players: u8,
    /// Turns (of all players together) after which the game is drawn.
    pub limit: u32,
}

impl Default for Config {
    fn default() -> Self {
        Config { players: 2, limit: DEFAULT_LIMIT }
    }
}

/// The default move limit: 1000 turns of all players together, as
/// OpenSpiel's `max_moves`.
pub const DEFAULT_LIMIT: u32 = 1000;

impl Config {
    /// The home corner of `player`.
    pub fn home(&self, player: u8) -> u8 {
        home_corners(self.players as usize)[player as usize]
    }

    /// The corner `player` races to.
    pub fn target(&self, player: u8) -> u8 {
        opposite(self.home(player))
    }
}

/// What a turn changed, for unmake.
#[derive(Clone, Copy, Debug)]
struct Played {
    /// The hole left, or [`NONE`] for a pass.
    from: u8,
    /// The hole reached.
    to: u8,
    /// Whether an opponent's marble stood on `to` and went to `from`.
    swapped: bool,
    /// The winner before the turn.
    winner: Option<u8>,
}

/// Zobrist keys: per player and hole, then one per player to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x4348_4543, MAX_PLAYERS * CELLS + 6));

fn key(player: u8, cell: u8) -> u64 {
    KEYS[player as usize * CELLS + cell as usize]
}

fn side_key(player: u8) -> u64 {
    KEYS[MAX_PLAYERS * CELLS + player as usize]
}

/// The turn count's part of the hash (it decides the move-limit draw):
/// SplitMix64's finaliser, so every count has its own key.
fn turns_key(turns: u32) -> u64 {
    let mut z = (turns as u64).wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A Chinese checkers position with its own move history.
#[derive(Clone, Debug)]
pub struct CcPosition {
    pub(crate) cells: [u8; CELLS],
    pub(crate) occupied: u128,
    pub(crate) side: u8,
    pub(crate) turns: u32,
    pub(crate) config: Config,
    winner: Option<u8>,
    hash: u64,
    /// Per player: the sum over its marbles of how far each is from its
    /// destination point.
    distance: [i32; MAX_PLAYERS],
    played: Vec<Played>,
}

impl CcPosition {
    /// The start: each player's ten marbles in its home corner, the first
    /// player to move.
    pub fn start(config: Config) -> Self {
        let mut cells = [NONE; CELLS];
        for player in 0..config.players {
            for &c in &STAR.corner_holes[config.home(player) as usize] {
                cells[c as usize] = player;
            }
        }
        CcPosition::from_parts(cells, 0, 0, config)
    }

    /// A position from the marbles, the side to move and the turns played;
    /// the caller has checked that it can occur.
    pub(crate) fn from_parts(cells: [u8; CELLS], side: u8, turns: u32, config: Config) -> Self {
        let mut p = CcPosition {
            cells,
            occupied: 0,
            side,
            turns,
            config,
            winner: None,
            hash: side_key(side) ^ turns_key(turns),
            distance: [0; MAX_PLAYERS],
            played: Vec::with_capacity(64),
        };
        for cell in 0..CELLS as u8 {
            let owner = cells[cell as usize];
            if owner != NONE {
                p.occupied |= bit(cell);
                p.hash ^= key(owner, cell);
                p.distance[owner as usize] += p.distance_of(owner, cell);
            }
        }
        p.winner = (0..config.players).find(|&pl| p.fills_target(pl));
        p
    }

    /// The options of this game.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The player to move.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Turns played so far (all players together).
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Who stands on `cell`, if anyone.
    pub fn owner(&self, cell: usize) -> Option<u8> {
        let owner = self.cells[cell];
        (owner != NONE).then_some(owner)
    }

    /// The player who has filled their destination corner.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// Whether the move limit has ended the game in a draw.
    pub fn limit_reached(&self) -> bool {
        self.winner.is_none() && self.turns >= self.config.limit
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.winner.is_some() || self.turns >= self.config.limit
    }

    /// How far `player`'s marbles are from their destination point, summed;
    /// 20 when all ten fill the corner.
    pub fn distance(&self, player: u8) -> i32 {
        self.distance[player as usize]
    }

    fn distance_of(&self, player: u8, cell: u8) -> i32 {
        8 - progress(self.config.target(player), STAR.coords[cell as usize]) as i32
    }

    /// Whether all ten holes of `player`'s destination corner hold its
    /// marbles.
    pub fn fills_target(&self, player: u8) -> bool {
        STAR.corner_holes[self.config.target(player) as usize].iter().all(|&c| self.cells[c as usize] == player)
    }

    /// The board as the move search sees it, for the player to move.
    pub(crate) fn scene(&self) -> Scene<'_> {
        Scene { cells: &self.cells, occupied: self.occupied, player: self.side, target: self.config.target(self.side) }
    }

    /// The holes of the mover's marbles.
    pub(crate) fn own_marbles(&self) -> impl Iterator<Item = u8> + '_ {
        (0..CELLS as u8).filter(move |&c| self.cells[c as usize] == self.side)
    }

    /// Whether the mover has any move; a player without one passes.
    pub fn can_move(&self) -> bool {
        let scene = self.scene();
        self.own_marbles().any(|c| scene.destinations(c) != 0)
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        if self.is_over() {
            return false;
        }
        if m == Move::PASS {
            return !self.can_move();
        }
        if m.extra != 0 || m.tag != 0 {
            return false;
        }
        let (from, to) = (m.from as usize, m.to as usize);
        from < CELLS
            && to < CELLS
            && self.cells[from] == self.side
            && self.scene().destinations(from as u8) & bit(to as u8) != 0
    }

    fn set(&mut self, cell: u8, owner: u8) {
        let old = self.cells[cell as usize];
        if old != NONE {
            self.hash ^= key(old, cell);
            self.distance[old as usize] -= self.distance_of(old, cell);
            self.occupied &= !bit(cell);
        }
        self.cells[cell as usize] = owner;
        if owner != NONE {
            self.hash ^= key(owner, cell);
            self.distance[owner as usize] += self.distance_of(owner, cell);
            self.occupied |= bit(cell);
        }
    }

    fn next_turn(&mut self, forward: bool) {
        self.hash ^= side_key(self.side) ^ turns_key(self.turns);
        let n = self.config.players;
        if forward {
            self.side = (self.side + 1) % n;
            self.turns += 1;
        } else {
            self.side = (self.side + n - 1) % n;
            self.turns -= 1;
        }
        self.hash ^= side_key(self.side) ^ turns_key(self.turns);
    }

    /// Plays `m`, which the caller has checked is legal.
    pub(crate) fn play(&mut self, m: Move) {
        let mover = self.side;
        let winner = self.winner;
        if m == Move::PASS {
            self.played.push(Played { from: NONE, to: NONE, swapped: false, winner });
        } else {
            let (from, to) = (m.from as u8, m.to as u8);
            let other = self.cells[to as usize];
            let swapped = other != NONE;
            self.set(from, other);
            self.set(to, mover);
            self.played.push(Played { from, to, swapped, winner });
            // A swapped marble may complete its own player's corner.
            if self.fills_target(mover) {
                self.winner = Some(mover);
            } else if swapped && self.fills_target(other) {
                self.winner = Some(other);
            }
        }
        self.next_turn(true);
    }

    /// Takes the last turn back.
    pub(crate) fn unplay(&mut self) -> Result<(), PluginError> {
        let Some(last) = self.played.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.next_turn(false);
        if last.from != NONE {
            let mover = self.side;
            let other = if last.swapped { self.cells[last.from as usize] } else { NONE };
            self.set(last.to, other);
            self.set(last.from, mover);
        }
        self.winner = last.winner;
        Ok(())
    }

    /// The Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// How many of `player`'s marbles stand in its destination corner.
    pub fn home_count(&self, player: u8) -> usize {
        let mask = STAR.corner_mask[self.config.target(player) as usize];
        (0..CELLS as u8).filter(|&c| mask & bit(c) != 0 && self.cells[c as usize] == player).count()
    }

    /// The number of marbles per player, as the text must hold.
    pub const MARBLES: usize = CORNER_SIZE;
}
