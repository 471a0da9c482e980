//! The star: its 121 holes, their names, neighbours and hops, and the six
//! corners.
//!
//! Holes sit on a triangular lattice. Each has axial coordinates: `y`, its
//! row, from -8 (the bottom point) to 8 (the top point), and `q`, constant
//! along the lines that rise to the right, from -8 to 8. The third cube
//! coordinate is `-q - y`. The star is the union of two big triangles:
//! every cube coordinate at most 4, or every one at least -4.
//!
//! **Hole names** are the file letter `a`–`q` (`q + 8`) and the rank
//! `1`–`17` (`y + 9`, from the bottom): the bottom point is `m1`, the top
//! point `e17`, the centre `i9`.
//!
//! Holes are numbered row by row from the top point down, left to right in
//! each row (so the top point is 0 and the bottom point 120).
//!
//! The corners are numbered clockwise as the board is drawn, starting at
//! the bottom: 0 bottom, 1 lower left, 2 upper left, 3 top, 4 upper right,
//! 5 lower right. Corner `k` faces corner `(k + 3) % 6`.

use std::sync::LazyLock;

/// Number of holes.
pub const CELLS: usize = 121;
/// Holes in a corner, and marbles per player.
pub const CORNER_SIZE: usize = 10;
/// "No hole" in the neighbour tables.
pub const NONE: u8 = u8::MAX;
/// The six lattice directions as (dq, dy): right, up-right, up-left, left,
/// down-left, down-right.
pub const DIRECTIONS: [(i8, i8); 6] = [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];
/// Number of rows.
pub const ROWS: usize = 17;

/// The star's fixed facts, computed once.
pub struct Star {
    /// Axial `(q, y)` of each hole.
    pub coords: [(i8, i8); CELLS],
    /// The neighbour of each hole in each direction, or [`NONE`].
    pub neighbours: [[u8; 6]; CELLS],
    /// Where a hop over the neighbour in each direction lands, or [`NONE`].
    pub hops: [[u8; 6]; CELLS],
    /// The corner of each hole (0–5), or [`NONE`] in the central hexagon.
    pub corner: [u8; CELLS],
    /// The holes of each corner as a bit set (bit = hole number).
    pub corner_mask: [u128; 6],
    /// The holes of each corner, nearest the point last.
    pub corner_holes: [[u8; CORNER_SIZE]; 6],
    /// The first hole of each row (top row first) and the row's length.
    pub rows: [(u8, u8); ROWS],
    index: [[u8; ROWS]; ROWS],
}

/// The star, built on first use.
pub static STAR: LazyLock<Star> = LazyLock::new(Star::build);

fn on_star(q: i8, y: i8) -> bool {
    let (x, yc, z) = (q as i32, (-q - y) as i32, y as i32);
    let inside = |v: i32| (-8..=8).contains(&v);
    inside(x) && inside(yc) && inside(z) && ((x <= 4 && yc <= 4 && z <= 4) || (x >= -4 && yc >= -4 && z >= -4))
}

/// The corner holding `(q, y)`, or [`NONE`].
fn corner_of(q: i8, y: i8) -> u8 {
    let yc = -q - y;
    match () {
        _ if y < -4 => 0,
        _ if yc > 4 => 1,
        _ if q < -4 => 2,
        _ if y > 4 => 3,
        _ if yc < -4 => 4,
        _ if q > 4 => 5,
        _ => NONE,
    }
}

impl Star {
    fn build() -> Star {
        let mut star = Star {
            coords: [(0, 0); CELLS],
            neighbours: [[NONE; 6]; CELLS],
            hops: [[NONE; 6]; CELLS],
            corner: [NONE; CELLS],
            corner_mask: [0; 6],
            corner_holes: [[0; CORNER_SIZE]; 6],
            rows: [(0, 0); ROWS],
            index: [[NONE; ROWS]; ROWS],
        };
        let mut n = 0usize;
        for (row, y) in (-8i8..=8).rev().enumerate() {
            let first = n;
            // Left to right is increasing doubled column 2q + y.
            for q in -8i8..=8 {
                if on_star(q, y) {
                    star.coords[n] = (q, y);
                    star.index[(q + 8) as usize][(y + 8) as usize] = n as u8;
                    n += 1;
                }
            }
            star.rows[row] = (first as u8, (n - first) as u8);
        }
        assert_eq!(n, CELLS, "the star has 121 holes");
        let mut filled = [0usize; 6];
        for cell in 0..CELLS {
            let (q, y) = star.coords[cell];
            for (d, &(dq, dy)) in DIRECTIONS.iter().enumerate() {
                star.neighbours[cell][d] = star.at(q + dq, y + dy).unwrap_or(NONE);
                if star.neighbours[cell][d] != NONE {
                    star.hops[cell][d] = star.at(q + 2 * dq, y + 2 * dy).unwrap_or(NONE);
                }
            }
            let corner = corner_of(q, y);
            star.corner[cell] = corner;
            if corner != NONE {
                star.corner_mask[corner as usize] |= 1u128 << cell;
                star.corner_holes[corner as usize][filled[corner as usize]] = cell as u8;
                filled[corner as usize] += 1;
            }
        }
        assert!(filled.iter().all(|&n| n == CORNER_SIZE), "each corner has ten holes");
        let coords = star.coords;
        for (corner, holes) in star.corner_holes.iter_mut().enumerate() {
            holes.sort_by_key(|&c| progress(corner as u8, coords[c as usize]));
        }
        star
    }

    /// The hole at `(q, y)`, if it is on the star.
    pub fn at(&self, q: i8, y: i8) -> Option<u8> {
        if !(-8..=8).contains(&q) || !(-8..=8).contains(&y) {
            return None;
        }
        let cell = self.index[(q + 8) as usize][(y + 8) as usize];
        (cell != NONE).then_some(cell)
    }

    /// The name of a hole (`m1`, `i9`).
    pub fn name(&self, cell: usize) -> String {
        let (q, y) = self.coords[cell];
        format!("{}{}", (b'a' + (q + 8) as u8) as char, y + 9)
    }

    /// The hole a name denotes (the letter in either case).
    pub fn parse(&self, text: &str) -> Option<u8> {
        let mut chars = text.chars();
        let letter = chars.next()?.to_ascii_lowercase();
        if !('a'..='q').contains(&letter) {
            return None;
        }
        let digits = chars.as_str();
        if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let rank: i8 = digits.parse().ok().filter(|r| (1..=17).contains(r))?;
        self.at(letter as i8 - b'a' as i8 - 8, rank - 9)
    }

    /// The centre of a hole as drawn: x across (1 between neighbours), y
    /// downwards.
    pub fn centre(&self, cell: usize) -> (f32, f32) {
        let (q, y) = self.coords[cell];
        ((2 * q + y) as f32 * 0.5, -(y as f32) * 3f32.sqrt() / 2.0)
    }
}

/// How far towards corner `target`'s point a hole lies: 8 at the point,
/// 5 on the corner's base row, -8 at the opposite point.
pub fn progress(target: u8, (q, y): (i8, i8)) -> i8 {
    let yc = -q - y;
    match target {
        0 => -y,
        1 => yc,
        2 => -q,
        3 => y,
        4 => -yc,
        _ => q,
    }
}

/// The corner facing corner `k`.
pub const fn opposite(corner: u8) -> u8 {
    (corner + 3) % 6
}

/// The home corner of each player, by number of players: two face each
/// other; three take alternate corners; four are two facing pairs; six
/// fill the star. Play goes clockwise.
pub fn home_corners(players: usize) -> &'static [u8] {
    match players {
        2 => &[0, 3],
        3 => &[0, 2, 4],
        4 => &[0, 1, 3, 4],
        _ => &[0, 1, 2, 3, 4, 5],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_star_has_its_rows_names_and_corners() {
        let star = &*STAR;
        let lengths: Vec<u8> = star.rows.iter().map(|r| r.1).collect();
        assert_eq!(lengths, [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]);
        assert_eq!(star.name(0), "e17");
        assert_eq!(star.name(60), "i9");
        assert_eq!(star.name(120), "m1");
        for cell in 0..CELLS {
            assert_eq!(star.parse(&star.name(cell)), Some(cell as u8));
        }
        assert_eq!(star.parse("a1"), None, "off the star");
        assert_eq!(star.parse("m01"), None);
        assert_eq!(star.corner[120], 0);
        assert_eq!(star.corner[0], 3);
        assert_eq!(star.corner_holes[0][9], 120, "the point is the deepest hole");
        for k in 0..6u8 {
            assert_eq!(star.corner_mask[k as usize].count_ones(), 10);
            let tip = star.corner_holes[k as usize][9] as usize;
            assert_eq!(progress(k, star.coords[tip]), 8);
            let far = star.corner_holes[opposite(k) as usize][9] as usize;
            assert_eq!(progress(k, star.coords[far]), -8);
        }
    }

    #[test]
    fn neighbours_and_hops_are_symmetric() {
        let star = &*STAR;
        let mut links = 0;
        for cell in 0..CELLS {
            for d in 0..6 {
                let n = star.neighbours[cell][d];
                if n != NONE {
                    links += 1;
                    assert_eq!(star.neighbours[n as usize][(d + 3) % 6], cell as u8);
                }
                let h = star.hops[cell][d];
                if h != NONE {
                    assert_eq!(star.hops[h as usize][(d + 3) % 6], cell as u8);
                }
            }
        }
        // The hexagon of side 5 has 9·25 - 15·5 + 6 = 156 lattice edges;
        // each corner makes a triangle of side 5 (30 edges) with the
        // hexagon's side, whose 4 edges are counted already: 156 + 6·26.
        assert_eq!(links, 2 * 312);
    }
}
