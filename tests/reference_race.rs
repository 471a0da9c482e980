//! The race games against OpenSpiel, move by move: Chinese checkers
//! against `chinese_checkers` (2, 3, 4 and 6 players) and Mensch ärgere
//! Dich nicht against `maedn` (2, 3 and 4 players, the die's outcomes and
//! probabilities too). The Python scripts in `tests/reference/` drive the
//! real `tabula` binary and exit 1 on any mismatch, printing the first
//! few; exit 2 means OpenSpiel is missing, which fails here too, with the
//! way to install it. A few games each here; `docs/games/` has the figures
//! of long runs.

use std::io::Write;

use rules_api::{PluginKind, RVec};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_suite::fixtures::{scratch_dir, tabula_bin};
use tabula_suite::reference::run_script;

fn binary() -> String {
    tabula_bin().to_string_lossy().into_owned()
}

#[test]
fn chinese_checkers_turns_and_results_match_openspiel() {
    let out = run_script(
        "chinese_checkers_reference.py",
        &["--tabula", &binary(), "--games", "1", "--limit", "300", "--perft-depth", "1", "--midgame", "12"],
    );
    assert!(out.contains("chinese checkers reference: no mismatch"), "unexpected report:\n{out}");
}

#[test]
fn ludo_rolls_moves_and_results_match_openspiel() {
    let dir = scratch_dir("reference_ludo_chance");
    let chance = dir.join("chance.tsv");
    let out = run_script(
        "ludo_reference.py",
        &["--tabula", &binary(), "--games", "2", "--perft-depth", "4", "--emit-chance", &chance.to_string_lossy()],
    );
    assert!(out.contains("ludo reference: no mismatch"), "unexpected report:\n{out}");
    check_chance_outcomes(&chance);
}

/// OpenSpiel's outcomes and probabilities at each chance node the games
/// met (`players <TAB> position <TAB> rollN:probability ...`) against the
/// plugin's `chance_outcomes` there, loaded beside the binary.
fn check_chance_outcomes(file: &std::path::Path) {
    let beside_binary = tabula_bin().parent().expect("binary directory").to_path_buf();
    let plugin = find_plugin("ludo", PluginKind::RULES, &PluginDirs::new(vec![beside_binary]))
        .unwrap_or_else(|e| panic!("cannot load the ludo plugin: {e}"));
    let text = std::fs::read_to_string(file).expect("read the chance nodes");
    let mut checked = 0;
    let mut report = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [players, position, expected] = fields[..] else { panic!("bad line '{line}'") };
        let rules = plugin
            .new_rules(&[("players".to_string(), players.to_string())])
            .unwrap_or_else(|e| panic!("cannot configure ludo: {e}"));
        let p = rules.position_from_text(position.into()).into_result().unwrap_or_else(|e| panic!("{position}: {e}"));
        let mut outcomes = RVec::new();
        p.chance_outcomes(&mut outcomes).into_result().expect("chance outcomes");
        let mut got: Vec<(String, f64)> = outcomes
            .iter()
            .map(|o| {
                let name = p.move_to_text(o.mv, rules_api::Notation::COORDINATE).into_result().expect("a roll's name");
                (name.to_string(), o.probability)
            })
            .collect();
        let mut want: Vec<(String, f64)> = expected
            .split(' ')
            .map(|pair| {
                let (name, prob) = pair.split_once(':').expect("roll:probability");
                (name.to_string(), prob.parse::<f64>().expect("a probability"))
            })
            .collect();
        got.sort_by(|a, b| a.0.cmp(&b.0));
        want.sort_by(|a, b| a.0.cmp(&b.0));
        let same =
            got.len() == want.len() && got.iter().zip(&want).all(|(g, w)| g.0 == w.0 && (g.1 - w.1).abs() < 1e-12);
        if !same && report.len() < 3 {
            report.push(format!("{position}: tabula {got:?}, OpenSpiel {want:?}"));
        }
        checked += 1;
    }
    assert!(report.is_empty(), "chance outcomes differ:\n{}", report.join("\n"));
    assert!(checked > 100, "only {checked} chance nodes to check");
    let mut log = std::fs::File::create(file.with_extension("checked")).expect("log");
    writeln!(log, "{checked} chance nodes checked").expect("write");
}
