//! Plain-`Result` methods for callers of the boundary objects.
//!
//! Every boundary call returns abi_stable's `RResult`, which does not work
//! with `?` in a function returning `Result`. These extension traits give
//! the everyday calls `Result`-returning twins (and collect into `Vec`s
//! where a caller does not care about reusing buffers):
//!
//! ```
//! # use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
//! # use rules_api::{GameInfo, Geometry, Move, Piece, PluginError, RVec, Rgba, Status};
//! # // A pile of stones; each player takes one or two; the last stone wins.
//! # #[derive(Clone)]
//! # struct Pile { stones: u16, taken: Vec<u16> }
//! # impl PositionImpl for Pile {
//! #     fn side_to_move(&self) -> u8 { (self.taken.len() % 2) as u8 }
//! #     fn legal_moves(&self, out: &mut RVec<Move>) { out.extend((1..=self.stones.min(2)).map(|n| Move::place(n - 1))) }
//! #     fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
//! #         let n = m.to + 1;
//! #         if n > self.stones.min(2) { return Err(PluginError::illegal_move("too many")); }
//! #         self.stones -= n;
//! #         self.taken.push(n);
//! #         Ok(())
//! #     }
//! #     fn unmake_move(&mut self) -> Result<(), PluginError> {
//! #         self.stones += self.taken.pop().ok_or_else(|| PluginError::unsupported("no move"))?;
//! #         Ok(())
//! #     }
//! #     fn status(&self) -> Status {
//! #         if self.stones > 0 { Status::ONGOING } else { Status::win(1 - self.side_to_move(), "last stone") }
//! #     }
//! #     fn pieces(&self, _out: &mut RVec<Piece>) {}
//! #     fn to_text(&self) -> String { format!("{} stones", self.stones) }
//! #     fn move_to_text(&self, m: Move, _: rules_api::Notation) -> Result<String, PluginError> { Ok(format!("take{}", m.to + 1)) }
//! # }
//! # struct Nim;
//! # impl RulesImpl for Nim {
//! #     type Position = Pile;
//! #     fn info(&self) -> GameInfo {
//! #         GameInfo { name: "nim".into(), players: RVec::new(), piece_types: RVec::new(), position_format: "".into() }
//! #     }
//! #     fn geometry(&self) -> Geometry {
//! #         let (cells, lines, marks, labels) = (RVec::new(), RVec::new(), RVec::new(), RVec::new());
//! #         Geometry { cells, lines, marks, labels, background: Rgba::TRANSPARENT, layers: 1 }
//! #     }
//! #     fn start_position(&self) -> Result<Pile, PluginError> { Ok(Pile { stones: 3, taken: Vec::new() }) }
//! #     fn position_from_text(&self, _: &str) -> Result<Pile, PluginError> { Err(PluginError::unsupported("text")) }
//! # }
//! use rules_api::{Notation, PositionExt, RulesExt};
//!
//! let rules = rules_api::plugin::rules_box(Nim); // or a RulesBox a loaded plugin made
//! let mut pos = rules.start()?;
//! assert_eq!(pos.text()?, "3 stones");
//! for m in pos.moves()? {
//!     let name = pos.notate(m, Notation::COORDINATE)?; // a move to text ...
//!     assert_eq!(pos.read_move(&name, Notation::COORDINATE)?, m); // ... and back
//!     pos.play(m)?;
//!     println!("{name}: {}, {:?}", pos.text()?, pos.outcome()?.kind);
//!     pos.undo()?;
//! }
//! assert_eq!(pos.move_count()?, 2);
//! # Ok::<(), rules_api::PluginError>(())
//! ```
//!
//! Tabula's `docs/WRITING-PLUGINS.md` lists every method in a table, by
//! what it is for.

use abi_stable::std_types::{RSlice, RStr, RVec};

use crate::error::PluginError;
use crate::geometry::Geometry;
use crate::growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
use crate::moves::{Move, MoveInfo};
use crate::position::{HandPiece, Highlight, Notation, Piece, PlayerScore, PositionBox, PositionFlags, Status};
use crate::rules::{GameInfo, RulesBox};

/// `Result`-returning calls on a [`PositionBox`].
pub trait PositionExt {
    /// Every legal move, freshly collected.
    fn moves(&self) -> Result<Vec<Move>, PluginError>;
    /// Clears `out` and writes every legal move (reuses the buffer).
    fn moves_into(&self, out: &mut RVec<Move>) -> Result<(), PluginError>;
    /// The number of legal moves.
    fn move_count(&self) -> Result<u64, PluginError>;
    /// Plays a legal move.
    fn play(&mut self, m: Move) -> Result<(), PluginError>;
    /// Takes back the last move.
    fn undo(&mut self) -> Result<(), PluginError>;
    /// Ongoing, or the result.
    fn outcome(&self) -> Result<Status, PluginError>;
    /// One [`MoveInfo`] per move of `moves`.
    fn infos(&self, moves: &[Move]) -> Result<Vec<MoveInfo>, PluginError>;
    /// Every piece on the board.
    fn piece_list(&self) -> Result<Vec<Piece>, PluginError>;
    /// Every highlighted cell.
    fn highlight_list(&self) -> Result<Vec<Highlight>, PluginError>;
    /// The pieces in the players' hands.
    fn hand_list(&self) -> Result<Vec<HandPiece>, PluginError>;
    /// The players' counted scores.
    fn score_list(&self) -> Result<Vec<PlayerScore>, PluginError>;
    /// The position as text.
    fn text(&self) -> Result<String, PluginError>;
    /// A legal move written in `notation`.
    fn notate(&self, m: Move, notation: Notation) -> Result<String, PluginError>;
    /// A legal move read from `text` in `notation`.
    fn read_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError>;
    /// Whether this is a chance node (the next move is drawn, not chosen).
    fn is_chance(&self) -> bool;
    /// The outcomes of this chance node with their probabilities.
    fn chance_list(&self) -> Result<Vec<ChanceOutcome>, PluginError>;
    /// The result in full: status, reason for people, payoffs.
    fn full_result(&self) -> Result<Outcome, PluginError>;
    /// The static evaluation from `player`'s view: [`crate::Position::evaluate_all`]
    /// when the game gives one, else the mover's evaluation (negated for
    /// everyone else).
    fn evaluation_of(&self, player: u8) -> i32;
    /// Every way of choosing a legal move by clicks.
    fn click_path_list(&self) -> Result<Vec<ClickPath>, PluginError>;
    /// The cells this position moves, renames or hides.
    fn cell_change_list(&self) -> Result<Vec<CellChange>, PluginError>;
    /// The texts drawn on cells in this position.
    fn cell_text_list(&self) -> Result<Vec<CellText>, PluginError>;
    /// Whether the game hides something from someone.
    fn is_hidden(&self) -> bool;
    /// The pieces as `viewer` sees them.
    fn view_piece_list(&self, viewer: u8) -> Result<Vec<Piece>, PluginError>;
    /// The highlights `viewer` may see.
    fn view_highlight_list(&self, viewer: u8) -> Result<Vec<Highlight>, PluginError>;
    /// The cells `viewer` cannot see into.
    fn hidden_cell_list(&self, viewer: u8) -> Result<Vec<u16>, PluginError>;
    /// What `viewer` knows, as text.
    fn view_string(&self, viewer: u8) -> Result<String, PluginError>;
    /// A legal move as `viewer` may read it.
    fn notate_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError>;
    /// What `viewer` was told by the last move (empty when nothing).
    fn announcement_for(&self, viewer: u8) -> Result<String, PluginError>;
    /// A position `viewer` cannot tell from this one: [`crate::Position::sample`]
    /// in a game with hidden information, a copy of this one otherwise.
    fn sample_for(&self, viewer: u8, seed: u64) -> Result<PositionBox, PluginError>;
}

impl PositionExt for PositionBox {
    fn moves(&self) -> Result<Vec<Move>, PluginError> {
        let mut out = RVec::new();
        self.legal_moves(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn moves_into(&self, out: &mut RVec<Move>) -> Result<(), PluginError> {
        self.legal_moves(out).into_result()
    }
    fn move_count(&self) -> Result<u64, PluginError> {
        self.count_legal_moves().into_result()
    }
    fn play(&mut self, m: Move) -> Result<(), PluginError> {
        self.make_move(m).into_result()
    }
    fn undo(&mut self) -> Result<(), PluginError> {
        self.unmake_move().into_result()
    }
    fn outcome(&self) -> Result<Status, PluginError> {
        self.status().into_result()
    }
    fn infos(&self, moves: &[Move]) -> Result<Vec<MoveInfo>, PluginError> {
        let mut out = RVec::new();
        self.move_infos(RSlice::from_slice(moves), &mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn piece_list(&self) -> Result<Vec<Piece>, PluginError> {
        let mut out = RVec::new();
        self.pieces(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn highlight_list(&self) -> Result<Vec<Highlight>, PluginError> {
        let mut out = RVec::new();
        self.highlights(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn hand_list(&self) -> Result<Vec<HandPiece>, PluginError> {
        let mut out = RVec::new();
        self.hands(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn score_list(&self) -> Result<Vec<PlayerScore>, PluginError> {
        let mut out = RVec::new();
        self.scores(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn text(&self) -> Result<String, PluginError> {
        Ok(self.to_text().into_result()?.into_string())
    }
    fn notate(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        Ok(self.move_to_text(m, notation).into_result()?.into_string())
    }
    fn read_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        self.parse_move(RStr::from_str(text), notation).into_result()
    }
    fn is_chance(&self) -> bool {
        self.flags().contains(PositionFlags::CHANCE)
    }
    fn chance_list(&self) -> Result<Vec<ChanceOutcome>, PluginError> {
        let mut out = RVec::new();
        self.chance_outcomes(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn full_result(&self) -> Result<Outcome, PluginError> {
        self.result().into_result()
    }
    fn evaluation_of(&self, player: u8) -> i32 {
        let mut all = RVec::new();
        self.evaluate_all(&mut all);
        if let Some(&value) = all.get(player as usize) {
            return value;
        }
        let mine = self.evaluate();
        if self.side_to_move() == player {
            mine
        } else {
            -mine
        }
    }
    fn click_path_list(&self) -> Result<Vec<ClickPath>, PluginError> {
        let mut out = RVec::new();
        self.click_paths(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn cell_change_list(&self) -> Result<Vec<CellChange>, PluginError> {
        let mut out = RVec::new();
        self.cell_changes(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn cell_text_list(&self) -> Result<Vec<CellText>, PluginError> {
        let mut out = RVec::new();
        self.cell_texts(&mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn is_hidden(&self) -> bool {
        self.flags().contains(PositionFlags::HIDDEN)
    }
    fn view_piece_list(&self, viewer: u8) -> Result<Vec<Piece>, PluginError> {
        let mut out = RVec::new();
        self.view_pieces(viewer, &mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn view_highlight_list(&self, viewer: u8) -> Result<Vec<Highlight>, PluginError> {
        let mut out = RVec::new();
        self.view_highlights(viewer, &mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn hidden_cell_list(&self, viewer: u8) -> Result<Vec<u16>, PluginError> {
        let mut out = RVec::new();
        self.hidden_cells(viewer, &mut out).into_result()?;
        Ok(out.into_vec())
    }
    fn view_string(&self, viewer: u8) -> Result<String, PluginError> {
        Ok(self.view_text(viewer).into_result()?.into_string())
    }
    fn notate_for(&self, m: Move, notation: Notation, viewer: u8) -> Result<String, PluginError> {
        Ok(self.move_text_for(m, notation, viewer).into_result()?.into_string())
    }
    fn announcement_for(&self, viewer: u8) -> Result<String, PluginError> {
        Ok(self.announcement(viewer).into_result()?.into_string())
    }
    fn sample_for(&self, viewer: u8, seed: u64) -> Result<PositionBox, PluginError> {
        if self.is_hidden() {
            self.sample(viewer, seed).into_result()
        } else {
            Ok(self.clone())
        }
    }
}

/// `Result`-returning calls on a [`RulesBox`].
pub trait RulesExt {
    /// Name, players and piece types.
    fn game_info(&self) -> Result<GameInfo, PluginError>;
    /// The board.
    fn board(&self) -> Result<Geometry, PluginError>;
    /// The start position.
    fn start(&self) -> Result<PositionBox, PluginError>;
    /// A position read from text.
    fn position(&self, text: &str) -> Result<PositionBox, PluginError>;
    /// The rules for people.
    fn help(&self) -> Result<String, PluginError>;
    /// A sample of the positions a viewer's knowledge (a view text) allows.
    fn position_for_view(&self, text: &str, seed: u64) -> Result<PositionBox, PluginError>;
}

impl RulesExt for RulesBox {
    fn game_info(&self) -> Result<GameInfo, PluginError> {
        self.info().into_result()
    }
    fn board(&self) -> Result<Geometry, PluginError> {
        self.geometry().into_result()
    }
    fn start(&self) -> Result<PositionBox, PluginError> {
        self.start_position().into_result()
    }
    fn position(&self, text: &str) -> Result<PositionBox, PluginError> {
        self.position_from_text(RStr::from_str(text)).into_result()
    }
    fn help(&self) -> Result<String, PluginError> {
        Ok(self.help_text().into_result()?.into_string())
    }
    fn position_for_view(&self, text: &str, seed: u64) -> Result<PositionBox, PluginError> {
        self.position_from_view(RStr::from_str(text), seed).into_result()
    }
}
