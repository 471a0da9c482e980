//! What each player (or a spectator) sees, and positions sampled from
//! what a viewer knows.
//!
//! A viewer sees their own ranks and the ranks shown in strikes (and a
//! scout's long move); the opponent's other pieces are backs, marked when
//! they have moved. While a player sets up, the others see neither their
//! four rows nor their tray. When the game is over the board is turned
//! round: everyone sees everything.

use rules_api::{Piece, PluginError, RVec};
use tabula_kit::rand::seq::SliceRandom;
use tabula_kit::Rng;

use crate::board::{in_zone, tray_cells, zone_order, CELLS, SQUARES, TRAY};
use crate::rank::{movable, ARMY, BOMB, FLAG, KINDS, TRAY_ORDER, UNKNOWN};
use crate::state::{Game, Mode, Phase, Square};
use crate::validate::{counts, unaccounted};

/// The player setting up out of `viewer`'s sight, if any.
fn hidden_setup(phase: Phase, viewer: Viewer) -> Option<u8> {
    match (viewer, phase) {
        (Viewer::Seat(v), Phase::Setup { player, .. }) if v != player => Some(player),
        _ => None,
    }
}

/// Whether `viewer` (already [`Game::effective`]) knows the rank of `s`.
fn knows(viewer: Viewer, s: Square) -> bool {
    match viewer {
        Viewer::All => true,
        Viewer::Seat(v) => v == s.owner() || s.revealed(),
    }
}

/// Who looks: a player, a spectator (any other number), or nobody in
/// particular (the whole truth).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Viewer {
    /// The truth (records, saves, the end of the game).
    All,
    /// A player or a spectator.
    Seat(u8),
}

impl Game {
    /// Whether the game is over, when everything is shown.
    pub fn is_over(&self) -> bool {
        !self.status().is_ongoing()
    }

    /// What `viewer` is shown: themselves unless the game is over.
    pub fn effective(&self, viewer: Viewer) -> Viewer {
        if self.is_over() {
            Viewer::All
        } else {
            viewer
        }
    }

    /// The player whose setup `viewer` cannot see, if any.
    pub fn out_of_sight(&self, viewer: Viewer) -> Option<u8> {
        hidden_setup(self.phase, self.effective(viewer))
    }

    /// Whether `viewer` knows the rank of the piece `s`.
    pub fn knows(&self, viewer: Viewer, s: Square) -> bool {
        knows(self.effective(viewer), s)
    }

    /// The pieces as `viewer` sees them, the reserve tray included.
    pub fn view_pieces(&self, viewer: Viewer, out: &mut RVec<Piece>) {
        let viewer = self.effective(viewer);
        let hidden = hidden_setup(self.phase, viewer);
        for square in 0..SQUARES as u16 {
            let s = self.at(square);
            if s.is_empty() || hidden.is_some_and(|p| in_zone(p, square)) {
                continue;
            }
            let kind = if knows(viewer, s) { s.rank() } else { UNKNOWN } as u16;
            out.push(Piece { cell: square, owner: s.owner(), kind });
        }
        if let (Phase::Setup { player, .. }, None) = (self.phase, hidden) {
            for rank in TRAY_ORDER {
                for cell in tray_cells(rank, self.reserve(player, rank)) {
                    out.push(Piece { cell, owner: player, kind: rank as u16 });
                }
            }
        }
    }

    /// The cells `viewer` cannot see into: a zone being set up and its tray.
    pub fn hidden_cells(&self, viewer: Viewer, out: &mut RVec<u16>) {
        if let Some(player) = self.out_of_sight(viewer) {
            let mut zone = zone_order(player);
            zone.sort_unstable();
            out.extend(zone);
            out.extend(TRAY..CELLS as u16);
        }
    }

    /// A copy holding only what `viewer` knows: the others' unshown ranks
    /// unknown, a zone out of sight emptied (with its count), a preset
    /// being dealt out of sight taken for a random deal.
    fn masked(&self, viewer: Viewer) -> (Game, Option<(u8, u8)>) {
        let mut game = self.clone();
        game.history.clear();
        let viewer = self.effective(viewer);
        let hidden = hidden_setup(self.phase, viewer);
        let mut fog = None;
        for square in 0..SQUARES as u16 {
            let s = self.at(square);
            if s.is_empty() {
                continue;
            }
            if hidden.is_some_and(|p| in_zone(p, square)) {
                game.board[square as usize] = Square::EMPTY;
            } else if !knows(viewer, s) {
                game.board[square as usize] = s.with_rank(UNKNOWN);
            }
        }
        if let (Some(player), Phase::Setup { mode, .. }) = (hidden, self.phase) {
            fog = Some((player, self.pieces_on_board(player)));
            if mode != Mode::Place {
                game.phase = Phase::Setup { player, mode: Mode::Random };
            }
        }
        game.recount();
        (game, fog)
    }

    /// A position `viewer` cannot tell from this one, the hidden ranks
    /// drawn from `seed`.
    pub fn sample(&self, viewer: Viewer, seed: u64) -> Result<Game, PluginError> {
        let (mut game, fog) = self.masked(viewer);
        game.fill(fog, seed)?;
        Ok(game)
    }

    /// Fills in what a masked state does not know: the pieces of a zone
    /// out of sight (`fog`: whose, how many) on random squares of it with
    /// ranks drawn from the whole army; and every unknown rank, uniformly
    /// among the assignments that agree with what was seen (each side's
    /// army minus its lost and shown pieces; a piece that moved is no
    /// bomb or flag). Nothing else is inferred (a piece that never moves
    /// is not thought likelier a bomb).
    pub(crate) fn fill(&mut self, fog: Option<(u8, u8)>, seed: u64) -> Result<(), PluginError> {
        let mut rng = tabula_kit::rng_from_seed(seed);
        if let Some((player, placed)) = fog {
            let mut squares = zone_order(player).to_vec();
            squares.shuffle(&mut rng);
            let mut army: Vec<u8> =
                (1..KINDS as u8).flat_map(|r| std::iter::repeat(r).take(ARMY[r as usize] as usize)).collect();
            army.shuffle(&mut rng);
            for (&square, &rank) in squares.iter().zip(&army).take(placed as usize) {
                self.board[square as usize] = Square::piece(player, rank);
            }
        }
        for player in 0..2u8 {
            self.fill_unknowns(player, &mut rng)?;
        }
        self.recount();
        Ok(())
    }

    fn fill_unknowns(&mut self, player: u8, rng: &mut Rng) -> Result<(), PluginError> {
        let c = counts(self, player);
        if c.unknown == 0 {
            return Ok(());
        }
        let left = unaccounted(self, player, &c.known).map_err(PluginError::invalid_input)?;
        let (mut still, mut moved): (Vec<u16>, Vec<u16>) = (0..SQUARES as u16)
            .filter(|&s| self.at(s).is(player) && self.at(s).rank() == UNKNOWN)
            .partition(|&s| !self.at(s).moved());
        let fixed: Vec<u8> =
            [BOMB, FLAG].iter().flat_map(|&r| std::iter::repeat(r).take(left[r as usize] as usize)).collect();
        let mut mobile: Vec<u8> = (1..KINDS as u8)
            .filter(|&r| movable(r))
            .flat_map(|r| std::iter::repeat(r).take(left[r as usize] as usize))
            .collect();
        if fixed.len() + mobile.len() != c.unknown as usize || fixed.len() > still.len() {
            return Err(PluginError::invalid_input(
                "the unknown pieces cannot be given ranks that agree with what was seen",
            ));
        }
        // Bombs and the flag on a uniform choice of the unmoved unknowns,
        // every other rank uniformly on the rest.
        still.shuffle(rng);
        let rest = still.split_off(fixed.len());
        for (&square, &rank) in still.iter().zip(&fixed) {
            self.board[square as usize] = self.at(square).with_rank(rank);
        }
        moved.extend(rest);
        mobile.shuffle(rng);
        for (&square, &rank) in moved.iter().zip(&mobile) {
            self.board[square as usize] = self.at(square).with_rank(rank);
        }
        Ok(())
    }
}
