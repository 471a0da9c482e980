//! `isolate = true`: a strategy plugin that panics or never returns, run in
//! a child `tabula uci`, costs its side the game and nothing else.

mod proto_support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use proto_support::{last_json, run, scratch, stderr, stdout};

/// `tests/fixtures/faulty-strategy`: a strategy that misbehaves on purpose.
fn faulty_plugin() -> PathBuf {
    proto_support::fixture("faulty-strategy", "tabula_faulty")
}

fn isolated_match(test: &str, fault: &str) -> (serde_json::Value, Duration) {
    let so = faulty_plugin();
    let dir = scratch(test);
    let config = dir.join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"chess\"\n\n\
             [[players]]\nname = \"Faulty\"\nkind = \"ai\"\nstrategy = \"{}\"\nisolate = true\ntime_ms = 2000\n\
             [players.options]\nfault = \"{fault}\"\nafter = \"2\"\n\n\
             [[players]]\nname = \"Random\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 300\n",
            so.display()
        ),
    )
    .unwrap();
    let started = Instant::now();
    let out = run(&["match", "--config", config.to_str().unwrap(), "--games", "2", "--json"]);
    assert!(out.status.success(), "the match itself must not fail: {}", stderr(&out));
    (last_json(&stdout(&out)), started.elapsed())
}

#[test]
fn an_isolated_panic_forfeits_only_that_game() {
    let (s, _) = isolated_match("isolated_panic", "panic");
    assert_eq!(s["games"], 2, "{s}");
    assert_eq!(s["errors"], 2, "{s}");
    for g in s["results"].as_array().unwrap() {
        let result = g["result"].as_str().unwrap();
        assert!(result.contains(" error (") && result.contains("panic"), "{result}");
        assert_eq!(g["error_by"], "Faulty", "{g}");
        // It played its two legal moves first: the game really ran.
        assert!(g["moves"].as_u64().unwrap() >= 4, "{g}");
    }
}

#[test]
fn an_isolated_endless_search_is_cut_off_and_its_process_killed() {
    let (s, elapsed) = isolated_match("isolated_hang", "hang");
    assert_eq!(s["errors"], 2, "{s}");
    for g in s["results"].as_array().unwrap() {
        let result = g["result"].as_str().unwrap();
        assert!(result.starts_with("forfeit "), "{result}");
        assert!(result.contains("no answer") || result.contains("no move within"), "{result}");
    }
    // The fixture blocks for ten minutes; the match took a few seconds.
    assert!(elapsed < Duration::from_secs(120), "{elapsed:?}");
    // No child `tabula uci` running the fixture survives the match.
    // Read from /proc, not `ps`: a minimal system has no procps.
    let survivors: Vec<String> = command_lines()
        .into_iter()
        .filter(|l| l.contains(" uci ") && l.contains("libtabula_faulty") && l.contains("fault=hang"))
        .collect();
    assert!(survivors.is_empty(), "{survivors:?}");
}

/// The command line of every running process, arguments joined by spaces.
fn command_lines() -> Vec<String> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().bytes().all(|b| b.is_ascii_digit()))
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|raw| String::from_utf8_lossy(&raw).split('\0').collect::<Vec<_>>().join(" "))
        .collect()
}
