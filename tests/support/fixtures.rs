//! Building the out-of-tree fixture plugins and finding the real binary.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::Mutex;

/// The workspace root.
pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `tabula` binary built beside this test binary (`target/<profile>/`).
pub fn tabula_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe.parent().and_then(Path::parent).expect("target/<profile>/deps");
    let bin = profile_dir.join("tabula");
    assert!(bin.exists(), "{} is missing: run `cargo build --release --workspace` first", bin.display());
    bin
}

/// Runs `tabula` with `args` and returns its output.
pub fn tabula(args: &[&str]) -> Output {
    Command::new(tabula_bin()).args(args).output().expect("run tabula")
}

/// Standard output as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Cargo builds of fixtures share one target dir; one at a time keeps the
/// lock waits out of the test output and the CPU free for the others.
static BUILD_LOCK: Mutex<()> = Mutex::new(());

/// The shared target dir for fixture builds (dependencies are reused).
pub fn fixture_target_dir() -> PathBuf {
    workspace().join("target").join("fixtures")
}

/// Builds the cargo project at `manifest_dir` in release mode and returns
/// the path of the shared library named `lib<lib_name>.so` it produced.
pub fn build_cdylib(manifest_dir: &Path, lib_name: &str) -> PathBuf {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(manifest_dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .status()
        .expect("run cargo");
    assert!(status.success(), "building {} failed", manifest_dir.display());
    let so = fixture_target_dir().join("release").join(format!("lib{lib_name}.so"));
    assert!(so.exists(), "{} was not produced", so.display());
    so
}

/// Runs `cargo test --release` in the cargo project at `manifest_dir` (in
/// the shared fixture target dir) and returns its combined output; panics
/// with that output when a test fails.
pub fn test_project(manifest_dir: &Path) -> String {
    let _guard = BUILD_LOCK.lock().unwrap_or_else(|e| e.into_inner());
    let out = Command::new(env!("CARGO"))
        .args(["test", "--release", "--quiet", "--manifest-path"])
        .arg(manifest_dir.join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", fixture_target_dir())
        .output()
        .expect("run cargo");
    let text = format!("{}{}", stdout(&out), stderr(&out));
    assert!(out.status.success(), "cargo test in {} failed:\n{text}", manifest_dir.display());
    text
}

/// Builds one of the fixture projects under `tests/fixtures/`.
pub fn build_fixture(name: &str, lib_name: &str) -> PathBuf {
    build_cdylib(&workspace().join("tests").join("fixtures").join(name), lib_name)
}

/// A fresh empty directory under the target dir, named for the test.
pub fn scratch_dir(test: &str) -> PathBuf {
    let dir = workspace().join("target").join("test-scratch").join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch dir");
    dir
}

/// Copies a cargo project (without its `target` and `Cargo.lock`) to `to`,
/// for tests that build an edited copy of a fixture.
pub fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        let name = entry.file_name();
        if name == "target" || name == "Cargo.lock" {
            continue;
        }
        let target = to.join(&name);
        if entry.file_type().unwrap().is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), target).unwrap();
        }
    }
}

/// Copies `so` into `dir` (the way a user drops a plugin beside the others).
pub fn drop_plugin(so: &Path, dir: &Path) -> PathBuf {
    let target = dir.join(so.file_name().expect("file name"));
    std::fs::copy(so, &target).expect("copy plugin");
    target
}
