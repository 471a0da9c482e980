//! Shogi notation, the standard notation of the shogi family: Western
//! (Hodges: `P-7f`, `Bx2b+`, `S-4h=`, `P*5e`, the origin square when two
//! pieces could go, `G6i-5h`) or, with the `shogi_notation = japanese`
//! option, Japanese (`７六歩`, `同角成`, `５五歩打`, `４八銀右`).
//! Files are numbered 1… from the first player's right, ranks a… (一…)
//! from the top as the first player sees the board.

use rules_api::{Move, RVec, CELL_NONE};

use crate::position::{tag, Position};
use crate::variant::{kind_of, Promotion};

const FULL_DIGITS: [&str; 10] = ["０", "１", "２", "３", "４", "５", "６", "７", "８", "９"];
const KANJI_DIGITS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];

impl Position {
    /// The file number of `sq` (1 at the first player's right).
    fn shogi_file(&self, sq: u16) -> u32 {
        (self.v.files - self.v.file(sq)) as u32
    }

    /// The rank number of `sq` (1 at the top).
    fn shogi_rank(&self, sq: u16) -> u32 {
        (self.v.ranks - self.v.rank(sq)) as u32
    }

    /// A square in Western shogi notation (`7f`).
    pub fn shogi_square(&self, sq: u16) -> String {
        let rank = self.shogi_rank(sq);
        let letter = (b'a' + rank as u8 - 1) as char;
        format!("{}{}", self.shogi_file(sq), letter)
    }

    /// A square in Japanese notation (`７六`).
    fn japanese_square(&self, sq: u16) -> String {
        let number = |n: u32, digits: &[&str; 10]| {
            if n < 10 {
                digits[n as usize].to_string()
            } else {
                format!("{}{}", digits[(n / 10) as usize], digits[(n % 10) as usize])
            }
        };
        format!("{}{}", number(self.shogi_file(sq), &FULL_DIGITS), number(self.shogi_rank(sq), &KANJI_DIGITS))
    }

    /// The move in the shogi notation the style asks for.
    pub fn shogi_notation(&self, m: Move) -> String {
        if self.v.style.japanese {
            self.japanese_notation(m)
        } else {
            self.western_notation(m)
        }
    }

    /// The pieces of the same kind that could also go to `m.to`.
    fn rivals(&self, m: Move) -> Vec<Move> {
        let code = self.at(m.from);
        let mut others = RVec::new();
        self.generate(&mut others);
        let mut seen: Vec<u16> = Vec::new();
        others
            .iter()
            .copied()
            .filter(|o| o.to == m.to && o.from != m.from && o.from != CELL_NONE && self.at(o.from) == code)
            .filter(|o| {
                let new = !seen.contains(&o.from);
                seen.push(o.from);
                new
            })
            .collect()
    }

    /// Western (Hodges) notation.
    fn western_notation(&self, m: Move) -> String {
        let v = &*self.v;
        let k = tag::of(m);
        match k {
            tag::PASS => return "pass".to_string(),
            tag::DROP => {
                let placed = (m.extra - 1) as usize;
                return format!("{}*{}", western_letter(&v.kinds[placed].letter), self.shogi_square(m.to));
            }
            _ => {}
        }
        let pk = &v.kinds[kind_of(self.at(m.from)) as usize];
        let mut s = western_letter(&pk.letter);
        if !self.rivals(m).is_empty() {
            s.push_str(&self.shogi_square(m.from));
        }
        s.push(if self.is_capture(m) { 'x' } else { '-' });
        s.push_str(&self.shogi_square(m.to));
        if k == tag::DEMOTION {
            s.push('-');
        } else if m.extra != 0 {
            s.push('+');
        } else if self.promotion_was_possible(m) {
            s.push('=');
        }
        s
    }

    /// Whether the mover could have promoted with this move instead.
    fn promotion_was_possible(&self, m: Move) -> bool {
        if !self.could_promote(m) {
            return false;
        }
        let mut moves = RVec::new();
        self.generate(&mut moves);
        moves.iter().any(|o| o.from == m.from && o.to == m.to && o.extra != 0)
    }

    /// Japanese notation.
    fn japanese_notation(&self, m: Move) -> String {
        let k = tag::of(m);
        if k == tag::PASS {
            return "パス".to_string();
        }
        let previous_to = self.history.last().filter(|u| !u.null).map(|u| u.m.to);
        // Kifu files pad 同 with an ideographic space (`同　銀`); a move's
        // text may hold no space at all (the host refuses it), so it is
        // written as print often does, `同銀`.
        let mut s = if previous_to == Some(m.to) { "同".to_string() } else { self.japanese_square(m.to) };
        if k == tag::DROP {
            let placed = (m.extra - 1) as u8;
            s.push_str(&self.kanji_name(placed));
            // 打 only when a piece on the board could go there too.
            let mut moves = RVec::new();
            self.generate(&mut moves);
            let code = crate::variant::Variant::code(placed, self.side);
            if moves.iter().any(|o| o.to == m.to && o.from != CELL_NONE && self.at(o.from) == code) {
                s.push('打');
            }
            return s;
        }
        let kind = kind_of(self.at(m.from));
        s.push_str(&self.kanji_name(kind));
        let rivals = self.rivals(m);
        if !rivals.is_empty() {
            s.push_str(&self.relative(m, &rivals));
        }
        if k == tag::DEMOTION {
            s.push_str("不成");
        } else if m.extra != 0 {
            s.push('成');
        } else if self.promotion_was_possible(m) {
            s.push_str("不成");
        }
        s
    }

    /// The kanji of a kind in notation: one character, or two for the
    /// promoted pieces written with 成.
    fn kanji_name(&self, kind: u8) -> String {
        let pk = &self.v.kinds[kind as usize];
        let [one, two] = &pk.kanji;
        if two.starts_with('成') {
            two.clone()
        } else if !one.is_empty() {
            one.clone()
        } else {
            pk.glyphs[self.side as usize].clone()
        }
    }

    /// Which of several pieces moved: 上 引 寄 by the direction, then 右 左
    /// 直 by the place (the Japan Shogi Association's rules for kifu).
    fn relative(&self, m: Move, rivals: &[Move]) -> String {
        let v = &*self.v;
        let sense = if self.side == 0 { 1 } else { -1 };
        let dir = |mv: &Move| (v.rank(mv.to) as i32 - v.rank(mv.from) as i32) * sense;
        let category = |d: i32| match d.signum() {
            1 => "上",
            -1 => "引",
            _ => "寄",
        };
        let mine = dir(&m);
        let same: Vec<&Move> = rivals.iter().filter(|o| category(dir(o)) == category(mine)).collect();
        if same.is_empty() {
            return category(mine).to_string();
        }
        // Right and left as the mover sees the board.
        let right = |sq: u16| v.file(sq) as i32 * sense;
        let mut out = String::new();
        // 直 (straight up) is for the step movers (golds, silvers and the
        // promoted pieces that move as golds); two dragons or horses are
        // told apart by 右 and 左 only.
        let rider = v.kinds[kind_of(self.at(m.from)) as usize].legs.iter().any(|l| l.is_rider());
        if mine > 0 && v.file(m.from) == v.file(m.to) && !rider {
            out.push('直');
        } else if same.iter().all(|o| right(o.from) < right(m.from)) {
            out.push('右');
        } else if same.iter().all(|o| right(o.from) > right(m.from)) {
            out.push('左');
        } else {
            out.push_str(&format!("{}", self.shogi_file(m.from)));
        }
        if same.iter().any(|o| category(dir(o)) == category(mine) && right(o.from) == right(m.from)) {
            out.push_str(category(mine));
        }
        out
    }

    /// Whether a kind promotes shogi style (for the window's chooser).
    pub fn promotes_shogi_style(&self, kind: u8) -> bool {
        matches!(self.v.kinds[kind as usize].promotion[self.side as usize], Promotion::To(_))
    }
}

/// A piece's Western letter: the FEN letter, with `+` for promoted forms.
fn western_letter(letter: &str) -> String {
    letter.to_ascii_uppercase()
}
