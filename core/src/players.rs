//! Computer players: a strategy plugin searching on a worker thread, so the
//! caller (the command line, the window) never blocks on it unless it chooses to.
//!
//! Each search gets its own clone of the position (in a game with hidden
//! information, a position made from the mover's view instead: see
//! [`crate::hidden`]), a stop flag and an
//! observer that forwards progress over a channel. The host raises the stop
//! flag when the time is up and waits a grace period; a strategy that still
//! has not answered forfeits on time and its thread is left to finish alone.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};
use std::thread;
use std::time::{Duration, Instant};

use abi_stable::sabi_trait::TD_Opaque;
use rules_api::{
    Observer, Observer_TO, PluginError, PositionBox, RulesBox, SearchInfo, SearchLimits, SearchResult, StrategyBox,
};

use crate::plugins::{LoadError, LoadedPlugin};
use crate::session::Session;

/// A message from a running search.
#[derive(Debug)]
pub enum SearchEvent {
    /// A progress report.
    Progress(SearchInfo),
    /// The strategy returned.
    Finished(Result<SearchResult, PluginError>),
}

/// How a search ended, before the host judged the move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SearchOutcome {
    /// The strategy answered with a move (not yet checked for legality).
    Answered(SearchResult),
    /// The strategy returned an error (a panic arrives as kind `PANIC`).
    Failed(PluginError),
    /// No answer within the time limit plus the grace period.
    TimedOut {
        /// How long the host waited in all.
        waited_ms: u64,
    },
}

/// The grace period after the stop flag: 20% of the budget plus 200 ms.
pub fn grace_period(time_ms: u64) -> Duration {
    Duration::from_millis(time_ms / 5 + 200)
}

/// A search running on a worker thread.
pub struct Search {
    events: Receiver<SearchEvent>,
    stop: Arc<AtomicBool>,
    started: Instant,
    /// For a strategy search: when its worker got hold of the strategy.
    /// The time budget counts from then, not from `started`, so waiting
    /// for a cancelled search still holding the strategy costs no time.
    began: Option<Arc<OnceLock<Instant>>>,
    time_limit: Option<Duration>,
    grace: Duration,
    /// How long the budget may wait to begin (a strategy held by an
    /// earlier search, an engine starting up) before the search is lost.
    setup: Duration,
    outcome: Option<SearchOutcome>,
}

impl Search {
    /// The flag the strategy polls; setting it asks for an answer now.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Asks the strategy to answer as soon as it can (the caller still
    /// collects the answer with [`Search::poll`] or [`Search::wait`]).
    pub fn cancel(&self) {
        self.stop.store(true, Ordering::SeqCst);
    }

    /// Time since the search started (for a strategy: since its worker
    /// got hold of the strategy; zero before).
    pub fn elapsed(&self) -> Duration {
        self.began_at().map_or(Duration::ZERO, |t| t.elapsed())
    }

    /// When the time budget started counting; `None` while a strategy's
    /// worker still waits for the strategy (held by a cancelled search).
    fn began_at(&self) -> Option<Instant> {
        match &self.began {
            Some(began) => began.get().copied(),
            None => Some(self.started),
        }
    }

    /// The outcome once known.
    pub fn outcome(&self) -> Option<&SearchOutcome> {
        self.outcome.as_ref()
    }

    /// Never blocks: hands every pending progress report to `on_progress`,
    /// applies the time limit, and returns the outcome once there is one.
    pub fn poll(&mut self, mut on_progress: impl FnMut(&SearchInfo)) -> Option<&SearchOutcome> {
        while self.outcome.is_none() {
            match self.events.try_recv() {
                Ok(event) => self.absorb(event, &mut on_progress),
                Err(TryRecvError::Empty) => {
                    self.check_clock();
                    break;
                }
                Err(TryRecvError::Disconnected) => self.lost_thread(),
            }
        }
        self.outcome.as_ref()
    }

    /// Blocks until the strategy answers or its time (plus grace) is up,
    /// handing progress reports to `on_progress` as they arrive.
    pub fn wait(&mut self, on_progress: impl FnMut(&SearchInfo)) -> SearchOutcome {
        self.wait_until(None, on_progress);
        self.outcome.clone().unwrap_or(SearchOutcome::TimedOut { waited_ms: 0 })
    }

    /// Blocks like [`Search::wait`], but returns at `until` at the latest
    /// (with `None` if the search has not ended by then): a front end that
    /// must also watch a deadline of its own sleeps on the search's channel
    /// instead of polling it.
    pub fn wait_until(
        &mut self,
        until: Option<Instant>,
        mut on_progress: impl FnMut(&SearchInfo),
    ) -> Option<&SearchOutcome> {
        while self.outcome.is_none() {
            let deadline = match (self.next_deadline(), until) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            let event = match deadline {
                Some(d) => self.events.recv_timeout(d.saturating_duration_since(Instant::now())),
                None => self.events.recv().map_err(|_| RecvTimeoutError::Disconnected),
            };
            match event {
                Ok(event) => self.absorb(event, &mut on_progress),
                Err(RecvTimeoutError::Timeout) => {
                    self.check_clock();
                    if self.outcome.is_none() && until.is_some_and(|u| Instant::now() >= u) {
                        return None;
                    }
                }
                Err(RecvTimeoutError::Disconnected) => self.lost_thread(),
            }
        }
        self.outcome.as_ref()
    }

    fn absorb(&mut self, event: SearchEvent, on_progress: &mut impl FnMut(&SearchInfo)) {
        match event {
            SearchEvent::Progress(info) => on_progress(&info),
            SearchEvent::Finished(Ok(result)) => self.outcome = Some(SearchOutcome::Answered(result)),
            SearchEvent::Finished(Err(e)) => self.outcome = Some(SearchOutcome::Failed(e)),
        }
    }

    /// The next moment the clock matters: the stop time, then the forfeit
    /// time (while a worker waits for its strategy, shortly: it may begin).
    fn next_deadline(&self) -> Option<Instant> {
        let limit = self.time_limit?;
        let Some(began) = self.began_at() else {
            return Some((Instant::now() + Duration::from_millis(5)).min(self.started + self.setup));
        };
        let stop_at = began + limit;
        Some(if self.stop.load(Ordering::SeqCst) { stop_at + self.grace } else { stop_at })
    }

    fn check_clock(&mut self) {
        let Some(limit) = self.time_limit else { return };
        let Some(began) = self.began_at() else {
            // The strategy is still held by an earlier (cancelled) search,
            // or the engine still starts: give up only after the allowance.
            let waited = self.started.elapsed();
            if waited >= self.setup {
                self.outcome = Some(SearchOutcome::TimedOut { waited_ms: waited.as_millis() as u64 });
            }
            return;
        };
        let elapsed = began.elapsed();
        if elapsed >= limit {
            self.stop.store(true, Ordering::SeqCst);
        }
        if elapsed >= limit + self.grace {
            self.outcome = Some(SearchOutcome::TimedOut { waited_ms: elapsed.as_millis() as u64 });
        }
    }

    fn lost_thread(&mut self) {
        self.outcome = Some(SearchOutcome::Failed(PluginError::internal("the search thread ended without an answer")));
    }
}

impl Search {
    /// A search whose events come from somewhere other than a strategy
    /// thread (an external engine's reader): the caller sends
    /// [`SearchEvent`]s on the other end of `events` and watches `stop`;
    /// `time_ms` (0 = none) is enforced exactly as for strategies.
    pub fn from_events(events: Receiver<SearchEvent>, stop: Arc<AtomicBool>, time_ms: u64) -> Search {
        let limit = Duration::from_millis(time_ms);
        Search {
            events,
            stop,
            started: Instant::now(),
            began: None,
            time_limit: (time_ms > 0).then_some(limit),
            grace: grace_period(time_ms),
            setup: limit + grace_period(time_ms),
            outcome: None,
        }
    }

    /// [`Search::from_events`] whose budget starts when `began` is set (an
    /// engine's first `go`, after its start and handshake); until then the
    /// search waits at most `setup` plus the budget and grace.
    pub fn from_events_after(
        events: Receiver<SearchEvent>,
        stop: Arc<AtomicBool>,
        time_ms: u64,
        began: Arc<OnceLock<Instant>>,
        setup: Duration,
    ) -> Search {
        let mut search = Search::from_events(events, stop, time_ms);
        search.setup += setup;
        search.began = Some(began);
        search
    }
}

/// Anything that can sit in a seat and move without a person: a strategy
/// plugin on a worker thread, an external engine process, or a strategy
/// isolated in a child process. Headless play and matches drive seats
/// through this interface only.
pub trait ComputerPlayer: Send {
    /// The name shown in results and reasons (plugin name, engine command).
    fn label(&self) -> String;
    /// The limits of each search.
    fn turn_limits(&self) -> SearchLimits;
    /// Changes the limits of later searches (a clock running low).
    fn set_limits(&mut self, limits: SearchLimits);
    /// Starts choosing a move for the side to move of `session`.
    fn start_turn(&mut self, session: &Session) -> Search;
    /// Records how the search ended (a timed-out player may need rebuilding).
    fn end_turn(&mut self, outcome: &SearchOutcome);
}

impl ComputerPlayer for StrategyPlayer {
    fn label(&self) -> String {
        self.plugin_name().to_string()
    }
    fn turn_limits(&self) -> SearchLimits {
        self.limits()
    }
    fn set_limits(&mut self, limits: SearchLimits) {
        StrategyPlayer::set_limits(self, limits);
    }
    fn start_turn(&mut self, session: &Session) -> Search {
        self.start_view(session.rules(), session.position(), crate::hidden::turn_seed(session))
    }
    fn end_turn(&mut self, outcome: &SearchOutcome) {
        self.finish(outcome);
    }
}

impl<T: ComputerPlayer + ?Sized> ComputerPlayer for Box<T> {
    fn label(&self) -> String {
        (**self).label()
    }
    fn turn_limits(&self) -> SearchLimits {
        (**self).turn_limits()
    }
    fn set_limits(&mut self, limits: SearchLimits) {
        (**self).set_limits(limits)
    }
    fn start_turn(&mut self, session: &Session) -> Search {
        (**self).start_turn(session)
    }
    fn end_turn(&mut self, outcome: &SearchOutcome) {
        (**self).end_turn(outcome)
    }
}

impl Drop for Search {
    /// A search nobody waits for any more should stop using the CPU.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// A search that failed before it began.
fn failed(error: PluginError) -> Search {
    let (tx, rx) = channel();
    let _ = tx.send(SearchEvent::Finished(Err(error)));
    Search::from_events(rx, Arc::new(AtomicBool::new(false)), 0)
}

/// Forwards a strategy's progress reports to the host over a channel.
struct ChannelObserver {
    events: Sender<SearchEvent>,
}

impl Observer for ChannelObserver {
    fn progress(&mut self, info: &SearchInfo) {
        // The receiver may be gone (search abandoned); the report is then moot.
        let _ = self.events.send(SearchEvent::Progress(info.clone()));
    }
}

/// Makes a fresh strategy object (normally `LoadedPlugin::new_strategy` with
/// the player's options).
pub type StrategyFactory = Arc<dyn Fn() -> Result<StrategyBox, LoadError> + Send + Sync>;

/// A computer player backed by a strategy plugin.
pub struct StrategyPlayer {
    name: String,
    factory: StrategyFactory,
    limits: SearchLimits,
    strategy: Arc<Mutex<StrategyBox>>,
    abandoned: bool,
}

impl StrategyPlayer {
    /// Builds a player with its own strategy object.
    pub fn new(plugin: &LoadedPlugin, options: &[(String, String)], limits: SearchLimits) -> Result<Self, LoadError> {
        let (plugin, options) = (plugin.clone(), options.to_vec());
        let name = plugin.name().to_string();
        Self::with_factory(&name, Arc::new(move || plugin.new_strategy(&options)), limits)
    }

    /// Builds a player whose strategy objects come from `factory` (one now,
    /// another whenever an abandoned search kept the previous one).
    pub fn with_factory(name: &str, factory: StrategyFactory, limits: SearchLimits) -> Result<Self, LoadError> {
        let strategy = factory()?;
        Ok(StrategyPlayer {
            name: name.to_string(),
            factory,
            limits,
            strategy: Arc::new(Mutex::new(strategy)),
            abandoned: false,
        })
    }

    /// The strategy's name (its plugin's name).
    pub fn plugin_name(&self) -> &str {
        &self.name
    }
    /// The limits of each search.
    pub fn limits(&self) -> SearchLimits {
        self.limits
    }
    /// Changes the limits of later searches.
    pub fn set_limits(&mut self, limits: SearchLimits) {
        self.limits = limits;
    }

    /// Prepares for a new game: the strategy forgets the last one, or, if
    /// its last search was abandoned or is still running, a fresh object
    /// replaces it.
    pub fn new_game(&mut self) -> Result<(), LoadError> {
        if !self.abandoned {
            if let Ok(mut strategy) = self.strategy.try_lock() {
                strategy.new_game();
                return Ok(());
            }
        }
        self.strategy = Arc::new(Mutex::new((self.factory)()?));
        self.abandoned = false;
        Ok(())
    }

    /// Starts searching a clone of `position` on a worker thread. A
    /// position of a game with hidden information is refused (the search
    /// fails at once): a strategy gets such a game only through
    /// [`StrategyPlayer::start_view`].
    pub fn start(&mut self, position: &PositionBox) -> Search {
        if crate::hidden::is_hidden(position) {
            return failed(PluginError::unsupported(
                "this game hides information, so its strategy is handed only its player's view (start_view)",
            ));
        }
        self.start_sample(position.clone())
    }

    /// Starts choosing a move for the side to move of `position` from
    /// what that player knows: in a game with hidden information the
    /// strategy searches [`crate::hidden::strategy_position`] (a position
    /// read from the mover's view, hidden parts drawn from `seed`), never
    /// `position` itself.
    pub fn start_view(&mut self, rules: &RulesBox, position: &PositionBox, seed: u64) -> Search {
        match crate::hidden::strategy_position(rules, position, seed) {
            Ok(seen) => self.start_sample(seen),
            Err(e) => failed(e),
        }
    }

    /// Starts searching `position` as it is: the position itself in a game
    /// without hidden information, or one already made from the mover's
    /// view (an isolated strategy's child is sent only that).
    pub fn start_sample(&mut self, position: PositionBox) -> Search {
        let (tx, rx) = channel();
        let stop = Arc::new(AtomicBool::new(false));
        let began = Arc::new(OnceLock::new());
        // The strategy may stretch to the ceiling when its choice is
        // unstable: the host stops it there, never at the normal budget.
        let ceiling = self.limits.ceiling_ms();
        let time_limit = (self.limits.time_ms > 0).then(|| Duration::from_millis(ceiling));
        let search = Search {
            events: rx,
            stop: Arc::clone(&stop),
            started: Instant::now(),
            began: Some(Arc::clone(&began)),
            time_limit,
            grace: grace_period(ceiling),
            setup: time_limit.unwrap_or_default() + grace_period(ceiling),
            outcome: None,
        };
        let strategy = Arc::clone(&self.strategy);
        let limits = self.limits;
        let mut position = position;
        let launched = thread::Builder::new().name(format!("strategy {}", self.name)).spawn(move || {
            crate::priority::enter_search_thread();
            let mut strategy = strategy.lock().unwrap_or_else(PoisonError::into_inner);
            let _ = began.set(Instant::now());
            let mut observer = ChannelObserver { events: tx.clone() };
            let result =
                strategy.choose_move(&mut position, limits, &stop, Observer_TO::from_ptr(&mut observer, TD_Opaque));
            let _ = tx.send(SearchEvent::Finished(result.into_result()));
        });
        let mut search = search;
        if let Err(e) = launched {
            search.outcome =
                Some(SearchOutcome::Failed(PluginError::internal(format!("cannot start a search thread: {e}"))));
        }
        search
    }

    /// Records the end of a search: one that timed out still owns the
    /// strategy object, so the next game must build a new one.
    pub fn finish(&mut self, outcome: &SearchOutcome) {
        if matches!(outcome, SearchOutcome::TimedOut { .. }) {
            self.abandoned = true;
        }
    }

    /// Whether the player lost its strategy object to an abandoned search.
    pub fn is_abandoned(&self) -> bool {
        self.abandoned
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::plugin::{strategy_box, StrategyImpl};
    use rules_api::{ObserverMut, PluginKind, RVec};

    /// Holds the strategy until `release` is raised, and notes whether the
    /// stop flag was already up when each search began.
    struct Gate {
        release: Arc<AtomicBool>,
        stopped_at_start: Arc<Mutex<Vec<bool>>>,
    }

    impl StrategyImpl for Gate {
        fn choose_move(
            &mut self,
            position: &mut PositionBox,
            _limits: SearchLimits,
            stop: &AtomicBool,
            _observer: &mut ObserverMut<'_>,
        ) -> Result<SearchResult, PluginError> {
            self.stopped_at_start.lock().unwrap().push(stop.load(Ordering::SeqCst));
            while !self.release.load(Ordering::SeqCst) {
                thread::sleep(Duration::from_millis(1));
            }
            let mut moves = RVec::new();
            position.legal_moves(&mut moves).into_result()?;
            let best = *moves.first().ok_or_else(|| PluginError::internal("no legal move"))?;
            Ok(SearchResult { best, score: 0, depth: 0, nodes: 1, pv: RVec::new() })
        }
        fn new_game(&mut self) {}
    }

    #[test]
    fn the_budget_starts_when_the_worker_holds_the_strategy() {
        let config = crate::config::Config::default_config().unwrap();
        let dirs = crate::plugins::PluginDirs::new([]);
        let plugin = crate::plugins::find_plugin(&config.game.rules, PluginKind::RULES, &dirs)
            .expect("the default rules plugin is built");
        let rules = plugin.new_rules(&[]).unwrap();
        let position = rules.start_position().into_result().unwrap();
        let release = Arc::new(AtomicBool::new(false));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (r, s) = (Arc::clone(&release), Arc::clone(&seen));
        let factory: StrategyFactory =
            Arc::new(move || Ok(strategy_box(Gate { release: Arc::clone(&r), stopped_at_start: Arc::clone(&s) })));
        let mut player = StrategyPlayer::with_factory(
            "gate",
            factory,
            SearchLimits { time_ms: 40, depth: 0, nodes: 0, max_time_ms: 0 },
        )
        .unwrap();
        let first = player.start(&position);
        while seen.lock().unwrap().is_empty() {
            thread::sleep(Duration::from_millis(1));
        }
        // Cancelled (an undo), but its worker still holds the strategy.
        first.cancel();
        drop(first);
        let mut second = player.start(&position);
        // More than the second search's 40 ms budget passes while it waits.
        thread::sleep(Duration::from_millis(60));
        assert!(second.poll(|_| {}).is_none(), "waiting for the strategy is no time out");
        assert!(!second.stop_flag().load(Ordering::SeqCst), "the budget has not started");
        assert_eq!(second.elapsed(), Duration::ZERO);
        release.store(true, Ordering::SeqCst);
        let outcome = second.wait(|_| {});
        assert!(matches!(outcome, SearchOutcome::Answered(_)), "{outcome:?}");
        assert_eq!(*seen.lock().unwrap(), vec![false, false], "the second search began with its stop flag down");
    }
}
