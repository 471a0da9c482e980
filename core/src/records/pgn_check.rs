//! PGN games against their rules: every move of the main line and of every
//! variation read by the rules plugin in its standard notation (SAN for
//! chess) and played from its position, so a file is known good before a
//! game of it is shown; and a checked game as the saved-game record the
//! window and `tabula play` load.

use std::sync::Arc;

use rules_api::{Notation, RulesBox};

use super::pgn_read::PgnError;
use super::pgn_tree::{Line, PgnGame};
use crate::config::Record;
use crate::outcome::GameResult;
use crate::session::{Session, SessionError};

/// What checking a game found.
#[derive(Clone, Debug, PartialEq)]
pub struct Checked {
    /// Moves of the main line.
    pub plies: usize,
    /// Moves in variations, all checked.
    pub variation_moves: usize,
    /// How the rules say the main line ends (`None`: the game goes on).
    pub end: Option<GameResult>,
}

/// Plays `game`'s main line and every variation with `rules`; the first
/// move refused names the game, its line, its number and the rules'
/// reason.
pub fn check_game(rules: &Arc<RulesBox>, game: &PgnGame) -> Result<Checked, PgnError> {
    let mut session = start_session(rules, game)?;
    let (number, second) = game.first_number();
    let mut checker = Checker { game: game.number, variation_moves: 0 };
    checker.line(&mut session, &game.moves, number, second, true)?;
    let end = session.result().map_err(|e| PgnError { game: game.number, line: game.line, problem: e.to_string() })?;
    Ok(Checked { plies: session.history().len(), variation_moves: checker.variation_moves, end })
}

/// A session at the game's start: its `FEN` tag, else the usual start.
pub fn start_session(rules: &Arc<RulesBox>, game: &PgnGame) -> Result<Session, PgnError> {
    Session::new(Arc::clone(rules), game.start().unwrap_or("")).map_err(|e| PgnError {
        game: game.number,
        line: game.line,
        problem: format!("its FEN tag is not a position of {}: {e}", rules_name(rules)),
    })
}

fn rules_name(rules: &RulesBox) -> String {
    rules.info().into_result().map_or_else(|_| "this game".into(), |i| i.name.to_string())
}

struct Checker {
    game: usize,
    variation_moves: usize,
}

impl Checker {
    /// Plays `line` on `session`; each move's variations are checked from
    /// the position before it and taken back.
    fn line(
        &mut self,
        session: &mut Session,
        line: &Line,
        mut number: u32,
        mut second: bool,
        main: bool,
    ) -> Result<(), PgnError> {
        for m in &line.moves {
            for variation in &m.variations {
                let before = session.history().len();
                self.line(session, variation, number, second, false)?;
                while session.history().len() > before {
                    session.undo().map_err(|e| self.refused(m.line, number, second, &m.text, e))?;
                }
            }
            let mv = session
                .position()
                .parse_move(m.text.as_str().into(), Notation::STANDARD)
                .into_result()
                .map_err(|e| self.refused(m.line, number, second, &m.text, e))?;
            session.play(mv).map_err(|e| self.refused(m.line, number, second, &m.text, e))?;
            if !main {
                self.variation_moves += 1;
            }
            if second {
                number += 1;
            }
            second = !second;
        }
        Ok(())
    }

    fn refused(&self, line: usize, number: u32, second: bool, text: &str, why: impl Into<Reason>) -> PgnError {
        let dots = if second { "..." } else { "." };
        let reason = why.into().0;
        PgnError { game: self.game, line, problem: format!("move {number}{dots} {text} is refused: {reason}") }
    }
}

/// Why the rules refused a move, without the host's wrapping.
struct Reason(String);

impl From<SessionError> for Reason {
    fn from(e: SessionError) -> Reason {
        Reason(match e {
            SessionError::BadMove { reason, .. } => reason,
            other => other.to_string(),
        })
    }
}

impl From<rules_api::PluginError> for Reason {
    fn from(e: rules_api::PluginError) -> Reason {
        Reason(e.to_string())
    }
}

/// The saved-game record of a checked game: its start and main line, and
/// the result the rules give at its end ("ongoing" when they give none,
/// whatever the Result tag says, so a player may go on from there).
pub fn record_of(game: &PgnGame) -> Record {
    Record {
        start: game.start().unwrap_or("").to_string(),
        moves: game.main_line().into_iter().map(str::to_string).collect(),
        result: GameResult::ONGOING.to_string(),
        ..Default::default()
    }
}
