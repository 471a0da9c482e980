//! The desktop entry points: `tabula` with no command, `tabula play`
//! (window unless `--text`) and `tabula render` (a PNG, no display needed).
//! They need the `gui` feature; a build without it says so and names the
//! headless commands.

use std::path::{Path, PathBuf};

use super::common::CliError;
use super::{PlayArgs, RenderArgs};

/// The message of every window command in a build without a window.
#[cfg(not(feature = "gui"))]
fn no_window(what: &str) -> CliError {
    CliError(format!(
        "{what} needs the desktop window, and this build of tabula has no window (it was built without the \
         `gui` feature). Use the headless commands: `tabula match`, `tabula play --text`, `tabula demo`, \
         `tabula moves`, `tabula position`, `tabula bestmove`, `tabula perft`, `tabula uci`"
    ))
}

/// Opens the window on `config` (the built-in one when `file` is `None`),
/// its rules in a child process when the file or `isolate` says so.
#[cfg(feature = "gui")]
pub fn open(file: Option<&Path>, extra: &[PathBuf], isolate: bool) -> Result<i32, CliError> {
    use tabula_core::config::Config;
    let (mut config, source) = match file {
        Some(path) => (Config::load(path)?, path.display().to_string()),
        None => (Config::default_config()?, String::new()),
    };
    config.game.isolate |= isolate;
    let options = tabula_gui::RunOptions { extra_plugin_dirs: extra.to_vec(), source, network: None };
    tabula_gui::run(config, options).map_err(|e| CliError(e.to_string()))?;
    Ok(0)
}

/// Without a window: says so and names the headless commands.
#[cfg(not(feature = "gui"))]
pub fn open(_file: Option<&Path>, _extra: &[PathBuf], _isolate: bool) -> Result<i32, CliError> {
    Err(no_window("`tabula` without a command (or `tabula play` without --text)"))
}

/// `tabula play --connect`: the window on a server's game.
#[cfg(feature = "gui")]
fn open_network(args: &super::netplay::ConnectArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    use tabula_core::config::Config;
    let Some(addr) = args.connect.clone() else { return Ok(0) };
    if args.room.is_none() && args.create.is_none() {
        return Err(CliError(
            "the window joins a room (--room N) or opens one (--create RULES); list the rooms with \
             `tabula play --text --connect ADDR`"
                .into(),
        ));
    }
    let network = tabula_gui::network::NetOptions {
        addr: super::netplay::address(args, &addr),
        name: super::netplay::player_name(args),
        room: args.room,
        token: args.token()?,
        create: args.create.clone(),
        options: args.room_option.clone(),
        seat: args.seat,
        vs: args.vs.clone(),
        seats: Vec::new(),
        clock: args.clock,
        password: args.password()?,
        start: String::new(),
        fingerprint: args.fingerprint.clone(),
    };
    let options =
        tabula_gui::RunOptions { extra_plugin_dirs: extra.to_vec(), source: String::new(), network: Some(network) };
    tabula_gui::run(Config::default_config()?, options).map_err(|e| CliError(e.to_string()))?;
    Ok(0)
}

/// Without a window: says so and names the headless commands.
#[cfg(not(feature = "gui"))]
fn open_network(_args: &super::netplay::ConnectArgs, _extra: &[PathBuf]) -> Result<i32, CliError> {
    Err(no_window("`tabula play --connect` without --text"))
}

/// `tabula play`: the window, or the terminal game with `--text`.
pub fn play(args: &PlayArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    if args.net.connect.is_some() {
        if args.text {
            super::netplay::run(&args.net, extra)
        } else {
            open_network(&args.net, extra)
        }
    } else if args.text {
        super::play::run(args, extra)
    } else {
        open(args.config.as_deref(), extra, args.isolate_rules)
    }
}

/// `tabula render`: draws a position with the window's own painter.
#[cfg(feature = "gui")]
pub fn render(args: &RenderArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    use super::common::{dirs, load_rules, session_at};
    let at = &args.at;
    let rules = load_rules(&at.rules.rules, &at.rules.option, &dirs(extra), at.rules.isolate_rules)?;
    let session = session_at(rules, at.position.as_deref(), at.moves.as_deref())?;
    let (width, height) = args.size;
    tabula_gui::render_png(session.rules(), session.position(), width, height, &args.out)
        .map_err(|e| CliError(e.to_string()))?;
    Ok(0)
}

/// Without a window's painter: says so and names the headless commands.
#[cfg(not(feature = "gui"))]
pub fn render(_args: &RenderArgs, _extra: &[PathBuf]) -> Result<i32, CliError> {
    Err(no_window("`tabula render`"))
}

/// Reads `WIDTHxHEIGHT`.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let parsed = text.split_once(['x', 'X']).and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)));
    match parsed {
        Some((w, h)) if (64..=8192).contains(&w) && (64..=8192).contains(&h) => Ok((w, h)),
        _ => Err(format!("'{text}' is not a size like 800x600 (64 to 8192 pixels each way)")),
    }
}
