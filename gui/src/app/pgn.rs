//! PGN in the window: a `.pgn` file or PGN pasted from the clipboard opens
//! the game browser (or, with one game, that game), a game picked there is
//! checked move by move by the rules plugin and loaded for replay or
//! continuation, and a game saved as `.pgn` keeps the tags, comments, NAGs
//! and variations of the game it was loaded from.

use std::path::Path;

use super::App;
use crate::controls::Focus;
use crate::dialogs::{Dialog, GamesForm, Listed};
use crate::game::Game;
use crate::tr;
use tabula_core::config::Config;
use tabula_core::outcome::GameResult;
use tabula_core::protocols::settings::ProtocolSettings;
use tabula_core::records::pgn_check::{check_game, record_of};
use tabula_core::records::pgn_read::read_games;
use tabula_core::records::pgn_tree::{write, PgnGame};
use tabula_core::records::{GameRecord, RecordFormat};

impl App {
    /// Opens the games of a PGN text from `source` (a file's name, or the
    /// clipboard): one game is loaded at once, several are listed.
    pub(super) fn open_pgn(&mut self, text: &str, source: &str) -> Result<(), String> {
        let games = read_games(text).map_err(|e| e.to_string())?;
        if games.is_empty() {
            return Err(tr!("pgn-no-games"));
        }
        if games.len() == 1 {
            return self.load_pgn_game(&games[0], source);
        }
        self.replay = None;
        self.dialog = Some(Dialog::Games(Box::new(GamesForm::new(source, Listed::Games(games)))));
        self.set_focus(Some(Focus::PgnFilter));
        Ok(())
    }

    /// Loads game (or position) `i` of the game browser; one its rules
    /// refuse stays listed with the reason.
    pub(super) fn pick_game(&mut self, i: usize) {
        let Some(Dialog::Games(form)) = &self.dialog else { return };
        let source = form.source.clone();
        let loaded = match &form.listed {
            Listed::Games(games) => {
                let Some(game) = games.get(i).cloned() else { return };
                self.load_pgn_game(&game, &source)
            }
            Listed::Positions(positions) => {
                let Some(position) = positions.get(i).cloned() else { return };
                self.load_epd_position(&position, &source)
            }
        };
        if let Err(e) = loaded {
            if let Some(Dialog::Games(form)) = &mut self.dialog {
                form.error = Some(e);
            }
        }
    }

    /// Enter in the filter: the first game it lets through.
    pub(super) fn pick_first_shown(&mut self) {
        let Some(Dialog::Games(form)) = &self.dialog else { return };
        if let Some(&i) = form.shown().first() {
            self.pick_game(i);
        }
    }

    /// Plays `game` with the rules its `GameType` names in
    /// config/records.toml's `[pdn]` table (draughts), else with the rules
    /// of the game on screen when those are written in PGN, else with
    /// config/protocols.toml's `uci_rules` ([`App::record_config`]), and
    /// shows it; the players stay who they were, named as the game's
    /// White and Black tags name them (a tag missing or `?` leaves the
    /// seat's name).
    fn load_pgn_game(&mut self, game: &PgnGame, source: &str) -> Result<(), String> {
        let mut config = self.record_config(game)?;
        let rules = self.load_rules_for(&config)?;
        let checked =
            check_game(&rules, game).map_err(|e| tr!("pgn-refused", source = source, reason = e.to_string()))?;
        config.record = Some(record_of(game));
        let sides: Vec<String> = rules
            .info()
            .into_result()
            .map(|i| i.players.iter().map(|p| p.name.to_lowercase()).collect())
            .unwrap_or_default();
        for (seat, tag) in seats_of_tags(&sides) {
            if let Some(name) = game.tag(tag).map(str::trim).filter(|n| !n.is_empty() && *n != "?") {
                config.players[seat].name = name.to_string();
            }
        }
        let loaded = Game::open(config, source, self.game.extra_dirs())?;
        self.replace_game(loaded);
        self.pgn_source = Some(game.clone());
        let players = format!("{} – {}", game.tag("White").unwrap_or("?"), game.tag("Black").unwrap_or("?"));
        // Counted as the move list counts: a round for each move number.
        let (_, second) = game.first_number();
        let moves = (checked.plies + usize::from(second)).div_ceil(2);
        self.say(tr!("pgn-loaded", number = game.number, players = players, n = moves), false);
        Ok(())
    }

    /// The game on screen's config when its positions are FEN (and it has
    /// two players), else the config for config/protocols.toml's
    /// `uci_rules` ([`App::pgn_config`]): the game a PGN or EPD text is
    /// read as.
    pub(super) fn fen_config(&self) -> Result<Config, String> {
        let config = self.game.config.clone();
        if RecordFormat::for_game(self.game.session.info()) == RecordFormat::Pgn {
            return Ok(config);
        }
        self.pgn_config(config)
    }

    /// The game on screen's config with the PGN game's rules instead
    /// (two seats: PGN records two players).
    fn pgn_config(&self, mut config: Config) -> Result<Config, String> {
        config.game.rules = ProtocolSettings::builtin().uci_rules;
        config.game.options = Default::default();
        config.clock = None;
        if config.players.len() < 2 {
            return Err(tr!("pgn-two-players"));
        }
        config.players.truncate(2);
        Ok(config)
    }

    pub(super) fn load_rules_for(&self, config: &Config) -> Result<std::sync::Arc<rules_api::RulesBox>, String> {
        let dirs = config.plugin_dirs(self.game.extra_dirs());
        let plugin = tabula_core::plugins::find_plugin(
            &config.resolve_ref(&config.game.rules),
            rules_api::PluginKind::RULES,
            &dirs,
        )
        .map_err(|e| e.to_string())?;
        Ok(std::sync::Arc::new(plugin.new_rules(&config.rules_options()).map_err(|e| e.to_string())?))
    }

    /// A `.pgn` file chosen in the Load dialog.
    pub(super) fn load_pgn_file(&mut self, path: &Path) -> Result<(), String> {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        // Old PGN files are often Latin-1.
        let text = String::from_utf8(bytes).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
        let name = path.file_name().map_or_else(|| path.display().to_string(), |n| n.to_string_lossy().into_owned());
        self.open_pgn(&text, &name)
    }

    /// The game on screen as PGN, with what its PGN source annotated.
    pub(super) fn game_pgn(&self) -> String {
        let record = game_record(&self.game);
        let finished = self.game.result().is_some();
        write(&PgnGame::of_record(&record, self.pgn_source.as_ref(), finished))
    }

    /// Saves the game on screen as PGN.
    pub(super) fn save_pgn(&self, path: &Path) -> Result<(), String> {
        if RecordFormat::for_game(self.game.session.info()) != RecordFormat::Pgn {
            return Err(tr!("pgn-unfit", game = self.game.session.info().name.as_str()));
        }
        std::fs::write(path, self.game_pgn()).map_err(|e| e.to_string())
    }
}

/// The game on screen as a record (an unfinished game's result is a
/// draw with no reason; the writers mark it unfinished).
pub(super) fn game_record(game: &Game) -> GameRecord {
    let session = &game.session;
    let info = session.info();
    let result = game.result();
    let start = session.start_position();
    GameRecord {
        event: "Tabula".into(),
        site: "Tabula".into(),
        date: tabula_core::records::today(),
        round: 1,
        game: info.name.to_string(),
        players: game.seats.iter().map(|s| s.name.clone()).collect(),
        start: session.start_text().to_string(),
        start_text: start.to_text().into_result().map(|t| t.to_string()).unwrap_or_default(),
        first_mover: start.side_to_move(),
        standard: session.history().iter().map(|m| m.standard.clone()).collect(),
        coordinate: session.history().iter().map(|m| m.coordinate.clone()).collect(),
        result: result.clone().unwrap_or(GameResult::Draw { reason: String::new() }),
        result_text: result.as_ref().map_or_else(|| GameResult::ONGOING.to_string(), |r| r.describe(info)),
        time_ms: 0,
        movers: session.history().iter().map(|m| m.player).collect(),
        seed: session.seed(),
        hidden: tabula_core::hidden::is_hidden(session.position()),
    }
}
/// The seat each of PGN's `White` and `Black` tags names: the seat whose
/// side has that name (English draughts' first player is Black), else
/// White the first seat and Black the second (xiangqi's Red is White).
pub fn seats_of_tags(sides: &[String]) -> [(usize, &'static str); 2] {
    let named = |tag: &str| sides.iter().position(|s| s.eq_ignore_ascii_case(tag));
    match (named("White"), named("Black")) {
        (Some(w), Some(b)) if w != b => [(w, "White"), (b, "Black")],
        (Some(w), _) if w < 2 => [(w, "White"), (1 - w, "Black")],
        (_, Some(b)) if b < 2 => [(1 - b, "White"), (b, "Black")],
        _ => [(0, "White"), (1, "Black")],
    }
}

/// Whether clipboard text is PGN rather than a position: it starts with a
/// tag pair or a move number.
pub fn looks_like_pgn(text: &str) -> bool {
    let text = text.trim_start();
    text.starts_with('[') || text.starts_with("1.") || text.starts_with("1 .")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_name_the_seat_of_their_side() {
        let sides = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
        assert_eq!(seats_of_tags(&sides(&["white", "black"])), [(0, "White"), (1, "Black")]);
        assert_eq!(seats_of_tags(&sides(&["black", "white"])), [(1, "White"), (0, "Black")]);
        assert_eq!(seats_of_tags(&sides(&["red", "black"])), [(0, "White"), (1, "Black")]);
        assert_eq!(seats_of_tags(&sides(&["sente", "gote"])), [(0, "White"), (1, "Black")]);
    }

    #[test]
    fn pgn_is_told_from_position_text() {
        assert!(looks_like_pgn("[Event \"x\"]\n1. e4 *"));
        assert!(looks_like_pgn("  1. e4 e5 *"));
        assert!(!looks_like_pgn("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
        assert!(!looks_like_pgn("15 ...."));
    }
}
