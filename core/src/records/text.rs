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
//! players = ["alphabeta", "random"]  # by seat, in move order (any number)
//! start = ""                     # start position text, "" = usual start
//! moves = ["h8", "h9"]           # coordinate notation, chance moves included
//! standard = ["h8", "h9"]        # the plugin's standard notation
//! result = "win black (five in a row)"  # as in saved games
//! termination = "normal"         # normal, time forfeit, rules infraction, adjudication
//! time_ms = 500                  # time per move, 0 = none
//! payoffs = [-1.0, 1.0]          # each player's payoff by seat, higher is better
//! places = [2, 1]                # each player's place by seat, 1 = best (shared on equal payoffs)
//! chance = [0, 3]                # which moves were chance moves (rolls), 0-based; absent when none
//! seed = 1234                    # the seed the dice were drawn from; absent without chance
//! hidden = true                  # the game hides information and this is all of it; absent otherwise
//! ```
//!
//! A game with chance moves replays exactly: [`TextGame::to_record`] gives
//! the saved-game record that [`crate::session::Session::from_record`]
//! replays, each roll checked against the seed.

use serde::{Deserialize, Serialize};

use super::GameRecord;
use crate::config::Record;
use crate::session::CHANCE_PLAYER;

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
    /// Each player's payoff, by seat.
    #[serde(default)]
    pub payoffs: Vec<f64>,
    /// Each player's place, by seat (1 = best).
    #[serde(default)]
    pub places: Vec<u8>,
    /// The indices in `moves` of the chance moves.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chance: Vec<usize>,
    /// The seed of the dice (and of the view samples of a game with
    /// hidden information).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The game hides information and this is the whole game (every
    /// player's moves), not what one player saw.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub hidden: bool,
}

impl TextGame {
    /// The game as a saved game's `[record]`, to replay with
    /// [`crate::session::Session::from_record`].
    pub fn to_record(&self) -> Record {
        Record {
            start: self.start.clone(),
            moves: self.moves.clone(),
            result: self.result.clone(),
            seed: self.seed,
            hidden: self.hidden,
            ..Record::default()
        }
    }
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
        payoffs: game.result.payoffs(game.players.len()),
        places: game.result.places(game.players.len()),
        chance: game.movers.iter().enumerate().filter(|(_, &p)| p == CHANCE_PLAYER).map(|(i, _)| i).collect(),
        seed: game.seed,
        hidden: game.hidden,
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

/// The length of the longest start of `text` that holds whole games only:
/// a game whose write was cut short (a full disk, a kill during the write)
/// is left out with whatever follows it, since TOML cut anywhere makes the
/// whole document unreadable. Whole games read as TOML and end with the
/// blank line written after each (checked first: only the ends of games
/// are parsed).
pub fn whole_games_len(text: &str) -> usize {
    let whole = |prefix: &str| prefix.trim().is_empty() || (prefix.ends_with("\n\n") && read(prefix).is_ok());
    if whole(text) {
        return text.len();
    }
    let line_starts = text.match_indices('\n').map(|(i, _)| i + 1);
    let starts: Vec<usize> = std::iter::once(0).chain(line_starts).collect();
    starts.into_iter().rev().find(|&i| whole(&text[..i])).unwrap_or(0)
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
            movers: vec![0],
            seed: None,
            hidden: false,
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
        assert_eq!(r.game[0].payoffs, vec![0.0, 0.0]);
        assert_eq!(r.game[0].places, vec![1, 1]);
        assert!(r.game[0].chance.is_empty() && r.game[0].seed.is_none() && !r.game[0].hidden);
        assert!(!text.contains("hidden"), "a game that hides nothing says nothing of it:\n{text}");
    }

    #[test]
    fn three_players_chance_and_seed_are_written_per_player() {
        let g = GameRecord {
            event: "E".into(),
            site: "S".into(),
            date: "2024.01.01".into(),
            round: 1,
            game: "Race".into(),
            players: vec!["a".into(), "b".into(), "c".into()],
            start: String::new(),
            start_text: "x".into(),
            first_mover: 0,
            standard: vec!["4".into(), "a4".into(), "2".into()],
            coordinate: vec!["4".into(), "a4".into(), "2".into()],
            result: GameResult::Scored { winner: Some(1), payoffs: vec![1.0, 2.0, 0.0], reason: "home".into() },
            result_text: "win b scores a=1 b=2 c=0 (home)".into(),
            time_ms: 0,
            movers: vec![CHANCE_PLAYER, 0, CHANCE_PLAYER],
            seed: Some(99),
            hidden: true,
        };
        let text = write_game(&g);
        assert!(text.contains("payoffs = [1.0, 2.0, 0.0]\n"), "{text}");
        assert!(text.contains("places = [2, 1, 3]\n"), "{text}");
        assert!(text.contains("chance = [0, 2]\n"), "{text}");
        assert!(text.contains("seed = 99\n") && text.contains("hidden = true\n"), "{text}");
        let back = read(&text).unwrap();
        let record = back.game[0].to_record();
        assert_eq!((record.seed, record.moves.len(), record.seed_from, record.hidden), (Some(99), 3, 0, true));
    }
}
