//! The dice as SVG: a rounded square in the player's colours with its pips.

/// Where the pips of each face sit, on a 3×3 grid (0, 1, 2 across and down).
const PIPS: [&[(u8, u8)]; 6] = [
    &[(1, 1)],
    &[(0, 0), (2, 2)],
    &[(0, 0), (1, 1), (2, 2)],
    &[(0, 0), (2, 0), (0, 2), (2, 2)],
    &[(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    &[(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
];

/// White's dice are ivory with dark pips, black's dark with light pips.
const FACES: [(&str, &str); 2] = [("#f4ecd8", "#2a2420"), ("#2c2828", "#f0e6cc")];

/// A complete SVG document of a die showing `value` (1–6) for `side`.
pub fn die(value: u8, side: usize) -> String {
    let (face, pip) = FACES[side];
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 100\">\
         <rect x=\"8\" y=\"8\" width=\"84\" height=\"84\" rx=\"16\" fill=\"{face}\" stroke=\"#7a6a50\" stroke-width=\"4\"/>"
    );
    for &(x, y) in PIPS[value as usize - 1] {
        svg.push_str(&format!(
            "<circle cx=\"{}\" cy=\"{}\" r=\"8.5\" fill=\"{pip}\"/>",
            28 + 22 * x as u32,
            28 + 22 * y as u32
        ));
    }
    svg.push_str("</svg>");
    svg
}
