//! The computer's turns and hints: searches started, polled and played
//! without blocking, pausing and stepping between computers, and losing
//! on time.

use std::time::Instant;

use rules_api::{Move, PluginKind, PositionBox, SearchLimits};
use tabula_core::config::PlayerConfig;
use tabula_core::outcome::ForfeitCause;
use tabula_core::players::StrategyPlayer;
use tabula_core::plugins::{find_plugin, PluginDirs};
use tabula_core::source::Level;
use tabula_core::turn::{judge, ComputerTurn, TurnEnd};

use super::{err, Event, Game};
use crate::clock::think_budget;

/// Thinking time of the hint search.
const HINT_TIME_MS: u64 = 1500;

impl Game {
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
            if !self.computer_claims(&mut events) {
                self.start_turn(side);
            }
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
            Ok(TurnEnd::Claimed(_)) => self.after_change(&mut events),
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
