//! What each button, key and dialog choice of the window does.

use super::App;
use crate::controls::{Action, Mode};
use crate::dialogs::{Dialog, FormOption, NewGameForm};
use crate::game::Game;
use crate::saves::{list_saves, saves_dir};
use crate::seats::{apply_choices, SeatsForm};
use rules_api::PluginKind;
use tabula_core::plugins::find_plugin;
use tabula_core::source::Level;

impl App {
    /// Carries out `action`.
    pub(super) fn act(&mut self, action: Action) {
        match action {
            Action::NewGameDialog => self.open_new_game(),
            Action::FormGame(i) => self.with_form(|f| f.game = i),
            Action::FormMode(m) => self.with_form(|f| f.mode = m),
            Action::FormSide(i) => self.with_form(|f| f.human_side = i),
            Action::FormLevel(seat, level) => self.with_form(|f| f.levels[seat] = level),
            Action::FormOption(k, c) => self.with_form(|f| {
                if let Some(o) = f.options.get_mut(f.game).and_then(|o| o.get_mut(k)) {
                    o.chosen = c.min(o.choices.len() - 1);
                }
            }),
            Action::StartGame => self.start_game(),
            Action::PlayersDialog => self.dialog = Some(Dialog::Seats(SeatsForm::new(&self.game.config.players))),
            Action::SeatChoose(seat, choice) => {
                if let Some(Dialog::Seats(form)) = &mut self.dialog {
                    if let Some(slot) = form.choices.get_mut(seat) {
                        *slot = Some(choice);
                    }
                }
            }
            Action::ApplySeats => self.apply_seats(),
            Action::Undo => self.undo(),
            Action::Redo => match self.game.redo() {
                Ok(true) => self.message = None,
                Ok(false) => self.say("Nothing to redo", false),
                Err(e) => self.say(e, true),
            },
            Action::Hint => {
                if self.game.human_to_move() {
                    if let Err(e) = self.game.request_hint() {
                        self.say(format!("no hint: {e}"), true);
                    }
                }
            }
            Action::Resign => {
                let events = self.game.resign();
                self.react(events);
            }
            Action::Save => {
                self.save();
            }
            Action::LoadDialog => self.dialog = Some(Dialog::Load(list_saves(&saves_dir()))),
            Action::LoadSave(i) => self.load_save(i),
            Action::Pause => {
                if self.game.all_computers() {
                    self.game.toggle_pause();
                }
            }
            Action::Step => {
                if self.game.all_computers() && self.game.paused {
                    self.game.step();
                }
            }
            Action::Sound => self.toggle_sound(),
            Action::Help => self.show_help(),
            Action::Flip => {
                self.flipped = !self.flipped;
                self.dumped = None;
            }
            Action::Quit => {
                if self.game.in_progress() {
                    self.dialog = Some(Dialog::ConfirmQuit);
                } else {
                    self.quit = true;
                }
            }
            Action::ConfirmQuit => self.quit = true,
            Action::OffBoard(m) => {
                if self.game.human_to_move() {
                    self.play(m);
                }
            }
            Action::ResumePlay => match self.game.resume() {
                Ok(()) => self.message = None,
                Err(e) => self.say(e, true),
            },
            Action::AcceptCount => match self.game.accept_count() {
                Ok(events) => self.react(events),
                Err(e) => self.say(e, true),
            },
            Action::SaveAndQuit => self.quit = self.save(),
            other => self.act_on_view(other),
        }
    }

    /// The actions that change what is shown rather than the game.
    fn act_on_view(&mut self, action: Action) {
        match action {
            Action::ReviewPly(ply) => {
                self.selected = None;
                self.view_ply = if ply >= self.game.session.history().len() { None } else { Some(ply) };
            }
            Action::CloseDialog => {
                if self.dialog.is_some() {
                    self.dialog = None;
                } else {
                    self.view_ply = None;
                    self.selected = None;
                }
            }
            Action::Review => {
                self.dialog = None;
                self.view_ply = Some(self.game.session.history().len().saturating_sub(1));
            }
            Action::Promote(m) => {
                self.dialog = None;
                self.play(m);
            }
            Action::ScrollMoves(d) => match &mut self.dialog {
                Some(Dialog::Help(_, first)) => *first = (*first as i64 + d as i64).max(0) as usize,
                _ => self.scroll = (self.scroll as i64 + d as i64).max(0) as usize,
            },
            _ => {}
        }
    }

    /// The New game dialog, showing the current game and line-up.
    fn open_new_game(&mut self) {
        let games = self.rules_names();
        let current = games.iter().position(|g| *g == self.game.config.game.rules).unwrap_or(0);
        let computers: Vec<bool> = (0..2).map(|i| self.game.is_computer(i)).collect();
        let mode = match (computers[0], computers[1]) {
            (false, false) => Mode::HumanHuman,
            (true, true) => Mode::ComputerComputer,
            _ => Mode::HumanComputer,
        };
        let human_side = if computers[0] && !computers[1] { 1 } else { 0 };
        let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
        let config = &self.game.config.game;
        let options = games
            .iter()
            .map(|g| {
                let specs = find_plugin(g, PluginKind::RULES, &dirs).map(|p| p.options()).unwrap_or_default();
                let current = if *g == config.rules { config.options.clone() } else { Default::default() };
                FormOption::offered(&specs, &current)
            })
            .collect();
        self.dialog = Some(Dialog::NewGame(NewGameForm {
            games,
            game: current,
            mode,
            human_side,
            levels: [Level::Hard, Level::Hard],
            options,
            current: (config.rules.clone(), config.options.clone()),
        }));
    }

    fn with_form(&mut self, f: impl FnOnce(&mut NewGameForm)) {
        if let Some(Dialog::NewGame(form)) = &mut self.dialog {
            f(form);
            // The form's buttons move: tell a test driving the window.
            self.dumped = None;
        }
    }

    /// Starts the game the New game dialog describes.
    fn start_game(&mut self) {
        if let Some(Dialog::NewGame(form)) = &self.dialog {
            let config = form.config(&self.game.config);
            let game_name = config.game.rules.clone();
            match Game::open(config, "the New game dialog", self.game.extra_dirs()) {
                Ok(game) => {
                    self.replace_game(game);
                    self.message = None;
                }
                Err(e) => self.say(format!("cannot start {game_name}: {e}"), true),
            }
        }
    }

    /// Seats the players the Players dialog chose; the game goes on.
    fn apply_seats(&mut self) {
        if let Some(Dialog::Seats(form)) = self.dialog.take() {
            let seats = apply_choices(&self.game.config.players, &form.choices);
            match self.game.change_seats(seats) {
                Ok(()) => {
                    self.selected = None;
                    self.say("Players changed; the game goes on", false);
                }
                Err(e) => self.say(format!("cannot change the players: {e}"), true),
            }
        }
    }

    fn undo(&mut self) {
        self.dialog = None;
        self.view_ply = None;
        self.selected = None;
        match self.game.undo() {
            Ok(true) => self.message = None,
            Ok(false) => self.say("Nothing to undo", false),
            Err(e) => self.say(e, true),
        }
    }

    /// Loads entry `i` of the Load dialog.
    fn load_save(&mut self, i: usize) {
        let Some(Dialog::Load(list)) = &self.dialog else { return };
        let Some(entry) = list.get(i).cloned() else { return };
        match Game::load(&entry.path, self.game.extra_dirs()) {
            Ok(game) => {
                self.replace_game(game);
                self.say(format!("Loaded {}", entry.title), false);
            }
            Err(e) => {
                self.dialog = None;
                self.say(format!("cannot load {}: {e}", entry.path.display()), true);
            }
        }
    }

    fn toggle_sound(&mut self) {
        self.sound.enabled = !self.sound.enabled;
        self.settings.sound = self.sound.enabled;
        if let Err(e) = self.settings.save() {
            self.say(format!("cannot keep the setting: {e}"), true);
        }
    }

    /// The rules plugin's help text in a dialog.
    fn show_help(&mut self) {
        let text = self
            .game
            .session
            .rules()
            .help_text()
            .into_result()
            .map(|t| t.to_string())
            .unwrap_or_else(|e| format!("The rules plugin gave no help: {e}"));
        self.dialog = Some(Dialog::Help(text, 0));
    }
}
