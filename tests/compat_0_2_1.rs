//! The compatibility promise for rules-api 0.2.1: a plugin binary built
//! against the 0.2.1 release (its sources kept in
//! `tests/compat/rules-api-0.2.1`), using what 0.2.1 added (three players,
//! full results with payoffs), loads and plays in this host (0.2.2, which
//! appended `draw_claim`), unchanged and unrebuilt; the method it lacks
//! runs its default (nothing to claim).

use std::path::PathBuf;

use tabula_suite::fixtures::{build_cdylib, drop_plugin, scratch_dir, stderr, stdout, tabula, workspace};

/// Builds the 0.2.1 fixture plugin and drops it into a fresh plugin directory.
fn nim3(test: &str) -> PathBuf {
    let dir = scratch_dir(test).join("plugins");
    std::fs::create_dir_all(&dir).unwrap();
    let project = workspace().join("tests/compat/plugins-0.2.1");
    drop_plugin(&build_cdylib(&project, "tabula_plugin_nim3"), &dir)
}

fn run_ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(out.status.success(), "tabula {args:?} failed:\n{}{}", stdout(&out), stderr(&out));
    stdout(&out)
}

#[test]
fn a_0_2_1_game_of_three_loads_passes_conformance_and_plays() {
    let game = nim3("compat_021_game");
    let game = game.to_str().unwrap();
    let dir = PathBuf::from(game).parent().unwrap().to_path_buf();
    let listing = run_ok(&["plugins", "--plugin-dir", dir.to_str().unwrap()]);
    let line = listing.lines().find(|l| l.contains("nim3")).unwrap_or_else(|| panic!("nim3 not listed:\n{listing}"));
    assert!(!line.contains("broken"), "the 0.2.1 plugin is refused: {line}");

    run_ok(&["conform", "--rules", game, "--games", "20"]);

    // The three players in turn, the runtime reason and the payoffs, and
    // no claim line: the default of the method 0.2.2 appended.
    let out = run_ok(&["position", "--rules", game, "--moves", "take3 take3 take2"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[..3], ["4 red", "status: ongoing", "to move: red"], "{out}");
    let out = run_ok(&["position", "--rules", game, "--moves", "take3 take3 take2 take1 take3"]);
    assert!(out.contains("status: win green") && out.contains("green took the last stone"), "{out}");
    assert!(out.contains("places: red 2nd, green 1st, blue 3rd"), "{out}");
    assert!(!out.contains("claim:"), "{out}");

    for players in ["alphabeta,random,mcts", "random,random,random"] {
        let out =
            run_ok(&["match", "--rules", game, "--players", players, "--games", "2", "--time-ms", "50", "--json"]);
        let summary: serde_json::Value =
            serde_json::from_str(out.lines().last().unwrap_or_default()).unwrap_or_else(|e| panic!("{e}: {out}"));
        assert_eq!(summary["games"], 2, "{out}");
        assert_eq!(summary["errors"], 0, "{out}");
    }
}
