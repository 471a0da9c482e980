//! One test per rule. Each quotes the rule as docs/games/tridchess.md
//! states it (Roth's "Federation Revised Standard 5.0", rev. 2012-09-21,
//! with his program of that date where the text is silent); the positions
//! are built so the expected moves can be counted by hand.

mod common;

use common::{at, has, moves, moves_from, play, KINGS};
use rules_api::plugin::{PositionImpl, RulesImpl};
use rules_api::{CellChange, RString, RVec, StatusKind};
use tabula_tridchess::TriDChess;

/// The kings' skeleton with other men and boards swapped in.
fn with(levels: &str, boards: &str, rest: &str) -> String {
    format!("{levels} {boards} {rest}")
}

const EMPTY: &str = "4/4/4/4|4/4/4/4|4/4/4/4";
const HOME_BOARDS: &str = "QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2";

#[test]
fn the_board_has_three_levels_and_four_attack_boards_of_64_squares() {
    // R1 "There are 3 'main' boards (4x4 squares each), and 4 'attack'
    // boards (2x2 each) … the total number of squares is the same as a
    // regular chess board." (Roth §1)
    let p = at(tabula_tridchess::text::START);
    let mut changes = RVec::new();
    p.cell_changes(&mut changes);
    let hidden = changes.iter().filter(|c: &&CellChange| !c.shown).count();
    assert_eq!(tabula_tridchess::squares::CELLS - hidden, 64);
    let mut pieces = RVec::new();
    p.pieces(&mut pieces);
    assert_eq!(pieces.len(), 32);
}

#[test]
fn the_setup_puts_king_queen_and_rooks_on_the_attack_boards() {
    // R2 "The white Bishops and Knights are at elevation 2 on the low main
    // board, and the King, Queen, and Rooks are at elevation 3 on the attack
    // boards. Note that the King and Queen pawns are directly over the
    // Knights." Black is "mirrored, so that each side's Queen is … on its
    // own color." (Roth §2)
    let text = at(tabula_tridchess::text::START).to_text();
    assert!(text.starts_with("4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:PP/RQ,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq"));
    let name = |c: &str| tabula_tridchess::squares::roth_name(tabula_tridchess::squares::parse_cell(c).unwrap());
    // The queen's pawn stands over the queen's knight: a1 at elevation 3 over a1 at 2.
    assert_eq!((name("a1QL1"), name("a1W")), ("b1(3)".to_string(), "b1(2)".to_string()));
    // White's queen on a light square, Black's on a dark one.
    let g = tabula_tridchess::layout::geometry();
    let colour = |c: &str| g.cells[tabula_tridchess::squares::parse_cell(c).unwrap() as usize].color;
    assert_eq!(colour("a0QL1"), colour("z1QL1"));
    assert_ne!(colour("a9QL6"), colour("z1QL1"));
}

#[test]
fn moves_are_chess_moves_seen_from_above_ending_at_any_level_but_never_straight_up() {
    // R3 A move changes file and/or rank as in ordinary chess, seen from
    // above; it may end on any square of the file and rank it reaches, at
    // any level, but no piece moves straight up or down.
    let p = at(&with("4/1R2/4/4|4/4/4/4|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    let mut rook = moves_from(&p, "b3W");
    rook.sort();
    let want = [
        "a3N", "a3W", "b1W", "b2W", "b4N", "b4W", "b5B", "b5N", "b6B", "b6N", "b7B", "b8B", "c3N", "c3W", "d3N", "d3W",
    ];
    let mut want: Vec<String> = want.iter().map(|t| format!("b3W-{t}")).collect();
    want.sort();
    assert_eq!(rook, want);
    assert!(!has(&p, "b3W-b3N"), "straight up is no move");
}

#[test]
fn a_slide_is_blocked_by_the_highest_square_not_above_its_higher_end() {
    // R4 "A slide is blocked by what stands on its path: at every file and
    // rank it passes, the highest square not above the higher of its two
    // ends (path A)."
    let p = at(&with("4/4/4/1R2|4/4/4/1p2|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    assert!(has(&p, "b1W-b4W"), "at elevation 2 the path runs under the pawn on b3N");
    assert!(has(&p, "b1W-b3N"), "the pawn itself can be taken");
    assert!(!has(&p, "b1W-b4N"), "to elevation 4 the path goes through b3N");
    assert!(!has(&p, "b1W-b5B"));
}

#[test]
fn path_b_passes_over_an_attack_board_above_a_fixed_level() {
    // R4 "When that higher end is a fixed level, the path one elevation
    // higher, over an attack board just above the level, may be taken
    // instead (path B)." This is the test of Roth's own program (RookTest:
    // the rook on b1(2) takes on b6(4) once the board at a2(4) stands
    // upright), in Federation Standard names.
    let levels = "4/4/P3/R3|p3/4/4/P3|4/4/4/4";
    let upright = at(&with(levels, "QL3w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    assert!(has(&upright, "a1W-a6N"), "{:?}", moves_from(&upright, "a1W"));
    let inverted = at(&with(levels, "QL3iw:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    assert!(!has(&inverted, "a1W-a6N"), "below the neutral level the board is no way over its pawn");
}

#[test]
fn a_file_and_rank_with_no_square_ends_a_slide() {
    // R4 "A file and rank with no square at all ends the slide": the rook
    // on White's queen's board cannot cross to the king's board.
    let p = at(&with(EMPTY, "QL1w:2/R1,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    assert_eq!(moves_from(&p, "z0QL1"), ["z0QL1-a0QL1", "z0QL1-z1QL1"]);
}

#[test]
fn a_slide_flies_over_a_file_and_rank_whose_squares_are_all_above_it() {
    // R4 "… one whose squares are all above the path blocks nothing", as
    // Roth's program decides it (the slide goes under the higher levels).
    let p = at(&with("R3/4/4/4|4/p3/4/4|4/4/4/4", "QL4iw:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    assert!(has(&p, "a4W-a6QL4i"), "{:?}", moves_from(&p, "a4W"));
    assert!(has(&p, "a4W-a7QL4i"));
    assert!(has(&p, "a4W-a5N"), "the pawn can be taken");
    assert!(!has(&p, "a4W-a6N"), "at elevation 4 the pawn on a5N is in the way");
}

#[test]
fn knights_leap_to_any_level() {
    // R5 Knights leap, over anything, to any square of the file and rank
    // they reach.
    let p = at(&with("4/4/PP2/N3|4/4/4/4|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    assert_eq!(moves_from(&p, "a1W"), ["a1W-b3N", "a1W-b3W", "a1W-c2W"]);
}

#[test]
fn pawns_step_one_rank_or_two_from_the_start_and_take_one_file_aside() {
    // R6 A pawn steps one rank forward to any level (two on its first
    // move, through an empty square of its path) and takes one file to the
    // side and one rank forward, at any level; never straight up.
    let p = at(&with("4/2p1/1P2/4|4/4/4/p3|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    let want = ["b2W-a3N", "b2W-b3N", "b2W-b3W", "b2W-b4N", "b2W-b4W", "b2W-c3W"];
    assert_eq!(moves_from(&p, "b2W"), want);
    // With b3N taken, the two-step to elevation 2 still runs under it.
    let blocked = at(&with("4/4/1P2/4|4/4/4/1p2|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    assert_eq!(moves_from(&blocked, "b2W"), ["b2W-b3W", "b2W-b4W"]);
    // Off its start square a pawn steps one rank only.
    let moved = at(&with("4/1P2/4/4|4/4/4/4|4/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    assert_eq!(moves_from(&moved, "b3W"), ["b3W-b4N", "b3W-b4W"]);
}

#[test]
fn a_pawn_carried_on_a_board_has_used_its_two_step() {
    // R6 "A pawn carried by an attack board has moved." (and so has no
    // two-step left)
    let mut p = at(&with(EMPTY, "QL1w:1P/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    play(&mut p, "QL1-QL3 d9KL6-d8KL6");
    assert_eq!(moves_from(&p, "a3QL3"), ["a3QL3-a4N", "a3QL3-a4W"]);
    play(&mut p, "QL3-QL1 d8KL6-d9KL6");
    assert!(p.to_text().contains(" a1QL1 "), "the pawn is back home but has moved: {}", p.to_text());
    assert_eq!(moves_from(&p, "a1QL1"), ["a1QL1-a2W"]);
}

#[test]
fn en_passant_lands_on_the_square_the_two_step_passed_over() {
    // R7 Right after a pawn's two-step, an enemy pawn on the same rank, one
    // file aside (at any level), may take it, landing on the square the
    // step passed over on its path.
    let start = with("4/4/P3/4|4/4/1p2/4|4/4/4/4", HOME_BOARDS, "w - - - 0 1");
    let mut low = at(&start);
    play(&mut low, "a2W-a4W");
    assert!(low.to_text().contains(" a3W:a4W "), "{}", low.to_text());
    play(&mut low, "b4N-a3W");
    assert!(low.to_text().starts_with("4/p3/4/4|"), "the pawn on a4W is gone: {}", low.to_text());
    let mut high = at(&start);
    play(&mut high, "a2W-a4N");
    assert!(has(&high, "b4N-a3N") && !has(&high, "b4N-a3W"));
    // Only on the very next move.
    let mut late = at(&start);
    play(&mut late, "a2W-a4W d9KL6-d8KL6 d0KL1-d1KL1");
    assert!(!moves(&late).iter().any(|m| m.starts_with("b4N-a3")));
}

#[test]
fn pawns_promote_on_the_last_two_ranks_even_when_a_board_carries_them() {
    // R8 "Promotion: White on ranks 8 and 9, Black on 1 and 0, to a queen,
    // rook, bishop or knight, also when an attack board carries the pawn
    // there."
    let p = at(&with("4/4/4/4|4/4/4/4|4/2P1/4/4", HOME_BOARDS, "w - - - 0 1"));
    assert_eq!(moves_from(&p, "c7B"), ["c7B-c8Bb", "c7B-c8Bn", "c7B-c8Bq", "c7B-c8Br"]);
    let carried = at(&with(EMPTY, "QL4w:1P/2,QL5b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    let boards: Vec<String> = moves(&carried).into_iter().filter(|m| m.starts_with("QL4-QL6")).collect();
    assert_eq!(
        boards,
        ["QL4-QL6b", "QL4-QL6ib", "QL4-QL6in", "QL4-QL6iq", "QL4-QL6ir", "QL4-QL6n", "QL4-QL6q", "QL4-QL6r"]
    );
    let mut promoted = carried.clone();
    play(&mut promoted, "QL4-QL6n");
    assert!(promoted.to_text().contains("QL6w:1N/2"), "{}", promoted.to_text());
}

#[test]
fn castling_trades_king_and_rook_or_brings_the_king_to_the_queens_square() {
    // R9 King's side: king and king's rook trade places. Queen's side: the
    // king goes to the queen's home square, which must be empty, and the
    // queen's rook to the king's. Neither may have moved.
    let text = with(EMPTY, "QL1w:2/R1,QL6b:2/2,KL1w:2/KR,KL6b:k1/2", "w KQ - - 0 1");
    let p = at(&text);
    assert!(has(&p, "d0KL1-e0KL1") && has(&p, "d0KL1-a0QL1"));
    let mut long = p.clone();
    play(&mut long, "O-O-O");
    assert!(long.to_text().contains("QL1w:2/1K,") && long.to_text().contains("KL1w:2/RR"), "{}", long.to_text());
    let mut short = p.clone();
    play(&mut short, "O-O");
    assert!(short.to_text().contains("KL1w:2/RK"), "{}", short.to_text());
    let queen_home = at(&text.replace("QL1w:2/R1", "QL1w:2/RQ"));
    assert!(!has(&queen_home, "d0KL1-a0QL1"), "the queen's square is taken");
    let mut moved = p.clone();
    play(&mut moved, "d0KL1-d1KL1 d9KL6-d8KL6 d1KL1-d0KL1 d8KL6-d9KL6");
    assert!(!has(&moved, "d0KL1-e0KL1") && !has(&moved, "d0KL1-a0QL1"), "the king has moved");
}

#[test]
fn castling_is_refused_out_of_check_and_into_check() {
    // R9 Castling only "if king and rook have never moved, the king is not
    // in check and does not land in check".
    let text = |black: &str| with(black, "QL1w:2/R1,QL6b:2/2,KL1w:2/KR,KL6b:k1/2", "w KQ - - 0 1");
    let checked = at(&text("r3/4/4/4|4/4/4/4|4/4/4/4").replace("r3/", "3r/"));
    assert!(checked.game().in_check(), "the rook on d4W checks d0KL1");
    assert!(!has(&checked, "d0KL1-e0KL1") && !has(&checked, "d0KL1-a0QL1"));
    let into = at(&text("4/1b2/4/4|4/4/4/4|4/4/4/4"));
    assert!(!has(&into, "d0KL1-e0KL1"), "the bishop on b3W covers e0KL1");
    assert!(has(&into, "d0KL1-a0QL1"));
}

#[test]
fn an_attack_board_moves_one_or_two_ranks_along_its_side_or_turns_over() {
    // R10 Instead of moving a piece, a player may move a board he owns when
    // it is empty or carries only one of his pawns, as long as he has a
    // pawn somewhere: to a pin one or two ranks away on its own side, above
    // or below it, or turned over on its pin, if no board is there.
    let pawn = "4/4/1P2/4|4/4/4/4|4/4/4/4";
    let p = at(&with(pawn, "QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    let boards: Vec<String> = moves(&p).into_iter().filter(|m| m.starts_with("QL")).collect();
    assert_eq!(boards, ["QL1-QL1i", "QL1-QL3", "QL1-QL3i"]);
    assert!(!moves(&p).iter().any(|m| m.starts_with("KL1")), "a board carrying the king stays");
    let taken = at(&with(pawn, "QL1w:2/2,QL3ib:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    let boards: Vec<String> = moves(&taken).into_iter().filter(|m| m.starts_with("QL")).collect();
    assert_eq!(boards, ["QL1-QL1i", "QL1-QL3"], "QL3i holds Black's board");
    let no_pawn = at(&with("4/4/4/N3|4/4/4/4|4/4/4/4", "QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    assert!(moves(&no_pawn).iter().any(|m| m.starts_with("a1W-")), "the game goes on");
    assert!(!moves(&no_pawn).iter().any(|m| m.starts_with("QL")), "without a pawn no board moves");
    let rider = |cargo: &str| at(&with(pawn, &format!("QL3w:{cargo},QL6b:2/2,KL1w:2/K1,KL6b:k1/2"), "w - - - 0 1"));
    let rides = |cargo: &str| moves(&rider(cargo)).iter().any(|m| m.starts_with("QL3-"));
    assert!(rides("P1/2"), "one own pawn rides");
    assert!(!rides("PP/2"), "two men stay");
    assert!(!rides("N1/2"), "a knight stays");
    assert!(!rides("p1/2"), "an enemy pawn stays");
    assert!(!moves(&p).iter().any(|m| m.starts_with("QL6")), "Black's board is Black's");
}

#[test]
fn a_board_move_that_exposes_the_king_is_illegal() {
    // R12 No move, a board's included, may leave the mover's king attacked:
    // turning White's board upright would open path B from the rook on a6N
    // over White's pawn on a3N to the king on a1W.
    let p = at(&with("4/4/4/K3|r3/4/4/P3|4/4/4/4", "QL3iw:2/2,QL6b:2/2,KL1w:2/2,KL6b:k1/2", "w - - - 0 1"));
    assert!(!p.game().in_check());
    assert!(has(&p, "QL3i-QL1") && !has(&p, "QL3i-QL3"), "{:?}", moves(&p));
}

#[test]
fn taking_the_last_enemy_man_on_a_board_takes_the_board() {
    // R11 "A player who takes the last man of the board's owner standing
    // on it takes the board; an empty board stays with its owner."
    let mut q = at(&with("4/4/4/4|4/4/4/1p2|4/4/4/4", "QL3w:2/1P,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "b - - - 0 1"));
    play(&mut q, "b3N-a2QL3");
    assert!(q.to_text().contains("QL3b:2/1p"), "{}", q.to_text());
    play(&mut q, "d0KL1-d1KL1");
    assert!(has(&q, "QL3-QL5"), "the new owner moves it");
    let mut left = at(&with("4/4/P3/4|4/4/4/4|4/4/4/4", "QL3w:2/R1,QL6b:2/2,KL1w:2/K1,KL6b:k1/2", "w - - - 0 1"));
    play(&mut left, "z2QL3-b2W");
    assert!(left.to_text().contains("QL3w:2/2"), "{}", left.to_text());
}

#[test]
fn checkmate_wins_and_stalemate_draws() {
    // R13 Checkmate wins; a player with no legal move who is not in check
    // is stalemated, a draw.
    let mate = at("4/4/4/4|4/4/4/4|2Q1/4/4/2R1 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:kr/pp b - - - 0 1");
    assert_eq!(
        (mate.status().kind, mate.status().winner, mate.status().reason.as_str()),
        (StatusKind::WIN, 0, "checkmate")
    );
    assert!(moves(&mate).is_empty());
    let stale = at("4/4/4/4|4/4/4/4|R3/2Q1/4/4 QL1w:2/2,QL6b:2/2,KL1w:2/K1,KL6b:k1/2 b - - - 0 1");
    assert_eq!((stale.status().kind, stale.status().reason.as_str()), (StatusKind::DRAW, "stalemate"));
}

#[test]
fn repetition_fifty_moves_and_bare_kings_draw() {
    // R14 A third repetition of a position, the configured number of plies
    // (100) without a capture or pawn move, and bare kings are draws.
    let mut p = at(&with("4/4/4/N3|4/4/4/4|n3/4/4/4", HOME_BOARDS, "w - - - 0 1"));
    play(&mut p, "a1W-c2W a8B-c7B c2W-a1W c7B-a8B a1W-c2W a8B-c7B c2W-a1W");
    assert!(p.status().is_ongoing());
    play(&mut p, "c7B-a8B");
    assert_eq!(p.status().reason.as_str(), "threefold repetition");
    let option = rules_api::Tuple2(RString::from("no_progress_plies"), RString::from("4"));
    let short = TriDChess::from_options(&RVec::from(vec![option])).unwrap();
    let mut q = short.position_from_text(&with("4/4/4/N3|4/4/4/4|n3/4/4/4", HOME_BOARDS, "w - - - 0 1")).unwrap();
    play(&mut q, "a1W-b3W a8B-b6B b3W-c1W");
    assert!(q.status().is_ongoing());
    play(&mut q, "b6B-c8B");
    assert_eq!(q.status().reason.as_str(), "no capture or pawn move for too long");
    assert_eq!(at(KINGS).status().reason.as_str(), "only the kings are left");
}
