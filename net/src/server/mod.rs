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
mod conn;
mod room;

pub use catalog::Catalog;

use std::collections::{BTreeMap, HashMap};
use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use tabula_core::plugins::PluginDirs;
use tabula_core::source::EngineSpec;
use tabula_core::turn::{ComputerTurn, TurnEnd};

use catalog::Refusal;
use room::Room;

use crate::protocol::{ErrorCode, RoomSummary, ServerMsg};
use crate::store::{Store, StoreError, Sync};

/// The server's limits (docs/NETWORK.md lists them for client authors).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections at once; more are refused with `server_full`.
    pub max_connections: usize,
    /// Rooms in memory at once.
    pub max_rooms: usize,
    /// Rooms one connection may create.
    pub rooms_per_connection: usize,
    /// A connection silent this long is closed.
    pub idle_timeout: Duration,
    /// Messages per second a connection may send, sustained.
    pub rate: f64,
    /// Messages a connection may send in a burst.
    pub burst: f64,
    /// Lines queued for a client before it counts as too slow and is cut off.
    pub outbox: usize,
    /// How long a finished room nobody follows stays in memory.
    pub keep_finished: Duration,
    /// How long an unfinished room nobody follows stays in memory when no
    /// clock runs in it (untimed, or waiting for players). It stays in the
    /// database: joining or resuming it loads it again. Without this, rooms
    /// left by clients that went away would fill `max_rooms` for good.
    pub keep_abandoned: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 4096,
            max_rooms: 20_000,
            rooms_per_connection: 16,
            idle_timeout: Duration::from_secs(120),
            rate: 20.0,
            burst: 60.0,
            outbox: 4096,
            keep_finished: Duration::from_secs(600),
            keep_abandoned: Duration::from_secs(600),
        }
    }
}

/// How to run a server.
#[derive(Clone, Debug)]
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
}

/// Why a server cannot start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The data directory cannot be created.
    #[error("data directory {dir}: {source}")]
    DataDir {
        /// The directory.
        dir: String,
        /// What the system said.
        source: std::io::Error,
    },
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
    limits: Limits,
    connections: AtomicUsize,
}

/// Locks a mutex, carrying on after a thread panicked while holding it
/// (room state stays consistent: every change is checked before it is made).
pub(crate) fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

impl Shared {
    /// A room by number: from memory, or loaded from the database.
    fn room(&self, id: u64) -> Result<Arc<Mutex<Room>>, Refusal> {
        let mut rooms = lock(&self.rooms);
        if let Some(r) = rooms.get(&id) {
            return Ok(Arc::clone(r));
        }
        let no_room = || (ErrorCode::NoSuchRoom, format!("there is no room {id}"));
        let (stored, game) = {
            let store = lock(&self.store);
            let stored = store.room(id).map_err(|e| (ErrorCode::Internal, e.to_string()))?.ok_or_else(no_room)?;
            let game = store.game(id, None).map_err(|e| (ErrorCode::Internal, e.to_string()))?.ok_or_else(no_room)?;
            (stored, game)
        };
        let room = Arc::new(Mutex::new(Room::load(stored, game, &self.catalog)?));
        rooms.insert(id, Arc::clone(&room));
        Ok(room)
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
                room.result().is_none().then(|| room.summary())
            })
            .take(most)
            .collect()
    }

    fn all_rooms(&self) -> Vec<Arc<Mutex<Room>>> {
        lock(&self.rooms).values().cloned().collect()
    }
}

/// A bound server, ready to run.
pub struct Server {
    listener: TcpListener,
    shared: Arc<Shared>,
    restored: usize,
}

impl Server {
    /// Opens the database, restores every unfinished room and binds.
    pub fn bind(config: ServerConfig) -> Result<Server, ServeError> {
        std::fs::create_dir_all(&config.data)
            .map_err(|source| ServeError::DataDir { dir: config.data.display().to_string(), source })?;
        let store = Store::open(&config.data, config.sync)?;
        let unfinished = store.unfinished_rooms()?;
        let shared = Arc::new(Shared {
            store: Mutex::new(store),
            catalog: Catalog::new(config.dirs, config.engines, config.isolate_rules),
            rooms: Mutex::new(HashMap::new()),
            limits: config.limits,
            connections: AtomicUsize::new(0),
        });
        let mut restored = 0;
        for id in unfinished {
            match shared.room(id) {
                Ok(_) => restored += 1,
                Err((_, why)) => eprintln!("tabula serve: room {id} cannot be restored: {why}"),
            }
        }
        let listener = TcpListener::bind(&config.listen)
            .map_err(|source| ServeError::Listen { addr: config.listen.clone(), source })?;
        Ok(Server { listener, shared, restored })
    }

    /// The address actually listened on (the port, when 0 was asked for).
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// How many unfinished rooms came back from the database.
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// Serves until the process ends.
    pub fn run(self) {
        for room in self.shared.all_rooms() {
            drive_computers(&self.shared, &room);
        }
        let timer = Arc::clone(&self.shared);
        let _ = thread::Builder::new().name("clocks".into()).spawn(move || tick_forever(&timer));
        let next = AtomicU64::new(1);
        for stream in self.listener.incoming() {
            let Ok(stream) = stream else { continue };
            let shared = Arc::clone(&self.shared);
            if shared.connections.load(Ordering::SeqCst) >= shared.limits.max_connections {
                let msg = ServerMsg::error(ErrorCode::ServerFull, "the server has no room for more connections", None);
                let _ = std::io::Write::write_all(&mut &stream, msg.to_line().as_bytes());
                continue;
            }
            shared.connections.fetch_add(1, Ordering::SeqCst);
            let id = next.fetch_add(1, Ordering::SeqCst);
            let spawned = thread::Builder::new().name(format!("conn {id}")).spawn(move || {
                conn::serve(stream, &shared, id);
                shared.connections.fetch_sub(1, Ordering::SeqCst);
            });
            if spawned.is_err() {
                self.shared.connections.fetch_sub(1, Ordering::SeqCst);
            }
        }
    }
}

/// Lets flags fall and forgets the rooms nobody follows: finished ones
/// after `keep_finished`, abandoned ones after `keep_abandoned`.
fn tick_forever(shared: &Arc<Shared>) {
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
            if r.idle() {
                let keep = if r.result().is_some() {
                    Some(shared.limits.keep_finished)
                } else if r.clock_stopped() {
                    Some(shared.limits.keep_abandoned)
                } else {
                    // A clock that runs with nobody there ends the game
                    // by flag; forgetting the room would stop that clock.
                    None
                };
                if keep.is_some_and(|keep| r.last_seen.elapsed() > keep) {
                    forget.push(r.id);
                }
            }
        }
        if !forget.is_empty() {
            let mut rooms = lock(&shared.rooms);
            for id in forget {
                // Rooms are handed out only under this lock: when the map
                // holds the last reference, nobody is about to join it.
                if rooms.get(&id).is_some_and(|r| Arc::strong_count(r) == 1) {
                    rooms.remove(&id);
                }
            }
        }
    }
}

/// If a computer sits in the seat to move, starts its turn on a thread;
/// the move it returns passes the turn driver, then the same recording
/// as a person's move. A turn made moot (an undo, a new game, the end of
/// the game) is dropped when it returns.
pub(crate) fn drive_computers(shared: &Arc<Shared>, room: &Arc<Mutex<Room>>) {
    let mut r = lock(room);
    if r.thinking || r.result().is_some() || !r.full() {
        return;
    }
    let side = r.session_mut().side_to_move() as usize;
    let Some(mut player) = r.computers.get_mut(side).and_then(Option::take) else { return };
    let mut turn = ComputerTurn::start(r.session_mut(), &mut *player);
    r.thinking = true;
    let epoch = r.epoch;
    drop(r);
    let (shared, room_ref, room) = (Arc::clone(shared), room, Arc::clone(room));
    let spawned = thread::Builder::new().name("computer turn".into()).spawn(move || {
        let outcome = turn.wait(|_| {});
        let mut r = lock(&room);
        r.thinking = false;
        if r.epoch == epoch && r.result().is_none() {
            let id = r.id;
            let mut store = lock(&shared.store);
            match turn.finish(r.session_mut(), &mut *player, &outcome) {
                Ok(TurnEnd::Played(m)) => {
                    if let Err((_, why)) = r.record_move(m, &mut store) {
                        eprintln!("tabula serve: room {id}: {why}");
                    }
                }
                Ok(TurnEnd::Forfeited(result)) => {
                    if let Err((_, why)) = r.store_forfeit(result, &mut store) {
                        eprintln!("tabula serve: room {id}: {why}");
                    }
                }
                Err(e) => eprintln!("tabula serve: room {id}: {e}"),
            }
        }
        r.computers[side] = Some(player);
        drop(r);
        drive_computers(&shared, &room);
    });
    if spawned.is_err() {
        lock(room_ref).thinking = false;
    }
}
