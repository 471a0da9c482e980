//! # rules-api — the stable boundary between Tabula and its plugins
//!
//! This is the only crate that both the host and every plugin link. Everything
//! that crosses the boundary is `#[repr(C)]` and [`StableAbi`], so a plugin
//! built separately (another `cargo build`, another day) can be loaded at run
//! time and checked for layout compatibility by `abi_stable`.
//!
//! ## Shape
//!
//! * A **rules plugin** exports a [`PluginMod`] whose `new_rules` builds a
//!   [`RulesBox`] (one configured game: options applied). The rules object
//!   describes the board ([`Geometry`]), the players and piece types
//!   ([`GameInfo`]) and creates positions ([`PositionBox`]).
//! * A **position** is the OpenSpiel-style state every algorithm drives: side to
//!   move, legal moves written into a caller-owned buffer, make/unmake on an
//!   internal stack, status, hash, evaluation, ordering information, text in
//!   and out, move notation both ways.
//! * A **strategy plugin** exports `new_strategy`, building a [`StrategyBox`]
//!   that picks a move for any position under [`SearchLimits`], polling a stop
//!   flag and reporting progress to an [`Observer`]. Strategies only see this
//!   crate, so every strategy plays every game.
//!
//! ## Writing a plugin
//!
//! Implement the plain-Rust traits in [`plugin`] ([`plugin::PositionImpl`],
//! [`plugin::RulesImpl`], [`plugin::StrategyImpl`]) in an `rlib`, and export
//! them from a tiny `cdylib` crate with [`export_rules_plugin!`] or
//! [`export_strategy_plugin!`]. Only the methods without a sensible default
//! are required (a tic-tac-toe fits in a page). The exported objects catch
//! every panic at the boundary and turn it into a [`PluginError`]: a panic
//! must never unwind into the host (abi_stable would abort the process).
//! `docs/WRITING-PLUGINS.md` walks through a complete game and strategy, and
//! the `tabula-kit` crate holds the conformance suite, snapshot and perft
//! helpers for a plugin's own tests.
//!
//! ## Calling a plugin
//!
//! The boundary objects return abi_stable's `RResult`; [`PositionExt`] and
//! [`RulesExt`] add plain-`Result` twins of the everyday calls for `?`.
//!
//! ## Conventions
//!
//! * Cells are indices into [`Geometry::cells`]. [`Move::from`] is
//!   [`CELL_NONE`] for placement games.
//! * When several legal moves share `from` and `to` they differ by
//!   [`Move::extra`]; `extra = k > 0` names piece type `k - 1` of
//!   [`GameInfo::piece_types`] (the promotion or drop choice).
//! * When a position's status is not ongoing it has no legal moves: a search
//!   that finds an empty move list asks [`Position::status`] for the result.
//! * A move with no cell at all is an off-board move: [`Move::PASS`], or a
//!   plugin's own code (a swap) in [`Move::extra`].
//! * Scores are from the side to move's point of view, in hundredths of a
//!   pawn-like unit; see [`score`] for the mate band.
//! * A chance node ([`PositionFlags::CHANCE`]) lists its outcomes as its
//!   legal moves and weighs them with [`Position::chance_outcomes`]; the
//!   host draws one, players never choose it.
//! * A game has as many players as [`GameInfo::players`] lists (up to six);
//!   [`Position::result`] gives each player's payoff when there is more to
//!   say than one winner.
//! * A legal move is chosen on the board by the clicks of its
//!   [`ClickPath`]s ([`Position::click_paths`]); typed notation works as
//!   ever.
//! * In a game with hidden information ([`PositionFlags::HIDDEN`]) each
//!   player sees their own view (`view_` methods, with [`SPECTATOR`] for
//!   the public one); the legal moves of the side to move depend only on
//!   what that player knows (a kriegspiel try that the umpire refuses is a
//!   legal move whose effect is the refusal), so a strategy handed a
//!   [`Position::sample`] of its player's knowledge has the same moves to
//!   choose from and never sees the truth.
//!
//! ## The compatibility promise
//!
//! **A plugin binary built against rules-api 0.2.0 (or any later 0.2.x)
//! loads and plays in every host built against a later 0.2.x**, unchanged and unrebuilt. This crate
//! grows only in ways abi_stable checks and old binaries cannot notice:
//!
//! * the boundary traits ([`Position`], [`Rules`], [`Strategy`]) and the
//!   root module ([`PluginMod`]) are prefix types: methods are only ever
//!   appended after the last one, and every appended method has a default
//!   that the host runs for an older plugin's objects. The defaults keep
//!   the old meaning: deterministic (no chance node), the players the game
//!   lists, one click for a placement and two for a move, the board as its
//!   geometry draws it, the result as [`Position::status`] says it;
//! * the `#[repr(C)]` types that 0.2.0 had never change; new data comes in
//!   new types, returned only by appended methods;
//! * new flag bits ([`PositionFlags::CHANCE`]) are only ever set by plugins
//!   that know them, so an old plugin never sets one by accident;
//! * a strategy built against 0.2.0 is handed the same positions as a new
//!   one; it ignores what it does not know (in a game with dice it treats
//!   the roll as a move of the side to move: it plays, if not well).
//!
//! 0.2.0 → 0.2.1 added: [`PositionFlags::CHANCE`],
//! [`Position::chance_outcomes`], [`Position::result`],
//! [`Position::evaluate_all`], [`Position::click_paths`],
//! [`Position::cell_changes`], [`Position::cell_texts`] and
//! [`Position::player_count`]; for hidden information
//! [`PositionFlags::HIDDEN`], [`SPECTATOR`], [`Position::view_pieces`],
//! [`Position::view_highlights`], [`Position::hidden_cells`],
//! [`Position::view_text`], [`Position::move_text_for`],
//! [`Position::announcement`], [`Position::sample`] and
//! [`Rules::position_from_view`].
//!
//! 0.2.1 → 0.2.2 added [`Position::draw_claim`] (draws a player may claim,
//! such as chess's threefold repetition).
//!
//! A change that cannot keep the promise (anything before the last method
//! of 0.2.0, a field of an existing type) is a new minor version (0.3): the
//! loader refuses a plugin built against another minor version and names
//! both versions. `tests/compat_0_2_0.rs` and `tests/compat_0_2_1.rs` build
//! plugins against the 0.2.0 and 0.2.1 sources and play them in this host.

#![deny(missing_docs)]
// abi_stable 0.11's sabi_trait expansion puts impls inside a const block.
#![allow(non_local_definitions)]

pub mod compat;
pub mod error;
#[doc(hidden)]
pub mod export;
pub mod ext;
pub mod geometry;
pub mod growth;
mod impls;
pub mod module;
pub mod moves;
pub mod plugin;
pub mod position;
pub mod rules;
pub mod score;
mod status;
pub mod strategy;

pub use abi_stable;
pub use abi_stable::std_types::{RBox, ROption, RResult, RSlice, RStr, RString, RVec, Tuple2};
pub use abi_stable::StableAbi;

pub use error::{ErrorKind, PluginError};
pub use ext::{PositionExt, RulesExt};
pub use geometry::{Cell, CellShape, Geometry, Label, Line, Mark, MarkKind, Rgba};
pub use growth::{CellChange, CellText, ChanceOutcome, ClickPath, Outcome};
pub use module::{OptionSpec, Options, PluginKind, PluginMod, PluginModRef, PluginMod_Prefix};
pub use moves::{Move, MoveFlags, MoveInfo, CELL_NONE};
pub use position::{
    HandPiece, Highlight, HighlightKind, Notation, Piece, PlayerScore, Position, PositionBox, PositionFlags,
    Position_TO, Status, StatusKind, SPECTATOR,
};
pub use rules::{GameInfo, PieceType, PlayerInfo, Rules, RulesBox, Rules_TO};
pub use strategy::{
    Observer, ObserverMut, Observer_TO, SearchInfo, SearchLimits, SearchResult, Strategy, StrategyBox, Strategy_TO,
};

/// The version of this crate, which is the ABI version plugins are checked
/// against when they are loaded.
pub const ABI_VERSION: &str = env!("CARGO_PKG_VERSION");

/// Looks an option up by name in an [`Options`] list.
pub fn option_value<'a>(options: &'a Options, name: &str) -> Option<&'a str> {
    options.iter().find(|pair| pair.0.as_str() == name).map(|pair| pair.1.as_str())
}
