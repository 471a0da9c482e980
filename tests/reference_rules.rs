//! Tabula's rules against independent implementations, move by move:
//! chess against python-chess, xiangqi against the Fairy-Stockfish engine,
//! Hex against a union-find Hex written in Python from the rules' wording.
//! The Python scripts in `tests/reference/` drive the real `tabula` binary
//! (`tabula moves` in batch mode, `tabula position`) and exit 1 on any
//! mismatch, printing the first few; exit 2 means the reference is missing,
//! which fails here too, with the way to install it.
//!
//! `scripts/setup.sh --test` installs the references (the Hex one needs
//! only Python). `$PYTHON` names the interpreter (default `python3`).

use std::io::Write;
use std::path::Path;

use rules_api::{Notation, PluginKind, RVec};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::fixtures::{scratch_dir, tabula_bin};
use tabula_suite::reference::run_script;

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

#[test]
fn chess_legal_moves_and_results_match_python_chess() {
    let out = run_script("chess_reference.py", &["--tabula", &binary()]);
    assert!(out.contains("chess reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn xiangqi_legal_moves_and_results_match_fairy_stockfish() {
    let out = run_script("xiangqi_reference.py", &["--tabula", &binary()]);
    assert!(out.contains("xiangqi reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn hex_legal_moves_swap_and_winner_match_a_union_find_reference() {
    let out = run_script("hex_reference.py", &["--tabula", &binary()]);
    assert!(out.contains("hex reference: no mismatch"), "unexpected report:\n{out}");
}

/// SAN has no CLI output, so the plugin beside the binary is loaded here:
/// python-chess writes the FENs, this test writes `FEN<TAB>UCI<TAB>SAN` for
/// every legal move, and python-chess checks each SAN.
#[test]
fn chess_san_matches_python_chess() {
    let dir = scratch_dir("reference_chess_san");
    let fens = dir.join("fens.txt");
    let sans = dir.join("san.tsv");
    run_script("chess_reference.py", &["--emit-fens", &fens.to_string_lossy()]);
    write_san(&fens, &sans);
    let out = run_script("chess_reference.py", &["--check-san", &sans.to_string_lossy()]);
    assert!(out.contains("chess SAN reference: no mismatch"), "unexpected report:\n{out}");
}

fn write_san(fens: &Path, sans: &Path) {
    let beside_binary = tabula_bin().parent().expect("binary directory").to_path_buf();
    let plugin = find_plugin("chess", PluginKind::RULES, &PluginDirs::new(vec![beside_binary]))
        .unwrap_or_else(|e| panic!("cannot load the chess plugin: {e}"));
    let rules = plugin.new_rules(&[]).unwrap_or_else(|e| panic!("cannot configure chess: {e}"));
    let text = std::fs::read_to_string(fens).expect("read the FEN list");
    let mut out = std::io::BufWriter::new(std::fs::File::create(sans).expect("create the SAN file"));
    let mut positions = 0;
    for fen in text.lines().filter(|l| !l.trim().is_empty()) {
        let position = rules
            .position_from_text(fen.into())
            .into_result()
            .unwrap_or_else(|e| panic!("the chess plugin refuses {fen}: {e}"));
        let mut moves = RVec::new();
        position.legal_moves(&mut moves).into_result().unwrap_or_else(|e| panic!("legal moves of {fen}: {e}"));
        for &m in moves.iter() {
            let uci = position.move_to_text(m, Notation::COORDINATE).into_result();
            let san = position.move_to_text(m, Notation::STANDARD).into_result();
            match (uci, san) {
                (Ok(uci), Ok(san)) => writeln!(out, "{fen}\t{uci}\t{san}").expect("write"),
                (uci, san) => panic!("cannot write a move of {fen} as text: {uci:?} / {san:?}"),
            }
        }
        positions += 1;
    }
    out.flush().expect("flush the SAN file");
    assert!(positions > 1000, "only {positions} positions to check SAN on");
}
