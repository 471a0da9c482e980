//! The board on screen: the position shown (live or reviewed), its board
//! as that position changes it, the move being clicked, the pieces in
//! hand, and the caches that keep an idle window from asking the rules
//! plugin anything.

use std::time::{Duration, Instant};

use rules_api::{Move, PositionBox, RVec, CELL_NONE};
use sdl2::render::RenderTarget;

use super::{App, Slide, SLIDE};
use crate::board::BoardScene;
use crate::clicks::ClickState;
use crate::dialogs::Dialog;
use crate::game::View;
use crate::hands;
use crate::layout::{Area, BoardLayout};
use crate::paint::Painter;
use crate::scene::draw_board;
use crate::shown::{click_paths, ShownBoard};
use crate::GuiError;
use tabula_core::boundary::CallError;

/// The board of the position on screen, and which one it was read for.
pub(super) struct BoardCache {
    /// The game's generation and the ply reviewed (`None`: live).
    key: (u64, Option<usize>),
    /// The board as that position shows it.
    pub board: ShownBoard,
}

impl App {
    /// The position on screen: the live one, or the one reviewed.
    pub(super) fn shown_position(&self) -> PositionBox {
        match self.view_ply {
            Some(ply) => self.game.position_at(ply),
            None => self.game.session.position().clone(),
        }
    }

    /// What the window shows of `position`: everything, or in a game with
    /// hidden information the view of [`crate::game::Game::viewer`].
    pub(super) fn view_for_screen(&self, position: &PositionBox) -> Result<View, CallError> {
        match self.game.viewer() {
            Some(viewer) => self.game.view_of(position, viewer),
            None => {
                let shape = *self.game.session.shape();
                let pieces = tabula_core::boundary::pieces(position, &shape)?;
                let highlights = tabula_core::boundary::highlights(position, &shape)?;
                Ok(View { pieces, highlights, fog: Vec::new() })
            }
        }
    }

    /// Covers the window when its view must pass from one person to
    /// another at one table (a game with hidden information): the next
    /// person clicks once the window is theirs ([`Action::HandOver`]).
    pub(super) fn cover_for_hand_over(&mut self) {
        let Some(viewer) = self.game.viewer().filter(|&v| v != rules_api::SPECTATOR) else { return };
        if self.game.people().len() < 2 || self.handed_to == Some(viewer) || self.game.is_over() {
            if matches!(self.dialog, Some(Dialog::HandOver(_))) && self.handed_to == Some(viewer) {
                self.dialog = None;
            }
            return;
        }
        if self.dialog != Some(Dialog::HandOver(viewer)) {
            self.dialog = Some(Dialog::HandOver(viewer));
            self.clicks = ClickState::default();
            self.clicks_for = 0;
            self.drag = None;
            self.dirty = true;
        }
    }

    /// The person named on the cover is there: show them their view.
    pub(super) fn handed_over(&mut self) {
        if let Some(Dialog::HandOver(player)) = self.dialog {
            self.handed_to = Some(player);
            self.dialog = None;
            self.dirty = true;
        }
    }

    /// The board of the position on screen, read again only when the game
    /// or the reviewed ply changed.
    pub(super) fn shown_board(&mut self) -> Result<&ShownBoard, GuiError> {
        let key = (self.game.generation, self.view_ply);
        if self.board.as_ref().map(|b| b.key) != Some(key) {
            let position = self.shown_position();
            let shape = *self.game.session.shape();
            let board =
                ShownBoard::of(&self.game.geometry, &position, &shape).map_err(|e| GuiError::Game(e.to_string()))?;
            self.board = Some(BoardCache { key, board });
        }
        Ok(&self.board.as_ref().expect("set above").board)
    }

    /// Makes the click paths those of the live position, forgetting the
    /// clicks made on an earlier one; none unless a person is to move.
    pub(super) fn sync_clicks(&mut self) {
        if self.clicks_for == self.game.generation {
            return;
        }
        self.clicks_for = self.game.generation;
        let paths = if self.game.human_to_move() {
            let legal = self.game.legal_moves();
            click_paths(self.game.session.position(), &legal, self.game.session.shape()).unwrap_or_else(|e| {
                self.say(e.to_string(), true);
                Vec::new()
            })
        } else {
            Vec::new()
        };
        self.clicks = ClickState::new(paths);
    }

    /// The name of the cell where the move being clicked may end.
    pub(super) fn end_here_name(&self) -> Option<String> {
        if !self.clicks.can_end_here() || self.view_ply.is_some() {
            return None;
        }
        let cell = *self.clicks.clicked().last()?;
        let board = &self.board.as_ref()?.board;
        board.geometry.cells.get(cell as usize).map(|c| c.name.to_string())
    }

    /// The board, its pieces and the pieces in hand, in `inner`.
    pub(super) fn draw_board<T: RenderTarget>(&mut self, p: &mut Painter<T>, inner: Area) -> Result<(), GuiError> {
        self.sync_clicks();
        let position = self.shown_position();
        let mut hand_list = RVec::new();
        position.hands(&mut hand_list).into_result()?;
        let mut board = self.shown_board()?.clone();
        self.themed(&mut board);
        let inner = if hand_list.is_empty() { inner } else { hands::board_area(inner, &board.geometry) };
        let layout = BoardLayout::covering(&self.game.geometry, &board.geometry, inner, self.flipped);
        let live_legal = if self.view_ply.is_none() { self.game.legal_moves() } else { Vec::new() };
        self.draw_scene(p, &layout, &board, &position, &live_legal)?;
        self.draw_aids(p, &layout, &board)?;
        self.draw_hands(p, &layout, &board, &position, &hand_list, &live_legal)?;
        self.layout = Some(layout);
        Ok(())
    }

    /// The pieces in hand beside the board; the mover's kinds that can be
    /// dropped now are clickable when a person is to move.
    fn draw_hands<T: RenderTarget>(
        &mut self,
        p: &mut Painter<T>,
        layout: &BoardLayout,
        board: &ShownBoard,
        position: &PositionBox,
        hand_list: &[rules_api::HandPiece],
        live_legal: &[Move],
    ) -> Result<(), GuiError> {
        if hand_list.is_empty() {
            return Ok(());
        }
        let slots = hands::slots(layout, &board.geometry, hand_list);
        let pickable: Vec<u16> = if self.game.human_to_move() {
            slots.iter().map(|s| s.hand.kind).filter(|&k| hands::drops_of(live_legal, k).next().is_some()).collect()
        } else {
            Vec::new()
        };
        let mover = position.side_to_move();
        let picked = self.picked.filter(|_| self.view_ply.is_none());
        hands::draw(p, &mut self.hits, self.game.session.info(), &slots, &pickable, picked, mover)
    }

    /// Where the piece under the pointer could go, shown on boards of
    /// several layers (where a move's reach across the levels is hard to
    /// see) while no move is being clicked.
    fn preview(&self, layout: &BoardLayout, board: &ShownBoard) -> Vec<u16> {
        if self.game.geometry.layers <= 1 || !self.clicks.is_empty() || self.picked.is_some() || self.drag.is_some() {
            return Vec::new();
        }
        let Some(cell) = layout.cell_at(&board.geometry, &board.hidden, self.hover.0, self.hover.1) else {
            return Vec::new();
        };
        self.clicks.next_cells(&[cell])
    }

    /// The last move a player made in the first `ply` plies (a roll of
    /// the dice after it marks nothing on the board).
    fn last_players_move(&self, ply: usize) -> Option<Move> {
        let players = self.game.session.info().players.len();
        let history = self.game.session.history();
        history[..ply.min(history.len())].iter().rev().find(|m| (m.player as usize) < players).map(|m| m.mv)
    }

    /// The board with the shown position, its marks and any moving piece.
    fn draw_scene<T: RenderTarget>(
        &self,
        p: &mut Painter<T>,
        layout: &BoardLayout,
        board: &ShownBoard,
        position: &PositionBox,
        live_legal: &[Move],
    ) -> Result<(), GuiError> {
        let history = self.game.session.history();
        let ply = self.view_ply.unwrap_or(history.len());
        let checked = |e: tabula_core::boundary::CallError| GuiError::Game(e.to_string());
        let view = self.view_for_screen(position).map_err(checked)?;
        let (pieces, highlights): (RVec<_>, RVec<_>) = (view.pieces.into(), view.highlights.into());
        let fog = view.fog;
        let live = self.view_ply.is_none();
        let mut highlights = highlights;
        if live && !self.game.count.marks.is_empty() {
            // The count's territory and dead pieces replace the plugin's own marks.
            highlights = self.game.count.marks.clone().into();
        }
        let targets: Vec<u16> = match self.picked {
            Some(kind) => hands::drops_of(live_legal, kind).map(|m| m.to).collect(),
            None if live => self.clicks.targets(),
            None => Vec::new(),
        };
        let clicked = if live { self.clicks.clicked() } else { &[] };
        let end_here = (live && self.clicks.can_end_here()).then(|| clicked.last().copied()).flatten();
        let preview = if live { self.preview(layout, board) } else { Vec::new() };
        let sliding = self.slide.and_then(|s| {
            let t = (s.start.elapsed().as_secs_f32() / SLIDE.as_secs_f32()).min(1.0);
            let eased = 1.0 - (1.0 - t) * (1.0 - t);
            let at = |cell: u16| board.geometry.cells.get(cell as usize).map(|c| layout.to_screen(c.x, c.y, c.layer));
            let ((fx, fy), (tx, ty)) = (at(s.from)?, at(s.to)?);
            Some((s.to, s.piece, fx + (tx - fx) * eased, fy + (ty - fy) * eased))
        });
        // A move into or out of the fog is not marked: it would tell where.
        let last_move = self.last_players_move(ply).filter(|m| !fog.contains(&m.from) && !fog.contains(&m.to));
        let scene = BoardScene {
            fog: &fog,
            last_move,
            clicked,
            targets: &targets,
            end_here,
            preview: &preview,
            hint: self.game.hint.filter(|_| live),
            dragging: self.drag.as_ref().filter(|d| d.moved && live).map(|d| (d.cell, d.at.0, d.at.1)),
            sliding,
            ..BoardScene::plain(board, self.game.session.info(), &pieces, &highlights)
        };
        draw_board(p, layout, &scene)
    }

    /// Advances a running replay by one move when its time has come.
    pub(super) fn step_replay(&mut self) {
        let Some(next) = self.replay else { return };
        if Instant::now() < next {
            return;
        }
        let len = self.game.session.history().len();
        let ply = self.view_ply.unwrap_or(len) + 1;
        if ply > len {
            self.replay = None;
            self.view_ply = None;
        } else {
            self.show_ply(ply, true);
            self.replay = Some(next + Duration::from_millis(self.settings.replay_ms.max(100)));
        }
        self.dirty = true;
    }

    /// Shows the position after `ply` moves (the last one reviewed, not
    /// live); `slide` animates the step forward.
    pub(super) fn show_ply(&mut self, ply: usize, slide: bool) {
        let len = self.game.session.history().len();
        let ply = ply.min(len);
        let before = self.view_ply.unwrap_or(len);
        self.clicks.clear();
        self.view_ply = Some(ply);
        // The review line replaces a message about the live game.
        self.message = None;
        self.slide = None;
        if slide && self.settings.animate && ply == before + 1 {
            let m = self.game.session.history()[ply - 1].mv;
            let mut pieces = rules_api::RVec::new();
            let _ = self.game.position_at(before).pieces(&mut pieces);
            if let Some(piece) = pieces.iter().find(|p| p.cell == m.from && m.from != CELL_NONE) {
                self.slide = Some(Slide { piece: *piece, from: m.from, to: m.to, start: Instant::now() });
            }
        }
        self.dirty = true;
    }
}
