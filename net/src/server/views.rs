//! What one follower of a room may read of a game with hidden information
//! (the rules flag `HIDDEN`): the position as its seat's view, the moves
//! as its seat may read them with what it was told by each, and a record
//! of the same. A spectator reads the rules' spectator view. Nothing here
//! is used for games that hide nothing: their lines stay those of
//! protocol 1.

use rules_api::{Notation, PluginError, PositionBox, PositionExt, SPECTATOR};
use tabula_core::session::{PlayedMove, Session};
use tabula_core::watchdog::watch;

use crate::protocol::MoveInfo;

/// A follower's seat, or none for a spectator.
pub type Seat = Option<u8>;

/// The rules' viewer number for `seat`.
pub fn viewer(seat: Seat) -> u8 {
    seat.unwrap_or(SPECTATOR)
}

/// `played`, made on `before`, as `seat` may read it, with what `seat` is
/// told by it (read on `after`, the position it leads to).
pub fn move_for(
    before: &PositionBox,
    after: &PositionBox,
    played: &PlayedMove,
    seat: Seat,
) -> Result<MoveInfo, PluginError> {
    let v = viewer(seat);
    let mv = played.mv;
    Ok(MoveInfo {
        coordinate: watch("move_text_for", || before.notate_for(mv, Notation::COORDINATE, v))?,
        standard: watch("move_text_for", || before.notate_for(mv, Notation::STANDARD, v))?,
        player: played.player,
        announcement: watch("announcement", || after.announcement_for(v))?,
    })
}

/// The position `plies` moves into `session`'s game.
pub fn position_at(session: &Session, plies: usize) -> Result<PositionBox, PluginError> {
    let mut position = session.start_position().clone();
    for played in &session.history()[..plies] {
        let mv = played.mv;
        watch("make_move", || position.play(mv))?;
    }
    Ok(position)
}

/// Every move of `session` as each of `seats` may read it: one list per
/// seat, in the order of `seats` (the game is replayed once for all).
pub fn moves_for(session: &Session, seats: &[Seat]) -> Result<Vec<Vec<MoveInfo>>, PluginError> {
    let mut out = vec![Vec::with_capacity(session.history().len()); seats.len()];
    let mut position = session.start_position().clone();
    for played in session.history() {
        let before = position.clone();
        let mv = played.mv;
        watch("make_move", || position.play(mv))?;
        for (list, &seat) in out.iter_mut().zip(seats) {
            list.push(move_for(&before, &position, played, seat)?);
        }
    }
    Ok(out)
}

/// `position` as `seat` sees it (the rules' view text).
pub fn view_text(position: &PositionBox, seat: Seat) -> Result<String, PluginError> {
    watch("view_text", || position.view_string(viewer(seat)))
}

/// The start text `seat` reads: "" for the usual start, otherwise its view
/// of the start position.
pub fn start_for(session: &Session, seat: Seat) -> Result<String, PluginError> {
    if session.start_text().is_empty() {
        return Ok(String::new());
    }
    view_text(session.start_position(), seat)
}

/// A neutral refusal of an illegal move: the rules' own reasons may name
/// pieces the mover cannot see (a blocked line, a king in check by a piece
/// out of sight), so none is given.
pub fn illegal_move(text: &str) -> String {
    format!(
        "'{}' is not a legal move here (in a game with hidden information the server does not say why)",
        text.trim()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_only_the_move_sent() {
        let m = illegal_move(" d1h5 ");
        assert!(m.starts_with("'d1h5' is not a legal move here"), "{m}");
        assert_eq!(viewer(None), SPECTATOR);
        assert_eq!(viewer(Some(1)), 1);
    }
}
