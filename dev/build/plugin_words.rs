//! Puts a plugin's translations (`../i18n/<plugin>.<lang>.ftl`, beside
//! the export crate being built) beside the library cargo builds, where the
//! window looks for a plugin's words (docs/WRITING-PLUGINS.md, "Words in
//! other languages"). Installing the plugin means copying these files
//! along with the library. Every export crate that ships words names this
//! one file as its `build` script.

use std::path::Path;

fn main() {
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("../i18n");
    println!("cargo:rerun-if-changed={}", source.display());
    // OUT_DIR is <target>/<profile>/build/<package>-<hash>/out; the library
    // lands in <target>/<profile>.
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    let Some(profile_dir) = Path::new(&out).ancestors().nth(3) else { return };
    let Ok(entries) = std::fs::read_dir(&source) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_some_and(|e| e == "ftl") {
            println!("cargo:rerun-if-changed={}", path.display());
            let target = profile_dir.join(entry.file_name());
            if let Err(e) = std::fs::copy(&path, &target) {
                println!("cargo:warning=cannot copy {} to {}: {e}", path.display(), target.display());
            }
        }
    }
}
