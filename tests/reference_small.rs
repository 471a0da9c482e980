//! Amazons, nine men's morris and connect four against OpenSpiel, move by
//! move: the Python scripts in `tests/reference/` drive the real `tabula`
//! binary (`tabula moves` in batch mode, `tabula position`, `tabula
//! perft`) and exit 1 on any mismatch, printing the first few; exit 2 means
//! OpenSpiel is missing, which fails here too, with the way to install it.
//! These runs are small; the figures of the long runs are in
//! `docs/games/`.
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
            "{name} could not run its reference implementation (install OpenSpiel: `python3 -m pip install open_spiel`):\n{stderr}{stdout}"
        ),
        _ => panic!("{name} found disagreements with the reference ({}):\n{stdout}\n{stderr}", out.status),
    }
}

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

#[test]
fn amazons_moves_winners_and_perft_match_openspiel() {
    let bin = binary();
    let out = run_script(
        "amazons_reference.py",
        &["--tabula", &bin, "--games", "2", "--perft-depth", "1", "--perft-positions", "2"],
    );
    assert!(out.contains("amazons reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn morris_moves_results_and_perft_match_openspiel_but_for_its_draw() {
    let bin = binary();
    let out = run_script(
        "morris_reference.py",
        &["--tabula", &bin, "--games", "8", "--perft-depth", "3", "--perft-positions", "2", "--seed", "7"],
    );
    assert!(out.contains("morris reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn connectfour_moves_results_and_perft_match_openspiel_on_every_size() {
    let bin = binary();
    let out = run_script("connectfour_reference.py", &["--tabula", &bin, "--games", "2", "--perft-depth", "4"]);
    assert!(out.contains("connectfour reference: no mismatch"), "unexpected report:\n{out}");
}
