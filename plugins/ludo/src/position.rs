//! The game state and the rules of a turn: the die, the forced moves,
//! captures, the goal, the extra roll after a six and the three attempts.
//!
//! A turn is a chance node (the die is rolled for the player to move)
//! followed by that player's move with the number rolled. Players are
//! numbered in seat order; each sits at a colour ([`crate::board::seats`]).

use std::sync::LazyLock;

use rules_api::{Move, PluginError};

use crate::board::{self, goal_cell, seats, start_cell, steps_from_start, track_cell, wait_cell, HOME, TRACK};

/// Most players.
pub const MAX_PLAYERS: usize = 4;
/// Pieces per player.
pub const PIECES: u8 = 4;
/// Most rolls a player with nothing to move gets per turn.
pub const ATTEMPTS: u8 = 3;
use crate::moves::describe;
pub use crate::moves::{roll, rolled, ROLL_BASE};

/// When the game ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Finish {
    /// At the first player with all four pieces home, as the published
    /// rules have it.
    First,
    /// When one player is left: the others play on for the places.
    All,
}

/// The options a position obeys.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Config {
    /// 2, 3 or 4.
    pub players: u8,
    /// When the game ends.
    pub finish: Finish,
}

impl Default for Config {
    fn default() -> Self {
        Config { players: 2, finish: Finish::First }
    }
}

impl Config {
    /// The colour `player` plays.
    pub fn colour(&self, player: u8) -> u8 {
        seats(self.players as usize)[player as usize]
    }
}

/// The mover's choice with the number rolled.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Action {
    /// A piece from the waiting fields onto the start field.
    BringOut,
    /// The piece `steps` fields from the start field (40–43: in the goal)
    /// moves on by the number rolled.
    Advance(u8),
    /// Nothing can move.
    Pass,
}

/// What unmake needs: the scalars before the move, and whose piece (player
/// + 1) a capture sent home.
#[derive(Clone, Copy, Debug)]
struct Undo {
    m: Move,
    side: u8,
    die: u8,
    attempt: u8,
    finished: u8,
    captured: u8,
    hash: u64,
}

/// Zobrist keys: track field × player, goal field × player, waiting count
/// × player, player to move, die, attempt, (player, place).
struct Keys {
    track: [[u64; MAX_PLAYERS]; TRACK],
    goal: [[u64; HOME]; MAX_PLAYERS],
    waiting: [[u64; PIECES as usize + 1]; MAX_PLAYERS],
    side: [u64; MAX_PLAYERS],
    die: [u64; 7],
    attempt: [u64; ATTEMPTS as usize + 1],
    place: [[u64; MAX_PLAYERS]; MAX_PLAYERS],
}

static KEYS: LazyLock<Keys> = LazyLock::new(|| {
    let k = tabula_kit::rng::zobrist_keys(0x4C55_444F, 256);
    let mut at = k.iter().copied();
    let mut next = || at.next().expect("enough keys");
    let mut keys = Keys {
        track: [[0; MAX_PLAYERS]; TRACK],
        goal: [[0; HOME]; MAX_PLAYERS],
        waiting: [[0; PIECES as usize + 1]; MAX_PLAYERS],
        side: [0; MAX_PLAYERS],
        die: [0; 7],
        attempt: [0; ATTEMPTS as usize + 1],
        place: [[0; MAX_PLAYERS]; MAX_PLAYERS],
    };
    keys.track.iter_mut().flatten().for_each(|v| *v = next());
    keys.goal.iter_mut().flatten().for_each(|v| *v = next());
    keys.waiting.iter_mut().flatten().for_each(|v| *v = next());
    keys.side.iter_mut().for_each(|v| *v = next());
    keys.die.iter_mut().for_each(|v| *v = next());
    keys.attempt.iter_mut().for_each(|v| *v = next());
    keys.place.iter_mut().flatten().for_each(|v| *v = next());
    keys
});

/// A position of Mensch ärgere Dich nicht with its own history.
#[derive(Clone, Debug)]
pub struct LudoPosition {
    pub(crate) config: Config,
    /// Each track field: 0 empty, or the player (+1) whose piece stands there.
    pub(crate) track: [u8; TRACK],
    /// Each player's goal fields as bits (bit 0 = a).
    pub(crate) goal: [u8; MAX_PLAYERS],
    /// Each player's pieces on the waiting fields.
    pub(crate) waiting: [u8; MAX_PLAYERS],
    pub(crate) side: u8,
    /// The number rolled, or 0 while the die is still to be rolled.
    pub(crate) die: u8,
    /// Which roll of the turn this is (up to three when nothing can move).
    pub(crate) attempt: u8,
    /// Players with all pieces home, first finisher first.
    pub(crate) places: [u8; MAX_PLAYERS],
    pub(crate) finished: u8,
    hash: u64,
    history: Vec<Undo>,
}

impl LudoPosition {
    /// The start of the published rules: each player's first piece on its
    /// start field, the other three waiting; the die to be rolled for the
    /// first player.
    pub fn start(config: Config) -> Self {
        let mut p = LudoPosition::empty(config);
        for player in 0..config.players {
            p.track[start_cell(config.colour(player))] = player + 1;
            p.waiting[player as usize] = PIECES - 1;
        }
        p.rehash();
        p
    }

    /// No piece anywhere (for the text reader to fill).
    pub(crate) fn empty(config: Config) -> Self {
        LudoPosition {
            config,
            track: [0; TRACK],
            goal: [0; MAX_PLAYERS],
            waiting: [0; MAX_PLAYERS],
            side: 0,
            die: 0,
            attempt: 1,
            places: [0; MAX_PLAYERS],
            finished: 0,
            hash: 0,
            history: Vec::with_capacity(256),
        }
    }

    /// Computes the hash from scratch (after the text reader set the state).
    pub(crate) fn rehash(&mut self) {
        let k = &*KEYS;
        let mut h = k.side[self.side as usize] ^ k.die[self.die as usize] ^ k.attempt[self.attempt as usize];
        for (field, &owner) in self.track.iter().enumerate() {
            if owner != 0 {
                h ^= k.track[field][owner as usize - 1];
            }
        }
        for player in 0..self.config.players as usize {
            for j in 0..HOME {
                if self.goal[player] & (1 << j) != 0 {
                    h ^= k.goal[player][j];
                }
            }
            h ^= k.waiting[player][self.waiting[player] as usize];
        }
        for place in 0..self.finished as usize {
            h ^= k.place[self.places[place] as usize][place];
        }
        self.hash = h;
    }

    /// The Zobrist hash.
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The options of this game.
    pub fn config(&self) -> Config {
        self.config
    }

    /// The player the die is rolled for, or who moves with it.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// The number rolled, if the die has been rolled.
    pub fn die(&self) -> Option<u8> {
        (self.die != 0).then_some(self.die)
    }

    /// Which roll of the turn this is.
    pub fn attempt(&self) -> u8 {
        self.attempt
    }

    /// Whether the next move is a roll of the die.
    pub fn is_chance(&self) -> bool {
        self.die == 0 && !self.is_over()
    }

    /// The players who have all pieces home, first finisher first.
    pub fn finishers(&self) -> &[u8] {
        &self.places[..self.finished as usize]
    }

    /// Whether `player` has all four pieces home.
    pub fn has_finished(&self, player: u8) -> bool {
        self.goal[player as usize] == 0b1111
    }

    /// Whether the game is over: someone is home (or, playing on for
    /// places, at most one player is not).
    pub fn is_over(&self) -> bool {
        match self.config.finish {
            Finish::First => self.finished >= 1,
            Finish::All => self.finished + 1 >= self.config.players,
        }
    }

    /// Each player's place (1 = first), once the game is over; players who
    /// did not finish share the place after the finishers.
    pub fn places(&self) -> Option<[u8; MAX_PLAYERS]> {
        if !self.is_over() {
            return None;
        }
        let mut out = [self.finished + 1; MAX_PLAYERS];
        for (place, &player) in self.finishers().iter().enumerate() {
            out[player as usize] = place as u8 + 1;
        }
        Some(out)
    }

    /// The pieces of `player` on the track, by steps from its start field.
    pub(crate) fn on_track(&self, player: u8) -> impl Iterator<Item = u8> + '_ {
        let colour = self.config.colour(player);
        (0..TRACK as u8).filter(move |&s| self.track[track_cell(colour, s as usize)] == player + 1)
    }

    /// Whether none of `player`'s pieces could move with a 1 to 5: none on
    /// the track and those in the goal packed at its end. Such a player
    /// rolls up to three times for a six.
    pub fn stuck(&self, player: u8) -> bool {
        // The goal bits are packed when they are a run reaching field d:
        // adding the lowest set bit then carries out of all four.
        let goal = self.goal[player as usize] as u16;
        let packed = (goal + (goal & goal.wrapping_neg())) & 0xF == 0;
        packed && self.on_track(player).next().is_none()
    }

    /// What `player` may do with a roll of `die`, the rules in this order:
    /// a piece on the start field must leave it while pieces wait (unless
    /// its own piece stands where it would land); a six must bring a piece
    /// out while one waits (the start field not being its own); otherwise
    /// any piece that can move, which may capture but never lands on its
    /// own piece or overshoots the goal. Nothing to move: pass.
    pub fn actions(&self, player: u8, die: u8, mut f: impl FnMut(Action)) {
        let colour = self.config.colour(player);
        let own = player + 1;
        let start = start_cell(colour);
        if self.waiting[player as usize] > 0 {
            if self.track[start] == own && self.track[track_cell(colour, die as usize)] != own {
                return f(Action::Advance(0));
            }
            if die == 6 && self.track[start] != own {
                return f(Action::BringOut);
            }
        }
        let mut any = false;
        for s in 0..(TRACK + HOME) as u8 {
            if self.holds(player, s) && self.can_land(player, s + die) {
                any = true;
                f(Action::Advance(s));
            }
        }
        if !any {
            f(Action::Pass);
        }
    }

    /// Whether `player` has a piece `steps` fields from its start (40–43:
    /// goal fields a–d).
    fn holds(&self, player: u8, steps: u8) -> bool {
        let colour = self.config.colour(player);
        match steps as usize {
            s if s < TRACK => self.track[track_cell(colour, s)] == player + 1,
            s if s < TRACK + HOME => self.goal[player as usize] & (1 << (s - TRACK)) != 0,
            _ => false,
        }
    }

    /// Whether a piece of `player` may end on `steps` (not its own piece,
    /// not past the goal; pieces may be jumped, in the goal too).
    fn can_land(&self, player: u8, steps: u8) -> bool {
        (steps as usize) < TRACK + HOME && !self.holds(player, steps)
    }

    /// The move of an action by the player to move.
    pub fn action_move(&self, action: Action) -> Move {
        let colour = self.config.colour(self.side);
        let cell = |steps: usize| match steps {
            s if s < TRACK => track_cell(colour, s) as u16,
            s => goal_cell(colour, s - TRACK) as u16,
        };
        match action {
            Action::Pass => Move::PASS,
            Action::BringOut => {
                let last = self.waiting[self.side as usize] as usize - 1;
                Move::new(wait_cell(colour, last) as u16, start_cell(colour) as u16)
            }
            Action::Advance(s) => Move::new(cell(s as usize), cell(s as usize + self.die as usize)),
        }
    }

    /// The action a legal move of the player to move stands for.
    pub fn action_of(&self, m: Move) -> Option<Action> {
        if self.is_over() || self.die == 0 || (m.extra != 0 && m != Move::PASS) || m.tag != 0 {
            return None;
        }
        let mut found = None;
        self.actions(self.side, self.die, |a| {
            if self.action_move(a) == m {
                found = Some(a);
            }
        });
        found
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        if self.is_chance() {
            return m.tag == 0 && rolled(m).is_some();
        }
        self.action_of(m).is_some()
    }

    fn set_track(&mut self, field: usize, owner: u8) {
        let k = &KEYS.track[field];
        if self.track[field] != 0 {
            self.hash ^= k[self.track[field] as usize - 1];
        }
        self.track[field] = owner;
        if owner != 0 {
            self.hash ^= k[owner as usize - 1];
        }
    }

    fn set_waiting(&mut self, player: u8, count: u8) {
        let k = &KEYS.waiting[player as usize];
        self.hash ^= k[self.waiting[player as usize] as usize] ^ k[count as usize];
        self.waiting[player as usize] = count;
    }

    fn toggle_goal(&mut self, player: u8, j: usize) {
        self.goal[player as usize] ^= 1 << j;
        self.hash ^= KEYS.goal[player as usize][j];
    }

    fn set_turn(&mut self, side: u8, die: u8, attempt: u8) {
        let k = &*KEYS;
        self.hash ^= k.side[self.side as usize] ^ k.die[self.die as usize] ^ k.attempt[self.attempt as usize];
        (self.side, self.die, self.attempt) = (side, die, attempt);
        self.hash ^= k.side[side as usize] ^ k.die[die as usize] ^ k.attempt[attempt as usize];
    }

    /// The next player after `player` who is still playing.
    fn next_player(&self, player: u8) -> u8 {
        let n = self.config.players;
        (1..=n).map(|i| (player + i) % n).find(|&p| !self.has_finished(p)).unwrap_or(player)
    }

    /// Plays `m`, which must be legal.
    pub fn play(&mut self, m: Move) -> Result<(), PluginError> {
        if self.is_over() {
            return Err(PluginError::illegal_move("the game is over: no more moves"));
        }
        let undo = Undo {
            m,
            side: self.side,
            die: self.die,
            attempt: self.attempt,
            finished: self.finished,
            captured: 0,
            hash: self.hash,
        };
        if self.is_chance() {
            let Some(d) = rolled(m).filter(|_| m.tag == 0) else {
                return Err(PluginError::illegal_move(format!(
                    "{} is not a roll of the die, and the die is to be rolled now",
                    crate::moves::describe(m)
                )));
            };
            self.history.push(undo);
            self.set_turn(self.side, d, self.attempt);
            return Ok(());
        }
        let Some(action) = self.action_of(m) else {
            return Err(PluginError::illegal_move(why_illegal(self, m)));
        };
        let captured = self.apply(action);
        self.history.push(Undo { captured, ..undo });
        self.end_turn(action);
        Ok(())
    }

    /// Moves the pieces; returns the player (+1) whose piece was captured.
    fn apply(&mut self, action: Action) -> u8 {
        let player = self.side;
        let colour = self.config.colour(player);
        let mut captured = 0;
        let mut land = |p: &mut Self, steps: usize| {
            if steps < TRACK {
                let field = track_cell(colour, steps);
                captured = p.track[field];
                if captured != 0 {
                    let victim = captured - 1;
                    p.set_waiting(victim, p.waiting[victim as usize] + 1);
                }
                p.set_track(field, player + 1);
            } else {
                p.toggle_goal(player, steps - TRACK);
            }
        };
        match action {
            Action::Pass => {}
            Action::BringOut => {
                self.set_waiting(player, self.waiting[player as usize] - 1);
                land(self, 0);
            }
            Action::Advance(s) => {
                let s = s as usize;
                if s < TRACK {
                    self.set_track(track_cell(colour, s), 0);
                } else {
                    self.toggle_goal(player, s - TRACK);
                }
                land(self, s + self.die as usize);
            }
        }
        captured
    }

    /// After a move: a finisher takes its place; a six rolls again (not
    /// for a player who just finished); a player with nothing to move
    /// rolls again up to three times; otherwise the next player rolls.
    fn end_turn(&mut self, action: Action) {
        let player = self.side;
        if self.has_finished(player) && !self.finishers().contains(&player) {
            self.hash ^= KEYS.place[player as usize][self.finished as usize];
            self.places[self.finished as usize] = player;
            self.finished += 1;
            let next = self.next_player(player);
            return self.set_turn(next, 0, 1);
        }
        if self.die == 6 {
            return self.set_turn(player, 0, 1);
        }
        if action == Action::Pass && self.stuck(player) && self.attempt < ATTEMPTS {
            return self.set_turn(player, 0, self.attempt + 1);
        }
        let next = self.next_player(player);
        self.set_turn(next, 0, 1);
    }

    /// Takes the last move back.
    pub fn unplay(&mut self) -> Result<(), PluginError> {
        let Some(u) = self.history.pop() else {
            return Err(PluginError::unsupported("cannot take back a move: no move has been made in this position"));
        };
        let player = u.side;
        let colour = self.config.colour(player);
        (self.side, self.die, self.attempt, self.finished) = (u.side, u.die, u.attempt, u.finished);
        if u.die != 0 && u.m != Move::PASS {
            let (from, to) = (u.m.from as usize, u.m.to as usize);
            if to < TRACK {
                self.track[to] = u.captured;
                if u.captured != 0 {
                    self.waiting[u.captured as usize - 1] -= 1;
                }
            } else {
                self.goal[player as usize] ^= 1 << (to - goal_cell(colour, 0));
            }
            match from {
                f if f < TRACK => self.track[f] = player + 1,
                f if f < board::WAIT_BASE => self.goal[player as usize] ^= 1 << (f - goal_cell(colour, 0)),
                _ => self.waiting[player as usize] += 1,
            }
        }
        self.hash = u.hash;
        Ok(())
    }

    /// How many fields `player`'s piece on `cell` has come from its start
    /// field (0 waiting, 1–40 on the track, 41–44 in the goal).
    pub fn progress_of(&self, player: u8, cell: usize) -> usize {
        let colour = self.config.colour(player);
        match cell {
            c if c < TRACK => steps_from_start(colour, c) + 1,
            c if c < board::WAIT_BASE => c - goal_cell(colour, 0) + TRACK + 1,
            _ => 0,
        }
    }
}

/// Why `m` is not legal here, for the error of `make_move`.
pub(crate) fn why_illegal(p: &LudoPosition, m: Move) -> String {
    if p.is_over() {
        return "the game is over: no more moves".into();
    }
    match p.die() {
        None => format!("'{}': the die is to be rolled now", describe(m)),
        Some(d) if rolled(m).is_some() => format!("'{}': the die has been rolled already ({d})", describe(m)),
        Some(d) => format!("'{}' is not a legal move with a {d} here (legal: {})", describe(m), legal_list(p)),
    }
}

pub(crate) fn legal_list(p: &LudoPosition) -> String {
    let mut names = Vec::new();
    if let Some(d) = p.die() {
        p.actions(p.side(), d, |a| names.push(describe(p.action_move(a))));
    }
    names.join(", ")
}
