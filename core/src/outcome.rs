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
    /// The line has none of the known shapes.
    #[error(
        "'{0}' is not 'ongoing', 'win PLAYER (REASON)', 'draw (REASON)', 'forfeit PLAYER CAUSE (REASON)' or \
         'win PLAYER scores PLAYER=PAYOFF ... (REASON)'"
    )]
    Shape(String),
    /// The scores of a scored result do not name every player in seat order.
    #[error("'{0}' must give the scores of all {1} players in seat order (NAME=PAYOFF)")]
    Scores(String, usize),
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
///
/// The rules decide a game with [`GameResult::Win`], [`GameResult::Draw`]
/// or, when their payoffs say more than "one winner, everyone else lost"
/// (a backgammon gammon worth 2, four ludo players finishing in order),
/// [`GameResult::Scored`]. A player who resigns or fails ends the game
/// with [`GameResult::Forfeit`].
///
/// Every result gives each player a payoff ([`GameResult::payoffs`],
/// higher is better) and a place ([`GameResult::places`], 1 for the
/// best, shared by equal payoffs):
///
/// | result | payoffs |
/// | --- | --- |
/// | `Win` | the winner 1, everyone else −1 (what `rules_api::Outcome::payoff` says) |
/// | `Draw` | 0 for everyone |
/// | `Scored` | the rules' own payoffs |
/// | `Forfeit` | the forfeiter −1 and last; the others share the point it lost (1/(N−1) each) and the first place |
///
/// A forfeit ends the whole game also with more than two players: the
/// rules have no way to take one seat out and play on, so the forfeiter
/// is last and the others share the rest.
#[derive(Clone, Debug, PartialEq)]
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
    /// The rules ended the game with payoffs of their own (one per player,
    /// higher is better): a gammon, places in a race of several players.
    Scored {
        /// The player the rules' status names as the winner, if any.
        winner: Option<u8>,
        /// One payoff per player, finite.
        payoffs: Vec<f64>,
        /// Why (from the rules plugin).
        reason: String,
    },
}

/// The payoffs the rules mean when they give none: the winner 1 and
/// everyone else −1, or 0 for all in a draw.
fn default_payoffs(winner: Option<u8>, players: usize) -> Vec<f64> {
    (0..players)
        .map(|p| match winner {
            Some(w) if w as usize == p => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        })
        .collect()
}

/// The place of each payoff, 1 for the best; equal payoffs share a place
/// (two winners are both 1st, the next is 3rd).
pub fn places_of(payoffs: &[f64]) -> Vec<u8> {
    payoffs.iter().map(|&mine| 1 + payoffs.iter().filter(|&&other| other > mine).count() as u8).collect()
}

/// `1st`, `2nd`, `3rd`, `4th` …
pub fn ordinal(place: u8) -> String {
    let suffix = match (place % 10, place % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{place}{suffix}")
}

impl GameResult {
    /// The text for a game that goes on.
    pub const ONGOING: &'static str = "ongoing";

    /// The result the rules' full outcome of a finished game states (`None`
    /// while it goes on), for a game of `players` players: a plain win or
    /// draw when the payoffs are the ones the status alone means, the
    /// payoffs themselves otherwise. The reason is the outcome's own
    /// ([`rules_api::Outcome::reason`]), composed by the rules at run time.
    pub fn from_outcome(outcome: &rules_api::Outcome, players: usize) -> Option<GameResult> {
        let status = &outcome.status;
        let winner = match status.kind {
            rules_api::StatusKind::WIN => Some(status.winner),
            rules_api::StatusKind::DRAW => None,
            _ => return None,
        };
        let reason = outcome.reason().to_string();
        let payoffs: Vec<f64> = outcome.payoffs.iter().copied().collect();
        if payoffs.is_empty() || payoffs == default_payoffs(winner, players) {
            return Some(match winner {
                Some(winner) => GameResult::Win { winner, reason },
                None => GameResult::Draw { reason },
            });
        }
        Some(GameResult::Scored { winner, payoffs, reason })
    }

    /// The draw declared when a game reaches `max_plies` moves unfinished.
    pub fn move_limit(max_plies: usize) -> GameResult {
        GameResult::Draw { reason: format!("{MOVE_LIMIT_REASON} of {max_plies} plies reached") }
    }

    /// Whether this is a draw by a move limit (an adjudication).
    pub fn is_move_limit(&self) -> bool {
        matches!(self, GameResult::Draw { reason } if reason.starts_with(MOVE_LIMIT_REASON))
    }

    /// The winner, if one player won (a forfeit in a two-player game is a
    /// win for the other player; with more players nobody wins a forfeit).
    pub fn winner(&self, players: usize) -> Option<u8> {
        match self {
            GameResult::Win { winner, .. } => Some(*winner),
            GameResult::Scored { winner, .. } => *winner,
            GameResult::Forfeit { loser, .. } if players == 2 => Some(if *loser == 0 { 1 } else { 0 }),
            _ => None,
        }
    }

    /// Each of `players` players' payoff, higher is better (see the table
    /// on [`GameResult`]).
    pub fn payoffs(&self, players: usize) -> Vec<f64> {
        match self {
            GameResult::Win { winner, .. } => default_payoffs(Some(*winner), players),
            GameResult::Draw { .. } => default_payoffs(None, players),
            GameResult::Scored { payoffs, .. } => {
                (0..players).map(|p| payoffs.get(p).copied().unwrap_or(0.0)).collect()
            }
            GameResult::Forfeit { loser, .. } => {
                let share = 1.0 / players.saturating_sub(1).max(1) as f64;
                (0..players).map(|p| if p == *loser as usize { -1.0 } else { share }).collect()
            }
        }
    }

    /// Each of `players` players' place, 1 for the best, shared by equal
    /// payoffs.
    pub fn places(&self, players: usize) -> Vec<u8> {
        places_of(&self.payoffs(players))
    }

    /// The reason text.
    pub fn reason(&self) -> &str {
        match self {
            GameResult::Win { reason, .. }
            | GameResult::Draw { reason }
            | GameResult::Forfeit { reason, .. }
            | GameResult::Scored { reason, .. } => reason,
        }
    }

    /// `win <player> (<reason>)`, `draw (<reason>)`,
    /// `forfeit <player> <cause> (<reason>)`, or for payoffs of the rules'
    /// own `win <player> scores <player>=<payoff> … (<reason>)` (`draw
    /// scores …` when the rules named no winner), with the game's player
    /// names, every player in seat order.
    pub fn describe(&self, info: &GameInfo) -> String {
        match self {
            GameResult::Win { winner, reason } => format!("win {} ({reason})", player_name(info, *winner)),
            GameResult::Draw { reason } => format!("draw ({reason})"),
            GameResult::Forfeit { loser, cause, reason } => {
                format!("forfeit {} {} ({reason})", player_name(info, *loser), cause.word())
            }
            GameResult::Scored { winner, payoffs, reason } => {
                let head = match winner {
                    Some(w) => format!("win {}", player_name(info, *w)),
                    None => "draw".to_string(),
                };
                let scores: Vec<String> =
                    payoffs.iter().enumerate().map(|(p, v)| format!("{}={v}", player_name(info, p as u8))).collect();
                format!("{head} scores {} ({reason})", scores.join(" "))
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
            ["win", name, "scores", scores @ ..] => {
                let payoffs = parse_scores(scores, info, text)?;
                Ok(Some(GameResult::Scored { winner: Some(player(name)?), payoffs, reason }))
            }
            ["draw", "scores", scores @ ..] => {
                Ok(Some(GameResult::Scored { winner: None, payoffs: parse_scores(scores, info, text)?, reason }))
            }
            _ => Err(bad()),
        }
    }
}

/// The `NAME=PAYOFF` words of a scored result: every player once, in seat
/// order, each with a finite number.
fn parse_scores(words: &[&str], info: &GameInfo, text: &str) -> Result<Vec<f64>, ResultParseError> {
    if words.len() != info.players.len() {
        return Err(ResultParseError::Scores(text.to_string(), info.players.len()));
    }
    let mut payoffs = Vec::with_capacity(words.len());
    for (seat, word) in words.iter().enumerate() {
        let (name, value) = word.rsplit_once('=').ok_or_else(|| ResultParseError::Shape(text.to_string()))?;
        if name != player_name(info, seat as u8) {
            return Err(ResultParseError::Scores(text.to_string(), info.players.len()));
        }
        let value: f64 = value.parse().map_err(|_| ResultParseError::Shape(text.to_string()))?;
        if !value.is_finite() {
            return Err(ResultParseError::Shape(text.to_string()));
        }
        payoffs.push(value);
    }
    Ok(payoffs)
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameResult::Win { winner, reason } => write!(f, "win for player {} ({reason})", winner + 1),
            GameResult::Draw { reason } => write!(f, "draw ({reason})"),
            GameResult::Forfeit { loser, cause, reason } => {
                write!(f, "player {} forfeits by {} ({reason})", loser + 1, cause.word())
            }
            GameResult::Scored { winner, payoffs, reason } => {
                let payoffs: Vec<String> = payoffs.iter().map(f64::to_string).collect();
                match winner {
                    Some(w) => write!(f, "win for player {} scoring {} ({reason})", w + 1, payoffs.join(", ")),
                    None => write!(f, "draw scoring {} ({reason})", payoffs.join(", ")),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{PlayerInfo, Rgba};

    fn info() -> GameInfo {
        info_of(&["north", "south"])
    }

    fn info_of(names: &[&str]) -> GameInfo {
        let p = |n: &str| PlayerInfo { name: n.into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        GameInfo {
            name: "Test".into(),
            players: names.iter().map(|n| p(n)).collect(),
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
            GameResult::Scored { winner: Some(1), payoffs: vec![-2.0, 2.0], reason: "gammon (south)".into() },
            GameResult::Scored { winner: None, payoffs: vec![0.5, -0.25], reason: "split".into() },
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
    fn scores_name_every_player_in_seat_order() {
        let info = info_of(&["red", "blue", "green"]);
        let text = "win blue scores red=6 blue=21 green=3 (blue took the last counter)";
        let r = GameResult::parse(text, &info).unwrap().unwrap();
        assert_eq!(r.places(3), [2, 1, 3]);
        assert_eq!(r.describe(&info), text);
        for bad in ["win blue scores red=6 blue=21 (x)", "win blue scores blue=21 red=6 green=3 (x)"] {
            let e = GameResult::parse(bad, &info).unwrap_err();
            assert!(e.to_string().contains("all 3 players in seat order"), "{e}");
        }
        assert!(GameResult::parse("draw scores red=x blue=1 green=2 (x)", &info).is_err());
        assert!(GameResult::parse("draw scores red=NaN blue=1 green=2 (x)", &info).is_err());
    }

    #[test]
    fn the_rules_full_result_keeps_its_own_reason_and_says_more_only_when_it_must() {
        use rules_api::{Outcome, Status};
        let plain = Outcome {
            status: Status::win(1, "home"),
            reason: "south home by 3".into(),
            payoffs: vec![-1.0, 1.0].into(),
        };
        assert_eq!(
            GameResult::from_outcome(&plain, 2),
            Some(GameResult::Win { winner: 1, reason: "south home by 3".into() })
        );
        let silent = Outcome::from_status(Status::draw("board full"));
        assert_eq!(GameResult::from_outcome(&silent, 3), Some(GameResult::Draw { reason: "board full".into() }));
        let gammon = Outcome { status: Status::win(0, "home"), reason: "".into(), payoffs: vec![2.0, -2.0].into() };
        assert_eq!(
            GameResult::from_outcome(&gammon, 2),
            Some(GameResult::Scored { winner: Some(0), payoffs: vec![2.0, -2.0], reason: "home".into() })
        );
        assert_eq!(GameResult::from_outcome(&Outcome::from_status(Status::ONGOING), 2), None);
    }

    #[test]
    fn payoffs_and_places_of_every_kind_of_result() {
        let win = GameResult::Win { winner: 2, reason: String::new() };
        assert_eq!((win.payoffs(3), win.places(3)), (vec![-1.0, -1.0, 1.0], vec![2, 2, 1]));
        let draw = GameResult::Draw { reason: String::new() };
        assert_eq!(draw.places(4), [1, 1, 1, 1]);
        let forfeit = GameResult::Forfeit { loser: 3, cause: ForfeitCause::Error, reason: String::new() };
        assert_eq!(forfeit.payoffs(4), [1.0 / 3.0, 1.0 / 3.0, 1.0 / 3.0, -1.0]);
        assert_eq!(forfeit.places(4), [1, 1, 1, 4]);
        let forfeit = GameResult::Forfeit { loser: 1, cause: ForfeitCause::Time, reason: String::new() };
        assert_eq!(forfeit.payoffs(2), [1.0, -1.0]);
        let places: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 111].map(ordinal).to_vec();
        assert_eq!(places, ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "111th"]);
    }

    #[test]
    fn forfeit_in_two_player_game_names_the_other_winner() {
        let r = GameResult::Forfeit { loser: 0, cause: ForfeitCause::Time, reason: String::new() };
        assert_eq!(r.winner(2), Some(1));
        assert_eq!(r.winner(3), None);
    }
}
