//! The load generator: two simulated players per room, each on its own
//! connection and thread, playing random legal moves as fast as the
//! server answers; then every game is exported from the server's database
//! and compared with what the players saw.
//!
//! Latency is measured from just before a move is sent to the moment the
//! opponent's connection receives it (both ends are in this process, so
//! one clock serves).

use std::collections::HashMap;
use std::sync::mpsc::channel;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rules_api::RulesBox;
use tabula_core::session::Session;

use crate::client::{ClientError, Connection};
use crate::protocol::{ClientMsg, ExportFormat, ServerMsg};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// The server.
    pub addr: String,
    /// Rooms (two clients each).
    pub rooms: usize,
    /// The rules plugin, by name, on the server and here.
    pub rules: String,
    /// After this many moves the side to move resigns (0: play to the end).
    pub max_plies: usize,
    /// Seeds the random moves.
    pub seed: u64,
    /// Every game must end within this.
    pub timeout: Duration,
    /// Each client connects from a loopback address of its own (the
    /// server must be on loopback), so per-address limits stay the defaults.
    pub spread: bool,
}

/// What happened.
#[derive(Clone, Debug, Default)]
pub struct LoadReport {
    /// Clients that played.
    pub clients: usize,
    /// Games that ended.
    pub finished: usize,
    /// Moves played in all.
    pub moves: usize,
    /// Wall time, seconds.
    pub seconds: f64,
    /// Moves per second over all rooms.
    pub moves_per_second: f64,
    /// Median time from a move sent to the opponent receiving it, ms.
    pub p50_ms: f64,
    /// 99th percentile of the same, ms.
    pub p99_ms: f64,
    /// The slowest, ms.
    pub max_ms: f64,
    /// Games whose stored record matches what the players saw.
    pub records_complete: usize,
    /// Everything that went wrong.
    pub errors: Vec<String>,
}

type Sent = Arc<Mutex<HashMap<(u64, u32), Instant>>>;

/// What one player saw of its game.
struct Seen {
    room: u64,
    moves: Vec<String>,
    latencies: Vec<Duration>,
    finished: bool,
}

/// Runs the load and checks every record; `rules` is the game built here
/// (for choosing legal moves), the same plugin and options as the server's.
pub fn run(config: &LoadConfig, rules: Arc<RulesBox>) -> LoadReport {
    let sent: Sent = Arc::new(Mutex::new(HashMap::new()));
    let start = Instant::now();
    let mut threads = Vec::new();
    for index in 0..config.rooms {
        // The joiner learns the room number from the creator.
        let (room_tx, room_rx) = channel::<u64>();
        for (seat, tx, rx) in [(0u8, Some(room_tx), None), (1u8, None, Some(room_rx))] {
            let (config, rules, sent) = (config.clone(), Arc::clone(&rules), Arc::clone(&sent));
            let seed = config.seed ^ ((index as u64) << 8) ^ seat as u64;
            let client = index * 2 + seat as usize;
            let from =
                config.spread.then(|| std::net::IpAddr::from([127, 1, (client / 250) as u8, (client % 250) as u8 + 1]));
            threads.push(thread::spawn(move || player(&config, &rules, seat, tx, rx, &sent, seed, from)));
        }
    }
    let mut report = LoadReport { clients: threads.len(), ..LoadReport::default() };
    let mut seen = Vec::new();
    let mut latencies = Vec::new();
    for t in threads {
        match t.join() {
            Ok(Ok(s)) => {
                latencies.extend(s.latencies.iter().copied());
                seen.push(s);
            }
            Ok(Err(e)) => report.errors.push(e),
            Err(_) => report.errors.push("a client thread panicked".into()),
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    let mut rooms: HashMap<u64, Vec<String>> = HashMap::new();
    for s in &seen {
        if s.finished {
            rooms.entry(s.room).or_insert_with(|| s.moves.clone());
        }
    }
    report.finished = rooms.len();
    report.moves = rooms.values().map(Vec::len).sum();
    report.moves_per_second = report.moves as f64 / report.seconds.max(1e-9);
    latencies.sort();
    let pick = |q: f64| -> f64 {
        if latencies.is_empty() {
            return 0.0;
        }
        let i = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        latencies[i].as_secs_f64() * 1000.0
    };
    (report.p50_ms, report.p99_ms, report.max_ms) = (pick(0.5), pick(0.99), pick(1.0));
    match check_records(&config.addr, &rooms) {
        Ok(n) => report.records_complete = n,
        Err(e) => report.errors.push(e),
    }
    report
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

#[allow(clippy::too_many_arguments)]
fn player(
    config: &LoadConfig,
    rules: &Arc<RulesBox>,
    seat: u8,
    room_tx: Option<std::sync::mpsc::Sender<u64>>,
    room_rx: Option<std::sync::mpsc::Receiver<u64>>,
    sent: &Sent,
    seed: u64,
    from: Option<std::net::IpAddr>,
) -> Result<Seen, String> {
    let fail = |e: ClientError| format!("seat {seat}: {e}");
    let dial = crate::client::Dial { bind: from, ..Default::default() };
    let mut conn = Connection::dial(&config.addr, "tabula-netload", &dial).map_err(fail)?;
    conn.set_timeout(Some(config.timeout)).map_err(fail)?;
    let name = format!("load{seat}");
    match &room_rx {
        None => conn.send(&ClientMsg::Create {
            rules: config.rules.clone(),
            options: Default::default(),
            seats: Vec::new(),
            seat: Some(0),
            name,
            clock: None,
            password: None,
            start: String::new(),
        }),
        Some(rx) => {
            let room = rx.recv_timeout(config.timeout).map_err(|e| format!("seat {seat}: no room number: {e}"))?;
            conn.send(&ClientMsg::Join { room, seat: Some(1), name, password: None })
        }
    }
    .map_err(fail)?;
    let (room, token) = conn
        .wait_for(|m| match m {
            ServerMsg::Joined { room, token: Some(t), .. } => Some((*room, t.clone())),
            _ => None,
        })
        .map_err(fail)?;
    if let Some(tx) = room_tx {
        let _ = tx.send(room);
    }
    let mut rng = tabula_kit::rng::rng_from_seed(seed);
    let mut session = Session::new(Arc::clone(rules), "").map_err(|e| e.to_string())?;
    let mut seen = Seen { room, moves: Vec::new(), latencies: Vec::new(), finished: false };
    let deadline = Instant::now() + config.timeout;
    let mut waiting = false;
    let mut started = false;
    loop {
        if Instant::now() > deadline {
            return Err(format!("room {room} seat {seat}: the game did not end in time"));
        }
        if started && !waiting && session.side_to_move() == seat {
            let ply = session.history().len() as u32;
            let msg = if config.max_plies > 0 && ply as usize >= config.max_plies {
                ClientMsg::Resign { room, token: token.clone() }
            } else {
                let moves = session.legal_moves().map_err(|e| e.to_string())?;
                let mv = *moves.choose(&mut rng).ok_or("no legal move in an ongoing game")?;
                let (coordinate, _) = session.move_texts(mv).map_err(|e| e.to_string())?;
                lock(sent).insert((room, ply), Instant::now());
                ClientMsg::Move { room, token: token.clone(), mv: coordinate, ply }
            };
            conn.send(&msg).map_err(fail)?;
            waiting = true;
        }
        match conn.recv().map_err(fail)? {
            ServerMsg::State { state } => {
                started = state.summary.seats.iter().all(|s| s.taken);
                if state.result.is_some() {
                    seen.finished = true;
                    return Ok(seen);
                }
            }
            ServerMsg::Moved { ply, mv, result, .. } => {
                if mv.player != seat {
                    if let Some(at) = lock(sent).remove(&(room, ply)) {
                        seen.latencies.push(at.elapsed());
                    }
                } else {
                    waiting = false;
                }
                session.play_text(&mv.coordinate).map_err(|e| format!("room {room}: {e}"))?;
                seen.moves.push(mv.coordinate);
                if result.is_some() {
                    seen.finished = true;
                    return Ok(seen);
                }
            }
            ServerMsg::Error { code, message, .. } => {
                return Err(format!("room {room} seat {seat}: {code:?}: {message}"))
            }
            _ => {}
        }
    }
}

/// Exports every game from the server and compares its moves with what
/// the players saw; returns how many match.
fn check_records(addr: &str, rooms: &HashMap<u64, Vec<String>>) -> Result<usize, String> {
    let connect = || -> Result<Connection, String> {
        let mut conn = Connection::connect(addr, "tabula-netload check").map_err(|e| e.to_string())?;
        conn.set_timeout(Some(Duration::from_secs(30))).map_err(|e| e.to_string())?;
        Ok(conn)
    };
    let mut conn = connect()?;
    let mut complete = 0;
    for (i, (&room, moves)) in rooms.iter().enumerate() {
        // A fresh connection now and then stays within the server's burst
        // of messages per connection.
        if i > 0 && i % 40 == 0 {
            conn = connect()?;
        }
        conn.send(&ClientMsg::Export { room, game: None, format: ExportFormat::Toml, password: None })
            .map_err(|e| e.to_string())?;
        let text = conn
            .wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None })
            .map_err(|e| format!("room {room}: {e}"))?;
        let record = tabula_core::records::text::read(&text).map_err(|e| format!("room {room}: {e}"))?;
        let stored = record.game.first().map(|g| g.moves.clone()).unwrap_or_default();
        let ended = record.game.first().is_some_and(|g| !g.result.is_empty() && g.result != "ongoing");
        if &stored == moves && ended {
            complete += 1;
        }
    }
    Ok(complete)
}
