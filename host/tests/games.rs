//! Chance and more than two players through the real `tabula` binary, with
//! the host's test games as plugins (`fixtures/testgames`: "dicerace", two
//! dice and 2 to 6 runners; "takeaway", 2 to 6 players): the command
//! line's outputs, matches reproduced by their seed with every strategy,
//! records that replay, the engine protocols' refusals.

mod proto_support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use proto_support::{exe, last_json, run, scratch, stderr, stdout, workspace};

/// The test games' libraries, built once per test binary.
fn games() -> &'static (PathBuf, PathBuf) {
    static BUILT: OnceLock<(PathBuf, PathBuf)> = OnceLock::new();
    BUILT.get_or_init(|| {
        let target = workspace().join("target").join("proto-fixtures");
        let status = Command::new(env!("CARGO"))
            .args(["build", "--release", "--quiet", "--manifest-path"])
            .arg(workspace().join("host/tests/fixtures/testgames/Cargo.toml"))
            .env("CARGO_TARGET_DIR", &target)
            .status()
            .expect("run cargo");
        assert!(status.success(), "building the test games failed");
        let lib = |name: &str| target.join("release").join(format!("libtabula_plugin_{name}.so"));
        (lib("dicerace"), lib("takeaway"))
    })
}

fn race() -> String {
    games().0.display().to_string()
}
fn takeaway() -> String {
    games().1.display().to_string()
}

fn ok(out: &Output) -> String {
    assert!(out.status.success(), "tabula failed: {}\n{}", stderr(out), stdout(out));
    stdout(out)
}

fn fails_with(out: &Output, parts: &[&str]) {
    assert!(!out.status.success(), "tabula should have failed: {}", stdout(out));
    let text = stderr(out) + &stdout(out);
    for part in parts {
        assert!(text.contains(part), "'{part}' missing from: {text}");
    }
}

/// Runs `tabula ARGS` with `input` on stdin.
fn with_input(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(exe())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    child.wait_with_output().unwrap()
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn moves_and_position_show_chance_outcomes_players_and_places() {
    let race = race();
    let line = ok(&run(&["moves", "--rules", &race, "--moves", ""]));
    let outcomes = line.trim().strip_prefix("chance: 21 outcomes: ").unwrap_or_else(|| panic!("{line}"));
    let pairs: Vec<(&str, f64)> =
        outcomes.split(", ").map(|p| p.split_once(' ').map(|(m, q)| (m, q.parse().unwrap())).unwrap()).collect();
    assert_eq!(pairs.len(), 21);
    assert_eq!(pairs[0], ("1-1", 0.027778));
    assert_eq!(pairs[1], ("2-1", 0.055556));
    assert!((pairs.iter().map(|p| p.1).sum::<f64>() - 1.0).abs() < 1e-5);
    // The roll is given like a move; then the player's choices.
    assert_eq!(ok(&run(&["moves", "--rules", &race, "--moves", "6-3"])), "3 6 9\n");
    let position = ok(&run(&["position", "--rules", &race, "--moves", "6-3 9"]));
    assert!(position.starts_with("9,0;1;-\nstatus: ongoing\nchance: 21 outcomes: 1-1 0.027778, "), "{position}");
    // A player's move where the dice are due is refused, naming the move.
    fails_with(&run(&["position", "--rules", &race, "--moves", "3"]), &["move 1", "'3'"]);
    fails_with(&run(&["bestmove", "--rules", &race, "--ai", "random", "--moves", ""]), &["drawn, not chosen"]);
    assert_eq!(ok(&run(&["bestmove", "--rules", &race, "--ai", "greedy", "--moves", "6-6"])).lines().count(), 1);
    // Three players: who is to move, and at the end every player's place.
    let takeaway = takeaway();
    let out = ok(&run(&["position", "--rules", &takeaway, "--moves", "3 3"]));
    assert_eq!(out, "9;2;3,3,0\nstatus: ongoing\nto move: green\n");
    let out = ok(&run(&["position", "--rules", &takeaway, "--moves", "3 3 3 3 3"]));
    assert_eq!(
        out,
        "0;2;6,6,3\nstatus: win blue scores red=6 blue=21 green=3 (blue took the last counter)\n\
         places: red 2nd, blue 1st, green 3rd\n"
    );
    // A gammon: payoffs of the rules, and their reason composed at run time.
    let out = ok(&run(&["position", "--rules", &race, "--position", "18,3;0;6-5", "--moves", "2"]));
    assert!(
        out.contains(
            "status: win red scores red=2 blue=-2 (gammon: blue still 17 from home)\nplaces: red 1st, blue 2nd\n"
        ),
        "{out}"
    );
    // Batch mode answers a chance node with its line too.
    let out = ok(&with_input(&["moves", "--rules", &race], "\nmoves 6-3\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("chance: 21 outcomes: ") && lines[1] == "3 6 9", "{out}");
}

/// A config seating every strategy, limited by depth or playouts (never
/// by the clock: the time limit is far beyond what they need).
fn every_strategy(rules: &str, players: usize) -> String {
    let seats = [
        ("random", "strategy = \"random\"", ""),
        ("greedy", "strategy = \"greedy\"", ""),
        ("alphabeta", "strategy = \"alphabeta\"\ndepth = 2", ""),
        ("mcts", "strategy = \"mcts\"", "[players.options]\nplayouts = 64\n"),
        ("isolated", "strategy = \"isolate:random\"", ""),
    ];
    let mut text = format!("[game]\nrules = \"{rules}\"\n[game.options]\nplayers = \"{players}\"\n");
    for (name, how, options) in seats.iter().take(players) {
        text.push_str(&format!("[[players]]\nname = \"{name}\"\nkind = \"ai\"\n{how}\ntime_ms = 60000\n{options}"));
    }
    text
}

#[test]
fn a_match_of_dice_and_many_players_is_reproduced_by_its_seed_with_every_strategy() {
    let dir = scratch("games-seed");
    let config = write(&dir, "race4.toml", &every_strategy(&race(), 4));
    let config = config.display().to_string();
    let play = |record: &str| {
        let record = dir.join(record).display().to_string();
        let out =
            ok(&run(&["match", "--config", &config, "--games", "4", "--seed", "9", "--json", "--record", &record]));
        (out, std::fs::read_to_string(&record).unwrap())
    };
    let (first, record) = play("a.toml");
    let (again, record_again) = play("b.toml");
    let strip_json = |s: &str| s.lines().filter(|l| !l.starts_with('{')).collect::<Vec<_>>().join("\n");
    assert_eq!(strip_json(&first), strip_json(&again), "the same seed, the same match");
    let summary = last_json(&first);
    assert_eq!(summary["errors"], 0, "no strategy failed or was asked at a roll: {first}");
    assert_eq!(summary["seed"], 9);
    let games = summary["results"].as_array().unwrap();
    // Each entrant sits in each seat once; the four games of one rotation share their dice.
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g["seats"][(4 - i) % 4], "random", "{g}");
        assert!(g["rolls"].as_u64().unwrap() > 0 && g["seed"] == games[0]["seed"], "{g}");
        assert_eq!(g["places"].as_array().unwrap().len(), 4);
    }
    let ranking = summary["ranking"].as_array().unwrap();
    assert_eq!(ranking.len(), 4);
    let points: f64 = ranking.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert!((points - 8.0).abs() < 1e-9, "two points per game among four: {points}");
    assert!(first.contains("\nranking (points: "), "{first}");
    assert!(first.contains("| dice seed 9"), "{first}");
    // The records agree but for nothing, and hold the dice and places.
    assert_eq!(record, record_again);
    let parsed: toml::Table = toml::from_str(&record).unwrap();
    let game = &parsed["game"].as_array().unwrap()[0];
    assert_eq!(game["players"].as_array().unwrap().len(), 4);
    assert_eq!(game["places"].as_array().unwrap().len(), 4);
    assert_eq!(game["payoffs"].as_array().unwrap().len(), 4);
    assert_eq!(game["chance"].as_array().unwrap()[0].as_integer(), Some(0), "the opening roll");
    assert!(game["seed"].as_integer().is_some());
    // Another seed, other dice.
    let other = ok(&run(&["match", "--config", &config, "--games", "1", "--seed", "10", "--json"]));
    assert_ne!(last_json(&other)["results"][0]["seed"], games[0]["seed"]);
}

#[test]
fn three_players_take_turns_with_every_strategy() {
    let dir = scratch("games-three");
    let config = write(&dir, "takeaway.toml", &every_strategy(&takeaway(), 5));
    let out = ok(&run(&["match", "--config", &config.display().to_string(), "--games", "5", "--seed", "1", "--json"]));
    let summary = last_json(&out);
    assert_eq!(summary["errors"], 0, "{out}");
    for g in summary["results"].as_array().unwrap() {
        let places: Vec<u64> = g["places"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap()).collect();
        assert_eq!(places.len(), 5);
        assert!(places.contains(&1), "{g}");
        assert!(g["result"].as_str().unwrap().contains(" scores "), "{g}");
    }
    assert!(out.contains(" | places "), "{out}");
}

#[test]
fn a_text_record_of_a_dice_game_replays_exactly_and_refuses_other_dice() {
    let dir = scratch("games-replay");
    let record = dir.join("race.toml");
    let r = record.display().to_string();
    ok(&run(&[
        "match",
        "--rules",
        &race(),
        "--players",
        "random,greedy",
        "--games",
        "1",
        "--seed",
        "4",
        "--record",
        &r,
    ]));
    let parsed: toml::Table = toml::from_str(&std::fs::read_to_string(&record).unwrap()).unwrap();
    let game = &parsed["game"].as_array().unwrap()[0];
    let moves: Vec<String> = game["moves"].as_array().unwrap().iter().map(|m| format!("{m}")).collect();
    let (seed, result) = (game["seed"].as_integer().unwrap(), game["result"].as_str().unwrap());
    // The record as a saved game: every roll checked against the seed on load.
    let saved = |moves: &[String]| {
        format!(
            "[game]\nrules = \"{}\"\n\
             [[players]]\nname = \"A\"\nkind = \"human\"\n[[players]]\nname = \"B\"\nkind = \"human\"\n\
             [record]\nmoves = [{}]\nresult = \"{result}\"\nseed = {seed}\n",
            race(),
            moves.join(", ")
        )
    };
    let path = write(&dir, "saved.toml", &saved(&moves));
    let out = ok(&with_input(&["play", "--text", "--config", &path.display().to_string()], "quit\n"));
    assert!(out.contains(&format!("Game over: {result}")), "{out}");
    let mut tampered = moves.clone();
    tampered[2] = if tampered[2] == "\"1-1\"" { "\"2-2\"".into() } else { "\"1-1\"".into() };
    let path = write(&dir, "tampered.toml", &saved(&tampered));
    fails_with(
        &with_input(&["play", "--text", "--config", &path.display().to_string()], "quit\n"),
        &["tampered.toml", "move 3", "not the roll the game's seed gives"],
    );
    // PGN holds neither rolls nor three players.
    let pgn = dir.join("x.pgn").display().to_string();
    fails_with(
        &run(&[
            "match",
            "--rules",
            &race(),
            "--players",
            "random,random",
            "--games",
            "1",
            "--record",
            &pgn,
            "--record-format",
            "pgn",
        ]),
        &["PGN cannot hold the chance moves", "--record-format text"],
    );
    fails_with(
        &run(&[
            "match",
            "--rules",
            &takeaway(),
            "--players",
            "random,random,random",
            "--games",
            "1",
            "--record",
            &pgn,
            "--record-format",
            "pgn",
        ]),
        &["PGN holds two-player games", "3 players"],
    );
}

#[test]
fn the_terminal_game_rolls_announces_and_takes_back_with_the_rolls() {
    let dir = scratch("games-text");
    let config = format!(
        "[game]\nrules = \"{}\"\n[[players]]\nname = \"Ann\"\nkind = \"human\"\n\
         [[players]]\nname = \"Bot\"\nkind = \"ai\"\nstrategy = \"greedy\"\n",
        race()
    );
    let path = write(&dir, "race.toml", &config);
    let saved = dir.join("saved.toml").display().to_string();
    // Seed 5 opens with 3-2 (a change in how dice are drawn shows here first).
    let input = format!("moves\n+3\nundo\nsave {saved}\nquit\n");
    let out = ok(&with_input(&["play", "--text", "--seed", "5", "--config", &path.display().to_string()], &input));
    assert!(out.contains("The dice roll 3-2 for Ann\n"), "{out}");
    assert!(out.contains("The dice roll "), "{out}");
    assert!(out.contains("Bot plays +"), "{out}");
    let text = std::fs::read_to_string(&saved).unwrap();
    assert!(text.contains("\nseed = "), "{text}");
    // After the undo only the opening roll is left: Ann's move, the roll
    // after it, Bot's move and its roll went back together.
    let record: toml::Table = toml::from_str(&text).unwrap();
    assert_eq!(record["record"]["moves"].as_array().unwrap().len(), 1, "{text}");
    // Three seats for a two-player game: the file is named.
    let wrong = write(&dir, "three.toml", &format!("{config}[[players]]\nname = \"Cy\"\nkind = \"human\"\n"));
    fails_with(
        &with_input(&["play", "--text", "--config", &wrong.display().to_string()], "quit\n"),
        &["three.toml", "the game has 2 players but [[players]] lists 3"],
    );
    fails_with(&run(&["match", "--config", &wrong.display().to_string(), "--games", "1"]), &["three.toml", "lists 3"]);
}

#[test]
fn engine_protocols_refuse_chance_and_more_players() {
    let (race, takeaway) = (race(), takeaway());
    for protocol in ["uci", "ucci", "gomocup"] {
        fails_with(
            &with_input(&[protocol, "--rules", &takeaway, "--ai", "random"], "quit\n"),
            &["serves two-player games", "3 players"],
        );
        fails_with(
            &with_input(&[protocol, "--rules", &race, "--ai", "random"], "quit\n"),
            &["serves games without chance", "Dice race"],
        );
    }
    fails_with(
        &with_input(&["gtp", "--rules", &takeaway, "--ai", "random"], "quit\n"),
        &["GTP serves two-player games"],
    );
    // A two-player take-away is served.
    let out = ok(&with_input(
        &["uci", "--rules", &takeaway, "--option", "players=2", "--ai", "random"],
        "uci\nisready\nquit\n",
    ));
    assert!(out.contains("readyok"), "{out}");
    // An external engine is not seated in such a game; an isolated strategy is.
    fails_with(
        &run(&["match", "--rules", &race, "--players", "uci:/bin/cat,random", "--games", "1"]),
        &["cat is an external engine", "without chance"],
    );
    let out = ok(&run(&[
        "match",
        "--rules",
        &race,
        "--isolate-rules",
        "--players",
        "isolate:random,greedy",
        "--games",
        "2",
        "--seed",
        "2",
        "--json",
    ]));
    assert_eq!(last_json(&out)["errors"], 0, "{out}");
}
