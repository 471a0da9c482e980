//! Every resource a client can make the server spend has a limit here,
//! with its default; `tabula serve` has an option for each, and
//! docs/SECURITY.md says what each protects and what a public server sets.

use std::time::Duration;

use super::offer::SeatCaps;

/// The server's limits.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Connections at once; more are refused with `server_full`. Lowered at
    /// start to what the descriptor limit (`ulimit -n`) leaves.
    pub max_connections: usize,
    /// Connections at once from one address (an IPv6 /64 counts as one).
    pub connections_per_address: usize,
    /// A new connection must send `hello` within this.
    pub hello_timeout: Duration,
    /// A connection must complete a message within this of its previous
    /// one (a deadline, not a per-read timeout: a byte now and then does
    /// not keep a connection open).
    pub idle_timeout: Duration,
    /// Messages per second a connection may send, sustained.
    pub rate: f64,
    /// Messages a connection may send in a burst.
    pub burst: f64,
    /// Bytes queued for a client before it counts as too slow and is cut off.
    pub outbox_bytes: usize,
    /// A write to a client blocked this long cuts it off.
    pub write_timeout: Duration,
    /// Rooms in memory at once.
    pub max_rooms: usize,
    /// Rooms one connection may follow (play in or watch) at once.
    pub follows_per_connection: usize,
    /// Unfinished rooms in memory that one address created.
    pub rooms_per_address: usize,
    /// Rooms one address may create in an hour.
    pub rooms_per_hour: usize,
    /// Games one room may hold (each `new_game` adds one).
    pub games_per_room: u32,
    /// How long a finished room nobody follows stays in memory.
    pub keep_finished: Duration,
    /// How long an unfinished room in which no person is connected stays
    /// in memory. It stays in the database with its clocks as they stood:
    /// joining or resuming it loads it again. Without this, rooms left by
    /// clients that went away would fill `max_rooms` for good.
    pub keep_abandoned: Duration,
    /// Wrong passwords for one room, or from one address, before each
    /// further try must wait (1 s, doubling, up to [`Limits::password_wait_max`]).
    pub password_tries: u32,
    /// The longest wait between password tries.
    pub password_wait_max: Duration,
    /// Chat lines per second one seat may send, sustained (whatever the
    /// number of connections it uses).
    pub chat_rate: f64,
    /// Chat lines one seat may send in a burst.
    pub chat_burst: f64,
    /// Computer searches running at once; more wait in a queue.
    pub computer_searches: usize,
    /// The most one computer seat may use.
    pub seat: SeatCaps,
    /// Days a room is kept in the database after its last game started
    /// (0: for ever). Rooms in memory are never deleted.
    pub keep_days: u64,
    /// Size of the database beyond which new rooms and games are refused
    /// (bytes; 0: no limit).
    pub max_database_bytes: u64,
    /// How long a seated person's connection must have been gone before
    /// the players still there may claim the win or abort the game
    /// (docs/NETWORK.md, "A player who left"). A player back within it
    /// plays on as before.
    pub claim_after: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_connections: 1024,
            connections_per_address: 32,
            hello_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(120),
            rate: 20.0,
            burst: 60.0,
            outbox_bytes: 512 * 1024,
            write_timeout: Duration::from_secs(30),
            max_rooms: 20_000,
            follows_per_connection: 64,
            rooms_per_address: 16,
            rooms_per_hour: 120,
            games_per_room: 200,
            keep_finished: Duration::from_secs(600),
            keep_abandoned: Duration::from_secs(600),
            password_tries: 5,
            password_wait_max: Duration::from_secs(900),
            chat_rate: 1.0,
            chat_burst: 5.0,
            computer_searches: default_searches(),
            seat: SeatCaps { memory_mb: 16, threads: 1, time_ms: 10_000 },
            keep_days: 90,
            max_database_bytes: 4 << 30,
            claim_after: Duration::from_secs(60),
        }
    }
}

/// Searches at once by default: one per core the process may use (the
/// standard library reads the cgroup's CPU quota and the affinity mask),
/// and no more than a quarter of the memory the process may use (its
/// cgroup's limit, not the host's memory) allows at `seat_mb` each.
pub fn default_searches_for(seat_mb: u64) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let by_memory = tabula_kit::memory::limit_mib().map_or(usize::MAX, |mib| (mib / 4 / seat_mb.max(1)) as usize);
    cores.min(by_memory).max(1)
}

/// [`default_searches_for`] at the default 16 MiB a search.
pub fn default_searches() -> usize {
    default_searches_for(16)
}

/// The wait before the next password try after `failures` wrong ones:
/// none up to `free`, then 1 s doubling up to `max`.
pub fn password_wait(failures: u32, free: u32, max: Duration) -> Duration {
    if failures < free {
        return Duration::ZERO;
    }
    let doublings = (failures - free).min(20);
    Duration::from_secs(1u64 << doublings).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn password_waits_grow_to_their_ceiling() {
        let max = Duration::from_secs(900);
        let waits: Vec<u64> = (0..16).map(|f| password_wait(f, 5, max).as_secs()).collect();
        assert_eq!(waits, [0, 0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900]);
        assert_eq!(password_wait(u32::MAX, 5, max), max);
    }
}
