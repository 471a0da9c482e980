//! Builds the list of shipped definitions from `library/*.toml`, so a file
//! dropped there ships with the next build: `(name, text)` pairs, chess
//! first, then by family (chess, shogi, xiangqi, makruk, other) and name;
//! and the outlines of the characters they draw pieces with (`build/outlines.rs`).

use std::fmt::Write as _;
use std::path::Path;

#[path = "build/outlines.rs"]
mod outlines;

const FAMILIES: [&str; 5] = ["chess", "shogi", "xiangqi", "makruk", "other"];

fn family(text: &str) -> usize {
    let declared =
        text.lines().find_map(|l| l.trim().strip_prefix("family = ").map(|v| v.trim().trim_matches('"').to_string()));
    declared.and_then(|f| FAMILIES.iter().position(|&x| x == f)).unwrap_or(0)
}

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("library");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut entries: Vec<(usize, String, String)> = Vec::new();
    let mut texts: Vec<String> = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("library directory") {
        let path = entry.expect("library entry").path();
        if path.extension().is_some_and(|e| e == "toml") {
            println!("cargo:rerun-if-changed={}", path.display());
            let name = path.file_stem().expect("file name").to_string_lossy().to_string();
            let text = std::fs::read_to_string(&path).expect("readable definition");
            let rank = if name == "chess" { 0 } else { 1 + family(&text) };
            entries.push((rank, name, path.display().to_string()));
            texts.push(text);
        }
    }
    entries.sort();
    let mut out =
        String::from("/// The shipped definitions: name and TOML text.\npub const SHIPPED: &[(&str, &str)] = &[\n");
    for (_, name, path) in &entries {
        writeln!(out, "    ({name:?}, include_str!({path:?})),").expect("write");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(target, out).expect("write shipped.rs");
    let fonts = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../assets/fonts");
    let target = Path::new(&std::env::var("OUT_DIR").expect("OUT_DIR")).join("outlines.rs");
    outlines::write(&fonts, &outlines::wanted(&texts), &target);
}
