//! Moves and the ends of games: each is stored before anyone hears of it.

use std::time::Instant;

use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::session::CLAIMED;

use super::super::catalog::Refusal;
use super::super::views;
use super::{internal, Room};
use crate::protocol::{ErrorCode, MoveInfo, ServerMsg};
use crate::store::{Store, StoredClocks, StoredMove};

impl Room {
    /// Ends the game as `result` now (a computer that cannot be seated).
    pub fn forfeit_now(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        self.conclude(result, store)
    }

    /// Plays a person's move given as text at ply `ply`.
    pub fn play(&mut self, seat: u8, text: &str, ply: u32, store: &mut Store) -> Result<(), Refusal> {
        self.check_ongoing()?;
        if !self.full() {
            return Err((ErrorCode::NotYourTurn, "the game starts when every seat is taken".into()));
        }
        if self.session.side_to_move() != seat {
            return Err((ErrorCode::NotYourTurn, format!("it is seat {}'s turn", self.session.side_to_move())));
        }
        let played = self.session.history().len() as u32;
        if ply != played {
            return Err((ErrorCode::Stale, format!("the game has {played} moves, the move was meant for {ply}")));
        }
        if self.flag_fell(store)? {
            return Err((ErrorCode::GameOver, "your time ran out".into()));
        }
        if let Err(e) = self.session.play_text(text) {
            if self.dice.is_roll(text) {
                return Err((
                    ErrorCode::IllegalMove,
                    format!("'{}' is a roll of the dice: the server rolls every die, send your own move", text.trim()),
                ));
            }
            let why = if self.hidden { views::illegal_move(text) } else { e.to_string() };
            return Err((ErrorCode::IllegalMove, why));
        }
        self.record_move(store)
    }

    /// Rolls the dice after a move just made on the session (a person's
    /// or a computer's), then stores and announces the move and the rolls;
    /// on a failure the move is taken back.
    pub fn record_move(&mut self, store: &mut Store) -> Result<(), Refusal> {
        let rolled = self.dice.roll(&mut self.session);
        let from = self.stored_plies;
        let mut left = None;
        let mut moves = Vec::new();
        for m in &self.session.history()[from..] {
            let mut remaining_ms = 0;
            if let (Some(clock), false) = (self.clock(), m.is_chance()) {
                let used = self.turn_started.elapsed().as_millis() as u64;
                let side = m.player as usize;
                remaining_ms = self.remaining[side].saturating_sub(used) + clock.increment_ms;
                left = Some((side, remaining_ms));
            }
            let (coordinate, standard) = (m.coordinate.clone(), m.standard.clone());
            moves.push(StoredMove { coordinate, standard, player: m.player, remaining_ms });
        }
        let result = self.result_info();
        let seed = self.seed_unsaved.then(|| self.dice.seed());
        let saved = rolled.map_err(internal).and_then(|_| {
            store
                .add_moves(self.game_id, from as u32, &moves, result.as_ref().map(|r| r.text.as_str()), seed)
                .map_err(internal)
        });
        if let Err(e) = saved {
            let _ = self.session.undo();
            return Err(e);
        }
        self.seed_unsaved = false;
        if let Some((side, ms)) = left {
            self.remaining[side] = ms;
        }
        self.after_move.extend(moves.iter().map(|m| m.remaining_ms));
        self.stored_plies = self.session.history().len();
        self.turn_started = Instant::now();
        self.offer = None;
        self.epoch += 1;
        if self.hidden {
            self.tell_moves_hidden(from, result);
            return Ok(());
        }
        let last = moves.len().saturating_sub(1);
        for (i, m) in moves.into_iter().enumerate() {
            let mv = MoveInfo::new(m.coordinate, m.standard, m.player);
            let ply = (from + i) as u32;
            let result = if i == last { result.clone() } else { None };
            self.broadcast(&ServerMsg::Moved { room: self.id, ply, mv, clocks: self.clocks_now(), result, view: None });
        }
        Ok(())
    }

    /// Ends the game as `result` (stored first) and tells everyone.
    pub(super) fn conclude(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        let text = result.describe(self.session.info());
        // The clocks stop now: read them while the game still runs.
        let stopped = self.clocks_now();
        let kept = stopped.clone().map(|clocks| StoredClocks { ply: self.session.history().len() as u32, clocks });
        store.finish(self.game_id, &text, kept.as_ref()).map_err(internal)?;
        if let GameResult::Forfeit { loser, cause, reason } = result {
            self.session.forfeit(loser, cause, reason);
        } else {
            self.agreed = Some(result);
        }
        if let Some(r) = stopped {
            self.remaining = r;
        }
        self.offer = None;
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// Stores a forfeit the turn driver has already recorded on the
    /// session (a computer that failed) and tells everyone.
    pub fn store_forfeit(&mut self, result: GameResult, store: &mut Store) -> Result<(), Refusal> {
        store.finish(self.game_id, &result.describe(self.session.info()), None).map_err(internal)?;
        self.offer = None;
        self.epoch += 1;
        self.broadcast_state();
        Ok(())
    }

    /// `seat`, to move at ply `ply`, claims the draw the rules allow it
    /// ([`tabula_core::session::Session::draw_claim`]); the game ends for
    /// everyone as `draw claimed: <reason>`.
    pub fn claim(&mut self, seat: u8, ply: u32, store: &mut Store) -> Result<(), Refusal> {
        self.check_ongoing()?;
        if self.session.side_to_move() != seat {
            return Err((
                ErrorCode::NotYourTurn,
                format!("only the player to move may claim a draw: it is seat {}'s turn", self.session.side_to_move()),
            ));
        }
        let played = self.session.history().len() as u32;
        if ply != played {
            return Err((ErrorCode::Stale, format!("the game has {played} moves, the claim was meant for {ply}")));
        }
        if self.flag_fell(store)? {
            return Err((ErrorCode::GameOver, "your time ran out".into()));
        }
        self.claim_now(store)
    }

    /// Ends the game as the draw the player to move may claim (a computer
    /// seat claims every one it may), refused when there is none.
    pub fn claim_now(&mut self, store: &mut Store) -> Result<(), Refusal> {
        match self.session.draw_claim().map_err(internal)? {
            Some(reason) => self.conclude(GameResult::Draw { reason: format!("{CLAIMED}{reason}") }, store),
            None => Err((ErrorCode::NoClaim, "the rules allow no draw claim in this position".into())),
        }
    }

    /// `seat` gives up.
    pub fn resign(&mut self, seat: u8, store: &mut Store) -> Result<(), Refusal> {
        self.check_ongoing()?;
        let reason = format!("{} resigned", self.seat_name(seat));
        self.conclude(GameResult::Forfeit { loser: seat, cause: ForfeitCause::Resignation, reason }, store)
    }
}
