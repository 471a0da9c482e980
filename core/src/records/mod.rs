//! Match records: every finished game appended to a file and flushed to
//! disk as it ends, so a match that is killed keeps every finished game,
//! and a match started again on the same file continues its round numbers.
//!
//! Two formats, chosen generically: PGN ([`pgn`]) for games whose rules
//! plugin writes positions as FEN (its `position_format`), and the Tabula
//! text record ([`text`]) for every other game; `--record-format` overrides.

pub mod elo;
pub mod pgn;
pub mod text;

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use rules_api::GameInfo;

use crate::outcome::{ForfeitCause, GameResult};

/// The format of a record file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordFormat {
    /// Portable Game Notation.
    Pgn,
    /// The Tabula text record (TOML `[[game]]` tables).
    Text,
}

impl RecordFormat {
    /// PGN when the game's positions are FEN, the text record otherwise.
    pub fn for_game(info: &GameInfo) -> RecordFormat {
        let fen = info.position_format.split_whitespace().next().is_some_and(|w| w.eq_ignore_ascii_case("fen"));
        if fen {
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
}

impl GameRecord {
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
}

impl Recorder {
    /// Opens (creating if needed) a record file; the first round is one
    /// past the highest round already in the file.
    pub fn open(path: &Path, format: RecordFormat) -> std::io::Result<Recorder> {
        let existing = std::fs::read_to_string(path).unwrap_or_default();
        let last = match format {
            RecordFormat::Pgn => pgn::last_round(&existing),
            RecordFormat::Text => text::last_round(&existing),
        };
        OpenOptions::new().create(true).append(true).open(path)?;
        Ok(Recorder { path: path.to_path_buf(), format, next_round: last + 1 })
    }

    /// The round number the next game gets.
    pub fn next_round(&self) -> u32 {
        self.next_round
    }
    /// The file's format.
    pub fn format(&self) -> RecordFormat {
        self.format
    }

    /// Appends one game and forces it to disk before returning.
    pub fn append(&mut self, game: &GameRecord) -> std::io::Result<()> {
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
    use super::date_of;
    use time::OffsetDateTime;

    #[test]
    fn dates_are_written_the_pgn_way() {
        let at = |secs: i64| date_of(OffsetDateTime::from_unix_timestamp(secs).unwrap());
        assert_eq!(at(0), "1970.01.01");
        assert_eq!(at(11_016 * 86_400), "2000.02.29");
        assert_eq!(at(19_723 * 86_400 + 86_399), "2024.01.01");
    }
}
