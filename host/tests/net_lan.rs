//! Finding games on the local network: a real `tabula serve --announce`
//! and a room waiting for a player; `tabula lan`, another process, finds
//! the server by mDNS/DNS-SD and lists the room, and a client joins it at
//! the address listed.

mod net_support;

use std::process::Command;

use net_support::{client, joined, Server};
use tabula_net::protocol::{ClientMsg, Clock};

#[test]
fn tabula_lan_lists_an_announced_server_and_its_waiting_game() {
    let data = tempfile::tempdir().unwrap();
    // A name no other server on this network announces.
    let name = format!("LanTest{}", std::process::id());
    let server = Server::start(data.path(), "0.0.0.0:0", &["--announce", &name]);
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let mut ann = client(&format!("127.0.0.1:{port}"));
    ann.send(&ClientMsg::Create {
        rules: "chess".into(),
        options: Default::default(),
        seats: Vec::new(),
        seat: None,
        name: "Ann".into(),
        clock: Some(Clock { initial_ms: 300_000, increment_ms: 3000 }),
        password: Some("sesame".into()),
        start: String::new(),
    })
    .unwrap();
    let (seat, _) = joined(&mut ann);
    assert_eq!(seat.seat, 0);

    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["lan", "--seconds", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}\n{}", String::from_utf8_lossy(&out.stderr));
    let lines: Vec<&str> = text.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with(&format!("server '{name}' at ")))
        .unwrap_or_else(|| panic!("{name} not found:\n{text}"));
    let server_line = lines[at];
    assert!(server_line.ends_with(&format!(":{port} (protocol 1,2,3)")), "{server_line}");
    assert_eq!(lines[at + 1], "  room 1: Chess (chess), waiting: Ann, free seat 1, clock 5+3, password", "{text}");
    // The address announced is one another machine would use, and it works.
    let addr = server_line.split(" at ").nth(1).unwrap().split(' ').next().unwrap();
    assert_eq!(lines[at + 2], format!("    tabula play --connect {addr} --room 1"));
    let mut bob = client(addr);
    bob.send(&ClientMsg::Join { room: 1, seat: None, name: "Bob".into(), password: Some("sesame".into()) }).unwrap();
    let (bob_seat, state) = joined(&mut bob);
    assert_eq!(bob_seat.seat, 1);
    assert_eq!(state.summary.seats[0].name, "Ann");

    // A game with every seat taken is no longer listed.
    let out = Command::new(env!("CARGO_BIN_EXE_tabula")).args(["lan", "--seconds", "3"]).output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let at = text.lines().position(|l| l.starts_with(&format!("server '{name}' at "))).expect("still announced");
    assert!(!text.lines().nth(at + 1).unwrap_or("").starts_with("  room 1:"), "{text}");
}
