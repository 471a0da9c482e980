//! The chance side of a session: where it stands at a chance node, the
//! outcomes there, rolling its own dice and taking rolls from outside.

use rules_api::{ChanceOutcome, Move, PositionFlags, RVec};

use super::{draw, plugin_err, Chance, PlayedMove, Session, SessionError, CHANCE_PLAYER, MAX_ROLLS_IN_A_ROW};
use crate::boundary::{self, Faulty};
use crate::watchdog::watch;

impl Session {
    /// Whether the game goes on at a chance node: the next move is drawn,
    /// not chosen.
    pub fn is_chance_node(&self) -> bool {
        self.forfeit.is_none()
            && self.settled.is_none()
            && watch("flags", || self.position.flags()).contains(PositionFlags::CHANCE)
    }

    /// Whether the session waits for a chance outcome from outside
    /// ([`Session::play_chance`]): an external session at a chance node,
    /// or a seeded one whose roll failed ([`Session::roll`] tries again).
    pub fn awaits_chance(&self) -> bool {
        self.is_chance_node()
    }

    /// The outcomes of the current chance node with their probabilities,
    /// checked (none when this is not a chance node).
    pub fn chance_outcomes(&self) -> Result<Vec<ChanceOutcome>, SessionError> {
        if !self.is_chance_node() {
            return Ok(Vec::new());
        }
        let mut out = RVec::new();
        watch("chance_outcomes", || self.position.chance_outcomes(&mut out).into_result())
            .map_err(plugin_err("listing the chance outcomes"))?;
        boundary::check_chance(&out, &self.legal_moves()?)?;
        Ok(out.into_vec())
    }

    /// Draws and plays the outcome of every chance node in a row from
    /// here, in a seeded session; the number drawn. Nothing to do for an
    /// external session (it waits for [`Session::play_chance`]) or where
    /// there is no chance node.
    pub fn roll(&mut self) -> Result<usize, SessionError> {
        let Chance::Seeded(seed) = self.chance else { return Ok(0) };
        let mut rolled = 0;
        while self.is_chance_node() {
            if rolled == MAX_ROLLS_IN_A_ROW {
                let problem = format!("{MAX_ROLLS_IN_A_ROW} chance nodes in a row");
                return Err(SessionError::Faulty(Faulty { call: "flags", problem }));
            }
            let outcomes = self.chance_outcomes()?;
            let mv = draw(seed, self.history.len(), &outcomes)?;
            self.make(mv, CHANCE_PLAYER)?;
            rolled += 1;
        }
        Ok(rolled)
    }

    /// Plays a chance outcome that comes from outside (a server's roll, a
    /// replayed record). It must be an outcome of the current chance node;
    /// in a seeded session it must also be the outcome the seed draws here,
    /// so no one can choose the dice. Clears redo.
    pub fn play_chance(&mut self, mv: Move) -> Result<&PlayedMove, SessionError> {
        let at = self.make_chance_move(mv, true)?;
        self.redo.clear();
        Ok(&self.history[at])
    }

    /// [`Session::play_chance`] for an outcome written in either notation.
    pub fn play_chance_text(&mut self, text: &str) -> Result<&PlayedMove, SessionError> {
        if !self.is_chance_node() {
            return Err(SessionError::Chance(format!("'{}' cannot be a roll: a player is to move", text.trim())));
        }
        let mv = self.parse_move(text)?;
        self.play_chance(mv)
    }

    /// Checks and makes a chance move; `verify`: against the seed too.
    pub(super) fn make_chance_move(&mut self, mv: Move, verify: bool) -> Result<usize, SessionError> {
        self.refuse_if_over()?;
        if !self.is_chance_node() {
            return Err(SessionError::Chance("no chance move here: a player is to move".into()));
        }
        let outcomes = self.chance_outcomes()?;
        if !outcomes.iter().any(|o| o.mv == mv) {
            return Err(SessionError::Chance(format!("{mv:?} is not an outcome of this chance node")));
        }
        let ply = self.history.len();
        if let (Chance::Seeded(seed), true) = (self.chance, verify && ply >= self.seeded_from) {
            let drawn = draw(seed, ply, &outcomes)?;
            if drawn != mv {
                let (given, _) = self.move_texts(mv)?;
                let (expected, _) = self.move_texts(drawn)?;
                return Err(SessionError::Chance(format!(
                    "'{given}' is not the roll the game's seed gives here ('{expected}')"
                )));
            }
        }
        self.make(mv, CHANCE_PLAYER)
    }
}
