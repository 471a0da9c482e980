//! The game state: the pieces, the side to move, the draw counts, the
//! Zobrist hash and the history that make/unmake and the repetition rule
//! need.
//!
//! A capture is one legal [`Move`]: `from` and `to` are its first and last
//! squares and `tag` its index in the position's capture list
//! ([`crate::movegen::captures`], a fixed order), so make_move can check
//! it and equal captures are equal values. Ordinary moves have tag 0.

use std::cell::RefCell;

use rules_api::plugin::PositionImpl;
use rules_api::{
    ClickPath, Highlight, HighlightKind, Move, MoveInfo, Notation, Piece, PluginError, PositionFlags, RVec, Status,
};

use crate::board::{self, squares, Board};
use crate::colour::Colour;
use crate::draw::Counters;
use crate::movegen::{self, Capture};
use crate::rule::Rule;

/// What unmake restores.
#[derive(Clone, Copy, Debug)]
struct Undo {
    board: Board,
    hash: u64,
    counters: Counters,
}

/// A draughts position with its own history.
#[derive(Clone, Debug)]
pub struct DraughtsPosition {
    rule: Rule,
    board: Board,
    side: Colour,
    hash: u64,
    counters: Counters,
    history: Vec<Undo>,
    /// The capture list of the current position, rebuilt on demand; a
    /// buffer kept here so generating moves allocates nothing once grown.
    scratch: RefCell<Vec<Capture>>,
}

impl DraughtsPosition {
    /// A position with `board` and `side` to move and no history; the
    /// caller has checked that it can occur.
    pub fn new(rule: Rule, board: Board, side: Colour) -> Self {
        DraughtsPosition {
            rule,
            board,
            side,
            hash: board::hash_of(&board, side),
            counters: Counters::default(),
            history: Vec::with_capacity(256),
            scratch: RefCell::new(Vec::with_capacity(32)),
        }
    }

    /// The rule set.
    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The pieces.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The colour to move.
    pub fn side(&self) -> Colour {
        self.side
    }

    /// The draw counts as they stand.
    pub fn counters(&self) -> Counters {
        self.counters
    }

    /// Calls `f` with the capture list of this position (empty when no
    /// capture is possible).
    pub fn with_captures<R>(&self, f: impl FnOnce(&[Capture]) -> R) -> R {
        let mut list = self.scratch.borrow_mut();
        movegen::captures(self.rule, &self.board, self.side, &mut list);
        f(&list)
    }

    /// How many times this position (pieces and side to move) has stood
    /// on the board since the text it was read from, this time included.
    /// Only positions since the last man move or capture can be equal.
    pub fn occurrences(&self) -> usize {
        let back = (self.counters.king_plies as usize).min(self.history.len());
        let len = self.history.len();
        1 + (2..=back).step_by(2).filter(|&k| self.history[len - k].hash == self.hash).count()
    }

    /// The draw the game has reached, if any.
    pub fn draw_reason(&self) -> Option<&'static str> {
        if self.occurrences() >= 3 {
            return Some("threefold repetition");
        }
        self.counters.draw(self.rule, &self.board)
    }

    /// Whether the side to move has a move by the movement rules (the draw
    /// rules aside).
    fn can_move(&self) -> bool {
        movegen::any_capture(self.rule, &self.board, self.side)
            || movegen::count_quiet_moves(self.rule, &self.board, self.side) > 0
    }

    fn push_history(&mut self) {
        self.history.push(Undo { board: self.board, hash: self.hash, counters: self.counters });
    }

    fn finish_move(&mut self, before: Board, king_moved: bool, taken: u32) {
        self.counters = self.counters.after_move(self.rule, &before, &self.board, king_moved, taken);
        self.side = self.side.opponent();
        self.hash ^= board::black_to_move_key();
    }

    /// Moves the mover's piece on `from` to `to`, crowning it when
    /// `promotes`; returns whether it was a king.
    fn relocate(&mut self, from: u8, to: u8, promotes: bool) -> bool {
        let colour = self.side;
        let king = self.board.kings[colour.index()] & (1u64 << from) != 0;
        self.board.men[colour.index()] &= !(1u64 << from);
        self.board.kings[colour.index()] &= !(1u64 << from);
        self.hash ^= board::piece_key(board::Piece { colour, king }, from);
        let landed = board::Piece { colour, king: king || promotes };
        self.board.put(to, landed);
        self.hash ^= board::piece_key(landed, to);
        king
    }

    fn apply_capture(&mut self, capture: Capture) {
        let before = self.board;
        self.push_history();
        let king_moved = self.relocate(capture.from, capture.to, capture.promotes);
        let them = self.side.opponent();
        for sq in squares(capture.captured) {
            let king = self.board.kings[them.index()] & (1u64 << sq) != 0;
            self.hash ^= board::piece_key(board::Piece { colour: them, king }, sq);
        }
        self.board.men[them.index()] &= !capture.captured;
        self.board.kings[them.index()] &= !capture.captured;
        self.finish_move(before, king_moved, capture.count as u32);
    }

    fn apply_quiet(&mut self, from: u8, to: u8) {
        let before = self.board;
        self.push_history();
        let promotes = self.board.men[self.side.index()] & (1u64 << from) != 0
            && self.rule.layout().crowning_row(self.side) & (1u64 << to) != 0;
        let king_moved = self.relocate(from, to, promotes);
        self.finish_move(before, king_moved, 0);
    }

    /// The click paths of `capture`: its piece, then each landing square;
    /// where a flying king goes on straight after a piece, any square
    /// between that piece and the next one it takes is accepted.
    fn capture_path(&self, capture: &Capture, index: usize) -> ClickPath {
        let layout = self.rule.layout();
        let blocked = self.board.occupied() & !(1u64 << capture.from);
        let mut steps = RVec::new();
        steps.push(RVec::from(vec![capture.from as u16]));
        let path = capture.path();
        let mut previous = capture.from;
        for (i, &land) in path.iter().enumerate() {
            let mut step = RVec::from(vec![land as u16]);
            let leg = layout.direction(previous, land).map(|(dir, _)| dir);
            let next_leg = path.get(i + 1).and_then(|&next| layout.direction(land, next)).map(|(dir, _)| dir);
            if let (Some(dir), true) = (leg, leg == next_leg) {
                let mut sq = layout.step(land, dir);
                while sq != board::NONE && blocked & (1u64 << sq) == 0 {
                    step.push(sq as u16);
                    sq = layout.step(sq, dir);
                }
            }
            steps.push(step);
            previous = land;
        }
        ClickPath { mv: capture.to_move(index), steps }
    }

    fn describe(&self, m: Move) -> String {
        crate::notation::describe(self.rule.layout(), m)
    }
}

impl PositionImpl for DraughtsPosition {
    fn side_to_move(&self) -> u8 {
        self.rule.player_of(self.side)
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.draw_reason().is_some() {
            return;
        }
        let captured = self.with_captures(|list| {
            out.extend(list.iter().enumerate().map(|(i, c)| c.to_move(i)));
            !list.is_empty()
        });
        if !captured {
            movegen::quiet_moves(self.rule, &self.board, self.side, out);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if let Some(reason) = self.draw_reason() {
            return Err(PluginError::illegal_move(format!("the game is over (draw by {reason}): no more moves")));
        }
        let mut list = std::mem::take(self.scratch.get_mut());
        movegen::captures(self.rule, &self.board, self.side, &mut list);
        let chosen = list.get(m.tag as usize).copied();
        let compulsory = !list.is_empty();
        *self.scratch.get_mut() = list;
        match chosen {
            Some(c) if compulsory && c.from as u16 == m.from && c.to as u16 == m.to && m.extra == 0 => {
                self.apply_capture(c);
                Ok(())
            }
            _ if compulsory => Err(PluginError::illegal_move(format!(
                "{} is not a legal move here: a capture is compulsory",
                self.describe(m)
            ))),
            _ if movegen::is_quiet_move(self.rule, &self.board, self.side, m) => {
                self.apply_quiet(m.from as u8, m.to as u8);
                Ok(())
            }
            _ if !self.can_move() => {
                Err(PluginError::illegal_move(format!("the game is over: {} has no legal move", self.side.name())))
            }
            _ => Err(PluginError::illegal_move(format!("{} is not a legal move here", self.describe(m)))),
        }
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let undo = self.history.pop().ok_or_else(|| {
            PluginError::unsupported("cannot take back a move: no move has been made in this position")
        })?;
        self.board = undo.board;
        self.hash = undo.hash;
        self.counters = undo.counters;
        self.side = self.side.opponent();
        Ok(())
    }

    fn status(&self) -> Status {
        if !self.can_move() {
            let winner = self.rule.player_of(self.side.opponent());
            let reason = if self.board.pieces(self.side) == 0 { "no pieces left" } else { "no legal move" };
            return Status::win(winner, reason);
        }
        match self.draw_reason() {
            Some(reason) => Status::draw(reason),
            None => Status::ONGOING,
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for colour in [Colour::White, Colour::Black] {
            let owner = self.rule.player_of(colour);
            out.extend(squares(self.board.men[colour.index()]).map(|sq| Piece { cell: sq as u16, owner, kind: 0 }));
            out.extend(squares(self.board.kings[colour.index()]).map(|sq| Piece { cell: sq as u16, owner, kind: 1 }));
        }
    }

    fn to_text(&self) -> String {
        crate::fen::write(&self.board, self.side)
    }

    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if self.draw_reason().is_some() {
            return Err(PluginError::illegal_move(format!("{} is not a legal move here", self.describe(m))));
        }
        self.with_captures(|list| crate::notation::write(self.rule, &self.board, self.side, list, m, notation))
    }

    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        if let Some(reason) = self.draw_reason() {
            let text = text.trim();
            return Err(PluginError::illegal_move(format!("'{text}': the game is over (draw by {reason})")));
        }
        self.with_captures(|list| crate::notation::parse(self.rule, &self.board, self.side, list, text))
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn evaluate(&self) -> i32 {
        crate::eval::evaluate(self.rule, &self.board, self.side)
    }

    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        self.with_captures(|list| crate::eval::move_infos(self.rule, &self.board, self.side, list, moves, out));
    }

    /// The pieces that can capture, when a capture is compulsory.
    fn highlights(&self, out: &mut RVec<Highlight>) {
        if self.draw_reason().is_some() {
            return;
        }
        let player = self.side_to_move();
        self.with_captures(|list| {
            let mut from = 0u64;
            for c in list {
                from |= 1u64 << c.from;
            }
            out.extend(
                squares(from)
                    .map(|sq| Highlight::new(sq as u16, HighlightKind::NOTE).of(player).because("must capture")),
            );
        });
    }

    /// A compulsory capture is the mover's "check": it must be answered,
    /// and a search should not stand pat on it. Passing is never possible,
    /// and zugzwang is common in draughts.
    fn flags(&self) -> PositionFlags {
        let mut flags = PositionFlags::ZUGZWANG_RISK;
        if movegen::any_capture(self.rule, &self.board, self.side) && self.draw_reason().is_none() {
            flags |= PositionFlags::IN_CHECK;
        }
        flags
    }

    fn count_legal_moves(&self, _scratch: &mut RVec<Move>) -> u64 {
        if self.draw_reason().is_some() {
            return 0;
        }
        let captures = self.with_captures(|list| list.len() as u64);
        if captures > 0 {
            captures
        } else {
            movegen::count_quiet_moves(self.rule, &self.board, self.side)
        }
    }

    /// Quiet moves: the piece, then its square. Captures: the piece, then
    /// each landing, once per route the capture can take.
    fn click_paths(&self, out: &mut RVec<ClickPath>) {
        if self.draw_reason().is_some() {
            return;
        }
        let mut routes = Vec::new();
        movegen::capture_routes(self.rule, &self.board, self.side, &mut routes);
        if routes.is_empty() {
            let mut moves = RVec::new();
            movegen::quiet_moves(self.rule, &self.board, self.side, &mut moves);
            out.extend(moves.iter().filter_map(|&m| ClickPath::from_cells(m)));
            return;
        }
        self.with_captures(|list| {
            for route in &routes {
                if let Some(index) = movegen::index_of(list, route) {
                    out.push(self.capture_path(route, index));
                }
            }
        });
    }
}
