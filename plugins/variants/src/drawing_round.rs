//! Xiangqi's round pieces (a cream disc with a ring, the character in red
//! or black) and janggi's octagons (sized by rank: the general largest,
//! guards and soldiers smallest; blue and red characters).

use crate::drawing::{document, rank_size, EDGE, WOOD};
use crate::outlines;
use crate::variant::Variant;

/// The first player's (red) and the second's (black) ink in xiangqi.
const XIANGQI_INK: [&str; 2] = ["#b3121b", "#1b1b1b"];
/// Janggi's Cho (blue-green, moves first) and Han (red).
const JANGGI_INK: [&str; 2] = ["#145a8c", "#b3121b"];

/// Xiangqi: every piece the same disc, ringed in the player's ink.
pub fn xiangqi(v: &Variant, kind: u8) -> Option<[String; 2]> {
    let k = &v.kinds[kind as usize];
    let piece = |player: usize| -> Option<String> {
        let ink = XIANGQI_INK[player];
        let text = outlines::column(&k.glyphs[player], 50.0, 50.0, 52.0, ink)?;
        // Upright for both players: xiangqi characters face their owner
        // only on a real table; on a screen both sides read them.
        Some(document(
            &format!(
                r#"<circle cx="50" cy="50" r="45" fill="{WOOD}" stroke="{EDGE}" stroke-width="2.5"/><circle cx="50" cy="50" r="37" fill="none" stroke="{ink}" stroke-width="2"/>{text}"#
            ),
            0,
        ))
    };
    Some([piece(0)?, piece(1)?])
}

/// Janggi: an octagon sized by the piece's rank.
pub fn janggi(v: &Variant, kind: u8) -> Option<[String; 2]> {
    let k = &v.kinds[kind as usize];
    let f = rank_size(v, kind, 0.7);
    let r = 47.0 * f;
    let points: Vec<String> = (0..8)
        .map(|i| {
            let a = std::f32::consts::PI / 8.0 * (2 * i + 1) as f32;
            format!("{:.1},{:.1}", 50.0 + r * a.cos(), 50.0 + r * a.sin())
        })
        .collect();
    let points = points.join(" ");
    let piece = |player: usize| -> Option<String> {
        let ink = JANGGI_INK[player];
        let text = outlines::column(&k.glyphs[player], 50.0, 50.0, 1.1 * r, ink)?;
        Some(document(
            &format!(
                r#"<polygon points="{points}" fill="{WOOD}" stroke="{EDGE}" stroke-width="2.2" stroke-linejoin="round"/>{text}"#
            ),
            0,
        ))
    };
    Some([piece(0)?, piece(1)?])
}
