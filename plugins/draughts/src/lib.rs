//! Draughts as a Tabula rules plugin: international draughts and English
//! draughts (checkers).
//!
//! * International draughts follows the FMJD rules ("Official FMJD rules
//!   for international draughts", Annex 1 of the FMJD statutes): 10×10,
//!   20 men each, White first, men capture backwards too, flying kings,
//!   the majority capture, pieces taken off only after the whole capture,
//!   crowning only where a man stops; draws by threefold repetition, the
//!   25-move king rule and the 16- and 5-move endgame rules.
//! * English draughts follows the English Draughts Association's and the
//!   World Checkers/Draughts Federation's rules: 8×8, 12 men each, Black
//!   first, men move and capture forward only, kings one square, captures
//!   compulsory but free to choose, a man crowned during a capture stops;
//!   draws by threefold repetition and the 40-move rule (claims over the
//!   board, declared at once here).
//!
//! The option `rule` chooses (`international`, the default: it is the
//! game of the world federation and of world championships, and the one
//! most of the world calls draughts; `english` for checkers).
//!
//! Modules: [`rule`] (what differs between the two), [`colour`], [`board`] (squares,
//! numbering, bitboards), [`movegen`] (moves and whole capture sequences),
//! [`position`] (make/unmake, status, click paths), [`draw`] (the counted
//! draw rules), [`fen`] (PDN FEN), [`notation`] (moves as text),
//! [`pdn`] (game records), [`eval`], [`geometry`] and [`art`] (drawing),
//! [`help`].

#![deny(missing_docs)]

pub mod art;
pub mod board;
pub mod colour;
pub mod draw;
pub mod eval;
pub mod fen;
pub mod geometry;
pub mod help;
pub mod movegen;
pub mod notation;
pub mod pdn;
pub mod position;
pub mod rule;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PluginError};

pub use colour::Colour;
pub use position::DraughtsPosition;
pub use rule::Rule;

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "rule",
        "international",
        &["international", "english"],
        "International draughts (FMJD: 10x10, flying kings, majority capture) or English draughts (checkers: 8x8).",
    )]
}

/// A configured game of draughts.
#[derive(Clone, Copy, Debug)]
pub struct Draughts {
    rule: Rule,
}

impl Draughts {
    /// Draughts configured by `options`; unknown options and values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("draughts", options, &specs)?;
        let name = option_or_default(options, &specs, "rule");
        let rule = Rule::from_name(name)
            .ok_or_else(|| PluginError::bad_option(format!("draughts: option 'rule' cannot be '{name}'")))?;
        Ok(Draughts { rule })
    }

    /// Draughts with `rule`.
    pub fn new(rule: Rule) -> Self {
        Draughts { rule }
    }

    /// The rule set.
    pub fn rule(&self) -> Rule {
        self.rule
    }
}

impl RulesImpl for Draughts {
    type Position = DraughtsPosition;

    fn info(&self) -> GameInfo {
        let name = match self.rule {
            Rule::International => "Draughts (international)",
            Rule::English => "Draughts (English)",
        };
        GameInfo {
            name: name.into(),
            players: geometry::players(self.rule),
            piece_types: geometry::piece_types(self.rule),
            position_format: "PDN FEN".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry::geometry(self.rule)
    }

    fn start_position(&self) -> Result<DraughtsPosition, PluginError> {
        self.position_from_text(self.rule.start_fen())
    }

    fn position_from_text(&self, text: &str) -> Result<DraughtsPosition, PluginError> {
        let (board, side) = fen::read(self.rule, text)?;
        Ok(DraughtsPosition::new(self.rule, board, side))
    }

    fn help_text(&self) -> String {
        help::text(self.rule)
    }
}
