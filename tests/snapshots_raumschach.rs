//! Raumschach positions drawn from geometry + pieces by the generic
//! renderer: the five levels side by side.

use tabula_suite::diagram::check;

fn raumschach(name: &str, start: &str, moves: &str) {
    check(name, "raumschach", &[], start, moves);
}

#[test]
fn start_position() {
    raumschach("raumschach_start", "", "");
}

#[test]
fn a_pawn_climbs_a_level_and_a_knight_leaps_across_two() {
    raumschach("raumschach_opening", "", "Bc2Cc2 Dc4Dc3 Ab1Cb2");
}

#[test]
fn mate_by_a_queen_guarded_from_the_level_below() {
    // The queen's step along rank b lands next to the king in the corner
    // of level E; the white king on Cc3 guards it.
    raumschach("raumschach_mate", "5/5/5/5/5|5/5/5/5/5|5/5/2K2/5/5|5/5/5/5/1Q3|k4/4p/5/5/5 w 0 1", "Db1Db4");
}

#[test]
fn a_pawn_promotes_to_a_unicorn_on_the_far_rank_of_the_far_level() {
    raumschach("raumschach_promotion", "5/5/5/5/2K2|5/5/5/5/5|5/5/5/5/5|P4/5/5/5/5|4k/5/5/5/5 w 0 1", "Da5Ea5u");
}
