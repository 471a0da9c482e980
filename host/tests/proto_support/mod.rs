//! Helpers for the protocol tests: an interactive `tabula` child spoken to
//! line by line, and plain runs of the binary.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Output, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

/// Generous: the machine is shared and the build may be a debug one.
pub const LONG: Duration = Duration::from_secs(60);

/// The tabula binary under test.
pub fn exe() -> &'static str {
    env!("CARGO_BIN_EXE_tabula")
}

/// The workspace root.
pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("workspace").to_path_buf()
}

/// Builds the plugin fixture `tests/fixtures/<name>` and returns its
/// library `lib<library>.so`.
pub fn fixture(name: &str, library: &str) -> PathBuf {
    let target = workspace().join("target").join("proto-fixtures");
    let status = Command::new(env!("CARGO"))
        .args(["build", "--release", "--quiet", "--manifest-path"])
        .arg(workspace().join("tests/fixtures").join(name).join("Cargo.toml"))
        .env("CARGO_TARGET_DIR", &target)
        .status()
        .expect("run cargo");
    assert!(status.success(), "building the {name} fixture failed");
    let so = target.join("release").join(format!("lib{library}.so"));
    assert!(so.exists(), "{} missing", so.display());
    so
}

/// `tests/fixtures/faulty-rules`: a rules plugin that misbehaves as its
/// `fault` option says.
pub fn faulty_rules() -> PathBuf {
    fixture("faulty-rules", "tabula_faultyrules")
}

/// A fake engine script from `tests/fixtures/fake-engines/`.
pub fn fake_engine(name: &str) -> String {
    workspace().join("tests/fixtures/fake-engines").join(name).display().to_string()
}

/// Runs tabula to completion.
pub fn run(args: &[&str]) -> Output {
    Command::new(exe()).args(args).stdin(Stdio::null()).output().expect("run tabula")
}

/// Stdout as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}
/// Stderr as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The JSON summary a `match --json` prints last.
pub fn last_json(out: &str) -> serde_json::Value {
    let line = out.lines().last().unwrap_or_default();
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {out}"))
}

/// A scratch directory for one test, emptied first.
pub fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-proto-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// A `tabula` child driven over its stdin/stdout.
pub struct Peer {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Everything said so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Peer {
    /// Starts `tabula ARGS`.
    pub fn start(args: &[&str]) -> Peer {
        Peer::start_with_env(args, &[])
    }

    /// Starts `tabula ARGS` with extra environment variables.
    pub fn start_with_env(args: &[&str], env: &[(&str, &str)]) -> Peer {
        let mut child = Command::new(exe())
            .args(args)
            .envs(env.iter().copied())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tabula");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Peer { child, stdin, lines: rx, transcript: Vec::new() }
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()).expect("write to tabula");
    }

    /// Waits for a line matching `pred` (other lines are kept in the
    /// transcript) and returns it; panics with the transcript on timeout.
    pub fn expect(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + LONG;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    if pred(&line) {
                        return line;
                    }
                }
                Err(_) => panic!("no {what}; transcript:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Every line until one matching `pred`, that one included.
    pub fn collect_until(&mut self, what: &str, pred: impl Fn(&str) -> bool) -> Vec<String> {
        let start = self.transcript.len();
        self.expect(what, pred);
        self.transcript[start..].iter().filter_map(|l| l.strip_prefix("< ").map(str::to_string)).collect()
    }

    /// Waits for the process to exit and returns whether it succeeded.
    pub fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + LONG;
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status.success();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("tabula did not exit; transcript:\n{}", self.transcript.join("\n"));
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
