//! Hidden information on the core's side: what a strategy is handed in a
//! game that hides something ([`rules_api::PositionFlags::HIDDEN`]), and
//! what a player may read of the record.
//!
//! A strategy never receives the true position of such a game. Where the
//! core asks a strategy for a move, it hands over
//! `position_from_view(view_text(mover), seed)` instead: a full position
//! that the rules build from the mover's knowledge alone, its hidden parts
//! drawn from `seed`. Two true positions that look the same to the mover
//! give the strategy the same position, so nothing the mover may not know
//! can reach its strategy, whatever the strategy reads of the position.
//!
//! The seed is the game's seed (the one its dice come from, recorded with
//! the game) mixed with the ply ([`turn_seed`]): a match replays with the
//! same samples, and a game's samples differ from move to move.

use rules_api::{Move, Notation, PluginError, PositionBox, PositionExt, RulesBox, RulesExt};

use crate::session::{fresh_seed, Session, SessionError};
use crate::watchdog::watch;

/// Whether `position` belongs to a game with hidden information.
pub fn is_hidden(position: &PositionBox) -> bool {
    watch("flags", || position.is_hidden())
}

/// The seed of the view sample handed to a strategy at `ply` of a game
/// seeded with `game_seed`: SplitMix64 over both, apart from the dice's
/// ChaCha streams of the same seed.
pub fn view_seed(game_seed: u64, ply: usize) -> u64 {
    let mut z = game_seed ^ (ply as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5649_4557_5345_4544;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of the view sample for the side to move of `session`: from
/// the game's recorded seed and the ply, or a fresh one when the session
/// has no seed of its own (its chance comes from outside).
pub fn turn_seed(session: &Session) -> u64 {
    view_seed(session.seed().unwrap_or_else(fresh_seed), session.history().len())
}

/// What a strategy choosing for the side to move of `position` is handed:
/// the position itself in a game without hidden information; otherwise
/// `rules.position_from_view(position.view_text(mover), seed)`, checked to
/// leave the same player to move with the same legal moves (the rule that
/// lets a strategy play from its view: the mover's moves depend only on
/// what the mover knows).
pub fn strategy_position(rules: &RulesBox, position: &PositionBox, seed: u64) -> Result<PositionBox, PluginError> {
    if !is_hidden(position) {
        return Ok(position.clone());
    }
    let mover = watch("side_to_move", || position.side_to_move());
    let view = watch("view_text", || position.view_string(mover))?;
    let sample = watch("position_from_view", || rules.position_for_view(&view, seed))?;
    let broken = |what: String| {
        PluginError::internal(format!(
            "the rules broke the hidden-information contract: the position read from player {mover}'s view {what}"
        ))
    };
    let sampled_mover = watch("side_to_move", || sample.side_to_move());
    if sampled_mover != mover {
        return Err(broken(format!("has player {sampled_mover} to move")));
    }
    let (mut truth, mut seen) = watch("legal_moves", || Ok::<_, PluginError>((position.moves()?, sample.moves()?)))?;
    truth.sort_unstable_by_key(|m| m.to_bits());
    seen.sort_unstable_by_key(|m| m.to_bits());
    if truth != seen {
        return Err(broken(format!("has {} legal moves, the game {}", seen.len(), truth.len())));
    }
    Ok(sample)
}

/// The moves of `session` as `viewer` may read them (the rules'
/// `move_text_for`: a hidden move as `?`), in standard notation; chance
/// moves as the session wrote them.
pub fn moves_for(session: &Session, viewer: u8) -> Result<Vec<String>, SessionError> {
    let mut position = session.start_position().clone();
    let mut out = Vec::with_capacity(session.history().len());
    let fail = |error| SessionError::Plugin { context: "writing the moves as a player reads them".into(), error };
    for played in session.history() {
        let text = if played.is_chance() {
            played.standard.clone()
        } else {
            watch("move_text_for", || position.notate_for(played.mv, Notation::STANDARD, viewer)).map_err(fail)?
        };
        out.push(text);
        let mv: Move = played.mv;
        watch("make_move", || position.play(mv)).map_err(fail)?;
    }
    Ok(out)
}
