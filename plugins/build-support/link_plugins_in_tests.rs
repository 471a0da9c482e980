//! Build script shared by the plugin crates whose tests or benches link
//! another plugin crate (a strategy with a game, a game with a strategy).
//!
//! Every Tabula plugin library exports the same root-module symbol, because
//! the loader finds a plugin's module by that one name. A test binary that
//! links two plugin libraries therefore fails with a duplicate symbol. The
//! tests call the plugins' Rust APIs and never look the symbol up, so
//! letting the linker keep either copy is harmless. Only test and bench
//! binaries get the flag; the plugin library itself is linked as usual.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let flag = match (os.as_str(), env.as_str()) {
        ("windows", "msvc") => Some("/FORCE:MULTIPLE"),
        ("macos" | "ios", _) => None,
        _ => Some("-Wl,--allow-multiple-definition"),
    };
    if let Some(flag) = flag {
        println!("cargo:rustc-link-arg-tests={flag}");
        // Cargo refuses bench link arguments for a package without benches.
        let manifest_dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_default();
        if std::path::Path::new(&manifest_dir).join("benches").is_dir() {
            println!("cargo:rustc-link-arg-benches={flag}");
        }
    }
    println!("cargo:rerun-if-changed=build.rs");
}
