//! The other seats of a network game: players whose turn ends when the
//! server says what they played.

use std::collections::VecDeque;
use std::sync::atomic::AtomicBool;
use std::sync::mpsc::{channel, Sender as Tx};
use std::sync::{Arc, Mutex};

use rules_api::{Move, RVec, SearchLimits, SearchResult};
use tabula_core::players::{ComputerPlayer, Search, SearchEvent, SearchOutcome};
use tabula_core::session::Session;

/// Hands the opponent's moves to the turn driver.
#[derive(Default)]
pub(super) struct Slot {
    pub(super) pending: VecDeque<Move>,
    pub(super) waiting: Option<Tx<SearchEvent>>,
}

/// A seat played from elsewhere: its turn ends when the server says what it played.
pub(super) struct RemotePlayer {
    pub(super) slot: Arc<Mutex<Slot>>,
}

pub(super) fn answer(best: Move) -> SearchEvent {
    SearchEvent::Finished(Ok(SearchResult { best, score: 0, depth: 0, nodes: 0, pv: RVec::new() }))
}

impl ComputerPlayer for RemotePlayer {
    fn label(&self) -> String {
        "network".into()
    }
    fn turn_limits(&self) -> SearchLimits {
        SearchLimits { time_ms: 0, depth: 0, nodes: 0, max_time_ms: 0 }
    }
    fn set_limits(&mut self, _limits: SearchLimits) {}
    fn start_turn(&mut self, _session: &Session) -> Search {
        let (tx, rx) = channel();
        let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
        match slot.pending.pop_front() {
            Some(m) => {
                let _ = tx.send(answer(m));
            }
            None => slot.waiting = Some(tx),
        }
        Search::from_events(rx, Arc::new(AtomicBool::new(false)), 0)
    }
    fn end_turn(&mut self, _outcome: &SearchOutcome) {}
}
