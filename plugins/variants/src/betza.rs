//! Betza's funny notation for piece movement, the subset Tabula reads.
//!
//! A movement string is a sequence of atoms, each with optional lowercase
//! modifiers before it and an optional range after it (`fmWfcFifmnD` is the
//! chess pawn, `mRcpR` the xiangqi cannon). See `docs/VARIANTS.md` for the
//! reference; in short:
//!
//! * atoms: `W` `F` `D` `N` `A` `H` `C` `Z` `G` (leapers), `K` = `WF`,
//!   `R` = `WW`, `B` = `FF`, `Q` = `WWFF` (riders); a doubled leaper is a
//!   rider (`NN`), a number after an atom limits its range (`R2`);
//! * directions `f b l r v s`, alone or paired (`fl`, `ff`, `fs`, …), from
//!   the owner's point of view;
//! * `m` move only, `c` capture only, `n` lame (blocked by the squares it
//!   passes, the xiangqi horse `nN`), `p` hopper (jumps one piece and lands
//!   anywhere beyond it, the cannon), `g` grasshopper (jumps one piece and
//!   lands right behind it), `i` only from the first-move squares.

use std::fmt;

/// The leg may move to an empty square.
pub const MOVE: u8 = 1;
/// The leg may capture an enemy piece.
pub const CAPTURE: u8 = 2;

/// A leg that jumps nothing.
pub const NO_HOP: u8 = 0;
/// A leg that jumps one piece and lands anywhere beyond it (the cannon).
pub const HOP_ANY: u8 = 1;
/// A leg that jumps one piece and lands right behind it (the grasshopper).
pub const HOP_ONE: u8 = 2;

/// One direction of movement of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Leg {
    /// Files per step (right is positive, as the owner sees the board).
    pub dx: i8,
    /// Ranks per step (forward is positive, as the owner sees the board).
    pub dy: i8,
    /// Most steps: 1 for a leaper, 0 for an unlimited rider.
    pub range: u8,
    /// [`MOVE`], [`CAPTURE`] or both.
    pub modes: u8,
    /// Jumps exactly one piece before landing: [`NO_HOP`], [`HOP_ANY`] or
    /// [`HOP_ONE`].
    pub hop: u8,
    /// A leaper that is blocked by a piece on a square it passes.
    pub lame: bool,
    /// Only from the ranks the piece starts on.
    pub initial: bool,
}

impl Leg {
    /// Whether the leg slides (more than one step along its direction).
    pub fn is_rider(&self) -> bool {
        self.range != 1
    }
}

/// Why a movement string was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BetzaError {
    /// What is wrong, quoting the culprit.
    pub message: String,
}

impl fmt::Display for BetzaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

fn error(text: &str, what: String) -> BetzaError {
    BetzaError { message: format!("Betza string '{text}': {what}") }
}

/// The basic vectors of a leaper atom, and whether it is a rider by itself.
fn atom(letter: char) -> Option<(Vec<(i8, i8)>, bool)> {
    let sym = |a: i8, b: i8| -> Vec<(i8, i8)> {
        let mut v = Vec::new();
        for (x, y) in [(a, b), (b, a)] {
            for sx in [1, -1] {
                for sy in [1, -1] {
                    let p = (x * sx, y * sy);
                    if !v.contains(&p) {
                        v.push(p);
                    }
                }
            }
        }
        v
    };
    Some(match letter {
        'W' => (sym(0, 1), false),
        'F' => (sym(1, 1), false),
        'D' => (sym(0, 2), false),
        'N' => (sym(1, 2), false),
        'A' => (sym(2, 2), false),
        'H' => (sym(0, 3), false),
        'C' => (sym(1, 3), false),
        'Z' => (sym(2, 3), false),
        'G' => (sym(3, 3), false),
        'K' => ([sym(0, 1), sym(1, 1)].concat(), false),
        'R' => (sym(0, 1), true),
        'B' => (sym(1, 1), true),
        'Q' => ([sym(0, 1), sym(1, 1)].concat(), true),
        _ => return None,
    })
}

/// A direction chunk: one letter, or a pair that names a narrower set.
#[derive(Clone, Copy, Debug)]
enum Chunk {
    One(char),
    Two(char, char),
}

fn one(c: char, dx: i8, dy: i8) -> bool {
    match c {
        'f' => dy > 0,
        'b' => dy < 0,
        'r' => dx > 0,
        'l' => dx < 0,
        'v' => dy.abs() > dx.abs(),
        's' => dx.abs() > dy.abs(),
        _ => false,
    }
}

fn selects(chunk: Chunk, dx: i8, dy: i8) -> bool {
    match chunk {
        Chunk::One(c) => one(c, dx, dy),
        Chunk::Two(a, b) => {
            let oblique = dx.abs() != dy.abs() && dx != 0 && dy != 0;
            let diagonal = dx.abs() == dy.abs();
            if oblique {
                // ff/bb/ll/rr: the narrow pair; fs/bs/lv/rv: the wide pair;
                // fl/fr/bl/br: both moves of the quadrant.
                match (a, b) {
                    (x, y) if x == y => one(x, dx, dy) && one(if "fb".contains(x) { 'v' } else { 's' }, dx, dy),
                    (x, 's') | (x, 'h') if "fb".contains(x) => one(x, dx, dy) && one('s', dx, dy),
                    (x, 'v') if "lr".contains(x) => one(x, dx, dy) && one('v', dx, dy),
                    _ => one(a, dx, dy) && one(b, dx, dy),
                }
            } else if diagonal {
                one(a, dx, dy) && one(b, dx, dy)
            } else {
                // Orthogonal atoms have no quadrants: a pair is both letters.
                one(a, dx, dy) || one(b, dx, dy)
            }
        }
    }
}

/// Splits direction letters into chunks: a pair when it names a narrower
/// set for this atom, single letters otherwise.
fn chunks(dirs: &[char], oblique: bool, diagonal: bool) -> Vec<Chunk> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < dirs.len() {
        let (a, b) = (dirs[i], dirs.get(i + 1).copied());
        let pair = match b {
            Some(b) if oblique => matches!(
                (a, b),
                ('f' | 'b', 'l' | 'r' | 's' | 'f' | 'b' | 'h') | ('l' | 'r', 'f' | 'b' | 'v' | 'l' | 'r')
            ),
            Some(b) if diagonal => matches!((a, b), ('f' | 'b', 'l' | 'r') | ('l' | 'r', 'f' | 'b')),
            _ => false,
        };
        if pair {
            out.push(Chunk::Two(a, b.unwrap_or(a)));
            i += 2;
        } else {
            out.push(Chunk::One(a));
            i += 1;
        }
    }
    out
}

/// Reads a movement string into legs (white's view; black's are turned
/// round by the caller, so `l` is always the owner's left); an empty string is a piece that never moves (Othello's
/// discs). Errors quote the string and name the culprit.
pub fn parse(text: &str) -> Result<Vec<Leg>, BetzaError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let mut legs: Vec<Leg> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let mut dirs = Vec::new();
        let (mut modes, mut hop, mut lame, mut initial) = (0u8, NO_HOP, false, false);
        while i < chars.len() && chars[i].is_ascii_lowercase() {
            match chars[i] {
                c @ ('f' | 'b' | 'l' | 'r' | 'v' | 's' | 'h') => dirs.push(c),
                'm' => modes |= MOVE,
                'c' => modes |= CAPTURE,
                'p' => hop = HOP_ANY,
                'g' => hop = HOP_ONE,
                'n' => lame = true,
                'i' => initial = true,
                other => {
                    return Err(error(text, format!("unknown modifier '{other}' (known: f b l r v s m c n p g i)")))
                }
            }
            i += 1;
        }
        let Some(&letter) = chars.get(i) else {
            return Err(error(text, "modifiers at the end with no atom after them".into()));
        };
        let Some((vectors, mut rider)) = atom(letter) else {
            return Err(error(text, format!("unknown atom '{letter}' (known: W F D N A H C Z G K R B Q)")));
        };
        i += 1;
        let mut range: u8 = if rider { 0 } else { 1 };
        if !rider && chars.get(i) == Some(&letter) {
            rider = true;
            range = 0;
            i += 1;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        if i > start {
            let digits: String = chars[start..i].iter().collect();
            range = match digits.parse::<u8>() {
                Ok(n) if n >= 1 => n,
                _ => return Err(error(text, format!("range '{digits}' after '{letter}' must be 1 to 255"))),
            };
            rider = range != 1;
        }
        if modes == 0 {
            modes = MOVE | CAPTURE;
        }
        if hop != NO_HOP && !rider {
            return Err(error(text, format!("'p' or 'g' (hopper) needs a rider, not the leaper '{letter}'")));
        }
        if lame && rider {
            return Err(error(text, format!("'n' (lame) applies to leapers, not the rider '{letter}'")));
        }
        if initial && modes & CAPTURE != 0 {
            return Err(error(text, format!("'i' (first move) is supported on move-only legs: write 'im…{letter}'")));
        }
        let sample = vectors[0];
        let oblique = sample.0 != 0 && sample.1 != 0 && sample.0.abs() != sample.1.abs();
        let diagonal = sample.0.abs() == sample.1.abs();
        let chunks = chunks(&dirs, oblique, diagonal);
        let mut selected = 0;
        for (dx, dy) in vectors {
            let step_lame = lame && dx.abs().max(dy.abs()) > 1;
            if !chunks.is_empty() && !chunks.iter().any(|&c| selects(c, dx, dy)) {
                continue;
            }
            selected += 1;
            let leg = Leg { dx, dy, range, modes, hop, lame: step_lame, initial };
            if let Some(existing) = legs.iter_mut().find(|l| Leg { modes: l.modes, ..leg } == **l) {
                existing.modes |= modes;
            } else if let Some(existing) = legs.iter_mut().find(|l| Leg { range: l.range, ..leg } == **l) {
                // A step and a ride the same way (`WbR`): one leg, the
                // longer, so no move is generated twice.
                existing.range = if existing.range == 0 || leg.range == 0 { 0 } else { existing.range.max(leg.range) };
            } else {
                legs.push(leg);
            }
        }
        if selected == 0 {
            let d: String = dirs.iter().collect();
            return Err(error(text, format!("directions '{d}' select no move of '{letter}'")));
        }
    }
    Ok(legs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(text: &str) -> Vec<(i8, i8, u8, u8)> {
        let mut v: Vec<_> = parse(text).unwrap().iter().map(|l| (l.dx, l.dy, l.range, l.modes)).collect();
        v.sort();
        v
    }

    #[test]
    fn the_chess_pawn_moves_forward_and_captures_diagonally() {
        let legs = parse("fmWfcFifmnD").unwrap();
        assert_eq!(legs.len(), 4);
        assert!(legs.contains(&Leg { dx: 0, dy: 1, range: 1, modes: MOVE, hop: NO_HOP, lame: false, initial: false }));
        assert!(legs.contains(&Leg {
            dx: 1,
            dy: 1,
            range: 1,
            modes: CAPTURE,
            hop: NO_HOP,
            lame: false,
            initial: false
        }));
        assert!(legs.contains(&Leg { dx: 0, dy: 2, range: 1, modes: MOVE, hop: NO_HOP, lame: true, initial: true }));
    }

    #[test]
    fn compounds_and_riders() {
        assert_eq!(parse("Q").unwrap().len(), 8);
        assert_eq!(parse("BN").unwrap().len(), 12);
        assert!(parse("NN").unwrap().iter().all(|l| l.range == 0));
        assert!(parse("R4").unwrap().iter().all(|l| l.range == 4));
        assert_eq!(set("K"), set("WF"));
    }

    #[test]
    fn directions_pick_the_owner_relative_moves() {
        // Shogi knight: the two narrow forward knight moves.
        assert_eq!(set("ffN"), vec![(-1, 2, 1, 3), (1, 2, 1, 3)]);
        // Silver general: forward step and the four diagonals.
        assert_eq!(parse("FfW").unwrap().len(), 5);
        // Xiangqi soldier after the river: forward and sideways.
        assert_eq!(set("fsW"), vec![(-1, 0, 1, 3), (0, 1, 1, 3), (1, 0, 1, 3)]);
        assert_eq!(set("flF"), vec![(-1, 1, 1, 3)]);
        assert_eq!(set("fsN"), vec![(-2, 1, 1, 3), (2, 1, 1, 3)]);
    }

    #[test]
    fn cannon_and_horse() {
        let cannon = parse("mRcpR").unwrap();
        assert!(cannon.iter().any(|l| l.hop == HOP_ANY && l.modes == CAPTURE));
        assert!(cannon.iter().any(|l| l.hop == NO_HOP && l.modes == MOVE));
        assert!(parse("gQ").unwrap().iter().all(|l| l.hop == HOP_ONE && l.range == 0));
        assert!(parse("nN").unwrap().iter().all(|l| l.lame));
    }

    #[test]
    fn bad_strings_name_the_culprit() {
        assert!(parse("X").unwrap_err().message.contains("unknown atom 'X'"));
        assert!(parse("fmq").unwrap_err().message.contains("unknown modifier 'q'"));
        assert!(parse("fm").unwrap_err().message.contains("no atom"));
        assert!(parse("pW").unwrap_err().message.contains("hopper"));
        assert!(parse("").unwrap().is_empty());
        assert!(parse("icW").unwrap_err().message.contains("first move"));
    }
}
