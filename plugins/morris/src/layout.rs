//! The board: 24 points on three nested squares joined at their
//! midpoints, named like a chess board's squares (`a1` bottom left to
//! `g7` top right), the 16 lines of three that make mills, and the 32
//! connections along which men move.
//!
//! Points are numbered from `a1` along each row and up the board:
//!
//! ```text
//! 7  21----------22----------23
//! 6  |   18------19------20   |
//! 5  |   |   15--16--17   |   |
//! 4  9---10--11      12--13--14
//! 3  |   |    6---7---8   |   |
//! 2  |    3-------4-------5   |
//! 1  0-----------1-----------2
//!    a   b   c   d   e   f   g
//! ```

use rules_api::{Cell, CellShape, Geometry, Label, Line, Mark, MarkKind, RVec, Rgba};

/// Number of points.
pub const POINTS: usize = 24;

/// Every point as (file, rank), both from 0: `a1` is (0, 0).
pub const COORDS: [(u8, u8); POINTS] = [
    (0, 0),
    (3, 0),
    (6, 0),
    (1, 1),
    (3, 1),
    (5, 1),
    (2, 2),
    (3, 2),
    (4, 2),
    (0, 3),
    (1, 3),
    (2, 3),
    (4, 3),
    (5, 3),
    (6, 3),
    (2, 4),
    (3, 4),
    (4, 4),
    (1, 5),
    (3, 5),
    (5, 5),
    (0, 6),
    (3, 6),
    (6, 6),
];

/// The 16 lines of three points: the eight rows then the eight columns.
pub const MILLS: [[u8; 3]; 16] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [9, 10, 11],
    [12, 13, 14],
    [15, 16, 17],
    [18, 19, 20],
    [21, 22, 23],
    [0, 9, 21],
    [3, 10, 18],
    [6, 11, 15],
    [1, 4, 7],
    [16, 19, 22],
    [8, 12, 17],
    [5, 13, 20],
    [2, 14, 23],
];

/// The bit of a point in a set of points.
pub const fn bit(point: usize) -> u32 {
    1 << point
}

/// Every point.
pub const ALL: u32 = (1 << POINTS) - 1;

/// The lines as bit masks.
pub const MILL_MASKS: [u32; 16] = {
    let mut masks = [0; 16];
    let mut i = 0;
    while i < 16 {
        masks[i] = bit(MILLS[i][0] as usize) | bit(MILLS[i][1] as usize) | bit(MILLS[i][2] as usize);
        i += 1;
    }
    masks
};

/// The two lines through each point (every point lies on exactly one row
/// and one column).
pub const MILLS_OF: [[u32; 2]; POINTS] = {
    let mut out = [[0; 2]; POINTS];
    let mut point = 0;
    while point < POINTS {
        let mut found = 0;
        let mut i = 0;
        while i < 16 {
            if MILL_MASKS[i] & bit(point) != 0 {
                out[point][found] = MILL_MASKS[i];
                found += 1;
            }
            i += 1;
        }
        point += 1;
    }
    out
};

/// The points joined to each point: neighbours along a line.
pub const NEIGHBOURS: [u32; POINTS] = {
    let mut out = [0; POINTS];
    let mut i = 0;
    while i < 16 {
        let [a, b, c] = MILLS[i];
        out[a as usize] |= bit(b as usize);
        out[b as usize] |= bit(a as usize) | bit(c as usize);
        out[c as usize] |= bit(b as usize);
        i += 1;
    }
    out
};

/// The name of a point (`d6`).
pub fn name(point: usize) -> String {
    let (file, rank) = COORDS[point];
    format!("{}{}", (b'a' + file) as char, rank + 1)
}

/// The point a name denotes (letter in either case), if any.
pub fn parse_point(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
    let rank = bytes[1].wrapping_sub(b'1');
    COORDS.iter().position(|&c| c == (file, rank))
}

/// Whether the men `men` hold a whole line through `point`.
pub fn closes_mill(men: u32, point: usize) -> bool {
    let [first, second] = MILLS_OF[point];
    men & first == first || men & second == second
}

/// The men of `men` that stand in a mill.
pub fn in_mills(men: u32) -> u32 {
    MILL_MASKS.iter().filter(|&&m| men & m == m).fold(0, |acc, &m| acc | m)
}

/// The board drawn: the three squares and the four midlines, a dot on
/// each point, files below and ranks on the left.
pub fn geometry() -> Geometry {
    let ink = Rgba::rgb(60, 40, 20);
    let mut cells = RVec::with_capacity(POINTS);
    for (point, &(file, rank)) in COORDS.iter().enumerate() {
        cells.push(Cell {
            x: file as f32,
            y: (6 - rank) as f32,
            layer: 0,
            shape: CellShape::POINT,
            color: Rgba::TRANSPARENT,
            name: name(point).into(),
        });
    }
    let mut lines = RVec::new();
    for mill in MILLS {
        let (a, c) = (COORDS[mill[0] as usize], COORDS[mill[2] as usize]);
        lines.push(Line {
            x1: a.0 as f32,
            y1: (6 - a.1) as f32,
            x2: c.0 as f32,
            y2: (6 - c.1) as f32,
            layer: 0,
            width: 0.08,
            color: ink,
        });
    }
    // A dot on every point, so the free ones show where men may go.
    let marks = COORDS
        .iter()
        .map(|&(file, rank)| Mark {
            kind: MarkKind::DOT,
            x: file as f32,
            y: (6 - rank) as f32,
            layer: 0,
            size: 0.24,
            color: ink,
            text: "".into(),
        })
        .collect();
    let mut labels = RVec::new();
    for i in 0..7u8 {
        labels.push(Label { x: i as f32, y: 6.8, layer: 0, text: ((b'a' + i) as char).to_string().into() });
        labels.push(Label { x: -0.8, y: (6 - i) as f32, layer: 0, text: (i + 1).to_string().into() });
    }
    Geometry { cells, lines, marks, labels, background: Rgba::rgb(222, 184, 135), layers: 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_has_32_connections_and_each_point_two_lines() {
        let degrees: u32 = NEIGHBOURS.iter().map(|n| n.count_ones()).sum();
        assert_eq!(degrees, 64);
        for point in 0..POINTS {
            assert_eq!(MILLS_OF[point][0].count_ones() + MILLS_OF[point][1].count_ones(), 6, "{}", name(point));
            assert_eq!(parse_point(&name(point)), Some(point));
            for other in 0..POINTS {
                let joined = NEIGHBOURS[point] & bit(other) != 0;
                assert_eq!(joined, NEIGHBOURS[other] & bit(point) != 0);
                if joined {
                    // Neighbours share a file or a rank.
                    let (a, b) = (COORDS[point], COORDS[other]);
                    assert!(a.0 == b.0 || a.1 == b.1);
                }
            }
        }
        assert_eq!(parse_point("d4"), None, "the centre is not a point");
        assert_eq!(parse_point("D6"), Some(19));
    }
}
