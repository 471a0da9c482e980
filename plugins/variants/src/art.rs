//! How pieces look: the glyphs and the SVG art per piece style (shogi
//! wedges, xiangqi and janggi discs, makruk shapes), the players' colours,
//! and the wall (or duck) piece.

use rules_api::Rgba;

use crate::rules::WallRule;
use crate::style::PieceStyle;
use crate::variant::Variant;

/// The fill colours of the two players' pieces.
pub fn player_colours(v: &Variant) -> (Rgba, Rgba) {
    match v.style.pieces {
        PieceStyle::Shogi => (Rgba::rgb(238, 214, 160), Rgba::rgb(238, 214, 160)),
        PieceStyle::Xiangqi => (Rgba::rgb(245, 230, 200), Rgba::rgb(245, 230, 200)),
        PieceStyle::Janggi => (Rgba::rgb(245, 235, 205), Rgba::rgb(245, 235, 205)),
        _ => (Rgba::rgb(250, 248, 240), Rgba::rgb(40, 40, 40)),
    }
}

/// The glyphs of a kind, per player (kanji in the chosen set for shogi).
pub fn glyphs(v: &Variant, kind: u8) -> [String; 2] {
    let k = &v.kinds[kind as usize];
    if v.style.pieces == PieceStyle::Shogi && !k.kanji[0].is_empty() {
        let name = if v.style.two_kanji { &k.kanji[1] } else { &k.kanji[0] };
        return [name.clone(), name.clone()];
    }
    k.glyphs.clone()
}

/// The art of a kind per player: the definition's images, or the style's.
pub fn piece_art(v: &Variant, kind: u8) -> Vec<String> {
    let k = &v.kinds[kind as usize];
    if !k.art[0].is_empty() {
        return k.art.to_vec();
    }
    style_art(v, kind)
}

/// The art of `kind` in the variant's piece style, per player (empty: the
/// glyph on a disc, for the Western style and for characters no outline
/// is known of).
fn style_art(v: &Variant, kind: u8) -> Vec<String> {
    let art: Option<[String; 2]> = match v.style.pieces {
        PieceStyle::Western => None,
        PieceStyle::Shogi => crate::drawing::shogi(v, kind),
        PieceStyle::Xiangqi => crate::drawing_round::xiangqi(v, kind),
        PieceStyle::Janggi => crate::drawing_round::janggi(v, kind),
        PieceStyle::Makruk => Some(crate::drawing_makruk::makruk(v, kind)),
    };
    art.map(|a| a.to_vec()).unwrap_or_default()
}

/// What walls are called in this variant.
pub fn wall_name(v: &Variant) -> &'static str {
    match v.walls.map(|w| w.rule) {
        Some(WallRule::Duck) => "duck",
        Some(WallRule::Arrow) => "arrow",
        _ => "wall",
    }
}

/// The art of the wall piece (the same for both players).
pub fn wall_art(v: &Variant) -> Vec<String> {
    let svg = if v.walls.is_some_and(|w| w.rule == WallRule::Duck) {
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">"##,
            r##"<ellipse cx="52" cy="66" rx="34" ry="22" fill="#f5c518" stroke="#8a6d00" stroke-width="3"/>"##,
            r##"<circle cx="34" cy="38" r="17" fill="#f5c518" stroke="#8a6d00" stroke-width="3"/>"##,
            r##"<path d="M14 38 L2 42 L14 46 Z" fill="#ff8c00" stroke="#8a4b00" stroke-width="2"/>"##,
            r##"<circle cx="30" cy="34" r="3" fill="#222"/></svg>"##
        )
    } else {
        concat!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">"##,
            r##"<rect x="8" y="8" width="84" height="84" rx="6" fill="#4a4a4a" stroke="#222" stroke-width="4"/>"##,
            r##"<path d="M8 36 H92 M8 64 H92 M36 8 V36 M64 36 V64 M36 64 V92" stroke="#2a2a2a" stroke-width="3"/></svg>"##
        )
    };
    vec![svg.to_string(), svg.to_string()]
}
