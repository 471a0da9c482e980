//! Oware abapa: the contract, perft against OpenSpiel's counts, each rule
//! (sowing past the emptied pit, capture runs, the grand slam, feeding,
//! the ends and the seeds left), notation, texts, drawing.

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionExt, RVec, RulesBox, RulesExt, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_oware::board::{self, Pits};
use tabula_oware::{Oware, OwarePosition, NORTH, SOUTH};

/// A position whose first-legal-pit play runs into a cycle.
const CYCLE_START: &str = "0,0,0,0,0,1/0,0,0,0,0,1 23 23 s";

fn rules() -> RulesBox {
    rules_box(Oware)
}

fn position(text: &str) -> OwarePosition {
    Oware.position_from_text(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut OwarePosition, moves: &str) {
    for name in moves.split_whitespace() {
        let m = p.parse_move(name, Notation::STANDARD).unwrap_or_else(|e| panic!("{name}: {e}"));
        p.make_move(m).unwrap();
    }
}

fn legal(p: &OwarePosition) -> Vec<String> {
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    moves.iter().map(|&m| p.move_to_text(m, Notation::STANDARD).unwrap()).collect()
}

#[test]
fn keeps_the_position_contract() {
    let budget = Budget { max_plies: 400, ..Budget::default() };
    let report = run(&rules(), &budget);
    report.assert_ok();
    assert_eq!(report.games_finished, budget.playouts as u64, "every random game ends: {report}");
}

#[test]
fn perft_matches_openspiel() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.epd");
    tabula_kit::perft::check_file(&rules(), data, 3_000_000).unwrap();
}

#[test]
fn sowing_runs_counter_clockwise_and_skips_the_emptied_pit() {
    let mut p = OwarePosition::start();
    play(&mut p, "C");
    assert_eq!(p.to_text(), "4,4,0,5,5,5/5,4,4,4,4,4 0 0 n");
    // North's a is opposite South's F, so North sows back towards South's A.
    play(&mut p, "e");
    assert_eq!(p.to_text(), "5,5,1,5,5,5/5,4,4,4,0,5 0 0 s");
    // Fifteen seeds: once round the eleven other pits, then four more;
    // the emptied pit D stays empty.
    let mut p = position("0,0,0,15,1,1/2,2,2,2,2,2 7 12 s");
    play(&mut p, "D");
    assert_eq!(p.to_text(), "1,1,1,0,3,3/4,4,3,3,3,3 7 12 n");
}

#[test]
fn captures_take_twos_and_threes_backwards_within_the_opponents_row() {
    // F's three seeds end in c: c (2), b (3) and a (2) are taken, and the
    // run ends there, at the edge of North's row.
    let mut p = position("4,4,4,4,4,3/1,2,1,4,4,4 4 5 s");
    let f = p.parse_move("F", Notation::STANDARD).unwrap();
    let mut infos = RVec::new();
    p.move_infos(&[f], &mut infos);
    assert!(infos[0].flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
    assert_eq!(infos[0].hint, 700);
    p.make_move(f).unwrap();
    assert_eq!(p.to_text(), "4,4,4,4,4,0/0,0,0,4,4,4 11 5 n");
    // A gap breaks the run: only the last pit is taken.
    let mut p = position("4,4,4,4,4,3/1,5,1,4,4,4 3 3 s");
    play(&mut p, "F");
    assert_eq!(p.to_text(), "4,4,4,4,4,0/2,6,0,4,4,4 5 3 n");
    // The last seed in the mover's own row captures nothing.
    let mut p = position("1,1,1,4,4,4/4,4,4,4,4,4 5 4 s");
    play(&mut p, "A");
    assert_eq!(p.stores(), [5, 4]);
}

#[test]
fn a_grand_slam_is_played_but_captures_nothing() {
    // F reaches a and b, making them 2 and 3: that is all of North's seeds.
    let mut p = position("10,10,10,8,0,2/1,2,0,0,0,0 2 3 s");
    let f = p.parse_move("F", Notation::STANDARD).unwrap();
    let mut infos = RVec::new();
    p.move_infos(&[f], &mut infos);
    assert!(!infos[0].flags.contains(MoveFlags::CAPTURE));
    p.make_move(f).unwrap();
    assert_eq!(p.to_text(), "10,10,10,8,0,0/2,3,0,0,0,0 2 3 n");
    // With one more North seed left over, the same move captures.
    let mut p = position("10,10,10,8,0,2/1,2,0,0,0,1 2 2 s");
    play(&mut p, "F");
    assert_eq!(p.to_text(), "10,10,10,8,0,0/0,0,0,0,0,1 7 2 n");
}

#[test]
fn a_player_must_feed_an_opponent_without_seeds() {
    // North has no seeds: only A (6 seeds), D (3) and F (1) reach its row.
    let p = position("6,1,1,3,1,1/0,0,0,0,0,0 20 15 s");
    assert_eq!(legal(&p), ["A", "D", "F"]);
    let err = p.parse_move("B", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("north has no seeds and must be fed"), "{err}");
    assert_eq!(p.clone().make_move(Move::new(1, 2)).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
}

#[test]
fn a_player_who_cannot_feed_ends_the_game_and_takes_their_own_seeds() {
    // North empties its last pit into South's row; South (4 in A, 1 in B)
    // cannot reach North's row, so each takes the seeds in their own row.
    let mut p = position("3,0,0,0,0,0/0,0,0,0,0,2 20 23 n");
    play(&mut p, "f");
    assert_eq!(p.to_text(), "0,0,0,0,0,0/0,0,0,0,0,0 25 23 s");
    assert!(legal(&p).is_empty());
    let status = p.status();
    assert_eq!((status.kind, status.winner), (StatusKind::WIN, SOUTH));
    assert_eq!(p.result().reason(), "south wins 25\u{2013}23");
    p.unmake_move().unwrap();
    assert_eq!(p.to_text(), "3,0,0,0,0,0/0,0,0,0,0,2 20 23 n");
}

#[test]
fn more_than_24_wins_and_the_seeds_left_stay_uncounted() {
    // South's capture of 3 reaches 25: the game is over at once, with 13
    // seeds still on the board.
    let mut p = position("1,1,1,1,1,1/2,4,4,0,0,0 22 10 s");
    play(&mut p, "F");
    assert_eq!(p.to_text(), "1,1,1,1,1,0/0,4,4,0,0,0 25 10 n");
    assert_eq!(p.status().winner, SOUTH);
    assert!(legal(&p).is_empty());
    assert_eq!(p.result().reason(), "south wins 25\u{2013}10");
    assert_eq!(p.result().payoffs.as_slice(), [1.0, -1.0]);
    let draw = position("0,0,0,0,0,0/0,0,0,0,0,0 24 24 n");
    assert_eq!(draw.status().kind, StatusKind::DRAW);
    assert_eq!(draw.result().reason(), "draw 24\u{2013}24");
}

#[test]
fn a_cycle_ends_the_game_at_the_first_repetition_with_each_taking_their_row() {
    // Few seeds, played by always sowing the first legal pit, go round
    // without end; the rule ends the game the first time a position (pits
    // and side to move) comes back with no capture in between.
    let start = CYCLE_START;
    let mut p = position(start);
    let mut since_capture: Vec<(Pits, u8)> = vec![(*p.pits(), p.side_to_move())];
    let mut moves = RVec::new();
    for ply in 0.. {
        moves.clear();
        p.legal_moves(&mut moves);
        assert!(!moves.is_empty(), "the game ended at ply {ply} without a repetition: {}", p.to_text());
        let m = moves[0];
        let (text_before, stores_before) = (p.to_text(), p.stores());
        let mut pits = *p.pits();
        let sown = board::sow(&mut pits, m.from as usize);
        p.make_move(m).unwrap();
        if sown.captured > 0 {
            since_capture.clear();
        }
        let here = (pits, p.side_to_move());
        if !since_capture.contains(&here) {
            assert!(p.status().is_ongoing(), "ended at ply {ply} with no repetition: {}", p.to_text());
            since_capture.push(here);
            continue;
        }
        // Each player took the seeds of their own row.
        let south: u8 = pits[..6].iter().sum();
        let north: u8 = pits[6..].iter().sum();
        assert_eq!(sown.captured, 0, "positions before a capture never come back");
        assert_eq!(p.stores(), [stores_before[0] + south, stores_before[1] + north]);
        assert_eq!(&p.pits()[..], &[0; 12]);
        assert!(!p.status().is_ongoing());
        // The text has no history: from it, the same move is no repetition.
        let mut fresh = position(&text_before);
        fresh.make_move(m).unwrap();
        assert!(fresh.status().is_ongoing(), "{}", fresh.to_text());
        assert!(ply > 10, "a real cycle, not a quick ending (ply {ply})");
        return;
    }
}

#[test]
fn bad_texts_and_moves_are_refused_with_the_reason() {
    for (text, why) in [
        ("", "empty"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0", "3 fields"),
        ("4,4,4,4,4,4,4,4,4,4,4,4 0 0 s", "a '/'"),
        ("4,4,4,4,4/4,4,4,4,4,4,4 0 0 s", "South's row has 5 pits"),
        ("4,4,x,4,4,4/4,4,4,4,4,4 0 0 s", "pit C holds 'x'"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 99 s", "North's store holds '99'"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 w", "side to move is 'w'"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 1 0 s", "49 seeds"),
        ("0,0,0,0,0,0/8,8,8,8,8,8 0 0 s", "south is to move with no seeds"),
        ("1,0,0,0,0,0/0,0,0,0,0,0 23 24 s", "south cannot give it any"),
    ] {
        let err = Oware.position_from_text(text).err().unwrap_or_else(|| panic!("accepted {text}"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT);
        assert!(err.message.contains(why), "{text}: {err}");
    }
    let p = position("4,0,4,4,4,4/4,4,4,4,4,4 0 4 s");
    for (text, why) in [("B", "empty"), ("a", "that pit is north's"), ("G", "not a pit"), ("7", "not a pit")] {
        let err = p.parse_move(text, Notation::COORDINATE).unwrap_err();
        assert!(err.message.contains(why), "{text}: {err}");
    }
    assert_eq!(p.parse_move("3", Notation::COORDINATE).unwrap(), p.parse_move("C", Notation::COORDINATE).unwrap());
    // The move names its pit and the pit its last seed lands in.
    let c = p.parse_move("C", Notation::COORDINATE).unwrap();
    assert_eq!((c.from, c.to), (2, 6));
    assert_eq!(p.clone().make_move(Move::new(2, 5)).unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    let north = position("4,4,4,4,4,4/4,4,4,4,4,4 0 0 n");
    assert_eq!(north.parse_move("1", Notation::STANDARD).unwrap().from, 6);
    assert!(Oware::from_options(&vec![rules_api::Tuple2("seeds".into(), "3".into())].into()).is_err());
}

/// The board as the window draws it: each cell's count at its place, North
/// above, stores at the ends.
fn drawing(p: &OwarePosition) -> String {
    let g = Oware.geometry();
    let mut texts = RVec::new();
    p.cell_texts(&mut texts);
    let mut grid = [[' '; 32]; 3];
    for t in texts.iter() {
        let cell = &g.cells[t.cell as usize];
        let (col, row) = ((cell.x * 4.0) as usize + 1, (cell.y * 2.0) as usize);
        for (i, ch) in format!("{:>2}", t.text.as_str()).chars().enumerate() {
            grid[row][col + i] = ch;
        }
    }
    let lines: Vec<String> = grid.iter().map(|r| r.iter().collect::<String>().trim_end().to_string()).collect();
    format!("{}\n{}", lines.join("\n"), p.result().reason())
}

#[test]
fn the_board_shows_every_pit_and_store_with_its_seeds() {
    let g = Oware.geometry();
    assert_eq!(g.cells.len(), 14);
    assert!(g.cells.iter().all(|c| c.shape == rules_api::CellShape::CIRCLE));
    let names: Vec<&str> = g.cells.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names[..12], ["A", "B", "C", "D", "E", "F", "a", "b", "c", "d", "e", "f"]);
    // a sits above F, f above A: sowing runs counter-clockwise.
    assert_eq!((g.cells[6].x, g.cells[11].x), (g.cells[5].x, g.cells[0].x));
    let mut p = OwarePosition::start();
    play(&mut p, "C e F");
    insta::assert_snapshot!("after_c_e_f", drawing(&p));
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    assert_eq!(paths.len(), legal(&p).len());
    assert!(paths.iter().all(|c| c.steps.len() == 1 && c.steps[0].as_slice() == [c.mv.from]));
    assert_eq!(p.side_to_move(), NORTH);
    let diagram = tabula_kit::diagram::diagram_after(&rules(), "", "C e F").unwrap();
    assert!(diagram.contains("status: ongoing"), "{diagram}");
    let start = rules().start().unwrap();
    assert_eq!(start.notate(start.read_move("A", Notation::STANDARD).unwrap(), Notation::COORDINATE).unwrap(), "A");
}
