//! How a game ended, and the one-line text form used by `tabula position`,
//! match reports and saved games.

use std::fmt;

use rules_api::GameInfo;

/// How the reason of a draw by a move limit (see [`GameResult::move_limit`]) begins.
pub const MOVE_LIMIT_REASON: &str = "move limit";

/// The display name of player `index` in `info` (or `player N`).
pub fn player_name(info: &GameInfo, index: u8) -> String {
    info.players.get(index as usize).map_or_else(|| format!("player {}", index + 1), |p| p.name.to_string())
}

/// A result line that does not read as a result of this game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ResultParseError {
    /// The line has none of the four shapes.
    #[error("'{0}' is not 'ongoing', 'win PLAYER (REASON)', 'draw (REASON)' or 'forfeit PLAYER CAUSE (REASON)'")]
    Shape(String),
    /// The player named is not one of the game's.
    #[error("'{0}' is not a player of this game")]
    UnknownPlayer(String),
}

/// Why a player lost without the rules deciding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ForfeitCause {
    /// The player gave up.
    Resignation,
    /// The player did not answer in time.
    Time,
    /// The player returned a move that is not legal.
    IllegalMove,
    /// The player's plugin failed (an error or a panic).
    Error,
}

impl ForfeitCause {
    /// The word used in result lines.
    pub fn word(self) -> &'static str {
        match self {
            ForfeitCause::Resignation => "resignation",
            ForfeitCause::Time => "time",
            ForfeitCause::IllegalMove => "illegal-move",
            ForfeitCause::Error => "error",
        }
    }
    /// Inverse of [`ForfeitCause::word`].
    pub fn from_word(word: &str) -> Option<Self> {
        [ForfeitCause::Resignation, ForfeitCause::Time, ForfeitCause::IllegalMove, ForfeitCause::Error]
            .into_iter()
            .find(|c| c.word() == word)
    }
    /// Whether the player misbehaved (counted as an error in matches), as
    /// opposed to resigning.
    pub fn is_fault(self) -> bool {
        self != ForfeitCause::Resignation
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// The rules declared a winner.
    Win {
        /// The winning player.
        winner: u8,
        /// Why (from the rules plugin).
        reason: String,
    },
    /// The rules declared a draw.
    Draw {
        /// Why (from the rules plugin).
        reason: String,
    },
    /// A player lost by resigning or failing.
    Forfeit {
        /// The losing player.
        loser: u8,
        /// How.
        cause: ForfeitCause,
        /// Details for people.
        reason: String,
    },
}

impl GameResult {
    /// The text for a game that goes on.
    pub const ONGOING: &'static str = "ongoing";

    /// The draw declared when a game reaches `max_plies` moves unfinished.
    pub fn move_limit(max_plies: usize) -> GameResult {
        GameResult::Draw { reason: format!("{MOVE_LIMIT_REASON} of {max_plies} plies reached") }
    }

    /// Whether this is a draw by a move limit (an adjudication).
    pub fn is_move_limit(&self) -> bool {
        matches!(self, GameResult::Draw { reason } if reason.starts_with(MOVE_LIMIT_REASON))
    }

    /// The winner, if one player won (a forfeit in a two-player game is a
    /// win for the other player).
    pub fn winner(&self, players: usize) -> Option<u8> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            GameResult::Forfeit { loser, .. } if players == 2 => Some(if *loser == 0 { 1 } else { 0 }),
            _ => None,
        }
    }

    /// The reason text.
    pub fn reason(&self) -> &str {
        match self {
            GameResult::Win { reason, .. } | GameResult::Draw { reason } | GameResult::Forfeit { reason, .. } => reason,
        }
    }

    /// `win <player> (<reason>)`, `draw (<reason>)` or
    /// `forfeit <player> <cause> (<reason>)` with the game's player names.
    pub fn describe(&self, info: &GameInfo) -> String {
        match self {
            GameResult::Win { winner, reason } => format!("win {} ({reason})", player_name(info, *winner)),
            GameResult::Draw { reason } => format!("draw ({reason})"),
            GameResult::Forfeit { loser, cause, reason } => {
                format!("forfeit {} {} ({reason})", player_name(info, *loser), cause.word())
            }
        }
    }

    /// Reads what [`GameResult::describe`] writes; `ongoing` or empty is `None`.
    pub fn parse(text: &str, info: &GameInfo) -> Result<Option<GameResult>, ResultParseError> {
        let text = text.trim();
        if text.is_empty() || text == Self::ONGOING {
            return Ok(None);
        }
        let bad = || ResultParseError::Shape(text.to_string());
        let (head, reason) = match text.find(" (") {
            Some(i) if text.ends_with(')') => (&text[..i], text[i + 2..text.len() - 1].to_string()),
            _ => (text, String::new()),
        };
        let words: Vec<&str> = head.split_whitespace().collect();
        let player = |name: &str| -> Result<u8, ResultParseError> {
            info.players
                .iter()
                .position(|p| p.name.as_str() == name)
                .map(|i| i as u8)
                .ok_or_else(|| ResultParseError::UnknownPlayer(name.to_string()))
        };
        match words.as_slice() {
            ["win", name] => Ok(Some(GameResult::Win { winner: player(name)?, reason })),
            ["draw"] => Ok(Some(GameResult::Draw { reason })),
            ["forfeit", name, cause] => {
                let cause = ForfeitCause::from_word(cause).ok_or_else(bad)?;
                Ok(Some(GameResult::Forfeit { loser: player(name)?, cause, reason }))
            }
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, reason } => write!(f, "win for player {} ({reason})", winner + 1),
            GameResult::Draw { reason } => write!(f, "draw ({reason})"),
            GameResult::Forfeit { loser, cause, reason } => {
                write!(f, "player {} forfeits by {} ({reason})", loser + 1, cause.word())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{PlayerInfo, Rgba};

    fn info() -> GameInfo {
        let p = |n: &str| PlayerInfo { name: n.into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        GameInfo {
            name: "Test".into(),
            players: vec![p("north"), p("south")].into(),
            piece_types: Default::default(),
            position_format: "text".into(),
        }
    }

    #[test]
    fn every_result_round_trips() {
        let info = info();
        for r in [
            GameResult::Win { winner: 1, reason: "no moves left".into() },
            GameResult::Draw { reason: "board full".into() },
            GameResult::Forfeit { loser: 0, cause: ForfeitCause::IllegalMove, reason: "played (x) twice".into() },
        ] {
            let text = r.describe(&info);
            assert_eq!(GameResult::parse(&text, &info).unwrap(), Some(r), "{text}");
        }
        assert_eq!(GameResult::parse("ongoing", &info).unwrap(), None);
    }

    #[test]
    fn unknown_player_and_shape_are_refused() {
        let info = info();
        assert!(GameResult::parse("win east (x)", &info).unwrap_err().to_string().contains("east"));
        assert!(GameResult::parse("victory", &info).is_err());
    }

    #[test]
    fn forfeit_in_two_player_game_names_the_other_winner() {
        let r = GameResult::Forfeit { loser: 0, cause: ForfeitCause::Time, reason: String::new() };
        assert_eq!(r.winner(2), Some(1));
        assert_eq!(r.winner(3), None);
    }
}
