//! The fuzz targets' bodies, one function per target (`fuzz_targets/*.rs`
//! only call them). Each feeds arbitrary bytes to one parser or boundary
//! input of Tabula and checks a property where one exists: nothing panics,
//! and what parses prints and parses back to the same thing.
//!
//! The protocol targets open the strategy and rules libraries of the main
//! build (`target/release`, or `TABULA_PLUGIN_DIR`): build the workspace
//! first (`scripts/fuzz.sh` does).

use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::sync::{Arc, OnceLock};

use rules_api::plugin::rules_box;
use rules_api::{Notation, Options, PluginKind, PositionBox, PositionExt, RulesBox, RulesExt};
use tabula_core::config::Config;
use tabula_core::engines::{Replies, Reply};
use tabula_core::lines::{Line, LineReader};
use tabula_core::plugins::{find_plugin, LoadedPlugin, PluginDirs};
use tabula_core::protocols::core::Thinker;
use tabula_core::protocols::gomocup::Brain;
use tabula_core::protocols::grid::Grid;
use tabula_core::protocols::settings::ProtocolSettings;
use tabula_core::protocols::uci::{Dialect, Engine};
use tabula_core::session::Session;

/// The three games, built from their crates (no library needed).
fn game(index: usize) -> &'static Arc<RulesBox> {
    static GAMES: OnceLock<Vec<Arc<RulesBox>>> = OnceLock::new();
    let games = GAMES.get_or_init(|| {
        let none = Options::new();
        vec![
            Arc::new(rules_box(tabula_chess::ChessRules::from_options(&none).expect("chess"))),
            Arc::new(rules_box(tabula_xiangqi::XiangqiRules::from_options(&none).expect("xiangqi"))),
            Arc::new(rules_box(tabula_gomoku::GomokuRules::from_options(&none).expect("gomoku"))),
        ]
    });
    &games[index % games.len()]
}

/// A plugin library of the main build.
fn plugin(name: &str, kind: PluginKind) -> LoadedPlugin {
    let dir = std::env::var_os("TABULA_PLUGIN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release"));
    find_plugin(name, kind, &PluginDirs::only([dir])).unwrap_or_else(|e| panic!("build the workspace first: {e}"))
}

fn random_strategy() -> LoadedPlugin {
    static RANDOM: OnceLock<LoadedPlugin> = OnceLock::new();
    RANDOM.get_or_init(|| plugin("random", PluginKind::STRATEGY)).clone()
}

/// Position text: what parses prints back, and that text parses to a
/// position with the same text, hash and moves.
fn position_text(rules: &RulesBox, data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(position) = rules.position(text) else { return };
    let printed = position.text().expect("a parsed position prints");
    let again = rules.position(&printed).unwrap_or_else(|e| panic!("'{printed}' (from '{text}') does not parse: {e}"));
    assert_eq!(again.text().unwrap(), printed, "print/parse/print differs for '{text}'");
    assert_eq!(again.hash(), position.hash(), "hash differs after a round trip of '{text}'");
    assert_eq!(again.moves().ok(), position.moves().ok(), "moves differ after a round trip of '{text}'");
}

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

/// The lines of `data` on a channel, as the protocols read stdin.
fn input(data: &[u8]) -> std::sync::mpsc::Receiver<Line> {
    let (tx, rx) = channel();
    for line in LineReader::new(data) {
        let _ = tx.send(line.expect("reading from memory"));
    }
    rx
}

fn uci_like(dialect: Dialect, rules: usize, data: &[u8]) {
    let thinker = Thinker::new(random_strategy(), Vec::new());
    let engine = Engine::new(dialect, Arc::clone(game(rules)), thinker, 0, "fuzz").expect("engine");
    engine.with_output(Box::new(std::io::sink())).run_on(&input(data));
}

/// `tabula uci`'s command stream.
pub fn uci_stream(data: &[u8]) {
    uci_like(Dialect::Uci, 0, data);
}

/// `tabula ucci`'s command stream.
pub fn ucci_stream(data: &[u8]) {
    uci_like(Dialect::Ucci, 1, data);
}

/// `tabula gomocup`'s command stream.
pub fn gomocup_stream(data: &[u8]) {
    static GOMOKU: OnceLock<LoadedPlugin> = OnceLock::new();
    let rules = GOMOKU.get_or_init(|| plugin("gomoku", PluginKind::RULES)).clone();
    let thinker = Thinker::new(random_strategy(), Vec::new());
    let settings = ProtocolSettings::builtin().gomocup;
    let brain = Brain::new(rules, Vec::new(), settings, thinker, "fuzz").expect("brain");
    brain.with_output(Box::new(std::io::sink())).run_on(&input(data));
}

/// An engine's replies, as the client reads them: a move it accepts is a
/// legal move of the position.
pub fn engine_replies(data: &[u8]) {
    let [selector, rest @ ..] = data else { return };
    let index = *selector as usize % 3;
    let protocol = [tabula_core::source::Protocol::Uci, tabula_core::source::Protocol::Ucci][index % 2];
    let protocol = if index == 2 { tabula_core::source::Protocol::Gomocup } else { protocol };
    let rules = game(index);
    let position = rules.start().unwrap();
    let grid = Grid::from_geometry(&rules.board().unwrap());
    let legal = position.moves().unwrap();
    let replies = Replies { protocol, position, rank_offset: i32::from(selector >> 6) };
    for line in LineReader::new(rest) {
        let line = line.expect("reading from memory").lossy();
        if let Reply::Answer(Ok(result)) = replies.read(&line, Some(&grid)) {
            assert!(legal.contains(&result.best), "'{line}' was taken for an illegal move {:?}", result.best);
        }
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
