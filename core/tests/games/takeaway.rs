//! "takeaway": take-away for 2 to 6 players (option `players`, default 3),
//! deterministic. The test game of N players for the host (core's tests
//! build it in process; the host tests load it as a plugin,
//! `host/tests/fixtures/testgames`).
//!
//! A pile of `pile` counters (option, default 15) lies on a row of cells.
//! In turn each player takes 1, 2 or 3 of them. Whoever takes the last one
//! wins; everyone's payoff is the counters they took, the winner's plus
//! the whole pile again, so the winner is first and the others are placed
//! by their takings (equal takings share a place).
//!
//! Position text: counters left, player to move, each player's takings:
//! `9;2;3,2,1`.

use rules_api::plugin::{check_options, option_or_default, PositionImpl, RulesImpl};
use rules_api::{
    GameInfo, Geometry, Move, Notation, OptionSpec, Options, Outcome, Piece, PieceType, PluginError, RVec, Rgba, Status,
};
use tabula_kit::grid::Grid;

use super::race::{player_infos, players_option, PLAYERS};

/// The options of the game.
pub fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec::new("players", "3", &["2", "3", "4", "5", "6"], "number of players"),
        OptionSpec::new("pile", "15", &[], "counters at the start (1 to 40)"),
    ]
}

/// The configured game.
pub struct TakeAway {
    players: usize,
    pile: u8,
}

impl TakeAway {
    /// Builds the game from its options.
    pub fn new(options: &Options) -> Result<TakeAway, PluginError> {
        let specs = self::options();
        check_options("takeaway", options, &specs)?;
        let players = players_option("takeaway", options, &specs)?;
        let text = option_or_default(options, &specs, "pile");
        let pile = match text.parse::<u8>() {
            Ok(n) if (1..=40).contains(&n) => n,
            _ => return Err(PluginError::bad_option(format!("takeaway: option 'pile' must be 1 to 40, not '{text}'"))),
        };
        Ok(TakeAway { players, pile })
    }
}

fn grid(pile: u8) -> Grid {
    Grid::squares(u16::from(pile), 1, Rgba::rgb(220, 220, 220), Rgba::rgb(190, 190, 190))
}

/// A position of the game.
#[derive(Clone, Debug)]
pub struct Pile {
    pile: u8,
    left: u8,
    turn: u8,
    taken: Vec<u8>,
    /// Who took how many, for unmake.
    history: Vec<(u8, u8)>,
    /// Who took the last counter.
    last: Option<u8>,
}

impl PositionImpl for Pile {
    fn side_to_move(&self) -> u8 {
        self.turn
    }
    fn player_count(&self) -> u8 {
        self.taken.len() as u8
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        out.extend((1..=self.left.min(3)).map(|k| Move::place(u16::from(self.left - k))));
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let k = u16::from(self.left).wrapping_sub(m.to);
        if m.from != rules_api::CELL_NONE || !(1..=3).contains(&k) || k > u16::from(self.left) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        let k = k as u8;
        self.left -= k;
        self.taken[self.turn as usize] += k;
        self.history.push((self.turn, k));
        if self.left == 0 {
            self.last = Some(self.turn);
        }
        self.turn = (self.turn + 1) % self.taken.len() as u8;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let (player, k) = self.history.pop().ok_or_else(|| PluginError::illegal_move("nothing to take back"))?;
        self.left += k;
        self.taken[player as usize] -= k;
        self.turn = player;
        self.last = None;
        Ok(())
    }
    fn status(&self) -> Status {
        match self.last {
            Some(p) => Status::win(p, "took the last counter"),
            None => Status::ONGOING,
        }
    }
    fn result(&self) -> Outcome {
        let Some(winner) = self.last else { return Outcome::from_status(Status::ONGOING) };
        let payoffs: Vec<f64> = self
            .taken
            .iter()
            .enumerate()
            .map(|(p, &t)| f64::from(t) + if p == winner as usize { f64::from(self.pile) } else { 0.0 })
            .collect();
        let reason = format!("{} took the last counter", PLAYERS[winner as usize].0);
        Outcome { status: self.status(), reason: reason.into(), payoffs: payoffs.into() }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        out.extend((0..self.left).map(|c| Piece { cell: u16::from(c), owner: 0, kind: 0 }));
    }
    fn to_text(&self) -> String {
        let taken: Vec<String> = self.taken.iter().map(u8::to_string).collect();
        format!("{};{};{}", self.left, self.turn, taken.join(","))
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        let k = u16::from(self.left).wrapping_sub(m.to);
        if !(1..=3).contains(&k) {
            return Err(PluginError::illegal_move(format!("{m:?} is not legal here")));
        }
        Ok(match notation {
            Notation::STANDARD => format!("take{k}"),
            _ => k.to_string(),
        })
    }
}

impl RulesImpl for TakeAway {
    type Position = Pile;
    fn info(&self) -> GameInfo {
        GameInfo {
            name: "Take-away".into(),
            players: player_infos(self.players),
            piece_types: vec![PieceType::new("counter", &["●"], &["o"], 100)].into(),
            position_format: "take-away text".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        grid(self.pile).build()
    }
    fn start_position(&self) -> Result<Pile, PluginError> {
        let taken = vec![0; self.players];
        Ok(Pile { pile: self.pile, left: self.pile, turn: 0, taken, history: Vec::new(), last: None })
    }
    fn position_from_text(&self, text: &str) -> Result<Pile, PluginError> {
        let bad = |why: &str| PluginError::invalid_input(format!("'{text}' is not a take-away position: {why}"));
        let fields: Vec<&str> = text.trim().split(';').collect();
        let [left, turn, taken] = fields.as_slice() else { return Err(bad("write LEFT;TURN;TAKEN")) };
        let left: u8 = left.trim().parse().map_err(|_| bad("counters left is a number"))?;
        let turn: u8 = turn.trim().parse().map_err(|_| bad("the turn is a player number"))?;
        let taken: Vec<u8> = taken
            .split(',')
            .map(|t| t.trim().parse::<u8>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad("takings are numbers"))?;
        if taken.len() != self.players || turn as usize >= self.players {
            return Err(bad("one taking per player and a player to move"));
        }
        if u16::from(left) + taken.iter().map(|&t| u16::from(t)).sum::<u16>() != u16::from(self.pile) {
            return Err(bad("counters left and taken must make the pile"));
        }
        // With none left, the player before the one to move took the last.
        let last = (left == 0).then(|| ((usize::from(turn) + self.players - 1) % self.players) as u8);
        Ok(Pile { pile: self.pile, left, turn, taken, history: Vec::new(), last })
    }
}
