//! `tabula play --text`: a game in the terminal, drawn with the generic
//! ASCII renderer; computer turns go through the core's turn driver.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use rules_api::PluginKind;

use super::common::{moves_text, pv_text, CliError};
use super::out::{out, outln};
use super::PlayArgs;
use tabula_core::config::{Config, DEFAULT_CONFIG_NAME};
use tabula_core::outcome::{ordinal, ForfeitCause};
use tabula_core::players::ComputerPlayer;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::seating::{computer_player, Table};
use tabula_core::session::{Chance, Session, MAX_SEED};
use tabula_core::turn::{computer_turn, TurnEnd};
use tabula_kit::diagram::render_position;

const HELP: &str = "Type a move in coordinate or standard notation, or one of:
  moves        list the legal moves
  undo / redo  take back or replay a move with the rolls after it (back to your last turn)
  save FILE    save the game
  load FILE    load a saved game
  resign       give up
  quit         leave
  help         show this text";

/// One game in the terminal: the configuration, the game, and who sits where.
struct TextGame {
    config: Config,
    session: Session,
    computers: Vec<Option<Box<dyn ComputerPlayer>>>,
    /// How many moves of the history have been announced.
    told: usize,
}

/// The computer players of the configured seats (`None` for people),
/// seated as matches and the window seat them; `file` names the config.
fn seat_players(
    config: &Config,
    players: usize,
    dirs: &PluginDirs,
    file: &str,
) -> Result<Vec<Option<Box<dyn ComputerPlayer>>>, CliError> {
    config.check_seats(players, file)?;
    let rules = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, dirs)?;
    let options = config.rules_options();
    let table = Table { rules: &rules, options: &options };
    let mut seats = Vec::new();
    for p in &config.players {
        seats.push(computer_player(p, config, dirs, &table)?);
    }
    Ok(seats)
}

/// The game of `path` (or the built-in config); `isolate` runs its rules
/// in a child process even when the file does not ask for it; `seed` rolls
/// the dice of a new game (a saved game rolls on with its own seed).
fn open_game(path: Option<&Path>, extra: &[PathBuf], isolate: bool, seed: Option<u64>) -> Result<TextGame, CliError> {
    let mut config = match path {
        Some(p) => Config::load(p)?,
        None => Config::default_config()?,
    };
    config.game.isolate |= isolate;
    let dirs = config.plugin_dirs(extra);
    let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs)?;
    let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate)?);
    let session = match (&config.record, path) {
        (Some(_), Some(p)) if seed.is_some() => {
            return Err(CliError(format!(
                "{} is a saved game: it rolls on with its own seed, so --seed is refused",
                p.display()
            )))
        }
        (Some(record), Some(p)) => Session::from_record(rules, record, &p.display().to_string())?,
        _ => match seed {
            Some(seed) if seed > MAX_SEED => return Err(CliError(format!("--seed {seed} is above {MAX_SEED}"))),
            Some(seed) => Session::with_chance(rules, "", Chance::Seeded(seed))?,
            None => Session::new(rules, "")?,
        },
    };
    let file = path.map_or_else(|| DEFAULT_CONFIG_NAME.to_string(), |p| p.display().to_string());
    let computers = seat_players(&config, session.players(), &dirs, &file)?;
    // A new game announces its opening roll; a loaded one only what follows.
    let told = if config.record.is_some() { session.history().len() } else { 0 };
    Ok(TextGame { config, session, computers, told })
}

/// `tabula play`.
pub fn run(args: &PlayArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let mut table = open_game(args.config.as_deref(), extra, args.isolate_rules, args.seed)?;
    outln!("{} — type 'help' for commands.", table.session.info().name);
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    // Redraw only when the game changed, not after `help` or a typo.
    let mut shown = None;
    loop {
        tell_rolls(&mut table);
        let now = (table.session.history().len(), table.session.position().hash());
        if shown != Some(now) {
            show(&table)?;
            shown = Some(now);
        }
        if let Some(result) = table.session.result()? {
            outln!("Game over: {}", result.describe(table.session.info()));
            let players = table.session.players();
            if players > 2 {
                let places: Vec<String> = result
                    .places(players)
                    .iter()
                    .enumerate()
                    .map(|(p, &place)| format!("{} {}", table.config.players[p].name, ordinal(place)))
                    .collect();
                outln!("Places: {}", places.join(", "));
            }
            return Ok(0);
        }
        let side = table.session.side_to_move() as usize;
        if let Some(Some(player)) = table.computers.get_mut(side) {
            let position = table.session.position().clone();
            let turn = computer_turn(&mut table.session, player, |info| {
                eprintln!(
                    "  depth {} score {} nodes {} pv {}",
                    info.depth,
                    info.score,
                    info.nodes,
                    pv_text(&position, &info.pv)
                );
            })?;
            if let TurnEnd::Played(m) = turn {
                outln!("{} plays {}", table.config.players[side].name, m.standard);
            }
            continue;
        }
        out!("{} ({}) > ", table.config.players[side].name, table.session.player_name(side as u8));
        std::io::stdout().flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            outln!();
            return Ok(0);
        }
        match command(&mut table, line.trim(), extra) {
            Ok(true) => {}
            Ok(false) => return Ok(0),
            Err(e) => outln!("{e}"),
        }
    }
}

/// Announces the rolls the host made since the last announcement (moves
/// people and computers made are announced as they are made).
fn tell_rolls(table: &mut TextGame) {
    let session = &table.session;
    let mover = table.config.players.get(session.side_to_move() as usize).map_or("?", |p| p.name.as_str());
    for m in session.history().iter().skip(table.told).filter(|m| m.is_chance()) {
        outln!("The dice roll {} for {mover}", m.standard);
    }
    table.told = session.history().len();
}

fn show(table: &TextGame) -> Result<(), CliError> {
    let s = &table.session;
    out!("\n{}", render_position(s.rules(), s.position())?);
    // Rolls stand in brackets: no one chose them.
    let history: Vec<String> = s
        .history()
        .iter()
        .map(|m| if m.is_chance() { format!("[{}]", m.standard) } else { m.standard.clone() })
        .collect();
    if !history.is_empty() {
        outln!("moves: {}", history.join(" "));
    }
    Ok(())
}

/// Carries out one line typed by a person; false means "leave".
fn command(table: &mut TextGame, line: &str, extra: &[PathBuf]) -> Result<bool, CliError> {
    let (word, rest) = line.split_once(' ').map_or((line, ""), |(w, r)| (w, r.trim()));
    match word {
        "" => {}
        "help" => outln!("{HELP}"),
        "quit" | "exit" => return Ok(false),
        "moves" => outln!("{}", moves_text(table.session.position(), &table.session.legal_moves()?)?),
        "undo" => {
            if !table.session.undo()? {
                outln!("nothing to undo");
            }
            // Step back past computer moves so it is a person's turn again.
            while is_computer_turn(table) && table.session.undo()? {}
            table.told = table.session.history().len();
        }
        "redo" => {
            if !table.session.redo()? {
                outln!("nothing to redo");
            }
            while is_computer_turn(table) && table.session.can_redo() && table.session.redo()? {}
            table.told = table.session.history().len();
        }
        "save" if !rest.is_empty() => {
            table.session.save(Path::new(rest), &table.config)?;
            outln!("saved to {rest}");
        }
        "load" if !rest.is_empty() => {
            *table = open_game(Some(Path::new(rest)), extra, table.config.game.isolate, None)?;
            show(table)?;
            outln!("loaded {rest}");
        }
        "save" | "load" => outln!("usage: {word} FILE"),
        "resign" => {
            let side = table.session.side_to_move();
            table.session.forfeit(
                side,
                ForfeitCause::Resignation,
                format!("{} resigned", table.config.players[side as usize].name),
            );
        }
        _ => {
            table.session.play_text(line)?;
        }
    }
    Ok(true)
}

fn is_computer_turn(table: &TextGame) -> bool {
    matches!(table.computers.get(table.session.side_to_move() as usize), Some(Some(_)))
}
