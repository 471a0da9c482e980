//! The engine side of issue 23 (findings 16, 17 and 20): `tabula uci`,
//! `ucci`, `gomocup` and `gtp` driven the way GUIs and managers drive them
//! when they are in a hurry, external engines that flood their output, and
//! clocks too large for the arithmetic. Searches are limited by depth, or
//! are so long that only the fix ends them: nothing depends on the
//! machine's speed (waits have generous ceilings).

mod proto_support;

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use proto_support::{exe, last_json, run, stderr, stdout, Peer, LONG};

/// Finding 16: GUIs send `stop`, `position` and the next `go` at once;
/// every `go` gets its `bestmove`, in UCI and UCCI.
#[test]
fn a_go_right_after_stop_is_answered_not_ignored() {
    for (protocol, rules, ok, moves) in
        [("uci", "chess", "uciok", "e2e4 e7e5"), ("ucci", "xiangqi", "ucciok", "h2e2 h9g7")]
    {
        let mut e = Peer::start(&[protocol, "--rules", rules, "--ai", "alphabeta"]);
        e.send(protocol);
        e.expect(ok, |l| l == ok);
        let pairs = 20;
        for _ in 0..pairs {
            e.send("position startpos");
            e.send("go infinite");
            e.send("stop");
            e.send(&format!("position startpos moves {moves}"));
            e.send("go depth 1");
        }
        for n in 1..=2 * pairs {
            e.expect(&format!("bestmove {n} of {}", 2 * pairs), |l| l.starts_with("bestmove "));
        }
        e.send("quit");
        assert!(e.wait_exit(), "tabula {protocol} did not exit cleanly");
        let ignored = e.transcript.iter().filter(|l| l.contains("go ignored")).count();
        assert_eq!(ignored, 0, "{}", e.transcript.join("\n"));
    }
}

/// Starts `tabula ARGS`, writes `lines`, and either closes its input or
/// leaves it open; returns what it printed once it exited, or panics when
/// it is still thinking after [`LONG`] (before the fix: an hour, or never).
fn exits_after(args: &[&str], lines: &[&str], close_input: bool) -> String {
    let mut child = Command::new(exe())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start tabula");
    let mut stdin = child.stdin.take().unwrap();
    for line in lines {
        writeln!(stdin, "{line}").unwrap();
    }
    stdin.flush().unwrap();
    let kept = if close_input {
        drop(stdin);
        None
    } else {
        Some(stdin)
    };
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > LONG {
            let _ = child.kill();
            let _ = child.wait();
            panic!("tabula {args:?} still thinking {LONG:?} after {lines:?} (input closed: {close_input})");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    drop(kept);
    let out = child.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Finding 16: Gomocup's `END` and the end of input end a brain that is
/// thinking for an hour; GTP's `quit` and the end of input end an engine
/// given centuries (`time_settings 0 1e300 1`), after answering the move.
#[test]
fn end_and_quit_stop_a_search_at_once() {
    let brain = ["gomocup", "--rules", "gomoku", "--ai", "alphabeta"];
    let turn = ["START 15", "INFO timeout_turn 3600000", "BEGIN"];
    for close in [false, true] {
        let lines: Vec<&str> = turn.iter().copied().chain((!close).then_some("END")).collect();
        let out = exits_after(&brain, &lines, close);
        assert!(out.starts_with("OK\n"), "{out}");
    }
    let gtp = ["gtp", "--rules", "go", "--ai", "alphabeta"];
    let turn = ["boardsize 9", "time_settings 0 1e300 1", "genmove b"];
    for close in [false, true] {
        let lines: Vec<&str> = turn.iter().copied().chain((!close).then_some("quit")).collect();
        let out = exits_after(&gtp, &lines, close);
        let answers: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
        assert!(answers.len() >= 3 && answers[2].starts_with("= ") && answers[2].len() > 2, "{out}");
        if !close {
            assert_eq!(answers.len(), 4, "{out}");
        }
    }
}

/// Finding 17: an engine that floods its output during the handshake
/// (`yes`) forfeits at once, in every protocol, instead of growing
/// Tabula's memory until the handshake's time is up.
#[test]
fn an_engine_that_floods_its_output_forfeits() {
    let yes = "/usr/bin/yes";
    assert!(std::path::Path::new(yes).exists(), "{yes} is missing");
    for (protocol, rules, answer) in
        [("uci", "chess", "uciok"), ("ucci", "xiangqi", "ucciok"), ("gtp", "go", "protocol_version")]
    {
        let players = format!("{protocol}:{yes},random");
        let out = run(&["match", "--rules", rules, "--players", &players, "--games", "1", "--json"]);
        assert!(out.status.success(), "{}", stderr(&out));
        let s = last_json(&stdout(&out));
        let result = s["results"][0]["result"].as_str().unwrap_or_default().to_string();
        assert!(result.starts_with("forfeit ") && result.contains("floods its output"), "{protocol}: {result}");
        assert!(result.contains(&format!("without '{answer}'")), "{protocol}: {result}");
    }
}

/// Finding 20: a time control beyond a week is refused by name, instead
/// of overflowing the clock (`clock 8446744073709551616 ms below zero`).
#[test]
fn a_time_control_too_large_for_the_clock_is_refused() {
    for tc in ["1e16+0", "60+1e300"] {
        let out = run(&["match", "--rules", "tictactoe", "--players", "random,random", "--games", "1", "--tc", tc]);
        assert!(!out.status.success(), "{tc}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains(&format!("'{tc}' is not a time control")) && err.contains("at most a week"), "{err}");
    }
    let s = last_json(&stdout(&run(&[
        "match",
        "--rules",
        "tictactoe",
        "--players",
        "random,random",
        "--games",
        "1",
        "--tc",
        "604800+0",
        "--json",
    ])));
    assert_eq!(s["errors"], 0, "{s}");
}
