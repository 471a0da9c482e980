//! The count at the end of a game scored by marking dead pieces (Go):
//! after two passes the players click groups to mark them dead (the rules
//! plugin's `count_score` says which pieces go with the one clicked, what
//! territory each player has and who wins), then resume play or accept.
//! Nothing here knows the game: only the position's `MARK_DEAD` flag and
//! `count_score`.

use rules_api::{Highlight, HighlightKind, PlayerScore};

use super::{Event, Game};
use tabula_core::outcome::GameResult;

/// What the count shows now.
#[derive(Clone, Debug, Default)]
pub struct CountView {
    /// The cells marked dead (every piece the plugin counts dead).
    pub dead: Vec<u16>,
    /// Territory and dead-piece marks to draw.
    pub marks: Vec<Highlight>,
    /// The players' points.
    pub scores: Vec<PlayerScore>,
    /// The result the count gives.
    pub result: Option<GameResult>,
}

impl Game {
    /// Whether the players are marking dead pieces before the count.
    pub fn is_marking(&self) -> bool {
        self.session.awaits_count()
    }

    /// Recounts after a change: the marking in progress, the agreed count,
    /// or nothing while the game goes on.
    pub(super) fn refresh_count(&mut self) {
        let dead = if self.is_marking() {
            std::mem::take(&mut self.count.dead)
        } else if let Some(agreed) = self.session.dead() {
            agreed.to_vec()
        } else {
            self.count = CountView::default();
            return;
        };
        self.count = match self.session.count(&dead) {
            Ok((marks, scores, result)) => {
                let dead = marks.iter().filter(|h| h.kind == HighlightKind::DEAD).map(|h| h.cell).collect();
                CountView { dead, marks, scores, result: Some(result) }
            }
            Err(_) => CountView::default(),
        };
    }

    /// Marks the group on `cell` dead, or alive again if it is marked.
    pub fn toggle_dead(&mut self, cell: u16) -> Result<(), String> {
        if !self.is_marking() {
            return Ok(());
        }
        if self.count.dead.contains(&cell) {
            let (marks, _, _) = self.session.count(&[cell]).map_err(|e| e.to_string())?;
            let group: Vec<u16> = marks.iter().filter(|h| h.kind == HighlightKind::DEAD).map(|h| h.cell).collect();
            self.count.dead.retain(|c| !group.contains(c));
        } else {
            let mut pieces = rules_api::RVec::new();
            let _ = self.session.position().pieces(&mut pieces);
            if !pieces.iter().any(|p| p.cell == cell) {
                return Ok(());
            }
            self.count.dead.push(cell);
        }
        self.refresh_count();
        Ok(())
    }

    /// Takes back the last pass: the game goes on.
    pub fn resume(&mut self) -> Result<(), String> {
        self.cancel_search();
        if self.session.undo().map_err(|e| e.to_string())? {
            self.paused = false;
            self.after_change(&mut Vec::new());
        }
        Ok(())
    }

    /// Agrees to the count as marked: its result ends the game.
    pub fn accept_count(&mut self) -> Result<Vec<Event>, String> {
        let dead = self.count.dead.clone();
        self.session.settle(&dead).map_err(|e| e.to_string())?;
        let mut events = Vec::new();
        self.after_change(&mut events);
        Ok(events)
    }

    /// The score as a line of text (`black 45 · white 36.5`), when the
    /// game counts points.
    pub fn score_line(&self) -> Option<String> {
        let scores = self.final_scores();
        if scores.is_empty() {
            return None;
        }
        let parts: Vec<String> = scores
            .iter()
            .map(|s| format!("{} {}", crate::messages::side_name(self.session.info(), s.player), s.points))
            .collect();
        Some(parts.join(" · "))
    }

    /// The players' points: the count's once marking began, else what the
    /// rules report for the position (none in games without points).
    pub fn final_scores(&self) -> Vec<PlayerScore> {
        if !self.count.scores.is_empty() {
            return self.count.scores.clone();
        }
        let mut live = rules_api::RVec::new();
        match self.session.position().scores(&mut live).into_result() {
            Ok(_) => live.into_vec(),
            Err(_) => Vec::new(),
        }
    }
}
