//! Stratego against a second, deliberately simple implementation written
//! in Python from the rules' wording (`tests/reference/stratego_reference.py`;
//! OpenSpiel has no Stratego), and banqi against OpenSpiel's `banqi`
//! (`tests/reference/banqi_reference.py`, pyspiel). Both scripts drive the
//! real `tabula` binary over seeded random games: legal moves after every
//! move (chance outcomes at chance nodes), position texts and results.
//! What the command line cannot show — each player's observation and the
//! chance probabilities — is compared here: the banqi script writes
//! OpenSpiel's nodes, and the plugin beside the binary is loaded and asked.
//! A script's exit 2 (pyspiel missing) fails the test with the way to
//! install it. `$PYTHON` names the interpreter (default `python3`).

use std::path::PathBuf;
use std::process::{Command, Output};

use rules_api::{Notation, PluginKind, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::fixtures::{scratch_dir, tabula_bin, workspace};

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// Runs a reference script and fails the test, with everything it
/// printed, unless it exits 0.
fn run_script(name: &str, args: &[&str]) -> String {
    let script = workspace().join("tests").join("reference").join(name);
    let out: Output = Command::new(python()).arg(&script).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{}` for {name}: {e}; install Python 3 (scripts/setup.sh --test)", python())
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => {
            println!("{stdout}");
            stdout
        }
        Some(2) => panic!("{name} could not run (scripts/setup.sh --test installs OpenSpiel):\n{stderr}{stdout}"),
        _ => panic!("{name} found disagreements ({}):\n{stdout}\n{stderr}", out.status),
    }
}

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

fn plugin_rules(name: &str) -> RulesBox {
    let beside_binary: PathBuf = tabula_bin().parent().expect("binary directory").to_path_buf();
    let plugin = find_plugin(name, PluginKind::RULES, &PluginDirs::new(vec![beside_binary]))
        .unwrap_or_else(|e| panic!("cannot load the {name} plugin: {e}"));
    plugin.new_rules(&[]).unwrap_or_else(|e| panic!("cannot configure {name}: {e}"))
}

#[test]
fn stratego_moves_texts_and_results_match_the_python_reference() {
    let out =
        run_script("stratego_reference.py", &["--tabula", &binary(), "--games", "2", "--plies", "160", "--seed", "2"]);
    assert!(out.contains("stratego reference: no mismatch in"), "unexpected report:\n{out}");
}

#[test]
fn stratego_under_the_isf_and_milton_bradley_options_matches_the_python_reference() {
    let args = [
        "--tabula",
        &binary(),
        "--games",
        "1",
        "--plies",
        "160",
        "--seed",
        "4",
        "--option",
        "two_squares=3",
        "--option",
        "scout_strikes=no",
    ];
    let out = run_script("stratego_reference.py", &args);
    assert!(out.contains("stratego reference: no mismatch in"), "unexpected report:\n{out}");
}

#[test]
fn stratego_deals_and_their_probabilities_match_the_python_reference() {
    let dir = scratch_dir("reference_stratego_chance");
    let file = dir.join("chance.jsonl");
    run_script(
        "stratego_reference.py",
        &["--emit-chance", &file.to_string_lossy(), "--games", "4", "--plies", "100", "--seed", "3"],
    );
    let rules = plugin_rules("stratego");
    let (mut random, mut preset) = (0, 0);
    for line in std::fs::read_to_string(&file).expect("read the chance nodes").lines() {
        let node: serde_json::Value = serde_json::from_str(line).expect("a JSON node");
        let p = replay(&rules, node["moves"].as_array().expect("moves"));
        let expected = node["chance"].as_object().expect("outcomes");
        let at = format!("after {} moves", node["moves"].as_array().unwrap().len());
        let got = p.chance_list().unwrap();
        assert_eq!(got.len(), expected.len(), "outcomes {at}");
        for o in got {
            let name = p.notate(o.mv, Notation::COORDINATE).unwrap();
            let want = expected.get(&name).and_then(|v| v.as_f64()).unwrap_or_else(|| panic!("{name} {at}"));
            assert!(
                (o.probability - want).abs() < 1e-12,
                "{name}: {} here, {want} in the reference {at}",
                o.probability
            );
        }
        let moves = node["moves"].as_array().unwrap();
        let button = moves.iter().rev().find_map(|m| m.as_str().filter(|m| *m == "random" || m.starts_with("preset")));
        if button == Some("random") {
            random += 1;
        } else {
            preset += 1;
        }
    }
    assert!(random > 20 && preset > 20, "only {random} random and {preset} preset deals compared");
}

#[test]
fn banqi_moves_outcomes_texts_and_results_match_openspiel() {
    let out = run_script("banqi_reference.py", &["--tabula", &binary(), "--games", "3", "--seed", "5"]);
    assert!(out.contains("banqi reference: no mismatch in"), "unexpected report:\n{out}");
}

/// The plugin's position after `moves` (Tabula's notation), from the start.
fn replay(rules: &RulesBox, moves: &[serde_json::Value]) -> PositionBox {
    let mut p = rules.start().expect("start");
    for m in moves {
        let text = m.as_str().expect("a move text");
        let mv = p.read_move(text, Notation::COORDINATE).unwrap_or_else(|e| panic!("{text}: {e}"));
        p.play(mv).unwrap();
    }
    p
}

/// A viewer's board as the OpenSpiel side writes it: ranks 4 to 1, `.`
/// empty, `?` face down, a letter for a face-up piece.
fn view_board(rules: &RulesBox, p: &PositionBox, viewer: u8) -> String {
    let info = rules.game_info().unwrap();
    let mut cells = ['.'; 32];
    for piece in p.view_piece_list(viewer).unwrap() {
        cells[piece.cell as usize] = info.piece_types[piece.kind as usize].letters[0].chars().next().unwrap();
    }
    (0..4).rev().map(|r| cells[r * 8..r * 8 + 8].iter().collect::<String>()).collect::<Vec<_>>().join("/")
}

#[test]
fn banqi_observations_seats_and_chance_probabilities_match_openspiel() {
    let dir = scratch_dir("reference_banqi_nodes");
    let file = dir.join("nodes.jsonl");
    // BANQI_VIEW_GAMES=N compares N games (the docs' long run); 3 by default.
    let games = std::env::var("BANQI_VIEW_GAMES").unwrap_or_else(|_| "3".to_string());
    run_script("banqi_reference.py", &["--emit", &file.to_string_lossy(), "--games", &games, "--seed", "9"]);
    let rules = plugin_rules("banqi");
    let (mut nodes, mut chances) = (0, 0);
    for line in std::fs::read_to_string(&file).expect("read the nodes").lines() {
        let node: serde_json::Value = serde_json::from_str(line).expect("a JSON node");
        let p = replay(&rules, node["moves"].as_array().expect("moves"));
        let at = format!("after {}", node["moves"]);
        for viewer in [0u8, 1] {
            let view = &node["views"][viewer as usize];
            assert_eq!(view_board(&rules, &p, viewer), view["board"].as_str().unwrap(), "{viewer}'s view {at}");
            if let Some(mover) = view["mover"].as_u64().filter(|_| !node["terminal"].as_bool().unwrap()) {
                assert_eq!(p.side_to_move() as u64, mover, "the player to move {at}");
            }
        }
        assert_eq!(view_board(&rules, &p, SPECTATOR), node["board"].as_str().unwrap(), "the spectator's view {at}");
        // Each face-up piece belongs to the seat that plays its colour.
        if let Some(first) = node["first"].as_str() {
            for piece in p.piece_list().unwrap().iter().filter(|x| x.kind > 0) {
                let red = piece.kind <= 7;
                let seat = if (first == "red") == red { 0 } else { 1 };
                assert_eq!(piece.owner, seat, "owner of the piece on cell {} {at}", piece.cell);
            }
        }
        if let Some(expected) = node["chance"].as_object() {
            chances += 1;
            let got = p.chance_list().unwrap();
            assert_eq!(got.len(), expected.len(), "chance outcomes {at}");
            for o in got {
                let name = p.notate(o.mv, Notation::COORDINATE).unwrap();
                let want = expected.get(&name).and_then(|v| v.as_f64()).unwrap_or_else(|| panic!("{name} {at}"));
                assert!(
                    (o.probability - want).abs() < 1e-12,
                    "{name}: {} here, {want} in OpenSpiel {at}",
                    o.probability
                );
            }
        }
        nodes += 1;
    }
    assert!(nodes > 300 && chances > 50, "only {nodes} nodes ({chances} chance nodes) compared");
}
