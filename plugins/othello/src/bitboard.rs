//! Othello on 64-bit boards: one bit per square, bit `row * 8 + col` with
//! row 0 the top row (`1` in WOF notation) and column 0 the `a` file.
//!
//! Move generation and flipping walk all eight directions at once with
//! shifts, so neither allocates nor loops over squares.

/// Every square but the `a` file: what a shift towards `h` may land on.
const NOT_A: u64 = 0xfefe_fefe_fefe_fefe;
/// Every square but the `h` file: what a shift towards `a` may land on.
const NOT_H: u64 = 0x7f7f_7f7f_7f7f_7f7f;

/// The eight directions as (shift, mask of squares the shift may reach);
/// a positive shift moves towards higher bits (right or down).
const DIRECTIONS: [(i32, u64); 8] = [
    (1, NOT_A),  // right
    (-1, NOT_H), // left
    (8, !0),     // down
    (-8, !0),    // up
    (9, NOT_A),  // down right
    (7, NOT_H),  // down left
    (-7, NOT_A), // up right
    (-9, NOT_H), // up left
];

#[inline]
fn shift(bits: u64, by: i32, mask: u64) -> u64 {
    (if by > 0 { bits << by } else { bits >> -by }) & mask
}

/// The empty squares where the player owning `me` may play against `them`:
/// each outflanks at least one line of the opponent's discs.
pub fn moves(me: u64, them: u64) -> u64 {
    let empty = !(me | them);
    let mut found = 0;
    for (by, mask) in DIRECTIONS {
        // Runs of the opponent's discs starting next to one of mine; a
        // line holds at most six of them between two other squares.
        let mut run = shift(me, by, mask) & them;
        for _ in 0..5 {
            run |= shift(run, by, mask) & them;
        }
        found |= shift(run, by, mask) & empty;
    }
    found
}

/// The opponent's discs that a disc of mine on `square` turns over (none
/// when the square does not outflank anything).
pub fn flips(me: u64, them: u64, square: u32) -> u64 {
    let placed = 1u64 << square;
    let mut all = 0;
    for (by, mask) in DIRECTIONS {
        let mut line = 0;
        let mut next = shift(placed, by, mask);
        while next & them != 0 {
            line |= next;
            next = shift(next, by, mask);
        }
        if next & me != 0 {
            all |= line;
        }
    }
    all
}

/// The squares set in `bits`, lowest first.
pub fn squares(mut bits: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (bits != 0).then(|| {
            let square = bits.trailing_zeros();
            bits &= bits - 1;
            square
        })
    })
}

/// The squares next to any of `bits` (all eight directions), `bits`
/// included.
pub fn around(bits: u64) -> u64 {
    DIRECTIONS.iter().fold(bits, |acc, &(by, mask)| acc | shift(bits, by, mask))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str) -> u32 {
        let b = name.as_bytes();
        (b[1] - b'1') as u32 * 8 + (b[0] - b'a') as u32
    }

    fn bits(names: &[&str]) -> u64 {
        names.iter().fold(0, |acc, n| acc | 1 << at(n))
    }

    #[test]
    fn the_start_position_has_the_four_textbook_moves() {
        let black = bits(&["e4", "d5"]);
        let white = bits(&["d4", "e5"]);
        assert_eq!(moves(black, white), bits(&["d3", "c4", "f5", "e6"]));
        assert_eq!(flips(black, white, at("d3")), bits(&["d4"]));
    }

    #[test]
    fn no_line_wraps_around_an_edge() {
        // White on h4 and a5 with black on g4: were h4 to wrap onto a5 a
        // move on b5 would be found.
        let black = bits(&["g4"]);
        let white = bits(&["h4", "a5"]);
        assert_eq!(moves(black, white), 0);
        assert_eq!(flips(black, white, at("b5")), 0);
    }

    #[test]
    fn one_disc_flips_lines_in_several_directions() {
        // Black a1 outflanks white b2 (diagonal), b1 (row) and a2 (column).
        let black = bits(&["c3", "c1", "a3"]);
        let white = bits(&["b2", "b1", "a2"]);
        assert_eq!(flips(black, white, at("a1")), white);
        assert_eq!(squares(white).count(), 3);
        assert_eq!(around(bits(&["a1"])), bits(&["a1", "b1", "a2", "b2"]));
    }
}
