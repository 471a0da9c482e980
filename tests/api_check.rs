//! `scripts/api-check.py`, the test command's semver check of rules-api
//! and tabula-kit: on the one-file crates of `tests/fixtures/api-check/`
//! additions pass and each kind of break is named, and the committed
//! baseline of rules-api is the API of the 0.2.0 release's own sources
//! (`tests/compat/rules-api-0.2.0`), not a list written by hand.

use std::path::Path;
use std::process::{Command, Output};

use tabula_suite::fixtures::{copy_tree, fixture_target_dir, scratch_dir, stderr, stdout, workspace};

fn api_check(args: &[&Path]) -> Output {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    Command::new(python)
        .arg(workspace().join("scripts/api-check.py"))
        .args(args)
        .current_dir(workspace())
        .output()
        .expect("python3 runs (scripts/setup.sh --test installs it)")
}

fn compare(new: &str) -> Output {
    let fixtures = workspace().join("tests/fixtures/api-check");
    api_check(&[Path::new("compare"), &fixtures.join("release.rs"), &fixtures.join(new)])
}

#[test]
fn additions_keep_every_promise() {
    let out = compare("compatible.rs");
    assert_eq!(out.status.code(), Some(0), "{}{}", stdout(&out), stderr(&out));
    assert!(stdout(&out).contains("keeps every promise of 0.1.0"), "{}", stdout(&out));
}

#[test]
fn each_kind_of_break_is_named() {
    let out = compare("breaking.rs");
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{}{err}", stdout(&out));
    for lost in [
        "fn fixture::score(u8) -> i32",                // a function removed
        "method fixture::Report::total(&Self) -> u32", // a signature changed
        "field fixture::Report.passed: u32",           // a field's type changed
        "struct fixture::Point { x: i32, y: i32 }",    // an exhaustive struct grew
        "enum fixture::Side { White, Black }",         // an exhaustive enum grew
        "variant fixture::Finished::Stops",            // a variant removed
        "trait fixture::Game required [moves]",        // a trait method lost its default
        "impl Send for fixture::Handle",               // an auto trait lost
        "struct fixture::Handle(u32)",                 // a private field added
        "mod fixture::nested",                         // a module made private
    ] {
        assert!(err.contains(&format!("lost: {lost}\n")), "'{lost}' is not named:\n{err}");
    }
}

#[test]
fn the_rules_api_baseline_is_the_released_api() {
    // The release's sources, alone in a workspace, with the lock file its
    // plugins were built with.
    let dir = scratch_dir("api_check_baseline");
    let crate_dir = dir.join("rules-api");
    copy_tree(&workspace().join("tests/compat/rules-api-0.2.0"), &crate_dir);
    let manifest = crate_dir.join("Cargo.toml");
    let text = std::fs::read_to_string(&manifest).unwrap();
    std::fs::write(&manifest, text + "\n[workspace]\n").unwrap();
    std::fs::copy(workspace().join("tests/compat/plugins/Cargo.lock"), crate_dir.join("Cargo.lock")).unwrap();
    let written = dir.join("rules-api.txt");
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_string());
    let out = Command::new(python)
        .arg(workspace().join("scripts/api-check.py"))
        .arg("baseline")
        .args([&manifest, &written])
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}{}", stdout(&out), stderr(&out));
    let facts = |path: &Path| -> Vec<String> {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        text.lines().filter(|l| !l.starts_with('#')).map(str::to_string).collect()
    };
    let committed = facts(&workspace().join("tests/api/rules-api-0.2.0.txt"));
    assert!(committed.len() > 1000, "{} facts", committed.len());
    assert!(facts(&written) == committed, "tests/api/rules-api-0.2.0.txt differs from the release's API");
}
