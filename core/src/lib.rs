//! The Tabula headless core: plugin loading, configuration, game sessions,
//! computer players (strategy plugins on worker threads, external engines,
//! isolated strategies), the turn driver that judges their moves, engine
//! protocols and match records (perft and text diagrams come from
//! `tabula-kit`). It links no
//! SDL2: the desktop window (`tabula-gui`) and the command line (`tabula`)
//! are clients of it. The core never knows which game it runs: every
//! game-specific fact comes from the loaded rules plugin.

pub mod boundary;
pub mod config;
pub mod engines;
pub mod files;
pub mod headless;
pub mod hidden;
pub mod isolation;
pub mod lines;
pub mod outcome;
pub mod players;
pub mod plugins;
pub mod priority;
#[cfg(all(test, target_os = "linux"))]
mod priority_tests;
pub mod protocols;
pub mod records;
pub mod rules_server;
pub mod seating;
pub mod session;
pub mod source;
pub mod turn;
pub mod watchdog;
