//! The hostile campaign of scripts/net-campaign.sh: honest players keep
//! playing game after game while attackers, each from loopback addresses
//! of its own (standing for other machines), try everything issue 23
//! found (the `attacks` module). It reports the honest players' move round trips
//! and checks that every move they saw acknowledged, in every game, is in
//! the server's records.

mod attacks;
mod honest;

use std::collections::hash_map::Entry;
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use rules_api::RulesBox;

use crate::client::{ClientError, Connection, Dial};
use crate::protocol::{ClientMsg, Clock, ExportFormat, SeatSpec, ServerMsg};
use attacks::Round;
use honest::Honest;

/// What to run.
#[derive(Clone, Debug)]
pub struct CampaignConfig {
    /// The server (on loopback).
    pub addr: String,
    /// How long the attack lasts at most.
    pub duration: Duration,
    /// Rooms of two honest players.
    pub honest_rooms: usize,
    /// An honest player's pause between receiving the opponent's move and
    /// answering (people do not answer in a microsecond).
    pub think: Duration,
    /// Threads per kind of attack.
    pub attackers: usize,
    /// Each honest room stops after this many games, and the attack when
    /// every room has (a short campaign that needs no clock); `None`: the
    /// rooms play until the duration is over.
    pub games: Option<u32>,
}

/// What happened.
#[derive(Clone, Debug, Default)]
pub struct CampaignReport {
    /// The honest players' moves acknowledged.
    pub honest_moves: usize,
    /// Games the honest rooms played to their end.
    pub honest_games: usize,
    /// The fewest games an honest room played to their end.
    pub fewest_games: usize,
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

fn dial(addr: &str, ip: IpAddr) -> Result<Connection, ClientError> {
    let mut c = Connection::dial(addr, "campaign", &Dial { bind: Some(ip), ..Dial::default() })?;
    c.set_timeout(Some(Duration::from_secs(5)))?;
    Ok(c)
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
        attacks::attacks().into_iter().map(|(name, _)| (name, Arc::new(AtomicU64::new(0)))).collect();
    for (kind, (_, attack)) in attacks::attacks().into_iter().enumerate() {
        for thread in 0..config.attackers {
            let (addr, stop, count) = (config.addr.clone(), Arc::clone(&stop), Arc::clone(&counts[kind].1));
            let private = private.0;
            attackers.push(thread::spawn(move || {
                let mut rng = tabula_kit::rng::rng_from_seed((kind * 1000 + thread) as u64);
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let _ = attack(&mut Round { addr: &addr, thread, n, rng: &mut rng, private, stop: &stop });
                    count.fetch_add(1, Ordering::Relaxed);
                    n += 1;
                }
            }));
        }
    }
    let honest = honest::players(config, &rules, &stop);
    // The attack lasts as long as the honest players play.
    let until = Instant::now() + config.duration;
    while Instant::now() < until && honest.iter().any(|h| !h.is_finished()) {
        thread::sleep(Duration::from_millis(50));
    }
    stop.store(true, Ordering::Relaxed);
    for a in attackers {
        let _ = a.join();
    }
    drop(private.1);
    report.attacks = counts.iter().map(|(k, c)| (*k, c.load(Ordering::Relaxed))).collect();
    let mut seen = Vec::new();
    for h in honest {
        match h.join() {
            Ok(Ok(s)) => seen.push(s),
            Ok(Err(e)) => report.errors.push(e),
            Err(_) => report.errors.push("an honest player panicked".into()),
        }
    }
    summarise(&seen, config.honest_rooms, &mut report);
    match lost_moves(&config.addr, &seen) {
        Ok(n) => report.lost = n,
        Err(e) => report.errors.push(e),
    }
    report
}

/// Round trips, moves and games from what the honest players saw.
fn summarise(seen: &[Honest], rooms: usize, report: &mut CampaignReport) {
    let mut latencies: Vec<Duration> = seen.iter().flat_map(|s| s.round_trips.iter().copied()).collect();
    latencies.sort();
    let pick = |q: f64| -> f64 {
        let i = ((latencies.len().max(1) as f64 - 1.0) * q).round() as usize;
        latencies.get(i).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    (report.p50_ms, report.p99_ms, report.max_ms) = (pick(0.5), pick(0.99), pick(1.0));
    report.honest_moves = latencies.len();
    // Both players of a room see its games end; a room whose seat 0 failed counts none.
    let games: Vec<usize> = seen.iter().filter(|s| s.seat == 0).map(|s| s.finished as usize).collect();
    report.honest_games = games.iter().sum();
    report.fewest_games = if games.len() == rooms { games.iter().copied().min().unwrap_or(0) } else { 0 };
}

/// Exports every game the honest players saw moves of and counts the
/// acknowledged moves (each once per room) that are not in it.
fn lost_moves(addr: &str, seen: &[Honest]) -> Result<usize, String> {
    let mut stored: HashMap<(u64, u32), Vec<String>> = HashMap::new();
    let mut missing = BTreeSet::new();
    for (i, h) in seen.iter().enumerate() {
        for a in &h.acknowledged {
            let moves = match stored.entry((h.room, a.game)) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(e) => {
                    let ip = IpAddr::V4(Ipv4Addr::new(127, 9, (i / 250) as u8, (i % 250) as u8 + 1));
                    e.insert(exported_moves(addr, ip, h.room, a.game)?)
                }
            };
            if moves.get(a.ply as usize) != Some(&a.mv) {
                missing.insert((h.room, a.game, a.ply));
            }
        }
    }
    Ok(missing.len())
}

/// The moves of game `game` of room `room`, as the server exports them.
fn exported_moves(addr: &str, ip: IpAddr, room: u64, game: u32) -> Result<Vec<String>, String> {
    let fail = |e: ClientError| format!("room {room} game {game}: {e}");
    let mut c = dial(addr, ip).map_err(fail)?;
    c.send(&ClientMsg::Export { room, game: Some(game), format: ExportFormat::Toml, password: None }).map_err(fail)?;
    let text = c
        .wait_for(|m| if let ServerMsg::Exported { text, .. } = m { Some(text.clone()) } else { None })
        .map_err(fail)?;
    let record = tabula_core::records::text::read(&text).map_err(|e| format!("room {room} game {game}: {e}"))?;
    Ok(record.game.first().map(|g| g.moves.clone()).unwrap_or_default())
}
