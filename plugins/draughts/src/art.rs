//! Piece art, drawn for Tabula (same licence as the project): a draughts
//! man seen from above (a disc with a raised rim and turned rings) and the
//! king, the same disc with a crown. Each is a 45×45 SVG document.

/// The colours of one side's pieces: fill, outline, rings and crown.
fn palette(white: bool) -> (&'static str, &'static str, &'static str) {
    if white {
        ("#f4efe2", "#3a3226", "#b9ae98")
    } else {
        ("#2b2622", "#0d0b09", "#6d625a")
    }
}

/// The crown on a king, in the ring colour of the other side so it shows.
const CROWN: &str = "M13.5 27.5 l-1.8 -9.5 5.6 4.2 5.2 -7.4 5.2 7.4 5.6 -4.2 -1.8 9.5 z";

/// The SVG document of a man (`king` false) or king of the white or black
/// side.
pub fn piece_svg(white: bool, king: bool) -> String {
    let (fill, edge, ring) = palette(white);
    let mut svg =
        String::from("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"45\" height=\"45\">");
    svg += &format!("<circle cx=\"22.5\" cy=\"23.5\" r=\"19.5\" fill=\"{edge}\"/>");
    svg += &format!("<circle cx=\"22.5\" cy=\"22\" r=\"19\" fill=\"{fill}\" stroke=\"{edge}\" stroke-width=\"1.5\"/>");
    svg += &format!("<circle cx=\"22.5\" cy=\"22\" r=\"14.5\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"1.6\"/>");
    if king {
        let gold = if white { "#c8961e" } else { "#e0b040" };
        svg += &format!(
            "<path d=\"{CROWN}\" fill=\"{gold}\" stroke=\"{edge}\" stroke-width=\"1.1\" stroke-linejoin=\"round\"/>"
        );
    } else {
        svg += &format!("<circle cx=\"22.5\" cy=\"22\" r=\"9\" fill=\"none\" stroke=\"{ring}\" stroke-width=\"1.2\"/>");
    }
    svg += "</svg>";
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_distinct_documents() {
        let all = [piece_svg(true, false), piece_svg(true, true), piece_svg(false, false), piece_svg(false, true)];
        for (i, svg) in all.iter().enumerate() {
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            assert!(all.iter().skip(i + 1).all(|other| other != svg));
        }
        assert!(piece_svg(true, true).contains("<path"), "a king has its crown");
    }
}
