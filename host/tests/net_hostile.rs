//! The hostile-client suite: each finding of issue 23 tried against a real
//! `tabula serve` over loopback, as an anonymous client would, with the
//! limit that stops it (docs/SECURITY.md). Other loopback addresses
//! (127.0.0.2 …) stand for other machines. No test depends on the
//! machine's speed: waits are for events, with generous ceilings.

mod net_support;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{IpAddr, TcpStream};
use std::os::unix::fs::PermissionsExt;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use net_support::{client, create, create_with, join, joined, play, state, Server};
use tabula_net::client::{ClientError, Connection, Dial};
use tabula_net::protocol::{ClientMsg, Clock, ErrorCode, RequestKind, SeatSpec, ServerMsg};

/// A client from another loopback address (another "machine").
fn client_from(addr: &str, from: u8) -> Result<Connection, ClientError> {
    let ip: IpAddr = format!("127.0.0.{from}").parse().unwrap();
    let mut c = Connection::dial(addr, "hostile", &Dial { bind: Some(ip), ..Dial::default() })?;
    c.set_timeout(Some(Duration::from_secs(20)))?;
    Ok(c)
}

/// The refusal a message gets (the first `error` before `until` picks something).
fn refusal(c: &mut Connection, msg: &ClientMsg) -> (ErrorCode, String) {
    c.send(msg).unwrap();
    match c.wait_for(|m| matches!(m, ServerMsg::Joined { .. } | ServerMsg::Pong { .. }).then_some(())) {
        Err(ClientError::Refused { code, message }) => (code, message),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn create_msg(rules: &str, options: &[(&str, &str)], seats: Vec<SeatSpec>, clock: Option<Clock>) -> ClientMsg {
    ClientMsg::Create {
        rules: rules.into(),
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seats,
        seat: None,
        name: "Eve".into(),
        clock,
        password: None,
        start: String::new(),
    }
}

/// A room of chess with people in both seats, created by `name`, with a password.
fn chess_as(name: &str, password: Option<&str>) -> ClientMsg {
    ClientMsg::Create {
        rules: "chess".into(),
        options: Default::default(),
        seats: Vec::new(),
        seat: None,
        name: name.into(),
        clock: None,
        password: password.map(str::to_string),
        start: String::new(),
    }
}

fn computer(player: &str, time_ms: Option<u64>, options: &[(&str, &str)]) -> SeatSpec {
    SeatSpec {
        player: player.into(),
        time_ms,
        options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    }
}

fn listed(c: &mut Connection) -> Vec<u64> {
    c.send(&ClientMsg::ListRooms).unwrap();
    c.wait_for(|m| match m {
        ServerMsg::Rooms { rooms } => Some(rooms.iter().map(|r| r.room).collect()),
        _ => None,
    })
    .unwrap()
}

/// Finding 1: a client chooses among names the operator installed; a
/// path, a directory or any free-text option is the operator's.
#[test]
fn rules_options_that_could_name_files_are_the_operators() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut eve = client(&server.addr);
    let (code, msg) = refusal(&mut eve, &create_msg("variants", &[("variant", "/dev/zero")], Vec::new(), None));
    assert_eq!(code, ErrorCode::Invalid);
    assert!(msg.starts_with("variants option 'variant' is one of: ") && msg.contains("shogi"), "{msg}");
    let (code, msg) = refusal(&mut eve, &create_msg("variants", &[("variant_dirs", "/etc")], Vec::new(), None));
    assert_eq!(code, ErrorCode::Invalid);
    assert!(msg.contains("set by the server's operator") && !msg.contains("/etc"), "{msg}");
    let (_, msg) = refusal(&mut eve, &create_msg("gomoku", &[("size", "../../x")], Vec::new(), None));
    assert!(msg.contains("is a number"), "{msg}");
    // The operator's options are not offered; the players' are.
    eve.send(&ClientMsg::ListGames).unwrap();
    let games = eve.wait_for(|m| if let ServerMsg::Games { games } = m { Some(games.clone()) } else { None }).unwrap();
    let variants = games.iter().find(|g| g.rules == "variants").unwrap();
    let names: Vec<&str> = variants.options.iter().map(|o| o.name.as_str()).collect();
    assert!(names.contains(&"variant") && !names.contains(&"variant_dirs"), "{names:?}");
    // A listed variant plays.
    let (_, s) = create_with(&mut eve, "variants", &[("variant", "shogi")], Vec::new(), "Eve");
    assert_eq!(s.summary.options.get("variant").map(String::as_str), Some("shogi"));
}

/// Finding 2: computer seats ask for no more than the operator allows, and
/// an idle room holds no search memory.
#[test]
fn computer_seats_are_held_to_the_operators_caps() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &["--rooms-per-address", "100"]);
    let mut eve = client(&server.addr);
    let human = SeatSpec::human;
    let cases = [
        (computer("alphabeta", None, &[("hash_mb", "2000")]), "at most 16 MiB"),
        (computer("alphabeta", None, &[("threads", "64")]), "at most 1 thread"),
        (computer("alphabeta", Some(60_000), &[]), "time_ms is from 1 to 10000"),
        (computer("mcts", None, &[("tree_mb", "65536")]), "at most 16 MiB"),
    ];
    for (seat, expected) in cases {
        let (code, msg) = refusal(&mut eve, &create_msg("chess", &[], vec![human(), seat], None));
        assert_eq!(code, ErrorCode::Invalid, "{msg}");
        assert!(msg.contains(expected), "{msg}");
    }
    // Forty rooms against `hard` (alpha-beta, a 16 MiB table), none of them
    // searching: before, each room built its computer at once.
    let rss = |pid: u32| -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() / 1024
    };
    let before = rss(server.child.id());
    for _ in 0..40 {
        create_with(&mut eve, "chess", &[], vec![human(), computer("hard", None, &[])], "Eve");
    }
    let grown = rss(server.child.id()).saturating_sub(before);
    assert!(grown < 200, "forty idle rooms against the computer took {grown} MiB");
    // A start that died while restoring rooms is not repeated.
    server.kill9();
    std::fs::write(data.path().join("restoring"), b"").unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let _ = child.kill();
    let _ = child.wait();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    assert!(line.contains(" 0 game(s) restored"), "{line}");
    assert!(err.contains("stopped while restoring rooms"), "{err}");
}

/// Finding 3: one address's open rooms are counted across connections, and
/// a room whose players all left leaves memory even with a clock running.
#[test]
fn rooms_are_counted_per_address_and_abandoned_timed_rooms_leave_memory() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &["--rooms-per-address", "3", "--forget-after", "1"]);
    let clock = Some(Clock { initial_ms: 86_400_000, increment_ms: 0 });
    let mut rooms = Vec::new();
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut c = client_from(&server.addr, 2).unwrap();
        c.send(&create_msg("chess", &[], Vec::new(), clock)).unwrap();
        let (seat, _) = joined(&mut c);
        let mut other = client_from(&server.addr, 2).unwrap();
        join(&mut other, seat.room, "Eve2");
        rooms.push(seat);
        held.push((c, other));
    }
    let mut c = client_from(&server.addr, 2).unwrap();
    let (code, msg) = refusal(&mut c, &create_msg("chess", &[], Vec::new(), clock));
    assert_eq!(code, ErrorCode::ServerFull);
    assert!(msg.contains("127.0.0.2 has 3 unfinished rooms"), "{msg}");
    // Another address is not held back by Eve's rooms.
    let mut ann = client_from(&server.addr, 3).unwrap();
    create(&mut ann, "chess", "Ann");
    // Eve goes: her timed rooms leave memory, and stop counting against her.
    drop((held, c));
    let mut watcher = client(&server.addr);
    let started = Instant::now();
    while rooms.iter().any(|r| listed(&mut watcher).contains(&r.room)) {
        assert!(started.elapsed() < Duration::from_secs(30), "abandoned timed rooms stay in memory");
        std::thread::sleep(Duration::from_millis(200));
    }
    let mut c = client_from(&server.addr, 2).unwrap();
    c.send(&create_msg("chess", &[], Vec::new(), clock)).unwrap();
    joined(&mut c);
    // A seat comes back with its clock as it stood (a day, less a little).
    let mut back = client_from(&server.addr, 2).unwrap();
    back.send(&ClientMsg::Resume { room: rooms[0].room, token: rooms[0].token.clone() }).unwrap();
    let (_, s) = joined(&mut back);
    let clocks = s.clocks.unwrap();
    assert!(clocks[0] > 86_000_000 && clocks[0] <= 86_400_000, "{clocks:?}");
}

/// Finding 4: connections per address, a deadline for hello, a deadline
/// per message (slowloris), and a descriptor limit that refuses instead
/// of spinning.
#[test]
fn connections_are_bounded_and_must_keep_talking() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(
        data.path(),
        "127.0.0.1:0",
        &["--connections-per-address", "3", "--hello-timeout", "1", "--idle-timeout", "2"],
    );
    let held: Vec<Connection> = (0..3).map(|_| client_from(&server.addr, 4).unwrap()).collect();
    match client_from(&server.addr, 4) {
        Err(ClientError::Refused { code: ErrorCode::ServerFull, message }) => {
            assert!(message.contains("127.0.0.4 has 3 connections"), "{message}")
        }
        other => panic!("a fourth connection from one address: {:?}", other.map(|_| ())),
    }
    drop(held);
    // Silence before hello, and a line trickled a byte at a time, are cut off.
    let closed_within = |mut s: TcpStream, trickle: bool| -> bool {
        s.set_read_timeout(Some(Duration::from_millis(300))).unwrap();
        let started = Instant::now();
        let mut byte = [0u8; 256];
        while started.elapsed() < Duration::from_secs(15) {
            if trickle && s.write_all(b" ").is_err() {
                return true;
            }
            match s.read(&mut byte) {
                Ok(0) => return true,
                Ok(_) => {}
                Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(_) => return true,
            }
        }
        false
    };
    let silent = TcpStream::connect(&server.addr).unwrap();
    assert!(closed_within(silent, false), "a connection that never says hello is closed");
    let mut slow = TcpStream::connect(&server.addr).unwrap();
    slow.write_all(b"{\"type\":\"hello\",\"versions\":[1]}\n{\"type\":").unwrap();
    assert!(closed_within(slow, true), "a message trickled a byte at a time is cut off");
}

#[test]
fn out_of_descriptors_the_server_refuses_instead_of_spinning() {
    let data = tempfile::tempdir().unwrap();
    let exe = env!("CARGO_BIN_EXE_tabula");
    let script = format!("ulimit -n 96; exec '{exe}' serve --listen 127.0.0.1:0 --data '{}'", data.path().display());
    let mut child = Command::new("sh").args(["-c", &script]).stdout(Stdio::piped()).spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let addr = line.split("listening on ").nth(1).and_then(|r| r.split(',').next()).unwrap().to_string();
    let mut answered = 0;
    let mut open = Vec::new();
    for i in 0..120u32 {
        let from = 10 + (i % 40) as u8;
        match client_from(&addr, from) {
            Ok(c) => open.push(c),
            Err(ClientError::Refused { code: ErrorCode::ServerFull, .. }) => {}
            Err(e) => panic!("connection {i} got no answer: {e}"),
        }
        answered += 1;
    }
    assert_eq!(answered, 120);
    assert!(open.len() < 96, "{} connections on 96 descriptors", open.len());
    drop(open);
    let mut c = client(&addr);
    create(&mut c, "tictactoe", "Ann");
    let _ = child.kill();
    let _ = child.wait();
}

/// Finding 5: what waits for a client that never reads is bounded in bytes.
#[test]
fn a_client_that_never_reads_is_cut_off() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(
        data.path(),
        "127.0.0.1:0",
        &[
            "--outbox-kb",
            "64",
            "--rate",
            "5000",
            "--rooms-per-address",
            "500",
            "--rooms-per-hour",
            "500",
            "--follows-per-connection",
            "500",
        ],
    );
    let mut ann = client(&server.addr);
    for _ in 0..150 {
        create(&mut ann, "chess", "Anneliese-Marie Zimmermann-Oberhausen");
    }
    let mut eve = client(&server.addr);
    let line = ClientMsg::ListRooms.to_line().repeat(500);
    let _ = eve.send_raw(line.as_bytes());
    // Eve reads only now: the server must have given up on her.
    let mut lists = 0;
    while let Ok(msg) = eve.recv() {
        if matches!(msg, ServerMsg::Rooms { .. }) {
            lists += 1;
        }
    }
    assert!(lists < 500, "all {lists} answers were kept for a client that did not read");
    let mut bob = client(&server.addr);
    assert!(!listed(&mut bob).is_empty(), "the server serves others");
}

/// Finding 6: a room not in memory is loaded only after its password is
/// checked, and loading counts against the room cap.
#[test]
fn loading_a_room_checks_its_password_first_and_counts_against_the_cap() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &["--forget-after", "0", "--max-rooms", "2"]);
    let mut ann = client(&server.addr);
    ann.send(&chess_as("Ann", Some("s3cret"))).unwrap();
    let (private, _) = joined(&mut ann);
    let mut bob = client(&server.addr);
    let (open_room, _) = create(&mut bob, "chess", "Bob");
    drop((ann, bob));
    let mut eve = client(&server.addr);
    let started = Instant::now();
    while !listed(&mut eve).is_empty() {
        assert!(started.elapsed() < Duration::from_secs(30), "rooms nobody is in stay in memory");
        std::thread::sleep(Duration::from_millis(100));
    }
    let (code, _) = refusal(&mut eve, &ClientMsg::Watch { room: private.room, password: Some("guess".into()) });
    assert_eq!(code, ErrorCode::Password);
    assert!(!listed(&mut eve).contains(&private.room), "a wrong password loaded the room");
    // Two rooms fill this server; a third cannot be loaded by resuming it.
    let (mut c1, mut c2) = (client(&server.addr), client(&server.addr));
    create(&mut c1, "tictactoe", "C1");
    create(&mut c2, "tictactoe", "C2");
    let (code, msg) = refusal(&mut eve, &ClientMsg::Resume { room: open_room.room, token: open_room.token.clone() });
    assert_eq!(code, ErrorCode::ServerFull, "{msg}");
}

/// Finding 7: wrong passwords make the next tries wait, per room and per
/// address, whoever tries.
#[test]
fn password_guesses_wait_longer_and_longer() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    ann.send(&chess_as("Ann", Some("4821"))).unwrap();
    let (room, _) = joined(&mut ann);
    let watch = |p: &str| ClientMsg::Watch { room: room.room, password: Some(p.into()) };
    // Five guesses from five machines; then even the right password waits.
    for (i, guess) in ["0000", "0001", "0002", "0003", "0004"].iter().enumerate() {
        let mut guesser = client_from(&server.addr, 20 + i as u8).unwrap();
        assert_eq!(refusal(&mut guesser, &watch(guess)).0, ErrorCode::Password);
    }
    let mut guesser = client_from(&server.addr, 30).unwrap();
    let (code, msg) = refusal(&mut guesser, &watch("4821"));
    assert_eq!(code, ErrorCode::Password);
    assert!(msg.contains("too many wrong passwords for room"), "{msg}");
    // The wait is a second; then the right password opens the room.
    std::thread::sleep(Duration::from_millis(1500));
    guesser.send(&watch("4821")).unwrap();
    guesser.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())).unwrap();
}

/// Finding 8: games per room are bounded, and a new game with no move
/// adds nothing.
#[test]
fn new_games_against_a_computer_are_bounded() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &["--games-per-room", "3"]);
    let mut ann = client(&server.addr);
    let random = computer("random", Some(1), &[]);
    let (a, _) = create_with(&mut ann, "tictactoe", &[], vec![SeatSpec::human(), random], "Ann");
    let new_game = ClientMsg::Request { room: a.room, token: a.token.clone(), kind: RequestKind::NewGame };
    for game in 1..=3u32 {
        // No move in this game: asking again keeps game `game`.
        ann.send(&new_game).unwrap();
        assert_eq!(state(&mut ann).game, game);
        play(&mut ann, &a, "b2", 0).unwrap();
        if game < 3 {
            ann.send(&new_game).unwrap();
            let s = ann.wait_for(|m| if let ServerMsg::State { state } = m { Some(state.clone()) } else { None });
            assert_eq!(s.unwrap().game, game + 1);
        }
    }
    let (code, msg) = refusal(&mut ann, &new_game);
    assert_eq!(code, ErrorCode::Invalid);
    assert!(msg.contains("has had 3 games"), "{msg}");
}

/// Finding 9: chat is limited per seat, whatever the number of connections.
#[test]
fn one_seat_cannot_flood_the_chat_from_many_connections() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    let (a, _) = create(&mut ann, "chess", "Ann");
    let mut bob = client(&server.addr);
    join(&mut bob, a.room, "Bob");
    let mut senders: Vec<Connection> = (0..4).map(|_| client(&server.addr)).collect();
    for s in &mut senders {
        for i in 0..10 {
            s.send(&ClientMsg::Chat { room: a.room, token: a.token.clone(), text: format!("spam {i}") }).unwrap();
        }
    }
    for s in &mut senders {
        s.send(&ClientMsg::Ping { id: 9 }).unwrap();
        while !matches!(s.recv(), Ok(ServerMsg::Pong { id: 9 })) {}
    }
    bob.send(&ClientMsg::Ping { id: 1 }).unwrap();
    let mut lines = 0;
    loop {
        match bob.recv().unwrap() {
            ServerMsg::Chat { .. } => lines += 1,
            ServerMsg::Pong { id: 1 } => break,
            _ => {}
        }
    }
    assert!(lines < 15, "{lines} of 40 lines from one seat went out");
}

/// Finding 10: a second server on a data directory refuses to start and
/// names the first.
#[test]
fn a_second_server_on_one_data_directory_refuses_to_start() {
    let data = tempfile::tempdir().unwrap();
    let first = Server::start(data.path(), "127.0.0.1:0", &[]);
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    let holder = format!("pid {}, listening on {}", first.child.id(), first.addr);
    assert!(err.contains("is in use by another tabula serve") && err.contains(&holder), "{err}");
}

/// Finding 11: the clocks a game ends with are the clocks when it ended.
#[test]
fn final_clocks_are_the_clocks_at_the_end() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let (mut p, mut q) = (client(&server.addr), client(&server.addr));
    p.send(&create_msg("chess", &[], Vec::new(), Some(Clock { initial_ms: 400, increment_ms: 0 }))).unwrap();
    let (s, _) = joined(&mut p);
    join(&mut q, s.room, "Quick");
    let end = loop {
        let st = state(&mut q);
        if st.result.is_some() {
            break st;
        }
    };
    assert_eq!(end.clocks, Some(vec![0, 400]), "the flag fell on White's clock");
    let (mut r, mut t) = (client(&server.addr), client(&server.addr));
    r.send(&create_msg("chess", &[], Vec::new(), Some(Clock { initial_ms: 60_000, increment_ms: 0 }))).unwrap();
    let (rs, _) = joined(&mut r);
    join(&mut t, rs.room, "T");
    std::thread::sleep(Duration::from_millis(300));
    r.send(&ClientMsg::Resign { room: rs.room, token: rs.token.clone() }).unwrap();
    let end = loop {
        let st = state(&mut r);
        if st.result.is_some() {
            break st;
        }
    };
    let clocks = end.clocks.unwrap();
    assert!(clocks[0] <= 59_700 && clocks[1] == 60_000, "{clocks:?}");
    // The stored game keeps them, through a restart.
    server.kill9();
    let server = Server::start(data.path(), &server.addr, &[]);
    let mut w = client(&server.addr);
    w.send(&ClientMsg::Resume { room: rs.room, token: rs.token.clone() }).unwrap();
    let (_, again) = joined(&mut w);
    assert_eq!(again.clocks, Some(clocks));
}

/// Finding 12: names and chat refuse invisible and direction characters.
#[test]
fn names_and_chat_refuse_invisible_characters() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut eve = client(&server.addr);
    for name in ["Ann\u{202E}", "\u{200B}Bob", "a\u{200D}b", "x\u{1b}[2J"] {
        let msg = chess_as(name, None);
        let (code, why) = refusal(&mut eve, &msg);
        assert_eq!(code, ErrorCode::Invalid, "{name:?}");
        assert!(why.contains("U+"), "{why}");
    }
    let (a, _) = create(&mut eve, "chess", "Eve");
    eve.send(&ClientMsg::Chat { room: a.room, token: a.token.clone(), text: "hi\u{2066}".into() }).unwrap();
    let r = eve.wait_for(|m| matches!(m, ServerMsg::Chat { .. }).then_some(()));
    assert!(matches!(r, Err(ClientError::Refused { code: ErrorCode::Invalid, .. })), "{r:?}");
}

/// Finding 12, the client side: the text client prints a hostile server's
/// strings with their control characters escaped.
#[test]
fn the_text_client_escapes_what_a_hostile_server_sends() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let fake = std::thread::spawn(move || {
        let (mut s, _) = listener.accept().unwrap();
        let mut hello = String::new();
        BufReader::new(s.try_clone().unwrap()).read_line(&mut hello).unwrap();
        let evil = "\u{1b}]0;pwned\u{7}\u{1b}[2J";
        let lines = [
            r#"{"type":"welcome","version":1,"server":"x","idle_timeout_ms":120000}"#.to_string(),
            serde_json::json!({"type":"chat","room":1,"seat":0,"name":evil,"text":evil}).to_string(),
            serde_json::json!({"type":"error","code":"invalid","message":evil,"fatal":false,"room":null}).to_string(),
        ];
        for l in lines {
            s.write_all(format!("{l}\n").as_bytes()).unwrap();
        }
        std::thread::sleep(Duration::from_millis(500));
    });
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "--text", "--connect", &addr])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut out = child.stdout.take().unwrap();
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 4096];
    while String::from_utf8_lossy(&bytes).matches("pwned").count() < 3 {
        match out.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(n) => bytes.extend_from_slice(&chunk[..n]),
        }
    }
    let _ = child.kill();
    let _ = child.wait();
    fake.join().unwrap();
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains("\\u{001B}]0;pwned\\u{0007}"), "{text}");
    assert!(!bytes.iter().any(|b| *b == 0x1b || *b == 0x07), "raw escapes reached the terminal: {text:?}");
}

/// Finding 13: the data directory and database are private, and secrets
/// can come from the environment instead of the command line.
#[test]
fn the_database_is_private_and_secrets_stay_off_the_command_line() {
    let parent = tempfile::tempdir().unwrap();
    let data = parent.path().join("data");
    let server = Server::start(&data, "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    ann.send(&chess_as("Ann", Some("opensesame"))).unwrap();
    let (a, _) = joined(&mut ann);
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&data), 0o700);
    for f in ["tabula.sqlite", "tabula.sqlite-wal", "tabula.sqlite-shm", "tabula.lock"] {
        assert_eq!(mode(&data.join(f)), 0o600, "{f}");
    }
    let room = a.room.to_string();
    let mut bob = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "--text", "--connect", &server.addr, "--room", &room, "--name", "Bob"])
        .env("TABULA_PASSWORD", "opensesame")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut seen = String::new();
    let mut out = BufReader::new(bob.stdout.take().unwrap());
    while !seen.contains(&format!("room {room}, seat 1")) {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{seen}");
        seen.push_str(&line);
    }
    let _ = bob.kill();
    let _ = bob.wait();
}
