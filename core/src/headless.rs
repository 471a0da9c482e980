//! Playing a game to the end with computer players only (matches, the demo,
//! computer turns of a text-mode game).

use rules_api::SearchInfo;

use crate::outcome::GameResult;
use crate::players::{judge, ComputerPlayer};
use crate::session::{PlayedMove, Session, SessionError};

/// How the reason of a draw by the `max_plies` limit of [`play_out`] begins.
pub const MOVE_LIMIT_REASON: &str = "move limit";

/// What happened on one computer turn.
#[derive(Debug)]
pub enum Turn {
    /// The move was checked and played.
    Played(PlayedMove),
    /// The player failed (time, illegal move, error) and forfeited.
    Forfeited(GameResult),
}

/// Lets the computer seated for the side to move choose and play a move,
/// waiting for it on the calling thread; a failure is recorded as a forfeit.
pub fn computer_turn<P: ComputerPlayer + ?Sized>(
    session: &mut Session,
    player: &mut P,
    on_progress: impl FnMut(&SearchInfo),
) -> Result<Turn, SessionError> {
    let side = session.side_to_move();
    let mut search = player.start_turn(session);
    let outcome = search.wait(on_progress);
    player.end_turn(&outcome);
    match judge(&outcome, session.position(), player.turn_limits()) {
        Ok(result) => Ok(Turn::Played(session.play(result.best)?.clone())),
        Err((cause, reason)) => {
            let reason = format!("{}: {reason}", player.label());
            session.forfeit(side, cause, reason.clone());
            Ok(Turn::Forfeited(GameResult::Forfeit { loser: side, cause, reason }))
        }
    }
}

/// Plays until the game ends or `max_plies` moves have been made in this
/// call (0 = no limit, otherwise a draw by move limit). `seats[i]` plays
/// player `i`. `on_move` sees every move as it is played.
pub fn play_out<P: ComputerPlayer>(
    session: &mut Session,
    seats: &mut [P],
    max_plies: usize,
    mut on_move: impl FnMut(&Session, &PlayedMove),
) -> Result<GameResult, SessionError> {
    let mut plies = 0;
    loop {
        if let Some(result) = session.result()? {
            return Ok(result);
        }
        if max_plies > 0 && plies >= max_plies {
            return Ok(GameResult::Draw { reason: format!("{MOVE_LIMIT_REASON} of {max_plies} plies reached") });
        }
        let side = session.side_to_move() as usize;
        let Some(player) = seats.get_mut(side) else {
            return Err(SessionError::GameOver(format!("no player for seat {}", side + 1)));
        };
        match computer_turn(session, player, |_| {})? {
            Turn::Played(m) => on_move(session, &m),
            Turn::Forfeited(result) => return Ok(result),
        }
        plies += 1;
    }
}
