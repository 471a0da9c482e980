//! The Go Text Protocol both ways: `tabula gtp` answering a scripted
//! session read from a file, and GNU Go (Debian's gnugo, installed by
//! scripts/setup.sh --test) seated in `tabula match` against a Tabula
//! strategy and against `tabula gtp` itself.

mod proto_support;

use std::path::Path;
use std::process::{Command, Stdio};

use proto_support::{exe, last_json, run, stderr, stdout, workspace};

const GNUGO: &str = "/usr/games/gnugo";

fn gnugo() -> String {
    assert!(Path::new(GNUGO).exists(), "{GNUGO} is missing: run scripts/setup.sh --test");
    // Chinese (area) rules, and every dead stone captured before passing,
    // so the area count of the final position is the result.
    format!("gtp:{GNUGO} --mode gtp --level 1 --chinese-rules --capture-all-dead")
}

#[test]
fn a_scripted_session_gets_the_expected_answers() {
    let dir = workspace().join("host/tests/data/gtp");
    let script = std::fs::File::open(dir.join("session.gtp")).expect("session.gtp");
    let out = Command::new(exe())
        .args(["gtp", "--rules", "go", "--ai", "random", "--ai-option", "seed=7"])
        .stdin(Stdio::from(script))
        .output()
        .expect("run tabula gtp");
    assert!(out.status.success(), "{}", stderr(&out));
    let expected = std::fs::read_to_string(dir.join("session.expected")).expect("session.expected");
    let got = stdout(&out);
    for (i, (g, e)) in got.lines().zip(expected.lines()).enumerate() {
        assert_eq!(g, e, "line {} of the answers differs; all of them:\n{got}", i + 1);
    }
    assert_eq!(got.lines().count(), expected.lines().count(), "{got}");
}

#[test]
fn a_line_of_only_an_id_is_refused_and_the_session_goes_on() {
    // Found by the gtp_stream fuzz target: `tabula gtp` panicked on a line
    // holding only a number (an id with no command).
    let out = gtp_output("19\n 7 # comment\n8 protocol_version\nquit\n");
    assert_eq!(out, "?19 no command after the id\n\n?7 no command after the id\n\n=8 2\n\n=\n\n");
}

/// What `tabula gtp --rules go --ai random` writes for `session`.
fn gtp_output(session: &str) -> String {
    let mut child = Command::new(exe())
        .args(["gtp", "--rules", "go", "--ai", "random", "--ai-option", "seed=3"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tabula gtp");
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), session.as_bytes()).expect("write the session");
    let out = child.wait_with_output().expect("tabula gtp ends");
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

/// The answers to `session`, one per command.
fn gtp_answers(session: &str) -> Vec<String> {
    gtp_output(session).split("\n\n").filter(|a| !a.is_empty()).map(str::to_string).collect()
}

#[test]
fn undo_takes_back_the_pass_made_for_a_colour_that_moved_twice() {
    // Before: `undo` took back only the white stone, leaving black's
    // inserted pass, so white was to move and `genmove b` was refused (its
    // pass for white would have ended the game).
    let answers = gtp_answers("boardsize 9\nplay w C3\nundo\nshowboard\ngenmove b\nundo\nundo\nquit\n");
    assert_eq!(answers[..3], ["=", "=", "="], "{answers:?}");
    assert!(answers[3].ends_with("black to move") && !answers[3].contains('O'), "{}", answers[3]);
    assert!(answers[4].starts_with("= ") && answers[4] != "= pass", "genmove b: {answers:?}");
    assert_eq!(answers[5..], ["=", "? cannot undo", "="], "{answers:?}");
}

#[test]
fn a_genmove_for_the_side_not_to_move_is_undone_with_its_pass() {
    let answers = gtp_answers("boardsize 9\nplay b E5\ngenmove b\nundo\nshowboard\nquit\n");
    assert_eq!(answers[..2], ["=", "="], "{answers:?}");
    assert!(answers[2].starts_with("= "), "{answers:?}");
    assert_eq!(answers[3], "=");
    let board = &answers[4];
    assert!(board.ends_with("white to move") && board.matches('X').count() == 1 && !board.contains('O'), "{board}");
}

#[test]
fn clocks_and_komi_that_are_not_finite_or_negative_are_syntax_errors() {
    let answers = gtp_answers(
        "time_settings -1 5 1\ntime_settings 10 5 1.5\ntime_settings 10 5 1\ntime_left b -3 0\n\
         time_left b inf 0\nkomi 1e999\nkomi nan\nkomi 6.5\nquit\n",
    );
    let expected =
        ["? syntax error", "? syntax error", "=", "=", "? syntax error", "? syntax error", "? syntax error", "=", "="];
    assert_eq!(answers, expected);
}

fn match_json(players: &str, size: &str) -> serde_json::Value {
    // GNU Go at level 1 answers a 7×7 move in milliseconds; the generous
    // limit keeps a loaded machine's stall from passing for a time forfeit.
    let out = run(&[
        "match",
        "--rules",
        "go",
        "--option",
        &format!("size={size}"),
        "--players",
        players,
        "--games",
        "2",
        "--time-ms",
        "10000",
        "--json",
    ]);
    assert!(out.status.success(), "match failed: {}\n{}", stderr(&out), stdout(&out));
    last_json(&stdout(&out))
}

fn assert_complete(s: &serde_json::Value) {
    assert_eq!(s["errors"], 0, "{s}");
    for game in s["results"].as_array().expect("results") {
        let result = game["result"].as_str().unwrap_or_default();
        assert!(result.contains("area count"), "every game ends by two passes and the count: {s}");
        assert!(game["moves"].as_u64().unwrap_or(0) > 10, "{s}");
    }
}

#[test]
fn gnu_go_plays_a_tabula_strategy_through_gtp() {
    let s = match_json(&format!("{},greedy", gnugo()), "7");
    assert_complete(&s);
}

#[test]
fn gnu_go_plays_tabula_gtp_driven_as_an_engine() {
    let tabula = format!("gtp:{} gtp --ai greedy --time-ms 200", exe());
    let s = match_json(&format!("{},{tabula}", gnugo()), "7");
    assert_complete(&s);
}
