//! The search facts of rules-api 0.2: position flags (in check, zugzwang
//! risk), the bulk move count, the null move and the IRREVERSIBLE move flag,
//! through the boundary object and directly on `XiangqiPosition`.

mod common;
use common::{moves, play_all, pos, rng_from_seed, status, text};
use rules_api::plugin::PositionImpl;
use rules_api::{ErrorKind, Move, MoveFlags, Notation, PositionBox, PositionFlags, RVec, StatusKind};
use tabula_kit::rand::Rng as _;
use tabula_xiangqi::XiangqiPosition;

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

const STARTS: &[&str] = &[
    START,
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w",
    "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w",
    "3ak4/4a4/4b4/p3P3p/9/2p3p2/P3P3P/4B4/4A4/3AK4 w",
];

fn direct(fen: &str) -> XiangqiPosition {
    XiangqiPosition::from_fen(fen).unwrap()
}

/// Both paths report the same flags; returns them.
fn flags_of(fen: &str) -> PositionFlags {
    let f = pos(fen).flags();
    assert_eq!(direct(fen).flags(), f, "{fen}");
    f
}

fn count_direct(p: &XiangqiPosition) -> u64 {
    p.count_legal_moves(&mut RVec::new())
}

fn parse(p: &PositionBox, iccs: &str) -> Move {
    p.parse_move(iccs.into(), Notation::COORDINATE).into_result().unwrap_or_else(|e| panic!("{iccs}: {e}"))
}

fn flag_of_move(p: &PositionBox, iccs: &str) -> MoveFlags {
    let m = parse(p, iccs);
    let mut out = RVec::new();
    p.move_infos([m][..].into(), &mut out).into_result().unwrap();
    out[0].flags
}

#[test]
fn in_check_flag_from_known_positions() {
    for f in [
        // Chariot on the general's file.
        "4k4/9/9/9/9/4R4/9/9/9/3K5 b",
        // Cannon over a screen.
        "4k4/9/9/9/4p4/9/4C4/9/9/3K5 b",
        // Horse with a free leg.
        "4k4/9/5N3/9/9/9/9/9/9/3K5 b",
        // Soldier in front of the general.
        "9/4k4/4P4/9/9/9/9/9/9/3K5 b",
        // Red in check from a black chariot.
        "4k4/9/9/9/9/9/9/9/9/3Kr4 w",
    ] {
        assert!(flags_of(f).contains(PositionFlags::IN_CHECK), "{f}");
    }
    for f in [START, "4k4/9/9/9/9/9/9/9/9/R2K5 w", "4k4/5n3/5N3/9/9/9/9/9/9/3K5 b"] {
        assert!(!flags_of(f).contains(PositionFlags::IN_CHECK), "{f}");
    }
}

#[test]
fn zugzwang_risk_flag_when_the_mover_has_no_chariot_horse_or_cannon() {
    for f in
        ["3ak4/4a4/4b4/p3P3p/9/2p3p2/P3P3P/4B4/4A4/3AK4 w", "4k4/9/9/9/9/9/9/9/9/3K5 w", "3ak4/9/9/9/9/9/9/9/9/3K1N3 b"]
    {
        assert!(flags_of(f).contains(PositionFlags::ZUGZWANG_RISK), "{f}");
    }
    for f in [START, "3ak4/9/9/9/9/9/9/9/9/3K1N3 w", "3ak4/9/9/9/9/9/9/9/9/3KC4 w", "3ak4/9/9/9/9/9/9/9/9/R2K5 w"] {
        assert!(!flags_of(f).contains(PositionFlags::ZUGZWANG_RISK), "{f}");
    }
}

#[test]
fn bulk_count_matches_known_counts_and_is_zero_when_the_game_is_over() {
    assert_eq!(pos(START).count_legal_moves().unwrap(), 44);
    assert_eq!(count_direct(&direct(START)), 44);
    // Stalemate and checkmate lose in xiangqi: no moves either way.
    for f in ["4k4/R8/9/9/5R3/9/9/9/9/3K5 b", "4k4/R8/6N2/9/4R4/9/9/9/9/3K5 b"] {
        assert_eq!(pos(f).count_legal_moves().unwrap(), 0, "{f}");
        assert_eq!(count_direct(&direct(f)), 0, "{f}");
    }
    // Repetition ends the game: no moves are counted.
    let mut p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w");
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9 a0a1 e9e8 a1a0 e8e9");
    assert_eq!(status(&p).reason.as_str(), "repetition");
    assert_eq!(p.count_legal_moves().unwrap(), 0);
}

fn checked_perft(p: &mut PositionBox, depth: usize) -> u64 {
    let ms = moves(p);
    assert_eq!(p.count_legal_moves().unwrap(), ms.len() as u64, "{}", text(p));
    if depth == 1 {
        return ms.len() as u64;
    }
    let mut nodes = 0;
    for m in ms {
        p.make_move(m).unwrap();
        nodes += checked_perft(p, depth - 1);
        p.unmake_move().unwrap();
    }
    nodes
}

#[test]
fn bulk_count_agrees_with_the_move_list_at_every_node_of_small_perfts() {
    for f in STARTS {
        let mut p = pos(f);
        assert_eq!(checked_perft(&mut p, 3), tabula_kit::perft::perft(&mut p, 3).unwrap(), "{f}");
    }
    assert_eq!(checked_perft(&mut pos(START), 3), 79_666);
}

#[test]
fn null_move_is_refused_in_check_and_when_the_game_is_over() {
    for (f, words) in [("4k4/9/9/9/9/4R4/9/9/9/3K5 b", "in check"), ("4k4/R8/9/9/5R3/9/9/9/9/3K5 b", "stalemate")] {
        let mut p = pos(f);
        let before = text(&p);
        let e = p.make_null_move().unwrap_err();
        assert_eq!(e.kind, ErrorKind::ILLEGAL_MOVE);
        assert!(e.message.contains(words), "{}", e.message);
        assert_eq!(text(&p), before);
        assert!(p.unmake_move().is_err(), "nothing was pushed");
        assert_eq!(direct(f).make_null_move().unwrap_err().kind, ErrorKind::ILLEGAL_MOVE);
    }
}

#[test]
fn null_move_passes_the_turn_and_unmake_takes_it_back() {
    let mut p = pos(START);
    let mut d = direct(START);
    let (before, hash) = (text(&p), p.hash());
    p.make_null_move().unwrap();
    d.make_null_move().unwrap();
    assert_eq!(p.side_to_move(), 1);
    let after = text(&p);
    assert_eq!(after, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 1 1");
    assert_eq!(d.to_text(), after);
    assert_ne!(p.hash(), hash);
    assert_eq!(p.hash(), pos(&after).hash(), "the hash of the same position read from its text");
    assert_eq!(PositionImpl::hash(&d), p.hash());
    assert_eq!(p.count_legal_moves().unwrap(), 44);
    p.unmake_move().unwrap();
    d.unmake_move().unwrap();
    assert_eq!((text(&p), p.hash()), (before.clone(), hash));
    assert_eq!((d.to_text(), PositionImpl::hash(&d)), (before, hash));
}

#[test]
fn positions_on_either_side_of_a_null_move_are_not_repetitions_of_each_other() {
    let mut p = pos("4k4/9/9/9/9/9/9/9/9/R2K5 w");
    let start_hash = p.hash();
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9");
    // Two passes bring the start back a third time: not a repetition.
    p.make_null_move().unwrap();
    p.make_null_move().unwrap();
    assert_eq!(p.hash(), start_hash);
    assert!(status(&p).is_ongoing());
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9");
    assert!(status(&p).is_ongoing(), "only the second visit since the passes");
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9");
    let s = status(&p);
    assert_eq!((s.kind, s.reason.as_str()), (StatusKind::DRAW, "repetition"));
    // Back to the real game: its own repetition is found again.
    for _ in 0..10 {
        p.unmake_move().unwrap();
    }
    play_all(&mut p, "a0a1 e9e8 a1a0 e8e9");
    assert_eq!(status(&p).reason.as_str(), "repetition");
}

#[test]
fn perpetual_check_is_judged_after_a_null_move_too() {
    let mut p = pos("4k4/7R1/9/9/9/9/9/9/9/3K5 b");
    p.make_null_move().unwrap();
    let cycle = "h8h9 e9e8 h9h8 e8e9";
    play_all(&mut p, cycle);
    play_all(&mut p, cycle);
    let s = status(&p);
    assert_eq!((s.kind, s.winner, s.reason.as_str()), (StatusKind::WIN, 1, "perpetual check"));
}

#[test]
fn irreversible_moves() {
    let p = pos(START);
    // A soldier's step forward; a cannon capturing a horse.
    for m in ["c3c4", "b2b9"] {
        assert!(flag_of_move(&p, m).contains(MoveFlags::IRREVERSIBLE), "{m}");
    }
    for m in ["b2e2", "h0g2", "a0a1", "e0e1", "c0e2", "d0e1"] {
        assert!(!flag_of_move(&p, m).contains(MoveFlags::IRREVERSIBLE), "{m}");
    }
    // Across the river a soldier also steps sideways, which can be undone.
    let p = pos("4k4/9/9/9/4P4/9/9/9/9/3K5 w");
    assert!(flag_of_move(&p, "e5e6").contains(MoveFlags::IRREVERSIBLE));
    assert!(!flag_of_move(&p, "e5d5").contains(MoveFlags::IRREVERSIBLE));
    // The direct path says the same.
    let d = direct(START);
    let ms: Vec<Move> = moves(&pos(START));
    let (mut a, mut b) = (RVec::new(), RVec::new());
    d.move_infos(&ms, &mut a);
    pos(START).move_infos(ms[..].into(), &mut b).into_result().unwrap();
    assert_eq!(a, b);
}

/// Random playouts on both paths in lockstep, null moves mixed in: flags,
/// counts, texts and hashes agree; IRREVERSIBLE moves never let an earlier
/// position come back and other moves are never captures; unwinding
/// restores every earlier text and hash.
#[test]
fn random_playouts_with_null_moves_agree_on_every_fact() {
    let mut rng = rng_from_seed(0x9E37_79B9_7F4A_7C15);
    let games = if cfg!(debug_assertions) { 8 } else { 40 };
    for g in 0..games {
        let fen = STARTS[g % STARTS.len()];
        let mut b = pos(fen);
        let mut d = direct(fen);
        let mut trail = vec![(text(&b), b.hash())];
        let mut behind: Vec<u64> = Vec::new();
        let mut since: Vec<u64> = vec![b.hash()];
        for _ in 0..200 {
            let now = text(&b);
            assert_eq!(d.to_text(), now);
            let flags = b.flags();
            assert_eq!(d.flags(), flags, "{now}");
            let mut hl = RVec::new();
            b.highlights(&mut hl).into_result().unwrap();
            assert_eq!(flags.contains(PositionFlags::IN_CHECK), !hl.is_empty(), "{now}");
            let ms = moves(&b);
            assert_eq!(b.count_legal_moves().unwrap(), ms.len() as u64, "{now}");
            assert_eq!(count_direct(&d), ms.len() as u64, "{now}");
            if ms.is_empty() {
                assert!(!status(&b).is_ongoing());
                assert!(b.make_null_move().is_err());
                break;
            }
            let can_pass = !flags.contains(PositionFlags::IN_CHECK);
            if rng.random_range(0..6) == 0 {
                assert_eq!(b.make_null_move().is_ok(), can_pass, "{now}");
                assert_eq!(d.make_null_move().is_ok(), can_pass, "{now}");
                if !can_pass {
                    continue;
                }
                since.push(b.hash());
            } else {
                let m = ms[rng.random_range(0..ms.len())];
                let mut infos = RVec::new();
                b.move_infos([m][..].into(), &mut infos).into_result().unwrap();
                let irreversible = infos[0].flags.contains(MoveFlags::IRREVERSIBLE);
                let capture = infos[0].flags.contains(MoveFlags::CAPTURE);
                assert!(irreversible || !capture, "{now}: captures are irreversible");
                b.make_move(m).unwrap();
                d.make_move(m).unwrap();
                if irreversible {
                    behind.append(&mut since);
                }
                let h = b.hash();
                assert!(!behind.contains(&h), "a position from before an irreversible move came back: {}", text(&b));
                since.push(h);
            }
            let now = text(&b);
            assert_eq!(pos(&now).hash(), b.hash(), "hash of {now} differs from a fresh parse");
            assert_eq!(PositionImpl::hash(&d), b.hash());
            trail.push((now, b.hash()));
        }
        while trail.len() > 1 {
            trail.pop();
            b.unmake_move().unwrap();
            d.unmake_move().unwrap();
            let (t, h) = trail.last().unwrap();
            assert_eq!((&text(&b), b.hash()), (t, *h));
            assert_eq!(&d.to_text(), t);
        }
    }
}
