//! TLS (issue 23, finding 15): `tabula serve` with a certificate, the
//! terminal client trusting it on first use and refusing a changed one, a
//! pinned fingerprint, a TLS-only server refusing plain TCP, and a plain
//! and an encrypted player in one room.

mod net_support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::Duration;

use net_support::{join, play, see_move, Server};
use tabula_net::client::{ClientError, Connection, Dial};
use tabula_net::protocol::{ClientMsg, ErrorCode};

/// The fingerprint a server printed at start.
fn fingerprint_of(server: &mut Server) -> String {
    let line = server.line.clone();
    line.split("TLS certificate SHA-256 ")
        .nth(1)
        .and_then(|r| r.split(',').next())
        .expect("a fingerprint")
        .trim()
        .into()
}

/// Runs the terminal client against `addr` until it prints a line with
/// `until` (or exits); returns everything it printed, both streams.
fn text_client(addr: &str, known: &std::path::Path, extra: &[&str], until: &str) -> String {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "--text", "--connect", addr])
        .args(extra)
        .env("TABULA_KNOWN_SERVERS", known)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = BufReader::new(child.stdout.take().unwrap());
    let mut seen = String::new();
    for line in out.lines() {
        let Ok(line) = line else { break };
        seen.push_str(&line);
        seen.push('\n');
        if line.contains(until) {
            break;
        }
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    seen + &String::from_utf8_lossy(&output.stderr)
}

fn tls_client(addr: &str, fingerprint: &str) -> Result<Connection, ClientError> {
    let mut c = Connection::dial(addr, "test", &Dial { tls: true, fingerprint: Some(fingerprint.into()), bind: None })?;
    c.set_timeout(Some(Duration::from_secs(20)))?;
    Ok(c)
}

#[test]
fn the_first_certificate_is_remembered_and_a_changed_one_refused() {
    let (data, other) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--tls-self-signed", "--tls-only"]);
    let print = fingerprint_of(&mut server);
    let known = tempfile::tempdir().unwrap().path().join("known-servers");
    let addr = format!("tls://{}", server.addr);
    let first = text_client(&addr, &known, &[], "encrypted");
    assert!(first.contains(&format!("certificate SHA-256 {print} (first connection: remembered)")), "{first}");
    assert!(first.contains("encrypted (TLS 1.3"), "{first}");
    let second = text_client(&addr, &known, &[], "encrypted");
    assert!(second.contains(&print) && !second.contains("first connection"), "{second}");
    // Another server (another certificate) answers at the same address.
    drop(server);
    let impostor = Server::start(other.path(), &addr["tls://".len()..], &["--tls-self-signed"]);
    let refused = text_client(&format!("tls://{}", impostor.addr), &known, &[], "encrypted");
    assert!(refused.contains("CHANGED") && refused.contains(&print), "{refused}");
    assert!(!refused.contains("encrypted ("), "{refused}");
}

#[test]
fn plain_and_encrypted_players_meet_and_tls_only_refuses_plain() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--tls-self-signed"]);
    let print = fingerprint_of(&mut server);
    let mut ann = tls_client(&server.addr, &print).unwrap();
    assert!(ann.security().tls.as_deref().is_some_and(|v| v.starts_with("TLS 1.3")), "{:?}", ann.security());
    let (a, _) = net_support::create(&mut ann, "chess", "Ann");
    let mut bob = net_support::client(&server.addr);
    assert_eq!(bob.security().tls, None, "plain TCP is still served");
    let (b, _) = join(&mut bob, a.room, "Bob");
    play(&mut ann, &a, "e2e4", 0).unwrap();
    see_move(&mut bob, 0);
    play(&mut bob, &b, "e7e5", 1).unwrap();
    see_move(&mut ann, 1);
    // A wrong pin is refused before anything is sent.
    let wrong = "00".repeat(32);
    match tls_client(&server.addr, &wrong) {
        Err(ClientError::Tls(why)) => assert!(why.contains("not the expected"), "{why}"),
        other => panic!("a wrong fingerprint: {:?}", other.map(|_| ())),
    }
    // A TLS-only server answers plain TCP with a fatal error.
    let only = tempfile::tempdir().unwrap();
    let strict = Server::start(only.path(), "127.0.0.1:0", &["--tls-self-signed", "--tls-only"]);
    match Connection::connect(&strict.addr, "plain") {
        Err(ClientError::Refused { code: ErrorCode::Version, message }) => {
            assert!(message.contains("TLS connections only"), "{message}")
        }
        other => panic!("plain TCP to a TLS-only server: {:?}", other.map(|_| ())),
    }
    let _ = ann.send(&ClientMsg::Ping { id: 1 });
}
