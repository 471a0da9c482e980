//! `tabula serve`: the game server. One thread accepts connections; each
//! connection has a reader thread (parsing, validating, acting) and a
//! writer thread (draining its bounded outbox); each computer's turn runs
//! on its own thread through the core's turn driver; one timer thread lets
//! flags fall and forgets finished rooms nobody follows (they stay in the
//! database and come back on demand).
//!
//! Locks are always taken in the order rooms map → one room → store, and
//! the map lock is never held while a room is locked.

mod catalog;
mod computers;
mod conn;
mod dice;
mod guard;
pub mod limits;
pub mod offer;
mod outbox;
mod room;
mod views;

pub use crate::datadir::{create_private, make_private, DataDirError};
pub use catalog::Catalog;
pub use limits::Limits;

use std::collections::{BTreeMap, HashMap, HashSet};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::plugins::PluginDirs;
use tabula_core::records::today;
use tabula_core::source::EngineSpec;
use tabula_core::turn::{ComputerTurn, TurnEnd};

use crate::datadir::{self, DirLock};
use catalog::Refusal;
use computers::Pool;
use guard::{Guard, Peer};
use room::Room;

use crate::protocol::{ErrorCode, RoomSummary, ServerMsg};
use crate::store::{Store, StoreError, Sync};
use crate::tls::ServerTls;

/// Token bucket: `rate` events per second, `burst` at once.
#[derive(Clone, Debug)]
pub(crate) struct Bucket {
    tokens: f64,
    last: Instant,
    rate: f64,
    burst: f64,
}

impl Bucket {
    /// A full bucket.
    pub(crate) fn new(rate: f64, burst: f64) -> Bucket {
        Bucket { tokens: burst, last: Instant::now(), rate, burst }
    }

    /// Takes one token if there is one.
    pub(crate) fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.last).as_secs_f64() * self.rate).min(self.burst);
        self.last = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// How to run a server.
#[derive(Clone)]
pub struct ServerConfig {
    /// `host:port` to listen on.
    pub listen: String,
    /// Directory of the database.
    pub data: PathBuf,
    /// Where the plugins are.
    pub dirs: PluginDirs,
    /// External engines seats may name.
    pub engines: BTreeMap<String, EngineSpec>,
    /// How hard commits are pushed to disk.
    pub sync: Sync,
    /// Limits.
    pub limits: Limits,
    /// Every room's rules run in a child process (`tabula serve
    /// --isolate-rules`): a crashing rules plugin ends that room's game
    /// with an error, not the server.
    pub isolate_rules: bool,
    /// TLS: with it, a connection whose first byte opens a TLS handshake
    /// is served over TLS.
    pub tls: Option<ServerTls>,
    /// Refuse connections that do not use TLS.
    pub tls_only: bool,
}

/// Why a server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The data directory cannot be created, or another server uses it.
    #[error(transparent)]
    DataDir(#[from] DataDirError),
    /// The database cannot be opened.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: String,
        /// What the system said.
        source: std::io::Error,
    },
}

/// What every thread of the server shares.
pub(crate) struct Shared {
    store: Mutex<Store>,
    catalog: Catalog,
    rooms: Mutex<HashMap<u64, Arc<Mutex<Room>>>>,
    /// Rooms being loaded from the database, outside the rooms lock.
    loading: Mutex<HashSet<u64>>,
    limits: Limits,
    connections: AtomicUsize,
    guard: Guard,
    computers: Pool,
    tls: Option<ServerTls>,
    tls_only: bool,
}

/// Locks a mutex, carrying on after a thread panicked while holding it
/// (room state stays consistent: every change is checked before it is made).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

fn internal(e: impl std::fmt::Display) -> Refusal {
    (ErrorCode::Internal, e.to_string())
}

impl Shared {
    /// A room by number: from memory, or loaded from the database. The
    /// password is checked first (against the database for a room not in
    /// memory), and a room is loaded outside the lock of the rooms map, so
    /// a slow load stalls nobody else; loading counts against the room cap.
    fn room(&self, id: u64, password: Option<Option<&str>>, peer: Option<Peer>) -> Result<Arc<Mutex<Room>>, Refusal> {
        let no_room = || (ErrorCode::NoSuchRoom, format!("there is no room {id}"));
        let found = lock(&self.rooms).get(&id).cloned();
        if let Some(r) = found {
            if let Some(given) = password {
                self.password_gate(&mut lock(&r), given, peer)?;
            }
            return Ok(r);
        }
        if let Some(given) = password {
            let stored = lock(&self.store).password(id).map_err(internal)?.ok_or_else(no_room)?;
            if let Some(p) = stored {
                self.password_gate_stored(id, &p, given, peer)?;
            }
        }
        loop {
            if let Some(r) = lock(&self.rooms).get(&id).cloned() {
                return Ok(r);
            }
            if lock(&self.loading).insert(id) {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        // Whoever else asks for this room waits until it is in the map (or
        // the load failed), even if the load panics.
        struct Loading<'a>(&'a Mutex<HashSet<u64>>, u64);
        impl Drop for Loading<'_> {
            fn drop(&mut self) {
                lock(self.0).remove(&self.1);
            }
        }
        let _loading = Loading(&self.loading, id);
        let room = self.load(id)?;
        let mut rooms = lock(&self.rooms);
        if rooms.len() >= self.limits.max_rooms {
            return Err((ErrorCode::ServerFull, "the server has no room for more rooms".into()));
        }
        let room = Arc::new(Mutex::new(room));
        rooms.insert(id, Arc::clone(&room));
        Ok(room)
    }

    fn load(&self, id: u64) -> Result<Room, Refusal> {
        let no_room = || (ErrorCode::NoSuchRoom, format!("there is no room {id}"));
        if lock(&self.rooms).len() >= self.limits.max_rooms {
            return Err((ErrorCode::ServerFull, "the server has no room for more rooms".into()));
        }
        let (stored, game) = {
            let store = lock(&self.store);
            if let Some(why) = store.quarantined(id).map_err(internal)? {
                return Err(internal(format!("room {id} is quarantined: {why}")));
            }
            let stored = store.room(id).map_err(internal)?.ok_or_else(no_room)?;
            let game = store.game(id, None).map_err(internal)?.ok_or_else(no_room)?;
            (stored, game)
        };
        Room::load(stored, game, &self.catalog, &self.limits)
    }

    /// A password try against a room in memory: the room's and the
    /// address's waits first, then the password.
    fn password_gate(&self, room: &mut Room, given: Option<&str>, peer: Option<Peer>) -> Result<(), Refusal> {
        if room.password().is_none() {
            return Ok(());
        }
        let right = room.password_opens(given);
        self.password_try(room.id, right, given.is_some(), peer)
    }

    fn password_gate_stored(
        &self,
        id: u64,
        stored: &str,
        given: Option<&str>,
        peer: Option<Peer>,
    ) -> Result<(), Refusal> {
        let right = given.is_some_and(|g| room::same(g.as_bytes(), stored.as_bytes()));
        self.password_try(id, right, given.is_some(), peer)
    }

    /// Refuses a try while the room or the address must wait; records it.
    fn password_try(&self, room: u64, right: bool, tried: bool, peer: Option<Peer>) -> Result<(), Refusal> {
        if let Some((wait, who)) = self.guard.password_wait(peer, room, &self.limits) {
            return Err((
                ErrorCode::Password,
                format!("too many wrong passwords for {who}: try again in {} s", wait.as_secs() + 1),
            ));
        }
        if tried {
            self.guard.password_tried(peer, room, right);
        }
        if right {
            Ok(())
        } else {
            Err((ErrorCode::Password, "this room needs its password".into()))
        }
    }

    /// The first `most` unfinished rooms by number; only those are
    /// summarised, so a list costs the same on a server of 20,000 rooms.
    fn open_rooms(&self, most: usize) -> Vec<RoomSummary> {
        let mut rooms: Vec<(u64, Arc<Mutex<Room>>)> =
            lock(&self.rooms).iter().map(|(id, room)| (*id, Arc::clone(room))).collect();
        rooms.sort_unstable_by_key(|(id, _)| *id);
        rooms
            .iter()
            .filter_map(|(_, room)| {
                let room = lock(room);
                (!room.ended()).then(|| room.summary())
            })
            .take(most)
            .collect()
    }

    fn all_rooms(&self) -> Vec<Arc<Mutex<Room>>> {
        lock(&self.rooms).values().cloned().collect()
    }

    /// Whether room `id` is in memory with its game going on.
    fn open(&self, id: u64) -> bool {
        let room = lock(&self.rooms).get(&id).cloned();
        room.is_some_and(|r| !lock(&r).ended())
    }

    /// Refuses new rooms and games once the database is at its quota.
    fn disk_ok(&self) -> Result<(), Refusal> {
        let max = self.limits.max_database_bytes;
        if max > 0 && lock(&self.store).size().map_err(internal)? >= max {
            return Err((ErrorCode::ServerFull, "the server's database is full: no new rooms or games for now".into()));
        }
        Ok(())
    }
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
    restored: usize,
    quarantined: usize,
    lock: DirLock,
}

/// Written in the data directory while rooms are restored: found at the
/// next start, it means that restoring killed the last one (memory, a
/// crashing plugin), and rooms are then loaded only when players return.
const RESTORING: &str = "restoring";

impl Server {
    /// Takes the data directory, opens the database, restores the
    /// unfinished rooms (quarantining those that do not validate) and binds.
    pub fn bind(config: ServerConfig) -> Result<Server, ServeError> {
        let lock = datadir::claim(&config.data)?;
        let mut store = Store::open(&config.data, config.sync)?;
        let mut limits = config.limits.clone();
        if let Some(room) = datadir::connection_room(64) {
            limits.max_connections = limits.max_connections.min(room.max(1));
        }
        if limits.keep_days > 0 {
            let cutoff = days_ago(limits.keep_days);
            match store.delete_rooms_before(&cutoff, &HashSet::new()) {
                Ok(0) => {}
                Ok(n) => eprintln!("tabula serve: {n} room(s) older than {} days deleted", limits.keep_days),
                Err(e) => eprintln!("tabula serve: {e}"),
            }
        }
        let unfinished = store.unfinished_rooms()?;
        let searches = limits.computer_searches.max(1);
        let shared = Arc::new(Shared {
            store: Mutex::new(store),
            catalog: Catalog::new(config.dirs, config.engines, config.isolate_rules),
            rooms: Mutex::new(HashMap::new()),
            loading: Mutex::new(HashSet::new()),
            limits,
            connections: AtomicUsize::new(0),
            guard: Guard::default(),
            computers: Pool::new(searches),
            tls: config.tls,
            tls_only: config.tls_only,
        });
        let marker = config.data.join(RESTORING);
        let (mut restored, mut quarantined) = (0, 0);
        if marker.exists() {
            eprintln!(
                "tabula serve: the last start stopped while restoring rooms; this time rooms are loaded only \
                 when players come back (remove {} to restore them all at start again)",
                marker.display()
            );
        } else {
            let _ = datadir::create_private(&marker);
            for id in unfinished.into_iter().take(shared.limits.max_rooms) {
                match shared.room(id, None, None) {
                    Ok(_) => restored += 1,
                    Err((_, why)) => {
                        eprintln!("tabula serve: room {id} cannot be restored, quarantined: {why}");
                        let _ = lock_store(&shared).quarantine(id, &why, &today());
                        quarantined += 1;
                    }
                }
            }
            let _ = std::fs::remove_file(&marker);
        }
        let listener = TcpListener::bind(&config.listen)
            .map_err(|source| ServeError::Listen { addr: config.listen.clone(), source })?;
        let mut server = Server { listener, shared, restored, quarantined, lock };
        let addr = server.local_addr().map(|a| a.to_string()).unwrap_or_default();
        let _ = server.lock.note(&format!("listening on {addr}"));
        Ok(server)
    }

    /// The address actually listened on (the port, when 0 was asked for).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// How many unfinished rooms came back from the database.
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// How many rooms did not validate and were put aside.
    pub fn quarantined(&self) -> usize {
        self.quarantined
    }

    /// The connections the server takes at once (after the descriptor limit).
    pub fn max_connections(&self) -> usize {
        self.shared.limits.max_connections
    }

    /// Serves until the process ends.
    pub fn run(self) {
        for room in self.shared.all_rooms() {
            drive_computers(&self.shared, &room);
        }
        let timer = Arc::clone(&self.shared);
        let _ = thread::Builder::new().name("clocks".into()).spawn(move || tick_forever(&timer));
        let next = AtomicU64::new(1);
        let mut backoff = Duration::from_millis(10);
        loop {
            let (stream, addr) = match self.listener.accept() {
                Ok(s) => s,
                Err(e) => {
                    // Out of descriptors (EMFILE) or memory: wait for some
                    // to be freed instead of spinning on the error.
                    if backoff >= Duration::from_millis(640) {
                        eprintln!("tabula serve: accepting a connection: {e}");
                    }
                    thread::sleep(backoff);
                    backoff = (backoff * 2).min(Duration::from_secs(1));
                    continue;
                }
            };
            backoff = Duration::from_millis(10);
            self.accept(stream, addr, next.fetch_add(1, Ordering::SeqCst));
        }
    }

    fn accept(&self, stream: TcpStream, addr: SocketAddr, id: u64) {
        let shared = Arc::clone(&self.shared);
        let peer = Peer::of(addr);
        let refuse = |why: &str| {
            let msg = ServerMsg::error(ErrorCode::ServerFull, why, None);
            let _ = stream.set_write_timeout(Some(Duration::from_secs(1)));
            let _ = std::io::Write::write_all(&mut &stream, msg.to_line().as_bytes());
        };
        if shared.connections.load(Ordering::SeqCst) >= shared.limits.max_connections {
            return refuse("the server has no room for more connections");
        }
        if let Err(why) = shared.guard.connect(peer, &shared.limits) {
            return refuse(&why);
        }
        shared.connections.fetch_add(1, Ordering::SeqCst);
        let spawned = thread::Builder::new().name(format!("conn {id}")).stack_size(512 * 1024).spawn({
            let shared = Arc::clone(&shared);
            move || {
                conn::serve(stream, &shared, id, peer);
                shared.guard.disconnect(peer);
                shared.connections.fetch_sub(1, Ordering::SeqCst);
            }
        });
        if spawned.is_err() {
            shared.guard.disconnect(peer);
            shared.connections.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

fn lock_store(shared: &Shared) -> MutexGuard<'_, Store> {
    lock(&shared.store)
}

/// The date `days` days ago, as games store it (`YYYY.MM.DD`).
fn days_ago(days: u64) -> String {
    let days = i64::try_from(days).unwrap_or(i64::MAX / 86_400).min(3_650_000);
    tabula_core::records::date_of(time::OffsetDateTime::now_utc() - time::Duration::days(days))
}

/// Lets flags fall, tells the players of a room when they may claim the
/// win of one who left, forgets the rooms nobody follows (finished ones after
/// `keep_finished`; unfinished ones in which no person is connected after
/// `keep_abandoned`, their clocks kept as they stood) and, hourly, deletes
/// rooms past the retention period.
fn tick_forever(shared: &Arc<Shared>) {
    let mut swept = Instant::now();
    loop {
        thread::sleep(Duration::from_millis(50));
        let mut forget = Vec::new();
        for room in shared.all_rooms() {
            let mut r = lock(&room);
            if r.flag_due() {
                let mut store = lock(&shared.store);
                if let Err((_, why)) = r.flag_fell(&mut store) {
                    eprintln!("tabula serve: room {}: {why}", r.id);
                }
            }
            r.announce_claims();
            let keep = if r.ended() { shared.limits.keep_finished } else { shared.limits.keep_abandoned };
            let unattended = r.idle() || (!r.ended() && !r.anyone_connected() && !r.thinking);
            if !unattended {
                r.last_seen = Instant::now();
            } else if r.last_seen.elapsed() > keep {
                forget.push(r.id);
            }
        }
        if !forget.is_empty() {
            let mut rooms = lock(&shared.rooms);
            for id in forget {
                // Rooms are handed out only under this lock: when the map
                // holds the last reference, nobody is about to use it.
                if rooms.get(&id).is_some_and(|r| Arc::strong_count(r) == 1) {
                    let room = rooms.remove(&id);
                    if let Some(kept) = room.as_ref().and_then(|r| lock(r).clocks_to_keep()) {
                        if let Err(e) = lock(&shared.store).set_clocks(kept.0, &kept.1) {
                            eprintln!("tabula serve: room {id}: {e}");
                        }
                    }
                    if let Some(r) = room {
                        lock(&r).leave_all();
                    }
                }
            }
        }
        if shared.limits.keep_days > 0 && swept.elapsed() > Duration::from_secs(3600) {
            swept = Instant::now();
            let keep: HashSet<u64> = lock(&shared.rooms).keys().copied().collect();
            let cutoff = days_ago(shared.limits.keep_days);
            if let Err(e) = lock(&shared.store).delete_rooms_before(&cutoff, &keep) {
                eprintln!("tabula serve: {e}");
            }
        }
    }
}

/// If a computer sits in the seat to move, queues its turn: a player is
/// built for the search (so an idle room holds no search memory), and the
/// move it returns passes the turn driver, then the same recording as a
/// person's move. A turn made moot (an undo, a new game, the end of the
/// game) is dropped when it returns.
pub(crate) fn drive_computers(shared: &Arc<Shared>, room: &Arc<Mutex<Room>>) {
    let mut r = lock(room);
    if r.thinking || r.ended() || !r.full() {
        return;
    }
    let side = r.session_mut().side_to_move() as usize;
    let Some(spec) = r.computer_seat(side) else { return };
    r.thinking = true;
    let epoch = r.epoch;
    drop(r);
    let (shared2, room2) = (Arc::clone(shared), Arc::clone(room));
    shared.computers.submit(Box::new(move || {
        computer_turn(&shared2, &room2, side, &spec, epoch);
        lock(&room2).thinking = false;
        drive_computers(&shared2, &room2);
    }));
}

fn computer_turn(
    shared: &Arc<Shared>,
    room: &Arc<Mutex<Room>>,
    side: usize,
    spec: &crate::protocol::SeatSpec,
    epoch: u64,
) {
    let built = {
        let r = lock(room);
        if r.epoch != epoch || r.ended() {
            return;
        }
        let (plugin, options) = r.table();
        shared.catalog.computer(spec, plugin, options, shared.limits.seat)
    };
    let mut player = match built {
        Ok(p) => p,
        Err((_, why)) => {
            let mut r = lock(room);
            let id = r.id;
            eprintln!("tabula serve: room {id}: the computer cannot play: {why}");
            let result = GameResult::Forfeit { loser: side as u8, cause: ForfeitCause::Error, reason: why };
            let mut store = lock(&shared.store);
            if let Err((_, why)) = r.forfeit_now(result, &mut store) {
                eprintln!("tabula serve: room {id}: {why}");
            }
            return;
        }
    };
    let mut turn = {
        let mut r = lock(room);
        if r.epoch != epoch || r.result().is_some() {
            return;
        }
        // A computer claims every draw it may, as in every other driver.
        if matches!(r.session_mut().draw_claim(), Ok(Some(_))) {
            let id = r.id;
            let mut store = lock(&shared.store);
            if let Err((_, why)) = r.claim_now(&mut store) {
                eprintln!("tabula serve: room {id}: {why}");
            }
            return;
        }
        ComputerTurn::start(r.session_mut(), &mut *player)
    };
    let outcome = turn.wait(|_| {});
    let mut r = lock(room);
    if r.epoch != epoch || r.ended() {
        return;
    }
    let id = r.id;
    let mut store = lock(&shared.store);
    match turn.finish(r.session_mut(), &mut *player, &outcome) {
        Ok(TurnEnd::Played(_)) => {
            if let Err((_, why)) = r.record_move(&mut store) {
                eprintln!("tabula serve: room {id}: {why}");
            }
        }
        Ok(TurnEnd::Forfeited(result) | TurnEnd::Claimed(result)) => {
            if let Err((_, why)) = r.store_forfeit(result, &mut store) {
                eprintln!("tabula serve: room {id}: {why}");
            }
        }
        Err(e) => eprintln!("tabula serve: room {id}: {e}"),
    }
}
