//! `tabula new-plugin` end to end, as a newcomer uses it: scaffold a rules
//! and a strategy project outside the workspace and run the steps it
//! prints, as printed (its own tests, a build, `tabula conform`, a match),
//! accept a snapshot as its README says, and build a project that asks for
//! rules-api and tabula-kit by version.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use tabula_suite::fixtures::{fixture_target_dir, scratch_dir, stderr, stdout, tabula, tabula_bin};

/// The next steps `tabula new-plugin` printed, as printed.
fn printed_steps(out: &str) -> Vec<String> {
    let after = out.split_once("next steps").map(|(_, rest)| rest).unwrap_or_default();
    after.lines().skip(1).filter_map(|l| l.strip_prefix("  ")).map(str::to_string).collect()
}

/// A shell in `cwd` as an author has one: `tabula` and `cargo` on the PATH
/// (this build's binary), no CI variables (insta writes `.snap.new` files
/// as on a desk).
fn shell(cwd: &Path, script: &str) -> Output {
    let cargo_dir = Path::new(env!("CARGO")).parent().map(Path::to_path_buf).unwrap_or_default();
    let path = std::env::join_paths(
        [tabula_bin().parent().unwrap().to_path_buf(), cargo_dir]
            .into_iter()
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    Command::new("sh")
        .args(["-e", "-c", script])
        .current_dir(cwd)
        .env("PATH", path)
        .env_remove("CI")
        .env_remove("INSTA_UPDATE")
        .env_remove("CARGO_TARGET_DIR")
        .output()
        .expect("run sh")
}

fn both(out: &Output) -> String {
    format!("{}{}", stdout(out), stderr(out))
}

/// Scaffolds NAME of `kind` in a scratch directory, from there, and runs
/// every step it printed there, as printed. The project's `target/` is the
/// fixtures' shared build directory (docs/WRITING-PLUGINS.md, "Several
/// plugins"), so rules-api, abi_stable and the kit are compiled once.
fn scaffold_and_follow(test: &str, name: &str, kind: &str, extra: &[&str]) -> (PathBuf, String) {
    let dir = scratch_dir(test);
    let out = Command::new(tabula_bin())
        .args([&["new-plugin", name, "--kind", kind], extra].concat())
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", both(&out));
    let printed = stdout(&out);
    assert!(printed.contains(&format!("created {kind} plugin '{name}' in {name}")), "{printed}");
    let steps = printed_steps(&printed);
    assert!(steps.len() >= 4 && steps[0] == format!("cd {name}"), "{printed}");
    let project = dir.join(name);
    let readme = std::fs::read_to_string(project.join("README.md")).unwrap();
    for step in &steps[1..] {
        assert!(readme.contains(&format!("    {step}\n")), "the README does not list '{step}':\n{readme}");
    }
    std::fs::create_dir_all(fixture_target_dir()).unwrap();
    std::os::unix::fs::symlink(fixture_target_dir(), project.join("target")).unwrap();
    let ran = shell(&dir, &steps.join("\n"));
    assert!(ran.status.success(), "the printed steps failed:\n{}\n{}", steps.join("\n"), both(&ran));
    (project, both(&ran))
}

#[test]
fn a_scaffolded_rules_plugin_follows_its_printed_steps_to_a_match() {
    let (project, ran) = scaffold_and_follow("scaffold_rules", "scaffolded-game", "rules", &[]);
    assert!(ran.contains("test result: ok. 4 passed"), "conformance, perft, snapshot and refusals run:\n{ran}");
    let all = format!("all {} checks passed", tabula_kit::conformance::Check::ALL.len());
    assert!(ran.contains(&all), "{ran}");
    assert!(ran.contains("summary: 2 games") && ran.contains("errors 0"), "the match is played:\n{ran}");

    let so = project.join("target/release/libtabula_plugin_scaffolded_game.so");
    let plugins = project.parent().unwrap().join("plugins");
    std::fs::create_dir_all(&plugins).unwrap();
    std::fs::copy(&so, plugins.join("libtabula_plugin_scaffolded_game.so")).unwrap();
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
    accept_a_snapshot_as_the_readme_says(&project);
}

/// A new snapshot fails once and leaves a `.snap.new`; the README's way of
/// accepting it without cargo-insta makes the tests pass.
fn accept_a_snapshot_as_the_readme_says(project: &Path) {
    let snap = project.join("tests/snapshots/game__a_won_board.snap");
    let shipped = std::fs::read_to_string(&snap).unwrap();
    std::fs::remove_file(&snap).unwrap();
    let first = shell(project, "cargo test --release --quiet");
    assert!(!first.status.success(), "a missing snapshot must fail:\n{}", both(&first));
    assert!(snap.with_extension("snap.new").exists(), "insta left no .snap.new:\n{}", both(&first));
    let readme = std::fs::read_to_string(project.join("README.md")).unwrap();
    let accept = readme
        .lines()
        .find(|l| l.contains("# without it"))
        .and_then(|l| l.split(" # ").next())
        .unwrap_or_else(|| panic!("the README says nothing on accepting without cargo-insta:\n{readme}"));
    let accepted = shell(project, accept.trim());
    assert!(accepted.status.success(), "{accept}: {}", both(&accepted));
    let again = shell(project, "cargo test --release --quiet");
    assert!(again.status.success(), "the accepted snapshot must pass:\n{}", both(&again));
    let kept = std::fs::read_to_string(&snap).unwrap();
    assert_eq!(kept.split("---").last(), shipped.split("---").last(), "the same diagram");
}

#[test]
fn a_scaffolded_strategy_follows_its_printed_steps_to_a_match() {
    let (_, ran) = scaffold_and_follow("scaffold_strategy", "scaffolded-bot", "strategy", &[]);
    assert!(ran.contains("test result: ok. 2 passed"), "the strategy's tests must run:\n{ran}");
    assert!(ran.contains("summary: 4 games") && ran.contains("errors 0"), "the match is played:\n{ran}");
}

/// `--crates-io` asks for this build's versions of rules-api and
/// tabula-kit; patched to this tree's crates (as crates.io will serve
/// them), the project builds.
#[test]
fn a_project_on_published_versions_builds_against_those_versions() {
    let dir = scratch_dir("scaffold_versions");
    let project = dir.join("versioned");
    let out =
        tabula(&["new-plugin", "versioned", "--kind", "strategy", "--crates-io", "--dir", project.to_str().unwrap()]);
    assert!(out.status.success(), "{}", both(&out));
    let manifest = std::fs::read_to_string(project.join("Cargo.toml")).unwrap();
    let wanted = format!("rules-api = \"{}\"\ntabula-kit = \"{}\"", rules_api::ABI_VERSION, tabula_kit::VERSION);
    assert!(manifest.contains(&wanted) && !manifest.contains("path = \"/"), "{manifest}");
    let root = tabula_suite::fixtures::workspace();
    let patch = |krate: &str, dir: &str| format!("patch.crates-io.{krate}.path=\"{}\"", root.join(dir).display());
    let built = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(project.join("Cargo.toml"))
        .args(["--config", &patch("rules-api", "rules-api"), "--config", &patch("tabula-kit", "kit")])
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .output()
        .unwrap();
    assert!(built.status.success(), "{}", both(&built));
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
