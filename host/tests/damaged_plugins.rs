//! A damaged library in a plugin directory (truncated by a full disk, a
//! bit flipped on the way) is skipped with a warning naming it; every other
//! plugin still loads. Opening such a file in-process used to end the
//! program by SIGBUS, SIGSEGV or a dynamic-loader assertion.

mod proto_support;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use proto_support::{exe, scratch, stderr, stdout};

fn tabula(dir: &Path, args: &[&str]) -> Output {
    Command::new(exe())
        .arg("--plugin-dir")
        .arg(dir)
        .args(args)
        // A cache of its own, so that every library here is probed.
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .output()
        .expect("run tabula")
}

fn sound_library() -> PathBuf {
    let target = PathBuf::from(exe()).parent().expect("target dir").to_path_buf();
    let so = target.join("libtabula_plugin_tictactoe.so");
    assert!(so.exists(), "{} is built with the workspace", so.display());
    so
}

#[test]
fn a_truncated_library_is_named_and_skipped() {
    let dir = scratch("truncated_plugin");
    let bytes = std::fs::read(sound_library()).unwrap();
    let damaged = dir.join("libtabula_plugin_cut.so");
    std::fs::write(&damaged, &bytes[..bytes.len() / 40]).unwrap();
    let out = tabula(&dir, &["plugins"]);
    assert!(out.status.success(), "{:?}: {}", out.status, stderr(&out));
    let text = stdout(&out);
    assert!(text.contains(&format!("{} is damaged and was skipped", damaged.display())), "{text}");
    assert!(text.contains("chess"), "the other plugins are listed: {text}");
    let out = tabula(&dir, &["moves", "--rules", "chess", "--moves", "e2e4"]);
    assert!(out.status.success() && stdout(&out).contains("e7e5"), "{}", stderr(&out));
    let out = tabula(&dir, &["moves", "--rules", "nosuchgame"]);
    assert_eq!(out.status.code(), Some(1), "a lookup that opens every library ends politely");
}

#[test]
fn bit_flipped_libraries_never_take_the_program_down() {
    let dir = scratch("flipped_plugin");
    let bytes = std::fs::read(sound_library()).unwrap();
    // Seeded positions in the headers and dynamic tables, where a flip
    // mostly crashes the loader (a few land where nothing notices).
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for round in 0..12 {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let at = (state >> 33) as usize % 65536;
        let mut copy = bytes.clone();
        copy[at] ^= 1 << (state % 8);
        let damaged = dir.join(format!("libtabula_flip{round}.so"));
        std::fs::write(&damaged, &copy).unwrap();
        let out = tabula(&dir, &["plugins"]);
        assert!(out.status.success(), "byte {at} flipped: {:?}: {}", out.status, stderr(&out));
        std::fs::remove_file(&damaged).unwrap();
    }
}
