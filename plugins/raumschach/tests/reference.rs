//! An independent, deliberately plain Raumschach move generator (3D
//! vectors straight from the rules' wording, legality by "can the enemy
//! then take the king"), compared with the plugin's tables-and-rays
//! generator by perft and on every position of seeded random games.

use std::collections::BTreeSet;

use rules_api::plugin::{rules_box, PositionImpl, RulesImpl};
use rules_api::{Move, RVec};
use tabula_kit::rand::Rng as _;
use tabula_raumschach::Raumschach;

type Cell = (i32, i32, i32); // file, rank, level

#[derive(Clone, Copy, PartialEq)]
struct P {
    white: bool,
    kind: char, // K Q R B N U P
}

#[derive(Clone)]
struct Ref {
    cells: std::collections::HashMap<Cell, P>,
    white: bool,
}

fn inside(c: Cell) -> bool {
    [c.0, c.1, c.2].iter().all(|x| (0..5).contains(x))
}

/// A position from the plugin's text: only the placement and side.
fn parse(text: &str) -> Ref {
    let mut fields = text.split_whitespace();
    let mut cells = std::collections::HashMap::new();
    for (level, part) in fields.next().unwrap().split('|').enumerate() {
        for (i, row) in part.split('/').enumerate() {
            let rank = 4 - i as i32;
            let mut file = 0;
            for ch in row.chars() {
                if let Some(d) = ch.to_digit(10) {
                    file += d as i32;
                } else {
                    cells.insert(
                        (file, rank, level as i32),
                        P { white: ch.is_ascii_uppercase(), kind: ch.to_ascii_uppercase() },
                    );
                    file += 1;
                }
            }
        }
    }
    Ref { cells, white: fields.next() == Some("w") }
}

fn name(c: Cell) -> String {
    format!("{}{}{}", (b'A' + c.2 as u8) as char, (b'a' + c.0 as u8) as char, c.1 + 1)
}

/// Every step vector with components in -1..=1 and `n` of them non-zero:
/// one through a face, two through an edge, three through a corner.
fn steps(n: usize) -> Vec<Cell> {
    let mut out = Vec::new();
    for a in -1..=1 {
        for b in -1..=1 {
            for c in -1..=1 {
                if [a, b, c].iter().filter(|&&x| x != 0).count() == n {
                    out.push((a, b, c));
                }
            }
        }
    }
    out
}

impl Ref {
    /// Moves as `from to promo` strings, king safety ignored.
    fn pseudo(&self, white: bool) -> Vec<(Cell, Cell, char)> {
        let mut out = Vec::new();
        let add = |c: Cell, d: Cell| (c.0 + d.0, c.1 + d.1, c.2 + d.2);
        for (&from, p) in self.cells.iter().filter(|(_, p)| p.white == white) {
            let target_ok = |to: Cell| inside(to) && self.cells.get(&to).map_or(true, |q| q.white != white);
            let slide = |dirs: Vec<Cell>, out: &mut Vec<(Cell, Cell, char)>| {
                for d in dirs {
                    let mut to = add(from, d);
                    while inside(to) {
                        match self.cells.get(&to) {
                            None => out.push((from, to, ' ')),
                            Some(q) => {
                                if q.white != white {
                                    out.push((from, to, ' '));
                                }
                                break;
                            }
                        }
                        to = add(to, d);
                    }
                }
            };
            match p.kind {
                'R' => slide(steps(1), &mut out),
                'B' => slide(steps(2), &mut out),
                'U' => slide(steps(3), &mut out),
                'Q' => slide([steps(1), steps(2), steps(3)].concat(), &mut out),
                'K' => {
                    for d in [steps(1), steps(2), steps(3)].concat() {
                        if target_ok(add(from, d)) {
                            out.push((from, add(from, d), ' '));
                        }
                    }
                }
                'N' => {
                    for a in -2i32..=2 {
                        for b in -2i32..=2 {
                            for c in -2i32..=2 {
                                let mut s = [a.abs(), b.abs(), c.abs()];
                                s.sort();
                                if s == [0, 1, 2] && target_ok(add(from, (a, b, c))) {
                                    out.push((from, add(from, (a, b, c)), ' '));
                                }
                            }
                        }
                    }
                }
                _ => {
                    let f = if white { 1 } else { -1 };
                    let last = |to: Cell| if white { to.1 == 4 && to.2 == 4 } else { to.1 == 0 && to.2 == 0 };
                    let push = |to: Cell, out: &mut Vec<(Cell, Cell, char)>| {
                        if last(to) {
                            for promo in ['Q', 'R', 'B', 'N', 'U'] {
                                out.push((from, to, promo));
                            }
                        } else {
                            out.push((from, to, ' '));
                        }
                    };
                    for d in [(0, f, 0), (0, 0, f)] {
                        let to = add(from, d);
                        if inside(to) && !self.cells.contains_key(&to) {
                            push(to, &mut out);
                        }
                    }
                    for d in [(-1, f, 0), (1, f, 0), (-1, 0, f), (1, 0, f), (0, f, f)] {
                        let to = add(from, d);
                        if inside(to) && self.cells.get(&to).is_some_and(|q| q.white != white) {
                            push(to, &mut out);
                        }
                    }
                }
            }
        }
        out
    }

    fn after(&self, m: (Cell, Cell, char)) -> Ref {
        let mut next = self.clone();
        let mut piece = next.cells.remove(&m.0).unwrap();
        if m.2 != ' ' {
            piece.kind = m.2;
        }
        next.cells.insert(m.1, piece);
        next.white = !self.white;
        next
    }

    fn legal(&self) -> BTreeSet<String> {
        self.pseudo(self.white)
            .into_iter()
            .filter(|&m| {
                let next = self.after(m);
                let king = next.cells.iter().find(|(_, p)| p.kind == 'K' && p.white == self.white).map(|(c, _)| *c);
                !next.pseudo(!self.white).iter().any(|r| Some(r.1) == king)
            })
            .map(|(f, t, p)| {
                format!(
                    "{}{}{}",
                    name(f),
                    name(t),
                    if p == ' ' { String::new() } else { p.to_ascii_lowercase().to_string() }
                )
            })
            .collect()
    }
}

fn plugin_moves(position: &tabula_raumschach::RaumPosition) -> BTreeSet<String> {
    let mut moves = RVec::new();
    position.legal_moves(&mut moves);
    moves.iter().map(|&m| position.move_to_text(m, rules_api::Notation::COORDINATE).unwrap()).collect()
}

fn ref_perft(r: &Ref, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let legal: Vec<(Cell, Cell, char)> = r
        .pseudo(r.white)
        .into_iter()
        .filter(|&m| {
            let next = r.after(m);
            let king = next.cells.iter().find(|(_, p)| p.kind == 'K' && p.white == r.white).map(|(c, _)| *c);
            !next.pseudo(!r.white).iter().any(|x| Some(x.1) == king)
        })
        .collect();
    if depth == 1 {
        return legal.len() as u64;
    }
    legal.iter().map(|&m| ref_perft(&r.after(m), depth - 1)).sum()
}

#[test]
fn both_generators_agree_on_perft_from_the_start() {
    let rules = Raumschach::default();
    let start = rules.start_position().unwrap();
    let reference = parse(&start.to_text());
    let boxed = rules_box(Raumschach::default());
    let mut position = rules_api::RulesExt::start(&boxed).unwrap();
    for depth in 1..=2 {
        assert_eq!(
            tabula_kit::perft::perft(&mut position, depth).unwrap(),
            ref_perft(&reference, depth),
            "depth {depth}"
        );
    }
}

#[test]
fn both_generators_agree_along_random_games() {
    let rules = Raumschach::default();
    let mut rng = tabula_kit::rng_from_seed(0x3D3D);
    let mut compared = 0;
    let mut promotions_seen = 0;
    for _game in 0..12 {
        let mut position = rules.start_position().unwrap();
        for _ply in 0..160 {
            let text = position.to_text();
            let status = position.status();
            if !status.is_ongoing() && !["checkmate", "stalemate"].contains(&status.reason.as_str()) {
                // Repetition, the no-progress count and bare kings are
                // draw rules the plain generator does not know.
                break;
            }
            let expected = parse(&text).legal();
            let got = plugin_moves(&position);
            assert_eq!(got, expected, "move lists differ in {text}");
            compared += 1;
            promotions_seen += got.iter().filter(|m| m.len() == 7).count();
            let mut moves = RVec::new();
            position.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Captures first half the time, so games reach open positions
            // and promotions.
            let captures: Vec<Move> = moves
                .iter()
                .copied()
                .filter(|m| position.move_to_text(*m, rules_api::Notation::STANDARD).unwrap().contains('x'))
                .collect();
            let pool = if !captures.is_empty() && rng.random_bool(0.5) { captures } else { moves.to_vec() };
            position.make_move(pool[rng.random_range(0..pool.len())]).unwrap();
        }
    }
    assert!(compared > 1000, "compared only {compared} positions");
    assert!(promotions_seen > 0, "no promotion was ever legal along the games");
}

#[test]
fn the_plain_generator_confirms_the_perft_file_to_depth_two() {
    let data = include_str!("data/perft.epd");
    let mut lines = 0;
    for line in data.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
        let (text, fields) = line.split_once(';').unwrap();
        let reference = parse(text.trim());
        for field in fields.split(';').map(str::trim) {
            let Some(rest) = field.strip_prefix('D') else { continue };
            let (depth, count) = rest.split_once(' ').unwrap();
            let depth: u32 = depth.parse().unwrap();
            if depth <= 2 {
                let count: u64 = count.replace('_', "").parse().unwrap();
                assert_eq!(ref_perft(&reference, depth), count, "{text} depth {depth}");
            }
        }
        lines += 1;
    }
    assert_eq!(lines, 5);
}
