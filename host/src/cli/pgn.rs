//! `tabula pgn`: lists the games of a PGN file with every move checked by
//! the rules plugin (main line and variations), and writes them back out
//! tidied (the Seven Tag Roster first, comments, NAGs and variations kept).

use std::io::Read;
use std::path::PathBuf;

use clap::Args;
use tabula_core::protocols::settings::ProtocolSettings;
use tabula_core::records::pgn_check::check_game;
use tabula_core::records::pgn_read::read_games;
use tabula_core::records::pgn_tree::{write, PgnGame};

use super::common::{dirs, load_rules, parse_key_value, CliError};
use super::out::outln;

/// `tabula pgn`.
#[derive(Args, Debug)]
pub struct PgnArgs {
    /// The PGN file (`-`: standard input).
    pub file: PathBuf,
    /// Rules plugin the moves are read with (default: config/protocols.toml's `uci_rules`).
    #[arg(long, value_name = "R")]
    pub rules: Option<String>,
    /// Rules option KEY=VALUE (repeatable).
    #[arg(long = "option", value_name = "KEY=VALUE", value_parser = parse_key_value)]
    pub option: Vec<(String, String)>,
    /// Only games whose White, Black, Result, Date, Event, Site or Round
    /// holds every word of TEXT (any case).
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
    /// Only game N (from 1, as listed).
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,
    /// Write the games listed to this file as PGN (`-`: standard output,
    /// instead of the list).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// One line per game, tab-separated: number, White, Black, result, date,
/// event, main-line plies, then `ok` or the refusal; exit 1 when a game
/// has a move its rules refuse.
pub fn pgn(args: &PgnArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let text = read_input(&args.file)?;
    let games = read_games(&text).map_err(|e| CliError(format!("{}: {e}", args.file.display())))?;
    if let Some(n) = args.game.filter(|&n| n == 0 || n > games.len()) {
        return Err(CliError(format!("--game {n}: {} holds games 1 to {}", args.file.display(), games.len())));
    }
    let chosen: Vec<&PgnGame> = games
        .iter()
        .filter(|g| args.game.unwrap_or(g.number) == g.number)
        .filter(|g| g.matches(args.filter.as_deref().unwrap_or("")))
        .collect();
    let settings = ProtocolSettings::builtin();
    let rules_name = args.rules.as_deref().unwrap_or(&settings.uci_rules);
    let rules = load_rules(rules_name, &args.option, &dirs(extra), false)?;
    let to_stdout = args.out.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let mut refused = 0;
    for game in &chosen {
        let checked = check_game(&rules, game);
        if let Err(e) = &checked {
            refused += 1;
            eprintln!("error: {}: {e}", args.file.display());
        }
        if !to_stdout {
            let tag = |name: &str| game.tag(name).unwrap_or("?").to_string();
            let verdict = match &checked {
                Ok(c) => format!("{} plies\tok", c.plies),
                Err(e) => format!("{} plies\trefused: {e}", game.moves.moves.len()),
            };
            outln!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{verdict}",
                game.number,
                tag("White"),
                tag("Black"),
                game.result_token(),
                tag("Date"),
                tag("Event")
            );
        }
    }
    if let Some(out) = &args.out {
        let text: String = chosen.iter().map(|g| write(g)).collect();
        if to_stdout {
            super::out::out!("{text}");
        } else {
            std::fs::write(out, text).map_err(|e| CliError(format!("{}: {e}", out.display())))?;
        }
    }
    Ok(if refused > 0 { 1 } else { 0 })
}

fn read_input(file: &std::path::Path) -> Result<String, CliError> {
    let named = |e: std::io::Error| CliError(format!("{}: {e}", file.display()));
    if file.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map_err(named)?;
        return Ok(text);
    }
    let bytes = std::fs::read(file).map_err(named)?;
    // Old PGN files are often Latin-1: read what is not UTF-8 as Latin-1
    // rather than refuse the file.
    Ok(String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect()))
}
