//! The one-shot subcommands: perft, moves, position, bestmove, plugins.

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

use rules_api::{RulesBox, SearchLimits};

use super::common::{
    chance_line, dirs, load_rules, load_strategy, moves_text, pv_text, session_at, status_line, CliError,
};
use super::out::outln;
use super::{BestmoveArgs, PerftArgs, PositionArgs};
use tabula_core::lines::LineReader;
use tabula_core::outcome::{ordinal, GameResult};
use tabula_core::players::StrategyPlayer;
use tabula_core::plugins::{discover, Discovered};
use tabula_core::turn::{judge, Forfeit};
use tabula_kit::perft;

/// `tabula perft`: the count alone on the first line, timing on stderr.
pub fn perft(args: &PerftArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let at = &args.at;
    let rules = load_rules(&at.rules.rules, &at.rules.option, &dirs(extra), at.rules.isolate_rules)?;
    let session = session_at(rules, at.position.as_deref(), at.moves.as_deref())?;
    let mut position = session.position().clone();
    let started = Instant::now();
    let mut out = std::io::stdout().lock();
    let nodes = if args.divide {
        let per_move = perft::divide_with(&mut position, args.depth, args.finished)?;
        let total: u64 = per_move.iter().map(|(_, n)| n).sum();
        writeln!(out, "{total}")?;
        for (m, n) in per_move {
            writeln!(out, "{m} {n}")?;
        }
        total
    } else {
        let nodes = perft::perft_with(&mut position, args.depth, args.finished)?;
        writeln!(out, "{nodes}")?;
        nodes
    };
    let seconds = started.elapsed().as_secs_f64();
    eprintln!("{nodes} nodes in {seconds:.3} s ({:.0} nodes/s)", nodes as f64 / seconds.max(1e-9));
    Ok(0)
}

/// `tabula moves`: one line of legal moves, or batch mode on stdin.
pub fn moves(args: &PositionArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let rules = load_rules(&args.rules.rules, &args.rules.option, &dirs(extra), args.rules.isolate_rules)?;
    let stdin = std::io::stdin();
    if args.position.is_none() && args.moves.is_none() && !stdin.is_terminal() {
        return batch_moves(rules, stdin.lock());
    }
    outln!("{}", legal_line(&rules, args.position.as_deref(), args.moves.as_deref())?);
    Ok(0)
}

/// The legal moves in coordinate notation, or at a chance node its
/// outcomes with their probabilities (`chance: 21 outcomes: ...`).
fn legal_line(rules: &Arc<RulesBox>, position: Option<&str>, moves: Option<&str>) -> Result<String, CliError> {
    let session = session_at(Arc::clone(rules), position, moves)?;
    if let Some(line) = chance_line(&session)? {
        return Ok(line);
    }
    moves_text(session.position(), &session.legal_moves()?)
}

/// One output line per input line: `POSITION [moves M1 M2 ...]`, where an
/// empty position (or an empty line) means the start position. Input with
/// no lines at all is the start position, so `tabula moves --rules R
/// </dev/null` behaves like the one-shot form.
fn batch_moves(rules: Arc<RulesBox>, input: impl BufRead) -> Result<i32, CliError> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = 0usize;
    let mut lines = 0usize;
    // Bytes, not `lines()`: a line that is not UTF-8 (or is huge) gets its
    // error answer and the lines after it are answered as usual.
    for line in LineReader::new(input) {
        lines += 1;
        let line = match line?.into_text() {
            Ok(text) => text,
            Err(why) => {
                failed += 1;
                writeln!(out, "error: line {lines}: {why}")?;
                continue;
            }
        };
        let (position, moves) = split_batch_line(&line);
        match legal_line(&rules, position, moves) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) => {
                failed += 1;
                writeln!(out, "error: {e}")?;
            }
        }
    }
    if lines == 0 {
        writeln!(out, "{}", legal_line(&rules, None, None)?)?;
    }
    out.flush()?;
    if failed > 0 {
        eprintln!("error: {failed} of {lines} input lines failed");
        return Ok(1);
    }
    Ok(0)
}

pub(super) fn split_batch_line(line: &str) -> (Option<&str>, Option<&str>) {
    let line = line.trim();
    let (position, moves) = if let Some(rest) = line.strip_prefix("moves ") {
        ("", Some(rest))
    } else if line == "moves" {
        ("", None)
    } else if let Some((p, m)) = line.split_once(" moves ") {
        (p, Some(m))
    } else {
        (line.strip_suffix(" moves").unwrap_or(line), None)
    };
    let position = position.trim();
    ((!position.is_empty()).then_some(position), moves)
}

/// `tabula position`: the resulting position text and its status; then at
/// a chance node its outcomes, in a game of more than two players the
/// player to move, and when such a game (or any game with payoffs of its
/// own) is over, every player's place; last, when the player to move may
/// claim a draw, `claim: <reason>`.
pub fn position(args: &PositionArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let rules = load_rules(&args.rules.rules, &args.rules.option, &dirs(extra), args.rules.isolate_rules)?;
    let session = session_at(rules, args.position.as_deref(), args.moves.as_deref())?;
    outln!("{}", session.position_text(session.position())?);
    outln!("{}", status_line(&session)?);
    let players = session.players();
    match session.result()? {
        _ if session.is_chance_node() => outln!("{}", chance_line(&session)?.unwrap_or_default()),
        None if players > 2 => outln!("to move: {}", session.player_name(session.side_to_move())),
        Some(result) if players > 2 || matches!(result, GameResult::Scored { .. }) => {
            let places: Vec<String> = result
                .places(players)
                .iter()
                .enumerate()
                .map(|(p, &place)| format!("{} {}", session.player_name(p as u8), ordinal(place)))
                .collect();
            outln!("places: {}", places.join(", "));
        }
        _ => {}
    }
    if let Some(reason) = session.draw_claim()? {
        outln!("claim: {reason}");
    }
    Ok(0)
}

/// `tabula bestmove`: progress on stderr, the move as the last stdout line.
pub fn bestmove(args: &BestmoveArgs, extra: &[PathBuf]) -> Result<i32, CliError> {
    let dirs = dirs(extra);
    let at = &args.at;
    let rules = load_rules(&at.rules.rules, &at.rules.option, &dirs, at.rules.isolate_rules)?;
    let session = session_at(rules, at.position.as_deref(), at.moves.as_deref())?;
    if let Some(result) = session.result()? {
        return Err(CliError(format!("no move to choose: the game is over ({})", result.describe(session.info()))));
    }
    if let Some(line) = chance_line(&session)? {
        return Err(CliError(format!(
            "no move to choose: the next move is drawn, not chosen ({line}); give the roll with --moves"
        )));
    }
    super::common::unique_options(&args.ai_option, "--ai-option")?;
    let plugin = load_strategy(&args.ai, &dirs)?;
    let limits = SearchLimits { time_ms: args.time_ms, depth: args.depth, nodes: 0, max_time_ms: 0 };
    let options = tabula_core::seating::options_for(&args.ai, &args.ai_option);
    let mut player = StrategyPlayer::new(&plugin, &options, limits)?;
    let truth = session.position().clone();
    // In a game with hidden information the strategy searches (and its
    // principal variation is written in) a position made from the mover's
    // view alone, drawn from a seed the user can give to repeat it.
    let position = if tabula_core::hidden::is_hidden(&truth) {
        let seed = args.seed.unwrap_or_else(tabula_core::session::fresh_seed);
        let view_seed = tabula_core::hidden::view_seed(seed, session.history().len());
        eprintln!(
            "hidden information: {} sees only {}'s view (--seed {seed})",
            plugin.name(),
            session.player_name(session.side_to_move())
        );
        tabula_core::hidden::strategy_position(session.rules(), &truth, view_seed)
            .map_err(|e| CliError(format!("cannot hand the strategy its view: {e}")))?
    } else {
        truth.clone()
    };
    let mut search = player.start_sample(position.clone());
    let outcome = search.wait(|info| {
        let nps = info.nodes * 1000 / info.time_ms.max(1);
        eprintln!(
            "depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
            info.depth,
            info.seldepth,
            info.score,
            info.nodes,
            nps,
            info.time_ms,
            pv_text(&position, &info.pv)
        );
    });
    player.finish(&outcome);
    match judge(&outcome, &truth, limits) {
        Ok(result) => {
            eprintln!(
                "score {} depth {} nodes {} pv {}",
                result.score,
                result.depth,
                result.nodes,
                pv_text(&position, &result.pv)
            );
            outln!("{}", moves_text(&truth, &[result.best])?);
            Ok(0)
        }
        Err(Forfeit { cause, reason }) => {
            Err(CliError(format!("strategy '{}' failed ({}): {reason}", plugin.name(), cause.word())))
        }
    }
}

/// `tabula plugins`: every plugin found, then every broken library.
pub fn plugins(extra: &[PathBuf]) -> Result<i32, CliError> {
    let dirs = dirs(extra);
    let found = discover(&dirs);
    let mut out = std::io::stdout().lock();
    let mut any = false;
    for item in &found {
        if let Discovered::Plugin(p) = item {
            any = true;
            writeln!(out, "{:<8} {:<12} {:<8} {}", p.kind().name(), p.name(), p.version(), p.path().display())?;
            if !p.description().is_empty() {
                writeln!(out, "    {}", p.description())?;
            }
            for o in p.options() {
                let choices: Vec<&str> = o.choices.iter().map(|c| c.as_str()).collect();
                let choices = if choices.is_empty() { String::new() } else { format!(" [{}]", choices.join("|")) };
                writeln!(out, "    option {}={}{}: {}", o.name, o.default, choices, o.description)?;
            }
        }
    }
    for item in &found {
        if let Discovered::Broken(_, e) = item {
            writeln!(out, "broken   {e}")?;
        }
    }
    if !any {
        let searched: Vec<String> = dirs.dirs().iter().map(|d| d.display().to_string()).collect();
        writeln!(out, "no plugins found (searched: {})", searched.join(", "))?;
    }
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::split_batch_line;

    #[test]
    fn batch_lines_split_into_position_and_moves() {
        let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
        assert_eq!(split_batch_line(""), (None, None));
        assert_eq!(split_batch_line(fen), (Some(fen), None));
        assert_eq!(split_batch_line(&format!("{fen} moves a1a2 h1h2")), (Some(fen), Some("a1a2 h1h2")));
        assert_eq!(split_batch_line("moves e2e4"), (None, Some("e2e4")));
        assert_eq!(split_batch_line(&format!("{fen} moves")), (Some(fen), None));
    }
}
