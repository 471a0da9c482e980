//! The limits of `tabula serve`, one option each (docs/SECURITY.md says
//! what each protects and what a public server sets), and its TLS options.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use tabula_net::server::offer::SeatCaps;
use tabula_net::server::Limits;

/// What one client, one address and all computers together may spend.
#[derive(Args, Debug, Clone)]
pub struct LimitArgs {
    /// Messages per second one connection may send (bursts of three times that).
    #[arg(long, value_name = "N", default_value_t = 20.0)]
    pub rate: f64,
    /// Connections at once (lowered to what `ulimit -n` allows).
    #[arg(long, value_name = "N", default_value_t = 1024)]
    pub max_connections: usize,
    /// Connections at once from one address (an IPv6 /64 counts as one).
    #[arg(long, value_name = "N", default_value_t = 32)]
    pub connections_per_address: usize,
    /// Seconds a new connection has to say hello.
    #[arg(long, value_name = "SECONDS", default_value_t = 10)]
    pub hello_timeout: u64,
    /// Seconds a connection has to complete each message (send `ping` when idle).
    #[arg(long, value_name = "SECONDS", default_value_t = 120)]
    pub idle_timeout: u64,
    /// KiB queued for a client that does not read before it is cut off.
    #[arg(long, value_name = "KIB", default_value_t = 512)]
    pub outbox_kb: usize,
    /// Seconds a write to a client may block before it is cut off.
    #[arg(long, value_name = "SECONDS", default_value_t = 30)]
    pub write_timeout: u64,
    /// Rooms in memory at once.
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub max_rooms: usize,
    /// Rooms one connection may follow (play in or watch) at once.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub follows_per_connection: usize,
    /// Unfinished rooms in memory one address may have created.
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub rooms_per_address: usize,
    /// Rooms one address may create in an hour.
    #[arg(long, value_name = "N", default_value_t = 120)]
    pub rooms_per_hour: usize,
    /// Games one room may hold (each new game adds one).
    #[arg(long, value_name = "N", default_value_t = 200)]
    pub games_per_room: u32,
    /// Wrong passwords (per room, and per address) before each further try waits, 1 s doubling to 15 min.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub password_tries: u32,
    /// Chat lines per second one seat may send, sustained (bursts of 5).
    #[arg(long, value_name = "N", default_value_t = 1.0)]
    pub chat_rate: f64,
    /// Computer searches running at once (more wait in a queue); default: the cores this process may
    /// use, and no more than a quarter of its memory (its cgroup's limit) holds at --seat-memory-mb each.
    #[arg(long, value_name = "N")]
    pub computer_searches: Option<usize>,
    /// MiB one computer's search may use (its `*_mb` options times its threads).
    #[arg(long, value_name = "MIB", default_value_t = 16)]
    pub seat_memory_mb: u64,
    /// Threads one computer's search may use.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seat_threads: u64,
    /// Longest thinking time a computer seat may ask for, milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 10_000)]
    pub seat_time_ms: u64,
    /// Days a room stays in the database after its last game started (0: for ever).
    #[arg(long, value_name = "DAYS", default_value_t = 90)]
    pub keep_days: u64,
    /// Database size in MiB beyond which new rooms and games are refused (0: no limit).
    #[arg(long, value_name = "MIB", default_value_t = 4096)]
    pub max_database_mb: u64,
    /// Seconds a seated player's connection must have been gone before the others may claim the win or
    /// abort the game.
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    pub claim_after: u64,
}

impl LimitArgs {
    /// The limits, with rooms forgotten after `forget` seconds; the error
    /// names the option out of range.
    pub fn limits(&self, forget: u64) -> Result<Limits, String> {
        if !(self.rate > 0.0 && self.rate <= 10_000.0) {
            return Err(format!("--rate {}: from 0 to 10000 messages a second", self.rate));
        }
        if !(self.chat_rate > 0.0 && self.chat_rate <= 1000.0) {
            return Err(format!("--chat-rate {}: from 0 to 1000 lines a second", self.chat_rate));
        }
        let positive = [
            ("--max-connections", self.max_connections as u64),
            ("--connections-per-address", self.connections_per_address as u64),
            ("--hello-timeout", self.hello_timeout),
            ("--idle-timeout", self.idle_timeout),
            ("--outbox-kb", self.outbox_kb as u64),
            ("--write-timeout", self.write_timeout),
            ("--max-rooms", self.max_rooms as u64),
            ("--follows-per-connection", self.follows_per_connection as u64),
            ("--rooms-per-address", self.rooms_per_address as u64),
            ("--rooms-per-hour", self.rooms_per_hour as u64),
            ("--games-per-room", self.games_per_room as u64),
            ("--seat-memory-mb", self.seat_memory_mb),
            ("--seat-threads", self.seat_threads),
            ("--seat-time-ms", self.seat_time_ms),
        ];
        if let Some((name, _)) = positive.iter().find(|(_, v)| *v == 0) {
            return Err(format!("{name}: at least 1"));
        }
        if self.computer_searches == Some(0) {
            return Err("--computer-searches: at least 1".into());
        }
        let forget = Duration::from_secs(forget);
        Ok(Limits {
            max_connections: self.max_connections,
            connections_per_address: self.connections_per_address,
            hello_timeout: Duration::from_secs(self.hello_timeout),
            idle_timeout: Duration::from_secs(self.idle_timeout),
            rate: self.rate,
            burst: (self.rate * 3.0).max(10.0),
            outbox_bytes: self.outbox_kb.saturating_mul(1024),
            write_timeout: Duration::from_secs(self.write_timeout),
            max_rooms: self.max_rooms,
            follows_per_connection: self.follows_per_connection,
            rooms_per_address: self.rooms_per_address,
            rooms_per_hour: self.rooms_per_hour,
            games_per_room: self.games_per_room,
            keep_finished: forget,
            keep_abandoned: forget,
            password_tries: self.password_tries,
            chat_rate: self.chat_rate,
            computer_searches: self
                .computer_searches
                .unwrap_or_else(|| tabula_net::server::limits::default_searches_for(self.seat_memory_mb)),
            seat: SeatCaps { memory_mb: self.seat_memory_mb, threads: self.seat_threads, time_ms: self.seat_time_ms },
            keep_days: self.keep_days,
            max_database_bytes: self.max_database_mb.saturating_mul(1 << 20),
            claim_after: Duration::from_secs(self.claim_after),
            ..Limits::default()
        })
    }
}

/// TLS for `tabula serve`.
#[derive(Args, Debug, Clone)]
pub struct TlsArgs {
    /// The server's certificate chain (PEM), with --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM).
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Make a self-signed certificate (kept in the data directory) and serve TLS with it.
    #[arg(long, conflicts_with = "tls_cert")]
    pub tls_self_signed: bool,
    /// Refuse connections without TLS.
    #[arg(long)]
    pub tls_only: bool,
}
