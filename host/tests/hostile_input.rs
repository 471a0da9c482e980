//! Hostile input through the real binary: bytes that are not UTF-8, huge
//! lines, huge numbers and deep nesting get an error answer naming the
//! problem, and the program goes on (or ends cleanly) — no abort, no hang,
//! no silent stop.

mod proto_support;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use proto_support::{exe, run, scratch, stderr, stdout, Peer};

/// Runs tabula with `input` on stdin.
fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(exe())
        .args(args)
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().unwrap();
    out
}

#[test]
fn uci_and_ucci_answer_after_a_line_that_is_not_utf8() {
    let out = run_with_input(
        &["uci", "--rules", "chess", "--ai", "random"],
        b"uci\nsetoption name seed value caf\xe9\nisready\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("info string error: the line 'setoption name seed value caf\u{fffd}' is not UTF-8"), "{text}");
    assert!(text.lines().any(|l| l == "readyok"), "isready after the bad line is answered:\n{text}");
    let out = run_with_input(
        &["ucci", "--rules", "xiangqi", "--ai", "random"],
        b"ucci\n\xff\xfe\xfd\nisready\nposition startpos\ngo depth 1\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("not UTF-8"), "{text}");
    assert!(text.lines().any(|l| l == "readyok") && text.contains("bestmove "), "{text}");
}

#[test]
fn gomocup_answers_a_turn_after_a_latin1_path() {
    let out = run_with_input(
        &["gomocup", "--ai", "random"],
        b"START 15\nINFO folder C:\\Tabula\\caf\xe9\nBEGIN\nEND\n",
    );
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.first(), Some(&"OK"), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("ERROR ") && l.contains("not UTF-8")), "{text}");
    let last = lines.last().unwrap();
    let xy: Vec<i32> = last.split(',').filter_map(|n| n.parse().ok()).collect();
    assert!(xy.len() == 2 && xy.iter().all(|v| (0..15).contains(v)), "BEGIN is answered with a move: {text}");
}

#[test]
fn batch_moves_answers_every_line_around_bad_ones() {
    let mut input = b"moves e2e4\n\xff\xfe\n".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend_from_slice(b"\nmoves d2d4 e7e5\n");
    let out = run_with_input(&["moves", "--rules", "chess"], &input);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text:.300}");
    assert!(lines[0].contains("e7e5"), "{}", lines[0]);
    assert!(lines[1].starts_with("error: line 2: ") && lines[1].contains("not UTF-8"), "{}", lines[1]);
    assert!(lines[2].starts_with("error: line 3: a line of 3145728 bytes is longer"), "{}", lines[2]);
    assert!(lines[3].contains("d4e5"), "{}", lines[3]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("2 of 4 input lines failed"), "{}", stderr(&out));
}

#[test]
fn sizes_beyond_the_machine_are_refused_or_clamped_with_a_message() {
    let out = run(&["perft", "--rules", "chess", "--depth", "4294967295"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("perft depth 4294967295 is more than 64"), "{}", stderr(&out));
    let out = run(&["bestmove", "--rules", "chess", "--ai", "alphabeta", "--ai-option", "hash_mb=65536"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("'hash_mb' = 65536 MiB is more than this machine can give"), "{}", stderr(&out));
    // A low ceiling keeps the test from filling half the machine's memory.
    let mut peer = Peer::start_with_env(&["uci", "--rules", "chess", "--ai", "alphabeta"], &[("TABULA_TABLE_LIMIT_MIB", "64")]);
    for line in ["uci", "setoption name Hash value 65536", "isready"] {
        peer.send(line);
    }
    let said = peer.collect_until("readyok", |l| l == "readyok").join("\n");
    assert!(said.contains("info string Hash 65536 MiB is more than this machine can give now; using 64 MiB"), "{said}");
    peer.send("position startpos");
    peer.send("go depth 2");
    peer.expect("bestmove", |l| l.starts_with("bestmove "));
    peer.send("quit");
    assert!(peer.wait_exit());
}

#[test]
fn a_config_nested_a_hundred_thousand_deep_is_an_error_with_its_line() {
    let dir = scratch("deep_config");
    let path = dir.join("deep.toml");
    let depth = 100_000;
    let text = format!("[game]\nrules = \"chess\"\n[game.options]\nx = {}{}\n", "[".repeat(depth), "]".repeat(depth));
    std::fs::write(&path, text).unwrap();
    let out = run(&["match", "--config", path.to_str().unwrap(), "--games", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("deep.toml: line 4") && err.contains("recursion limit"), "{err}");
}
