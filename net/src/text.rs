//! Text that crosses the network: what the server accepts in names, chat
//! and other free text, and how a client shows what a server sent.
//!
//! A name or a chat line is shown to other people, so characters that
//! draw nothing or change how the rest of the line reads are refused:
//! controls (C0, C1), format characters (zero-width spaces and joiners,
//! direction overrides and isolates, the byte-order mark, tag characters),
//! private-use, surrogate and unassigned code points, line and paragraph
//! separators, and the Hangul fillers that render as blanks. A client
//! never prints a server's string as it came: [`printable`] escapes the
//! same characters, so a hostile server (or anybody on the path of a plain
//! TCP connection) cannot move the cursor, retitle the terminal or clear
//! the screen.

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Whether `c` may appear in text shown to other people.
pub fn is_visible_text(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    // Fillers are letters by category but draw as blanks.
    if matches!(c, '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}') {
        return false;
    }
    !matches!(
        c.general_category(),
        GeneralCategory::Control
            | GeneralCategory::Format
            | GeneralCategory::PrivateUse
            | GeneralCategory::Surrogate
            | GeneralCategory::Unassigned
            | GeneralCategory::LineSeparator
            | GeneralCategory::ParagraphSeparator
            | GeneralCategory::SpaceSeparator
    ) || c == '\u{3000}'
}

/// Why a text was refused, naming the first culprit (as `U+202E`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// Empty or only spaces.
    #[error("empty")]
    Empty,
    /// Too many characters.
    #[error("longer than {0} characters")]
    TooLong(usize),
    /// A character that is invisible or changes how the text reads.
    #[error("character U+{0:04X} is invisible or changes how text reads (controls, format, direction marks)")]
    Invisible(u32),
}

/// Checks a text others will see: at most `max` characters, not empty
/// unless `empty_ok`, and only [visible](is_visible_text) characters.
pub fn check_shown(value: &str, max: usize, empty_ok: bool) -> Result<(), TextError> {
    if !empty_ok && value.trim().is_empty() {
        return Err(TextError::Empty);
    }
    if value.chars().count() > max {
        return Err(TextError::TooLong(max));
    }
    match value.chars().find(|c| !is_visible_text(*c)) {
        Some(c) => Err(TextError::Invisible(c as u32)),
        None => Ok(()),
    }
}

/// A string from a peer made safe to print on a terminal: every character
/// [`check_shown`] would refuse becomes its escape (`\u{202E}` for U+202E), except newlines when
/// `lines` is true (a position text drawn over several lines).
pub fn printable(text: &str, lines: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if is_visible_text(c) || (lines && c == '\n') {
            out.push(c);
        } else {
            out.push_str(&format!("\\u{{{:04X}}}", c as u32));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible_and_direction_characters_are_refused_and_escaped() {
        for bad in
            ["a\u{202E}b", "\u{200B}x", "x\u{200D}y", "\u{FEFF}x", "a\u{7}", "a\u{1b}[2J", "\u{3164}", "a\u{2028}"]
        {
            assert!(matches!(check_shown(bad, 40, false), Err(TextError::Invisible(_))), "{bad:?}");
            assert!(!printable(bad, false).chars().any(|c| !is_visible_text(c)), "{bad:?}");
        }
        for good in ["Ann", "张伟", "Zoë O'Brien", "♞ knight", "ⅷ", "a b"] {
            assert_eq!(check_shown(good, 40, false), Ok(()), "{good:?}");
            assert_eq!(printable(good, false), good);
        }
        assert_eq!(check_shown("  ", 40, false), Err(TextError::Empty));
        assert_eq!(check_shown("abc", 2, false), Err(TextError::TooLong(2)));
        assert_eq!(printable("\u{1b}]0;pwned\u{7}", false), "\\u{001B}]0;pwned\\u{0007}");
        assert_eq!(printable("a\nb", true), "a\nb");
        assert_eq!(printable("a\nb", false), "a\\u{000A}b");
        assert_eq!(
            check_shown("x\u{202E}", 9, false).unwrap_err().to_string(),
            "character U+202E is invisible or changes how text reads (controls, format, direction marks)"
        );
    }
}
