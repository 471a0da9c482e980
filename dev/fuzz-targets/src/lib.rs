//! The fuzz targets' bodies, one function per target. `fuzz/` (cargo-fuzz,
//! libFuzzer, a workspace of its own) calls them from its
//! `fuzz_targets/*.rs`; the main suite replays the committed corpus and
//! seeded mutations of it through the same functions
//! (`tests/corpus_replay.rs`), so every target runs in CI without the
//! instrumented build.
//!
//! Each feeds arbitrary bytes to one parser or boundary input of Tabula and
//! checks a property where one exists: nothing panics, and what parses
//! prints and parses back to the same thing.
//!
//! The protocol and network targets open the rules and strategy libraries
//! of the main build ([`plugin_dir`]): build the workspace first
//! (`cargo build --release --workspace`; `scripts/fuzz.sh` and
//! `scripts/test.sh` do).

use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver};
use std::sync::{Arc, OnceLock};

use rules_api::plugin::rules_box;
use rules_api::{Options, PluginKind, PositionExt, RulesBox, RulesExt};
use tabula_core::lines::{Line, LineReader};
use tabula_core::plugins::{find_plugin, LoadedPlugin, PluginDirs};

mod net;
mod protocols;
mod text;

pub use net::{net_client, net_server};
pub use protocols::{engine_replies, gomocup_stream, gtp_replies, gtp_stream, ucci_stream, uci_stream};
pub use text::{chess_fen, config, gomoku_text, line_reader, moves, records, variant_definition, xiangqi_fen};

/// A fuzz target: arbitrary bytes in, a panic on a failed check.
pub type Target = fn(&[u8]);

/// Every target by its name in `fuzz/Cargo.toml` (and `fuzz/corpus/<name>`).
pub const TARGETS: &[(&str, Target)] = &[
    ("chess_fen", chess_fen),
    ("xiangqi_fen", xiangqi_fen),
    ("gomoku_text", gomoku_text),
    ("moves", moves),
    ("config", config),
    ("records", records),
    ("variant_definition", variant_definition),
    ("uci_stream", uci_stream),
    ("ucci_stream", ucci_stream),
    ("gomocup_stream", gomocup_stream),
    ("gtp_stream", gtp_stream),
    ("engine_replies", engine_replies),
    ("gtp_replies", gtp_replies),
    ("net_server", net_server),
    ("net_client", net_client),
    ("line_reader", line_reader),
];

/// The targets that open plugin libraries of the main build.
pub const NEEDS_PLUGINS: &[&str] = &["uci_stream", "ucci_stream", "gomocup_stream", "gtp_stream", "net_server"];

/// Where the plugin libraries are: `TABULA_PLUGIN_DIR` (a copy, so a long
/// campaign is not disturbed by rebuilds) or the main release build.
pub fn plugin_dir() -> PathBuf {
    std::env::var_os("TABULA_PLUGIN_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/release"))
}

/// The libraries the protocol targets need, or what is missing.
pub fn check_plugins() -> Result<(), String> {
    let dirs = PluginDirs::only([plugin_dir()]);
    let gtp_rules = tabula_core::protocols::settings::ProtocolSettings::builtin().gtp_rules;
    let wanted =
        [("random", PluginKind::STRATEGY), ("gomoku", PluginKind::RULES), (gtp_rules.as_str(), PluginKind::RULES)];
    for (name, kind) in wanted {
        find_plugin(name, kind, &dirs).map_err(|e| {
            format!(
                "the protocol targets need the plugin libraries of the release build in {} \
                 (run `cargo build --release --workspace` first, or set TABULA_PLUGIN_DIR): {e}",
                plugin_dir().display()
            )
        })?;
    }
    Ok(())
}

/// A plugin library of the main build.
fn plugin(name: &str, kind: PluginKind) -> LoadedPlugin {
    find_plugin(name, kind, &PluginDirs::only([plugin_dir()])).unwrap_or_else(|e| {
        panic!("build the workspace first (cargo build --release --workspace) or set TABULA_PLUGIN_DIR: {e}")
    })
}

fn random_strategy() -> LoadedPlugin {
    static RANDOM: OnceLock<LoadedPlugin> = OnceLock::new();
    RANDOM.get_or_init(|| plugin("random", PluginKind::STRATEGY)).clone()
}

/// The three games built from their crates (no library needed): chess,
/// xiangqi, gomoku.
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

/// The lines of `data` on a channel, as the protocols read stdin.
fn input(data: &[u8]) -> Receiver<Line> {
    let (tx, rx) = channel();
    for line in LineReader::new(data) {
        let _ = tx.send(line.expect("reading from memory"));
    }
    rx
}
