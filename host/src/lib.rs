//! The Tabula host library: plugin loading, configuration, game sessions,
//! computer players on worker threads, a generic text renderer and the
//! headless command line. The host never knows which game it runs: every
//! game-specific fact comes from the loaded rules plugin.

pub mod plugins;
pub mod config;
pub mod outcome;
pub mod session;
pub mod players;
pub mod seating;
pub mod ascii;
pub mod perft;
pub mod headless;
pub mod protocols;
pub mod engines;
pub mod records;
pub mod cli;
pub mod gui;
