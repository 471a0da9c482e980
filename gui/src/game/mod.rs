//! The game behind the window, without any drawing: the session, who sits
//! where, computer searches on worker threads, hints, clocks, captured
//! pieces and the undo rules of a GUI. Every call returns quickly.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rules_api::{
    Geometry, HighlightKind, Move, MoveFlags, PluginKind, PositionBox, PositionFlags, RVec, SearchInfo, SearchLimits,
};

use super::clock::{think_budget, Clocks};
use super::seats::NewSeat;
use tabula_core::config::{ClockConfig, Config, PlayerConfig};
use tabula_core::outcome::{ForfeitCause, GameResult};
use tabula_core::players::{ComputerPlayer, Search, StrategyPlayer};
use tabula_core::plugins::{find_plugin, LoadedPlugin, PluginDirs};
use tabula_core::seating::{computer_player, Table};
use tabula_core::session::{Chance, Session};
use tabula_core::source::Level;
use tabula_core::turn::{judge, ComputerTurn, TurnEnd};

/// Thinking time of the hint search.
const HINT_TIME_MS: u64 = 1500;

/// The source of [`Game::generation`]s: shared by every game of the
/// process, so a game that replaces another never repeats its number.
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

fn next_generation() -> u64 {
    GENERATIONS.fetch_add(1, Ordering::Relaxed)
}

/// Who sits in a seat.
pub struct Seat {
    /// Display name from the config.
    pub name: String,
    /// The computer player (strategy, isolated strategy or external
    /// engine), for computer seats.
    pub player: Option<Box<dyn ComputerPlayer>>,
}

/// Something that happened that the window may want to sound or show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was played.
    Moved {
        /// The move.
        mv: Move,
        /// The piece that moved (for the slide), if one did.
        piece: Option<rules_api::Piece>,
        /// It took a piece.
        capture: bool,
        /// It left the other side in check.
        check: bool,
    },
    /// The game ended.
    Ended,
    /// A computer failed (its forfeit is recorded).
    Failed(String),
    /// The computer answered a draw offer, with its score when it had one.
    DrawAnswer {
        /// It accepted: the game is drawn by agreement.
        accepted: bool,
        /// Its evaluation (its own view).
        score: Option<i32>,
    },
}

/// One game with its players.
pub struct Game {
    /// The configuration (the saved game's, or the one built by New game).
    pub config: Config,
    /// The game itself.
    pub session: Session,
    /// One per player.
    pub seats: Vec<Seat>,
    /// The board.
    pub geometry: Geometry,
    extra_dirs: Vec<PathBuf>,
    turn: Option<ComputerTurn>,
    /// The latest progress report of the running search.
    pub thinking: Option<SearchInfo>,
    /// The start of that report's principal variation in standard notation.
    pub thinking_line: String,
    hint_player: Option<StrategyPlayer>,
    hint_search: Option<(Search, usize)>,
    /// The suggested move for the position after `usize` plies.
    pub hint: Option<Move>,
    clocks: Vec<Duration>,
    /// The countdown clocks of the `[clock]` time control, if any.
    countdown: Option<Clocks>,
    /// The moment the countdown's "now" is measured from.
    epoch: Instant,
    turn_start: Instant,
    started: Instant,
    ended_after: Option<Duration>,
    /// Computer-vs-computer play is held.
    pub paused: bool,
    step: bool,
    /// The pieces each player has taken (their owner and kind), per player.
    pub captured: Vec<Vec<(u8, u16)>>,
    /// Every piece taken, in the order of the game: the ply that took it
    /// (counted from 1), who took it, and its owner and kind; what
    /// [`Game::captured_after`] rewinds when a position is reviewed.
    taken: Vec<(usize, u8, u8, u16)>,
    /// Per ply of the history, the player who made it or, for a chance
    /// move, the player it was drawn for (the side to move before it).
    pub actors: Vec<u8>,
    /// In a game with hidden information, the moves as the viewer
    /// ([`Game::viewer`]) may read them, for the move list.
    pub shown_texts: Option<Vec<String>>,
    /// Per player, the kind of piece that stands for it in the panel and
    /// the move list.
    icons: Vec<u16>,
    /// When the running search started and how long it may take.
    search_clock: Option<(Instant, u64)>,
    /// The count of a game scored by marking dead pieces.
    pub count: count::CountView,
    /// A number that changes whenever the game does (a move, an undo, a
    /// result) and is never the same in two games: what the window keys
    /// its views of the position by.
    pub generation: u64,
    /// The countdown is kept elsewhere (a network server): it is shown as
    /// told ([`Game::follow_clocks`]) and its flag falls there, not here.
    outside_clock: bool,
    /// A draw offer the computer is weighing.
    draw_offer: Option<draw_offer::DrawOffer>,
}

fn err(e: impl std::fmt::Display) -> String {
    e.to_string()
}

impl Game {
    /// Sets up the game a configuration describes (replaying its record if
    /// it has one); `source` names the file in errors.
    pub fn open(config: Config, source: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let session = match &config.record {
            Some(record) => Session::from_record(rules, record, source).map_err(err)?,
            None => Session::new(rules, "").map_err(err)?,
        };
        Game::from_parts(config, session, extra_dirs)
    }

    /// [`Game::open`] for a game whose dice are rolled elsewhere (a network
    /// server): the record's rolls are replayed as given, and the session
    /// stops at every chance node until [`Game::play_roll`] brings the roll.
    /// Its countdown follows [`Game::follow_clocks`], never flagging here.
    pub fn open_external(config: Config, source: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let record = config.record.clone().unwrap_or_default();
        let mut session = Session::with_chance(rules, &record.start, Chance::External).map_err(err)?;
        session.play_all(record.moves.iter().map(String::as_str)).map_err(|e| format!("{source}: {e}"))?;
        let mut game = Game::from_parts(config, session, extra_dirs)?;
        game.outside_clock = true;
        Ok(game)
    }

    /// A game shown from one seat's view alone (a network game with hidden
    /// information: the server sends the seat's view text, never the moves
    /// it may not read): the rules build a position from the view
    /// (`position_from_view`) whose pieces and legal moves are the seat's.
    /// It has no history of its own; a new view replaces the game.
    pub fn open_view(config: Config, view: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        use rules_api::RulesExt;
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let sample = tabula_core::watchdog::watch("position_from_view", || rules.position_for_view(view, 0));
        let text = sample.and_then(|p| p.to_text().into_result()).map_err(err)?;
        let session = Session::with_chance(rules, text.as_str(), Chance::External).map_err(err)?;
        let mut game = Game::from_parts(config, session, extra_dirs)?;
        game.outside_clock = true;
        Ok(game)
    }

    /// Loads a saved game file.
    pub fn load(path: &Path, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let (config, session) = Session::load(path, extra_dirs).map_err(err)?;
        Game::from_parts(config, session, extra_dirs)
    }

    fn from_parts(config: Config, session: Session, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let players = session.info().players.len();
        if config.players.len() != players {
            return Err(format!("the game has {players} players but the config lists {}", config.players.len()));
        }
        let seats = {
            let seater = Seater::new(&config, extra_dirs)?;
            config.players.iter().map(|p| seater.seat(p)).collect::<Result<Vec<_>, _>>()?
        };
        let geometry = tabula_core::boundary::geometry(session.rules()).map_err(err)?;
        let mut game = Game {
            clocks: vec![Duration::ZERO; players],
            countdown: config.clock.map(|c| Clocks::new(c, players, session.history().len())),
            epoch: Instant::now(),
            captured: vec![Vec::new(); players],
            taken: Vec::new(),
            actors: Vec::new(),
            shown_texts: None,
            icons: Vec::new(),
            config,
            session,
            seats,
            geometry,
            extra_dirs: extra_dirs.to_vec(),
            turn: None,
            thinking: None,
            thinking_line: String::new(),
            hint_player: None,
            hint_search: None,
            hint: None,
            turn_start: Instant::now(),
            started: Instant::now(),
            ended_after: None,
            paused: false,
            step: false,
            search_clock: None,
            count: count::CountView::default(),
            generation: next_generation(),
            outside_clock: false,
            draw_offer: None,
        };
        game.icons = game.first_pieces();
        game.restore_saved_times();
        game.refresh_history();
        game.refresh_count();
        game.sync_clock();
        Ok(game)
    }

    /// Changes who plays the seats without touching the game: seats marked
    /// replaced get new players, the others keep theirs (and their running
    /// search); names follow `seats`. A computer whose turn it is starts
    /// searching on the next [`Game::tick`]. Nothing changes on an error.
    pub fn change_seats(&mut self, seats: Vec<NewSeat>) -> Result<(), String> {
        if seats.len() != self.seats.len() {
            return Err(format!("the game has {} seats, not {}", self.seats.len(), seats.len()));
        }
        let mut built = Vec::new();
        if seats.iter().any(|s| s.replaced) {
            let seater = Seater::new(&self.config, &self.extra_dirs)?;
            for s in &seats {
                built.push(if s.replaced { Some(seater.seat(&s.player)?) } else { None });
            }
        } else {
            built.resize_with(seats.len(), || None);
        }
        let to_move = self.session.side_to_move() as usize;
        if built.get(to_move).is_some_and(Option::is_some) {
            self.cancel_search();
        }
        for (i, (s, new)) in seats.into_iter().zip(built).enumerate() {
            match new {
                Some(seat) => self.seats[i] = seat,
                None => self.seats[i].name = s.player.name.clone(),
            }
            self.config.players[i] = s.player;
        }
        if !self.all_computers() {
            self.paused = false;
            self.step = false;
        }
        // Who looks at the board may have changed.
        self.refresh_history();
        self.sync_clock();
        Ok(())
    }

    /// Puts the clocks back as a saved game's record kept them.
    fn restore_saved_times(&mut self) {
        let Some(record) = &self.config.record else { return };
        if record.used_ms.len() == self.clocks.len() {
            self.clocks = record.used_ms.iter().map(|&ms| Duration::from_millis(ms)).collect();
        }
        let ply = self.session.history().len();
        if let (Some(c), true) = (&mut self.countdown, record.clock_ms.len() == self.clocks.len()) {
            c.set_remaining(&record.clock_ms.iter().map(|&ms| Duration::from_millis(ms)).collect::<Vec<_>>(), ply);
        }
    }

    /// The times to keep in a saved game's record: the countdowns (under a
    /// time control) and the time used, per seat, in milliseconds.
    pub fn saved_times(&self) -> (Vec<u64>, Vec<u64>) {
        let sides = 0..self.seats.len();
        let clock = sides.clone().filter_map(|s| self.countdown(s)).map(|d| d.as_millis() as u64).collect();
        let used = sides.map(|s| self.clock(s).as_millis() as u64).collect();
        (clock, used)
    }

    /// Saves the game (its configuration, record and clocks) to `path`.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        let (clock_ms, used_ms) = self.saved_times();
        self.session
            .save_with(path, &self.config, |r| {
                r.clock_ms = clock_ms;
                r.used_ms = used_ms;
            })
            .map_err(err)
    }

    /// How far the running search is into its time: (elapsed, budget).
    pub fn search_progress(&self) -> Option<(Duration, Duration)> {
        self.search_clock.filter(|_| self.turn.is_some()).map(|(t, ms)| (t.elapsed(), Duration::from_millis(ms)))
    }

    /// The plugin search directories given on the command line.
    pub fn extra_dirs(&self) -> &[PathBuf] {
        &self.extra_dirs
    }

    /// Whether seat `side` is a computer.
    pub fn is_computer(&self, side: usize) -> bool {
        self.seats.get(side).is_some_and(|s| s.player.is_some())
    }
    /// Whether every seat is a computer.
    pub fn all_computers(&self) -> bool {
        (0..self.seats.len()).all(|s| self.is_computer(s))
    }
    /// Whether a person may move now (never while a roll from outside is
    /// awaited).
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && !self.session.awaits_chance() && !self.is_computer(self.session.side_to_move() as usize)
    }
    /// Whether a computer is searching.
    pub fn is_thinking(&self) -> bool {
        self.turn.is_some()
    }
    /// The result, if the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.session.result().ok().flatten()
    }
    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.result().is_some()
    }
    /// Whether a game is going on that leaving would lose.
    pub fn in_progress(&self) -> bool {
        !self.session.history().is_empty() && !self.is_over()
    }

    /// Time used by `side`, including the running turn.
    pub fn clock(&self, side: usize) -> Duration {
        let mut t = self.clocks.get(side).copied().unwrap_or_default();
        if side == self.session.side_to_move() as usize && self.ended_after.is_none() && !self.paused {
            t += self.turn_start.elapsed();
        }
        t
    }
    /// Time left for `side` under the time control (`None`: no clocks).
    pub fn countdown(&self, side: usize) -> Option<Duration> {
        self.countdown.as_ref().map(|c| c.remaining(side, self.epoch.elapsed()))
    }
    /// The side whose countdown clock is running.
    pub fn countdown_running(&self) -> Option<usize> {
        self.countdown.as_ref().and_then(Clocks::running)
    }

    /// Sets the countdown to times kept elsewhere (a network server's, per
    /// seat, measured now) with `running`'s clock running from now; the
    /// game then shows a countdown even without a `[clock]` of its own.
    pub fn follow_clocks(&mut self, control: ClockConfig, times: &[Duration], running: Option<usize>) {
        let ply = self.session.history().len();
        let mut clocks = Clocks::new(control, self.seats.len(), ply);
        clocks.set_remaining(times, ply);
        clocks.run(running, self.epoch.elapsed());
        self.countdown = Some(clocks);
        self.outside_clock = true;
    }

    /// Runs the countdown of the side to move, or none while the game is
    /// over or paused.
    fn sync_clock(&mut self) {
        if self.outside_clock {
            return;
        }
        let side = (!self.is_over() && !self.paused).then(|| self.session.side_to_move() as usize);
        let now = self.epoch.elapsed();
        if let Some(c) = &mut self.countdown {
            c.run(side, now);
        }
    }

    /// Puts the countdown back to its times at the current ply (after an
    /// undo or a redo).
    fn restore_clock(&mut self) {
        let ply = self.session.history().len();
        if let Some(c) = &mut self.countdown {
            c.restore(ply);
        }
    }

    /// How long the game has lasted: the time its players used (frozen at
    /// its end, kept in saved games).
    pub fn duration(&self) -> Duration {
        (0..self.seats.len()).map(|s| self.clock(s)).sum()
    }

    fn close_turn(&mut self) {
        let side = self.session.side_to_move() as usize;
        if !self.paused && self.ended_after.is_none() {
            if let Some(c) = self.clocks.get_mut(side) {
                *c += self.turn_start.elapsed();
            }
        }
        self.turn_start = Instant::now();
    }

    fn after_change(&mut self, events: &mut Vec<Event>) {
        self.generation = next_generation();
        self.refresh_history();
        self.refresh_count();
        self.hint = None;
        self.hint_search = None;
        if self.is_over() {
            if self.ended_after.is_none() {
                self.ended_after = Some(self.started.elapsed());
            }
            events.push(Event::Ended);
        } else {
            self.ended_after = None;
        }
        self.sync_clock();
    }

    /// Every legal move now (none while a computer is to move).
    pub fn legal_moves(&self) -> Vec<Move> {
        self.session.legal_moves().unwrap_or_default()
    }

    /// Plays a move for the side to move; `Err` says why it was refused.
    pub fn play(&mut self, mv: Move) -> Result<Vec<Event>, String> {
        let before = self.session.position().clone();
        let mover = self.session.side_to_move() as usize;
        self.close_turn();
        self.session.play(mv).map_err(err)?;
        Ok(self.moved(&before, mv, mover))
    }

    /// Plays a roll of the dice that came from outside (a network server's),
    /// at the chance node the game waits at.
    pub fn play_roll(&mut self, mv: Move) -> Result<Vec<Event>, String> {
        self.session.play_chance(mv).map_err(err)?;
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(events)
    }

    /// After `mover` played `mv` from the position `before`: the clock gets
    /// the move, and the events say whether it took a piece or gave check.
    fn moved(&mut self, before: &PositionBox, mv: Move, mover: usize) -> Vec<Event> {
        let mut infos = RVec::new();
        let _ = before.move_infos(rules_api::RSlice::from_slice(&[mv]), &mut infos);
        // A game that flags no captures still shows one: a piece of
        // another player left the board.
        let capture = infos.first().is_some_and(|i| i.flags.contains(MoveFlags::CAPTURE))
            || took_piece(before, self.session.position(), mover as u8);
        let mut pieces = RVec::new();
        let _ = before.pieces(&mut pieces);
        let piece = pieces.iter().find(|p| p.cell == mv.from).copied();
        let (ply, now) = (self.session.history().len(), self.epoch.elapsed());
        if let Some(c) = self.countdown.as_mut().filter(|_| !self.outside_clock) {
            c.moved(mover, ply, now);
        }
        let check = self.in_check();
        let mut events = vec![Event::Moved { mv, piece, capture, check }];
        self.after_change(&mut events);
        events
    }

    /// Whether the side to move is in check (a check mark on the board, or
    /// the game's own flag).
    pub fn in_check(&self) -> bool {
        if self.is_over() {
            return false;
        }
        let position = self.session.position();
        // In a game that hides, only a check the viewer is shown counts.
        let flagged = self.viewer().is_none() && position.flags().contains(PositionFlags::IN_CHECK);
        self.check_marked() || flagged
    }

    /// Whether the check is shown on the board (a king in check, as
    /// opposed to a threat the game flags).
    pub fn check_marked(&self) -> bool {
        self.shown_highlights().iter().any(|h| h.kind == HighlightKind::CHECK)
    }

    /// Cancels a running search (its answer is ignored).
    pub fn cancel_search(&mut self) {
        if let Some(turn) = self.turn.take() {
            turn.cancel();
        }
        self.thinking = None;
    }

    /// Whether the game ended by a player's resignation (which an undo
    /// withdraws before any move).
    pub fn resigned(&self) -> bool {
        matches!(self.result(), Some(GameResult::Forfeit { cause: ForfeitCause::Resignation, .. }))
    }

    /// Whether [`Game::undo`] has something to take back.
    pub fn can_undo(&self) -> bool {
        self.resigned() || self.session.can_undo()
    }

    /// Takes back a resignation alone (the game goes on from the same
    /// position); else one ply against a person, back to the person's last
    /// move against the computer, one ply (pausing) between computers.
    pub fn undo(&mut self) -> Result<bool, String> {
        self.cancel_search();
        self.close_turn();
        if self.resigned() && self.session.withdraw_forfeit() {
            self.after_change(&mut Vec::new());
            self.ended_after = None;
            return Ok(true);
        }
        if !self.session.undo().map_err(err)? {
            return Ok(false);
        }
        if self.all_computers() {
            self.paused = true;
        } else {
            while self.is_computer(self.session.side_to_move() as usize) && self.session.undo().map_err(err)? {}
        }
        self.restore_clock();
        self.after_change(&mut Vec::new());
        self.ended_after = None;
        Ok(true)
    }

    /// Replays undone moves, up to a person's turn.
    pub fn redo(&mut self) -> Result<bool, String> {
        self.cancel_search();
        self.close_turn();
        if !self.session.redo().map_err(err)? {
            return Ok(false);
        }
        if !self.all_computers() {
            while self.is_computer(self.session.side_to_move() as usize)
                && self.session.can_redo()
                && self.session.redo().map_err(err)?
            {}
        }
        self.restore_clock();
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(true)
    }

    /// The side to move resigns (or the person, when a computer is to move).
    pub fn resign(&mut self) -> Vec<Event> {
        if self.is_over() {
            return Vec::new();
        }
        let side = self.session.side_to_move() as usize;
        let loser = if self.is_computer(side) {
            (0..self.seats.len()).find(|&s| !self.is_computer(s)).unwrap_or(side)
        } else {
            side
        };
        self.cancel_search();
        self.close_turn();
        let name = self.seats[loser].name.clone();
        self.session.forfeit(loser as u8, ForfeitCause::Resignation, format!("{name} resigned"));
        let mut events = Vec::new();
        self.after_change(&mut events);
        events
    }

    /// Pauses or resumes computer-vs-computer play.
    pub fn toggle_pause(&mut self) {
        self.close_turn();
        self.paused = !self.paused;
        if self.paused {
            self.cancel_search();
        }
        self.sync_clock();
    }

    /// Stops (`true`) or restarts the clocks without touching the game, for
    /// a question asked before play begins.
    pub fn hold_clocks(&mut self, hold: bool) {
        if self.paused != hold {
            self.close_turn();
            self.paused = hold;
            self.sync_clock();
        }
    }

    /// Lets the computer to move play one move while paused.
    pub fn step(&mut self) {
        self.step = true;
    }

    /// Asks the alpha-beta strategy for a suggestion (shown when ready).
    pub fn request_hint(&mut self) -> Result<(), String> {
        if self.is_over() {
            return Err("the game is over".into());
        }
        if self.hint_player.is_none() {
            let dirs = PluginDirs::new(
                self.extra_dirs.iter().cloned().chain(self.config.plugin_dirs(&[]).dirs().iter().cloned()),
            );
            let plugin = find_plugin(Level::Hard.strategy(), PluginKind::STRATEGY, &dirs).map_err(err)?;
            let limits = SearchLimits { time_ms: HINT_TIME_MS, depth: 0, nodes: 0, max_time_ms: 0 };
            self.hint_player = Some(StrategyPlayer::new(&plugin, &[], limits).map_err(err)?);
        }
        let player = self.hint_player.as_mut().expect("set above");
        self.hint_search = Some((player.start(self.session.position()), self.session.history().len()));
        Ok(())
    }

    /// Whether a hint is being computed.
    pub fn hint_pending(&self) -> bool {
        self.hint_search.is_some()
    }

    /// Advances searches: starts the computer's search when it is to move,
    /// collects answers and plays them. Never blocks.
    pub fn tick(&mut self) -> Vec<Event> {
        let mut events = Vec::new();
        self.tick_hint();
        self.tick_draw_offer(&mut events);
        if self.is_over() {
            return events;
        }
        let flagged =
            self.countdown.as_ref().filter(|_| !self.outside_clock).and_then(|c| c.flagged(self.epoch.elapsed()));
        if let Some(side) = flagged {
            self.lose_on_time(side, &mut events);
            return events;
        }
        let side = self.session.side_to_move() as usize;
        // A roll from outside is awaited: nobody is asked to move.
        if !self.is_computer(side) || self.session.awaits_chance() {
            return events;
        }
        let Some(turn) = self.turn.as_mut() else {
            self.start_turn(side);
            return events;
        };
        let mut latest = None;
        let outcome = turn.poll(|info| latest = Some(info.clone()));
        if let Some(info) = latest {
            self.thinking_line = line_text(self.session.position(), &info.pv, 6);
            self.thinking = Some(info);
        }
        let Some(outcome) = outcome else { return events };
        let turn = self.turn.take().expect("polled above");
        self.thinking = None;
        let before = self.session.position().clone();
        self.close_turn();
        let player = self.seats[side].player.as_mut().expect("computer seat");
        match turn.finish(&mut self.session, player, &outcome) {
            Ok(TurnEnd::Played(m)) => events.extend(self.moved(&before, m.mv, side)),
            Ok(TurnEnd::Forfeited(result)) => {
                events.push(Event::Failed(result.reason().to_string()));
                self.after_change(&mut events);
            }
            // The rules plugin failed, not the player: a new turn would fail
            // the same way every frame, so computer play is paused with the
            // reason shown.
            Err(e) => {
                if !self.paused {
                    self.toggle_pause();
                }
                events.push(Event::Failed(format!("{e} (computer play is paused)")));
            }
        }
        events
    }

    /// Starts the search of the computer in `side` (unless play is paused),
    /// with less time when its clock runs low.
    fn start_turn(&mut self, side: usize) {
        if self.paused && !self.step {
            return;
        }
        self.step = false;
        let budget = self.think_budget(side);
        let player = self.seats[side].player.as_mut().expect("computer seat");
        if let Some(time_ms) = budget {
            player.set_limits(SearchLimits { time_ms, ..player.turn_limits() });
        }
        let budget = player.turn_limits().time_ms;
        self.turn = Some(ComputerTurn::start(&self.session, player));
        self.search_clock = Some((Instant::now(), budget));
        self.thinking = None;
    }

    /// `side`'s clock reached zero: the running search stops and `side`
    /// forfeits on time.
    fn lose_on_time(&mut self, side: usize, events: &mut Vec<Event>) {
        self.cancel_search();
        self.close_turn();
        self.session.forfeit(side as u8, ForfeitCause::Time, "time");
        self.after_change(events);
    }

    /// Under a time control, how long the computer in `side` may think now:
    /// its configured time, less when its clock runs low.
    fn think_budget(&self, side: usize) -> Option<u64> {
        let control = self.config.clock?;
        let left = self.countdown(side)?;
        let configured =
            self.config.players.get(side).map_or(tabula_core::config::DEFAULT_TIME_MS, PlayerConfig::time_ms);
        Some(think_budget(configured, left, control.increment_ms))
    }

    fn tick_hint(&mut self) {
        let Some((search, ply)) = self.hint_search.as_mut() else { return };
        let ply = *ply;
        let Some(outcome) = search.poll(|_| {}).cloned() else { return };
        self.hint_search = None;
        if let Some(player) = self.hint_player.as_mut() {
            player.finish(&outcome);
        }
        if ply == self.session.history().len() {
            let limits = SearchLimits { time_ms: HINT_TIME_MS, depth: 0, nodes: 0, max_time_ms: 0 };
            self.hint = judge(&outcome, self.session.position(), limits).ok().map(|r| r.best);
        }
    }

    /// The kind of piece that stands for `player` in the panel and the
    /// move list.
    pub fn icon_kind(&self, player: u8) -> u16 {
        self.icons.get(player as usize).copied().unwrap_or(0)
    }

    /// The piece that stands for each player: of the kinds every player
    /// has on the start position's board, the most valuable (the queen of
    /// chess, the checker of backgammon); else the player's first piece;
    /// else the game's plain stone (a piece type without glyphs).
    fn first_pieces(&self) -> Vec<u16> {
        let info = self.session.info();
        let players = info.players.len() as u8;
        let stone = info.piece_types.iter().position(|t| t.glyphs.iter().all(|g| g.is_empty())).unwrap_or(0) as u16;
        let mut pieces = RVec::new();
        let _ = self.session.start_position().pieces(&mut pieces);
        let value = |kind: u16| info.piece_types.get(kind as usize).map_or(i32::MIN, |t| t.value);
        let shared = pieces
            .iter()
            .map(|p| p.kind)
            .filter(|&k| (0..players).all(|o| pieces.iter().any(|p| p.owner == o && p.kind == k)))
            .fold(None, |best: Option<u16>, k| match best {
                Some(b) if value(b) >= value(k) => Some(b),
                _ => Some(k),
            });
        (0..players)
            .map(|o| shared.or_else(|| pieces.iter().find(|p| p.owner == o).map(|p| p.kind)).unwrap_or(stone))
            .map(|kind| kind.min(info.piece_types.len().saturating_sub(1) as u16))
            .collect()
    }

    /// How this game's moves are numbered (from its start position and the
    /// shape of its moves).
    pub fn numbering(&self) -> crate::numbering::Numbering {
        let start = self.session.start_position();
        let text = start.to_text().into_result().map(|t| t.to_string()).unwrap_or_default();
        let mut moves = RVec::new();
        let _ = start.legal_moves(&mut moves);
        let sample = self.session.history().first().map(|m| m.mv).or_else(|| moves.first().copied());
        let info = self.session.info();
        crate::numbering::Numbering::new(
            info.players.len(),
            start.side_to_move(),
            &text,
            info.position_format.as_str(),
            sample,
        )
    }

    /// The position after the first `ply` moves (for reviewing).
    pub fn position_at(&self, ply: usize) -> PositionBox {
        let mut position = self.session.start_position().clone();
        for m in self.session.history().iter().take(ply) {
            if position.make_move(m.mv).into_result().is_err() {
                break;
            }
        }
        position
    }

    /// Replays the game to find who each ply was for and to recount the
    /// pieces taken (by comparing piece counts per owner and kind before
    /// and after every move).
    fn refresh_history(&mut self) {
        let players = self.seats.len().max(self.session.info().players.len());
        let mut taken = Vec::new();
        let mut actors = Vec::with_capacity(self.session.history().len());
        let mut position = self.session.start_position().clone();
        let mut before = piece_counts(&position);
        for (ply, m) in self.session.history().iter().enumerate() {
            let for_whom = position.side_to_move().min(players.saturating_sub(1) as u8);
            actors.push(if (m.player as usize) < players { m.player } else { for_whom });
            if position.make_move(m.mv).into_result().is_err() {
                break;
            }
            let after = piece_counts(&position);
            // An off-board move (a pass, Hex's swap) may change whose
            // stones stand where, but it takes nothing.
            // A chance move (a roll) is nobody's and takes nothing.
            let takes = !m.mv.is_off_board() && (m.player as usize) < players;
            for (&(owner, kind), &n) in before.iter().filter(|_| takes) {
                let left = after.get(&(owner, kind)).copied().unwrap_or(0);
                if owner != m.player {
                    taken.extend((left..n).map(|_| (ply + 1, m.player, owner, kind)));
                }
            }
            before = after;
        }
        // The pieces taken, counted from the whole truth, could tell a
        // player what they may not see: not shown in a game that hides.
        if self.is_hidden() {
            taken.clear();
        }
        self.taken = taken;
        self.captured = self.captured_after(None);
        // A ply the replay could not make still gets a column.
        actors.resize(self.session.history().len(), 0);
        self.actors = actors;
        self.shown_texts = self.viewer().and_then(|v| self.move_texts_for(v).ok());
    }
}

/// Builds seats for one game: the rules plugin and its options (which an
/// engine or an isolated strategy is told about) and where plugins are.
struct Seater<'a> {
    config: &'a Config,
    dirs: PluginDirs,
    rules: LoadedPlugin,
    rules_options: Vec<(String, String)>,
}

impl<'a> Seater<'a> {
    fn new(config: &'a Config, extra_dirs: &[PathBuf]) -> Result<Seater<'a>, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let rules = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        Ok(Seater { config, dirs, rules, rules_options: config.rules_options() })
    }

    /// The seat for one configured player: a person, or a computer
    /// (strategy, isolated strategy or external engine) ready to move.
    fn seat(&self, p: &PlayerConfig) -> Result<Seat, String> {
        let table = Table { rules: &self.rules, options: &self.rules_options };
        let player = computer_player(p, self.config, &self.dirs, &table).map_err(err)?;
        Ok(Seat { name: p.name.clone(), player })
    }
}

/// The first `n` moves of `pv` from `position` in standard notation.
fn line_text(position: &PositionBox, pv: &[Move], n: usize) -> String {
    let mut position = position.clone();
    let mut words = Vec::new();
    for &m in pv.iter().take(n) {
        let Ok(text) = position.move_to_text(m, rules_api::Notation::STANDARD).into_result() else { break };
        words.push(text.to_string());
        if position.make_move(m).into_result().is_err() {
            break;
        }
    }
    words.join(" ")
}

/// Whether a piece of a player other than `mover` is gone from `before` to `after`.
fn took_piece(before: &PositionBox, after: &PositionBox, mover: u8) -> bool {
    let after = piece_counts(after);
    piece_counts(before)
        .into_iter()
        .any(|((owner, kind), n)| owner != mover && after.get(&(owner, kind)).copied().unwrap_or(0) < n)
}

fn piece_counts(position: &PositionBox) -> std::collections::BTreeMap<(u8, u16), usize> {
    let mut pieces = RVec::new();
    let mut counts = std::collections::BTreeMap::new();
    if position.pieces(&mut pieces).into_result().is_ok() {
        for p in pieces.iter() {
            *counts.entry((p.owner, p.kind)).or_insert(0) += 1;
        }
    }
    counts
}

mod count;
mod draw_offer;
mod taken;
mod views;
pub use views::View;
#[cfg(test)]
mod tests;
