//! Banqi (Chinese dark chess, 暗棋) as a Tabula rules plugin: the 32
//! xiangqi pieces face down on half a xiangqi board (4×8 squares); a turn
//! flips a piece or moves one.
//!
//! The rules are the Taiwanese rules as Wikipedia's "Banqi" article
//! describes them and as OpenSpiel's `banqi` plays them: the first flip
//! gives its colour to the seat that flipped; pieces step one square along
//! a rank or file; a piece takes an enemy of its own rank or lower
//! (general > advisor > elephant > chariot > horse > cannon > soldier),
//! except that the general cannot take a soldier and the soldier takes the
//! general; the cannon takes any piece, but only by jumping over exactly
//! one piece (face up or down) at any distance; face-down pieces are never
//! taken. A seat that cannot move loses (having no pieces left is the
//! usual way); OpenSpiel's draw after 50 plies without a flip or a capture
//! is the option `no_progress` (0 turns it off). `docs/games/banqi.md`
//! says more.
//!
//! A flip is a move whose outcome is a chance node: chance shows the
//! piece, each kind as likely as its share of the face-down pieces. No
//! hidden identity is stored anywhere, so the legal moves of a seat never
//! depend on one, and every viewer sees the same board.
//!
//! * [`piece`]: kinds and captures; [`board`]: squares and geometry.
//! * [`state`]: the state and make/unmake; [`moves`]: legality and the end.
//! * [`text`]: position text and notation; [`position`]: the boundary.

#![deny(missing_docs)]

pub mod board;
pub mod moves;
pub mod piece;
pub mod position;
pub mod state;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RString, RVec, Rgba};

pub use state::{Config, Game};

/// The back of a face-down piece (same licence as the project): a plain
/// wooden disc, alike for both seats, since it belongs to nobody yet.
const BACK: &str = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"45\" height=\"45\">\
     <circle cx=\"22.5\" cy=\"22.5\" r=\"19\" fill=\"#b07a45\" stroke=\"#5c3a1c\" stroke-width=\"2\"/>\
     <circle cx=\"22.5\" cy=\"22.5\" r=\"13\" fill=\"none\" stroke=\"#8a5a2e\" stroke-width=\"1.5\"/></svg>";

/// Largest accepted `no_progress`.
const MOST_QUIET: u16 = 10_000;

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "no_progress",
        "50",
        &[],
        "A draw after this many plies in a row without a flip or a capture (OpenSpiel's max_no_progress; 0 = never).",
    )]
}

/// A configured game of banqi.
#[derive(Clone, Copy, Debug, Default)]
pub struct Banqi {
    config: Config,
}

impl Banqi {
    /// Banqi configured by `options`; unknown options and bad values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("banqi", options, &specs)?;
        let value = option_or_default(options, &specs, "no_progress");
        let no_progress = value.trim().parse::<u16>().ok().filter(|&n| n <= MOST_QUIET).ok_or_else(|| {
            PluginError::bad_option(format!(
                "banqi: option 'no_progress' must be a whole number from 0 (never) to {MOST_QUIET}, not '{value}'"
            ))
        })?;
        Ok(Banqi { config: Config { no_progress } })
    }

    /// Banqi with the given rules.
    pub fn with(config: Config) -> Self {
        Banqi { config }
    }
}

fn piece_types() -> Vec<PieceType> {
    let both = |s: &str| RVec::from(vec![RString::from(s), RString::from(s)]);
    let mut types =
        vec![PieceType { name: "face-down".into(), glyphs: both(""), letters: both("?"), value: 0, art: both(BACK) }];
    for colour in 0..2u8 {
        for kind in 0..piece::KINDS as u8 {
            let code = piece::code(colour, kind);
            let glyph = if colour == 0 { piece::RED_GLYPHS } else { piece::BLACK_GLYPHS }[kind as usize];
            types.push(PieceType {
                name: format!("{} {}", piece::COLOURS[colour as usize], piece::NAMES[kind as usize]).into(),
                glyphs: both(glyph),
                letters: both(&piece::letter(code).to_string()),
                value: moves::VALUES[kind as usize],
                art: RVec::new(),
            });
        }
    }
    types
}

impl RulesImpl for Banqi {
    type Position = Game;

    fn info(&self) -> GameInfo {
        // The seats, not the colours: which colour a seat plays is decided
        // by its first flip, and the characters tell red from black.
        let seat = |name: &str, color: Rgba, ink: Rgba| PlayerInfo { name: name.into(), color, ink };
        GameInfo {
            name: "Banqi".into(),
            players: vec![
                seat("first", Rgba::rgb(246, 236, 214), Rgba::rgb(70, 40, 20)),
                seat("second", Rgba::rgb(214, 222, 232), Rgba::rgb(20, 30, 60)),
            ]
            .into(),
            piece_types: piece_types().into(),
            position_format: "rows, seat to move, first=, quiet=, captured=, flip= (see the help)".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        board::geometry()
    }

    fn start_position(&self) -> Result<Game, PluginError> {
        Ok(Game::new(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<Game, PluginError> {
        text::read(self.config, text)
    }

    fn help_text(&self) -> String {
        include_str!("help.txt").to_string()
    }
}
