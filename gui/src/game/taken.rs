//! What the board and the panel show of the game beyond its position:
//! the pieces each player had taken by any ply reviewed, and whether a
//! player's side starts at the top of the board (which turns it for them).

use rules_api::RVec;

use super::Game;

impl Game {
    /// The pieces each player had taken (owner and kind, sorted) after the
    /// first `ply` moves, or in the whole game for `None`.
    pub fn captured_after(&self, ply: Option<usize>) -> Vec<Vec<(u8, u16)>> {
        let players = self.seats.len().max(self.session.info().players.len());
        let mut captured = vec![Vec::new(); players];
        for &(_, taker, owner, kind) in self.taken.iter().filter(|t| ply.map_or(true, |p| t.0 <= p)) {
            if let Some(list) = captured.get_mut(taker as usize) {
                list.push((owner, kind));
            }
        }
        for list in &mut captured {
            list.sort_unstable();
        }
        captured
    }

    /// Whether `player`'s pieces start in the upper half of the board, as
    /// the second side's do in chess: turning the board brings them to the
    /// player. Games that start empty or symmetric (Hex, Go, Connect Four,
    /// Othello) are never turned: their boards read the same for everyone,
    /// and turning them would only reverse the coordinates (or gravity).
    pub fn starts_at_top(&self, player: u8) -> bool {
        let mut pieces = RVec::new();
        let _ = self.session.start_position().pieces(&mut pieces);
        let cells = &self.geometry.cells;
        let rows = |of: &mut dyn Iterator<Item = u16>| {
            let ys: Vec<f32> = of.filter_map(|c| cells.get(c as usize)).map(|c| c.y).collect();
            (!ys.is_empty()).then(|| ys.iter().sum::<f32>() / ys.len() as f32)
        };
        let mine = rows(&mut pieces.iter().filter(|p| p.owner == player).map(|p| p.cell));
        let middle = rows(&mut (0..cells.len() as u16));
        // Board units: a quarter of a row either way is no side at all.
        matches!((mine, middle), (Some(m), Some(c)) if m < c - 0.25)
    }
}
