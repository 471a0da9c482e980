//! The Go Text Protocol from the controller's side: an external GTP engine
//! (GNU Go, or another `tabula gtp`) in a seat.
//!
//! GTP engines keep the game themselves, so the player keeps track of the
//! commands the engine has accepted and, each turn, sends only what is new
//! (`play COLOUR VERTEX` per move; `clear_board` and everything again when
//! the game went back, after an undo), then `genmove COLOUR`. Every command
//! carries an id so the answer to each is known; a refused `play` fails the
//! turn. Vertices are the rules plugin's coordinate notation; player 0 is
//! `black`. Handicap stones of the start position go with
//! `set_free_handicap`.

use std::time::Duration;

use rules_api::{Notation, PositionBox, RVec};

use super::process::{EngineError, Process};
use crate::protocols::grid::Grid;
use crate::protocols::gtp::player_colour;
use crate::session::Session;

/// What the engine has been told so far.
#[derive(Debug, Default)]
pub struct State {
    /// The setup and move commands the engine accepted, in order.
    sent: Vec<String>,
    /// The next command id.
    next_id: u32,
    /// The `genmove` of the last turn: the engine played its answer on
    /// its own board, so the game's next move of that colour is known.
    generated: Option<String>,
}

/// The commands of one turn, with their ids; the last is the `genmove`.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    /// `(id, command)` in the order sent.
    pub commands: Vec<(u32, String)>,
}

/// What an answer line of the engine means for the turn.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// Not an answer to a command of this turn (or an empty line).
    Nothing,
    /// A command before the `genmove` was refused: its text and the message.
    Refused(String, String),
    /// The `genmove` answer.
    Move(String),
}

impl State {
    fn id(&mut self) -> u32 {
        self.next_id += 1;
        self.next_id
    }

    /// Sends `command` and waits up to `timeout` for its answer.
    pub fn ask(&mut self, p: &Process, command: &str, timeout: Duration) -> Result<String, EngineError> {
        let id = self.id();
        p.send(&format!("{id} {command}"))?;
        let (ok, refused) = (format!("={id}"), format!("?{id}"));
        let line = p.expect(timeout, command, |l| {
            let head = l.split_whitespace().next().unwrap_or("");
            head == ok || head == refused
        })?;
        let rest = line.split_once(char::is_whitespace).map_or("", |(_, r)| r).trim().to_string();
        if line.starts_with('?') {
            return Err(EngineError::Refused(format!("'{command}': {rest}")));
        }
        Ok(rest)
    }

    /// Starts a game: board size from the geometry, `komi` if the game has
    /// one, and a byo-yomi of `move_ms` per move.
    pub fn handshake(
        &mut self,
        p: &Process,
        grid: &Grid,
        komi: Option<&str>,
        move_ms: u64,
        timeout: Duration,
    ) -> Result<(), EngineError> {
        self.ask(p, "protocol_version", timeout)?;
        if grid.width() != grid.height() {
            return Err(EngineError::Refused(format!("GTP boards are square, not {}x{}", grid.width(), grid.height())));
        }
        self.ask(p, &format!("boardsize {}", grid.width()), timeout)?;
        self.ask(p, "clear_board", timeout)?;
        if let Some(komi) = komi {
            self.ask(p, &format!("komi {komi}"), timeout)?;
        }
        if move_ms > 0 {
            // Engines such as GNU Go plan their effort on the time they are
            // told, in processor time; a quarter of the turn (whole seconds,
            // at least one) leaves the margin a loaded machine needs before
            // the host's wall-clock limit.
            let seconds = (move_ms / 4000).max(1);
            self.ask(p, &format!("time_settings 0 {seconds} 1"), timeout)?;
        }
        self.sent.clear();
        self.generated = None;
        Ok(())
    }

    /// The commands that bring the engine to the game `wanted` (its setup
    /// and moves as commands) and ask `side` for a move, numbered; the state
    /// counts them as accepted.
    pub fn turn(&mut self, wanted: &[String], side: u8) -> Pending {
        if let Some(colour) = self.generated.take() {
            match wanted.get(self.sent.len()) {
                Some(next) if next.starts_with(&format!("play {colour} ")) => self.sent.push(next.clone()),
                // The answer was not played (the turn was abandoned): start afresh.
                _ => self.sent.push(String::new()),
            }
        }
        let mut pending = Pending::default();
        if !wanted.starts_with(&self.sent) {
            let id = self.id();
            pending.commands.push((id, "clear_board".into()));
            self.sent.clear();
        }
        for command in &wanted[self.sent.len()..] {
            let id = self.id();
            pending.commands.push((id, command.clone()));
        }
        self.sent = wanted.to_vec();
        let id = self.id();
        let colour = player_colour(side);
        pending.commands.push((id, format!("genmove {colour}")));
        self.generated = Some(colour.to_string());
        pending
    }
}

/// The setup and the moves of `session` as GTP commands.
pub fn game_commands(session: &Session) -> Result<Vec<String>, EngineError> {
    let mut commands = Vec::new();
    let start = session.start_position();
    let mut pieces = RVec::new();
    start.pieces(&mut pieces).into_result()?;
    if !pieces.is_empty() {
        if pieces.iter().any(|p| p.owner != 0) || start.side_to_move() != 1 {
            return Err(EngineError::Refused(
                "a GTP engine starts from an empty board or black handicap stones with white to move".into(),
            ));
        }
        let geometry = session.rules().geometry().into_result()?;
        let names: Vec<&str> =
            pieces.iter().filter_map(|p| geometry.cells.get(p.cell as usize)).map(|c| c.name.as_str()).collect();
        commands.push(format!("set_free_handicap {}", names.join(" ")));
    }
    for m in session.history() {
        commands.push(format!("play {} {}", player_colour(m.player), m.coordinate));
    }
    Ok(commands)
}

impl Pending {
    /// What `line` answers.
    pub fn reply(&self, line: &str) -> Reply {
        // Measured from the first word, not the line's start: leading
        // white space may be a multi-byte character (U+0085, U+3000).
        let line = line.trim_start();
        let Some(first) = line.split_whitespace().next() else { return Reply::Nothing };
        let (ok, id) = if let Some(id) = first.strip_prefix('=') {
            (true, id)
        } else if let Some(id) = first.strip_prefix('?') {
            (false, id)
        } else {
            return Reply::Nothing;
        };
        let Ok(id) = id.parse::<u32>() else { return Reply::Nothing };
        let Some(index) = self.commands.iter().position(|(i, _)| *i == id) else { return Reply::Nothing };
        let rest = line[first.len()..].trim().to_string();
        let command = &self.commands[index].1;
        match (ok, index + 1 == self.commands.len()) {
            (true, true) => Reply::Move(rest),
            (true, false) => Reply::Nothing,
            (false, _) => Reply::Refused(command.clone(), rest),
        }
    }
}

/// The move a `genmove` answer names in `position`, `None` for `resign`.
pub fn answer_move(position: &PositionBox, text: &str) -> Result<Option<rules_api::Move>, rules_api::PluginError> {
    if text.eq_ignore_ascii_case("resign") {
        return Ok(None);
    }
    position.parse_move(text.into(), Notation::COORDINATE).into_result().map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_matched_to_their_commands() {
        let pending = Pending { commands: vec![(4, "play black D4".into()), (5, "genmove white".into())] };
        assert_eq!(pending.reply("=4"), Reply::Nothing);
        assert_eq!(pending.reply(""), Reply::Nothing);
        assert_eq!(pending.reply("=5 C3"), Reply::Move("C3".into()));
        assert_eq!(pending.reply("?4 illegal move"), Reply::Refused("play black D4".into(), "illegal move".into()));
        assert_eq!(pending.reply("= 9"), Reply::Nothing);
        assert_eq!(pending.reply("=17 D4"), Reply::Nothing);
    }

    #[test]
    fn a_line_starting_with_a_wide_character_is_no_answer() {
        // Found by the gtp_replies fuzz target (`\xff1` read as `\u{fffd}1`):
        // the first word was split after its first byte, inside a character.
        let pending = Pending { commands: vec![(1, "genmove black".into())] };
        assert_eq!(pending.reply("\u{e9}1 D4"), Reply::Nothing);
        assert_eq!(pending.reply("\u{fffd}=1"), Reply::Nothing);
    }

    #[test]
    fn an_answer_after_wide_white_space_is_read_from_its_own_first_word() {
        // Found by the coverage-guided gtp_replies campaign: a tab and U+0085
        // before `=1` put the end of the first word inside that character.
        let pending = Pending { commands: vec![(1, "genmove black".into())] };
        assert_eq!(pending.reply("\t\u{85}=1 D4"), Reply::Move("D4".into()));
        assert_eq!(pending.reply("\u{3000}=1"), Reply::Move(String::new()));
    }
}
