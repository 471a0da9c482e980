//! Othello and oware against OpenSpiel (`pyspiel`), move by move and by
//! perft: the Python scripts in `tests/reference/` drive the real `tabula`
//! binary (`tabula moves` in batch mode, `tabula position`, `tabula
//! perft`) and exit 1 on any mismatch, printing the first few; exit 2
//! means OpenSpiel is missing, which fails here too, with the way to
//! install it. A few games here; the figures of long runs are in
//! `docs/games/othello.md` and `docs/games/oware.md`.
//!
//! `scripts/setup.sh --test` installs the references. `$PYTHON` names the
//! interpreter (default `python3`).

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
            "{name} could not run its reference implementation (run `scripts/setup.sh --test` to install it):\n{stderr}{stdout}"
        ),
        _ => panic!("{name} found disagreements with the reference ({}):\n{stdout}\n{stderr}", out.status),
    }
}

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

#[test]
fn othello_legal_moves_passes_results_and_perft_match_openspiel() {
    let out = run_script("othello_reference.py", &["--tabula", &binary(), "--games", "8", "--perft-depth", "5"]);
    assert!(out.contains("othello reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn oware_legal_moves_captures_ends_and_perft_match_openspiel() {
    let out = run_script("oware_reference.py", &["--tabula", &binary(), "--games", "12", "--perft-depth", "5"]);
    assert!(out.contains("oware reference: no mismatch"), "unexpected report:\n{out}");
}
