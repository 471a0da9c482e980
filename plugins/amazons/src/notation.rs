//! Move notation: the amazon's square, where she goes, and where her arrow
//! lands, as the game's records write them: `d1-d7/g7`. The coordinate
//! form runs the three squares together: `d1d7g7`. When read, the three
//! squares may be separated by `-`, `/`, `,`, `x`, spaces or brackets
//! (`d1-d7(g7)`), and letters may be capitals.

use rules_api::{Move, Notation, PluginError};

use crate::board::{self, parse_cell};
use crate::movegen;
use crate::position::Amazons;

/// A move for messages, legal or not.
pub fn describe(m: Move) -> String {
    let name = |c: u16| if (c as usize) < board::CELLS { board::name(c as usize) } else { format!("(cell {c})") };
    format!("{}-{}/{}", name(m.from), name(m.to), name(m.tag))
}

/// Writes a move (the caller checks that it is legal).
pub fn write(m: Move, notation: Notation) -> String {
    if notation == Notation::COORDINATE {
        [m.from, m.to, m.tag].iter().map(|&c| board::name(c as usize)).collect()
    } else {
        describe(m)
    }
}

/// Reads a move and returns it if it is legal, or says why not.
pub fn parse(p: &Amazons, text: &str) -> Result<Move, PluginError> {
    let t = text.trim();
    let refuse = |why: String| PluginError::illegal_move(format!("'{t}': {why}"));
    let mut cells = Vec::with_capacity(3);
    let mut rest = t;
    while !rest.is_empty() {
        let skipped = rest.trim_start_matches(['-', '/', ',', 'x', 'X', ' ', '(', ')']);
        if skipped.len() != rest.len() {
            rest = skipped;
            continue;
        }
        let letter = rest.chars().next().filter(char::is_ascii_alphabetic);
        let digits = rest[letter.map_or(0, |_| 1)..].bytes().take_while(u8::is_ascii_digit).count();
        let (name, tail) = rest.split_at(letter.map_or(0, |_| 1) + digits);
        let cell = parse_cell(name).ok_or_else(|| {
            let shown = if name.is_empty() { rest.chars().next().map(String::from).unwrap_or_default() } else { name.to_string() };
            refuse(format!("'{shown}' is not a square of the board (a1 to j10); write the amazon, her square and the arrow: d1-d7/g7"))
        })?;
        cells.push(cell as u16);
        rest = tail;
    }
    let [from, to, arrow] = cells[..] else {
        return Err(refuse(format!(
            "{} squares; a move names three: the amazon, where she goes and the arrow (d1-d7/g7)",
            cells.len()
        )));
    };
    let m = Move { from, to, extra: 0, tag: arrow };
    movegen::check(p, m).map_err(refuse)?;
    Ok(m)
}
