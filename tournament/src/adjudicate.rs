//! Ending two-player games early by the players' own scores, as
//! cutechess-cli's `-resign` and `-draw`: a player whose score stays at or
//! below `−score` for `movecount` of its moves in a row loses (with
//! `twosided`, only while its opponent's stays at or above `score`); a game
//! in which both players' scores stay within `score` of zero for
//! `movecount` moves each, after at least `movenumber` full moves, is a
//! draw. Scores are the strategies' own units (centipawns in chess). Games
//! of more players are never adjudicated.

use serde::{Deserialize, Serialize};

use tabula_core::headless::Judge;
use tabula_core::outcome::GameResult;
use tabula_core::session::Session;

/// `--resign movecount=N score=S [twosided=true]`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resign {
    /// Moves in a row.
    pub movecount: u32,
    /// The threshold (positive).
    pub score: i32,
    /// Whether the opponent must agree.
    pub twosided: bool,
}

/// `--draw movenumber=N movecount=M score=S`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Draw {
    /// Full moves played before a draw may be adjudicated.
    pub movenumber: u32,
    /// Moves in a row by each player.
    pub movecount: u32,
    /// The band around zero.
    pub score: i32,
}

/// The adjudication rules of a tournament.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Adjudication {
    /// Resignation by score.
    pub resign: Option<Resign>,
    /// Draw by score.
    pub draw: Option<Draw>,
}

/// Reads `key=value` words into `(key, value)` pairs, naming `flag` in errors.
fn words<'a>(flag: &str, text: &'a str, keys: &[&str]) -> Result<Vec<(&'a str, &'a str)>, String> {
    let mut out = Vec::new();
    for word in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
        let (k, v) = word.split_once('=').ok_or_else(|| format!("{flag}: '{word}' is not KEY=VALUE"))?;
        if !keys.contains(&k) {
            return Err(format!("{flag}: unknown key '{k}' (keys: {})", keys.join(", ")));
        }
        out.push((k, v));
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, value: &str) -> Result<T, String> {
    value.parse().map_err(|_| format!("{flag}: {key}={value} is not a whole number"))
}

impl Resign {
    /// Reads `movecount=3 score=600 twosided=true`.
    pub fn parse(text: &str) -> Result<Resign, String> {
        let mut r = Resign { movecount: 3, score: 0, twosided: false };
        for (k, v) in words("--resign", text, &["movecount", "score", "twosided"])? {
            match k {
                "movecount" => r.movecount = number("--resign", k, v)?,
                "score" => r.score = number("--resign", k, v)?,
                _ => r.twosided = v.parse().map_err(|_| format!("--resign: twosided={v} is not true or false"))?,
            }
        }
        if r.score <= 0 || r.movecount == 0 {
            return Err("--resign needs score=S above 0 and movecount=N above 0".into());
        }
        Ok(r)
    }
}

impl Draw {
    /// Reads `movenumber=40 movecount=8 score=10`.
    pub fn parse(text: &str) -> Result<Draw, String> {
        let mut d = Draw { movenumber: 0, movecount: 0, score: -1 };
        for (k, v) in words("--draw", text, &["movenumber", "movecount", "score"])? {
            match k {
                "movenumber" => d.movenumber = number("--draw", k, v)?,
                "movecount" => d.movecount = number("--draw", k, v)?,
                _ => d.score = number("--draw", k, v)?,
            }
        }
        if d.score < 0 || d.movecount == 0 {
            return Err("--draw needs score=S (0 or more) and movecount=N above 0".into());
        }
        Ok(d)
    }
}

/// The judge of one game.
pub struct Adjudicator {
    rules: Adjudication,
    /// Per side: its last score, and how many of its moves in a row were
    /// at or below −score (resign) and within the draw band.
    last: [Option<i32>; 2],
    losing: [u32; 2],
    level: [u32; 2],
    /// Whether the game has two players (others are never adjudicated).
    two_players: bool,
    /// Players' moves played from the start of the adjudicated part.
    plies: u32,
}

impl Adjudicator {
    /// A judge for a game of `players` players.
    pub fn new(rules: Adjudication, players: usize) -> Adjudicator {
        Adjudicator { rules, last: [None; 2], losing: [0; 2], level: [0; 2], two_players: players == 2, plies: 0 }
    }
}

impl Judge for Adjudicator {
    fn after_move(&mut self, session: &Session, side: u8, score: Option<i32>) -> Option<GameResult> {
        if !self.two_players || side > 1 {
            return None;
        }
        self.plies += 1;
        let me = side as usize;
        self.last[me] = score;
        if let Some(r) = self.rules.resign {
            let down = score.is_some_and(|s| s <= -r.score);
            let agreed = !r.twosided || self.last[1 - me].is_some_and(|s| s >= r.score);
            self.losing[me] = if down && agreed { self.losing[me] + 1 } else { 0 };
            if self.losing[me] >= r.movecount {
                let loser = session.player_name(side);
                return Some(GameResult::Win {
                    winner: 1 - side,
                    reason: format!("adjudication: {loser} scored -{} or less for {} moves", r.score, r.movecount),
                });
            }
        }
        if let Some(d) = self.rules.draw {
            let level = score.is_some_and(|s| s.abs() <= d.score);
            self.level[me] = if level { self.level[me] + 1 } else { 0 };
            if self.plies / 2 >= d.movenumber && self.level.iter().all(|&n| n >= d.movecount) {
                return Some(GameResult::Draw {
                    reason: format!("adjudication: both scores within {} for {} moves", d.score, d.movecount),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_read_like_cutechess() {
        assert_eq!(
            Resign::parse("movecount=3 score=600 twosided=true"),
            Ok(Resign { movecount: 3, score: 600, twosided: true })
        );
        assert_eq!(
            Draw::parse("movenumber=40,movecount=8,score=10"),
            Ok(Draw { movenumber: 40, movecount: 8, score: 10 })
        );
        assert!(Resign::parse("score=abc").unwrap_err().contains("score=abc"));
        assert!(Draw::parse("moves=3").unwrap_err().contains("unknown key 'moves'"));
        assert!(Draw::parse("movecount=3").is_err(), "a draw band is needed");
    }
}
