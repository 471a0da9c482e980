//! Playing a random game's moves again, and taking the game back: both
//! must pass through exactly the positions the game went through.

use rules_api::{PositionBox, PositionExt};

use super::report::Check;
use super::suite::{At, Played, Suite};

impl Suite<'_> {
    /// Plays the moves of a game again on a fresh copy of its start: every
    /// position must come back, text and hash.
    pub(super) fn replay(&mut self, origin: &PositionBox, path: &[Played]) {
        let mut position = origin.clone();
        for played in path {
            let at = || At::position(&played.text).with_move(played.name.clone());
            if self.call(Check::Replay, position.play(played.mv), at(), "make_move on the replay").is_none() {
                return;
            }
            let Some(now) = self.call(Check::Replay, position.text(), at(), "to_text on the replay") else { return };
            let same = now == played.text && position.hash() == played.hash;
            if !self.expect(Check::Replay, same, at(), || {
                format!("the same moves from the same start reach '{now}' (hash {:#x}) this time", position.hash())
            }) {
                return;
            }
        }
    }

    /// Unmakes a whole game: every position must come back as it was, far
    /// from where its move was made.
    pub(super) fn take_back(&mut self, origin: &PositionBox, mut position: PositionBox, mut path: Vec<Played>) {
        while let Some(Played { name, text, hash, .. }) = path.pop() {
            let Some(now) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else { return };
            let now_hash = position.hash();
            let same = now == text && now_hash == hash;
            let at = At::position(&now).with_move(name.clone());
            if !self.expect(Check::MakeUnmake, same, at, || {
                if now == text {
                    format!("taking back the game reaches '{now}' with hash {now_hash:#x} instead of {hash:#x}")
                } else {
                    format!("taking back the game reaches '{now}' instead of '{text}'")
                }
            }) {
                return;
            }
            self.call(Check::MakeUnmake, position.undo(), At::position(&text).with_move(name), "unmake_move");
        }
        let start_text = origin.text().unwrap_or_default();
        let Some(now) = self.call(Check::MakeUnmake, position.text(), At::nowhere(), "to_text") else { return };
        let same = now == start_text && position.hash() == origin.hash();
        self.expect(Check::MakeUnmake, same, At::position(&now), || {
            format!("taking back a whole game does not return to the start '{start_text}'")
        });
    }
}
