//! Where a line of text may break, by the Unicode line breaking algorithm
//! (UAX #14, the `unicode-linebreak` crate): after a space in Latin text,
//! between any two Chinese characters, and never before closing
//! punctuation (。，、！？）」』…) nor after opening punctuation (（「『),
//! the rule Chinese and Japanese typesetting call kinsoku.

use unicode_linebreak::{linebreaks, BreakOpportunity};

/// `text` cut at every place a line may break, each piece keeping the
/// spaces after it; joined they give `text` back.
pub fn pieces(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (at, kind) in linebreaks(text) {
        // The mandatory break the algorithm reports at the end of the text
        // is no piece of its own; newlines are split off by the caller.
        if at > start && (kind == BreakOpportunity::Allowed || at == text.len()) {
            out.push(&text[start..at]);
            start = at;
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// Whether `ch` may not begin a line (closing punctuation).
pub fn closes(ch: char) -> bool {
    "。，、．！？：；）」』】〕〉》〗〙〛”’…‥·ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ!),.:;?]}".contains(ch)
}

/// Whether `ch` may not end a line (opening punctuation).
pub fn opens(ch: char) -> bool {
    "（「『【〔〈《〖〘〚“‘([{".contains(ch)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_breaks_between_characters_and_latin_after_spaces() {
        assert_eq!(pieces("我张伟"), ["我", "张", "伟"]);
        assert_eq!(pieces("White wins"), ["White ", "wins"]);
        assert_eq!(pieces("轮到 White 走"), ["轮", "到 ", "White ", "走"]);
    }

    #[test]
    fn closing_punctuation_stays_with_what_it_closes() {
        assert_eq!(pieces("黑方胜。将死。"), ["黑", "方", "胜。", "将", "死。"]);
        assert_eq!(pieces("好，「走」！"), ["好，", "「走」！"]);
        assert_eq!(pieces("电脑（简单）"), ["电", "脑", "（简", "单）"]);
        for text in ["黑方胜。将死。", "好，「走」！真的？（是）", "他说：“对”、“错”。"]
        {
            for piece in pieces(text) {
                let first = piece.chars().next().unwrap();
                let last = piece.trim_end().chars().last().unwrap();
                assert!(!closes(first), "{piece:?} of {text:?} starts with closing punctuation");
                assert!(!opens(last), "{piece:?} of {text:?} ends with opening punctuation");
            }
        }
    }

    #[test]
    fn the_pieces_join_to_the_text() {
        for text in ["", " ", "a", "Black wins on time. 白方超时。", "  two  spaces  ", "x\u{200B}y"] {
            assert_eq!(pieces(text).concat(), text);
        }
    }
}
