//! Nim for three, written against rules-api 0.2.1 and using what that
//! release added: three players (`player_count`, `GameInfo::players`) and
//! a full result (`result`, with a reason composed at run time and a payoff
//! per player). Twelve stones in a row; red, green and blue in turn take
//! one, two or three stones from the end; whoever takes the last stone
//! wins, and the player who moved before them comes second.

use rules_api::plugin::{check_options, PositionImpl, RulesImpl};
use rules_api::{
    Cell, CellShape, GameInfo, Geometry, Move, Notation, Options, Outcome, Piece, PieceType, PlayerInfo, PluginError,
    RVec, Rgba, Status,
};

const STONES: u16 = 12;
const NAMES: [&str; 3] = ["red", "green", "blue"];

/// The game; it has no options.
pub struct Nim3;

/// A position: the stones left, the player to move and the moves made.
#[derive(Clone)]
pub struct Row {
    left: u16,
    side: u8,
    history: Vec<u16>,
}

/// Taking `n` stones is the placement on the first stone taken.
fn take(left: u16, n: u16) -> Move {
    Move::place(left - n)
}

impl Row {
    fn taken(&self, m: Move) -> Option<u16> {
        let n = self.left.checked_sub(m.to)?;
        (m.from == rules_api::CELL_NONE && m.extra == 0 && (1..=3).contains(&n)).then_some(n)
    }
    fn last_mover(&self) -> u8 {
        (self.side + 2) % 3
    }
}

impl PositionImpl for Row {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        for n in 1..=self.left.min(3) {
            out.push(take(self.left, n));
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let n = self.taken(m).ok_or_else(|| PluginError::illegal_move(format!("{m:?} is not legal here")))?;
        self.left -= n;
        self.side = (self.side + 1) % 3;
        self.history.push(n);
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let n = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.left += n;
        self.side = (self.side + 2) % 3;
        Ok(())
    }
    fn status(&self) -> Status {
        if self.left == 0 {
            Status::win(self.last_mover(), "took the last stone")
        } else {
            Status::ONGOING
        }
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        for cell in 0..self.left {
            out.push(Piece { cell, owner: 0, kind: 0 });
        }
    }
    /// The stones left and the player to move: `12 red`.
    fn to_text(&self) -> String {
        format!("{} {}", self.left, NAMES[self.side as usize])
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        let n = self.taken(m).ok_or_else(|| PluginError::illegal_move(format!("{m:?} is not legal here")))?;
        Ok(format!("take{n}"))
    }
    fn result(&self) -> Outcome {
        let status = self.status();
        if status.is_ongoing() {
            return Outcome::from_status(status);
        }
        let winner = self.last_mover();
        let second = (winner + 2) % 3;
        let payoffs: Vec<f64> = (0..3)
            .map(|p| {
                if p == winner {
                    2.0
                } else if p == second {
                    1.0
                } else {
                    0.0
                }
            })
            .collect();
        let reason = format!("{} took the last stone", NAMES[winner as usize]);
        Outcome { status, reason: reason.into(), payoffs: payoffs.into() }
    }
    fn player_count(&self) -> u8 {
        3
    }
}

impl RulesImpl for Nim3 {
    type Position = Row;

    fn info(&self) -> GameInfo {
        let player = |n: &str, color| PlayerInfo { name: n.into(), color, ink: Rgba::rgb(255, 255, 255) };
        GameInfo {
            name: "Nim for three".into(),
            players: vec![
                player(NAMES[0], Rgba::rgb(200, 40, 40)),
                player(NAMES[1], Rgba::rgb(40, 160, 60)),
                player(NAMES[2], Rgba::rgb(40, 80, 200)),
            ]
            .into(),
            piece_types: vec![PieceType::new("stone", &["●"], &["o"], 100)].into(),
            position_format: "the stones left and the player to move (12 red)".into(),
        }
    }
    fn geometry(&self) -> Geometry {
        let cells = (0..STONES)
            .map(|s| Cell {
                x: s as f32,
                y: 0.0,
                layer: 0,
                shape: CellShape::SQUARE,
                color: Rgba::rgb(220, 200, 160),
                name: format!("s{}", s + 1).into(),
            })
            .collect();
        Geometry {
            cells,
            lines: RVec::new(),
            marks: RVec::new(),
            labels: RVec::new(),
            background: Rgba::rgb(60, 50, 40),
            layers: 1,
        }
    }
    fn start_position(&self) -> Result<Row, PluginError> {
        Ok(Row { left: STONES, side: 0, history: Vec::new() })
    }
    fn position_from_text(&self, text: &str) -> Result<Row, PluginError> {
        let bad = |why: &str| PluginError::invalid_input(format!("'{text}': {why}"));
        let (left, side) = text.trim().split_once(' ').ok_or_else(|| bad("expected the stones left and a player"))?;
        let left: u16 = left.parse().map_err(|_| bad("the stones left are not a number"))?;
        if left > STONES {
            return Err(bad("more stones than the row holds"));
        }
        let side =
            NAMES.iter().position(|n| *n == side.trim()).ok_or_else(|| bad("the player is not red, green or blue"))?;
        Ok(Row { left, side: side as u8, history: Vec::new() })
    }
    fn help_text(&self) -> String {
        "NIM FOR THREE\n\nTwelve stones. Red, green and blue in turn take one, two or three stones. \
         Whoever takes the last stone wins; the player before them comes second.\n"
            .into()
    }
}

fn options() -> Vec<rules_api::OptionSpec> {
    Vec::new()
}

fn new(options: &Options) -> Result<Nim3, PluginError> {
    check_options("nim3", options, &[])?;
    Ok(Nim3)
}

rules_api::export_rules_plugin! {
    name: "nim3",
    description: "Nim for three players, built against rules-api 0.2.1 (compatibility fixture)",
    options: options,
    new: new,
}
