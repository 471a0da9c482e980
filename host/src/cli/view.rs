//! `tabula view`: what one player (or a spectator) knows of a position in
//! a game with hidden information: their view text, the moves as they may
//! read them, and what they were told by the last move. A game that hides
//! nothing shows everyone everything, so there the view is the position.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use rules_api::{PositionExt, RulesBox, SPECTATOR};
use tabula_core::lines::LineReader;
use tabula_core::session::Session;

use super::common::{dirs, load_rules, session_at, status_line, CliError};
use super::out::outln;
use super::query::split_batch_line;
use super::PositionArgs;

/// `tabula view`.
#[derive(Args, Debug)]
pub struct ViewArgs {
    #[command(flatten)]
    /// The position.
    pub at: PositionArgs,
    /// Whose view: a player's name or number (1 = the first player), or
    /// `spectator`.
    #[arg(long, value_name = "P")]
    pub player: String,
}

/// The viewer `name` means in `session`: a player's name (any case), a
/// number from 1, or `spectator`.
fn viewer(session: &Session, name: &str) -> Result<u8, CliError> {
    let name = name.trim();
    if name.eq_ignore_ascii_case("spectator") {
        return Ok(SPECTATOR);
    }
    let players = session.players() as u8;
    if let Ok(n) = name.parse::<u8>() {
        if (1..=players).contains(&n) {
            return Ok(n - 1);
        }
    }
    if let Some(p) = (0..players).find(|&p| session.player_name(p).eq_ignore_ascii_case(name)) {
        return Ok(p);
    }
    let names: Vec<String> = (0..players).map(|p| session.player_name(p)).collect();
    Err(CliError(format!(
        "--player '{name}' is none of this game's players ({}, or 1 to {players}) and not 'spectator'",
        names.join(", ")
    )))
}

/// The view text of `viewer` at the session's position.
fn view_text(session: &Session, viewer: u8) -> Result<String, CliError> {
    Ok(session.position().view_string(viewer)?)
}

/// The view, the status, the moves as the viewer reads them and what they
/// were told; in batch mode (positions on stdin, as `tabula moves` reads
/// them), the view text alone, one line per input line.
pub fn view(args: &ViewArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let at = &args.at;
    let rules = load_rules(&at.rules.rules, &at.rules.option, &dirs(extra), at.rules.isolate_rules)?;
    let stdin = std::io::stdin();
    if at.position.is_none() && at.moves.is_none() && !stdin.is_terminal() {
        return batch(rules, &args.player, stdin.lock());
    }
    let session = session_at(rules, at.position.as_deref(), at.moves.as_deref())?;
    let who = viewer(&session, &args.player)?;
    outln!("{}", view_text(&session, who)?);
    outln!("{}", status_line(&session)?);
    outln!("moves: {}", tabula_core::hidden::moves_for(&session, who)?.join(" "));
    let told = session.position().announcement_for(who)?;
    if !told.is_empty() {
        outln!("told: {told}");
    }
    Ok(0)
}

fn batch(rules: Arc<RulesBox>, player: &str, input: impl BufRead) -> Result<i32, CliError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let (mut lines, mut failed) = (0usize, 0usize);
    for line in LineReader::new(input) {
        lines += 1;
        let answer = line?.into_text().map_err(CliError).and_then(|text| {
            let (position, moves) = split_batch_line(&text);
            let session = session_at(Arc::clone(&rules), position, moves)?;
            view_text(&session, viewer(&session, player)?)
        });
        match answer {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "error: line {lines}: {e}")?;
            }
        }
    }
    out.flush()?;
    if failed > 0 {
        eprintln!("error: {failed} of {lines} input lines failed");
        return Ok(1);
    }
    Ok(0)
}
