//! FEN in and out: round trips, the four-field form, and an error naming the
//! problem and the field for every kind of malformed or impossible FEN.

mod common;
use common::*;
use rules_api::{ErrorKind, RStr};

fn error_of(text: &str) -> String {
    let rules = rules();
    match rules.position_from_text(RStr::from_str(text)).into_result() {
        Ok(_) => panic!("FEN should be refused: {text}"),
        Err(e) => {
            assert_eq!(e.kind, ErrorKind::INVALID_INPUT, "{text}: {}", e.message);
            e.message.into()
        }
    }
}

#[test]
fn round_trips() {
    for text in [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 3",
        "8/8/8/8/8/8/8/K1k5 b - - 99 200",
        "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 5 40",
    ] {
        assert_eq!(fen(&pos(text)), text);
    }
}

#[test]
fn four_fields_default_the_clocks_and_order_is_normalised() {
    assert_eq!(
        fen(&pos("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -")),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    );
    assert_eq!(fen(&pos("  r3k2r/8/8/8/8/8/8/R3K2R   w   qkQK  -  ")), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    // An en passant square with no legal capture is accepted but not kept.
    assert_eq!(
        fen(&pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
}

#[test]
fn every_error_names_the_problem_and_the_field() {
    let cases: &[(&str, &[&str])] = &[
        ("", &["empty"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", &["number of fields", "found 3"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", &["number of fields", "found 5"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", &["number of fields", "found 7"]),
        ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["ranks", "found 7", "piece placement"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["ranks", "found 9"]),
        (
            "rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &["bad piece letter 'X'", "rank 4", "piece placement"],
        ),
        ("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["rank 7", "more than 8", "squares"]),
        ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["rank 7", "describes 7 squares"]),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", &["bad digit '9'", "rank 6"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", &["missing white king"]),
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", &["missing black king"]),
        ("rnbqkbnr/pppppppp/8/8/8/3K4/PPPPPPPP/RNBQKBNR w kq - 0 1", &["extra white king", "2 kings"]),
        ("rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQkq - 0 1", &["white pawn on h8", "rank 1 or 8"]),
        ("4k3/8/8/8/8/8/8/p3K3 w - - 0 1", &["black pawn on a1", "rank 1 or 8"]),
        ("4k3/pppppppp/p7/8/8/8/8/4K3 w - - 0 1", &["9 pawns"]),
        ("4k3/8/8/8/8/8/8/4K2r b - - 0 1", &["side not to move", "white", "in check", "rook on h1", "side to move"]),
        ("4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1", &["side not to move", "black", "queen on e7"]),
        ("3k4/8/8/8/8/8/8/3K4 x - - 0 1", &["side to move", "'x'", "'w' or 'b'"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", &["castling rights", "bad letter 'X'"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", &["castling rights", "twice"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", &["castling rights", "'K'", "white rook on h1"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1KNR w KQkq - 0 1", &["castling rights", "white king on e1"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", &["en passant square", "'e9'", "not a square"]),
        ("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1", &["en passant square", "rank 3"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq e3 0 1", &["en passant square", "no white pawn on e4"]),
        ("rnbqkbnr/pppppppp/8/8/4P3/4P3/PPP2PPP/RNBQKBNR b KQkq e3 0 1", &["en passant square", "must be empty"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", &["halfmove clock", "'x'"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", &["halfmove clock", "'-1'"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 151 60", &["halfmove clock", "out of range"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", &["fullmove number", "out of range"]),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one", &["fullmove number", "'one'"]),
        ("k7/8/8/8/8/1n6/1q6/K6r w - - 0 1", &["impossible", "3 pieces"]),
    ];
    for (text, words) in cases {
        let message = error_of(text);
        for w in *words {
            assert!(message.contains(w), "error for '{text}' should mention '{w}': {message}");
        }
    }
}
