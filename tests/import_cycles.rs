//! `scripts/import-cycles.py`, the test command's check that the files of a
//! crate import each other one way, on the crates of
//! `tests/fixtures/import-cycles/`: a circle fails and is named, modules
//! depending one way pass, and the allow-list turns a known circle into a
//! warning and names an entry that has none left.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tabula_suite::fixtures::{scratch_dir, stderr, stdout, workspace};

fn fixtures() -> PathBuf {
    workspace().join("tests/fixtures/import-cycles")
}

/// The script run from the fixtures' directory on `crates`, with the
/// allow-list `allow` (the workspace's own when `None`).
fn check(allow: Option<&Path>, crates: &[&str]) -> Output {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let mut command = Command::new(python);
    command.arg(workspace().join("scripts/import-cycles.py"));
    if let Some(file) = allow {
        command.arg("--allow").arg(file);
    }
    command.args(crates).current_dir(fixtures()).output().expect("python3 runs (scripts/setup.sh --test installs it)")
}

fn allow_file(test: &str, text: &str) -> PathBuf {
    let file = scratch_dir(test).join("allow");
    std::fs::write(&file, text).unwrap();
    file
}

#[test]
fn a_circle_between_files_fails_and_is_named() {
    let out = check(None, &["circle"]);
    assert_eq!(out.status.code(), Some(1), "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).contains("error: import cycles: circle: notation <-> position <-> text"), "{}", stderr(&out));
}

#[test]
fn modules_that_depend_one_way_pass() {
    let out = check(None, &["one-way"]);
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert_eq!(stderr(&out), "", "no warning");
    assert!(stdout(&out).contains("1 crates checked, 0 with a cycle"), "{}", stdout(&out));
}

#[test]
fn an_allowed_circle_warns_and_a_stale_entry_is_named() {
    let allow =
        allow_file("import_cycles_allow", "# a comment\ncircle   being untangled elsewhere\none-way  was circular\n");
    let out = check(Some(&allow), &["circle", "one-way"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{}{err}", stdout(&out));
    let warned =
        "warning: import cycles: circle: notation <-> position <-> text (allowed for now: being untangled elsewhere)";
    assert!(err.contains(warned), "{err}");
    assert!(err.contains("warning: import cycles: one-way has none in this tree"), "{err}");
}

#[test]
fn an_allow_list_entry_needs_a_reason() {
    let allow = allow_file("import_cycles_reason", "circle\n");
    let out = check(Some(&allow), &["circle"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains(":1: 'circle' needs a reason"), "{}", stderr(&out));
}
