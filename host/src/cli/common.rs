//! Helpers shared by the subcommands: errors, option parsing, loading
//! plugins by name, and building a position from `--position`/`--moves`.

use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

use rules_api::{Move, Notation, PluginKind, PositionBox, RulesBox};

use tabula_core::config::{ConfigError, OptionError};
use tabula_core::outcome::GameResult;
use tabula_core::plugins::{find_plugin, LoadError, LoadedPlugin, PluginDirs};
use tabula_core::protocols::ProtocolError;
use tabula_core::seating::SeatError;
use tabula_core::session::{Chance, Session, SessionError};

/// A failure reported to the user as `error: <message>` with exit status 1.
#[derive(Debug)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

macro_rules! from_error {
    ($($t:ty),*) => {$(
        impl From<$t> for CliError {
            fn from(e: $t) -> Self {
                CliError(e.to_string())
            }
        }
    )*};
}
from_error!(LoadError, SessionError, ConfigError, OptionError, SeatError, ProtocolError, rules_api::PluginError);

impl From<std::io::Error> for CliError {
    /// A broken pipe here is standard output whose reader has gone (the
    /// subcommands write to no other pipe): the program ends quietly, as
    /// `super::out` explains.
    fn from(e: std::io::Error) -> Self {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            super::out::failed(&e);
        }
        CliError(e.to_string())
    }
}

/// Reads `KEY=VALUE`.
pub fn parse_key_value(text: &str) -> Result<(String, String), String> {
    match text.split_once('=') {
        Some((k, v)) if !k.trim().is_empty() => Ok((k.trim().to_string(), v.trim().to_string())),
        _ => Err(format!("'{text}' is not KEY=VALUE")),
    }
}

/// The search directories for command-line use.
pub fn dirs(extra: &[PathBuf]) -> PluginDirs {
    PluginDirs::new(extra.iter().cloned())
}

/// Refuses an option given twice on the command line (`flag` names the
/// flag): the plugin would see one value and the other would be lost.
pub fn unique_options(options: &[(String, String)], flag: &str) -> Result<(), CliError> {
    for (i, (key, value)) in options.iter().enumerate() {
        if let Some((_, first)) = options[..i].iter().find(|(k, _)| k == key) {
            return Err(CliError(format!("{flag} {key} is given twice ('{first}' and '{value}'); give it once")));
        }
    }
    Ok(())
}

/// Loads a rules plugin and builds the configured game (`isolate`: in a
/// child rules process).
pub fn load_rules(
    name: &str,
    options: &[(String, String)],
    dirs: &PluginDirs,
    isolate: bool,
) -> Result<Arc<RulesBox>, CliError> {
    unique_options(options, "--option")?;
    let plugin = find_plugin(name, PluginKind::RULES, dirs)?;
    Ok(Arc::new(plugin.new_rules_isolated(options, isolate)?))
}

/// Loads a strategy plugin by name, path or level word (easy … master).
pub fn load_strategy(name: &str, dirs: &PluginDirs) -> Result<LoadedPlugin, CliError> {
    Ok(tabula_core::seating::find_strategy(name, dirs)?)
}

/// A session at `--position` (or the start) after `--moves`. The rolls of a
/// game with chance are given in `--moves` like any move: the session
/// rolls nothing itself and stops at a chance node.
pub fn session_at(rules: Arc<RulesBox>, position: Option<&str>, moves: Option<&str>) -> Result<Session, CliError> {
    let mut session = Session::with_chance(rules, position.unwrap_or(""), Chance::External)?;
    if let Some(moves) = moves {
        session.play_all(moves.split_whitespace())?;
    }
    Ok(session)
}

/// The moves in coordinate notation, space separated.
pub fn moves_text(position: &PositionBox, moves: &[Move]) -> Result<String, CliError> {
    let mut texts = Vec::with_capacity(moves.len());
    for &m in moves {
        texts.push(position.move_to_text(m, Notation::COORDINATE).into_result()?.to_string());
    }
    Ok(texts.join(" "))
}

/// A principal variation in coordinate notation, one line.
pub fn pv_text(position: &PositionBox, pv: &[Move]) -> String {
    tabula_core::protocols::core::pv_texts(position, pv).join(" ")
}

/// A probability in at most six decimals: `0.5`, `0.027778`.
pub fn probability_text(p: f64) -> String {
    let text = format!("{p:.6}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `chance: 21 outcomes: 1-1 0.027778, 2-1 0.055556, ...` at a chance
/// node (each outcome in coordinate notation with its probability).
pub fn chance_line(session: &Session) -> Result<Option<String>, CliError> {
    if !session.is_chance_node() {
        return Ok(None);
    }
    let outcomes = session.chance_outcomes()?;
    let mut listed = Vec::with_capacity(outcomes.len());
    for o in &outcomes {
        let (coordinate, _) = session.move_texts(o.mv)?;
        listed.push(format!("{coordinate} {}", probability_text(o.probability)));
    }
    Ok(Some(format!("chance: {} outcomes: {}", outcomes.len(), listed.join(", "))))
}

/// `status: ongoing`, `status: win <player> (<reason>)` or `status: draw (<reason>)`.
pub fn status_line(session: &Session) -> Result<String, CliError> {
    Ok(match session.result()? {
        None => format!("status: {}", GameResult::ONGOING),
        Some(r) => format!("status: {}", r.describe(session.info())),
    })
}
