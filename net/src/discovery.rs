//! Finding games on the local network with mDNS/DNS-SD (the `mdns-sd`
//! crate): a server announces itself as an instance of [`SERVICE`], and a
//! [`Scanner`] browses for such instances, asks each for its rooms and
//! keeps the list of games waiting for a player. See docs/NETWORK.md,
//! "Finding games on the local network".

use std::collections::{BTreeMap, BTreeSet};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use mdns_sd::{ServiceDaemon, ServiceEvent, ServiceInfo};

use crate::client::Connection;
use crate::protocol::{common_version, ClientMsg, Clock, ServerMsg, PROTOCOL_VERSIONS};

/// The DNS-SD service type of a Tabula server.
pub const SERVICE: &str = "_tabula._tcp.local.";

/// Why discovery cannot run.
#[derive(Debug, thiserror::Error)]
#[error("local network discovery (mDNS): {0}")]
pub struct DiscoveryError(String);

fn fail(e: impl std::fmt::Display) -> DiscoveryError {
    DiscoveryError(e.to_string())
}

/// A server announced on the local network; it stops being announced when dropped.
pub struct Announcement {
    daemon: ServiceDaemon,
    fullname: String,
}

/// Makes an instance name acceptable to DNS-SD: at most 63 bytes, no dots
/// (a dot would split the name into labels).
fn instance_name(name: &str) -> String {
    let mut out: String = name.chars().filter(|c| !c.is_control()).map(|c| if c == '.' { ' ' } else { c }).collect();
    while out.len() > 63 {
        out.pop();
    }
    if out.trim().is_empty() {
        "Tabula".into()
    } else {
        out
    }
}

impl Announcement {
    /// Announces a server listening on `port` of every interface as `name`
    /// (shown to players in Join lists). The TXT record carries the
    /// protocol versions the server speaks (`protocol=1,2`).
    pub fn start(name: &str, port: u16) -> Result<Announcement, DiscoveryError> {
        Announcement::start_with(name, port, None)
    }

    /// As [`Announcement::start`] for a server that takes TLS with the
    /// certificate of this fingerprint: the TXT record says so (`tls=1`,
    /// `fp=…`), and browsers connect with TLS and expect that certificate.
    pub fn start_with(name: &str, port: u16, tls: Option<&str>) -> Result<Announcement, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(fail)?;
        let name = instance_name(name);
        // The host label only has to be unique on the link; the process id
        // keeps two servers on one machine apart.
        let host = format!("tabula-{}-{port}.local.", std::process::id());
        let txt = [
            ("protocol", PROTOCOL_VERSIONS.map(|v| v.to_string()).join(",")),
            ("server", format!("tabula {}", env!("CARGO_PKG_VERSION"))),
            ("tls", if tls.is_some() { "1" } else { "0" }.to_string()),
            ("fp", tls.unwrap_or("").replace(':', "")),
        ];
        let info = ServiceInfo::new(SERVICE, &name, &host, "", port, &txt[..]).map_err(fail)?.enable_addr_auto();
        let fullname = info.get_fullname().to_string();
        daemon.register(info).map_err(fail)?;
        Ok(Announcement { daemon, fullname })
    }
}

impl Drop for Announcement {
    fn drop(&mut self) {
        // Say goodbye so browsers drop the entry now rather than at its TTL.
        if let Ok(done) = self.daemon.unregister(&self.fullname) {
            let _ = done.recv_timeout(Duration::from_secs(1));
        }
        let _ = self.daemon.shutdown();
    }
}

/// A server found on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundServer {
    /// The name it announced.
    pub name: String,
    /// `address:port` to connect to (`tls://address:port` when it takes TLS).
    pub addr: String,
    /// Protocol versions it speaks (from its TXT record).
    pub versions: Vec<u32>,
    /// The TLS certificate's fingerprint it announced.
    pub fingerprint: Option<String>,
}

/// A game waiting for a player on a server found on the local network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenGame {
    /// The server's announced name.
    pub server: String,
    /// `address:port` of the server.
    pub addr: String,
    /// The room.
    pub room: u64,
    /// The game's display name.
    pub title: String,
    /// The rules plugin.
    pub rules: String,
    /// Who is waiting (the names of the taken seats).
    pub players: Vec<String>,
    /// The first free seat.
    pub free_seat: u8,
    /// Whether joining needs a password.
    pub password: bool,
    /// The time control.
    pub clock: Option<Clock>,
    /// The server's TLS certificate fingerprint, as announced.
    pub fingerprint: Option<String>,
}

/// Browses the local network for Tabula servers on a thread, and asks each
/// for its rooms every `refresh`; [`Scanner::games`] is the latest list.
pub struct Scanner {
    servers: Arc<Mutex<BTreeMap<String, FoundServer>>>,
    games: Arc<Mutex<Vec<OpenGame>>>,
    stop: Arc<AtomicBool>,
    daemon: ServiceDaemon,
}

/// The address to reach a resolved instance at: IPv4 first (what players
/// type), then the rest.
fn best_addr(addrs: impl Iterator<Item = IpAddr>, port: u16) -> Option<String> {
    let mut all: Vec<IpAddr> = addrs.collect();
    all.sort_by_key(|a| (!a.is_ipv4(), a.is_loopback()));
    all.first().map(|a| SocketAddr::new(*a, port).to_string())
}

impl Scanner {
    /// Starts browsing.
    pub fn start(refresh: Duration) -> Result<Scanner, DiscoveryError> {
        let daemon = ServiceDaemon::new().map_err(fail)?;
        let events = daemon.browse(SERVICE).map_err(fail)?;
        let scanner =
            Scanner { servers: Arc::default(), games: Arc::default(), stop: Arc::new(AtomicBool::new(false)), daemon };
        let (servers, stop) = (Arc::clone(&scanner.servers), Arc::clone(&scanner.stop));
        thread::spawn(move || {
            let mut ips: BTreeMap<String, BTreeSet<IpAddr>> = BTreeMap::new();
            while !stop.load(Ordering::Relaxed) {
                let Ok(event) = events.recv_timeout(Duration::from_millis(200)) else { continue };
                let mut servers = servers.lock().unwrap_or_else(|e| e.into_inner());
                match event {
                    ServiceEvent::ServiceResolved(info) => {
                        // Each interface resolves on its own (loopback may come
                        // first): keep every address seen, pick from them all.
                        let seen = ips.entry(info.fullname.clone()).or_default();
                        seen.extend(info.addresses.iter().map(|a| a.to_ip_addr()));
                        let Some(addr) = best_addr(seen.iter().copied(), info.port) else { continue };
                        let tls = info.txt_properties.get_property_val_str("tls") == Some("1");
                        let addr = if tls { format!("tls://{addr}") } else { addr };
                        let fingerprint = info
                            .txt_properties
                            .get_property_val_str("fp")
                            .and_then(crate::tls::normalise_fingerprint)
                            .filter(|_| tls);
                        let versions = info
                            .txt_properties
                            .get_property_val_str("protocol")
                            .unwrap_or("")
                            .split(',')
                            .filter_map(|v| v.trim().parse().ok())
                            .collect();
                        let name = info.fullname.strip_suffix(SERVICE).unwrap_or(&info.fullname);
                        let name = name.trim_end_matches('.').replace("\\032", " ");
                        servers.insert(info.fullname.clone(), FoundServer { name, addr, versions, fingerprint });
                    }
                    ServiceEvent::ServiceRemoved(_, fullname) => {
                        servers.remove(&fullname);
                        ips.remove(&fullname);
                    }
                    _ => {}
                }
            }
        });
        let (servers, games, stop) =
            (Arc::clone(&scanner.servers), Arc::clone(&scanner.games), Arc::clone(&scanner.stop));
        thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let found: Vec<FoundServer> =
                    servers.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect();
                let list: Vec<OpenGame> = found.iter().flat_map(open_games).collect();
                *games.lock().unwrap_or_else(|e| e.into_inner()) = list;
                let until = Instant::now() + refresh;
                while Instant::now() < until && !stop.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(100));
                }
            }
        });
        Ok(scanner)
    }

    /// The servers found so far.
    pub fn servers(&self) -> Vec<FoundServer> {
        self.servers.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect()
    }

    /// The games waiting for a player, as of the last refresh.
    pub fn games(&self) -> Vec<OpenGame> {
        self.games.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }
}

impl Drop for Scanner {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        let _ = self.daemon.shutdown();
    }
}

/// The rooms of `server` with a free seat in an unfinished game whose
/// other players are connected (none if the server cannot be reached or
/// speaks no common protocol version).
pub fn open_games(server: &FoundServer) -> Vec<OpenGame> {
    if !server.versions.is_empty() && common_version(&server.versions).is_none() {
        return Vec::new();
    }
    let ask = || -> Option<Vec<OpenGame>> {
        let dial = crate::client::Dial { fingerprint: server.fingerprint.clone(), ..Default::default() };
        let mut conn = Connection::dial(&server.addr, "tabula-scanner", &dial).ok()?;
        conn.set_timeout(Some(Duration::from_secs(3))).ok()?;
        conn.send(&ClientMsg::ListRooms).ok()?;
        let rooms =
            conn.wait_for(|m| if let ServerMsg::Rooms { rooms } = m { Some(rooms.clone()) } else { None }).ok()?;
        let games = rooms
            .into_iter()
            .filter(|r| !r.finished)
            // A room whose players have all gone has nobody to play against.
            .filter(|r| r.seats.iter().any(|s| s.taken) && r.seats.iter().filter(|s| s.taken).all(|s| s.connected))
            .filter_map(|r| {
                let free = r.seats.iter().position(|s| !s.taken)?;
                Some(OpenGame {
                    server: server.name.clone(),
                    addr: server.addr.clone(),
                    room: r.room,
                    title: r.title.clone(),
                    rules: r.rules.clone(),
                    players: r.seats.iter().filter(|s| s.taken).map(|s| s.name.clone()).collect(),
                    free_seat: free as u8,
                    password: r.password,
                    clock: r.clock,
                    fingerprint: server.fingerprint.clone(),
                })
            })
            .collect();
        Some(games)
    };
    ask().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instance_names_fit_dns_sd() {
        assert_eq!(instance_name("Ann's games"), "Ann's games");
        assert_eq!(instance_name("a.b"), "a b");
        assert_eq!(instance_name("  "), "Tabula");
        assert_eq!(instance_name(&"é".repeat(40)).len(), 62);
    }

    #[test]
    fn an_ipv4_address_comes_first() {
        let v6: IpAddr = "fd00::2".parse().unwrap();
        let lo: IpAddr = "127.0.0.1".parse().unwrap();
        let v4: IpAddr = "192.0.2.2".parse().unwrap();
        assert_eq!(best_addr([v6, lo, v4].into_iter(), 7717).as_deref(), Some("192.0.2.2:7717"));
        assert_eq!(best_addr([v6].into_iter(), 1).as_deref(), Some("[fd00::2]:1"));
        assert_eq!(best_addr(std::iter::empty(), 1), None);
    }
}
