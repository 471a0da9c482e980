//! The attacks of the campaign, each from loopback addresses of its own
//! (standing for other machines): floods, slowloris and silent
//! connections, rooms and clocks left behind, seat and token abuse,
//! computer seats asking for the server's memory and CPU, password
//! guessing, clients that never read, chat and new-game floods.

use std::collections::BTreeMap;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use rand::Rng;

use super::{create, dial, joined};
use crate::protocol::{ClientMsg, Clock, RequestKind, SeatSpec, ServerMsg};

/// What one round of an attack knows.
pub(super) struct Round<'a> {
    /// The server.
    pub addr: &'a str,
    /// The attacking thread's number within its kind.
    pub thread: usize,
    /// The round's number.
    pub n: u64,
    /// The thread's random numbers.
    pub rng: &'a mut tabula_kit::rng::Rng,
    /// An honest private room to guess the password of.
    pub private: u64,
    /// Set when the campaign ends: a round that waits stops waiting.
    pub stop: &'a AtomicBool,
}

impl Round<'_> {
    /// A loopback address for attack `kind`, this thread, this round.
    fn ip(&self, kind: u8, rounds: u64) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(127, 10 + kind, self.thread as u8, (self.n % rounds) as u8 + 1))
    }

    /// Waits `d`, or less if the campaign ends meanwhile; false if it ended.
    fn pause(&self, d: Duration) -> bool {
        let until = Instant::now() + d;
        while Instant::now() < until {
            if self.stop.load(Ordering::Relaxed) {
                return false;
            }
            thread::sleep(Duration::from_millis(50).min(until.saturating_duration_since(Instant::now())));
        }
        !self.stop.load(Ordering::Relaxed)
    }
}

/// One round of an attack (`None`: it could not even start).
pub(super) type Attack = fn(&mut Round) -> Option<()>;

fn raw(addr: &str, ip: IpAddr) -> Option<TcpStream> {
    use socket2::{Domain, Socket, Type};
    let to: std::net::SocketAddr = addr.parse().ok()?;
    let s = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    s.bind(&std::net::SocketAddr::new(ip, 0).into()).ok()?;
    s.connect_timeout(&to.into(), Duration::from_secs(5)).ok()?;
    Some(s.into())
}

/// Every attack, by name.
pub(super) fn attacks() -> Vec<(&'static str, Attack)> {
    vec![
        ("flood", flood),
        ("slowloris", slowloris),
        ("silent", silent),
        ("rooms_left_with_clocks", rooms_left_with_clocks),
        ("tokens_and_seats", tokens_and_seats),
        ("computer_seats", computer_seats),
        ("password_guess", password_guess),
        ("never_reads", never_reads),
        ("chat_and_new_games", chat_and_new_games),
    ]
}

fn flood(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(0, 250)).ok()?;
    let pings: String = (0..500).map(|i| ClientMsg::Ping { id: i }.to_line()).collect();
    let _ = c.send_raw(pings.as_bytes());
    while c.recv().is_ok() {}
    Some(())
}

fn slowloris(r: &mut Round) -> Option<()> {
    let mut s = raw(r.addr, r.ip(1, 250))?;
    s.write_all(b"{\"type\":\"hello\",\"versions\":[1]}\n{\"type\":").ok()?;
    for _ in 0..20 {
        if !r.pause(Duration::from_millis(500)) || s.write_all(b" ").is_err() {
            break;
        }
    }
    Some(())
}

fn silent(r: &mut Round) -> Option<()> {
    let s = raw(r.addr, r.ip(2, 250))?;
    r.pause(Duration::from_secs(3));
    drop(s);
    Some(())
}

fn rooms_left_with_clocks(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(3, 8)).ok()?;
    let day = Some(Clock { initial_ms: 86_400_000, increment_ms: 0 });
    c.send(&create("chess", Vec::new(), day, None)).ok()?;
    let (room, _) = joined(&mut c)?;
    c.send(&ClientMsg::Join { room, seat: None, name: "twin".into(), password: None }).ok()?;
    joined(&mut c);
    Some(())
}

fn tokens_and_seats(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(4, 250)).ok()?;
    for _ in 0..10 {
        let room = r.rng.random_range(1..200u64);
        let token: String = (0..32).map(|_| format!("{:x}", r.rng.random_range(0..16u8))).collect();
        c.send(&ClientMsg::Move { room, token: token.clone(), mv: "e2e4".into(), ply: 0 }).ok()?;
        c.send(&ClientMsg::Resume { room, token }).ok()?;
        c.send(&ClientMsg::Join { room, seat: Some(0), name: "thief".into(), password: None }).ok()?;
    }
    c.send(&ClientMsg::Ping { id: 1 }).ok()?;
    let _ = c.wait_for(|m| matches!(m, ServerMsg::Pong { .. }).then_some(()));
    Some(())
}

fn computer_seats(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(5, 8)).ok()?;
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
        if r.stop.load(Ordering::Relaxed) {
            break;
        }
        let mv = format!("{}{}", (b'a' + r.rng.random_range(0..15u8)) as char, r.rng.random_range(1..16));
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
}

fn password_guess(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(6, 250)).ok()?;
    for guess in 0..20u64 {
        let password = format!("{:04}", (r.n * 20 + guess) % 10_000);
        c.send(&ClientMsg::Watch { room: r.private, password: Some(password) }).ok()?;
    }
    c.send(&ClientMsg::Ping { id: 1 }).ok()?;
    let _ = c.wait_for(|m| matches!(m, ServerMsg::Pong { .. }).then_some(()));
    Some(())
}

fn never_reads(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(7, 250)).ok()?;
    let lists: String = (0..50).map(|_| ClientMsg::ListRooms.to_line()).collect();
    let _ = c.send_raw(lists.as_bytes());
    r.pause(Duration::from_secs(5));
    Some(())
}

fn chat_and_new_games(r: &mut Round) -> Option<()> {
    let mut c = dial(r.addr, r.ip(8, 8)).ok()?;
    let random = SeatSpec { player: "random".into(), time_ms: Some(1), options: BTreeMap::new() };
    c.send(&create("tictactoe", vec![SeatSpec::human(), random], None, None)).ok()?;
    let (room, token) = joined(&mut c)?;
    for i in 0..30 {
        c.send(&ClientMsg::Chat { room, token: token.clone(), text: format!("spam {i}") }).ok()?;
        c.send(&ClientMsg::Move { room, token: token.clone(), mv: "b2".into(), ply: 0 }).ok()?;
        c.send(&ClientMsg::Request { room, token: token.clone(), kind: RequestKind::NewGame }).ok()?;
    }
    Some(())
}
