//! The plugin's surface: root module, options, game info, geometry, help,
//! move infos, pieces, and the evaluation's basic sanity (including a tiny
//! generic alpha-beta that must play sensibly through the boundary).

mod common;
use common::*;
use rules_api::{CellShape, Move, MoveFlags, PositionBox, RVec};
use tabula_kit::rand::Rng as _;

#[test]
fn game_info() {
    let info = rules().info().unwrap();
    assert_eq!(info.position_format.as_str(), "FEN");
    let names: Vec<&str> = info.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["white", "black"]);
    let kinds: Vec<(&str, &str, &str, &str, &str, i32)> = info
        .piece_types
        .iter()
        .map(|t| {
            (
                t.name.as_str(),
                t.glyphs[0].as_str(),
                t.glyphs[1].as_str(),
                t.letters[0].as_str(),
                t.letters[1].as_str(),
                t.value,
            )
        })
        .collect();
    assert_eq!(
        kinds,
        [
            ("pawn", "♙", "♟", "P", "p", 100),
            ("knight", "♘", "♞", "N", "n", 320),
            ("bishop", "♗", "♝", "B", "b", 330),
            ("rook", "♖", "♜", "R", "r", 500),
            ("queen", "♕", "♛", "Q", "q", 900),
            ("king", "♔", "♚", "K", "k", 0),
        ]
    );
}

#[test]
fn geometry() {
    let g = rules().geometry().unwrap();
    assert_eq!(g.cells.len(), 64);
    assert_eq!(g.layers, 1);
    let a1 = &g.cells[0];
    assert_eq!((a1.x, a1.y, a1.name.as_str()), (0.0, 7.0, "a1"));
    let e4 = &g.cells[28];
    assert_eq!((e4.x, e4.y, e4.name.as_str()), (4.0, 4.0, "e4"));
    let h8 = &g.cells[63];
    assert_eq!((h8.x, h8.y, h8.name.as_str()), (7.0, 0.0, "h8"));
    assert!(g.cells.iter().all(|c| c.shape == CellShape::SQUARE));
    // a1 dark, b1 light, a2 light; two colours only.
    assert_ne!(g.cells[0].color, g.cells[1].color);
    assert_eq!(g.cells[0].color, g.cells[9].color);
    assert_ne!(g.cells[0].color, g.cells[8].color);
    // Labels outside the cells: files under the board, ranks to its left.
    assert_eq!(g.labels.len(), 16);
    for l in g.labels.iter() {
        let outside = l.y >= 7.5 || l.x <= -0.5;
        assert!(outside, "label {} at ({}, {}) overlaps the board", l.text, l.x, l.y);
    }
    let a = g.labels.iter().find(|l| l.text.as_str() == "a").unwrap();
    assert_eq!(a.x, 0.0);
    assert!(a.y > 7.5);
    let eight = g.labels.iter().find(|l| l.text.as_str() == "8").unwrap();
    assert_eq!(eight.y, 0.0);
    assert!(eight.x < -0.5);
}

#[test]
fn help_text_covers_the_rules() {
    let help = rules().help_text().unwrap().to_string().to_lowercase();
    for word in [
        "castling",
        "en passant",
        "promotion",
        "checkmate",
        "stalemate",
        "fifty-move",
        "threefold",
        "insufficient material",
        "knight",
        "check",
    ] {
        assert!(help.contains(word), "help should mention {word}");
    }
}

#[test]
fn start_position_from_rules_and_pieces() {
    let p = rules().start_position().unwrap();
    assert_eq!(fen(&p), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(p.side_to_move(), 0);
    let mut pieces = RVec::new();
    p.pieces(&mut pieces).unwrap();
    assert_eq!(pieces.len(), 32);
    let e1 = pieces.iter().find(|pc| pc.cell == 4).unwrap();
    assert_eq!((e1.owner, e1.kind), (0, 5));
    let d8 = pieces.iter().find(|pc| pc.cell == 59).unwrap();
    assert_eq!((d8.owner, d8.kind), (1, 4));
}

#[test]
fn move_infos_order_captures_and_promotions() {
    // White: pawn b7 (promotes, may capture the a8 rook), queen d4 and
    // knight f3 can both take the e5 pawn... and the queen can take d7's queen.
    let p = pos("r3k3/1P1q4/8/4p3/3Q4/5N2/8/4K3 w - - 0 1");
    let ms = moves(&p);
    let inf = infos(&p, &ms);
    let get = |text: &str| {
        let m = parse(&p, text);
        inf[ms.iter().position(|x| *x == m).unwrap()]
    };
    let qxd7 = get("Qxd7+");
    let nxe5 = get("Nxe5");
    let qxe5 = get("Qxe5");
    let b8q = get("b8=Q+");
    let b8n = get("b8=N");
    let bxa8q = get("bxa8=Q+");
    let quiet = get("Kd1");
    for c in [qxd7, nxe5, qxe5] {
        assert!(c.flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
        assert!(!c.flags.contains(MoveFlags::PROMOTION));
    }
    assert!(qxd7.hint > nxe5.hint, "most valuable victim first");
    assert!(nxe5.hint > qxe5.hint, "then least valuable attacker");
    assert!(bxa8q.hint > b8q.hint && b8q.hint > b8n.hint, "queen promotion highest");
    assert!(b8n.hint > quiet.hint);
    assert!(b8q.flags.contains(MoveFlags::PROMOTION | MoveFlags::TACTICAL | MoveFlags::CHECK));
    assert!(!b8q.flags.contains(MoveFlags::CAPTURE));
    assert!(qxd7.flags.contains(MoveFlags::CHECK));
    assert!(!nxe5.flags.contains(MoveFlags::CHECK));
    assert_eq!(quiet.flags, MoveFlags::NONE);
    assert!(quiet.hint.abs() < 100, "quiet hints stay tiny");
    for (m, i) in ms.iter().zip(&inf) {
        let tactical = i.flags.contains(MoveFlags::TACTICAL);
        assert_eq!(tactical, i.hint >= 900_000, "{} {:?}", uci(&p, *m), i);
    }
    // En passant is a capture.
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    let m = parse(&p, "exd6");
    assert!(infos(&p, &[m])[0].flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
}

#[test]
fn evaluation_is_symmetric_and_bounded() {
    fn mirror(fen_text: &str) -> String {
        let f: Vec<&str> = fen_text.split(' ').collect();
        let swap = |c: char| {
            if c.is_ascii_uppercase() {
                c.to_ascii_lowercase()
            } else {
                c.to_ascii_uppercase()
            }
        };
        let placement: Vec<String> = f[0].split('/').rev().map(|r| r.chars().map(swap).collect()).collect();
        let side = if f[1] == "w" { "b" } else { "w" };
        let castling: String = if f[2] == "-" { "-".into() } else { f[2].chars().map(swap).collect() };
        let ep = if f[3] == "-" {
            "-".to_string()
        } else {
            let b = f[3].as_bytes();
            format!("{}{}", b[0] as char, if b[1] == b'3' { '6' } else { '3' })
        };
        format!("{} {} {} {} {} {}", placement.join("/"), side, castling, ep, f[4], f[5])
    }
    let mut rng = rng_from_seed(99);
    for g in 0..30 {
        let mut p = start();
        for _ in 0..(g * 3) {
            let ms = moves(&p);
            if ms.is_empty() {
                break;
            }
            p.make_move(ms[rng.random_range(0..ms.len())]).unwrap();
        }
        let text = fen(&p);
        let q = pos(&mirror(&text));
        assert_eq!(p.evaluate(), q.evaluate(), "{text} vs its mirror");
        assert!(p.evaluate().abs() <= rules_api::score::MAX_EVAL);
    }
    // Side to move's view.
    let w = pos("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").evaluate();
    let b = pos("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").evaluate();
    assert!(w > 800 && b < -800);
}

/// A minimal generic alpha-beta with quiescence, using only the boundary.
fn search(p: &mut PositionBox, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
    let ms = moves(p);
    if ms.is_empty() {
        let s = status(p);
        return tabula_kit::status_score(&s, p.side_to_move(), ply as u32).expect("no moves means the game is over");
    }
    let inf = infos(p, &ms);
    let mut order: Vec<usize> = (0..ms.len()).collect();
    order.sort_by_key(|&i| -inf[i].hint);
    if depth <= 0 {
        let stand = p.evaluate();
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        for i in order {
            if !inf[i].flags.contains(MoveFlags::TACTICAL) {
                continue;
            }
            p.make_move(ms[i]).unwrap();
            let v = -search(p, depth - 1, -beta, -alpha, ply + 1);
            p.unmake_move().unwrap();
            if v >= beta {
                return v;
            }
            alpha = alpha.max(v);
        }
        return alpha;
    }
    let mut best = -rules_api::score::INFINITY;
    for i in order {
        p.make_move(ms[i]).unwrap();
        let v = -search(p, depth - 1, -beta, -alpha, ply + 1);
        p.unmake_move().unwrap();
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

fn best_move(p: &mut PositionBox, depth: i32) -> String {
    let ms = moves(p);
    let mut best = (i32::MIN, Move::NULL);
    for m in ms {
        p.make_move(m).unwrap();
        let v = -search(p, depth - 1, -rules_api::score::INFINITY, rules_api::score::INFINITY, 1);
        p.unmake_move().unwrap();
        if v > best.0 {
            best = (v, m);
        }
    }
    san(p, best.1)
}

#[test]
fn a_generic_search_plays_sensibly() {
    // Takes a hanging queen.
    let mut p = pos("rnb1kbnr/pppp1ppp/8/4p1q1/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(best_move(&mut p, 2), "Bxg5");
    // Mates in one.
    let mut p = pos("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    assert_eq!(best_move(&mut p, 2), "Ra8#");
    // Does not grab a defended pawn with the queen.
    let mut p = pos("rnbqkbnr/ppp2ppp/3p4/4p3/4P3/5Q2/PPPP1PPP/RNB1KBNR w KQkq - 0 1");
    let m = best_move(&mut p, 3);
    assert_ne!(m, "Qxf7+");
    // Develops rather than shuffling in the opening.
    let mut p = start();
    let m = best_move(&mut p, 3);
    assert!(["e4", "d4", "Nf3", "Nc3", "e3", "d3", "c4"].contains(&m.as_str()), "opening move {m}");
}
