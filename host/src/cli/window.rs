//! The desktop entry points: `tabula` with no command, `tabula play`
//! (window unless `--text`) and `tabula render` (a PNG, no display needed).

use std::path::{Path, PathBuf};

use super::common::{dirs, load_rules, session_at, CliError};
use super::{PlayArgs, RenderArgs};
use crate::config::Config;
use crate::gui::{self, RunOptions};

/// Opens the window on `config` (the built-in one when `file` is `None`).
pub fn open(file: Option<&Path>, extra: &[PathBuf]) -> Result<i32, CliError> {
    let (config, source) = match file {
        Some(path) => (Config::load(path).map_err(|e| CliError(e.to_string()))?, path.display().to_string()),
        None => (Config::default_config().map_err(|e| CliError(e.to_string()))?, String::new()),
    };
    let options = RunOptions { extra_plugin_dirs: extra.to_vec(), source };
    gui::run(config, options).map_err(|e| CliError(e.to_string()))?;
    Ok(0)
}

/// `tabula play`: the window, or the terminal game with `--text`.
pub fn play(args: &PlayArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    if args.text {
        super::play::run(args, extra)
    } else {
        open(args.config.as_deref(), extra)
    }
}

/// `tabula render`: draws a position with the window's own painter.
pub fn render(args: &RenderArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let at = &args.at;
    let rules = load_rules(&at.rules.rules, &at.rules.option, &dirs(extra))?;
    let session = session_at(rules, at.position.as_deref(), at.moves.as_deref())?;
    let (width, height) = args.size;
    gui::render_png(session.rules(), session.position(), width, height, &args.out)
        .map_err(|e| CliError(e.to_string()))?;
    Ok(0)
}

/// Reads `WIDTHxHEIGHT`.
pub fn parse_size(text: &str) -> Result<(u32, u32), String> {
    let parsed = text.split_once(['x', 'X']).and_then(|(w, h)| Some((w.trim().parse().ok()?, h.trim().parse().ok()?)));
    match parsed {
        Some((w, h)) if (64..=8192).contains(&w) && (64..=8192).contains(&h) => Ok((w, h)),
        _ => Err(format!("'{text}' is not a size like 800x600 (64 to 8192 pixels each way)")),
    }
}
