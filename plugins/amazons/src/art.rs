//! The pieces, drawn for Tabula (same licence as the project): an amazon
//! is a crowned figure in her player's colour, an arrow a burnt square
//! with a cross, alike for both players. Each is a 45×45 SVG document.

/// An amazon of `owner` (0 White, 1 Black).
pub fn amazon(owner: usize) -> String {
    let (fill, edge) = if owner == 0 { ("#f6f4ee", "#1e1e1e") } else { ("#28241f", "#ececec") };
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"45\" height=\"45\">\
         <g fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1.6\" stroke-linejoin=\"round\">\
         <path d=\"M10 38h25l-2.5-6h-20z\"/>\
         <path d=\"M12.5 32l-3-17 7.5 8 5.5-12 5.5 12 7.5-8-3 17z\"/>\
         <circle cx=\"9.5\" cy=\"13.5\" r=\"2.2\"/><circle cx=\"22.5\" cy=\"9\" r=\"2.2\"/>\
         <circle cx=\"35.5\" cy=\"13.5\" r=\"2.2\"/></g></svg>"
    )
}

/// An arrow (a burnt square).
pub fn arrow() -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"45\" height=\"45\">\
     <rect x=\"5\" y=\"5\" width=\"35\" height=\"35\" rx=\"4\" fill=\"#5a2e1c\" stroke=\"#2a140b\" stroke-width=\"2\"/>\
     <path d=\"M13 13l19 19M32 13l-19 19\" stroke=\"#e8b27a\" stroke-width=\"3\" stroke-linecap=\"round\"/></svg>"
        .to_string()
}
