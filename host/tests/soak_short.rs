//! The short soak of the suite (`scripts/soak.sh` is the long one): a few
//! hundred headless games in one run with `--record`, every one of them in
//! the record and read back by python-chess with every move legal.

mod proto_support;

use std::process::Command;

use proto_support::{run, scratch, stderr, stdout};

#[test]
fn three_hundred_recorded_games_are_all_read_back_by_python_chess() {
    let dir = scratch("soak_short");
    let record = dir.join("soak.pgn");
    let games = 300;
    let out = run(&[
        "match",
        "--rules",
        "chess",
        "--players",
        "random,greedy",
        "--games",
        &games.to_string(),
        "--time-ms",
        "50",
        "--max-moves",
        "60",
        "--seed",
        "7",
        "--record",
        record.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().filter(|l| l.starts_with("game ")).count(), games);
    let check = Command::new("python3")
        .arg("-c")
        .arg(
            "import sys, chess.pgn\n\
             n = bad = 0\n\
             f = open(sys.argv[1])\n\
             while (g := chess.pgn.read_game(f)) is not None:\n\
             \x20   n += 1\n\
             \x20   b = g.board()\n\
             \x20   for m in g.mainline_moves(): b.push(m)\n\
             \x20   bad += bool(g.errors) or int(g.headers['Round']) != n\n\
             print(n, bad)\n",
        )
        .arg(&record)
        .output()
        .expect("python3 with python-chess (scripts/setup.sh --test installs it)");
    assert!(check.status.success(), "{}", String::from_utf8_lossy(&check.stderr));
    assert_eq!(String::from_utf8_lossy(&check.stdout).trim(), format!("{games} 0"));
}
