//! The position text and moves as text.
//!
//! ```text
//! <rows> <seat> first=<colour> quiet=<n> captured=<letters> [flip=<square>]
//! ```
//!
//! * `rows`: ranks 4 down to 1, `/` between them, eight squares each:
//!   `.` empty, `?` face down, or a face-up piece's letter (`G` general,
//!   `A` advisor, `E` elephant, `R` chariot, `H` horse, `C` cannon, `S`
//!   soldier; red upper case, black lower case).
//! * `seat`: `first` or `second` to move (at a chance node: the seat that
//!   flipped).
//! * `first`: the colour the first seat plays (`red`, `black`, or `-`
//!   before the first flip).
//! * `quiet`: plies since the last flip or capture.
//! * `captured`: the pieces taken so far (`-` for none); with the rows
//!   they say which pieces are still face down.
//! * `flip`: the square just flipped, whose piece chance shows next.
//!
//! Moves: a flip is the square (`c3`), a move `c3c4` (standard:
//! `c3-c4`, a capture `c3xc4`), and what chance shows the piece's letter,
//! `@` and the square (`R@c3`).

use rules_api::{Move, Notation, PluginError, CELL_NONE};

use crate::board::{name, parse_square, FILES, RANKS, SQUARES};
use crate::piece::{self, COLOURS, SET, TYPES};
use crate::state::{Config, Game, DOWN, EMPTY};

/// The seats' names.
pub const SEATS: [&str; 2] = ["first", "second"];

/// The position text.
pub fn write(game: &Game) -> String {
    let mut out = String::with_capacity(80);
    for r in (0..RANKS).rev() {
        for f in 0..FILES {
            out.push(match game.at(r * FILES + f) {
                EMPTY => '.',
                DOWN => '?',
                code => piece::letter(code),
            });
        }
        out.push(if r == 0 { ' ' } else { '/' });
    }
    out.push_str(SEATS[game.side as usize]);
    out.push_str(&format!(" first={}", game.first_colour.map_or("-", |c| COLOURS[c as usize])));
    out.push_str(&format!(" quiet={}", game.quiet));
    let captured: String = (1..TYPES as u8)
        .flat_map(|code| std::iter::repeat(piece::letter(code)).take(game.captured[code as usize] as usize))
        .collect();
    out.push_str(&format!(" captured={}", if captured.is_empty() { "-" } else { captured.as_str() }));
    if let Some(square) = game.flip {
        out.push_str(&format!(" flip={}", name(square)));
    }
    out
}

fn bad(text: &str, why: impl std::fmt::Display) -> PluginError {
    PluginError::invalid_input(format!("banqi position '{text}': {why}"))
}

/// Reads a position text, with an error naming what is wrong.
pub fn read(config: Config, text: &str) -> Result<Game, PluginError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let [rows, seat, rest @ ..] = fields.as_slice() else {
        return Err(bad(text, "expected the rows, the seat to move, first=, quiet= and captured="));
    };
    let mut game = Game::new(config);
    read_rows(&mut game, rows).map_err(|why| bad(text, why))?;
    game.side = SEATS
        .iter()
        .position(|s| s == seat)
        .ok_or_else(|| bad(text, format!("the seat to move is 'first' or 'second', not '{seat}'")))?
        as u8;
    let mut seen = [false; 4];
    for field in rest {
        let (key, value) = field.split_once('=').ok_or_else(|| bad(text, format!("'{field}' is not key=value")))?;
        let Some(slot) = ["first", "quiet", "captured", "flip"].iter().position(|k| *k == key) else {
            return Err(bad(text, format!("unknown field '{key}' (first, quiet, captured, flip)")));
        };
        if std::mem::replace(&mut seen[slot], true) {
            return Err(bad(text, format!("field '{key}' is given twice")));
        }
        let result = match slot {
            0 => read_colour(&mut game, value),
            1 => value.parse().map(|q| game.quiet = q).map_err(|_| format!("quiet={value} is not a count")),
            2 => read_captured(&mut game, value),
            _ => parse_square(value).map(|s| game.flip = Some(s)).ok_or_else(|| format!("flip={value} is no square")),
        };
        result.map_err(|why| bad(text, why))?;
    }
    if !seen[0] || !seen[1] || !seen[2] {
        return Err(bad(text, "the fields first=, quiet= and captured= are required"));
    }
    check(&mut game).map_err(|why| bad(text, why))?;
    game.rehash();
    Ok(game)
}

fn read_rows(game: &mut Game, rows: &str) -> Result<(), String> {
    let rows: Vec<&str> = rows.split('/').collect();
    if rows.len() != RANKS as usize {
        return Err(format!("{} rows instead of {RANKS} (separated by '/')", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let r = RANKS - 1 - i as u16;
        if row.chars().count() != FILES as usize {
            return Err(format!("rank {} has {} squares, not {FILES}: '{row}'", r + 1, row.chars().count()));
        }
        for (f, c) in row.chars().enumerate() {
            let square = r * FILES + f as u16;
            game.board[square as usize] = match c {
                '.' => EMPTY,
                '?' => DOWN,
                _ => piece::from_letter(c).ok_or_else(|| format!("'{c}' on {} names no piece", name(square)))?,
            };
        }
    }
    Ok(())
}

fn read_colour(game: &mut Game, value: &str) -> Result<(), String> {
    game.first_colour = match value {
        "-" => None,
        _ => {
            Some(COLOURS.iter().position(|c| *c == value).ok_or_else(|| format!("first={value}: red, black or -"))?
                as u8)
        }
    };
    Ok(())
}

fn read_captured(game: &mut Game, value: &str) -> Result<(), String> {
    if value == "-" {
        return Ok(());
    }
    for c in value.chars() {
        let code = piece::from_letter(c).ok_or_else(|| format!("captured: '{c}' names no piece"))?;
        game.captured[code as usize] += 1;
    }
    Ok(())
}

/// Checks that the pieces add up to two sets and derives what is face down.
fn check(game: &mut Game) -> Result<(), String> {
    let mut face_up = [0u8; TYPES];
    let mut down = 0u32;
    for &c in &game.board {
        match c {
            EMPTY => {}
            DOWN => down += 1,
            code => face_up[code as usize] += 1,
        }
    }
    let mut left = 0u32;
    for code in 1..TYPES as u8 {
        let have = SET[piece::kind(code) as usize];
        let seen = face_up[code as usize] + game.captured[code as usize];
        if seen > have {
            return Err(format!(
                "{seen} pieces '{}' (on the board and captured): a set has {have}",
                piece::letter(code)
            ));
        }
        game.pool[code as usize] = have - seen;
        left += (have - seen) as u32;
    }
    if left != down {
        return Err(format!("{down} pieces lie face down, but {left} are neither face up nor captured"));
    }
    let anything_shown = face_up.iter().chain(game.captured.iter()).any(|&n| n > 0);
    if game.first_colour.is_none() && anything_shown {
        return Err("first=-, but pieces have been shown: the first flip decides the colours".into());
    }
    if game.first_colour.is_some() && !anything_shown {
        return Err("the colours are decided (first=) but no piece has been shown".into());
    }
    if let Some(square) = game.flip {
        if game.at(square) != DOWN {
            return Err(format!("flip={}: that square holds no face-down piece", name(square)));
        }
    }
    Ok(())
}

impl Game {
    /// A legal move as text.
    pub fn move_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not a legal move here")));
        }
        Ok(if m.from == CELL_NONE && m.extra > 0 {
            format!("{}@{}", piece::letter((m.extra - 1) as u8), name(m.to))
        } else if m.from == CELL_NONE {
            name(m.to)
        } else {
            let sep = match notation {
                Notation::COORDINATE => "",
                _ if self.at(m.to) == EMPTY => "-",
                _ => "x",
            };
            format!("{}{sep}{}", name(m.from), name(m.to))
        })
    }

    /// Reads a move in either notation; the error says why it is refused.
    pub fn read_move(&self, text: &str) -> Result<Move, PluginError> {
        let t = text.trim();
        let refuse = |why: &str| PluginError::illegal_move(format!("'{t}' {why}"));
        let m =
            shape(t).ok_or_else(|| refuse("is not a move: write c3 (flip), c3c4 or c3-c4 (move), R@c3 (chance)"))?;
        if self.is_legal(m) {
            return Ok(m);
        }
        Err(refuse(&self.why_illegal(m)))
    }

    fn why_illegal(&self, m: Move) -> String {
        if !self.status().is_ongoing() {
            return "is not legal: the game is over".into();
        }
        if let Some(square) = self.flip {
            return format!("is not legal: chance shows the piece flipped on {} (one still face down)", name(square));
        }
        if m.from == CELL_NONE && m.extra > 0 {
            return "is not legal: only chance shows what a flipped piece is".into();
        }
        if m.from == CELL_NONE {
            return format!("is not legal: no face-down piece lies on {}", name(m.to));
        }
        let mover = self.at(m.from);
        if mover == EMPTY || mover == DOWN || Some(piece::colour(mover)) != self.colour_of(self.side) {
            return format!(
                "is not legal: no face-up piece of {}'s colour stands on {}",
                SEATS[self.side as usize],
                name(m.from)
            );
        }
        "is not legal: a piece steps one square onto an empty square or a weaker (or equal) face-up enemy; \
         the cannon takes by jumping over exactly one piece"
            .into()
    }
}

/// The move a text has the shape of, legal or not.
fn shape(t: &str) -> Option<Move> {
    if let Some((letter, square)) = t.split_once('@') {
        let mut chars = letter.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else { return None };
        return Some(Move::drop(piece::from_letter(c)? as u16, parse_square(square)?));
    }
    let t = t.strip_prefix("flip-").unwrap_or(t);
    let cleaned: String = t.chars().filter(|c| !matches!(c, '-' | 'x' | 'X' | ':')).collect();
    if let Some(square) = parse_square(&cleaned) {
        return Some(Move::place(square));
    }
    let split = cleaned.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic())?.0;
    let (from, to) = (parse_square(&cleaned[..split])?, parse_square(&cleaned[split..])?);
    ((from as usize) < SQUARES).then_some(Move::new(from, to))
}
