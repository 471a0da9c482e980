//! Makruk's pieces as Thai sets turn them, seen from the side: the khun
//! (king) tall with a spire, the met a smaller dome, the khon a pointed
//! bud, the ma a horse's head, the ruea a block, the bia a low shell. A
//! kind of another name gets a plain turned piece with its letter.

use crate::drawing::document;
use crate::outlines;
use crate::variant::Variant;

/// Fill and outline of the first (white) and second (black) player's.
const COLOURS: [(&str, &str); 2] = [("#f7f1e1", "#2a2a2a"), ("#2e2a26", "#0d0d0d")];
/// The letter on a piece of another name, per player.
const LETTER_INK: [&str; 2] = ["#2a2a2a", "#f7f1e1"];

/// The plinth every piece but the bia stands on.
const PLINTH: &str = "M24 88H76Q78 88 78 85V82Q78 79 74 78H26Q22 79 22 82V85Q22 88 24 88Z";

/// The body of each piece above its plinth, by the piece's name.
fn body(name: &str) -> Option<&'static str> {
    Some(match name {
        "king" | "khun" => "M32 78Q36 60 40 44H60Q64 60 68 78ZM37 44Q37 38 50 36Q63 38 63 44ZM46 36L50 10L54 36Z",
        "met" | "queen" | "ferz" => "M34 78Q38 62 42 50H58Q62 62 66 78ZM38 50Q38 32 50 30Q62 32 62 50Z",
        "khon" | "bishop" | "silver" => "M34 78Q38 64 41 54H59Q62 64 66 78ZM40 54Q36 36 50 18Q64 36 60 54Z",
        "horse" | "knight" | "ma" => {
            "M30 78Q34 62 40 54Q30 52 26 46Q24 40 30 38L44 22Q46 14 52 12Q54 18 56 18Q70 26 72 46Q72 64 70 78Z"
        }
        "boat" | "rook" | "ruea" => "M30 78V34H70V78ZM30 34V26H38V32H46V26H54V32H62V26H70V34Z",
        _ => return None,
    })
}

/// Makruk: each piece its shape; the pawn a low shell.
pub fn makruk(v: &Variant, kind: u8) -> [String; 2] {
    let k = &v.kinds[kind as usize];
    let piece = |player: usize| {
        let (fill, edge) = COLOURS[player];
        let paint = |d: &str| {
            format!(r#"<path d="{d}" fill="{fill}" stroke="{edge}" stroke-width="2.2" stroke-linejoin="round"/>"#)
        };
        let shape = match (k.name.as_str(), body(&k.name)) {
            ("pawn" | "bia", _) => format!(
                r#"<path d="M20 76Q20 50 50 48Q80 50 80 76Z" fill="{fill}" stroke="{edge}" stroke-width="2.2" stroke-linejoin="round"/><path d="M32 70Q50 56 68 70" fill="none" stroke="{edge}" stroke-width="1.6"/>"#
            ),
            (_, Some(d)) => format!("{}{}", paint(PLINTH), paint(d)),
            (_, None) => {
                let letter = outlines::column(&k.letter.to_ascii_uppercase(), 50.0, 56.0, 30.0, LETTER_INK[player])
                    .unwrap_or_default();
                format!("{}{}{letter}", paint(PLINTH), paint("M32 78Q34 50 40 36H60Q66 50 68 78Z"))
            }
        };
        // Both players' pieces stand upright: they are seen from the side.
        document(&shape, 0)
    };
    [piece(0), piece(1)]
}
