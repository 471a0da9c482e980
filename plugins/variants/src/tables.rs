//! Move and attack tables, built once per variant from the pieces' legs.
//!
//! Moves: for every player, kind and square, the rays the piece may follow
//! (already clipped to the board and to the kind's region), so generation
//! walks a list instead of computing coordinates. Attacks: for every player
//! and target square, the squares and lines from which that player's pieces
//! could capture there, with a mask of the kinds that do it from each
//! distance; "is this square attacked" walks a few lines from the target.

use std::collections::HashMap;

use crate::betza::{Leg, CAPTURE, MOVE, NO_HOP};
use crate::kind::PieceKind;
use crate::squares::{Squares, NO_SQ};

/// A line (or single square) a piece may move along.
#[derive(Clone, Copy, Debug)]
pub struct Ray {
    /// First square in [`Tables::pool`].
    pub start: u32,
    /// Number of squares.
    pub len: u16,
    /// `MOVE` and/or `CAPTURE`.
    pub modes: u8,
    /// The piece must jump exactly one piece before landing
    /// ([`crate::betza::HOP_ANY`], [`crate::betza::HOP_ONE`]).
    pub hop: u8,
    /// Squares that must be empty for a lame leap ([`NO_SQ`] = none).
    pub lame: [u16; 2],
}

/// A square from which a leaper attacks the target.
#[derive(Clone, Copy, Debug)]
pub struct Leap {
    /// Where the attacker stands.
    pub sq: u16,
    /// Squares that must be empty (lame leapers).
    pub lame: [u16; 2],
    /// Kinds attacking from there.
    pub mask: u32,
}

/// A line from the target along which riders (or hoppers) attack it.
#[derive(Clone, Copy, Debug)]
pub struct AttackRay {
    /// First square (nearest the target) in [`Tables::attack_pool`].
    pub start: u32,
    /// Number of squares.
    pub len: u16,
    /// Attackers jump one screen: [`crate::betza::HOP_ANY`] anywhere on the
    /// line (cannons), [`crate::betza::HOP_ONE`] next to the target
    /// (grasshoppers).
    pub hop: u8,
    /// Every kind that attacks along it from some distance.
    pub any: u32,
}

/// All tables of a variant.
#[derive(Clone, Debug, Default)]
pub struct Tables {
    nkinds: usize,
    nsq: usize,
    /// Squares of the move rays.
    pub pool: Vec<u16>,
    /// Move rays.
    pub rays: Vec<Ray>,
    moves: Vec<(u32, u32)>,
    /// Leaper attacks.
    pub leaps: Vec<Leap>,
    leap_at: Vec<(u32, u32)>,
    /// Rider attacks.
    pub attack_rays: Vec<AttackRay>,
    attack_at: Vec<(u32, u32)>,
    /// Squares of the attack rays.
    pub attack_pool: Vec<u16>,
    /// Kinds that attack from each square of [`Tables::attack_pool`].
    pub attack_mask: Vec<u32>,
    mobile: Vec<bool>,
}

/// Board shape for building.
#[derive(Clone, Copy)]
pub struct Shape {
    /// Columns.
    pub files: i32,
    /// Rows.
    pub ranks: i32,
}

impl Shape {
    fn at(&self, f: i32, r: i32) -> Option<u16> {
        (f >= 0 && r >= 0 && f < self.files && r < self.ranks).then(|| (r * self.files + f) as u16)
    }
}

/// The squares a lame leap of `(dx, dy)` passes: straight steps along the
/// longer axis first, then diagonal ones (the xiangqi horse's leg).
fn lame_path(dx: i32, dy: i32) -> Vec<(i32, i32)> {
    let (ax, ay) = (dx.abs(), dy.abs());
    let (sx, sy) = (dx.signum(), dy.signum());
    let (long, short) = (ax.max(ay), ax.min(ay));
    let mut path = Vec::new();
    let (mut x, mut y) = (0, 0);
    for i in 0..long - 1 {
        if i < long - short {
            if ax >= ay {
                x += sx;
            } else {
                y += sy;
            }
        } else {
            x += sx;
            y += sy;
        }
        path.push((x, y));
    }
    path
}

impl Tables {
    /// Builds the tables. `initial(player, kind, square)` says whether a
    /// kind may use its first-move legs from that square; `lines` are the
    /// squares joined by diagonal lines, along which kinds' line legs run.
    pub fn build(shape: Shape, kinds: &[PieceKind], lines: Squares, initial: impl Fn(u8, u8, u16) -> bool) -> Tables {
        let nsq = (shape.files * shape.ranks) as usize;
        let nk = kinds.len();
        let mut t = Tables { nkinds: nk, nsq, ..Tables::default() };
        t.moves = vec![(0, 0); 2 * nk * nsq];
        t.mobile = vec![false; 2 * nk * nsq];
        for player in 0..2u8 {
            for (k, kind) in kinds.iter().enumerate() {
                for sq in 0..nsq as u16 {
                    let first = t.rays.len() as u32;
                    if kind.region[player as usize].has(sq) {
                        t.add_rays(shape, kind, &kind.legs, player, k as u8, sq, &initial, None);
                        if lines.has(sq) {
                            t.add_rays(shape, kind, &kind.line_legs, player, k as u8, sq, &initial, Some(lines));
                        }
                        if kind.zone_legs.1[player as usize].has(sq) {
                            t.add_rays(shape, kind, &kind.zone_legs.0, player, k as u8, sq, &initial, None);
                        }
                    }
                    let idx = (player as usize * nk + k) * nsq + sq as usize;
                    t.moves[idx] = (first, t.rays.len() as u32);
                    t.mobile[idx] = t.rays[first as usize..].iter().any(|r| r.modes & MOVE != 0);
                }
            }
        }
        t.build_attacks(shape);
        t
    }

    #[allow(clippy::too_many_arguments)]
    fn add_rays(
        &mut self,
        shape: Shape,
        kind: &PieceKind,
        legs: &[Leg],
        player: u8,
        k: u8,
        sq: u16,
        initial: &impl Fn(u8, u8, u16) -> bool,
        within: Option<Squares>,
    ) {
        let (f0, r0) = (sq as i32 % shape.files, sq as i32 / shape.files);
        for leg in legs {
            if leg.initial && !initial(player, k, sq) {
                continue;
            }
            // The second player's board is turned round: forward is down
            // and its left is the first player's right.
            let sign = if player == 0 { 1 } else { -1 };
            let (dx, dy) = (leg.dx as i32 * sign, leg.dy as i32 * sign);
            let start = self.pool.len() as u32;
            let max = if leg.range == 0 { i32::MAX } else { leg.range as i32 };
            let mut step = 1;
            while step <= max {
                let Some(to) = shape.at(f0 + dx * step, r0 + dy * step) else { break };
                if !kind.region[player as usize].has(to) || within.is_some_and(|w| !w.has(to)) {
                    break;
                }
                self.pool.push(to);
                step += 1;
            }
            let len = (self.pool.len() as u32 - start) as u16;
            if len == 0 {
                continue;
            }
            let mut lame = [NO_SQ; 2];
            if leg.lame {
                for (i, (x, y)) in lame_path(dx, dy).into_iter().take(2).enumerate() {
                    lame[i] = shape.at(f0 + x, r0 + y).unwrap_or(NO_SQ);
                }
            }
            self.rays.push(Ray { start, len, modes: leg.modes, hop: leg.hop, lame });
        }
    }

    fn build_attacks(&mut self, shape: Shape) {
        let (nk, nsq) = (self.nkinds, self.nsq);
        let mut leaps: Vec<Vec<Leap>> = vec![Vec::new(); 2 * nsq];
        // (player, target, dx, dy, hop) -> (squares, masks)
        type Line = (Vec<u16>, Vec<u32>);
        type LineKey = (u8, u16, i32, i32, u8);
        let mut lines: HashMap<LineKey, Line> = HashMap::new();
        let mut order: Vec<Vec<LineKey>> = vec![Vec::new(); 2 * nsq];
        for player in 0..2u8 {
            for k in 0..nk {
                let bit = 1u32 << k;
                for a in 0..nsq {
                    let (lo, hi) = self.moves[(player as usize * nk + k) * nsq + a];
                    for ray in &self.rays[lo as usize..hi as usize] {
                        if ray.modes & CAPTURE == 0 {
                            continue;
                        }
                        let squares = &self.pool[ray.start as usize..(ray.start + ray.len as u32) as usize];
                        // Lame leaps need their leg squares checked; every
                        // other move is a line from the target (a plain
                        // leap is a line of one step).
                        if ray.lame[0] != NO_SQ {
                            let list = &mut leaps[player as usize * nsq + squares[0] as usize];
                            match list.iter_mut().find(|l| l.sq == a as u16 && l.lame == ray.lame) {
                                Some(l) => l.mask |= bit,
                                None => list.push(Leap { sq: a as u16, lame: ray.lame, mask: bit }),
                            }
                            continue;
                        }
                        let (af, ar) = (a as i32 % shape.files, a as i32 / shape.files);
                        let (f1, r1) = (squares[0] as i32 % shape.files, squares[0] as i32 / shape.files);
                        let (dx, dy) = (f1 - af, r1 - ar);
                        for (j, &x) in squares.iter().enumerate() {
                            if ray.hop != NO_HOP && j == 0 {
                                continue;
                            }
                            let key = (player, x, -dx, -dy, ray.hop);
                            let line = lines.entry(key).or_insert_with(|| {
                                order[player as usize * nsq + x as usize].push(key);
                                let (xf, xr) = (x as i32 % shape.files, x as i32 / shape.files);
                                let mut sqs = Vec::new();
                                let mut s = 1;
                                while let Some(y) = shape.at(xf - dx * s, xr - dy * s) {
                                    sqs.push(y);
                                    s += 1;
                                }
                                let n = sqs.len();
                                (sqs, vec![0; n])
                            });
                            // The attacker stands j + 1 steps back from x.
                            line.1[j] |= bit;
                        }
                    }
                }
            }
        }
        self.leap_at = vec![(0, 0); 2 * nsq];
        self.attack_at = vec![(0, 0); 2 * nsq];
        for idx in 0..2 * nsq {
            let first = self.leaps.len() as u32;
            self.leaps.extend(leaps[idx].iter().copied());
            self.leap_at[idx] = (first, self.leaps.len() as u32);
            let first = self.attack_rays.len() as u32;
            for key in &order[idx] {
                let (sqs, masks) = &lines[key];
                // Trim the far end where nothing attacks from.
                let len = masks.iter().rposition(|&m| m != 0).map_or(0, |p| p + 1);
                if len == 0 {
                    continue;
                }
                let start = self.attack_pool.len() as u32;
                self.attack_pool.extend_from_slice(&sqs[..len]);
                self.attack_mask.extend_from_slice(&masks[..len]);
                let any = masks.iter().fold(0, |a, m| a | m);
                self.attack_rays.push(AttackRay { start, len: len as u16, hop: key.4, any });
            }
            self.attack_at[idx] = (first, self.attack_rays.len() as u32);
        }
    }

    /// The move rays of `kind` of `player` on `sq`.
    #[inline]
    pub fn rays_of(&self, player: u8, kind: u8, sq: u16) -> &[Ray] {
        let (lo, hi) = self.moves[(player as usize * self.nkinds + kind as usize) * self.nsq + sq as usize];
        &self.rays[lo as usize..hi as usize]
    }

    /// The squares of a move ray.
    #[inline]
    pub fn squares(&self, ray: &Ray) -> &[u16] {
        &self.pool[ray.start as usize..ray.start as usize + ray.len as usize]
    }

    /// Leaper attacks on `target` by `player`.
    #[inline]
    pub fn leaps_to(&self, player: u8, target: u16) -> &[Leap] {
        let (lo, hi) = self.leap_at[player as usize * self.nsq + target as usize];
        &self.leaps[lo as usize..hi as usize]
    }

    /// Rider attack lines on `target` by `player`.
    #[inline]
    pub fn lines_to(&self, player: u8, target: u16) -> &[AttackRay] {
        let (lo, hi) = self.attack_at[player as usize * self.nsq + target as usize];
        &self.attack_rays[lo as usize..hi as usize]
    }

    /// Whether `kind` of `player` on `sq` could move somewhere on an empty
    /// board (immobility rule).
    #[inline]
    pub fn mobile(&self, player: u8, kind: u8, sq: u16) -> bool {
        self.mobile[(player as usize * self.nkinds + kind as usize) * self.nsq + sq as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::lame_path;

    #[test]
    fn lame_legs_step_straight_then_diagonally() {
        assert_eq!(lame_path(1, 2), vec![(0, 1)]);
        assert_eq!(lame_path(-2, 1), vec![(-1, 0)]);
        assert_eq!(lame_path(2, 2), vec![(1, 1)]);
        assert_eq!(lame_path(0, 2), vec![(0, 1)]);
        assert_eq!(lame_path(0, -3), vec![(0, -1), (0, -2)]);
        assert_eq!(lame_path(3, 2), vec![(1, 0), (2, 1)]);
    }
}
