//! `tabula play --text --connect ADDR`: a game on a server, in the
//! terminal. The board is drawn from the rules plugin installed here (the
//! server judges every move); a lost connection is retried and the seat
//! resumed with its token, so the game goes on where it stopped.

mod args;

use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender as Tx};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use super::common::{dirs, load_rules, CliError};
use super::netview::ViewBoard;
use tabula_core::session::{Chance, Session, CHANCE_PLAYER};
use tabula_kit::diagram::render_position;
use tabula_net::client::{ClientError, Connection, Dial, Sender};
use tabula_net::protocol::{ClientMsg, ExportFormat, RequestKind, RoomState, RoomSummary, SeatSpec, ServerMsg};
use tabula_net::text::printable;

pub use args::{address, player_name, ConnectArgs};

const HELP: &str = "Type a move (coordinate or standard notation), or one of:
  moves                 the moves played
  undo / new / draw     ask the opponent to take back, start again, or agree a draw
  accept / decline      answer the opponent's request
  resign                give up
  claim-win / abort     once an opponent has been gone long enough: win, or end with no result
  say TEXT              a chat line
  rooms / games         what the server has
  join N [SEAT]         take a seat in room N;  watch N  follow it
  create RULES [K=V..]  open a room for a game
  export pgn|toml       the game as a record
  quit                  leave (your seat stays yours: come back with --room N --token T)";

enum Event {
    Net(Box<Result<ServerMsg, ClientError>>),
    Line(Option<String>),
}

/// Where the client sits.
struct Seat {
    room: u64,
    seat: Option<u8>,
    token: Option<String>,
}

struct NetGame {
    addr: String,
    dial: Dial,
    name: String,
    extra: Vec<PathBuf>,
    sender: Sender,
    events: Tx<Event>,
    at: Option<Seat>,
    state: Option<RoomState>,
    session: Option<Session>,
    /// In a game with hidden information, the seat's view (no session
    /// can replay moves written as the seat may read them).
    view: Option<ViewBoard>,
}

fn connect(addr: &str, dial: &Dial, events: &Tx<Event>) -> Result<Sender, ClientError> {
    let conn = Connection::dial(addr, concat!("tabula-text ", env!("CARGO_PKG_VERSION")), dial)?;
    println!("{}", conn.security().describe());
    let ping_every = conn.idle_timeout() / 3;
    let (mut sender, rx) = conn.split()?;
    let events = events.clone();
    thread::spawn(move || {
        for msg in rx {
            if events.send(Event::Net(Box::new(msg))).is_err() {
                break;
            }
        }
    });
    let mut pinger = sender.try_clone()?;
    thread::spawn(move || loop {
        thread::sleep(ping_every);
        if pinger.send(&ClientMsg::Ping { id: 0 }).is_err() {
            break;
        }
    });
    sender.send(&ClientMsg::ListGames)?;
    Ok(sender)
}

/// `tabula play --text --connect ADDR`.
pub fn run(args: &ConnectArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let addr = address(args, &args.connect.clone().unwrap_or_default());
    let dial = Dial { fingerprint: args.fingerprint.clone(), ..Dial::default() };
    let (tx, rx) = channel();
    let sender = connect(&addr, &dial, &tx).map_err(|e| CliError(format!("cannot connect to {addr}: {e}")))?;
    let name = player_name(args);
    let mut game = NetGame {
        addr,
        dial,
        name,
        extra: extra.to_vec(),
        sender,
        events: tx.clone(),
        at: None,
        state: None,
        session: None,
        view: None,
    };
    println!("connected to {} — type 'help' for commands.", game.addr);
    game.first_step(args)?;
    let stdin_tx = tx;
    thread::spawn(move || {
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            if stdin_tx.send(Event::Line(line.ok())).is_err() {
                return;
            }
        }
        let _ = stdin_tx.send(Event::Line(None));
    });
    game.event_loop(&rx)
}

impl NetGame {
    fn send(&mut self, msg: ClientMsg) {
        if let Err(e) = self.sender.send(&msg) {
            println!("(not sent: {e})");
        }
    }

    fn first_step(&mut self, args: &ConnectArgs) -> Result<(), CliError> {
        let password = args.password()?;
        let token = args.token()?;
        if let Some(rules) = &args.create {
            let players = load_rules(rules, &args.room_option, &dirs(&self.extra), false)
                .ok()
                .and_then(|r| r.info().into_result().ok())
                .map_or(2, |i| i.players.len());
            let mine = args.seat.unwrap_or(0) as usize;
            let seats = (0..players)
                .map(|i| match (&args.vs, i == mine) {
                    (Some(vs), false) => SeatSpec { player: vs.clone(), time_ms: None, options: BTreeMap::new() },
                    _ => SeatSpec::human(),
                })
                .collect();
            self.send(ClientMsg::Create {
                rules: rules.clone(),
                options: args.room_option.iter().cloned().collect(),
                seats,
                seat: args.seat,
                name: self.name.clone(),
                clock: args.clock,
                password,
                start: String::new(),
            });
        } else if let Some(room) = args.room {
            let msg = match (&token, args.watch) {
                (Some(token), _) => ClientMsg::Resume { room, token: token.clone() },
                (None, true) => ClientMsg::Watch { room, password },
                (None, false) => ClientMsg::Join { room, seat: args.seat, name: self.name.clone(), password },
            };
            self.send(msg);
        } else {
            self.send(ClientMsg::ListRooms);
        }
        Ok(())
    }

    fn event_loop(&mut self, rx: &Receiver<Event>) -> Result<i32, CliError> {
        self.prompt();
        while let Ok(event) = rx.recv() {
            match event {
                Event::Line(None) => return Ok(0),
                Event::Line(Some(line)) => {
                    if !self.command(line.trim()) {
                        return Ok(0);
                    }
                }
                Event::Net(msg) => match *msg {
                    Ok(msg) => self.message(msg),
                    Err(e) => self.reconnect(&e)?,
                },
            }
            self.prompt();
        }
        Ok(0)
    }

    fn prompt(&self) {
        let mine = matches!((&self.at, &self.state), (Some(Seat { seat: Some(s), .. }), Some(st)) if st.to_move == *s && st.result.is_none());
        print!("{}", if mine { "your move > " } else { "> " });
        let _ = std::io::stdout().flush();
    }

    /// Retries the server every second for a minute, then resumes the seat.
    fn reconnect(&mut self, why: &ClientError) -> Result<(), CliError> {
        println!("\nconnection lost ({why}); reconnecting to {} ...", self.addr);
        for _ in 0..60 {
            thread::sleep(Duration::from_secs(1));
            let Ok(sender) = connect(&self.addr, &self.dial, &self.events) else { continue };
            self.sender = sender;
            println!("reconnected");
            if let Some(at) = &self.at {
                let msg = match &at.token {
                    Some(token) => ClientMsg::Resume { room: at.room, token: token.clone() },
                    None => ClientMsg::Watch { room: at.room, password: None },
                };
                self.send(msg);
            }
            return Ok(());
        }
        Err(CliError(format!("cannot reach {} again", self.addr)))
    }

    fn seat_token(&self) -> Option<(u64, String)> {
        let at = self.at.as_ref()?;
        Some((at.room, at.token.clone()?))
    }

    /// Carries out one typed line; false means "leave".
    fn command(&mut self, line: &str) -> bool {
        let (word, rest) = line.split_once(' ').map_or((line, ""), |(w, r)| (w, r.trim()));
        let seated = self.seat_token();
        match (word, seated) {
            ("", _) => {}
            ("help", _) => println!("{HELP}"),
            ("quit" | "exit", _) => return false,
            ("rooms", _) => self.send(ClientMsg::ListRooms),
            ("games", _) => self.send(ClientMsg::ListGames),
            ("moves", _) => self.show_moves(),
            ("join", _) => {
                let mut words = rest.split_whitespace();
                match words.next().and_then(|n| n.parse().ok()) {
                    Some(room) => {
                        let seat = words.next().and_then(|s| s.parse().ok());
                        self.send(ClientMsg::Join { room, seat, name: self.name.clone(), password: None })
                    }
                    None => println!("usage: join ROOM [SEAT]"),
                }
            }
            ("watch", _) => match rest.parse() {
                Ok(room) => self.send(ClientMsg::Watch { room, password: None }),
                Err(_) => println!("usage: watch ROOM"),
            },
            ("create", _) => {
                let mut words = rest.split_whitespace();
                let Some(rules) = words.next() else {
                    println!("usage: create RULES [KEY=VALUE ...]");
                    return true;
                };
                let options = words.filter_map(|w| w.split_once('=')).map(|(k, v)| (k.into(), v.into())).collect();
                let (rules, name) = (rules.to_string(), self.name.clone());
                self.send(ClientMsg::Create {
                    rules,
                    options,
                    seats: Vec::new(),
                    seat: None,
                    name,
                    clock: None,
                    password: None,
                    start: String::new(),
                });
            }
            ("export", _) => {
                let format = if rest == "toml" { ExportFormat::Toml } else { ExportFormat::Pgn };
                match &self.at {
                    Some(at) => self.send(ClientMsg::Export { room: at.room, game: None, format, password: None }),
                    None => println!("join or watch a room first"),
                }
            }
            (_, None) => println!("you have no seat: join a room first (rooms lists them)"),
            (word, Some((room, token))) => self.seated_command(word, rest, line, room, token),
        }
        true
    }

    fn seated_command(&mut self, word: &str, rest: &str, line: &str, room: u64, token: String) {
        let offer = self.state.as_ref().and_then(|s| s.offer);
        let msg = match word {
            "undo" => ClientMsg::Request { room, token, kind: RequestKind::Undo },
            "new" => ClientMsg::Request { room, token, kind: RequestKind::NewGame },
            "draw" => ClientMsg::Request { room, token, kind: RequestKind::Draw },
            "accept" | "decline" => match offer {
                Some(o) => ClientMsg::Answer { room, token, kind: o.kind, accept: word == "accept" },
                None => {
                    println!("no request is waiting");
                    return;
                }
            },
            "resign" => ClientMsg::Resign { room, token },
            "claim-win" => ClientMsg::ClaimWin { room, token },
            "abort" => ClientMsg::Abort { room, token },
            "say" => ClientMsg::Chat { room, token, text: rest.to_string() },
            _ => {
                let ply = self.state.as_ref().map_or(0, |s| s.moves.len() as u32);
                ClientMsg::Move { room, token, mv: line.to_string(), ply }
            }
        };
        self.send(msg);
    }

    fn message(&mut self, msg: ServerMsg) {
        match msg {
            ServerMsg::Welcome { .. } | ServerMsg::Pong { .. } => {}
            ServerMsg::Error { code, message, .. } => println!("\nrefused: {} ({code:?})", printable(&message, false)),
            ServerMsg::Games { games } => {
                let names: Vec<String> = games.iter().map(|g| printable(&g.rules, false)).collect();
                println!("\ngames on this server: {}", names.join(", "));
            }
            ServerMsg::Rooms { rooms } => show_rooms(&rooms),
            ServerMsg::Joined { room, seat, token } => {
                match (&seat, &token) {
                    (Some(s), Some(t)) => println!(
                        "\nroom {room}, seat {s}. To come back: tabula play --text --connect {} --room {room} --token {}",
                        self.addr,
                        printable(t, false)
                    ),
                    _ => println!("\nwatching room {room}"),
                }
                self.at = Some(Seat { room, seat, token });
            }
            ServerMsg::State { state } => {
                (self.session, self.view) = match state.view {
                    Some(v) if !v.full => (None, self.view_board(&state, v.seat)),
                    _ => (self.local_session(&state), None),
                };
                self.state = Some(state);
                self.show();
            }
            ServerMsg::Moved { mv, clocks, result, ply, view, .. } => {
                if let (Some(text), Some(board)) = (&view, &self.view) {
                    self.view = board.update(text);
                }
                self.moved(ply, &mv, clocks, result)
            }
            ServerMsg::Offer { seat, kind, .. } => {
                if let Some(st) = &mut self.state {
                    st.offer = Some(tabula_net::protocol::OfferInfo { seat, kind });
                }
                if self.at.as_ref().and_then(|a| a.seat) == Some(seat) {
                    println!("\nasked for {}; waiting for an answer", kind.word());
                } else {
                    println!("\nseat {seat} asks for {}: type accept or decline", kind.word());
                }
            }
            ServerMsg::Answered { seat, kind, accept, .. } => {
                if let Some(st) = &mut self.state {
                    st.offer = None;
                }
                println!("\nseat {seat} {} the {} request", if accept { "accepted" } else { "declined" }, kind.word());
            }
            ServerMsg::Presence { seat, connected, .. } => {
                println!("\nseat {seat} {}", if connected { "is connected" } else { "lost its connection" })
            }
            ServerMsg::Chat { name, text, .. } => {
                println!("\n{}: {}", printable(&name, false), printable(&text, false))
            }
            ServerMsg::Exported { text, .. } => println!("\n{}", printable(&text, true)),
            ServerMsg::Departed { seat, claim_in_ms: 0, .. } => {
                println!("\nseat {seat} has been gone long enough: type claim-win or abort, or wait for them")
            }
            ServerMsg::Departed { seat, claim_in_ms, .. } => println!(
                "\nseat {seat} left the game: claim-win or abort in {} s, unless they come back",
                claim_in_ms.div_ceil(1000)
            ),
        }
    }

    fn moved(
        &mut self,
        ply: u32,
        mv: &tabula_net::protocol::MoveInfo,
        clocks: Option<Vec<u64>>,
        result: Option<tabula_net::protocol::ResultInfo>,
    ) {
        let Some(state) = &mut self.state else { return };
        if ply as usize != state.moves.len() {
            return;
        }
        state.moves.push(mv.clone());
        if mv.player != CHANCE_PLAYER {
            state.to_move = (mv.player + 1) % state.summary.seats.len().max(1) as u8;
        }
        state.clocks = clocks;
        state.result = result;
        state.offer = None;
        if let Some(session) = &mut self.session {
            if replay(session, mv).is_err() {
                self.session = None;
            }
        }
        if let Some(s) = &self.session {
            state.to_move = s.side_to_move();
        }
        if let Some(v) = &self.view {
            state.to_move = v.side_to_move();
        }
        if mv.player == CHANCE_PLAYER {
            println!("\nthe server rolls {}", printable(&mv.standard, false));
        } else {
            println!("\nseat {} plays {}", mv.player, printable(&mv.standard, false));
        }
        if !mv.announcement.is_empty() {
            println!("told: {}", printable(&mv.announcement, false));
        }
        self.show();
    }

    /// The game replayed on the rules plugin installed here, for drawing.
    fn local_session(&self, state: &RoomState) -> Option<Session> {
        let options: Vec<(String, String)> =
            state.summary.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = load_rules(&state.summary.rules, &options, &dirs(&self.extra), false).ok()?;
        // The server rolls the dice: the rolls come with the moves.
        let mut session = Session::with_chance(Arc::clone(&rules), &state.start, Chance::External).ok()?;
        for m in &state.moves {
            replay(&mut session, m).ok()?;
        }
        Some(session)
    }

    /// The seat's view of a game with hidden information, read with the
    /// rules plugin installed here.
    fn view_board(&self, state: &RoomState, seat: Option<u8>) -> Option<ViewBoard> {
        let options: Vec<(String, String)> =
            state.summary.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let rules = load_rules(&state.summary.rules, &options, &dirs(&self.extra), false).ok()?;
        ViewBoard::read(rules, &state.position, seat)
    }

    fn show(&self) {
        let Some(state) = &self.state else { return };
        if let Some(board) = self.view.as_ref().and_then(ViewBoard::draw) {
            print!("\n{board}");
            if let Some(told) = state.moves.last().filter(|m| !m.announcement.is_empty()) {
                println!("last told: {}", printable(&told.announcement, false));
            }
            self.show_moves();
            return self.show_players(state);
        }
        match &self.session {
            Some(s) => match render_position(s.rules(), s.position()) {
                Ok(board) => print!("\n{board}"),
                Err(_) => println!("\nposition: {}", printable(&state.position, true)),
            },
            None => println!("\nposition: {}", printable(&state.position, true)),
        }
        self.show_moves();
        self.show_players(state);
    }

    fn show_players(&self, state: &RoomState) {
        let names: Vec<String> = state
            .summary
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let clock = state
                    .clocks
                    .as_ref()
                    .and_then(|c| c.get(i))
                    .map_or(String::new(), |ms| format!(" {}", clock_text(*ms)));
                let away = if s.connected { "" } else { " (away)" };
                format!("{i}: {}{clock}{away}", if s.taken { printable(&s.name, false) } else { "(free)".into() })
            })
            .collect();
        println!("{} — {}", printable(&state.summary.title, false), names.join(", "));
        match &state.result {
            Some(r) => println!("game over: {}", printable(&r.text, false)),
            None => println!("seat {} to move", state.to_move),
        }
    }

    fn show_moves(&self) {
        if let Some(state) = &self.state {
            if !state.moves.is_empty() {
                let moves: Vec<String> = state.moves.iter().map(|m| printable(&m.standard, false)).collect();
                println!("moves: {}", moves.join(" "));
            }
        }
    }
}

/// Plays a move the server announced: a player's, or a roll (nobody's).
fn replay(
    session: &mut Session,
    mv: &tabula_net::protocol::MoveInfo,
) -> Result<(), tabula_core::session::SessionError> {
    if mv.player == CHANCE_PLAYER {
        session.play_chance_text(&mv.coordinate)?;
    } else {
        session.play_text(&mv.coordinate)?;
    }
    Ok(())
}

fn clock_text(ms: u64) -> String {
    let s = ms / 1000;
    format!("{}:{:02}", s / 60, s % 60)
}

fn show_rooms(rooms: &[RoomSummary]) {
    if rooms.is_empty() {
        println!("\nno rooms open: 'create RULES' opens one");
        return;
    }
    println!("\nrooms:");
    for r in rooms {
        let seats: Vec<String> =
            r.seats.iter().map(|s| if s.taken { printable(&s.name, false) } else { "(free)".into() }).collect();
        let lock = if r.password { " [password]" } else { "" };
        println!("  {:>5}  {} — {} — {} moves{lock}", r.room, printable(&r.title, false), seats.join(" vs "), r.ply);
    }
}
