//! `tabula match` (headless games between strategies) and the demo game
//! run when `tabula` is started without a command.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rules_api::{PluginKind, RulesBox, SearchLimits};

use super::common::{load_rules, load_strategy, CliError};
use super::seating::{Entrant, Table};
use super::MatchArgs;
use tabula_core::config::{Config, PlayerConfig, PlayerKind};
use tabula_core::headless::play_out;
use tabula_core::outcome::GameResult;
use tabula_core::players::StrategyPlayer;
use tabula_core::plugins::find_plugin;
use tabula_core::records::elo::{format_elo, Tally};
use tabula_core::records::{today, GameRecord, RecordFormat, Recorder};
use tabula_core::session::Session;

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
    let rules_plugin = find_plugin(&rules_ref, PluginKind::RULES, &dirs)?;
    let rules = load_rules(&rules_ref, &options, &dirs)?;
    let entrant_configs: Vec<PlayerConfig> = if args.players.is_empty() {
        config.players.clone()
    } else {
        let time = args.time_ms.unwrap_or(1000);
        args.players.iter().map(|p| PlayerConfig::from_entry(p.trim(), time)).collect()
    };
    let mut entrants = Vec::new();
    for p in &entrant_configs {
        entrants.push(Entrant::from_config(p, &config, &dirs, args.time_ms, &args.engine_option)?);
    }
    let seats = Session::new(Arc::clone(&rules), "")?.info().players.len();
    if entrants.len() != seats {
        return Err(CliError(format!(
            "the game has {seats} players but {} were given ({})",
            entrants.len(),
            entrants.iter().map(|e| e.label.as_str()).collect::<Vec<_>>().join(", ")
        )));
    }
    let openings = match &args.openings {
        Some(path) => read_openings(path, &rules)?,
        None => Vec::new(),
    };
    let table = Table { rules: &rules_plugin, options: &options };
    run_games(args, &rules, &table, &entrants, &openings)
}

/// The positions of an openings file: one position text per line (FEN or
/// EPD; blank lines and lines starting with `#` are skipped). A line the
/// rules refuse is retried as EPD: its first four fields plus ` 0 1`.
fn read_openings(path: &Path, rules: &Arc<RulesBox>) -> Result<Vec<String>, CliError> {
    let text = std::fs::read_to_string(path).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let epd = (fields.len() >= 4).then(|| format!("{} 0 1", fields[..4].join(" ")));
        let usable = [Some(line.to_string()), epd].into_iter().flatten().find(|t| Session::new(Arc::clone(rules), t).is_ok());
        match usable {
            Some(t) => out.push(t),
            None => return Err(CliError(format!("{}: line {} is not a position of this game: {line}", path.display(), i + 1))),
        }
    }
    if out.is_empty() {
        return Err(CliError(format!("{}: no positions", path.display())));
    }
    Ok(out)
}

fn run_games(
    args: &MatchArgs,
    rules: &Arc<RulesBox>,
    table: &Table<'_>,
    entrants: &[Entrant],
    openings: &[String],
) -> Result<i32, CliError> {
    let n = entrants.len();
    let (mut wins, mut draws, mut errors) = (vec![0u32; n], 0u32, 0u32);
    let mut games_json = Vec::new();
    let info = Session::new(Arc::clone(rules), "")?.info().clone();
    let mut recorder = match &args.record {
        Some(path) => {
            let format = match &args.record_format {
                Some(word) => RecordFormat::parse(word)
                    .ok_or_else(|| CliError(format!("--record-format '{word}' is not pgn or text")))?,
                None => RecordFormat::for_game(&info),
            };
            Some(Recorder::open(path, format).map_err(|e| CliError(format!("{}: {e}", path.display())))?)
        }
        None => None,
    };
    let site = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "?".into());
    for game in 0..args.games {
        // Seat s is played by entrant (s + game) mod n: colours alternate,
        // and with openings each one is played once from every seat.
        let order: Vec<usize> = (0..n).map(|s| (s + game as usize) % n).collect();
        let start = if openings.is_empty() { "" } else { &openings[(game as usize / n) % openings.len()] };
        let mut seats = Vec::with_capacity(n);
        for (seat, &e) in order.iter().enumerate() {
            let entrant = &entrants[e];
            let mut options = entrant.options.clone();
            if let Some(seed) = args.seed {
                if entrant.takes_seed() {
                    options.retain(|(k, _)| k != "seed");
                    options.push(("seed".into(), derive_seed(seed, game, seat).to_string()));
                }
            }
            seats.push(entrant.seat(table, &options)?);
        }
        let mut session = Session::new(Arc::clone(rules), start)?;
        let result = play_out(&mut session, &mut seats, args.max_moves, |_, _| {})?;
        drop(seats);
        let seating: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(seat, &e)| format!("{}={}", tabula_core::outcome::player_name(&info, seat as u8), entrants[e].label))
            .collect();
        let mut line = format!("game {}: {} | {}", game + 1, seating.join(" "), result.describe(&info));
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
        if let Some(recorder) = &mut recorder {
            let record = GameRecord {
                event: "Tabula match".into(),
                site: site.clone(),
                date: today(),
                round: recorder.next_round(),
                game: info.name.to_string(),
                players: order.iter().map(|&e| entrants[e].label.clone()).collect(),
                start: session.start_text().to_string(),
                start_text: session.start_position().to_text().into_result()?.to_string(),
                first_mover: session.start_position().side_to_move(),
                standard: session.history().iter().map(|m| m.standard.clone()).collect(),
                coordinate: session.history().iter().map(|m| m.coordinate.clone()).collect(),
                result: result.clone(),
                result_text: result.describe(&info),
                time_ms: entrants[order[0]].limits.time_ms,
            };
            recorder.append(&record).map_err(|e| CliError(format!("cannot write the record: {e}")))?;
            line.push_str(&format!(" | round {}", record.round));
        }
        println!("{line}");
        games_json.push(serde_json::json!({
            "game": game + 1,
            "seats": order.iter().map(|&e| entrants[e].label.clone()).collect::<Vec<_>>(),
            "start": start,
            "result": result.describe(&info),
            "winner": winner.map(|e| entrants[e].label.clone()),
            "error_by": error_by,
            "moves": plies,
        }));
    }
    let labels: Vec<&str> = entrants.iter().map(|e| e.label.as_str()).collect();
    let summary: Vec<String> = labels.iter().zip(&wins).map(|(l, w)| format!("{l} {w}")).collect();
    println!("summary: {} games | wins: {} | draws {draws} | errors {errors}", args.games, summary.join(", "));
    let mut elo_json = serde_json::Value::Null;
    if n == 2 && args.games > 0 {
        let tally = Tally { wins: wins[0], draws, losses: wins[1] };
        let stats = tally.stats();
        println!(
            "{} vs {}: score {:.1}/{} ({:.1}%) | Elo {} (95%) | LOS {:.1}%",
            labels[0],
            labels[1],
            f64::from(wins[0]) + f64::from(draws) / 2.0,
            tally.games(),
            stats.score * 100.0,
            format_elo(&stats),
            stats.los * 100.0
        );
        let finite = |x: f64| if x.is_finite() { serde_json::json!(x) } else { serde_json::Value::Null };
        elo_json = serde_json::json!({
            "player": labels[0],
            "score": stats.score,
            "elo": finite(stats.elo),
            "error95": finite(stats.error),
            "los": stats.los,
        });
    }
    if args.json {
        let json = serde_json::json!({
            "games": args.games,
            "players": labels,
            "wins": wins,
            "draws": draws,
            "errors": errors,
            "elo": elo_json,
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
        let strategy = match (p.kind(), p.strategy_ref()) {
            (PlayerKind::Ai, Some(s)) => s.to_string(),
            _ => "random".to_string(),
        };
        let plugin = load_strategy(&config.resolve_ref(&strategy), &dirs)?;
        let options = tabula_core::config::option_pairs(&p.options, "[players.options]")?;
        let limits = SearchLimits { time_ms: p.time_ms(), depth: p.depth.unwrap_or(0), nodes: 0 };
        seats.push(StrategyPlayer::new(&plugin, &options, limits)?);
        names.push(format!("{} [{}]", p.name, plugin.name()));
    }
    let info = session.info().clone();
    let seating: Vec<String> = names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{} = {name}", tabula_core::outcome::player_name(&info, i as u8)))
        .collect();
    println!("{}: {}", info.name, seating.join(", "));
    let result = play_out(&mut session, &mut seats, 0, |s, m| {
        let number = s.history().len();
        println!("{number:>3}. {} {}", tabula_core::outcome::player_name(s.info(), m.player), m.standard);
    })?;
    println!("result: {}", result.describe(&info));
    Ok(0)
}
