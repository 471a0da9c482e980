//! A player who left a network game (docs/NETWORK.md, "A player who
//! left"), with real processes: `tabula serve` with a short
//! `--claim-after`, players on the terminal client (`tabula play --text`)
//! and on the protocol, one killed with `kill -9`.
//!
//! * the claim is refused before the grace and while everyone is there,
//!   accepted once the server says it is open, and stored as the result;
//! * a player back in time plays on; an abort ends the game with no
//!   result, stored as aborted and still so after a restart;
//! * spectators cannot claim, a second claim changes nothing, and a
//!   connection of protocol 2 is sent no `departed` line.
//!
//! No test sleeps and hopes: each waits for the server's `departed` line.

mod net_support;

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::time::Duration;

use net_support::{client, create, join, joined, play, see_move, state, Server, TextClient};
use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, ErrorCode, ServerMsg};
use tabula_net::store::{Store, Sync};

/// The grace of these tests' servers, seconds: long enough that a claim
/// sent as soon as `departed` arrives is early, short for the suite.
const GRACE: &str = "3";

/// Reads until a `departed` for `seat`, returning its `claim_in_ms`.
fn departed(c: &mut Connection, seat: u8) -> u64 {
    c.wait_for(|m| match m {
        ServerMsg::Departed { seat: s, claim_in_ms, .. } if *s == seat => Some(*claim_in_ms),
        _ => None,
    })
    .expect("departed")
}

/// Sends `msg` and returns the refusal it meets.
fn refused(c: &mut Connection, msg: ClientMsg) -> (ErrorCode, String) {
    c.send(&msg).unwrap();
    match c.wait_for(|m| matches!(m, ServerMsg::State { .. }).then_some(())) {
        Err(ClientError::Refused { code, message }) => (code, message),
        other => panic!("{msg:?} was not refused: {other:?}"),
    }
}

/// The latest game of `room` as the database holds it: (status, result).
fn stored(data: &std::path::Path, room: u64) -> (String, String) {
    let store = Store::open(data, Sync::Normal).expect("open the database");
    let game = store.game(room, None).expect("read the game").expect("the game");
    (game.status, game.result)
}

#[test]
fn the_win_over_a_killed_player_is_refused_before_the_grace_then_claimed_and_stored() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--claim-after", GRACE]);
    let addr = server.addr.clone();
    let mut ann = TextClient::start(&["--connect", &addr, "--create", "chess", "--name", "Ann"]);
    ann.expect("room 1, seat 0");
    let mut bob = TextClient::start(&["--connect", &addr, "--room", "1", "--name", "Bob"]);
    bob.expect("room 1, seat 1");
    ann.type_line("e4");
    bob.expect("seat 0 plays e4");
    // A spectator has no token to claim with.
    let mut eve = client(&addr);
    eve.send(&ClientMsg::Watch { room: 1, password: None }).unwrap();
    state(&mut eve);

    bob.child.kill().unwrap(); // SIGKILL: the connection is cut, nothing said
    bob.child.wait().unwrap();
    let line = ann.expect("seat 1 left the game");
    assert!(line.contains(&format!("claim-win or abort in {GRACE} s")), "{line}");
    ann.type_line("claim-win");
    let refusal = ann.expect("refused:");
    assert!(refusal.contains("Bob left") && refusal.contains("can be claimed"), "{refusal}");
    let (code, _) = refused(&mut eve, ClientMsg::ClaimWin { room: 1, token: "0".repeat(32) });
    assert_eq!(code, ErrorCode::BadToken, "a spectator cannot claim");

    ann.expect("seat 1 has been gone long enough");
    ann.type_line("claim-win");
    let over = ann.expect("game over:");
    assert!(over.ends_with("win white (Bob left the game)"), "{over}");
    let s = state(&mut eve);
    let result = s.result.expect("the result everyone sees");
    assert_eq!((result.winner, result.places), (Some(0), vec![1, 2]));
    // A second claim is harmless: refused, the result unchanged.
    ann.type_line("claim-win");
    assert!(ann.expect("refused:").contains("(GameOver)"));

    server.kill9();
    assert_eq!(stored(data.path(), 1), ("finished".into(), "win white (Bob left the game)".into()));
}

/// A protocol-2 connection that watches `room`: its lines, read on a thread.
fn old_watcher(addr: &str, room: u64) -> std::sync::mpsc::Receiver<String> {
    let mut stream = TcpStream::connect(addr).unwrap();
    let hello = format!("{{\"type\":\"hello\",\"versions\":[1,2]}}\n{{\"type\":\"watch\",\"room\":{room}}}\n");
    stream.write_all(hello.as_bytes()).unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stream).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    rx
}

#[test]
fn a_player_back_in_time_plays_on_and_an_abort_is_stored_with_no_result() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--claim-after", GRACE]);
    let addr = server.addr.clone();
    let (mut cat, mut dan) = (client(&addr), client(&addr));
    let (c, _) = create(&mut cat, "chess", "Cat");
    let (d, _) = join(&mut dan, c.room, "Dan");
    let old = old_watcher(&addr, c.room);
    play(&mut cat, &c, "e2e4", 0).unwrap();
    let claim = || ClientMsg::ClaimWin { room: c.room, token: c.token.clone() };
    let abort = || ClientMsg::Abort { room: c.room, token: c.token.clone() };
    let (code, why) = refused(&mut cat, claim());
    assert_eq!((code, why.as_str()), (ErrorCode::Invalid, "nobody has left: every player is connected"));

    // Dan's connection goes and comes back within the grace: he plays on.
    drop(dan);
    let wait = departed(&mut cat, d.seat);
    assert!(wait > 0 && wait <= 3000, "the whole grace: {wait} ms");
    let mut dan = client(&addr);
    dan.send(&ClientMsg::Resume { room: c.room, token: d.token.clone() }).unwrap();
    joined(&mut dan);
    cat.wait_for(|m| matches!(m, ServerMsg::Presence { seat: 1, connected: true, .. }).then_some(())).unwrap();
    let (code, _) = refused(&mut cat, abort());
    assert_eq!(code, ErrorCode::Invalid, "Dan is back: nothing to abort");
    play(&mut dan, &d, "e7e5", 1).unwrap();
    see_move(&mut cat, 1);

    // Gone again, for good this time: the server says when; Cat aborts.
    drop(dan);
    assert!(departed(&mut cat, d.seat) > 0);
    assert_eq!(departed(&mut cat, d.seat), 0, "the claim is open");
    cat.send(&abort()).unwrap();
    let s = state(&mut cat);
    let result = s.result.expect("the game has ended");
    assert_eq!(result.text, "aborted (Dan left the game)");
    assert_eq!((result.winner, result.places.len(), s.summary.finished), (None, 0, true));
    let (code, _) = refused(&mut cat, claim());
    assert_eq!(code, ErrorCode::GameOver, "nothing to claim after an abort");

    // Protocol 2 saw the presence lines, and no line of version 3.
    let mut seen = Vec::new();
    while let Ok(line) = old.recv_timeout(Duration::from_secs(20)) {
        let done = line.contains("aborted (Dan left the game)");
        seen.push(line);
        if done {
            break;
        }
    }
    assert!(seen.iter().any(|l| l.contains("\"presence\"")), "{seen:#?}");
    assert!(seen.iter().all(|l| !l.contains("departed")), "{seen:#?}");
    assert!(seen.last().is_some_and(|l| l.contains("aborted")), "{seen:#?}");

    server.kill9();
    assert_eq!(stored(data.path(), c.room), ("aborted".into(), "aborted (Dan left the game)".into()));
    // After a restart the room is still over, with no result.
    let _server = Server::start(data.path(), &addr, &["--claim-after", GRACE]);
    let mut cat = client(&addr);
    cat.send(&ClientMsg::Resume { room: c.room, token: c.token.clone() }).unwrap();
    let (_, s) = joined(&mut cat);
    assert_eq!(s.result.map(|r| r.text), Some("aborted (Dan left the game)".into()));
    let (code, _) = refused(&mut cat, play_msg(&c, "d2d4", 2));
    assert_eq!(code, ErrorCode::GameOver);
}

fn play_msg(s: &net_support::Seat, mv: &str, ply: u32) -> ClientMsg {
    ClientMsg::Move { room: s.room, token: s.token.clone(), mv: mv.into(), ply }
}

#[test]
fn with_three_players_those_who_left_are_last_and_the_others_share_first_place() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &["--claim-after", GRACE]);
    let addr = server.addr.clone();
    let mut p0 = client(&addr);
    let (s0, _) = net_support::create_with(&mut p0, "chinesecheckers", &[("players", "3")], Vec::new(), "Ann");
    let (mut p1, mut p2) = (client(&addr), client(&addr));
    join(&mut p1, s0.room, "Bob");
    join(&mut p2, s0.room, "Cid");
    drop(p2);
    assert!(departed(&mut p0, 2) > 0);
    assert_eq!(departed(&mut p0, 2), 0);
    p0.send(&ClientMsg::ClaimWin { room: s0.room, token: s0.token.clone() }).unwrap();
    let result = state(&mut p0).result.expect("the game has ended");
    assert_eq!((result.winner, result.places), (None, vec![1, 1, 3]));
    assert!(result.text.ends_with("(Cid left the game)"), "{}", result.text);
    // Bob, still there, sees the same end.
    let seen = p1
        .wait_for(|m| match m {
            ServerMsg::State { state } => state.result.clone(),
            _ => None,
        })
        .expect("Bob's view of the end");
    assert_eq!(seen.text, result.text);
}
