//! `tabula serve` as players meet it: a real server process on loopback,
//! clients speaking the protocol (docs/NETWORK.md) over TCP.

mod net_support;

use std::time::{Duration, Instant};

use net_support::{client, create, join, play, see_move, state, Server};
use tabula_net::client::ClientError;
use tabula_net::protocol::{ClientMsg, Clock, ErrorCode, ExportFormat, RequestKind, SeatSpec, ServerMsg};

fn refused(r: Result<ServerMsg, ClientError>) -> ErrorCode {
    match r {
        Err(ClientError::Refused { code, .. }) => code,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

fn export(c: &mut tabula_net::client::Connection, room: u64, game: Option<u32>, format: ExportFormat) -> String {
    c.send(&ClientMsg::Export { room, game, format, password: None }).unwrap();
    c.wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None }).unwrap()
}

#[test]
fn two_players_play_a_whole_game_with_requests_chat_and_export() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let (mut ann, mut bob) = (client(&server.addr), client(&server.addr));
    let (a, s) = create(&mut ann, "chess", "Ann");
    assert_eq!((a.seat, s.summary.seats[1].taken), (0, false));
    // Nobody moves before the opponent is seated.
    assert_eq!(refused(play(&mut ann, &a, "e2e4", 0)), ErrorCode::NotYourTurn);
    let (b, s) = join(&mut bob, a.room, "Bob");
    assert_eq!((b.seat, s.summary.seats[0].name.as_str()), (1, "Ann"));

    play(&mut ann, &a, "f2f3", 0).unwrap();
    assert!(matches!(see_move(&mut bob, 0), ServerMsg::Moved { mv, .. } if mv.standard == "f3"));
    assert_eq!(refused(play(&mut ann, &a, "e2e4", 1)), ErrorCode::NotYourTurn, "Bob's turn");
    assert_eq!(refused(play(&mut bob, &b, "e7e4", 1)), ErrorCode::IllegalMove);
    assert_eq!(refused(play(&mut bob, &b, "e7e5", 0)), ErrorCode::Stale);
    play(&mut bob, &b, "e7e5", 1).unwrap();

    // An undo asked for and declined, then asked again and accepted.
    let ask = |c: &mut tabula_net::client::Connection, kind| {
        c.send(&ClientMsg::Request { room: a.room, token: a.token.clone(), kind }).unwrap();
    };
    let answer = |c: &mut tabula_net::client::Connection, kind, accept| {
        c.wait_for(|m| matches!(m, ServerMsg::Offer { seat: 0, kind: k, .. } if *k == kind).then_some(())).unwrap();
        c.send(&ClientMsg::Answer { room: b.room, token: b.token.clone(), kind, accept }).unwrap();
    };
    ask(&mut ann, RequestKind::Undo);
    answer(&mut bob, RequestKind::Undo, false);
    let declined = ann.wait_for(|m| match m {
        ServerMsg::Answered { accept, .. } => Some(*accept),
        _ => None,
    });
    assert!(!declined.unwrap(), "declined");
    ask(&mut ann, RequestKind::Undo);
    answer(&mut bob, RequestKind::Undo, true);
    let s = state(&mut ann);
    assert!(s.moves.is_empty(), "both moves taken back so that Ann is to move: {:?}", s.moves);
    assert_eq!(s.to_move, 0);

    // Chat reaches the other player with the speaker's name.
    ann.send(&ClientMsg::Chat { room: a.room, token: a.token.clone(), text: "good luck".into() }).unwrap();
    let said = bob.wait_for(|m| match m {
        ServerMsg::Chat { name, text, .. } => Some(format!("{name}: {text}")),
        _ => None,
    });
    assert_eq!(said.unwrap(), "Ann: good luck");

    // Fool's mate.
    for (ply, mv) in ["f2f3", "e7e5", "g2g4", "d8h4"].iter().enumerate() {
        let (c, s) = if ply % 2 == 0 { (&mut ann, &a) } else { (&mut bob, &b) };
        play(c, s, mv, ply as u32).unwrap();
    }
    let last = see_move(&mut ann, 3);
    let ServerMsg::Moved { result: Some(result), .. } = last else { panic!("the mate ends the game: {last:?}") };
    assert_eq!(result.winner, Some(1));
    assert_eq!(refused(play(&mut ann, &a, "e2e4", 4)), ErrorCode::GameOver);
    let pgn = export(&mut ann, a.room, None, ExportFormat::Pgn);
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#") && pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("[White \"Ann\"]") && pgn.contains("[Black \"Bob\"]"), "{pgn}");

    // A new game by agreement, then a draw by agreement; game 1 stays exportable.
    ask(&mut ann, RequestKind::NewGame);
    answer(&mut bob, RequestKind::NewGame, true);
    let s = state(&mut ann);
    assert_eq!((s.game, s.moves.len(), s.result.is_none()), (2, 0, true));
    play(&mut ann, &a, "e4", 0).unwrap();
    ask(&mut ann, RequestKind::Draw);
    answer(&mut bob, RequestKind::Draw, true);
    let s = state(&mut ann);
    assert_eq!(s.result.map(|r| r.text), Some("draw (agreed)".to_string()));
    let toml = export(&mut bob, a.room, Some(1), ExportFormat::Toml);
    assert!(toml.contains("moves = [\"f2f3\", \"e7e5\", \"g2g4\", \"d8h4\"]"), "{toml}");
    let toml = export(&mut bob, a.room, None, ExportFormat::Toml);
    assert!(toml.contains("moves = [\"e2e4\"]") && toml.contains("draw (agreed)"), "{toml}");
}

#[test]
fn a_computer_takes_a_seat_and_the_server_keeps_the_clocks() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    // A computer (random, 20 ms a move) moves first; Ann answers until the end.
    let random = SeatSpec { player: "random".into(), time_ms: Some(20), options: Default::default() };
    let (a, _) = net_support::create_with(&mut ann, "tictactoe", &[], vec![random, SeatSpec::human()], "Ann");
    assert_eq!(a.seat, 1);
    let dirs = tabula_core::plugins::PluginDirs::new([]);
    let rules = tabula_core::plugins::find_plugin("tictactoe", rules_api::PluginKind::RULES, &dirs).unwrap();
    let mut local = tabula_core::session::Session::new(std::sync::Arc::new(rules.new_rules(&[]).unwrap()), "").unwrap();
    loop {
        let msg = see_move(&mut ann, local.history().len() as u32);
        let ServerMsg::Moved { mv, result, .. } = msg else { unreachable!() };
        local.play_text(&mv.coordinate).unwrap();
        if result.is_some() {
            break;
        }
        if local.side_to_move() == 1 {
            let mv = local.legal_moves().unwrap()[0];
            let text = local.move_texts(mv).unwrap().0;
            play(&mut ann, &a, &text, local.history().len() as u32).unwrap();
            local.play(mv).unwrap();
            if local.result().unwrap().is_some() {
                break;
            }
        }
    }
    assert!(local.result().unwrap().is_some());

    // A person who does not move loses on time, by the server's clock.
    let (mut p, mut q) = (client(&server.addr), client(&server.addr));
    p.send(&ClientMsg::Create {
        rules: "chess".into(),
        options: Default::default(),
        seats: Vec::new(),
        seat: None,
        name: "Slow".into(),
        clock: Some(tabula_net::protocol::Clock { initial_ms: 400, increment_ms: 0 }),
        password: None,
        start: String::new(),
    })
    .unwrap();
    let (s, first) = net_support::joined(&mut p);
    assert_eq!(first.clocks, Some(vec![400, 400]), "clocks stand still until the room is full");
    let started = Instant::now();
    join(&mut q, s.room, "Quick");
    let end = loop {
        let st = state(&mut q);
        if let Some(r) = st.result {
            break r;
        }
    };
    assert!(end.text.contains("time") && end.winner == Some(1), "{end:?}");
    assert!(started.elapsed() >= Duration::from_millis(400));
}

#[test]
fn seats_refuse_paths_engines_and_bad_values() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut c = client(&server.addr);
    let mut try_create = |rules: &str, seats: Vec<SeatSpec>, name: &str| {
        c.send(&ClientMsg::Create {
            rules: rules.into(),
            options: Default::default(),
            seats,
            seat: None,
            name: name.into(),
            clock: None,
            password: None,
            start: String::new(),
        })
        .unwrap();
        match c.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())) {
            Err(ClientError::Refused { code, message }) => (code, message),
            other => panic!("expected a refusal, got {other:?}"),
        }
    };
    let computer = |p: &str| SeatSpec { player: p.into(), time_ms: None, options: Default::default() };
    let (code, msg) = try_create("chess", vec![SeatSpec::human(), computer("uci:/bin/sh")], "x");
    assert_eq!(code, ErrorCode::Invalid);
    assert!(msg.contains("external engines are named by the server"), "{msg}");
    let (code, _) = try_create("chess", vec![SeatSpec::human(), computer("/tmp/libevil.so")], "x");
    assert_eq!(code, ErrorCode::Invalid);
    let (code, msg) = try_create("/tmp/librules.so", Vec::new(), "x");
    assert_eq!(code, ErrorCode::NoSuchGame);
    assert!(msg.contains("chess"), "names the games there are: {msg}");
    // A computer the server does not have is refused from the list it
    // made at start-up, naming those it has.
    let (code, msg) = try_create("chess", vec![SeatSpec::human(), computer("deepthought")], "x");
    assert_eq!(code, ErrorCode::Invalid);
    assert!(msg.contains("no computer player 'deepthought'") && msg.contains("alphabeta"), "{msg}");
    assert_eq!(try_create("chess", vec![SeatSpec::human()], "x").0, ErrorCode::Invalid, "two seats");
    assert_eq!(try_create("chess", Vec::new(), "").0, ErrorCode::Invalid, "a name");
    assert_eq!(try_create("chess", Vec::new(), "a\u{7}b").0, ErrorCode::Invalid, "control characters");
}

#[test]
fn rooms_are_listed_private_rooms_need_their_password_and_spectators_follow() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    ann.send(&ClientMsg::ListGames).unwrap();
    let games = ann.wait_for(|m| if let ServerMsg::Games { games } = m { Some(games.clone()) } else { None }).unwrap();
    let names: Vec<&str> = games.iter().map(|g| g.rules.as_str()).collect();
    assert!(names.contains(&"chess") && names.contains(&"gomoku"), "{names:?}");
    let gomoku = games.iter().find(|g| g.rules == "gomoku").unwrap();
    assert!(gomoku.options.iter().any(|o| o.name == "rule"), "options are listed: {gomoku:?}");

    ann.send(&ClientMsg::Create {
        rules: "gomoku".into(),
        options: [("rule".to_string(), "renju".to_string())].into_iter().collect(),
        seats: Vec::new(),
        seat: Some(1),
        name: "Ann".into(),
        clock: None,
        password: Some("s3cret".into()),
        start: String::new(),
    })
    .unwrap();
    let (a, s) = net_support::joined(&mut ann);
    assert_eq!(
        (a.seat, s.summary.password, s.summary.options.get("rule").map(String::as_str)),
        (1, true, Some("renju"))
    );

    let mut bob = client(&server.addr);
    bob.send(&ClientMsg::ListRooms).unwrap();
    let rooms = bob.wait_for(|m| if let ServerMsg::Rooms { rooms } = m { Some(rooms.clone()) } else { None }).unwrap();
    let listed = rooms.iter().find(|r| r.room == a.room).expect("the room is listed");
    assert!(listed.password && !listed.seats[0].taken && listed.seats[1].name == "Ann", "{listed:?}");
    let mut refusal = |msg: ClientMsg| {
        bob.send(&msg).unwrap();
        match bob.wait_for(|m| matches!(m, ServerMsg::Joined { .. }).then_some(())) {
            Err(ClientError::Refused { code, .. }) => code,
            other => panic!("{other:?}"),
        }
    };
    let join = |password: Option<&str>| ClientMsg::Join {
        room: a.room,
        seat: None,
        name: "Bob".into(),
        password: password.map(str::to_string),
    };
    assert_eq!(refusal(join(None)), ErrorCode::Password);
    assert_eq!(refusal(join(Some("guess"))), ErrorCode::Password);
    assert_eq!(refusal(ClientMsg::Watch { room: a.room, password: None }), ErrorCode::Password);
    bob.send(&join(Some("s3cret"))).unwrap();
    let (b, _) = net_support::joined(&mut bob);
    assert_eq!(b.seat, 0, "the free seat");

    // A spectator with the password sees every move and cannot play.
    let mut eve = client(&server.addr);
    eve.send(&ClientMsg::Watch { room: a.room, password: Some("s3cret".into()) }).unwrap();
    let seen = eve.wait_for(|m| match m {
        ServerMsg::Joined { seat, token, .. } => Some((*seat, token.clone())),
        _ => None,
    });
    assert_eq!(seen.unwrap(), (None, None));
    play(&mut bob, &b, "h8", 0).unwrap();
    assert!(matches!(see_move(&mut eve, 0), ServerMsg::Moved { mv, .. } if mv.coordinate == "h8"));
    play(&mut ann, &a, "h9", 1).unwrap();
    assert!(matches!(see_move(&mut eve, 1), ServerMsg::Moved { mv, .. } if mv.player == 1));
    // Bob's connection drops: the others see it, and his token brings him back.
    drop(bob);
    let gone = ann.wait_for(|m| match m {
        ServerMsg::Presence { seat: 0, connected, .. } => Some(*connected),
        _ => None,
    });
    assert!(!gone.unwrap(), "Bob shows as away");
    let mut bob = client(&server.addr);
    bob.send(&ClientMsg::Resume { room: a.room, token: b.token.clone() }).unwrap();
    let (_, s) = net_support::joined(&mut bob);
    assert_eq!(s.moves.len(), 2);
    let back = ann.wait_for(|m| match m {
        ServerMsg::Presence { seat: 0, connected, .. } => Some(*connected),
        _ => None,
    });
    assert!(back.unwrap());
}

fn listed(c: &mut tabula_net::client::Connection) -> Vec<u64> {
    c.send(&ClientMsg::ListRooms).unwrap();
    c.wait_for(|m| match m {
        ServerMsg::Rooms { rooms } => Some(rooms.iter().map(|r| r.room).collect()),
        _ => None,
    })
    .unwrap()
}

#[test]
fn a_room_everybody_left_leaves_memory_and_comes_back_when_resumed() {
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &["--forget-after", "0"]);
    let (mut ann, mut bob, mut cat) = (client(&server.addr), client(&server.addr), client(&server.addr));
    let (a, _) = create(&mut ann, "chess", "Ann");
    join(&mut bob, a.room, "Bob");
    play(&mut ann, &a, "e2e4", 0).unwrap();
    // Cat stays in her room, so it stays listed.
    let (c, _) = create(&mut cat, "gomoku", "Cat");
    // Dan's timed room waits for an opponent, so its clock does not run.
    let mut dan = client(&server.addr);
    dan.send(&ClientMsg::Create {
        rules: "chess".into(),
        options: Default::default(),
        seats: Vec::new(),
        seat: None,
        name: "Dan".into(),
        clock: Some(Clock { initial_ms: 60_000, increment_ms: 0 }),
        password: None,
        start: String::new(),
    })
    .unwrap();
    let (d, _) = net_support::joined(&mut dan);
    drop((ann, bob, dan));

    let mut eve = client(&server.addr);
    let started = Instant::now();
    loop {
        let rooms = listed(&mut eve);
        assert!(rooms.contains(&c.room), "a room somebody is in stays: {rooms:?}");
        if !rooms.contains(&a.room) && !rooms.contains(&d.room) {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "an empty room is still listed: {rooms:?}");
        std::thread::sleep(Duration::from_millis(100));
    }

    // Its seat is resumed from the database, with the move played.
    let mut ann = client(&server.addr);
    ann.send(&ClientMsg::Resume { room: a.room, token: a.token.clone() }).unwrap();
    let (seat, s) = net_support::joined(&mut ann);
    assert_eq!((seat.seat, s.moves.len(), s.summary.seats[1].name.as_str()), (0, 1, "Bob"));
    assert!(listed(&mut eve).contains(&a.room), "listed again once somebody is in it");
}
