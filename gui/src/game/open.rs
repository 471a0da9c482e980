//! Opening a game (from a configuration, a view or a saved file), seating
//! its players and saving it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rules_api::PluginKind;
use tabula_core::config::{Config, PlayerConfig};
use tabula_core::plugins::{find_plugin, LoadedPlugin, PluginDirs};
use tabula_core::seating::{computer_player, Table};
use tabula_core::session::{Chance, Session};

use super::{count, err, next_generation, Game, Seat};
use crate::clock::Clocks;
use crate::seats::NewSeat;

impl Game {
    /// Sets up the game a configuration describes (replaying its record if
    /// it has one); `source` names the file in errors.
    pub fn open(config: Config, source: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let session = match &config.record {
            Some(record) => Session::from_record(rules, record, source).map_err(err)?,
            None => Session::new(rules, "").map_err(err)?,
        };
        Game::from_parts(config, session, extra_dirs)
    }

    /// [`Game::open`] for a game whose dice are rolled elsewhere (a network
    /// server): the record's rolls are replayed as given, and the session
    /// stops at every chance node until [`Game::play_roll`] brings the roll.
    /// Its countdown follows [`Game::follow_clocks`], never flagging here.
    pub fn open_external(config: Config, source: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let record = config.record.clone().unwrap_or_default();
        let mut session = Session::with_chance(rules, &record.start, Chance::External).map_err(err)?;
        session.play_all(record.moves.iter().map(String::as_str)).map_err(|e| format!("{source}: {e}"))?;
        let mut game = Game::from_parts(config, session, extra_dirs)?;
        game.outside_clock = true;
        Ok(game)
    }

    /// A game shown from one seat's view alone (a network game with hidden
    /// information: the server sends the seat's view text, never the moves
    /// it may not read): the rules build a position from the view
    /// (`position_from_view`) whose pieces and legal moves are the seat's.
    /// It has no history of its own; a new view replaces the game.
    pub fn open_view(config: Config, view: &str, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        use rules_api::RulesExt;
        let dirs = config.plugin_dirs(extra_dirs);
        let plugin = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        let rules = Arc::new(plugin.new_rules_isolated(&config.rules_options(), config.game.isolate).map_err(err)?);
        let sample = tabula_core::watchdog::watch("position_from_view", || rules.position_for_view(view, 0));
        let text = sample.and_then(|p| p.to_text().into_result()).map_err(err)?;
        let session = Session::with_chance(rules, text.as_str(), Chance::External).map_err(err)?;
        let mut game = Game::from_parts(config, session, extra_dirs)?;
        game.outside_clock = true;
        Ok(game)
    }

    /// Loads a saved game file.
    pub fn load(path: &Path, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let (config, session) = Session::load(path, extra_dirs).map_err(err)?;
        Game::from_parts(config, session, extra_dirs)
    }

    fn from_parts(config: Config, session: Session, extra_dirs: &[PathBuf]) -> Result<Game, String> {
        let players = session.info().players.len();
        if config.players.len() != players {
            return Err(format!("the game has {players} players but the config lists {}", config.players.len()));
        }
        let seats = {
            let seater = Seater::new(&config, extra_dirs)?;
            config.players.iter().map(|p| seater.seat(p)).collect::<Result<Vec<_>, _>>()?
        };
        let geometry = tabula_core::boundary::geometry(session.rules()).map_err(err)?;
        let mut game = Game {
            clocks: vec![Duration::ZERO; players],
            countdown: config.clock.map(|c| Clocks::new(c, players, session.history().len())),
            epoch: Instant::now(),
            captured: vec![Vec::new(); players],
            taken: Vec::new(),
            actors: Vec::new(),
            shown_texts: None,
            icons: Vec::new(),
            config,
            session,
            seats,
            geometry,
            extra_dirs: extra_dirs.to_vec(),
            turn: None,
            thinking: None,
            thinking_line: String::new(),
            hint_player: None,
            hint_search: None,
            hint: None,
            turn_start: Instant::now(),
            started: Instant::now(),
            ended_after: None,
            paused: false,
            step: false,
            search_clock: None,
            count: count::CountView::default(),
            generation: next_generation(),
            outside_clock: false,
            draw_offer: None,
        };
        game.icons = game.first_pieces();
        // A game loaded after its end (a PGN game that ends in mate): no
        // clock runs on.
        if game.is_over() {
            game.ended_after = Some(Duration::ZERO);
        }
        game.restore_saved_times();
        game.refresh_history();
        game.refresh_count();
        game.sync_clock();
        Ok(game)
    }

    /// Changes who plays the seats without touching the game: seats marked
    /// replaced get new players, the others keep theirs (and their running
    /// search); names follow `seats`. A computer whose turn it is starts
    /// searching on the next [`Game::tick`]. Nothing changes on an error.
    pub fn change_seats(&mut self, seats: Vec<NewSeat>) -> Result<(), String> {
        if seats.len() != self.seats.len() {
            return Err(format!("the game has {} seats, not {}", self.seats.len(), seats.len()));
        }
        let mut built = Vec::new();
        if seats.iter().any(|s| s.replaced) {
            let seater = Seater::new(&self.config, &self.extra_dirs)?;
            for s in &seats {
                built.push(if s.replaced { Some(seater.seat(&s.player)?) } else { None });
            }
        } else {
            built.resize_with(seats.len(), || None);
        }
        let to_move = self.session.side_to_move() as usize;
        if built.get(to_move).is_some_and(Option::is_some) {
            self.cancel_search();
        }
        for (i, (s, new)) in seats.into_iter().zip(built).enumerate() {
            match new {
                Some(seat) => self.seats[i] = seat,
                None => self.seats[i].name = s.player.name.clone(),
            }
            self.config.players[i] = s.player;
        }
        if !self.all_computers() {
            self.paused = false;
            self.step = false;
        }
        // Who looks at the board may have changed.
        self.refresh_history();
        self.sync_clock();
        Ok(())
    }

    /// Puts the clocks back as a saved game's record kept them.
    fn restore_saved_times(&mut self) {
        let Some(record) = &self.config.record else { return };
        if record.used_ms.len() == self.clocks.len() {
            self.clocks = record.used_ms.iter().map(|&ms| Duration::from_millis(ms)).collect();
        }
        let ply = self.session.history().len();
        if let (Some(c), true) = (&mut self.countdown, record.clock_ms.len() == self.clocks.len()) {
            c.set_remaining(&record.clock_ms.iter().map(|&ms| Duration::from_millis(ms)).collect::<Vec<_>>(), ply);
        }
    }

    /// The times to keep in a saved game's record: the countdowns (under a
    /// time control) and the time used, per seat, in milliseconds.
    pub fn saved_times(&self) -> (Vec<u64>, Vec<u64>) {
        let sides = 0..self.seats.len();
        let clock = sides.clone().filter_map(|s| self.countdown(s)).map(|d| d.as_millis() as u64).collect();
        let used = sides.map(|s| self.clock(s).as_millis() as u64).collect();
        (clock, used)
    }

    /// Saves the game (its configuration, record and clocks) to `path`.
    pub fn save_to(&self, path: &Path) -> Result<(), String> {
        let (clock_ms, used_ms) = self.saved_times();
        self.session
            .save_with(path, &self.config, |r| {
                r.clock_ms = clock_ms;
                r.used_ms = used_ms;
            })
            .map_err(err)
    }
}

/// Builds seats for one game: the rules plugin and its options (which an
/// engine or an isolated strategy is told about) and where plugins are.
pub(super) struct Seater<'a> {
    config: &'a Config,
    dirs: PluginDirs,
    rules: LoadedPlugin,
    rules_options: Vec<(String, String)>,
}

impl<'a> Seater<'a> {
    pub(super) fn new(config: &'a Config, extra_dirs: &[PathBuf]) -> Result<Seater<'a>, String> {
        let dirs = config.plugin_dirs(extra_dirs);
        let rules = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs).map_err(err)?;
        Ok(Seater { config, dirs, rules, rules_options: config.rules_options() })
    }

    /// The seat for one configured player: a person, or a computer
    /// (strategy, isolated strategy or external engine) ready to move.
    pub(super) fn seat(&self, p: &PlayerConfig) -> Result<Seat, String> {
        let table = Table { rules: &self.rules, options: &self.rules_options };
        let player = computer_player(p, self.config, &self.dirs, &table).map_err(err)?;
        Ok(Seat { name: p.name.clone(), player })
    }
}
