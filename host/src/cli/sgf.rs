//! `tabula sgf`: plays an SGF game's main line with the rules its `GM`
//! stands for (config/records.toml's `[sgf]` table, or `--rules`) and
//! prints the final position and status as `tabula position` does; or
//! plays `--moves` from the rules' start. `--out` writes the game as SGF:
//! with a file, a conversion through Tabula's own reader and writer.

use std::path::PathBuf;

use clap::Args;
use tabula_core::records::formats::RecordFormats;
use tabula_core::records::sgf::{read_sgf, write_sgf};
use tabula_core::records::sgf_game::{write_game, SgfAbout, SgfGame};

use super::common::{dirs, load_rules, parse_key_value, session_at, CliError};
use super::out::outln;

/// `tabula sgf`.
#[derive(Args, Debug)]
pub struct SgfArgs {
    /// The SGF file; its first game is read. Without it, `--moves` are
    /// played from the start of `--rules`.
    pub file: Option<PathBuf>,
    /// Rules plugin (default: the one the file's GM stands for).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Rules option KEY=VALUE (repeatable; a file's SZ, KM and HA come first).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Moves in coordinate notation, space separated (without a file).
    #[arg(long, value_name = "MOVES", conflicts_with = "file")]
    pub moves: Option<String>,
    /// Write the game as SGF to this file (`-`: standard output, instead
    /// of the position).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// Prints the final position and its status line (what was not kept on
/// stderr), and writes `--out`.
pub fn sgf(args: &SgfArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let table = RecordFormats::builtin();
    let dirs = dirs(extra);
    let (rules_name, read) = match &args.file {
        Some(file) => {
            let named = |e: String| CliError(format!("{}: {e}", file.display()));
            let text = std::fs::read_to_string(file).map_err(|e| named(e.to_string()))?;
            let trees = read_sgf(&text).map_err(|e| named(e.to_string()))?;
            let game = SgfGame::of(trees.first().ok_or_else(|| named("it holds no game".into()))?).map_err(named)?;
            let rules = match &args.rules {
                Some(r) => r.clone(),
                None => table.sgf_rules(game.gm).map(|(n, _)| n.to_string()).ok_or_else(|| {
                    named(format!("GM[{}] is in no [sgf] entry of config/records.toml: give --rules", game.gm))
                })?,
            };
            (rules, Some(game))
        }
        None => (args.rules.clone().ok_or_else(|| CliError("give an SGF file or --rules and --moves".into()))?, None),
    };
    let facts = table.sgf.get(&rules_name).cloned().unwrap_or_default();
    let mut options = match &read {
        Some(game) => game.options(&rules_name, &facts).map_err(CliError)?,
        None => Vec::new(),
    };
    options.retain(|(k, _)| !args.option.iter().any(|(given, _)| given == k));
    options.extend(args.option.iter().cloned());
    let rules = load_rules(&rules_name, &options, &dirs, false)?;
    let session = match &read {
        Some(game) => {
            if let Some(left) = game.left_out() {
                eprintln!("tabula: only the main line is kept: {left}");
            }
            game.replay(&rules).map_err(CliError)?
        }
        None => session_at(rules, None, args.moves.as_deref())?,
    };
    let to_stdout = args.out.as_deref().is_some_and(|p| p.as_os_str() == "-");
    if !to_stdout {
        outln!("{}", session.position_text(session.position())?);
        outln!("{}", super::common::status_line(&session)?);
    }
    if let Some(out) = &args.out {
        if !table.sgf.contains_key(&rules_name) {
            return Err(CliError(format!("{rules_name} has no [sgf] entry in config/records.toml")));
        }
        let plugin = tabula_core::plugins::find_plugin(&rules_name, rules_api::PluginKind::RULES, &dirs)?;
        let in_force = plugin
            .options()
            .into_iter()
            .map(|s| {
                let name = s.name.to_string();
                let value = options.iter().find(|(k, _)| *k == name).map_or(s.default.to_string(), |(_, v)| v.clone());
                (name, value)
            })
            .collect();
        let name = |i: usize| read.as_ref().and_then(|g| g.players[i].clone()).unwrap_or_else(|| "?".into());
        let about = SgfAbout {
            players: [name(0), name(1)],
            result: session.result()?,
            date: tabula_core::records::today().replace('.', "-"),
            options: in_force,
        };
        let text = write_sgf(&write_game(&session, &facts, &about).map_err(CliError)?);
        if to_stdout {
            super::out::out!("{text}");
        } else {
            std::fs::write(out, text).map_err(|e| CliError(format!("{}: {e}", out.display())))?;
        }
    }
    Ok(0)
}
