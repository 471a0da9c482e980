//! What `tabula serve` survives: hostile clients, and `kill -9` in the
//! middle of games (with the terminal client reconnecting by itself).

mod net_support;
mod proto_support;

use std::io::{BufRead, BufReader, Write};
use std::time::{Duration, Instant};

use net_support::{client, create, join, play, see_move, state, Server, TextClient};
use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, ErrorCode, ExportFormat, SeatSpec, ServerMsg, MAX_LINE};

/// Sends `bytes` on a fresh connection and returns the fatal error's code,
/// after checking that the server then closed the connection.
fn fatal_after(addr: &str, hello: bool, bytes: &[u8]) -> ErrorCode {
    let mut c = if hello {
        client(addr)
    } else {
        // No hello: a raw connection.
        let stream = std::net::TcpStream::connect(addr).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        return raw_fatal(stream, bytes);
    };
    c.send_raw(bytes).unwrap();
    let code = loop {
        match c.recv() {
            Ok(ServerMsg::Error { code, fatal: true, .. }) => break code,
            Ok(_) => continue,
            Err(e) => panic!("expected a fatal error, got {e}"),
        }
    };
    assert!(matches!(c.recv(), Err(ClientError::Closed) | Err(ClientError::Io(_))), "the connection is closed");
    code
}

fn raw_fatal(mut stream: std::net::TcpStream, bytes: &[u8]) -> ErrorCode {
    let _ = stream.write_all(bytes);
    let mut line = String::new();
    let mut reader = BufReader::new(stream);
    reader.read_line(&mut line).unwrap();
    let msg: ServerMsg = serde_json::from_str(&line).unwrap();
    let ServerMsg::Error { code, fatal: true, .. } = msg else { panic!("{line}") };
    let mut rest = String::new();
    assert_eq!(reader.read_line(&mut rest).unwrap_or(0), 0, "closed after the error");
    code
}

#[test]
fn a_hostile_client_cannot_crash_the_server_or_change_another_room() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let addr = server.addr.clone();
    let (mut ann, mut bob) = (client(&addr), client(&addr));
    let (a, _) = create(&mut ann, "chess", "Ann");
    let (b, _) = join(&mut bob, a.room, "Bob");
    play(&mut ann, &a, "e2e4", 0).unwrap();

    assert_eq!(fatal_after(&addr, false, b"hello world\n"), ErrorCode::BadMessage);
    assert_eq!(fatal_after(&addr, false, b"{\"type\":\"ping\"}\n"), ErrorCode::Version, "hello comes first");
    assert_eq!(fatal_after(&addr, false, b"\xff\xfe\x00garbage\n"), ErrorCode::BadMessage);
    assert_eq!(fatal_after(&addr, false, &vec![b'x'; MAX_LINE * 4]), ErrorCode::TooLarge);
    let hello_v9 = b"{\"type\":\"hello\",\"versions\":[9]}\n";
    assert_eq!(fatal_after(&addr, false, hello_v9), ErrorCode::Version);
    let mut deep = "[".repeat(8000).into_bytes();
    deep.push(b'\n');
    assert_eq!(fatal_after(&addr, true, &deep), ErrorCode::BadMessage, "deep nesting is refused, not recursed");
    let extra = format!(
        "{{\"type\":\"move\",\"room\":{},\"token\":\"{}\",\"move\":\"e7e5\",\"ply\":1,\"x\":1}}\n",
        a.room, b.token
    );
    assert_eq!(fatal_after(&addr, true, extra.as_bytes()), ErrorCode::BadMessage, "unknown fields");
    let flood: Vec<u8> = (0..400).flat_map(|i| format!("{{\"type\":\"ping\",\"id\":{i}}}\n").into_bytes()).collect();
    assert_eq!(fatal_after(&addr, true, &flood), ErrorCode::RateLimit);

    // Polite but malicious: moves without the seat's token, for the other
    // seat, into a room it has no seat in; none of it is fatal or effective.
    let mut eve = client(&addr);
    let (e, _) = create(&mut eve, "chess", "Eve");
    let mut attempt = |room, token: &str, mv: &str, ply| {
        eve.send(&ClientMsg::Move { room, token: token.into(), mv: mv.into(), ply }).unwrap();
        match eve.wait_for(|m| matches!(m, ServerMsg::Moved { .. }).then_some(())) {
            Err(ClientError::Refused { code, .. }) => code,
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(attempt(a.room, &e.token, "e7e5", 1), ErrorCode::BadToken, "Eve's token is not a seat of Ann's room");
    assert_eq!(attempt(a.room, "00000000000000000000000000000000", "e7e5", 1), ErrorCode::BadToken);
    assert_eq!(attempt(a.room, "", "e7e5", 1), ErrorCode::BadToken);
    assert_eq!(attempt(9_999_999, &e.token, "e7e5", 1), ErrorCode::NoSuchRoom);
    eve.send(&ClientMsg::Join { room: a.room, seat: Some(1), name: "Eve".into(), password: None }).unwrap();
    assert!(matches!(
        eve.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())),
        Err(ClientError::Refused { code: ErrorCode::SeatTaken, .. })
    ));
    eve.send(&ClientMsg::Resign { room: a.room, token: e.token.clone() }).unwrap();
    eve.send(&ClientMsg::Ping { id: 7 }).unwrap();
    let pong = eve.wait_for(|m| matches!(m, ServerMsg::Pong { id: 7 }).then_some(()));
    assert!(matches!(pong, Err(ClientError::Refused { code: ErrorCode::BadToken, .. })), "{pong:?}");

    // Ann's room went on untouched.
    assert!(server.alive());
    play(&mut bob, &b, "e7e5", 1).unwrap();
    let mut watcher = client(&addr);
    watcher.send(&ClientMsg::Watch { room: a.room, password: None }).unwrap();
    let s = state(&mut watcher);
    let moves: Vec<&str> = s.moves.iter().map(|m| m.coordinate.as_str()).collect();
    assert_eq!((moves, s.result), (vec!["e2e4", "e7e5"], None));
}

fn reconnect(addr: &str) -> Connection {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        match Connection::connect(addr, "test") {
            Ok(mut c) => {
                c.set_timeout(Some(Duration::from_secs(20))).unwrap();
                return c;
            }
            Err(e) if Instant::now() > deadline => panic!("cannot reconnect: {e}"),
            Err(_) => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

#[test]
fn kill_9_mid_game_loses_nothing_and_players_reconnect() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let addr = server.addr.clone();
    let mut ann = client(&addr);
    let (a, _) = create(&mut ann, "chess", "Ann");
    // Bob plays from the terminal client, the real binary.
    let room = a.room.to_string();
    let mut bob = TextClient::start(&["--connect", &addr, "--room", &room, "--name", "Bob"]);
    bob.expect(&format!("room {room}, seat 1"));
    // A second room: a person against a computer.
    ann.send(&ClientMsg::Create {
        rules: "tictactoe".into(),
        options: Default::default(),
        seats: vec![
            SeatSpec::human(),
            SeatSpec { player: "random".into(), time_ms: Some(20), options: Default::default() },
        ],
        seat: None,
        name: "Ann".into(),
        clock: None,
        password: None,
        start: String::new(),
    })
    .unwrap();
    let (t, _) = net_support::joined(&mut ann);
    play(&mut ann, &t, "b2", 0).unwrap();
    let reply = see_move(&mut ann, 1);

    play(&mut ann, &a, "f2f3", 0).unwrap();
    bob.expect("seat 0 plays f3");
    bob.type_line("e5");
    see_move(&mut ann, 1);
    play(&mut ann, &a, "g2g4", 2).unwrap();
    bob.expect("seat 0 plays g4");

    // Acknowledged means stored: kill the server now.
    server.kill9();
    bob.expect("connection lost");
    let mut server = Server::start(data.path(), &addr, &[]);
    assert_eq!(server.addr, addr);
    bob.expect("reconnected");
    let mut ann = reconnect(&addr);
    ann.send(&ClientMsg::Resume { room: a.room, token: a.token.clone() }).unwrap();
    let s = state(&mut ann);
    let moves: Vec<&str> = s.moves.iter().map(|m| m.coordinate.as_str()).collect();
    assert_eq!(moves, ["f2f3", "e7e5", "g2g4"]);
    bob.type_line("Qh4#");
    let ServerMsg::Moved { result: Some(result), .. } = see_move(&mut ann, 3) else { panic!("mate") };
    assert_eq!(result.winner, Some(1));
    bob.expect("game over");

    // The computer's room came back too, and plays on.
    ann.send(&ClientMsg::Resume { room: t.room, token: t.token.clone() }).unwrap();
    let s = state(&mut ann);
    assert_eq!(s.moves.len(), 2);
    let ServerMsg::Moved { mv: first_reply, .. } = reply else { unreachable!() };
    assert_eq!(s.moves[1].coordinate, first_reply.coordinate);
    let free =
        ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"].into_iter().find(|c| *c != first_reply.coordinate).unwrap();
    play(&mut ann, &t, free, 2).unwrap();
    see_move(&mut ann, 3);

    ann.send(&ClientMsg::Export { room: a.room, game: None, format: ExportFormat::Pgn, password: None }).unwrap();
    let pgn =
        ann.wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None }).unwrap();
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#") && pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(server.alive());
}

/// `tabula serve --isolate-rules`: a rules plugin that crashes ends its
/// own room's game with an error, and the server goes on hosting others.
#[test]
fn a_crashing_rules_plugin_takes_down_its_room_not_the_server() {
    let plugins = tempfile::tempdir().unwrap();
    std::fs::copy(proto_support::faulty_rules(), plugins.path().join("libtabula_faultyrules.so")).unwrap();
    let data = tempfile::tempdir().unwrap();
    let dir = plugins.path().to_str().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--plugin-dir", dir, "--isolate-rules"]);
    let mut ann = client(&server.addr);
    let options = [("fault", "segfault_legal"), ("after", "1")];
    let (a, _) = net_support::create_with(&mut ann, "faultyrules", &options, Vec::new(), "Ann");
    let mut bob = client(&server.addr);
    let (b, _) = join(&mut bob, a.room, "Bob");
    play(&mut ann, &a, "a1", 0).unwrap();
    let crashed = play(&mut bob, &b, "b1", 1);
    let Err(ClientError::Refused { message, .. }) = &crashed else { panic!("the crash is refused: {crashed:?}") };
    assert!(message.contains("signal 11 (SIGSEGV)"), "{message}");
    assert!(server.alive(), "the server survives its room's game");
    let mut cid = client(&server.addr);
    let (c, _) = create(&mut cid, "chess", "Cid");
    let mut dan = client(&server.addr);
    join(&mut dan, c.room, "Dan");
    play(&mut cid, &c, "e2e4", 0).unwrap();
}
