//! The headless build stays headless: without the `gui` feature, neither
//! the `tabula` binary nor the core depends on SDL2 (checked on cargo's
//! dependency graph, so no second build is needed).

use std::process::Command;

/// The packages `package` depends on (normal and build edges) with `args`.
fn dependencies(package: &str, args: &[&str]) -> Vec<String> {
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../Cargo.toml");
    let out = Command::new(env!("CARGO"))
        .args(["tree", "--offline", "--manifest-path", manifest, "-p", package, "--edges", "normal,build"])
        .args(["--prefix", "none", "--format", "{p}"])
        .args(args)
        .output()
        .expect("run cargo tree");
    assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .map(str::to_string)
        .collect()
}

#[test]
fn the_core_and_the_headless_binary_need_no_sdl2() {
    for (package, args) in [("tabula-core", &[][..]), ("tabula", &["--no-default-features"][..])] {
        let deps = dependencies(package, args);
        assert!(deps.iter().any(|d| d == "tabula-core"), "{package}: {deps:?}");
        let sdl: Vec<&String> = deps.iter().filter(|d| d.starts_with("sdl2") || *d == "tabula-gui").collect();
        assert!(sdl.is_empty(), "{package} {args:?} pulls in {sdl:?}");
    }
    let with_window = dependencies("tabula", &[]);
    assert!(with_window.iter().any(|d| d == "sdl2"), "the default build has the window");
}
