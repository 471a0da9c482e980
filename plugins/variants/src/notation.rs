//! Move notation. Machines: Fairy-Stockfish's UCI (`e2e4`, `e7e8q`,
//! `e7e8+` for a shogi-style promotion, `P@e4` for a drop, castling as the
//! king's move). People: SAN (`Nf3`, `exd5`, `e8=Q`, `O-O`, `P@e4`, `+`
//! and `#`), with shogi-style promotions written `Bxh8+` (and a declined
//! one `Bxh8=`), in which case checks are not marked.

use rules_api::{Move, RVec, CELL_NONE};

use crate::position::{tag, Position};
use crate::variant::{kind_of, Promotion};

impl Position {
    /// The UCI text of a move of this position.
    pub fn uci(&self, m: Move) -> String {
        let v = &*self.v;
        if m.tag == tag::DROP {
            let letter = v.kinds[(m.extra - 1) as usize].letter.to_ascii_uppercase();
            return format!("{}@{}", letter, v.square_name(m.to));
        }
        let mut s = format!("{}{}", v.square_name(m.from), v.square_name(m.to));
        if m.extra != 0 && m.tag == tag::NORMAL {
            let target = &v.kinds[(m.extra - 1) as usize];
            if target.letter.starts_with('+') {
                s.push('+');
            } else {
                s.push_str(&target.letter);
            }
        }
        s
    }

    /// The SAN text of a legal move of this position.
    pub fn san(&self, m: Move) -> String {
        let v = &*self.v;
        let shogi_style = v.kinds.iter().any(|k| matches!(k.promotion, Promotion::To(_)));
        let mut s = match m.tag {
            tag::DROP => {
                format!("{}@{}", v.kinds[(m.extra - 1) as usize].letter.to_ascii_uppercase(), v.square_name(m.to))
            }
            tag::CASTLE_RIGHT => "O-O".to_string(),
            tag::CASTLE_LEFT => "O-O-O".to_string(),
            _ => self.san_body(m, shogi_style),
        };
        if !shogi_style && v.royal != crate::variant::NO_KIND {
            let mut after = self.clone();
            after.do_move(m);
            if after.in_check() {
                let mut replies = RVec::new();
                after.generate(&mut replies);
                s.push(if replies.is_empty() { '#' } else { '+' });
            }
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
        if m.extra != 0 {
            let target = &v.kinds[(m.extra - 1) as usize];
            if target.letter.starts_with('+') {
                s.push('+');
            } else {
                s.push('=');
                s.push_str(&target.letter.to_ascii_uppercase());
            }
        } else if shogi_style {
            if let Promotion::To(_) = pk.promotion {
                if v.in_zone(self.side, m.to) || v.in_zone(self.side, m.from) {
                    s.push('=');
                }
            }
        }
        s
    }
}
