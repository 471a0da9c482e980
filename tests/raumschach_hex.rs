//! Raumschach and Hex through the real host: the kit's conformance suite
//! on the loaded libraries, every strategy the host finds playing both
//! games to the end in `tabula match`, and the CLI's perft and the Hex
//! swap from the command line.

use tabula_kit::conformance::{run, Budget};
use tabula_suite::diagram::load;
use tabula_suite::fixtures::{stderr, stdout, tabula};

fn conform(name: &str, options: &[(&str, &str)], budget: Budget) {
    let report = run(&load(name, options), &Budget { seed: 0x3D_4E58, transposition_tries: 300, ..budget });
    report.assert_ok();
    assert!(report.positions > 100 && report.transpositions > 0, "{name}: walked too little:\n{report}");
}

#[test]
fn raumschach_conforms_as_a_loaded_library() {
    conform("raumschach", &[], Budget { playouts: 8, max_plies: 250, deep_checks: 10, ..Budget::default() });
}

#[test]
fn hex_conforms_on_the_smallest_and_largest_boards() {
    conform("hex", &[("size", "7")], Budget { playouts: 20, max_plies: 60, deep_checks: 6, ..Budget::default() });
    conform(
        "hex",
        &[("size", "19"), ("swap", "off")],
        Budget { playouts: 3, max_plies: 400, deep_checks: 2, ..Budget::default() },
    );
}

/// The strategy plugins `tabula plugins` lists: whatever is installed
/// plays, not a fixed list.
fn strategies() -> Vec<String> {
    let out = tabula(&["plugins"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let names: Vec<String> = stdout(&out)
        .lines()
        .filter_map(|l| l.strip_prefix("strategy "))
        .filter_map(|l| l.split_whitespace().next().map(String::from))
        .collect();
    for expected in ["random", "greedy", "alphabeta"] {
        assert!(names.iter().any(|n| n == expected), "{expected} missing from {names:?}");
    }
    names
}

/// Plays one game each way between `player` and alpha-beta and checks
/// that both ended without an error.
fn plays_to_the_end(rules: &[&str], player: &str) {
    let players = format!("{player},alphabeta");
    let mut args = vec!["match", "--players", &players, "--games", "2", "--time-ms", "60", "--seed", "5", "--json"];
    args.extend_from_slice(rules);
    let out = tabula(&args);
    let text = stdout(&out);
    assert!(out.status.success(), "{args:?}: {text}{}", stderr(&out));
    let summary: serde_json::Value = serde_json::from_str(text.lines().last().unwrap()).expect("JSON summary");
    assert_eq!(summary["games"], 2, "{text}");
    assert_eq!(summary["errors"], 0, "{args:?}: {text}");
    let decided: u64 = summary["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum::<u64>()
        + summary["draws"].as_u64().unwrap();
    assert_eq!(decided, 2, "{text}");
}

#[test]
fn every_strategy_plays_raumschach_to_the_end() {
    for player in strategies() {
        plays_to_the_end(&["--rules", "raumschach", "--option", "no_progress_plies=60"], &player);
    }
}

#[test]
fn every_strategy_plays_hex_to_the_end() {
    for player in strategies() {
        plays_to_the_end(&["--rules", "hex", "--option", "size=9"], &player);
    }
}

#[test]
fn perft_from_the_command_line() {
    let out = tabula(&["perft", "--rules", "raumschach", "--depth", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("237316"), "{}", stdout(&out));
}

#[test]
fn the_swap_is_a_move_on_the_command_line() {
    let out = tabula(&["moves", "--rules", "hex", "--option", "size=7", "--moves", "c2"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = stdout(&out);
    assert!(listed.split_whitespace().any(|m| m == "swap"), "{listed}");
    let out = tabula(&["position", "--rules", "hex", "--option", "size=7", "--moves", "c2 swap"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("......./......./.b...../......./......./......./....... r"), "{}", stdout(&out));
    let out = tabula(&["position", "--rules", "hex", "--option", "swap=off", "--moves", "c2 swap"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("swap rule is off"), "{}", stderr(&out));
}
