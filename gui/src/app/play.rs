//! The window's play aids: premoves ([`crate::premove`]), the player's
//! arrows and circles ([`crate::marks`]), the board theme, piece set and
//! coordinates of Settings, and the draw offered to the computer.

use rules_api::Rgba;
use sdl2::keyboard::Mod;
use sdl2::render::RenderTarget;

use super::App;
use crate::layout::BoardLayout;
use crate::marks::{draw_marks, MarkColour, Marks};
use crate::paint::Painter;
use crate::premove::{next_turn_paths, replay, Premove, PremoveClick};
use crate::shown::ShownBoard;
use crate::themes::{apply_board, use_piece_set, BoardTheme, PieceSet};
use crate::{tr, GuiError};

/// A premove's cells.
const PREMOVE: Rgba = Rgba { r: 200, g: 60, b: 60, a: 120 };
/// Where an unfinished premove may go next.
const PREMOVE_TARGET: Rgba = Rgba { r: 200, g: 60, b: 60, a: 170 };

/// The state of the play aids.
pub(super) struct PlayAids {
    /// The premove, and the game generation its paths were read for.
    premove: Option<(Premove, u64)>,
    /// The player's arrows and circles.
    marks: Marks,
    /// The modifier keys held (SDL's mouse events do not carry them).
    mods: Mod,
}

impl Default for PlayAids {
    fn default() -> Self {
        PlayAids { premove: None, marks: Marks::default(), mods: Mod::empty() }
    }
}

impl App {
    /// The piece set of the settings, for every piece drawn from now on.
    pub(super) fn apply_piece_set(&self) {
        use_piece_set(PieceSet::from_word(&self.settings.piece_set));
    }

    /// The board as Settings wants it drawn: the theme's colours, the
    /// coordinates on or off.
    pub(super) fn themed(&self, board: &mut ShownBoard) {
        let theme = BoardTheme::from_word(&self.settings.board_theme);
        apply_board(&mut board.geometry, theme, self.settings.coordinates);
    }

    /// Keeps track of the modifier keys from every key event.
    pub(super) fn track_mods(&mut self, mods: Mod) {
        self.aids.mods = mods;
    }

    /// The seat of the only person, when a premove can be made now: the
    /// live position is on screen, someone else is to move, and nothing
    /// is hidden (the paths after every reply would tell what is).
    fn premove_seat(&self) -> Option<u8> {
        let people = self.game.people();
        let person = *people.first().filter(|_| people.len() == 1)?;
        let mover = self.game.session.side_to_move();
        let open = !self.game.is_over() && self.view_ply.is_none() && !self.game.is_hidden();
        (open && mover != person).then_some(person)
    }

    /// A left click on `cell` while the opponent is to move: a premove's
    /// click. False when no premove can be made now.
    pub(super) fn premove_press(&mut self, cell: u16) -> bool {
        let Some(person) = self.premove_seat() else { return false };
        let generation = self.game.generation;
        let fresh = self.aids.premove.as_ref().is_some_and(|(_, g)| *g == generation);
        if !fresh {
            let shape = *self.game.session.shape();
            let paths = next_turn_paths(self.game.session.position(), person, &shape);
            self.aids.premove = Some((Premove::new(paths), generation));
        }
        let Some((premove, _)) = self.aids.premove.as_mut() else { return true };
        match premove.click(cell) {
            PremoveClick::Wait => {}
            PremoveClick::Ready => self.message = Some((tr!("premove-set"), false)),
            PremoveClick::Refused => {
                self.aids.premove = None;
                self.message = None;
            }
        }
        self.dirty = true;
        true
    }

    /// Escape, or a right click off the board: the premove is forgotten.
    /// False when there was none.
    pub(super) fn cancel_premove(&mut self) -> bool {
        if self.aids.premove.take().is_none() {
            return false;
        }
        self.message = Some((tr!("premove-cancelled"), false));
        self.dirty = true;
        true
    }

    /// Plays a complete premove once the person's turn has come (if its
    /// clicks make a legal move now; else it is dropped, saying so); an
    /// unfinished one becomes the clicks of the move being made.
    pub(super) fn run_premove(&mut self) {
        if self.aids.premove.is_none() || !self.game.human_to_move() {
            if self.game.is_over() {
                self.aids.premove = None;
            }
            return;
        }
        if self.dialog.is_some() || self.view_ply.is_some() {
            return;
        }
        let Some((premove, _)) = self.aids.premove.take() else { return };
        self.dirty = true;
        self.sync_clicks();
        if !premove.is_ready() {
            for &cell in premove.cells() {
                if self.clicks.click(cell) != crate::clicks::ClickOutcome::Wait {
                    self.clicks.clear();
                    break;
                }
            }
            return;
        }
        match replay(premove.cells(), &mut self.clicks) {
            Some(moves) => {
                let first = crate::dialogs::promotion_order(moves, self.game.session.info()).into_iter().next();
                if let Some(m) = first {
                    self.play(m, true);
                }
            }
            None => {
                self.clicks.clear();
                self.say(tr!("premove-dropped"), false);
            }
        }
    }

    /// The right button went down at (x, y): it takes back the last click
    /// of a half-made move; off the board it cancels a premove; on a cell
    /// it begins an arrow or a circle.
    pub(super) fn right_press(&mut self, x: f32, y: f32) {
        if self.back_one_click() || self.dialog.is_some() || self.lobby.is_some() {
            return;
        }
        match self.cell_under(x, y) {
            Some(cell) => self.aids.marks.press(cell, MarkColour::from_mods(self.aids.mods)),
            None => {
                self.cancel_premove();
            }
        }
    }

    /// The right button came up at (x, y): the arrow or circle is drawn
    /// (or taken away).
    pub(super) fn right_release(&mut self, x: f32, y: f32) {
        let cell = self.cell_under(x, y);
        self.dirty |= self.aids.marks.release(cell);
    }

    /// A left click on the board: the marks go.
    pub(super) fn clear_marks(&mut self) {
        self.dirty |= self.aids.marks.clear();
    }

    /// The premove and the marks over the board.
    pub(super) fn draw_aids<T: RenderTarget>(
        &mut self,
        p: &mut Painter<T>,
        layout: &BoardLayout,
        board: &ShownBoard,
    ) -> Result<(), GuiError> {
        self.aids.marks.follow((self.game.generation, self.view_ply));
        let (g, hidden) = (&board.geometry, &board.hidden[..]);
        if let Some((premove, _)) = self.aids.premove.as_ref().filter(|_| self.view_ply.is_none()) {
            for &cell in premove.cells() {
                crate::board::tint_cell(p, layout, g, cell, PREMOVE)?;
            }
            for cell in premove.targets() {
                if let Some(c) = g.cells.get(cell as usize) {
                    let (x, y) = layout.to_screen(c.x, c.y, c.layer);
                    p.disc(x, y, 0.12 * layout.scale, PREMOVE_TARGET, Rgba::TRANSPARENT, 0.0)?;
                }
            }
        }
        draw_marks(p, layout, g, hidden, &self.aids.marks)
    }

    /// The person offers the computer a draw: it answers after a search.
    pub(super) fn offer_draw(&mut self) {
        match self.game.offer_draw() {
            Ok(()) => self.message = Some((tr!("draw-offered"), false)),
            Err(e) => self.say(e, true),
        }
    }

    /// The person to move claims the draw the rules allow.
    pub(super) fn claim_draw(&mut self) {
        match self.game.claim_draw() {
            Ok(events) => self.react(events, false),
            Err(e) => self.say(e, true),
        }
    }

    /// The computer's answer to a draw offer, on the status line.
    pub(super) fn draw_answered(&mut self, accepted: bool, score: Option<i32>) {
        let text = match (accepted, score) {
            (true, _) => tr!("draw-accepted"),
            (false, Some(score)) => tr!("draw-declined", score = score.to_string()),
            (false, None) => tr!("draw-declined-no-answer"),
        };
        self.message = Some((text, false));
    }

    /// The play aids for the layout dump: the premove's cells and whether
    /// it is complete, the marks, and the look chosen in Settings.
    pub(super) fn aids_dump(&self, name: &dyn Fn(&u16) -> Option<String>) -> serde_json::Value {
        let premove = self.aids.premove.as_ref().map(|(p, _)| {
            serde_json::json!({
                "cells": p.cells().iter().filter_map(name).collect::<Vec<_>>(),
                "targets": p.targets().iter().filter_map(name).collect::<Vec<_>>(),
                "ready": p.is_ready(),
            })
        });
        let marks: Vec<serde_json::Value> = self
            .aids
            .marks
            .list()
            .iter()
            .map(|m| serde_json::json!([name(&m.from), name(&m.to), m.colour.word()]))
            .collect();
        serde_json::json!({
            "premove": premove,
            "marks": marks,
            "theme": BoardTheme::from_word(&self.settings.board_theme).word(),
            "piece_set": PieceSet::from_word(&self.settings.piece_set).word(),
            "coordinates": self.settings.coordinates,
            "draw_offer": self.game.draw_offer_pending(),
        })
    }
}
