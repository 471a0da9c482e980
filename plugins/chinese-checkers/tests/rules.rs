//! One test per rule: steps, hop chains, the destination corner, the swap
//! against blocking, the win, the pass and the move limit; and where
//! OpenSpiel's `chinese_checkers` (the reference) plays differently.

mod common;

use common::{position, rules, text, TOP};
use rules_api::plugin::PositionImpl;
use rules_api::{Move, MoveFlags, Notation, PositionExt, RVec, RulesExt, StatusKind};
use tabula_chinese_checkers::board::STAR;
use tabula_chinese_checkers::CcPosition;

fn hole(name: &str) -> u16 {
    STAR.parse(name).unwrap_or_else(|| panic!("{name}")) as u16
}

/// The holes the marble on `from` may end on, sorted.
fn destinations(p: &CcPosition, from: &str) -> Vec<String> {
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    let mut out: Vec<String> =
        moves.iter().filter(|m| m.from == hole(from)).map(|m| STAR.name(m.to as usize)).collect();
    out.sort();
    out
}

fn standard(p: &CcPosition, from: &str, to: &str) -> String {
    p.move_to_text(Move::new(hole(from), hole(to)), Notation::STANDARD).unwrap()
}

#[test]
fn the_start_has_steps_and_single_hops_only() {
    let rules = rules(2, 1000);
    let start = rules.start().unwrap();
    let names: Vec<String> =
        start.moves().unwrap().iter().map(|&m| start.notate(m, Notation::STANDARD).unwrap()).collect();
    // Eight steps from the front row, six hops over it from the row behind.
    assert_eq!(names.len(), 14, "{names:?}");
    for step in ["j4-i5", "j4-j5", "m4-m5"] {
        assert!(names.contains(&step.to_string()), "{step} in {names:?}");
    }
    for hop in ["k3-i5", "m3-m5", "l3-j5"] {
        assert!(names.contains(&hop.to_string()), "{hop} in {names:?}");
    }
}

#[test]
fn a_chain_hops_over_any_colour_and_may_stop_after_any_hop() {
    // Red on i9 hops over red's i10 to i11, on over green's i12 to i13,
    // and turns right over green's j13... no: j13 is a hole of the top
    // row, so the chain ends; it may also stop on i11.
    let p = position(
        2,
        0,
        &[
            &["i9", "i10", "j4", "k4", "l4", "m4", "k3", "l3", "m3", "m1"],
            &["i12", "e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14"],
        ],
    );
    let from_i9 = destinations(&p, "i9");
    assert!(from_i9.contains(&"i11".to_string()) && from_i9.contains(&"i13".to_string()), "{from_i9:?}");
    assert_eq!(standard(&p, "i9", "i13"), "i9-i11-i13");
    assert_eq!(standard(&p, "i9", "i11"), "i9-i11");
    // The click paths: the marble, then each landing; stopping early is
    // the shorter path, a beginning of the longer one.
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    let route = |m: &rules_api::ClickPath| m.steps.iter().map(|s| STAR.name(s[0] as usize)).collect::<Vec<_>>();
    let to_i13: Vec<Vec<String>> =
        paths.iter().filter(|c| c.mv == Move::new(hole("i9"), hole("i13"))).map(route).collect();
    assert_eq!(to_i13, vec![vec!["i9", "i11", "i13"]]);
    let to_i11: Vec<Vec<String>> =
        paths.iter().filter(|c| c.mv == Move::new(hole("i9"), hole("i11"))).map(route).collect();
    assert_eq!(to_i11, vec![vec!["i9", "i11"]]);
}

#[test]
fn a_chain_never_lands_twice_and_every_way_to_a_hole_is_one_move() {
    // Around i9: marbles on i10, j10 and j9 make the hops i9-i11, i11-k9
    // and k9-i9 a triangle; the chain may not come back to i9, and k9 is
    // reached directly or round the triangle: one move, two click paths.
    let p = position(
        2,
        0,
        &[
            &["i9", "i10", "j10", "j9", "k4", "l4", "m4", "k3", "l3", "m3"],
            &["e17", "e16", "f16", "e15", "f15", "g15", "e14", "f14", "g14", "h14"],
        ],
    );
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| m.from != m.to), "no move ends where it started");
    let k9 = moves.iter().filter(|m| **m == Move::new(hole("i9"), hole("k9"))).count();
    assert_eq!(k9, 1);
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    let ways: Vec<Vec<u16>> = paths
        .iter()
        .filter(|c| c.mv == Move::new(hole("i9"), hole("k9")))
        .map(|c| c.steps.iter().map(|s| s[0]).collect())
        .collect();
    assert_eq!(ways.len(), 2, "straight over j9, or round by i11");
    for way in paths.iter().map(|c| c.steps.iter().map(|s| s[0]).collect::<Vec<_>>()) {
        let mut sorted = way.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), way.len(), "a path visits a hole twice: {way:?}");
    }
}

#[test]
fn a_marble_in_its_destination_corner_stays_there() {
    // Red's f14 stands in the top corner: it steps to the free corner
    // holes around it and hops within the corner, but neither steps nor
    // hops out of it. OpenSpiel's chinese_checkers has no such rule: there
    // f14 could also step to f13 and g13 and hop over g13 to h12.
    let p = position(
        2,
        0,
        &[
            &["f14", "f15", "j4", "k4", "l4", "m4", "k3", "l3", "m3", "m1"],
            &["g13", "e17", "e16", "g15", "i9", "j9", "k9", "l9", "m9", "h9"],
        ],
    );
    // Steps to e14, e15 and g14; hops over f15 to f16 and on over green's
    // g15 to h14, all inside the corner.
    assert_eq!(destinations(&p, "f14"), ["e14", "e15", "f16", "g14", "h14"]);
    assert_eq!(standard(&p, "f14", "h14"), "f14-f16-h14");
    let err = p.parse_move("f14-f13", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("may not leave"), "{err}");
    let err = p.parse_move("f14-h12", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("may not leave"), "{err}");
    // A marble outside its corner goes anywhere: green's g13 is in no
    // corner of its own.
    let mut q = p.clone();
    q.make_move(Move::new(hole("j4"), hole("i5"))).unwrap();
    assert!(destinations(&q, "g13").len() > 3);
}

/// Red fills the top corner but for h14, which green never left.
fn blocked(red_tenth: &str, extra_green: &str) -> CcPosition {
    let mut red: Vec<&str> = TOP[..9].to_vec();
    red.push(red_tenth);
    let green = ["h14", extra_green, "i9", "j9", "k9", "l9", "m9", "k4", "l4", "m4"];
    position(2, 40, &[&red, &green])
}

#[test]
fn a_full_corner_held_by_an_opponent_is_entered_by_swapping() {
    // h13 touches h14: red may step onto green's marble, and they change
    // places (the rule against blocking). Red's corner is then full: red
    // wins, and the game ends.
    let mut p = blocked("h13", "a13");
    assert_eq!(destinations(&p, "h13"), ["g13", "h12", "h14", "i12", "i13"]);
    assert_eq!(standard(&p, "h13", "h14"), "h13-h14*");
    let swap = p.parse_move("h13-h14", Notation::STANDARD).unwrap();
    p.make_move(swap).unwrap();
    assert_eq!(p.owner(hole("h14") as usize), Some(0));
    assert_eq!(p.owner(hole("h13") as usize), Some(1), "green's marble takes red's place");
    assert_eq!(p.status().kind, StatusKind::WIN);
    assert_eq!(p.status().winner, 0);
    let outcome = p.result();
    assert_eq!(outcome.payoffs.as_slice(), &[1.0, -1.0]);
    assert_eq!(outcome.reason(), "red filled the opposite corner");
    let mut none = RVec::new();
    p.legal_moves(&mut none);
    assert!(none.is_empty());
    p.unmake_move().unwrap();
    assert_eq!(p.owner(hole("h14") as usize), Some(1));
    assert!(p.status().is_ongoing());
}

#[test]
fn a_swap_may_end_a_chain_but_only_into_a_full_corner() {
    // h12 hops over green's h13 onto h14: green's h14 goes to h12.
    let mut p = blocked("h12", "h13");
    assert!(destinations(&p, "h12").contains(&"h14".to_string()));
    p.make_move(Move::new(hole("h12"), hole("h14"))).unwrap();
    assert_eq!(p.owner(hole("h12") as usize), Some(1));
    // With a hole of the corner free, nothing is swapped.
    let mut red: Vec<&str> = TOP[1..9].to_vec();
    red.extend(["h13", "a13"]);
    let green = ["h14", "i9", "j9", "k9", "l9", "m9", "j4", "k4", "l4", "m4"];
    let open = position(2, 40, &[&red, &green]);
    let err = open.parse_move("h13-h14", Notation::STANDARD).unwrap_err();
    assert!(err.message.contains("only when the corner is full"), "{err}");
}

#[test]
fn filling_the_corner_wins_and_the_others_share_second_place() {
    // Three players: red steps into h14, the last free hole of the top
    // corner. The game ends; red scores 2, blue and yellow -1 each.
    let mut red: Vec<&str> = TOP[..9].to_vec();
    red.push("h13");
    let blue = ["a13", "b13", "c13", "d13", "b12", "c12", "d12", "c11", "d11", "d10"];
    let yellow = ["j13", "k13", "l13", "m13", "k12", "l12", "m12", "l11", "m11", "m10"];
    let rules = rules(3, 1000);
    let mut p = rules.position(&text(3, 30, &[&red, &blue, &yellow])).unwrap();
    assert!(p.outcome().unwrap().is_ongoing());
    assert!(p.full_result().unwrap().payoffs.is_empty(), "no payoffs while the game goes on");
    p.play(p.read_move("h13-h14", Notation::STANDARD).unwrap()).unwrap();
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "corner filled"));
    let result = p.full_result().unwrap();
    assert_eq!(result.payoffs.as_slice(), &[2.0, -1.0, -1.0]);
    assert_eq!(result.places(3), vec![1, 2, 2]);
    assert!(p.moves().unwrap().is_empty(), "the game is over for everyone");
    let marks = p.highlight_list().unwrap();
    assert_eq!(marks.len(), 10, "the filled corner is marked");
}

#[test]
fn a_player_without_a_move_passes() {
    // Red's corner is full (green's e17 never left); red's last marble on
    // m1 is walled in by green. Red can only pass; the pass is a button.
    let mut red: Vec<&str> = TOP[1..].to_vec();
    red.push("m1");
    let green = ["e17", "l2", "m2", "k3", "m3", "i9", "j9", "k9", "l9", "m9"];
    let mut p = position(2, 40, &[&red, &green]);
    let mut moves = RVec::new();
    p.legal_moves(&mut moves);
    assert_eq!(moves.as_slice(), &[Move::PASS]);
    assert_eq!(p.move_to_text(Move::PASS, Notation::STANDARD).unwrap(), "pass");
    let mut infos = RVec::new();
    p.move_infos(&moves, &mut infos);
    assert!(infos[0].flags.contains(MoveFlags::PASS));
    let mut paths = RVec::new();
    p.click_paths(&mut paths);
    assert!(paths.is_empty(), "a pass has no click path");
    p.make_move(Move::PASS).unwrap();
    assert_eq!(p.side_to_move(), 1);
    assert_eq!(p.turns(), 41, "a pass is a turn");
    // Green can move, so green cannot pass.
    assert!(p.parse_move("pass", Notation::STANDARD).unwrap_err().message.contains("only when"));
}

#[test]
fn the_move_limit_draws() {
    let rules = rules(2, 10);
    let start = rules.start().unwrap().text().unwrap();
    let nine = start.replace(" 1 0", " 2 9");
    let mut p = rules.position(&nine).unwrap();
    assert!(p.outcome().unwrap().is_ongoing());
    p.play(p.moves().unwrap()[0]).unwrap();
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.reason.as_str()), (StatusKind::DRAW, "move limit"));
    assert!(p.moves().unwrap().is_empty());
    let result = p.full_result().unwrap();
    assert_eq!(result.payoffs.as_slice(), &[0.0, 0.0]);
    let err = rules.position(&start.replace(" 1 0", " 1 12")).err().expect("beyond the limit");
    assert!(err.message.contains("ends after 10"), "{err}");
}
