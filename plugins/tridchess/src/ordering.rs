//! Hints and flags for the generic searches: captures first (most
//! valuable victim, least valuable attacker), then promotions and checks.

use rules_api::{MoveFlags, MoveInfo};

use crate::board::{kind, kind_of, owner_of, Mv, NO_PROMOTION, PAWN};
use crate::eval::{piece_value, VALUE};
use crate::game::Game;

/// The hint and flags of a move from [`Game::pseudo_moves`] of `game`.
pub fn move_info(game: &Game, m: Mv) -> MoveInfo {
    let mut info = MoveInfo::default();
    let victim = match m.kind {
        kind::NORMAL => game.at(m.to),
        kind::EN_PASSANT => game.at(game.ep[1]),
        _ => 0,
    };
    if m.kind == kind::BOARD {
        // A board move reshapes the paths of every piece; worth trying
        // after captures, never flagged as quiet pruning material.
        info.hint = 5;
    } else if victim != 0 {
        let attacker = kind_of(game.at(m.from));
        info.hint = 100_000 + VALUE[kind_of(victim) as usize] * 16 - VALUE[attacker as usize] / 16;
        info.flags |= MoveFlags::CAPTURE | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
    } else if m.kind == kind::NORMAL {
        let piece = game.at(m.from);
        let (owner, k) = (owner_of(piece), kind_of(piece));
        info.hint = piece_value(owner, k, m.to) - piece_value(owner, k, m.from);
        if k == PAWN {
            info.flags |= MoveFlags::IRREVERSIBLE;
        }
    }
    if m.promo != NO_PROMOTION {
        info.hint += 50_000 + VALUE[m.promo as usize];
        info.flags |= MoveFlags::PROMOTION | MoveFlags::TACTICAL | MoveFlags::IRREVERSIBLE;
    }
    let mut next = *game;
    next.apply(m);
    if next.in_check() {
        info.flags |= MoveFlags::CHECK | MoveFlags::TACTICAL;
        info.hint += 20_000;
    }
    info
}
