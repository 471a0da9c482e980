//! What every protocol front end shares: the loaded game and strategy, the
//! position the peer set up, one search at a time on a worker thread (the
//! `players` module's), clock-based time management, and a line-oriented
//! stdin reader so commands are answered while a search runs.

use std::io::{BufRead, Write};

use crate::lines::{Line, LineReader};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rules_api::{Move, Notation, PositionBox, RVec, RulesBox, SearchInfo, SearchLimits};

use super::ProtocolError;
use crate::players::{Search, SearchOutcome, StrategyPlayer};
use crate::plugins::{LoadError, LoadedPlugin};
use crate::session::{Chance, Session};

/// A search that runs "until stopped" (`go infinite`, pondering) gets this
/// budget, far beyond any session.
pub const UNBOUNDED_MS: u64 = 7 * 24 * 3600 * 1000;

/// The longest a search that is not held for `stop` may think, ms (an
/// hour): a peer's clock of centuries (GTP's `time_settings 0 1e300 1`,
/// `go movetime` in the trillions) cannot keep the engine busy beyond it.
pub const MAX_THINK_MS: u64 = 3600 * 1000;

/// How long a search told to stop (by `stop`, `quit`, `END`, the end of
/// input, or a `go` that arrives while it runs) may take to answer before
/// it is left behind with a fallback move, its strategy built anew.
pub const STOP_WAIT: Duration = Duration::from_secs(2);

/// A clock as a peer describes it for one move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left on the mover's clock, ms.
    pub remaining_ms: Option<u64>,
    /// Increment per move, ms.
    pub increment_ms: u64,
    /// Moves until the next time control.
    pub moves_to_go: Option<u32>,
    /// A fixed time for this move, ms.
    pub move_time_ms: Option<u64>,
}

/// The moves a clock is assumed to need when the peer gives no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u64 = 30;

/// How long to think: a fixed move time minus a small margin, or the
/// remaining time shared over the moves to go plus three quarters of the
/// increment, capped at 4/5 of what stays after a 50 ms safety margin.
/// `None` when the clock gives no time at all.
pub fn time_budget(clock: &Clock) -> Option<u64> {
    if let Some(t) = clock.move_time_ms {
        let margin = (t / 10).min(50);
        return Some(t.saturating_sub(margin).max(1));
    }
    let remaining = clock.remaining_ms?;
    let usable = remaining.saturating_sub((remaining / 2).min(50));
    let moves = clock.moves_to_go.map_or(DEFAULT_MOVES_TO_GO, |m| u64::from(m.max(1)));
    let share = usable / moves + clock.increment_ms * 3 / 4;
    Some(share.min(usable * 4 / 5).max(1))
}

/// How far a search may stretch past [`time_budget`] when its choice is
/// unstable: three budgets, at most a quarter of what is left on the
/// clock after the safety margin. `None` for a fixed move time (nothing
/// to stretch into) or no clock.
pub fn time_ceiling(clock: &Clock) -> Option<u64> {
    if clock.move_time_ms.is_some() {
        return None;
    }
    let budget = time_budget(clock)?;
    let remaining = clock.remaining_ms?;
    let usable = remaining.saturating_sub((remaining / 2).min(50));
    Some((budget * 3).min(usable / 4).max(budget))
}

/// Serialised, flushed output lines (the reader thread never writes, but a
/// front end may write from more than one place).
#[derive(Clone)]
pub struct Out {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
}

impl Out {
    /// Output to stdout.
    pub fn stdout() -> Out {
        Out { sink: Arc::new(Mutex::new(Box::new(std::io::stdout()))) }
    }
    /// Output to any sink (tests, fuzzing).
    pub fn to(sink: Box<dyn Write + Send>) -> Out {
        Out { sink: Arc::new(Mutex::new(sink)) }
    }
    /// Writes one line and flushes; a closed pipe is ignored (the peer left).
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let _ = writeln!(sink, "{text}");
        let _ = sink.flush();
    }
}

/// Lines from stdin on a channel, read as bytes ([`crate::lines`]); the
/// channel closes at end of input. Fails only when no thread can start.
pub fn stdin_lines() -> std::io::Result<Receiver<Line>> {
    input_lines(std::io::BufReader::new(std::io::stdin()))
}

/// Lines of any input on a channel, read by a thread of their own.
pub fn input_lines(input: impl BufRead + Send + 'static) -> std::io::Result<Receiver<Line>> {
    let (tx, rx) = channel();
    std::thread::Builder::new().name("protocol input".into()).spawn(move || {
        for line in LineReader::new(input) {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    })?;
    Ok(rx)
}

/// What the input gave the main loop.
pub enum Input {
    /// A line (without its line end).
    Line(String),
    /// A line that cannot be read as a command (not UTF-8, too long): why.
    Invalid(String),
    /// Nothing within the poll interval.
    Idle,
    /// End of input.
    Closed,
}

/// Waits for a line, or at most `poll` when a search needs watching.
pub fn next_input(rx: &Receiver<Line>, poll: Option<Duration>) -> Input {
    let got = match poll {
        Some(p) => rx.recv_timeout(p),
        None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
    };
    match got {
        Ok(line) => match line.into_text() {
            Ok(text) => Input::Line(text),
            Err(why) => Input::Invalid(why),
        },
        Err(RecvTimeoutError::Timeout) => Input::Idle,
        Err(RecvTimeoutError::Disconnected) => Input::Closed,
    }
}

/// The running search and what the front end must remember about it.
struct Running {
    search: Search,
    position: PositionBox,
    /// Bestmove is held until `stop` (infinite search, pondering).
    hold: bool,
    /// When the front end itself must stop the search (after a ponderhit).
    deadline: Option<Instant>,
    /// The best move so far, for an answer after a timed-out search.
    last_pv_move: Option<Move>,
    /// The answer once the strategy gave it, while `hold` delays it.
    answer: Option<Answer>,
}

/// How a search ended, for the peer.
#[derive(Clone)]
pub struct Answer {
    /// The move to announce; `None` only when the position has no legal move.
    pub best: Option<Move>,
    /// The position searched, whose notation writes `best`: a `position`
    /// command that arrives during the search does not change it.
    pub position: PositionBox,
    /// Why the strategy failed (error, panic, no answer in time), when it
    /// did; `best` is then a fallback so that the peer can go on.
    pub failure: Option<String>,
}

/// The `info string` prefix with which `tabula uci` reports that its
/// strategy failed, so that a parent Tabula running it isolated forfeits
/// the game instead of accepting the fallback move that follows.
pub const FAILURE_PREFIX: &str = "tabula-failure:";

/// A strategy playing positions set up by a peer.
pub struct Thinker {
    strategy: LoadedPlugin,
    options: Vec<(String, String)>,
    player: Option<StrategyPlayer>,
    running: Option<Running>,
}

impl Thinker {
    /// A thinker for `strategy` with `options`; the strategy object is built
    /// on first use so that `setoption` can change options first.
    pub fn new(strategy: LoadedPlugin, options: Vec<(String, String)>) -> Thinker {
        Thinker { strategy, options, player: None, running: None }
    }

    /// The strategy plugin.
    pub fn strategy(&self) -> &LoadedPlugin {
        &self.strategy
    }
    /// The current strategy options.
    pub fn options(&self) -> &[(String, String)] {
        &self.options
    }

    /// Sets a strategy option (it takes effect with the next search).
    pub fn set_option(&mut self, name: &str, value: &str) {
        self.options.retain(|(k, _)| k != name);
        self.options.push((name.to_string(), value.to_string()));
        self.player = None;
    }

    /// Builds the strategy object now (so errors surface at `isready`).
    pub fn ensure_ready(&mut self) -> Result<&mut StrategyPlayer, LoadError> {
        if self.player.is_none() {
            self.player = Some(StrategyPlayer::new(&self.strategy, &self.options, SearchLimits::default())?);
        }
        Ok(self.player.as_mut().expect("built above"))
    }

    /// Tells the strategy a new game starts.
    pub fn new_game(&mut self) -> Result<(), LoadError> {
        match &mut self.player {
            Some(p) => p.new_game(),
            None => Ok(()),
        }
    }

    /// Whether a search is running (or its answer is held).
    pub fn is_searching(&self) -> bool {
        self.running.is_some()
    }

    /// Starts a search of `position`; with `hold` the answer waits for
    /// [`Thinker::stop`] even if the strategy finishes earlier. A search
    /// not held thinks for at most [`MAX_THINK_MS`].
    pub fn start(&mut self, position: &PositionBox, limits: SearchLimits, hold: bool) -> Result<(), LoadError> {
        self.start_as(position, limits, hold, false)
    }

    /// [`Thinker::start`] on a position already made from the mover's
    /// view of a game with hidden information (a Tabula host sent it with
    /// `position view`), searched as it is.
    pub fn start_sample(&mut self, position: &PositionBox, limits: SearchLimits) -> Result<(), LoadError> {
        self.start_as(position, limits, false, true)
    }

    fn start_as(
        &mut self,
        position: &PositionBox,
        limits: SearchLimits,
        hold: bool,
        sample: bool,
    ) -> Result<(), LoadError> {
        let mut limits = limits;
        if !hold {
            limits.time_ms = limits.time_ms.min(MAX_THINK_MS);
            limits.max_time_ms = limits.max_time_ms.min(MAX_THINK_MS);
        }
        let player = self.ensure_ready()?;
        player.set_limits(limits);
        let search = if sample { player.start_sample(position.clone()) } else { player.start(position) };
        self.running = Some(Running {
            search,
            position: position.clone(),
            hold,
            deadline: None,
            last_pv_move: None,
            answer: None,
        });
        Ok(())
    }

    /// Asks the running search to answer now (releases a held answer).
    pub fn stop(&mut self) {
        if let Some(r) = &mut self.running {
            r.hold = false;
            r.search.cancel();
        }
    }

    /// Stops the running search and returns its answer: the strategy's
    /// when it answers before `give_up`, else a fallback (`answer_of`:
    /// its last principal variation's first move, or the first legal
    /// move) while the search is left behind and the strategy built anew
    /// for the next one. `None` when no search runs.
    pub fn stop_and_wait(
        &mut self,
        give_up: Instant,
        mut on_info: impl FnMut(&SearchInfo, &PositionBox),
    ) -> Option<Answer> {
        self.stop();
        while self.running.is_some() && Instant::now() < give_up {
            if let Some(answer) = self.wait(Some(give_up), &mut on_info) {
                return Some(answer);
            }
        }
        let r = self.running.take()?;
        let waited_ms = r.search.elapsed().as_millis() as u64;
        let outcome = r.search.outcome().cloned().unwrap_or(SearchOutcome::TimedOut { waited_ms });
        if let Some(player) = &mut self.player {
            player.finish(&SearchOutcome::TimedOut { waited_ms });
        }
        self.player = None;
        Some(r.answer.unwrap_or_else(|| answer_of(&outcome, &r.position, r.last_pv_move)))
    }

    /// A held search (pondering) becomes a normal one that must answer
    /// within `budget_ms` from now (or whenever the strategy finishes).
    pub fn release(&mut self, budget_ms: Option<u64>) {
        if let Some(r) = &mut self.running {
            r.hold = false;
            r.deadline = budget_ms.map(|ms| Instant::now() + Duration::from_millis(ms.min(MAX_THINK_MS)));
        }
    }

    /// Watches the running search: passes progress to `on_info` (with the
    /// searched position) and returns the answer once the search is over.
    /// Never blocks.
    pub fn poll(&mut self, on_info: impl FnMut(&SearchInfo, &PositionBox)) -> Option<Answer> {
        self.watch(Some(Instant::now()), on_info)
    }

    /// Like [`Thinker::poll`], but sleeps on the search until it answers
    /// or `until` passes (`None`: until it answers). A held answer is not
    /// waited for: only [`Thinker::stop`] releases it.
    pub fn wait(&mut self, until: Option<Instant>, on_info: impl FnMut(&SearchInfo, &PositionBox)) -> Option<Answer> {
        self.watch(until, on_info)
    }

    fn watch(&mut self, until: Option<Instant>, mut on_info: impl FnMut(&SearchInfo, &PositionBox)) -> Option<Answer> {
        let r = self.running.as_mut()?;
        if r.deadline.is_some_and(|d| Instant::now() >= d) {
            r.search.cancel();
            r.deadline = None;
        }
        if r.answer.is_none() {
            let position = r.position.clone();
            let mut last = r.last_pv_move;
            // The front end's own deadline (after a ponderhit) wakes it too.
            let until = match (until, r.deadline) {
                (Some(u), Some(d)) => Some(u.min(d)),
                (u, d) => u.or(d),
            };
            let report = |info: &SearchInfo| {
                if let Some(&m) = info.pv.first() {
                    last = Some(m);
                }
                on_info(info, &position);
            };
            let outcome = match until {
                Some(u) if u <= Instant::now() => r.search.poll(report),
                _ => r.search.wait_until(until, report),
            };
            let outcome = outcome.cloned();
            r.last_pv_move = last;
            if let Some(outcome) = outcome {
                r.answer = Some(answer_of(&outcome, &r.position, r.last_pv_move));
            }
        }
        let done = !r.hold && r.answer.is_some();
        if done {
            let r = self.running.take()?;
            if let Some(player) = &mut self.player {
                let outcome = r.search.outcome().cloned().unwrap_or(SearchOutcome::TimedOut { waited_ms: 0 });
                player.finish(&outcome);
            }
            return r.answer;
        }
        None
    }
}

/// Lines that came in while a front end waited for its search, kept for
/// after its answer.
pub type Held = std::collections::VecDeque<Input>;

/// The next input: a line held back while a search ran comes first.
pub fn next_held(rx: &Receiver<Line>, held: &mut Held, poll: Option<Duration>) -> Input {
    held.pop_front().unwrap_or_else(|| next_input(rx, poll))
}

/// Waits for the running search's answer while still reading `input`,
/// for the front ends that answer one command at a time (Gomocup, GTP):
/// a line for which `ends` holds (`END`, `quit`), or the end of input,
/// stops the search, and its answer comes at once (after at most
/// [`STOP_WAIT`] for a strategy that ignores the stop); every line read
/// meanwhile waits in `held` for its turn. Without `input`, only waits.
pub fn await_answer(
    thinker: &mut Thinker,
    input: Option<&Receiver<Line>>,
    held: &mut Held,
    ends: impl Fn(&str) -> bool,
) -> Option<Answer> {
    const READ_EVERY: Duration = Duration::from_millis(10);
    while thinker.is_searching() {
        let until = input.map(|_| Instant::now() + READ_EVERY);
        if let Some(answer) = thinker.wait(until, |_, _| {}) {
            return Some(answer);
        }
        let Some(rx) = input else { continue };
        let got = next_input(rx, Some(Duration::ZERO));
        let stop = match &got {
            Input::Line(line) => ends(line.trim()),
            Input::Closed => true,
            Input::Invalid(_) => false,
            Input::Idle => continue,
        };
        held.push_back(got);
        if stop {
            return thinker.stop_and_wait(Instant::now() + STOP_WAIT, |_, _| {});
        }
    }
    None
}

/// The move to announce: the strategy's if legal, else (reporting the
/// failure) the last principal variation's first move, else the first legal
/// move; no move only when the position has none.
fn answer_of(outcome: &SearchOutcome, position: &PositionBox, last: Option<Move>) -> Answer {
    let mut legal: RVec<Move> = RVec::new();
    let listed = crate::watchdog::watch("legal_moves", || position.legal_moves(&mut legal).into_result());
    if let Err(e) = listed {
        let failure = Some(format!("the rules plugin failed listing legal moves: {e}"));
        return Answer { best: None, position: position.clone(), failure };
    }
    if legal.is_empty() {
        return Answer { best: None, position: position.clone(), failure: None };
    }
    let (answered, failure) = match outcome {
        SearchOutcome::Answered(r) if legal.contains(&r.best) => (Some(r.best), None),
        SearchOutcome::Answered(r) => {
            (None, Some(format!("illegal move (from {} to {}, extra {})", r.best.from, r.best.to, r.best.extra)))
        }
        SearchOutcome::Failed(e) => (None, Some(format!("{}: {e}", e.kind.name()))),
        SearchOutcome::TimedOut { waited_ms } => (None, Some(format!("no answer (waited {waited_ms} ms)"))),
    };
    let best = answered.or(last.filter(|m| legal.contains(m))).or_else(|| legal.first().copied());
    Answer { best, position: position.clone(), failure }
}

/// A principal variation in coordinate notation, played on a copy of
/// `position`; stops at the first move the position refuses.
pub fn pv_texts(position: &PositionBox, pv: &[Move]) -> Vec<String> {
    let mut copy = position.clone();
    let mut texts = Vec::new();
    for &m in pv {
        let Ok(text) = copy.move_to_text(m, Notation::COORDINATE).into_result() else { break };
        if copy.make_move(m).into_result().is_err() {
            break;
        }
        texts.push(text.to_string());
    }
    texts
}

/// A session at `start` (empty = the usual start) after coordinate moves.
/// It rolls no dice: a move at a chance node is taken as its roll, so a
/// Tabula host driving an isolated strategy can send a game with chance
/// ([`check_served`] refuses one to any other peer).
pub fn session_from(rules: &Arc<RulesBox>, start: &str, moves: &[String]) -> Result<Session, ProtocolError> {
    let mut session = Session::with_chance(Arc::clone(rules), start, Chance::External)?;
    for (i, m) in moves.iter().enumerate() {
        let refused = |reason: String| ProtocolError::Move { index: i + 1, text: m.clone(), reason };
        let mv = session
            .position()
            .parse_move(m.as_str().into(), Notation::COORDINATE)
            .into_result()
            .map_err(|e| refused(e.to_string()))?;
        let played = if session.is_chance_node() { session.play_chance(mv) } else { session.play(mv) };
        played.map_err(|e| refused(e.to_string()))?;
    }
    Ok(session)
}

/// A new game at the usual start for a protocol front end, refused by
/// [`check_served`] when the protocol cannot speak for it.
pub fn served_session(rules: &Arc<RulesBox>, protocol: &str) -> Result<Session, ProtocolError> {
    let session = Session::with_chance(Arc::clone(rules), "", Chance::External)?;
    check_served(&session, protocol)?;
    Ok(session)
}

/// Refuses a game the engine protocols cannot speak for: they were made
/// for two players taking turns at a game without chance (UCI's white and
/// black clocks, GTP's colours, Gomocup's own and opponent stones), so a
/// game of another number of players, or one at or past a chance node, is
/// refused with a message naming the protocol, the game and why; so is a
/// game with hidden information, whose positions a protocol would hand the
/// engine whole.
pub fn check_served(session: &Session, protocol: &str) -> Result<(), ProtocolError> {
    let name = &session.info().name;
    if session.players() != 2 {
        return Err(ProtocolError::Unserved(format!(
            "{protocol} serves two-player games, and {name} has {} players",
            session.players()
        )));
    }
    if session.is_chance_node() || session.history().iter().any(|m| m.is_chance()) {
        return Err(ProtocolError::Unserved(format!(
            "{protocol} serves games without chance, and {name} has chance moves (dice)"
        )));
    }
    if crate::hidden::is_hidden(session.position()) {
        return Err(ProtocolError::Unserved(format!(
            "{protocol} would hand the engine the whole position, and {name} hides information from its players"
        )));
    }
    Ok(())
}

/// Nodes per second from a progress report.
pub fn nps(info: &SearchInfo) -> u64 {
    info.nodes.saturating_mul(1000) / info.time_ms.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_time_keeps_a_margin() {
        let c = Clock { move_time_ms: Some(1000), ..Clock::default() };
        assert_eq!(time_budget(&c), Some(950));
        let c = Clock { move_time_ms: Some(100), ..Clock::default() };
        assert_eq!(time_budget(&c), Some(90));
    }

    #[test]
    fn clock_is_shared_over_the_moves_to_go() {
        // 60 s, no increment, 30 moves assumed: (60000 - 50) / 30 = 1998.
        let c = Clock { remaining_ms: Some(60_000), ..Clock::default() };
        assert_eq!(time_budget(&c), Some(1998));
        // 10 moves to go and a 1 s increment: 5995 + 750.
        let c = Clock { remaining_ms: Some(60_000), increment_ms: 1000, moves_to_go: Some(10), ..Clock::default() };
        assert_eq!(time_budget(&c), Some(6745));
    }

    #[test]
    fn budget_never_exceeds_the_clock() {
        let c = Clock { remaining_ms: Some(100), increment_ms: 5000, moves_to_go: Some(1), ..Clock::default() };
        assert_eq!(time_budget(&c), Some(40));
        assert_eq!(time_budget(&Clock::default()), None);
        // A clock leaves room to stretch; a fixed move time does not.
        let c = Clock { remaining_ms: Some(60_000), increment_ms: 0, ..Clock::default() };
        let (budget, ceiling) = (time_budget(&c).unwrap(), time_ceiling(&c).unwrap());
        assert_eq!((budget, ceiling), (1998, 5994));
        let c = Clock { remaining_ms: Some(2000), increment_ms: 1000, ..Clock::default() };
        assert!(time_ceiling(&c).unwrap() >= time_budget(&c).unwrap());
        assert!(time_ceiling(&c).unwrap() <= 2000, "never past the clock");
        assert_eq!(time_ceiling(&Clock { move_time_ms: Some(500), ..Clock::default() }), None);
    }
}
