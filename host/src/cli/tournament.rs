//! `tabula tournament` (many players, many games at once, SPRT, on this
//! machine or through a PostgreSQL queue) and `tabula worker` (plays the
//! queued games of a tournament). The work itself is the
//! `tabula-tournament` crate's; this module reads the command line into a
//! plan and prints. See docs/TOURNAMENTS.md.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;

use super::common::{load_rules, CliError};
use super::out::outln;
use tabula_core::headless::TimeControl;
use tabula_core::plugins::PluginDirs;
use tabula_core::session::{fresh_seed, Session};
use tabula_tournament::adjudicate::{Adjudication, Draw, Resign};
use tabula_tournament::game::Ready;
use tabula_tournament::plan::{Clock, EntrantSpec, Format, Plan};
use tabula_tournament::queue::{work, Queue, WorkerSettings};
use tabula_tournament::run::{self, Ending, Output};
use tabula_tournament::sprt::{Sprt, Verdict};
use tabula_tournament::store::LocalStore;
use tabula_tournament::tally::Tally;
use tabula_tournament::TournamentError;

impl From<TournamentError> for CliError {
    fn from(e: TournamentError) -> Self {
        CliError(e.to_string())
    }
}

/// `tabula tournament`.
#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// Rules plugin name or path.
    #[arg(long, value_name = "R")]
    pub rules: String,
    /// Rules option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = super::common::parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Run the rules plugin in a child process per game.
    #[arg(long = "isolate-rules")]
    pub isolate_rules: bool,
    /// A player (repeat for each): `ENTRY[,name=N][,time-ms=T][,depth=D][,nodes=N][,KEY=VALUE...]`,
    /// ENTRY a strategy name, path or level, `isolate:S`, or an engine `uci:PROGRAM`;
    /// other KEY=VALUE pairs are the strategy's or engine's options.
    #[arg(long = "player", value_name = "SPEC", required = true)]
    pub player: Vec<String>,
    /// `round-robin` (every group meets), `gauntlet` (the first player against each other) or
    /// `swiss` (rounds of close scores who have not met; two-player games).
    #[arg(long, default_value = "round-robin")]
    pub format: String,
    /// Sets of games per group (a set is one game per seating, colours swapped); with swiss, the rounds.
    #[arg(long, default_value_t = 1)]
    pub rounds: u32,
    /// Games played at once on this machine (with --queue: 0 only watches).
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Openings: positions one per line (FEN/EPD), or a `.pgn` file whose games' first plies are played.
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,
    /// Plies of each PGN opening game to play.
    #[arg(long = "opening-plies", default_value_t = 8)]
    pub opening_plies: usize,
    /// Time per move, ms, for players without their own (default 1000 without --depth, --nodes or --tc).
    #[arg(long = "time-ms")]
    pub time_ms: Option<u64>,
    /// A game clock `BASE+INC` in seconds instead of a time per move.
    #[arg(long = "tc", value_name = "BASE+INC", value_parser = super::parse_time_control)]
    pub tc: Option<TimeControl>,
    /// Depth limit per move for players without their own.
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node limit per move for players without their own.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// A game still going after this many moves is a draw (0 = no limit).
    #[arg(long = "max-moves", default_value_t = 1000)]
    pub max_moves: usize,
    /// Resign adjudication: `movecount=N score=S [twosided=true]`.
    #[arg(long, value_name = "SETTINGS")]
    pub resign: Option<String>,
    /// Draw adjudication: `movenumber=N movecount=M score=S`.
    #[arg(long, value_name = "SETTINGS")]
    pub draw: Option<String>,
    /// Stop when decided: `elo0=0 elo1=5 alpha=0.05 beta=0.05 [model=normalized|logistic]`.
    #[arg(long, value_name = "SETTINGS")]
    pub sprt: Option<String>,
    /// Seed of the dice and of seeded strategies (default: drawn once and kept in the results).
    #[arg(long)]
    pub seed: Option<u64>,
    /// The results file (SQLite): created, or continued when it holds the same tournament.
    #[arg(long, value_name = "FILE", required_unless_present = "queue")]
    pub results: Option<PathBuf>,
    /// The record file (PGN or the text record), rewritten from the results at start, appended as games end.
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Share the tournament through PostgreSQL (`postgres://USER@HOST:PORT/DB`) instead of a results file.
    #[arg(long, value_name = "URL")]
    pub queue: Option<String>,
    /// The tournament's name in the queue.
    #[arg(long, default_value = "tournament")]
    pub name: String,
    /// Seconds a claimed game stays with a worker that stops renewing it.
    #[arg(long = "lease-secs", default_value_t = 30)]
    pub lease_secs: u64,
}

/// `tabula worker`.
#[derive(Args, Debug)]
pub struct WorkerArgs {
    /// The PostgreSQL queue (`postgres://USER@HOST:PORT/DB`).
    #[arg(long, value_name = "URL")]
    pub queue: String,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Only this tournament (default: every open one).
    #[arg(long)]
    pub tournament: Option<String>,
    /// Seconds a claimed game stays with this worker if it stops renewing it.
    #[arg(long = "lease-secs", default_value_t = 30)]
    pub lease_secs: u64,
}

/// Reads one `--player` spec; `args` gives the defaults.
fn entrant(spec: &str, args: &TournamentArgs) -> Result<EntrantSpec, CliError> {
    let mut parts = spec.split(',').map(str::trim);
    let entry =
        parts.next().filter(|e| !e.is_empty()).ok_or_else(|| CliError(format!("--player '{spec}': no player")))?;
    let defaults_time = if args.depth.is_some() || args.nodes.is_some() || args.tc.is_some() { 0 } else { 1000 };
    let mut e = EntrantSpec {
        name: tabula_core::config::PlayerConfig::from_entry(entry, 0).name,
        entry: entry.to_string(),
        time_ms: args.time_ms.unwrap_or(defaults_time),
        depth: args.depth.unwrap_or(0),
        nodes: args.nodes.unwrap_or(0),
        options: Vec::new(),
    };
    for part in parts.filter(|p| !p.is_empty()) {
        let (k, v) =
            super::common::parse_key_value(part).map_err(|why| CliError(format!("--player '{spec}': {why}")))?;
        let number =
            |v: &str| v.parse::<u64>().map_err(|_| CliError(format!("--player '{spec}': {k}={v} is not a number")));
        match k.as_str() {
            "name" => e.name = v,
            "time-ms" => e.time_ms = number(&v)?,
            "depth" => e.depth = number(&v)? as u32,
            "nodes" => e.nodes = number(&v)?,
            _ => e.options.push((k, v)),
        }
    }
    Ok(e)
}

/// The plan of the command line, and whether it fixed the seed.
fn plan(args: &TournamentArgs, dirs: &PluginDirs) -> Result<(Plan, bool), CliError> {
    super::common::unique_options(&args.option, "--option")?;
    let entrants = args.player.iter().map(|p| entrant(p, args)).collect::<Result<Vec<_>, _>>()?;
    for (i, e) in entrants.iter().enumerate() {
        if entrants[..i].iter().any(|f| f.name == e.name) {
            return Err(CliError(format!(
                "two players are named '{}'; give each a name (--player '{},name=OTHER')",
                e.name, e.entry
            )));
        }
    }
    let format = Format::parse(&args.format)
        .ok_or_else(|| CliError(format!("--format '{}' is not round-robin, gauntlet or swiss", args.format)))?;
    let rules = load_rules(&args.rules, &args.option, dirs, args.isolate_rules)?;
    let openings = match &args.openings {
        Some(path) => tabula_tournament::openings::read(path, args.opening_plies, &rules).map_err(CliError)?,
        None => Vec::new(),
    };
    let seats = Session::new(rules, "")?.players();
    if entrants.len() < seats {
        return Err(CliError(format!("the game has {seats} players per game but only {} --player", entrants.len())));
    }
    let adjudication = Adjudication {
        resign: args.resign.as_deref().map(Resign::parse).transpose().map_err(CliError)?,
        draw: args.draw.as_deref().map(Draw::parse).transpose().map_err(CliError)?,
    };
    if format == Format::Swiss && (seats != 2 || args.queue.is_some()) {
        return Err(CliError("--format swiss pairs two-player games, on one machine (not with --queue)".into()));
    }
    let sprt = args.sprt.as_deref().map(Sprt::parse).transpose().map_err(|e| CliError(e.to_string()))?;
    if sprt.is_some() && (entrants.len() != 2 || seats != 2) {
        return Err(CliError("--sprt tests two players against each other in a two-player game".into()));
    }
    let plan = Plan {
        rules: args.rules.clone(),
        options: args.option.clone(),
        isolate_rules: args.isolate_rules,
        entrants,
        format,
        rounds: args.rounds,
        openings,
        max_moves: args.max_moves,
        clock: args.tc.map(|t| Clock { base_ms: t.base_ms, increment_ms: t.increment_ms }),
        adjudication,
        sprt,
        seed: args.seed.unwrap_or_else(fresh_seed),
    };
    Ok((plan, args.seed.is_some()))
}

fn site() -> String {
    std::fs::read_to_string("/etc/hostname").map(|h| h.trim().to_string()).unwrap_or_else(|_| "?".into())
}

fn print_summary(ready: &Ready, tally: &Tally, ending: &Ending) {
    for line in run::summary(ready, tally, ending) {
        outln!("{line}");
    }
}

/// `tabula tournament`.
pub fn tournament(args: &TournamentArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let dirs = super::common::dirs(extra);
    let (plan, seed_given) = plan(args, &dirs)?;
    if let Some(url) = &args.queue {
        return queued(args, url, plan, seed_given, &dirs);
    }
    let path = args.results.as_ref().ok_or_else(|| CliError("--results FILE or --queue URL is needed".into()))?;
    let (mut store, plan) = LocalStore::open(path, &plan, seed_given)?;
    let ready = Ready::new(plan, &dirs)?;
    let out = Output { record: args.record.as_deref(), site: site() };
    let (ending, tally) = run::run_local(&ready, &mut store, args.concurrency, &out)?;
    print_summary(&ready, &tally, &ending);
    Ok(0)
}

/// The tournament in the queue: created or found, played by this
/// process's own workers (`--concurrency`) and any `tabula worker`, and
/// watched until every game is done or the SPRT decides.
fn queued(args: &TournamentArgs, url: &str, plan: Plan, seed_given: bool, dirs: &PluginDirs) -> Result<i32, CliError> {
    let ready = Ready::new(plan, dirs)?;
    let mut queue = Queue::connect(url)?;
    let plan = queue.create(&args.name, &ready.plan, &ready.fingerprint, seed_given, ready.seats)?;
    let ready = if plan == ready.plan { ready } else { Ready::new(plan, dirs)? };
    let scheduled = ready.plan.schedule(ready.seats).len();
    eprintln!("queue: tournament '{}' of {scheduled} games at {}", args.name, tabula_tournament::queue::shown(url));
    let settings = WorkerSettings {
        url,
        only: Some(&args.name),
        lease: Duration::from_secs(args.lease_secs.max(1)),
        site: site(),
    };
    if let Some(path) = &args.record {
        run::rewrite_record(path, &[])?;
    }
    let labels = run::labels(&ready);
    let sprt = ready.plan.sprt.as_ref();
    let mut tally = Tally::new(ready.entrants.len(), ready.seats, scheduled);
    let mut ending = Ending::Complete;
    let make = |p: Plan| Ready::new(p, dirs);
    let (settings, make) = (&settings, &make);
    let failed = std::thread::scope(|scope| -> Result<(), CliError> {
        let workers: Vec<_> =
            (0..args.concurrency).map(|slot| scope.spawn(move || work(settings, slot, make))).collect();
        let mut seq = 0;
        loop {
            for (s, game) in queue.done_since(&args.name, seq)? {
                seq = s;
                if let Some(path) = &args.record {
                    run::append_record(path, &game)?;
                }
                tally.add(&game, &ready.result_of(&game)?, true);
                outln!("{}", run::game_line(&ready, &game));
                run::show_progress(&tally.progress(&labels, sprt));
            }
            if let Some((_, verdict)) = tally.sprt(sprt).filter(|(_, v)| *v != Verdict::Running) {
                queue.close(&args.name)?;
                ending = Ending::Decided(verdict);
                break;
            }
            if queue.unfinished(&args.name)?.0 == 0 {
                break;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        for w in workers {
            w.join().map_err(|_| CliError("a worker thread panicked".into()))??;
        }
        Ok(())
    });
    failed?;
    print_summary(&ready, &tally, &ending);
    Ok(0)
}

/// `tabula worker`.
pub fn worker(args: &WorkerArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let dirs = super::common::dirs(extra);
    // Reach the queue once before starting the slots: an unreachable
    // database is one clear error, not one per slot.
    Queue::connect(&args.queue)?;
    let settings = WorkerSettings {
        url: &args.queue,
        only: args.tournament.as_deref(),
        lease: Duration::from_secs(args.lease_secs.max(1)),
        site: site(),
    };
    let make = |p: Plan| Ready::new(p, &dirs);
    let played = std::thread::scope(|scope| -> Result<u32, CliError> {
        let slots: Vec<_> = (0..args.concurrency.max(1))
            .map(|slot| {
                scope.spawn({
                    let (s, m) = (&settings, &make);
                    move || work(s, slot, m)
                })
            })
            .collect();
        let mut total = 0;
        for s in slots {
            total += s.join().map_err(|_| CliError("a worker thread panicked".into()))??;
        }
        Ok(total)
    })?;
    outln!("worker: played {played} games; nothing left to play");
    Ok(0)
}
