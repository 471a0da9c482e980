//! `tabula new-plugin` end to end, as a newcomer uses it: scaffold a rules
//! and a strategy project outside the workspace, run their own tests, build
//! them, and load the libraries into the real binary (conform, plugins,
//! match) with no rebuild of Tabula.

use tabula_suite::fixtures::{build_cdylib, drop_plugin, scratch_dir, stderr, stdout, tabula, test_project};

#[test]
fn a_scaffolded_rules_plugin_builds_passes_conform_and_is_listed() {
    let dir = scratch_dir("scaffold_rules");
    let project = dir.join("scaffolded-game");
    let out = tabula(&["new-plugin", "scaffolded-game", "--kind", "rules", "--dir", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("created rules plugin 'scaffolded-game'"), "{}", stdout(&out));

    let tests = test_project(&project);
    assert!(tests.contains("test result: ok. 1 passed"), "the conformance test must run:\n{tests}");
    let so = build_cdylib(&project, "tabula_plugin_scaffolded_game");

    let conform = tabula(&["conform", "--rules", so.to_str().unwrap(), "--games", "4"]);
    assert!(conform.status.success(), "{}{}", stdout(&conform), stderr(&conform));
    let all = format!("all {} checks passed", tabula_kit::conformance::Check::ALL.len());
    assert!(stdout(&conform).contains(&all), "{}", stdout(&conform));

    let plugins = dir.join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    drop_plugin(&so, &plugins);
    let listed = tabula(&["plugins", "--plugin-dir", plugins.to_str().unwrap()]);
    let listing = stdout(&listed);
    assert!(
        listing.contains("scaffolded-game") && listing.contains("ScaffoldedGame (made by tabula new-plugin)"),
        "{listing}"
    );
    let position = tabula(&[
        "position",
        "--plugin-dir",
        plugins.to_str().unwrap(),
        "--rules",
        "scaffolded-game",
        "--moves",
        "b2 a1",
    ]);
    assert!(stdout(&position).contains(".../.x./o.."), "{}{}", stdout(&position), stderr(&position));
}

#[test]
fn a_scaffolded_strategy_builds_passes_its_tests_and_plays_a_match() {
    let dir = scratch_dir("scaffold_strategy");
    let project = dir.join("scaffolded-bot");
    let out = tabula(&["new-plugin", "scaffolded-bot", "--kind", "strategy", "--dir", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));

    let tests = test_project(&project);
    assert!(tests.contains("test result: ok. 2 passed"), "the strategy's tests must run:\n{tests}");
    let so = build_cdylib(&project, "tabula_plugin_scaffolded_bot");
    let plugins = dir.join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    drop_plugin(&so, &plugins);
    let dir_arg = plugins.to_str().unwrap();
    let out = tabula(&[
        "match",
        "--plugin-dir",
        dir_arg,
        "--rules",
        "tictactoe",
        "--players",
        "scaffolded-bot,random",
        "--games",
        "4",
        "--json",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary = stdout(&out);
    let last: serde_json::Value = serde_json::from_str(summary.lines().last().unwrap()).unwrap();
    assert_eq!(last["errors"], 0, "{summary}");
    assert_eq!(last["games"], 4, "{summary}");
}

#[test]
fn a_bad_name_or_an_existing_directory_is_refused() {
    let dir = scratch_dir("scaffold_refusals");
    let out = tabula(&["new-plugin", "Bad Name", "--kind", "rules", "--dir", dir.join("x").to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("lowercase"), "{}", stderr(&out));
    std::fs::write(dir.join("keep.txt"), "mine").unwrap();
    let out = tabula(&["new-plugin", "fine", "--kind", "rules", "--dir", dir.to_str().unwrap()]);
    assert!(!out.status.success() && stderr(&out).contains("not empty"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(dir.join("keep.txt")).unwrap(), "mine", "nothing is lost");
}
