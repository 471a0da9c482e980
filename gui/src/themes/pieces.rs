//! Pieces drawn in a set other than the game's own.
//!
//! * **Discs**: a flat disc in the owner's colour rimmed in its ink, with
//!   the piece's glyph (its letter instead when the glyph is a chess
//!   symbol, which reads as a figure, not on a disc); stones stay plain.
//! * **High contrast**: with two players, pure white and pure black discs
//!   (the lighter player white) with a thick outline and a bold letter in
//!   the opposite colour; with more players each keeps its colour (the
//!   colours are what tells them apart) under the same thick black or
//!   white outline.

use rules_api::{GameInfo, Rgba};
use sdl2::render::RenderTarget;

use super::PieceSet;
use crate::paint::Painter;
use crate::theme::luminance;
use crate::GuiError;

const WHITE: Rgba = Rgba::rgb(255, 255, 255);
const BLACK: Rgba = Rgba::rgb(0, 0, 0);

/// Whether `glyph` is one Unicode chess symbol (♔ to ♟).
fn chess_symbol(glyph: &str) -> bool {
    let mut chars = glyph.chars();
    matches!((chars.next(), chars.next()), (Some(c), None) if ('\u{2654}'..='\u{265F}').contains(&c))
}

/// What is written on the piece: its glyph, or its letter (upper case)
/// when the glyph is a chess symbol; empty for a stone.
fn face(info: &GameInfo, owner: u8, kind: u16) -> String {
    let Some(t) = info.piece_types.get(kind as usize) else { return String::new() };
    let glyph = t.glyphs.get(owner as usize).map(|g| g.as_str()).unwrap_or("");
    if glyph.is_empty() {
        return String::new();
    }
    if chess_symbol(glyph) {
        let letter = t.letters.get(owner as usize).map(|l| l.as_str()).unwrap_or("");
        if !letter.is_empty() {
            return letter.to_uppercase();
        }
    }
    glyph.to_string()
}

/// Draws the piece in `set` (not the game's own), centred at (x, y) with
/// `radius` pixels. Returns false for [`PieceSet::Game`], which the caller
/// draws.
#[allow(clippy::too_many_arguments)]
pub fn draw_piece_in_set<T: RenderTarget>(
    p: &mut Painter<T>,
    set: PieceSet,
    info: &GameInfo,
    owner: u8,
    kind: u16,
    x: f32,
    y: f32,
    radius: f32,
) -> Result<bool, GuiError> {
    let player = info.players.get(owner as usize);
    let colour = player.map_or(Rgba::rgb(200, 200, 200), |pl| pl.color);
    let ink = player.map_or(BLACK, |pl| pl.ink);
    let text = face(info, owner, kind);
    let (fill, ink, rim) = match set {
        PieceSet::Game => return Ok(false),
        PieceSet::Discs => (colour, ink, (radius * 0.07).max(1.0)),
        PieceSet::HighContrast => {
            let light = luminance(colour) > 128.0;
            let fill = if info.players.len() == 2 {
                if light {
                    WHITE
                } else {
                    BLACK
                }
            } else {
                colour
            };
            (fill, if luminance(fill) > 128.0 { BLACK } else { WHITE }, (radius * 0.16).max(2.0))
        }
    };
    let rim_colour = if set == PieceSet::Discs && text.is_empty() { crate::theme::rim_for(fill) } else { ink };
    p.disc(x, y, radius, fill, rim_colour, rim)?;
    if !text.is_empty() {
        let extent = if set == PieceSet::HighContrast { radius * 1.0 } else { radius * 0.95 };
        p.glyph(&text, extent, ink, x, y)?;
        if set == PieceSet::HighContrast {
            // A second pass a pixel over thickens the strokes: bold for a
            // glyph face that has no bold form.
            p.glyph(&text, extent, ink, x + 1.0, y)?;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{PieceType, PlayerInfo, RString, RVec};

    #[test]
    fn a_chess_symbol_shows_its_letter_and_other_glyphs_themselves() {
        let player = |c: Rgba| PlayerInfo { name: RString::from("x"), color: c, ink: BLACK };
        let info = GameInfo {
            name: RString::from("t"),
            players: RVec::from(vec![player(WHITE), player(BLACK)]),
            piece_types: RVec::from(vec![
                PieceType::new("queen", &["♕", "♛"], &["Q", "q"], 900),
                PieceType::new("cannon", &["炮", "砲"], &["C", "c"], 450),
                PieceType::new("stone", &["", ""], &["X", "O"], 1),
            ]),
            position_format: RString::from("FEN"),
        };
        assert_eq!(face(&info, 1, 0), "Q");
        assert_eq!(face(&info, 1, 1), "砲");
        assert_eq!(face(&info, 0, 2), "", "a stone stays plain");
    }
}
