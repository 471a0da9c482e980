//! Users drop a plugin built elsewhere beside the others, name it in a TOML
//! file and play, with no rebuild of the host. Plugins that misbehave cost
//! their side the game, never the program.

use std::path::Path;

use tabula_suite::fixtures::{
    build_cdylib, build_fixture, copy_tree, drop_plugin, scratch_dir, stderr, stdout, tabula, workspace,
};

fn last_json(out: &str) -> serde_json::Value {
    let line = out.lines().last().unwrap_or_default();
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {out}"))
}

fn write_config(dir: &Path, players: &str) -> std::path::PathBuf {
    let path = dir.join("game.toml");
    let text = format!("[game]\nrules = \"chess\"\n\n{players}\n[plugins]\ndirs = [\"plugins\"]\n");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn an_out_of_tree_strategy_named_in_toml_plays_a_whole_game() {
    let so = build_fixture("mobility-strategy", "tabula_mobility");
    let dir = scratch_dir("out_of_tree");
    std::fs::create_dir_all(dir.join("plugins")).unwrap();
    drop_plugin(&so, &dir.join("plugins"));
    let config = write_config(
        &dir,
        "[[players]]\nname = \"Mobility\"\nkind = \"ai\"\nstrategy = \"mobility\"\ntime_ms = 1000\n\n\
         [[players]]\nname = \"Random\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 1000\n[players.options]\nseed = 3\n",
    );
    let out = tabula(&["match", "--config", config.to_str().unwrap(), "--games", "2", "--json"]);
    assert!(out.status.success(), "match failed: {}", stderr(&out));
    let summary = last_json(&stdout(&out));
    assert_eq!(summary["games"], 2, "{summary}");
    assert_eq!(summary["errors"], 0, "{summary}");
    let wins: i64 = summary["wins"].as_array().unwrap().iter().map(|w| w.as_i64().unwrap()).sum();
    assert_eq!(wins + summary["draws"].as_i64().unwrap(), 2, "{summary}");

    let listed = tabula(&["plugins", "--plugin-dir", dir.join("plugins").to_str().unwrap()]);
    assert!(stdout(&listed).contains("mobility"), "plugins does not list the dropped plugin: {}", stdout(&listed));
}

fn faulty_match(fault: &str, extra: &str) -> (serde_json::Value, String) {
    let so = build_fixture("faulty-strategy", "tabula_faulty");
    let dir = scratch_dir(&format!("faulty_{fault}"));
    std::fs::create_dir_all(dir.join("plugins")).unwrap();
    drop_plugin(&so, &dir.join("plugins"));
    let config = write_config(
        &dir,
        &format!(
            "[[players]]\nname = \"Faulty\"\nkind = \"ai\"\nstrategy = \"faulty\"\ntime_ms = 1500\n\
             [players.options]\nfault = \"{fault}\"\nafter = \"1\"\n{extra}\n\
             [[players]]\nname = \"Random\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 300\n"
        ),
    );
    let out = tabula(&["match", "--config", config.to_str().unwrap(), "--games", "2", "--json"]);
    assert!(out.status.success(), "a faulty plugin must not fail the match: {}", stderr(&out));
    let text = stdout(&out);
    (last_json(&text), text)
}

fn assert_forfeits(summary: &serde_json::Value, text: &str, word: &str) {
    assert_eq!(summary["games"], 2, "{text}");
    assert_eq!(summary["errors"], 2, "every game should end in a forfeit: {text}");
    let players: Vec<&str> = summary["players"].as_array().unwrap().iter().map(|p| p.as_str().unwrap()).collect();
    let random = players.iter().position(|p| p.contains("Random") || p.contains("random")).expect("random seat");
    assert_eq!(summary["wins"][random], 2, "the well-behaved side wins both games: {text}");
    assert!(text.to_lowercase().contains(word), "the per-game lines should say '{word}': {text}");
}

#[test]
fn an_illegal_move_from_a_strategy_forfeits_and_the_match_goes_on() {
    let (summary, text) = faulty_match("illegal", "");
    assert_forfeits(&summary, &text, "illegal");
}

#[test]
fn a_panicking_strategy_forfeits_and_the_match_goes_on() {
    let (summary, text) = faulty_match("panic", "");
    assert_forfeits(&summary, &text, "panic");
}

#[test]
fn a_strategy_error_forfeits_and_the_match_goes_on() {
    let (summary, text) = faulty_match("error", "");
    assert_forfeits(&summary, &text, "fails on purpose");
}

#[test]
fn a_strategy_that_overruns_its_time_forfeits_and_the_match_goes_on() {
    let (summary, text) = faulty_match("hang", "hang_ms = \"4000\"");
    assert_forfeits(&summary, &text, "time");
}

#[test]
fn a_plugin_built_against_another_rules_api_version_is_refused_with_both_versions() {
    let dir = scratch_dir("abi_mismatch");
    let api = dir.join("rules-api");
    copy_tree(&workspace().join("rules-api"), &api);
    let manifest = std::fs::read_to_string(api.join("Cargo.toml")).unwrap();
    // The next minor version: incompatible for a 0.x crate.
    let current = rules_api::ABI_VERSION;
    let minor: u32 = current.split('.').nth(1).and_then(|m| m.parse().ok()).expect("0.x.y version");
    let future = format!("0.{}.0", minor + 1);
    let bumped = manifest.replacen(&format!("version = \"{current}\""), &format!("version = \"{future}\""), 1);
    assert_ne!(manifest, bumped, "rules-api version line not found");
    std::fs::write(api.join("Cargo.toml"), bumped).unwrap();
    fix_workspace_keys(&api.join("Cargo.toml"));

    let plugin = dir.join("mobility");
    copy_tree(&workspace().join("tests/fixtures/mobility-strategy"), &plugin);
    let cargo = std::fs::read_to_string(plugin.join("Cargo.toml")).unwrap();
    std::fs::write(
        plugin.join("Cargo.toml"),
        cargo
            .replace("path = \"../../../rules-api\"", "path = \"../rules-api\"")
            .replace("name = \"mobility-strategy\"", "name = \"mobility-future\"")
            // Another library name, so this build never shadows the real
            // fixture in the shared fixture target dir.
            .replace("name = \"tabula_mobility\"", "name = \"tabula_mobility_future\""),
    )
    .unwrap();
    let so = build_cdylib(&plugin, "tabula_mobility_future");
    let plugins = dir.join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    let dropped = drop_plugin(&so, &plugins);

    let out = tabula(&["bestmove", "--rules", "chess", "--ai", dropped.to_str().unwrap()]);
    assert!(!out.status.success(), "an incompatible plugin must be refused");
    let err = stderr(&out);
    assert!(err.contains(&future) && err.contains(current), "both versions must be named: {err}");
    assert!(err.contains("tabula_mobility_future"), "the plugin must be named: {err}");
}

/// The copied rules-api is outside the workspace, so it cannot inherit
/// workspace keys; spell them out.
fn fix_workspace_keys(manifest: &Path) {
    let text = std::fs::read_to_string(manifest).unwrap();
    let mut out = String::new();
    for line in text.lines() {
        let fixed = match line.trim() {
            l if l.starts_with("edition") => "edition = \"2021\"".to_string(),
            l if l.starts_with("license") => "license = \"MIT OR Apache-2.0\"".to_string(),
            l if l.starts_with("rust-version") => String::new(),
            l if l.starts_with("abi_stable") => {
                "abi_stable = { version = \"0.11.3\", default-features = false }".to_string()
            }
            _ => line.to_string(),
        };
        out.push_str(&fixed);
        out.push('\n');
    }
    out.push_str("\n[workspace]\n");
    std::fs::write(manifest, out).unwrap();
}
