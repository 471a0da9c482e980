//! Star Trek tri-dimensional chess as a Tabula rules plugin: Andrew
//! Bartmess's Federation Standard rules (FS 5.0) as Charles Roth's
//! "Federation Revised Standard 5.0, as extended & clarified" (rev.
//! 2012-09-21, thedance.net/~roth/TECHBLOG/chess.html) resolves them, with
//! Roth's own program of the same date (github.com/wchasroth/StarTrek3dChess,
//! rule set "Roth") deciding what his text leaves open.
//! `docs/games/tridchess.md` lists every rule with its source and every
//! choice made.
//!
//! * [`squares`]: the 144 cells (48 fixed squares and the squares of the 24
//!   places an attack board can stand), their names and pins.
//! * [`board`]: pieces, paths through the levels, attacks.
//! * [`game`]: the full state, move generation and how a move changes it.
//! * [`position`]: [`TridPosition`] with make/unmake, hash, evaluation and
//!   the draw rules.
//! * [`text`]: the position text; [`notation`]: the moves as text.
//! * [`layout`]: the geometry (three layers and the attack boards beside
//!   them); [`eval`] and [`ordering`]: evaluation and search hints.
//!
//! Option: `no_progress_plies` (default 100).

#![deny(missing_docs)]

pub mod board;
pub mod eval;
pub mod game;
pub mod layout;
pub mod notation;
pub mod ordering;
pub mod position;
pub mod squares;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba};

pub use position::{Config, TridPosition};

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![OptionSpec::new(
        "no_progress_plies",
        "100",
        &[],
        "Plies without a capture or a pawn move after which the game is drawn (100: the fifty-move rule).",
    )]
}

/// A configured game of tri-dimensional chess.
#[derive(Default)]
pub struct TriDChess {
    config: Config,
}

impl TriDChess {
    /// The game configured by `options`; unknown options and bad values
    /// are refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("tridchess", options, &specs)?;
        let plies = option_or_default(options, &specs, "no_progress_plies");
        let no_progress_plies = match plies.parse::<u32>() {
            Ok(n) if n > 0 => n,
            _ => {
                return Err(PluginError::bad_option(format!(
                    "tridchess: option 'no_progress_plies' must be a positive whole number of plies, not '{plies}'"
                )))
            }
        };
        Ok(TriDChess { config: Config { no_progress_plies } })
    }
}

const GLYPHS: [[&str; 2]; 6] = [["♔", "♚"], ["♕", "♛"], ["♖", "♜"], ["♗", "♝"], ["♘", "♞"], ["♙", "♟"]];
const NAMES: [&str; 6] = ["king", "queen", "rook", "bishop", "knight", "pawn"];

fn game_info() -> GameInfo {
    let players = RVec::from(vec![
        PlayerInfo { name: "white".into(), color: Rgba::rgb(250, 250, 245), ink: Rgba::rgb(30, 30, 30) },
        PlayerInfo { name: "black".into(), color: Rgba::rgb(40, 40, 45), ink: Rgba::rgb(240, 240, 240) },
    ]);
    let piece_types = (0..6)
        .map(|k| {
            let letter = text::LETTERS[k].to_string();
            let lower = letter.to_ascii_lowercase();
            PieceType::new(NAMES[k], &GLYPHS[k], &[&letter, &lower], eval::VALUE[k])
        })
        .collect();
    GameInfo {
        name: "Tri-dimensional chess".into(),
        players,
        piece_types,
        position_format:
            "tri-dimensional chess FEN (levels W|N|B, attack boards, side, castling, en passant, moved pawns)".into(),
    }
}

const HELP: &str = "\
TRI-DIMENSIONAL CHESS (Star Trek), Federation Standard 5.0 as revised by Roth

The board: three fixed 4x4 levels, White's (W), the neutral level (N) and
Black's (B), each two ranks further from White than the one below, and four
movable 2x2 attack boards: 64 squares. Files are z a b c d e (z and e only
on attack boards), ranks 0 to 9. An attack board hangs from a pin at a
corner of a fixed level, above it or (inverted) below it. Its places are
QL1 to QL6 on the queen's side (files z-a) and KL1 to KL6 on the king's
side (files d-e): 1 and 2 hang from W, 3 and 4 from N, 5 and 6 from B; an
i marks a board hanging below its pin (QL1i). A square is named file, rank,
level: b1W, z0QL1. The window draws each fixed level with its attack
boards beside it; the captions show where boards can stand.

Moving the pieces: seen from above, every move is a move of ordinary
chess; it may end at any level on the file and rank it reaches, but never
straight up or down. A sliding piece follows the highest squares between
its two ends that are not above the higher end, and anything standing
there blocks it; when the higher end is a fixed level, it may instead
pass one level higher, over an attack board. Knights leap; kings step.

Pawns step one rank forward (two on their first move, through an empty
square) and take one file to the side and one rank forward, at any
level. A pawn that has just stepped two ranks may be taken en passant by a
pawn beside it, which lands on the square passed over. White promotes on
ranks 8 and 9, Black on 1 and 0, to a queen, rook, bishop or knight.

Castling (king and rook unmoved, king not in check and not into check):
O-O, king and king's rook trade places; O-O-O, the king goes to the
queen's home square (which must be empty) and the queen's rook to the
king's.

Attack boards: instead of moving a piece, a player may move a board he
owns when it is empty or carries only one of his pawns, as long as he has
a pawn somewhere: to the pin one or two ranks along its side, above or
below it, or turned over on its own pin. The board carries its pawn, which
loses its two-step and promotes if carried to the last ranks. White owns
the two boards that start at QL1 and KL1, Black those at QL6 and KL6; a
player who takes the last enemy man on a board takes the board.

Checkmate wins. Stalemate, a third repetition, {PLIES} plies without a
capture or pawn move, and bare kings are draws.

Notation: Qa0QL1-a3N, b2Wxc3N, c7B-c8B=Q, O-O, QL1-QL3 (a board's move)
for people; a0QL1-a3N, c7B-c8Bq, QL1-QL3 for machines. Squares may also
be typed in Roth's form, b0(3).
";

impl RulesImpl for TriDChess {
    type Position = TridPosition;

    fn info(&self) -> GameInfo {
        game_info()
    }

    fn geometry(&self) -> Geometry {
        layout::geometry()
    }

    fn start_position(&self) -> Result<TridPosition, PluginError> {
        self.position_from_text(text::START)
    }

    fn position_from_text(&self, text: &str) -> Result<TridPosition, PluginError> {
        let parsed = text::read(text)?;
        Ok(TridPosition::new(parsed.game, parsed.halfmove, parsed.fullmove, self.config))
    }

    fn help_text(&self) -> String {
        HELP.replace("{PLIES}", &self.config.no_progress_plies.to_string())
    }
}
