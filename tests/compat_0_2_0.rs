//! The compatibility promise, as a user meets it: plugin binaries built
//! against rules-api 0.2.0 (from the release's own sources, kept in
//! `tests/compat/rules-api-0.2.0`) load and play in this host, beside
//! today's plugins, unchanged and unrebuilt; and a plugin whose layout
//! really differs is refused, naming the plugin.

use std::path::{Path, PathBuf};

use tabula_suite::fixtures::{build_cdylib, copy_tree, drop_plugin, scratch_dir, stderr, stdout, tabula, workspace};

/// Builds the 0.2.0 fixture plugins (one cargo workspace) and drops both
/// into a fresh plugin directory.
fn old_plugins(test: &str) -> PathBuf {
    let dir = scratch_dir(test).join("plugins");
    std::fs::create_dir_all(&dir).unwrap();
    let project = workspace().join("tests/compat/plugins");
    for lib in ["tabula_plugin_hexapawn", "tabula_plugin_greedy020"] {
        drop_plugin(&build_cdylib(&project, lib), &dir);
    }
    dir
}

fn last_json(out: &str) -> serde_json::Value {
    let line = out.lines().last().unwrap_or_default();
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {out}"))
}

fn run_ok(args: &[&str]) -> String {
    let out = tabula(args);
    assert!(out.status.success(), "tabula {args:?} failed:\n{}{}", stdout(&out), stderr(&out));
    stdout(&out)
}

fn arg(path: &Path) -> &str {
    path.to_str().unwrap()
}

#[test]
fn plugins_built_against_0_2_0_are_listed_as_usable() {
    let dir = old_plugins("compat_listed");
    let listing = run_ok(&["plugins", "--plugin-dir", arg(&dir)]);
    for name in ["hexapawn", "greedy020"] {
        let line =
            listing.lines().find(|l| l.contains(name)).unwrap_or_else(|| panic!("{name} not listed:\n{listing}"));
        assert!(!line.contains("broken"), "{name} is refused: {line}");
    }
}

#[test]
fn a_0_2_0_game_passes_conformance_and_plays_against_todays_strategies() {
    let dir = old_plugins("compat_game");
    let game = dir.join("libtabula_plugin_hexapawn.so");
    run_ok(&["conform", "--rules", arg(&game), "--games", "20"]);
    for players in ["alphabeta,random", "mcts,greedy"] {
        let out = run_ok(&[
            "match",
            "--rules",
            arg(&game),
            "--players",
            players,
            "--games",
            "2",
            "--time-ms",
            "50",
            "--json",
        ]);
        let summary = last_json(&out);
        assert_eq!(summary["games"], 2, "{out}");
        assert_eq!(summary["errors"], 0, "{out}");
    }
}

#[test]
fn a_0_2_0_strategy_plays_todays_games() {
    let dir = old_plugins("compat_strategy");
    let strategy = dir.join("libtabula_plugin_greedy020.so");
    for (rules, players) in [("chess", "{s},random"), ("gomoku", "random,{s}"), ("hexapawn", "{s},alphabeta")] {
        let players = players.replace("{s}", arg(&strategy));
        let rules = if rules == "hexapawn" { dir.join("libtabula_plugin_hexapawn.so") } else { PathBuf::from(rules) };
        let out = run_ok(&[
            "match",
            "--rules",
            arg(&rules),
            "--players",
            &players,
            "--games",
            "1",
            "--time-ms",
            "50",
            "--json",
        ]);
        let summary = last_json(&out);
        assert_eq!(summary["errors"], 0, "the 0.2.0 strategy failed in {}: {out}", rules.display());
    }
}

#[test]
fn a_plugin_claiming_0_2_0_with_another_layout_is_refused() {
    // The 0.2.0 sources with one field added to a type of the release:
    // what a plugin author gets by editing the boundary instead of
    // extending it. Its version still says 0.2.0.
    let dir = scratch_dir("compat_layout");
    let api = dir.join("rules-api-0.2.0");
    copy_tree(&workspace().join("tests/compat/rules-api-0.2.0"), &api);
    let position = api.join("src/position.rs");
    let text = std::fs::read_to_string(&position).unwrap();
    let edited =
        text.replacen("    pub winner: u8,\n", "    pub winner: u8,\n    /// Added.\n    pub margin: u8,\n", 1);
    assert_ne!(text, edited, "Status::winner not found in the 0.2.0 sources");
    let edited = edited
        .replace(
            "Status { kind: StatusKind::ONGOING, winner: 0, reason",
            "Status { kind: StatusKind::ONGOING, winner: 0, margin: 0, reason",
        )
        .replace(
            "Status { kind: StatusKind::WIN, winner, reason",
            "Status { kind: StatusKind::WIN, winner, margin: 0, reason",
        )
        .replace(
            "Status { kind: StatusKind::DRAW, winner: 0, reason",
            "Status { kind: StatusKind::DRAW, winner: 0, margin: 0, reason",
        );
    std::fs::write(&position, edited).unwrap();
    let plugin = dir.join("greedy");
    copy_tree(&workspace().join("tests/compat/plugins/greedy"), &plugin);
    let manifest = std::fs::read_to_string(plugin.join("Cargo.toml")).unwrap();
    std::fs::write(
        plugin.join("Cargo.toml"),
        manifest
            .replace("path = \"../../rules-api-0.2.0\"", "path = \"../rules-api-0.2.0\"")
            .replace("name = \"compat-greedy\"", "name = \"compat-greedy-edited\"")
            .replace("name = \"tabula_plugin_greedy020\"", "name = \"tabula_plugin_greedy_edited\"")
            + "\n[workspace]\n",
    )
    .unwrap();
    let so = build_cdylib(&plugin, "tabula_plugin_greedy_edited");
    let plugins = dir.join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    let dropped = drop_plugin(&so, &plugins);
    let out = tabula(&["bestmove", "--rules", "chess", "--ai", arg(&dropped)]);
    assert!(!out.status.success(), "a plugin with another layout must be refused");
    let err = stderr(&out);
    assert!(err.contains("tabula_plugin_greedy_edited") && err.contains("layout"), "{err}");
}
