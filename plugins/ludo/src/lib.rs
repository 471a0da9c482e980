//! Mensch ärgere Dich nicht, the German ludo, as a Tabula rules plugin for
//! 2 to 4 players, with the die as a chance node.
//!
//! The rules are Schmidt Spiele's published rules of "Mensch ärgere Dich
//! nicht" (the game's own Spielanleitung and the rules of Schmidt's
//! Spielesammlung):
//!
//! * Each player has four pieces: one starts on its start field (the A
//!   field), three wait on the waiting fields (B). Play goes clockwise,
//!   one die; a piece moves as many track fields as rolled, jumping over
//!   pieces (the jumped fields count). Two players sit opposite.
//! * Landing on an opponent's piece captures it: it goes back to its
//!   waiting fields. A player cannot land on its own piece, and there is
//!   no compulsion to capture.
//! * While pieces wait, a six must bring one out onto the start field
//!   (capturing an opponent there); if a piece of one's own stands there,
//!   it must move on with the six instead. The start field must be cleared
//!   at once: while pieces wait, the piece on the start field must move
//!   first, unless its own piece blocks where it would land.
//! * A six gives another roll after moving (not to a player whose last
//!   piece just reached home).
//! * A player whose pieces cannot move with anything but a six (none on
//!   the track, those in the goal packed at its end) rolls up to three
//!   times for a six.
//! * After a full round a piece turns into its own four goal fields, which
//!   count one by one; it needs the exact number (pieces may be jumped
//!   there too). Nothing is captured in the goal.
//! * The first player with all four pieces in the goal wins. With the
//!   option `finish=all` the others play on for the places.
//!
//! A turn is two moves: the roll (a chance node, `roll1` … `roll6`, 1/6
//! each, for the player to move) and the player's move with it (`pass`
//! when nothing can move).
//!
//! ## Players, results and evaluations
//!
//! * `side_to_move` is the seat (0 to n-1: red, blue, green, yellow; two
//!   players are red and green) of the player the die is rolled for at a
//!   chance node, and of the player who moves with it after the roll.
//!   After a six the same seat rolls again; finished players are skipped.
//! * `result()` once the game is over: with `finish=first` the winner
//!   scores `n - 1` and everyone else -1; with `finish=all` place `k`
//!   scores `n + 1 - 2k`. Both sum to zero; the status names the first
//!   player home as the winner.
//! * `evaluate_all` gives every player its own value, the fields its pieces
//!   have come minus the others' average (see [`eval`]); they sum to zero,
//!   and `evaluate` is the value of the seat to move (or to roll).
//!
//! * [`board`]: the cross, its cells and names; [`position`]: the state
//!   and the rules of a turn; [`game`]: the boundary.
//! * [`text`], [`notation`]: the position text and the moves.
//! * [`eval`]: evaluation for the generic searches.
//!
//! Options: `players` (`2`, `3`, `4`), `finish` (`first`, `all`).

#![deny(missing_docs)]

pub mod board;
pub mod eval;
pub mod game;
pub mod moves;
pub mod notation;
pub mod position;
pub mod text;

use rules_api::plugin::{check_options, option_or_default, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, OptionSpec, Options, PieceType, PlayerInfo, PluginError, RVec, Rgba,
};

use board::{seats, square, COLOURS, DIE_CELL, HOME, TRACK};
pub use position::{Config, Finish, LudoPosition};

/// The name of `player` (its colour).
pub fn player_name(config: Config, player: u8) -> &'static str {
    COLOURS[config.colour(player) as usize].0
}

/// The options this plugin understands.
pub fn option_specs() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new(
            "players",
            "2",
            &["2", "3", "4"],
            "Number of players: two sit opposite (red and green), three at red, blue and green.",
        ),
        OptionSpec::new(
            "finish",
            "first",
            &["first", "all"],
            "first: the game ends when a player has all pieces home (the published rule); all: the others play on for the places.",
        ),
    ]
}

/// A configured game of Mensch ärgere Dich nicht.
#[derive(Default)]
pub struct Ludo {
    config: Config,
}

impl Ludo {
    /// The game configured by `options`; unknown options and bad values are
    /// refused with an error naming them.
    pub fn from_options(options: &Options) -> Result<Self, PluginError> {
        let specs = option_specs();
        check_options("ludo", options, &specs)?;
        let players = option_or_default(options, &specs, "players").parse::<u8>().unwrap_or(2);
        let finish = if option_or_default(options, &specs, "finish") == "all" { Finish::All } else { Finish::First };
        Ok(Ludo { config: Config { players, finish } })
    }

    /// The game with the given configuration.
    pub fn with(config: Config) -> Self {
        Ludo { config }
    }
}

/// The board: the cross of white track fields with each colour's start,
/// goal and waiting fields in its tint (grey for colours nobody plays),
/// and the die in the middle. No lines: the window draws them over the
/// fields.
pub fn geometry(config: Config) -> Geometry {
    let seated = seats(config.players as usize);
    let unused = Rgba::rgb(214, 208, 196);
    let tint = |colour: u8| if seated.contains(&colour) { COLOURS[colour as usize].3 } else { unused };
    let mut cells = RVec::with_capacity(board::CELLS);
    for cell in 0..board::CELLS {
        let (x, y) = square(cell);
        let (shape, color) = match cell {
            c if c < TRACK && c % board::ARM == 0 => (CellShape::CIRCLE, tint((c / board::ARM) as u8)),
            c if c < TRACK => (CellShape::CIRCLE, Rgba::rgb(252, 250, 244)),
            c if c < board::WAIT_BASE => (CellShape::CIRCLE, tint(((c - board::GOAL_BASE) / HOME) as u8)),
            c if c < DIE_CELL => (CellShape::CIRCLE, tint(((c - board::WAIT_BASE) / HOME) as u8)),
            _ => (CellShape::SQUARE, Rgba::rgb(255, 255, 255)),
        };
        cells.push(Cell { x: x as f32, y: y as f32, layer: 0, shape, color, name: board::name(cell).into() });
    }
    Geometry {
        cells,
        lines: RVec::new(),
        marks: RVec::new(),
        labels: RVec::new(),
        background: Rgba::rgb(238, 216, 150),
        layers: 1,
    }
}

const HELP: &str = "\
MENSCH ÄRGERE DICH NICHT (ludo)

Players: {PLAYERS}, four pieces each. One piece starts on your start field
(the coloured field on the track), three wait in your corner. Play goes
clockwise: roll the die, then move one piece that many fields along the
track. Pieces may be jumped (the fields count), but only one piece stands
on a field: landing on an opponent's piece captures it (it goes back to
its corner); you cannot land on your own. Capturing is never compulsory.

A six: while pieces wait, you must bring one out onto your start field
(capturing any opponent there); if your own piece stands there, move it on
with the six instead. While pieces wait, your start field must be cleared
first: the piece on it must move, unless your own piece blocks where it
would land. After a six you roll again (not after bringing your last
piece home).

If none of your pieces can move except with a six (none on the track, and
those in your goal as far in as they go), you roll up to three times for
a six. If the roll cannot be used, press pass.

After a full round a piece turns into your four goal fields (a to d),
which also count one by one; you need the exact number, and no piece is
captured there. The first player with all four pieces home wins{FINISH}.

Fields: the track is 1-40 (1 is red's start field, 11 blue's, 21 green's,
31 yellow's); goal fields are colour letter + a-d (ra ... rd), waiting
fields colour letter + 1-4 (r1 ... r4). Moves: 5-11, r3-1 (bring a piece
out), 38-ra, pass; the die: roll1 ... roll6. Click your piece, then where
it lands.

Rules: Schmidt Spiele, 'Mensch ärgere Dich nicht'.
";

impl RulesImpl for Ludo {
    type Position = LudoPosition;

    fn info(&self) -> GameInfo {
        let n = self.config.players as usize;
        let players = seats(n)
            .iter()
            .map(|&c| {
                let (name, _, color, _) = COLOURS[c as usize];
                let ink = if c == 3 { Rgba::rgb(30, 30, 30) } else { Rgba::rgb(250, 250, 250) };
                PlayerInfo { name: name.into(), color, ink }
            })
            .collect();
        let letters: Vec<String> =
            seats(n).iter().map(|&c| COLOURS[c as usize].1.to_ascii_uppercase().to_string()).collect();
        let letters: Vec<&str> = letters.iter().map(String::as_str).collect();
        GameInfo {
            name: format!("Mensch ärgere Dich nicht ({n} players)").into(),
            players,
            piece_types: vec![PieceType::new("piece", &vec![""; n], &letters, 100)].into(),
            position_format: "track, each player's waiting pieces and goal, colour to move, die, roll, finished".into(),
        }
    }

    fn geometry(&self) -> Geometry {
        geometry(self.config)
    }

    fn start_position(&self) -> Result<LudoPosition, PluginError> {
        Ok(LudoPosition::start(self.config))
    }

    fn position_from_text(&self, text: &str) -> Result<LudoPosition, PluginError> {
        text::read(text, self.config)
    }

    fn help_text(&self) -> String {
        let n = self.config.players as usize;
        let names: Vec<&str> = seats(n).iter().map(|&c| COLOURS[c as usize].0).collect();
        let finish = match self.config.finish {
            Finish::First => " and the game ends",
            Finish::All => "; the others play on for the places until one is left",
        };
        HELP.replace("{PLAYERS}", &names.join(", ")).replace("{FINISH}", finish)
    }
}
