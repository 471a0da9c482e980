//! Bust: a dice game of pushing one's luck, for two to six players, with
//! chance nodes and an exact solver ([`bust_values`]).
//!
//! The players take one turn each, in order. On a turn a player rolls a die
//! (`faces` sides) as often as they like, adding the pips to their total,
//! and stops when they choose; a total above `limit` busts, which ends the
//! turn and puts the player below everyone who did not bust. When every
//! player has had a turn, the higher totals place higher, equal totals
//! share a place. The last player's turn ends by itself as soon as their
//! total is above everyone else's (there is nothing more to gain), so in
//! the two-player game the second player wins by passing the first's
//! total, and wins at once if the first busts.
//!
//! Each roll is a chance node: after `roll` the position lists the faces
//! `1`..`faces` as its moves, each with probability `1/faces`, and the host
//! draws one. The choice between `roll` and `stop` is the whole game, and
//! it is a matter of expectation: with a six-sided die to 10, the first
//! player does best to roll on up to 7 and stop from 8 on (stopping on 8
//! is worth -0.135 against -0.509 for rolling), although rolling holds the
//! better best case (a 10), while from 5 to 7 rolling is right although
//! stopping avoids the worst case (a bust).
//!
//! The evaluation is each player's chance of coming first if the player on
//! turn stops now when ahead (or rolls on until passing the leader when
//! not) and each player still to play rolls until passing the leader; at a
//! chance node it is the mean of that over the faces. It is sensible (it
//! knows the risk of busting) but not exact (a leader never rolls on), so a
//! one-ply look already weighs stopping against rolling once, and a search
//! has to look further to play well.

use std::collections::HashMap;
use std::sync::Arc;

use rules_api::plugin::PositionImpl;
use rules_api::{
    ChanceOutcome, GameInfo, Geometry, Move, Notation, Outcome, Piece, PluginError, PositionFlags, RVec, Rgba, Status,
};

use super::{players_info, TestGame};
use crate::grid::Grid;
use crate::value::score_of_probability;

/// Most players.
pub const MAX_PLAYERS: usize = 6;
/// The move that rolls the die.
pub const ROLL: Move = Move::off_board(2);
/// The move that ends the turn on the current total.
pub const STOP: Move = Move::off_board(3);
/// The code of the chance move for `pips` is `FACE_BASE + pips`.
const FACE_BASE: u16 = 100;
/// A busted player's standing: below every total.
const BUSTED: i16 = -1;

/// The chance move for a roll of `pips`.
pub const fn face(pips: u8) -> Move {
    Move::off_board(FACE_BASE + pips as u16)
}

/// The game's parameters and the table its evaluation reads.
#[derive(Debug)]
struct Params {
    players: u8,
    faces: u8,
    limit: u8,
    /// The chances of busting before passing a total ([`fail_table`]).
    fail: Vec<f64>,
}

/// Everything that decides the position (the history holds earlier ones).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct State {
    totals: [u8; MAX_PLAYERS],
    /// Bit `p` set: player `p` busted.
    busted: u8,
    /// The player on turn; `players` once the game is over.
    turn: u8,
    /// Whether the player on turn has asked for a roll (a chance node).
    rolling: bool,
}

/// A position of Bust with its history.
#[derive(Clone, Debug)]
pub struct Bust {
    params: Arc<Params>,
    state: State,
    history: Vec<State>,
}

impl Bust {
    /// The start of a game of `players` players (2 to 6) with a die of
    /// `faces` sides (2 to 100) and a limit of `limit` (at least `faces`,
    /// at most 250).
    ///
    /// # Panics
    /// When a parameter is outside those ranges.
    pub fn new(players: u8, faces: u8, limit: u8) -> Self {
        assert!((2..=MAX_PLAYERS as u8).contains(&players), "bust is for 2 to 6 players, not {players}");
        assert!((2..=100).contains(&faces), "a die of {faces} faces is not supported");
        assert!(limit >= faces && limit <= 250, "a limit of {limit} does not suit a die of {faces}");
        let params = Params { players, faces, limit, fail: fail_table(faces, limit) };
        let state = State { totals: [0; MAX_PLAYERS], busted: 0, turn: 0, rolling: false };
        Bust { params: Arc::new(params), state, history: Vec::new() }
    }

    /// Two players, a six-sided die, a limit of 10: the game of the
    /// module's documentation.
    pub fn classic() -> Self {
        Bust::new(2, 6, 10)
    }

    /// This position after the moves written in `moves` (`roll`, `stop`
    /// and faces), for test set-ups.
    ///
    /// # Panics
    /// When a move is not legal in turn.
    pub fn after(mut self, moves: &str) -> Self {
        for text in moves.split_whitespace() {
            let m = self.parse_move(text, Notation::COORDINATE).expect("test set-up names a legal move");
            self.make_move(m).expect("test set-up plays a legal move");
        }
        self
    }

    /// Player `p`'s total (0 once they have gone bust: see
    /// [`Bust::is_busted`]).
    pub fn total(&self, p: u8) -> u8 {
        self.state.totals[p as usize]
    }

    /// Whether player `p` went bust.
    pub fn is_busted(&self, p: u8) -> bool {
        self.state.busted & (1 << p) != 0
    }

    fn players(&self) -> u8 {
        self.params.players
    }

    fn is_over(&self) -> bool {
        self.state.turn >= self.players()
    }

    /// Player `p`'s standing for the final ranking (-1 when busted).
    fn standing(state: &State, p: u8) -> i16 {
        if state.busted & (1 << p) != 0 {
            BUSTED
        } else {
            state.totals[p as usize] as i16
        }
    }

    /// Passes the turn on, and ends the game when nobody is left or the
    /// last player already leads.
    fn end_turn(params: &Params, state: &mut State) {
        state.turn += 1;
        state.rolling = false;
        Self::settle(params, state);
    }

    /// Ends the game when the last player is on turn and ahead of all.
    fn settle(params: &Params, state: &mut State) {
        let last = params.players - 1;
        if state.turn == last && !state.rolling {
            let mine = Self::standing(state, last);
            if (0..last).all(|p| Self::standing(state, p) < mine) {
                state.turn = params.players;
            }
        }
    }

    /// Plays `m` on `state`; `None` if it is not legal there.
    fn apply(params: &Params, state: &State, m: Move) -> Option<State> {
        if state.turn >= params.players {
            return None;
        }
        let mut next = *state;
        let turn = state.turn as usize;
        if state.rolling {
            let pips = m
                .extra
                .checked_sub(FACE_BASE)
                .filter(|&p| m.is_off_board() && (1..=params.faces as u16).contains(&p))?;
            let total = state.totals[turn] as u16 + pips;
            if total > params.limit as u16 {
                next.busted |= 1 << turn;
                next.totals[turn] = 0;
                Self::end_turn(params, &mut next);
            } else {
                next.totals[turn] = total as u8;
                next.rolling = false;
                Self::settle(params, &mut next);
            }
        } else if m == ROLL {
            next.rolling = true;
        } else if m == STOP {
            Self::end_turn(params, &mut next);
        } else {
            return None;
        }
        Some(next)
    }

    /// Player `p`'s payoff in a finished game: the players they beat less
    /// the players who beat them.
    fn payoff(params: &Params, state: &State, p: u8) -> f64 {
        let mine = Self::standing(state, p);
        let versus = |q| mine.cmp(&Self::standing(state, q)) as i32;
        (0..params.players).map(versus).sum::<i32>() as f64
    }

    /// The chance that each player comes first, if everyone still to play
    /// rolls until passing the leader and the player on turn, when ahead,
    /// stops now (a player who passes the leader is taken to lead by one).
    fn first_chances(params: &Params, state: &State) -> [f64; MAX_PLAYERS] {
        let n = params.players;
        let mut chances = [0.0; MAX_PLAYERS];
        let turn = state.turn.min(n);
        let best = (0..turn).map(|p| Self::standing(state, p)).max().unwrap_or(BUSTED);
        let leaders = |chances: &mut [f64; MAX_PLAYERS], share: f64| {
            let count = (0..turn).filter(|&p| Self::standing(state, p) == best).count();
            for p in (0..turn).filter(|&p| Self::standing(state, p) == best) {
                chances[p as usize] += share / count as f64;
            }
        };
        if turn == n {
            // Over: the result itself, ties sharing.
            leaders(&mut chances, 1.0);
            return chances;
        }
        let me = turn as usize;
        let later = (n - turn - 1) as i32;
        let after = |chances: &mut [f64; MAX_PLAYERS], lead: u8, reached: f64| {
            // Nobody later passes `lead`, or one of them (equally likely) does.
            let hold = params.fail(0, lead).powi(later);
            for chance in &mut chances[turn as usize + 1..n as usize] {
                *chance += reached * (1.0 - hold) / later as f64;
            }
            reached * hold
        };
        let mine = state.totals[me];
        if mine as i16 > best {
            chances[me] = after(&mut chances, mine, 1.0);
        } else {
            // Behind or level: roll on until passing the leader, or bust.
            let passes = 1.0 - params.fail(mine, best as u8);
            chances[me] = after(&mut chances, (best as u8).saturating_add(1).min(params.limit), passes);
            let held = after(&mut chances, best as u8, 1.0 - passes);
            leaders(&mut chances, held);
        }
        chances
    }

    /// The evaluation of every player, as chances of coming first (the
    /// mean over the faces at a chance node) on the logistic score scale.
    fn evaluations(&self) -> [i32; MAX_PLAYERS] {
        let params = &self.params;
        let mut chances = [0.0; MAX_PLAYERS];
        if self.state.rolling {
            for pips in 1..=params.faces {
                let next = Self::apply(params, &self.state, face(pips)).expect("every face is legal when rolling");
                let after = Self::first_chances(params, &next);
                for (c, a) in chances.iter_mut().zip(after) {
                    *c += a / params.faces as f64;
                }
            }
        } else {
            chances = Self::first_chances(params, &self.state);
        }
        // A thousand to one either way is as sure as an evaluation gets.
        chances.map(|c| score_of_probability(c.clamp(0.001, 0.999)))
    }

    fn cell(&self, player: u8, total: u8) -> u16 {
        self.grid().index(player as u16, total as u16)
    }

    fn grid(&self) -> Grid {
        Grid::squares(
            self.players() as u16,
            self.params.limit as u16 + 1,
            Rgba::rgb(235, 220, 190),
            Rgba::rgb(200, 170, 120),
        )
    }
}

/// The chance of busting before passing `t` when rolling from `s`, for
/// every `s ≤ t ≤ limit`: row `t` holds `s = 0..=t` (see [`Params::fail`]).
fn fail_table(faces: u8, limit: u8) -> Vec<f64> {
    let (faces, limit) = (faces as usize, limit as usize);
    let mut table = Vec::with_capacity((limit + 1) * (limit + 2) / 2);
    for target in 0..=limit {
        // Filled from the top down: each total leans on higher ones.
        let row = table.len();
        table.resize(row + target + 1, 0.0);
        for s in (0..=target).rev() {
            let chance = (1..=faces)
                .map(|d| match s + d {
                    n if n > limit => 1.0,
                    n if n > target => 0.0,
                    n => table[row + n],
                })
                .sum::<f64>();
            table[row + s] = chance / faces as f64;
        }
    }
    table
}

impl Params {
    /// The chance of busting before passing `target` when rolling from
    /// `from` (0 once `from` is already past it).
    fn fail(&self, from: u8, target: u8) -> f64 {
        let (from, target) = (from as usize, target as usize);
        if from > target {
            0.0
        } else {
            self.fail[target * (target + 1) / 2 + from]
        }
    }
}

impl PositionImpl for Bust {
    fn side_to_move(&self) -> u8 {
        self.state.turn.min(self.players() - 1)
    }

    fn legal_moves(&self, out: &mut RVec<Move>) {
        if self.is_over() {
            return;
        }
        if self.state.rolling {
            out.extend((1..=self.params.faces).map(face));
        } else {
            out.push(ROLL);
            out.push(STOP);
        }
    }

    fn make_move(&mut self, m: Move) -> Result<(), PluginError> {
        let next = Self::apply(&self.params, &self.state, m)
            .ok_or_else(|| PluginError::illegal_move(format!("{m:?} is not legal in '{}'", self.to_text())))?;
        self.history.push(self.state);
        self.state = next;
        Ok(())
    }

    fn unmake_move(&mut self) -> Result<(), PluginError> {
        self.state = self.history.pop().ok_or_else(|| PluginError::unsupported("no move to take back"))?;
        Ok(())
    }

    fn status(&self) -> Status {
        if !self.is_over() {
            return Status::ONGOING;
        }
        let n = self.players();
        let best = (0..n).map(|p| Self::standing(&self.state, p)).max().unwrap_or(BUSTED);
        let leaders: Vec<u8> = (0..n).filter(|&p| Self::standing(&self.state, p) == best).collect();
        match leaders[..] {
            [winner] => Status::win(winner, "highest total"),
            _ => Status::draw("equal totals"),
        }
    }

    fn result(&self) -> Outcome {
        let status = self.status();
        if !self.is_over() {
            return Outcome::from_status(status);
        }
        let reason = match status.kind {
            rules_api::StatusKind::WIN => {
                let winner = status.winner;
                let name = &super::PLAYER_NAMES[winner as usize];
                format!("{name} wins with {}", self.state.totals[winner as usize])
            }
            _ => String::new(),
        };
        let payoffs: Vec<f64> = (0..self.players()).map(|p| Self::payoff(&self.params, &self.state, p)).collect();
        Outcome { status, reason: reason.into(), payoffs: payoffs.into() }
    }

    /// A perfect hash: every field packed into distinct bits, then mixed.
    fn hash(&self) -> u64 {
        let s = &self.state;
        let mut packed = s.totals.iter().fold(0u64, |h, &t| h << 8 | t as u64);
        packed = packed << 6 | s.busted as u64;
        packed = packed << 3 | s.turn as u64;
        packed = packed << 1 | s.rolling as u64;
        // The largest packing takes 58 bits, so this stays a bijection;
        // splitmix's finaliser spreads it over the table buckets.
        let mut z = packed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn evaluate(&self) -> i32 {
        self.evaluations()[self.side_to_move() as usize]
    }

    fn player_count(&self) -> u8 {
        self.players()
    }
    fn evaluate_all(&self, out: &mut RVec<i32>) {
        out.extend_from_slice(&self.evaluations()[..self.players() as usize]);
    }

    fn flags(&self) -> PositionFlags {
        if self.state.rolling && !self.is_over() {
            PositionFlags::CHANCE
        } else {
            PositionFlags::NONE
        }
    }

    fn chance_outcomes(&self, out: &mut RVec<ChanceOutcome>) {
        if self.state.rolling && !self.is_over() {
            let probability = 1.0 / self.params.faces as f64;
            out.extend((1..=self.params.faces).map(|pips| ChanceOutcome { mv: face(pips), probability }));
        }
    }

    fn pieces(&self, out: &mut RVec<Piece>) {
        for p in 0..self.players() {
            if !self.is_busted(p) {
                out.push(Piece { cell: self.cell(p, self.total(p)), owner: p, kind: 0 });
            }
        }
    }

    fn to_text(&self) -> String {
        let totals =
            (0..self.players()).map(|p| if self.is_busted(p) { "x".to_string() } else { self.total(p).to_string() });
        let turn = match (self.is_over(), self.state.rolling) {
            (true, _) => "-".to_string(),
            (false, rolling) => format!("{} {}", self.state.turn, if rolling { 'r' } else { 'd' }),
        };
        format!("{} {turn}", totals.collect::<Vec<_>>().join(" "))
    }

    fn move_to_text(&self, m: Move, _notation: Notation) -> Result<String, PluginError> {
        match m {
            ROLL => Ok("roll".into()),
            STOP => Ok("stop".into()),
            _ => match m.extra.checked_sub(FACE_BASE) {
                Some(pips) if m.is_off_board() && pips >= 1 => Ok(pips.to_string()),
                _ => Err(PluginError::illegal_move(format!("{m:?} is not a move of bust"))),
            },
        }
    }
}

impl TestGame for Bust {
    fn info(&self) -> GameInfo {
        let name = format!("bust ({} players, d{} to {})", self.players(), self.params.faces, self.params.limit);
        players_info(&name, "marker", self.players())
    }

    /// One column per player, one square per total (0 at the bottom).
    fn geometry(&self) -> Geometry {
        self.grid().build()
    }

    /// Reads `total… turn phase`: each player's total (`x` for busted),
    /// then the player on turn and `d` (deciding) or `r` (rolling), or `-`
    /// when the game is over; `7 0 1 d` is the second player deciding
    /// with 0 against 7.
    fn read_text(&self, text: &str) -> Result<Self, PluginError> {
        let bad = |why: String| PluginError::invalid_input(format!("'{text}': {why}"));
        let n = self.players() as usize;
        let words: Vec<&str> = text.split_whitespace().collect();
        if words.len() < n + 1 {
            return Err(bad(format!("expected {n} totals and the turn")));
        }
        let mut state = State { totals: [0; MAX_PLAYERS], busted: 0, turn: self.players(), rolling: false };
        for (p, word) in words[..n].iter().enumerate() {
            if *word == "x" {
                state.busted |= 1 << p;
            } else {
                let total = word.parse::<u8>().ok().filter(|&t| t <= self.params.limit);
                state.totals[p] =
                    total.ok_or_else(|| bad(format!("'{word}' is not a total from 0 to {}", self.params.limit)))?;
            }
        }
        match &words[n..] {
            ["-"] => {}
            [turn, phase] => {
                state.turn = turn
                    .parse::<u8>()
                    .ok()
                    .filter(|&t| (t as usize) < n)
                    .ok_or_else(|| bad(format!("'{turn}' is not a player")))?;
                state.rolling = match *phase {
                    "d" => false,
                    "r" => true,
                    other => return Err(bad(format!("the phase is d or r, not '{other}'"))),
                };
            }
            _ => return Err(bad("expected the turn and the phase, or '-'".into())),
        }
        let turn = state.turn as usize;
        let first_waiting = (turn + 1).min(n);
        if (first_waiting..n).any(|p| state.totals[p] != 0 || state.busted & (1 << p) != 0) {
            return Err(bad("a player still to play has a total".into()));
        }
        if turn < n && state.busted & (1 << turn) != 0 {
            return Err(bad("the player on turn has gone bust".into()));
        }
        let mut settled = state;
        Self::settle(&self.params, &mut settled);
        if settled != state {
            return Err(bad("the last player already leads: the game is over".into()));
        }
        Ok(Bust { params: Arc::clone(&self.params), state, history: Vec::new() })
    }
}

/// The exact value of each legal move of a decision node for the player on
/// turn: their expected payoff (players beaten less players beating them)
/// when every player afterwards maximises their own expected payoff, ties
/// going to stopping. Empty at a chance node or a finished game.
pub fn bust_values(position: &Bust) -> Vec<(Move, f64)> {
    let params = &position.params;
    let state = position.state;
    if state.turn >= params.players || state.rolling {
        return Vec::new();
    }
    let mut memo = HashMap::new();
    let me = state.turn as usize;
    [ROLL, STOP]
        .into_iter()
        .map(|m| {
            let next = Bust::apply(params, &state, m).expect("both choices are legal");
            (m, expected(params, &next, &mut memo)[me])
        })
        .collect()
}

/// The expected payoffs of `state` under the play [`bust_values`] describes.
fn expected(params: &Params, state: &State, memo: &mut HashMap<State, [f64; MAX_PLAYERS]>) -> [f64; MAX_PLAYERS] {
    if let Some(v) = memo.get(state) {
        return *v;
    }
    let n = params.players;
    let value = if state.turn >= n {
        let mut v = [0.0; MAX_PLAYERS];
        for p in 0..n {
            v[p as usize] = Bust::payoff(params, state, p);
        }
        v
    } else if state.rolling {
        let mut v = [0.0; MAX_PLAYERS];
        for pips in 1..=params.faces {
            let next = Bust::apply(params, state, face(pips)).expect("every face is legal when rolling");
            for (a, b) in v.iter_mut().zip(expected(params, &next, memo)) {
                *a += b / params.faces as f64;
            }
        }
        v
    } else {
        let me = state.turn as usize;
        let stop = expected(params, &Bust::apply(params, state, STOP).expect("stopping is legal"), memo);
        let roll = expected(params, &Bust::apply(params, state, ROLL).expect("rolling is legal"), memo);
        if roll[me] > stop[me] {
            roll
        } else {
            stop
        }
    };
    memo.insert(*state, value);
    value
}
