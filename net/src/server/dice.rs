//! The server's dice: every chance move of a room's game is drawn here,
//! from a seed taken from the operating system's randomness and kept in
//! the store (so a room restored after a restart rolls the same dice) but
//! never sent to anyone. A roll depends on the seed and the ply only
//! ([`tabula_core::session::draw`]), so without the seed nobody can tell
//! the next roll.
//!
//! The room's session takes its chance moves from outside
//! ([`Chance::External`]): the clients play no part in drawing them, and a
//! client that sends one is refused like any move that is not its own.

use std::collections::HashSet;

use tabula_core::session::{draw, Session, MAX_ROLLS_IN_A_ROW, MAX_SEED};

/// The most roll texts a room remembers for naming a client's attempt to
/// send a roll (a die game has a few dozen outcomes).
const MAX_ROLL_WORDS: usize = 1024;

/// A room's dice.
pub struct Dice {
    seed: u64,
    /// The texts (both notations) of the outcomes seen at this room's
    /// chance nodes, to tell a client that sends one what it did.
    words: HashSet<String>,
}

impl Dice {
    /// Dice drawing from `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice { seed, words: HashSet::new() }
    }

    /// The seed, for the store only.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// A fresh seed from the operating system's randomness (at most
    /// [`MAX_SEED`], the largest the store holds as a signed integer).
    pub fn os_seed() -> Result<u64, getrandom::Error> {
        let mut bytes = [0u8; 8];
        getrandom::getrandom(&mut bytes)?;
        Ok(u64::from_le_bytes(bytes) & MAX_SEED)
    }

    /// Remembers the texts of the current chance node's outcomes.
    pub fn learn(&mut self, session: &Session) -> Result<(), String> {
        let outcomes = session.chance_outcomes().map_err(|e| e.to_string())?;
        for o in outcomes {
            if self.words.len() >= MAX_ROLL_WORDS {
                break;
            }
            let (coordinate, standard) = session.move_texts(o.mv).map_err(|e| e.to_string())?;
            self.words.insert(coordinate);
            self.words.insert(standard);
        }
        Ok(())
    }

    /// Whether `text` is written like a roll of this room's game.
    pub fn is_roll(&self, text: &str) -> bool {
        self.words.contains(text.trim())
    }

    /// Draws and plays the outcome of every chance node in a row from
    /// here; the number drawn.
    pub fn roll(&mut self, session: &mut Session) -> Result<usize, String> {
        let mut rolled = 0;
        while session.is_chance_node() {
            if rolled == MAX_ROLLS_IN_A_ROW {
                return Err(format!("the rules reached {MAX_ROLLS_IN_A_ROW} chance nodes in a row"));
            }
            self.learn(session)?;
            let outcomes = session.chance_outcomes().map_err(|e| e.to_string())?;
            let mv = draw(self.seed, session.history().len(), &outcomes).map_err(|e| e.to_string())?;
            session.play_chance(mv).map_err(|e| e.to_string())?;
            rolled += 1;
        }
        Ok(rolled)
    }
}
