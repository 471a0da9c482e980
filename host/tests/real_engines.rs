//! Real engines that misbehave as real processes do: Debian's Stockfish
//! killed with SIGKILL in the middle of a match, or frozen with SIGSTOP so
//! that it never answers. The game in progress is forfeited with the reason
//! recorded, the match goes on with a fresh engine, and no engine process
//! is left behind.

mod proto_support;

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use proto_support::{exe, last_json, LONG};

const STOCKFISH: &str = "/usr/games/stockfish";

/// A two-game match, Stockfish against random, running in the background.
fn start_match() -> Child {
    assert!(Path::new(STOCKFISH).exists(), "{STOCKFISH} is missing: run scripts/setup.sh --test");
    let players = format!("uci:{STOCKFISH},random");
    Command::new(exe())
        .args(["match", "--rules", "chess", "--players", &players, "--games", "2", "--time-ms", "300"])
        .args(["--max-moves", "30", "--engine-option", "Skill Level=0", "--json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tabula match")
}

/// The engine processes `parent` has started, read from /proc (a minimal
/// system has no procps).
fn engines_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { return false };
            // "pid (comm) state ppid ...": the name may hold spaces, the
            // fields after its closing parenthesis do not.
            let Some((head, rest)) = stat.rsplit_once(") ") else { return false };
            let ppid = rest.split_whitespace().nth(1).and_then(|p| p.parse::<u32>().ok());
            ppid == Some(parent) && head.contains("(stockfish")
        })
        .collect()
}

/// Waits for the match's first engine, lets it play a while, and sends it
/// `signal`; returns its process id. On a loaded machine the engine may
/// still be in its handshake then: that is misbehaviour too, and the
/// reasons checked allow for it.
fn signal_first_engine(tabula: &Child, signal: &str) -> u32 {
    let started = Instant::now();
    while engines_of(tabula.id()).is_empty() {
        assert!(started.elapsed() < LONG, "no engine process appeared");
        std::thread::sleep(Duration::from_millis(20));
    }
    std::thread::sleep(Duration::from_millis(1000));
    // The engine seen first may have ended meanwhile (its game over, or a
    // process that only answered the handshake): signal one alive now.
    loop {
        if let Some(pid) = engines_of(tabula.id()).into_iter().find(|&p| !gone(p)) {
            // The shell's builtin kill: procps may be missing.
            let status = Command::new("sh").arg("-c").arg(format!("kill -{signal} {pid} 2>/dev/null")).status();
            if status.is_ok_and(|s| s.success()) {
                return pid;
            }
        }
        assert!(started.elapsed() < LONG, "no engine process alive to signal");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The match summary, after checking it ended in time and cleanly.
fn finish(tabula: Child) -> serde_json::Value {
    let started = Instant::now();
    let out = tabula.wait_with_output().expect("wait for tabula");
    assert!(started.elapsed() < Duration::from_secs(120), "the match did not end");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{}\n{text}", String::from_utf8_lossy(&out.stderr));
    last_json(&text)
}

/// One game was forfeited by the engine with `cause` and a reason holding
/// one of `reasons`; the other was played out with no error.
fn one_forfeit_one_game(s: &serde_json::Value, causes: &[&str], reasons: &[&str]) {
    assert_eq!(s["games"], 2, "{s}");
    assert_eq!(s["errors"], 1, "{s}");
    let results = s["results"].as_array().unwrap();
    let forfeit = results.iter().find(|g| !g["error_by"].is_null()).expect("a forfeit");
    let result = forfeit["result"].as_str().unwrap();
    assert!(result.starts_with("forfeit "), "{result}");
    assert!(causes.iter().any(|cause| result.contains(&format!(" {cause} ("))), "{result}");
    assert!(reasons.iter().any(|reason| result.contains(reason)), "none of {reasons:?} in {result}");
    let played = results.iter().find(|g| g["error_by"].is_null()).expect("a game played out");
    assert!(played["moves"].as_u64().unwrap() > 0, "{played}");
}

fn gone(pid: u32) -> bool {
    match std::fs::read_to_string(format!("/proc/{pid}/stat")) {
        Err(_) => true,
        Ok(stat) => stat.rsplit_once(") ").is_some_and(|(_, rest)| rest.starts_with('Z')),
    }
}

#[test]
fn a_real_engine_killed_mid_game_forfeits_that_game_and_the_match_goes_on() {
    let tabula = start_match();
    signal_first_engine(&tabula, "KILL");
    let s = finish(tabula);
    one_forfeit_one_game(&s, &["error"], &["the engine exited"]);
}

#[test]
fn a_real_engine_frozen_mid_game_forfeits_on_time_and_is_not_left_behind() {
    let tabula = start_match();
    let frozen = signal_first_engine(&tabula, "STOP");
    let s = finish(tabula);
    // Frozen while searching: a time forfeit; while answering `isready` or
    // in its handshake: the client's own time limit.
    one_forfeit_one_game(
        &s,
        &["time", "error"],
        &["no move within 300 ms", "no 'readyok' within", "no 'uciok' within"],
    );
    assert!(gone(frozen), "the frozen engine {frozen} is still there");
}
