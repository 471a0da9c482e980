//! `tabula tournament --queue` and `tabula worker` on a real PostgreSQL:
//! a private cluster started by `scripts/pg-cluster.sh` in a temporary
//! directory on a free port (as `nobody` when the tests run as root) and
//! stopped at the end. Three workers play one tournament; one is killed
//! while it holds a game: its lease runs out, another worker plays the
//! game, and every game is in the results exactly once.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A private cluster, stopped when dropped.
struct Cluster {
    dir: PathBuf,
    url: String,
    _temp: tempfile::TempDir,
}

fn script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../scripts/pg-cluster.sh")
}

impl Cluster {
    fn start() -> Cluster {
        let temp = tempfile::tempdir().unwrap();
        let dir = temp.path().join("pg");
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let o = Command::new(script()).args(["start", dir.to_str().unwrap(), &port.to_string()]).output().unwrap();
        assert!(
            o.status.success(),
            "the test cluster did not start (scripts/setup.sh --test installs PostgreSQL): {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let url = String::from_utf8_lossy(&o.stdout).trim().to_string();
        Cluster { dir, url, _temp: temp }
    }

    /// Runs SQL through psql and returns its unaligned output.
    fn sql(&self, query: &str) -> String {
        let o = Command::new("psql").args([&self.url, "-At", "-c", query]).output().expect("psql");
        assert!(o.status.success(), "{query}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8_lossy(&o.stdout).trim().to_string()
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(script()).args(["stop", self.dir.to_str().unwrap()]).output();
    }
}

fn tabula() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_tabula"));
    c.stdin(Stdio::null());
    c
}

fn worker(url: &str) -> Child {
    tabula()
        .args(["worker", "--queue", url, "--lease-secs", "2"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

fn signal(child: &Child, sig: &str) {
    let ok = Command::new("kill").args([sig, &child.id().to_string()]).status().unwrap().success();
    assert!(ok, "kill {sig}");
}

fn text(o: &Output) -> (String, String) {
    (String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

const TOURNAMENT: &[&str] = &[
    "tournament",
    "--rules",
    "connectfour",
    "--player",
    "alphabeta,name=deep,depth=6",
    "--player",
    "alphabeta,name=shallow,depth=2",
    "--player",
    "random,depth=1",
    "--rounds",
    "2",
    "--seed",
    "9",
    "--concurrency",
    "0",
    "--lease-secs",
    "2",
    "--name",
    "c4",
];

#[test]
fn three_workers_one_killed_play_every_game_exactly_once() {
    let cluster = Cluster::start();
    let url = cluster.url.clone();
    let mut watcher = tabula()
        .args(TOURNAMENT)
        .args(["--queue", &url])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The tournament is in the queue once the watcher says so.
    let mut watcher_err = BufReader::new(watcher.stderr.take().unwrap()).lines();
    let first = watcher_err.next().unwrap().unwrap();
    assert!(first.starts_with("queue: tournament 'c4' of 12 games"), "{first}");
    let drain = std::thread::spawn(move || watcher_err.map_while(Result::ok).collect::<Vec<_>>());
    // The victim starts alone, so the first game is its own; it is frozen
    // while it holds it and killed, and only then do the two others start:
    // its game must come back to them after the lease.
    let mut victim = worker(&url);
    let started = Instant::now();
    let held = loop {
        signal(&victim, "-STOP");
        let held = cluster.sql(&format!(
            "SELECT count(*) FROM tabula_games WHERE state = 'playing' AND worker LIKE '%:{}:%'",
            victim.id()
        ));
        if held != "0" {
            break held;
        }
        signal(&victim, "-CONT");
        assert!(started.elapsed() < Duration::from_secs(300), "the victim never held a game");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert_eq!(held, "1");
    victim.kill().unwrap();
    victim.wait().unwrap();
    let others = [worker(&url), worker(&url)];
    let o = watcher.wait_with_output().unwrap();
    let (out, _) = text(&o);
    let err = drain.join().unwrap().join("\n");
    assert!(o.status.success(), "{out}\n{err}");
    for mut w in others {
        assert!(w.wait().unwrap().success());
    }
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(lines.len(), 12, "{out}");
    let mut numbers: Vec<&str> = lines.iter().map(|l| l.split(':').next().unwrap()).collect();
    numbers.sort();
    numbers.dedup();
    assert_eq!(numbers.len(), 12, "every game once: {out}");
    assert!(out.contains("summary: 12 of 12 games"), "{out}");
    assert_eq!(cluster.sql("SELECT count(*) FROM tabula_games WHERE state = 'done'"), "12");
    assert!(
        cluster.sql("SELECT max(claims) FROM tabula_games").parse::<u32>().unwrap() >= 2,
        "the killed worker's game was claimed again"
    );
}

#[test]
fn a_worker_with_other_plugin_versions_is_refused() {
    let cluster = Cluster::start();
    let url = cluster.url.clone();
    // The tournament is queued by a watcher that plays nothing itself; its
    // stored fingerprint is then made to name other versions.
    let mut watcher =
        tabula().args(TOURNAMENT).args(["--queue", &url]).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let mut watcher_err = BufReader::new(watcher.stderr.take().unwrap()).lines();
    assert!(watcher_err.next().unwrap().unwrap().starts_with("queue: tournament 'c4'"));
    cluster.sql("UPDATE tabula_tournaments SET fingerprint = 'rules connectfour 9.9.9'");
    let o = tabula().args(["worker", "--queue", &url]).output().unwrap();
    let (out, err) = text(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains("tournament 'c4' refused: plugin versions differ (tournament: rules connectfour 9.9.9"),
        "{err}"
    );
    assert!(out.contains("played 0 games"), "{out}");
    assert_eq!(cluster.sql("SELECT count(*) FROM tabula_games WHERE state <> 'pending'"), "0");
    watcher.kill().unwrap();
    watcher.wait().unwrap();
}
