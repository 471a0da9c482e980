//! Hidden information at the table: whose view the window shows, and that
//! view of a position (its pieces, marks, fogged cells and the moves as
//! that viewer may read them). A game whose position is not flagged
//! [`PositionFlags::HIDDEN`] shows everything, as before.

use rules_api::{Highlight, Notation, Piece, PositionBox, PositionExt, PositionFlags, SPECTATOR};
use tabula_core::boundary::{check_highlights, check_pieces, CallError, Faulty};
use tabula_core::watchdog::watch;

use super::Game;

/// What one viewer sees of a position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View {
    /// The pieces as the viewer sees them.
    pub pieces: Vec<Piece>,
    /// The marks the viewer may see.
    pub highlights: Vec<Highlight>,
    /// The cells the viewer cannot see into (drawn fogged).
    pub fog: Vec<u16>,
}

impl Game {
    /// Whether the live position hides something from someone.
    pub fn is_hidden(&self) -> bool {
        watch("flags", || self.session.position().flags()).contains(PositionFlags::HIDDEN)
    }

    /// The seats people play, in seat order.
    pub fn people(&self) -> Vec<u8> {
        (0..self.seats.len()).filter(|&s| !self.is_computer(s)).map(|s| s as u8).collect()
    }

    /// Whose view the window shows in a game with hidden information
    /// (`None`: nothing is hidden, everything is drawn): the person to
    /// move; while a computer moves, the only person at the table or the
    /// person who moved last (they are still looking); a spectator's view
    /// when only computers play and once the game is over.
    pub fn viewer(&self) -> Option<u8> {
        if !self.is_hidden() {
            return None;
        }
        let people = self.people();
        if self.is_over() || people.is_empty() {
            return Some(SPECTATOR);
        }
        let mover = self.session.side_to_move();
        if people.len() == 1 || people.contains(&mover) {
            return Some(if people.contains(&mover) { mover } else { people[0] });
        }
        let last = self.actors.iter().rev().find(|a| people.contains(a)).copied();
        Some(last.unwrap_or(people[0]))
    }

    /// The live position's highlights as the window shows them: the
    /// viewer's in a game that hides, all of them otherwise.
    pub fn shown_highlights(&self) -> Vec<Highlight> {
        let position = self.session.position();
        let list = match self.viewer() {
            Some(viewer) => watch("view_highlights", || position.view_highlight_list(viewer)),
            None => watch("highlights", || position.highlight_list()),
        };
        list.unwrap_or_default()
    }

    /// What the viewer was told by the last move (kriegspiel's umpire, a
    /// refused try), in a game that hides; empty otherwise.
    pub fn announcement(&self) -> String {
        let Some(viewer) = self.viewer() else { return String::new() };
        watch("announcement", || self.session.position().announcement_for(viewer)).unwrap_or_default()
    }

    /// The standard text of ply `i` as the window shows it (see
    /// [`Game::shown_texts`]).
    pub fn shown_text(&self, i: usize) -> Option<&str> {
        match &self.shown_texts {
            Some(texts) => texts.get(i).map(String::as_str),
            None => self.session.history().get(i).map(|m| m.standard.as_str()),
        }
    }

    /// What `viewer` sees of `position`, checked like every plugin answer.
    pub fn view_of(&self, position: &PositionBox, viewer: u8) -> Result<View, CallError> {
        let shape = self.session.shape();
        let pieces = watch("view_pieces", || position.view_piece_list(viewer))?;
        check_pieces(&pieces, shape)?;
        let highlights = watch("view_highlights", || position.view_highlight_list(viewer))?;
        check_highlights(&highlights, shape)?;
        let fog = watch("hidden_cells", || position.hidden_cell_list(viewer))?;
        if let Some(&cell) = fog.iter().find(|&&c| c as usize >= shape.cells) {
            let problem = format!("cell {cell} is not on the board ({} cells)", shape.cells);
            return Err(Faulty { call: "hidden_cells", problem }.into());
        }
        Ok(View { pieces, highlights, fog })
    }

    /// The moves of the game so far in standard notation as `viewer` may
    /// read them (each written in the position before it).
    pub fn move_texts_for(&self, viewer: u8) -> Result<Vec<String>, CallError> {
        let mut position = self.session.start_position().clone();
        let mut texts = Vec::with_capacity(self.session.history().len());
        for played in self.session.history() {
            texts.push(watch("move_text_for", || position.notate_for(played.mv, Notation::STANDARD, viewer))?);
            watch("make_move", || position.play(played.mv))?;
        }
        Ok(texts)
    }
}
