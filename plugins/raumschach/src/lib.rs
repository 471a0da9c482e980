//! Raumschach (Ferdinand Maack, 1907), three-dimensional chess on a
//! 5×5×5 cube, as a Tabula rules plugin.
//!
//! * [`board`]: cells, rays and leaps, attack detection, move generation.
//! * [`position`]: [`RaumPosition`] with incremental make/unmake, Zobrist
//!   hash and evaluation, and the draw rules.
//! * [`text`]: the position text (a FEN with five levels).
//! * [`notation`]: `Bc2Cc3` for machines, `NAb1-Ab3` for people.
//!
//! The setup is Dickins' (*A Guide to Fairy Chess*); docs/RAUMSCHACH.md
//! says why, and how pawns capture.
//!
//! Option: `no_progress_plies` (default 100).

#![warn(missing_docs)]

pub mod board;
pub mod eval;
pub mod notation;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba};
use tabula_kit::grid::{Edge, Grid, Layered};

pub use position::{Config, RaumPosition};

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "no_progress_plies",
        "100",
        &[],
        "Plies without a capture or a pawn move after which the game is drawn.",
    )]
}

/// The board: five 5×5 levels A (layer 0, White's home) to E, cells named
/// `Aa1` … `Ee5`, indices `level * 25 + rank * 5 + file`.
pub fn layered() -> Layered {
    let grid = Grid::squares(5, 5, Rgba::rgb(238, 220, 186), Rgba::rgb(172, 128, 94))
        .file_labels(Edge::Bottom, 0.75)
        .rank_labels(Edge::Left, 0.75)
        .background(Rgba::rgb(72, 60, 52));
    Layered::new(grid, 5).level_labels(0.8)
}

/// A configured game of Raumschach.
#[derive(Default)]
pub struct Raumschach {
    config: Config,
}

impl Raumschach {
    /// Raumschach configured by `options`; unknown options and bad values
    /// are refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("raumschach", options, &specs)?;
        let plies = option_or_default(options, &specs, "no_progress_plies");
        let no_progress_plies = match plies.parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(PluginError::bad_option(format!(
                    "raumschach: option 'no_progress_plies' must be a positive whole number of plies, not '{plies}'"
                )))
            }
        };
        Ok(Raumschach { config: Config { no_progress_plies } })
    }
}

const GLYPHS: [[&str; 2]; 7] = [["♔", "♚"], ["♕", "♛"], ["♖", "♜"], ["♗", "♝"], ["♘", "♞"], ["U", "U"], ["♙", "♟"]];
const NAMES: [&str; 7] = ["king", "queen", "rook", "bishop", "knight", "unicorn", "pawn"];

fn game_info() -> GameInfo {
    let players = RVec::from(vec![
        PlayerInfo { name: "white".into(), color: Rgba::rgb(250, 250, 245), ink: Rgba::rgb(30, 30, 30) },
        PlayerInfo { name: "black".into(), color: Rgba::rgb(40, 40, 45), ink: Rgba::rgb(240, 240, 240) },
    ]);
    let piece_types = (0..7)
        .map(|k| {
            let letter = text::LETTERS[k].to_string();
            let lower = letter.to_ascii_lowercase();
            PieceType::new(NAMES[k], &GLYPHS[k], &[&letter, &lower], eval::VALUE[k])
        })
        .collect();
    GameInfo {
        name: "Raumschach".into(),
        players,
        piece_types,
        position_format: "Raumschach FEN (five levels A-E separated by '|')".into(),
    }
}

const HELP: &str = "\
RAUMSCHACH (Maack, 1907): chess in three dimensions

The board is a cube of 5x5x5 cells, drawn as five levels A to E. White
starts on levels A and B, Black on D and E. A cell is named by level, file
and rank: Cc3 is the centre of the cube. Think of each cell as a small cube
with 6 faces, 12 edges and 8 corners.

Pieces
  Rook (R): any distance through faces: along a rank, a file, or straight
    up or down through the levels.
  Bishop (B): any distance through edges: diagonally within a level, or
    diagonally across levels in a vertical plane.
  Unicorn (U): any distance through corners: changing level, file and rank
    at every step. It only ever reaches a quarter of the cube.
  Queen (Q): rook, bishop and unicorn together.
  King (K): one step in any of the 26 directions.
  Knight (N): leaps two cells along one axis and one along another, in
    any of the three dimensions (24 leaps from the centre).
  Pawn (P): steps one cell forward or one level towards the enemy (up for
    White, down for Black) and captures one step diagonally towards the
    promotion rank: sideways and forward, sideways and up, or forward and
    up at once (down for Black). No double step, no en passant. A pawn on
    the far rank of the far level (Ea5-Ee5 for White, Aa1-Ae1 for Black)
    promotes to a queen, rook, bishop, knight or unicorn.

There is no castling. Checkmate wins; stalemate is a draw, as are a third
repetition of a position, {PLIES} plies without a capture or pawn move,
and two bare kings.

Notation: Bc2Cc3 for machines (from, to, promotion letter: Db4Eb5q);
NAb1-Ab3, QBc1xDc3+, Db4-Eb5=Q for people.
";

impl RulesImpl for Raumschach {
    type Position = RaumPosition;

    fn info(&self) -> GameInfo {
        game_info()
    }

    fn geometry(&self) -> Geometry {
        layered().build()
    }

    fn start_position(&self) -> Result<RaumPosition, PluginError> {
        RaumPosition::from_text(text::START, self.config)
    }

    fn position_from_text(&self, text: &str) -> Result<RaumPosition, PluginError> {
        RaumPosition::from_text(text, self.config)
    }

    fn help_text(&self) -> String {
        HELP.replace("{PLIES}", &self.config.no_progress_plies.to_string())
    }
}
