//! Moves as text. Both notations write a placement (or a piece chance
//! deals) as the rank's letter, `@` and the square (`M@b2`), the setup
//! buttons as `random` and `preset-N`; a move in the battle is `a4a5` in
//! the coordinate notation and `a4-a5` (or `a4xa5` for a strike, as the
//! community's game records write it) in the standard one.
//!
//! Reading accepts either notation, a rank by letter, name or number
//! (`marshal@b2`, `10@b2`), and the separators `-`, `x` and `:`.

use rules_api::{Move, Notation, PluginError, CELL_NONE};

use crate::board::{line, name, parse_square};
use crate::rank::{from_word, movable, LETTERS, NAMES, SCOUT};
use crate::setup::presets;
use crate::state::{Game, Phase, PLAYERS, PRESET, RANDOM};
use crate::view::Viewer;

impl Game {
    /// A legal move as text.
    pub fn move_text(&self, m: Move, notation: Notation) -> Result<String, PluginError> {
        if !self.is_legal(m) {
            return Err(PluginError::illegal_move(format!("{m:?} is not a legal move here")));
        }
        Ok(self.write_move(m, notation))
    }

    fn write_move(&self, m: Move, notation: Notation) -> String {
        if m.is_off_board() {
            return if m.extra == RANDOM { "random".to_string() } else { format!("preset-{}", m.extra - PRESET + 1) };
        }
        if m.from == CELL_NONE {
            return format!("{}@{}", LETTERS[(m.extra - 1) as usize], name(m.to));
        }
        let sep = match notation {
            Notation::COORDINATE => "",
            _ if self.at(m.to).is_empty() => "-",
            _ => "x",
        };
        format!("{}{sep}{}", name(m.from), name(m.to))
    }

    /// A legal move as `viewer` may read it: another player's setup
    /// (placements, buttons and deals alike) is just `(setup)`.
    pub fn move_text_for(&self, m: Move, notation: Notation, viewer: Viewer) -> Result<String, PluginError> {
        let text = self.move_text(m, notation)?;
        Ok(match (viewer, self.phase) {
            (Viewer::Seat(v), Phase::Setup { player, .. }) if v != player => "(setup)".to_string(),
            _ => text,
        })
    }

    /// Reads a move in either notation; an error says why it is refused.
    pub fn read_move(&self, text: &str) -> Result<Move, PluginError> {
        let t = text.trim();
        let refuse = |why: String| PluginError::illegal_move(format!("'{t}' {why}"));
        let m = self.shape(t).ok_or_else(|| {
            refuse("is not a move: write a4a5 or a4-a5 in the battle, M@b2, random or preset-N in the setup".into())
        })?;
        if self.is_legal(m) {
            return Ok(m);
        }
        Err(refuse(self.why_illegal(m)))
    }

    /// The move a text has the shape of, legal or not.
    fn shape(&self, t: &str) -> Option<Move> {
        let lower = t.to_ascii_lowercase();
        if lower == "random" {
            return Some(Move::off_board(RANDOM));
        }
        if let Some(n) = lower.strip_prefix("preset-").or_else(|| lower.strip_prefix("preset")) {
            let n: u16 = n.parse().ok()?;
            return (1..=presets().len() as u16).contains(&n).then(|| Move::off_board(PRESET + n - 1));
        }
        if let Some((rank, square)) = t.split_once('@') {
            let rank = from_word(rank.trim(), self.config.numbering)?;
            return Some(Move::drop(rank as u16, parse_square(square)?));
        }
        let cleaned: String = t.chars().filter(|c| !matches!(c, '-' | 'x' | 'X' | ':')).collect();
        let split = cleaned.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic())?.0;
        let (from, to) = (parse_square(&cleaned[..split])?, parse_square(&cleaned[split..])?);
        Some(Move::new(from, to))
    }

    /// Why a move of the right shape is not legal here.
    fn why_illegal(&self, m: Move) -> String {
        match self.phase {
            _ if self.is_over() => "is not legal: the game is over".into(),
            Phase::Setup { player, .. } if self.is_chance() => {
                format!("is not legal: chance is dealing {}'s pieces", PLAYERS[player as usize])
            }
            Phase::Setup { player, .. } if m.from == CELL_NONE && m.to != CELL_NONE => {
                let rank = (m.extra - 1) as u8;
                if self.reserve(player, rank) == 0 {
                    format!("is not legal: {} has no {} left to place", PLAYERS[player as usize], NAMES[rank as usize])
                } else {
                    format!("is not legal: {} places on an empty square of its own four rows", PLAYERS[player as usize])
                }
            }
            Phase::Setup { .. } => "is not legal during the setup: place pieces, or take random or a preset".into(),
            Phase::Play { side } => self.why_not_play(side, m),
        }
    }

    fn why_not_play(&self, side: u8, m: Move) -> String {
        if m.is_off_board() || m.from == CELL_NONE {
            return "is not legal: the setup is over".into();
        }
        let piece = self.at(m.from);
        if !piece.is(side) {
            return format!("is not legal: no {} piece stands on {}", PLAYERS[side as usize], name(m.from));
        }
        if !movable(piece.rank()) {
            return format!("is not legal: a {} never moves", NAMES[piece.rank() as usize]);
        }
        if self.series[side as usize].forbids(m.from, m.to, self.config.two_squares) {
            return format!(
                "is not legal: the two-squares rule allows one piece only {} moves in a row between the same two squares",
                self.config.two_squares
            );
        }
        match line(m.from, m.to) {
            Some((_, d)) if d > 1 && piece.rank() != SCOUT => {
                "is not legal: only a scout moves more than one square".into()
            }
            Some((_, d)) if d > 1 && !self.at(m.to).is_empty() && !self.config.scout_strikes => {
                "is not legal: under these rules a scout may not move and strike in the same turn".into()
            }
            Some(_) => "is not legal: the way is blocked (a lake, a piece, or one's own piece on the square)".into(),
            None => "is not legal: pieces move along a rank or a file".into(),
        }
    }
}
