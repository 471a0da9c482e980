//! Chinese checkers (Sternhalma) as a Tabula rules plugin, for 2, 3, 4 or 6
//! players.
//!
//! The rules are those of Masters Traditional Games ("Chinese Checkers",
//! mastersgames.com/rules/chinese-checkers-rules.htm):
//!
//! * The star has 121 holes; each player's ten marbles start in one corner
//!   and race to the corner opposite. Two players take facing corners,
//!   three alternate corners, four two facing pairs, six every corner.
//!   Play goes clockwise; player 1 starts in the bottom corner.
//! * A turn moves one marble: a step to an adjacent empty hole, or a chain
//!   of hops, each over one adjacent marble of any colour into the empty
//!   hole just beyond it. The chain may stop after any hop and never lands
//!   on a hole twice (so it cannot end where it started). Nothing is
//!   captured.
//! * A marble that has reached its destination corner may move only within
//!   it (every hop of its chain lands in the corner).
//! * The first player whose ten marbles fill the destination corner wins,
//!   and the game ends there (the others share second place).
//! * Against blocking (the same rules' answer to a marble left in the
//!   corner): when the destination corner is full and some of it is held
//!   by opponents' marbles, a marble entering the corner may end its step
//!   or chain on such a marble instead of an empty hole, and the two
//!   change places.
//! * A player with no move at all passes. So that every game ends, the
//!   game is drawn after `limit` turns of all players together (default
//!   1000, as OpenSpiel's `max_moves`).
//!
//! ## Players, results and evaluations
//!
//! * `side_to_move` is the seat (0 to n-1, clockwise from the bottom); every
//!   turn, a pass too, hands the move to the next seat, so it is always the
//!   turns played modulo n.
//! * `result()` when the game is over: a win pays the winner `n - 1` and
//!   every other player -1 (they share second place), a move-limit draw 0
//!   to all; the payoffs sum to zero. While the game goes on: no payoffs.
//! * `evaluate_all` gives every player its own value, 10 per row of
//!   distance by which the others' average remaining distance exceeds its
//!   own (see [`eval`]); the values sum to zero and `evaluate` is the
//!   mover's.
//!
//! * [`board`]: the star, hole names, neighbours, hops and corners.
//! * [`position`]: [`CcPosition`], make and unmake; [`game`]: the boundary.
//! * [`movegen`]: steps, chains, swaps and click paths.
//! * [`text`], [`notation`]: the position text and the moves.
//! * [`eval`]: evaluation for the generic searches.
//!
//! Options: `players` (`2`, `3`, `4`, `6`), `limit` (turns before the draw).

#![deny(missing_docs)]

pub mod board;
pub mod eval;
pub mod game;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Label, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba,
};

use board::{home_corners, CELLS, STAR};
pub use position::{CcPosition, Config, DEFAULT_LIMIT};

/// The colour of each corner (and of the player who starts there): its
/// name, the marble's colour and the corner's tint on the board.
pub const CORNER_COLOURS: [(&str, Rgba, Rgba); 6] = [
    ("red", Rgba::rgb(200, 40, 40), Rgba::rgb(238, 190, 180)),
    ("purple", Rgba::rgb(120, 60, 170), Rgba::rgb(214, 194, 228)),
    ("blue", Rgba::rgb(40, 90, 200), Rgba::rgb(186, 204, 238)),
    ("green", Rgba::rgb(30, 140, 60), Rgba::rgb(188, 224, 190)),
    ("yellow", Rgba::rgb(235, 190, 20), Rgba::rgb(244, 228, 170)),
    ("black", Rgba::rgb(36, 36, 36), Rgba::rgb(200, 200, 196)),
];

/// The letter of each corner's marbles in text diagrams.
pub const CORNER_LETTERS: [&str; 6] = ["R", "P", "B", "G", "Y", "K"];

/// The name of `player` (its corner's colour).
pub fn player_name(config: Config, player: u8) -> &'static str {
    CORNER_COLOURS[config.home(player) as usize].0
}

/// Fewest and most turns the `limit` option accepts.
pub const LIMITS: (u32, u32) = (10, 1_000_000);

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "players",
            "2",
            &["2", "3", "4", "6"],
            "Number of players: 2 and 4 in facing corners, 3 in alternate corners, 6 in all.",
        ),
        OptionSpec::new(
            "limit",
            "1000",
            &[],
            "Turns of all players together after which the game is drawn (10 to 1000000).",
        ),
    ]
}

/// A configured game of Chinese checkers.
#[derive(Default)]
pub struct ChineseCheckers {
    config: Config,
}

impl ChineseCheckers {
    /// The game configured by `options`; unknown options and bad values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("chinesecheckers", options, &specs)?;
        let players = option_or_default(options, &specs, "players").parse::<u8>().unwrap_or(2);
        let text = option_or_default(options, &specs, "limit");
        let limit = text.trim().parse::<u32>().ok().filter(|l| (LIMITS.0..=LIMITS.1).contains(l)).ok_or_else(|| {
            PluginError::bad_option(format!(
                "chinesecheckers: option 'limit' must be a whole number of turns from {} to {}, not '{text}'",
                LIMITS.0, LIMITS.1
            ))
        })?;
        Ok(ChineseCheckers { config: Config { players, limit } })
    }

    /// The game with the given configuration.
    pub fn with(config: Config) -> Self {
        ChineseCheckers { config }
    }
}

/// The board: the star's holes, touching their neighbours (the corners
/// tinted in their colours), and the coordinate labels. No lattice lines:
/// the window draws lines over the holes.
pub fn geometry() -> Geometry {
    let star = &*STAR;
    let wood = Rgba::rgb(236, 222, 196);
    let mut cells = RVec::with_capacity(CELLS);
    for cell in 0..CELLS {
        let (x, y) = star.centre(cell);
        let corner = star.corner[cell];
        let color = if corner == board::NONE { wood } else { CORNER_COLOURS[corner as usize].2 };
        cells.push(Cell { x, y, layer: 0, shape: CellShape::CIRCLE, color, name: star.name(cell).into() });
    }
    // Ranks in a column right of the widest row; each file's letter where
    // the file would go on below its lowest hole (an empty spot along the
    // lower edges of the star).
    let mut labels = RVec::new();
    for &(first, _) in &star.rows {
        let (_, y) = star.centre(first as usize);
        let rank = star.coords[first as usize].1 + 9;
        labels.push(Label { x: 7.5, y, layer: 0, text: rank.to_string().into() });
    }
    for q in -8i8..=8 {
        if let Some(y) = (-8i8..=8).find(|&y| star.at(q, y).is_some()) {
            let (x, y) = ((2 * q + y - 1) as f32 * 0.5, -((y - 1) as f32) * 3f32.sqrt() / 2.0);
            let text = ((b'a' + (q + 8) as u8) as char).to_string();
            labels.push(Label { x, y, layer: 0, text: text.into() });
        }
    }
    Geometry { cells, lines: RVec::new(), marks: RVec::new(), labels, background: Rgba::rgb(92, 70, 50), layers: 1 }
}

const HELP: &str = "\
CHINESE CHECKERS (Sternhalma)

Each player has ten marbles in one corner of the star and races them to
the corner opposite. Players: {PLAYERS}. Play goes clockwise; {FIRST}
starts (in the bottom corner).

On your turn move one marble:
  step   to an adjacent empty hole, or
  hop    over one adjacent marble (any colour) into the empty hole just
         beyond it, and go on hopping from there as long as you like; you
         may stop after any hop. A chain never lands on the same hole twice.
Marbles are never captured. A marble that has reached its destination
corner may only move within that corner.

The first player to fill all ten holes of the opposite corner wins, and
the game ends. Against blocking: if your destination corner is full and
opponents' marbles hold some of its holes, a marble of yours entering the
corner may end its step or chain on one of them, and the two marbles
change places. A player who cannot move passes. The game is drawn after
{LIMIT} turns (of all players together).

Holes are named by file letter a-q (along the lines rising to the right)
and rank 1-17 (from the bottom point, m1, to the top point, e17; the
centre is i9). Moves list the holes a marble visits: m3-l4 is a step,
m3-k5-k7 a chain of two hops; a swap ends in *. 'pass' passes.
Click a marble, then each landing; click the last landing again to stop a
chain there.

Rules: Masters Traditional Games, 'Chinese Checkers'.
";

impl RulesImpl for ChineseCheckers {
    type Position = CcPosition;

    fn info(&self) -> GameInfo {
        let n = self.config.players;
        let seated: Vec<u8> = home_corners(n as usize).to_vec();
        let players = seated
            .iter()
            .map(|&c| {
                let (name, color, _) = CORNER_COLOURS[c as usize];
                let ink = if c == 4 { Rgba::rgb(30, 30, 30) } else { Rgba::rgb(245, 245, 245) };
                PlayerInfo { name: name.into(), color, ink }
            })
            .collect();
        let letters: Vec<&str> = seated.iter().map(|&c| CORNER_LETTERS[c as usize]).collect();
        let glyphs = vec![""; n as usize];
        GameInfo {
            name: format!("Chinese checkers ({n} players)").into(),
            players,
            piece_types: vec![PieceType::new("marble", &glyphs, &letters, 100)].into(),
            position_format: "17 rows from the top, . or player 1-6 per hole, player to move, turns played".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry()
    }

    fn start_position(&self) -> Result<CcPosition, PluginError> {
        Ok(CcPosition::start(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<CcPosition, PluginError> {
        text::read(text, self.config)
    }

    fn help_text(&self) -> String {
        let n = self.config.players as usize;
        let names: Vec<&str> = (0..n as u8).map(|p| player_name(self.config, p)).collect();
        HELP.replace("{PLAYERS}", &names.join(", "))
            .replace("{FIRST}", names[0])
            .replace("{LIMIT}", &self.config.limit.to_string())
    }
}
