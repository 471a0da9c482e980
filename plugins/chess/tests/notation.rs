//! SAN and UCI: writing (disambiguation, suffixes, promotion, castling) and
//! reading (both notations whatever the flag, tolerance, errors), plus a
//! round trip of every legal move in many random positions.

mod common;
use common::*;
use rules_api::{ErrorKind, Notation, RStr};
use tabula_kit::rand::Rng as _;

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

#[test]
fn disambiguation_by_file_rank_and_both() {
    // Knights on b1 and f3 both reach d2: by file.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Nbd2".to_string()) && s.contains(&"Nfd2".to_string()), "{s:?}");
    assert!(s.contains(&"Nc3".to_string()), "no disambiguation when only one can go: {s:?}");
    // Rooks on a1 and a5 both reach a3: by rank.
    let p = pos("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"R1a3".to_string()) && s.contains(&"R5a3".to_string()), "{s:?}");
    // Queens on a1, a3, c1 all reach b2: a1 needs file and rank.
    let p = pos("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    let s = sans(&p);
    for want in ["Qa1b2", "Q3b2", "Qcb2"] {
        assert!(s.contains(&want.to_string()), "{want} missing from {s:?}");
    }
    assert_eq!(uci(&p, parse(&p, "Qa1b2")), "a1b2");
    // A pinned knight does not count: plain Nd2.
    let p = pos("4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1");
    let s = sans(&p);
    assert!(s.contains(&"Nd2".to_string()), "{s:?}");
    // Over-specified input is accepted; ambiguous input is refused.
    let p = pos("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1");
    assert_eq!(uci(&p, parse(&p, "Nb1d2")), "b1d2");
    assert_eq!(uci(&p, parse(&p, "N1d2")), "b1d2");
    let e = try_parse(&p, "Nd2").unwrap_err();
    assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
    assert!(e.message.contains("ambiguous") && e.message.contains("Nd2"), "{}", e.message);
}

#[test]
fn suffixes_promotions_castling_and_pawn_captures() {
    let mut p = start();
    play(&mut p, &["e4", "d6"]);
    let check = parse(&p, "Bb5");
    assert_eq!(san(&p, check), "Bb5+");
    let mut p = start();
    play(&mut p, &["f3", "e5", "g4"]);
    assert_eq!(san(&p, parse(&p, "Qh4")), "Qh4#");
    let p = pos("3n2k1/4P3/8/8/8/8/8/R3K2R w KQ - 0 1");
    let s = sorted(sans(&p));
    for want in ["e8=Q+", "e8=R+", "e8=B", "e8=N", "exd8=Q+", "exd8=R+", "exd8=B", "exd8=N", "O-O", "O-O-O"] {
        assert!(s.contains(&want.to_string()), "{want} missing from {s:?}");
    }
    let p = pos("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(san(&p, parse(&p, "e5d6")), "exd6");
    let p = pos("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(san(&p, parse(&p, "e1c1")), "O-O-O");
    // O-O-O with check: the rook lands on d1 facing the d8 king.
    let p = pos("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    assert_eq!(san(&p, parse(&p, "e1c1")), "O-O-O+");
}

#[test]
fn parsing_tolerates_suffixes_zeros_and_both_notations() {
    let mut p = start();
    play(&mut p, &["f3", "e5", "g4"]);
    for text in ["Qh4", "Qh4#", "Qh4+", "Qh4#!", "d8h4", "Qd8h4", "Qxh4"] {
        assert_eq!(uci(&p, parse(&p, text)), "d8h4", "{text}");
    }
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    for (text, want) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("o-o", "e1g1"),
        ("e1g1", "e1g1"),
        ("e1h1", "e1g1"),
        ("O-O+", "e1g1"),
        ("O-O-O", "e1c1"),
        ("0-0-0", "e1c1"),
        ("e1c1", "e1c1"),
        ("e1a1", "e1c1"),
    ] {
        let m = parse(&p, text);
        assert_eq!(uci(&p, m), want, "{text}");
        assert_eq!((m.from, m.to), if want == "e1g1" { (4, 6) } else { (4, 2) });
    }
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for (text, extra) in
        [("b8=Q", 5), ("b8Q", 5), ("b7b8q", 5), ("b7b8Q", 5), ("b7b8=n", 2), ("b8=R+", 4), ("b8(B)", 3)]
    {
        assert_eq!(parse(&p, text).extra, extra, "{text}");
    }
    // The notation flag does not restrict what is read.
    for flag in [Notation::STANDARD, Notation::COORDINATE] {
        let p = start();
        let a: rules_api::Move = p.parse_move(RStr::from_str("e4"), flag).unwrap();
        let b: rules_api::Move = p.parse_move(RStr::from_str("e2e4"), flag).unwrap();
        assert_eq!(a, b);
    }
}

#[test]
fn parse_errors_name_the_text() {
    let p = start();
    for (text, kind) in [
        ("", ErrorKind::INVALID_INPUT),
        ("hello", ErrorKind::INVALID_INPUT),
        ("Zf3", ErrorKind::INVALID_INPUT),
        ("e2e5", ErrorKind::ILLEGAL_MOVE),
        ("Nf4", ErrorKind::ILLEGAL_MOVE),
        ("O-O", ErrorKind::ILLEGAL_MOVE),
        ("e7e5", ErrorKind::ILLEGAL_MOVE),
        ("e2e4k", ErrorKind::INVALID_INPUT),
    ] {
        let e = try_parse(&p, text).unwrap_err();
        assert_eq!(e.kind, kind, "{text}: {}", e.message);
        assert!(e.message.contains(&format!("'{text}'")), "message names the text: {}", e.message);
    }
    // move_to_text refuses moves that are not legal.
    let e = p.move_to_text(rules_api::Move::new(12, 36), Notation::STANDARD).unwrap_err();
    assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
    assert!(e.message.contains("e2e5"), "{}", e.message);
}

#[test]
fn every_legal_move_round_trips_in_random_positions() {
    let mut rng = rng_from_seed(2024);
    let games = if cfg!(debug_assertions) { 10 } else { 60 };
    let mut checked = 0usize;
    for g in 0..games {
        let mut p = if g % 3 == 0 {
            pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        } else if g % 3 == 1 {
            pos("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1")
        } else {
            start()
        };
        for _ in 0..120 {
            let ms = moves(&p);
            if ms.is_empty() {
                break;
            }
            let mut seen = std::collections::HashSet::new();
            for &m in &ms {
                let s = san(&p, m);
                let u = uci(&p, m);
                assert!(seen.insert(s.clone()), "SAN {s} is not unique in {}", fen(&p));
                assert_eq!(parse(&p, &s), m, "SAN {s} in {}", fen(&p));
                assert_eq!(parse(&p, &u), m, "UCI {u} in {}", fen(&p));
                // Without the suffix too.
                assert_eq!(parse(&p, s.trim_end_matches(['+', '#'])), m);
                checked += 1;
            }
            let m = ms[rng.random_range(0..ms.len())];
            p.make_move(m).unwrap();
        }
    }
    assert!(checked > 10_000 || cfg!(debug_assertions), "checked {checked} moves");
}
