//! Tabula's draughts against independent implementations, move by move:
//! pydraughts (international and English draughts, PDN FEN) and
//! OpenSpiel's `checkers` (English draughts), through the real `tabula`
//! binary. `tests/reference/draughts_reference.py` exits 1 on any
//! mismatch, printing the first few, and 2 when a reference is missing,
//! which fails here too, with the way to install it. Here it plays a few
//! short games and recounts the small perft counts; docs/games/draughts.md
//! gives the figures of a long run.
//!
//! `$PYTHON` names the interpreter (default `python3`).

use std::path::PathBuf;
use std::process::{Command, Output};

use tabula_suite::fixtures::{tabula_bin, workspace};

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn script(name: &str) -> PathBuf {
    workspace().join("tests").join("reference").join(name)
}

/// Runs a reference script and fails the test, with everything it printed
/// and how to install what is missing, unless it exits 0.
fn run_script(name: &str, args: &[&str]) -> String {
    let out: Output = Command::new(python()).arg(script(name)).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{}` for {name}: {e}; install Python 3 (scripts/setup.sh --test)", python())
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => {
            println!("{stdout}");
            stdout
        }
        Some(2) => panic!(
            "{name} could not run its reference implementation (pip install pydraughts open_spiel):\n{stderr}{stdout}"
        ),
        _ => panic!("{name} found disagreements with the reference ({}):\n{stdout}\n{stderr}", out.status),
    }
}

#[test]
fn draughts_moves_results_and_perft_match_pydraughts_and_openspiel() {
    let binary = tabula_bin().to_string_lossy().into_owned();
    // A few short games and the small perft counts: seconds, not minutes.
    let short = ["--games", "1", "--openspiel-games", "1", "--max-plies", "30"];
    let perft = ["--perft-nodes", "300", "--openspiel-perft-nodes", "8000"];
    let args = [&["--tabula", binary.as_str()][..], &short, &perft].concat();
    let out = run_script("draughts_reference.py", &args);
    assert!(out.contains("draughts reference: no mismatch"), "unexpected report:\n{out}");
    assert!(out.contains("positions compared"), "unexpected report:\n{out}");
}
