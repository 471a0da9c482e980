//! Hex positions drawn from geometry + pieces by the generic renderer:
//! the rhombus leans right, one row per line.

use tabula_suite::diagram::check;

#[test]
fn red_joins_top_and_bottom() {
    check("hex_red_wins", "hex", &[("size", "7")], "", "d1 a1 d2 a2 d3 a3 d4 a4 c5 a5 c6 a6 c7");
}

#[test]
fn blue_swaps_the_opening_stone() {
    // Red's c2 becomes Blue's b3: the stone mirrored across the long diagonal.
    check("hex_swap", "hex", &[("size", "7")], "", "c2 swap");
}
