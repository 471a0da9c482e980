//! Backgammon as a Tabula rules plugin: a single game for money (not a
//! match), with the doubling cube as an option.
//!
//! The rules are those of bkgm.com's "Rules of Backgammon" (Tom Keith),
//! which agree with the US Backgammon Federation's and the World
//! Backgammon Federation's on everything played here: the standard start,
//! the opening roll (each player rolls one die, ties roll again, the higher
//! plays both numbers), movement (both numbers if possible, else the
//! larger; doubles four times or as many as possible), hitting and
//! entering from the bar, bearing off (a larger number from the highest
//! point), the cube (double before rolling, take or drop, only the owner
//! redoubles), and gammons and backgammons. The Jacoby rule is an option;
//! Crawford, beavers and automatic doubles are not played (they belong to
//! matches or to local agreement). `docs/games/backgammon.md` says more,
//! including where OpenSpiel's backgammon differs.
//!
//! * [`board`]: the checkers and a single step of one die.
//! * [`play`]: whole turns, the rules on using the dice, and play keys.
//! * [`state`]: phases, dice, cube, the off-board moves and chance.
//! * [`position`]: the position, [`BgPosition`].
//! * [`text`], [`notation`]: the position text and `24/18 13/11`.
//! * [`layout`], [`draw`]: the board, pieces, counts and click paths.
//! * [`eval`], [`result`]: evaluation and move hints; the game's value.

#![deny(missing_docs)]

mod art;
pub mod board;
pub mod draw;
pub mod eval;
mod game;
mod hash;
pub mod layout;
pub mod notation;
pub mod play;
pub mod position;
pub mod result;
pub mod state;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba};

pub use position::BgPosition;
pub use state::{Config, DOUBLE, DROP, ROLL, TAKE};

/// White's checkers (ivory) and black's (near black), with their inks.
const COLOURS: [(Rgba, Rgba); 2] =
    [(Rgba::rgb(240, 232, 212), Rgba::rgb(70, 56, 40)), (Rgba::rgb(44, 40, 40), Rgba::rgb(214, 200, 170))];

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "cube",
            "off",
            &["off", "on"],
            "The doubling cube: before rolling, a player may double the stake; the opponent takes or drops.",
        ),
        OptionSpec::new(
            "jacoby",
            "off",
            &["off", "on"],
            "The Jacoby rule (with the cube): gammons and backgammons count single while the cube is unturned.",
        ),
    ]
}

/// A configured game of backgammon.
#[derive(Clone, Copy, Debug, Default)]
pub struct Backgammon {
    config: Config,
}

impl Backgammon {
    /// Backgammon configured by `options`; unknown options and bad values
    /// are refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("backgammon", options, &specs)?;
        let cube = option_or_default(options, &specs, "cube") == "on";
        let jacoby = option_or_default(options, &specs, "jacoby") == "on";
        if jacoby && !cube {
            return Err(PluginError::bad_option(
                "backgammon: option 'jacoby=on' needs the cube (cube=on): the rule is about the cube never turned",
            ));
        }
        Ok(Backgammon { config: Config { cube, jacoby } })
    }

    /// Backgammon with the given rules.
    pub fn with(config: Config) -> Self {
        Backgammon { config }
    }
}

fn piece_types() -> Vec<PieceType> {
    let mut types = vec![PieceType::new("checker", &["", ""], &["W", "B"], 100)];
    for value in 1..=6u8 {
        let face = value.to_string();
        let mut die = PieceType::new(&format!("die {value}"), &[&face, &face], &[&face, &face], 0);
        die.art = RVec::from(vec![art::die(value, 0).into(), art::die(value, 1).into()]);
        types.push(die);
    }
    for log in 1..=state::MAX_CUBE_LOG {
        let face = (1u32 << log).to_string();
        types.push(PieceType::new(&format!("cube {face}"), &[&face, &face], &[&face, &face], 0));
    }
    types
}

impl RulesImpl for Backgammon {
    type Position = BgPosition;

    fn info(&self) -> GameInfo {
        let player = |name: &str, (color, ink): (Rgba, Rgba)| PlayerInfo { name: name.into(), color, ink };
        let name = if self.config.cube { "Backgammon (with the cube)" } else { "Backgammon" };
        GameInfo {
            name: name.into(),
            players: vec![player("white", COLOURS[0]), player("black", COLOURS[1])].into(),
            piece_types: piece_types().into(),
            position_format: "'white 24:2 13:5 8:3 6:5 | black 24:2 13:5 8:3 6:5 | opening' (see the help)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        layout::geometry(self.config.cube)
    }

    fn start_position(&self) -> Result<BgPosition, PluginError> {
        Ok(BgPosition::start(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<BgPosition, PluginError> {
        text::read(self.config, text)
    }

    fn help_text(&self) -> String {
        include_str!("help.txt").to_string()
    }
}
