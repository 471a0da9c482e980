//! What can go wrong in a session, and the messages for it.

use rules_api::PluginError;

use crate::boundary::{CallError, Faulty};
use crate::config::ConfigError;
use crate::plugins::LoadError;

/// What went wrong in a session.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The rules plugin failed; `context` says during what.
    #[error("the rules plugin failed {context}: {error}")]
    Plugin {
        /// What the host was doing.
        context: String,
        /// The plugin's error.
        error: PluginError,
    },
    /// A position text the rules plugin refused.
    #[error("bad position '{text}': {reason}")]
    BadPosition {
        /// The text.
        text: String,
        /// The plugin's message.
        reason: String,
    },
    /// A move that does not parse or is not legal; `index` is 1-based.
    #[error("{}", bad_move(*index, text, reason))]
    BadMove {
        /// 1-based index in the list it came from (0 when played alone).
        index: usize,
        /// The text as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A move was attempted after the end of the game.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// A player's move at a chance node, or a chance move where the game
    /// waits for a player: chance is the host's, never a player's.
    #[error("{0}")]
    Chance(String),
    /// A file could not be written.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The game could not be written as TOML.
    #[error("{file}: {source}")]
    Serialize {
        /// The file.
        file: String,
        /// What the TOML writer said.
        source: toml::ser::Error,
    },
    /// A saved game that cannot be used.
    #[error("{file} is not a usable saved game: {problem}")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The saved game's configuration is wrong.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The saved game's rules plugin cannot be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The rules plugin returned something impossible.
    #[error(transparent)]
    Faulty(#[from] Faulty),
    /// A draw claimed where the rules allow none.
    #[error("no draw can be claimed here: {0}")]
    NoClaim(String),
    /// A move list longer than any game.
    #[error("{count} moves are more than {max}, the most a move list may hold")]
    TooManyMoves {
        /// How many were given.
        count: usize,
        /// The limit.
        max: usize,
    },
}

impl SessionError {
    /// The error of a checked boundary call made while doing `context`.
    pub(crate) fn from_call(context: &str, e: CallError) -> SessionError {
        match e {
            CallError::Plugin(error) => SessionError::Plugin { context: context.to_string(), error },
            CallError::Faulty(f) => SessionError::Faulty(f),
        }
    }
}

fn bad_move(index: usize, text: &str, reason: &str) -> String {
    match index {
        0 => format!("move '{text}' refused: {reason}"),
        _ => format!("move {index} ('{text}') refused: {reason}"),
    }
}

/// Turns a plugin error met while doing `context` into a session error.
pub(crate) fn plugin_err(context: &str) -> impl FnOnce(PluginError) -> SessionError + '_ {
    move |error| SessionError::Plugin { context: context.to_string(), error }
}
