//! Last stone: take-away for two to six players, with places, and an exact
//! solver ([`last_stone_values`]).
//!
//! The players take turns removing 1 to `max_take` stones from one pile.
//! Whoever takes the last stone comes first (payoff 1); the player seated
//! just before them, who left those stones, comes last (payoff -1); all
//! the others share the place between (payoff 0). With two players this is
//! [`super::TakeAway`].
//!
//! With three players correct play is known in closed form (every player
//! taking what is best for them, the standard max^n solution, which is
//! unique here): counting `m = max_take + 2`, a pile of `r` mod `m` stones
//! with `1 ≤ r ≤ max_take` is won by taking `r`; a pile of `max_take + 1`
//! mod `m` is lost whatever the mover does (the next player wins); a
//! multiple of `m` is second place, by taking one stone (the next player
//! then leaves the win to the one after). With four or more players some
//! piles leave the mover indifferent between moves that decide who else
//! wins (kingmaking); the solver then takes the fewest stones.
//!
//! The evaluation sees one move ahead: with at most `max_take` stones left,
//! the mover will take them all (+800), the player before the mover will
//! come last (-800) and the others 0; otherwise 0 for everyone.

use rules_api::plugin::PositionImpl;
use rules_api::{GameInfo, Geometry, Move, MoveInfo, Notation, Outcome, Piece, PluginError, RVec, Status};

use super::{numbers, players_info, row_geometry, TestGame};

/// How sure a win one move away looks to the evaluation (about 99 to 1).
const NEXT_MOVE_WINS: i32 = 800;

/// A pile, the players and whose turn it is, with the history.
#[derive(Clone, Debug)]
pub struct LastStone {
    players: u8,
    max_take: u16,
    pile: u16,
    side: u8,
    history: Vec<u16>,
}

impl LastStone {
    /// A pile of `pile` stones for `players` players (2 to 6), taking at
    /// most `max_take` (at least 1) at a time; player 0 starts.
    ///
    /// # Panics
    /// When `players` or `max_take` is out of range.
    pub fn new(players: u8, pile: u16, max_take: u16) -> Self {
        assert!((2..=6).contains(&players), "last stone is for 2 to 6 players, not {players}");
        assert!(max_take >= 1, "a move takes at least one stone");
        LastStone { players, max_take, pile, side: 0, history: Vec::new() }
    }

    /// The stones left.
    pub fn pile(&self) -> u16 {
        self.pile
    }

    /// The player seated before `p`.
    fn before(&self, p: u8) -> u8 {
        (p + self.players - 1) % self.players
    }

    /// The payoffs of a finished game won by `winner`.
    fn payoffs(&self, winner: u8) -> Vec<f64> {
        let loser = self.before(winner);
        (0..self.players)
            .map(|p| {
                if p == winner {
                    1.0
                } else if p == loser {
                    -1.0
                } else {
                    0.0
                }
            })
            .collect()
    }

    /// Player `p`'s evaluation (see the module's documentation).
    fn evaluation(&self, p: u8) -> i32 {
        let threat = self.pile > 0 && self.pile <= self.max_take;
        match threat {
            true if p == self.side => NEXT_MOVE_WINS,
            true if p == self.before(self.side) => -NEXT_MOVE_WINS,
            _ => 0,
        }
    }
}

impl PositionImpl for LastStone {
    fn side_to_move(&self) -> u8 {
        self.side
    }
    fn legal_moves(&self, out: &mut RVec<Move>) {
        out.extend((1..=self.max_take.min(self.pile)).map(|n| Move::new(0, n)));
    }
    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        if m.from != 0 || m.to == 0 || m.to > self.max_take.min(self.pile) || m.extra != 0 || m.tag != 0 {
            return Err(PluginError::illegal_move(format!("cannot take {} from a pile of {}", m.to, self.pile)));
        }
        self.pile -= m.to;
        self.history.push(m.to);
        self.side = (self.side + 1) % self.players;
        Ok(())
    }
    fn unmake_move(&mut self) -> Result<(), PluginError> {
        let n = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        self.pile += n;
        self.side = self.before(self.side);
        Ok(())
    }
    fn status(&self) -> Status {
        if self.pile == 0 {
            Status::win(self.before(self.side), "took the last stone")
        } else {
            Status::ONGOING
        }
    }
    fn result(&self) -> Outcome {
        let status = self.status();
        match status.kind {
            rules_api::StatusKind::WIN => {
                Outcome { payoffs: self.payoffs(status.winner).into(), ..Outcome::from_status(status) }
            }
            _ => Outcome::from_status(status),
        }
    }
    /// The pile and the side are the whole position: a perfect hash.
    fn hash(&self) -> u64 {
        ((self.pile as u64) << 8 | self.side as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }
    fn evaluate(&self) -> i32 {
        self.evaluation(self.side)
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.extend((0..self.players).map(|p| self.evaluation(p)));
    }
    fn player_count(&self) -> u8 {
        self.players
    }
    /// Taking everything that is left is the tactical move.
    fn move_infos(&self, moves: &[Move], out: &mut RVec<MoveInfo>) {
        out.extend(moves.iter().map(|m| {
            let wins = m.to == self.pile;
            MoveInfo {
                hint: wins as i32,
                flags: if wins { rules_api::MoveFlags::TACTICAL } else { rules_api::MoveFlags::NONE },
            }
        }));
    }
    fn pieces(&self, _out: &mut RVec<Piece>) {}
    fn to_text(&self) -> String {
        format!("{} {}", self.pile, self.side)
    }
    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        Ok(m.to.to_string())
    }
}

impl TestGame for LastStone {
    fn info(&self) -> GameInfo {
        players_info(
            &format!("last stone ({} players, take 1 to {})", self.players, self.max_take),
            "stone",
            self.players,
        )
    }
    /// One cell per count a move may take (`Move::new(0, n)` lands on `n`).
    fn geometry(&self) -> Geometry {
        row_geometry(self.max_take + 1)
    }
    /// Reads `pile side`.
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let v: Vec<u32> = numbers(text, 2, "'pile side'")?;
        let pile = u16::try_from(v[0]).map_err(|_| PluginError::invalid_input(format!("'{text}': pile too big")))?;
        let side = u8::try_from(v[1]).ok().filter(|&s| s < self.players).ok_or_else(|| {
            PluginError::invalid_input(format!("'{text}': the side to move is 0 to {}", self.players - 1))
        })?;
        Ok(LastStone { pile, side, history: Vec::new(), ..self.clone() })
    }
}

/// Each legal move with the payoffs it leads to when every player after
/// takes what is best for them (max^n), a player indifferent between moves
/// taking the fewest stones. Empty when the game is over.
pub fn last_stone_values(position: &LastStone) -> Vec<(Move, Vec<f64>)> {
    let mut memo = std::collections::HashMap::new();
    let mut pos = position.clone();
    let mut moves = RVec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            pos.make_move(m).expect("the solver plays legal moves");
            let payoffs = maxn(&mut pos, &mut memo);
            pos.unmake_move().expect("the solver takes back its own move");
            (m, payoffs)
        })
        .collect()
}

fn maxn(pos: &mut LastStone, memo: &mut std::collections::HashMap<(u16, u8), Vec<f64>>) -> Vec<f64> {
    let status = pos.status();
    if !status.is_ongoing() {
        return pos.payoffs(status.winner);
    }
    if let Some(v) = memo.get(&(pos.pile, pos.side)) {
        return v.clone();
    }
    let me = pos.side as usize;
    let mut best: Option<Vec<f64>> = None;
    for n in 1..=pos.max_take.min(pos.pile) {
        pos.make_move(Move::new(0, n)).expect("the solver plays legal moves");
        let v = maxn(pos, memo);
        pos.unmake_move().expect("the solver takes back its own move");
        if best.as_ref().map_or(true, |b| v[me] > b[me]) {
            best = Some(v);
        }
    }
    let best = best.expect("an ongoing game has a move");
    memo.insert((pos.pile, pos.side), best.clone());
    best
}
