//! # tabula-go — Go for Tabula
//!
//! A rules plugin (exported as `"go"`) for Go on a square board of 3 to 19
//! lines, odd (option `size`: 9, 13 and 19 are the usual boards, 19 the
//! default), with:
//!
//! * captures; suicide forbidden;
//! * positional superko: no move may recreate an earlier board (passes
//!   never do), which settles simple and long kos alike;
//! * a pass ([`rules_api::Move::PASS`], written `pass`), and two passes in
//!   a row end the game;
//! * area scoring with komi (option `komi`, default 7.5) and fixed handicap
//!   stones on the GTP pattern (option `handicap`, 2 to 9);
//! * the dead-stone contract of rules-api 0.2: after the two passes the
//!   position reports [`rules_api::PositionFlags::MARK_DEAD`], its status is
//!   the count with every stone alive (Tromp–Taylor) and
//!   `count_score(dead, …)` gives the result with the chains through the
//!   `dead` points taken off, marking territory and dead stones.
//!
//! Coordinates are GTP's (`D4`, no letter `I`) in both notations. The
//! position text is described in [`text`]. The evaluation and the move
//! hints are described in `eval`.

#![warn(missing_docs)]

mod analysis;
mod eval;
mod layout;
mod position;
mod rules;
mod score;
pub mod text;

pub use layout::{handicap_points, max_handicap, MAX_SIZE, MIN_SIZE};
pub use position::GoPosition;
pub use rules::{option_specs, GoRules, DEFAULT_KOMI, HELP};
