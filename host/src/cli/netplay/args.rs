//! The network options of `tabula play` (`--connect` and the room, seat,
//! secret and TLS options beside it) and what is read from them: the
//! server's address, the player's name and the secrets given in files or
//! the environment.

use std::path::PathBuf;

use clap::Args;

use crate::cli::common::{parse_key_value, CliError};
use tabula_net::protocol::Clock;

/// The network options of `tabula play`.
#[derive(Args, Debug, Clone, Default)]
pub struct ConnectArgs {
    /// Play on the server at HOST:PORT.
    #[arg(long, value_name = "HOST:PORT")]
    pub connect: Option<String>,
    /// Your name on the server (default: $USER).
    #[arg(long, value_name = "NAME", requires = "connect")]
    pub name: Option<String>,
    /// Join this room (a free seat, or --seat).
    #[arg(long, value_name = "N", requires = "connect")]
    pub room: Option<u64>,
    /// Open a room for this game (a rules plugin name on the server).
    #[arg(long, value_name = "R", requires = "connect", conflicts_with = "room")]
    pub create: Option<String>,
    /// Rules option for --create, KEY=VALUE (repeatable).
    #[arg(long = "room-option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub room_option: Vec<(String, String)>,
    /// The seat to take, from 0 (0 moves first).
    #[arg(long, value_name = "K", requires = "connect")]
    pub seat: Option<u8>,
    /// With --create: a computer in the other seats (strategy name, level,
    /// or an engine the server names).
    #[arg(long, value_name = "S", requires = "create")]
    pub vs: Option<String>,
    /// With --create: MINUTES+SECONDS per side and increment, e.g. 5+3.
    #[arg(long, value_name = "M+S", requires = "create", value_parser = parse_clock)]
    pub clock: Option<Clock>,
    /// Room password (to create a private room, or to join one). Others on
    /// this machine can read a command line: prefer --password-file or
    /// the TABULA_PASSWORD environment variable.
    #[arg(long, value_name = "P", requires = "connect")]
    pub password: Option<String>,
    /// Read the room password from the first line of FILE.
    #[arg(long, value_name = "FILE", requires = "connect", conflicts_with = "password")]
    pub password_file: Option<PathBuf>,
    /// Take back your seat with its token (printed when you joined); or
    /// --token-file, or the TABULA_TOKEN environment variable.
    #[arg(long, value_name = "T", requires = "room")]
    pub token: Option<String>,
    /// Read the seat's token from the first line of FILE.
    #[arg(long, value_name = "FILE", requires = "room", conflicts_with = "token")]
    pub token_file: Option<PathBuf>,
    /// Connect with TLS (the same as writing tls://HOST:PORT).
    #[arg(long, requires = "connect")]
    pub tls: bool,
    /// With TLS: accept only the server certificate with this SHA-256
    /// fingerprint (without it, the first one met is remembered).
    #[arg(long, value_name = "SHA256", requires = "connect")]
    pub fingerprint: Option<String>,
    /// Follow the room without a seat.
    #[arg(long, requires = "room")]
    pub watch: bool,
}

/// A secret from the command line, else the first line of a file, else an
/// environment variable.
fn secret(given: &Option<String>, file: &Option<PathBuf>, env: &str) -> Result<Option<String>, CliError> {
    if let Some(g) = given {
        return Ok(Some(g.clone()));
    }
    if let Some(f) = file {
        let text = std::fs::read_to_string(f).map_err(|e| CliError(format!("{}: {e}", f.display())))?;
        let line = text.lines().next().unwrap_or("").trim_end_matches('\r').to_string();
        if line.is_empty() {
            return Err(CliError(format!("{}: the first line is empty", f.display())));
        }
        return Ok(Some(line));
    }
    Ok(std::env::var(env).ok().filter(|v| !v.is_empty()))
}

impl ConnectArgs {
    /// The room password: --password, --password-file or TABULA_PASSWORD.
    pub fn password(&self) -> Result<Option<String>, CliError> {
        secret(&self.password, &self.password_file, "TABULA_PASSWORD")
    }

    /// The seat's token, with --room: --token, --token-file or TABULA_TOKEN.
    pub fn token(&self) -> Result<Option<String>, CliError> {
        if self.room.is_none() {
            return Ok(None);
        }
        secret(&self.token, &self.token_file, "TABULA_TOKEN")
    }
}

/// The server's address, with `tls://` when --tls asks for it.
pub fn address(args: &ConnectArgs, addr: &str) -> String {
    if args.tls && !addr.starts_with("tls://") {
        format!("tls://{addr}")
    } else {
        addr.to_string()
    }
}

fn parse_clock(text: &str) -> Result<Clock, String> {
    let (m, s) = text.split_once('+').unwrap_or((text, "0"));
    let minutes: f64 = m.trim().parse().map_err(|_| format!("'{text}' is not MINUTES+SECONDS"))?;
    let seconds: u64 = s.trim().parse().map_err(|_| format!("'{text}' is not MINUTES+SECONDS"))?;
    if !(minutes > 0.0 && minutes <= 1440.0) {
        return Err(format!("'{text}': from a fraction of a minute to 1440 minutes"));
    }
    Ok(Clock { initial_ms: (minutes * 60_000.0) as u64, increment_ms: seconds * 1000 })
}

/// The name to play under: `--name`, else `$USER`, else "player".
pub fn player_name(args: &ConnectArgs) -> String {
    args.name.clone().or_else(|| std::env::var("USER").ok()).unwrap_or_else(|| "player".into())
}
