//! # Variants as data
//!
//! One Tabula rules plugin that plays any chess-like game described in a
//! TOML file: board size, pieces with their movement in Betza notation,
//! promotion, drops, castling, gating, walls and how the game ends. A
//! library of over a hundred variants ships with it (the chess, shogi,
//! xiangqi and makruk families and Fairy-Stockfish's other games); users
//! add games by dropping files into a directory. `docs/VARIANTS.md` is the
//! reference of the format.
//!
//! Positions and moves are written as Fairy-Stockfish writes them (FEN with
//! pieces in hand in brackets, `P@e4` drops, `e7e8+` shogi promotions), so
//! positions and engines move between the two.
//!
//! Options: `variant` (a name or the path of a definition file),
//! `variant_dirs` (more directories of definitions, separated like `PATH`)
//! and the display options of the shogi family (`shogi_pieces`,
//! `shogi_notation`, `shogi_ranks`).

#![deny(missing_docs)]
// abi_stable's root-module macro expands to code with this lint.
#![allow(non_local_definitions)]

mod art;
mod attacks;
pub mod betza;
pub mod compile;
mod compile_check;
mod compile_end;
mod compile_piece;
mod compile_rules;
mod counting;
pub mod def;
pub mod def_rules;
mod drawing;
mod drawing_makruk;
mod drawing_round;
mod effects;
pub mod error;
mod eval;
pub mod fen;
mod fen_write;
mod guard;
pub mod kind;
mod legal;
pub mod library;
mod makemove;
mod movegen;
mod notation;
mod outlines;
mod plugin;
pub mod position;
pub mod region;
pub mod rules;
mod shogi_notation;
mod special;
pub mod squares;
mod status;
pub mod style;
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
/// Shogi family: one- or two-character kanji on the pieces.
pub const PIECES_OPTION: &str = "shogi_pieces";
/// Shogi family: Western or Japanese notation.
pub const NOTATION_OPTION: &str = "shogi_notation";
/// Shogi family: ranks as kanji numerals or letters.
pub const RANKS_OPTION: &str = "shogi_ranks";

/// The options this plugin understands; the variants found (shipped and in
/// the user directories) are the choices of `variant`, and its description
/// lists each one's family, proper name and summary
/// ([`library::choices_description`]).
pub fn option_specs() -> Vec<OptionSpec> {
    let names: Vec<String> = library::catalogue("").into_iter().map(|e| e.name).collect();
    let choices: Vec<&str> = names.iter().map(|s| s.as_str()).collect();
    let mut specs = vec![
        OptionSpec::new(VARIANT_OPTION, "chess", &choices, &library::choices_description("")),
        OptionSpec::new(DIRS_OPTION, "", &[], "More directories of variant definitions (.toml), separated like PATH."),
    ];
    specs.extend(option_specs_display());
    specs
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
        rules_api::plugin::check_options("variants", options, &display_specs())?;
        let get = |name: &str| rules_api::option_value(options, name);
        let variant = get(VARIANT_OPTION).unwrap_or("chess");
        let dirs = get(DIRS_OPTION).unwrap_or("");
        let v = library::load(variant, dirs).map_err(|e| match e {
            library::LoadError::Unknown(..) => PluginError::bad_option(format!("variants: option 'variant': {e}")),
            other => PluginError::invalid_input(format!("variants: {other}")),
        })?;
        let mut v = Arc::try_unwrap(v).unwrap_or_else(|v| (*v).clone());
        v.style.two_kanji = get(PIECES_OPTION) == Some("two-kanji");
        v.style.japanese = get(NOTATION_OPTION) == Some("japanese");
        v.style.letter_ranks = get(RANKS_OPTION) == Some("letters");
        Ok(VariantRules { v: Arc::new(v) })
    }

    /// The compiled variant.
    pub fn variant(&self) -> &Arc<Variant> {
        &self.v
    }
}

/// The options as checked: the variant's value is free (a path is a value
/// too, and it is looked up by [`library::load`]).
fn display_specs() -> Vec<OptionSpec> {
    let mut specs = vec![OptionSpec::new(VARIANT_OPTION, "chess", &[], ""), OptionSpec::new(DIRS_OPTION, "", &[], "")];
    specs.extend(option_specs_display());
    specs
}

/// The display options of the shogi family.
fn option_specs_display() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            PIECES_OPTION,
            "one-kanji",
            &["one-kanji", "two-kanji"],
            "Shogi family: the kanji on the pieces, one character (歩) or the full two-character name (歩兵).",
        ),
        OptionSpec::new(
            NOTATION_OPTION,
            "western",
            &["western", "japanese"],
            "Shogi family: moves written in Western notation (P-7f, Bx2b+) or Japanese (７六歩).",
        ),
        OptionSpec::new(
            RANKS_OPTION,
            "kanji",
            &["kanji", "letters"],
            "Shogi family: the ranks labelled with kanji numerals (一–九) or letters (a–i).",
        ),
    ]
}
