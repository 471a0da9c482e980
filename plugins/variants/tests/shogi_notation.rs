//! Shogi's notations pinned against the published conventions: Western
//! (Hodges: `P-7f`, `Bx2b+`, `S-3c=`, `G*5h`, the origin square when two
//! pieces could go, `G6i-5h`) and Japanese (the Japan Shogi Association's
//! kifu: `７六歩`, `成`/`不成`, `打`, 上 引 寄 右 左 直, and `同銀` for a
//! recapture: kifu files pad it, `同　銀`, but a move's text may hold no
//! space), from the cases in `data/shogi/notation.txt` and a game's
//! opening in `data/shogi/game.txt`.

use abi_stable::std_types::{RString, Tuple2};
use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesBox, RulesExt};
use tabula_variants::VariantRules;

fn shogi(japanese: bool) -> RulesBox {
    let pair = |k: &str, v: &str| Tuple2(RString::from(k), RString::from(v));
    let notation = if japanese { "japanese" } else { "western" };
    let options = vec![pair("variant", "shogi"), pair("shogi_notation", notation)].into_iter().collect();
    rules_box(VariantRules::from_options(&options).expect("shogi"))
}

/// A USI square (`7g`: file 7, rank g from the top) as Fairy-Stockfish
/// names it (`c3`).
fn square(usi: &str) -> String {
    let b = usi.as_bytes();
    format!("{}{}", (b'a' + 9 - (b[0] - b'0')) as char, 9 - (b[1] - b'a'))
}

/// A USI move (`7g7f`, `2b8h+`, `G*5h`) in Fairy-Stockfish's UCI.
fn uci(usi: &str) -> String {
    if let Some((piece, to)) = usi.split_once('*') {
        return format!("{piece}@{}", square(to));
    }
    let promote = if usi.ends_with('+') { "+" } else { "" };
    format!("{}{}{promote}", square(&usi[0..2]), square(&usi[2..4]))
}

fn texts(p: &PositionBox, usi: &str, western: &RulesBox, japanese: &RulesBox, fen: &str) -> (String, String) {
    let m = p.read_move(&uci(usi), Notation::COORDINATE).unwrap_or_else(|e| panic!("{fen}: {usi}: {e}"));
    let w = western.position(fen).unwrap().notate(m, Notation::STANDARD).unwrap();
    let j = japanese.position(fen).unwrap().notate(m, Notation::STANDARD).unwrap();
    (w, j)
}

fn lines(text: &str) -> impl Iterator<Item = Vec<&str>> {
    text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')).map(|l| l.split('|').map(str::trim).collect())
}

#[test]
fn each_rule_of_both_notations_holds_on_its_position() {
    let (western, japanese) = (shogi(false), shogi(true));
    let mut failures = Vec::new();
    for case in lines(include_str!("data/shogi/notation.txt")) {
        let [fen, usi, w, j] = case[..] else { panic!("bad line {case:?}") };
        let p = western.position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let got = texts(&p, usi, &western, &japanese, fen);
        if got != (w.to_string(), j.to_string()) {
            failures.push(format!("{fen} {usi}: expected {w} {j}, got {} {}", got.0, got.1));
        }
        // What is written is read back as the same move.
        let m = p.read_move(&uci(usi), Notation::COORDINATE).unwrap();
        assert_eq!(p.read_move(w, Notation::STANDARD).unwrap(), m, "{fen}: {w}");
        let pj = japanese.position(fen).unwrap();
        assert_eq!(pj.read_move(j, Notation::STANDARD).unwrap(), m, "{fen}: {j}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_games_opening_reads_as_printed_with_dou_for_a_recapture_and_no_space() {
    let (western, japanese) = (shogi(false), shogi(true));
    let (mut w, mut j) = (western.start().unwrap(), japanese.start().unwrap());
    for case in lines(include_str!("data/shogi/game.txt")) {
        let [usi, wt, jt] = case[..] else { panic!("bad line {case:?}") };
        let m = w.read_move(&uci(usi), Notation::COORDINATE).unwrap_or_else(|e| panic!("{usi}: {e}"));
        assert_eq!(w.notate(m, Notation::STANDARD).unwrap(), wt, "{usi}");
        assert_eq!(j.notate(m, Notation::STANDARD).unwrap(), jt, "{usi}");
        // The host refuses a move text with any space, an ideographic one too.
        assert!(!jt.contains(char::is_whitespace), "{jt}");
        w.play(m).unwrap();
        j.play(m).unwrap();
    }
}
