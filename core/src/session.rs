//! One game: the rules, the start, the moves played (with undo and redo),
//! the result, and saving to and loading from a text file.

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError, Weak};

use rules_api::{
    GameInfo, Highlight, Move, Notation, PlayerScore, PluginError, PositionBox, RSlice, RVec, RulesBox, Status,
    StatusKind,
};

use crate::boundary::{self, CallError, Faulty, Shape};
use crate::config::{Config, ConfigError, Record};
use crate::files::write_atomically;
use crate::outcome::{player_name, ForfeitCause, GameResult};
use crate::plugins::{find_plugin, LoadError};
use crate::watchdog::watch;

/// A move as played, with its texts computed in the position before it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// The move.
    pub mv: Move,
    /// Machine notation.
    pub coordinate: String,
    /// Player-facing notation.
    pub standard: String,
    /// The player who made it.
    pub player: u8,
}

/// What went wrong in a session.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// The rules plugin failed; `context` says during what.
    #[error("the rules plugin failed {context}: {error}")]
    Plugin {
        /// What the host was doing.
        context: String,
        /// The plugin's error.
        error: PluginError,
    },
    /// A position text the rules plugin refused.
    #[error("bad position '{text}': {reason}")]
    BadPosition {
        /// The text.
        text: String,
        /// The plugin's message.
        reason: String,
    },
    /// A move that does not parse or is not legal; `index` is 1-based.
    #[error("{}", bad_move(*index, text, reason))]
    BadMove {
        /// 1-based index in the list it came from (0 when played alone).
        index: usize,
        /// The text as given.
        text: String,
        /// Why it was refused.
        reason: String,
    },
    /// A move was attempted after the end of the game.
    #[error("the game is over ({0})")]
    GameOver(String),
    /// A file could not be written.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// What the operating system said.
        source: std::io::Error,
    },
    /// The game could not be written as TOML.
    #[error("{file}: {source}")]
    Serialize {
        /// The file.
        file: String,
        /// What the TOML writer said.
        source: toml::ser::Error,
    },
    /// A saved game that cannot be used.
    #[error("{file} is not a usable saved game: {problem}")]
    Corrupt {
        /// The file.
        file: String,
        /// What is wrong with it.
        problem: String,
    },
    /// The saved game's configuration is wrong.
    #[error(transparent)]
    Config(#[from] ConfigError),
    /// The saved game's rules plugin cannot be loaded.
    #[error(transparent)]
    Load(#[from] LoadError),
    /// The rules plugin returned something impossible.
    #[error(transparent)]
    Faulty(#[from] Faulty),
    /// A move list longer than any game.
    #[error("{count} moves are more than {max}, the most a move list may hold")]
    TooManyMoves {
        /// How many were given.
        count: usize,
        /// The limit.
        max: usize,
    },
}

/// The most moves a move list (`--moves`, a saved game) may hold.
pub const MAX_MOVE_LIST: usize = 100_000;

impl SessionError {
    fn from_call(context: &str, e: CallError) -> SessionError {
        match e {
            CallError::Plugin(error) => SessionError::Plugin { context: context.to_string(), error },
            CallError::Faulty(f) => SessionError::Faulty(f),
        }
    }
}

fn bad_move(index: usize, text: &str, reason: &str) -> String {
    match index {
        0 => format!("move '{text}' refused: {reason}"),
        _ => format!("move {index} ('{text}') refused: {reason}"),
    }
}

fn plugin_err(context: &str) -> impl FnOnce(PluginError) -> SessionError + '_ {
    move |error| SessionError::Plugin { context: context.to_string(), error }
}

/// The checked description of a game, shared by every session on it.
/// Reading it copies the whole description over the boundary and checks
/// it (piece drawings run to tens of kilobytes), which an engine front end
/// would otherwise repeat for every `position` command. A game's
/// description never changes; a `Weak` keeps its allocation, so no other
/// game can appear at the same address while it is remembered.
fn description(rules: &Arc<RulesBox>) -> Result<(Arc<GameInfo>, Shape), CallError> {
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
    redo: Vec<PlayedMove>,
    forfeit: Option<GameResult>,
    /// The cells marked dead and the result of the count, once agreed.
    settled: Option<(Vec<u16>, GameResult)>,
}

impl Session {
    /// A new game from the usual start (`start` empty) or from position
    /// text (which must then not be blank).
    pub fn new(rules: Arc<RulesBox>, start: &str) -> Result<Session, SessionError> {
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
    /// Moves played so far.
    pub fn history(&self) -> &[PlayedMove] {
        &self.history
    }
    /// The player to move (always one of the game's players).
    pub fn side_to_move(&self) -> u8 {
        self.side
    }
    /// The number of players, cells and piece types, as checked.
    pub fn shape(&self) -> &Shape {
        &self.shape
    }
    /// The display name of player `index`.
    pub fn player_name(&self, index: u8) -> String {
        player_name(&self.info, index)
    }

    /// Every legal move in the current position (none once the game is over).
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

    /// Plays a move after checking it against the legal move list; clears redo.
    pub fn play(&mut self, mv: Move) -> Result<&PlayedMove, SessionError> {
        if let Some(result) = self.result()? {
            return Err(SessionError::GameOver(result.describe(&self.info)));
        }
        if !self.legal_moves()?.contains(&mv) {
            return Err(SessionError::BadMove {
                index: 0,
                text: format!("{mv:?}"),
                reason: "it is not in the legal move list".into(),
            });
        }
        let (coordinate, standard) = self.move_texts(mv)?;
        let player = self.side;
        watch("make_move", || self.position.make_move(mv).into_result()).map_err(plugin_err("making a move"))?;
        self.redo.clear();
        self.history.push(PlayedMove { mv, coordinate, standard, player });
        self.side = self.checked_side()?;
        Ok(&self.history[self.history.len() - 1])
    }

    /// Parses and plays a move given as text in either notation.
    pub fn play_text(&mut self, text: &str) -> Result<&PlayedMove, SessionError> {
        if let Some(result) = self.result()? {
            return Err(SessionError::GameOver(result.describe(&self.info)));
        }
        let mv = self.parse_move(text)?;
        self.play(mv)
    }

    /// Plays a list of moves, all in coordinate notation or all in
    /// standard notation (never a mix). A coordinate move must be written
    /// exactly as the game writes it. On failure the session is left as it
    /// was, and the error names the first token that is not a move of its
    /// position, in the notation that read further into the list.
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
            Ok(()) => return Ok(()),
            Err(failure) => failure,
        };
        self.rewind(before)?;
        let standard = match self.play_list(&list, Notation::STANDARD) {
            Ok(()) => return Ok(()),
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

    /// Plays `list` in `notation`; on failure, the 0-based index of the
    /// first move that is not a move of its position and why.
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
            self.play(mv).map_err(|e| {
                (
                    i,
                    match e {
                        SessionError::BadMove { reason, .. } => reason,
                        other => other.to_string(),
                    },
                )
            })?;
        }
        Ok(())
    }

    /// Takes moves back until `len` remain, forgetting them (no redo).
    fn rewind(&mut self, len: usize) -> Result<(), SessionError> {
        let had_redo = self.redo.len();
        while self.history.len() > len {
            self.undo()?;
        }
        self.redo.truncate(had_redo);
        Ok(())
    }

    /// Whether there is a move to take back.
    pub fn can_undo(&self) -> bool {
        !self.history.is_empty()
    }
    /// Whether there is a move to replay.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Takes back the last move (and any forfeit, which belonged to the
    /// position being left). Returns false when there is nothing to undo.
    pub fn undo(&mut self) -> Result<bool, SessionError> {
        let Some(last) = self.history.pop() else { return Ok(false) };
        if let Err(e) = watch("unmake_move", || self.position.unmake_move().into_result()) {
            self.history.push(last);
            return Err(plugin_err("taking a move back")(e));
        }
        self.forfeit = None;
        self.settled = None;
        self.redo.push(last);
        self.side = self.checked_side()?;
        Ok(true)
    }

    /// Replays the last undone move. Returns false when there is none.
    pub fn redo(&mut self) -> Result<bool, SessionError> {
        let Some(next) = self.redo.pop() else { return Ok(false) };
        let keep = std::mem::take(&mut self.redo);
        let outcome = self.play(next.mv).map(|_| ());
        self.redo = keep;
        if outcome.is_err() {
            self.redo.push(next);
        }
        outcome.map(|()| true)
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

    /// How the game ended, or `None` while it goes on.
    pub fn result(&self) -> Result<Option<GameResult>, SessionError> {
        if let Some(f) = &self.forfeit {
            return Ok(Some(f.clone()));
        }
        if let Some((_, r)) = &self.settled {
            return Ok(Some(r.clone()));
        }
        let status = self.status()?;
        Ok(match status.kind {
            StatusKind::WIN => Some(GameResult::Win { winner: status.winner, reason: status.reason.to_string() }),
            StatusKind::DRAW => Some(GameResult::Draw { reason: status.reason.to_string() }),
            _ => None,
        })
    }

    /// Whether the game ended with pieces to mark dead before the count
    /// ([`rules_api::PositionFlags::MARK_DEAD`]) and no count is agreed yet.
    pub fn awaits_count(&self) -> bool {
        self.forfeit.is_none()
            && self.settled.is_none()
            && self.position.flags().contains(rules_api::PositionFlags::MARK_DEAD)
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

    /// Ends the game with a loss for `loser` (resignation, time, a failed player).
    pub fn forfeit(&mut self, loser: u8, cause: ForfeitCause, reason: impl Into<String>) {
        self.forfeit = Some(GameResult::Forfeit { loser, cause, reason: reason.into() });
    }

    /// Ends the game with a result the rules did not decide and the
    /// players agreed on elsewhere (a draw by agreement on a server).
    /// Taken back, like a forfeit, by an undo.
    pub fn conclude(&mut self, result: GameResult) {
        self.forfeit = Some(result);
    }

    /// The `[record]` table describing this game.
    pub fn record(&self) -> Result<Record, SessionError> {
        let result = match self.result()? {
            Some(r) => r.describe(&self.info),
            None => GameResult::ONGOING.to_string(),
        };
        let dead = match self.dead() {
            Some(cells) => {
                let names = self.rules.geometry().into_result().map_err(plugin_err("describing the board"))?;
                Some(cells.iter().filter_map(|&c| names.cells.get(c as usize).map(|n| n.name.to_string())).collect())
            }
            None => None,
        };
        Ok(Record {
            start: self.start_text.clone(),
            moves: self.history.iter().map(|m| m.coordinate.clone()).collect(),
            result,
            dead,
            clock_ms: Vec::new(),
            used_ms: Vec::new(),
        })
    }

    /// Writes `config` plus this game's record to `path`, atomically (a
    /// temporary file in the same directory, then a rename).
    pub fn save(&self, path: &Path, config: &Config) -> Result<(), SessionError> {
        self.save_with(path, config, |_| {})
    }

    /// [`Session::save`], letting `complete` add to the record first (the
    /// window keeps its clocks there).
    pub fn save_with(
        &self,
        path: &Path,
        config: &Config,
        complete: impl FnOnce(&mut Record),
    ) -> Result<(), SessionError> {
        let mut saved = config.absolutized();
        let mut record = self.record()?;
        complete(&mut record);
        saved.record = Some(record);
        let file = path.display().to_string();
        let text = saved.to_toml().map_err(|source| SessionError::Serialize { file: file.clone(), source })?;
        let text =
            format!("# Tabula saved game: {}. Load it with `tabula play --config FILE`.\n{text}", self.info.name);
        write_atomically(path, &text).map_err(|source| SessionError::Io { file, source })
    }

    /// Replays a record on a fresh game; `file` names the source in errors.
    pub fn from_record(rules: Arc<RulesBox>, record: &Record, file: &str) -> Result<Session, SessionError> {
        let corrupt = |problem: String| SessionError::Corrupt { file: file.to_string(), problem };
        let mut session = Session::new(rules, &record.start).map_err(|e| corrupt(format!("start position: {e}")))?;
        session.play_all(record.moves.iter().map(String::as_str)).map_err(|e| corrupt(e.to_string()))?;
        let stated = GameResult::parse(&record.result, &session.info).map_err(|e| corrupt(format!("result: {e}")))?;
        if let Some(GameResult::Forfeit { loser, cause, reason }) = stated {
            session.forfeit(loser, cause, reason);
        }
        if let Some(names) = &record.dead {
            let geometry = session.rules.geometry().into_result().map_err(|e| corrupt(e.to_string()))?;
            let mut dead = Vec::new();
            for name in names {
                let cell = geometry.cells.iter().position(|c| c.name.as_str() == name.as_str());
                dead.push(cell.ok_or_else(|| corrupt(format!("dead: '{name}' is not a cell of the board")))? as u16);
            }
            session.settle(&dead).map_err(|e| corrupt(format!("dead: {e}")))?;
        }
        Ok(session)
    }

    /// Loads a saved game: its configuration and the replayed session.
    /// `extra_dirs` are searched for the rules plugin before the config's own.
    pub fn load(path: &Path, extra_dirs: &[std::path::PathBuf]) -> Result<(Config, Session), SessionError> {
        let file = path.display().to_string();
        let config = Config::load(path).map_err(SessionError::Config)?;
        let Some(record) = config.record.clone() else {
            return Err(SessionError::Corrupt { file, problem: "it has no [record] table".into() });
        };
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), rules_api::PluginKind::RULES, &dirs)
            .map_err(SessionError::Load)?;
        let rules =
            plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(SessionError::Load)?;
        let session = Session::from_record(Arc::new(rules), &record, &file)?;
        Ok((config, session))
    }
}
