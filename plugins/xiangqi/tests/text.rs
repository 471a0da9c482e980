//! FEN and move notation: pinned examples, refusals and round trips.

mod common;
use common::{moves, play_all, pos, pos_with, rng_from_seed, rules, text, write};
use rules_api::{Notation, PositionBox};
use tabula_kit::rand::Rng as _;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The move `iccs` of `fen` in WXF and in Chinese notation.
fn both(fen: &str, iccs: &str) -> (String, String) {
    let show = |style: &str| {
        let r = rules(&[("notation", style)]);
        let p = pos_with(&r, fen);
        let m = p.parse_move(iccs.into(), Notation::COORDINATE).into_result().expect("legal");
        write(&p, m, Notation::STANDARD)
    };
    (show("wxf"), show("chinese"))
}

fn pin(fen: &str, iccs: &str, wxf: &str, chinese: &str) {
    assert_eq!(both(fen, iccs), (wxf.to_string(), chinese.to_string()), "{iccs} in {fen}");
    // Both spellings read back as the same move.
    let p = pos(fen);
    let m = p.parse_move(iccs.into(), Notation::COORDINATE).into_result().expect("legal");
    for t in [wxf, chinese] {
        assert_eq!(p.parse_move(t.into(), Notation::STANDARD).into_result().expect(t), m, "{t}");
    }
}

#[test]
fn opening_moves_in_both_notations() {
    pin(START, "h2e2", "C2=5", "炮二平五");
    pin(START, "h0g2", "H2+3", "傌二進三");
    pin(START, "a0a1", "R9+1", "俥九進一");
    pin(START, "f0e1", "A4+5", "仕四進五");
    pin(START, "g0e2", "E3+5", "相三進五");
    pin(START, "e0e1", "K5+1", "帥五進一");
    pin(START, "g3g4", "P3+1", "兵三進一");
    let after = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    pin(after, "h9g7", "H8+7", "馬8進7");
    pin(after, "b7e7", "C2=5", "砲2平5");
    pin(after, "h7h8", "C8-1", "砲8退1");
}

#[test]
fn tandem_pieces_use_front_and_rear() {
    let cannons = "3k5/9/9/9/9/9/9/4C4/9/4CK3 w";
    pin(cannons, "e2d2", "C+=6", "前炮平六");
    pin(cannons, "e0d0", "C-=6", "後炮平六");
    pin(cannons, "e2e5", "C++3", "前炮進三");
    // Black's front piece is the one nearer Red.
    let chariots = "2r1k4/9/9/9/2r6/9/9/9/9/3K5 b";
    pin(chariots, "c5c4", "R++1", "前車進1");
    pin(chariots, "c9c8", "R-+1", "後車進1");
    // Two advisors on one file keep the file: only one can make each move.
    pin("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "d2e1", "A6-5", "仕六退五");
}

#[test]
fn tandem_soldiers_follow_the_wxf_manual() {
    let three = "3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w";
    pin(three, "e7d7", "P+=6", "前兵平六");
    pin(three, "e6d6", "P5=6", "中兵平六");
    pin(three, "e5d5", "P-=6", "後兵平六");
    let four = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w";
    pin(four, "e8d8", "++=6", "前兵平六");
    pin(four, "e7d7", "P+=6", "二兵平六");
    pin(four, "e6d6", "P-=6", "三兵平六");
    pin(four, "e5d5", "--=6", "後兵平六");
    // Two crowded files: the file digit replaces the letter in WXF; Chinese
    // numbers the soldiers from the mover's right, front to back.
    let two_files = "3k5/9/9/2P3P2/2P3P2/9/9/9/9/5K3 w";
    pin(two_files, "g6f6", "3+=4", "一兵平四");
    pin(two_files, "g5f5", "3-=4", "二兵平四");
    pin(two_files, "c5b5", "7-=8", "四兵平八");
}

#[test]
fn other_spellings_are_accepted() {
    let p = pos(START);
    let m = p.parse_move("h2e2".into(), Notation::COORDINATE).into_result().expect("iccs");
    for t in ["C2.5", "c2=5", "h2-e2", "H2E2", "炮二平五"] {
        assert_eq!(p.parse_move(t.into(), Notation::STANDARD).into_result().expect(t), m, "{t}");
    }
    let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b");
    let h = black.parse_move("h9g7".into(), Notation::COORDINATE).into_result().expect("iccs");
    for t in ["马8进7", "馬８進７", "N8+7"] {
        assert_eq!(black.parse_move(t.into(), Notation::STANDARD).into_result().expect(t), h, "{t}");
    }
    let cannons = pos("3k5/9/9/9/9/9/9/4C4/9/4CK3 w");
    let front = cannons.parse_move("e2d2".into(), Notation::COORDINATE).into_result().expect("iccs");
    assert_eq!(cannons.parse_move("+C=6".into(), Notation::STANDARD).into_result().expect("+C=6"), front);
}

#[test]
fn bad_moves_are_refused_with_the_text() {
    let p = pos(START);
    for t in ["h2h8", "C2+9", "zz", "a0a5x"] {
        let e = p.parse_move(t.into(), Notation::STANDARD).into_result().expect_err(t);
        assert!(e.message.contains(t), "{e}");
    }
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let styles: Vec<_> = ["wxf", "chinese"].iter().map(|s| rules(&[("notation", s)])).collect();
    let mut rng = rng_from_seed(0x1234_5678_9abc_def1);
    let mut checked = 0;
    for game in 0..30 {
        let mut positions: Vec<PositionBox> = styles.iter().map(|r| pos_with(r, START)).collect();
        for _ply in 0..(40 + game * 4) {
            let list = moves(&positions[0]);
            if list.is_empty() {
                break;
            }
            for p in &positions {
                let mut seen = std::collections::HashSet::new();
                for &m in &list {
                    for n in [Notation::STANDARD, Notation::COORDINATE] {
                        let t = write(p, m, n);
                        assert!(
                            n == Notation::COORDINATE || seen.insert(t.clone()),
                            "two moves print as {t} in {}",
                            text(p)
                        );
                        let back =
                            p.parse_move(t.as_str().into(), n).into_result().unwrap_or_else(|e| panic!("{t}: {e}"));
                        assert_eq!(back, m, "{t} in {}", text(p));
                        checked += 1;
                    }
                }
            }
            let m = list[rng.random_range(0..list.len())];
            for p in &mut positions {
                p.make_move(m).into_result().expect("make");
            }
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

#[test]
fn fen_round_trips_in_the_standard_form() {
    assert_eq!(text(&pos(START)), START);
    assert_eq!(text(&pos("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r")), START);
    let mut p = pos(START);
    play_all(&mut p, "h2e2 h9g7");
    assert_eq!(text(&p), "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2");
}

fn refused(fen: &str, words: &[&str]) {
    let e = tabula_xiangqi::XiangqiPosition::from_fen(fen).expect_err(fen);
    for w in words {
        assert!(e.message.contains(w), "'{}' should mention '{w}'", e.message);
    }
}

#[test]
fn malformed_and_impossible_fens_are_refused() {
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/8/RNBAKABNR w", &["row 9", "rank 1", "8 points"]);
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C2/9/RNBAKABNR w", &["row 8", "10 points"]);
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1C/9/RNBAKABNR w", &["row 8", "more than 9"]);
    refused("rnbakabnr/9/1c5c1/p1p1x1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", &["unknown piece letter 'x'", "row 4"]);
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w", &["10 rows", "found 9"]);
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBAKABNR w", &["two red generals"]);
    refused("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", &["no red general"]);
    refused("3k5/9/9/9/9/9/9/9/9/K8 w", &["red general on a0", "outside its palace"]);
    refused("3k5/9/9/9/9/9/9/9/9/A3K4 w", &["red advisor on a0", "outside its palace"]);
    refused("3k5/9/9/9/9/9/9/9/9/4AK3 w", &["red advisor on e0", "diagonals"]);
    refused("3k5/9/9/9/9/9/9/9/9/1B2K4 w", &["red elephant on b0"]);
    refused("3k5/9/9/9/9/4b4/9/9/9/5K3 w", &["black elephant on e4"]);
    refused("3k5/9/9/9/9/9/9/9/P8/5K3 w", &["red soldier on a1", "behind its start rank"]);
    refused("3k5/p8/9/9/9/9/9/9/9/5K3 w", &["black soldier on a8", "behind its start rank"]);
    refused("4k4/9/9/9/9/9/9/9/9/4K4 w", &["black is in check", "red to move"]);
    refused("3k5/9/9/9/9/9/9/9/9/5K3 x", &["side to move", "'x'"]);
    refused("3k5/9/9/9/9/9/9/9/9/5K3", &["side to move"]);
    refused("3k5/9/9/9/9/9/9/9/9/5K3 w - - z 1", &["'z'"]);
    refused("", &["empty"]);
}
