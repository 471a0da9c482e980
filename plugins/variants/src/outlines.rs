//! Characters as SVG paths, for piece art: the window renders art without
//! fonts, so the characters on shogi, xiangqi and janggi pieces are their
//! outlines, taken at build time from the bundled fonts (`build/outlines.rs`)
//! for every character a shipped definition draws with, and the Latin
//! letters and digits.

include!(concat!(env!("OUT_DIR"), "/outlines.rs"));

/// The outline of `c`: its bounds and path data (1000 units per em, y down).
fn outline(c: char) -> Option<([i16; 4], &'static str)> {
    OUTLINES.binary_search_by_key(&c, |&(k, _, _)| k).ok().map(|i| (OUTLINES[i].1, OUTLINES[i].2))
}

/// `text` as SVG paths in `fill`, its characters stacked from top to
/// bottom (as the names on shogi pieces are written), each `em` units
/// tall, the stack's centre at (`cx`, `cy`); `None` when a character has no
/// outline.
pub fn column(text: &str, cx: f32, cy: f32, em: f32, fill: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let n = chars.len() as f32;
    // Stacked characters sit closer than a full em, as they are written.
    let step = em * 0.92;
    let mut out = String::new();
    for (i, &c) in chars.iter().enumerate() {
        let ([x0, y0, x1, y1], d) = outline(c)?;
        let y = cy + (i as f32 - (n - 1.0) / 2.0) * step;
        let s = em / 1000.0;
        let (mx, my) = ((x0 as f32 + x1 as f32) / 2.0, (y0 as f32 + y1 as f32) / 2.0);
        out.push_str(&format!(
            r#"<path transform="translate({:.2} {:.2}) scale({:.4})" fill="{fill}" d="{d}"/>"#,
            cx - mx * s,
            y - my * s,
            s
        ));
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_piece_characters_of_the_shipped_definitions_have_outlines() {
        for c in ['歩', 'と', '龍', '馬', '玉', '王', '將', '帥', '俥', '包', '楚', '漢', 'K', 'a'] {
            assert!(outline(c).is_some(), "{c}");
        }
        assert!(OUTLINES.windows(2).all(|w| w[0].0 < w[1].0), "sorted for the binary search");
        assert!(column("☃", 50.0, 50.0, 40.0, "#000").is_none());
        let two = column("歩兵", 50.0, 50.0, 30.0, "#000").unwrap();
        assert_eq!(two.matches("<path").count(), 2);
    }
}
