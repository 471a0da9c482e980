//! The two-distance potential of Anshelevich's and van Rijswijck's Hex
//! programs: a cell's two-distance from an edge is one more than the
//! *second* best two-distance among its neighbours (the cells next to the
//! edge have 1), so a connection counts as close only when the opponent
//! cannot cut it with one stone. A player's own stones are transparent:
//! the empty cells around a group are all neighbours of each other, and a
//! group on the edge makes its neighbours edge cells. The potential is
//! the least `near + far` over the empty cells, and how many cells reach
//! it says how many ways the player has.
//!
//! Everything works on fixed arrays: no allocation per evaluation.

use crate::graph::{for_neighbours, on_edge, stone, EMPTY, FAR, MAX_CELLS};

/// No group.
const NONE: u16 = u16::MAX;

/// Groups of one player's stones and the edges they touch.
struct Groups {
    /// The group of each stone of the player, [`NONE`] elsewhere.
    id: [u16; MAX_CELLS],
    /// Per group: touches the first edge, touches the second.
    edges: [(bool, bool); MAX_CELLS],
    count: usize,
}

impl Groups {
    fn of(cells: &[u8], n: usize, player: u8) -> Groups {
        let own = stone(player);
        let mut g = Groups { id: [NONE; MAX_CELLS], edges: [(false, false); MAX_CELLS], count: 0 };
        let mut stack = [0u16; MAX_CELLS];
        for start in 0..n * n {
            if cells[start] != own || g.id[start] != NONE {
                continue;
            }
            let label = g.count as u16;
            g.count += 1;
            g.id[start] = label;
            let mut top = 1;
            stack[0] = start as u16;
            while top > 0 {
                top -= 1;
                let c = stack[top] as usize;
                let e = &mut g.edges[label as usize];
                e.0 |= on_edge(n, player, false, c);
                e.1 |= on_edge(n, player, true, c);
                for_neighbours(n, c, |m| {
                    if cells[m] == own && g.id[m] == NONE {
                        g.id[m] = label;
                        stack[top] = m as u16;
                        top += 1;
                    }
                });
            }
        }
        g
    }
}

/// The empty cells next to each group, in one flat list (`start[g]` ..
/// `start[g + 1]`).
struct GroupRims {
    start: [u16; MAX_CELLS + 1],
    cells: [u16; 6 * MAX_CELLS],
}

impl GroupRims {
    fn of(cells: &[u8], n: usize, groups: &Groups) -> GroupRims {
        let mut rims = GroupRims { start: [0; MAX_CELLS + 1], cells: [0; 6 * MAX_CELLS] };
        // Count, then place: every (group, empty neighbour) pair once.
        let mut counts = [0u16; MAX_CELLS + 1];
        let each_pair = |f: &mut dyn FnMut(u16, u16)| {
            for c in (0..n * n).filter(|&c| cells[c] == EMPTY) {
                let mut seen = [NONE; 6];
                let mut k = 0;
                for_neighbours(n, c, |m| {
                    let g = groups.id[m];
                    if g != NONE && !seen[..k].contains(&g) {
                        seen[k] = g;
                        k += 1;
                        f(g, c as u16);
                    }
                });
            }
        };
        each_pair(&mut |g, _| counts[g as usize + 1] += 1);
        for g in 0..groups.count {
            rims.start[g + 1] = rims.start[g] + counts[g + 1];
        }
        let mut fill = rims.start;
        each_pair(&mut |g, c| {
            rims.cells[fill[g as usize] as usize] = c;
            fill[g as usize] += 1;
        });
        rims
    }

    fn of_group(&self, g: u16) -> &[u16] {
        &self.cells[self.start[g as usize] as usize..self.start[g as usize + 1] as usize]
    }
}

/// Two-distances of every empty cell from one of `player`'s edges, settled
/// in increasing order: a cell's value is fixed when a second distinct
/// neighbour (through the player's groups too) has been settled.
fn from_edge(
    cells: &[u8],
    n: usize,
    player: u8,
    far: bool,
    groups: &Groups,
    rims: &GroupRims,
    out: &mut [u16; MAX_CELLS],
) {
    out[..n * n].fill(FAR);
    let mut offers = [0u8; MAX_CELLS];
    let mut stamp = [u16::MAX; MAX_CELLS];
    // Cells in settling order: values never decrease along the queue.
    let mut queue = [0u16; MAX_CELLS];
    let (mut head, mut tail) = (0, 0);
    let group_on_edge = |g: u16| {
        let e = groups.edges[g as usize];
        if far {
            e.1
        } else {
            e.0
        }
    };
    for c in (0..n * n).filter(|&c| cells[c] == EMPTY) {
        let mut touches = on_edge(n, player, far, c);
        for_neighbours(n, c, |m| touches |= groups.id[m] != NONE && group_on_edge(groups.id[m]));
        if touches {
            out[c] = 1;
            queue[tail] = c as u16;
            tail += 1;
        }
    }
    while head < tail {
        let x = queue[head] as usize;
        head += 1;
        let value = out[x] + 1;
        let mut offer = |y: usize| {
            if y == x || out[y] < FAR || stamp[y] == x as u16 {
                return;
            }
            stamp[y] = x as u16;
            offers[y] += 1;
            if offers[y] == 2 {
                out[y] = value;
                queue[tail] = y as u16;
                tail += 1;
            }
        };
        for_neighbours(n, x, |m| {
            if cells[m] == EMPTY {
                offer(m);
            } else if groups.id[m] != NONE {
                for &y in rims.of_group(groups.id[m]) {
                    offer(y as usize);
                }
            }
        });
    }
}

/// A player's two-distance potential (least `near + far` over the empty
/// cells, [`FAR`] when there is none) and how many cells reach it.
pub fn potential(cells: &[u8], n: usize, player: u8) -> (u16, u16) {
    let groups = Groups::of(cells, n, player);
    let rims = GroupRims::of(cells, n, &groups);
    let (mut near, mut far) = ([FAR; MAX_CELLS], [FAR; MAX_CELLS]);
    from_edge(cells, n, player, false, &groups, &rims, &mut near);
    from_edge(cells, n, player, true, &groups, &rims, &mut far);
    let mut best = (FAR, 0);
    for c in (0..n * n).filter(|&c| cells[c] == EMPTY) {
        let p = near[c].saturating_add(far[c]).min(FAR);
        if p < best.0 {
            best = (p, 1);
        } else if p == best.0 && p < FAR {
            best.1 += 1;
        }
    }
    best
}
