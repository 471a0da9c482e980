//! SGF in the window: a `.sgf` file opens as the game its `GM` stands for
//! in config/records.toml's `[sgf]` table, with its `SZ`/`KM`/`HA` as
//! that game's options and its `PB`/`PW` as the seats' names; its main
//! line is played by the rules plugin, and what was not kept (comments,
//! variations) is said. The game on screen saves as `.sgf` when the table
//! lists its rules.

use std::path::Path;

use super::App;
use crate::game::Game;
use crate::tr;
use tabula_core::config::{Config, Record};
use tabula_core::outcome::GameResult;
use tabula_core::records::formats::RecordFormats;
use tabula_core::records::sgf::{read_sgf, write_sgf};
use tabula_core::records::sgf_game::{write_game, SgfAbout, SgfGame};

impl App {
    /// A `.sgf` file chosen in the Load dialog.
    pub(super) fn load_sgf_file(&mut self, path: &Path) -> Result<(), String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        self.open_sgf(&text, &name)
    }

    /// Opens the first game of an SGF text from `source`.
    pub(super) fn open_sgf(&mut self, text: &str, source: &str) -> Result<(), String> {
        let refused = |reason: String| tr!("pgn-refused", source = source, reason = reason);
        let trees = read_sgf(text).map_err(|e| refused(e.to_string()))?;
        let tree = trees.first().ok_or_else(|| refused(tr!("pgn-no-games")))?;
        let game = SgfGame::of(tree).map_err(refused)?;
        let table = RecordFormats::builtin();
        let (rules, facts) = table.sgf_rules(game.gm).ok_or_else(|| refused(tr!("sgf-no-rules", gm = game.gm)))?;
        let mut config = self.game.config.clone();
        if config.players.len() < 2 {
            return Err(tr!("pgn-two-players"));
        }
        config.players.truncate(2);
        config.clock = None;
        config.game.rules = rules.to_string();
        config.game.options = game
            .options(rules, facts)
            .map_err(refused)?
            .into_iter()
            .map(|(k, v)| (k, toml::Value::String(v)))
            .collect();
        for (player, name) in config.players.iter_mut().zip(&game.players) {
            if let Some(name) = name.as_deref().map(str::trim).filter(|n| !n.is_empty()) {
                player.name = name.to_string();
            }
        }
        let session = game.replay(&self.load_rules_for(&config)?).map_err(refused)?;
        let moves: Vec<String> = session.history().iter().map(|m| m.coordinate.clone()).collect();
        let n = moves.len();
        config.record = Some(Record { moves, result: GameResult::ONGOING.to_string(), ..Default::default() });
        let loaded = Game::open(config, source, self.game.extra_dirs())?;
        self.replace_game(loaded);
        let game_name = crate::messages::capitalised(&crate::messages::game_name(rules));
        let mut message = tr!("sgf-loaded", game = game_name, n = n);
        if game.left_out().is_some() {
            let left = tr!("sgf-left-out", comments = game.comments, variations = game.variations);
            message = format!("{message} {left}");
        }
        self.say(message, false);
        Ok(())
    }

    /// Saves the game on screen as SGF.
    pub(super) fn save_sgf(&self, path: &Path) -> Result<(), String> {
        let config = &self.game.config;
        let name = config.game.rules.rsplit('/').next().unwrap_or(&config.game.rules).trim_end_matches(".so");
        let table = RecordFormats::builtin();
        let unfit = || tr!("sgf-unfit", game = self.game.session.info().name.as_str());
        let facts = table.sgf.get(name).ok_or_else(unfit)?;
        let names: Vec<String> = self.game.seats.iter().map(|s| s.name.clone()).collect();
        if names.len() != 2 {
            return Err(unfit());
        }
        let about = SgfAbout {
            players: [names[0].clone(), names[1].clone()],
            result: self.game.result(),
            date: tabula_core::records::today().replace('.', "-"),
            options: in_force(config, self.game.extra_dirs())?,
        };
        let tree = write_game(&self.game.session, facts, &about)?;
        std::fs::write(path, write_sgf(&tree)).map_err(|e| e.to_string())
    }
}

/// The rules options in force: the config's, and the plugin's defaults
/// for the others.
pub(super) fn in_force(config: &Config, extra: &[std::path::PathBuf]) -> Result<Vec<(String, String)>, String> {
    let dirs = config.plugin_dirs(extra);
    let plugin =
        tabula_core::plugins::find_plugin(&config.resolve_ref(&config.game.rules), rules_api::PluginKind::RULES, &dirs)
            .map_err(|e| e.to_string())?;
    let given = config.rules_options();
    Ok(plugin
        .options()
        .into_iter()
        .map(|spec| {
            let name = spec.name.to_string();
            let value =
                given.iter().find(|(k, _)| *k == name).map_or_else(|| spec.default.to_string(), |(_, v)| v.clone());
            (name, value)
        })
        .collect())
}
