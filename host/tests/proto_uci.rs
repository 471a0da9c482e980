//! `tabula uci`, `tabula ucci` and `tabula gomocup` driven the way GUIs and
//! tournament managers drive engines.

mod proto_support;

use proto_support::{exe, Peer};

fn bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

/// Whether `bestmove X` names a legal reply to 1. e4 (as `tabula moves` lists them).
fn legal_after_e4(line: &str) -> bool {
    let reply = line.split_whitespace().nth(1).unwrap_or("");
    let check = proto_support::run(&["moves", "--rules", "chess", "--moves", "e2e4"]);
    proto_support::stdout(&check).split_whitespace().any(|m| m == reply)
}

#[test]
fn scripted_uci_session() {
    let mut e = Peer::start(&["uci", "--ai", "alphabeta"]);
    e.send("uci");
    let handshake = e.collect_until("uciok", |l| l == "uciok");
    assert!(handshake.iter().any(|l| l.starts_with("id name Tabula")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("id author ")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("option name Hash type spin default 16")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("option name seed type spin")), "{handshake:?}");

    e.send("setoption name Hash value 8");
    e.send("an unknown command that must be ignored");
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.send("ucinewgame");

    // go depth: info lines up to that depth, then a legal reply to 1. e4.
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let lines = e.collect_until("bestmove", bestmove);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty(), "{lines:?}");
    for i in &infos {
        for word in [" seldepth ", " score cp ", " nodes ", " nps ", " time ", " pv "] {
            assert!(i.contains(word), "'{word}' missing in {i}");
        }
    }
    assert!(infos.last().unwrap().starts_with("info depth 3"), "{infos:?}");
    assert!(legal_after_e4(lines.last().unwrap()), "illegal answer {lines:?}");

    // go movetime: an answer comes without being asked to stop.
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go movetime 200");
    let lines = e.collect_until("bestmove", bestmove);
    assert_eq!(lines.last().unwrap(), "bestmove a1a8", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains(" score mate 1 ")), "{lines:?}");

    // go infinite: isready is answered during the search, and nothing but
    // stop brings the bestmove.
    e.send("position startpos");
    e.send("go infinite");
    e.send("isready");
    let before = e.collect_until("readyok while searching", |l| l == "readyok");
    assert!(!before.iter().any(|l| bestmove(l)), "bestmove before stop: {before:?}");
    std::thread::sleep(std::time::Duration::from_millis(300));
    e.send("stop");
    let after = e.collect_until("bestmove after stop", bestmove);
    assert_eq!(after.iter().filter(|l| bestmove(l)).count(), 1, "{after:?}");

    // Pondering: ponderhit turns it into a normal search that ends alone.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    e.send("ponderhit");
    e.collect_until("bestmove after ponderhit", bestmove);

    e.send("quit");
    assert!(e.wait_exit(), "tabula uci did not exit cleanly");
}

#[test]
fn a_position_sent_during_a_search_does_not_change_the_answer_of_that_search() {
    // Before: the bestmove was written in the notation of the position the
    // GUI had sent meanwhile, so it came out as `bestmove (none)`.
    let mut e = Peer::start(&["uci", "--ai", "alphabeta"]);
    e.send("uci");
    e.expect("uciok", |l| l == "uciok");
    e.send("position fen 6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    e.send("go infinite");
    e.send("position startpos moves e2e4");
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.send("stop");
    let lines = e.collect_until("bestmove after stop", bestmove);
    assert_eq!(lines.last().unwrap(), "bestmove a1a8", "{lines:?}");
    // The next search is of the new position: a reply to 1. e4.
    e.send("go depth 2");
    let answer = e.collect_until("bestmove of the new position", bestmove).pop().unwrap();
    assert!(legal_after_e4(&answer), "{answer}");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn clock_search_answers_within_its_budget() {
    let mut e = Peer::start(&["uci", "--ai", "alphabeta"]);
    e.send("uci");
    e.expect("uciok", |l| l == "uciok");
    e.send("position startpos");
    let started = std::time::Instant::now();
    // 3 s on the clock with 30 moves assumed: about 100 ms to think.
    e.send("go wtime 3000 btime 3000 winc 0 binc 0");
    e.expect("bestmove", bestmove);
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn python_chess_plays_against_tabula_uci() {
    let script = format!(
        r#"
import chess, chess.engine
engine = chess.engine.SimpleEngine.popen_uci([{exe:?}, "uci", "--ai", "alphabeta"])
assert engine.id["name"].startswith("Tabula"), engine.id
assert "Hash" in engine.options, engine.options
engine.configure({{"Hash": 4}})
board = chess.Board()
for _ in range(6):
    result = engine.play(board, chess.engine.Limit(time=0.1))
    assert result.move in board.legal_moves, result.move
    board.push(result.move)
info = engine.analyse(board, chess.engine.Limit(depth=3))
assert info["depth"] >= 1 and "score" in info and info.get("pv"), info
mate = chess.Board("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")
info = engine.analyse(mate, chess.engine.Limit(depth=2))
assert info["score"].white() == chess.engine.Mate(1), info["score"]
engine.quit()
print("ok", board.fen())
"#,
        exe = exe()
    );
    let out = std::process::Command::new("python3")
        .args(["-c", &script])
        .output()
        .expect("run python3 (scripts/setup.sh --test)");
    assert!(
        out.status.success(),
        "python-chess session failed (python-chess comes from scripts/setup.sh --test):\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("ok "));
}

#[test]
fn uci_for_a_game_with_a_rank_offset_dialect_uses_ranks_from_one() {
    // config/protocols.toml gives xiangqi rank_offset 1: ICCS h2e2 is h3e3.
    let mut e = Peer::start(&["uci", "--rules", "xiangqi", "--ai", "alphabeta"]);
    e.send("uci");
    e.expect("uciok", |l| l == "uciok");
    e.send("position startpos moves h3e3");
    e.send("go depth 2");
    let lines = e.collect_until("bestmove", bestmove);
    let answer = lines.last().unwrap().split_whitespace().nth(1).unwrap();
    // Black's reply: every rank of its pieces' targets is 1..=10, never 0.
    let ranks: Vec<u32> =
        answer.split(|c: char| c.is_ascii_alphabetic()).filter(|s| !s.is_empty()).map(|s| s.parse().unwrap()).collect();
    assert_eq!(ranks.len(), 2, "{answer}");
    assert!(ranks.iter().all(|r| (1..=10).contains(r)), "{answer}");
    assert!(ranks[0] >= 7, "black piece must start from its own side (ranks 7-10): {answer}");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn scripted_ucci_session() {
    let mut e = Peer::start(&["ucci", "--ai", "alphabeta"]);
    e.send("ucci");
    let handshake = e.collect_until("ucciok", |l| l == "ucciok");
    assert!(handshake.iter().any(|l| l.starts_with("id name Tabula")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("option hashsize type spin")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("option usemillisec type check")), "{handshake:?}");
    e.send("setoption usemillisec true");
    e.send("setoption hashsize 4");
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2");
    e.send("go time 3000 increment 0");
    let lines = e.collect_until("bestmove", bestmove);
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(infos.iter().all(|l| l.contains(" score ") && !l.contains(" cp ")), "{infos:?}");
    let answer = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let legal = proto_support::run(&["moves", "--rules", "xiangqi", "--moves", "h2e2"]);
    assert!(proto_support::stdout(&legal).split_whitespace().any(|m| m == answer), "illegal answer {answer}");
    e.send("position startpos");
    e.send("go depth 2");
    e.expect("bestmove", bestmove);
    e.send("quit");
    e.expect("bye", |l| l == "bye");
    assert!(e.wait_exit());
}

#[test]
fn scripted_gomocup_session() {
    let mut e = Peer::start(&["gomocup", "--ai", "alphabeta"]);
    e.send("ABOUT");
    let about = e.expect("about", |l| l.starts_with("name="));
    assert!(about.contains("version=\"") && about.contains("author=\""), "{about}");
    e.send("START 15");
    e.expect("OK", |l| l == "OK");
    e.send("INFO timeout_turn 300");
    e.send("INFO rule 1");
    e.send("BEGIN");
    let first = e.expect("a move", |l| l.contains(','));
    let (x, y) = first.split_once(',').unwrap();
    let (x, y): (i32, i32) = (x.parse().unwrap(), y.parse().unwrap());
    assert!((0..15).contains(&x) && (0..15).contains(&y), "{first}");
    // The opponent plays beside it; the answer is another free point.
    let (ox, oy) = if x > 0 { (x - 1, y) } else { (x + 1, y) };
    e.send(&format!("TURN {ox},{oy}"));
    let second = e.expect("a move", |l| l.contains(','));
    assert!(second != first && second != format!("{ox},{oy}"), "{second}");
    e.send(&format!("TAKEBACK {second}"));
    e.expect("OK", |l| l == "OK");
    e.send("TAKEBACK 0,0");
    e.expect("ERROR", |l| l.starts_with("ERROR"));
    // A whole board: the brain (1) must block a four of stones (2) that
    // its own stone at 4,5 already closes on one side.
    e.send("RESTART");
    e.expect("OK", |l| l == "OK");
    e.send("BOARD");
    for line in ["5,5,2", "4,5,1", "6,5,2", "0,0,1", "7,5,2", "0,2,1", "8,5,2", "DONE"] {
        e.send(line);
    }
    let block = e.expect("a block", |l| l.contains(','));
    assert_eq!(block, "9,5", "must block the four");
    e.send("START 3");
    e.expect("ERROR for a size the rules refuse", |l| l.starts_with("ERROR"));
    e.send("YXNOTACOMMAND");
    e.expect("UNKNOWN", |l| l.starts_with("UNKNOWN"));
    e.send("END");
    assert!(e.wait_exit());
}
