//! `tabula serve`: the game server of `tabula-net` on an address, with
//! its database under `--data`.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::common::{dirs, CliError};
use super::serve_limits::{LimitArgs, TlsArgs};
use tabula_core::source::EngineSpec;
use tabula_net::discovery::{open_games, Announcement, Scanner};
use tabula_net::server::{Server, ServerConfig};
use tabula_net::store::Sync;
use tabula_net::tls::ServerTls;

/// `tabula serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Address to listen on (`0.0.0.0:7717` takes players from the network).
    #[arg(long, value_name = "ADDR", default_value = "127.0.0.1:7717")]
    pub listen: String,
    /// Directory of the database (created if missing).
    #[arg(long, value_name = "DIR", default_value = "tabula-data")]
    pub data: PathBuf,
    /// An external engine seats may name: NAME=PROTOCOL:COMMAND, e.g.
    /// `stockfish=uci:/usr/games/stockfish` (repeatable). Clients can only
    /// name engines listed here.
    #[arg(long = "engine", value_name = "NAME=SPEC", value_parser = parse_engine)]
    pub engine: Vec<(String, EngineSpec)>,
    /// `normal` (survives the server being killed) or `full` (also
    /// survives power loss, one disk flush per move).
    #[arg(long, value_name = "MODE", default_value = "normal", value_parser = parse_sync)]
    pub sync: Sync,
    /// Announce the server on the local network (mDNS/DNS-SD) under this
    /// name, so windows list its games under Network → Join; listen on
    /// `0.0.0.0` for the other machines to reach it.
    #[arg(long, value_name = "NAME")]
    pub announce: Option<String>,
    /// Run each room's rules plugin in a child process: a crashing plugin
    /// ends that room's game with an error instead of the server.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
    /// Seconds a room nobody is connected to stays in memory once its game
    /// is over, or when no clock runs in it (it stays in the database: `join`
    /// or `resume` loads it again; `list_rooms` stops naming it).
    #[arg(long = "forget-after", value_name = "SECONDS", default_value_t = 600)]
    pub forget_after: u64,
    /// The limits of what clients may spend.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// TLS.
    #[command(flatten)]
    pub tls: TlsArgs,
}

fn parse_engine(text: &str) -> Result<(String, EngineSpec), String> {
    let (name, spec) = text.split_once('=').ok_or_else(|| format!("'{text}' is not NAME=PROTOCOL:COMMAND"))?;
    let spec =
        EngineSpec::parse(spec).ok_or_else(|| format!("'{spec}' is not PROTOCOL:COMMAND (uci, ucci, gomocup)"))?;
    Ok((name.trim().to_string(), spec))
}

fn parse_sync(text: &str) -> Result<Sync, String> {
    match text {
        "normal" => Ok(Sync::Normal),
        "full" => Ok(Sync::Full),
        _ => Err(format!("'{text}' is not normal or full")),
    }
}

/// Runs the server until the process is stopped.
pub fn serve(args: &ServeArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let limits = args.limits.limits(args.forget_after).map_err(CliError)?;
    let tls = match (&args.tls.tls_cert, &args.tls.tls_key, args.tls.tls_self_signed) {
        (Some(cert), Some(key), _) => Some(ServerTls::from_pem(cert, key).map_err(|e| CliError(e.to_string()))?),
        (_, _, true) => {
            let host = args.listen.rsplit_once(':').map_or(args.listen.as_str(), |(h, _)| h);
            let names = vec![host.trim_matches(|c| c == '[' || c == ']').to_string()];
            Some(ServerTls::self_signed(&args.data, &names).map_err(|e| CliError(e.to_string()))?)
        }
        _ => None,
    };
    if args.tls.tls_only && tls.is_none() {
        return Err(CliError("--tls-only needs --tls-cert and --tls-key, or --tls-self-signed".into()));
    }
    let fingerprint = tls.as_ref().map(|t| t.fingerprint.clone());
    let config = ServerConfig {
        listen: args.listen.clone(),
        data: args.data.clone(),
        dirs: dirs(extra),
        engines: args.engine.iter().cloned().collect::<BTreeMap<_, _>>(),
        sync: args.sync,
        limits,
        isolate_rules: args.isolate_rules,
        tls,
        tls_only: args.tls.tls_only,
    };
    let server = Server::bind(config).map_err(|e| CliError(e.to_string()))?;
    let addr = server.local_addr()?;
    let _announcement = match &args.announce {
        Some(name) => Some(
            Announcement::start_with(name, addr.port(), fingerprint.as_deref()).map_err(|e| CliError(e.to_string()))?,
        ),
        None => None,
    };
    let announced =
        args.announce.as_ref().map_or(String::new(), |n| format!(", announced on the local network as '{n}'"));
    let quarantined = match server.quarantined() {
        0 => String::new(),
        n => format!(", {n} quarantined (damaged, see above)"),
    };
    let tls = fingerprint.as_ref().map_or(String::new(), |f| format!(", TLS certificate SHA-256 {f}"));
    // One line a script can wait for (the port, when 0 was asked for);
    // nothing is printed after it, so a reader may close the pipe.
    println!(
        "tabula serve: listening on {addr}, data in {}, {} game(s) restored{quarantined}{tls}{announced}",
        args.data.display(),
        server.restored()
    );
    server.run();
    Ok(0)
}

/// `tabula lan`.
#[derive(Args, Debug)]
pub struct LanArgs {
    /// How long to listen for servers' announcements.
    #[arg(long, value_name = "S", default_value_t = 3.0)]
    pub seconds: f64,
}

/// Lists the servers announced on the local network and their games
/// waiting for a player.
pub fn lan(args: &LanArgs) -> Result<i32, CliError> {
    if !(args.seconds > 0.0 && args.seconds <= 600.0) {
        return Err(CliError(format!("--seconds {}: from 0 to 600", args.seconds)));
    }
    let scanner = Scanner::start(Duration::from_secs(3600)).map_err(|e| CliError(e.to_string()))?;
    std::thread::sleep(Duration::from_secs_f64(args.seconds));
    let servers = scanner.servers();
    let mut games = 0;
    for server in &servers {
        let versions: Vec<String> = server.versions.iter().map(|v| v.to_string()).collect();
        println!("server '{}' at {} (protocol {})", server.name, server.addr, versions.join(","));
        for g in open_games(server) {
            games += 1;
            let who = if g.players.is_empty() { "nobody yet".to_string() } else { g.players.join(", ") };
            let clock = g.clock.map_or(String::new(), |c| {
                format!(", clock {}+{}", c.initial_ms as f64 / 60_000.0, c.increment_ms / 1000)
            });
            let lock = if g.password { ", password" } else { "" };
            println!(
                "  room {}: {} ({}), waiting: {who}, free seat {}{clock}{lock}",
                g.room, g.title, g.rules, g.free_seat
            );
            let pin = g.fingerprint.as_ref().map_or(String::new(), |f| format!(" --fingerprint {f}"));
            println!("    tabula play --connect {} --room {}{pin}", g.addr, g.room);
        }
    }
    println!("{games} game(s) waiting on {} server(s)", servers.len());
    Ok(0)
}
