//! The game state: stones, side to move, the winner, the Zobrist hash and
//! the moves played (for unmake).

use std::sync::LazyLock;

use rules_api::plugin::PositionImpl;
use rules_api::{
    Highlight, HighlightKind, Move, MoveFlags, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
    CELL_NONE,
};

use crate::graph::{self, Distances, EMPTY, MAX_CELLS};
use crate::notation::{self, Context};
use crate::text;

pub use crate::notation::{SWAP, SWAP_CODE};

/// The options a position obeys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// Board side, 7 to 19.
    pub size: usize,
    /// Whether Blue may answer Red's first stone with the swap.
    pub swap: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config { size: 11, swap: true }
    }
}

/// What a move changed, for unmake.
#[derive(Clone, Copy, Debug)]
enum Played {
    Stone(u16),
    /// The swap: the red stone that stood on the cell became a blue one on
    /// its mirror cell.
    Swap {
        red: u16,
        blue: u16,
    },
}

/// Zobrist keys: per colour and cell, and one for Blue to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x4845_5821, 2 * MAX_CELLS + 1));

fn key(player: u8, cell: usize) -> u64 {
    KEYS[player as usize * MAX_CELLS + cell]
}

fn blue_key() -> u64 {
    KEYS[2 * MAX_CELLS]
}

/// A Hex position with its own move history.
#[derive(Clone, Debug)]
pub struct HexPosition {
    pub(crate) cells: Vec<u8>,
    pub(crate) side: u8,
    pub(crate) config: Config,
    winner: Option<u8>,
    hash: u64,
    played: Vec<(Played, Option<u8>)>,
}

impl HexPosition {
    /// An empty board.
    pub fn empty(config: Config) -> Self {
        let n = config.size;
        let played = Vec::with_capacity(n * n + 1);
        HexPosition { cells: vec![EMPTY; n * n], side: 0, config, winner: None, hash: 0, played }
    }

    /// A position from stones and the side to move; the caller has checked
    /// that it can occur.
    pub(crate) fn from_parts(cells: Vec<u8>, side: u8, config: Config) -> Self {
        let mut p = HexPosition::empty(config);
        p.cells = cells;
        p.side = side;
        p.hash = if side == 1 { blue_key() } else { 0 };
        for (c, &s) in p.cells.iter().enumerate() {
            if s != EMPTY {
                p.hash ^= key(s - 1, c);
            }
        }
        p.winner = [0u8, 1].into_iter().find(|&pl| !graph::winning_chain(&p.cells, config.size, pl).is_empty());
        p
    }

    /// The board side.
    pub fn size(&self) -> usize {
        self.config.size
    }

    /// The player who has joined their edges, if any.
    pub fn winner(&self) -> Option<u8> {
        self.winner
    }

    /// A position read from its text (the `text` module's format) in a game
    /// with `config`.
    pub fn from_text(text: &str, config: Config) -> Result<Self, PluginError> {
        let (cells, side) = text::read(text, config.size, config.swap)?;
        Ok(HexPosition::from_parts(cells, side, config))
    }

    /// What notation needs to know of this position.
    fn context(&self) -> Context<'_> {
        Context {
            cells: &self.cells,
            size: self.size(),
            over: self.winner.is_some(),
            swap_available: self.swap_available(),
            swap_rule: self.config.swap,
        }
    }

    /// Whether the swap is a legal move now: the option is on, Blue is to
    /// move and the only stone on the board is Red's first.
    pub fn swap_available(&self) -> bool {
        self.config.swap
            && self.side == 1
            && self.winner.is_none()
            && self.cells.iter().filter(|&&s| s != EMPTY).count() == 1
            && self.cells.contains(&graph::stone(0))
    }

    /// The cell mirrored across the long diagonal (column and row swapped),
    /// where the swap puts Blue's stone.
    pub fn mirror(&self, cell: usize) -> usize {
        let n = self.size();
        (cell % n) * n + cell / n
    }

    fn place(&mut self, cell: usize) {
        let player = self.side;
        self.cells[cell] = graph::stone(player);
        self.hash ^= key(player, cell) ^ blue_key();
        self.played.push((Played::Stone(cell as u16), self.winner));
        if graph::wins_with(&self.cells, self.size(), player, cell) {
            self.winner = Some(player);
        }
        self.side ^= 1;
    }

    fn swap(&mut self) {
        let red = self.cells.iter().position(|&s| s == graph::stone(0)).unwrap_or(0);
        let blue = self.mirror(red);
        self.cells[red] = EMPTY;
        self.cells[blue] = graph::stone(1);
        self.hash ^= key(0, red) ^ key(1, blue) ^ blue_key();
        self.played.push((Played::Swap { red: red as u16, blue: blue as u16 }, self.winner));
        self.side ^= 1;
    }

    /// Both players' connection distances.
    pub fn distances(&self) -> [Distances; 2] {
        let n = self.size();
        [Distances::of(&self.cells, n, 0), Distances::of(&self.cells, n, 1)]
    }

    fn empties(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells.iter().enumerate().filter(|(_, &s)| s == EMPTY).map(|(c, _)| c)
    }
}

impl PositionImpl for HexPosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.winner.is_some() {
            return;
        }
        out.extend(self.empties().map(|c| Move::place(c as u16)));
        if self.swap_available() {
            out.push(SWAP);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if self.winner.is_some() {
            return Err(PluginError::illegal_move("the game is over: no more moves"));
        }
        if m == SWAP {
            if !self.swap_available() {
                let why = if self.config.swap {
                    "the swap is only allowed as Blue's answer to Red's first stone"
                } else {
                    "the swap rule is off in this game"
                };
                return Err(PluginError::illegal_move(why));
            }
            self.swap();
            return Ok(());
        }
        let cell = m.to as usize;
        if m.from != CELL_NONE || m.extra != 0 || m.tag != 0 || cell >= self.cells.len() || self.cells[cell] != EMPTY {
            return Err(PluginError::illegal_move(format!(
                "{} is not an empty cell of this board",
                notation::describe(self.size(), m)
            )));
        }
        self.place(cell);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let Some((played, winner)) = self.played.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.side ^= 1;
        self.winner = winner;
        match played {
            Played::Stone(cell) => {
                self.cells[cell as usize] = EMPTY;
                self.hash ^= key(self.side, cell as usize) ^ blue_key();
            }
            Played::Swap { red, blue } => {
                self.cells[blue as usize] = EMPTY;
                self.cells[red as usize] = graph::stone(0);
                self.hash ^= key(0, red as usize) ^ key(1, blue as usize) ^ blue_key();
            }
        }
        Ok(())
    }

    fn status(&self) -> Status {
        match self.winner {
            Some(p) => Status::win(p, "connected"),
            None => Status::ONGOING,
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Mover's view: the difference of the shortest connection distances
    /// (100 per empty cell still needed), plus half as much per step of the
    /// two-distance potentials, which see the bridges and double routes a
    /// single cut cannot break, plus a little for having more cells on the
    /// best routes and for having the move.
    fn evaluate(&self) -> i32 {
        if self.winner.is_some() {
            return 0;
        }
        let n = self.size();
        let [red, blue] = self.distances();
        let shortest = [red.total.min(400) as i32, blue.total.min(400) as i32];
        let two = [crate::twodist::potential(&self.cells, n, 0), crate::twodist::potential(&self.cells, n, 1)];
        // With a single route left the potential is unbounded: cap it a
        // little above what two routes of the shortest length would give.
        let pot = |p: usize| (two[p].0 as i32).min(2 * shortest[p] + 6);
        let (me, them) = (self.side as usize, self.side as usize ^ 1);
        let ways = (two[me].1 as i32 - two[them].1 as i32).clamp(-25, 25);
        let score = 100 * (shortest[them] - shortest[me]) + 50 * (pot(them) - pot(me)) + 2 * ways + 30;
        score.clamp(-rules_api::score::MAX_EVAL, rules_api::score::MAX_EVAL)
    }

    /// Cells on either player's shortest connection first; a cell that
    /// wins at once or stops the opponent's winning cell is tactical, and
    /// cells far from both connections may be skipped below the root.
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        let dist = self.distances();
        let (me, them) = (&dist[self.side as usize], &dist[self.side as usize ^ 1]);
        for &m in moves {
            let mut info = MoveInfo { hint: 0, flags: MoveFlags::IRREVERSIBLE };
            if m == SWAP {
                // Swapping takes a strong opening stone: try it early.
                info.hint = 1_000;
                out.push(info);
                continue;
            }
            let c = m.to as usize;
            if c >= self.cells.len() {
                out.push(info);
                continue;
            }
            let (mine, theirs) = (me.slack(&self.cells, c), them.slack(&self.cells, c));
            info.hint = 1_000 - 40 * mine.min(20) as i32 - 30 * theirs.min(20) as i32 + centre_bonus(self.size(), c);
            if (mine == 0 && me.total == 1) || (theirs == 0 && them.total == 1) {
                info.flags |= MoveFlags::TACTICAL;
                info.hint += 10_000;
            }
            if mine > 2 && theirs > 2 {
                info.flags |= MoveFlags::PRUNABLE;
            }
            out.push(info);
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for (c, &s) in self.cells.iter().enumerate() {
            if s != EMPTY {
                out.push(Piece { cell: c as u16, owner: s - 1, kind: 0 });
            }
        }
    }

    /// The winning chain.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if let Some(p) = self.winner {
            for c in graph::winning_chain(&self.cells, self.size(), p) {
                out.push(Highlight::new(c as u16, HighlightKind::WIN).of(p));
            }
        }
    }

    fn to_text(&self) -> String {
        text::write(&self.cells, self.size(), self.side)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        if !notation::is_legal(&self.context(), m) {
            let (name, here) = (notation::describe(self.size(), m), self.to_text());
            return Err(PluginError::illegal_move(format!("{name} is not legal in {here}")));
        }
        Ok(notation::describe(self.size(), m))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        notation::parse_move(&self.context(), text)
    }

    /// "In check" when the opponent needs a single empty cell to connect:
    /// the mover must answer it.
    fn flags(&self) -> PositionFlags {
        if self.winner.is_none() {
            let them = Distances::of(&self.cells, self.size(), self.side ^ 1);
            if them.total == 1 {
                return PositionFlags::IN_CHECK;
            }
        }
        PositionFlags::NONE
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.winner.is_some() {
            return 0;
        }
        self.empties().count() as u64 + self.swap_available() as u64
    }
}

/// A little weight towards the middle, where stones connect both ways.
fn centre_bonus(n: usize, c: usize) -> i32 {
    let (row, col) = ((c / n) as i32, (c % n) as i32);
    let mid = (n as i32 - 1) / 2;
    // Hex distance from the centre cell in axial coordinates.
    let (dq, dr) = (col - mid, row - mid);
    let d = (dq.abs() + dr.abs() + (dq + dr).abs()) / 2;
    -2 * d
}
