//! The checks of hidden information: what each viewer is shown names real
//! cells, owners and piece types; and a sample of what the player to move
//! cannot tell apart gives that player the same view, the same view text
//! and the same legal moves, and reads back from that text. A game that
//! is not flagged HIDDEN must show a spectator every piece.

use rules_api::{Move, Piece, PositionBox, PositionExt, RulesExt, SPECTATOR};

use super::report::Check;
use super::suite::{At, Suite};

/// What one viewer is shown of a position, sorted so two can be compared.
#[derive(PartialEq, Debug)]
struct Shown {
    pieces: Vec<Piece>,
    hidden: Vec<u16>,
    text: String,
}

impl Suite<'_> {
    /// The view checks of one position (on the positions that get the
    /// per-move checks: sampling may be costly).
    pub(super) fn check_views(&mut self, position: &PositionBox, text: &str, moves: &[Move], seed: u64) {
        if !position.is_hidden() {
            // Hosts show everything of a game that is not flagged HIDDEN.
            let (Ok(mut all), Ok(mut shown)) = (position.piece_list(), position.view_piece_list(SPECTATOR)) else {
                return;
            };
            all.sort_by_key(|p| (p.cell, p.owner, p.kind));
            shown.sort_by_key(|p| (p.cell, p.owner, p.kind));
            self.expect(Check::Views, all == shown, At::position(text), || {
                "a spectator is shown other pieces than the board holds, but the game is not flagged HIDDEN".into()
            });
            return;
        }
        self.report.hidden_positions += 1;
        let players = self.info.players.len() as u8;
        for viewer in (0..players).chain([SPECTATOR]) {
            self.check_shown(position, text, viewer);
        }
        let mover = position.side_to_move();
        let Some(truth) = self.shown(position, text, mover) else { return };
        for offset in 0..2 {
            let sample_seed = seed.wrapping_add(offset);
            let Some(sample) = self.call(
                Check::Views,
                position.sample(mover, sample_seed).into_result(),
                At::position(text),
                "sample",
            ) else {
                return;
            };
            self.compare_sample(&sample, text, mover, &truth, moves);
            let read = self.rules.position_for_view(&truth.text, sample_seed);
            if let Some(reread) = self.call(Check::Views, read, At::position(text), "position_from_view") {
                self.compare_sample(&reread, text, mover, &truth, moves);
            }
        }
    }

    fn shown(&mut self, position: &PositionBox, text: &str, viewer: u8) -> Option<Shown> {
        let at = At::position;
        let mut pieces = self.call(Check::Views, position.view_piece_list(viewer), at(text), "view_pieces")?;
        let mut hidden = self.call(Check::Views, position.hidden_cell_list(viewer), at(text), "hidden_cells")?;
        let view = self.call(Check::Views, position.view_string(viewer), at(text), "view_text")?;
        pieces.sort_by_key(|p| (p.cell, p.owner, p.kind));
        hidden.sort_unstable();
        Some(Shown { pieces, hidden, text: view })
    }

    fn check_shown(&mut self, position: &PositionBox, text: &str, viewer: u8) {
        let Some(shown) = self.shown(position, text, viewer) else { return };
        let (cells, players, kinds) = (self.geometry.cells.len(), self.info.players.len(), self.info.piece_types.len());
        let bad = shown
            .pieces
            .iter()
            .find(|p| (p.cell as usize) >= cells || (p.owner as usize) >= players || (p.kind as usize) >= kinds);
        self.expect(Check::Views, bad.is_none(), At::position(text), || {
            format!("viewer {viewer} is shown {:?}, which is not a piece of the game on the board", bad)
        });
        let off = shown.hidden.iter().find(|&&c| (c as usize) >= cells);
        self.expect(Check::Views, off.is_none(), At::position(text), || {
            format!("viewer {viewer} cannot see cell {}, which the board does not have", off.copied().unwrap_or(0))
        });
        let seen_in_fog = shown.pieces.iter().find(|p| shown.hidden.binary_search(&p.cell).is_ok());
        self.expect(Check::Views, seen_in_fog.is_none(), At::position(text), || {
            format!(
                "viewer {viewer} is shown a piece on cell {}, which they cannot see",
                seen_in_fog.map_or(0, |p| p.cell)
            )
        });
    }

    /// A sample (or a position read from the view text) must look the same
    /// to `mover` and leave them the same moves.
    fn compare_sample(&mut self, sample: &PositionBox, text: &str, mover: u8, truth: &Shown, moves: &[Move]) {
        let same_side = sample.side_to_move() == mover && sample.is_hidden();
        self.expect(Check::Views, same_side, At::position(text), || {
            format!("a sample has player {} to move (not {mover}) or hides nothing", sample.side_to_move())
        });
        let Some(shown) = self.shown(sample, text, mover) else { return };
        let what = if shown.pieces != truth.pieces {
            Some("pieces")
        } else if shown.hidden != truth.hidden {
            Some("hidden cells")
        } else if shown.text != truth.text {
            Some("view text")
        } else {
            None
        };
        self.expect(Check::Views, what.is_none(), At::position(text), || {
            format!("a sample shows the player to move other {} than the position does", what.unwrap_or_default())
        });
        let Some(mut theirs) = self.call(Check::Views, sample.moves(), At::position(text), "legal_moves of a sample")
        else {
            return;
        };
        let mut mine = moves.to_vec();
        mine.sort_by_key(|m| m.to_bits());
        theirs.sort_by_key(|m| m.to_bits());
        self.expect(Check::Views, mine == theirs, At::position(text), || {
            format!(
                "a sample leaves the player to move {} legal moves, the position {}: the moves depend on what they cannot see",
                theirs.len(),
                mine.len()
            )
        });
    }
}
