//! The board being edited, and the plugin's own positions it learns the
//! text format from.

use rules_api::{Piece, PositionBox, PositionFlags, RVec};
use tabula_core::boundary::{self, Shape};

/// Plies played from the start to collect sample texts: enough to see
/// every side to move (up to six players) and pieces off their rows.
const SAMPLE_PLIES: usize = 14;

/// What stands on each cell (owner, kind) and the pieces in hand
/// (owner, kind, count).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Board {
    /// Indexed by cell.
    pub cells: Vec<Option<(u8, u16)>>,
    /// Pieces in hand, no two entries for the same owner and kind.
    pub hands: Vec<(u8, u16, u16)>,
}

impl Board {
    /// The board of a position the plugin read (its pieces checked
    /// against the game's shape first).
    pub fn of(position: &PositionBox, shape: &Shape) -> Result<Board, String> {
        let pieces = boundary::pieces(position, shape).map_err(|e| e.to_string())?;
        let mut cells = vec![None; shape.cells];
        for p in pieces {
            cells[p.cell as usize] = Some((p.owner, p.kind));
        }
        Ok(Board { cells, hands: hands_of(position, shape) })
    }

    /// An empty board of `cells` cells.
    pub fn empty(cells: usize) -> Board {
        Board { cells: vec![None; cells], hands: Vec::new() }
    }

    /// The pieces to draw.
    pub fn pieces(&self) -> Vec<Piece> {
        let on =
            |(cell, c): (usize, &Option<(u8, u16)>)| c.map(|(owner, kind)| Piece { cell: cell as u16, owner, kind });
        self.cells.iter().enumerate().filter_map(on).collect()
    }

    /// How many pieces of `kind` `owner` holds in hand.
    pub fn in_hand(&self, owner: u8, kind: u16) -> u16 {
        self.hands.iter().find(|h| h.0 == owner && h.1 == kind).map_or(0, |h| h.2)
    }

    /// Adds `delta` pieces of `kind` to `owner`'s hand (never below none).
    pub fn change_hand(&mut self, owner: u8, kind: u16, delta: i32) {
        let count = (self.in_hand(owner, kind) as i32 + delta).clamp(0, u16::MAX as i32) as u16;
        self.hands.retain(|h| !(h.0 == owner && h.1 == kind));
        if count > 0 {
            self.hands.push((owner, kind, count));
            self.hands.sort_unstable();
        }
    }
}

/// A position the plugin wrote, with what it says stands where.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// The plugin's text of it.
    pub text: String,
    /// (cell, owner, kind) of each piece.
    pub pieces: Vec<(u16, u8, u16)>,
    /// The side to move.
    pub side: u8,
    /// (owner, kind, count) in hand.
    pub hands: Vec<(u8, u16, u16)>,
}

impl Sample {
    /// The sample of `position`; `None` when the plugin fails to describe it.
    pub fn of(position: &PositionBox, shape: &Shape) -> Option<Sample> {
        let text = position.to_text().into_result().ok()?.to_string();
        let pieces = boundary::pieces(position, shape).ok()?.iter().map(|p| (p.cell, p.owner, p.kind)).collect();
        Some(Sample { text, pieces, side: position.side_to_move(), hands: hands_of(position, shape) })
    }
}

/// The start position and the positions after a few plies from it, the
/// moves spread over the legal list so pieces leave their rows; stops at
/// a roll of the dice or the end of the game.
pub fn samples(start: &PositionBox, shape: &Shape) -> Vec<Sample> {
    let mut out: Vec<Sample> = Sample::of(start, shape).into_iter().collect();
    let mut position = start.clone();
    let mut legal = RVec::new();
    for ply in 0..SAMPLE_PLIES {
        if position.flags().contains(PositionFlags::CHANCE) {
            break;
        }
        legal.clear();
        let ongoing = position.status().into_result().is_ok_and(|s| s.is_ongoing());
        if !ongoing || position.legal_moves(&mut legal).into_result().is_err() || legal.is_empty() {
            break;
        }
        let m = legal[(ply * 7 + 3) % legal.len()];
        if position.make_move(m).into_result().is_err() {
            break;
        }
        match Sample::of(&position, shape) {
            Some(s) => out.push(s),
            None => break,
        }
    }
    out
}

/// The position's pieces in hand that fit the game's shape.
fn hands_of(position: &PositionBox, shape: &Shape) -> Vec<(u8, u16, u16)> {
    let mut list = RVec::new();
    if position.hands(&mut list).into_result().is_err() {
        return Vec::new();
    }
    let mut hands: Vec<(u8, u16, u16)> = list
        .iter()
        .filter(|h| (h.owner as usize) < shape.players && (h.kind as usize) < shape.piece_types && h.count > 0)
        .map(|h| (h.owner, h.kind, h.count))
        .collect();
    hands.sort_unstable();
    hands
}
