//! Playing a tournament on this machine: `concurrency` games at a time,
//! each on a thread of its own with its own players (an engine process is
//! never shared by two games); every finished game is stored, recorded and
//! counted as it ends, and the progress line printed.

use std::collections::{HashSet, VecDeque};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Mutex};

use crate::game::{Finished, Ready};
use crate::plan::{Format, GameSpec};
use crate::report::crosstable;
use crate::sprt::Verdict;
use crate::store::LocalStore;
use crate::swiss;
use crate::tally::Tally;
use crate::TournamentError;

/// Where finished games go besides the store.
pub struct Output<'a> {
    /// The record file, rewritten from the store at the start and appended
    /// as games end.
    pub record: Option<&'a Path>,
    /// The site named in records.
    pub site: String,
}

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Ending {
    /// Every scheduled game is finished.
    Complete,
    /// The SPRT decided.
    Decided(Verdict),
}

/// The labels of the entrants.
pub fn labels(ready: &Ready) -> Vec<&str> {
    ready.entrants.iter().map(|e| e.spec.name.as_str()).collect()
}

/// The line printed for a finished game.
pub fn game_line(ready: &Ready, game: &Finished) -> String {
    let seating: Vec<String> = game
        .seats
        .iter()
        .enumerate()
        .map(|(s, &e)| format!("{}={}", ready.info.players[s].name, ready.entrants[e].spec.name))
        .collect();
    let mut line = format!("game {}: {} | {} | {} moves", game.index + 1, seating.join(" "), game.result, game.moves);
    if game.rolls > 0 {
        line.push_str(&format!(" | {} rolls", game.rolls));
    }
    if let Some(e) = game.fault {
        line.push_str(&format!(" | ERROR by {}", ready.entrants[e].spec.name));
    }
    line
}

/// Rewrites the record file from the stored games (so a game recorded
/// just before a kill is never in it twice).
pub fn rewrite_record(path: &Path, games: &[Finished]) -> Result<(), TournamentError> {
    let fail = |e: std::io::Error| TournamentError::Store(format!("{}: {e}", path.display()));
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(fail)?;
    for g in games {
        tmp.write_all(g.record.as_bytes()).map_err(fail)?;
    }
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// Appends one game to the record file.
pub fn append_record(path: &Path, game: &Finished) -> Result<(), TournamentError> {
    let fail = |e: std::io::Error| TournamentError::Store(format!("{}: {e}", path.display()));
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(path).map_err(fail)?;
    file.write_all(game.record.as_bytes()).map_err(fail)?;
    file.sync_data().map_err(fail)
}

/// The progress line on standard error: rewritten in place on a terminal,
/// one line per game otherwise.
pub fn show_progress(line: &str) {
    let mut err = std::io::stderr();
    if err.is_terminal() {
        let _ = write!(err, "\r\x1b[2K{line}");
    } else {
        let _ = writeln!(err, "progress: {line}");
    }
    let _ = err.flush();
}

/// Counts the stored games into a tally.
pub fn tally_of(ready: &Ready, games: &[Finished], scheduled: usize) -> Result<Tally, TournamentError> {
    let mut tally = Tally::new(ready.entrants.len(), ready.seats, scheduled);
    for g in games {
        tally.add(g, &ready.result_of(g)?, false);
    }
    Ok(tally)
}

/// Plays the games of `ready` that `store` does not hold yet: the whole
/// schedule, or a Swiss tournament round by round.
pub fn run_local(
    ready: &Ready,
    store: &mut LocalStore,
    concurrency: usize,
    out: &Output<'_>,
) -> Result<(Ending, Tally), TournamentError> {
    let stored = store.finished()?;
    if let Some(path) = out.record {
        rewrite_record(path, &stored)?;
    }
    let mut tally = tally_of(ready, &stored, ready.plan.total_games(ready.seats))?;
    if let Some((_, verdict)) = tally.sprt(ready.plan.sprt.as_ref()).filter(|(_, v)| *v != Verdict::Running) {
        return Ok((Ending::Decided(verdict), tally));
    }
    if ready.plan.format != Format::Swiss {
        let done: HashSet<u32> = stored.iter().map(|g| g.index).collect();
        let games = ready.plan.schedule(ready.seats).into_iter().filter(|g| !done.contains(&g.index)).collect();
        let ending = play_games(ready, store, games, concurrency, out, &mut tally)?;
        return Ok((ending, tally));
    }
    for round in 0..ready.plan.rounds {
        let stored = store.finished()?;
        let games = swiss_round(ready, round, &stored)?;
        let ending = play_games(ready, store, games, concurrency, out, &mut tally)?;
        if ending != Ending::Complete {
            return Ok((ending, tally));
        }
    }
    Ok((Ending::Complete, tally))
}

/// The unplayed games of Swiss round `round`, paired from the stored
/// games of the rounds before it.
fn swiss_round(ready: &Ready, round: u32, stored: &[Finished]) -> Result<Vec<GameSpec>, TournamentError> {
    let n = ready.entrants.len();
    let per_round = swiss::pairs_per_round(n) as u32 * 2;
    let mut before = tabula_core::records::standings::Standings::new(n);
    let mut seen = vec![vec![false; n]; round as usize];
    for g in stored.iter().filter(|g| g.index / per_round < round) {
        before.add(&g.seats, &ready.result_of(g)?);
        for &e in &g.seats {
            seen[(g.index / per_round) as usize][e] = true;
        }
    }
    let had_bye: Vec<bool> = (0..n).map(|e| seen.iter().any(|r| !r[e])).collect();
    let met: Vec<Vec<bool>> = (0..n).map(|a| (0..n).map(|b| before.pairs[a][b].games() > 0).collect()).collect();
    let (pairs, bye) = swiss::pair(&before.points, &met, &had_bye);
    if let Some(e) = bye {
        eprintln!("round {}: bye for {}", round + 1, ready.entrants[e].spec.name);
    }
    let done: HashSet<u32> = stored.iter().map(|g| g.index).collect();
    Ok(swiss::round_games(&ready.plan, round, &pairs).into_iter().filter(|g| !done.contains(&g.index)).collect())
}

/// Plays `games`, `concurrency` at a time, storing, recording, counting
/// and printing each as it ends; stops starting games when the SPRT decides.
fn play_games(
    ready: &Ready,
    store: &mut LocalStore,
    games: Vec<GameSpec>,
    concurrency: usize,
    out: &Output<'_>,
    tally: &mut Tally,
) -> Result<Ending, TournamentError> {
    let sprt = ready.plan.sprt.as_ref();
    let labels = labels(ready);
    let queue: Mutex<VecDeque<GameSpec>> = Mutex::new(games.into());
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<Result<Finished, TournamentError>>();
    let mut ending = Ending::Complete;
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..concurrency.max(1) {
            let tx = tx.clone();
            let (queue, stop) = (&queue, &stop);
            scope.spawn(move || loop {
                if stop.load(Ordering::SeqCst) {
                    break;
                }
                let next = queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front();
                let Some(spec) = next else { break };
                if tx.send(ready.play(&spec, &out.site)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for message in rx {
            let step = message.and_then(|game| {
                if store.save(&game)? {
                    if let Some(path) = out.record {
                        append_record(path, &game)?;
                    }
                    tally.add(&game, &ready.result_of(&game)?, true);
                    println!("{}", game_line(ready, &game));
                    show_progress(&tally.progress(&labels, sprt));
                }
                Ok(())
            });
            if let Err(e) = step {
                failure.get_or_insert(e);
                stop.store(true, Ordering::SeqCst);
            }
            if let Some((_, verdict)) = tally.sprt(sprt).filter(|(_, v)| *v != Verdict::Running) {
                if ending == Ending::Complete {
                    ending = Ending::Decided(verdict);
                    stop.store(true, Ordering::SeqCst);
                }
            }
        }
    });
    if std::io::stderr().is_terminal() {
        eprintln!();
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(ending),
    }
}

/// The summary printed at the end: the SPRT's verdict and the crosstable.
pub fn summary(ready: &Ready, tally: &Tally, ending: &Ending) -> Vec<String> {
    let labels = labels(ready);
    let mut lines = Vec::new();
    if let (Some(test), Some((llr, verdict))) = (ready.plan.sprt.as_ref(), tally.sprt(ready.plan.sprt.as_ref())) {
        let (lo, hi) = test.bounds();
        let p = tally.penta;
        let word =
            test.verdict_text(verdict, labels[0]).unwrap_or_else(|| "no verdict yet (the schedule ended first)".into());
        lines.push(format!(
            "sprt: {test} | LLR {llr:.2} ({lo:.2}, {hi:.2}) | pairs {} | Ptnml(0-2): {}, {}, {}, {}, {} | {word}",
            p.iter().sum::<u32>(),
            p[0],
            p[1],
            p[2],
            p[3],
            p[4]
        ));
    }
    let s = &tally.standings;
    let stopped = if let Ending::Decided(_) = ending { " (stopped by the SPRT)" } else { "" };
    lines.push(format!(
        "summary: {} of {} games{stopped} | draws {} | faults {}",
        s.games, tally.scheduled, s.draws, tally.faults
    ));
    lines.extend(crosstable(&labels, s));
    lines
}
