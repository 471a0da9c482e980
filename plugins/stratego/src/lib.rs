//! Stratego as a Tabula rules plugin: the classic game on a 10×10 board
//! with two lakes, 40 pieces a side, a setup phase played as moves, and
//! ranks hidden from the opponent until a strike shows them.
//!
//! The rules are the Jumbo Stratego Original Game Rules as Gravon (Jumbo's
//! licensed online Stratego) publishes them as "Classic Stratego rules",
//! on which the International Stratego Federation's game rules build: red
//! begins; pieces move one square along a rank or file, never into or
//! across a lake; the scout moves any number of free squares in a line and
//! may move and strike in the same turn; the spy defeats the marshal only
//! when it attacks; bombs never move and defeat every attacker but a
//! miner; equal ranks remove each other; a strike shows both ranks;
//! capturing the flag wins, and a player who cannot move loses (a draw if
//! neither can). The two-squares rule ("pieces may be moved between two
//! squares no more than five times", the five-moves rule of the Jumbo
//! booklet) is on by default; `two_squares=3` takes the ISF's three.
//! `scout_strikes=no` takes the older Milton Bradley rule that a scout
//! may not move and strike in the same turn, and `numbering=classic` the
//! older numbers (marshal 1 … scout 9). `docs/games/stratego.md` says more.
//!
//! * [`rank`]: ranks, counts, strikes; [`board`]: squares, lakes, tray.
//! * [`state`]: the state and make/unmake; [`moves`]: legality and the end.
//! * [`setup`]: preset setups; [`view`]: views and samples.
//! * [`text`], [`validate`], [`notation`]: texts both ways, moves as text.
//! * [`eval`]: evaluation and move hints; [`position`]: the boundary.

#![deny(missing_docs)]

pub mod board;
pub mod eval;
mod hash;
pub mod moves;
pub mod notation;
pub mod position;
pub mod rank;
pub mod setup;
pub mod state;
pub mod text;
pub mod validate;
pub mod view;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RString, RVec, Rgba};

pub use rank::Numbering;
pub use state::{Config, Game};

/// Red's pieces and blue's, with the ink of their numbers.
const COLOURS: [(Rgba, Rgba); 2] =
    [(Rgba::rgb(196, 40, 36), Rgba::rgb(255, 236, 200)), (Rgba::rgb(36, 84, 176), Rgba::rgb(226, 236, 255))];

/// Largest accepted `draw_after`.
const MOST_QUIET: u16 = 10_000;

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "two_squares",
            "5",
            &["5", "3"],
            "The most moves in a row one piece may make between the same two squares: 5 (Jumbo's original rules) or 3 (ISF).",
        ),
        OptionSpec::new(
            "scout_strikes",
            "yes",
            &["yes", "no"],
            "Whether a scout may move several squares and strike in the same turn (no: the older Milton Bradley rule).",
        ),
        OptionSpec::new(
            "numbering",
            "modern",
            &["modern", "classic"],
            "The numbers on the pieces: modern (marshal 10 … scout 2, spy S) or classic (marshal 1 … scout 9).",
        ),
        OptionSpec::new(
            "setup",
            "place",
            &["place", "random"],
            "place: each player sets up by hand (or takes random or a preset); random: both setups are dealt.",
        ),
        OptionSpec::new(
            "draw_after",
            "0",
            &[],
            "A draw after this many moves without a strike (not in the rule books; 0 = never).",
        ),
    ]
}

/// A configured game of Stratego.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stratego {
    config: Config,
}

impl Stratego {
    /// Stratego configured by `options`; unknown options and bad values
    /// are refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("stratego", options, &specs)?;
        let value = |name| option_or_default(options, &specs, name);
        let quiet = value("draw_after");
        let quiet_limit = quiet.trim().parse::<u16>().ok().filter(|&n| n <= MOST_QUIET).ok_or_else(|| {
            PluginError::bad_option(format!(
                "stratego: option 'draw_after' must be a whole number from 0 (never) to {MOST_QUIET}, not '{quiet}'"
            ))
        })?;
        Ok(Stratego {
            config: Config {
                two_squares: if value("two_squares") == "3" { 3 } else { 5 },
                scout_strikes: value("scout_strikes") == "yes",
                numbering: if value("numbering") == "classic" { Numbering::Classic } else { Numbering::Modern },
                random_setup: value("setup") == "random",
                quiet_limit,
            },
        })
    }

    /// Stratego with the given rules.
    pub fn with(config: Config) -> Self {
        Stratego { config }
    }
}

fn piece_types(numbering: Numbering) -> Vec<PieceType> {
    (0..rank::KINDS as u8)
        .map(|r| {
            let label = if r == rank::UNKNOWN { "" } else { numbering.label(r) };
            let letter = rank::LETTERS[r as usize];
            let letters = [letter.to_string(), letter.to_ascii_lowercase().to_string()];
            PieceType {
                name: rank::NAMES[r as usize].into(),
                glyphs: RVec::from(vec![RString::from(label), RString::from(label)]),
                letters: letters.iter().map(|l| RString::from(l.as_str())).collect(),
                value: eval::VALUES[r as usize],
                art: RVec::new(),
            }
        })
        .collect()
}

impl RulesImpl for Stratego {
    type Position = Game;

    fn info(&self) -> GameInfo {
        let player = |name: &str, (color, ink): (Rgba, Rgba)| PlayerInfo { name: name.into(), color, ink };
        GameInfo {
            name: "Stratego".into(),
            players: vec![player("red", COLOURS[0]), player("blue", COLOURS[1])].into(),
            piece_types: piece_types(self.config.numbering).into(),
            position_format: "rows, phase, lost=, last= (see the help)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        board::geometry()
    }

    fn start_position(&self) -> Result<Game, PluginError> {
        Ok(Game::new(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<Game, PluginError> {
        Ok(text::read(self.config, text, false)?.game)
    }

    fn position_from_view(&self, text: &str, seed: u64) -> Result<Game, PluginError> {
        let read = text::read(self.config, text, true)?;
        let mut game = read.game;
        game.fill(read.fog, seed)?;
        Ok(game)
    }

    fn help_text(&self) -> String {
        include_str!("help.txt").to_string()
    }
}
