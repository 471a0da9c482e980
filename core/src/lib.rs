//! The Tabula headless core: plugin loading, configuration, game sessions,
//! computer players (strategy plugins on worker threads, external engines,
//! isolated strategies), the turn driver that judges their moves, engine
//! protocols, match records, perft and a generic text renderer. It links no
//! SDL2: the desktop window (`tabula-gui`) and the command line (`tabula`)
//! are clients of it. The core never knows which game it runs: every
//! game-specific fact comes from the loaded rules plugin.

pub mod plugins;
pub mod source;
pub mod config;
pub mod files;
pub mod turn;
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
