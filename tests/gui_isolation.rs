//! A rules plugin that crashes, isolated (`[game] isolate = true`), in the
//! real window: two computers play the faulty-rules fixture until its
//! rules process dies of SIGSEGV; the window stays up, pauses computer
//! play and shows why. The GUI runs under Xvfb through the suite's window
//! harness; missing tools fail the test unless `TABULA_SKIP_GUI_E2E=1`.

use std::time::Duration;

use serde_json::Value;
use tabula_suite::fixtures::{build_fixture, drop_plugin, scratch_dir};
use tabula_suite::window::{tabula_binary, tools_present, Window};

#[test]
fn the_window_pauses_with_the_reason_when_an_isolated_game_crashes() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let so = build_fixture("faulty-rules", "tabula_faultyrules");
    let bin = tabula_binary();
    let dir = scratch_dir("gui_isolation");
    let config = dir.join("crash.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"{}\"\nisolate = true\n[game.options]\nfault = \"segfault_legal\"\nafter = \"4\"\n\n\
             [[players]]\nname = \"A\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n\n\
             [[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n",
            so.display()
        ),
    )
    .unwrap();
    let mut gui = Window::open(&bin, &config, &dir);
    let failed = gui.wait_for(Duration::from_secs(60), |line| {
        let layout: Value = serde_json::from_str(line.strip_prefix("TABULA_LAYOUT ")?).ok()?;
        let message = layout["message"].as_str()?.to_string();
        message.contains("the rules process exited").then_some((message, layout))
    });
    let (message, layout) = failed;
    assert!(message.contains("signal 11 (SIGSEGV)") && message.contains("paused"), "{message}");
    assert_eq!(layout["moves"].as_array().map(Vec::len), Some(4), "the moves before the crash stay: {layout}");
    std::thread::sleep(Duration::from_millis(500));
    assert!(gui.running(), "the window is still open; stderr:\n{}", gui.seen.join("\n"));
}

/// An isolated window asks every installed game for its name in a child
/// process too: a game that crashes as it is built costs the New game
/// dialog its label, not the window.
#[test]
fn the_new_game_dialog_survives_a_game_that_crashes_when_built() {
    if !tools_present(&["Xvfb", "xdotool", "import"]) {
        return;
    }
    let so = build_fixture("faulty-rules", "tabula_faultyrules");
    let dir = scratch_dir("gui_isolation_new_game");
    let plugins = dir.join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    drop_plugin(&so, &plugins);
    let config = dir.join("chess.toml");
    std::fs::write(
        &config,
        "[game]\nrules = \"chess\"\nisolate = true\n[plugins]\ndirs = [\"plugins\"]\n\n\
         [[players]]\nname = \"A\"\nkind = \"human\"\n\n[[players]]\nname = \"B\"\nkind = \"human\"\n",
    )
    .unwrap();
    let mut gui = Window::open_with_env(&tabula_binary(), &config, &dir, &[("FAULTYRULES_FAULT", "segfault_new")]);
    let first = gui.layout("the first layout", |_| true);
    let new = first["buttons"]["new"].clone();
    let mut dialog = None;
    // The first click may come before the window takes input: retry.
    for _ in 0..5 {
        gui.click_at(&new);
        dialog = gui.try_wait_for(Duration::from_secs(5), |line| {
            let layout: Value = serde_json::from_str(line.strip_prefix("TABULA_LAYOUT ")?).ok()?;
            (layout["dialog"] == "new").then_some(layout)
        });
        if dialog.is_some() {
            break;
        }
    }
    let dialog = dialog.unwrap_or_else(|| panic!("the New game dialog opens; stderr:\n{}", gui.seen.join("\n")));
    let games: Vec<&str> = dialog["form"]["games"].as_array().unwrap().iter().filter_map(Value::as_str).collect();
    assert!(games.contains(&"faultyrules") && games.contains(&"chess"), "{games:?}");
    std::thread::sleep(Duration::from_millis(500));
    assert!(gui.running(), "the window is still open; stderr:\n{}", gui.seen.join("\n"));
}
