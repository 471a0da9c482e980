//! Phantom tic-tac-toe against OpenSpiel's `phantom_ttt`, move by move:
//! `tests/reference/phantomttt_reference.py` drives the real `tabula`
//! binary (`tabula moves` and `tabula view` in batch mode, `tabula
//! position`) over seeded random games and exits 1 on any mismatch of the
//! legal moves, either player's view or the result; exit 2 means OpenSpiel
//! is missing, which fails here too. The long run's figures are in
//! docs/STRATEGIES.md.
//!
//! `$PYTHON` names the interpreter (default `python3`).

use std::process::Command;

use tabula_suite::fixtures::{tabula_bin, workspace};

#[test]
fn phantomttt_moves_views_and_results_match_openspiel() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let script = workspace().join("tests").join("reference").join("phantomttt_reference.py");
    let bin = tabula_bin();
    let out = Command::new(&python)
        .arg(&script)
        .args(["--tabula", &bin.to_string_lossy(), "--games", "25", "--seed", "3"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run `{python}`: {e}; install Python 3 (scripts/setup.sh --test)"));
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    match out.status.code() {
        Some(0) => assert!(text.contains("no mismatch over 25 games") && text.contains("refused tries"), "{text}"),
        Some(2) => panic!("install OpenSpiel (`python3 -m pip install open_spiel`) to run this test:\n{text}"),
        _ => panic!("phantomttt disagrees with OpenSpiel:\n{text}"),
    }
}
