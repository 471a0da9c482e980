//! Reading positions in Fairy-Stockfish's FEN: the board (`+p` promoted
//! forms, `p~` promoted pawns in drop games, `*` walls), pieces in hand in
//! brackets, the side to move, castling rights and gates (`KQkq`, rook
//! files for Chess960 and S-chess gates), the en passant squares (several
//! for a fairy pawn, `d3e4`) or the counting limit, checks left (`3+3`),
//! and the two move counters (the count of the counting rules in place of
//! the halfmove clock). Fields after the side to move may be left out.
//! Writing is in `fen_write.rs`.

use std::sync::Arc;

use crate::position::{castle_bit, EpSquares, Position};
use crate::rules::Counting;
use crate::variant::{is_piece, kind_of, owner_of, Squares, Variant, NO_KIND, NO_SQ, WALL};

/// A piece (or wall) read from a FEN board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placed {
    /// Where.
    pub square: u16,
    /// Which kind (index into the letters); [`NO_KIND`] for a wall.
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
            if file >= files as u32 {
                return Err(format!("rank {} of '{field}' has more than {files} squares", rank + 1));
            }
            let square = rank as u16 * files as u16 + file as u16;
            if c == '*' {
                out.push(Placed { square, kind: NO_KIND, player: 0, promoted: false });
                file += 1;
                j += 1;
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
                return Err(format!(
                    "rank {} of '{field}': no piece has the letter '{}{letter}' (pieces: {})",
                    rank + 1,
                    if promoted_form { "+" } else { "" },
                    letters.join(" ")
                ));
            };
            j += 1;
            let marked = chars.get(j) == Some(&'~');
            if marked {
                j += 1;
            }
            let player = if letter.is_ascii_uppercase() { 0 } else { 1 };
            out.push(Placed { square, kind: kind as u8, player, promoted: marked });
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
        let marks = v.drops.as_ref().is_some_and(|d| d.to_hand && !d.keep_promoted);
        for placed in parse_board(v.files, v.ranks, &letters(v), text)? {
            if placed.kind == NO_KIND {
                p.put(placed.square, WALL, false);
            } else {
                p.put(placed.square, Variant::code(placed.kind, placed.player), placed.promoted && marks);
            }
        }
        let mut fields = text.split_whitespace();
        let board = fields.next().unwrap_or("");
        p.read_hand(board)?;
        p.side = match fields.next() {
            None | Some("w") => 0,
            Some("b") => 1,
            Some(other) => return Err(format!("'{other}' is not a side to move (w or b)")),
        };
        let rest: Vec<&str> = fields.collect();
        let mut i = 0;
        let is_castling = |s: &str| s == "-" || s.chars().all(|c| c.is_ascii_alphabetic());
        if i < rest.len() && is_castling(rest[i]) && !rest[i].chars().next().is_some_and(|c| c.is_ascii_digit()) {
            p.read_castling(rest[i])?;
            i += 1;
            i = p.read_ep_or_count(&rest, i)?;
        }
        i = p.read_checks(&rest, i)?;
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
        if p.counting.0 != 0 && p.halfmove != 0 {
            // Fairy-Stockfish: with counting on, the clock field is the count.
            p.counting.1 = p.halfmove.min(u16::MAX as u32) as u16;
            p.halfmove = 0;
        }
        p.validate()?;
        p.rehash();
        p.in_check = v.has_royal() && p.royal_attacked(p.side);
        Ok(p)
    }

    fn read_hand(&mut self, board: &str) -> Result<(), String> {
        let v = Arc::clone(&self.v);
        let Some(open) = board.find('[') else { return Ok(()) };
        let Some(hand) = board[open + 1..].strip_suffix(']') else {
            return Err(format!("'{board}': the hand must end with ']'"));
        };
        let holds = v.drops.is_some() || v.gating.is_some_and(|g| g.seirawan);
        if !holds && !hand.is_empty() && hand != "-" {
            return Err(format!("'{hand}': {} has no pieces in hand", v.title));
        }
        for c in hand.chars().filter(|&c| c != '-') {
            let kind = v
                .kind_of_letter(&c.to_string())
                .ok_or_else(|| format!("hand '[{hand}]': no piece has the letter '{c}'"))?;
            let player = if c.is_ascii_uppercase() { 0 } else { 1 };
            if self.hand[player][kind as usize] as usize + 1 >= crate::variant::HAND_KEYS {
                return Err(format!("hand '[{hand}]': too many '{c}'"));
            }
            self.hand[player][kind as usize] += 1;
            self.material[player] += v.kinds[kind as usize].value;
        }
        Ok(())
    }

    /// The castling field: rights, Chess960 rook files and gates, read as
    /// Fairy-Stockfish reads them.
    fn read_castling(&mut self, text: &str) -> Result<(), String> {
        if text == "-" {
            return Ok(());
        }
        let v = Arc::clone(&self.v);
        if v.castling.is_none() && v.gating.is_none() {
            return Err(format!("castling rights '{text}', but {} has no castling", v.title));
        }
        for c in text.chars() {
            let player = if c.is_ascii_uppercase() { 0u8 } else { 1 };
            let upper = c.to_ascii_uppercase();
            let rank = self.castling_rank(player);
            let rook = match upper {
                'K' | 'Q' if v.castling.is_some() => self.find_rook(player, upper == 'K'),
                f if (f as u8) >= b'A' && (f as u8 - b'A') < v.files => v.square(f as u8 - b'A', rank),
                _ => return Err(format!("'{c}' in castling rights '{text}' is not K, Q, k, q or a file")),
            };
            if v.castling.is_some() && self.castle_king[player as usize] == NO_SQ {
                self.castle_king[player as usize] = self.find_castling_king(player, rook);
            }
            if let Some(g) = v.gating {
                if self.own(rook, player) {
                    self.gates[player as usize].insert(rook);
                }
                let king = self.castle_king[player as usize];
                if (upper == 'K' || upper == 'Q') && king != NO_SQ {
                    self.gates[player as usize].insert(king);
                } else if !g.seirawan || self.holds_or_captures(player) {
                    continue;
                }
            }
            if v.castling.is_some() && self.castle_king[player as usize] != NO_SQ && self.is_castling_rook(player, rook)
            {
                self.add_castling_right(player, rook);
            }
        }
        if v.gating.is_some_and(|g| g.seirawan) {
            // A player with nothing left to gate has no gates (as after the
            // move that emptied the hand), whatever `KQ` implied.
            for player in 0..2u8 {
                if !self.holds_or_captures(player) {
                    self.gates[player as usize] = Squares::EMPTY;
                }
            }
        }
        if v.gating.is_some_and(|g| g.seirawan) && v.castling.is_some() {
            for player in 0..2u8 {
                let king = self.castle_king[player as usize];
                let rights = self.castling & (castle_bit(player, false) | castle_bit(player, true));
                if king != NO_SQ
                    && self.gates[player as usize].has(king)
                    && rights == 0
                    && self.holds_or_captures(player)
                {
                    for sq in self.gates[player as usize].iter().collect::<Vec<_>>() {
                        if self.is_castling_rook(player, sq) {
                            self.add_castling_right(player, sq);
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Whether `player` holds pieces in hand, or captures go to hand.
    fn holds_or_captures(&self, player: u8) -> bool {
        self.hand[player as usize].iter().any(|&n| n > 0) || self.v.drops.as_ref().is_some_and(|d| d.to_hand)
    }

    /// The rank castling happens on for `player`.
    pub(crate) fn castling_rank(&self, player: u8) -> u8 {
        let r = self.v.castling.map_or(0, |c| c.rank);
        if player == 0 {
            r
        } else {
            self.v.ranks - 1 - r
        }
    }

    fn is_castling_rook(&self, player: u8, sq: u16) -> bool {
        let c = self.at(sq);
        self.v.castling.is_some_and(|rule| is_piece(c) && owner_of(c) == player && rule.rooks >> kind_of(c) & 1 != 0)
    }

    /// `K` looks leftwards from its file for a castling rook, `Q`
    /// rightwards (stopping at the board's edge).
    fn find_rook(&self, player: u8, right: bool) -> u16 {
        let v = &self.v;
        let rule = v.castling.expect("castling");
        let rank = self.castling_rank(player);
        let mut f = if right { rule.rook_search_right } else { rule.rook_search_left } as i32;
        loop {
            let sq = v.square(f as u8, rank);
            let edge = if right { f == 0 } else { f == v.files as i32 - 1 };
            if self.is_castling_rook(player, sq) || edge {
                return sq;
            }
            f += if right { -1 } else { 1 };
        }
    }

    /// The castling king's square as Fairy-Stockfish decides it.
    fn find_castling_king(&self, player: u8, rook: u16) -> u16 {
        let v = &self.v;
        let rule = v.castling.expect("castling");
        let rank = self.castling_rank(player);
        let code = Variant::code(rule.king, player);
        let kings: Vec<u16> = (0..v.files).map(|f| v.square(f, rank)).filter(|&s| self.at(s) == code).collect();
        let sq = if v.chess960 && self.at(rook) == code {
            rook
        } else if !kings.is_empty() && (kings.len() == 1 || v.chess960) {
            kings[0]
        } else {
            v.square(rule.king_file, rank)
        };
        if kings.contains(&sq) {
            sq
        } else {
            NO_SQ
        }
    }

    /// The field after castling: the counting limit (counting rules) or
    /// the en passant squares, concatenated.
    fn read_ep_or_count(&mut self, rest: &[&str], i: usize) -> Result<usize, String> {
        let v = Arc::clone(&self.v);
        let Some(field) = rest.get(i) else { return Ok(i) };
        if v.end.counting != Counting::None && field.bytes().all(|b| b.is_ascii_digit()) && rest.len() > i + 2 {
            let limit: u16 = field.parse().map_err(|_| format!("'{field}' is not a counting limit"))?;
            self.counting = (limit, 0);
            return Ok(i + 1);
        }
        if *field == "-" {
            return Ok(i + 1);
        }
        let mut squares = Vec::new();
        let mut rest_text = *field;
        while !rest_text.is_empty() {
            let len = (2..=rest_text.len().min(3)).rev().find(|&n| v.parse_square(&rest_text[..n]).is_some());
            let Some(n) = len else { break };
            squares.push(v.parse_square(&rest_text[..n]).expect("checked"));
            rest_text = &rest_text[n..];
        }
        if squares.is_empty() || !rest_text.is_empty() {
            // Not an en passant field: the clocks follow.
            return Ok(i);
        }
        self.read_ep(&squares);
        Ok(i + 1)
    }

    /// En passant squares: kept when a piece of the side to move could
    /// take there (as Fairy-Stockfish keeps them).
    fn read_ep(&mut self, squares: &[u16]) {
        let v = Arc::clone(&self.v);
        let us = self.side;
        let fairy = v.kinds.iter().any(|k| k.ep_mark == crate::variant::EpMark::Path);
        let mut ep = EpSquares::NONE;
        let mut victim = NO_SQ;
        for &sq in squares {
            if !v.rules.ep_region[us as usize].has(sq) {
                continue;
            }
            if fairy {
                ep.insert(sq);
                continue;
            }
            let forward: i32 = if us == 0 { -(v.files as i32) } else { v.files as i32 };
            let behind = sq as i32 + forward;
            if self.at(sq) != 0 || behind < 0 || behind >= v.nsq() as i32 {
                continue;
            }
            let c = self.at(behind as u16);
            if is_piece(c) && owner_of(c) != us && v.kinds[kind_of(c) as usize].pawn {
                ep.insert(sq);
                victim = behind as u16;
            }
        }
        if !ep.is_empty() {
            self.ep = ep;
            self.ep_victim = victim;
        }
    }

    /// Checks left `W+B` (check counting); without the field the next
    /// check wins, as in Fairy-Stockfish.
    fn read_checks(&mut self, rest: &[&str], i: usize) -> Result<usize, String> {
        let v = &self.v;
        if v.end.checks == 0 {
            return Ok(i);
        }
        if let Some((a, b)) = rest.get(i).and_then(|s| s.split_once('+')) {
            let parse = |t: &str| t.parse::<u8>().ok().filter(|&n| n <= 9);
            return match (parse(a), parse(b)) {
                (Some(a), Some(b)) => {
                    self.checks_left = [a, b];
                    Ok(i + 1)
                }
                _ => Err(format!("'{}' is not the checks left W+B (each 0 to 9)", rest[i])),
            };
        }
        self.checks_left = [1, 1];
        Ok(i)
    }

    fn validate(&self) -> Result<(), String> {
        let v = &self.v;
        if v.has_royal() {
            let letter = &v.kinds[v.royal as usize].letter;
            for player in 0..2 {
                let n = self.count[player][v.royal as usize];
                let in_hand = self.hand[player][v.royal as usize] > 0;
                if n > 1 || (n == 0 && !in_hand && v.end.extinction.is_none() && v.end.flag.is_none()) {
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
}
