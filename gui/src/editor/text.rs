//! The position text being typed: one line with a caret that moves, so a
//! field in the middle (castling rights) can be changed in place.

/// A line of text and the caret's place in it (a byte offset on a
/// character boundary).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TextEdit {
    text: String,
    caret: usize,
}

/// A key that moves the caret or deletes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditKey {
    /// One character left.
    Left,
    /// One character right.
    Right,
    /// To the start.
    Home,
    /// To the end.
    End,
    /// Delete the character before the caret.
    Backspace,
    /// Delete the character after the caret.
    Delete,
}

impl TextEdit {
    /// The text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The caret's byte offset.
    pub fn caret(&self) -> usize {
        self.caret
    }

    /// Replaces the text, the caret at its end.
    pub fn set(&mut self, text: &str) {
        self.text = text.to_string();
        self.caret = self.text.len();
    }

    /// Types `typed` at the caret (line breaks become spaces).
    pub fn insert(&mut self, typed: &str) {
        let clean: String = typed.chars().map(|c| if c.is_control() { ' ' } else { c }).collect();
        self.text.insert_str(self.caret, &clean);
        self.caret += clean.len();
    }

    /// Applies `key`; whether the text changed.
    pub fn key(&mut self, key: EditKey) -> bool {
        let before = self.text[..self.caret].chars().next_back().map_or(0, char::len_utf8);
        let after = self.text[self.caret..].chars().next().map_or(0, char::len_utf8);
        match key {
            EditKey::Left => self.caret -= before,
            EditKey::Right => self.caret += after,
            EditKey::Home => self.caret = 0,
            EditKey::End => self.caret = self.text.len(),
            EditKey::Backspace if before > 0 => {
                self.caret -= before;
                self.text.remove(self.caret);
                return true;
            }
            EditKey::Delete if after > 0 => {
                self.text.remove(self.caret);
                return true;
            }
            EditKey::Backspace | EditKey::Delete => {}
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_caret_moves_and_edits_in_the_middle() {
        let mut t = TextEdit::default();
        t.set("8/8 w KQkq - 0 1");
        for _ in 0..6 {
            t.key(EditKey::Left);
        }
        for _ in 0..4 {
            assert!(t.key(EditKey::Backspace));
        }
        t.insert("-");
        assert_eq!(t.text(), "8/8 w - - 0 1");
        t.key(EditKey::Home);
        assert!(!t.key(EditKey::Backspace));
        assert!(t.key(EditKey::Delete));
        assert_eq!(t.text(), "/8 w - - 0 1");
        t.key(EditKey::End);
        t.insert("\n2");
        assert_eq!(t.text(), "/8 w - - 0 1 2");
        assert!(!t.key(EditKey::Delete));
    }

    #[test]
    fn wide_characters_move_whole() {
        let mut t = TextEdit::default();
        t.set("车马");
        t.key(EditKey::Left);
        assert_eq!(t.caret(), 3);
        t.key(EditKey::Backspace);
        assert_eq!(t.text(), "马");
        t.key(EditKey::Right);
        assert_eq!(t.caret(), 3);
    }
}
