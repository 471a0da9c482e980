//! Move generation: ordinary moves and whole capture sequences.
//!
//! A capture sequence is one move. It is found by a depth-first search
//! over the jumps, with the captured pieces left on the board until the
//! sequence is complete (they cannot be jumped twice and they block the
//! way, FMJD's "Turkish strike" rule) and the capturing piece's own square
//! empty. Sequences that take the same pieces from the same start to the
//! same end reach the same position and are one move; the first found is
//! kept, with its landing squares.
//!
//! A flying king that takes a piece may land on any free square beyond
//! it. Going on in the same direction from one of those squares is the
//! same capture as going on from the first, so only the first square
//! behind the captured piece continues straight on (it is also the square
//! PDN writes for such a leg); every landing square may turn.

use rules_api::RVec;
use rules_api::{Move, CELL_NONE};

use crate::board::{forward, squares, Board, Layout, NONE};
use crate::colour::Colour;
use crate::rule::Rule;

/// The most pieces one capture can take (every piece of a full side).
pub const MAX_CAPTURES: usize = 20;

/// One complete capture sequence.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Capture {
    /// The capturing piece's square index.
    pub from: u8,
    /// Where it stops.
    pub to: u8,
    /// How many pieces it takes (also the number of landings).
    pub count: u8,
    /// The captured pieces.
    pub captured: u64,
    /// The squares it lands on after each piece taken; the last is `to`.
    pub landings: [u8; MAX_CAPTURES],
    /// A man that ends on its crowning row.
    pub promotes: bool,
}

impl Capture {
    /// The landing squares, in order.
    pub fn path(&self) -> &[u8] {
        &self.landings[..self.count as usize]
    }

    /// The boundary move: `tag` is this capture's index in the position's
    /// capture list.
    pub fn to_move(&self, index: usize) -> Move {
        Move { from: self.from as u16, to: self.to as u16, extra: 0, tag: index as u16 }
    }
}

/// The capture sequences of `colour` on `board`, in a fixed order (by
/// square, then direction, then landing square), written into `out`:
/// the legal captures, one per set of pieces taken from one square to
/// another. With the majority rule only those taking the most pieces are
/// kept.
pub fn captures(rule: Rule, board: &Board, colour: Colour, out: &mut Vec<Capture>) {
    search(rule, board, colour, true, out);
}

/// Every route of every legal capture, in the same order: a capture that
/// can take its pieces in more than one order (round a loop either way)
/// appears once per route, the route [`captures`] keeps first.
pub fn capture_routes(rule: Rule, board: &Board, colour: Colour, out: &mut Vec<Capture>) {
    search(rule, board, colour, false, out);
}

fn search(rule: Rule, board: &Board, colour: Colour, one_route: bool, out: &mut Vec<Capture>) {
    out.clear();
    let layout = rule.layout();
    let mut search = Search {
        layout,
        rule,
        colour,
        opponents: board.pieces(colour.opponent()),
        blocked: board.occupied(),
        crowning: layout.crowning_row(colour),
        king: false,
        from: 0,
        captured: 0,
        landings: [NONE; MAX_CAPTURES],
        best: 1,
        one_route,
        out,
    };
    for sq in squares(board.pieces(colour)) {
        search.king = board.kings[colour.index()] & (1u64 << sq) != 0;
        search.from = sq;
        // The capturing piece has left its square for the whole sequence.
        search.blocked = board.occupied() & !(1u64 << sq);
        search.jumps(sq, 0, None);
    }
}

/// The index in `list` (a [`captures`] list) of the capture `route`
/// belongs to: the same pieces taken from the same square to the same
/// square.
pub fn index_of(list: &[Capture], route: &Capture) -> Option<usize> {
    list.iter().position(|c| c.from == route.from && c.to == route.to && c.captured == route.captured)
}

/// Whether `colour` has any capture on `board` (one jump is enough).
pub fn any_capture(rule: Rule, board: &Board, colour: Colour) -> bool {
    let layout = rule.layout();
    let (opponents, occupied) = (board.pieces(colour.opponent()), board.occupied());
    let kings = board.kings[colour.index()];
    squares(board.pieces(colour)).any(|sq| {
        let king = kings & (1u64 << sq) != 0;
        (0..4).any(|dir| {
            if !king && !rule.men_capture_backwards() && !forward(colour).contains(&dir) {
                return false;
            }
            let mut next = layout.step(sq, dir);
            if king && rule.flying_kings() {
                while next != NONE && occupied & (1u64 << next) == 0 {
                    next = layout.step(next, dir);
                }
            }
            if next == NONE || opponents & (1u64 << next) == 0 {
                return false;
            }
            let beyond = layout.step(next, dir);
            beyond != NONE && occupied & (1u64 << beyond) == 0
        })
    })
}

/// Pushes every ordinary (non-capturing) move of `colour` onto `out`,
/// by square, then direction, then distance.
pub fn quiet_moves(rule: Rule, board: &Board, colour: Colour, out: &mut RVec<Move>) {
    let layout = rule.layout();
    let empty = !board.occupied();
    for sq in squares(board.men[colour.index()]) {
        for dir in forward(colour) {
            let to = layout.step(sq, dir);
            if to != NONE && empty & (1u64 << to) != 0 {
                out.push(Move::new(sq as u16, to as u16));
            }
        }
    }
    for sq in squares(board.kings[colour.index()]) {
        for dir in 0..4 {
            let mut to = layout.step(sq, dir);
            while to != NONE && empty & (1u64 << to) != 0 {
                out.push(Move::new(sq as u16, to as u16));
                if !rule.flying_kings() {
                    break;
                }
                to = layout.step(to, dir);
            }
        }
    }
}

/// The number of ordinary moves of `colour`, without writing them.
pub fn count_quiet_moves(rule: Rule, board: &Board, colour: Colour) -> u64 {
    let layout = rule.layout();
    let empty = !board.occupied();
    let mut count = 0u64;
    for sq in squares(board.men[colour.index()]) {
        for dir in forward(colour) {
            let to = layout.step(sq, dir);
            count += u64::from(to != NONE && empty & (1u64 << to) != 0);
        }
    }
    for sq in squares(board.kings[colour.index()]) {
        for dir in 0..4 {
            let mut to = layout.step(sq, dir);
            while to != NONE && empty & (1u64 << to) != 0 {
                count += 1;
                if !rule.flying_kings() {
                    break;
                }
                to = layout.step(to, dir);
            }
        }
    }
    count
}

/// Whether `m` is an ordinary move of `colour` on `board` (the caller has
/// checked that no capture is compulsory).
pub fn is_quiet_move(rule: Rule, board: &Board, colour: Colour, m: Move) -> bool {
    let layout = rule.layout();
    if m.extra != 0 || m.tag != 0 || m.from == CELL_NONE || m.from >= layout.squares as u16 {
        return false;
    }
    let (from, to) = (m.from as u8, m.to);
    let bit = 1u64 << from;
    let king = board.kings[colour.index()] & bit != 0;
    if !king && board.men[colour.index()] & bit == 0 {
        return false;
    }
    let empty = !board.occupied();
    (0..4).filter(|dir| king || forward(colour).contains(dir)).any(|dir| {
        let mut sq = layout.step(from, dir);
        while sq != NONE && empty & (1u64 << sq) != 0 {
            if sq as u16 == to {
                return true;
            }
            if !king || !rule.flying_kings() {
                break;
            }
            sq = layout.step(sq, dir);
        }
        false
    })
}

/// The state of the capture search for one piece.
struct Search<'a> {
    layout: &'a Layout,
    rule: Rule,
    colour: Colour,
    opponents: u64,
    /// Occupied squares, the capturing piece's own square left out; the
    /// pieces already taken stay on it until the sequence is complete.
    blocked: u64,
    crowning: u64,
    king: bool,
    from: u8,
    captured: u64,
    landings: [u8; MAX_CAPTURES],
    /// The most pieces any sequence found so far takes (majority rule).
    best: u8,
    /// Keep one route per set of pieces taken (otherwise every route).
    one_route: bool,
    out: &'a mut Vec<Capture>,
}

impl Search<'_> {
    /// Tries every jump from `at` after `depth` pieces taken; `straight`
    /// is a direction this landing may not go on in (see the module
    /// documentation). Records the sequence when no jump is possible.
    fn jumps(&mut self, at: u8, depth: usize, straight: Option<usize>) {
        let mut went_on = false;
        for dir in 0..4 {
            if Some(dir) == straight || (!self.king && !self.rule.men_capture_backwards() && !self.forward(dir)) {
                continue;
            }
            if self.king && self.rule.flying_kings() {
                went_on |= self.flying_jump(at, depth, dir);
            } else {
                went_on |= self.short_jump(at, depth, dir);
            }
        }
        if !went_on && depth > 0 {
            self.record(at, depth);
        }
    }

    fn forward(&self, dir: usize) -> bool {
        forward(self.colour).contains(&dir)
    }

    /// The opponent's piece `victim` can be taken: not taken already.
    fn takeable(&self, victim: u8) -> bool {
        let bit = 1u64 << victim;
        self.opponents & bit != 0 && self.captured & bit == 0
    }

    fn free(&self, sq: u8) -> bool {
        sq != NONE && self.blocked & (1u64 << sq) == 0
    }

    fn short_jump(&mut self, at: u8, depth: usize, dir: usize) -> bool {
        let victim = self.layout.step(at, dir);
        if victim == NONE || !self.takeable(victim) {
            return false;
        }
        let land = self.layout.step(victim, dir);
        if !self.free(land) || depth == MAX_CAPTURES {
            return false;
        }
        self.captured |= 1u64 << victim;
        self.landings[depth] = land;
        let crowned = !self.king && self.rule.crowning_ends_capture() && self.crowning & (1u64 << land) != 0;
        if crowned {
            self.record(land, depth + 1);
        } else {
            self.jumps(land, depth + 1, None);
        }
        self.captured &= !(1u64 << victim);
        true
    }

    fn flying_jump(&mut self, at: u8, depth: usize, dir: usize) -> bool {
        let mut victim = self.layout.step(at, dir);
        while self.free(victim) {
            victim = self.layout.step(victim, dir);
        }
        if victim == NONE || !self.takeable(victim) || depth == MAX_CAPTURES {
            return false;
        }
        let mut land = self.layout.step(victim, dir);
        if !self.free(land) {
            return false;
        }
        self.captured |= 1u64 << victim;
        let mut first = true;
        while self.free(land) {
            self.landings[depth] = land;
            self.jumps(land, depth + 1, if first { None } else { Some(dir) });
            first = false;
            land = self.layout.step(land, dir);
        }
        self.captured &= !(1u64 << victim);
        true
    }

    fn record(&mut self, to: u8, count: usize) {
        let count = count as u8;
        if self.rule.majority_capture() {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.best = count;
                self.out.clear();
            }
        }
        let (from, captured) = (self.from, self.captured);
        if self.one_route && self.out.iter().any(|c| c.from == from && c.to == to && c.captured == captured) {
            return;
        }
        let promotes = !self.king && self.crowning & (1u64 << to) != 0;
        let mut landings = [NONE; MAX_CAPTURES];
        landings[..count as usize].copy_from_slice(&self.landings[..count as usize]);
        self.out.push(Capture { from, to, count, captured, landings, promotes });
    }
}
