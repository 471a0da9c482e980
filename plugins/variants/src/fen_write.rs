//! Writing positions as Fairy-Stockfish writes them (see [`crate::fen`]
//! for the fields).

use crate::position::{castle_bit, Position};
use crate::variant::{kind_of, owner_of, Variant, WALL};

impl Position {
    /// The position as Fairy-Stockfish writes it.
    pub fn to_fen(&self) -> String {
        let v = &*self.v;
        let mut s = String::with_capacity(96);
        for rank in (0..v.ranks).rev() {
            let mut empty = 0;
            for file in 0..v.files {
                let sq = v.square(file, rank);
                let c = self.at(sq);
                if c == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                if c == WALL {
                    s.push('*');
                    continue;
                }
                s.push_str(&piece_letter(v, c));
                if self.promoted[sq as usize] {
                    s.push('~');
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            if rank > 0 {
                s.push('/');
            }
        }
        let hands = v.drops.as_ref().is_some_and(|d| !d.free) || v.gating.is_some_and(|g| g.seirawan);
        if hands {
            s.push('[');
            for player in 0..2u8 {
                for kind in (0..v.nkinds()).rev() {
                    let letter = piece_letter(v, Variant::code(kind as u8, player));
                    for _ in 0..self.hand[player as usize][kind] {
                        s.push_str(&letter);
                    }
                }
            }
            s.push(']');
        }
        s.push_str(if self.side == 0 { " w " } else { " b " });
        s.push_str(&self.castling_field());
        s.push(' ');
        if self.counting.0 != 0 {
            s.push_str(&self.counting.0.to_string());
        } else if self.ep.is_empty() {
            s.push('-');
        } else {
            for sq in self.ep.iter() {
                s.push_str(&v.square_name(sq));
            }
        }
        s.push(' ');
        if v.end.checks > 0 {
            s.push_str(&format!("{}+{} ", self.checks_left[0], self.checks_left[1]));
        }
        let clock = if self.counting.0 != 0 { self.counting.1 as u32 } else { self.halfmove };
        s.push_str(&format!("{} {}", clock, self.fullmove));
        s
    }

    /// Castling rights (`KQkq`, or rook files in Chess960) and gates.
    fn castling_field(&self) -> String {
        let v = &*self.v;
        let mut out = String::new();
        for player in 0..2u8 {
            let case = |c: char| if player == 0 { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() };
            let file_letter = |sq: u16| case((b'a' + v.file(sq)) as char);
            let right = self.castling & castle_bit(player, false) != 0;
            let left = self.castling & castle_bit(player, true) != 0;
            let king = self.castle_king[player as usize];
            if v.chess960 && (right || left) {
                let rule = v.castling.expect("castling");
                let rank = self.castling_rank(player);
                let code = Variant::code(rule.king, player);
                let kings = (0..v.files).filter(|&f| self.at(v.square(f, rank)) == code).count();
                if kings > 1 && king != crate::variant::NO_SQ {
                    out.push(file_letter(king));
                }
            }
            let rook = |left: bool| self.rook_from[(player * 2 + left as u8) as usize];
            if right {
                out.push(if v.chess960 { file_letter(rook(false)) } else { case('K') });
            }
            if left {
                out.push(if v.chess960 { file_letter(rook(true)) } else { case('Q') });
            }
            let shown = v.gating.is_some_and(|g| {
                !g.seirawan
                    || self.hand[player as usize].iter().any(|&n| n > 0)
                    || v.drops.as_ref().is_some_and(|d| d.to_hand)
            });
            if shown {
                for f in 0..v.files {
                    let on_file = self.gates[player as usize].iter().any(|sq| v.file(sq) == f);
                    let any_right = right || left;
                    let redundant = (!v.chess960 && any_right && king != crate::variant::NO_SQ && f == v.file(king))
                        || (right && f == v.file(rook(false)))
                        || (left && f == v.file(rook(true)));
                    if on_file && !redundant {
                        out.push(case((b'a' + f) as char));
                    }
                }
            }
        }
        if out.is_empty() {
            out.push('-');
        }
        out
    }
}

/// The FEN letter of a piece code (`P`, `p`, `+P`).
pub fn piece_letter(v: &Variant, code: u8) -> String {
    let letter = &v.kinds[kind_of(code) as usize].letter;
    if owner_of(code) == 0 {
        letter.to_ascii_uppercase()
    } else {
        letter.clone()
    }
}
