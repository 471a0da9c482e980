//! `tabula match` (headless games between strategies) and the demo game
//! run when `tabula` is started without a command.

use std::path::PathBuf;
use std::sync::Arc;

use rules_api::{RulesBox, SearchLimits};

use super::common::{load_rules, load_strategy, CliError};
use super::MatchArgs;
use crate::config::{Config, PlayerConfig, PlayerKind};
use crate::headless::play_out;
use crate::outcome::GameResult;
use crate::players::StrategyPlayer;
use crate::plugins::LoadedPlugin;
use crate::session::Session;

/// One participant of a match.
struct Entrant {
    label: String,
    plugin: LoadedPlugin,
    options: Vec<(String, String)>,
    limits: SearchLimits,
}

/// Mixes a match seed with the game and seat so every strategy object gets
/// its own reproducible stream (splitmix64 finaliser).
fn derive_seed(seed: u64, game: u32, seat: usize) -> u64 {
    let mut z = seed ^ ((game as u64) << 32 | seat as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn load_config(path: Option<&PathBuf>) -> Result<Config, CliError> {
    Ok(match path {
        Some(p) => Config::load(p)?,
        None => Config::default_config()?,
    })
}

/// `tabula match`.
pub fn run(args: &MatchArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let config = load_config(args.config.as_ref())?;
    let dirs = config.plugin_dirs(extra);
    let (rules_ref, mut options) = match &args.rules {
        Some(r) => (r.clone(), Vec::new()),
        None => (config.resolve_ref(&config.game.rules), config.rules_options()),
    };
    options.extend(args.option.iter().cloned());
    let rules = load_rules(&rules_ref, &options, &dirs)?;
    let entrant_configs: Vec<PlayerConfig> = if args.players.is_empty() {
        config.players.clone()
    } else {
        let time = args.time_ms.unwrap_or(1000);
        args.players.iter().map(|p| PlayerConfig::ai(p.trim(), p.trim(), time)).collect()
    };
    let mut entrants = Vec::new();
    for p in &entrant_configs {
        let Some(strategy) = p.strategy_ref() else {
            return Err(CliError(format!(
                "player '{}' is human; a match needs strategies for every seat (use --players A,B)",
                p.name
            )));
        };
        let plugin = load_strategy(&config.resolve_ref(strategy), &dirs)?;
        let opts = crate::config::option_pairs(&p.options, "[players.options]").map_err(CliError)?;
        let time_ms = args.time_ms.unwrap_or(p.time_ms());
        let limits = SearchLimits { time_ms, depth: p.depth.unwrap_or(0), nodes: 0 };
        entrants.push(Entrant { label: p.name.clone(), plugin, options: opts, limits });
    }
    let seats = Session::new(Arc::clone(&rules), "")?.info().players.len();
    if entrants.len() != seats {
        return Err(CliError(format!(
            "the game has {seats} players but {} were given ({})",
            entrants.len(),
            entrants.iter().map(|e| e.label.as_str()).collect::<Vec<_>>().join(", ")
        )));
    }
    run_games(args, &rules, &entrants)
}

fn run_games(args: &MatchArgs, rules: &Arc<RulesBox>, entrants: &[Entrant]) -> Result<i32, CliError> {
    let n = entrants.len();
    let (mut wins, mut draws, mut errors) = (vec![0u32; n], 0u32, 0u32);
    let mut games_json = Vec::new();
    for game in 0..args.games {
        // Seat s is played by entrant (s + game) mod n: colours alternate.
        let order: Vec<usize> = (0..n).map(|s| (s + game as usize) % n).collect();
        let mut seats = Vec::with_capacity(n);
        for (seat, &e) in order.iter().enumerate() {
            let entrant = &entrants[e];
            let mut options = entrant.options.clone();
            if let Some(seed) = args.seed {
                if entrant.plugin.has_option("seed") {
                    options.retain(|(k, _)| k != "seed");
                    options.push(("seed".into(), derive_seed(seed, game, seat).to_string()));
                }
            }
            seats.push(StrategyPlayer::new(&entrant.plugin, &options, entrant.limits)?);
        }
        let mut session = Session::new(Arc::clone(rules), "")?;
        let result = play_out(&mut session, &mut seats, args.max_moves, |_, _| {})?;
        let info = session.info();
        let seating: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(seat, &e)| format!("{}={}", crate::session::player_name(info, seat as u8), entrants[e].label))
            .collect();
        let mut line = format!("game {}: {} | {}", game + 1, seating.join(" "), result.describe(info));
        let winner = result.winner(n).map(|seat| order[seat as usize]);
        match winner {
            Some(e) => {
                wins[e] += 1;
                line.push_str(&format!(" | winner {}", entrants[e].label));
            }
            None => {
                draws += 1;
                line.push_str(" | no winner");
            }
        }
        let mut error_by = None;
        if let GameResult::Forfeit { loser, cause, .. } = &result {
            if cause.is_fault() {
                errors += 1;
                let culprit = &entrants[order[*loser as usize]].label;
                line.push_str(&format!(" | ERROR by {culprit}: {}", cause.word()));
                error_by = Some(culprit.clone());
            }
        }
        let plies = session.history().len();
        line.push_str(&format!(" | {plies} moves"));
        println!("{line}");
        games_json.push(serde_json::json!({
            "game": game + 1,
            "seats": order.iter().map(|&e| entrants[e].label.clone()).collect::<Vec<_>>(),
            "result": result.describe(info),
            "winner": winner.map(|e| entrants[e].label.clone()),
            "error_by": error_by,
            "moves": plies,
        }));
    }
    let labels: Vec<&str> = entrants.iter().map(|e| e.label.as_str()).collect();
    let summary: Vec<String> = labels.iter().zip(&wins).map(|(l, w)| format!("{l} {w}")).collect();
    println!("summary: {} games | wins: {} | draws {draws} | errors {errors}", args.games, summary.join(", "));
    if args.json {
        let json = serde_json::json!({
            "games": args.games,
            "players": labels,
            "wins": wins,
            "draws": draws,
            "errors": errors,
            "results": games_json,
        });
        println!("{json}");
    }
    Ok(0)
}

/// The demo: the default config's game with human seats played by the
/// random strategy, each move printed in standard notation.
pub fn demo(extra: &[PathBuf]) -> Result<i32, CliError> {
    let config = Config::default_config()?;
    let dirs = config.plugin_dirs(extra);
    let rules = load_rules(&config.resolve_ref(&config.game.rules), &config.rules_options(), &dirs)?;
    let mut session = Session::new(rules, "")?;
    let mut seats = Vec::new();
    let mut names = Vec::new();
    for p in &config.players {
        let strategy = match (p.kind, p.strategy_ref()) {
            (PlayerKind::Ai, Some(s)) => s.to_string(),
            _ => "random".to_string(),
        };
        let plugin = load_strategy(&config.resolve_ref(&strategy), &dirs)?;
        let options = crate::config::option_pairs(&p.options, "[players.options]").map_err(CliError)?;
        let limits = SearchLimits { time_ms: p.time_ms(), depth: p.depth.unwrap_or(0), nodes: 0 };
        seats.push(StrategyPlayer::new(&plugin, &options, limits)?);
        names.push(format!("{} [{}]", p.name, plugin.name()));
    }
    let info = session.info().clone();
    let seating: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{} = {name}", crate::session::player_name(&info, i as u8)))
        .collect();
    println!("{}: {}", info.name, seating.join(", "));
    let result = play_out(&mut session, &mut seats, 0, |s, m| {
        let number = s.history().len();
        println!("{number:>3}. {} {}", crate::session::player_name(s.info(), m.player), m.standard);
    })?;
    println!("result: {}", result.describe(&info));
    Ok(0)
}
