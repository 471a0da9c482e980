//! `tabula conform`: the plugin author's conformance suite (tabula-kit) on
//! any rules plugin, loaded as the host loads it.

use std::path::PathBuf;

use clap::Args;
use tabula_kit::conformance::{run_from, Budget};

use super::common::{dirs, load_rules, CliError};
use super::out::outln;
use super::RulesArgs;

/// `tabula conform`.
#[derive(Args, Debug)]
pub struct ConformArgs {
    #[command(flatten)]
    /// The game.
    pub rules: RulesArgs,
    /// Random games to play through the checks.
    #[arg(long, default_value_t = Budget::default().playouts)]
    pub games: usize,
    /// Most plies per random game.
    #[arg(long = "max-plies", default_value_t = Budget::default().max_plies)]
    pub max_plies: usize,
    /// Seed of the random games (the same seed replays the same games).
    #[arg(long, default_value_t = Budget::default().seed)]
    pub seed: u64,
    /// Also start random games from this position text (repeatable).
    #[arg(long = "position", value_name = "TEXT")]
    pub positions: Vec<String>,
}

/// Runs the suite, prints its report and answers 0 when every check passed.
pub fn conform(args: &ConformArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let rules = load_rules(&args.rules.rules, &args.rules.option, &dirs(extra), args.rules.isolate_rules)?;
    let budget = Budget { playouts: args.games, max_plies: args.max_plies, seed: args.seed, ..Budget::default() };
    let starts: Vec<&str> = args.positions.iter().map(String::as_str).collect();
    let report = run_from(&rules, &starts, &budget);
    outln!("conformance of {}:", args.rules.rules);
    outln!("{report}");
    Ok(if report.is_ok() { 0 } else { 1 })
}
