//! The `tabula` binary as a user runs it: output formats and every kind of
//! bad input. Plugins are found beside the binary (cargo's target dir).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const FOOLS_MATE: &str = "f2f3 e7e5 g2g4 d8h4";
const STALEMATE: &str = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).stdin(Stdio::null()).output().expect("run tabula")
}

fn tabula_with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run tabula");
    // Fed from another thread: the child's output can fill its pipe before
    // all the input is written.
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let output = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    output
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Asserts failure with a message on stderr containing every fragment.
fn fails_with(o: &Output, fragments: &[&str]) {
    assert!(!o.status.success(), "expected failure, got success: {}", stdout(o));
    let err = stderr(o);
    for f in fragments {
        assert!(err.contains(f), "stderr lacks '{f}':\n{err}");
    }
    assert!(!err.contains("panicked"), "the host panicked:\n{err}");
}

#[test]
fn plugins_lists_kind_name_version_and_path() {
    let o = tabula(&["plugins"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let chess = out.lines().find(|l| l.starts_with("rules") && l.contains(" chess ")).expect("chess listed");
    assert!(chess.contains("0.1.0") && chess.contains("libtabula_plugin_chess"), "{chess}");
    assert!(out.lines().any(|l| l.starts_with("strategy") && l.contains(" random ")), "{out}");
}

#[test]
fn plugins_reports_broken_files_in_a_plugin_dir() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("libfake.so"), "not a library").unwrap();
    let o = tabula(&["plugins", "--plugin-dir", dir.path().to_str().unwrap()]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.lines().any(|l| l.starts_with("broken") && l.contains("libfake.so") && l.contains("not a Tabula plugin")),
        "{out}"
    );
}

#[test]
fn moves_lists_the_start_position() {
    let o = tabula(&["moves", "--rules", "chess", "--moves", ""]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let moves: Vec<&str> = out.trim_end().split(' ').collect();
    assert_eq!(moves.len(), 20, "{out}");
    assert!(moves.contains(&"e2e4") && moves.contains(&"g1f3"));
}

#[test]
fn moves_after_a_mate_is_an_empty_line() {
    let o = tabula(&["moves", "--rules", "chess", "--moves", FOOLS_MATE]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "\n");
}

#[test]
fn moves_accepts_standard_notation_too() {
    let o = tabula(&["moves", "--rules", "chess", "--moves", "e4 e5 Nf3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).split_whitespace().any(|m| m == "b8c6"));
}

#[test]
fn moves_batch_answers_every_line_and_reports_bad_ones() {
    let input = format!("\n{STALEMATE}\nnot a position\nmoves e2e4 e7e5\nmoves e2e4 e2e4\n");
    let o = tabula_with_input(&["moves", "--rules", "chess"], &input);
    assert!(!o.status.success(), "a failed line must fail the run");
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(lines[0].split(' ').count(), 20);
    assert_eq!(lines[1], "");
    assert!(lines[2].starts_with("error: ") && lines[2].contains("not a position"), "{}", lines[2]);
    assert!(lines[3].split(' ').any(|m| m == "g1f3"));
    assert!(lines[4].starts_with("error: ") && lines[4].contains("move 2"), "{}", lines[4]);
}

#[test]
fn moves_batch_handles_thousands_of_lines() {
    let line = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 moves g1f3 b8c6\n";
    let input = line.repeat(3000);
    let started = std::time::Instant::now();
    let o = tabula_with_input(&["moves", "--rules", "chess"], &input);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 3000);
    assert!(started.elapsed().as_secs() < 20, "batch too slow: {:?}", started.elapsed());
}

#[test]
fn position_prints_text_and_status() {
    let o = tabula(&["position", "--rules", "chess", "--moves", "e2e4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\nstatus: ongoing\n");
    let mate = tabula(&["position", "--rules", "chess", "--moves", FOOLS_MATE]);
    assert_eq!(stdout(&mate).lines().nth(1), Some("status: win black (checkmate)"));
    let stale = tabula(&["position", "--rules", "chess", "--position", STALEMATE]);
    let status = stdout(&stale).lines().nth(1).unwrap_or_default().to_string();
    assert!(status.starts_with("status: draw (") && status.contains("stalemate"), "{status}");
}

#[test]
fn perft_prints_the_count_first_and_timing_on_stderr() {
    let o = tabula(&["perft", "--rules", "chess", "--depth", "3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), "8902\n");
    assert!(stderr(&o).contains("nodes/s"));
}

/// Tic-tac-toe: 127,872 paths of nine moves, 255,168 games in all when a
/// finished game counts as a leaf (the published total); the help says
/// which is which.
#[test]
fn perft_counts_finished_games_either_way() {
    let count = |extra: &[&str]| {
        let o = tabula(&[&["perft", "--rules", "tictactoe", "--depth", "9"], extra].concat());
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
    };
    assert_eq!(count(&[]), "127872\n");
    assert_eq!(count(&["--finished", "stops"]), "127872\n");
    assert_eq!(count(&["--finished", "leaf"]), "255168\n");
    let divided = count(&["--finished", "leaf", "--divide"]);
    assert_eq!(divided.lines().next(), Some("255168"), "{divided}");
    let bad = tabula(&["perft", "--rules", "tictactoe", "--depth", "2", "--finished", "never"]);
    assert!(!bad.status.success() && stderr(&bad).contains("'stops' or 'leaf'"), "{}", stderr(&bad));
    // Joined again: clap wraps the help to the terminal's width.
    let help = stdout(&tabula(&["perft", "--help"])).split_whitespace().collect::<Vec<_>>().join(" ");
    for words in ["a pass included", "counts 0 at every deeper depth", "--finished leaf", "24,571,284"] {
        assert!(help.contains(words), "perft --help does not say '{words}':\n{help}");
    }
}

#[test]
fn perft_divide_lists_each_move() {
    let o = tabula(&["perft", "--rules", "chess", "--depth", "2", "--divide", "--moves", "e2e4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let mut lines = out.lines();
    let total: u64 = lines.next().unwrap().parse().unwrap();
    let per_move: Vec<(String, u64)> = lines
        .map(|l| {
            let (m, n) = l.split_once(' ').unwrap();
            (m.to_string(), n.parse().unwrap())
        })
        .collect();
    assert_eq!(per_move.len(), 20);
    assert_eq!(per_move.iter().map(|(_, n)| n).sum::<u64>(), total);
    assert_eq!(total, 600);
}

#[test]
fn bestmove_ends_with_a_legal_move() {
    let o = tabula(&["bestmove", "--rules", "chess", "--ai", "medium", "--moves", "e2e4 d7d5", "--time-ms", "500"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().last(), Some("e4d5"), "greedy takes the pawn");
    let err = stderr(&o);
    assert!(err.contains("depth") && err.contains("nodes") && err.contains("pv"), "{err}");
}

#[test]
fn bestmove_alphabeta_answers_with_a_legal_move() {
    let o = tabula(&["bestmove", "--rules", "chess", "--ai", "alphabeta", "--time-ms", "300"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let m = stdout(&o).lines().last().unwrap_or_default().to_string();
    let legal = stdout(&tabula(&["moves", "--rules", "chess", "--moves", ""]));
    assert!(legal.split_whitespace().any(|l| l == m), "{m} not in {legal}");
}

#[test]
fn match_json_summarises_real_games() {
    let o = tabula(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "random,greedy",
        "--games",
        "2",
        "--time-ms",
        "200",
        "--seed",
        "11",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("game 1: white=random black=greedy |"), "{out}");
    assert!(lines[1].starts_with("game 2: white=greedy black=random |"), "{out}");
    let json: serde_json::Value = serde_json::from_str(lines.last().unwrap()).expect("last line is JSON");
    assert_eq!(json["games"], 2);
    assert_eq!(json["players"], serde_json::json!(["random", "greedy"]));
    let wins: u64 = json["wins"].as_array().unwrap().iter().map(|w| w.as_u64().unwrap()).sum();
    assert_eq!(wins + json["draws"].as_u64().unwrap(), 2);
    assert_eq!(json["errors"], 0);
}

#[test]
fn match_with_a_seed_is_reproducible() {
    let args = ["match", "--rules", "chess", "--players", "easy,easy", "--games", "2", "--seed", "3", "--json"];
    let a = stdout(&tabula(&args));
    let b = stdout(&tabula(&args));
    assert_eq!(a, b);
    let c = stdout(&tabula(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "easy,easy",
        "--games",
        "2",
        "--seed",
        "4",
        "--json",
    ]));
    assert_ne!(a, c, "another seed should give other games");
}

#[test]
fn match_needs_as_many_players_as_seats() {
    fails_with(
        &tabula(&["match", "--rules", "chess", "--players", "random"]),
        &["2 players", "--players names 1 (random)"],
    );
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn missing_config_is_named() {
    fails_with(&tabula(&["match", "--config", "/nonexistent/game.toml"]), &["/nonexistent/game.toml", "cannot read"]);
}

#[test]
fn unreadable_config_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_str().unwrap();
    fails_with(&tabula(&["play", "--config", path]), &[path, "cannot read config"]);
}

#[test]
fn toml_syntax_error_gives_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "bad.toml", "[game]\nrules = \"chess\"\n[[players]\nname = \"x\"\n");
    fails_with(&tabula(&["match", "--config", &f]), &[&f, "line 3, column"]);
}

#[test]
fn unknown_config_key_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "bad.toml", "[game]\nrules = \"chess\"\nspeed = \"fast\"\n");
    fails_with(&tabula(&["match", "--config", &f]), &["speed", "line 3"]);
}

#[test]
fn config_players_drive_a_match() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(
        dir.path(),
        "m.toml",
        "[game]\nrules = \"chess\"\n[[players]]\nname = \"A\"\nkind = \"ai\"\nlevel = \"easy\"\ntime_ms = 200\n\
         [players.options]\nseed = 1\n[[players]]\nname = \"B\"\nkind = \"ai\"\nstrategy = \"greedy\"\ntime_ms = 200\n",
    );
    let o = tabula(&["match", "--config", &f, "--games", "1", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("game 1: white=A black=B |"), "{}", stdout(&o));
}

#[test]
fn unknown_rules_lists_what_exists() {
    fails_with(
        &tabula(&["moves", "--rules", "nosuchgame", "--moves", ""]),
        &["nosuchgame", "available rules plugins", "chess"],
    );
}

#[test]
fn unknown_strategy_lists_what_exists() {
    fails_with(
        &tabula(&["match", "--rules", "chess", "--players", "random,deepthought"]),
        &["deepthought", "random", "greedy"],
    );
}

#[test]
fn strategy_given_as_rules_is_the_wrong_kind() {
    fails_with(
        &tabula(&["moves", "--rules", "random", "--moves", ""]),
        &["random", "is a strategy plugin", "rules plugin is needed"],
    );
}

#[test]
fn text_file_named_so_is_not_a_plugin() {
    let dir = tempfile::tempdir().unwrap();
    let f = write(dir.path(), "libtabula_fake.so", "hello\n");
    fails_with(&tabula(&["moves", "--rules", &f, "--moves", ""]), &[&f, "not a Tabula plugin"]);
}

#[test]
fn real_shared_library_without_root_module_is_not_a_plugin() {
    let libm = [
        "/lib/x86_64-linux-gnu/libm.so.6",
        "/usr/lib/x86_64-linux-gnu/libm.so.6",
        "/lib64/libm.so.6",
        "/usr/lib/libm.so.6",
    ]
    .into_iter()
    .find(|p| Path::new(p).exists())
    .expect("a system libm");
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("libm-copy.so");
    std::fs::copy(libm, &copy).unwrap();
    let f = copy.to_str().unwrap();
    fails_with(&tabula(&["moves", "--rules", f, "--moves", ""]), &[f, "not a Tabula plugin", "no Tabula root module"]);
}

#[test]
fn missing_plugin_path_is_named() {
    fails_with(&tabula(&["moves", "--rules", "/nowhere/libtabula_x.so", "--moves", ""]), &["/nowhere/libtabula_x.so"]);
}

#[test]
fn malformed_fen_reports_the_plugins_message() {
    fails_with(
        &tabula(&["position", "--rules", "chess", "--position", "rnbqkbnr/pppppppp w"]),
        &["bad position", "rnbqkbnr/pppppppp w"],
    );
}

#[test]
fn illegal_move_is_named_with_its_index() {
    fails_with(&tabula(&["position", "--rules", "chess", "--moves", "e2e4 e7e5 e1e3"]), &["move 3", "'e1e3'"]);
}

#[test]
fn bad_rules_option_is_reported() {
    fails_with(&tabula(&["moves", "--rules", "chess", "--option", "nonsense=1", "--moves", ""]), &["nonsense"]);
}

#[test]
fn play_takes_moves_undo_save_and_resign_from_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let config = write(
        dir.path(),
        "two.toml",
        "[game]\nrules = \"chess\"\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n[[players]]\nname = \"Bob\"\nkind = \"human\"\n",
    );
    let saved = dir.path().join("saved.toml");
    let script = format!("e4\nNc6\nundo\nzz9\nsave {}\nquit\n", saved.display());
    let o = tabula_with_input(&["play", "--text", "--config", &config], &script);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("8 r n b q k b n r") && out.contains("  a b c d e f g h"), "{out}");
    assert!(out.contains("moves: e4 Nc6"), "{out}");
    assert!(out.contains("'zz9'"), "a bad move is reported: {out}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("moves = [\"e2e4\"]"), "{text}");

    let o = tabula_with_input(&["play", "--text", "--config", saved.to_str().unwrap()], "resign\n");
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("moves: e4"), "the saved game resumes: {out}");
    assert!(out.contains("Game over: forfeit black resignation (Bob resigned)"), "{out}");
}
