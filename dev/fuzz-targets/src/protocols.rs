//! Targets on the engine protocols: the command streams of `tabula uci`,
//! `ucci`, `gomocup` and `gtp` (engine side, a random strategy behind
//! them), and an external engine's replies (client side).

use std::sync::{Arc, OnceLock};

use rules_api::{Options, PluginKind, PositionExt, RulesExt, Tuple2};
use tabula_core::engines::gtp::State;
use tabula_core::engines::{Replies, Reply};
use tabula_core::lines::LineReader;
use tabula_core::plugins::LoadedPlugin;
use tabula_core::protocols::coordinates::Coordinates;
use tabula_core::protocols::core::Thinker;
use tabula_core::protocols::gomocup::Brain;
use tabula_core::protocols::grid::Grid;
use tabula_core::protocols::gtp::{player_colour, GtpEngine};
use tabula_core::protocols::settings::ProtocolSettings;
use tabula_core::protocols::uci::{Dialect, Engine};
use tabula_core::source::Protocol;

use crate::{game, input, plugin, random_strategy};

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

/// `tabula gtp`'s command stream, on the rules plugin `tabula gtp` plays
/// by default (`boardsize`, `komi` and `fixed_handicap` rebuild it).
pub fn gtp_stream(data: &[u8]) {
    static RULES: OnceLock<LoadedPlugin> = OnceLock::new();
    let settings = ProtocolSettings::builtin();
    let rules = RULES.get_or_init(|| plugin(&settings.gtp_rules, PluginKind::RULES)).clone();
    let thinker = Thinker::new(random_strategy(), Vec::new());
    let engine = GtpEngine::new(rules, Vec::new(), settings.gtp, thinker, 1, "fuzz").expect("gtp engine");
    engine.with_output(Box::new(std::io::sink())).run_on(&input(data));
}

/// An engine's replies, as the client reads them: a move it accepts is a
/// legal move of the position.
pub fn engine_replies(data: &[u8]) {
    let [selector, rest @ ..] = data else { return };
    let index = *selector as usize % 3;
    let protocol = [Protocol::Uci, Protocol::Ucci, Protocol::Gomocup][index];
    let rules = game(index);
    let position = rules.start().unwrap();
    let grid = Grid::from_geometry(&rules.board().unwrap());
    let legal = position.moves().unwrap();
    let replies = Replies { protocol, position, coordinates: Coordinates::Shifted(i32::from(selector >> 6)) };
    for line in LineReader::new(rest) {
        let line = line.expect("reading from memory").lossy();
        if let Reply::Answer(Ok(result)) = replies.read(&line, Some(&grid)) {
            assert!(legal.contains(&result.best), "'{line}' was taken for an illegal move {:?}", result.best);
        }
    }
}

/// A GTP engine's answers to one turn (client side), some moves into a
/// 9×9 game: the answers are matched to the turn's numbered commands, and
/// a `genmove` answer taken as a move is a legal move of the position.
pub fn gtp_replies(data: &[u8]) {
    let [plies, rest @ ..] = data else { return };
    static GO: OnceLock<Arc<rules_api::RulesBox>> = OnceLock::new();
    let rules = GO.get_or_init(|| {
        let options: Options = vec![Tuple2("size".into(), "9".into())].into();
        Arc::new(rules_api::plugin::rules_box(tabula_go::GoRules::from_options(&options).expect("9x9 go")))
    });
    let mut position = rules.start().unwrap();
    let mut wanted = Vec::new();
    for i in 0..(*plies % 8) as usize {
        let legal = position.moves().unwrap();
        let Some(&m) = legal.get((i * 13 + *plies as usize) % legal.len().max(1)) else { break };
        let vertex = position.notate(m, rules_api::Notation::COORDINATE).unwrap();
        wanted.push(format!("play {} {vertex}", player_colour(position.side_to_move())));
        position.play(m).unwrap();
    }
    let pending = State::default().turn(&wanted, position.side_to_move());
    let legal = position.moves().unwrap();
    let replies = Replies { protocol: Protocol::Gtp, position, coordinates: Coordinates::default() };
    for line in LineReader::new(rest) {
        let line = line.expect("reading from memory").lossy();
        if let Some(Ok(result)) = replies.gtp_line(&line, &pending) {
            assert!(legal.contains(&result.best), "'{line}' was taken for an illegal move {:?}", result.best);
        }
    }
}
