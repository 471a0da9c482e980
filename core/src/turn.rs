//! The turn driver: the one way a computer's answer reaches a game.
//!
//! A [`ComputerTurn`] starts the search of the player seated for the side
//! to move, is polled (the window) or waited for (matches, the demo, text
//! play), and is finished by [`ComputerTurn::finish`]: the player learns
//! how its search ended, the move is checked against the legal moves of
//! the position ([`judge`]), and it is played — or the player forfeits with
//! the cause and a reason that names it. Nothing a player returns is
//! trusted without passing here.
//!
//! A player is never asked to move at a chance node: the session rolls
//! for it right after the move that leads there ([`Session::play`]), and
//! a turn refuses to start or end at one ([`SessionError::Chance`]).

use rules_api::{ErrorKind, Move, PositionBox, RVec, SearchInfo, SearchLimits, SearchResult};

use crate::outcome::{ForfeitCause, GameResult};
use crate::players::{ComputerPlayer, Search, SearchOutcome};
use crate::session::{PlayedMove, Session, SessionError};

/// Why a player loses the game on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Forfeit {
    /// Time, an illegal move or an error.
    pub cause: ForfeitCause,
    /// What happened, for people (the player is not named here).
    pub reason: String,
}

/// The error kind with which an engine player reports that its engine
/// resigned (a GTP `genmove` answered `resign`): a core-side code beyond
/// the plugin kinds, never sent across the plugin boundary.
pub const RESIGNED: ErrorKind = ErrorKind(200);

/// Checks a search outcome against the legal moves of the searched
/// position: the answer when its move is legal, otherwise the forfeit.
pub fn judge(outcome: &SearchOutcome, position: &PositionBox, limits: SearchLimits) -> Result<SearchResult, Forfeit> {
    let mut legal: RVec<Move> = RVec::new();
    if let SearchOutcome::Answered(_) = outcome {
        crate::watchdog::watch("legal_moves", || position.legal_moves(&mut legal).into_result())
            .map_err(|e| Forfeit { cause: ForfeitCause::Error, reason: format!("cannot check the move: {e}") })?;
    }
    judge_against(outcome, &legal, limits)
}

/// [`judge`] against the legal moves of the searched position.
pub fn judge_against(outcome: &SearchOutcome, legal: &[Move], limits: SearchLimits) -> Result<SearchResult, Forfeit> {
    let forfeit = |cause, reason: String| Forfeit { cause, reason };
    match outcome {
        SearchOutcome::TimedOut { waited_ms } => Err(forfeit(
            ForfeitCause::Time,
            format!("no move within {} ms (waited {waited_ms} ms after asking it to stop)", limits.ceiling_ms()),
        )),
        SearchOutcome::Failed(e) if e.kind == RESIGNED => Err(forfeit(ForfeitCause::Resignation, "resigned".into())),
        SearchOutcome::Failed(e) if e.kind == ErrorKind::PANIC => {
            Err(forfeit(ForfeitCause::Error, format!("panic: {e}")))
        }
        // An engine's move text that does not name a legal move.
        SearchOutcome::Failed(e) if e.kind == ErrorKind::ILLEGAL_MOVE => {
            Err(forfeit(ForfeitCause::IllegalMove, e.to_string()))
        }
        SearchOutcome::Failed(e) => Err(forfeit(ForfeitCause::Error, format!("{}: {e}", e.kind.name()))),
        SearchOutcome::Answered(result) => {
            if legal.contains(&result.best) {
                Ok(result.clone())
            } else {
                let m = result.best;
                Err(forfeit(
                    ForfeitCause::IllegalMove,
                    format!("returned an illegal move (from {} to {}, extra {})", m.from, m.to, m.extra),
                ))
            }
        }
    }
}

/// What a computer's turn came to.
#[derive(Debug)]
pub enum TurnEnd {
    /// The move was checked and played.
    Played(PlayedMove),
    /// The player failed (time, illegal move, error) and forfeited; the
    /// result is recorded in the session.
    Forfeited(GameResult),
    /// The player claimed a draw instead of moving
    /// ([`claim_for_computer`]); the result is recorded in the session.
    Claimed(GameResult),
}

/// A computer's turn in progress: the search of the player seated for the
/// side to move. Dropping it asks the search to stop.
pub struct ComputerTurn {
    side: u8,
    search: Search,
}

impl ComputerTurn {
    /// Starts `player` choosing a move for the side to move of `session`.
    pub fn start<P: ComputerPlayer + ?Sized>(session: &Session, player: &mut P) -> ComputerTurn {
        ComputerTurn { side: session.side_to_move(), search: player.start_turn(session) }
    }

    /// The side whose turn it is.
    pub fn side(&self) -> u8 {
        self.side
    }

    /// Never blocks: hands pending progress reports to `on_progress`, and
    /// returns how the search ended once it has.
    pub fn poll(&mut self, on_progress: impl FnMut(&SearchInfo)) -> Option<SearchOutcome> {
        self.search.poll(on_progress).cloned()
    }

    /// Blocks until the search ends, handing progress to `on_progress`.
    pub fn wait(&mut self, on_progress: impl FnMut(&SearchInfo)) -> SearchOutcome {
        self.search.wait(on_progress)
    }

    /// Asks the search to answer as soon as it can.
    pub fn cancel(&self) {
        self.search.cancel();
    }

    /// Ends the turn with `outcome` (from [`ComputerTurn::poll`] or
    /// [`ComputerTurn::wait`]): tells `player`, checks its move against the
    /// legal moves of `session`, and plays it, or records the player's
    /// forfeit with the reason `LABEL: WHAT HAPPENED`.
    pub fn finish<P: ComputerPlayer + ?Sized>(
        self,
        session: &mut Session,
        player: &mut P,
        outcome: &SearchOutcome,
    ) -> Result<TurnEnd, SessionError> {
        player.end_turn(outcome);
        if session.awaits_chance() {
            return Err(not_a_turn());
        }
        // The legal moves come through the session's checks: a rules plugin
        // that fails here (as it may have failed inside the player's
        // search) is the game's fault, not the player's.
        let legal = session.legal_moves()?;
        if !matches!(outcome, SearchOutcome::Answered(_)) {
            session.probe()?;
        }
        match judge_against(outcome, &legal, player.turn_limits()) {
            Ok(result) => Ok(TurnEnd::Played(session.play(result.best)?.clone())),
            Err(Forfeit { cause, reason }) => {
                let reason = format!("{}: {reason}", player.label());
                session.forfeit(self.side, cause, reason.clone());
                Ok(TurnEnd::Forfeited(GameResult::Forfeit { loser: self.side, cause, reason }))
            }
        }
    }
}

/// A computer seat's draw claim: when the rules allow the player to move
/// to claim a draw ([`Session::draw_claim`]), claims it and returns the
/// result. Every driver calls it before it starts a computer's turn, so a
/// computer always claims: matches, tournaments and SPRT runs end where
/// the position first allows the claim (in chess the third occurrence or
/// the hundredth quiet half-move), as they ended before claims existed.
pub fn claim_for_computer(session: &mut Session) -> Result<Option<GameResult>, SessionError> {
    if session.awaits_chance() || session.draw_claim()?.is_none() {
        return Ok(None);
    }
    session.claim_draw().map(Some)
}

/// The refusal of a turn at a chance node.
fn not_a_turn() -> SessionError {
    SessionError::Chance("the game is at a chance node: the dice are rolled by the host, no player is asked".into())
}

/// A whole computer turn on the calling thread: start, wait, finish.
/// Refused at a chance node (a session that waits for a roll from outside).
pub fn computer_turn<P: ComputerPlayer + ?Sized>(
    session: &mut Session,
    player: &mut P,
    on_progress: impl FnMut(&SearchInfo),
) -> Result<TurnEnd, SessionError> {
    if session.awaits_chance() {
        return Err(not_a_turn());
    }
    if let Some(result) = claim_for_computer(session)? {
        return Ok(TurnEnd::Claimed(result));
    }
    let mut turn = ComputerTurn::start(session, player);
    let outcome = turn.wait(on_progress);
    turn.finish(session, player, &outcome)
}
