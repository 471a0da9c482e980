//! Positions a player cannot tell from the real one.
//!
//! The exact information set of a kriegspiel player (every enemy position
//! consistent with every announcement so far) is intractable, so a sample
//! keeps the player's own pieces, rights and record exactly, and draws the
//! enemy: its material is its starting material less what the player took
//! (a pawn for each pawn capture announced on their move, a piece chosen
//! at random for each piece capture; promotions are not guessed), placed
//! uniformly at random on the squares the player does not hold, subject to
//! what the last announcement says: the enemy piece that just captured
//! stands on the capture square, the side to move is in check from exactly
//! the announced directions and has the announced number of pawn tries,
//! the tries refused to the player this turn are illegal, the position is
//! a legal chess position and the game is not over. Draws that fail are
//! redrawn; after half the attempts the pawn-try count, and after three
//! quarters the check directions and refused tries, are no longer required
//! (the sample is then less faithful, never illegal). Earlier
//! announcements are not used.

use cozy_chess::{get_king_moves, BitBoard, Board, Color, File, Piece, Rank, Square};
use rules_api::{Move, PluginError};
use tabula_chess::ChessPosition;
use tabula_kit::rand::seq::SliceRandom;
use tabula_kit::rng::rng_from_seed;

use crate::position::{material, player, KriegspielPosition};
use crate::umpire::{checks, pawn_tries, Capture};
use crate::view::Knowledge;

const ATTEMPTS: usize = 2000;

/// The enemy pieces to place, king first.
fn enemy_material(k: &Knowledge, rng: &mut tabula_kit::Rng) -> Vec<Piece> {
    let me = player(k.viewer);
    let mut counts = k.enemy_start;
    let mut pieces_taken = 0;
    for e in k.record.iter().filter(|e| e.by == me) {
        match e.umpire.map(|u| u.capture) {
            Some(Capture::Pawn(_)) => counts[Piece::Pawn as usize] = counts[Piece::Pawn as usize].saturating_sub(1),
            Some(Capture::Piece(_)) => pieces_taken += 1,
            _ => {}
        }
    }
    let mut others: Vec<Piece> = Vec::new();
    for p in [Piece::Queen, Piece::Rook, Piece::Bishop, Piece::Knight] {
        others.extend(std::iter::repeat(p).take(counts[p as usize] as usize));
    }
    others.shuffle(rng);
    let kept = others.len().saturating_sub(pieces_taken);
    let pawns = (counts[Piece::Pawn as usize] as usize).saturating_sub(pieces_taken.saturating_sub(others.len()));
    let mut all = vec![Piece::King];
    all.extend_from_slice(&others[..kept]);
    all.extend(std::iter::repeat(Piece::Pawn).take(pawns));
    all
}

/// The cozy-chess form of a try (castling as king takes rook).
fn cozy(m: Move) -> cozy_chess::Move {
    let from = Square::index(m.from as usize);
    let mut to = Square::index(m.to as usize);
    if (m.from == 4 || m.from == 60) && (m.to as i32 - m.from as i32).abs() == 2 {
        to = Square::new(if to.file() == File::G { File::H } else { File::A }, from.rank());
    }
    let promotion = m.extra.checked_sub(1).and_then(|k| Piece::ALL.get(k as usize).copied());
    cozy_chess::Move { from, to, promotion }
}

fn fen(k: &Knowledge, enemy: &[(Square, Piece)]) -> String {
    let mut grid = [None; 64];
    for &(sq, p) in &k.own {
        grid[sq as usize] = Some((k.viewer, p));
    }
    for &(sq, p) in enemy {
        grid[sq as usize] = Some((!k.viewer, p));
    }
    let mut out = String::with_capacity(90);
    for rank in (0..8).rev() {
        let mut empty = 0u8;
        for file in 0..8 {
            match grid[rank * 8 + file] {
                None => empty += 1,
                Some((c, p)) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    let ch = char::from(p);
                    out.push(if c == Color::White { ch.to_ascii_uppercase() } else { ch });
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    let upper = k.viewer == Color::White;
    let mut castling = String::new();
    if k.castling.0 {
        castling.push(if upper { 'K' } else { 'k' });
    }
    if k.castling.1 {
        castling.push(if upper { 'Q' } else { 'q' });
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let side = if k.side == Color::White { "w" } else { "b" };
    format!("{out} {side} {castling} - 0 {}", k.fullmove)
}

/// One random placement of `pieces` on the squares the viewer does not hold.
fn place(k: &Knowledge, pieces: &[Piece], rng: &mut tabula_kit::Rng) -> Option<Vec<(Square, Piece)>> {
    let own: BitBoard = k.own.iter().fold(BitBoard::EMPTY, |b, &(s, _)| b | s.bitboard());
    let own_king = k.own.iter().find(|(_, p)| *p == Piece::King).map(|&(s, _)| s);
    let mut free: Vec<Square> = Square::ALL.into_iter().filter(|s| !own.has(*s)).collect();
    free.shuffle(rng);
    let back = Rank::First.bitboard() | Rank::Eighth.bitboard();
    let mut placed: Vec<(Square, Piece)> = Vec::with_capacity(pieces.len());
    // The enemy's last move, if it captured, ended on the capture square.
    let forced = match k.last_legal() {
        Some((by, u)) if by != player(k.viewer) => match u.capture {
            Capture::Pawn(sq) | Capture::Piece(sq) if !own.has(sq) => Some(sq),
            _ => None,
        },
        _ => None,
    };
    let mut used = BitBoard::EMPTY;
    for (i, &piece) in pieces.iter().enumerate() {
        let ok = |s: &Square| {
            !used.has(*s)
                && (piece != Piece::Pawn || !back.has(*s))
                && (piece != Piece::King || !own_king.is_some_and(|ok| get_king_moves(ok).has(*s)))
        };
        let square = match forced {
            Some(sq) if i == 1.min(pieces.len() - 1) && ok(&sq) => sq,
            _ => *free.iter().find(|s| ok(s) && Some(**s) != forced)?,
        };
        used |= square.bitboard();
        placed.push((square, piece));
    }
    Some(placed)
}

/// A position drawn from a player's knowledge (see the module docs).
pub fn sample(k: &Knowledge, seed: u64) -> Result<KriegspielPosition, PluginError> {
    let mut rng = rng_from_seed(seed);
    let refused = k.refused();
    let last = k.last_legal();
    for attempt in 0..ATTEMPTS {
        let pieces = enemy_material(k, &mut rng);
        let Some(enemy) = place(k, &pieces, &mut rng) else { continue };
        let Ok(board) = Board::from_fen(&fen(k, &enemy), false) else { continue };
        if !board.generate_moves(|_| true) || tabula_chess::insufficient_material(&board) {
            continue;
        }
        let strict_tries = attempt < ATTEMPTS / 2;
        let strict_checks = attempt < ATTEMPTS * 3 / 4;
        if let Some((_, umpire)) = last {
            if strict_checks && checks(&board) != umpire.checks {
                continue;
            }
            if strict_tries && pawn_tries(&board) != umpire.pawn_tries {
                continue;
            }
        } else if strict_checks && !board.checkers().is_empty() {
            continue;
        }
        if strict_checks && refused.iter().any(|&m| board.is_legal(cozy(m))) {
            continue;
        }
        let truth = ChessPosition::from_board(board);
        let origin = if k.viewer == Color::White {
            [material(truth.board(), Color::White), k.enemy_start]
        } else {
            [k.enemy_start, material(truth.board(), Color::Black)]
        };
        return Ok(KriegspielPosition::new(truth, refused, k.record.clone(), origin));
    }
    Err(PluginError::unsupported(format!("kriegspiel: no position matching this view was drawn (seed {seed})")))
}
