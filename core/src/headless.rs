//! Playing a game to the end with computer players only (matches, the demo),
//! every turn through the turn driver ([`crate::turn`]).

use crate::outcome::GameResult;
use crate::players::ComputerPlayer;
use crate::session::{PlayedMove, Session, SessionError};
use crate::turn::{computer_turn, TurnEnd};

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
            return Ok(GameResult::move_limit(max_plies));
        }
        let side = session.side_to_move() as usize;
        let Some(player) = seats.get_mut(side) else {
            return Err(SessionError::GameOver(format!("no player for seat {}", side + 1)));
        };
        match computer_turn(session, player, |_| {})? {
            TurnEnd::Played(m) => on_move(session, &m),
            TurnEnd::Forfeited(result) => return Ok(result),
        }
        plies += 1;
    }
}
