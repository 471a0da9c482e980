//! Area scoring: each player's stones plus the empty points that only that
//! player's stones reach (Tromp–Taylor), with the stones agreed dead taken
//! off first, and komi for White.

use rules_api::{Highlight, HighlightKind, PlayerScore, Status};

use crate::layout::Layout;

/// Why the game ended when the area count decided it.
pub const AREA_COUNT: &str = "area count";
/// Why the game ended when the area count was a tie.
pub const EQUAL_COUNT: &str = "equal area count";

/// A finished count.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// Black's stones and territory.
    pub black: u32,
    /// White's stones and territory (komi not included).
    pub white: u32,
    /// The owner (1 black, 2 white) of each empty or dead point, 0 for
    /// neutral points and for living stones.
    pub territory: Vec<u8>,
}

impl Count {
    /// The scores with komi: Black's, then White's.
    pub fn points(&self, komi: f32) -> (f32, f32) {
        (self.black as f32, self.white as f32 + komi)
    }

    /// The result the count gives.
    pub fn status(&self, komi: f32) -> Status {
        let (b, w) = self.points(komi);
        if b > w {
            Status::win(0, AREA_COUNT)
        } else if w > b {
            Status::win(1, AREA_COUNT)
        } else {
            Status::draw(EQUAL_COUNT)
        }
    }

    /// The scores as the boundary reports them.
    pub fn player_scores(&self, komi: f32) -> [PlayerScore; 2] {
        let (b, w) = self.points(komi);
        [PlayerScore { player: 0, points: b }, PlayerScore { player: 1, points: w }]
    }

    /// Territory marks for each owned empty or dead point.
    pub fn territory_marks(&self) -> impl Iterator<Item = Highlight> + '_ {
        self.territory
            .iter()
            .enumerate()
            .filter(|(_, &o)| o != 0)
            .map(|(p, &o)| Highlight::new(p as u16, HighlightKind::TERRITORY).of(o - 1))
    }
}

/// Counts `cells` (0 empty, 1 black, 2 white) with the stones on the
/// points of `dead` taken off.
pub fn count(layout: &Layout, cells: &[u8], dead: &[bool]) -> Count {
    let n = layout.cells;
    let alive = |p: usize| cells[p] != 0 && !dead[p];
    let mut territory = vec![0u8; n];
    let mut region = vec![u32::MAX; n];
    let mut stack = Vec::new();
    let mut members = Vec::new();
    let (mut black, mut white) = (0u32, 0u32);
    for p in 0..n {
        if alive(p) {
            if cells[p] == 1 {
                black += 1;
            } else {
                white += 1;
            }
            continue;
        }
        if region[p] != u32::MAX {
            continue;
        }
        // Flood the region of empty and dead points through p.
        let mut reaches = 0u8;
        members.clear();
        stack.push(p);
        region[p] = p as u32;
        while let Some(q) = stack.pop() {
            members.push(q);
            for r in layout.around(q) {
                if alive(r) {
                    reaches |= cells[r];
                } else if region[r] == u32::MAX {
                    region[r] = p as u32;
                    stack.push(r);
                }
            }
        }
        if reaches == 1 || reaches == 2 {
            for &q in &members {
                territory[q] = reaches;
            }
            if reaches == 1 {
                black += members.len() as u32;
            } else {
                white += members.len() as u32;
            }
        }
    }
    Count { black, white, territory }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> (Layout, Vec<u8>) {
        let size = rows.len();
        let layout = Layout::new(size);
        let mut cells = vec![0; size * size];
        for (r, row) in rows.iter().enumerate() {
            for (f, ch) in row.chars().enumerate() {
                cells[layout.at(f, size - 1 - r)] = match ch {
                    'x' => 1,
                    'o' => 2,
                    _ => 0,
                };
            }
        }
        (layout, cells)
    }

    #[test]
    fn regions_touching_one_colour_count_for_it() {
        let (layout, cells) = board(&[".x.o.", ".x.o.", ".x.o.", ".x.o.", ".x.o."]);
        let c = count(&layout, &cells, &[false; 25]);
        // Black: 5 stones + 5 points on the a-file; White: 5 + 5; c-file neutral.
        assert_eq!((c.black, c.white), (10, 10));
        assert_eq!(c.status(0.5), Status::win(1, AREA_COUNT));
        assert_eq!(c.status(0.0), Status::draw(EQUAL_COUNT));
    }

    #[test]
    fn dead_stones_become_the_surrounders_territory() {
        let (layout, cells) = board(&["..x..", ".xox.", "..x..", ".....", "....."]);
        let mut dead = vec![false; 25];
        let o = layout.parse("C4").unwrap();
        assert_eq!(cells[o], 2);
        dead[o] = true;
        let c = count(&layout, &cells, &dead);
        assert_eq!((c.black, c.white), (25, 0));
        assert_eq!(c.territory[o], 1);
    }
}
