//! Targets on texts: positions, moves, configs and saved games, match
//! records, variant definitions, and the line reader under every protocol.

use std::path::PathBuf;
use std::sync::Arc;

use rules_api::plugin::rules_box;
use rules_api::{Notation, PositionBox, PositionExt, RulesExt};
use tabula_core::config::Config;
use tabula_core::lines::{Line, LineReader};
use tabula_core::session::Session;

use crate::{game, position_text};

/// Chess FEN.
pub fn chess_fen(data: &[u8]) {
    position_text(game(0), data);
}

/// Xiangqi FEN.
pub fn xiangqi_fen(data: &[u8]) {
    position_text(game(1), data);
}

/// Gomoku position text.
pub fn gomoku_text(data: &[u8]) {
    position_text(game(2), data);
}

/// A move in either notation of any game, in a position some plies in:
/// a move read is legal, and it prints and reads back as itself.
pub fn moves(data: &[u8]) {
    let [selector, plies, rest @ ..] = data else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let rules = game(*selector as usize % 3);
    let notation = if selector & 4 == 0 { Notation::COORDINATE } else { Notation::STANDARD };
    let mut position: PositionBox = rules.start().unwrap();
    for i in 0..(*plies % 16) as usize {
        let legal = position.moves().unwrap();
        let Some(&m) = legal.get((i * 7 + *plies as usize) % legal.len().max(1)) else { break };
        position.play(m).unwrap();
    }
    let Ok(m) = position.read_move(text, notation) else { return };
    assert!(position.moves().unwrap().contains(&m), "'{text}' read as a move that is not legal: {m:?}");
    let printed = position.notate(m, notation).expect("a legal move prints");
    assert_eq!(position.read_move(&printed, notation).ok(), Some(m), "'{printed}' (from '{text}') reads back");
}

/// Configs and saved games: a config that parses prints (as a saved game
/// does) and parses back equal; a record replays on chess and its replay
/// gives the same record.
pub fn config(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(config) = Config::parse(text, "fuzz.toml", PathBuf::from(".")) else { return };
    let printed = config.to_toml().expect("a parsed config prints");
    let again = Config::parse(&printed, "printed.toml", PathBuf::from("."))
        .unwrap_or_else(|e| panic!("printed config does not parse: {e}\n{printed}"));
    assert_eq!(again, config, "config round trip differs:\n{printed}");
    if let Some(record) = &config.record {
        if let Ok(session) = Session::from_record(Arc::clone(game(0)), record, "fuzz.toml") {
            let replayed = session.record().expect("a replayed game has a record");
            let twice = Session::from_record(Arc::clone(game(0)), &replayed, "again").expect("its record replays");
            assert_eq!(twice.record().unwrap(), replayed);
        }
    }
}

/// Match records: the text record (TOML) and the round scan of both formats.
pub fn records(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let _ = tabula_core::records::pgn::last_round(text);
    let _ = tabula_core::records::text::last_round(text);
    if let Ok(record) = tabula_core::records::text::read(text) {
        #[derive(serde::Serialize)]
        struct Games<'a> {
            game: &'a [tabula_core::records::text::TextGame],
        }
        let printed = toml::to_string(&Games { game: &record.game }).expect("a read record prints");
        let again = tabula_core::records::text::read(&printed).expect("a printed record reads");
        assert_eq!(again.game, record.game);
    }
}

/// Moves the variant target plays into an accepted definition's game.
const VARIANT_PLIES: usize = 12;

/// A variant definition file (plugins/variants): one that compiles has a
/// start position, plays some moves, and every position on the way prints
/// and parses back to the same text, hash and moves; a refusal is an
/// error, never a panic.
pub fn variant_definition(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(variant) = tabula_variants::compile("fuzz.toml", text) else { return };
    let rules = rules_box(tabula_variants::VariantRules::new(variant));
    let mut position = rules.start().expect("a compiled variant has a start position");
    // The bytes pick the moves, so the corpus steers the game too.
    let mut picks = data.iter().rev().copied().cycle();
    for _ in 0..VARIANT_PLIES {
        let printed = position.text().expect("a variant position prints");
        position_text(&rules, printed.as_bytes());
        let legal = position.moves().expect("a variant position has moves");
        let Some(&m) = legal.get(picks.next().unwrap_or(0) as usize % legal.len().max(1)) else { break };
        let standard = position.notate(m, Notation::STANDARD).expect("a legal move prints");
        assert_eq!(position.read_move(&standard, Notation::STANDARD).ok(), Some(m), "'{standard}' reads back");
        position.play(m).expect("a legal move plays");
    }
}

/// The byte-level line reader: one line per line end (plus a last
/// unterminated one), none holding a line end, none longer than the limit.
pub fn line_reader(data: &[u8]) {
    let lines: Vec<Line> = LineReader::new(data).map(|l| l.expect("reading from memory")).collect();
    let ends = data.iter().filter(|&&b| b == b'\n').count();
    let tail = usize::from(data.last().is_some_and(|&b| b != b'\n'));
    assert_eq!(lines.len(), ends + tail);
    for line in lines {
        if let Line::Text(t) | Line::NotUtf8(t) = line {
            assert!(!t.contains('\n') && t.len() <= tabula_core::lines::MAX_LINE * 3);
        }
    }
}
