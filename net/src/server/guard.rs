//! What one network address may spend: connections, rooms created (open
//! and per hour) and wrong passwords. An address is an IPv4 address or an
//! IPv6 /64 (one subscriber's usual allocation), so a client cannot dodge
//! a limit by reconnecting or by walking its own prefix.

use std::collections::{HashMap, HashSet, VecDeque};
use std::net::{IpAddr, SocketAddr};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::limits::{password_wait, Limits};
use super::lock;

/// The key an address is counted under.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Peer(IpAddr);

impl Peer {
    /// The key of a peer's socket address.
    pub fn of(addr: SocketAddr) -> Peer {
        match addr.ip() {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => Peer(IpAddr::V4(v4)),
                None => {
                    let s = v6.segments();
                    Peer(IpAddr::V6(std::net::Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0)))
                }
            },
            v4 => Peer(v4),
        }
    }
}

impl std::fmt::Display for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
            v4 => write!(f, "{v4}"),
        }
    }
}

#[derive(Default)]
struct Account {
    connections: usize,
    rooms: HashSet<u64>,
    created: VecDeque<Instant>,
    wrong: u32,
    wrong_at: Option<Instant>,
}

impl Account {
    fn unused(&self) -> bool {
        self.connections == 0 && self.rooms.is_empty() && self.created.is_empty() && self.wrong == 0
    }
}

/// Per-address accounts, and wrong passwords per room.
#[derive(Default)]
pub struct Guard {
    accounts: Mutex<HashMap<Peer, Account>>,
    rooms: Mutex<HashMap<u64, (u32, Instant)>>,
}

/// How long a password lockout or a room creation is remembered.
const HOUR: Duration = Duration::from_secs(3600);

impl Guard {
    /// Counts a new connection from `peer`, or refuses it.
    pub fn connect(&self, peer: Peer, limits: &Limits) -> Result<(), String> {
        let mut accounts = lock(&self.accounts);
        let a = accounts.entry(peer).or_default();
        if a.connections >= limits.connections_per_address {
            return Err(format!("{peer} has {} connections open, as many as the server allows", a.connections));
        }
        a.connections += 1;
        Ok(())
    }

    /// A connection from `peer` closed.
    pub fn disconnect(&self, peer: Peer) {
        let mut accounts = lock(&self.accounts);
        if let Some(a) = accounts.get_mut(&peer) {
            a.connections = a.connections.saturating_sub(1);
            if a.unused() {
                accounts.remove(&peer);
            }
        }
    }

    /// Whether `peer` may create a room now. `open` says whether one of
    /// its rooms is still open (in memory, unfinished); closed ones stop
    /// counting.
    pub fn may_create(&self, peer: Peer, limits: &Limits, open: impl Fn(u64) -> bool) -> Result<(), String> {
        let mut accounts = lock(&self.accounts);
        let a = accounts.entry(peer).or_default();
        a.rooms.retain(|id| open(*id));
        while a.created.front().is_some_and(|t| t.elapsed() > HOUR) {
            a.created.pop_front();
        }
        if a.rooms.len() >= limits.rooms_per_address {
            return Err(format!(
                "{peer} has {} unfinished rooms open, as many as the server allows; finish or leave one first",
                a.rooms.len()
            ));
        }
        if a.created.len() >= limits.rooms_per_hour {
            return Err(format!(
                "{peer} has created {} rooms in the last hour, as many as the server allows",
                a.created.len()
            ));
        }
        Ok(())
    }

    /// Records a room `peer` created.
    pub fn created(&self, peer: Peer, room: u64) {
        let mut accounts = lock(&self.accounts);
        let a = accounts.entry(peer).or_default();
        a.rooms.insert(room);
        a.created.push_back(Instant::now());
    }

    /// How long `peer` must still wait before trying a password, and
    /// anybody before trying one for `room` (whether the room is in memory
    /// or not), and which of the two waits.
    pub fn password_wait(&self, peer: Option<Peer>, room: u64, limits: &Limits) -> Option<(Duration, String)> {
        let by_room = lock(&self.rooms).get(&room).map_or(Duration::ZERO, |(n, at)| remaining(*n, Some(*at), limits));
        if !by_room.is_zero() {
            return Some((by_room, format!("room {room}")));
        }
        let accounts = lock(&self.accounts);
        let a = accounts.get(&peer?)?;
        let by_peer = remaining(a.wrong, a.wrong_at, limits);
        (!by_peer.is_zero()).then(|| (by_peer, peer.map(|p| p.to_string()).unwrap_or_default()))
    }

    /// Records a password try for `room` from `peer`.
    pub fn password_tried(&self, peer: Option<Peer>, room: u64, right: bool) {
        {
            let mut rooms = lock(&self.rooms);
            if right {
                rooms.remove(&room);
            } else {
                rooms.retain(|_, (_, at)| at.elapsed() < HOUR);
                let entry = rooms.entry(room).or_insert((0, Instant::now()));
                *entry = (entry.0 + 1, Instant::now());
            }
        }
        let Some(peer) = peer else { return };
        let mut accounts = lock(&self.accounts);
        let a = accounts.entry(peer).or_default();
        if a.wrong_at.is_some_and(|t| t.elapsed() > HOUR) {
            a.wrong = 0;
        }
        if right {
            a.wrong = 0;
            a.wrong_at = None;
        } else {
            a.wrong += 1;
            a.wrong_at = Some(Instant::now());
        }
    }
}

/// What is left of the wait after `wrong` failures, the last at `at`.
pub fn remaining(wrong: u32, at: Option<Instant>, limits: &Limits) -> Duration {
    let Some(at) = at else { return Duration::ZERO };
    password_wait(wrong, limits.password_tries, limits.password_wait_max).saturating_sub(at.elapsed())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_prefix_counts_as_one_address() {
        let a: SocketAddr = "[2001:db8:1:2:aaaa::1]:5".parse().unwrap();
        let b: SocketAddr = "[2001:db8:1:2:bbbb::9]:6".parse().unwrap();
        let c: SocketAddr = "[::ffff:10.0.0.1]:7".parse().unwrap();
        assert_eq!(Peer::of(a), Peer::of(b));
        assert_eq!(Peer::of(c).to_string(), "10.0.0.1");
        let guard = Guard::default();
        let limits =
            Limits { connections_per_address: 2, rooms_per_address: 1, rooms_per_hour: 2, ..Limits::default() };
        assert!(guard.connect(Peer::of(a), &limits).is_ok() && guard.connect(Peer::of(b), &limits).is_ok());
        assert!(guard.connect(Peer::of(a), &limits).unwrap_err().contains("2001:db8:1:2::/64 has 2 connections"));
        guard.disconnect(Peer::of(a));
        assert!(guard.connect(Peer::of(b), &limits).is_ok());
        let p = Peer::of(c);
        assert!(guard.may_create(p, &limits, |_| true).is_ok());
        guard.created(p, 1);
        assert!(guard.may_create(p, &limits, |_| true).unwrap_err().contains("1 unfinished rooms"));
        assert!(guard.may_create(p, &limits, |_| false).is_ok(), "a finished room stops counting");
        guard.created(p, 2);
        assert!(guard.may_create(p, &limits, |_| false).unwrap_err().contains("in the last hour"));
    }
}
