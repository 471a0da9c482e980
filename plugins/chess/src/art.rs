//! The Staunton piece set, drawn for Tabula (same licence as the project:
//! MIT OR Apache-2.0). Each piece is a 45×45 SVG document: an outline
//! filled in the side's colour, inner lines in a colour that shows on it,
//! and small filled details (the knight's eye, the queen's pearls).

/// One piece's drawing.
struct Drawing {
    /// Closed shapes, filled and outlined.
    shapes: &'static [&'static str],
    /// Inner lines, stroked only.
    lines: &'static [&'static str],
    /// Circles (cx, cy, r), filled and outlined.
    balls: &'static [(f32, f32, f32)],
    /// Dots (cx, cy, r) in the line colour (eyes, nostrils).
    dots: &'static [(f32, f32, f32)],
    /// Bold strokes in the outline colour (the king's cross).
    marks: &'static [&'static str],
}

const PAWN: Drawing = Drawing {
    shapes: &["M22.5 8.5c-2.5 0-4.3 2-4.3 4.3 0 1.2.5 2.3 1.3 3.1-2.2 1.2-3.6 3.4-3.6 6 0 2 .9 3.8 2.4 5.1 \
         -3.4 1.5-7.1 5.6-7.1 12.5h22.6c0-6.9-3.7-11-7.1-12.5 1.5-1.3 2.4-3.1 2.4-5.1 0-2.6-1.4-4.8-3.6-6 \
         .8-.8 1.3-1.9 1.3-3.1 0-2.3-1.8-4.3-4.3-4.3z"],
    lines: &[],
    balls: &[],
    dots: &[],
    marks: &[],
};

const ROOK: Drawing = Drawing {
    shapes: &["M9 39.5h27v-3.5H9z", "M12 36v-3.6l2-2.6V17.2L11 14.5V9h4v2.3h5V9h5v2.3h5V9h4v5.5l-3 2.7v12.6l2 2.6V36z"],
    lines: &["M12 32.4h21", "M14 29.8h17", "M14 17.2h17", "M11 14.5h23"],
    balls: &[],
    dots: &[],
    marks: &[],
};

const KNIGHT: Drawing = Drawing {
    shapes: &[
        "M10 39.5h25v-3.5H10z",
        "M12.5 36c0-5.5 2.8-8.6 5.8-11.2 1.7-1.5 2.3-3.2 1.8-4.8-1.9 1.5-4.4 2.6-6.8 3.1-1.8.4-3.7-.5-3.9-2.4 \
         -.2-1.6.8-2.7 2-3.9 1.8-1.8 3.5-3.9 4.6-6.3l-.4-3.7 2.6 1.6 1.7-2.3 1.5 2.9c6.5.6 11.4 5.3 12.6 12.6 \
         .9 5.5.4 10.6-.8 14.4z",
    ],
    lines: &["M24.3 10.5c3.6 1.7 6.2 5.6 6.8 10.8.4 3.3.1 6.6-.5 9.5", "M19.8 20.2c.7-1.2 1.6-1.9 2.7-2.2"],
    balls: &[],
    dots: &[(18.7, 13.6, 1.2), (12.4, 20.6, 0.7)],
    marks: &[],
};

const BISHOP: Drawing = Drawing {
    shapes: &[
        "M10.5 39.5h24v-2.2c0-1.2-1-2.2-2.2-2.2H12.7c-1.2 0-2.2 1-2.2 2.2z",
        "M15 35.1l1.8-3.9h11.4l1.8 3.9z",
        "M16.8 31.2c-3.6-3.7-3.4-9.4.6-14 1.5-1.7 3.2-3 5.1-3.9 1.9.9 3.6 2.2 5.1 3.9 4 4.6 4.2 10.3.6 14z",
    ],
    lines: &["M25.2 18.6l-5.4 5.6", "M16.8 31.2h11.4", "M17.6 28.2c3.3-.9 6.5-.9 9.8 0"],
    balls: &[(22.5, 10.6, 2.6)],
    dots: &[],
    marks: &[],
};

const QUEEN: Drawing = Drawing {
    shapes: &[
        "M10 39.5h25v-3.5H10z",
        "M11.5 36c.8-2.6 1.3-4.8.6-7.6L8.3 14.6l6.6 10.2.4-13 4.7 12.2 2.5-13.4 2.5 13.4 4.7-12.2.4 13 \
         6.6-10.2-3.8 13.8c-.7 2.8-.2 5 .6 7.6z",
    ],
    lines: &["M12.1 28.4c6.9-2 13.9-2 20.8 0", "M12.4 32.6c6.7-1.5 13.5-1.5 20.2 0"],
    balls: &[(8.0, 12.6, 2.1), (15.0, 9.9, 2.1), (22.5, 8.3, 2.1), (30.0, 9.9, 2.1), (37.0, 12.6, 2.1)],
    dots: &[],
    marks: &[],
};

const KING: Drawing = Drawing {
    shapes: &[
        "M10 39.5h25v-3.5H10z",
        "M11.2 36c.2-3.4-.6-6.4-1.9-9.4-2-4.4.2-8.8 4.6-8.9 3.3-.1 6.4 2.3 8.6 5.8 2.2-3.5 5.3-5.9 8.6-5.8 \
         4.4.1 6.6 4.5 4.6 8.9-1.3 3-2.1 6-1.9 9.4z",
        "M22.5 23.5c-1.8-2.4-3-4.8-2.6-6.8.3-1.5 1.4-2.3 2.6-2.3s2.3.8 2.6 2.3c.4 2-.8 4.4-2.6 6.8z",
    ],
    lines: &["M11.6 31.6c7.3-2.2 14.5-2.2 21.8 0", "M22.5 23.5v5.6"],
    balls: &[],
    dots: &[],
    marks: &["M22.5 4.4v9.4", "M19 7.8h7"],
};

/// The drawings in cozy-chess order: pawn, knight, bishop, rook, queen, king.
const SET: [&Drawing; 6] = [&PAWN, &KNIGHT, &BISHOP, &ROOK, &QUEEN, &KING];

/// The SVG document of piece `kind` (cozy-chess order) for `owner`
/// (0 = White, 1 = Black).
pub fn piece_svg(kind: usize, owner: usize) -> String {
    let d = SET[kind.min(SET.len() - 1)];
    let (fill, edge, inner) =
        if owner == 0 { ("#f7f5ee", "#1c1c1c", "#1c1c1c") } else { ("#262626", "#0c0c0c", "#e6e6e6") };
    let mut svg = String::from(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 45 45\" width=\"45\" height=\"45\"> \
         <g stroke-linecap=\"round\" stroke-linejoin=\"round\" stroke-width=\"1.5\">",
    );
    for shape in d.shapes {
        svg += &format!("<path d=\"{shape}\" fill=\"{fill}\" stroke=\"{edge}\"/>");
    }
    for &(cx, cy, r) in d.balls {
        svg += &format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{fill}\" stroke=\"{edge}\"/>");
    }
    for line in d.lines {
        svg += &format!("<path d=\"{line}\" fill=\"none\" stroke=\"{inner}\"/>");
    }
    for &(cx, cy, r) in d.dots {
        svg += &format!("<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\" fill=\"{inner}\" stroke=\"none\"/>");
    }
    for mark in d.marks {
        svg += &format!("<path d=\"{mark}\" fill=\"none\" stroke=\"{edge}\" stroke-width=\"2.2\"/>");
    }
    svg += "</g></svg>";
    svg
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_piece_has_a_document_per_side() {
        for kind in 0..6 {
            for owner in 0..2 {
                let svg = piece_svg(kind, owner);
                assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
                assert!(svg.contains("<path"), "{kind} {owner}");
            }
        }
        assert_ne!(piece_svg(0, 0), piece_svg(0, 1), "the sides differ");
    }
}
