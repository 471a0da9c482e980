//! Where a marble may go: steps, hop chains and swaps, as bit sets of
//! holes; and the click paths that choose them.
//!
//! A move is a marble's start and end hole. Every hop chain that ends on
//! the same hole is the same move (the board after it is the same), so the
//! destinations of a marble are found by a search over the holes its hops
//! can reach, without listing chains.

use rules_api::{ClickPath, Move};

use crate::board::{Star, CELLS, NONE, STAR};

/// What a destination search needs to know about the board.
#[derive(Clone, Copy)]
pub(crate) struct Scene<'a> {
    /// Who stands on each hole ([`NONE`] for an empty one).
    pub cells: &'a [u8; CELLS],
    /// The occupied holes.
    pub occupied: u128,
    /// The mover.
    pub player: u8,
    /// The mover's destination corner.
    pub target: u8,
}

/// The bit of a hole.
pub(crate) const fn bit(cell: u8) -> u128 {
    1u128 << cell
}

impl Scene<'_> {
    /// Whether the mover's destination corner has no empty hole, the only
    /// time a marble entering it may swap with an opponent's (the rule
    /// against blocking a corner).
    fn corner_full(&self) -> bool {
        let mask = STAR.corner_mask[self.target as usize];
        self.occupied & mask == mask
    }

    /// The rules for a marble leaving `from`: the holes it may land on at
    /// all (inside its destination corner only, once it stands there) and
    /// whether it may end by swapping with an opponent's marble.
    fn limits(&self, from: u8) -> (u128, bool) {
        let star = &*STAR;
        if star.corner[from as usize] == self.target {
            (star.corner_mask[self.target as usize], false)
        } else {
            (u128::MAX, self.corner_full())
        }
    }

    /// Whether a chain may end on the occupied hole `cell` by a swap.
    fn swappable(&self, cell: u8, swaps: bool) -> bool {
        swaps && STAR.corner[cell as usize] == self.target && self.cells[cell as usize] != self.player
    }

    /// Every hole the marble on `from` may end its move on: empty holes
    /// reached by a step or a chain of hops, and occupied holes of the
    /// destination corner it may swap into. Allocation-free.
    pub fn destinations(&self, from: u8) -> u128 {
        let star: &Star = &STAR;
        let (allowed, swaps) = self.limits(from);
        let mut found = 0u128;
        for &n in &star.neighbours[from as usize] {
            if n != NONE && allowed & bit(n) != 0 && (self.occupied & bit(n) == 0 || self.swappable(n, swaps)) {
                found |= bit(n);
            }
        }
        // The marble has left `from`: it is neither a piece to hop over nor
        // a hole to land on again (a chain never lands twice on a hole).
        let pieces = self.occupied & !bit(from);
        let mut seen = bit(from);
        let mut stack = [0u8; CELLS];
        let mut depth = 1;
        stack[0] = from;
        while depth > 0 {
            depth -= 1;
            let at = stack[depth] as usize;
            for d in 0..6 {
                let (over, land) = (star.neighbours[at][d], star.hops[at][d]);
                if land == NONE || pieces & bit(over) == 0 || allowed & bit(land) == 0 {
                    continue;
                }
                if pieces & bit(land) != 0 {
                    if self.swappable(land, swaps) {
                        found |= bit(land);
                    }
                } else if seen & bit(land) == 0 {
                    seen |= bit(land);
                    found |= bit(land);
                    stack[depth] = land;
                    depth += 1;
                }
            }
        }
        found
    }

    /// Pushes the click paths of every move of the marble on `from`: the
    /// marble, then each hop's landing (a swap ends on the swapped
    /// marble). Each destination gets its shortest chain (found first, in
    /// a fixed direction order), then other chains up to
    /// [`PATHS_PER_MOVE`] while the search lasts ([`SEARCH_BUDGET`]
    /// chains tried per marble): a crowded board can hold thousands of
    /// chains to one hole.
    pub fn click_paths(&self, from: u8, out: &mut Vec<ClickPath>) {
        let star: &Star = &STAR;
        let (allowed, swaps) = self.limits(from);
        for &n in &star.neighbours[from as usize] {
            if n != NONE && allowed & bit(n) != 0 && (self.occupied & bit(n) == 0 || self.swappable(n, swaps)) {
                out.push(ClickPath::through(Move::new(from as u16, n as u16), &[from as u16, n as u16]));
            }
        }
        let mut chains = Chains {
            scene: self,
            from,
            allowed,
            swaps,
            counts: [0; CELLS],
            budget: SEARCH_BUDGET,
            shortest: Vec::new(),
        };
        chains.shortest = vec![None; CELLS];
        for route in chains.shortest_routes() {
            chains.emit(&route, out);
            let last = route[route.len() - 1] as usize;
            chains.shortest[last] = Some(route);
        }
        let mut route = vec![from];
        chains.every(&mut route, out);
    }
}

impl Scene<'_> {
    /// The holes of the shortest way from `from` to `to` (a step, or the
    /// first chain of fewest hops in a fixed direction order), for the
    /// standard notation; empty when `to` is not a destination.
    pub fn route(&self, from: u8, to: u8) -> Vec<u8> {
        if self.destinations(from) & bit(to) == 0 {
            return Vec::new();
        }
        if STAR.neighbours[from as usize].contains(&to) {
            return vec![from, to];
        }
        let (allowed, swaps) = self.limits(from);
        let chains = Chains { scene: self, from, allowed, swaps, counts: [0; CELLS], budget: 0, shortest: Vec::new() };
        chains.shortest_routes().into_iter().find(|r| r.last() == Some(&to)).unwrap_or_default()
    }
}

/// Most click paths listed for one move.
pub const PATHS_PER_MOVE: u8 = 8;
/// Most hop chains the click-path search tries per marble.
pub const SEARCH_BUDGET: u32 = 20_000;

/// The hop chains of one marble, for click paths.
struct Chains<'s, 'a> {
    scene: &'s Scene<'a>,
    from: u8,
    allowed: u128,
    swaps: bool,
    counts: [u8; CELLS],
    budget: u32,
    shortest: Vec<Option<Vec<u8>>>,
}

impl Chains<'_, '_> {
    fn pieces(&self) -> u128 {
        self.scene.occupied & !bit(self.from)
    }

    /// The hops from `at`: (landing, whether it ends in a swap).
    fn hops(&self, at: u8) -> impl Iterator<Item = (u8, bool)> + '_ {
        let star: &Star = &STAR;
        let pieces = self.pieces();
        (0..6).filter_map(move |d| {
            let (over, land) = (star.neighbours[at as usize][d], star.hops[at as usize][d]);
            if land == NONE || pieces & bit(over) == 0 || self.allowed & bit(land) == 0 {
                return None;
            }
            if pieces & bit(land) != 0 {
                return self.scene.swappable(land, self.swaps).then_some((land, true));
            }
            Some((land, false))
        })
    }

    /// The shortest chain to every hole the hops reach, by breadth-first
    /// search.
    fn shortest_routes(&self) -> Vec<Vec<u8>> {
        let mut parent = [NONE; CELLS];
        let mut seen = bit(self.from);
        let mut queue = vec![self.from];
        let mut routes = Vec::new();
        let mut head = 0;
        while head < queue.len() {
            let at = queue[head];
            head += 1;
            for (land, swap) in self.hops(at) {
                if seen & bit(land) != 0 {
                    continue;
                }
                seen |= bit(land);
                parent[land as usize] = at;
                let mut route = vec![land];
                let mut back = at;
                while back != self.from {
                    route.push(back);
                    back = parent[back as usize];
                }
                route.push(self.from);
                route.reverse();
                routes.push(route);
                if !swap {
                    queue.push(land);
                }
            }
        }
        routes
    }

    fn emit(&mut self, route: &[u8], out: &mut Vec<ClickPath>) {
        let last = *route.last().expect("a route has a start");
        self.counts[last as usize] += 1;
        let cells: Vec<u16> = route.iter().map(|&c| c as u16).collect();
        out.push(ClickPath::through(Move::new(self.from as u16, last as u16), &cells));
    }

    /// Every other chain, depth first, while the budget lasts.
    fn every(&mut self, route: &mut Vec<u8>, out: &mut Vec<ClickPath>) {
        let at = *route.last().expect("a route has a start");
        let next: Vec<(u8, bool)> = self.hops(at).collect();
        for (land, swap) in next {
            if self.budget == 0 {
                return;
            }
            if route.contains(&land) {
                continue;
            }
            self.budget -= 1;
            route.push(land);
            // The shortest chain to this hole is already listed.
            let listed = self.shortest[land as usize].as_deref() == Some(&route[..]);
            if !listed && self.counts[land as usize] < PATHS_PER_MOVE {
                self.emit(route, out);
            }
            if !swap {
                self.every(route, out);
            }
            route.pop();
        }
    }
}
