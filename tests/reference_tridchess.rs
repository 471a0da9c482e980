//! Tri-dimensional chess against a second, deliberately simple move
//! generator written in Python from the rules' wording
//! (`tests/reference/tridchess_reference.py`; there is no independent
//! implementation of these rules to compare with). The script drives the
//! real `tabula` binary: legal move sets after every move of seeded random
//! games, position texts and results at checkpoints, and perft counts.
//! It exits 1 on any disagreement, printing the first few, and 2 when it
//! cannot run. `$PYTHON` names the interpreter (default `python3`).

use std::path::PathBuf;
use std::process::{Command, Output};

use tabula_suite::fixtures::{tabula_bin, workspace};

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn script() -> PathBuf {
    workspace().join("tests").join("reference").join("tridchess_reference.py")
}

/// Runs the reference script and fails the test, with everything it
/// printed, unless it exits 0.
fn run_script(args: &[&str]) -> String {
    let out: Output = Command::new(python()).arg(script()).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{}` for tridchess_reference.py: {e}; install Python 3 (scripts/setup.sh --test)", python())
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => {
            println!("{stdout}");
            stdout
        }
        Some(2) => panic!("tridchess_reference.py could not run:\n{stderr}{stdout}"),
        _ => panic!("tridchess_reference.py found disagreements ({}):\n{stdout}\n{stderr}", out.status),
    }
}

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

#[test]
fn tridchess_legal_moves_texts_and_results_match_the_python_reference() {
    let out = run_script(&["--tabula", &binary(), "--games", "2", "--plies", "70", "--seed", "5"]);
    assert!(out.contains("tridchess reference: no mismatch in"), "unexpected report:\n{out}");
}

/// Perft from two positions, counted by the reference and by `tabula perft`.
#[test]
fn tridchess_perft_matches_the_python_reference() {
    let positions = [
        "4/4/PPPP/NBBN|4/4/4/4|nbbn/pppp/4/4 QL1w:PP/RQ,QL6b:rq/pp,KL1w:PP/KR,KL6b:kr/pp w KQkq - - 0 1",
        "4/4/1P1P/1B2|4/1n2/4/4|4/p1p1/4/4 QL1w:P1/R1,QL6b:r1/p1,KL1w:P1/KR,KL6b:kr/2 w KQkq - - 0 12",
    ];
    for text in positions {
        let reference = run_script(&["--perft", "2", "--position", text]);
        let want = reference.lines().find_map(|l| l.strip_prefix("D2 ")).expect("a D2 line").trim().to_string();
        let out = Command::new(tabula_bin())
            .args(["perft", "--rules", "tridchess", "--depth", "2", "--position", text])
            .output()
            .expect("run tabula perft");
        let got = String::from_utf8_lossy(&out.stdout).lines().next().unwrap_or_default().trim().to_string();
        assert_eq!(got, want, "perft 2 of {text}");
    }
}
