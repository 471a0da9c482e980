//! Move notation. Machines: Fairy-Stockfish's UCI (`e2e4`, `e7e8q`,
//! `e7e8+` for a shogi-style promotion and `-` for a demotion, `P@e4` and
//! `+P@e4` for drops, castling as the king's move or, in Chess960 and when
//! that is ambiguous, as the king taking its rook, `g1f3h` for S-chess
//! gating, `e2e4,e4d5` for a wall, a pass as the king's square twice).
//! People: SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`, `P@e4`, `+` and `#`, `Nf3/H`,
//! `e4,d5`), with shogi-style promotions written `Bxh8+` (and a declined
//! one `Bxh8=`), in which case checks are not marked; variants whose style
//! says so use shogi notation ([`crate::shogi_notation`]).

use rules_api::{Move, RVec, CELL_NONE};

use crate::position::{tag, Position};
use crate::style::NotationStyle;
use crate::variant::{kind_of, owner_of, Promotion, NO_SQ};

impl Position {
    /// The UCI text of a move of this position.
    pub fn uci(&self, m: Move) -> String {
        let v = &*self.v;
        let kind = tag::of(m);
        if kind == tag::PASS {
            let sq = self.pass_square();
            return if sq == NO_SQ { "0000".to_string() } else { format!("{0}{0}", v.square_name(sq)) };
        }
        if kind == tag::DROP {
            let placed = (m.extra - 1) as usize;
            let base = v.kinds[placed].base as usize;
            let letter = if base != placed {
                format!("+{}", v.kinds[base].letter.to_ascii_uppercase())
            } else {
                v.kinds[placed].letter.to_ascii_uppercase()
            };
            return format!("{}@{}", letter, v.square_name(m.to));
        }
        let (mut from, mut to) = (m.from, m.to);
        let castle = kind == tag::CASTLE_LEFT || kind == tag::CASTLE_RIGHT;
        if m.tag & tag::GATE_ROOK != 0 {
            // Fairy-Stockfish writes a gate on the rook's square from there.
            std::mem::swap(&mut from, &mut to);
        } else if castle && !v.chess960 {
            let (_, kto, _, _) = self.castling_squares(m);
            if !self.plain_move_exists(m.from, kto) {
                to = kto;
            }
        }
        let mut s = format!("{}{}", v.square_name(from), v.square_name(to));
        if m.tag & tag::GATE != 0 {
            s.push_str(&v.kinds[(m.extra - 1) as usize].letter);
        } else if kind == tag::DEMOTION {
            s.push('-');
        } else if m.extra != 0 && kind == tag::NORMAL {
            let target = &v.kinds[(m.extra - 1) as usize];
            if target.letter.starts_with('+') {
                s.push('+');
            } else {
                s.push_str(&target.letter);
            }
        }
        if let Some(w) = tag::wall(m.tag) {
            s.push_str(&format!(",{}{}", v.square_name(to), v.square_name(w)));
        }
        s
    }

    /// The square a pass is written with: the king's, or the mover's first
    /// piece's (as Fairy-Stockfish writes it).
    pub(crate) fn pass_square(&self) -> u16 {
        let us = self.side;
        let king = self.royal_sq[us as usize];
        if king != NO_SQ {
            return king;
        }
        (0..self.v.nsq() as u16).find(|&s| self.own(s, us)).unwrap_or(NO_SQ)
    }

    /// Whether the piece on `from` has a plain (non-castling) move to `to`
    /// by its movement, legality aside.
    fn plain_move_exists(&self, from: u16, to: u16) -> bool {
        let mut moves = RVec::new();
        self.piece_moves(from, self.at(from), &mut moves);
        moves.iter().any(|m| m.to == to && tag::of(*m) == tag::NORMAL)
    }

    /// The standard text of a legal move of this position.
    pub fn san(&self, m: Move) -> String {
        if self.v.style.notation == NotationStyle::Shogi {
            return self.shogi_notation(m);
        }
        let v = &*self.v;
        let kind = tag::of(m);
        let shogi_style = v.shogi_promotions;
        let mut s = match kind {
            tag::PASS => return "pass".to_string(),
            tag::DROP => {
                let placed = (m.extra - 1) as usize;
                format!("{}@{}", v.kinds[placed].letter.to_ascii_uppercase(), v.square_name(m.to))
            }
            tag::CASTLE_RIGHT => "O-O".to_string(),
            tag::CASTLE_LEFT => "O-O-O".to_string(),
            _ => self.san_body(m, shogi_style),
        };
        if m.tag & tag::GATE != 0 {
            s.push('/');
            s.push_str(&v.kinds[(m.extra - 1) as usize].letter.to_ascii_uppercase());
            if m.tag & tag::GATE_ROOK != 0 {
                s.push_str(&v.square_name(m.to));
            }
        }
        if let Some(w) = tag::wall(m.tag) {
            s.push(',');
            s.push_str(&v.square_name(w));
        }
        if !shogi_style && v.has_royal() && self.gives_check(m) {
            let mut after = self.clone();
            after.do_move(m);
            let mut replies = RVec::new();
            after.generate(&mut replies);
            s.push(if replies.is_empty() { '#' } else { '+' });
        }
        s
    }

    fn san_body(&self, m: Move, shogi_style: bool) -> String {
        let v = &*self.v;
        let code = self.at(m.from);
        let kind = kind_of(code);
        let pk = &v.kinds[kind as usize];
        let capture = self.is_capture(m);
        let mut s = String::new();
        let mut others = RVec::new();
        self.generate(&mut others);
        let rivals: Vec<Move> = others
            .iter()
            .copied()
            .filter(|o| o.to == m.to && o.from != m.from && o.from != CELL_NONE && self.at(o.from) == code)
            .collect();
        let same_file = rivals.iter().any(|o| v.file(o.from) == v.file(m.from));
        if pk.pawn {
            // A pawn is named by its file when it captures, and also when
            // another pawn can go to the same square (a variant's pawn may
            // move diagonally or backwards); by its square when that
            // other pawn stands on the same file.
            if capture || !rivals.is_empty() {
                s.push((b'a' + v.file(m.from)) as char);
            }
            if same_file {
                s.push_str(&(v.rank(m.from) as u32 + 1).to_string());
            }
        } else {
            s.push_str(&pk.letter.to_ascii_uppercase());
            if !rivals.is_empty() {
                let same_rank = rivals.iter().any(|o| v.rank(o.from) == v.rank(m.from));
                if !same_file {
                    s.push((b'a' + v.file(m.from)) as char);
                } else if !same_rank {
                    s.push_str(&(v.rank(m.from) as u32 + 1).to_string());
                } else {
                    s.push_str(&v.square_name(m.from));
                }
            }
        }
        if capture {
            s.push('x');
        }
        s.push_str(&v.square_name(m.to));
        let k = tag::of(m);
        if k == tag::DEMOTION {
            s.push('-');
        } else if m.extra != 0 && m.tag & tag::GATE == 0 {
            let target = &v.kinds[(m.extra - 1) as usize];
            if target.letter.starts_with('+') {
                s.push('+');
            } else {
                s.push('=');
                s.push_str(&target.letter.to_ascii_uppercase());
            }
        } else if shogi_style && self.could_promote(m) {
            s.push('=');
        }
        s
    }

    /// Whether a plain move could have been a shogi-style promotion.
    pub(crate) fn could_promote(&self, m: Move) -> bool {
        let v = &*self.v;
        let code = self.at(m.from);
        let us = owner_of(code);
        let pk = &v.kinds[kind_of(code) as usize];
        matches!(pk.promotion[us as usize], Promotion::To(_)) && (v.in_zone(us, m.to) || v.in_zone(us, m.from))
    }
}
