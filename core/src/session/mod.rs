//! One game: the rules, the start, the moves played (with undo and redo),
//! the result, and saving to and loading from a text file.

mod claim;
mod dice;
mod error;
mod rolls;
mod saved;

use std::sync::{Arc, Mutex, PoisonError, Weak};

use rules_api::{
    GameInfo, Highlight, Move, Notation, PlayerScore, PositionBox, PositionFlags, RSlice, RVec, RulesBox, Status,
    StatusKind,
};

use crate::boundary::{self, Faulty, Shape};
use crate::outcome::{player_name, ForfeitCause, GameResult};
use crate::watchdog::watch;
pub use claim::CLAIMED;
pub use dice::{draw, fresh_seed, Chance, CHANCE_PLAYER, MAX_SEED};
use error::plugin_err;
pub use error::SessionError;

/// A move as played, with its texts computed in the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Machine notation.
    pub coordinate: String,
    /// Player-facing notation.
    pub standard: String,
    /// The player who made it, or [`CHANCE_PLAYER`] for a chance outcome
    /// (a roll of the dice), which no player makes.
    pub player: u8,
}

impl PlayedMove {
    /// Whether this is a chance outcome rather than a player's move.
    pub fn is_chance(&self) -> bool {
        self.player == CHANCE_PLAYER
    }
}

/// The most moves a move list (`--moves`, a saved game) may hold.
pub const MAX_MOVE_LIST: usize = 100_000;

/// The most chance moves in a row the host draws before it calls the rules
/// faulty (a chance node that only ever leads to another).
pub const MAX_ROLLS_IN_A_ROW: usize = 1000;

/// The checked description of a game, shared by every session on it.
/// Reading it copies the whole description over the boundary and checks
/// it (piece drawings run to tens of kilobytes), which an engine front end
/// would otherwise repeat for every `position` command. A game's
/// description never changes; a `Weak` keeps its allocation, so no other
/// game can appear at the same address while it is remembered.
fn description(rules: &Arc<RulesBox>) -> Result<(Arc<GameInfo>, Shape), boundary::CallError> {
    type Known = Vec<(Weak<RulesBox>, Arc<GameInfo>, Shape)>;
    static KNOWN: Mutex<Known> = Mutex::new(Vec::new());
    let lock = || KNOWN.lock().unwrap_or_else(PoisonError::into_inner);
    {
        let mut known = lock();
        known.retain(|(game, _, _)| game.strong_count() > 0);
        if let Some((_, info, shape)) = known.iter().find(|(game, _, _)| game.as_ptr() == Arc::as_ptr(rules)) {
            return Ok((Arc::clone(info), *shape));
        }
    }
    // Not under the lock: the plugin's calls may take up to the watchdog's limit.
    let (info, _, shape) = boundary::describe(rules)?;
    let info = Arc::new(info);
    lock().push((Arc::downgrade(rules), Arc::clone(&info), shape));
    Ok((info, shape))
}

/// A game in progress (or finished), independent of who plays it.
///
/// # Chance
///
/// A chance node (the dice are about to be rolled) is the host's business:
/// no player is ever asked to move there, and [`Session::play`] refuses a
/// move at one. With [`Chance::Seeded`] (what [`Session::new`] gives) the
/// session draws the outcome itself, right after the move that leads to a
/// chance node and at the start when the start is one; with
/// [`Chance::External`] it stops at every chance node
/// ([`Session::awaits_chance`]) until [`Session::play_chance`] brings the
/// outcome (a network client, a replay). Chance moves are in
/// [`Session::history`] with the player [`CHANCE_PLAYER`]; [`Session::undo`]
/// takes a player's move back together with the rolls that followed it,
/// and [`Session::redo`] plays them again.
///
/// # Players
///
/// A game has 1 to 6 players ([`Session::players`]); the side to move is
/// always one of them, at a chance node the one the draw is for.
pub struct Session {
    rules: Arc<RulesBox>,
    info: Arc<GameInfo>,
    shape: Shape,
    /// The side to move, checked against the players when the position changed.
    side: u8,
    start_text: String,
    start: PositionBox,
    position: PositionBox,
    history: Vec<PlayedMove>,
    /// Moves taken back, the next to replay last.
    redo: Vec<PlayedMove>,
    forfeit: Option<GameResult>,
    /// The cells marked dead and the result of the count, once agreed.
    settled: Option<(Vec<u16>, GameResult)>,
    chance: Chance,
    /// The first ply the seed rolled: chance moves before it came from
    /// elsewhere (a record of a server's game) and are checked as outcomes
    /// only, not against the seed.
    seeded_from: usize,
}

impl Session {
    /// A new game from the usual start (`start` empty) or from position
    /// text (which must then not be blank), rolling its own dice from a
    /// fresh seed ([`Chance::fresh`]).
    pub fn new(rules: Arc<RulesBox>, start: &str) -> Result<Session, SessionError> {
        Session::with_chance(rules, start, Chance::fresh())
    }

    /// [`Session::new`] with the chance outcomes from `chance`: a seeded
    /// session rolls at once if the start is a chance node.
    pub fn with_chance(rules: Arc<RulesBox>, start: &str, chance: Chance) -> Result<Session, SessionError> {
        let mut session = Session::unrolled(rules, start, chance)?;
        session.roll()?;
        Ok(session)
    }

    /// The session at its start, not yet rolled.
    fn unrolled(rules: Arc<RulesBox>, start: &str, chance: Chance) -> Result<Session, SessionError> {
        let (info, shape) =
            description(&rules).map_err(|e| SessionError::from_call("reading the game's description", e))?;
        let text = start.trim();
        let position = if start.is_empty() {
            watch("start_position", || rules.start_position().into_result())
                .map_err(plugin_err("creating the start position"))?
        } else if text.is_empty() {
            return Err(SessionError::BadPosition {
                text: start.escape_default().to_string(),
                reason: "the position text is blank (give none for the usual start)".into(),
            });
        } else {
            watch("position_from_text", || rules.position_from_text(text.into()).into_result())
                .map_err(|e| SessionError::BadPosition { text: text.to_string(), reason: e.to_string() })?
        };
        if let Chance::Seeded(seed) = chance {
            if seed > MAX_SEED {
                return Err(SessionError::Chance(format!(
                    "the seed {seed} is above {MAX_SEED}, the largest a record holds"
                )));
            }
        }
        let mut session = Session {
            rules,
            info,
            shape,
            side: 0,
            start_text: text.to_string(),
            start: position.clone(),
            position,
            history: Vec::new(),
            redo: Vec::new(),
            forfeit: None,
            settled: None,
            chance,
            seeded_from: 0,
        };
        session.side = session.checked_side()?;
        Ok(session)
    }

    /// The side to move as the plugin reports it, checked.
    fn checked_side(&self) -> Result<u8, SessionError> {
        let side = watch("side_to_move", || self.position.side_to_move());
        boundary::check_player("side_to_move", "player", side, &self.shape)?;
        Ok(side)
    }

    /// The configured game.
    pub fn rules(&self) -> &Arc<RulesBox> {
        &self.rules
    }
    /// Name, players and piece types.
    pub fn info(&self) -> &GameInfo {
        &self.info
    }
    /// The current position.
    pub fn position(&self) -> &PositionBox {
        &self.position
    }
    /// The position the game started from.
    pub fn start_position(&self) -> &PositionBox {
        &self.start
    }
    /// The start position text, empty for the usual start.
    pub fn start_text(&self) -> &str {
        &self.start_text
    }
    /// Moves played so far, chance moves included.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }
    /// The player to move (always one of the game's players; at a chance
    /// node, the player the draw is for).
    pub fn side_to_move(&self) -> u8 {
        self.side
    }
    /// The number of players, cells and piece types, as checked.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// The number of players (1 to 6).
    pub fn players(&self) -> usize {
        self.shape.players
    }
    /// The display name of player `index`.
    pub fn player_name(&self, index: u8) -> String {
        player_name(&self.info, index)
    }
    /// Where the chance outcomes come from.
    pub fn chance(&self) -> Chance {
        self.chance
    }
    /// The seed of the dice, when the session rolls them itself.
    pub fn seed(&self) -> Option<u64> {
        self.chance.seed()
    }
    /// The first ply the seed rolled (0 unless the game began elsewhere).
    pub fn seeded_from(&self) -> usize {
        self.seeded_from
    }

    /// Every legal move in the current position (none once the game is
    /// over); at a chance node, its outcomes.
    pub fn legal_moves(&self) -> Result<Vec<Move>, SessionError> {
        if self.forfeit.is_some() {
            return Ok(Vec::new());
        }
        let mut buf = RVec::new();
        watch("legal_moves", || self.position.legal_moves(&mut buf).into_result())
            .map_err(plugin_err("listing legal moves"))?;
        boundary::check_moves(&buf, &self.shape)?;
        Ok(buf.into_vec())
    }

    /// Reads a move in either notation (coordinate first).
    pub fn parse_move(&self, text: &str) -> Result<Move, SessionError> {
        let text = text.trim();
        match self.position.parse_move(text.into(), Notation::COORDINATE).into_result() {
            Ok(m) => Ok(m),
            Err(coordinate_error) => {
                self.position.parse_move(text.into(), Notation::STANDARD).into_result().map_err(|_| {
                    SessionError::BadMove { index: 0, text: text.to_string(), reason: coordinate_error.to_string() }
                })
            }
        }
    }

    /// The coordinate and standard texts of a legal move of the current position.
    pub fn move_texts(&self, mv: Move) -> Result<(String, String), SessionError> {
        let write = |notation| {
            let text = watch("move_to_text", || self.position.move_to_text(mv, notation).into_result())
                .map_err(plugin_err("writing a move"))?;
            boundary::short_text("move_to_text", "move text", &text)?;
            if text.trim().is_empty() || text.contains(char::is_whitespace) {
                let problem = format!("the move text '{text}' (empty or with spaces)");
                return Err(SessionError::Faulty(Faulty { call: "move_to_text", problem }));
            }
            Ok(text.into_string())
        };
        Ok((write(Notation::COORDINATE)?, write(Notation::STANDARD)?))
    }

    /// Plays a player's move after checking it against the legal move
    /// list; clears redo. A seeded session then rolls for the chance nodes
    /// the move leads to (they follow it in the history). Refused at a
    /// chance node: its move is drawn, never chosen.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, SessionError> {
        let at = self.make_player_move(mv)?;
        self.redo.clear();
        self.roll()?;
        Ok(&self.history[at])
    }

    /// Refuses a move after the end of the game. One status call while the
    /// game goes on (this runs before every move of a replayed list).
    fn refuse_if_over(&self) -> Result<(), SessionError> {
        let over = self.forfeit.is_some() || self.settled.is_some() || !self.status()?.is_ongoing();
        if !over {
            return Ok(());
        }
        match self.result()? {
            Some(result) => Err(SessionError::GameOver(result.describe(&self.info))),
            None => Ok(()),
        }
    }

    /// Checks and makes a player's move, without rolling; its index.
    fn make_player_move(&mut self, mv: Move) -> Result<usize, SessionError> {
        self.refuse_if_over()?;
        if self.is_chance_node() {
            let (coordinate, _) = self.move_texts(mv).unwrap_or_else(|_| (format!("{mv:?}"), String::new()));
            return Err(SessionError::Chance(format!(
                "'{coordinate}' is a chance outcome: the host draws it, no player may choose it"
            )));
        }
        if !self.legal_moves()?.contains(&mv) {
            return Err(SessionError::BadMove {
                index: 0,
                text: format!("{mv:?}"),
                reason: "it is not in the legal move list".into(),
            });
        }
        let player = self.side;
        self.make(mv, player)
    }

    /// Makes a checked move for `player` (or [`CHANCE_PLAYER`]) and records
    /// it; its index in the history.
    fn make(&mut self, mv: Move, player: u8) -> Result<usize, SessionError> {
        let (coordinate, standard) = self.move_texts(mv)?;
        watch("make_move", || self.position.make_move(mv).into_result()).map_err(plugin_err("making a move"))?;
        self.history.push(PlayedMove { mv, coordinate, standard, player });
        self.side = self.checked_side()?;
        Ok(self.history.len() - 1)
    }

    /// Parses and plays a player's move given as text in either notation.
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, SessionError> {
        self.refuse_if_over()?;
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Plays a list of moves, all in coordinate notation or all in
    /// standard notation (never a mix). A coordinate move must be written
    /// exactly as the game writes it. At a chance node the list names the
    /// outcome (in a seeded session, the one the seed draws); a seeded
    /// session rolls for a chance node the list ends at. On failure the
    /// session is left as it was, and the error names the first token that
    /// is not a move of its position, in the notation that read further
    /// into the list.
    pub fn play_all<'a>(&mut self, moves: impl IntoIterator<Item = &'a str>) -> Result<(), SessionError> {
        let mut list = Vec::new();
        for m in moves {
            if list.len() == MAX_MOVE_LIST {
                return Err(SessionError::TooManyMoves { count: MAX_MOVE_LIST + 1, max: MAX_MOVE_LIST });
            }
            list.push(m);
        }
        let before = self.history.len();
        let coordinate = match self.play_list(&list, Notation::COORDINATE) {
            Ok(()) => return self.roll().map(|_| ()),
            Err(failure) => failure,
        };
        self.rewind(before)?;
        let standard = match self.play_list(&list, Notation::STANDARD) {
            Ok(()) => return self.roll().map(|_| ()),
            Err(failure) => failure,
        };
        self.rewind(before)?;
        let (index, reason, notation) = if standard.0 > coordinate.0 {
            (standard.0, standard.1, "standard")
        } else {
            (coordinate.0, coordinate.1, "coordinate")
        };
        let reason =
            if index > 0 { format!("{reason} (the moves before it read as {notation} notation)") } else { reason };
        Err(SessionError::BadMove { index: index + 1, text: list[index].to_string(), reason })
    }

    /// Plays `list` in `notation` without rolling; on failure, the 0-based
    /// index of the first move that is not a move of its position and why.
    fn play_list(&mut self, list: &[&str], notation: Notation) -> Result<(), (usize, String)> {
        for (i, text) in list.iter().enumerate() {
            let mv = watch("parse_move", || self.position.parse_move((*text).into(), notation).into_result())
                .map_err(|e| (i, e.to_string()))?;
            let (coordinate, standard) = self.move_texts(mv).map_err(|e| (i, e.to_string()))?;
            if notation == Notation::COORDINATE && coordinate != *text {
                return Err((i, format!("'{text}' is not written as this game writes that move ('{coordinate}')")));
            }
            if notation == Notation::STANDARD && coordinate == *text && standard != *text {
                return Err((i, format!("'{text}' is in coordinate notation, not standard ('{standard}')")));
            }
            let made = if self.is_chance_node() { self.make_chance_move(mv, true) } else { self.make_player_move(mv) };
            made.map_err(|e| {
                (
                    i,
                    match e {
                        SessionError::BadMove { reason, .. } => reason,
                        other => other.to_string(),
                    },
                )
            })?;
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes moves back until `len` remain, forgetting them (no redo).
    fn rewind(&mut self, len: usize) -> Result<(), SessionError> {
        let had_redo = self.redo.len();
        while self.history.len() > len {
            self.take_back()?;
        }
        self.redo.truncate(had_redo);
        Ok(())
    }

    /// Whether there is a player's move to take back (the rolls before the
    /// first one are no one's to take back).
    pub fn can_undo(&self) -> bool {
        self.history.iter().any(|m| !m.is_chance())
    }
    /// Whether there is a move to replay.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move only, onto the redo list (and any forfeit,
    /// which belonged to the position being left).
    fn take_back(&mut self) -> Result<(), SessionError> {
        let Some(last) = self.history.pop() else { return Ok(()) };
        if let Err(e) = watch("unmake_move", || self.position.unmake_move().into_result()) {
            self.history.push(last);
            return Err(plugin_err("taking a move back")(e));
        }
        self.forfeit = None;
        self.settled = None;
        self.redo.push(last);
        self.side = self.checked_side()?;
        Ok(())
    }

    /// Takes back the last player's move together with the rolls that
    /// followed it (and any forfeit, which belonged to the position being
    /// left). Returns false when there is no player's move to undo.
    pub fn undo(&mut self) -> Result<bool, SessionError> {
        if !self.can_undo() {
            return Ok(false);
        }
        while let Some(last) = self.history.last() {
            let chance = last.is_chance();
            self.take_back()?;
            if !chance {
                break;
            }
        }
        Ok(true)
    }

    /// Replays the last undone player's move and the rolls that followed
    /// it (the same rolls: a seeded session checks them against its seed).
    /// Returns false when there is none.
    pub fn redo(&mut self) -> Result<bool, SessionError> {
        let Some(next) = self.redo.pop() else { return Ok(false) };
        let made = if next.is_chance() { self.make_chance_move(next.mv, true) } else { self.make_player_move(next.mv) };
        if let Err(e) = made {
            self.redo.push(next);
            return Err(e);
        }
        while self.redo.last().is_some_and(PlayedMove::is_chance) {
            let roll = self.redo.pop().expect("checked above");
            if let Err(e) = self.make_chance_move(roll.mv, true) {
                self.redo.push(roll);
                return Err(e);
            }
        }
        self.roll()?;
        Ok(true)
    }

    /// The plugin's status of the current position.
    pub fn status(&self) -> Result<Status, SessionError> {
        let status =
            watch("status", || self.position.status().into_result()).map_err(plugin_err("reading the game status"))?;
        boundary::check_status(&status, &self.shape)?;
        Ok(status)
    }

    /// Checks that the rules plugin works in the current position: on a
    /// copy, every legal move (the first thousand) is made, judged and
    /// taken back through the boundary checks. A player whose search
    /// failed is blamed only when this passes; otherwise the game is at
    /// fault and the error says how.
    pub fn probe(&self) -> Result<(), SessionError> {
        let mut copy = self.position.clone();
        for mv in self.legal_moves()?.into_iter().take(1000) {
            watch("make_move", || copy.make_move(mv).into_result()).map_err(plugin_err("making a move"))?;
            let side = watch("side_to_move", || copy.side_to_move());
            boundary::check_player("side_to_move", "player", side, &self.shape)?;
            let status =
                watch("status", || copy.status().into_result()).map_err(plugin_err("reading the game status"))?;
            boundary::check_status(&status, &self.shape)?;
            watch("unmake_move", || copy.unmake_move().into_result()).map_err(plugin_err("taking a move back"))?;
        }
        Ok(())
    }

    /// The position as text, checked (for records and saved games).
    pub fn position_text(&self, position: &PositionBox) -> Result<String, SessionError> {
        let text = watch("to_text", || position.to_text().into_result()).map_err(plugin_err("writing the position"))?;
        boundary::position_text("to_text", &text)?;
        Ok(text.into_string())
    }

    /// How the game ended, or `None` while it goes on: a forfeit or an
    /// agreed count, else the rules' full result
    /// ([`rules_api::Position::result`]: its reason and payoffs, see
    /// [`GameResult::from_outcome`]).
    pub fn result(&self) -> Result<Option<GameResult>, SessionError> {
        if let Some(f) = &self.forfeit {
            return Ok(Some(f.clone()));
        }
        if let Some((_, r)) = &self.settled {
            return Ok(Some(r.clone()));
        }
        // The status first: most games' full result is their status, and a
        // faulty one is named as the call it came from.
        let status = self.status()?;
        let outcome =
            watch("result", || self.position.result().into_result()).map_err(plugin_err("reading the game result"))?;
        boundary::check_outcome(&outcome, &self.shape)?;
        boundary::check_agreement(&status, &outcome)?;
        Ok(GameResult::from_outcome(&outcome, self.shape.players))
    }

    /// Whether the game ended with pieces to mark dead before the count
    /// ([`rules_api::PositionFlags::MARK_DEAD`]) and no count is agreed yet.
    pub fn awaits_count(&self) -> bool {
        self.forfeit.is_none() && self.settled.is_none() && self.position.flags().contains(PositionFlags::MARK_DEAD)
    }

    /// The cells agreed dead at the count, once it is agreed.
    pub fn dead(&self) -> Option<&[u16]> {
        self.settled.as_ref().map(|(d, _)| d.as_slice())
    }

    /// The count with the pieces on `dead` taken off: the marks to draw
    /// (territory, dead pieces), the scores and the result it gives.
    pub fn count(&self, dead: &[u16]) -> Result<(Vec<Highlight>, Vec<PlayerScore>, GameResult), SessionError> {
        let (mut marks, mut scores) = (RVec::new(), RVec::new());
        let status = self
            .position
            .count_score(RSlice::from_slice(dead), &mut marks, &mut scores)
            .into_result()
            .map_err(plugin_err("counting the score"))?;
        let result = match status.kind {
            StatusKind::WIN => GameResult::Win { winner: status.winner, reason: status.reason.to_string() },
            _ => GameResult::Draw { reason: status.reason.to_string() },
        };
        Ok((marks.into_vec(), scores.into_vec(), result))
    }

    /// Ends a game awaiting its count with the pieces on `dead` agreed
    /// dead; the count's result becomes the game's. Undoing a move forgets it.
    pub fn settle(&mut self, dead: &[u16]) -> Result<GameResult, SessionError> {
        if !self.awaits_count() {
            return Err(SessionError::GameOver("the game is not waiting for a count".into()));
        }
        let (_, _, result) = self.count(dead)?;
        self.settled = Some((dead.to_vec(), result.clone()));
        Ok(result)
    }

    /// Ends the game with a loss for `loser` (resignation, time, a failed
    /// player). With more than two players the game ends too: `loser` is
    /// last and the others share first place (see [`GameResult`]).
    pub fn forfeit(&mut self, loser: u8, cause: ForfeitCause, reason: impl Into<String>) {
        self.forfeit = Some(GameResult::Forfeit { loser, cause, reason: reason.into() });
    }

    /// Takes back a forfeit or an agreed result ([`Session::forfeit`],
    /// [`Session::conclude`]) and nothing else: the game goes on from the
    /// same position (a resignation withdrawn by an undo). Returns false
    /// when there was none.
    pub fn withdraw_forfeit(&mut self) -> bool {
        self.forfeit.take().is_some()
    }

    /// Ends the game with a result the rules did not decide and the
    /// players agreed on elsewhere (a draw by agreement on a server).
    /// Taken back, like a forfeit, by an undo.
    pub fn conclude(&mut self, result: GameResult) {
        self.forfeit = Some(result);
    }
}
