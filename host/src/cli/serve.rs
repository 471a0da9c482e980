//! `tabula serve`: the game server of `tabula-net` on an address, with
//! its database under `--data`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use clap::Args;

use super::common::{dirs, CliError};
use tabula_core::source::EngineSpec;
use tabula_net::server::{Limits, Server, ServerConfig};
use tabula_net::store::Sync;

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
    /// Messages per second one connection may send.
    #[arg(long, value_name = "N", default_value_t = 20.0)]
    pub rate: f64,
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
    if !(args.rate > 0.0 && args.rate <= 10_000.0) {
        return Err(CliError(format!("--rate {}: from 0 to 10000 messages a second", args.rate)));
    }
    let limits = Limits { rate: args.rate, burst: (args.rate * 3.0).max(10.0), ..Limits::default() };
    let config = ServerConfig {
        listen: args.listen.clone(),
        data: args.data.clone(),
        dirs: dirs(extra),
        engines: args.engine.iter().cloned().collect::<BTreeMap<_, _>>(),
        sync: args.sync,
        limits,
    };
    let server = Server::bind(config).map_err(|e| CliError(e.to_string()))?;
    let addr = server.local_addr()?;
    // One line a script can wait for (the port, when 0 was asked for).
    println!(
        "tabula serve: listening on {addr}, data in {}, {} game(s) restored",
        args.data.display(),
        server.restored()
    );
    server.run();
    Ok(0)
}
