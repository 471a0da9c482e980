//! `tabula tournament` on one machine: schedules, concurrency, openings
//! with colours swapped, adjudication, the SPRT, N-player seat rotation,
//! resuming after `kill -9`, and clear errors. Small games with depth
//! limits only: nothing here depends on the machine's speed.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, Output, Stdio};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula")).args(args).stdin(Stdio::null()).output().expect("run tabula")
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

fn data(name: &str) -> String {
    format!("{}/tests/data/tournament/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn games(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with("game ")).collect()
}

#[test]
fn round_robin_plays_every_pairing_with_colours_swapped_two_at_a_time() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let record = dir.path().join("games.txt");
    let o = tabula(&[
        "tournament",
        "--rules",
        "tictactoe",
        "--player",
        "alphabeta,name=ab",
        "--player",
        "greedy",
        "--player",
        "random,name=rnd",
        "--depth",
        "3",
        "--rounds",
        "2",
        "--concurrency",
        "2",
        "--seed",
        "5",
        "--results",
        results.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    let lines = games(&out);
    assert_eq!(lines.len(), 12, "3 pairings × 2 rounds × 2 colours:\n{out}");
    for pairing in [("ab", "greedy"), ("ab", "rnd"), ("greedy", "rnd")] {
        for (x, o_) in [(pairing.0, pairing.1), (pairing.1, pairing.0)] {
            let seated = format!("x={x} o={o_}");
            let n = lines.iter().filter(|l| l.contains(&seated)).count();
            assert_eq!(n, 2, "{seated} twice (once a round):\n{out}");
        }
    }
    assert!(out.contains("summary: 12 of 12 games"), "{out}");
    assert!(out.contains("crosstable (Elo by maximum likelihood"), "{out}");
    let table: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("crosstable")).skip(2).collect();
    assert_eq!(table.len(), 3, "{out}");
    assert!(table[0].contains(" ab ") || table[0].contains(" greedy "), "a searcher leads: {out}");
    assert_eq!(err.lines().filter(|l| l.starts_with("progress: ")).count(), 12, "{err}");
    assert!(err.contains("12/12 games | leader"), "{err}");
    let recorded = std::fs::read_to_string(&record).unwrap();
    assert_eq!(recorded.matches("[[game]]").count(), 12, "{recorded}");
}

#[test]
fn sprt_stops_when_a_bound_is_crossed() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    // Perfect play against random moves: never a loss, so H1 soon.
    let o = tabula(&[
        "tournament",
        "--rules",
        "tictactoe",
        "--player",
        "alphabeta,name=new,depth=9",
        "--player",
        "random,name=old,depth=1",
        "--rounds",
        "500",
        "--seed",
        "3",
        "--sprt",
        "elo0=0 elo1=100 alpha=0.05 beta=0.05",
        "--results",
        results.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    let sprt = out.lines().find(|l| l.starts_with("sprt: ")).expect("an sprt line");
    assert!(sprt.contains("H1 accepted"), "{sprt}");
    assert!(out.contains("(stopped by the SPRT)"), "{out}");
    let played = games(&out).len();
    assert!((4..1000).contains(&played), "{played} games");
    assert!(err.contains("LLR "), "the LLR is shown as it goes: {err}");
    // Run again: the verdict stands from the stored games, nothing is played.
    let again = tabula(&[
        "tournament",
        "--rules",
        "tictactoe",
        "--player",
        "alphabeta,name=new,depth=9",
        "--player",
        "random,name=old,depth=1",
        "--rounds",
        "500",
        "--sprt",
        "elo0=0 elo1=100 alpha=0.05 beta=0.05",
        "--results",
        results.to_str().unwrap(),
    ]);
    let (out2, err2) = text(&again);
    assert!(again.status.success(), "{err2}");
    assert_eq!(games(&out2).len(), 0, "{out2}");
    assert!(out2.contains(&format!("summary: {played} of 1000 games (stopped by the SPRT)")), "{out2}");
}

#[test]
fn pgn_openings_are_played_from_both_sides_and_draws_adjudicated() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let record = dir.path().join("games.pgn");
    let o = tabula(&[
        "tournament",
        "--rules",
        "chess",
        "--player",
        "alphabeta",
        "--player",
        "greedy",
        "--depth",
        "1",
        "--rounds",
        "2",
        "--openings",
        &data("openings.pgn"),
        "--opening-plies",
        "4",
        "--seed",
        "1",
        "--draw",
        "movenumber=0 movecount=1 score=100000",
        "--results",
        results.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    assert_eq!(games(&out).len(), 4, "{out}");
    let pgn = std::fs::read_to_string(&record).unwrap();
    let starts: Vec<&str> = pgn.lines().filter(|l| l.starts_with("1. ")).collect();
    assert_eq!(starts.len(), 4, "{pgn}");
    assert!(starts[0].starts_with("1. e4 e5 2. Nf3 Nc6") && starts[1].starts_with("1. e4 e5 2. Nf3 Nc6"), "{pgn}");
    assert!(starts[2].starts_with("1. d4 d5 2. c4 e6") && starts[3].starts_with("1. d4 d5 2. c4 e6"), "{pgn}");
    assert!(pgn.contains("[White \"alphabeta\"]") && pgn.contains("[White \"greedy\"]"), "{pgn}");
    // Any score is within the band: every game ends by adjudication after
    // each player's first move.
    assert_eq!(games(&out).iter().filter(|l| l.contains("adjudication")).count(), 4, "{out}");
}

#[test]
fn four_players_rotate_through_the_seats_with_the_same_dice() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let record = dir.path().join("games.txt");
    let players = ["random,name=a", "random,name=b", "random,name=c", "random,name=d"];
    let mut args = vec![
        "tournament",
        "--rules",
        "ludo",
        "--option",
        "players=4",
        "--seed",
        "11",
        "--depth",
        "1",
        "--concurrency",
        "2",
    ];
    for p in &players {
        args.extend(["--player", p]);
    }
    args.extend(["--results", results.to_str().unwrap(), "--record", record.to_str().unwrap()]);
    let o = tabula(&args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    let lines = games(&out);
    assert_eq!(lines.len(), 4, "one group of four, one game per rotation:\n{out}");
    assert!(lines.iter().all(|l| l.contains("rolls")), "{out}");
    let recorded = std::fs::read_to_string(&record).unwrap();
    let seeds: Vec<&str> = recorded.lines().filter(|l| l.starts_with("seed")).collect();
    assert_eq!(seeds.len(), 4, "{recorded}");
    assert!(seeds.iter().all(|s| *s == seeds[0]), "every rotation rolls the same dice: {seeds:?}");
    let first_seats: Vec<&str> = lines.iter().map(|l| l.split(' ').nth(2).unwrap()).collect();
    let mut sorted = first_seats.clone();
    sorted.sort();
    assert_eq!(sorted.len(), 4);
    sorted.dedup();
    assert_eq!(sorted.len(), 4, "each player sat first once: {first_seats:?}");
}

#[test]
fn a_killed_tournament_resumes_without_losing_or_repeating_games() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let record = dir.path().join("games.txt");
    let args = [
        "tournament",
        "--rules",
        "connectfour",
        "--player",
        "alphabeta,depth=4",
        "--player",
        "random,depth=1",
        "--rounds",
        "20",
        "--concurrency",
        "2",
        "--results",
        results.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ];
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        if line.starts_with("game ") {
            first.push(line);
        }
        if first.len() == 3 {
            break;
        }
    }
    // SIGKILL: no chance to tidy up.
    child.kill().unwrap();
    child.wait().unwrap();
    let o = tabula(&args);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    assert!(out.contains("summary: 40 of 40 games"), "{out}");
    let second = games(&out);
    assert!(
        !second.is_empty() && second.len() <= 40 - 3,
        "the kill left games to play, and the first run's are not replayed: {} then {}",
        first.len(),
        second.len()
    );
    let number = |l: &str| l.split(':').next().unwrap().to_string();
    for l in &first {
        assert!(!second.iter().any(|s| number(s) == number(l)), "{l} played twice");
    }
    let recorded = std::fs::read_to_string(&record).unwrap();
    let mut rounds: Vec<&str> = recorded.lines().filter(|l| l.starts_with("round")).collect();
    assert_eq!(rounds.len(), 40, "{recorded}");
    rounds.sort();
    rounds.dedup();
    assert_eq!(rounds.len(), 40, "no game is recorded twice");
    // The seed drawn by the first run was kept: a different command is refused.
    let other = tabula(&[
        "tournament",
        "--rules",
        "connectfour",
        "--player",
        "alphabeta,depth=5",
        "--player",
        "random,depth=1",
        "--rounds",
        "20",
        "--results",
        results.to_str().unwrap(),
    ]);
    let (_, err) = text(&other);
    assert!(!other.status.success() && err.contains("holds a different tournament (the players differ)"), "{err}");
}

#[test]
fn bad_input_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let r = results.to_str().unwrap();
    let fails = |args: &[&str], wanted: &str| {
        let o = tabula(args);
        let (_, err) = text(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {err}");
        assert!(err.contains(wanted), "{args:?}: expected '{wanted}' in: {err}");
    };
    fails(
        &["tournament", "--rules", "tictactoe", "--player", "nosuchplayer", "--player", "random", "--results", r],
        "nosuchplayer",
    );
    fails(
        &[
            "tournament",
            "--rules",
            "chess",
            "--player",
            "random",
            "--player",
            "greedy",
            "--openings",
            &data("broken.epd"),
            "--results",
            r,
        ],
        "broken.epd: line 2 is not a position of this game",
    );
    fails(
        &["tournament", "--rules", "tictactoe", "--player", "random", "--player", "random", "--results", r],
        "two players are named 'random'",
    );
    fails(
        &[
            "tournament",
            "--rules",
            "tictactoe",
            "--player",
            "random",
            "--player",
            "greedy",
            "--player",
            "alphabeta",
            "--sprt",
            "elo1=5",
            "--results",
            r,
        ],
        "--sprt tests two players",
    );
    fails(
        &[
            "tournament",
            "--rules",
            "tictactoe",
            "--player",
            "random",
            "--player",
            "greedy",
            "--sprt",
            "elo1=x",
            "--results",
            r,
        ],
        "elo1=x",
    );
    fails(
        &[
            "tournament",
            "--rules",
            "tictactoe",
            "--player",
            "random",
            "--player",
            "greedy",
            "--queue",
            "postgres://tabula:secret@127.0.0.1:1/none",
        ],
        "cannot reach the queue at postgres://tabula@127.0.0.1:1/none",
    );
    assert!(!Path::new(&data("missing.pgn")).exists());
    fails(
        &[
            "tournament",
            "--rules",
            "chess",
            "--player",
            "random",
            "--player",
            "greedy",
            "--openings",
            &data("missing.pgn"),
            "--results",
            r,
        ],
        "missing.pgn",
    );
}

#[test]
fn swiss_rounds_pair_without_rematches_and_rotate_the_bye() {
    let dir = tempfile::tempdir().unwrap();
    let results = dir.path().join("r.sqlite");
    let o = tabula(&[
        "tournament",
        "--rules",
        "tictactoe",
        "--format",
        "swiss",
        "--rounds",
        "3",
        "--player",
        "alphabeta,name=perfect,depth=9",
        "--player",
        "alphabeta,name=ab2,depth=2",
        "--player",
        "greedy",
        "--player",
        "random,name=ra",
        "--player",
        "random,name=rb",
        "--depth",
        "1",
        "--seed",
        "2",
        "--concurrency",
        "2",
        "--results",
        results.to_str().unwrap(),
    ]);
    let (out, err) = text(&o);
    assert!(o.status.success(), "{out}\n{err}");
    let mut lines = games(&out);
    assert_eq!(lines.len(), 12, "3 rounds × 2 pairs × 2 colours:\n{out}");
    let number = |l: &str| l[5..].split(':').next().unwrap().parse::<u32>().unwrap();
    lines.sort_by_key(|l| number(l));
    let seats = |l: &str| -> (String, String) {
        let mut names =
            l.split(" | ").next().unwrap().split(' ').skip(2).map(|s| s.split('=').nth(1).unwrap().to_string());
        (names.next().unwrap(), names.next().unwrap())
    };
    let mut pairs: Vec<(String, String)> = Vec::new();
    for set in lines.chunks(2) {
        let (a, b) = seats(set[0]);
        assert_eq!(seats(set[1]), (b.clone(), a.clone()), "colours swapped within a pair");
        let key = if a < b { (a, b) } else { (b, a) };
        assert!(!pairs.contains(&key), "{key:?} met twice:\n{out}");
        pairs.push(key);
    }
    let byes: Vec<&str> = err.lines().filter(|l| l.contains(": bye for ")).collect();
    assert_eq!(byes.len(), 3, "{err}");
    let mut who: Vec<&str> = byes.iter().map(|l| l.rsplit(' ').next().unwrap()).collect();
    who.sort();
    who.dedup();
    assert_eq!(who.len(), 3, "nobody sits out twice: {byes:?}");
}
