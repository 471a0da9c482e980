//! [`EnginePlayer`]: an external engine process in a seat.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Sender};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::time::{Duration, Instant};

use rules_api::{PluginError, SearchLimits, SearchResult};

use super::conn::{Conn, Setup, HANDSHAKE_TIMEOUT};
use super::gtp;
use super::process::{read_line, send_to, EngineError, Line, QUEUE_LINES};
use super::replies::{Replies, Reply};
use crate::players::{ComputerPlayer, Search, SearchEvent, SearchOutcome};
use crate::protocols::coordinates::Coordinates;
use crate::protocols::grid::Grid;
use crate::protocols::settings::GomocupSettings;
use crate::session::Session;
use crate::source::{EngineSpec, Protocol};

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
    /// The engine is `tabula uci --tabula-host` (an isolated strategy),
    /// which plays games with chance and more players; any other engine
    /// is refused those ([`crate::protocols::core::check_served`]).
    pub tabula_host: bool,
}

/// The engine of a player, shared with the thread of its current turn.
type Slot = Arc<Mutex<Option<Conn>>>;

/// An external engine in a seat. The process starts at the player's first
/// turn — on that turn's thread, like every exchange with it — and is
/// killed when the player is dropped (one per game in matches) or after a
/// turn it failed, so a broken engine costs one game only.
pub struct EnginePlayer {
    label: String,
    spec: EngineSpec,
    options: Vec<(String, String)>,
    limits: SearchLimits,
    context: EngineContext,
    slot: Slot,
    /// Raised to make the current turn's thread give up and kill the engine.
    abandon: Option<Arc<AtomicBool>>,
}

/// The position of one turn, as the engine is told it.
struct Request {
    protocol: Protocol,
    /// Moves so far in the engine's coordinates, with the cell each
    /// placed on and who made it.
    history: Vec<(String, u16, u8)>,
    /// Empty for the usual start, else the start position's text (USI: as
    /// SFEN).
    start_text: String,
    /// The start position's text even for the usual start (UCCI).
    start_fen: String,
    side: u8,
    limits: SearchLimits,
    move_ms: u64,
    /// GTP: the setup and moves of the game as commands (the engine keeps
    /// the game; only what it has not accepted yet is sent).
    gtp_game: Vec<String>,
    /// A game with hidden information (only to a Tabula host's isolated
    /// strategy): the seed and the mover's view text, sent instead of the
    /// game as `position view SEED TEXT`.
    view: Option<(u64, String)>,
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
            slot: Arc::new(Mutex::new(None)),
            abandon: None,
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

    /// What starting the engine needs (the board, for Gomocup).
    fn setup(&self, session: &Session) -> Result<Setup, EngineError> {
        let gomocup = match self.spec.protocol {
            Protocol::Gomocup => {
                let geometry = crate::boundary::geometry(session.rules())
                    .map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))?;
                let rule = self.context.gomocup.as_ref().map_or(0, |g| gomocup_rule(g, &self.context.rules_options));
                Some((Grid::from_geometry(&geometry), rule))
            }
            _ => None,
        };
        let gtp = match self.spec.protocol {
            Protocol::Gtp => {
                let geometry = crate::boundary::geometry(session.rules())
                    .map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))?;
                Some((Grid::from_geometry(&geometry), self.context.komi.clone()))
            }
            _ => None,
        };
        let options = self.context.preset_options.iter().chain(self.options.iter()).cloned().collect();
        Ok(Setup { spec: self.spec.clone(), options, move_ms: self.move_ms(), gomocup, gtp })
    }

    /// How the engine writes squares: USI's follow the board of the game.
    fn coordinates(&self, session: &Session) -> Result<Coordinates, EngineError> {
        if self.spec.protocol != Protocol::Usi {
            return Ok(Coordinates::Shifted(self.context.rank_offset));
        }
        let text = session
            .position_text(session.start_position())
            .map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))?;
        Coordinates::usi_for(&text).map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))
    }

    fn request(&self, session: &Session) -> Result<Request, EngineError> {
        let coordinates = self.coordinates(session)?;
        let history =
            session.history().iter().map(|m| (coordinates.to_peer(&m.coordinate), m.mv.to, m.player)).collect();
        let start_text = match coordinates {
            Coordinates::Usi(board) if !session.start_text().is_empty() => board
                .sfen_from_position(session.start_text())
                .map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))?,
            _ => session.start_text().to_string(),
        };
        let start_fen = if self.spec.protocol == Protocol::Ucci {
            session
                .position_text(session.start_position())
                .map_err(|e| EngineError::Plugin(PluginError::internal(e.to_string())))?
        } else {
            String::new()
        };
        let gtp_game = if self.spec.protocol == Protocol::Gtp { gtp::game_commands(session)? } else { Vec::new() };
        Ok(Request {
            view: self.view(session)?,
            gtp_game,
            protocol: self.spec.protocol,
            history,
            start_text,
            start_fen,
            side: session.side_to_move(),
            limits: self.limits,
            move_ms: self.move_ms(),
        })
    }
}

impl EnginePlayer {
    /// The mover's view of a game with hidden information, with the seed
    /// its child reads it with; `None` in a game that hides nothing.
    fn view(&self, session: &Session) -> Result<Option<(u64, String)>, EngineError> {
        let position = session.position();
        if !crate::hidden::is_hidden(position) {
            return Ok(None);
        }
        let mover = session.side_to_move();
        let text = crate::watchdog::watch("view_text", || rules_api::PositionExt::view_string(position, mover))
            .map_err(EngineError::Plugin)?;
        if text.contains(['\n', '\r']) {
            return Err(EngineError::Plugin(PluginError::unsupported(
                "the player's view text spans lines, so it cannot be sent to an isolated strategy",
            )));
        }
        Ok(Some((crate::hidden::turn_seed(session), text)))
    }
}

impl Request {
    /// The commands that ask for a move.
    fn commands(&self, conn: &mut Conn) -> Result<Vec<String>, EngineError> {
        let moves: Vec<&str> = self.history.iter().map(|(m, _, _)| m.as_str()).collect();
        let moves_part = if moves.is_empty() { String::new() } else { format!(" moves {}", moves.join(" ")) };
        let ms = self.move_ms;
        Ok(match self.protocol {
            Protocol::Uci => {
                let start = if let Some((seed, view)) = &self.view {
                    format!("view {seed} {view}")
                } else if self.start_text.is_empty() {
                    "startpos".to_string()
                } else {
                    format!("fen {}", self.start_text)
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
                let moves_part = if self.view.is_some() { "" } else { moves_part.as_str() };
                vec![format!("position {start}{moves_part}"), go]
            }
            Protocol::Usi => {
                let start = if self.start_text.is_empty() {
                    "startpos".to_string()
                } else {
                    format!("sfen {}", self.start_text)
                };
                // USI has no move time: a byoyomi with no main time is one.
                let mut go = "go".to_string();
                if ms > 0 {
                    go.push_str(&format!(" btime 0 wtime 0 byoyomi {ms}"));
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
                let go = if self.limits.depth > 0 {
                    format!("go depth {}", self.limits.depth)
                } else if conn.millis {
                    format!("go time {ms} movestogo 1")
                } else {
                    format!("go time {} movestogo 1", ms.div_ceil(1000).max(1))
                };
                vec![format!("position fen {}{moves_part}", self.start_fen), go]
            }
            Protocol::Gomocup => {
                let grid = conn.grid.as_ref().ok_or(EngineError::NoBoard)?;
                let mut lines = vec!["BOARD".to_string()];
                for &(_, to, player) in &self.history {
                    let (x, y) = grid.xy(to).ok_or(EngineError::OffGrid)?;
                    lines.push(format!("{x},{y},{}", if player == self.side { 1 } else { 2 }));
                }
                lines.push("DONE".into());
                lines
            }
            Protocol::Gtp => {
                conn.pending = conn.gtp.turn(&self.gtp_game, self.side);
                conn.pending.commands.iter().map(|(id, c)| format!("{id} {c}")).collect()
            }
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
        let began = Arc::new(OnceLock::new());
        // The budget counts from the `go`: starting the engine and its
        // handshake happen first, on the turn's thread.
        let search =
            Search::from_events_after(rx, Arc::clone(&stop), self.move_ms(), Arc::clone(&began), HANDSHAKE_TIMEOUT * 2);
        if !self.context.tabula_host {
            let protocol = self.spec.protocol.word().to_uppercase();
            if let Err(e) = crate::protocols::core::check_served(session, &protocol) {
                return failed_search(e.to_string());
            }
        }
        let prepared = self.setup(session).and_then(|setup| Ok((setup, self.request(session)?)));
        let (setup, request) = match prepared {
            Ok(p) => p,
            Err(e) => return failed_search(e.to_string()),
        };
        let abandon = Arc::new(AtomicBool::new(false));
        self.abandon = Some(Arc::clone(&abandon));
        let coordinates = match self.coordinates(session) {
            Ok(c) => c,
            Err(e) => return failed_search(e.to_string()),
        };
        let replies = Replies { protocol: self.spec.protocol, position: session.position().clone(), coordinates };
        let turn = Turn { protocol: self.spec.protocol, replies, stop, abandon, events: tx };
        let slot = Arc::clone(&self.slot);
        let name = format!("engine turn {}", self.label);
        let launched = std::thread::Builder::new().name(name).spawn(move || turn.run(&slot, &setup, &request, &began));
        if let Err(e) = launched {
            return failed_search(format!("cannot start a turn thread: {e}"));
        }
        search
    }

    fn end_turn(&mut self, outcome: &SearchOutcome) {
        // An engine that failed a turn is not trusted with another: its
        // turn's thread kills it, and the next turn starts a fresh one.
        if !matches!(outcome, SearchOutcome::Answered(_)) {
            if let Some(abandon) = self.abandon.take() {
                abandon.store(true, Ordering::SeqCst);
            }
            self.slot = Arc::new(Mutex::new(None));
        }
    }
}

impl Drop for EnginePlayer {
    fn drop(&mut self) {
        if let Some(abandon) = self.abandon.take() {
            abandon.store(true, Ordering::SeqCst);
        }
    }
}

fn failed_search(reason: String) -> Search {
    let (tx, rx) = channel();
    let _ = tx.send(SearchEvent::Finished(Err(PluginError::internal(reason))));
    Search::from_events(rx, Arc::new(AtomicBool::new(false)), 0)
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

/// One turn on its own thread: starts the engine if needed, brings it to
/// a known state, sends the position and `go`, forwards progress, turns the
/// answer into a move of the position, and asks the engine to stop when the
/// host says so (never after its answer has arrived).
struct Turn {
    protocol: Protocol,
    replies: Replies,
    stop: Arc<AtomicBool>,
    abandon: Arc<AtomicBool>,
    events: Sender<SearchEvent>,
}

/// How long the reader keeps listening after asking the engine to stop;
/// the host's own grace period ends the turn before this.
const LISTEN_AFTER_STOP: Duration = Duration::from_secs(30);

impl Turn {
    fn run(self, slot: &Mutex<Option<Conn>>, setup: &Setup, request: &Request, began: &OnceLock<Instant>) {
        let mut conn = slot.lock().unwrap_or_else(PoisonError::into_inner);
        let answer = self.play(&mut conn, setup, request, began);
        if !matches!(answer, Some(Ok(_))) {
            // Killed now: a failed engine is not asked again.
            *conn = None;
        }
        if let Some(answer) = answer {
            self.finish(answer);
        }
    }

    /// The answer, or `None` when the host gave up on the turn.
    fn play(
        &self,
        conn: &mut Option<Conn>,
        setup: &Setup,
        request: &Request,
        began: &OnceLock<Instant>,
    ) -> Option<Result<SearchResult, PluginError>> {
        let failed = |e: EngineError| Some(Err(PluginError::internal(e.to_string())));
        if conn.is_none() {
            match Conn::start(setup) {
                Ok(c) => *conn = Some(c),
                Err(e) => return failed(e),
            }
        }
        let c = conn.as_mut()?;
        let commands = c.sync(self.protocol).and_then(|()| request.commands(c));
        let c = &*c;
        let sent = commands.and_then(|list| list.iter().try_for_each(|line| c.process.send(line)));
        if let Err(e) = sent {
            return failed(e);
        }
        let _ = began.set(Instant::now());
        self.listen(c, request)
    }

    fn listen(&self, conn: &Conn, request: &Request) -> Option<Result<SearchResult, PluginError>> {
        let reader = conn.process.reader();
        let mut stop_sent: Option<Instant> = None;
        loop {
            if self.abandon.load(Ordering::SeqCst) {
                return None;
            }
            if stop_sent.is_none() && self.stop.load(Ordering::SeqCst) {
                // Read what already arrived first: an answer on its way is
                // taken, and no `stop` follows it.
                // At most a queue's worth: a flooding engine never stops.
                for _ in 0..=QUEUE_LINES {
                    let Line::Text(line) = read_line(&reader, Duration::ZERO) else { break };
                    if let Some(answer) = self.line(&line, conn, request) {
                        return Some(answer);
                    }
                }
                // Gomocup and GTP have no way to interrupt a search.
                if matches!(self.protocol, Protocol::Uci | Protocol::Ucci | Protocol::Usi) {
                    let _ = send_to(&conn.process.writer(), "stop");
                }
                stop_sent = Some(Instant::now());
            }
            if stop_sent.is_some_and(|t| t.elapsed() > LISTEN_AFTER_STOP) {
                return None;
            }
            let line = match read_line(&reader, Duration::from_millis(20)) {
                Line::Text(t) => t,
                Line::Timeout => continue,
                Line::Closed => {
                    return Some(Err(PluginError::internal("the engine exited or crashed (its output closed)")));
                }
            };
            if let Some(answer) = self.line(&line, conn, request) {
                return Some(answer);
            }
        }
    }

    fn line(&self, line: &str, conn: &Conn, _request: &Request) -> Option<Result<SearchResult, PluginError>> {
        if self.protocol == Protocol::Gtp {
            return self.replies.gtp_line(line, &conn.pending);
        }
        match self.replies.read(line, conn.grid.as_ref()) {
            Reply::Nothing => None,
            Reply::Progress(info) => {
                let _ = self.events.send(SearchEvent::Progress(info));
                None
            }
            Reply::Answer(answer) => Some(answer),
        }
    }

    fn finish(&self, answer: Result<SearchResult, PluginError>) {
        let _ = self.events.send(SearchEvent::Finished(answer));
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

#[cfg(test)]
mod start_tests {
    use super::*;
    use tabula_kit::testgames::{rules, Mnk};

    #[test]
    fn an_engine_that_never_answers_its_handshake_does_not_block_the_caller() {
        let session = Session::new(Arc::new(rules(Mnk::tic_tac_toe())), "").unwrap();
        let spec = EngineSpec { protocol: Protocol::Uci, command: "sleep".into(), args: vec!["30".into()] };
        let limits = SearchLimits::time(50);
        let mut player = EnginePlayer::new("sleeper", spec, Vec::new(), limits, EngineContext::default());
        let started = Instant::now();
        let mut search = player.start_turn(&session);
        // The handshake waits up to HANDSHAKE_TIMEOUT on the turn's thread.
        assert!(started.elapsed() < HANDSHAKE_TIMEOUT / 3, "start_turn blocked for {:?}", started.elapsed());
        assert!(search.poll(|_| {}).is_none(), "no answer yet, and no time out before the handshake");
        player.end_turn(&SearchOutcome::TimedOut { waited_ms: 0 });
    }
}
