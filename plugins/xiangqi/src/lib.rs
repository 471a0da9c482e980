//! Xiangqi (Chinese chess) rules plugin for Tabula.
//!
//! * Positions: [`XiangqiPosition`], a padded-mailbox move generator with
//!   incremental make/unmake, Zobrist hash and evaluation.
//! * Text: FEN (see [`fen`]), ICCS coordinates (`h2e2`) and WXF or Chinese
//!   display notation (see [`notation`]).
//! * Rules: flying general, perpetual check loses, other repetitions draw,
//!   no legal move loses, `no_capture_plies` plies without a capture draw.
//!
//! Options: `notation` (`wxf` | `chinese`), `pieces` (`chinese` | `latin`),
//! `flavour` (`on` | `off`), `seed` (a number, or `random`),
//! `no_capture_plies` (default 120).

#![warn(missing_docs)]
// abi_stable's root-module macro expands to code with this lint.
#![allow(non_local_definitions)]

pub mod board;
pub mod eval;
pub mod fen;
pub mod flavour;
pub mod info;
pub mod notation;
pub mod position;
pub mod state;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PluginError};

pub use state::{Config, Style, XiangqiPosition};

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "notation",
            "wxf",
            &["wxf", "chinese"],
            "How moves are shown: WXF (C2=5) or Chinese (炮二平五).",
        ),
        OptionSpec::new(
            "pieces",
            "chinese",
            &["chinese", "latin"],
            "Draw pieces with Chinese characters or Latin letters.",
        ),
        OptionSpec::new("flavour", "on", &["on", "off"], "Name a Chu–Han figure to lead each side in the help text."),
        OptionSpec::new("seed", "random", &[], "Seed for choosing the figures: a number, or 'random'."),
        OptionSpec::new("no_capture_plies", "120", &[], "Plies without a capture after which the game is drawn."),
    ]
}

/// A configured game of xiangqi.
pub struct XiangqiRules {
    config: Config,
    latin: bool,
    banner: Option<String>,
}

impl XiangqiRules {
    /// Xiangqi with every option at its default (figures chosen from seed 0,
    /// so the default game is reproducible).
    pub fn new() -> Self {
        let (red, black) = flavour::pick(0);
        XiangqiRules { config: Config::default(), latin: false, banner: Some(flavour::banner(red, black)) }
    }

    /// Xiangqi configured by `options`; unknown options and bad values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("xiangqi", options, &specs)?;
        let get = |name: &str| option_or_default(options, &specs, name).to_string();
        let plies = get("no_capture_plies");
        let no_capture_plies = match plies.parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(PluginError::bad_option(format!(
                    "xiangqi: option 'no_capture_plies' must be a positive whole number of plies, not '{plies}'"
                )))
            }
        };
        let seed_text = get("seed");
        let seed = tabula_kit::rng::parse_seed("xiangqi", &seed_text)?;
        let style = if get("notation") == "chinese" { Style::Chinese } else { Style::Wxf };
        let banner = (get("flavour") == "on").then(|| {
            let (red, black) = flavour::pick(seed);
            flavour::banner(red, black)
        });
        Ok(XiangqiRules { config: Config { style, no_capture_plies }, latin: get("pieces") == "latin", banner })
    }
}

impl Default for XiangqiRules {
    fn default() -> Self {
        Self::new()
    }
}

const HELP: &str = "\
XIANGQI (Chinese chess)

The board has 9 files and 10 ranks of intersections; pieces stand on the
points. The river divides the two halves; each side has a palace of 3x3
points with diagonals. Red moves first.

Pieces
  General (帥/將): one step along a line, never leaving the palace.
  Advisor (仕/士): one step diagonally, never leaving the palace.
  Elephant (相/象): exactly two points diagonally, never across the river,
    and not if the point in between (the elephant's eye) is occupied.
  Horse (傌/馬): one point along a line then one diagonally outwards; it is
    blocked if the first point (the horse's leg) is occupied.
  Chariot (俥/車): any distance along a line, like a chess rook.
  Cannon (炮/砲): moves like a chariot, but captures only by jumping over
    exactly one piece (the screen) on the way.
  Soldier (兵/卒): one point forward; after crossing the river it may also
    step sideways. It never moves backwards.

Rules
  The two generals may never face each other on an open file.
  No move may leave your own general attacked.
  A side with no legal move loses, in check (checkmate) or not (stalemate).
  When a position occurs for the third time: if one side gave check with
  every move of the repeated cycle and the other did not, the checking side
  loses (perpetual check); otherwise the game is drawn (repetition).
  A game with no capture for {PLIES} plies ({MOVES} moves each) is drawn.

Notation
  Machines use ICCS coordinates: files a-i from Red's left, ranks 0-9 from
  Red's side (h2e2). People read WXF (C2=5: cannon on file 2 moves sideways
  to file 5; H2+3: horse on file 2 forward to file 3; + forward, - back,
  = sideways; files counted from the mover's right) or Chinese notation
  (炮二平五; Red's files in numerals, Black's in digits; 進 forward,
  退 back, 平 sideways; 前/後 for two like pieces on one file).
";

impl RulesImpl for XiangqiRules {
    type Position = XiangqiPosition;

    fn info(&self) -> GameInfo {
        info::game_info(self.latin)
    }

    fn geometry(&self) -> Geometry {
        info::geometry(self.latin)
    }

    fn start_position(&self) -> Result<XiangqiPosition, PluginError> {
        XiangqiPosition::from_fen_with(fen::START_FEN, self.config)
    }

    fn position_from_text(&self, text: &str) -> Result<XiangqiPosition, PluginError> {
        XiangqiPosition::from_fen_with(text, self.config)
    }

    fn help_text(&self) -> String {
        let plies = self.config.no_capture_plies;
        let rules = HELP.replace("{PLIES}", &plies.to_string()).replace("{MOVES}", &(plies / 2).to_string());
        match &self.banner {
            Some(banner) => format!("{banner}\n{rules}"),
            None => rules,
        }
    }
}
