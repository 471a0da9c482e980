//! A rules plugin is as untrusted as a strategy: `tests/fixtures/faulty-rules`
//! panics, hangs or returns impossible values on purpose, and every command
//! that meets it ends in a clear error naming the fault — never a panic of
//! the host, an abort or a hang. A plugin that crashes its process (abort,
//! SIGSEGV) can only be survived with the rules in a child process
//! (`--isolate-rules`, `[game] isolate = true`), tested here too. The table
//! in docs/RELIABILITY.md is this file's.

mod proto_support;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use proto_support::{exe, faulty_rules, scratch, stderr, stdout};

/// Runs tabula with the fixture in `fault` (after `after` moves) and a
/// two-second watchdog; `stdin` is written to its input.
fn run_with(fault: &str, after: u32, args: &[&str], stdin: &str) -> (Output, Duration) {
    let so = faulty_rules();
    let mut cmd = Command::new(exe());
    cmd.args(args);
    if !args.contains(&"--config") {
        cmd.args(["--rules", so.to_str().unwrap(), "--option", &format!("fault={fault}")]);
        cmd.args(["--option", &format!("after={after}")]);
    }
    let started = Instant::now();
    let mut child = cmd
        .env("TABULA_RULES_TIMEOUT_MS", "2000")
        .env("RUST_BACKTRACE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().expect("wait");
    (out, started.elapsed())
}

fn match_with(fault: &str) -> (Output, Duration) {
    let args = ["match", "--players", "random,random", "--games", "2", "--time-ms", "200"];
    run_with(fault, 3, &args, "")
}

/// The host's own panics say "panicked at" with a file of the host; the
/// fixture's say its own message. Neither may end the process by signal.
fn assert_clear_error(out: &Output, code: i32, needle: &str) {
    let err = stderr(out);
    assert_eq!(out.status.code(), Some(code), "stdout:\n{}\nstderr:\n{err}", stdout(out));
    let last = err.lines().rfind(|l| l.starts_with("error: ")).unwrap_or_default();
    assert!(last.contains(needle), "expected '{needle}' in the error line '{last}'; stderr:\n{err}");
    assert!(!err.contains("host/src") && !err.contains("core/src"), "the host panicked:\n{err}");
}

#[test]
fn impossible_values_end_a_match_with_an_error_naming_them() {
    let table = [
        ("bad_winner", "status returned a win for player 200, but the game has 2 players"),
        ("bad_side", "side_to_move returned player 7, but the game has 2 players"),
        ("bad_cells", "legal_moves returned cell 60000, but the board has 25 cells"),
        ("control_text", "move_to_text returned a move text with the control character U+001B"),
        ("empty_geometry", "geometry returned a board of 0 cells"),
        ("huge_geometry", "geometry returned a board of 100000 cells"),
    ];
    for (fault, needle) in table {
        let (out, _) = match_with(fault);
        assert_clear_error(&out, 1, needle);
    }
}

#[test]
fn a_panicking_game_is_the_games_fault_not_the_players() {
    for (fault, call) in [("panic_legal", "legal_moves"), ("panic_make", "make_move")] {
        let (out, _) = match_with(fault);
        assert_clear_error(&out, 1, "the rules plugin failed");
        assert!(stderr(&out).contains(&format!("plugin panicked in {call}")), "{}", stderr(&out));
        assert!(!stdout(&out).contains("ERROR by random"), "a player was blamed:\n{}", stdout(&out));
    }
}

#[test]
fn a_hung_game_ends_the_match_after_the_time_limit() {
    let (out, elapsed) = match_with("hang_legal");
    assert_clear_error(&out, 3, "has not returned from legal_moves");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    let (out, _) = run_with("hang_legal", 0, &["moves"], "");
    assert_clear_error(&out, 3, "rules plugin 'faultyrules' has not returned from legal_moves");
}

#[test]
fn render_position_and_the_protocols_refuse_what_they_would_draw_or_print() {
    let png = scratch("faulty_render").join("board.png");
    let png = png.to_str().unwrap();
    let (out, _) = run_with("bad_pieces", 0, &["render", "--out", png], "");
    if !stderr(&out).contains("has no window") {
        assert_clear_error(&out, 1, "pieces returned a piece on cell 60000");
    }
    let (out, _) = run_with("long_text", 0, &["position"], "");
    assert_clear_error(&out, 1, "to_text returned a position text of 4194304 bytes");
    let (out, elapsed) =
        run_with("hang_legal", 1, &["uci", "--ai", "random"], "uci\nposition startpos moves a1 b1\nisready\n");
    assert_clear_error(&out, 3, "has not returned from legal_moves");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

#[test]
fn text_play_ends_with_an_error_when_the_side_to_move_is_impossible() {
    let dir = scratch("faulty_text_play");
    let config = dir.join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"{}\"\n[game.options]\nfault = \"bad_side\"\nafter = \"2\"\n\n\
             [[players]]\nname = \"A\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n\n\
             [[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n",
            faulty_rules().display()
        ),
    )
    .unwrap();
    let (out, _) = run_with("bad_side", 2, &["play", "--text", "--config", config.to_str().unwrap()], "");
    assert_clear_error(&out, 1, "side_to_move returned player 7");
}

/// Why isolation exists: a plugin that crashes takes the whole process
/// with it when it runs inside Tabula.
#[test]
fn a_crashing_game_kills_tabula_when_it_runs_in_process() {
    use std::os::unix::process::ExitStatusExt;
    let (out, _) = match_with("abort_legal");
    assert_eq!(out.status.signal(), Some(6), "SIGABRT ends the match: {:?}\n{}", out.status, stderr(&out));
}

/// Isolated, the same crashes end the match with an error naming how the
/// rules process died, and no player is blamed.
#[test]
fn an_isolated_game_that_crashes_ends_the_match_with_the_reason() {
    let args = ["match", "--players", "random,random", "--games", "2", "--time-ms", "200", "--isolate-rules"];
    for (fault, needle) in
        [("abort_legal", "the rules process exited: signal 6 (SIGABRT)"), ("segfault_legal", "signal 11 (SIGSEGV)")]
    {
        let (out, _) = run_with(fault, 3, &args, "");
        assert_clear_error(&out, 1, needle);
        assert!(stderr(&out).contains("the rules plugin failed"), "{}", stderr(&out));
        assert!(!stdout(&out).contains("ERROR by random"), "a player was blamed:\n{}", stdout(&out));
    }
    // A hang is a time-out of the child, not of Tabula: an error (exit 1)
    // before the watchdog's limit.
    let (out, elapsed) = run_with("hang_legal", 3, &args, "");
    assert_clear_error(&out, 1, "the rules process did not answer legal_moves within 1.5 s");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
    // Values the child returns are still checked at the boundary.
    let (out, _) = run_with("bad_cells", 3, &args, "");
    assert_clear_error(&out, 1, "legal_moves returned cell 60000, but the board has 25 cells");
}

/// `[game] isolate = true` in a config does the same for `match` and for
/// `play --text`.
#[test]
fn the_config_isolates_the_game_for_matches_and_text_play() {
    let dir = scratch("faulty_isolated_config");
    let config = dir.join("game.toml");
    std::fs::write(
        &config,
        format!(
            "[game]\nrules = \"{}\"\nisolate = true\n[game.options]\nfault = \"segfault_legal\"\nafter = \"2\"\n\n\
             [[players]]\nname = \"A\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n\n\
             [[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"random\"\ntime_ms = 100\n",
            faulty_rules().display()
        ),
    )
    .unwrap();
    let config = config.to_str().unwrap();
    let (out, _) = run_with("segfault_legal", 2, &["match", "--config", config, "--games", "1"], "");
    assert_clear_error(&out, 1, "the rules process exited: signal 11 (SIGSEGV)");
    let (out, _) = run_with("segfault_legal", 2, &["play", "--text", "--config", config], "");
    assert_clear_error(&out, 1, "the rules process exited: signal 11 (SIGSEGV)");
}

/// A whole chess match through the rules process plays exactly the games
/// it plays in process: same seeded players, same moves, same record.
#[test]
fn an_isolated_chess_match_plays_the_same_games() {
    let dir = scratch("isolated_chess_match");
    let play = |name: &str, isolate: bool| {
        let record = dir.join(name);
        let mut args = vec!["match", "--rules", "chess", "--players", "random,greedy", "--games", "2"];
        args.extend(["--seed", "11", "--max-moves", "120", "--time-ms", "5000", "--record", record.to_str().unwrap()]);
        if isolate {
            args.push("--isolate-rules");
        }
        let out = Command::new(exe()).args(&args).output().expect("run tabula match");
        assert!(out.status.success(), "{}", stderr(&out));
        (stdout(&out), std::fs::read_to_string(record).unwrap())
    };
    let (lines, record) = play("in-process.pgn", false);
    let (isolated_lines, isolated_record) = play("isolated.pgn", true);
    assert_eq!(lines, isolated_lines);
    assert_eq!(record, isolated_record);
    assert!(record.matches("[Result").count() == 2 && lines.contains("summary: 2 games"), "{lines}\n{record}");
}

/// The engine protocols build their games through the same switch: an
/// isolated game that crashes is reported to the peer, and the engine
/// still answers (in process, the crash ends it).
#[test]
fn an_engine_with_isolated_rules_reports_a_crash_and_keeps_answering() {
    use std::os::unix::process::ExitStatusExt;
    let input = "uci\nposition startpos moves a1 b1\nisready\ngo movetime 100\nisready\nquit\n";
    let (out, _) = run_with("segfault_legal", 1, &["uci", "--ai", "random"], input);
    assert_eq!(out.status.signal(), Some(11), "in process the crash ends the engine: {:?}", out.status);
    let (out, elapsed) = run_with("segfault_legal", 1, &["uci", "--ai", "random", "--isolate-rules"], input);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "stdout:\n{text}\nstderr:\n{}", stderr(&out));
    let crash = text.find("the rules process exited: signal 11 (SIGSEGV)").unwrap_or_else(|| panic!("{text}"));
    assert_eq!(text[crash..].matches("readyok").count(), 2, "both isready answered after the crash:\n{text}");
    assert!(text.contains("info string tabula-failure: the rules plugin failed"), "go reports why:\n{text}");
    assert!(elapsed < Duration::from_secs(30), "{elapsed:?}");
}

#[test]
fn an_engine_with_isolated_rules_plays_the_next_game_in_a_fresh_rules_process() {
    // The first game crashes the rules process; `ucinewgame` starts another
    // (the fault strikes only after a move, so the new game's start plays).
    let input = "uci\nposition startpos moves a1 b1\ngo movetime 100\nisready\n\
                 ucinewgame\nposition startpos\ngo movetime 100\nisready\nquit\n";
    let (out, _) = run_with("segfault_legal", 1, &["uci", "--ai", "random", "--isolate-rules"], input);
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(0), "stdout:\n{text}\nstderr:\n{}", stderr(&out));
    let answers: Vec<&str> = text.lines().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(answers.len(), 2, "{text}");
    assert_eq!(answers[0], "bestmove (none)", "the crashed game has no move:\n{text}");
    assert!(answers[1] != "bestmove (none)", "the new game is played:\n{text}");
}
