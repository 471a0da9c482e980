//! The computer players as users reach them, through the real binary and
//! the built plugin libraries: mcts finishing games of every shipped game,
//! calibrated levels by name, alpha-beta's threads, and a game clock.

mod proto_support;

use proto_support::{last_json, run, scratch, stderr, stdout};

fn json_of(args: &[&str]) -> serde_json::Value {
    let out = run(args);
    assert!(out.status.success(), "tabula {args:?} failed: {}\n{}", stderr(&out), stdout(&out));
    last_json(&stdout(&out))
}

#[test]
fn mcts_completes_games_of_every_shipped_game() {
    let dir = scratch("mcts_every_game");
    for game in ["chess", "xiangqi", "gomoku", "tictactoe", "raumschach", "hex"] {
        let config = dir.join(format!("{game}.toml"));
        let text = format!(
            "[game]\nrules = \"{game}\"\n\n[[players]]\nname = \"mcts\"\nkind = \"ai\"\nstrategy = \"mcts\"\n\
             time_ms = 5000\n[players.options]\nplayouts = \"150\"\nseed = \"3\"\n\n\
             [[players]]\nname = \"random\"\nkind = \"ai\"\nstrategy = \"random\"\n[players.options]\nseed = \"4\"\n"
        );
        std::fs::write(&config, text).unwrap();
        let s = json_of(&["match", "--config", config.to_str().unwrap(), "--games", "2", "--json"]);
        assert_eq!(s["errors"], 0, "{game}: {s}");
        for g in s["results"].as_array().unwrap() {
            let result = g["result"].as_str().unwrap();
            assert!(!result.contains("move limit"), "{game}: the game did not finish: {g}");
            assert_ne!(g["winner"], "random", "{game}: mcts lost to random: {g}");
        }
    }
}

#[test]
fn levels_are_chosen_by_name_and_carry_their_strength() {
    // `club` is alpha-beta at strength 10, capped at 2749 nodes a move.
    let out = run(&["bestmove", "--rules", "chess", "--ai", "club", "--time-ms", "20000"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let summary = stderr(&out).lines().rfind(|l| l.starts_with("score ")).unwrap_or_default().to_string();
    let nodes: u64 = summary.split_whitespace().skip_while(|w| *w != "nodes").nth(1).unwrap().parse().unwrap();
    assert!(nodes > 0 && nodes <= 2749, "club searched {nodes} nodes: {summary}");
    // A whole game between two named levels.
    let s = json_of(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "master,beginner",
        "--games",
        "1",
        "--time-ms",
        "100",
        "--json",
    ]);
    assert_eq!(s["errors"], 0, "{s}");
    assert_eq!(s["players"], serde_json::json!(["master", "beginner"]));
}

#[test]
fn two_threads_and_a_game_clock_play_legal_games() {
    let dir = scratch("threads_clock");
    let config = dir.join("threads.toml");
    let text = "[game]\nrules = \"xiangqi\"\n\n[[players]]\nname = \"two\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\n\
                [players.options]\nthreads = \"2\"\n\n[[players]]\nname = \"one\"\nkind = \"ai\"\nstrategy = \"alphabeta\"\n";
    std::fs::write(&config, text).unwrap();
    let s = json_of(&[
        "match",
        "--config",
        config.to_str().unwrap(),
        "--games",
        "2",
        "--tc",
        "3+0.05",
        "--max-moves",
        "60",
        "--json",
    ]);
    for g in s["results"].as_array().unwrap() {
        // A loss on time is a fair result on a busy machine; an illegal
        // move or an error never is.
        let result = g["result"].as_str().unwrap();
        assert!(!result.contains("illegal-move") && !result.contains(" error "), "{g}");
        assert!(g["moves"].as_u64().unwrap() > 0, "{g}");
    }
    let out = run(&["match", "--rules", "chess", "--players", "random,random", "--tc", "ten"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("'ten' is not a time control"), "{}", stderr(&out));
}
