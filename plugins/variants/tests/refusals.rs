//! Definitions the plugin cannot play exactly are refused with the file,
//! the key and the rule that is missing; Berolina chess, the case that
//! was once accepted and played wrongly, is played as Fairy-Stockfish plays
//! it; and every field Fairy-Stockfish writes in a FEN is read.

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionExt, RulesBox, RulesExt};
use tabula_variants::{compile, VariantRules};

const CHESS: &str = include_str!("../library/chess.toml");
const BEROLINA: &str = include_str!("../library/berolina.toml");
const MAKRUK: &str = include_str!("../library/makruk.toml");
const SEIRAWAN: &str = include_str!("../library/seirawan.toml");

/// `text` with `from` replaced by `to` (which must change it).
fn with(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "no '{from}' in the definition");
    text.replacen(from, to, 1)
}

fn assert_refused(text: &str, key: &str, why: &str) {
    let e = match compile("my.toml", text) {
        Ok(_) => panic!("accepted, with '{key}' expected to be refused"),
        Err(e) => e.to_string(),
    };
    assert!(e.starts_with("my.toml"), "no file in '{e}'");
    assert!(e.contains(key), "no key '{key}' in '{e}'");
    assert!(e.contains(why), "no '{why}' in '{e}'");
}

fn shipped(name: &str) -> RulesBox {
    rules_box(VariantRules::shipped(name).unwrap_or_else(|e| panic!("{name}: {e}")))
}

fn uci(p: &rules_api::PositionBox) -> Vec<String> {
    let mut out: Vec<String> = p.moves().unwrap().iter().map(|&m| p.notate(m, Notation::COORDINATE).unwrap()).collect();
    out.sort();
    out
}

fn play(p: &mut rules_api::PositionBox, moves: &str) {
    for m in moves.split_whitespace() {
        let mv = p.read_move(m, Notation::COORDINATE).unwrap_or_else(|e| panic!("{m}: {e}"));
        p.play(mv).unwrap();
    }
}

/// A chess pawn (`pawn = true`) with a diagonal double step has no defined
/// en passant: refused, pointing at `fairy_pawn`, the rule that plays it.
#[test]
fn berolina_pawns_as_chess_pawns_are_refused() {
    let text = with(BEROLINA, "fairy_pawn = true", "pawn = true");
    assert_refused(&text, "piece[0].betza", "straight double step");
    assert_refused(&text, "piece[0].betza", "fairy_pawn = true");
    let both = with(BEROLINA, "fairy_pawn = true", "fairy_pawn = true\npawn = true");
    assert_refused(&both, "piece[0].fairy_pawn", "either a chess pawn or a fairy pawn");
}

/// Berolina as shipped: after a diagonal double step, a pawn capturing
/// straight forward onto the crossed square takes the pawn that moved
/// (pyffish: `d4d3` after `c2e4`, the FEN's en passant field `d3e4`).
#[test]
fn berolina_takes_en_passant_on_the_crossed_square() {
    let rules = shipped("berolina");
    let mut p = rules.position("4k3/8/8/8/3p4/8/2P5/4K3 w - - 0 1").unwrap();
    play(&mut p, "c2e4");
    assert_eq!(p.text().unwrap(), "4k3/8/8/8/3pP3/8/8/4K3 b - d3e4 0 1");
    let want = ["d4c3", "d4d3", "d4e3", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"];
    assert_eq!(uci(&p), want);
    // The same position read from Fairy-Stockfish's FEN has the same moves.
    let from_fen = rules.position("4k3/8/8/8/3pP3/8/8/4K3 b - d3e4 0 1").unwrap();
    assert_eq!(uci(&from_fen), want);
    play(&mut p, "d4d3");
    assert_eq!(p.text().unwrap(), "4k3/8/8/8/8/3p4/8/4K3 w - - 0 2");
}

/// Rules that need something the definition lacks, or combinations the
/// plugin does not play, name the key and the missing rule.
#[test]
fn rule_combinations_not_played_are_refused() {
    let no_king = with(CHESS, "royal = true", "royal = false")
        .replacen("[castling]\nrook = \"r\"\nkingside = \"g\"\nqueenside = \"c\"\n", "", 1)
        .replace(" KQkq ", " - ")
        .replace("[end]\n", "[end]\nextinction = { pieces = [\"k\"], result = \"loss\" }\n");
    assert!(compile("my.toml", &no_king).is_ok(), "a royal-less extinction game is played");
    let facing = with(&no_king, "[end]\n", "[rules]\nflying_royals = true\n\n[end]\n");
    assert_refused(&facing, "rules.flying_royals", "need a royal piece");
    let hopless = with(CHESS, "betza = \"N\"", "betza = \"N\"\njanggi_cannon = true");
    assert_refused(&hopless, "piece[1].janggi_cannon", "hopping legs");
    let royal_promotion = with(CHESS, "[\"q\", \"r\", \"b\", \"n\"]", "[\"q\", \"k\"]");
    assert_refused(&royal_promotion, "piece[0].promotes_to", "promotion to the royal piece is not played");
    let hand_without_drops = with(CHESS, "RNBQKBNR w KQkq", "RNBQKBNR[N] w KQkq");
    assert_refused(&hand_without_drops, "start", "no [drops] table");
    let walls_and_gates = with(SEIRAWAN, "[end]\n", "[walls]\nrule = \"duck\"\n\n[end]\n");
    assert_refused(&walls_and_gates, "walls", "walls and gating in one game are not played");
    // The counting rules count the makruk army; a game without a khon
    // (FfW) would be counted by rules that do not say what to count.
    let khonless = MAKRUK.replace("betza = \"FfW\"", "betza = \"FfWbW\"");
    assert_refused(&khonless, "end.counting", "one is missing");
}

/// Fields Fairy-Stockfish writes: several en passant squares, the checks
/// still to give, S-chess gates and hands, Chess960 rook files, the
/// counting fields (limit and count in place of en passant and halfmove),
/// and the short shogi form without castling and en passant. Each is read
/// and written back unchanged.
#[test]
fn every_fen_field_fairy_stockfish_writes_is_read() {
    let cases = [
        ("berolina", "rnbqkbnr/pppppppp/8/8/4P3/8/PP1PPPPP/RNBQKBNR b KQkq d3e4 0 1"),
        ("3check", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+3 0 2"),
        ("seirawan", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[EHeh] b KQBCDFkqbcdfg - 1 1"),
        ("fischerandom", "rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKBNR b HAha - 1 1"),
        ("caparandom", "rnabqkbcnr/pppppppppp/10/10/10/2N7/PPPPPPPPPP/R1ABQKBCNR b JAja - 1 1"),
        ("makruk", "8/8/3k4/8/8/4K3/4R3/8 w - 32 5 40"),
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] b - - 0 1"),
    ];
    for (name, fen) in cases {
        let p = shipped(name).position(fen).unwrap_or_else(|e| panic!("{name}: {fen}: {e}"));
        let text = p.text().unwrap();
        let normal = |t: &str| t.replace("[-]", "[]");
        assert_eq!(normal(&text), normal(fen), "{name}");
    }
    // Shogi's start as Fairy-Stockfish writes it (no castling and en
    // passant fields) is read.
    let p = shipped("shogi").position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w 0 1").unwrap();
    assert_eq!(p.moves().unwrap().len(), 30);
}
