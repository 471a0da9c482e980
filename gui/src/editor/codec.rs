//! Writing a board as the game's own position text, learned from the
//! plugin's texts: the boundary reads texts but never writes one from
//! pieces, so the editor finds, in texts the plugin wrote for positions
//! whose pieces it listed, the field that holds the board, the order its
//! cells are written in, how empty cells are written (a letter each or
//! counted in digits), where the separators fall, the hands in brackets
//! and the field that names the side to move. Every learned reading is
//! checked against each sample; a game whose texts do not fit (a list of
//! numbered squares, stacked pieces) gets no codec and is edited as text.

use super::model::{Board, Sample};

/// Separator-character sets tried: the board field's odd characters, at
/// most this many (each subset is tried).
const MAX_ODD_CHARS: usize = 5;

/// How an empty cell is written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Empty {
    /// Counted with its empty neighbours in digits (`8` in FEN).
    Run,
    /// A character of its own (`.` in gomoku's rows).
    Char(char),
}

/// One piece of a board field.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Sep(char),
    Piece(u8, u16),
    Empty(char),
    Run(usize),
}

/// How this game writes its board; see the module docs.
#[derive(Clone, Debug, PartialEq)]
pub struct Codec {
    /// The whitespace-separated field holding the board.
    field: usize,
    /// Cell indices in the order the text writes them.
    order: Vec<u16>,
    /// Separators written before each cell of `order`, and after the last.
    seps: Vec<String>,
    /// How each cell of `order` is written when empty.
    empties: Vec<Empty>,
    separators: Vec<char>,
    /// `letters[kind][owner]`.
    letters: Vec<Vec<String>>,
    /// The board field ends in the pieces in hand, in brackets.
    hands: bool,
    /// Fields that count one owner's pieces of one kind in hand (nine men's
    /// morris's stones still to place): (field, owner, kind).
    hand_fields: Vec<(usize, u8, u16)>,
    /// The field naming the side to move and its word per player.
    side: Option<(usize, Vec<Option<String>>)>,
}

impl Codec {
    /// Learns the codec from `samples` (the first one's text sets the
    /// layout) of a board whose cells are at `cells` (x, y, layer);
    /// `None` when no reading fits every sample.
    pub fn learn(samples: &[Sample], cells: &[(f32, f32, u16)], letters: Vec<Vec<String>>) -> Option<Codec> {
        // The texts may write the diagram letters in another case (`x`
        // for a stone whose diagram letter is `X`).
        let case = |f: fn(&str) -> String| letters.iter().map(|l| l.iter().map(|s| f(s)).collect()).collect();
        let mut sets: Vec<Vec<Vec<String>>> = vec![letters.clone(), case(str::to_lowercase), case(str::to_uppercase)];
        sets.dedup();
        sets.into_iter().find_map(|letters| Codec::learn_with(samples, cells, letters))
    }

    fn learn_with(samples: &[Sample], cells: &[(f32, f32, u16)], letters: Vec<Vec<String>>) -> Option<Codec> {
        let first = samples.first()?;
        let fields: Vec<&str> = first.text.split_whitespace().collect();
        for (field, text) in fields.iter().enumerate() {
            let (board, _) = split_hands(text);
            let mut odd: Vec<char> = board
                .chars()
                .filter(|c| !c.is_ascii_digit() && !letters.iter().flatten().any(|l| l.contains(*c)))
                .collect();
            odd.sort_unstable();
            odd.dedup();
            if odd.len() > MAX_ODD_CHARS {
                continue;
            }
            for mask in 0..1u32 << odd.len() {
                let separators: Vec<char> =
                    odd.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| *c).collect();
                let Some(tokens) = tokenize(board, &separators, &letters) else { continue };
                if cell_count(&tokens) != cells.len() {
                    continue;
                }
                for order in orders(cells) {
                    let mut codec = Codec {
                        field,
                        order,
                        seps: Vec::new(),
                        empties: Vec::new(),
                        separators: separators.clone(),
                        letters: letters.clone(),
                        hands: text.contains('['),
                        hand_fields: Vec::new(),
                        side: None,
                    };
                    if samples.iter().all(|s| codec.fits(s)) {
                        codec.lay_out(&tokens, samples);
                        codec.side = side_field(samples, field);
                        if !codec.hands {
                            let taken = [Some(field), codec.side.as_ref().map(|s| s.0)];
                            codec.hand_fields = hand_fields(samples, &taken);
                        }
                        return Some(codec);
                    }
                }
            }
        }
        None
    }

    /// The pieces the text can tell apart, (owner, kind) in order: a
    /// letter two pieces share reads as the first of them (a face-down
    /// piece, an arrow that belongs to nobody).
    pub fn palette(&self) -> Vec<(u8, u16)> {
        let mut seen: Vec<&str> = Vec::new();
        let mut out = Vec::new();
        for (kind, per_owner) in self.letters.iter().enumerate() {
            for (owner, letter) in per_owner.iter().enumerate() {
                if !letter.is_empty() && !seen.contains(&letter.as_str()) {
                    seen.push(letter);
                    out.push((owner as u8, kind as u16));
                }
            }
        }
        out
    }

    /// Whether the game's text carries pieces in hand this codec writes.
    pub fn has_hands(&self) -> bool {
        self.hands || !self.hand_fields.is_empty()
    }

    /// Whether the text can hold pieces of `kind` in `owner`'s hand.
    pub fn holds(&self, owner: u8, kind: u16) -> bool {
        self.hands || self.hand_fields.iter().any(|h| h.1 == owner && h.2 == kind)
    }

    /// Whether the text names the side to move in a field of its own.
    pub fn has_side(&self) -> bool {
        self.side.is_some()
    }

    /// `text` with its board field (and hands) written from `board`, and
    /// its side-to-move field naming `side` where the game has one.
    pub fn write(&self, board: &Board, side: u8, text: &str) -> String {
        let mut fields: Vec<String> = text.split_whitespace().map(str::to_string).collect();
        while fields.len() <= self.field {
            fields.push(String::new());
        }
        fields[self.field] = self.board_field(board);
        if let Some((at, words)) = &self.side {
            if let (Some(Some(word)), true) = (words.get(side as usize), *at < fields.len()) {
                fields[*at] = word.clone();
            }
        }
        for &(at, owner, kind) in &self.hand_fields {
            if let Some(f) = fields.get_mut(at) {
                *f = board.in_hand(owner, kind).to_string();
            }
        }
        fields.join(" ")
    }

    /// The board (and hands) a text shows, when its board field reads
    /// (the plugin may still refuse the position).
    pub fn read(&self, text: &str) -> Option<Board> {
        let field = text.split_whitespace().nth(self.field)?;
        let (board, hand) = split_hands(field);
        let tokens = tokenize(board, &self.separators, &self.letters)?;
        let mut cells = vec![None; self.order.len()];
        let mut at = 0;
        for t in tokens {
            match t {
                Token::Sep(_) => {}
                Token::Piece(owner, kind) => {
                    *cells.get_mut(*self.order.get(at)? as usize)? = Some((owner, kind));
                    at += 1;
                }
                Token::Empty(_) => at += 1,
                Token::Run(n) => at += n,
            }
        }
        if at != self.order.len() {
            return None;
        }
        let mut hands = match hand {
            Some(h) if self.hands => read_hand(h, &self.letters)?,
            _ => Vec::new(),
        };
        for &(at, owner, kind) in &self.hand_fields {
            let count: u16 = text.split_whitespace().nth(at)?.parse().ok()?;
            if count > 0 {
                hands.push((owner, kind, count));
            }
        }
        hands.sort_unstable();
        Some(Board { cells, hands })
    }

    /// The side a text names in its side-to-move field.
    pub fn side_of(&self, text: &str) -> Option<u8> {
        let (at, words) = self.side.as_ref()?;
        let word = text.split_whitespace().nth(*at)?;
        words.iter().position(|w| w.as_deref() == Some(word)).map(|p| p as u8)
    }

    fn board_field(&self, board: &Board) -> String {
        let mut out = String::new();
        let mut run = 0;
        let flush = |out: &mut String, run: &mut usize| {
            if *run > 0 {
                out.push_str(&run.to_string());
                *run = 0;
            }
        };
        for (i, &cell) in self.order.iter().enumerate() {
            if !self.seps[i].is_empty() {
                flush(&mut out, &mut run);
                out.push_str(&self.seps[i]);
            }
            match board.cells.get(cell as usize).copied().flatten() {
                Some((owner, kind)) => {
                    flush(&mut out, &mut run);
                    out.push_str(self.letter(owner, kind));
                }
                None => match self.empties[i] {
                    Empty::Run => run += 1,
                    Empty::Char(c) => {
                        flush(&mut out, &mut run);
                        out.push(c);
                    }
                },
            }
        }
        flush(&mut out, &mut run);
        out.push_str(&self.seps[self.order.len()]);
        if self.hands {
            out.push('[');
            for &(owner, kind, count) in &board.hands {
                for _ in 0..count {
                    out.push_str(self.letter(owner, kind));
                }
            }
            out.push(']');
        }
        out
    }

    fn letter(&self, owner: u8, kind: u16) -> &str {
        self.letters.get(kind as usize).and_then(|l| l.get(owner as usize)).map_or("?", String::as_str)
    }

    /// Whether this reading of `sample`'s text gives the pieces (and
    /// hands) the plugin listed for it.
    fn fits(&self, sample: &Sample) -> bool {
        let Some(board) = self.read(&sample.text) else { return false };
        let mut listed = vec![None; self.order.len()];
        for &(cell, owner, kind) in &sample.pieces {
            match listed.get_mut(cell as usize) {
                Some(slot @ None) => *slot = Some((owner, kind)),
                // Two pieces on a cell: no letter-per-cell text holds it.
                _ => return false,
            }
        }
        let mut hands = board.hands.clone();
        let mut wanted: Vec<_> = sample.hands.iter().copied().filter(|h| h.2 > 0).collect();
        hands.sort_unstable();
        wanted.sort_unstable();
        board.cells == listed && (!self.has_hands() || hands == wanted)
    }

    /// Records where the separators fall and how each empty cell is
    /// written, from the first sample's tokens (a cell occupied there
    /// takes its style from a later sample, else the commonest style).
    fn lay_out(&mut self, tokens: &[Token], samples: &[Sample]) {
        let n = self.order.len();
        self.seps = vec![String::new(); n + 1];
        let mut styles: Vec<Option<Empty>> = vec![None; n];
        let mut at = 0;
        for t in tokens {
            match t {
                Token::Sep(c) => self.seps[at.min(n)].push(*c),
                Token::Piece(..) => at += 1,
                Token::Empty(c) => {
                    styles[at] = Some(Empty::Char(*c));
                    at += 1;
                }
                Token::Run(k) => {
                    styles[at..at + k].iter_mut().for_each(|s| *s = Some(Empty::Run));
                    at += k;
                }
            }
        }
        for sample in &samples[1..] {
            let Some(field) = sample.text.split_whitespace().nth(self.field) else { continue };
            let Some(more) = tokenize(split_hands(field).0, &self.separators, &self.letters) else { continue };
            fill_styles(&mut styles, &more);
        }
        let runs = styles.iter().filter(|s| **s == Some(Empty::Run)).count();
        let common = styles.iter().flatten().find(|s| **s != Empty::Run).copied();
        let fallback = if runs > 0 || common.is_none() { Empty::Run } else { common.unwrap_or(Empty::Run) };
        self.empties = styles.into_iter().map(|s| s.unwrap_or(fallback)).collect();
    }
}

/// Styles of empty cells seen in another sample, where still unknown.
fn fill_styles(styles: &mut [Option<Empty>], tokens: &[Token]) {
    let mut at = 0;
    for t in tokens {
        let (style, k) = match t {
            Token::Sep(_) => continue,
            Token::Piece(..) => (None, 1),
            Token::Empty(c) => (Some(Empty::Char(*c)), 1),
            Token::Run(k) => (Some(Empty::Run), *k),
        };
        for s in styles.iter_mut().skip(at).take(k) {
            if s.is_none() {
                *s = style;
            }
        }
        at += k;
    }
}

/// For each owner and kind ever held in hand, the field (not `taken`)
/// that gives its count in every sample.
fn hand_fields(samples: &[Sample], taken: &[Option<usize>]) -> Vec<(usize, u8, u16)> {
    let mut held: Vec<(u8, u16)> = samples.iter().flat_map(|s| s.hands.iter().map(|h| (h.0, h.1))).collect();
    held.sort_unstable();
    held.dedup();
    let fields = samples.first().map_or(0, |s| s.text.split_whitespace().count());
    let mut out: Vec<(usize, u8, u16)> = Vec::new();
    for (owner, kind) in held {
        let counts = |f: usize| {
            samples.iter().all(|s| {
                let count = s.hands.iter().find(|h| h.0 == owner && h.1 == kind).map_or(0, |h| h.2);
                s.text.split_whitespace().nth(f).and_then(|w| w.parse::<u16>().ok()) == Some(count)
            })
        };
        let free = |f: &usize| !taken.contains(&Some(*f)) && !out.iter().any(|h| h.0 == *f);
        if let Some(f) = (0..fields).filter(free).find(|&f| counts(f)) {
            out.push((f, owner, kind));
        }
    }
    out
}

/// The board part of a field and its bracketed hands, if any.
fn split_hands(field: &str) -> (&str, Option<&str>) {
    match field.split_once('[') {
        Some((board, rest)) => (board, Some(rest.trim_end_matches(']'))),
        None => (field, None),
    }
}

/// The pieces in hand a bracket lists, counted per owner and kind.
fn read_hand(text: &str, letters: &[Vec<String>]) -> Option<Vec<(u8, u16, u16)>> {
    let mut hands: Vec<(u8, u16, u16)> = Vec::new();
    for t in tokenize(text, &[], letters)? {
        let Token::Piece(owner, kind) = t else { return None };
        match hands.iter_mut().find(|h| h.0 == owner && h.1 == kind) {
            Some(h) => h.2 += 1,
            None => hands.push((owner, kind, 1)),
        }
    }
    Some(hands)
}

/// Splits a board field: separators, the longest matching piece letter,
/// digit runs of empty cells, any other character one empty cell.
fn tokenize(text: &str, separators: &[char], letters: &[Vec<String>]) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if separators.contains(&c) {
            out.push(Token::Sep(c));
            rest = &rest[c.len_utf8()..];
            continue;
        }
        if c.is_ascii_digit() {
            let digits = rest.find(|d: char| !d.is_ascii_digit()).unwrap_or(rest.len());
            let n: usize = rest[..digits].parse().ok()?;
            if n == 0 {
                return None;
            }
            out.push(Token::Run(n));
            rest = &rest[digits..];
            continue;
        }
        // The longest letter that matches; among equals the first listed.
        let best = letters
            .iter()
            .enumerate()
            .flat_map(|(kind, per_owner)| per_owner.iter().enumerate().map(move |(o, l)| (kind, o, l)))
            .filter(|(_, _, l)| !l.is_empty() && rest.starts_with(l.as_str()))
            .fold(None, |best: Option<(usize, usize, &String)>, c| match best {
                Some(b) if b.2.len() >= c.2.len() => Some(b),
                _ => Some(c),
            });
        match best {
            Some((kind, owner, l)) => {
                out.push(Token::Piece(owner as u8, kind as u16));
                rest = &rest[l.len()..];
            }
            None => {
                out.push(Token::Empty(c));
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    Some(out)
}

fn cell_count(tokens: &[Token]) -> usize {
    tokens
        .iter()
        .map(|t| match t {
            Token::Sep(_) => 0,
            Token::Piece(..) | Token::Empty(_) => 1,
            Token::Run(n) => *n,
        })
        .sum()
}

/// The orders a text may write the cells in: the plugin's own numbering,
/// then by layer, row and column in each direction, rows or columns first.
fn orders(cells: &[(f32, f32, u16)]) -> Vec<Vec<u16>> {
    let native: Vec<u16> = (0..cells.len() as u16).collect();
    let mut out = vec![native.clone(), native.into_iter().rev().collect()];
    let key = |v: f32| (v * 1000.0).round() as i64;
    for flags in 0..16u8 {
        let (layer_down, major_down, minor_down, columns) =
            (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0, flags & 8 != 0);
        let sign = |down: bool, v: i64| if down { -v } else { v };
        let mut order: Vec<u16> = (0..cells.len() as u16).collect();
        order.sort_by_key(|&i| {
            let (x, y, layer) = cells[i as usize];
            let (major, minor) = if columns { (key(x), key(y)) } else { (key(y), key(x)) };
            (sign(layer_down, layer as i64), sign(major_down, major), sign(minor_down, minor))
        });
        if !out.contains(&order) {
            out.push(order);
        }
    }
    out
}

/// The field that names the side to move: one word per side seen, a
/// different word for each.
fn side_field(samples: &[Sample], board_field: usize) -> Option<(usize, Vec<Option<String>>)> {
    let players = samples.iter().map(|s| s.side as usize + 1).max()?;
    let fields = samples[0].text.split_whitespace().count();
    (0..fields).filter(|&f| f != board_field).find_map(|f| {
        let mut words: Vec<Option<String>> = vec![None; players];
        for s in samples {
            let word = s.text.split_whitespace().nth(f)?.to_string();
            match &words[s.side as usize] {
                Some(w) if *w != word => return None,
                _ => words[s.side as usize] = Some(word),
            }
        }
        let seen: Vec<&String> = words.iter().flatten().collect();
        let distinct = seen.iter().enumerate().all(|(i, w)| !seen[..i].contains(w));
        (seen.len() >= 2 && distinct).then_some((f, words))
    })
}

#[cfg(test)]
#[path = "codec_tests.rs"]
mod tests;
