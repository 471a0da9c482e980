//! "dicerace": a race of runners along tracks, moved by two dice. The test
//! game of chance for the host (core's tests build it in process; the host
//! tests load it as a plugin, `host/tests/fixtures/testgames`).
//!
//! Each of 2 to 6 players (option `players`, default 2) has a runner on a
//! track of squares 0 to `length` (option, default 20). A turn is a roll
//! of two dice — a chance node of 21 outcomes, as in backgammon: a double
//! with probability 1/36, any other pair 2/36, written high die first
//! (`6-3`) — then the player's choice: advance by one die or by both (at
//! most to the end). The first runner home wins. With two players a loser
//! short of halfway loses a gammon (payoffs 2 and −2); with more, each
//! player's payoff is the distance run, so places follow the runners.
//!
//! Position text: the runners' squares, the player to move and the roll
//! (`-` before it): `3,12;0;6-3`.

use rules_api::plugin::{check_options, option_or_default, PositionImpl, RulesImpl};
use rules_api::{
    ChanceOutcome, GameInfo, Geometry, Move, Notation, OptionSpec, Options, Outcome, Piece, PieceType, PlayerInfo,
    PluginError, PositionFlags, RVec, Rgba, Status, CELL_NONE,
};
use tabula_kit::grid::Grid;

/// The players' names and colours, by seat.
pub const PLAYERS: [(&str, (u8, u8, u8)); 6] = [
    ("red", (200, 40, 40)),
    ("blue", (40, 80, 200)),
    ("green", (40, 160, 60)),
    ("yellow", (220, 200, 40)),
    ("purple", (130, 50, 160)),
    ("orange", (230, 130, 30)),
];

/// Player infos for `n` players.
pub fn player_infos(n: usize) -> RVec<PlayerInfo> {
    PLAYERS[..n]
        .iter()
        .map(|(name, (r, g, b))| PlayerInfo {
            name: (*name).into(),
            color: Rgba::rgb(*r, *g, *b),
            ink: Rgba::rgb(255, 255, 255),
        })
        .collect()
}

/// Reads the `players` option (2 to 6).
pub fn players_option(game: &str, options: &Options, specs: &[OptionSpec]) -> Result<usize, PluginError> {
    let text = option_or_default(options, specs, "players");
    match text.parse::<usize>() {
        Ok(n) if (2..=6).contains(&n) => Ok(n),
        _ => Err(PluginError::bad_option(format!("{game}: option 'players' must be 2 to 6, not '{text}'"))),
    }
}

/// The options of the race.
pub fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("players", "2", &["2", "3", "4", "5", "6"], "number of runners"),
        OptionSpec::new("length", "20", &[], "squares from start to home (4 to 24)"),
    ]
}

/// The configured race.
pub struct Race {
    players: usize,
    length: u8,
}

impl Race {
    /// Builds the race from its options.
    pub fn new(options: &Options) -> Result<Race, PluginError> {
        let specs = self::options();
        check_options("dicerace", options, &specs)?;
        let players = players_option("dicerace", options, &specs)?;
        let text = option_or_default(options, &specs, "length");
        let length = match text.parse::<u8>() {
            Ok(n) if (4..=24).contains(&n) => n,
            _ => {
                return Err(PluginError::bad_option(format!("dicerace: option 'length' must be 4 to 24, not '{text}'")))
            }
        };
        Ok(Race { players, length })
    }
}

fn grid(players: usize, length: u8) -> Grid {
    Grid::squares(u16::from(length) + 1, players as u16, Rgba::rgb(230, 220, 190), Rgba::rgb(200, 180, 140))
}

/// A step of play, for unmake.
#[derive(Clone, Copy, Debug)]
enum Step {
    Roll,
    Advance { player: u8, from: u8, roll: (u8, u8) },
}

/// A position of the race.
#[derive(Clone, Debug)]
pub struct RacePosition {
    length: u8,
    runners: Vec<u8>,
    turn: u8,
    roll: Option<(u8, u8)>,
    steps: Vec<Step>,
}

/// The chance move of the roll `(high, low)`.
pub fn roll_move(high: u8, low: u8) -> Move {
    Move { from: CELL_NONE, to: CELL_NONE, extra: 100 + u16::from(high) * 10 + u16::from(low), tag: 0 }
}

fn roll_of(m: Move) -> Option<(u8, u8)> {
    if m.from != CELL_NONE || m.to != CELL_NONE || !(111..=166).contains(&m.extra) {
        return None;
    }
    let (high, low) = (((m.extra - 100) / 10) as u8, ((m.extra - 100) % 10) as u8);
    ((1..=6).contains(&low) && low <= high && high <= 6).then_some((high, low))
}

impl RacePosition {
    fn cell(&self, player: u8, square: u8) -> u16 {
        grid(self.runners.len(), self.length).index(u16::from(square), u16::from(player))
    }
    fn home(&self) -> Option<u8> {
        self.runners.iter().position(|&r| r == self.length).map(|p| p as u8)
    }
    /// The squares the mover may reach with the current roll.
    fn targets(&self) -> Vec<u8> {
        let Some((high, low)) = self.roll else { return Vec::new() };
        let from = self.runners[self.turn as usize];
        let mut out: Vec<u8> = Vec::new();
        for step in [low, high, high + low] {
            let to = (from + step).min(self.length);
            if !out.contains(&to) {
                out.push(to);
            }
        }
        out
    }
}

impl PositionImpl for RacePosition {
    fn side_to_move(&self) -> u8 {
        self.turn
    }
    fn player_count(&self) -> u8 {
        self.runners.len() as u8
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.home().is_some() {
            return;
        }
        match self.roll {
            None => {
                for high in 1..=6 {
                    for low in 1..=high {
                        out.push(roll_move(high, low));
                    }
                }
            }
            Some(_) => {
                let from = self.runners[self.turn as usize];
                out.extend(
                    self.targets()
                        .into_iter()
                        .map(|to| Move::new(self.cell(self.turn, from), self.cell(self.turn, to))),
                );
            }
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        if !legal.contains(&m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        match (self.roll, roll_of(m)) {
            (None, Some(roll)) => {
                self.roll = Some(roll);
                self.steps.push(Step::Roll);
            }
            (Some(roll), None) => {
                let player = self.turn;
                let from = self.runners[player as usize];
                let to = grid(self.runners.len(), self.length).file_rank(m.to).0 as u8;
                self.runners[player as usize] = to;
                self.steps.push(Step::Advance { player, from, roll });
                self.roll = None;
                self.turn = (player + 1) % self.runners.len() as u8;
            }
            _ => return Err(PluginError::illegal_move("a roll where a runner moves, or the reverse")),
        }
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        match self.steps.pop() {
            Some(Step::Roll) => self.roll = None,
            Some(Step::Advance { player, from, roll }) => {
                self.runners[player as usize] = from;
                self.turn = player;
                self.roll = Some(roll);
            }
            None => return Err(PluginError::illegal_move("nothing to take back")),
        }
        Ok(())
    }
    fn status(&self) -> Status {
        match self.home() {
            Some(p) => Status::win(p, "home first"),
            None => Status::ONGOING,
        }
    }
    fn result(&self) -> Outcome {
        let Some(winner) = self.home() else { return Outcome::from_status(Status::ONGOING) };
        let name = |p: usize| PLAYERS[p].0;
        let status = self.status();
        if self.runners.len() == 2 {
            let loser = 1 - winner as usize;
            if self.runners[loser] < self.length / 2 {
                let mut payoffs = vec![0.0; 2];
                payoffs[winner as usize] = 2.0;
                payoffs[loser] = -2.0;
                let reason = format!("gammon: {} still {} from home", name(loser), self.length - self.runners[loser]);
                return Outcome { status, reason: reason.into(), payoffs: payoffs.into() };
            }
            return Outcome::from_status(status);
        }
        let payoffs: Vec<f64> = self.runners.iter().map(|&r| f64::from(r)).collect();
        let reason = format!("{} home first", name(winner as usize));
        Outcome { status, reason: reason.into(), payoffs: payoffs.into() }
    }
    fn flags(&self) -> PositionFlags {
        if self.roll.is_none() && self.home().is_none() {
            PositionFlags::CHANCE
        } else {
            PositionFlags::NONE
        }
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        if !self.flags().contains(PositionFlags::CHANCE) {
            return;
        }
        for high in 1..=6u8 {
            for low in 1..=high {
                let probability = if high == low { 1.0 / 36.0 } else { 2.0 / 36.0 };
                out.push(ChanceOutcome { mv: roll_move(high, low), probability });
            }
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for (p, &square) in self.runners.iter().enumerate() {
            out.push(Piece { cell: self.cell(p as u8, square), owner: p as u8, kind: 0 });
        }
    }
    fn to_text(&self) -> String {
        let runners: Vec<String> = self.runners.iter().map(u8::to_string).collect();
        let roll = self.roll.map_or_else(|| "-".to_string(), |(h, l)| format!("{h}-{l}"));
        format!("{};{};{roll}", runners.join(","), self.turn)
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if let Some((high, low)) = roll_of(m) {
            return Ok(format!("{high}-{low}"));
        }
        let g = grid(self.runners.len(), self.length);
        let (from, to) = (g.file_rank(m.from).0, g.file_rank(m.to).0);
        if m.from == CELL_NONE || m.to == CELL_NONE || to < from {
            return Err(PluginError::illegal_move(format!("{m:?} is not a move of the race")));
        }
        Ok(match notation {
            Notation::STANDARD => format!("+{}", to - from),
            _ => format!("{}", to - from),
        })
    }
}

impl RulesImpl for Race {
    type Position = RacePosition;
    fn info(&self) -> GameInfo {
        let letters: Vec<String> = (0..self.players).map(|p| PLAYERS[p].0[..1].to_uppercase()).collect();
        let letters: Vec<&str> = letters.iter().map(String::as_str).collect();
        GameInfo {
            name: "Dice race".into(),
            players: player_infos(self.players),
            piece_types: vec![PieceType::new("runner", &letters, &letters, 100)].into(),
            position_format: "race text".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        grid(self.players, self.length).build()
    }
    fn start_position(&self) -> Result<RacePosition, PluginError> {
        Ok(RacePosition { length: self.length, runners: vec![0; self.players], turn: 0, roll: None, steps: Vec::new() })
    }
    fn position_from_text(&self, text: &str) -> Result<RacePosition, PluginError> {
        let bad = |why: &str| PluginError::invalid_input(format!("'{text}' is not a race position: {why}"));
        let fields: Vec<&str> = text.trim().split(';').collect();
        let [runners, turn, roll] = fields.as_slice() else { return Err(bad("write RUNNERS;TURN;ROLL")) };
        let runners: Vec<u8> = runners
            .split(',')
            .map(|r| r.trim().parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad("runners are numbers"))?;
        if runners.len() != self.players || runners.iter().any(|&r| r > self.length) {
            return Err(bad("one square from 0 to the length per player"));
        }
        if runners.iter().filter(|&&r| r == self.length).count() > 1 {
            return Err(bad("two runners home"));
        }
        let turn: u8 = turn.trim().parse().map_err(|_| bad("the turn is a player number"))?;
        if turn as usize >= self.players {
            return Err(bad("no such player to move"));
        }
        let roll = match roll.trim() {
            "-" => None,
            r => {
                let (h, l) = r.split_once('-').ok_or_else(|| bad("the roll is HIGH-LOW or -"))?;
                let (h, l): (u8, u8) =
                    (h.parse().map_err(|_| bad("a die is 1 to 6"))?, l.parse().map_err(|_| bad("a die is 1 to 6"))?);
                roll_of(roll_move(h, l)).ok_or_else(|| bad("the roll is HIGH-LOW with dice 1 to 6"))?;
                Some((h, l))
            }
        };
        if roll.is_some() && runners.contains(&self.length) {
            return Err(bad("a roll after the race is over"));
        }
        Ok(RacePosition { length: self.length, runners, turn, roll, steps: Vec::new() })
    }
}
