//! One room: its current game (a core [`Session`] judged by the rules
//! plugin), its seats and their tokens, the server-kept clocks, a pending
//! request, and everyone following it. Every change is written to the
//! store before anyone hears of it.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tabula_core::outcome::GameResult;
use tabula_core::plugins::LoadedPlugin;
use tabula_core::session::{Chance, Session, CHANCE_PLAYER};

use super::catalog::{Catalog, Refusal};
use super::dice::Dice;
use super::guard::Peer;
use super::limits::Limits;
use super::outbox::Outbox;
use super::views::{self, Seat};
use super::Bucket;
use crate::protocol::{
    Clock, ErrorCode, MoveInfo, OfferInfo, ResultInfo, RoomState, RoomSummary, SeatInfo, SeatSpec, ViewInfo,
};
use crate::store::{StoredGame, StoredRoom};

mod clocks;
mod departed;
mod followers;
mod play;
mod records;
mod requests;
mod seats;

fn internal(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Internal, e.to_string())
}

/// A connection following a room, and the seat whose view it reads.
struct Follower {
    outbox: Outbox,
    seat: Seat,
}

/// A room in memory.
pub struct Room {
    /// Its number.
    pub id: u64,
    stored: StoredRoom,
    session: Session,
    game_id: i64,
    game_number: u32,
    /// A result the rules did not decide and the session cannot hold (a
    /// draw by agreement, a win claimed when the others left).
    agreed: Option<GameResult>,
    /// The result text of a game aborted after a player left (`aborted
    /// (REASON)`): it ended with no result.
    aborted: Option<String>,
    /// Since when each seat's person has been gone (none while connected,
    /// and for computers), and whether the others were told they may claim.
    away: Vec<Option<departed::Away>>,
    /// How long a player must have been gone before the others may claim.
    claim_after: Duration,
    /// Time left per seat when the current turn began.
    remaining: Vec<u64>,
    /// The mover's time left after each move, by ply.
    after_move: Vec<u64>,
    turn_started: Instant,
    holders: Vec<Option<u64>>,
    /// The rules plugin and its options (computer players are built from
    /// them for each search, so an idle room holds no search memory).
    plugin: LoadedPlugin,
    options: Vec<(String, String)>,
    /// Whether a computer's search runs or waits its turn.
    pub thinking: bool,
    /// Bumped by every change that makes a running search moot.
    pub epoch: u64,
    offer: Option<OfferInfo>,
    /// The seats that have accepted the pending request: it is granted
    /// once every other person has.
    consents: Vec<u8>,
    followers: Vec<Follower>,
    /// The game hides information: every follower gets lines of its own
    /// (docs/NETWORK.md, "Games with hidden information").
    hidden: bool,
    /// When the room last had a follower (for eviction).
    pub last_seen: Instant,
    /// Chat allowance per seat, whatever connections the seat uses.
    chat: Vec<Bucket>,
    /// Who created the room (counted against that address's rooms).
    pub creator: Option<Peer>,
    /// Where the current game's chance moves come from.
    dice: Dice,
    /// Whether the store lacks the dice's seed (a game stored before
    /// seeds were): it is stored with the next moves.
    seed_unsaved: bool,
    /// How many moves of the current game the store holds: the rolls at
    /// the start of a game are stored with its first move (a restored room
    /// draws them again from the seed, the same).
    stored_plies: usize,
}

impl Room {
    /// Builds a room from its stored form and its latest game, replaying
    /// the moves through the rules plugin.
    pub fn load(stored: StoredRoom, game: StoredGame, catalog: &Catalog, limits: &Limits) -> Result<Room, Refusal> {
        // Stored options came from a client: they are held to the same
        // rules as a new room's (a path stored by an older server is refused).
        let plugin = catalog.client_rules(&stored.rules, &stored.options)?;
        let options: Vec<(String, String)> = stored.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = Arc::new(plugin.new_rules(&options).map_err(|e| (ErrorCode::Invalid, e.to_string()))?);
        let mut session = Session::with_chance(rules, &game.start, Chance::External)
            .map_err(|e| (ErrorCode::Invalid, e.to_string()))?;
        let (seed, seed_unsaved) = match game.seed {
            Some(seed) => (seed, false),
            None => (Dice::os_seed().map_err(internal)?, true),
        };
        let mut dice = Dice::new(seed);
        for (i, m) in game.moves.iter().enumerate() {
            let fail = |e: String| internal(format!("room {}, move {}: {e}", stored.id, i + 1));
            if m.player == CHANCE_PLAYER {
                dice.learn(&session).map_err(fail)?;
                session.play_chance_text(&m.coordinate).map_err(|e| fail(e.to_string()))?;
            } else {
                session.play_text(&m.coordinate).map_err(|e| fail(e.to_string()))?;
            }
        }
        let mut agreed = None;
        if !game.result.is_empty() && session.result().map_err(internal)?.is_none() {
            match GameResult::parse(&game.result, session.info()) {
                Ok(Some(GameResult::Forfeit { loser, cause, reason })) => session.forfeit(loser, cause, reason),
                Ok(Some(other)) => agreed = Some(other),
                _ => {}
            }
        }
        if agreed.is_none() && game.status == "playing" {
            // The rolls after the last stored move (the start's, or those a
            // stop interrupted): the same as before, from the same seed.
            dice.roll(&mut session).map_err(|e| internal(format!("room {}: rolling: {e}", stored.id)))?;
        }
        if stored.seats.len() != session.info().players.len() {
            let players = session.info().players.len();
            return Err(internal(format!("room {}: {} seats for a game of {players}", stored.id, stored.seats.len())));
        }
        for seat in stored.seats.iter().filter(|s| !s.spec.is_human()) {
            catalog.computer_kind(&seat.spec)?;
        }
        let n = stored.seats.len();
        let stored_clocks = game.clocks.filter(|c| c.ply as usize == game.moves.len() && c.clocks.len() == n);
        let aborted = (game.status == "aborted").then(|| game.result.clone());
        // Nobody holds a seat of a room just loaded: its people count as
        // gone from now (a restarted server's players have as long to
        // come back as any).
        let away =
            stored.seats.iter().map(|s| departed::Away::from_load(s.spec.is_human() && !s.token.is_empty())).collect();
        let mut room = Room {
            id: stored.id,
            session,
            game_id: game.id,
            game_number: game.number,
            agreed,
            aborted,
            away,
            claim_after: limits.claim_after,
            remaining: Vec::new(),
            after_move: game.moves.iter().map(|m| m.remaining_ms).collect(),
            turn_started: Instant::now(),
            holders: vec![None; n],
            plugin,
            options,
            thinking: false,
            epoch: 0,
            offer: None,
            consents: Vec::new(),
            followers: Vec::new(),
            hidden: false,
            last_seen: Instant::now(),
            chat: vec![Bucket::new(limits.chat_rate, limits.chat_burst); n],
            creator: None,
            dice,
            seed_unsaved,
            stored_plies: game.moves.len(),
            stored,
        };
        room.hidden = tabula_core::hidden::is_hidden(room.session.start_position());
        room.recompute_clocks();
        if let (Some(c), Some(_)) = (stored_clocks, room.clock()) {
            room.remaining = c.clocks;
        }
        Ok(room)
    }

    /// The room's password, if any.
    pub fn password(&self) -> Option<&str> {
        self.stored.password.as_deref()
    }

    /// Whether the password `given` opens the room.
    pub fn password_opens(&self, given: Option<&str>) -> bool {
        match self.stored.password.as_deref() {
            None => true,
            Some(p) => given.is_some_and(|g| same(g.as_bytes(), p.as_bytes())),
        }
    }

    /// The seat a computer plays in, if `seat` is one.
    pub fn computer_seat(&self, seat: usize) -> Option<SeatSpec> {
        self.stored.seats.get(seat).filter(|s| !s.spec.is_human()).map(|s| s.spec.clone())
    }

    /// The rules plugin and its options (for building computer players).
    pub fn table(&self) -> (&LoadedPlugin, &[(String, String)]) {
        (&self.plugin, &self.options)
    }

    /// Whether a person holds a seat through a connection now.
    pub fn anyone_connected(&self) -> bool {
        self.holders.iter().any(Option::is_some)
    }

    /// How the current game ended, if it has (an aborted game has no result).
    pub fn result(&self) -> Option<GameResult> {
        self.agreed.clone().or_else(|| self.session.result().ok().flatten())
    }

    /// Whether the current game has ended, with a result or aborted.
    pub fn ended(&self) -> bool {
        self.aborted.is_some() || self.result().is_some()
    }

    /// Whether every seat has a player (only then do clocks run and moves count).
    pub fn full(&self) -> bool {
        self.stored.seats.iter().all(|s| !s.spec.is_human() || !s.token.is_empty())
    }

    /// Whether nobody follows the room and no computer thinks in it.
    pub fn idle(&self) -> bool {
        self.followers.is_empty() && !self.thinking
    }

    fn clock(&self) -> Option<Clock> {
        self.stored.clock
    }

    fn result_info(&self) -> Option<ResultInfo> {
        if let Some(text) = &self.aborted {
            return Some(ResultInfo { text: text.clone(), winner: None, places: Vec::new() });
        }
        let r = self.result()?;
        let n = self.stored.seats.len();
        Some(ResultInfo { text: r.describe(self.session.info()), winner: r.winner(n), places: r.places(n) })
    }

    /// The room as listed.
    pub fn summary(&self) -> RoomSummary {
        let seats = self
            .stored
            .seats
            .iter()
            .zip(&self.holders)
            .map(|(s, holder)| {
                let human = s.spec.is_human();
                SeatInfo {
                    name: if human { s.name.clone() } else { s.spec.player.clone() },
                    player: s.spec.player.clone(),
                    taken: !human || !s.token.is_empty(),
                    connected: !human || holder.is_some(),
                }
            })
            .collect();
        RoomSummary {
            room: self.id,
            rules: self.stored.rules.clone(),
            title: self.session.info().name.to_string(),
            options: self.stored.options.clone(),
            seats,
            ply: self.session.history().len() as u32,
            finished: self.ended(),
            password: self.stored.password.is_some(),
            clock: self.clock(),
            places: self.result().map(|r| r.places(self.stored.seats.len())).unwrap_or_default(),
        }
    }

    /// Everything about the room's current game.
    pub fn state(&self) -> RoomState {
        let moves = self
            .session
            .history()
            .iter()
            .map(|m| MoveInfo::new(m.coordinate.clone(), m.standard.clone(), m.player))
            .collect();
        RoomState {
            summary: self.summary(),
            game: self.game_number,
            start: self.session.start_text().to_string(),
            moves,
            position: self.session.position().to_text().into_result().map(|t| t.to_string()).unwrap_or_default(),
            to_move: self.session.side_to_move(),
            clocks: self.clocks_now(),
            result: self.result_info(),
            offer: self.offer,
            view: None,
        }
    }

    /// Whether the game hides information from its players.
    pub fn hidden(&self) -> bool {
        self.hidden
    }

    /// The room's game as `seat` (none: a spectator) may read it: in a game
    /// with hidden information its view until the game ends, the whole
    /// truth after; in any other game, [`Room::state`].
    pub fn state_for(&self, seat: Seat) -> RoomState {
        let mut state = self.state();
        if !self.hidden {
            return state;
        }
        let full = self.ended();
        state.view = Some(ViewInfo { seat, full });
        if full {
            return state;
        }
        let view = || -> Result<_, rules_api::PluginError> {
            let moves = views::moves_for(&self.session, &[seat])?.pop().unwrap_or_default();
            Ok((views::start_for(&self.session, seat)?, moves, views::view_text(self.session.position(), seat)?))
        };
        // On a failure of the rules nothing is sent rather than the truth.
        let (start, moves, position) = view().unwrap_or_else(|e| {
            eprintln!("tabula serve: room {}: writing a view: {e}", self.id);
            (String::new(), Vec::new(), String::new())
        });
        (state.start, state.moves, state.position) = (start, moves, position);
        state
    }

    fn seat_name(&self, seat: u8) -> String {
        let s = &self.stored.seats[seat as usize];
        if s.spec.is_human() {
            s.name.clone()
        } else {
            s.spec.player.clone()
        }
    }

    fn check_ongoing(&self) -> Result<(), Refusal> {
        match self.result_info() {
            Some(r) => Err((ErrorCode::GameOver, format!("the game is over: {}", r.text))),
            None => Ok(()),
        }
    }

    /// Access for the computer-turn driver.
    pub fn session_mut(&mut self) -> &mut Session {
        &mut self.session
    }
}

/// Compares two secrets in time independent of where they differ.
pub(crate) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// 128 random bits from the operating system, as 32 hex digits.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 16];
    getrandom::getrandom(&mut bytes)?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}
