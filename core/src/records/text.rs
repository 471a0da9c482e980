//! The Tabula text record, for games without a PGN form.
//!
//! The file is TOML: one `[[game]]` table per game, appended as each game
//! ends, so the file stays a valid TOML document however many games it
//! holds. Keys:
//!
//! ```toml
//! [[game]]
//! round = 1                      # from 1, continued when the file is reused
//! event = "Tabula match"
//! site = "host name"
//! date = "2024.05.01"
//! game = "Five (strict)"         # the rules plugin's display name
//! players = ["alphabeta", "random"]  # by seat, in move order
//! start = ""                     # start position text, "" = usual start
//! moves = ["h8", "h9"]           # coordinate notation
//! standard = ["h8", "h9"]        # the plugin's standard notation
//! result = "win black (five in a row)"  # as in saved games
//! termination = "normal"         # normal, time forfeit, rules infraction, adjudication
//! time_ms = 500                  # time per move, 0 = none
//! ```

use serde::{Deserialize, Serialize};

use super::GameRecord;

/// One `[[game]]` table.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
pub struct TextGame {
    /// Round number.
    pub round: u32,
    /// Match name.
    pub event: String,
    /// Where.
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// Game display name.
    pub game: String,
    /// Player labels by seat.
    pub players: Vec<String>,
    /// Start position text ("" for the usual start).
    pub start: String,
    /// Coordinate moves.
    pub moves: Vec<String>,
    /// Standard-notation moves.
    pub standard: Vec<String>,
    /// Result line.
    pub result: String,
    /// Termination word.
    pub termination: String,
    /// Time per move, ms.
    pub time_ms: u64,
}

/// The file shape, for reading it back.
#[derive(Debug, Default, Deserialize)]
pub struct TextRecord {
    /// Every game.
    #[serde(default)]
    pub game: Vec<TextGame>,
}

/// One game as a `[[game]]` table, with a blank line after it.
pub fn write_game(game: &GameRecord) -> String {
    let table = TextGame {
        round: game.round,
        event: game.event.clone(),
        site: game.site.clone(),
        date: game.date.clone(),
        game: game.game.clone(),
        players: game.players.clone(),
        start: game.start.clone(),
        moves: game.coordinate.clone(),
        standard: game.standard.clone(),
        result: game.result_text.clone(),
        termination: game.termination().to_string(),
        time_ms: game.time_ms,
    };
    #[derive(Serialize)]
    struct One<'a> {
        game: [&'a TextGame; 1],
    }
    let text = toml::to_string(&One { game: [&table] }).unwrap_or_default();
    format!("{text}\n")
}

/// Reads a whole text record.
pub fn read(text: &str) -> Result<TextRecord, toml::de::Error> {
    toml::from_str(text)
}

/// The highest round in a text record; 0 for an empty or unreadable one
/// (a game cut short by a kill is skipped by scanning `round = N` lines).
pub fn last_round(text: &str) -> u32 {
    match read(text) {
        Ok(r) => r.game.iter().map(|g| g.round).max().unwrap_or(0),
        Err(_) => {
            text.lines().filter_map(|l| l.trim().strip_prefix("round = ")?.trim().parse().ok()).max().unwrap_or(0)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::outcome::GameResult;

    #[test]
    fn games_append_into_one_valid_document() {
        let mut g = GameRecord {
            event: "E".into(),
            site: "S".into(),
            date: "2024.01.01".into(),
            round: 1,
            game: "Board".into(),
            players: vec!["a".into(), "b".into()],
            start: String::new(),
            start_text: "x".into(),
            first_mover: 0,
            standard: vec!["h8".into()],
            coordinate: vec!["h8".into()],
            result: GameResult::Draw { reason: "full".into() },
            result_text: "draw (full)".into(),
            time_ms: 100,
        };
        let mut text = write_game(&g);
        g.round = 2;
        text.push_str(&write_game(&g));
        let r = read(&text).unwrap();
        assert_eq!(r.game.len(), 2);
        assert_eq!(r.game[1].round, 2);
        assert_eq!(r.game[0].moves, vec!["h8".to_string()]);
        assert_eq!(r.game[0].result, "draw (full)");
        assert_eq!(last_round(&text), 2);
        assert_eq!(last_round(""), 0);
    }
}
