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
    assert!(
        text.contains("info string error: the line 'setoption name seed value caf\u{fffd}' is not UTF-8"),
        "{text}"
    );
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
    let out =
        run_with_input(&["gomocup", "--ai", "random"], b"START 15\nINFO folder C:\\Tabula\\caf\xe9\nBEGIN\nEND\n");
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
    let mut peer =
        Peer::start_with_env(&["uci", "--rules", "chess", "--ai", "alphabeta"], &[("TABULA_TABLE_LIMIT_MIB", "64")]);
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

/// The error line of a run that must fail with exit status 1.
fn refusal(args: &[&str]) -> String {
    let out = run(args);
    assert_eq!(out.status.code(), Some(1), "{args:?} was accepted: {}", stdout(&out));
    stderr(&out)
}

#[test]
fn fen_runs_of_two_digits_are_refused_like_python_chess_does() {
    let fen = "1nb1kbr1/rp2p1p1/p1pp1p2/5QPp/312n1/2P2P1P/P2BP3/2R1KBNR w K - 4 16";
    let err = refusal(&["position", "--rules", "chess", "--position", fen]);
    assert!(err.contains("two digits in a row in rank 4 ('312n1')"), "{err}");
    // The same FEN with the run written once is a position.
    let fixed = fen.replace("312n1", "6n1");
    assert!(run(&["position", "--rules", "chess", "--position", &fixed]).status.success());
    let xq = "rnbakabnr/9/1c5c1/p1p1p1p1p/45/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    let err = refusal(&["position", "--rules", "xiangqi", "--position", xq]);
    assert!(err.contains("'45' has two digits in a row"), "{err}");
}

#[test]
fn a_blank_position_text_is_not_the_start_position() {
    for rules in ["chess", "xiangqi"] {
        for blank in ["\u{2003}", " \t "] {
            let err = refusal(&["position", "--rules", rules, "--position", blank]);
            assert!(err.contains("the position text is blank"), "{rules}: {err}");
        }
    }
}

#[test]
fn an_option_given_twice_is_refused_not_half_ignored() {
    let err = refusal(&["moves", "--rules", "gomoku", "--option", "size=15", "--option", "size=abc"]);
    assert!(err.contains("--option size is given twice ('15' and 'abc')"), "{err}");
    let err = refusal(&[
        "bestmove",
        "--rules",
        "chess",
        "--ai",
        "random",
        "--ai-option",
        "seed=1",
        "--ai-option",
        "seed=abc",
    ]);
    assert!(err.contains("--ai-option seed is given twice"), "{err}");
    let err = refusal(&[
        "match",
        "--rules",
        "gomoku",
        "--players",
        "random,random",
        "--option",
        "rule=free",
        "--option",
        "rule=x",
    ]);
    assert!(err.contains("--option rule is given twice"), "{err}");
}

#[test]
fn a_move_list_is_read_in_one_notation_exactly() {
    let err = refusal(&["position", "--rules", "chess", "--moves", "c2c3X"]);
    assert!(err.contains("move 1 ('c2c3X') refused"), "{err}");
    let err = refusal(&["position", "--rules", "chess", "--moves", "e2e4 e5 Nf3"]);
    assert!(err.contains("move 2 ('e5') refused") && err.contains("coordinate notation"), "{err}");
    let err = refusal(&["position", "--rules", "chess", "--moves", "e4 e7e5"]);
    assert!(err.contains("move 2 ('e7e5') refused") && err.contains("not standard ('e5')"), "{err}");
    // Each notation alone is fine.
    for moves in ["e2e4 e7e5 g1f3", "e4 e5 Nf3"] {
        let out = run(&["position", "--rules", "chess", "--moves", moves]);
        assert!(stdout(&out).starts_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq"), "{moves}");
    }
}
