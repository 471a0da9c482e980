//! Tiny games with known answers, and a position that panics on purpose.

use rules_api::plugin::PositionImpl;
use rules_api::{
    ChanceOutcome, GameInfo, Geometry, Highlight, Move, MoveInfo, Notation, Outcome, Piece, PluginError, PositionFlags,
    RVec, Status,
};

use super::{numbers, row_geometry, side, two_player_info, TestGame};

/// One pile; a move takes 1..=`max_take` stones; whoever takes the last
/// stone wins. A move is `Move::new(0, n)`: from the pile (cell 0), `n`
/// stones. No evaluation and no hints, so every non-winning move ties.
#[derive(Clone, Debug)]
pub struct TakeAway {
    pile: u16,
    max_take: u16,
    side: u8,
    history: Vec<u16>,
}

impl TakeAway {
    /// A pile of `pile` stones, taking at most `max_take` at a time.
    pub fn new(pile: u16, max_take: u16) -> Self {
        TakeAway { pile, max_take, side: 0, history: Vec::new() }
    }
}

impl PositionImpl for TakeAway {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        for n in 1..=self.max_take.min(self.pile) {
            out.push(Move::new(0, n));
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if m.from != 0 || m.to == 0 || m.to > self.max_take.min(self.pile) {
            return Err(PluginError::illegal_move(format!("cannot take {} from a pile of {}", m.to, self.pile)));
        }
        self.pile -= m.to;
        self.history.push(m.to);
        self.side ^= 1;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let n = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.pile += n;
        self.side ^= 1;
        Ok(())
    }
    fn status(&self) -> Status {
        if self.pile == 0 {
            Status::win(self.side ^ 1, "took the last stone")
        } else {
            Status::ONGOING
        }
    }
    fn evaluate(&self) -> i32 {
        0
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        out.extend(moves.iter().map(|_| MoveInfo::default()));
    }
    fn pieces(&self, _out: &mut RVec<Piece>) {}
    fn highlights(&self, _out: &mut RVec<Highlight>) {}
    fn to_text(&self) -> String {
        format!("{} {}", self.pile, self.side)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(m.to.to_string())
    }
    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        text.parse::<u16>()
            .ok()
            .filter(|&n| n >= 1 && n <= self.max_take.min(self.pile))
            .map(|n| Move::new(0, n))
            .ok_or_else(|| PluginError::illegal_move(format!("cannot take '{text}'")))
    }
}

/// A row of coins; a move takes the coin at either end (`Move::place(cell)`),
/// and the higher total wins when the row is empty. The evaluation is the
/// mover's lead and the hint is the cell index, so among equal gains the
/// plugin asks for the right-hand end first.
#[derive(Clone, Debug)]
pub struct Coins {
    values: Vec<i32>,
    left: usize,
    right: usize,
    totals: [i32; 2],
    side: u8,
    history: Vec<u16>,
}

impl Coins {
    /// A row with these coin values, left to right.
    pub fn new(values: &[i32]) -> Self {
        Coins { values: values.to_vec(), left: 0, right: values.len(), totals: [0; 2], side: 0, history: Vec::new() }
    }
}

impl PositionImpl for Coins {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.left < self.right {
            out.push(Move::place(self.left as u16));
            if self.right - 1 > self.left {
                out.push(Move::place((self.right - 1) as u16));
            }
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let cell = m.to as usize;
        if self.left < self.right && cell == self.left {
            self.left += 1;
        } else if self.left < self.right && cell + 1 == self.right {
            self.right -= 1;
        } else {
            return Err(PluginError::illegal_move(format!("coin {cell} is not at an end of the row")));
        }
        self.totals[self.side as usize] += self.values[cell];
        self.history.push(m.to);
        self.side ^= 1;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let cell = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))? as usize;
        self.side ^= 1;
        self.totals[self.side as usize] -= self.values[cell];
        if cell + 1 == self.left {
            self.left -= 1;
        } else {
            self.right += 1;
        }
        Ok(())
    }
    fn status(&self) -> Status {
        if self.left < self.right {
            Status::ONGOING
        } else if self.totals[0] == self.totals[1] {
            Status::draw("equal totals")
        } else {
            Status::win((self.totals[1] > self.totals[0]) as u8, "higher total")
        }
    }
    fn evaluate(&self) -> i32 {
        let me = self.side as usize;
        self.totals[me] - self.totals[1 - me]
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        out.extend(moves.iter().map(|m| MoveInfo { hint: m.to as i32, ..MoveInfo::default() }));
    }
    fn pieces(&self, _out: &mut RVec<Piece>) {}
    fn highlights(&self, _out: &mut RVec<Highlight>) {}
    fn to_text(&self) -> String {
        format!("{} {} {} {} {}", self.left, self.right, self.totals[0], self.totals[1], self.side)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(m.to.to_string())
    }
    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let cell: u16 = text.parse().map_err(|_| PluginError::invalid_input(format!("'{text}' is not a cell")))?;
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        legal
            .into_iter()
            .find(|m| m.to == cell)
            .ok_or_else(|| PluginError::illegal_move(format!("coin {cell} is not at an end of the row")))
    }
}

/// A token on cells 0..=4, starting on 2; each player in turn moves it one
/// cell left or right (`Move::new(from, to)`). Player 0 wins on 4, player 1
/// on 0. Neither can make progress against a careful opponent, so play
/// cycles: only repetition detection tells the search it is a draw. The
/// evaluation is a flat bonus for the side to move, so horizon scores are
/// never 0.
#[derive(Clone, Debug)]
pub struct Walk {
    token: u16,
    side: u8,
    history: Vec<u16>,
}

impl Walk {
    /// The token in the middle, player 0 to move.
    pub fn new() -> Self {
        Walk { token: 2, side: 0, history: Vec::new() }
    }
}

impl Default for Walk {
    fn default() -> Self {
        Walk::new()
    }
}

impl PositionImpl for Walk {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.status().is_ongoing() {
            out.push(Move::new(self.token, self.token - 1));
            out.push(Move::new(self.token, self.token + 1));
        }
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if !self.status().is_ongoing() || m.from != self.token || m.to.abs_diff(self.token) != 1 {
            return Err(PluginError::illegal_move(format!("{m:?} does not move the token on {}", self.token)));
        }
        self.history.push(self.token);
        self.token = m.to;
        self.side ^= 1;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.token = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.side ^= 1;
        Ok(())
    }
    fn status(&self) -> Status {
        match self.token {
            4 => Status::win(0, "reached 4"),
            0 => Status::win(1, "reached 0"),
            _ => Status::ONGOING,
        }
    }
    fn evaluate(&self) -> i32 {
        300
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        out.extend(moves.iter().map(|_| MoveInfo::default()));
    }
    fn pieces(&self, _out: &mut RVec<Piece>) {}
    fn highlights(&self, _out: &mut RVec<Highlight>) {}
    fn to_text(&self) -> String {
        format!("{} {}", self.token, self.side)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(m.to.to_string())
    }
    fn parse_move(&self, text: &str, _notation: Notation) -> Result<Move, PluginError> {
        let to: u16 = text.parse().map_err(|_| PluginError::invalid_input(format!("'{text}' is not a cell")))?;
        let mut legal = RVec::new();
        self.legal_moves(&mut legal);
        legal.into_iter().find(|m| m.to == to).ok_or_else(|| PluginError::illegal_move(format!("cannot move to {to}")))
    }
}

/// Wraps a position and panics inside `make_move` once `makes_left` moves
/// have been made, like a buggy plugin deep in a search.
#[derive(Clone, Debug)]
pub struct Faulty<P> {
    /// The wrapped position.
    pub inner: P,
    /// Moves still allowed before the panic.
    pub makes_left: u32,
}

impl<P: PositionImpl> PositionImpl for Faulty<P> {
    fn side_to_move(&self) -> u8 {
        self.inner.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        self.inner.legal_moves(out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if self.makes_left == 0 {
            panic!("deliberate test panic in make_move");
        }
        self.makes_left -= 1;
        self.inner.make_move(m)
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.inner.unmake_move()
    }
    fn status(&self) -> Status {
        self.inner.status()
    }
    fn hash(&self) -> u64 {
        self.inner.hash()
    }
    fn evaluate(&self) -> i32 {
        self.inner.evaluate()
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        self.inner.move_infos(moves, out)
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        self.inner.pieces(out)
    }
    fn highlights(&self, out: &mut RVec<Highlight>) {
        self.inner.highlights(out)
    }
    fn to_text(&self) -> String {
        self.inner.to_text()
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        self.inner.move_to_text(m, notation)
    }
    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        self.inner.parse_move(text, notation)
    }
    fn flags(&self) -> PositionFlags {
        self.inner.flags()
    }
    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        self.inner.chance_outcomes(out)
    }
    fn result(&self) -> Outcome {
        self.inner.result()
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        self.inner.evaluate_all(out)
    }
    fn player_count(&self) -> u8 {
        self.inner.player_count()
    }
}

/// Wraps a game that evaluates every player (`evaluate_all`) and makes its
/// single evaluation lie: `evaluate` is the negation of the mover's true
/// evaluation. A strategy that reads the mover's `evaluate` (negated for
/// everyone else) is misled; one that reads the evaluation of the player
/// it plays for (`evaluation_of`) is not. With [`super::LastStone`] the
/// lie makes handing the next player the rest look good.
#[derive(Clone, Debug)]
pub struct Misjudged<P> {
    /// The wrapped position.
    pub inner: P,
}

impl<P: PositionImpl> PositionImpl for Misjudged<P> {
    fn side_to_move(&self) -> u8 {
        self.inner.side_to_move()
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        self.inner.legal_moves(out)
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        self.inner.make_move(m)
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.inner.unmake_move()
    }
    fn status(&self) -> Status {
        self.inner.status()
    }
    fn result(&self) -> rules_api::Outcome {
        self.inner.result()
    }
    fn hash(&self) -> u64 {
        self.inner.hash()
    }
    fn evaluate(&self) -> i32 {
        -self.inner.evaluate()
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        self.inner.evaluate_all(out)
    }
    fn player_count(&self) -> u8 {
        self.inner.player_count()
    }
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        self.inner.move_infos(moves, out)
    }
    fn flags(&self) -> rules_api::PositionFlags {
        self.inner.flags()
    }
    fn chance_outcomes(&self, out: &mut RVec<rules_api::ChanceOutcome>) {
        self.inner.chance_outcomes(out)
    }
    fn pieces(&self, out: &mut RVec<Piece>) {
        self.inner.pieces(out)
    }
    fn to_text(&self) -> String {
        self.inner.to_text()
    }
    fn move_to_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        self.inner.move_to_text(m, notation)
    }
    fn parse_move(&self, text: &str, notation: Notation) -> Result<Move, PluginError> {
        self.inner.parse_move(text, notation)
    }
}

impl<P: TestGame> TestGame for Misjudged<P> {
    fn info(&self) -> GameInfo {
        self.inner.info()
    }
    fn geometry(&self) -> Geometry {
        self.inner.geometry()
    }
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        Ok(Misjudged { inner: self.inner.read_text(text)? })
    }
}

impl TestGame for TakeAway {
    fn info(&self) -> GameInfo {
        two_player_info("take-away", "stone")
    }
    /// One cell per count a move may take (`Move::new(0, n)` lands on `n`).
    fn geometry(&self) -> Geometry {
        row_geometry(self.max_take + 1)
    }
    /// Reads `pile side`.
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let v: Vec<u32> = numbers(text, 2, "'pile side'")?;
        let pile = u16::try_from(v[0]).map_err(|_| PluginError::invalid_input(format!("'{text}': pile too big")))?;
        Ok(TakeAway { pile, max_take: self.max_take, side: side(v[1], text)?, history: Vec::new() })
    }
}

impl TestGame for Coins {
    fn info(&self) -> GameInfo {
        two_player_info("coins", "coin")
    }
    fn geometry(&self) -> Geometry {
        row_geometry(self.values.len() as u16)
    }
    /// Reads `left right total0 total1 side` (the coin values are the game's).
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let v: Vec<i64> = numbers(text, 5, "'left right total0 total1 side'")?;
        let n = self.values.len() as i64;
        if !(0 <= v[0] && v[0] <= v[1] && v[1] <= n) {
            return Err(PluginError::invalid_input(format!("'{text}': the row is 0..{n}")));
        }
        Ok(Coins {
            values: self.values.clone(),
            left: v[0] as usize,
            right: v[1] as usize,
            totals: [v[2] as i32, v[3] as i32],
            side: side(u32::try_from(v[4]).unwrap_or(2), text)?,
            history: Vec::new(),
        })
    }
}

impl TestGame for Walk {
    fn info(&self) -> GameInfo {
        two_player_info("walk", "token")
    }
    fn geometry(&self) -> Geometry {
        row_geometry(5)
    }
    /// Reads `token side`.
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let v: Vec<u16> = numbers(text, 2, "'token side'")?;
        if v[0] > 4 {
            return Err(PluginError::invalid_input(format!("'{text}': the token stands on 0..=4")));
        }
        Ok(Walk { token: v[0], side: side(v[1] as u32, text)?, history: Vec::new() })
    }
}

impl<P: TestGame> TestGame for Faulty<P> {
    fn info(&self) -> GameInfo {
        self.inner.info()
    }
    fn geometry(&self) -> Geometry {
        self.inner.geometry()
    }
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        Ok(Faulty { inner: self.inner.read_text(text)?, makes_left: self.makes_left })
    }
}
