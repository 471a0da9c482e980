//! PDN (Portable Draughts Notation) in the window, through the PGN reader,
//! checker and writer: a PGN or PDN game whose `GameType` tag is listed in
//! config/records.toml's `[pdn]` table opens with that table's rules and
//! option; the game on screen saves as `.pdn` when the table lists its
//! rules, with `GameType`, the rules plugin's position text in the `FEN`
//! tag (for a game set up from a position), its standard (numeric)
//! notation for the moves, the players by the side their seat plays and
//! PDN's result (`2-0`, `0-2`, `1-1`).

use std::path::Path;

use super::App;
use crate::tr;
use tabula_core::config::Config;
use tabula_core::records::formats::RecordFormats;
use tabula_core::records::pgn_tree::{write, PgnGame};

impl App {
    /// The config a PGN game is read with: the rules and option its
    /// `GameType` names in the `[pdn]` table, else [`App::fen_config`].
    pub(super) fn record_config(&self, game: &PgnGame) -> Result<Config, String> {
        let table = RecordFormats::builtin();
        let Some((rules, option, value)) = game.tag("GameType").and_then(|t| table.pdn_rules(t)) else {
            return self.fen_config();
        };
        let mut config = self.game.config.clone();
        if config.players.len() < 2 {
            return Err(tr!("pgn-two-players"));
        }
        config.players.truncate(2);
        config.clock = None;
        config.game.rules = rules.to_string();
        config.game.options = [(option.to_string(), toml::Value::String(value.to_string()))].into_iter().collect();
        Ok(config)
    }

    /// Saves the game on screen as PDN.
    pub(super) fn save_pdn(&self, path: &Path) -> Result<(), String> {
        let config = &self.game.config;
        let name = config.game.rules.rsplit('/').next().unwrap_or(&config.game.rules);
        let info = self.game.session.info();
        let table = RecordFormats::builtin();
        let unfit = || tr!("pdn-unfit", game = info.name.as_str());
        let facts = table.pdn.get(name).ok_or_else(unfit)?;
        let options = super::sgf::in_force(config, self.game.extra_dirs())?;
        let value = options.iter().find(|(k, _)| *k == facts.game_type_option).map(|(_, v)| v.as_str());
        let game_type = value.and_then(|v| facts.game_types.get(v)).ok_or_else(unfit)?;
        let record = super::pgn::game_record(&self.game);
        if record.players.len() != 2 {
            return Err(unfit());
        }
        let finished = self.game.result().is_some();
        let mut game = PgnGame::of_record(&record, self.pgn_source.as_ref(), finished);
        let sides: Vec<String> = info.players.iter().map(|p| p.name.to_lowercase()).collect();
        let seats = super::pgn::seats_of_tags(&sides);
        for (seat, tag) in seats {
            game.set_tag(tag, record.players[seat].clone());
        }
        if finished {
            let winner = self.game.result().and_then(|r| r.winner(2));
            let token = match winner {
                None => "1-1",
                Some(w) if w as usize == seats[0].0 => "2-0",
                Some(_) => "0-2",
            };
            game.result = token.to_string();
            game.set_tag("Result", token);
        }
        game.set_tag("GameType", game_type.clone());
        std::fs::write(path, write(&game)).map_err(|e| e.to_string())
    }
}
