//! The game state: the pits, the two stores, the side to move, the Zobrist
//! hash, the positions since the last capture (for the cycle rule) and
//! what each move changed (for unmake).

use std::sync::LazyLock;

use rules_api::plugin::PositionImpl;
use rules_api::{
    CellText, ClickPath, Move, MoveFlags, MoveInfo, Notation, Outcome, Piece, PlayerScore, PluginError, RString, RVec,
    Status,
};

use crate::board::{self, End, Pits, PITS, SEEDS, STORE_CELLS};
use crate::{notation, text};

/// South, who moves first and sows from `A`–`F`.
pub const SOUTH: u8 = 0;
/// North, who sows from `a`–`f`.
pub const NORTH: u8 = 1;
/// The most seeds one pit or store can hold, plus one: the size of a row
/// of Zobrist keys.
const COUNTS: usize = SEEDS as usize + 1;

/// Zobrist keys: per pit and count, per store and count, and one for North
/// to move.
static KEYS: LazyLock<Vec<u64>> = LazyLock::new(|| tabula_kit::rng::zobrist_keys(0x0A4A_5EED, (PITS + 2) * COUNTS + 1));

/// The state before a move, for unmake.
#[derive(Clone, Copy, Debug)]
struct Before {
    pits: Pits,
    stores: [u8; 2],
    hash: u64,
    since_capture: usize,
}

/// An oware position with its own history.
#[derive(Clone, Debug)]
pub struct OwarePosition {
    pits: Pits,
    stores: [u8; 2],
    side: u8,
    hash: u64,
    /// The key of every position of the game so far, the current one last.
    keys: Vec<u128>,
    /// Where in `keys` the positions since the last capture begin: only
    /// those can come back (captured seeds never return).
    since_capture: usize,
    before: Vec<Before>,
}

/// An exact key of the pits and the side to move (stores are equal among
/// positions with no capture between them): six bits per pit.
fn exact_key(pits: &Pits, side: u8) -> u128 {
    pits.iter().fold(side as u128, |key, &seeds| key << 6 | seeds as u128)
}

fn zobrist(pits: &Pits, stores: [u8; 2], side: u8) -> u64 {
    let mut hash = if side == NORTH { KEYS[(PITS + 2) * COUNTS] } else { 0 };
    for (pit, &seeds) in pits.iter().enumerate() {
        hash ^= KEYS[pit * COUNTS + seeds as usize];
    }
    for (store, &seeds) in stores.iter().enumerate() {
        hash ^= KEYS[(PITS + store) * COUNTS + seeds as usize];
    }
    hash
}

impl OwarePosition {
    /// Four seeds in each pit, South to move.
    pub fn start() -> Self {
        OwarePosition::from_parts([4; PITS], [0, 0], SOUTH)
    }

    /// A position from its parts; the caller has checked that it can occur.
    pub(crate) fn from_parts(pits: Pits, stores: [u8; 2], side: u8) -> Self {
        let mut keys = Vec::with_capacity(256);
        keys.push(exact_key(&pits, side));
        let hash = zobrist(&pits, stores, side);
        OwarePosition { pits, stores, side, hash, keys, since_capture: 0, before: Vec::with_capacity(256) }
    }

    /// The seeds in each pit, in sowing order (`A`–`F`, then `a`–`f`).
    pub fn pits(&self) -> &Pits {
        &self.pits
    }

    /// The seeds each player has captured.
    pub fn stores(&self) -> [u8; 2] {
        self.stores
    }

    /// How the game ended, or `None` while it goes on.
    pub fn end(&self) -> Option<End> {
        board::end(self.stores)
    }

    /// The legal move sowing `pit`, whether or not it may be played now.
    pub(crate) fn move_of(&self, pit: usize) -> Move {
        Move::new(pit as u16, board::last_pit(&self.pits, pit) as u16)
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.end().is_none()
            && m.extra == 0
            && m.tag == 0
            && (m.from as usize) < PITS
            && board::playable(&self.pits, self.side).any(|pit| pit == m.from as usize)
            && self.move_of(m.from as usize) == m
    }

    /// Each player takes the seeds left in their own row: what happens
    /// when the player to move cannot be given seeds, or when play goes
    /// round in a cycle.
    fn collect(&mut self) {
        for player in [SOUTH, NORTH] {
            self.stores[player as usize] += board::row_seeds(&self.pits, player);
            for pit in board::row(player) {
                self.pits[pit] = 0;
            }
        }
    }

    fn play_pit(&mut self, pit: usize) {
        self.before.push(Before {
            pits: self.pits,
            stores: self.stores,
            hash: self.hash,
            since_capture: self.since_capture,
        });
        let sown = board::sow(&mut self.pits, pit);
        self.stores[self.side as usize] += sown.captured;
        self.side ^= 1;
        let key = exact_key(&self.pits, self.side);
        if sown.captured > 0 {
            self.since_capture = self.keys.len();
        }
        let repeated = self.keys[self.since_capture..].contains(&key);
        self.keys.push(key);
        if self.end().is_none() && (repeated || board::playable(&self.pits, self.side).next().is_none()) {
            self.collect();
        }
        self.hash = zobrist(&self.pits, self.stores, self.side);
    }

    /// Why `m` is not legal here, in words.
    fn refusal(&self, m: Move) -> String {
        let last = (m.from as usize) < PITS && self.pits[m.from as usize] > 0;
        let last = last.then(|| board::last_pit(&self.pits, m.from as usize));
        notation::refusal(m, last, &self.pits, self.side, self.end().is_some())
    }

    /// The seeds `m` would capture (0 for a quiet move or a grand slam).
    fn captures(&self, m: Move) -> u8 {
        let mut pits = self.pits;
        match m.from as usize {
            pit if pit < PITS && pits[pit] > 0 => board::sow(&mut pits, pit).captured,
            _ => 0,
        }
    }
}

impl PositionImpl for OwarePosition {
    fn side_to_move(&self) -> u8 {
        self.side
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.end().is_none() {
            out.extend(board::playable(&self.pits, self.side).map(|pit| self.move_of(pit)));
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(self.refusal(m)));
        }
        self.play_pit(m.from as usize);
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let Some(before) = self.before.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        self.keys.pop();
        self.pits = before.pits;
        self.stores = before.stores;
        self.hash = before.hash;
        self.since_capture = before.since_capture;
        self.side ^= 1;
        Ok(())
    }

    fn status(&self) -> Status {
        match self.end() {
            None => Status::ONGOING,
            Some(End::Majority(player)) => Status::win(player, "more than half the seeds"),
            Some(End::Shared) => Status::draw("24 seeds each"),
        }
    }

    /// `south wins 25–19`: the seeds each has captured.
    fn result(&self) -> Outcome {
        let status = self.status();
        let [south, north] = self.stores;
        let (reason, payoffs) = match self.end() {
            None => return Outcome::from_status(status),
            Some(End::Majority(SOUTH)) => (format!("south wins {south}\u{2013}{north}"), [1.0, -1.0]),
            Some(End::Majority(_)) => (format!("north wins {north}\u{2013}{south}"), [-1.0, 1.0]),
            Some(End::Shared) => (format!("draw {south}\u{2013}{north}"), [0.0, 0.0]),
        };
        Outcome { status, reason: RString::from(reason), payoffs: payoffs.to_vec().into() }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    /// Mover's view: 100 a captured seed, and a little for the seeds in
    /// one's own row (moves to choose from, and what a cycle would hand
    /// back).
    fn evaluate(&self) -> i32 {
        let (me, them) = (self.side, self.side ^ 1);
        let captured = self.stores[me as usize] as i32 - self.stores[them as usize] as i32;
        let rows = board::row_seeds(&self.pits, me) as i32 - board::row_seeds(&self.pits, them) as i32;
        100 * captured + 8 * rows
    }

    /// Captures first, biggest first; they are tactical and, as captured
    /// seeds never come back, irreversible.
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        for &m in moves {
            let captured = self.captures(m);
            let info = if captured > 0 {
                let flags = MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
                MoveInfo { hint: 100 * captured as i32, flags }
            } else {
                MoveInfo { hint: 0, flags: MoveFlags::NONE }
            };
            out.push(info);
        }
    }

    /// Seeds are not pieces: the counts are drawn as cell texts.
    fn pieces(&self, _out: &mut RVec<Piece>) {}

    fn scores(&self, out: &mut RVec<PlayerScore>) {
        for player in [SOUTH, NORTH] {
            out.push(PlayerScore { player, points: self.stores[player as usize] as f32 });
        }
    }

    fn to_text(&self) -> String {
        text::write(&self.pits, self.stores, self.side)
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(self.refusal(m)));
        }
        Ok(notation::pit_name(m.from as usize).to_string())
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let pit = notation::parse_move(text, &self.pits, self.side, self.end().is_some())?;
        Ok(self.move_of(pit))
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.end().is_some() {
            return 0;
        }
        board::playable(&self.pits, self.side).count() as u64
    }

    /// One click on the pit to sow.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if self.end().is_none() {
            out.extend(
                board::playable(&self.pits, self.side).map(|pit| ClickPath::through(self.move_of(pit), &[pit as u16])),
            );
        }
    }

    /// The seeds in every pit and store.
    fn cell_texts(&self, out: &mut RVec<CellText>) {
        for (pit, &seeds) in self.pits.iter().enumerate() {
            out.push(CellText { cell: pit as u16, text: seeds.to_string().into() });
        }
        for (store, &cell) in STORE_CELLS.iter().enumerate() {
            out.push(CellText { cell, text: self.stores[store].to_string().into() });
        }
    }
}
