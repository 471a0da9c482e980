//! Points by their GTP names (`D4`), as the record and the referee say them.

use tabula_kit::grid::Coordinates;

/// The GTP name of point `p` on a `size` board.
pub fn point_name(size: usize, p: u16) -> String {
    let p = p as usize;
    if p >= size * size {
        return format!("point {p}");
    }
    format!("{}{}", Coordinates::GTP.file_letter((p % size) as u16), p / size + 1)
}

/// The point a GTP name denotes.
pub fn parse_point(size: usize, text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let letter = chars.next()?.to_ascii_uppercase();
    let file = (0..size as u16).find(|&f| Coordinates::GTP.file_letter(f) == letter)? as usize;
    let rank: usize = chars.as_str().parse().ok()?;
    (1..=size).contains(&rank).then(|| (rank - 1) * size + file)
}
