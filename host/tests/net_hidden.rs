//! Games with hidden information over the network: a real `tabula serve`
//! sends each seat only its view and a spectator only the spectator's.
//! Two players play Stratego (setups dealt by the server), kriegspiel and
//! dark chess from their views alone (a position built from the view text
//! with `position_from_view`), while a raw TCP connection per seat and one
//! spectator keep every byte they receive. The server is killed (`kill -9`)
//! halfway and the game goes on from its database. At the end everyone
//! receives the whole game; from it the test computes every true position
//! and checks each connection's bytes from before the end: every position
//! and move it was sent is exactly the rules' view for its seat, and no
//! true position's board nor any move hidden from it appears in any line,
//! export or error it received.

mod net_support;

use std::collections::HashSet;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use net_support::{client, create_with, join, Seat, Server};
use rules_api::{Notation, PluginKind, PositionBox, PositionExt, RulesBox, RulesExt, SPECTATOR};
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::{Chance, Session, CHANCE_PLAYER};
use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, ErrorCode, MoveInfo, ServerMsg};
use tabula_net::store::{Store, Sync};

fn rules_of(name: &str, options: &[(&str, &str)]) -> Arc<RulesBox> {
    let plugin = find_plugin(name, PluginKind::RULES, &PluginDirs::new([])).unwrap();
    let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
    Arc::new(plugin.new_rules(&options).unwrap())
}

/// A raw connection that keeps every byte the server sends it.
struct Raw {
    stream: TcpStream,
    bytes: Arc<Mutex<Vec<u8>>>,
}

impl Raw {
    /// Says hello (protocol `version`), sends `lines`, and keeps reading.
    fn open(addr: &str, version: u32, lines: &str) -> Raw {
        let mut stream = TcpStream::connect(addr).unwrap();
        let hello = format!("{{\"type\":\"hello\",\"versions\":[{version}],\"client\":\"raw\"}}\n{lines}");
        stream.write_all(hello.as_bytes()).unwrap();
        let bytes = Arc::new(Mutex::new(Vec::new()));
        let (mut reader, kept) = (stream.try_clone().unwrap(), Arc::clone(&bytes));
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                kept.lock().unwrap().extend_from_slice(&buf[..n]);
            }
        });
        Raw { stream, bytes }
    }

    /// Follows `room` as `seat` (with its token) or as a spectator, and
    /// waits for the room's state, so no move is played before it follows.
    fn follow(addr: &str, room: u64, token: Option<&str>) -> Raw {
        let first = match token {
            Some(t) => format!("{{\"type\":\"resume\",\"room\":{room},\"token\":\"{t}\"}}\n"),
            None => format!("{{\"type\":\"watch\",\"room\":{room}}}\n"),
        };
        let raw = Raw::open(addr, 2, &format!("{first}{{\"type\":\"list_rooms\"}}\n"));
        raw.wait_for("\"type\":\"state\"");
        raw
    }

    fn wait_for(&self, needle: &str) {
        let since = Instant::now();
        while !self.text().contains(needle) {
            assert!(since.elapsed() < Duration::from_secs(120), "never received {needle}: {}", self.text());
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, line: &str) {
        self.stream.write_all(format!("{line}\n").as_bytes()).unwrap();
    }

    fn text(&self) -> String {
        String::from_utf8(self.bytes.lock().unwrap().clone()).expect("the server sends UTF-8")
    }
}

/// A player: its connection, its seat, and what it knows (its view).
struct Player {
    conn: Connection,
    seat: Seat,
    view: String,
    ply: usize,
    over: bool,
}

impl Player {
    /// Reads until it has heard of `ply` moves (or the end).
    fn settle(&mut self, ply: usize) {
        while self.ply < ply && !self.over {
            match self.conn.recv().expect("a message") {
                ServerMsg::State { state } => {
                    let view = state.view.expect("a hidden game's state says whose view it is");
                    assert_eq!(view.seat, Some(self.seat.seat), "a player reads its own seat's view");
                    (self.view, self.ply, self.over) = (state.position, state.moves.len(), view.full);
                }
                ServerMsg::Moved { ply, view, result, .. } if ply as usize == self.ply => {
                    self.view = view.expect("moved carries the recipient's view in a hidden game");
                    self.ply += 1;
                    self.over |= result.is_some();
                }
                ServerMsg::Error { message, .. } => panic!("refused: {message}"),
                _ => {}
            }
        }
    }
}

/// Plays `count` moves (fewer if the game ends), each chosen by the mover
/// from a position built from its view alone.
fn play_moves(rules: &RulesBox, players: &mut [Player; 2], count: usize) {
    for _ in 0..count {
        if players.iter().any(|p| p.over) {
            return;
        }
        let ply = players[0].ply;
        let side = rules.position_for_view(&players[0].view, 1).unwrap().side_to_move() as usize;
        let mover = &mut players[side];
        let sample = rules.position_for_view(&mover.view, ply as u64).unwrap();
        let moves = sample.moves().unwrap();
        let text = sample.notate(moves[(ply * 31 + 7) % moves.len()], Notation::COORDINATE).unwrap();
        let (room, token) = (mover.seat.room, mover.seat.token.clone());
        mover.conn.send(&ClientMsg::Move { room, token, mv: text, ply: ply as u32 }).unwrap();
        players.iter_mut().for_each(|p| p.settle(ply + 1));
    }
}

/// The whole game, as sent after its end: every true position, and the
/// moves with the mover of each.
struct Truth {
    positions: Vec<PositionBox>,
    moves: Vec<(rules_api::Move, String, String)>,
}

impl Truth {
    fn of(rules: &Arc<RulesBox>, moves: &[MoveInfo]) -> Truth {
        let mut session = Session::with_chance(Arc::clone(rules), "", Chance::External).unwrap();
        for m in moves {
            if m.player == CHANCE_PLAYER {
                session.play_chance_text(&m.coordinate).unwrap();
            } else {
                session.play_text(&m.coordinate).unwrap();
            }
        }
        let mut positions = vec![session.start_position().clone()];
        for played in session.history() {
            let mut next = positions.last().unwrap().clone();
            next.play(played.mv).unwrap();
            positions.push(next);
        }
        let moves = session.history().iter().map(|p| (p.mv, p.coordinate.clone(), p.standard.clone())).collect();
        Truth { positions, moves }
    }

    /// Move `i` as `viewer` may read it.
    fn move_for(&self, i: usize, viewer: u8, player: u8) -> MoveInfo {
        let (mv, before, after) = (self.moves[i].0, &self.positions[i], &self.positions[i + 1]);
        MoveInfo {
            coordinate: before.notate_for(mv, Notation::COORDINATE, viewer).unwrap(),
            standard: before.notate_for(mv, Notation::STANDARD, viewer).unwrap(),
            player,
            announcement: after.announcement_for(viewer).unwrap(),
        }
    }
}

/// Every string in a JSON value, cut into the tokens a record or position
/// text is made of (spaces, quotes, commas, brackets and `=` separate).
fn tokens(value: &serde_json::Value, out: &mut HashSet<String>) {
    match value {
        serde_json::Value::String(s) => {
            let cut = |c: char| c.is_whitespace() || matches!(c, '"' | ',' | '[' | ']' | '=' | '{' | '}');
            out.extend(s.split(cut).filter(|t| !t.is_empty()).map(str::to_string));
            out.insert(s.clone());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|v| tokens(v, out)),
        serde_json::Value::Object(o) => {
            // A token is a secret of its own, and hex may spell a move.
            o.iter().filter(|(k, _)| k.as_str() != "token").for_each(|(_, v)| tokens(v, out))
        }
        _ => {}
    }
}

/// Checks what one connection received before the game ended, as `seat`'s
/// (none: a spectator's) lines; returns how many lines were checked.
fn check_bytes(text: &str, seat: Option<u8>, truth: &Truth, players: &[u8], game: &str) -> usize {
    let viewer = seat.unwrap_or(SPECTATOR);
    let mut seen = HashSet::new();
    let mut checked = 0;
    // A line the kill -9 cut short is not a message.
    let whole = &text[..text.rfind('\n').map_or(0, |i| i + 1)];
    for line in whole.lines() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        let msg: ServerMsg = serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}"));
        match msg {
            ServerMsg::State { state } => {
                let view = state.view.expect("a hidden game's state says whose view it is");
                if view.full {
                    break;
                }
                assert_eq!(view.seat, seat, "{game}: the state of the view of seat {seat:?}");
                let ply = state.moves.len();
                assert_eq!(state.position, truth.positions[ply].view_string(viewer).unwrap(), "{game}: position");
                for (i, m) in state.moves.iter().enumerate() {
                    assert_eq!(*m, truth.move_for(i, viewer, players[i]), "{game}: move {i} in a state");
                }
            }
            ServerMsg::Moved { ply, mv, view, result, .. } => {
                let ply = ply as usize;
                assert_eq!(mv, truth.move_for(ply, viewer, players[ply]), "{game}: moved {ply} for {seat:?}");
                let expected = truth.positions[ply + 1].view_string(viewer).unwrap();
                assert_eq!(view.as_deref(), Some(expected.as_str()), "{game}: the view after move {ply}");
                if result.is_some() {
                    tokens(&value, &mut seen);
                    break;
                }
            }
            ServerMsg::Error { code, message, .. } => panic!("{game}: {seat:?} was refused: {code:?} {message}"),
            _ => {}
        }
        tokens(&value, &mut seen);
        checked += 1;
    }
    // What the viewer may read anywhere: a hidden text that is also one of
    // these (a move of its own to the same square) proves nothing.
    let board = |t: &str| t.split_whitespace().next().unwrap_or("").to_string();
    let views: Vec<String> = truth.positions.iter().map(|p| board(&p.view_string(viewer).unwrap())).collect();
    let read: Vec<MoveInfo> = (0..truth.moves.len()).map(|i| truth.move_for(i, viewer, players[i])).collect();
    let shown: HashSet<&str> = read
        .iter()
        .flat_map(|m| [m.coordinate.as_str(), m.standard.as_str()])
        .chain(views.iter().map(String::as_str))
        .collect();
    for (k, position) in truth.positions.iter().enumerate() {
        let whole = board(&position.text().unwrap());
        if whole != views[k] && !shown.contains(whole.as_str()) {
            assert!(!seen.contains(&whole), "{game}: {seat:?} received the true board after {k} moves: {whole}");
        }
    }
    for (i, (_, coordinate, standard)) in truth.moves.iter().enumerate() {
        for (true_text, own) in [(coordinate, &read[i].coordinate), (standard, &read[i].standard)] {
            if true_text != own && true_text.len() >= 3 && !shown.contains(true_text.as_str()) {
                assert!(!seen.contains(true_text), "{game}: {seat:?} received hidden move {i} '{true_text}'");
            }
        }
    }
    checked
}

/// Plays a hidden game over the network as described at the top.
fn hidden_game_over_the_network(game: &str, options: &[(&str, &str)], half: usize) {
    let rules = rules_of(game, options);
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let (mut ann, mut bob) = (client(&server.addr), client(&server.addr));
    let (a, sa) = create_with(&mut ann, game, options, Vec::new(), "Ann");
    let (b, sb) = join(&mut bob, a.room, "Bob");
    let room = a.room;

    // A client of protocol 1 is refused the room, not sent a view it
    // cannot read.
    let old = Raw::open(&server.addr, 1, &format!("{{\"type\":\"watch\",\"room\":{room}}}\n"));
    old.wait_for("\"type\":\"error\"");
    assert!(old.text().contains("need protocol version 2"), "{}", old.text());

    let mut raws: Vec<Vec<Raw>> = (0..3).map(|_| Vec::new()).collect();
    let tokens = [a.token.clone(), b.token.clone()];
    let follow_all = |raws: &mut Vec<Vec<Raw>>, addr: &str| {
        raws[0].push(Raw::follow(addr, room, Some(&tokens[0])));
        raws[1].push(Raw::follow(addr, room, Some(&tokens[1])));
        raws[2].push(Raw::follow(addr, room, None));
    };
    follow_all(&mut raws, &server.addr);
    let (ply, view) = (sa.moves.len(), sa.position.clone());
    let mut players = [
        Player { conn: ann, seat: a, view, ply, over: false },
        Player { conn: bob, seat: b, view: sb.position.clone(), ply: sb.moves.len(), over: false },
    ];
    players.iter_mut().for_each(|p| p.settle(ply));
    play_moves(&rules, &mut players, half);

    // An illegal move is refused without the rules' reasons.
    let side = rules.position_for_view(&players[0].view, 1).unwrap().side_to_move() as usize;
    let p = &mut players[side];
    let refused = net_support::play(&mut p.conn, &p.seat, "a1a1", p.ply as u32);
    match refused {
        Err(ClientError::Refused { code: ErrorCode::IllegalMove, message }) => {
            assert!(message.starts_with("'a1a1' is not a legal move here (in a game with hidden"), "{message}")
        }
        other => panic!("{game}: expected a refusal, got {other:?}"),
    }
    // Exports during the game: each connection's own view.
    for raw in raws.iter_mut().flatten() {
        raw.send(&format!("{{\"type\":\"export\",\"room\":{room},\"format\":\"toml\"}}"));
        raw.send(&format!("{{\"type\":\"export\",\"room\":{room},\"format\":\"pgn\"}}"));
    }
    for raw in raws.iter().flatten() {
        raw.wait_for("\"format\":\"pgn\"");
    }

    // kill -9 halfway: the room comes back from the database.
    server.kill9();
    server = Server::start(data.path(), "127.0.0.1:0", &[]);
    assert!(server.line.contains("1 game(s) restored"), "{}", server.line);
    for p in players.iter_mut() {
        p.conn = client(&server.addr);
        p.conn.send(&ClientMsg::Resume { room, token: p.seat.token.clone() }).unwrap();
        let before = p.ply;
        p.ply = 0;
        p.settle(before);
    }
    follow_all(&mut raws, &server.addr);
    play_moves(&rules, &mut players, half);

    // The end: a resignation, unless the game ended by itself; then the
    // whole game reaches everyone.
    if !players.iter().any(|p| p.over) {
        let side = rules.position_for_view(&players[0].view, 1).unwrap().side_to_move() as usize;
        let s = &players[side].seat;
        players[side].conn.send(&ClientMsg::Resign { room, token: s.token.clone() }).unwrap();
    }
    let mut whole = None;
    for p in players.iter_mut() {
        let state = p
            .conn
            .wait_for(|m| match m {
                ServerMsg::State { state } if state.view.is_some_and(|v| v.full) => Some(state.clone()),
                _ => None,
            })
            .expect("the whole game after the end");
        assert!(state.result.is_some(), "{game}: ended");
        whole.get_or_insert(state.moves.clone());
        assert_eq!(whole.as_ref(), Some(&state.moves), "{game}: everyone receives the same whole game");
    }
    let whole = whole.unwrap();
    let truth = Truth::of(&rules, &whole);
    for raw in raws.iter().filter_map(|r| r.last()) {
        raw.wait_for("\"full\":true");
    }
    let last = truth.positions.last().unwrap().text().unwrap();
    assert!(raws[2].iter().any(|r| r.text().contains(&serde_json::to_string(&last).unwrap())), "the truth at the end");

    // The database keeps the whole game and its seed.
    server.kill9();
    let store = Store::open(Path::new(data.path()), Sync::Normal).unwrap();
    let stored = store.game(room, None).unwrap().unwrap();
    let stored_moves: Vec<&str> = stored.moves.iter().map(|m| m.coordinate.as_str()).collect();
    let whole_moves: Vec<&str> = whole.iter().map(|m| m.coordinate.as_str()).collect();
    assert_eq!(stored_moves, whole_moves, "{game}: the database holds the whole game");
    assert!(stored.seed.is_some(), "{game}: and its seed");

    let movers: Vec<u8> = whole.iter().map(|m| m.player).collect();
    let mut lines = 0;
    for (i, seat) in [Some(0), Some(1), None].into_iter().enumerate() {
        for raw in &raws[i] {
            lines += check_bytes(&raw.text(), seat, &truth, &movers, game);
        }
    }
    let hidden_plies = truth.positions.iter().filter(|p| p.text().unwrap() != p.view_string(0).unwrap()).count();
    assert!(hidden_plies > half, "{game}: the game hid something most of the time ({hidden_plies} positions)");
    eprintln!("{game}: {} moves, {hidden_plies} positions hid something from red, {lines} lines checked", whole.len());
}

#[test]
fn stratego_over_the_network_shows_each_seat_its_view() {
    hidden_game_over_the_network("stratego", &[("setup", "random")], 12);
}

#[test]
fn kriegspiel_over_the_network_shows_each_seat_its_view() {
    hidden_game_over_the_network("kriegspiel", &[], 12);
}

#[test]
fn dark_chess_over_the_network_shows_each_seat_its_view() {
    hidden_game_over_the_network("darkchess", &[], 12);
}
