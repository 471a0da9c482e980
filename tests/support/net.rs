//! A real `tabula serve` for the window's network tests, and a plain
//! client that speaks the protocol's JSON lines (docs/NETWORK.md) as any
//! other program would.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tabula_xvfb::Reaper;

/// A running server on a free loopback port; killed when dropped.
pub struct Server {
    _child: Reaper,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts `binary serve` with its database in `data`.
    pub fn start(binary: &Path, data: &Path) -> Server {
        Server::start_with(binary, data, &[])
    }

    /// Starts `binary serve` with its database in `data` and the options
    /// `extra` (a limit set for a test, say).
    pub fn start_with(binary: &Path, data: &Path, extra: &[&str]) -> Server {
        let mut child = Command::new(binary)
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run tabula serve");
        let mut line = String::new();
        let out = child.stdout.take().expect("its output");
        BufReader::new(out).read_line(&mut line).expect("the server's first line");
        let addr = line
            .split("listening on ")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .trim()
            .to_string();
        Server { _child: Reaper(child), addr }
    }
}

/// A protocol client: JSON lines out, JSON lines in (read on a thread).
pub struct Client {
    stream: TcpStream,
    lines: Receiver<Value>,
    /// Every message received so far.
    pub seen: Vec<Value>,
}

impl Client {
    /// Connects and says hello.
    pub fn connect(addr: &str) -> Client {
        let stream = TcpStream::connect(addr).expect("connect to the server");
        let reader = BufReader::new(stream.try_clone().expect("a second handle"));
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { break };
                let Ok(v) = serde_json::from_str::<Value>(&line) else { break };
                if tx.send(v).is_err() {
                    break;
                }
            }
        });
        let mut c = Client { stream, lines, seen: Vec::new() };
        c.send(json!({"type": "hello", "versions": [1, 2], "client": "test"}));
        c.wait("the welcome", |m| m["type"] == "welcome");
        c
    }

    /// Sends one message.
    pub fn send(&mut self, msg: Value) {
        let line = format!("{msg}\n");
        self.stream.write_all(line.as_bytes()).expect("send to the server");
    }

    /// The next message that `pick` accepts (within 40 s); an error message
    /// on the way fails the test.
    pub fn wait(&mut self, what: &str, pick: impl Fn(&Value) -> bool) -> Value {
        let end = Instant::now() + Duration::from_secs(40);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            let Ok(m) = self.lines.recv_timeout(left) else { break };
            self.seen.push(m.clone());
            assert_ne!(m["type"], "error", "the server refused: {m}");
            if pick(&m) {
                return m;
            }
        }
        panic!("{what}: not received; the client saw:\n{:#?}", self.seen);
    }

    /// The next error message (within 40 s), the messages before it kept
    /// in [`Client::seen`].
    pub fn wait_error(&mut self, what: &str) -> Value {
        let end = Instant::now() + Duration::from_secs(40);
        while let Some(left) = end.checked_duration_since(Instant::now()) {
            let Ok(m) = self.lines.recv_timeout(left) else { break };
            self.seen.push(m.clone());
            if m["type"] == "error" {
                return m;
            }
        }
        panic!("{what}: no error received; the client saw:\n{:#?}", self.seen);
    }

    /// Joins `room` (a free seat, or `seat`) as `name`: its seat's token
    /// and the room's state.
    pub fn join(&mut self, room: u64, seat: Option<u8>, name: &str) -> (String, Value) {
        self.send(json!({"type": "join", "room": room, "seat": seat, "name": name}));
        let joined = self.wait("joined", |m| m["type"] == "joined");
        let state = self.wait("the state", |m| m["type"] == "state");
        (joined["token"].as_str().expect("a token").to_string(), state["state"].clone())
    }

    /// The room's latest game as the server records it (TOML).
    pub fn export(&mut self, room: u64) -> String {
        self.send(json!({"type": "export", "room": room, "format": "toml"}));
        let m = self.wait("the export", |m| m["type"] == "exported");
        m["text"].as_str().expect("the record").to_string()
    }
}

/// The moves of a game the server exports as a text record (`[[game]]`).
pub fn record_moves(text: &str) -> Vec<String> {
    let record = tabula_core::records::text::read(text).expect("a text record");
    record.game.into_iter().next_back().map(|g| g.moves).unwrap_or_default()
}
