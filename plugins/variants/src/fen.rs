//! Position text in Fairy-Stockfish's FEN: the board (`+p` promoted forms,
//! `p~` promoted pawns in drop games), pieces in hand in brackets, the side
//! to move, castling, en passant, checks left (`3+3`) in n-check games, and
//! the two move counters. Fields after the side to move may be left out.

use std::sync::Arc;

use crate::position::{castle_bit, Position};
use crate::variant::{kind_of, owner_of, Promotion, Variant, NO_KIND, NO_SQ};

/// A piece read from a FEN board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Where.
    pub square: u16,
    /// Which kind (index into the letters).
    pub kind: u8,
    /// Whose.
    pub player: u8,
    /// Marked `~` (a promoted pawn in a drop game).
    pub promoted: bool,
}

/// Reads the board field of `text` (the part before the first space or
/// `[`) for a `files` × `ranks` board whose kinds have `letters`.
pub fn parse_board(files: u8, ranks: u8, letters: &[String], text: &str) -> Result<Vec<Placed>, String> {
    let field = text.split_whitespace().next().unwrap_or("");
    let field = field.split('[').next().unwrap_or("");
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!("'{field}' has {} ranks separated by '/', the board has {ranks}", rows.len()));
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let chars: Vec<char> = row.chars().collect();
        let mut j = 0;
        while j < chars.len() {
            let c = chars[j];
            if c.is_ascii_digit() {
                let start = j;
                while j < chars.len() && chars[j].is_ascii_digit() {
                    j += 1;
                }
                let n: u32 = chars[start..j].iter().collect::<String>().parse().unwrap_or(0);
                if n == 0 {
                    return Err(format!("rank {} of '{field}': '0' is not a number of empty squares", rank + 1));
                }
                file += n;
                continue;
            }
            let (promoted_form, letter) = if c == '+' {
                j += 1;
                match chars.get(j) {
                    Some(l) if l.is_ascii_alphabetic() => (true, *l),
                    _ => return Err(format!("rank {} of '{field}': '+' must be followed by a piece letter", rank + 1)),
                }
            } else {
                (false, c)
            };
            if !letter.is_ascii_alphabetic() {
                return Err(format!("rank {} of '{field}': '{letter}' is not a piece letter or a digit", rank + 1));
            }
            let key = if promoted_form {
                format!("+{}", letter.to_ascii_lowercase())
            } else {
                letter.to_ascii_lowercase().to_string()
            };
            let Some(kind) = letters.iter().position(|l| *l == key) else {
                let known: Vec<String> = letters.iter().map(|l| l.to_string()).collect();
                return Err(format!(
                    "rank {} of '{field}': no piece has the letter '{}{letter}' (pieces: {})",
                    rank + 1,
                    if promoted_form { "+" } else { "" },
                    known.join(" ")
                ));
            };
            j += 1;
            let marked = chars.get(j) == Some(&'~');
            if marked {
                j += 1;
            }
            if file >= files as u32 {
                return Err(format!("rank {} of '{field}' has more than {files} squares", rank + 1));
            }
            let player = if letter.is_ascii_uppercase() { 0 } else { 1 };
            out.push(Placed {
                square: rank as u16 * files as u16 + file as u16,
                kind: kind as u8,
                player,
                promoted: marked,
            });
            file += 1;
        }
        if file != files as u32 {
            return Err(format!("rank {} of '{field}' has {file} squares, the board has {files} files", rank + 1));
        }
    }
    Ok(out)
}

fn letters(v: &Variant) -> Vec<String> {
    v.kinds.iter().map(|k| k.letter.clone()).collect()
}

impl Position {
    /// Reads a FEN of variant `v`; errors quote the culprit.
    pub fn from_fen(v: &Arc<Variant>, text: &str) -> Result<Position, String> {
        let text = text.trim();
        if text.is_empty() {
            return Err("the position text is empty".into());
        }
        let mut p = Position::empty(v);
        for placed in parse_board(v.files, v.ranks, &letters(v), text)? {
            p.put(placed.square, Variant::code(placed.kind, placed.player), placed.promoted && v.drops);
        }
        let mut fields = text.split_whitespace();
        let board = fields.next().unwrap_or("");
        if let Some(open) = board.find('[') {
            let Some(hand) = board[open + 1..].strip_suffix(']') else {
                return Err(format!("'{board}': the hand must end with ']'"));
            };
            if !v.drops && !hand.is_empty() && hand != "-" {
                return Err(format!("'{hand}': {} has no pieces in hand", v.title));
            }
            for c in hand.chars().filter(|&c| c != '-') {
                let kind = v
                    .kind_of_letter(&c.to_string())
                    .ok_or_else(|| format!("hand '[{hand}]': no piece has the letter '{c}'"))?;
                if v.kinds[kind as usize].base != kind {
                    return Err(format!("hand '[{hand}]': '{c}' is a promoted form and cannot be in hand"));
                }
                p.hand[if c.is_ascii_uppercase() { 0 } else { 1 }][kind as usize] += 1;
                if p.hand[0][kind as usize] as usize >= crate::variant::HAND_KEYS
                    || p.hand[1][kind as usize] as usize >= crate::variant::HAND_KEYS
                {
                    return Err(format!("hand '[{hand}]': too many '{c}'"));
                }
                p.material[if c.is_ascii_uppercase() { 0 } else { 1 }] += v.kinds[kind as usize].value;
            }
        }
        p.side = match fields.next() {
            None | Some("w") => 0,
            Some("b") => 1,
            Some(other) => return Err(format!("'{other}' is not a side to move (w or b)")),
        };
        let rest: Vec<&str> = fields.collect();
        let mut i = 0;
        let is_castling = |s: &str| s == "-" || s.chars().all(|c| c.is_ascii_alphabetic());
        if i < rest.len() && is_castling(rest[i]) {
            p.read_castling(rest[i])?;
            i += 1;
        }
        if i < rest.len() && (rest[i] == "-" || v.parse_square(rest[i]).is_some()) {
            if rest[i] != "-" {
                p.read_ep(v.parse_square(rest[i]).expect("checked"));
            }
            i += 1;
        }
        if v.end.checks > 0 {
            if let Some((a, b)) = rest.get(i).and_then(|s| s.split_once('+')) {
                let parse = |t: &str| t.parse::<u8>().ok().filter(|&n| n <= v.end.checks);
                match (parse(a), parse(b)) {
                    (Some(a), Some(b)) => p.checks_left = [a, b],
                    _ => return Err(format!("'{}' is not the checks left W+B (each 0 to {})", rest[i], v.end.checks)),
                }
                i += 1;
            }
        }
        let mut number = |name: &str| -> Result<Option<u32>, String> {
            match rest.get(i) {
                None => Ok(None),
                Some(t) => {
                    i += 1;
                    t.parse::<u32>().map(Some).map_err(|_| format!("'{t}' is not a {name}"))
                }
            }
        };
        p.halfmove = number("halfmove clock")?.unwrap_or(0);
        p.fullmove = number("move number")?.unwrap_or(1).max(1);
        if let Some(extra) = rest.get(i) {
            return Err(format!("unexpected '{extra}' after the move number"));
        }
        p.validate()?;
        p.rehash();
        p.in_check = p.royal_attacked(p.side);
        Ok(p)
    }

    fn read_castling(&mut self, text: &str) -> Result<(), String> {
        if text == "-" {
            return Ok(());
        }
        let v = Arc::clone(&self.v);
        let Some(rule) = v.castling else {
            return Err(format!("castling rights '{text}', but {} has no castling", v.title));
        };
        for c in text.chars() {
            let player = if c.is_ascii_uppercase() { 0u8 } else { 1 };
            let king = self.royal_sq[player as usize];
            let home = if player == 0 { 0 } else { v.ranks - 1 };
            if king == NO_SQ || v.rank(king) != home {
                return Err(format!("castling right '{c}' needs the king on its first rank"));
            }
            let rook = Variant::code(rule.rook, player);
            let kf = v.file(king);
            let lower = c.to_ascii_lowercase();
            let (left, file) = match lower {
                'k' => (false, (kf + 1..v.files).rev().find(|&f| self.at(v.square(f, home)) == rook)),
                'q' => (true, (0..kf).find(|&f| self.at(v.square(f, home)) == rook)),
                f if (f as u8) >= b'a' && (f as u8 - b'a') < v.files => {
                    let f = f as u8 - b'a';
                    (f < kf, (self.at(v.square(f, home)) == rook).then_some(f))
                }
                _ => return Err(format!("'{c}' in castling rights '{text}' is not K, Q, k, q or a file")),
            };
            let Some(file) = file else {
                return Err(format!("castling right '{c}' needs a rook on that side of the king"));
            };
            self.castling |= castle_bit(player, left);
            self.rook_from[(player * 2 + left as u8) as usize] = v.square(file, home);
        }
        Ok(())
    }

    fn read_ep(&mut self, sq: u16) {
        let v = Arc::clone(&self.v);
        let them = 1 - self.side;
        let forward: i32 = if them == 0 { v.files as i32 } else { -(v.files as i32) };
        let victim = sq as i32 + forward;
        if victim < 0 || victim >= v.nsq() as i32 || self.at(sq) != 0 {
            return;
        }
        let victim = victim as u16;
        let c = self.at(victim);
        if c != 0 && owner_of(c) == them && v.kinds[kind_of(c) as usize].pawn {
            self.ep = sq;
            self.ep_victim = victim;
        }
    }

    fn validate(&self) -> Result<(), String> {
        let v = &self.v;
        if v.royal != NO_KIND {
            let letter = &v.kinds[v.royal as usize].letter;
            for player in 0..2 {
                let n = self.count[player][v.royal as usize];
                if n != 1 && !(v.end.extinction.is_some() && n == 0) {
                    let shown = if player == 0 { letter.to_ascii_uppercase() } else { letter.clone() };
                    return Err(format!("{} must have exactly one '{shown}' (found {n})", v.players[player]));
                }
            }
            let them = 1 - self.side;
            let both = self.royal_sq.iter().all(|&sq| sq != NO_SQ);
            if both && self.royal_attacked(them) {
                return Err(format!("{} is not to move but is in check", v.players[them as usize]));
            }
        }
        Ok(())
    }

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
        if v.drops {
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
        let mut rights = String::new();
        for (player, letters) in [(0u8, ['K', 'Q']), (1, ['k', 'q'])] {
            for (left, l) in [(false, letters[0]), (true, letters[1])] {
                if self.castling & castle_bit(player, left) != 0 {
                    rights.push(l);
                }
            }
        }
        s.push_str(if rights.is_empty() { "-" } else { &rights });
        s.push(' ');
        if self.ep == NO_SQ {
            s.push('-');
        } else {
            s.push_str(&v.square_name(self.ep));
        }
        s.push(' ');
        if v.end.checks > 0 {
            s.push_str(&format!("{}+{} ", self.checks_left[0], self.checks_left[1]));
        }
        s.push_str(&format!("{} {}", self.halfmove, self.fullmove));
        s
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

/// Whether kind `k` promotes chess-style (by choice).
pub fn promotes_by_choice(v: &Variant, k: u8) -> bool {
    matches!(v.kinds[k as usize].promotion, Promotion::Choice(_))
}
