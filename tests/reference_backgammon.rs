//! Tabula's backgammon against OpenSpiel's (`pyspiel`): legal plays as sets
//! of positions reached, chance outcomes and their probabilities, the
//! forced pass, and the result (single game, gammon, backgammon) of seeded
//! random games. `tests/reference/backgammon_reference.py` drives the real
//! `tabula` binary; exit 2 (OpenSpiel missing) fails here too, with the way
//! to install it. The probabilities have no command-line output, so the
//! plugin beside the binary is loaded here and compared with the chance
//! nodes the script writes from OpenSpiel.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::{Command, Output};

use rules_api::{Notation, PluginKind, RVec};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::fixtures::{scratch_dir, tabula_bin, workspace};

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string())
}

fn script() -> PathBuf {
    workspace().join("tests").join("reference").join("backgammon_reference.py")
}

/// Runs the reference script and fails the test, with everything it
/// printed and how to install what is missing, unless it exits 0.
fn run_script(args: &[&str]) -> String {
    let out: Output = Command::new(python()).arg(script()).args(args).output().unwrap_or_else(|e| {
        panic!("cannot run `{}` for backgammon_reference.py: {e}; install Python 3 (scripts/setup.sh --test)", python())
    });
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    match out.status.code() {
        Some(0) => {
            println!("{stdout}");
            stdout
        }
        Some(2) => panic!(
            "backgammon_reference.py could not run OpenSpiel (run `scripts/setup.sh --test` to install it):\n{stderr}{stdout}"
        ),
        _ => panic!("backgammon_reference.py found disagreements with OpenSpiel ({}):\n{stdout}\n{stderr}", out.status),
    }
}

#[test]
fn backgammon_plays_passes_and_results_match_openspiel() {
    let binary = tabula_bin().to_string_lossy().into_owned();
    let out = run_script(&["--tabula", &binary, "--games", "4", "--seed", "3"]);
    assert!(out.contains("backgammon reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn backgammon_chance_outcomes_and_probabilities_match_openspiel() {
    let dir = scratch_dir("reference_backgammon_chance");
    let file = dir.join("chance.tsv");
    run_script(&["--emit-chance", &file.to_string_lossy(), "--games", "3", "--seed", "5"]);
    let beside_binary = tabula_bin().parent().expect("binary directory").to_path_buf();
    let plugin = find_plugin("backgammon", PluginKind::RULES, &PluginDirs::new(vec![beside_binary]))
        .unwrap_or_else(|e| panic!("cannot load the backgammon plugin: {e}"));
    let rules = plugin.new_rules(&[]).unwrap_or_else(|e| panic!("cannot configure backgammon: {e}"));
    // OpenSpiel's outcomes per position text.
    let mut expected: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    for line in std::fs::read_to_string(&file).expect("read the chance file").lines() {
        let [text, mv, p] = line.split('\t').collect::<Vec<_>>()[..] else { panic!("bad line '{line}'") };
        expected.entry(text.to_string()).or_default().insert(mv.to_string(), p.parse().expect("a probability"));
    }
    assert!(expected.len() > 50, "only {} chance nodes to compare", expected.len());
    for (text, outcomes) in &expected {
        let position =
            rules.position_from_text(text.as_str().into()).into_result().unwrap_or_else(|e| panic!("{text}: {e}"));
        let mut found = RVec::new();
        position.chance_outcomes(&mut found).into_result().expect("chance outcomes");
        let mut got = BTreeMap::new();
        for o in found.iter() {
            let name = position.move_to_text(o.mv, Notation::COORDINATE).into_result().expect("an outcome's text");
            got.insert(name.to_string(), o.probability);
        }
        assert_eq!(got.keys().collect::<Vec<_>>(), outcomes.keys().collect::<Vec<_>>(), "outcomes of {text}");
        for (name, p) in outcomes {
            assert!(
                (got[name] - p).abs() < 1e-12,
                "{text}: {name} has probability {} here, {p} in OpenSpiel",
                got[name]
            );
        }
    }
}
