//! # tabula-kit — what a Tabula plugin author needs beside `rules-api`
//!
//! `rules-api` is the boundary a plugin implements; this crate holds the
//! tools for building and testing one. Everything here speaks only
//! `rules-api`, so it works on a game linked into a test
//! (`rules_api::plugin::rules_box(MyRules)`) exactly as on a `.so` the host
//! loaded.
//!
//! * [`conformance`]: the contract every rules plugin must keep
//!   (make/unmake, hashing, text and notation round trips, status and move
//!   lists, cells and owners; chance, payoffs for every player, click paths
//!   and changing boards), checked by random playouts; returns a
//!   [`conformance::Report`] instead of panicking.
//! * [`determinize`]: drawing and searching samples of what a player knows
//!   in games with hidden information (PIMC), for strategies.
//! * [`diagram`]: a text diagram of any board from its geometry, pieces and
//!   hands, for `insta::assert_snapshot!` in a plugin's own tests.
//! * [`perft`]: move-path counting and a harness for perft data files.
//! * [`rng`]: reproducible seeded randomness from the `rand` family, the
//!   `seed` option strategies share, and Zobrist key tables.
//! * [`score`]: a game result as a score on [`rules_api::score`]'s scale.
//! * [`grid`]: [`rules_api::Geometry`] builders for rectangular and layered
//!   boards (squares or intersection points) with coordinate names.
//! * [`testgames`] and [`testing`]: tiny games with known answers (dice
//!   and games for more than two players among them) and the helpers
//!   strategy authors test their players with.
//! * [`arena`]: whole games between strategies in any game, chance nodes
//!   drawn by a seeded generator as a host draws them.
//! * [`value`]: what results and evaluations are worth to a strategy that
//!   weighs them: payoffs as scores, scores as chances of winning,
//!   expectations over chance nodes, a one-ply look.
//!
//! A plugin depends on it like any crate; it links no host, no window and
//! no loader. By version, from crates.io (`tabula new-plugin --crates-io`
//! writes this):
//!
//! ```toml
//! [dependencies]
//! rules-api = "0.2.2"
//! tabula-kit = "0.2.0"
//! ```
//!
//! or by path, in a Tabula source tree (what `tabula new-plugin` writes
//! until these versions are published, and with `--tabula-src DIR`):
//!
//! ```toml
//! [dependencies]
//! rules-api = { path = "/path/to/tabula/rules-api" }
//! tabula-kit = { path = "/path/to/tabula/kit" }
//! ```
//!
//! Either way the plugin builds against the same crates; a test in
//! Tabula's tree keeps these versions equal to the crates' own.

#![deny(missing_docs)]

pub mod arena;
pub mod conformance;
pub mod determinize;
pub mod diagram;
pub mod grid;
pub mod memory;
pub mod perft;
pub mod rng;
pub mod score;
pub mod testgames;
pub mod testing;
pub mod value;

pub use rand;
pub use rand_xoshiro;

/// This crate's version, which `tabula new-plugin --crates-io` asks for.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub use conformance::{Budget, Report};
pub use grid::{Grid, Layered};
pub use rng::{parse_seed, rng_from_seed, Rng, CLOCK_SEED};
pub use score::status_score;
