//! [`EnginePlayer`]: an external engine process in a seat.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rules_api::{
    score, ErrorKind, Move, Notation, PluginError, PositionBox, RVec, SearchInfo, SearchLimits, SearchResult, CELL_NONE,
};

use super::gtp;
use super::process::{read_line, send_to, EngineError, Line, Process};
use crate::players::{ComputerPlayer, Search, SearchEvent, SearchOutcome};
use crate::protocols::core::FAILURE_PREFIX;
use crate::protocols::grid::Grid;
use crate::protocols::settings::{shift_ranks, GomocupSettings};
use crate::session::Session;
use crate::source::{EngineSpec, Protocol};
use crate::turn::RESIGNED;

/// How long an engine may take to start and answer the handshake.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(15);
/// The move time used when a player has no limit at all, ms.
pub const DEFAULT_MOVE_MS: u64 = 1000;

/// What an engine player needs to know about the game beyond the position.
#[derive(Clone, Debug, Default)]
pub struct EngineContext {
    /// Added to rank numbers in moves sent to a UCI engine.
    pub rank_offset: i32,
    /// Options sent with `setoption` before the player's own (a dialect's).
    pub preset_options: Vec<(String, String)>,
    /// The rules options in use (mapped onto Gomocup's `INFO rule`).
    pub rules_options: Vec<(String, String)>,
    /// Gomocup's size and rule mapping.
    pub gomocup: Option<GomocupSettings>,
    /// The komi a GTP engine is told (the rules' komi option in use).
    pub komi: Option<String>,
}

/// An external engine in a seat. The process starts at the player's first
/// turn and is killed when the player is dropped (one per game in matches)
/// or after a turn it failed, so a broken engine costs one game only.
pub struct EnginePlayer {
    label: String,
    spec: EngineSpec,
    options: Vec<(String, String)>,
    limits: SearchLimits,
    context: EngineContext,
    process: Option<Process>,
    grid: Option<Grid>,
    millis: bool,
    gtp: gtp::State,
}

impl EnginePlayer {
    /// A player for `spec` with engine `options` (sent with `setoption`).
    pub fn new(
        label: &str,
        spec: EngineSpec,
        options: Vec<(String, String)>,
        limits: SearchLimits,
        context: EngineContext,
    ) -> Self {
        EnginePlayer {
            label: label.to_string(),
            spec,
            options,
            limits,
            context,
            process: None,
            grid: None,
            millis: false,
            gtp: gtp::State::default(),
        }
    }

    /// The move time actually used: the limit, or a default when none is set.
    fn move_ms(&self) -> u64 {
        if self.limits.time_ms == 0 && self.limits.depth == 0 && self.limits.nodes == 0 {
            DEFAULT_MOVE_MS
        } else {
            self.limits.time_ms
        }
    }

    /// Starts the process and completes the handshake, if not done yet.
    fn ensure_started(&mut self, session: &Session) -> Result<(), EngineError> {
        if self.process.is_some() {
            return Ok(());
        }
        let p = Process::spawn(&self.spec)?;
        let options: Vec<(String, String)> =
            self.context.preset_options.iter().chain(self.options.iter()).cloned().collect();
        match self.spec.protocol {
            Protocol::Uci | Protocol::Ucci => {
                let ucci = self.spec.protocol == Protocol::Ucci;
                p.send(if ucci { "ucci" } else { "uci" })?;
                let ok = if ucci { "ucciok" } else { "uciok" };
                let mut announced = Vec::new();
                p.expect(HANDSHAKE_TIMEOUT, ok, |l| {
                    announced.push(l.to_string());
                    l.trim() == ok
                })?;
                for (k, v) in &options {
                    p.send(&if ucci { format!("setoption {k} {v}") } else { format!("setoption name {k} value {v}") })?;
                }
                self.millis = ucci && announced.iter().any(|l| l.split_whitespace().nth(1) == Some("usemillisec"));
                if self.millis {
                    p.send("setoption usemillisec true")?;
                }
                if !ucci {
                    p.send("ucinewgame")?;
                }
                p.send("isready")?;
                p.expect(HANDSHAKE_TIMEOUT, "readyok", |l| l.trim() == "readyok")?;
            }
            Protocol::Gomocup => {
                let grid = Grid::from_geometry(&session.rules().geometry().into_result()?);
                if grid.width() != grid.height() {
                    p.send(&format!("RECTSTART {},{}", grid.width(), grid.height()))?;
                } else {
                    p.send(&format!("START {}", grid.width()))?;
                }
                let answer = p.expect(HANDSHAKE_TIMEOUT, "OK", |l| !is_gomocup_chatter(l))?;
                if !answer.trim().eq_ignore_ascii_case("OK") {
                    return Err(EngineError::Refused(answer));
                }
                p.send(&format!("INFO timeout_turn {}", self.move_ms()))?;
                if let Some(g) = &self.context.gomocup {
                    p.send(&format!("INFO rule {}", gomocup_rule(g, &self.context.rules_options)))?;
                }
                for (k, v) in &options {
                    p.send(&format!("INFO {k} {v}"))?;
                }
                self.grid = Some(grid);
            }
            Protocol::Gtp => {
                let komi = self.context.komi.clone();
                self.gtp.handshake(&p, session, komi.as_deref(), self.move_ms(), HANDSHAKE_TIMEOUT)?;
            }
        }
        self.process = Some(p);
        Ok(())
    }

    /// The commands that ask for a move in `session`.
    fn turn_commands(&mut self, session: &Session) -> Result<(Vec<String>, gtp::Pending), EngineError> {
        if self.spec.protocol == Protocol::Gtp {
            let pending = self.gtp.turn(session)?;
            let lines = pending.commands.iter().map(|(id, c)| format!("{id} {c}")).collect();
            return Ok((lines, pending));
        }
        Ok((self.stream_commands(session)?, gtp::Pending::default()))
    }

    /// The commands of the stateless protocols (the whole game each turn).
    fn stream_commands(&self, session: &Session) -> Result<Vec<String>, EngineError> {
        let moves: Vec<String> =
            session.history().iter().map(|m| shift_ranks(&m.coordinate, self.context.rank_offset)).collect();
        let moves_part = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        let ms = self.move_ms();
        Ok(match self.spec.protocol {
            Protocol::Uci => {
                let start = if session.start_text().is_empty() {
                    "startpos".to_string()
                } else {
                    format!("fen {}", session.start_text())
                };
                let mut go = "go".to_string();
                if ms > 0 {
                    go.push_str(&format!(" movetime {ms}"));
                }
                if self.limits.depth > 0 {
                    go.push_str(&format!(" depth {}", self.limits.depth));
                }
                if self.limits.nodes > 0 {
                    go.push_str(&format!(" nodes {}", self.limits.nodes));
                }
                vec![format!("position {start}{moves_part}"), go]
            }
            Protocol::Ucci => {
                let fen = session.start_position().to_text().into_result()?;
                let go = if self.limits.depth > 0 {
                    format!("go depth {}", self.limits.depth)
                } else if self.millis {
                    format!("go time {ms} movestogo 1")
                } else {
                    format!("go time {} movestogo 1", ms.div_ceil(1000).max(1))
                };
                vec![format!("position fen {fen}{moves_part}"), go]
            }
            Protocol::Gomocup => {
                let grid = self.grid.as_ref().ok_or(EngineError::NoBoard)?;
                let me = session.side_to_move();
                let mut lines = vec!["BOARD".to_string()];
                for m in session.history() {
                    let (x, y) = grid.xy(m.mv.to).ok_or(EngineError::OffGrid)?;
                    lines.push(format!("{x},{y},{}", if m.player == me { 1 } else { 2 }));
                }
                lines.push("DONE".into());
                lines
            }
            Protocol::Gtp => Vec::new(),
        })
    }
}

impl ComputerPlayer for EnginePlayer {
    fn label(&self) -> String {
        self.label.clone()
    }
    fn turn_limits(&self) -> SearchLimits {
        SearchLimits { time_ms: self.move_ms(), ..self.limits }
    }
    fn set_limits(&mut self, limits: SearchLimits) {
        self.limits = limits;
    }

    fn start_turn(&mut self, session: &Session) -> Search {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        // Started after the handshake, which does not count as thinking time.
        let prepared = self.ensure_started(session).and_then(|()| self.turn_commands(session));
        let search = Search::from_events(rx, Arc::clone(&stop), self.move_ms());
        let (process, pending) = match (&self.process, prepared) {
            (Some(p), Ok((commands, pending))) => (commands.iter().try_for_each(|c| p.send(c)).map(|()| p), pending),
            (_, Err(e)) => (Err(e), gtp::Pending::default()),
            (None, Ok(_)) => (Err(EngineError::NotRunning), gtp::Pending::default()),
        };
        match process {
            Ok(p) => {
                let turn = Turn {
                    protocol: self.spec.protocol,
                    position: session.position().clone(),
                    rank_offset: self.context.rank_offset,
                    grid: self.grid.clone(),
                    gtp: pending,
                    writer: p.writer(),
                    reader: p.reader(),
                    stop,
                    events: tx,
                };
                let name = format!("engine turn {}", self.label);
                if let Err(e) = std::thread::Builder::new().name(name).spawn(move || turn.run()) {
                    self.process = None;
                    return failed_search(format!("cannot start a reader thread: {e}"));
                }
            }
            Err(e) => {
                self.process = None;
                let _ = tx.send(SearchEvent::Finished(Err(PluginError::internal(e.to_string()))));
            }
        }
        search
    }

    fn end_turn(&mut self, outcome: &SearchOutcome) {
        // An engine that failed a turn is not trusted with another: the
        // process is killed and, if the game goes on, started afresh.
        if !matches!(outcome, SearchOutcome::Answered(_)) {
            self.process = None;
        }
    }
}

fn failed_search(reason: String) -> Search {
    let (tx, rx) = channel();
    let _ = tx.send(SearchEvent::Finished(Err(PluginError::internal(reason))));
    Search::from_events(rx, Arc::new(AtomicBool::new(false)), 0)
}

/// Lines a Gomocup brain may send at any time besides its answer.
fn is_gomocup_chatter(line: &str) -> bool {
    let head = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
    line.trim().is_empty() || matches!(head.as_str(), "MESSAGE" | "DEBUG" | "SUGGEST")
}

/// The Gomocup `INFO rule` value for the rules options in use: the sum of
/// the bits whose `option=value` entry is among them.
pub fn gomocup_rule(settings: &GomocupSettings, rules_options: &[(String, String)]) -> u32 {
    settings
        .rule_bits
        .iter()
        .filter_map(|(bit, opt)| {
            let bit: u32 = bit.parse().ok().filter(|b| *b > 0)?;
            let (k, v) = opt.split_once('=')?;
            rules_options.iter().any(|(rk, rv)| rk == k.trim() && rv == v.trim()).then_some(bit)
        })
        .sum()
}

/// One turn's reader: forwards progress, turns the answer into a move of
/// the position, and asks the engine to stop when the host says so.
struct Turn {
    protocol: Protocol,
    position: PositionBox,
    rank_offset: i32,
    grid: Option<Grid>,
    gtp: gtp::Pending,
    writer: Arc<Mutex<std::process::ChildStdin>>,
    reader: Arc<Mutex<std::sync::mpsc::Receiver<String>>>,
    stop: Arc<AtomicBool>,
    events: Sender<SearchEvent>,
}

/// How long the reader keeps listening after asking the engine to stop;
/// the host's own grace period ends the turn before this.
const LISTEN_AFTER_STOP: Duration = Duration::from_secs(30);

impl Turn {
    fn run(self) {
        let mut stop_sent: Option<Instant> = None;
        loop {
            if stop_sent.is_none() && self.stop.load(Ordering::SeqCst) {
                // Gomocup and GTP have no way to interrupt a search.
                if matches!(self.protocol, Protocol::Uci | Protocol::Ucci) {
                    let _ = send_to(&self.writer, "stop");
                }
                stop_sent = Some(Instant::now());
            }
            if stop_sent.is_some_and(|t| t.elapsed() > LISTEN_AFTER_STOP) {
                return;
            }
            let line = match read_line(&self.reader, Duration::from_millis(20)) {
                Line::Text(t) => t,
                Line::Timeout => continue,
                Line::Closed => {
                    self.finish(Err(PluginError::internal("the engine exited or crashed (its output closed)")));
                    return;
                }
            };
            let answer = match self.protocol {
                Protocol::Uci | Protocol::Ucci => self.uci_line(&line),
                Protocol::Gomocup => self.gomocup_line(&line),
                Protocol::Gtp => self.gtp_line(&line),
            };
            if let Some(answer) = answer {
                self.finish(answer);
                return;
            }
        }
    }

    fn finish(&self, answer: Result<SearchResult, PluginError>) {
        let _ = self.events.send(SearchEvent::Finished(answer));
    }

    /// A legal move of the position from the engine's text.
    fn parse(&self, text: &str) -> Result<Move, PluginError> {
        let ours = shift_ranks(text, -self.rank_offset);
        self.position
            .parse_move(ours.as_str().into(), Notation::COORDINATE)
            .into_result()
            .map_err(|e| PluginError::illegal_move(format!("sent the move '{text}', which is refused: {e}")))
    }

    fn uci_line(&self, line: &str) -> Option<Result<SearchResult, PluginError>> {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("info") if words.get(1) == Some(&"string") && words.get(2) == Some(&FAILURE_PREFIX) => {
                // A Tabula child (isolation) reports that its strategy failed.
                let reason = words[3..].join(" ");
                let kind =
                    if reason.starts_with("illegal move") { ErrorKind::ILLEGAL_MOVE } else { ErrorKind::INTERNAL };
                Some(Err(PluginError::new(kind, format!("the strategy failed: {reason}"))))
            }
            Some("info") => {
                if let Some(info) = self.uci_info(&words[1..]) {
                    let _ = self.events.send(SearchEvent::Progress(info));
                }
                None
            }
            Some("bestmove") => Some(match words.get(1) {
                Some(text) => {
                    self.parse(text).map(|best| SearchResult { best, pv: vec![best].into(), ..SearchResult::default() })
                }
                None => Err(PluginError::illegal_move("sent 'bestmove' without a move")),
            }),
            Some("nobestmove") => Some(Err(PluginError::internal("the engine answered 'nobestmove'"))),
            _ => None,
        }
    }

    fn uci_info(&self, words: &[&str]) -> Option<SearchInfo> {
        let mut info = SearchInfo::default();
        let mut any = false;
        let num = |i: usize| words.get(i + 1).and_then(|w| w.parse::<i64>().ok());
        let mut i = 0;
        while i < words.len() {
            match words[i] {
                "depth" => info.depth = num(i).unwrap_or(0).max(0) as u32,
                "seldepth" => info.seldepth = num(i).unwrap_or(0).max(0) as u32,
                "nodes" => info.nodes = num(i).unwrap_or(0).max(0) as u64,
                "time" => info.time_ms = num(i).unwrap_or(0).max(0) as u64,
                "score" => {
                    let (kind, value) = match words.get(i + 1) {
                        Some(&k @ ("cp" | "mate")) => (k, words.get(i + 2).and_then(|w| w.parse::<i32>().ok())),
                        _ => ("cp", num(i).map(|n| n as i32)),
                    };
                    info.score = match (kind, value) {
                        ("mate", Some(m)) if m > 0 => score::WIN - (2 * m - 1),
                        ("mate", Some(m)) => -(score::WIN - 2 * m.abs()),
                        (_, Some(cp)) => cp.clamp(-score::MAX_EVAL, score::MAX_EVAL),
                        _ => 0,
                    };
                    any = true;
                }
                "pv" => {
                    let mut copy = self.position.clone();
                    let mut pv = RVec::new();
                    for text in &words[i + 1..] {
                        let ours = shift_ranks(text, -self.rank_offset);
                        let Ok(m) = copy.parse_move(ours.as_str().into(), Notation::COORDINATE).into_result() else {
                            break;
                        };
                        if copy.make_move(m).into_result().is_err() {
                            break;
                        }
                        pv.push(m);
                    }
                    info.pv = pv;
                    break;
                }
                "string" => break,
                _ => {}
            }
            i += 1;
        }
        (any || !info.pv.is_empty()).then_some(info)
    }

    fn gtp_line(&self, line: &str) -> Option<Result<SearchResult, PluginError>> {
        match self.gtp.reply(line) {
            gtp::Reply::Nothing => None,
            gtp::Reply::Refused(command, why) => {
                Some(Err(PluginError::internal(format!("the engine refused '{command}': {why}"))))
            }
            gtp::Reply::Move(text) => Some(match gtp::answer_move(&self.position, &text) {
                Ok(Some(best)) => Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() }),
                Ok(None) => Err(PluginError::new(RESIGNED, "resigned")),
                Err(e) => Err(PluginError::illegal_move(format!("sent the move '{text}', which is refused: {e}"))),
            }),
        }
    }

    fn gomocup_line(&self, line: &str) -> Option<Result<SearchResult, PluginError>> {
        if is_gomocup_chatter(line) {
            return None;
        }
        let head = line.split_whitespace().next().unwrap_or("").to_ascii_uppercase();
        if head == "ERROR" || head == "UNKNOWN" {
            return Some(Err(PluginError::internal(format!("the engine answered '{line}'"))));
        }
        let grid = self.grid.as_ref()?;
        let found = Grid::parse_xy(line.trim()).and_then(|(x, y)| grid.cell_at(x, y));
        let mut legal = RVec::new();
        let _ = self.position.legal_moves(&mut legal);
        let m = found.and_then(|cell| legal.iter().copied().find(|m| m.to == cell && m.from == CELL_NONE));
        Some(match m {
            Some(best) => Ok(SearchResult { best, pv: vec![best].into(), ..SearchResult::default() }),
            None => Err(PluginError::illegal_move(format!("sent '{line}', which is not a legal x,y"))),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bits_are_summed_from_the_rules_options() {
        let g = GomocupSettings {
            size_option: "size".into(),
            rule_bits: [("0", "rule=free"), ("1", "rule=exact"), ("4", "rule=strict")]
                .into_iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        };
        assert_eq!(gomocup_rule(&g, &[("rule".into(), "strict".into())]), 4);
        assert_eq!(gomocup_rule(&g, &[("rule".into(), "exact".into())]), 1);
        assert_eq!(gomocup_rule(&g, &[("rule".into(), "free".into())]), 0);
        assert_eq!(gomocup_rule(&g, &[]), 0);
    }
}
