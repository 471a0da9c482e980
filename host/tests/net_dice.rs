//! Dice over the network: a real `tabula serve` rolls backgammon's dice
//! from a seed of its own; both players see the same rolls as moves of
//! nobody's, a player who sends a roll is refused, no byte a client
//! receives holds the seed, and after `kill -9` the room goes on with the
//! dice the stored seed gives.

mod net_support;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::{Arc, Mutex};

use net_support::{client, create, join, play, Seat, Server};
use rules_api::PluginKind;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::session::{draw, Chance, Session, CHANCE_PLAYER};
use tabula_net::client::{ClientError, Connection};
use tabula_net::protocol::{ClientMsg, ErrorCode, ExportFormat, MoveInfo, ServerMsg};
use tabula_net::store::{Store, Sync};

/// A client's view of the room: the moves it has heard of, replayed on a
/// local session that takes its rolls from the server.
struct View {
    moves: Vec<MoveInfo>,
    session: Session,
}

impl View {
    fn new() -> View {
        let plugin = find_plugin("backgammon", PluginKind::RULES, &PluginDirs::new([])).unwrap();
        let rules = Arc::new(plugin.new_rules(&[]).unwrap());
        View { moves: Vec::new(), session: Session::with_chance(rules, "", Chance::External).unwrap() }
    }

    fn add(&mut self, mv: &MoveInfo) {
        if mv.player == CHANCE_PLAYER {
            self.session.play_chance_text(&mv.coordinate).unwrap();
        } else {
            self.session.play_text(&mv.coordinate).unwrap();
        }
        self.moves.push(mv.clone());
    }

    /// Reads until the view holds at least `len` moves and no roll is
    /// still due (the server sends a move and the rolls after it together).
    fn settle(&mut self, c: &mut Connection, len: usize) {
        while self.moves.len() < len || self.session.is_chance_node() {
            match c.recv().expect("a message") {
                ServerMsg::State { state } => {
                    let mut fresh = View::new();
                    state.moves.iter().for_each(|m| fresh.add(m));
                    *self = fresh;
                }
                ServerMsg::Moved { ply, mv, .. } if ply as usize == self.moves.len() => self.add(&mv),
                ServerMsg::Error { message, .. } => panic!("refused: {message}"),
                _ => {}
            }
        }
    }

    /// The first legal move, as the mover sends it.
    fn a_move(&self) -> String {
        let mv = self.session.legal_moves().unwrap()[0];
        self.session.move_texts(mv).unwrap().0
    }
}

fn refusal(r: Result<ServerMsg, ClientError>) -> (ErrorCode, String) {
    match r {
        Err(ClientError::Refused { code, message }) => (code, message),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// A raw client that says hello, watches `room`, lists the rooms, and
/// keeps every byte the server sends it.
fn raw_watcher(addr: &str, room: u64) -> (TcpStream, Arc<Mutex<Vec<u8>>>) {
    let mut s = TcpStream::connect(addr).unwrap();
    let lines = format!(
        "{{\"type\":\"hello\",\"versions\":[1],\"client\":\"raw\"}}\n{{\"type\":\"watch\",\"room\":{room}}}\n\
         {{\"type\":\"list_rooms\"}}\n"
    );
    s.write_all(lines.as_bytes()).unwrap();
    let bytes = Arc::new(Mutex::new(Vec::new()));
    let (mut reader, kept) = (s.try_clone().unwrap(), Arc::clone(&bytes));
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            kept.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    // The watch is served on the watcher's own thread: until its state has
    // arrived, moves may be played that it only ever hears of as state.
    let since = std::time::Instant::now();
    while !String::from_utf8_lossy(&bytes.lock().unwrap()).contains("\"type\":\"state\"") {
        assert!(since.elapsed().as_secs() < 120, "the watcher never received the room's state");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    (s, bytes)
}

/// Plays `count` player moves, each by the seat to move, and checks that
/// both players hear the same moves and rolls.
fn play_moves(players: &mut [(Connection, Seat, View)], count: usize) {
    for _ in 0..count {
        let side = players[0].2.session.side_to_move() as usize;
        let ply = players[side].2.moves.len();
        let mv = players[side].2.a_move();
        let (c, seat, _) = &mut players[side];
        c.send(&ClientMsg::Move { room: seat.room, token: seat.token.clone(), mv, ply: ply as u32 }).unwrap();
        for (c, _, view) in players.iter_mut() {
            view.settle(c, ply + 1);
        }
        assert_eq!(players[0].2.moves, players[1].2.moves, "both players see the same moves and dice");
    }
}

#[test]
fn the_server_rolls_the_dice_refuses_a_roll_and_keeps_its_seed_through_kill_9() {
    let data = tempfile::tempdir().unwrap();
    let mut server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let (mut ann, mut bob) = (client(&server.addr), client(&server.addr));
    let (a, sa) = create(&mut ann, "backgammon", "Ann");
    let (b, sb) = join(&mut bob, a.room, "Bob");
    let (_raw, seen) = raw_watcher(&server.addr, a.room);
    let (mut va, mut vb) = (View::new(), View::new());
    sa.moves.iter().for_each(|m| va.add(m));
    sb.moves.iter().for_each(|m| vb.add(m));
    assert!(!va.moves.is_empty() && va.moves == vb.moves, "the opening roll, drawn when the room opens");
    let mut players = [(ann, a, va), (bob, b, vb)];
    assert!(players[0].2.moves[0].player == CHANCE_PLAYER, "the opening roll is nobody's move");
    play_moves(&mut players, 6);
    let rolls = players[0].2.moves.iter().filter(|m| m.player == CHANCE_PLAYER).count();
    assert!(rolls >= 6, "a roll before every turn: {:?}", players[0].2.moves);

    // The player to move sends a roll instead of a move: refused, named.
    let side = players[0].2.session.side_to_move() as usize;
    let roll = players[0].2.moves.iter().rev().find(|m| m.player == CHANCE_PLAYER).unwrap().coordinate.clone();
    let ply = players[side].2.moves.len() as u32;
    let (c, seat, _) = &mut players[side];
    let (code, message) = refusal(play(c, seat, &roll, ply));
    assert_eq!(code, ErrorCode::IllegalMove);
    assert!(message.contains("roll of the dice"), "{message}");

    // An export holds the rolls but not the seed.
    let (c, seat, _) = &mut players[0];
    c.send(&ClientMsg::Export { room: seat.room, game: None, format: ExportFormat::Toml, password: None }).unwrap();
    let export = c.wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None });
    let export = export.unwrap();
    assert!(!export.contains("seed"), "{export}");

    // The raw watcher has heard every move so far (its bytes arrive on
    // their own schedule: wait for them, however long that takes).
    let before = players[0].2.moves.clone();
    let last = format!("\"type\":\"moved\",\"room\":{},\"ply\":{}", players[0].1.room, before.len() - 1);
    let heard = std::time::Instant::now();
    while !String::from_utf8_lossy(&seen.lock().unwrap()).contains(&last) {
        let waited = heard.elapsed().as_secs();
        assert!(waited < 60, "the raw watcher never heard {last}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Acknowledged means stored: kill the server now.
    server.kill9();
    let seed = {
        let store = Store::open(data.path(), Sync::Normal).unwrap();
        store.game(players[0].1.room, None).unwrap().unwrap().seed.expect("the game's seed is stored")
    };
    let received = String::from_utf8_lossy(&seen.lock().unwrap()).to_string();
    assert!(received.contains("\"moved\""), "the raw watcher heard the game: {received}");
    for form in [seed.to_string(), format!("{seed:x}"), format!("{seed:X}"), format!("{seed:016x}")] {
        assert!(!received.contains(&form), "a client received the seed ({form})");
        assert!(!export.contains(&form), "the export holds the seed ({form})");
    }

    // Restarted, the room has every move and rolls what the stored seed gives.
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    for (c, seat, view) in players.iter_mut() {
        *c = client(&server.addr);
        c.send(&ClientMsg::Resume { room: seat.room, token: seat.token.clone() }).unwrap();
        *view = View::new();
        view.settle(c, before.len());
        assert_eq!(view.moves, before, "the restored room has every move and roll");
    }
    let side = players[0].2.session.side_to_move() as usize;
    let mv = players[side].2.a_move();
    let mut expected = View::new();
    before.iter().for_each(|m| expected.add(m));
    expected.session.play_text(&mv).unwrap();
    let outcomes = expected.session.chance_outcomes().unwrap();
    let next = draw(seed, expected.session.history().len(), &outcomes).unwrap();
    let next = expected.session.move_texts(next).unwrap().0;
    play_moves(&mut players, 1);
    let after = &players[0].2.moves;
    assert_eq!(after[before.len()].coordinate, mv);
    assert_eq!(after[before.len() + 1].coordinate, next, "the roll after the restart is the stored seed's");
}

#[test]
fn the_text_client_shows_the_servers_rolls_and_keeps_its_board() {
    use std::io::BufRead;
    use std::process::{Command, Stdio};
    let data = tempfile::tempdir().unwrap();
    let server = Server::start(data.path(), "127.0.0.1:0", &[]);
    let mut ann = client(&server.addr);
    let (a, sa) = create(&mut ann, "backgammon", "Ann");
    let room = a.room.to_string();
    let mut bob = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["play", "--text", "--connect", &server.addr, "--room", &room, "--name", "Bob"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let (tx, lines) = std::sync::mpsc::channel();
    let out = bob.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    let mut expect = |text: &str| loop {
        match lines.recv_timeout(std::time::Duration::from_secs(30)) {
            Ok(line) if line.contains(text) => return line,
            Ok(line) => seen.push(line),
            Err(_) => panic!("no line with {text:?}; the client printed:\n{}", seen.join("\n")),
        }
    };
    expect(&format!("room {room}, seat 1"));
    // The room's state has arrived (the client types moves for its ply).
    expect("to move");
    let mut view = View::new();
    sa.moves.iter().for_each(|m| view.add(m));
    view.settle(&mut ann, sa.moves.len());
    // Whoever the opening roll names moves (Bob by typing); the roll after
    // it must show in Bob's client as the server's.
    let ply = view.moves.len();
    let mv = view.a_move();
    if view.session.side_to_move() == 0 {
        ann.send(&ClientMsg::Move { room: a.room, token: a.token.clone(), mv, ply: ply as u32 }).unwrap();
    } else {
        use std::io::Write as _;
        let stdin = bob.stdin.as_mut().unwrap();
        stdin.write_all(format!("{mv}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
    }
    view.settle(&mut ann, ply + 1);
    let roll = view.moves.last().unwrap();
    assert_eq!(roll.player, CHANCE_PLAYER, "{:?}", view.moves);
    expect(&format!("the server rolls {}", roll.standard));
    let _ = bob.kill();
    let _ = bob.wait();
}
