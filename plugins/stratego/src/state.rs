//! The game state: squares, phase, lost pieces, the two-squares record,
//! with the incremental bookkeeping (piece counts, hash) every change goes
//! through, and make/unmake.

use rules_api::{Move, PluginError};

use crate::board::{zone_order, SQUARES};
use crate::hash;
use crate::rank::{Numbering, ARMY, ARMY_SIZE, FLAG, KINDS};

/// The players' names, as the text writes them.
pub const PLAYERS: [&str; 2] = ["red", "blue"];

/// The off-board move that asks for the rest of the setup at random.
pub const RANDOM: u16 = 101;
/// Off-board moves `PRESET + n` take preset setup `n`.
pub const PRESET: u16 = 111;

/// The rules that vary between rule books, chosen by options.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Config {
    /// The most moves in a row one piece may make between the same two
    /// squares (Jumbo's original rules: five; the ISF's two-squares rule:
    /// three).
    pub two_squares: u8,
    /// Whether a scout may move and strike in the same turn.
    pub scout_strikes: bool,
    /// The numbers printed on the pieces.
    pub numbering: Numbering,
    /// Whether both setups are dealt at random (no placement phase).
    pub random_setup: bool,
    /// A draw after this many moves in a row without a strike; 0: never.
    pub quiet_limit: u16,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            two_squares: 5,
            scout_strikes: true,
            numbering: Numbering::Modern,
            random_setup: false,
            quiet_limit: 0,
        }
    }
}

/// A square's contents in one byte: empty, or a piece with its owner,
/// rank, and whether its rank has been shown and whether it has moved
/// (both public).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub struct Square(pub u8);

impl Square {
    /// No piece.
    pub const EMPTY: Square = Square(0);
    const OCCUPIED: u8 = 0x80;
    const BLUE: u8 = 0x10;
    const REVEALED: u8 = 0x20;
    const MOVED: u8 = 0x40;

    /// A piece of `owner` and `rank` that has neither moved nor been seen.
    pub const fn piece(owner: u8, rank: u8) -> Square {
        Square(Self::OCCUPIED | if owner == 1 { Self::BLUE } else { 0 } | rank)
    }
    /// Whether no piece stands here.
    pub fn is_empty(self) -> bool {
        self.0 & Self::OCCUPIED == 0
    }
    /// The owner (meaningless when empty).
    pub fn owner(self) -> u8 {
        (self.0 & Self::BLUE != 0) as u8
    }
    /// The rank (`UNKNOWN` in a masked state).
    pub fn rank(self) -> u8 {
        self.0 & 0x0F
    }
    /// Whether both players know the rank.
    pub fn revealed(self) -> bool {
        self.0 & Self::REVEALED != 0
    }
    /// Whether the piece has ever moved (so it is no bomb or flag).
    pub fn moved(self) -> bool {
        self.0 & Self::MOVED != 0
    }
    /// Whether a piece of `player` stands here.
    pub fn is(self, player: u8) -> bool {
        !self.is_empty() && self.owner() == player
    }
    /// The same piece, shown.
    pub fn shown(self) -> Square {
        Square(self.0 | Self::REVEALED)
    }
    /// The same piece, having moved.
    pub fn having_moved(self) -> Square {
        Square(self.0 | Self::MOVED)
    }
    /// The same piece with another rank.
    pub fn with_rank(self, rank: u8) -> Square {
        Square((self.0 & !0x0F) | rank)
    }
}

/// How a player's setup goes on.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The player places pieces one by one.
    Place,
    /// Chance deals the rest, one square at a time.
    Random,
    /// The rest follows preset setup `n`, one square at a time.
    Preset(u8),
}

/// The phase of the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Phase {
    /// `player` is setting up (red first, then blue).
    Setup {
        /// Who.
        player: u8,
        /// How.
        mode: Mode,
    },
    /// The battle, `side` to move.
    Play {
        /// Who moves.
        side: u8,
    },
}

/// A player's last move and how many moves in a row that piece has made
/// back and forth between the same two squares (count 0: no move yet).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct Series {
    /// Where the last move started.
    pub from: u16,
    /// Where it ended.
    pub to: u16,
    /// Moves in the series so far.
    pub count: u8,
}

impl Series {
    /// Whether moving `from` → `to` would exceed `limit` moves between
    /// the same two squares.
    pub fn forbids(&self, from: u16, to: u16, limit: u8) -> bool {
        self.count >= limit && from == self.to && to == self.from
    }
    /// The series after the player moves `from` → `to`.
    pub fn after(&self, from: u16, to: u16) -> Series {
        let count = if self.count > 0 && from == self.to && to == self.from { self.count + 1 } else { 1 };
        Series { from, to, count }
    }
}

/// What a strike showed, for announcements.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct StrikeRecord {
    /// The attacking piece.
    pub attacker: Square,
    /// The piece attacked.
    pub defender: Square,
    /// The square attacked.
    pub at: u16,
}

/// Everything make_move changed, to put back.
#[derive(Clone, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    pub from: Square,
    pub to: Square,
    pub phase: Phase,
    pub series: [Series; 2],
    pub quiet: u16,
    pub lost: [[u8; KINDS]; 2],
    pub strike: Option<StrikeRecord>,
}

/// The state of a game of Stratego.
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) config: Config,
    pub(crate) board: [Square; SQUARES],
    pub(crate) phase: Phase,
    /// Pieces each player has lost, by rank (all were shown in the strike).
    pub(crate) lost: [[u8; KINDS]; 2],
    /// Pieces each player has on the board, by rank.
    pub(crate) on_board: [[u8; KINDS]; 2],
    pub(crate) series: [Series; 2],
    /// Moves since the last strike.
    pub(crate) quiet: u16,
    board_hash: u64,
    pub(crate) history: Vec<Undo>,
}

impl Game {
    /// The empty board before red's setup.
    pub fn new(config: Config) -> Game {
        let mode = if config.random_setup { Mode::Random } else { Mode::Place };
        Game {
            config,
            board: [Square::EMPTY; SQUARES],
            phase: Phase::Setup { player: 0, mode },
            lost: [[0; KINDS]; 2],
            on_board: [[0; KINDS]; 2],
            series: [Series::default(); 2],
            quiet: 0,
            board_hash: 0,
            history: Vec::with_capacity(256),
        }
    }

    /// The rules in force.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The contents of a square.
    pub fn at(&self, square: u16) -> Square {
        self.board[square as usize]
    }

    /// Puts `value` on `square`, keeping counts and hash.
    pub(crate) fn set(&mut self, square: u16, value: Square) {
        let old = self.board[square as usize];
        if !old.is_empty() {
            self.on_board[old.owner() as usize][old.rank() as usize] -= 1;
        }
        if !value.is_empty() {
            self.on_board[value.owner() as usize][value.rank() as usize] += 1;
        }
        self.board_hash ^= square_key(square, old) ^ square_key(square, value);
        self.board[square as usize] = value;
    }

    /// Recomputes counts and hash from the squares (after a state was
    /// assembled by hand).
    pub(crate) fn recount(&mut self) {
        self.on_board = [[0; KINDS]; 2];
        self.board_hash = 0;
        for square in 0..SQUARES as u16 {
            let value = self.board[square as usize];
            if !value.is_empty() {
                self.on_board[value.owner() as usize][value.rank() as usize] += 1;
            }
            self.board_hash ^= square_key(square, value);
        }
    }

    /// The player to move (at a dealing chance node: the one being dealt).
    pub fn side(&self) -> u8 {
        match self.phase {
            Phase::Setup { player, .. } => player,
            Phase::Play { side } => side,
        }
    }

    /// Pieces of `rank` that `player` still holds in the reserve tray.
    pub fn reserve(&self, player: u8, rank: u8) -> u8 {
        let p = player as usize;
        ARMY[rank as usize] - self.on_board[p][rank as usize] - self.lost[p][rank as usize]
    }

    /// Pieces `player` has on the board.
    pub fn pieces_on_board(&self, player: u8) -> u8 {
        self.on_board[player as usize].iter().sum()
    }

    /// Whether `player`'s flag has been captured.
    pub fn flag_lost(&self, player: u8) -> bool {
        self.lost[player as usize][FLAG as usize] > 0
    }

    /// The hash of everything that decides the moves and the result.
    pub fn hash(&self) -> u64 {
        self.board_hash ^ meta_hash(self)
    }

    /// The first empty square of `player`'s zone, in the order chance fills it.
    pub fn first_empty(&self, player: u8) -> Option<u16> {
        zone_order(player).into_iter().find(|&s| self.at(s).is_empty())
    }

    /// The phase after `player` has placed a piece: the next setup or the battle.
    fn after_placement(&self, player: u8) -> Phase {
        if self.pieces_on_board(player) < ARMY_SIZE {
            return self.phase;
        }
        if player == 0 {
            let mode = if self.config.random_setup { Mode::Random } else { Mode::Place };
            Phase::Setup { player: 1, mode }
        } else {
            Phase::Play { side: 0 }
        }
    }

    /// Plays `m`, refusing it unless it is legal here.
    pub fn make(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(format!(
                "{m:?} is not a legal move here (see the legal moves of this position)"
            )));
        }
        let mut undo = Undo {
            mv: m,
            from: Square::EMPTY,
            to: Square::EMPTY,
            phase: self.phase,
            series: self.series,
            quiet: self.quiet,
            lost: self.lost,
            strike: None,
        };
        match self.phase {
            Phase::Setup { player, .. } => {
                if m.is_off_board() {
                    let mode = if m.extra == RANDOM { Mode::Random } else { Mode::Preset((m.extra - PRESET) as u8) };
                    self.phase = Phase::Setup { player, mode };
                } else {
                    self.set(m.to, Square::piece(player, m.extra as u8 - 1));
                    self.phase = self.after_placement(player);
                }
            }
            Phase::Play { side } => {
                undo.from = self.at(m.from);
                undo.to = self.at(m.to);
                undo.strike = self.play(side, m.from, m.to);
                self.series[side as usize] = self.series[side as usize].after(m.from, m.to);
                self.phase = Phase::Play { side: 1 - side };
            }
        }
        self.history.push(undo);
        Ok(())
    }

    /// Moves or strikes `from` → `to` for `side`; what a strike showed.
    fn play(&mut self, side: u8, from: u16, to: u16) -> Option<StrikeRecord> {
        let mover = self.at(from);
        let target = self.at(to);
        self.set(from, Square::EMPTY);
        if target.is_empty() {
            let far = crate::board::line(from, to).is_some_and(|(_, d)| d > 1);
            // A move of more than one square shows everyone it was a scout.
            let moved = if far { mover.having_moved().shown() } else { mover.having_moved() };
            self.set(to, moved);
            self.quiet = self.quiet.saturating_add(1);
            return None;
        }
        let (a, d) = (mover.rank(), target.rank());
        match crate::rank::strike(a, d) {
            crate::rank::Strike::AttackerWins => {
                self.set(to, mover.having_moved().shown());
                self.lost[1 - side as usize][d as usize] += 1;
            }
            crate::rank::Strike::DefenderWins => {
                self.set(to, target.shown());
                self.lost[side as usize][a as usize] += 1;
            }
            crate::rank::Strike::Both => {
                self.set(to, Square::EMPTY);
                self.lost[side as usize][a as usize] += 1;
                self.lost[1 - side as usize][d as usize] += 1;
            }
        }
        self.quiet = 0;
        Some(StrikeRecord { attacker: mover, defender: target, at: to })
    }

    /// Takes the last move back.
    pub fn unmake(&mut self) -> Result<(), PluginError> {
        let undo = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        let m = undo.mv;
        match undo.phase {
            Phase::Setup { .. } => {
                if !m.is_off_board() {
                    self.set(m.to, Square::EMPTY);
                }
            }
            Phase::Play { .. } => {
                self.set(m.from, undo.from);
                self.set(m.to, undo.to);
            }
        }
        self.phase = undo.phase;
        self.series = undo.series;
        self.quiet = undo.quiet;
        self.lost = undo.lost;
        Ok(())
    }

    /// What the last strike showed, if the last move was one.
    pub fn last_strike(&self) -> Option<StrikeRecord> {
        self.history.last().and_then(|u| u.strike)
    }
}

/// The key of `value` standing on `square` (0 for an empty square).
fn square_key(square: u16, value: Square) -> u64 {
    if value.is_empty() {
        0
    } else {
        hash::square(square, value.0)
    }
}

fn phase_index(phase: Phase) -> usize {
    match phase {
        Phase::Play { side } => side as usize,
        Phase::Setup { player, mode } => {
            let m = match mode {
                Mode::Place => 0,
                Mode::Random => 1,
                Mode::Preset(n) => 2 + n as usize,
            };
            2 + player as usize * 24 + m.min(23)
        }
    }
}

/// The key of everything but the squares.
fn meta_hash(game: &Game) -> u64 {
    let mut h = hash::phase(phase_index(game.phase));
    for (p, s) in game.series.iter().enumerate() {
        if s.count > 0 {
            let base = p * hash::SERIES_STRIDE;
            h ^= hash::series(base + s.from as usize)
                ^ hash::series(base + SQUARES + s.to as usize)
                ^ hash::series(base + 2 * SQUARES + (s.count as usize).min(7));
        }
    }
    if game.config.quiet_limit > 0 {
        // A multiplicative mix, so each count has its own key.
        h ^= hash::quiet().wrapping_mul(game.quiet as u64 * 2 + 1).rotate_left(17);
    }
    h
}
