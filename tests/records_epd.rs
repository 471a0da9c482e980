//! EPD with the real chess plugin (issue 25, item 11): every position of
//! a file is a position the rules accept, with its best and avoided moves
//! legal there in the rules' own notation; a position the rules refuse is
//! named with its line; and a position written as EPD reads back the same.

use std::path::PathBuf;
use std::sync::Arc;

use rules_api::Notation;
use tabula_core::records::epd::{read_epd, write_epd};
use tabula_core::session::Session;

fn data(name: &str) -> String {
    std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/epd").join(name)).unwrap()
}

fn chess() -> Arc<rules_api::RulesBox> {
    Arc::new(tabula_suite::diagram::load("chess", &[]))
}

/// The number of fields of the game's FEN, as the window counts them.
fn fen_fields(rules: &Arc<rules_api::RulesBox>) -> usize {
    let s = Session::new(Arc::clone(rules), "").unwrap();
    s.position_text(s.start_position()).unwrap().split_whitespace().count()
}

#[test]
fn every_position_is_the_rules_and_its_moves_are_legal_there() {
    let rules = chess();
    assert_eq!(fen_fields(&rules), 6);
    let positions = read_epd(&data("tactics.epd"), 6).unwrap();
    assert_eq!(positions.len(), 5);
    for p in &positions {
        let session = Session::new(Arc::clone(&rules), &p.fen()).unwrap_or_else(|e| panic!("line {}: {e}", p.line));
        // The rules write the position back as it was read, counters too.
        assert_eq!(session.position_text(session.position()).unwrap(), p.fen());
        for opcode in ["bm", "am"] {
            for text in p.operands(opcode).unwrap_or_default() {
                let read = session.position().parse_move(text.as_str().into(), Notation::STANDARD).into_result();
                assert!(read.is_ok(), "line {}: {opcode} {text}: {read:?}", p.line);
            }
        }
        let line = write_epd(&p.fen(), &p.operations).unwrap();
        assert_eq!(read_epd(&line, 6).unwrap()[0].fen(), p.fen());
    }
}

#[test]
fn a_position_the_rules_refuse_is_named_with_its_line() {
    let rules = chess();
    let positions = read_epd(&data("refused.epd"), 6).unwrap();
    let refused: Vec<usize> =
        positions.iter().filter(|p| Session::new(Arc::clone(&rules), &p.fen()).is_err()).map(|p| p.line).collect();
    assert_eq!(refused, [3], "only the position without kings is refused");
}

#[test]
fn xiangqi_reads_its_fen_the_same_way() {
    let rules = Arc::new(tabula_suite::diagram::load("xiangqi", &[]));
    let fields = fen_fields(&rules);
    let start = Session::new(Arc::clone(&rules), "").unwrap();
    let fen = start.position_text(start.start_position()).unwrap();
    let board: Vec<&str> = fen.split_whitespace().take(fields - 2).collect();
    let epd = format!("{} bm h2e2; id \"central cannon\";\n", board.join(" "));
    let p = &read_epd(&epd, fields).unwrap()[0];
    let session = Session::new(Arc::clone(&rules), &p.fen()).unwrap();
    assert!(session.parse_move("h2e2").is_ok());
    assert_eq!(p.id(), Some("central cannon"));
}
