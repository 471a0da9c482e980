//! Match records: every finished game appended to a file and flushed to
//! disk as it ends, so a match that is killed keeps every finished game,
//! and a match started again on the same file continues its round numbers.
//!
//! Two formats, chosen generically: PGN ([`pgn`]) for two-player games
//! whose rules plugin writes positions as FEN (its `position_format`), and
//! the Tabula text record ([`text`]) for every other game: any number of
//! players, chance moves and the seed of the dice, the result per player.
//! `--record-format` overrides, but PGN only holds two-player games
//! without chance moves.
//!
//! PGN is also read whole ([`pgn_read`] into [`pgn_tree`]'s games, with
//! comments, NAGs and variations), checked move by move by the rules
//! plugin ([`pgn_check`]), and written back with all of it kept.
//!
//! EPD ([`epd`]) lists positions with their operations (`id`, `bm`, …)
//! for any game whose positions are FEN. SGF ([`sgf`], [`sgf_game`]) holds
//! games whose moves are placements on a grid or passes, with the game
//! numbers and options of [`formats`]' table.

pub mod elo;
pub mod epd;
pub mod formats;
pub mod pgn;
pub mod pgn_check;
pub mod pgn_read;
pub mod pgn_tree;
pub mod sgf;
pub mod sgf_game;
pub mod standings;
pub mod text;

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use rules_api::GameInfo;

use crate::outcome::{ForfeitCause, GameResult};
use crate::session::{Session, SessionError, CHANCE_PLAYER};

/// The format of a record file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Portable Game Notation.
    Pgn,
    /// The Tabula text record (TOML `[[game]]` tables).
    Text,
}

impl RecordFormat {
    /// PGN when the game has two players and its positions are FEN, the
    /// text record otherwise.
    pub fn for_game(info: &GameInfo) -> RecordFormat {
        let fen = info.position_format.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("fen"));
        if fen && info.players.len() == 2 {
            RecordFormat::Pgn
        } else {
            RecordFormat::Text
        }
    }
    /// Reads `pgn` or `text`.
    pub fn parse(word: &str) -> Option<RecordFormat> {
        match word {
            "pgn" => Some(RecordFormat::Pgn),
            "text" => Some(RecordFormat::Text),
            _ => None,
        }
    }
}

/// One finished game, as recorded.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The match's name.
    pub event: String,
    /// Where it was played.
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// Round number, from 1, continued across resumed matches.
    pub round: u32,
    /// The game's display name.
    pub game: String,
    /// Player labels by seat.
    pub players: Vec<String>,
    /// Start position text; empty for the usual start.
    pub start: String,
    /// The start position's text (also for the usual start).
    pub start_text: String,
    /// Index of the player to move at the start.
    pub first_mover: u8,
    /// Moves in standard notation.
    pub standard: Vec<String>,
    /// Moves in coordinate notation.
    pub coordinate: Vec<String>,
    /// How it ended.
    pub result: GameResult,
    /// `result` in the one-line form with the game's player names.
    pub result_text: String,
    /// Time per move, ms (0 when none).
    pub time_ms: u64,
    /// Who made each move, by seat; [`CHANCE_PLAYER`] for a chance move.
    pub movers: Vec<u8>,
    /// The seed the game's dice were drawn from, when it rolled its own
    /// (and of a game with hidden information, whose strategies' view
    /// samples come from it: [`crate::hidden::turn_seed`]).
    pub seed: Option<u64>,
    /// The game hides information from its players and this record holds
    /// the whole game (each writer says so in the record).
    pub hidden: bool,
}

impl GameRecord {
    /// A record of `session` ended with `result`: the game, its start, its
    /// moves (chance moves among them) and, when it rolled dice, its seed. The match's facts
    /// (event, site, date, round, players, time) are left empty for the
    /// caller to fill in.
    pub fn of_session(session: &Session, result: &GameResult) -> Result<GameRecord, SessionError> {
        let history = session.history();
        let hidden = crate::hidden::is_hidden(session.position());
        Ok(GameRecord {
            event: String::new(),
            site: String::new(),
            date: String::new(),
            round: 0,
            game: session.info().name.to_string(),
            players: Vec::new(),
            start: session.start_text().to_string(),
            start_text: session.position_text(session.start_position())?,
            first_mover: session.start_position().side_to_move(),
            standard: history.iter().map(|m| m.standard.clone()).collect(),
            coordinate: history.iter().map(|m| m.coordinate.clone()).collect(),
            result: result.clone(),
            result_text: result.describe(session.info()),
            time_ms: 0,
            movers: history.iter().map(|m| m.player).collect(),
            seed: session.seed().filter(|_| hidden || history.iter().any(|m| m.is_chance())),
            hidden,
        })
    }

    /// Whether the game has chance moves.
    pub fn has_chance(&self) -> bool {
        self.movers.contains(&CHANCE_PLAYER)
    }

    /// Why `format` cannot hold this game, if it cannot: PGN holds two
    /// players' moves only.
    pub fn unfit_for(&self, format: RecordFormat) -> Option<String> {
        if format != RecordFormat::Pgn {
            return None;
        }
        if self.players.len() != 2 {
            return Some(format!("PGN holds two-player games, and {} has {} players", self.game, self.players.len()));
        }
        self.has_chance().then(|| format!("PGN cannot hold the chance moves (rolls) of {}", self.game))
    }

    /// The PGN-style termination word for the result.
    pub fn termination(&self) -> &'static str {
        match &self.result {
            GameResult::Forfeit { cause: ForfeitCause::Time, .. } => "time forfeit",
            GameResult::Forfeit { cause: ForfeitCause::IllegalMove | ForfeitCause::Error, .. } => "rules infraction",
            result if result.is_move_limit() => "adjudication",
            _ => "normal",
        }
    }
}

/// Appends games to a record file.
pub struct Recorder {
    path: PathBuf,
    format: RecordFormat,
    next_round: u32,
    cut: u64,
}

impl Recorder {
    /// Opens (creating if needed) a record file; the first round is one
    /// past the highest round already in the file. A game left half
    /// written at the end (a full disk, a kill during the write) is cut
    /// off first, so that the next game does not run into it (PGN's
    /// `[White "x"[Event`, or a text record no TOML reader accepts any
    /// more); [`Recorder::cut`] says how many bytes went.
    pub fn open(path: &Path, format: RecordFormat) -> std::io::Result<Recorder> {
        let file = OpenOptions::new().create(true).truncate(false).read(true).write(true).open(path)?;
        let bytes = std::fs::read(path)?;
        // Bytes that are not UTF-8 cannot be part of a game written here.
        let valid = std::str::from_utf8(&bytes).map_or_else(|e| e.valid_up_to(), str::len);
        let existing = std::str::from_utf8(&bytes[..valid]).unwrap_or_default();
        let keep = match format {
            RecordFormat::Pgn => pgn::whole_games_len(existing),
            RecordFormat::Text => text::whole_games_len(existing),
        };
        let existing = &existing[..keep];
        if keep < bytes.len() {
            file.set_len(keep as u64)?;
            file.sync_data()?;
        }
        let last = match format {
            RecordFormat::Pgn => pgn::last_round(existing),
            RecordFormat::Text => text::last_round(existing),
        };
        let mut recorder = Recorder { path: path.to_path_buf(), format, next_round: last + 1, cut: 0 };
        recorder.cut = (bytes.len() - keep) as u64;
        // A PGN game may have lost only its blank line: give it back.
        if format == RecordFormat::Pgn && !existing.trim().is_empty() && !existing.ends_with("\n\n") {
            let mut file = OpenOptions::new().append(true).open(path)?;
            file.write_all(b"\n")?;
            file.sync_data()?;
        }
        Ok(recorder)
    }

    /// How many bytes of a game left half written [`Recorder::open`] cut
    /// off the end of the file (0 when it was whole).
    pub fn cut(&self) -> u64 {
        self.cut
    }

    /// The round number the next game gets.
    pub fn next_round(&self) -> u32 {
        self.next_round
    }
    /// The file's format.
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// Appends one game and forces it to disk before returning; refuses a
    /// game the file's format cannot hold ([`GameRecord::unfit_for`]).
    pub fn append(&mut self, game: &GameRecord) -> std::io::Result<()> {
        if let Some(why) = game.unfit_for(self.format) {
            return Err(std::io::Error::other(format!("{why}; record it with --record-format text")));
        }
        let text = match self.format {
            RecordFormat::Pgn => pgn::write_game(game),
            RecordFormat::Text => text::write_game(game),
        };
        let mut file: File = OpenOptions::new().create(true).append(true).open(&self.path)?;
        file.write_all(text.as_bytes())?;
        file.sync_data()?;
        self.next_round = self.next_round.max(game.round + 1);
        Ok(())
    }
}

/// Today's date (UTC) as `YYYY.MM.DD`.
pub fn today() -> String {
    date_of(time::OffsetDateTime::now_utc())
}

/// A moment's date as `YYYY.MM.DD`, the form of PGN's Date tag.
pub fn date_of(moment: time::OffsetDateTime) -> String {
    format!("{:04}.{:02}.{:02}", moment.year(), u8::from(moment.month()), moment.day())
}

#[cfg(test)]
mod tests {
    use super::*;
    use time::OffsetDateTime;

    fn game(round: u32) -> GameRecord {
        GameRecord {
            event: "E".into(),
            site: "S".into(),
            date: "2024.01.01".into(),
            round,
            game: "Chess".into(),
            players: vec!["greedy".into(), "random".into()],
            start: String::new(),
            start_text: "x".into(),
            first_mover: 0,
            standard: vec!["e4".into(), "e5".into()],
            coordinate: vec!["e2e4".into(), "e7e5".into()],
            result: GameResult::Draw { reason: "agreed".into() },
            result_text: "draw (agreed)".into(),
            time_ms: 100,
            movers: vec![0, 1],
            seed: None,
            hidden: false,
        }
    }

    /// Issue 23, finding 19: a record whose last game was cut short by a
    /// full disk is cut back to its whole games, not appended to.
    #[test]
    fn a_game_left_half_written_is_cut_off_when_the_record_opens_again() {
        let dir = tempfile::tempdir().unwrap();
        for format in [RecordFormat::Pgn, RecordFormat::Text] {
            let path = dir.path().join(format!("{format:?}.record"));
            let write = |g: &GameRecord| match format {
                RecordFormat::Pgn => pgn::write_game(g),
                RecordFormat::Text => text::write_game(g),
            };
            let whole = format!("{}{}", write(&game(1)), write(&game(2)));
            let third = write(&game(3));
            for cut in [1, third.len() / 3, third.len() / 2, third.len() - 2] {
                std::fs::write(&path, format!("{whole}{}", &third[..cut])).unwrap();
                let mut recorder = Recorder::open(&path, format).unwrap();
                assert_eq!(recorder.cut(), cut as u64, "{format:?} cut at {cut}");
                assert_eq!(recorder.next_round(), 3);
                recorder.append(&game(3)).unwrap();
                let text = std::fs::read_to_string(&path).unwrap();
                assert_eq!(text, format!("{whole}{third}"), "{format:?} cut at {cut}");
                if format == RecordFormat::Text {
                    assert_eq!(text::read(&text).unwrap().game.len(), 3);
                }
            }
            // A whole record is left as it is; a PGN game that lost only
            // its blank line gets it back.
            std::fs::write(&path, &whole).unwrap();
            assert_eq!(Recorder::open(&path, format).unwrap().cut(), 0);
            assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
        }
        let path = dir.path().join("blank.pgn");
        let one = pgn::write_game(&game(1));
        std::fs::write(&path, &one[..one.len() - 1]).unwrap();
        assert_eq!(Recorder::open(&path, RecordFormat::Pgn).unwrap().cut(), 0);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), one);
    }

    #[test]
    fn dates_are_written_the_pgn_way() {
        let at = |secs: i64| date_of(OffsetDateTime::from_unix_timestamp(secs).unwrap());
        assert_eq!(at(0), "1970.01.01");
        assert_eq!(at(11_016 * 86_400), "2000.02.29");
        assert_eq!(at(19_723 * 86_400 + 86_399), "2024.01.01");
    }
}
