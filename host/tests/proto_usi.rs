//! USI both ways: `tabula usi` driven as a shogi GUI drives an engine, and
//! Fairy-Stockfish (Debian's, installed by scripts/setup.sh --test; it
//! speaks USI when greeted with `usi`) seated as `usi:PROGRAM` in shogi and
//! minishogi matches, where every move it sends passes through the USI
//! translation and the rules before it counts.

mod proto_support;

use std::path::Path;

use proto_support::{last_json, run, scratch, stderr, stdout, Peer};

const FAIRY_STOCKFISH: &str = "/usr/games/fairy-stockfish";

fn bestmove(line: &str) -> bool {
    line.starts_with("bestmove ")
}

#[test]
fn scripted_usi_session_speaks_usi_squares_and_sfen() {
    let mut e = Peer::start(&["usi", "--ai", "alphabeta"]);
    e.send("usi");
    let handshake = e.collect_until("usiok", |l| l == "usiok");
    assert!(handshake.iter().any(|l| l.starts_with("id name Tabula")), "{handshake:?}");
    assert!(handshake.iter().any(|l| l.starts_with("option name USI_Hash type spin")), "{handshake:?}");
    e.send("setoption name USI_Hash value 8");
    e.send("setoption name USI_Ponder value false");
    e.send("isready");
    e.expect("readyok", |l| l == "readyok");
    e.send("usinewgame");

    // Sente's gold dropped on 5b, guarded by the pawn on 5c, mates the
    // king on 5a; USI writes the drop `G*5b`.
    e.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    e.send("go depth 2");
    let lines = e.collect_until("bestmove", bestmove);
    assert_eq!(lines.last().unwrap(), "bestmove G*5b", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "mate counted in plies: {lines:?}");

    // Moves in from the start: 7g7f opens the bishop's diagonal; after
    // 3c3d the bishops see each other, and the engine's answer is a USI
    // move (`8h2b+` takes the bishop, promoting).
    e.send("position startpos moves 7g7f 3c3d");
    e.send("go depth 1");
    let lines = e.collect_until("bestmove", bestmove);
    let answer = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let usi_move = |m: &str| {
        let b = m.as_bytes();
        (m.len() == 4 || (m.len() == 5 && m.ends_with('+')))
            && b[0].is_ascii_digit()
            && b[1].is_ascii_lowercase()
            && b[2].is_ascii_digit()
            && b[3].is_ascii_lowercase()
            || (m.len() == 4 && b[1] == b'*')
    };
    assert!(usi_move(&answer), "not a USI move: {answer} ({lines:?})");

    // The same position as SFEN, gote to move: the answer is gote's.
    e.send("position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2 moves 3c3d");
    e.send("go btime 0 wtime 0 byoyomi 100 depth 1");
    let lines = e.collect_until("bestmove", bestmove);
    assert!(usi_move(lines.last().unwrap().split_whitespace().nth(1).unwrap()), "{lines:?}");

    // A UCI square or a FEN is not USI: refused by name, nothing played.
    e.send("position startpos moves c3c4");
    let refused = e.expect("refusal", |l| l.starts_with("info string error"));
    assert!(refused.contains("c3c4"), "{refused}");
    e.send("position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1");
    let refused = e.expect("refusal", |l| l.starts_with("info string"));
    assert!(refused.contains("startpos or sfen"), "{refused}");
    e.send("quit");
    assert!(e.wait_exit());
}

#[test]
fn minishogi_is_spoken_on_its_own_five_files() {
    let mut e = Peer::start(&["usi", "--ai", "alphabeta", "--option", "variant=minishogi"]);
    e.send("usi");
    e.collect_until("usiok", |l| l == "usiok");
    // Minishogi's board has five files and five ranks: every square the
    // answer names is on files 1-5 and ranks a-e (a 9x9 translation would
    // write files up to 9 and ranks up to i).
    e.send("position startpos");
    e.send("go depth 1");
    let lines = e.collect_until("bestmove", bestmove);
    let answer = lines.last().unwrap().split_whitespace().nth(1).unwrap().to_string();
    let b = answer.as_bytes();
    assert!(
        (b'1'..=b'5').contains(&b[0]) && (b'a'..=b'e').contains(&b[1]) && (b'1'..=b'5').contains(&b[2]),
        "{answer}"
    );
    e.send("quit");
    assert!(e.wait_exit());
}

/// Two games of `variant`, Fairy-Stockfish (limited by depth, never by the
/// clock: the time allowed is far beyond what depth 2 needs) against random.
fn fairy_stockfish_match(variant: &str, moves_at_least: u64) {
    assert!(Path::new(FAIRY_STOCKFISH).exists(), "{FAIRY_STOCKFISH} is missing: run scripts/setup.sh --test");
    let dir = scratch(&format!("usi-{variant}"));
    let config = dir.join("match.toml");
    let text = format!(
        "[game]\nrules = \"variants\"\n[game.options]\nvariant = \"{variant}\"\n\
         [[players]]\nname = \"Fairy-Stockfish\"\nkind = \"engine\"\ncommand = \"{FAIRY_STOCKFISH}\"\n\
         protocol = \"usi\"\n\
         depth = 2\ntime_ms = 60000\n\
         [[players]]\nname = \"random\"\nkind = \"ai\"\nstrategy = \"random\"\n"
    );
    std::fs::write(&config, text).unwrap();
    let config = config.display().to_string();
    let out = run(&["match", "--config", &config, "--games", "2", "--max-moves", "60", "--json"]);
    assert!(out.status.success(), "match failed: {}\n{}", stderr(&out), stdout(&out));
    let s = last_json(&stdout(&out));
    assert_eq!(s["errors"], 0, "{s}");
    for g in s["results"].as_array().unwrap() {
        assert!(g["moves"].as_u64().unwrap() >= moves_at_least, "{g}");
        assert!(g["error_by"].is_null(), "{g}");
    }
}

#[test]
fn fairy_stockfish_plays_shogi_through_usi() {
    fairy_stockfish_match("shogi", 10);
}

#[test]
fn fairy_stockfish_plays_minishogi_through_usi() {
    fairy_stockfish_match("minishogi", 4);
}
