//! `tabula uci`, `tabula ucci`, `tabula gomocup` and `tabula gtp`: a
//! strategy plugin as an engine other programs drive over stdin/stdout.

use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use rules_api::PluginKind;

use super::common::{dirs, load_strategy, parse_key_value, unique_options, CliError};
use tabula_core::plugins::find_plugin;
use tabula_core::protocols::core::Thinker;
use tabula_core::protocols::gomocup::Brain;
use tabula_core::protocols::gtp::GtpEngine;
use tabula_core::protocols::settings::ProtocolSettings;
use tabula_core::protocols::uci::{Dialect, Engine};
use tabula_core::protocols::variant_switch::VariantSwitch;

/// The name engines announce.
const ENGINE_NAME: &str = "Tabula";

/// Arguments of the protocol front ends.
#[derive(Args, Debug, Clone)]
pub struct EngineArgs {
    /// Strategy plugin name, path, or level (easy, medium, hard, beginner … master).
    #[arg(long, value_name = "S")]
    pub ai: String,
    /// Rules plugin name or path (default: the protocol's entry in config/protocols.toml).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Rules option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Strategy option KEY=VALUE (repeatable; `setoption` can change them later).
    #[arg(long = "ai-option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub ai_option: Vec<(String, String)>,
    /// Added to the rank numbers of moves exchanged with the peer (UCI only;
    /// default: the rules plugin's dialect in config/protocols.toml, else 0).
    #[arg(long = "rank-offset", value_name = "N", allow_hyphen_values = true)]
    pub rank_offset: Option<i32>,
    /// Run the rules plugin in a child process: a crash of the plugin
    /// ends the engine with an error instead of taking it down.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
    /// The peer is a Tabula host running this engine as an isolated
    /// strategy (`isolate:S`): games of chance and of more players are
    /// served, the host rolling the dice. Not for other programs.
    #[arg(long = "tabula-host", hide = true)]
    pub tabula_host: bool,
}

impl EngineArgs {
    /// Refuses an option given twice.
    fn check(&self) -> Result<(), CliError> {
        unique_options(&self.option, "--option")?;
        unique_options(&self.ai_option, "--ai-option")
    }
}

/// Runs a UCI (`Dialect::Uci`), UCCI or USI engine until the peer quits.
pub fn uci(args: &EngineArgs, dialect: Dialect, extra: &[PathBuf]) -> Result<i32, CliError> {
    args.check()?;
    let settings = ProtocolSettings::builtin();
    let default_rules = match dialect {
        Dialect::Uci => &settings.uci_rules,
        Dialect::Ucci => &settings.ucci_rules,
        Dialect::Usi => &settings.usi_rules,
    };
    // USI's default game is named by rules options (the variants plugin's
    // shogi); options given on the command line win.
    let mut rules_options = args.option.clone();
    if dialect == Dialect::Usi && args.rules.is_none() {
        for (key, value) in settings.usi_options.iter() {
            let value = value.as_str().map_or_else(|| value.to_string(), str::to_string);
            if !rules_options.iter().any(|(k, _)| k == key) {
                rules_options.push((key.clone(), value));
            }
        }
    }
    let dirs = dirs(extra);
    let rules_plugin = find_plugin(args.rules.as_deref().unwrap_or(default_rules), PluginKind::RULES, &dirs)?
        .isolating(args.isolate_rules);
    let rules = Arc::new(rules_plugin.new_rules(&rules_options)?);
    let strategy = load_strategy(&args.ai, &dirs)?;
    // UCCI peers use the plugin's own coordinates; UCI peers the dialect's.
    let rank_offset = match dialect {
        Dialect::Uci => args.rank_offset.unwrap_or_else(|| settings.dialect(rules_plugin.name()).rank_offset),
        Dialect::Ucci | Dialect::Usi => args.rank_offset.unwrap_or(0),
    };
    let thinker = Thinker::new(strategy, tabula_core::seating::options_for(&args.ai, &args.ai_option));
    let mut engine = if args.tabula_host {
        Engine::for_tabula_host(dialect, rules, thinker, rank_offset, ENGINE_NAME)?
    } else {
        Engine::new(dialect, rules, thinker, rank_offset, ENGINE_NAME)?
    };
    let option = settings.dialect(rules_plugin.name()).uci_variant_option;
    engine = engine.with_variants(VariantSwitch::new(rules_plugin, option.as_deref(), rules_options));
    engine.run()?;
    Ok(0)
}

/// Runs a Gomocup brain until `END`.
pub fn gomocup(args: &EngineArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    args.check()?;
    let settings = ProtocolSettings::builtin();
    let dirs = dirs(extra);
    let rules_plugin = find_plugin(args.rules.as_deref().unwrap_or(&settings.gomocup_rules), PluginKind::RULES, &dirs)?
        .isolating(args.isolate_rules);
    let strategy = load_strategy(&args.ai, &dirs)?;
    let thinker = Thinker::new(strategy, tabula_core::seating::options_for(&args.ai, &args.ai_option));
    Brain::new(rules_plugin, args.option.clone(), settings.gomocup, thinker, ENGINE_NAME)?.run()?;
    Ok(0)
}

/// Arguments of `tabula gtp`.
#[derive(Args, Debug, Clone)]
pub struct GtpArgs {
    /// Strategy plugin name, path, or level (easy, medium, hard).
    #[arg(long, value_name = "S", default_value = "hard")]
    pub ai: String,
    /// Rules plugin name or path (default: `gtp_rules` in config/protocols.toml).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Rules option KEY=VALUE (repeatable; `boardsize`, `komi` and
    /// `fixed_handicap` change them later).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Strategy option KEY=VALUE (repeatable).
    #[arg(long = "ai-option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub ai_option: Vec<(String, String)>,
    /// Thinking time per move when the controller sets no clock, ms.
    #[arg(long = "time-ms", default_value_t = 1000)]
    pub time_ms: u64,
    /// Run the rules plugin in a child process (see `tabula uci --help`).
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
}

/// Runs a GTP engine until `quit`.
pub fn gtp(args: &GtpArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let settings = ProtocolSettings::builtin();
    let dirs = dirs(extra);
    let rules_plugin = find_plugin(args.rules.as_deref().unwrap_or(&settings.gtp_rules), PluginKind::RULES, &dirs)?
        .isolating(args.isolate_rules);
    let strategy = load_strategy(&args.ai, &dirs)?;
    let thinker = Thinker::new(strategy, tabula_core::seating::options_for(&args.ai, &args.ai_option));
    GtpEngine::new(rules_plugin, args.option.clone(), settings.gtp, thinker, args.time_ms, ENGINE_NAME)?.run()?;
    Ok(0)
}
