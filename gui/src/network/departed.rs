//! An opponent who left a network game: the server says when the players
//! still there may claim the win or abort (`departed`, protocol 3); the
//! strip counts down to it, then offers both.

use std::time::{Duration, Instant};

use tabula_core::outcome::GameResult;
use tabula_net::protocol::{ClientMsg, ABORTED};

use super::Net;
use crate::game::Game;
use crate::tr;

/// How the server words the reason of a game ended after players left.
const LEFT: &str = " left the game";

/// The window's form of a result the server's text `text` states: the
/// server's English reason "Bob left the game" said in this language, and
/// an aborted game (which has no result) ended as a draw whose reason
/// begins with `aborted:`, which the result card reads as "Game aborted".
pub(super) fn local_result(parsed: Option<GameResult>, text: &str) -> Option<GameResult> {
    let said = |reason: &str| match reason.strip_suffix(LEFT) {
        Some(names) => tr!("net-left", name = names),
        None => reason.to_string(),
    };
    match parsed {
        Some(GameResult::Win { winner, reason }) => Some(GameResult::Win { winner, reason: said(&reason) }),
        Some(GameResult::Scored { winner, payoffs, reason }) => {
            Some(GameResult::Scored { winner, payoffs, reason: said(&reason) })
        }
        Some(other) => Some(other),
        None => {
            let why = text.strip_prefix(ABORTED)?.trim().trim_start_matches('(').trim_end_matches(')');
            Some(GameResult::Draw { reason: format!("{ABORTED}: {}", said(why)) })
        }
    }
}

fn minutes(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

impl Net {
    /// The server says seat `seat`'s player left and when the claim opens.
    pub(super) fn departed(&mut self, seat: u8, claim_in_ms: u64) {
        let i = seat as usize;
        if seat == self.seat || i >= self.claim_at.len() {
            return;
        }
        self.claim_at[i] = Some(Instant::now() + Duration::from_millis(claim_in_ms));
        if let Some(a) = self.away.get_mut(i) {
            a.get_or_insert_with(Instant::now);
        }
    }

    /// Whether this seat may claim the win or abort now: someone left long
    /// enough ago, the server said, and the game goes on.
    pub fn claim_open(&self, game: &Game) -> bool {
        let now = Instant::now();
        !game.is_over() && self.claim_at.iter().flatten().any(|&at| at <= now)
    }

    /// Claims the win over the players who left.
    pub fn claim_win(&mut self) {
        self.send(ClientMsg::ClaimWin { room: self.room, token: self.token.clone() });
    }

    /// Ends the game with no result after a player left.
    pub fn abort(&mut self) {
        self.send(ClientMsg::Abort { room: self.room, token: self.token.clone() });
    }

    /// The strip's note on the first player who left and has not come
    /// back: how long ago, and what the clock does, or when the claim
    /// opens, or that it is open.
    pub(super) fn away_note(&self, game: &Game) -> Option<String> {
        let (seat, since) = self.away.iter().enumerate().find_map(|(i, a)| a.map(|t| (i, t)))?;
        if game.is_over() {
            return None;
        }
        let name = self.name(seat as u8);
        let ago = minutes(since.elapsed());
        let now = Instant::now();
        Some(match (self.claim_at.get(seat).copied().flatten(), self.control()) {
            (Some(at), _) if at <= now => tr!("net-away-claim-now", name = name, ago = ago),
            // Rounded up: the offer comes as the countdown reaches 0:00.
            (Some(at), _) => {
                let left = minutes((at - now) + Duration::from_millis(999));
                tr!("net-away-claim-in", name = name, ago = ago, left = left)
            }
            (None, Some(_)) => tr!("net-away-clock-runs", name = name, ago = ago),
            (None, None) => tr!("net-away-game-waits", name = name, ago = ago),
        })
    }
}
