//! Tournaments between computer players, for `tabula tournament` and
//! `tabula worker`: any number of entrants in round-robin or gauntlet
//! schedules and Swiss rounds, games played several at a time each with players of its own,
//! openings with every seating, adjudication, a results store that
//! survives `kill -9`, a crosstable with jointly estimated Elo and the
//! pentanomial SPRT; and the same tournament shared by workers on many
//! machines through PostgreSQL ([`queue`]). See `docs/TOURNAMENTS.md`.
#![deny(missing_docs)]

pub mod adjudicate;
pub mod elo;
pub mod game;
pub mod openings;
pub mod plan;
pub mod queue;
pub mod report;
pub mod run;
pub mod sprt;
pub mod store;
pub mod swiss;
pub mod tally;

use tabula_core::config::{ConfigError, OptionError};
use tabula_core::plugins::LoadError;
use tabula_core::seating::SeatError;
use tabula_core::session::SessionError;

/// Why a tournament cannot go on.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// Bad input: players, openings, settings.
    #[error("{0}")]
    Input(String),
    /// A plugin cannot be found or built.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// A player cannot be seated.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// A player's options are unusable.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// The built-in configuration failed to load.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The game failed outside a game (its start).
    #[error(transparent)]
    Session(#[from] SessionError),
    /// Game N (from 1) failed: the rules plugin, not a player.
    #[error("game {0}: {1}")]
    Game(u32, String),
    /// The results file.
    #[error("{0}")]
    Store(String),
    /// The PostgreSQL queue.
    #[error("{0}")]
    Queue(String),
}
