//! `tabula match` (headless games between computer players, with records
//! and statistics) and `tabula demo` (the default game played headless).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rules_api::{GameInfo, PluginKind, RulesBox, SearchLimits};

use super::common::{load_rules, load_strategy, CliError};
use super::out::outln;
use super::seating::{Entrant, Table};
use super::standings::summarise;
use super::MatchArgs;
use tabula_core::config::{Config, PlayerConfig, PlayerKind, DEFAULT_CONFIG_NAME};
use tabula_core::headless::{play_out, play_out_timed};
use tabula_core::outcome::{player_name, GameResult};
use tabula_core::players::{ComputerPlayer, StrategyPlayer};
use tabula_core::plugins::find_plugin;
use tabula_core::records::standings::Standings;
use tabula_core::records::{today, GameRecord, RecordFormat, Recorder};
use tabula_core::session::{fresh_seed, Chance, Session, MAX_SEED};

/// A seed of its own for every game and seat of a match, reproducible from
/// the match seed: the first output of a generator seeded with all three
/// (the generator's seeding spreads neighbouring inputs over its state).
fn derive_seed(seed: u64, game: u32, seat: usize) -> u64 {
    use tabula_kit::rand::RngCore as _;
    tabula_kit::rng_from_seed(seed ^ ((game as u64) << 32 | seat as u64)).next_u64()
}

/// The "seat" whose derived seed rolls the dice: beyond every real seat.
const DICE_SEAT: usize = 0xd1ce;

/// The dice's seed of game `game` of a match seeded with `seed`, among
/// `seats` seats: one per rotation of the seating, so the games that play
/// the same start from every seat also share their dice (each entrant
/// meets the same luck from each seat).
pub fn dice_seed(seed: u64, game: u32, seats: usize) -> u64 {
    derive_seed(seed, game / seats.max(1) as u32, DICE_SEAT) & MAX_SEED
}

/// The configuration and the name it goes by in messages.
fn load_config(path: Option<&PathBuf>) -> Result<(Config, String), CliError> {
    Ok(match path {
        Some(p) => (Config::load(p)?, p.display().to_string()),
        None => (Config::default_config()?, DEFAULT_CONFIG_NAME.to_string()),
    })
}

/// `tabula match`.
pub fn run(args: &MatchArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let (config, config_name) = load_config(args.config.as_ref())?;
    let dirs = config.plugin_dirs(extra);
    let (rules_ref, mut options) = match &args.rules {
        Some(r) => (r.clone(), Vec::new()),
        None => (config.resolve_ref(&config.game.rules), config.rules_options()),
    };
    // The command line overrides the config's options, each given once.
    super::common::unique_options(&args.option, "--option")?;
    super::common::unique_options(&args.engine_option, "--engine-option")?;
    for (k, v) in &args.option {
        options.retain(|(key, _)| key != k);
        options.push((k.clone(), v.clone()));
    }
    let rules_plugin = find_plugin(&rules_ref, PluginKind::RULES, &dirs)?;
    let rules = load_rules(&rules_ref, &options, &dirs, args.isolate_rules || config.game.isolate)?;
    let entrant_configs: Vec<PlayerConfig> = if args.players.is_empty() {
        config.players.clone()
    } else {
        let time = args.time_ms.unwrap_or(1000);
        args.players.iter().map(|p| PlayerConfig::from_entry(p.trim(), time)).collect()
    };
    let first = Session::new(Arc::clone(&rules), "")?;
    let seats = first.players();
    if args.players.is_empty() {
        config.check_seats(seats, &config_name)?;
    } else if entrant_configs.len() != seats {
        return Err(CliError(format!(
            "the game has {seats} players but --players names {} ({}); name one per player",
            entrant_configs.len(),
            args.players.join(", ")
        )));
    }
    let mut entrants = Vec::new();
    for p in &entrant_configs {
        entrants.push(Entrant::from_config(p, &config, &dirs, args.time_ms, &args.engine_option)?);
    }
    refuse_engines(&entrants, &first)?;
    let openings = match &args.openings {
        Some(path) => read_openings(path, &rules)?,
        None => Vec::new(),
    };
    let table = Table { rules: &rules_plugin, options: &options };
    run_games(args, &rules, &table, &entrants, &openings)
}

/// Refuses to seat an external engine in a game the engine protocols do
/// not serve (other than two players, or chance at the start; chance later
/// in a game is refused at the engine's turn).
fn refuse_engines(entrants: &[Entrant], first: &Session) -> Result<(), CliError> {
    let Some(engine) = entrants.iter().find(|e| e.is_external_engine()) else { return Ok(()) };
    let seats = first.players();
    let has_chance = first.history().iter().any(|m| m.is_chance());
    if seats == 2 && !has_chance {
        return Ok(());
    }
    let what = if seats != 2 { format!("has {seats} players") } else { "has chance moves (dice)".into() };
    Err(CliError(format!(
        "{} is an external engine, and the engine protocols serve two-player games without chance; {} {what}",
        engine.label,
        first.info().name
    )))
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
        let usable =
            [Some(line.to_string()), epd].into_iter().flatten().find(|t| Session::new(Arc::clone(rules), t).is_ok());
        match usable {
            Some(t) => out.push(t),
            None => {
                return Err(CliError(format!(
                    "{}: line {} is not a position of this game: {line}",
                    path.display(),
                    i + 1
                )))
            }
        }
    }
    if out.is_empty() {
        return Err(CliError(format!("{}: no positions", path.display())));
    }
    Ok(out)
}

/// The running totals of a match, by entrant.
pub struct Totals {
    /// Wins, points, payoffs, places and pairwise results.
    pub standings: Standings,
    /// Games a player lost by a fault (time, illegal move, error).
    pub errors: u32,
    /// Each game's summary, for `--json`.
    pub games_json: Vec<serde_json::Value>,
    /// Chance moves the host rolled in all the games.
    pub rolls: usize,
}

/// One match: the games with their seatings, then the summary.
struct Match<'a> {
    args: &'a MatchArgs,
    rules: &'a Arc<RulesBox>,
    table: &'a Table<'a>,
    entrants: &'a [Entrant],
    openings: &'a [String],
    info: GameInfo,
    recorder: Option<Recorder>,
    site: String,
    /// The match seed: from `--seed`, or drawn for the dice alone.
    seed: u64,
}

fn run_games(
    args: &MatchArgs,
    rules: &Arc<RulesBox>,
    table: &Table<'_>,
    entrants: &[Entrant],
    openings: &[String],
) -> Result<i32, CliError> {
    let info = Session::new(Arc::clone(rules), "")?.info().clone();
    let recorder = open_recorder(args, &info)?;
    let site = std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "?".into());
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let mut m = Match { args, rules, table, entrants, openings, info, recorder, site, seed };
    let mut totals = Totals { standings: Standings::new(entrants.len()), errors: 0, games_json: Vec::new(), rolls: 0 };
    for game in 0..args.games {
        m.play_game(game, &mut totals)?;
    }
    let labels: Vec<&str> = entrants.iter().map(|e| e.label.as_str()).collect();
    summarise(args, &labels, seed, &totals);
    Ok(0)
}

/// The record file of `--record`, if one was asked for.
fn open_recorder(args: &MatchArgs, info: &GameInfo) -> Result<Option<Recorder>, CliError> {
    let Some(path) = &args.record else { return Ok(None) };
    let format = match &args.record_format {
        Some(word) => {
            RecordFormat::parse(word).ok_or_else(|| CliError(format!("--record-format '{word}' is not pgn or text")))?
        }
        None => RecordFormat::for_game(info),
    };
    if format == RecordFormat::Pgn && info.players.len() != 2 {
        return Err(CliError(format!(
            "--record-format pgn: PGN holds two-player games, and {} has {} players; use --record-format text",
            info.name,
            info.players.len()
        )));
    }
    let recorder = Recorder::open(path, format).map_err(|e| CliError(format!("{}: {e}", path.display())))?;
    if recorder.cut() > 0 {
        eprintln!(
            "warning: {}: the last game was only partly written (a full disk or a kill); its {} byte(s) were cut off",
            path.display(),
            recorder.cut()
        );
    }
    Ok(Some(recorder))
}

impl Match<'_> {
    /// Fresh players for one game: seat `s` is played by entrant `order[s]`,
    /// each with a seed derived from the match seed when it takes one.
    fn seat(&self, game: u32, order: &[usize]) -> Result<Vec<Box<dyn ComputerPlayer>>, CliError> {
        let mut seats = Vec::with_capacity(order.len());
        for (seat, &e) in order.iter().enumerate() {
            let entrant = &self.entrants[e];
            let mut options = entrant.options.clone();
            if let Some(seed) = self.args.seed {
                if entrant.takes_seed() {
                    options.retain(|(k, _)| k != "seed");
                    options.push(("seed".into(), derive_seed(seed, game, seat).to_string()));
                }
            }
            seats.push(entrant.seat(self.table, &options)?);
        }
        Ok(seats)
    }

    /// Plays game `game` (0-based), prints its line, records it and adds it
    /// to the totals.
    fn play_game(&mut self, game: u32, totals: &mut Totals) -> Result<(), CliError> {
        let n = self.entrants.len();
        // Seat s is played by entrant (s + game) mod n: over n games each
        // entrant sits in each seat once, and with openings each one is
        // played once from every seat (with the same dice).
        let order: Vec<usize> = (0..n).map(|s| (s + game as usize) % n).collect();
        let start =
            if self.openings.is_empty() { "" } else { &self.openings[(game as usize / n) % self.openings.len()] };
        let mut seats = self.seat(game, &order)?;
        let in_game = |e: tabula_core::session::SessionError| {
            let kept = if self.recorder.is_some() { "; the games before it are in the record" } else { "" };
            CliError(format!("game {}: {e}{kept}", game + 1))
        };
        let dice = Chance::Seeded(dice_seed(self.seed, game, n));
        let mut session = Session::with_chance(Arc::clone(self.rules), start, dice).map_err(in_game)?;
        let result =
            play_out_timed(&mut session, &mut seats, self.args.max_moves, self.args.tc, |_, _| {}).map_err(in_game)?;
        drop(seats);
        let label = |e: usize| self.entrants[e].label.clone();
        let seating: Vec<String> = order
            .iter()
            .enumerate()
            .map(|(seat, &e)| format!("{}={}", player_name(&self.info, seat as u8), label(e)))
            .collect();
        let mut line = format!("game {}: {} | {}", game + 1, seating.join(" "), result.describe(&self.info));
        let winner = result.winner(n).map(|seat| order[seat as usize]);
        match winner {
            Some(e) => line.push_str(&format!(" | winner {}", label(e))),
            None => line.push_str(" | no winner"),
        }
        let places = result.places(n);
        if n > 2 {
            let by_seat: Vec<String> = order.iter().zip(&places).map(|(&e, p)| format!("{} {p}", label(e))).collect();
            line.push_str(&format!(" | places {}", by_seat.join(", ")));
        }
        totals.standings.add(&order, &result);
        let mut error_by = None;
        if let GameResult::Forfeit { loser, cause, .. } = &result {
            if cause.is_fault() {
                totals.errors += 1;
                let culprit = label(order[*loser as usize]);
                line.push_str(&format!(" | ERROR by {culprit}: {}", cause.word()));
                error_by = Some(culprit);
            }
        }
        let rolls = session.history().iter().filter(|m| m.is_chance()).count();
        let moves = session.history().len() - rolls;
        totals.rolls += rolls;
        line.push_str(&format!(" | {moves} moves"));
        if rolls > 0 {
            line.push_str(&format!(" | {rolls} rolls"));
        }
        let players: Vec<String> = order.iter().map(|&e| label(e)).collect();
        if let Some(round) = self.record(&session, &result, &players, self.entrants[order[0]].limits.time_ms)? {
            line.push_str(&format!(" | round {round}"));
        }
        outln!("{line}");
        // Kept only for the --json summary: a long match holds nothing of
        // the games it has already printed and recorded.
        if !self.args.json {
            return Ok(());
        }
        totals.games_json.push(serde_json::json!({
            "game": game + 1,
            "seats": players,
            "start": start,
            "result": result.describe(&self.info),
            "winner": winner.map(label),
            "error_by": error_by,
            "moves": moves,
            "rolls": rolls,
            "payoffs": result.payoffs(n),
            "places": places,
            "seed": session.seed().filter(|_| rolls > 0),
        }));
        Ok(())
    }

    /// Appends the finished game to the record file, if there is one, and
    /// returns its round.
    fn record(
        &mut self,
        session: &Session,
        result: &GameResult,
        players: &[String],
        time_ms: u64,
    ) -> Result<Option<u32>, CliError> {
        let Some(recorder) = &mut self.recorder else { return Ok(None) };
        let record = GameRecord {
            event: "Tabula match".into(),
            site: self.site.clone(),
            date: today(),
            round: recorder.next_round(),
            players: players.to_vec(),
            time_ms,
            ..GameRecord::of_session(session, result)?
        };
        recorder.append(&record).map_err(|e| CliError(format!("cannot write the record: {e}")))?;
        Ok(Some(record.round))
    }
}

/// The demo: the default config's game with human seats played by the
/// random strategy, each move printed in standard notation.
pub fn demo(extra: &[PathBuf]) -> Result<i32, CliError> {
    let config = Config::default_config()?;
    let dirs = config.plugin_dirs(extra);
    let rules =
        load_rules(&config.resolve_ref(&config.game.rules), &config.rules_options(), &dirs, config.game.isolate)?;
    let mut session = Session::new(rules, "")?;
    let mut seats = Vec::new();
    let mut names = Vec::new();
    for p in &config.players {
        let strategy = match (p.kind(), p.strategy_ref()) {
            (PlayerKind::Ai, Some(s)) => s.to_string(),
            _ => "random".to_string(),
        };
        let plugin = load_strategy(&config.resolve_ref(&strategy), &dirs)?;
        let options = p.strategy_options("[players.options]")?;
        let limits = SearchLimits { time_ms: p.time_ms(), depth: p.depth.unwrap_or(0), nodes: 0, max_time_ms: 0 };
        seats.push(StrategyPlayer::new(&plugin, &options, limits)?);
        names.push(format!("{} [{}]", p.name, plugin.name()));
    }
    let info = session.info().clone();
    let seating: Vec<String> =
        names.iter().enumerate().map(|(i, name)| format!("{} = {name}", player_name(&info, i as u8))).collect();
    outln!("{}: {}", info.name, seating.join(", "));
    let result = play_out(&mut session, &mut seats, 0, |s, m| {
        let number = s.history().len();
        let who = if m.is_chance() { "roll".to_string() } else { player_name(s.info(), m.player) };
        outln!("{number:>3}. {who} {}", m.standard);
    })?;
    outln!("result: {}", result.describe(&info));
    Ok(0)
}
