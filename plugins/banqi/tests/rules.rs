//! One test per rule, on positions written out: flips and the colours,
//! chance, steps and captures by rank, the general and the soldier, the
//! cannon, face-down pieces, the end and the draw.

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt, StatusKind};
use tabula_banqi::{Banqi, Config};

fn rules() -> RulesBox {
    rules_box(Banqi::with(Config::default()))
}

fn at(text: &str) -> PositionBox {
    rules().position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut PositionBox, moves: &str) {
    for text in moves.split_whitespace() {
        let m = p.read_move(text, Notation::COORDINATE).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(m).unwrap();
    }
}

fn moves(p: &PositionBox) -> Vec<String> {
    let mut v: Vec<String> = p.moves().unwrap().iter().map(|&m| p.notate(m, Notation::COORDINATE).unwrap()).collect();
    v.sort();
    v
}

/// The moves of the piece on `from` (its steps and captures).
fn moves_from(p: &PositionBox, from: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(from) && m.len() > 2).collect()
}

/// A position with no face-down piece: every piece not on the board is
/// counted captured.
fn open(rows: &str, seat: &str, first: &str) -> String {
    let all = "GAAEERRHHCCSSSSSgaaeerrhhccsssss";
    let mut captured = String::new();
    for c in all.chars() {
        let wanted = all.chars().filter(|&x| x == c).count();
        let seen = rows.chars().filter(|&x| x == c).count() + captured.chars().filter(|&x| x == c).count();
        if seen < wanted {
            captured.push(c);
        }
    }
    format!("{rows} {seat} first={first} quiet=0 captured={captured}")
}

#[test]
fn the_start_offers_every_flip_and_no_colour_is_decided() {
    let p = rules().start().unwrap();
    assert_eq!(moves(&p).len(), 32);
    assert!(moves(&p).iter().all(|m| m.len() == 2));
    assert_eq!(p.text().unwrap(), "????????/????????/????????/???????? first first=- quiet=0 captured=-");
}

#[test]
fn a_flip_is_a_chance_node_weighted_by_the_face_down_pieces() {
    let mut p = rules().start().unwrap();
    play(&mut p, "c2");
    assert!(p.is_chance());
    assert_eq!(p.side_to_move(), 0, "the chance node is the flipping seat's");
    let outcomes = p.chance_list().unwrap();
    assert_eq!(outcomes.len(), 14);
    let soldier = outcomes.iter().find(|o| p.notate(o.mv, Notation::COORDINATE).unwrap() == "S@c2").unwrap();
    assert!((soldier.probability - 5.0 / 32.0).abs() < 1e-12);
    let total: f64 = outcomes.iter().map(|o| o.probability).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // After a red soldier is shown, the next flip has one soldier fewer.
    play(&mut p, "S@c2 d2");
    let soldier = p.chance_list().unwrap().into_iter().find(|o| o.mv.extra == 7 + 1).unwrap();
    assert!((soldier.probability - 4.0 / 31.0).abs() < 1e-12);
}

#[test]
fn the_first_flip_gives_its_colour_to_the_seat_that_flipped() {
    let mut p = rules().start().unwrap();
    play(&mut p, "a1 e@a1");
    assert!(p.text().unwrap().contains(" second first=black "), "{}", p.text().unwrap());
    // The second seat plays red: the black elephant is not its to move.
    assert!(moves_from(&p, "a1").is_empty());
    play(&mut p, "a2 R@a2");
    // The first seat plays black: its elephant takes the red chariot.
    assert_eq!(moves_from(&p, "a1"), vec!["a1a2"]);
    assert_eq!(p.piece_list().unwrap().iter().find(|x| x.cell == 0).unwrap().owner, 0);
    assert_eq!(p.piece_list().unwrap().iter().find(|x| x.cell == 8).unwrap().owner, 1);
}

/// Like [`open`], but the pieces named in `down` are the face-down ones.
fn with_down(rows: &str, seat: &str, first: &str, down: &str) -> String {
    let text = open(&format!("{rows}{down}"), seat, first);
    let captured = text.rsplit("captured=").next().unwrap().to_string();
    format!(
        "{rows} {seat} first={first} quiet=0 captured={}",
        if captured.is_empty() { "-" } else { captured.as_str() }
    )
}

#[test]
fn a_piece_takes_its_equals_and_weaker_kinds_only() {
    // Red chariot c2 among a black horse (weaker), chariot (equal),
    // cannon (weaker) and elephant (stronger).
    let p = at(&open("......../..h...../.rRe..../..c.....", "first", "red"));
    assert_eq!(moves_from(&p, "c2"), vec!["c2b2", "c2c1", "c2c3"]);
}

#[test]
fn the_general_cannot_take_a_soldier_but_the_soldier_takes_the_general() {
    let rows = "......../......../s......./G.......";
    assert_eq!(moves_from(&at(&open(rows, "first", "red")), "a1"), vec!["a1b1"]);
    assert_eq!(moves_from(&at(&open(rows, "second", "red")), "a2"), vec!["a2a1", "a2a3", "a2b2"]);
}

#[test]
fn a_soldier_takes_only_soldiers_and_the_general() {
    let p = at(&open("......../......../hs....../Sg......", "first", "red"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1b1"], "takes the general, not the horse above");
    let p = at(&open("......../......../s......./Sg......", "first", "red"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1a2", "a1b1"]);
}

#[test]
fn the_cannon_takes_by_jumping_exactly_one_piece_face_up_or_down() {
    // a1 cannon: over the face-down b1 to the horse on d1; over the soldier
    // on a2 to the general on a4; never the adjacent soldier.
    let p = at(&with_down("g......./......../s......./C?.h....", "first", "red", "S"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1a4", "a1d1"]);
}

#[test]
fn the_cannon_takes_the_first_piece_past_the_screen_only() {
    let p = at(&open("......../......../......../Css.g...", "first", "red"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1a2", "a1c1"]);
    // Its own piece beyond the screen stops it.
    let p = at(&open("......../......../......../CsS.g...", "first", "red"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1a2"]);
}

#[test]
fn face_down_pieces_are_never_taken() {
    // The chariot cannot step onto it, the cannon cannot jump onto it.
    let p = at(&with_down("......../......../?......./R.C.?...", "first", "red", "ss"));
    assert_eq!(moves_from(&p, "a1"), vec!["a1b1"]);
    assert_eq!(moves_from(&p, "c1"), vec!["c1b1", "c1c2", "c1d1"]);
    assert!(moves(&p).contains(&"a2".to_string()) && moves(&p).contains(&"e1".to_string()), "both may be flipped");
}

#[test]
fn a_seat_that_cannot_move_loses() {
    let p = at(&open("......../......../a......./Sh......", "first", "red"));
    assert!(moves(&p).is_empty());
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 1, "no legal move"));
    let mut p = at(&open("......../......../......../Ss......", "first", "red"));
    play(&mut p, "a1b1");
    let status = p.outcome().unwrap();
    assert_eq!((status.kind, status.winner, status.reason.as_str()), (StatusKind::WIN, 0, "all pieces lost"));
}

#[test]
fn fifty_plies_without_a_flip_or_capture_draw() {
    let text = open("......../......../......../G......g", "first", "red").replace("quiet=0", "quiet=49");
    let mut p = at(&text);
    play(&mut p, "a1a2");
    assert_eq!(p.outcome().unwrap().kind, StatusKind::DRAW);
    assert!(p.moves().unwrap().is_empty());
    // A capture or a flip starts the count again.
    let mut p = at(&open("......../......../......../Ge.....g", "first", "red").replace("quiet=0", "quiet=49"));
    play(&mut p, "a1b1");
    assert!(p.outcome().unwrap().is_ongoing() && p.text().unwrap().contains("quiet=0"));
    let mut p =
        at(&with_down("......../......../......../G?.....g", "first", "red", "S").replace("quiet=0", "quiet=49"));
    play(&mut p, "b1 S@b1");
    assert!(p.outcome().unwrap().is_ongoing() && p.text().unwrap().contains("quiet=0"));
    // The option turns the rule off.
    let mut p = rules_box(Banqi::with(Config { no_progress: 0 })).position(&text).unwrap();
    play(&mut p, "a1a2");
    assert!(p.outcome().unwrap().is_ongoing());
}

#[test]
fn illegal_moves_are_refused_with_the_reason() {
    let p = at(&open("......../......../s......./G.......", "first", "red"));
    let why = |t: &str| p.read_move(t, Notation::COORDINATE).unwrap_err().to_string();
    assert!(why("a1a2").contains("steps one square"), "{}", why("a1a2"));
    assert!(why("a2a3").contains("no face-up piece of first's colour"), "{}", why("a2a3"));
    assert!(why("c3").contains("no face-down piece"), "{}", why("c3"));
    assert!(why("G@c3").contains("only chance"), "{}", why("G@c3"));
    assert!(why("zz").contains("is not a move"), "{}", why("zz"));
    let mut flipping = rules().start().unwrap();
    play(&mut flipping, "d3");
    let err = flipping.read_move("d4", Notation::COORDINATE).unwrap_err().to_string();
    assert!(err.contains("chance shows the piece flipped on d3"), "{err}");
}

#[test]
fn unmake_restores_the_position_and_its_hash() {
    let mut p = rules().start().unwrap();
    let (text, hash) = (p.text().unwrap(), p.hash());
    play(&mut p, "a1 g@a1 b1 C@b1");
    let mid = (p.text().unwrap(), p.hash());
    play(&mut p, "a1b1");
    p.undo().unwrap();
    assert_eq!((p.text().unwrap(), p.hash()), mid);
    for _ in 0..4 {
        p.undo().unwrap();
    }
    assert_eq!((p.text().unwrap(), p.hash()), (text, hash));
}
