//! Whether a position read from text can occur: the setup order, whole
//! armies, what can have moved, and a view's unknowns that can be filled.

use crate::board::{in_zone, zone_order, SQUARES, ZONE};
use crate::rank::{movable, ARMY, ARMY_SIZE, KINDS, NAMES, UNKNOWN};
use crate::state::{Game, Mode, Phase, PLAYERS};

/// A player's pieces on the board: known counts by rank, unknown ones,
/// and unknown ones that have moved.
pub(crate) struct Counts {
    pub known: [u8; KINDS],
    pub unknown: u8,
    pub unknown_moved: u8,
}

pub(crate) fn counts(game: &Game, player: u8) -> Counts {
    let mut c = Counts { known: [0; KINDS], unknown: 0, unknown_moved: 0 };
    for square in 0..SQUARES as u16 {
        let s = game.at(square);
        if !s.is(player) {
            continue;
        }
        if s.rank() == UNKNOWN {
            c.unknown += 1;
            c.unknown_moved += s.moved() as u8;
        } else {
            c.known[s.rank() as usize] += 1;
        }
    }
    c
}

/// The ranks of `player`'s army not accounted for by known pieces and
/// lost ones: what the unknown pieces (and the reserve) are.
pub(crate) fn unaccounted(game: &Game, player: u8, known: &[u8; KINDS]) -> Result<[u8; KINDS], String> {
    let mut left = [0u8; KINDS];
    for rank in 1..KINDS {
        let used = known[rank] + game.lost[player as usize][rank];
        left[rank] = ARMY[rank].checked_sub(used).ok_or_else(|| {
            format!(
                "{} has more pieces of rank {} than an army ({})",
                PLAYERS[player as usize], NAMES[rank], ARMY[rank]
            )
        })?;
    }
    Ok(left)
}

/// Checks the state read from a text (squares, phase, fields); the
/// player whose zone was out of sight and their count of pieces in it.
pub(crate) fn check(game: &Game, fog: &[u16], dealing: bool, placed: Option<u8>) -> Result<Option<(u8, u8)>, String> {
    let fogged = match game.phase {
        Phase::Setup { player, mode } => check_setup(game, player, mode, fog, dealing, placed)?,
        Phase::Play { .. } => {
            if !fog.is_empty() || dealing || placed.is_some() {
                return Err("squares out of sight (#), -deal and placed= belong to the setup".into());
            }
            check_battle(game)?;
            None
        }
    };
    for player in 0..2u8 {
        let c = counts(game, player);
        let left = unaccounted(game, player, &c.known)?;
        let movable_left: u8 = (1..KINDS).filter(|&r| movable(r as u8)).map(|r| left[r]).sum();
        if c.unknown_moved > movable_left {
            return Err(format!(
                "{} has {} unknown pieces that moved but only {movable_left} movable pieces unaccounted for",
                PLAYERS[player as usize], c.unknown_moved
            ));
        }
    }
    Ok(fogged)
}

fn check_setup(
    game: &Game,
    player: u8,
    mode: Mode,
    fog: &[u16],
    dealing: bool,
    placed: Option<u8>,
) -> Result<Option<(u8, u8)>, String> {
    let who = PLAYERS[player as usize];
    if game.config.random_setup && mode == Mode::Place {
        return Err(format!("with setup=random the setups are dealt: {who}-setup cannot occur"));
    }
    if game.lost != [[0; KINDS]; 2] || game.series.iter().any(|s| s.count > 0) || game.quiet > 0 {
        return Err("nothing is lost, moved or counted before the battle: lost=-/- last=-/-".into());
    }
    for square in 0..SQUARES as u16 {
        let s = game.at(square);
        if s.is_empty() {
            continue;
        }
        let owner = s.owner();
        if !in_zone(owner, square) || (owner == 1 && player == 0) {
            return Err(format!(
                "during {who}'s setup no {} piece stands on {}",
                PLAYERS[owner as usize],
                crate::board::name(square)
            ));
        }
        if s.moved() || s.revealed() {
            return Err("no piece has moved or been shown during the setup".into());
        }
    }
    if player == 1 && game.pieces_on_board(0) != ARMY_SIZE {
        return Err("blue sets up after red's 40 pieces are all on the board".into());
    }
    let mut zone: Vec<u16> = zone_order(player).to_vec();
    zone.sort_unstable();
    if fog.is_empty() {
        if dealing || placed.is_some() {
            return Err(format!("-deal and placed= come with {who}'s zone out of sight (#)"));
        }
        if game.pieces_on_board(player) >= ARMY_SIZE {
            return Err(format!("{who}'s setup is complete, so the phase has moved on"));
        }
        return Ok(None);
    }
    if fog != zone.as_slice() {
        return Err(format!("the squares out of sight (#) must be exactly {who}'s four setup rows"));
    }
    match placed {
        Some(n) if (n as usize) < ZONE => Ok(Some((player, n))),
        _ => Err(format!("placed= must count {who}'s pieces out of sight, 0 to 39")),
    }
}

fn check_battle(game: &Game) -> Result<(), String> {
    if game.flag_lost(0) && game.flag_lost(1) {
        return Err("both flags are lost".into());
    }
    for player in 0..2u8 {
        let on_board = game.board.iter().filter(|s| s.is(player)).count() as u32;
        let lost: u32 = game.lost[player as usize].iter().map(|&n| n as u32).sum();
        if on_board + lost != ARMY_SIZE as u32 {
            return Err(format!(
                "{} has {on_board} pieces on the board and {lost} lost: an army is {ARMY_SIZE}",
                PLAYERS[player as usize]
            ));
        }
    }
    Ok(())
}
