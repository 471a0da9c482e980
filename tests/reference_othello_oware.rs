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

use tabula_suite::fixtures::tabula_bin;
use tabula_suite::reference::run_script;

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
