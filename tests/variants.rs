//! The variants plugin through its loaded `.so`: every shipped variant
//! passes the conformance suite, chess-as-data agrees with the `chess`
//! plugin move for move, a snapshot of a characteristic position per
//! variant, and a seeded cross-check against Fairy-Stockfish (pyffish) by
//! the reference script that drives the real `tabula` binary.

use std::process::Command;

use rules_api::{Notation, PositionBox, PositionExt, RVec, RulesBox, RulesExt, StatusKind};
use tabula_kit::conformance::{run, Budget};
use tabula_kit::rand::seq::IndexedRandom;
use tabula_kit::rng::rng_from_seed;
use tabula_suite::diagram::{check, load};
use tabula_suite::fixtures::{tabula_bin, workspace};

fn variant(name: &str) -> RulesBox {
    load("variants", &[("variant", name)])
}

fn conform(name: &str, playouts: usize, max_plies: usize, deep_checks: usize) {
    let budget = Budget { playouts, max_plies, deep_checks, transposition_tries: 20, ..Budget::default() };
    let report = run(&variant(name), &budget);
    report.assert_ok();
    assert!(report.positions > 3, "{name}: walked too little:\n{report}");
}

/// The names of the shipped definitions (`plugins/variants/library`).
fn shipped() -> Vec<String> {
    let dir = workspace().join("plugins").join("variants").join("library");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok()?.path().file_stem().map(|s| s.to_string_lossy().to_string()))
        .collect();
    names.sort();
    names
}

/// Every shipped variant passes the conformance suite, on a short walk
/// each (113 variants: the suite stays quick; the long comparison with
/// Fairy-Stockfish is the reference script's); games with walls (hundreds
/// of moves a position, each printed and parsed back) get a shorter one.
#[test]
fn every_shipped_variant_conforms() {
    let names = shipped();
    assert!(names.len() >= 100, "only {} shipped variants", names.len());
    for name in &names {
        let walls = ["duck", "amazons", "isolation", "isolation7x7"].contains(&name.as_str());
        if walls {
            conform(name, 1, 16, 1);
        } else {
            conform(name, 1, 30, 1);
        }
    }
}

fn uci_moves(p: &PositionBox) -> Vec<String> {
    let mut moves = RVec::new();
    p.legal_moves(&mut moves).into_result().expect("legal moves");
    let mut texts: Vec<String> = moves
        .iter()
        .map(|&m| p.move_to_text(m, Notation::COORDINATE).into_result().expect("uci").to_string())
        .collect();
    texts.sort();
    texts
}

/// Seeded random games played in both plugins at once: the same legal
/// moves (UCI), the same position text and the same status at every ply.
#[test]
fn chess_as_data_agrees_with_the_chess_plugin_move_for_move() {
    let data = variant("chess");
    let native = load("chess", &[]);
    let mut rng = rng_from_seed(0xC0FFEE);
    let (mut plies, mut claims) = (0, 0);
    for game in 0..40 {
        let (mut a, mut b) = (data.start().expect("start"), native.start().expect("start"));
        loop {
            // FIDE's claimable draws: the chess plugin offers them to the
            // player to move (rules-api 0.2.2), chess as data ends the game
            // there with the same reason, as Fairy-Stockfish adjudicates.
            let claim = b.draw_claim().into_result().expect("claim").to_string();
            if !claim.is_empty() {
                let sa = a.outcome().expect("status");
                assert_eq!(
                    (sa.kind, sa.reason.as_str()),
                    (StatusKind::DRAW, claim.as_str()),
                    "game {game}: the data variant does not end where the chess plugin offers a claim"
                );
                claims += 1;
                break;
            }
            let (ma, mb) = (uci_moves(&a), uci_moves(&b));
            let (ta, tb) = (a.text().expect("text"), b.text().expect("text"));
            assert_eq!(ma, mb, "game {game}: legal moves differ in {tb}");
            assert_eq!(ta, tb, "game {game}: position text differs");
            let (sa, sb) = (a.outcome().expect("status"), b.outcome().expect("status"));
            assert_eq!(
                (sa.kind, sa.winner, sa.reason.as_str()),
                (sb.kind, sb.winner, sb.reason.as_str()),
                "game {game}: status differs in {tb}"
            );
            let Some(pick) = ma.choose(&mut rng) else { break };
            let (xa, xb) = (
                a.read_move(pick, Notation::COORDINATE).expect("parse"),
                b.read_move(pick, Notation::COORDINATE).expect("parse"),
            );
            a.play(xa).expect("play");
            b.play(xb).expect("play");
            plies += 1;
        }
    }
    assert!(plies > 3000, "only {plies} plies compared");
    assert!(claims > 0, "no game reached a claimable draw, so the claim was not compared");
}

#[test]
fn standard_notation_agrees_with_the_chess_plugin() {
    let data = variant("chess");
    let native = load("chess", &[]);
    let mut rng = rng_from_seed(7);
    for _ in 0..10 {
        let (mut a, mut b) = (data.start().expect("start"), native.start().expect("start"));
        for _ in 0..120 {
            let mut moves = RVec::new();
            a.legal_moves(&mut moves).into_result().expect("moves");
            if moves.is_empty() {
                break;
            }
            for &m in moves.iter() {
                let uci = a.move_to_text(m, Notation::COORDINATE).into_result().expect("uci");
                let other = b.read_move(uci.as_str(), Notation::COORDINATE).expect("same move");
                let (sa, sb) = (
                    a.move_to_text(m, Notation::STANDARD).into_result().expect("san"),
                    b.move_to_text(other, Notation::STANDARD).into_result().expect("san"),
                );
                assert_eq!(sa, sb, "SAN of {uci} in {}", b.text().expect("text"));
            }
            let m = *moves.choose(&mut rng).expect("a move");
            let uci = a.move_to_text(m, Notation::COORDINATE).into_result().expect("uci");
            a.play(m).expect("play");
            b.play(b.read_move(uci.as_str(), Notation::COORDINATE).expect("parse")).expect("play");
        }
    }
}

fn snap(name: &str, variant: &str, start: &str, moves: &str) {
    check(name, "variants", &[("variant", variant)], start, moves);
}

#[test]
fn snapshots_of_a_characteristic_position_per_variant() {
    snap("variants_chess_scholars_mate", "chess", "", "e2e4 e7e5 f1c4 b8c6 d1h5 g8f6 h5f7");
    snap(
        "variants_capablanca_castling",
        "capablanca",
        "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1",
        "f1i1 f8c8",
    );
    snap("variants_grand_start", "grand", "", "e3e5 f8f6");
    snap("variants_shatranj_bare_king", "shatranj", "8/8/8/3k4/8/8/3q4/K1R5 b - - 0 1", "d2c1 a1a2");
    snap("variants_makruk_promotion", "makruk", "8/8/8/4P3/8/8/k7/7K w - - 0 1", "e5e6m");
    snap("variants_shogi_drop", "shogi", "", "c3c4 g7g6 b2h8+ g9h8 B@e5");
    snap("variants_minishogi_start", "minishogi", "", "");
    snap("variants_crazyhouse_drop", "crazyhouse", "", "e2e4 d7d5 e4d5 d8d5 b1c3 d5a5 P@d5");
    snap("variants_kingofthehill_centre", "kingofthehill", "8/8/8/8/8/4K3/8/k7 w - - 0 1", "e3e4");
    snap(
        "variants_3check_third_check",
        "3check",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1+3 0 2",
        "f1c4 d7d6 c4f7",
    );
    snap("variants_antichess_forced_capture", "antichess", "", "e2e3 b7b5 f1b5");
    snap("variants_atomic_explosion", "atomic", "", "e2e4 d7d5 e4d5");
    snap("variants_racingkings_finish", "racingkings", "8/6K1/8/8/8/8/krbnNBR1/qrbnNBRQ w - - 0 1", "g7g8");
    snap("variants_losalamos_start", "losalamos", "", "c2c3");
    snap("variants_gardner_start", "gardner", "", "b2b3");
    snap("variants_minixiangqi_cannon", "minixiangqi", "", "b1b6");
    snap("variants_breakthrough_race", "breakthrough", "8/1P6/8/8/8/8/6p1/8 w - - 0 1", "b7a8");
}

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// The suite's short version of the Fairy-Stockfish cross-check; the long
/// campaign (thousands of positions per variant) is the same script with
/// more games, see docs/VARIANTS.md.
#[test]
fn every_variant_agrees_with_fairy_stockfish_on_seeded_random_games() {
    let script = workspace().join("tests").join("reference").join("variants_reference.py");
    let out = Command::new(python())
        .arg(&script)
        .args(["--tabula", &tabula_bin().to_string_lossy(), "--games", "1", "--plies", "12", "--seed", "11"])
        .args(["--perft-depth", "1"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}; install Python 3 (scripts/setup.sh --test)", python()));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    match out.status.code() {
        Some(0) => assert!(stdout.contains("variants reference: no mismatch"), "{stdout}"),
        Some(2) => panic!("the Fairy-Stockfish reference is missing (run scripts/setup.sh --test):\n{stderr}{stdout}"),
        _ => panic!("disagreements with Fairy-Stockfish ({}):\n{stdout}\n{stderr}", out.status),
    }
}

#[test]
fn tabula_plugins_lists_the_variants_as_the_options_choices() {
    let out = tabula_suite::fixtures::tabula(&["plugins"]);
    let text = tabula_suite::fixtures::stdout(&out);
    let line = text.lines().find(|l| l.contains("option variant=chess")).unwrap_or_else(|| panic!("{text}"));
    for name in ["chess", "capablanca", "shogi", "minixiangqi", "breakthrough", "3check"] {
        assert!(line.contains(name), "{name} missing from {line}");
    }
}

#[test]
fn cli_perft_moves_and_position_take_the_variant_option() {
    let out = tabula_suite::fixtures::tabula(&[
        "perft",
        "--rules",
        "variants",
        "--option",
        "variant=minishogi",
        "--depth",
        "3",
    ]);
    assert_eq!(tabula_suite::fixtures::stdout(&out).trim(), "2512");
    let out = tabula_suite::fixtures::tabula(&[
        "position",
        "--rules",
        "variants",
        "--option",
        "variant=crazyhouse",
        "--moves",
        "e2e4 d7d5 e4d5 d8d5 P@e4",
    ]);
    let text = tabula_suite::fixtures::stdout(&out);
    assert!(text.starts_with("rnb1kbnr/ppp1pppp/8/3q4/4P3/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3"), "{text}");
    let out = tabula_suite::fixtures::tabula(&["moves", "--rules", "variants", "--option", "variant=nosuchgame"]);
    assert!(!out.status.success());
    assert!(tabula_suite::fixtures::stderr(&out).contains("no variant named 'nosuchgame'"));
}
