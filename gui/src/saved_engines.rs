//! The engines the player added from the window, as the settings file
//! keeps them (`[[engines]]`): their program, protocol and options, the
//! player that seats one, and the games each is offered for. Apart from
//! [`crate::analysis`] so the settings and the dialogs do not depend on it.

use serde::{Deserialize, Serialize};
use tabula_core::config::PlayerConfig;
use tabula_core::source::{split_words, EngineSpec, PlayerSource, Protocol};

use crate::tr;

/// An engine the player added.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct SavedEngine {
    /// Its name in the window (unique among the engines).
    pub name: String,
    /// `uci`, `usi`, `ucci`, `gtp` or `gomocup`.
    pub protocol: String,
    /// The program and its arguments, as typed.
    pub command: String,
    /// Options sent at the start, `name=value` each.
    pub options: Vec<String>,
    /// The games (`UCI_Variant` values) the engine said it plays, if it
    /// has that option.
    pub variants: Vec<String>,
}

impl SavedEngine {
    /// The program and protocol to start.
    pub fn spec(&self) -> Result<EngineSpec, String> {
        let protocol = Protocol::from_word(&self.protocol)
            .ok_or_else(|| tr!("engine-error-protocol", protocol = self.protocol.as_str()))?;
        let mut words = split_words(self.command.trim()).into_iter();
        let command = words.next().filter(|c| !c.is_empty()).ok_or_else(|| tr!("engine-error-path"))?;
        Ok(EngineSpec { protocol, command, args: words.collect() })
    }

    /// The options as pairs.
    pub fn option_pairs(&self) -> Result<Vec<(String, String)>, String> {
        parse_options(&self.options.join("\n"))
    }

    /// The player that seats this engine, thinking `time_ms` per move.
    pub fn player(&self, time_ms: u64) -> Result<PlayerConfig, String> {
        let mut options = tabula_core::config::OptionTable::new();
        for (k, v) in self.option_pairs()? {
            options.insert(k, toml::Value::String(v));
        }
        Ok(PlayerConfig {
            name: self.name.clone(),
            source: PlayerSource::Engine(self.spec()?),
            time_ms: Some(time_ms),
            depth: None,
            options,
        })
    }
}

/// Reads `name=value` lines (blank lines are skipped); an error names the
/// line that is not of that form.
pub fn parse_options(text: &str) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match line.split_once('=') {
            Some((k, v)) if !k.trim().is_empty() => out.push((k.trim().to_string(), v.trim().to_string())),
            _ => return Err(tr!("engine-error-option", line = i + 1, text = line.trim())),
        }
    }
    Ok(out)
}

/// Whether `engine` is offered for a game: a two-player game without
/// chance or hidden parts, and for UCI one whose dialect needs no
/// `UCI_Variant` (a plain FEN game) or one whose variant the engine named.
/// A USI engine plays the shogi family: the variants the engine named
/// (Fairy-Stockfish names its `UCI_Variant` values under USI too), or
/// shogi itself for an engine that names none.
pub fn plays(engine: &SavedEngine, info: &rules_api::GameInfo, variant: Option<&str>) -> bool {
    if info.players.len() != 2 {
        return false;
    }
    match (engine.protocol.as_str(), variant) {
        ("uci" | "usi", Some(v)) if !engine.variants.is_empty() => engine.variants.iter().any(|e| e == v),
        ("uci", Some(_)) => false,
        ("uci", None) => info.position_format.as_str() == "FEN",
        ("usi", v) => v == Some("shogi"),
        _ => true,
    }
}

/// Whether the New game dialog offers `engine` for the rules plugin
/// `rules` with `seats` seats: two-player games only, and for UCI the games
/// the engine names as `UCI_Variant` values, or (for an engine without
/// that option) the games whose dialect sends no `UCI_Variant` (chess). A
/// USI engine is offered for the plugin USI speaks of (the variants
/// plugin, whose shogi family it plays; the engine refuses another variant
/// by name, and the game shows that as its forfeit).
pub fn offered(engine: &SavedEngine, rules: &str, seats: usize) -> bool {
    if seats != 2 {
        return false;
    }
    let settings = tabula_core::protocols::settings::ProtocolSettings::builtin();
    let needs_variant = settings.dialect(rules).engine_options.contains_key("UCI_Variant");
    match engine.protocol.as_str() {
        "uci" => !needs_variant || !engine.variants.is_empty(),
        "usi" => settings.usi_rules == rules,
        _ => true,
    }
}

/// Whether `engine` can analyse: GTP and Gomocup have no analysis command
/// (no lines, no scores), so those engines only play.
pub fn analyses(engine: &SavedEngine) -> bool {
    matches!(engine.protocol.as_str(), "uci" | "usi" | "ucci")
}
