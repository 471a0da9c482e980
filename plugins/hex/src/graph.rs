//! The board as a graph: neighbours on the rhombus, connection distances
//! between a player's edges, and the winning chain.
//!
//! Cell `row * n + col`; row 0 is row `1` at the top, column 0 is `a` on
//! the left. Each row sits half a cell right of the one above, so the
//! neighbours of (col, row) are (col±1, row), (col, row±1), (col+1, row-1)
//! and (col-1, row+1): `a1` is an acute corner with two neighbours.
//! Red (player 0) joins the top and bottom rows, Blue (player 1) the
//! left and right columns.

/// Largest board side.
pub const MAX_SIZE: usize = 19;
/// Cells on the largest board.
pub const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// An empty cell.
pub const EMPTY: u8 = 0;
/// A stone of player `p` is `p + 1`.
pub const fn stone(player: u8) -> u8 {
    player + 1
}

/// A distance that no connection reaches.
pub const FAR: u16 = u16::MAX / 2;

/// Calls `f` for each neighbour of `cell` on an `n`×`n` board.
#[inline]
pub fn for_neighbours(n: usize, cell: usize, mut f: impl FnMut(usize)) {
    let (row, col) = ((cell / n) as isize, (cell % n) as isize);
    for (dc, dr) in [(-1, 0), (1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)] {
        let (c, r) = (col + dc, row + dr);
        if c >= 0 && r >= 0 && (c as usize) < n && (r as usize) < n {
            f(r as usize * n + c as usize);
        }
    }
}

/// Whether `cell` lies on `player`'s first (`far = false`) or second edge.
#[inline]
pub fn on_edge(n: usize, player: u8, far: bool, cell: usize) -> bool {
    let line = if player == 0 { cell / n } else { cell % n };
    line == if far { n - 1 } else { 0 }
}

/// Distances from one of `player`'s edges: the fewest empty cells to fill
/// to join each cell to that edge through `player`'s stones (the cell
/// itself counted), [`FAR`] through the opponent's stones. A 0-1 breadth
/// first search on fixed buffers: no allocation.
pub fn edge_distances(cells: &[u8], n: usize, player: u8, far: bool, out: &mut [u16; MAX_CELLS]) {
    let own = stone(player);
    let cost = |c: usize| -> Option<u16> {
        match cells[c] {
            EMPTY => Some(1),
            s if s == own => Some(0),
            _ => None,
        }
    };
    out[..n * n].fill(FAR);
    // A ring buffer used as a deque: zero-cost steps go in front.
    const RING: usize = 4096;
    let mut ring = [0u16; RING];
    let (mut head, mut tail) = (0usize, 0usize);
    for c in (0..n * n).filter(|&c| on_edge(n, player, far, c)) {
        if let Some(k) = cost(c) {
            out[c] = k;
            ring[tail % RING] = c as u16;
            tail = tail.wrapping_add(1);
        }
    }
    while head != tail {
        let c = ring[head % RING] as usize;
        head = head.wrapping_add(1);
        let d = out[c];
        for_neighbours(n, c, |m| {
            if let Some(k) = cost(m) {
                if d + k < out[m] {
                    out[m] = d + k;
                    if k == 0 {
                        head = head.wrapping_sub(1);
                        ring[head % RING] = m as u16;
                    } else {
                        ring[tail % RING] = m as u16;
                        tail = tail.wrapping_add(1);
                    }
                }
            }
        });
    }
}

/// Both edge distances of a player and the distance between the edges
/// (the empty cells still needed to connect them).
pub struct Distances {
    /// From the first edge.
    pub near: [u16; MAX_CELLS],
    /// From the second edge.
    pub far: [u16; MAX_CELLS],
    /// Empty cells the player still needs: 0 when connected.
    pub total: u16,
}

impl Distances {
    /// Computes them.
    pub fn of(cells: &[u8], n: usize, player: u8) -> Distances {
        let mut d = Distances { near: [FAR; MAX_CELLS], far: [FAR; MAX_CELLS], total: FAR };
        d.fill(cells, n, player);
        d
    }

    /// Recomputes them in place.
    pub fn fill(&mut self, cells: &[u8], n: usize, player: u8) {
        edge_distances(cells, n, player, false, &mut self.near);
        edge_distances(cells, n, player, true, &mut self.far);
        self.total = (0..n * n).filter(|&c| on_edge(n, player, true, c)).map(|c| self.near[c]).min().unwrap_or(FAR);
    }

    /// How many more empty cells a connection through `cell` needs than
    /// the best one (0: the cell lies on a shortest connection).
    pub fn slack(&self, cells: &[u8], cell: usize) -> u16 {
        let own_cost = if cells[cell] == EMPTY { 1 } else { 0 };
        let through = self.near[cell].saturating_add(self.far[cell]).saturating_sub(own_cost);
        through.saturating_sub(self.total)
    }
}

/// Whether `player`'s group around `start` (which holds one of its
/// stones) touches the first and the second edge.
fn group_reaches(cells: &[u8], n: usize, player: u8, start: usize) -> (bool, bool) {
    let own = stone(player);
    let mut seen = [false; MAX_CELLS];
    let mut stack = [0u16; MAX_CELLS];
    let (mut top, mut near, mut far) = (1usize, false, false);
    stack[0] = start as u16;
    seen[start] = true;
    while top > 0 {
        top -= 1;
        let c = stack[top] as usize;
        near |= on_edge(n, player, false, c);
        far |= on_edge(n, player, true, c);
        for_neighbours(n, c, |m| {
            if !seen[m] && cells[m] == own {
                seen[m] = true;
                stack[top] = m as u16;
                top += 1;
            }
        });
    }
    (near, far)
}

/// Whether the stone just placed on `cell` joins its owner's two edges.
pub fn wins_with(cells: &[u8], n: usize, player: u8, cell: usize) -> bool {
    let (near, far) = group_reaches(cells, n, player, cell);
    near && far
}

/// The stones of a shortest chain of `player`'s stones joining the edges,
/// from the first edge to the second (empty when not connected).
pub fn winning_chain(cells: &[u8], n: usize, player: u8) -> Vec<usize> {
    let own = stone(player);
    let mut from = vec![usize::MAX; n * n];
    let mut queue = std::collections::VecDeque::new();
    for c in (0..n * n).filter(|&c| on_edge(n, player, false, c) && cells[c] == own) {
        from[c] = c;
        queue.push_back(c);
    }
    while let Some(c) = queue.pop_front() {
        if on_edge(n, player, true, c) {
            let mut chain = vec![c];
            let mut at = c;
            while from[at] != at {
                at = from[at];
                chain.push(at);
            }
            chain.reverse();
            return chain;
        }
        for_neighbours(n, c, |m| {
            if from[m] == usize::MAX && cells[m] == own {
                from[m] = c;
                queue.push_back(m);
            }
        });
    }
    Vec::new()
}
