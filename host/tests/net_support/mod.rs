//! A real `tabula serve` process for the network tests, and client helpers.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{channel, Receiver};
use std::time::{Duration, Instant};

use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, RoomState, SeatSpec, ServerMsg};

/// A running server; killed (SIGKILL) when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
    /// The line it printed at start.
    pub line: String,
}

impl Server {
    /// Starts `tabula serve` on `listen` with its database in `data`.
    pub fn start(data: &Path, listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["serve", "--listen", listen, "--data"])
            .arg(data)
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("run tabula serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).expect("the server's first line");
        let addr = line
            .split("listening on ")
            .nth(1)
            .and_then(|rest| rest.split(',').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        Server { child, addr, line }
    }

    /// Whether the process still runs.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().expect("wait").is_none()
    }

    /// `kill -9`.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill9();
    }
}

/// A connected client with a read timeout, so a test never hangs.
pub fn client(addr: &str) -> Connection {
    let mut c = Connection::connect(addr, "test").expect("connect");
    c.set_timeout(Some(Duration::from_secs(20))).unwrap();
    c
}

/// A seat: the room, the seat number and its token.
pub struct Seat {
    pub room: u64,
    pub seat: u8,
    pub token: String,
}

/// Reads until `joined`, then the `state` after it.
pub fn joined(c: &mut Connection) -> (Seat, RoomState) {
    let seat = c
        .wait_for(|m| match m {
            ServerMsg::Joined { room, seat: Some(s), token: Some(t) } => {
                Some(Seat { room: *room, seat: *s, token: t.clone() })
            }
            _ => None,
        })
        .expect("joined");
    (seat, state(c))
}

/// Reads until the next `state`.
pub fn state(c: &mut Connection) -> RoomState {
    c.wait_for(|m| if let ServerMsg::State { state } = m { Some(state.clone()) } else { None }).expect("state")
}

/// Creates a room of `rules` with people in every seat.
pub fn create(c: &mut Connection, rules: &str, name: &str) -> (Seat, RoomState) {
    create_with(c, rules, &[], Vec::new(), name)
}

/// Creates a room of `rules` with rules `options` and `seats` (empty:
/// people in every seat); the creator takes the first seat for a person.
pub fn create_with(
    c: &mut Connection,
    rules: &str,
    options: &[(&str, &str)],
    seats: Vec<SeatSpec>,
    name: &str,
) -> (Seat, RoomState) {
    c.send(&ClientMsg::Create {
        rules: rules.into(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seats,
        seat: None,
        name: name.into(),
        clock: None,
        password: None,
        start: String::new(),
    })
    .unwrap();
    joined(c)
}

/// Joins a room's free seat.
pub fn join(c: &mut Connection, room: u64, name: &str) -> (Seat, RoomState) {
    c.send(&ClientMsg::Join { room, seat: None, name: name.into(), password: None }).unwrap();
    joined(c)
}

/// Plays a move and waits for its acknowledgement (`moved` at that ply).
pub fn play(c: &mut Connection, s: &Seat, mv: &str, ply: u32) -> Result<ServerMsg, ClientError> {
    c.send(&ClientMsg::Move { room: s.room, token: s.token.clone(), mv: mv.into(), ply })?;
    c.wait_for(|m| match m {
        ServerMsg::Moved { ply: p, .. } if *p == ply => Some(m.clone()),
        _ => None,
    })
}

/// Reads until a `moved` at `ply` arrives (the opponent's view).
pub fn see_move(c: &mut Connection, ply: u32) -> ServerMsg {
    c.wait_for(|m| match m {
        ServerMsg::Moved { ply: p, .. } if *p == ply => Some(m.clone()),
        _ => None,
    })
    .expect("the move arrives")
}

/// A running `tabula play --text --connect` with its output as lines.
pub struct TextClient {
    pub child: Child,
    lines: Receiver<String>,
    seen: Vec<String>,
}

impl TextClient {
    pub fn start(args: &[&str]) -> TextClient {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(["play", "--text"])
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(out).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        TextClient { child, lines, seen: Vec::new() }
    }

    /// Waits for a line containing `text`.
    pub fn expect(&mut self, text: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(30);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if line.contains(text) {
                        return line;
                    }
                }
                Err(_) => break,
            }
        }
        panic!("no line with {text:?}; the client printed:\n{}", self.seen.join("\n"));
    }

    pub fn type_line(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        stdin.write_all(format!("{line}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
}

impl Drop for TextClient {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
