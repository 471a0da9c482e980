//! SVG shogi pieces: wedges pointing at the opponent, with their kanji
//! (promoted ones in red) and sized by rank as real sets are; and the
//! parts every piece style shares (the document, the wood, sizes by rank)
//! that `drawing_round` and `drawing_makruk` build on. Documents are
//! 100×100 with the far player's pieces turned round, and carry their
//! characters as paths ([`crate::outlines`]), since the window renders art
//! without fonts.

use crate::outlines;
use crate::variant::Variant;

/// The wood of shogi pieces and of the round and octagonal ones.
pub(crate) const WOOD: &str = "#f1d49a";
/// Their outline.
pub(crate) const EDGE: &str = "#6b4a22";
/// Kanji of unpromoted shogi pieces.
const INK: &str = "#1b1b1b";
/// Kanji of promoted shogi pieces, red as on traditional sets.
const PROMOTED_INK: &str = "#c4161c";

/// A document of `body`, turned round for the far player.
pub(crate) fn document(body: &str, player: usize) -> String {
    let turn = if player == 1 { r#" transform="rotate(180 50 50)""# } else { "" };
    format!(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><g{turn}>{body}</g></svg>"#)
}

/// The size of a piece of `kind` relative to the largest (the king):
/// promoted kinds are the piece they came from turned over; the others
/// grow with their value, as a set's pawns are its smallest pieces and its
/// rook and bishop the largest after the kings.
pub(crate) fn rank_size(v: &Variant, kind: u8, smallest: f32) -> f32 {
    let k = &v.kinds[kind as usize];
    let base = &v.kinds[k.base as usize];
    if base.royal {
        return 1.0;
    }
    let mut values: Vec<i32> =
        v.kinds.iter().enumerate().filter(|(i, p)| p.base as usize == *i && !p.royal).map(|(_, p)| p.value).collect();
    values.sort_unstable();
    values.dedup();
    let place = values.iter().position(|&x| x >= base.value).unwrap_or(0) as f32;
    let top = (values.len().max(2) - 1) as f32;
    smallest + (0.95 - smallest) * place / top
}

/// The name written on a shogi piece: one character, or the full name with
/// the `two_kanji` display option; a player's own glyph replaces the first
/// character (a set has one 王 and one 玉 king); the glyph when the kind
/// has no kanji.
fn shogi_name(v: &Variant, kind: u8, player: usize) -> String {
    let k = &v.kinds[kind as usize];
    let own = &k.glyphs[player];
    if k.kanji[0].is_empty() {
        return own.clone();
    }
    let own = if own.chars().count() == 1 { own.as_str() } else { k.kanji[0].as_str() };
    match k.kanji[1].strip_prefix(k.kanji[0].as_str()) {
        Some(rest) if v.style.two_kanji => format!("{own}{rest}"),
        None if v.style.two_kanji => k.kanji[1].clone(),
        _ => own.to_string(),
    }
}

/// Shogi: a five-sided wedge pointing at the opponent, the name in black,
/// or red once promoted.
pub(crate) fn shogi(v: &Variant, kind: u8) -> Option<[String; 2]> {
    let k = &v.kinds[kind as usize];
    let f = rank_size(v, kind, 0.82);
    let (w, h) = (80.0 * f, 94.0 * f);
    let (top, bottom) = (50.0 - h / 2.0, 50.0 + h / 2.0);
    let shoulder = top + 0.24 * h;
    let outline = format!(
        "M50 {top:.1}L{:.1} {shoulder:.1}L{:.1} {bottom:.1}L{:.1} {bottom:.1}L{:.1} {shoulder:.1}Z",
        50.0 + 0.41 * w,
        50.0 + 0.5 * w,
        50.0 - 0.5 * w,
        50.0 - 0.41 * w
    );
    let ink = if k.base as usize != kind as usize { PROMOTED_INK } else { INK };
    let piece = |player: usize| -> Option<String> {
        let name = shogi_name(v, kind, player);
        let n = name.chars().count().max(1) as f32;
        // One character fills the body; a full name is stacked smaller.
        let em = if n == 1.0 { 0.46 * h } else { (0.64 * h / n).min(0.34 * h) };
        let text = outlines::column(&name, 50.0, top + 0.6 * h, em, ink)?;
        Some(document(
            &format!(
                r#"<path d="{outline}" fill="{WOOD}" stroke="{EDGE}" stroke-width="2.2" stroke-linejoin="round"/>{text}"#
            ),
            player,
        ))
    };
    Some([piece(0)?, piece(1)?])
}
