//! External engines and isolated strategies seated in `tabula match`, and
//! the match record: real engines (Debian's stockfish and fairy-stockfish,
//! installed by scripts/setup.sh --test), fake engines that misbehave, and
//! a match killed with SIGKILL.

mod proto_support;

use std::path::Path;
use std::time::{Duration, Instant};

use proto_support::{exe, fake_engine, last_json, run, scratch, stderr, stdout};

const STOCKFISH: &str = "/usr/games/stockfish";
const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

fn require(program: &str) {
    assert!(Path::new(program).exists(), "{program} is missing: run scripts/setup.sh --test");
}

fn match_json(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(out.status.success(), "match failed: {}\n{}", stderr(&out), stdout(&out));
    last_json(&stdout(&out))
}

/// A match config of `host/tests/data/match/`.
fn match_config(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/match").join(name).display().to_string()
}

/// Both players are limited by depth, never by time: on a busy machine a
/// real engine given 50 ms forfeited (issue 23, finding 21), and no test
/// may depend on the machine's speed.
#[test]
fn short_games_against_stockfish() {
    require(STOCKFISH);
    let config = match_config("stockfish-depth.toml");
    let s = match_json(&["match", "--config", &config, "--games", "2", "--max-moves", "40", "--json"]);
    assert_eq!(s["errors"], 0, "{s}");
    for g in s["results"].as_array().unwrap() {
        assert!(g["moves"].as_u64().unwrap() > 0, "{g}");
        assert!(g["error_by"].is_null(), "{g}");
    }
}

#[test]
fn xiangqi_against_fairy_stockfish_through_the_rank_offset() {
    require(FAIRY_STOCKFISH);
    // UCI_Variant comes from the dialect in config/protocols.toml.
    let config = match_config("fairy-stockfish-xiangqi-depth.toml");
    let s = match_json(&["match", "--config", &config, "--games", "2", "--max-moves", "30", "--json"]);
    assert_eq!(s["errors"], 0, "{s}");
    for g in s["results"].as_array().unwrap() {
        assert!(g["moves"].as_u64().unwrap() >= 10, "{g}");
    }
}

/// Two games against a fake engine: each ends in a forfeit by the fake with
/// `cause`, the reason containing `reason`, and the match still finishes.
fn fake_engine_forfeits(script: &str, cause: &str, reason: &str, rules: &str) {
    let protocol = if script.starts_with("gomocup") { "gomocup" } else { "uci" };
    let players = format!("{protocol}:{},random", fake_engine(script));
    let s =
        match_json(&["match", "--rules", rules, "--players", &players, "--games", "2", "--time-ms", "200", "--json"]);
    assert_eq!(s["games"], 2, "{s}");
    assert_eq!(s["errors"], 2, "{s}");
    for g in s["results"].as_array().unwrap() {
        let result = g["result"].as_str().unwrap();
        assert!(result.starts_with("forfeit ") && result.contains(&format!(" {cause} (")), "{result}");
        assert!(result.contains(reason), "reason lacks '{reason}': {result}");
        assert_eq!(g["error_by"], format!("{script}"), "{g}");
    }
}

#[test]
fn an_engine_that_crashes_forfeits_and_the_match_goes_on() {
    fake_engine_forfeits("crash.sh", "error", "exited or crashed", "chess");
}

#[test]
fn an_engine_that_hangs_forfeits_on_time() {
    let started = Instant::now();
    fake_engine_forfeits("hang.sh", "time", "no move within 200 ms", "chess");
    assert!(started.elapsed() < Duration::from_secs(60), "the hang was not cut short");
}

#[test]
fn an_engine_that_sends_an_illegal_move_forfeits() {
    fake_engine_forfeits("illegal.sh", "illegal-move", "'a1a8'", "chess");
}

#[test]
fn an_engine_that_sends_garbage_forfeits() {
    fake_engine_forfeits("garbage.sh", "illegal-move", "'@@##!!'", "chess");
}

/// Real engines may answer a `stop` that crossed their move (UCCI with
/// `nobestmove`, UCI with a second `bestmove`); the client drains them to a
/// known state before each search, so a sound engine never forfeits.
#[test]
fn a_stray_answer_after_a_move_is_not_taken_for_the_next_one() {
    let script = fake_engine("stray-answer.py");
    for (rules, protocol) in [("xiangqi", "ucci"), ("chess", "uci")] {
        let engine = format!("{protocol}:{script} {} {protocol} --rules {rules} --ai random", exe());
        let players = format!("{engine},random");
        let s = match_json(&[
            "match",
            "--rules",
            rules,
            "--players",
            &players,
            "--games",
            "2",
            "--time-ms",
            "300",
            "--max-moves",
            "40",
            "--json",
        ]);
        assert_eq!(s["errors"], 0, "{protocol}: {s}");
        for g in s["results"].as_array().unwrap() {
            assert!(g["moves"].as_u64().unwrap() >= 10, "{protocol}: {g}");
        }
    }
}

#[test]
fn a_gomocup_engine_answering_off_the_board_forfeits() {
    fake_engine_forfeits("gomocup-offboard.sh", "illegal-move", "'99,99'", "gomoku");
}

#[test]
fn tabula_engines_play_tabula_through_every_protocol() {
    let ucci = format!("ucci:{} ucci --ai greedy", exe());
    let s = match_json(&[
        "match",
        "--rules",
        "xiangqi",
        "--players",
        &format!("{ucci},random"),
        "--games",
        "2",
        "--time-ms",
        "100",
        "--max-moves",
        "20",
        "--json",
    ]);
    assert_eq!(s["errors"], 0, "{s}");
    let gomocup = format!("gomocup:{} gomocup --ai greedy", exe());
    let s = match_json(&[
        "match",
        "--rules",
        "gomoku",
        "--option",
        "rule=renju",
        "--players",
        &format!("{gomocup},random"),
        "--games",
        "2",
        "--time-ms",
        "100",
        "--json",
    ]);
    assert_eq!(s["errors"], 0, "{s}");
    let s = match_json(&[
        "match",
        "--rules",
        "gomoku",
        "--players",
        "isolate:greedy,random",
        "--games",
        "2",
        "--time-ms",
        "100",
        "--json",
    ]);
    assert_eq!(s["errors"], 0, "{s}");
    assert_eq!(s["wins"][0], 2, "greedy beats random at gomoku: {s}");
}

#[test]
fn killed_match_keeps_every_finished_game_and_a_resumed_one_continues_rounds() {
    let dir = scratch("killed");
    let pgn = dir.join("match.pgn");
    let mut child = std::process::Command::new(exe())
        .args([
            "match",
            "--rules",
            "chess",
            "--players",
            "greedy,random",
            "--games",
            "1000",
            "--time-ms",
            "20",
            "--max-moves",
            "16",
        ])
        .arg("--record")
        .arg(&pgn)
        .stdout(std::process::Stdio::null())
        .spawn()
        .expect("start match");
    // Wait for at least three finished games, then SIGKILL mid-game.
    let deadline = Instant::now() + Duration::from_secs(120);
    let count = |p: &Path| std::fs::read_to_string(p).unwrap_or_default().matches("[Round \"").count();
    while count(&pgn) < 3 && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    child.kill().expect("kill -9");
    child.wait().unwrap();
    let finished = count(&pgn);
    assert!(finished >= 3, "only {finished} games recorded");

    let s = match_json(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "greedy,random",
        "--games",
        "1",
        "--time-ms",
        "20",
        "--max-moves",
        "16",
        "--record",
        pgn.to_str().unwrap(),
        "--json",
    ]);
    assert_eq!(s["games"], 1);

    let script = r#"
import sys, chess.pgn
games = []
with open(sys.argv[1]) as f:
    while (g := chess.pgn.read_game(f)) is not None:
        assert not g.errors, g.errors
        for tag in ["Event", "Site", "Date", "Round", "White", "Black", "Result", "Termination", "TimeControl"]:
            assert tag in g.headers, tag
        board = g.board()
        for m in g.mainline_moves():
            board.push(m)
        games.append((int(g.headers["Round"]), len(list(g.mainline_moves())), g.headers["Result"]))
print(len(games), " ".join(str(r) for r, _, _ in games))
assert all(n > 0 for _, n, _ in games)
"#;
    let out = std::process::Command::new("python3").args(["-c", script]).arg(&pgn).output().expect("python3");
    assert!(out.status.success(), "python-chess cannot read the record:\n{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let n: usize = words.next().unwrap().parse().unwrap();
    let rounds: Vec<usize> = words.map(|w| w.parse().unwrap()).collect();
    // Every finished game before the kill, plus the resumed one, numbered on.
    assert_eq!(n, finished + 1, "{text}");
    assert_eq!(rounds, (1..=finished + 1).collect::<Vec<_>>(), "{text}");
}

#[test]
fn openings_are_played_with_both_colours_and_recorded_with_fen() {
    let dir = scratch("openings");
    let openings = dir.join("openings.epd");
    let fen = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -";
    std::fs::write(
        &openings,
        format!("# two openings\n{fen} id \"open\";\nrnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n"),
    )
    .unwrap();
    let pgn = dir.join("o.pgn");
    let s = match_json(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "greedy,random",
        "--games",
        "4",
        "--time-ms",
        "20",
        "--max-moves",
        "6",
        "--openings",
        openings.to_str().unwrap(),
        "--record",
        pgn.to_str().unwrap(),
        "--json",
    ]);
    let starts: Vec<&str> = s["results"].as_array().unwrap().iter().map(|g| g["start"].as_str().unwrap()).collect();
    assert_eq!(starts[0], starts[1], "{s}");
    assert_eq!(starts[2], starts[3], "{s}");
    assert_ne!(starts[0], starts[2], "{s}");
    let seats: Vec<String> = s["results"].as_array().unwrap().iter().map(|g| g["seats"][0].to_string()).collect();
    assert_ne!(seats[0], seats[1], "each opening once from each seat: {s}");
    let text = std::fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 4, "{text}");
    // The second opening has the second player to move: movetext starts "1...".
    assert!(text.contains("\n\n1... "), "{text}");
}

#[test]
fn text_record_for_games_without_fen() {
    let dir = scratch("text_record");
    let record = dir.join("games.toml");
    for _ in 0..2 {
        match_json(&[
            "match",
            "--rules",
            "gomoku",
            "--players",
            "greedy,random",
            "--games",
            "1",
            "--time-ms",
            "20",
            "--record",
            record.to_str().unwrap(),
            "--json",
        ]);
    }
    let text = std::fs::read_to_string(&record).unwrap();
    let doc: toml::Table = toml::from_str(&text).expect("the text record is TOML");
    let games = doc["game"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[1]["round"].as_integer(), Some(2));
    assert!(!games[0]["moves"].as_array().unwrap().is_empty());
}
