//! Position texts (PDN FEN), move texts, click paths and the hints the
//! searches read.

mod common;

use common::{after, moves, rules};
use rules_api::{ErrorKind, HighlightKind, MoveFlags, Notation, PositionExt, PositionFlags, RulesExt};
use tabula_draughts::Rule;

#[test]
fn fen_is_read_with_ranges_and_written_square_by_square() {
    let game = rules(Rule::International);
    let pos = game.position("W:W31-50:B1-20").unwrap();
    assert_eq!(pos.text().unwrap(), game.start().unwrap().text().unwrap());
    assert_eq!(pos.hash(), game.start().unwrap().hash());
    let pos = game.position(" B:BK12,3:W40,K33. ").unwrap();
    assert_eq!(pos.text().unwrap(), "B:WK33,40:B3,K12");
}

#[test]
fn bad_fen_is_refused_naming_the_culprit() {
    let international = rules(Rule::International);
    let english = rules(Rule::English);
    let cases = [
        (&international, "", "empty"),
        (&international, "X:W31:B1", "must be W or B, not 'X'"),
        (&international, "?:W31:B1", "unknown"),
        (&international, "W", "no pieces are given"),
        (&international, "W:W31:Q1", "must start with the colour W or B"),
        (&international, "W:W31:B51", "square 51 is off the board"),
        (&international, "W:W31:B0", "square 0 is off the board"),
        (&international, "W:W31,31:B1", "square 31 is given twice"),
        (&international, "W:W31:B31", "square 31 is given twice"),
        (&international, "W:W35-31:B1", "runs backwards"),
        (&international, "W:W3:B10", "a white man on 3"),
        (&international, "W:W31:B46", "a black man on 46"),
        (&international, "W:W31:Bx", "'x' is not a square number"),
        (&international, "W:W31:B", "black has no pieces"),
        (&international, "W:WK1-50:B", "more than the 20"),
        (&english, "B:W21:B33", "off the board (squares 1–32)"),
        (&english, "B:Wa2:B1", "light square"),
        (&english, "B:W1-13:B30", "white man on 1"),
    ];
    for (game, text, needle) in cases {
        let err = game.position(text).err().unwrap_or_else(|| panic!("'{text}' was accepted"));
        assert_eq!(err.kind, ErrorKind::INVALID_INPUT, "{text}");
        assert!(err.message.contains(needle), "'{text}': {err}");
    }
}

#[test]
fn moves_are_read_in_every_usual_spelling() {
    let game = rules(Rule::International);
    let pos = game.start().unwrap();
    let m = pos.read_move("32-28", Notation::STANDARD).unwrap();
    for text in ["32-28", " 32-28 ", "32-28!", "32-28?!", "32x28"] {
        assert_eq!(pos.read_move(text, Notation::COORDINATE).unwrap(), m, "{text}");
    }
    for (text, needle) in [
        ("32", "not a move"),
        ("32-27-21", "just two squares"),
        ("32-23", "cannot move to 23"),
        ("27-22", "no piece on 27"),
        ("19-24", "is black's"),
        ("51-46", "off the board"),
        ("e3-d4", "8×8"),
    ] {
        let err = pos.read_move(text, Notation::STANDARD).unwrap_err();
        assert!(err.message.contains(needle), "'{text}': {err}");
    }
    let pos = after(&game, "W:WK46:B23", "");
    assert_eq!(pos.notate(pos.read_move("46:14", Notation::STANDARD).unwrap(), Notation::STANDARD).unwrap(), "46x14");
    // A square the king flies over names the capture too.
    assert_eq!(pos.read_move("46x37x10", Notation::STANDARD).unwrap().to, 9);
}

#[test]
fn illegal_moves_are_refused_by_name() {
    let game = rules(Rule::International);
    let mut pos = game.start().unwrap();
    let err = pos.play(rules_api::Move::new(31, 22)).unwrap_err();
    assert_eq!(err.kind, ErrorKind::ILLEGAL_MOVE);
    assert!(err.message.contains("32-23"), "{err}");
    let mut pos = after(&game, "W:W28:B1,33", "");
    let err = pos.play(rules_api::Move::new(27, 21)).unwrap_err();
    assert!(err.message.contains("capture is compulsory"), "{err}");
    let capture = pos.moves().unwrap()[0];
    let forged = rules_api::Move { tag: capture.tag + 1, ..capture };
    assert!(pos.play(forged).is_err(), "a tag beyond the capture list");
}

#[test]
fn a_multi_jump_is_chosen_by_clicking_each_landing() {
    let pos = after(&rules(Rule::English), "B:W9,11,17:B6,8", "");
    let paths = pos.click_path_list().unwrap();
    let cells =
        |p: &rules_api::ClickPath| p.steps.iter().map(|s| s.iter().map(|c| c + 1).collect()).collect::<Vec<Vec<u16>>>();
    let mut all: Vec<Vec<Vec<u16>>> = paths.iter().map(cells).collect();
    all.sort();
    assert_eq!(all, [vec![vec![6], vec![13], vec![22]], vec![vec![8], vec![15]]]);
    for p in &paths {
        assert!(pos.moves().unwrap().contains(&p.mv));
    }
}

#[test]
fn a_flying_king_going_on_straight_may_be_clicked_anywhere_between() {
    // King 46 takes 37 and 23 on the long diagonal: after 37 any of 32
    // and 28 (the squares before 23) is a landing.
    let pos = after(&rules(Rule::International), "W:WK46:B23,37", "");
    assert_eq!(moves(&pos), ["46x32x10", "46x32x14", "46x32x19", "46x32x5"]);
    let paths = pos.click_path_list().unwrap();
    assert_eq!(paths.len(), 4);
    for p in &paths {
        let steps: Vec<Vec<u16>> = p.steps.iter().map(|s| s.iter().map(|c| c + 1).collect()).collect();
        assert_eq!(steps[..2], [vec![46], vec![32, 28]]);
        assert!(p.accepts(&[45, 27, p.mv.to]), "{steps:?}");
    }
}

#[test]
fn no_two_moves_share_a_click_path() {
    let game = rules(Rule::International);
    for fen in ["W:WK2,35:B1,8,K20,27,29,K34,K46", "W:W16,24,K43:BK14,K22,29,K39", "W:WK46:B17,18,27,32"] {
        let pos = after(&game, fen, "");
        let paths = pos.click_path_list().unwrap();
        for p in &paths {
            let first: Vec<u16> = p.steps.iter().map(|s| s[0]).collect();
            let takers: Vec<_> = paths.iter().filter(|q| q.accepts(&first) && q.steps.len() == first.len()).collect();
            assert!(takers.iter().all(|q| q.mv == p.mv), "{fen}: {first:?} fits two moves");
        }
    }
}

#[test]
fn captures_are_flagged_and_the_capturing_pieces_marked() {
    let pos = after(&rules(Rule::International), "W:W38,K46:B13,23,33", "");
    assert!(pos.flags().contains(PositionFlags::IN_CHECK));
    let list = pos.moves().unwrap();
    for info in pos.infos(&list).unwrap() {
        assert!(info.flags.contains(MoveFlags::CAPTURE | MoveFlags::TACTICAL));
    }
    let marks = pos.highlight_list().unwrap();
    assert_eq!(marks.len(), 1);
    assert_eq!((marks[0].cell, marks[0].kind, marks[0].note.as_str()), (37, HighlightKind::NOTE, "must capture"));
    let start = rules(Rule::International).start().unwrap();
    assert!(!start.flags().contains(PositionFlags::IN_CHECK));
}

#[test]
fn the_evaluation_counts_material_for_the_mover() {
    let game = rules(Rule::International);
    let up = after(&game, "W:W31,32,33:B1,2", "");
    let down = after(&game, "B:W31,32,33:B1,2", "");
    assert!(up.evaluate() > 50 && down.evaluate() < -50, "{} {}", up.evaluate(), down.evaluate());
    let start = game.start().unwrap();
    assert_eq!(start.evaluate(), 0, "the start is symmetric");
}
