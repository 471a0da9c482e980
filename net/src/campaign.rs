//! The hostile campaign of scripts/net-campaign.sh: honest players keep
//! playing while attackers, each from loopback addresses of its own
//! (standing for other machines), try everything issue 23 found: floods,
//! slowloris and silent connections, rooms and clocks left behind, seat
//! and token abuse, computer seats asking for the server's memory and
//! CPU, password guessing, clients that never read, chat and new-game
//! floods. It reports the honest players' move round trips and checks
//! that every move they saw acknowledged is in the server's records.

use std::collections::BTreeMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use rand::seq::IndexedRandom;
use rand::Rng;
use rules_api::RulesBox;
use tabula_core::session::Session;

use crate::client::{ClientError, Connection, Dial};
use crate::protocol::{ClientMsg, Clock, ExportFormat, RequestKind, SeatSpec, ServerMsg};

/// What to run.
#[derive(Clone, Debug)]
pub struct CampaignConfig {
    /// The server (on loopback).
    pub addr: String,
    /// How long the attack lasts.
    pub duration: Duration,
    /// Rooms of two honest players.
    pub honest_rooms: usize,
    /// An honest player's pause between receiving the opponent's move and
    /// answering (people do not answer in a microsecond).
    pub think: Duration,
    /// Threads per kind of attack.
    pub attackers: usize,
}

/// What happened.
#[derive(Clone, Debug, Default)]
pub struct CampaignReport {
    /// Moves the honest players saw acknowledged.
    pub honest_moves: usize,
    /// Median honest move round trip (sent to acknowledged), ms.
    pub p50_ms: f64,
    /// 99th percentile of the same, ms.
    pub p99_ms: f64,
    /// The slowest, ms.
    pub max_ms: f64,
    /// Acknowledged moves missing from the server's records.
    pub lost: usize,
    /// Attack attempts by kind.
    pub attacks: BTreeMap<&'static str, u64>,
    /// Honest players' errors.
    pub errors: Vec<String>,
}

/// A loopback address for attacker `kind`, thread `t`, round `n`.
fn attacker_ip(kind: u8, t: usize, n: u64) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 10 + kind, t as u8, (n % 250) as u8 + 1))
}

fn dial(addr: &str, ip: IpAddr) -> Result<Connection, ClientError> {
    let mut c = Connection::dial(addr, "campaign", &Dial { bind: Some(ip), ..Dial::default() })?;
    c.set_timeout(Some(Duration::from_secs(5)))?;
    Ok(c)
}

fn raw(addr: &str, ip: IpAddr) -> Option<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let to: std::net::SocketAddr = addr.parse().ok()?;
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    s.bind(&std::net::SocketAddr::new(ip, 0).into()).ok()?;
    s.connect_timeout(&to.into(), Duration::from_secs(5)).ok()?;
    Some(s.into())
}

fn create(rules: &str, seats: Vec<SeatSpec>, clock: Option<Clock>, password: Option<String>) -> ClientMsg {
    ClientMsg::Create {
        rules: rules.into(),
        options: BTreeMap::new(),
        seats,
        seat: None,
        name: "attacker".into(),
        clock,
        password,
        start: String::new(),
    }
}

fn joined(c: &mut Connection) -> Option<(u64, String)> {
    c.wait_for(|m| match m {
        ServerMsg::Joined { room, token: Some(t), .. } => Some((*room, t.clone())),
        _ => None,
    })
    .ok()
}

type Attack = fn(&str, usize, u64, &mut tabula_kit::rng::Rng, u64) -> Option<()>;

/// One round of each attack; `private` is an honest private room to guess at.
fn attacks() -> Vec<(&'static str, Attack)> {
    vec![
        ("flood", |addr, t, n, _, _| {
            let mut c = dial(addr, attacker_ip(0, t, n)).ok()?;
            let pings: String = (0..500).map(|i| ClientMsg::Ping { id: i }.to_line()).collect();
            let _ = c.send_raw(pings.as_bytes());
            while c.recv().is_ok() {}
            Some(())
        }),
        ("slowloris", |addr, t, n, _, _| {
            let mut s = raw(addr, attacker_ip(1, t, n))?;
            s.write_all(b"{\"type\":\"hello\",\"versions\":[1]}\n{\"type\":").ok()?;
            for _ in 0..20 {
                thread::sleep(Duration::from_millis(500));
                if s.write_all(b" ").is_err() {
                    break;
                }
            }
            Some(())
        }),
        ("silent", |addr, t, n, _, _| {
            let s = raw(addr, attacker_ip(2, t, n))?;
            thread::sleep(Duration::from_secs(3));
            drop(s);
            Some(())
        }),
        ("rooms_left_with_clocks", |addr, t, n, _, _| {
            let mut c = dial(addr, attacker_ip(3, t, n % 8)).ok()?;
            let day = Some(Clock { initial_ms: 86_400_000, increment_ms: 0 });
            c.send(&create("chess", Vec::new(), day, None)).ok()?;
            let (room, _) = joined(&mut c)?;
            c.send(&ClientMsg::Join { room, seat: None, name: "twin".into(), password: None }).ok()?;
            joined(&mut c);
            Some(())
        }),
        ("tokens_and_seats", |addr, t, n, rng, _| {
            let mut c = dial(addr, attacker_ip(4, t, n)).ok()?;
            for _ in 0..10 {
                let room = rng.random_range(1..200u64);
                let token: String = (0..32).map(|_| format!("{:x}", rng.random_range(0..16u8))).collect();
                c.send(&ClientMsg::Move { room, token: token.clone(), mv: "e2e4".into(), ply: 0 }).ok()?;
                c.send(&ClientMsg::Resume { room, token }).ok()?;
                c.send(&ClientMsg::Join { room, seat: Some(0), name: "thief".into(), password: None }).ok()?;
            }
            c.send(&ClientMsg::Ping { id: 1 }).ok()?;
            let _ = c.wait_for(|m| matches!(m, ServerMsg::Pong { .. }).then_some(()));
            Some(())
        }),
        ("computer_seats", |addr, t, n, rng, _| {
            let mut c = dial(addr, attacker_ip(5, t, n % 8)).ok()?;
            let greedy = |options: &[(&str, &str)]| SeatSpec {
                player: "hard".into(),
                time_ms: Some(60_000),
                options: options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            };
            for options in [&[("hash_mb", "2000")][..], &[("threads", "64")][..]] {
                c.send(&create("chess", vec![SeatSpec::human(), greedy(options)], None, None)).ok()?;
            }
            // Within the caps: make the computer think, move after move.
            let hard = SeatSpec { player: "hard".into(), time_ms: Some(10_000), options: BTreeMap::new() };
            c.send(&create("gomoku", vec![SeatSpec::human(), hard], None, None)).ok()?;
            let (room, token) = joined(&mut c)?;
            let mut ply = 0;
            for _ in 0..4 {
                let mv = format!("{}{}", (b'a' + rng.random_range(0..15u8)) as char, rng.random_range(1..16));
                c.send(&ClientMsg::Move { room, token: token.clone(), mv, ply }).ok()?;
                match c.wait_for(|m| match m {
                    ServerMsg::Moved { ply: p, .. } if *p == ply + 1 => Some(()),
                    _ => None,
                }) {
                    Ok(()) => ply += 2,
                    Err(_) => break,
                }
            }
            Some(())
        }),
        ("password_guess", |addr, t, n, _, private| {
            let mut c = dial(addr, attacker_ip(6, t, n)).ok()?;
            for guess in 0..20u64 {
                let password = format!("{:04}", (n * 20 + guess) % 10_000);
                c.send(&ClientMsg::Watch { room: private, password: Some(password) }).ok()?;
            }
            c.send(&ClientMsg::Ping { id: 1 }).ok()?;
            let _ = c.wait_for(|m| matches!(m, ServerMsg::Pong { .. }).then_some(()));
            Some(())
        }),
        ("never_reads", |addr, t, n, _, _| {
            let mut c = dial(addr, attacker_ip(7, t, n)).ok()?;
            let lists: String = (0..50).map(|_| ClientMsg::ListRooms.to_line()).collect();
            let _ = c.send_raw(lists.as_bytes());
            thread::sleep(Duration::from_secs(5));
            Some(())
        }),
        ("chat_and_new_games", |addr, t, n, _, _| {
            let mut c = dial(addr, attacker_ip(8, t, n % 8)).ok()?;
            let random = SeatSpec { player: "random".into(), time_ms: Some(1), options: BTreeMap::new() };
            c.send(&create("tictactoe", vec![SeatSpec::human(), random], None, None)).ok()?;
            let (room, token) = joined(&mut c)?;
            for i in 0..30 {
                c.send(&ClientMsg::Chat { room, token: token.clone(), text: format!("spam {i}") }).ok()?;
                c.send(&ClientMsg::Move { room, token: token.clone(), mv: "b2".into(), ply: 0 }).ok()?;
                c.send(&ClientMsg::Request { room, token: token.clone(), kind: RequestKind::NewGame }).ok()?;
            }
            Some(())
        }),
    ]
}

/// Runs honest players and attackers together, then checks the records.
pub fn run(config: &CampaignConfig, rules: Arc<RulesBox>) -> CampaignReport {
    let stop = Arc::new(AtomicBool::new(false));
    let mut report = CampaignReport::default();
    // The honest private room the guessers aim at.
    let private = Connection::connect(&config.addr, "campaign owner")
        .ok()
        .and_then(|mut c| {
            c.set_timeout(Some(Duration::from_secs(10))).ok()?;
            c.send(&create("chess", Vec::new(), None, Some("7391".into()))).ok()?;
            joined(&mut c).map(|(room, _)| (room, c))
        })
        .map(|(room, c)| (room, Some(c)))
        .unwrap_or((0, None));
    let mut attackers = Vec::new();
    let counts: Vec<(&'static str, Arc<AtomicU64>)> =
        attacks().into_iter().map(|(name, _)| (name, Arc::new(AtomicU64::new(0)))).collect();
    for (kind, (_, attack)) in attacks().into_iter().enumerate() {
        for t in 0..config.attackers {
            let (addr, stop, count) = (config.addr.clone(), Arc::clone(&stop), Arc::clone(&counts[kind].1));
            let room = private.0;
            attackers.push(thread::spawn(move || {
                let mut rng = tabula_kit::rng::rng_from_seed((kind * 1000 + t) as u64);
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let _ = attack(&addr, t, n, &mut rng, room);
                    count.fetch_add(1, Ordering::Relaxed);
                    n += 1;
                }
            }));
        }
    }
    let honest = honest_players(config, &rules, &stop);
    // The honest players end by themselves at the end of the campaign; the
    // attack lasts as long.
    thread::sleep(config.duration);
    stop.store(true, Ordering::Relaxed);
    for a in attackers {
        let _ = a.join();
    }
    drop(private.1);
    report.attacks = counts.iter().map(|(k, c)| (*k, c.load(Ordering::Relaxed))).collect();
    let mut latencies = Vec::new();
    let mut seen = Vec::new();
    for h in honest {
        match h.join() {
            Ok(Ok(s)) => seen.push(s),
            Ok(Err(e)) => report.errors.push(e),
            Err(_) => report.errors.push("an honest player panicked".into()),
        }
    }
    for s in &seen {
        latencies.extend(s.round_trips.iter().copied());
        report.honest_moves += s.acknowledged.len();
    }
    latencies.sort();
    let pick = |q: f64| -> f64 {
        let i = ((latencies.len().max(1) as f64 - 1.0) * q).round() as usize;
        latencies.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    (report.p50_ms, report.p99_ms, report.max_ms) = (pick(0.5), pick(0.99), pick(1.0));
    match lost_moves(&config.addr, &seen) {
        Ok(n) => report.lost = n,
        Err(e) => report.errors.push(e),
    }
    report
}

/// What one honest player saw acknowledged.
struct Honest {
    room: u64,
    game: u32,
    acknowledged: Vec<(u32, String)>,
    round_trips: Vec<Duration>,
}

fn honest_players(
    config: &CampaignConfig,
    rules: &Arc<RulesBox>,
    stop: &Arc<AtomicBool>,
) -> Vec<thread::JoinHandle<Result<Honest, String>>> {
    let mut out = Vec::new();
    let until = Instant::now() + config.duration;
    for index in 0..config.honest_rooms {
        let (tx, rx) = std::sync::mpsc::channel::<u64>();
        let mut pair = vec![(0u8, Some(tx), None), (1u8, None, Some(rx))];
        for (seat, tx, rx) in pair.drain(..) {
            let (config, rules, stop) = (config.clone(), Arc::clone(rules), Arc::clone(stop));
            let seed = (index as u64) << 8 | seat as u64;
            out.push(thread::spawn(move || honest(&config, &rules, seat, tx, rx, seed, until, &stop)));
        }
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn honest(
    config: &CampaignConfig,
    rules: &Arc<RulesBox>,
    seat: u8,
    room_tx: Option<std::sync::mpsc::Sender<u64>>,
    room_rx: Option<std::sync::mpsc::Receiver<u64>>,
    seed: u64,
    until: Instant,
    stop: &AtomicBool,
) -> Result<Honest, String> {
    let fail = |e: ClientError| format!("honest seat {seat}: {e}");
    let mut conn = Connection::connect(&config.addr, "honest").map_err(fail)?;
    conn.set_timeout(Some(Duration::from_secs(30))).map_err(fail)?;
    match &room_rx {
        None => conn.send(&create("chess", Vec::new(), None, None)),
        Some(rx) => {
            let room = rx.recv_timeout(Duration::from_secs(30)).map_err(|e| format!("no room: {e}"))?;
            conn.send(&ClientMsg::Join { room, seat: Some(1), name: "honest".into(), password: None })
        }
    }
    .map_err(fail)?;
    let (room, token) = joined(&mut conn).ok_or("honest player not seated")?;
    if let Some(tx) = room_tx {
        let _ = tx.send(room);
    }
    let mut rng = tabula_kit::rng::rng_from_seed(seed);
    let mut session = Session::new(Arc::clone(rules), "").map_err(|e| e.to_string())?;
    let mut me = Honest { room, game: 1, acknowledged: Vec::new(), round_trips: Vec::new() };
    let mut started = seat == 1;
    let mut sent: Option<Instant> = None;
    loop {
        if Instant::now() > until || stop.load(Ordering::Relaxed) {
            return Ok(me);
        }
        if started && sent.is_none() && session.side_to_move() == seat {
            thread::sleep(config.think);
            let moves = session.legal_moves().map_err(|e| e.to_string())?;
            let Some(mv) = moves.choose(&mut rng).copied() else { return Ok(me) };
            let (text, _) = session.move_texts(mv).map_err(|e| e.to_string())?;
            let ply = session.history().len() as u32;
            sent = Some(Instant::now());
            conn.send(&ClientMsg::Move { room, token: token.clone(), mv: text, ply }).map_err(fail)?;
        }
        let got = match conn.recv() {
            // The campaign is over while this seat waited for the other's
            // move, which will not come: the end, not an error.
            Err(_) if Instant::now() > until || stop.load(Ordering::Relaxed) => return Ok(me),
            got => got.map_err(fail)?,
        };
        match got {
            ServerMsg::State { state } => {
                started = state.summary.seats.iter().all(|s| s.taken);
                if state.game != me.game {
                    // The next game began (both asked for it): a new board.
                    session = Session::new(Arc::clone(rules), "").map_err(|e| e.to_string())?;
                    me.acknowledged.clear();
                    sent = None;
                }
                me.game = state.game;
                if state.result.is_some() {
                    // A finished game: the next one, with the same seats.
                    conn.send(&ClientMsg::Request { room, token: token.clone(), kind: RequestKind::NewGame })
                        .map_err(fail)?;
                }
            }
            ServerMsg::Offer { kind: RequestKind::NewGame, seat: s, .. } if s != seat => {
                conn.send(&ClientMsg::Answer { room, token: token.clone(), kind: RequestKind::NewGame, accept: true })
                    .map_err(fail)?;
            }
            ServerMsg::Moved { ply, mv, result, .. } => {
                if mv.player == seat {
                    if let Some(at) = sent.take() {
                        me.round_trips.push(at.elapsed());
                    }
                }
                session.play_text(&mv.coordinate).map_err(|e| format!("room {room}: {e}"))?;
                me.acknowledged.push((ply, mv.coordinate));
                if result.is_some() {
                    conn.send(&ClientMsg::Request { room, token: token.clone(), kind: RequestKind::NewGame })
                        .map_err(fail)?;
                }
            }
            ServerMsg::Error { code, message, .. }
                if !matches!(code, crate::protocol::ErrorCode::NoRequest | crate::protocol::ErrorCode::GameOver) =>
            {
                return Err(format!("honest room {room} seat {seat}: {code:?}: {message}"));
            }
            _ => {}
        }
    }
}

/// Exports each honest room's current game and counts the acknowledged
/// moves that are not in it.
fn lost_moves(addr: &str, seen: &[Honest]) -> Result<usize, String> {
    let mut lost = 0;
    for (i, h) in seen.iter().enumerate() {
        let ip = IpAddr::V4(Ipv4Addr::new(127, 9, (i / 250) as u8, (i % 250) as u8 + 1));
        let mut c = dial(addr, ip).map_err(|e| e.to_string())?;
        c.send(&ClientMsg::Export { room: h.room, game: Some(h.game), format: ExportFormat::Toml, password: None })
            .map_err(|e| e.to_string())?;
        let text = c
            .wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None })
            .map_err(|e| format!("room {}: {e}", h.room))?;
        let record = tabula_core::records::text::read(&text).map_err(|e| format!("room {}: {e}", h.room))?;
        let stored = record.game.first().map(|g| g.moves.clone()).unwrap_or_default();
        lost += h.acknowledged.iter().filter(|(ply, mv)| stored.get(*ply as usize) != Some(mv)).count();
    }
    Ok(lost)
}
