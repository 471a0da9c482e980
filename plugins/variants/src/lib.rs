//! # Variants as data
//!
//! One Tabula rules plugin that plays any chess-like game described in a
//! TOML file: board size, pieces with their movement in Betza notation,
//! promotion, drops, castling and how the game ends. A library of variants
//! ships with it (chess, capablanca, grand, shatranj, makruk, shogi,
//! minishogi, crazyhouse, king of the hill, three-check, antichess, atomic,
//! racing kings, los alamos, gardner, minixiangqi, breakthrough); users add
//! games by dropping files into a directory. `docs/VARIANTS.md` is the
//! reference of the format.
//!
//! Positions and moves are written as Fairy-Stockfish writes them (FEN with
//! pieces in hand in brackets, `P@e4` drops, `e7e8+` shogi promotions), so
//! positions and engines move between the two.
//!
//! Options: `variant` (a name or the path of a definition file) and
//! `variant_dirs` (more directories of definitions, separated like `PATH`).

#![warn(missing_docs)]
// abi_stable's root-module macro expands to code with this lint.
#![allow(non_local_definitions)]

pub mod betza;
pub mod compile;
pub mod def;
mod eval;
pub mod fen;
pub mod library;
mod movegen;
mod notation;
mod plugin;
pub mod position;
mod status;
pub mod tables;
pub mod variant;

use std::sync::Arc;

use rules_api::{OptionSpec, Options, PluginError};

pub use compile::{compile, DefinitionError};
pub use position::Position;
pub use variant::Variant;

/// The option that picks the variant.
pub const VARIANT_OPTION: &str = "variant";
/// The option that adds definition directories.
pub const DIRS_OPTION: &str = "variant_dirs";

/// The options this plugin understands; the variants found (shipped and in
/// the user directories) are the choices of `variant`.
pub fn option_specs() -> Vec<OptionSpec> {
    let names: Vec<String> = library::catalogue("").into_iter().map(|e| e.name).collect();
    let choices: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    vec![
        OptionSpec::new(
            VARIANT_OPTION,
            "chess",
            &choices,
            "The variant to play: a name from the library or a user directory, or the path of a .toml definition.",
        ),
        OptionSpec::new(DIRS_OPTION, "", &[], "More directories of variant definitions (.toml), separated like PATH."),
    ]
}

/// One configured variant.
pub struct VariantRules {
    v: Arc<Variant>,
}

impl VariantRules {
    /// The rules of an already compiled variant.
    pub fn new(v: Arc<Variant>) -> Self {
        VariantRules { v }
    }

    /// A shipped variant by name.
    pub fn shipped(name: &str) -> Result<Self, PluginError> {
        let (_, text) = library::SHIPPED
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| PluginError::bad_option(format!("variants: no shipped variant '{name}'")))?;
        let v =
            compile(&format!("built-in {name}.toml"), text).map_err(|e| PluginError::invalid_input(e.to_string()))?;
        Ok(VariantRules { v })
    }

    /// The variant the options name; unknown options, unknown variants and
    /// bad definitions are refused with the culprit named.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let known = [VARIANT_OPTION, DIRS_OPTION];
        for pair in options.iter() {
            if !known.contains(&pair.0.as_str()) {
                return Err(PluginError::bad_option(format!(
                    "variants: unknown option '{}' (known options: {})",
                    pair.0,
                    known.join(", ")
                )));
            }
        }
        let get = |name: &str| rules_api::option_value(options, name);
        let variant = get(VARIANT_OPTION).unwrap_or("chess");
        let dirs = get(DIRS_OPTION).unwrap_or("");
        let v = library::load(variant, dirs).map_err(|e| match e {
            library::LoadError::Unknown(..) => PluginError::bad_option(format!("variants: option 'variant': {e}")),
            other => PluginError::invalid_input(format!("variants: {other}")),
        })?;
        Ok(VariantRules { v })
    }

    /// The compiled variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }
}
