//! A reader that goes away (`tabula conform … | head -1`): every subcommand
//! that prints ends quietly with the status of a program ended by SIGPIPE,
//! never with a panic about a failed print.

use std::process::{Command, Stdio};

/// Runs tabula with standard output a pipe whose reader is closed at once:
/// long before tabula has loaded its plugins and printed anything.
fn run_into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait for tabula");
    (out.status.code(), String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn every_printing_subcommand_ends_quietly_when_its_reader_is_gone() {
    let commands: &[&[&str]] = &[
        &["conform", "--rules", "chess"],
        &["plugins"],
        &["match", "--rules", "chess", "--players", "random,random", "--games", "3", "--max-moves", "10"],
        &["perft", "--rules", "chess", "--depth", "2", "--divide"],
        &["moves", "--rules", "gomoku"],
        &["position", "--rules", "xiangqi"],
        &["bestmove", "--rules", "chess", "--ai", "random"],
    ];
    for args in commands {
        let (code, stderr) = run_into_closed_pipe(args);
        assert!(!stderr.contains("panicked"), "tabula {args:?} panicked:\n{stderr}");
        assert!(!stderr.contains("Broken pipe"), "tabula {args:?} complained:\n{stderr}");
        assert_eq!(code, Some(141), "tabula {args:?}: {stderr}");
    }
}
