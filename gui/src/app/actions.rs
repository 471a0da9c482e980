//! What each button, key and dialog choice of the window does.

use std::path::Path;
use std::time::{Duration, Instant};

use super::App;
use crate::controls::{Action, FormKey};
use crate::dialogs::{Dialog, GameChoice, NewGameForm, SettingsForm};
use crate::game::Game;
use crate::seats::{apply_choices, SeatsForm};
use crate::{i18n, tr};
use rules_api::PluginKind;
use tabula_core::plugins::{available_names, find_plugin, PluginDirs};
use tabula_net::protocol::RequestKind;

impl App {
    /// Carries out `action`.
    pub(super) fn act(&mut self, action: Action) {
        self.dirty = true;
        let Some(action) = self.act_online(action) else { return };
        match action {
            Action::NewGameDialog => self.open_new_game(),
            Action::FormGame(i) => {
                let memory = self.settings.new_game.clone();
                if let Some(Dialog::NewGame(form)) = &mut self.dialog {
                    form.choose_game(i, &memory);
                }
                self.refresh_form_sides();
            }
            Action::FormPick(key, i) => {
                self.form_pick(key, i);
                if matches!(key, FormKey::Option(_)) {
                    self.refresh_form_sides();
                }
            }
            Action::FormOpen(key) => {
                if let Some(Dialog::NewGame(form)) = &mut self.dialog {
                    form.open = if form.open.map(|o| o.0) == Some(key) { None } else { Some((key, 0)) };
                }
            }
            Action::StartGame => self.start_game(),
            Action::PickHand(kind) => {
                self.clicks.clear();
                self.picked = if self.picked == Some(kind) { None } else { Some(kind) };
                // The ring on the hand and the drop targets change.
                self.dirty = true;
            }
            Action::PlayersDialog => self.dialog = Some(Dialog::Seats(SeatsForm::new(&self.game.config.players))),
            Action::SeatChoose(seat, choice) => {
                if let Some(Dialog::Seats(form)) = &mut self.dialog {
                    form.choose(seat, choice);
                }
            }
            Action::SeatLevels(seat) => {
                if let Some(Dialog::Seats(form)) = &mut self.dialog {
                    form.open = if form.open.map(|o| o.0) == Some(seat) { None } else { Some((seat, 0)) };
                }
            }
            Action::ApplySeats => self.apply_seats(),
            Action::Undo => self.undo(),
            Action::Redo => match self.game.redo() {
                Ok(true) => self.message = None,
                Ok(false) => self.say(tr!("nothing-to-redo"), false),
                Err(e) => self.say(e, true),
            },
            Action::Hint => {
                if self.game.human_to_move() {
                    if let Err(e) = self.game.request_hint() {
                        self.say(tr!("no-hint", reason = e), true);
                    }
                }
            }
            Action::ResignDialog => {
                if !self.game.is_over() {
                    self.dialog = Some(Dialog::ConfirmResign);
                }
            }
            Action::Resign => {
                self.dialog = None;
                let events = self.game.resign();
                self.react(events, false);
            }
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
            Action::OfferDraw => self.offer_draw(),
            Action::ClaimDraw => self.claim_draw(),
            Action::SettingsDialog => {
                self.dialog = Some(Dialog::Settings(SettingsForm { settings: self.settings.clone() }));
            }
            Action::Help => self.show_help(),
            Action::Flip => {
                self.flipped = !self.flipped;
                self.dumped.clear();
            }
            Action::Quit => {
                if self.game.in_progress() {
                    self.dialog = Some(Dialog::ConfirmQuit);
                } else {
                    self.quit = true;
                }
            }
            Action::ConfirmQuit => self.quit = true,
            Action::MoreMoves => self.more_moves = !self.more_moves,
            Action::OffBoard(m) => {
                if self.game.human_to_move() {
                    self.play(m, false);
                }
            }
            Action::ResumePlay => match self.game.resume() {
                Ok(()) => self.message = None,
                Err(e) => self.say(e, true),
            },
            Action::AcceptCount => match self.game.accept_count() {
                Ok(events) => self.react(events, false),
                Err(e) => self.say(e, true),
            },
            Action::NetworkDialog => self.open_lobby(),
            Action::Lobby(a) => self.lobby_act(a),
            Action::SaveAndQuit => self.quit = self.quick_save(),
            Action::Focus(f) => self.set_focus(Some(f)),
            Action::ToggleDetails => self.details = !self.details,
            Action::HandOver => self.handed_over(),
            Action::OpenEditor => self.open_editor(),
            Action::Editor(a) => self.editor_act(a),
            Action::Analysis(a) => self.analysis_act(a),
            other => self.act_on_files(other),
        }
    }

    /// The actions that save, load, copy and paste.
    fn act_on_files(&mut self, action: Action) {
        match action {
            Action::SaveDialog => self.open_save(),
            Action::SaveNamed => self.save_named(),
            Action::LoadDialog => self.open_load(),
            Action::LoadSave(i) => self.load_entry(i),
            Action::PickGame(i) => self.pick_game(i),
            Action::LoadPath => self.load_typed_path(),
            Action::CopyPosition => self.copy_position(),
            Action::CopyRecord => self.copy_record(),
            Action::PastePosition => self.paste_position(),
            Action::Resume => self.resume(),
            Action::DiscardResume => self.discard_resume(),
            Action::EnterMove => self.enter_move(),
            other => self.act_on_view(other),
        }
    }

    /// In a network game: what goes to the server (undo and new game as
    /// requests, resignation, draw offers, answers, chat) or is not
    /// available (hints, redo, saving, changing players); other actions
    /// are returned for the usual handling.
    fn act_online(&mut self, action: Action) -> Option<Action> {
        let Some(net) = self.net.as_mut() else { return Some(action) };
        let say = |text: &str| Some(text.to_string());
        let note = match action {
            Action::Undo => {
                net.request(RequestKind::Undo);
                say(&tr!("net-asked-undo"))
            }
            Action::NewGameDialog => {
                net.request(RequestKind::NewGame);
                say(&tr!("net-asked-new-game"))
            }
            Action::NetDraw => {
                net.request(RequestKind::Draw);
                say(&tr!("net-offered-draw"))
            }
            Action::Resign => {
                net.resign();
                None
            }
            Action::ClaimDraw => {
                net.claim(self.game.session.history().len() as u32);
                None
            }
            Action::NetAnswer(accept) => {
                net.answer(accept);
                None
            }
            Action::NetChat => {
                net.chat_key();
                None
            }
            Action::NetClaimWin => {
                net.claim_win();
                say(&tr!("net-claimed-win"))
            }
            Action::NetAbort => {
                net.abort();
                say(&tr!("net-aborted"))
            }
            Action::Hint => say(&tr!("net-no-hints")),
            Action::Redo
            | Action::SaveDialog
            | Action::SaveNamed
            | Action::LoadDialog
            | Action::PastePosition
            | Action::PlayersDialog
            | Action::Pause
            | Action::Step => say(&tr!("net-not-available")),
            // Leaving a game that goes on or waits for its players asks
            // first, before the first move too; the seat stays this
            // player's on the server.
            Action::Quit if !self.game.is_over() => {
                self.dialog = Some(Dialog::ConfirmLeave);
                None
            }
            Action::Quit => {
                self.quit = true;
                None
            }
            other => return Some(other),
        };
        if let Some(text) = note {
            self.say(text, false);
        }
        None
    }

    /// A key while a chat line is being typed.
    pub(super) fn typing_key(&mut self, key: sdl2::keyboard::Keycode) {
        use sdl2::keyboard::Keycode;
        let Some(net) = self.net.as_mut() else { return };
        match key {
            Keycode::Return | Keycode::KpEnter => net.chat_key(),
            Keycode::Escape => net.typing = None,
            Keycode::Backspace => {
                if let Some(t) = net.typing.as_mut() {
                    t.pop();
                }
            }
            _ => {}
        }
    }

    /// The actions that change what is shown rather than the game.
    fn act_on_view(&mut self, action: Action) {
        let len = self.game.session.history().len();
        match action {
            Action::ReviewPly(ply) => {
                self.replay = None;
                self.show_ply(ply, false);
            }
            Action::ReviewStep(d) => {
                self.replay = None;
                if let Some(Dialog::Help(..)) = self.dialog {
                    self.act_on_view(Action::ScrollMoves(d));
                    return;
                }
                // Stepping back from the result card reviews the game.
                if self.dialog == Some(Dialog::GameOver) {
                    self.dialog = None;
                }
                if self.dialog.is_some() || len == 0 {
                    return;
                }
                let from = self.view_ply.unwrap_or(len) as i64;
                let to = (from + d as i64).clamp(0, len as i64) as usize;
                self.show_ply(to, d == 1);
            }
            Action::ReviewFirst if self.dialog.is_none() && len > 0 => {
                self.replay = None;
                self.show_ply(0, false);
            }
            Action::LiveView => {
                self.replay = None;
                self.view_ply = None;
                self.clicks.clear();
            }
            Action::Replay => {
                self.dialog = None;
                if self.replay.is_some() {
                    self.replay = None;
                    self.view_ply = None;
                } else if len > 0 {
                    self.show_ply(0, false);
                    self.replay = Some(Instant::now() + Duration::from_millis(self.settings.replay_ms.max(100)));
                }
            }
            Action::CloseDialog => {
                if self.lobby.is_some() {
                    self.lobby = None;
                } else if self.dialog.as_mut().is_some_and(Dialog::close_dropdown) {
                    // Escape in an open drop-down closes only the list.
                } else if self.dialog.is_some() {
                    self.dialog = None;
                } else if self.cancel_premove() {
                    // Escape forgets a premove first.
                } else if !self.back_one_click() {
                    self.view_ply = None;
                    self.replay = None;
                    self.message = None;
                }
            }
            Action::Review => {
                self.dialog = None;
                self.show_ply(len, false);
            }
            Action::ChooseMove(m) => {
                self.dialog = None;
                self.play(m, false);
            }
            Action::ScrollMoves(d) => match &mut self.dialog {
                Some(Dialog::Help(_, first)) => *first = (*first as i64 + d as i64).max(0) as usize,
                Some(Dialog::NewGame(form)) => form.scroll_by(d.signum(), self.hover),
                Some(Dialog::Seats(form)) => form.scroll_by(d.signum()),
                Some(Dialog::Load(form)) => form.scroll = (form.scroll as i64 + d.signum() as i64).max(0) as usize,
                Some(Dialog::Games(form)) => form.scroll = (form.scroll as i64 + d.signum() as i64).max(0) as usize,
                Some(_) => {}
                None => self.scroll = (self.scroll as i64 + d as i64).max(0) as usize,
            },
            _ => {}
        }
    }

    /// Seats the window named (`You`, `Computer`) renamed in the language
    /// of the moment; a name the user gave stays.
    pub(crate) fn rename_seats(&mut self) {
        if self.net.is_some() {
            return;
        }
        let computers: Vec<bool> = (0..self.game.seats.len()).map(|i| self.game.is_computer(i)).collect();
        let mut names: Vec<String> = self.game.seats.iter().map(|s| s.name.clone()).collect();
        crate::seats::rename_generated(&mut names, &computers);
        for (seat, name) in self.game.seats.iter_mut().zip(names) {
            seat.name = name;
        }
    }

    /// The rules plugins found, with their options and players (each
    /// loaded once per window).
    pub(super) fn game_choices(&mut self) -> Vec<GameChoice> {
        if let Some(games) = &self.games {
            return games.clone();
        }
        let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
        let dirs = PluginDirs::new(dirs.dirs().iter().cloned());
        // An isolated window asks each game for its name in a child
        // process too: any of them may be the one that crashes.
        let isolate = self.game.config.game.isolate;
        let mut games = Vec::new();
        for name in available_names(PluginKind::RULES, &dirs) {
            let Ok(plugin) = find_plugin(&name, PluginKind::RULES, &dirs) else { continue };
            crate::i18n::add_plugin_dirs(plugin.path().parent().map(Path::to_path_buf));
            let plugin = plugin.isolating(isolate);
            let specs = plugin.options();
            let info = plugin.new_rules(&[]).ok().and_then(|r| r.info().into_result().ok());
            // The plugin's own name for its game: the dialog shows it in
            // the language chosen when it draws.
            let (label, sides) = match info {
                Some(info) => (info.name.to_string(), info.players.iter().map(|p| p.name.to_string()).collect()),
                None => (crate::messages::capitalised(&name), Vec::new()),
            };
            games.push(GameChoice { name, label, specs, sides });
        }
        crate::dialogs::add_config_variants(&mut games, &self.game.config.option_dirs("variant_dirs"));
        self.games = Some(games.clone());
        games
    }

    /// The New game dialog, on the game being played and its options,
    /// other games with their last choices.
    pub(super) fn open_new_game(&mut self) {
        let mut games = self.game_choices();
        // In the order of the names shown, in the language of the moment.
        games.sort_by_cached_key(|g| crate::messages::game_name(&g.label).to_lowercase());
        let config = &self.game.config;
        let running = crate::dialogs::with_config_dirs(config.rules_options(), &config.option_dirs("variant_dirs"));
        let memory = self.settings.new_game.with_running_game(&config.game.rules, &running);
        let mut form = NewGameForm::new(games, &memory, &config.game.rules);
        form.engines = self.settings.engines.clone();
        self.replay = None;
        self.dialog = Some(Dialog::NewGame(Box::new(form)));
        // Typing finds a game at once.
        self.set_focus(Some(crate::controls::Focus::Form(FormKey::Find)));
        self.refresh_form_sides();
    }

    /// Asks the chosen game who plays it with the options chosen now, so
    /// the New game dialog offers a seat per player (a `players` option
    /// changes how many). Options the plugin refuses leave the seats as
    /// they are; Start says what is wrong.
    pub(super) fn refresh_form_sides(&mut self) {
        let Some(Dialog::NewGame(form)) = &self.dialog else { return };
        let Some(name) = form.games.get(form.game).map(|g| g.name.clone()) else { return };
        let options = form.options();
        let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
        let isolate = self.game.config.game.isolate;
        let rules = find_plugin(&name, PluginKind::RULES, &dirs)
            .ok()
            .and_then(|p| p.isolating(isolate).new_rules(&options).ok());
        let sides = rules.as_ref().and_then(|rules| tabula_core::boundary::info(rules).ok()).map(|info| {
            let sides = info.players.iter().map(|p| p.name.to_string()).collect::<Vec<_>>();
            (crate::messages::game_name(info.name.as_str()), sides)
        });
        let Some(Dialog::NewGame(form)) = &mut self.dialog else { return };
        // The board preview is read once per game and options, and none
        // is drawn for options the rules refuse.
        if !form.previews.has(&name, &options) {
            let preview = rules.as_ref().and_then(|rules| crate::dialogs::BoardPreview::of(rules).ok());
            form.previews.keep(&name, &options, preview);
        }
        if let Some((title, sides)) = sides {
            form.set_game_info(title, sides);
        }
    }

    fn form_pick(&mut self, key: FormKey, i: usize) {
        match &mut self.dialog {
            Some(Dialog::NewGame(form)) => form.pick(key, i),
            Some(Dialog::Settings(form)) => {
                form.pick(key, i);
                let before = self.settings.auto_flip;
                self.settings = form.settings.clone();
                i18n::set_language(self.settings.lang());
                self.rename_seats();
                self.sound.enabled = self.settings.sound;
                self.apply_piece_set();
                if before != self.settings.auto_flip {
                    self.flipped = self.auto_flip();
                }
                if let Err(e) = self.settings.save() {
                    self.say(tr!("cannot-keep-setting", reason = e), true);
                }
            }
            _ => {}
        }
    }

    /// Starts the game the New game dialog describes; an error stays in
    /// the dialog, naming the option or the position at fault.
    fn start_game(&mut self) {
        // Typed options (a board size) may change the players too.
        self.refresh_form_sides();
        let Some(Dialog::NewGame(form)) = &mut self.dialog else { return };
        if form.host.is_some() {
            self.host_from_form();
            return;
        }
        let config = form.config(&self.game.config);
        match Game::open(config, &tr!("new-game-title"), self.game.extra_dirs()) {
            Ok(game) => {
                form.remember(&mut self.settings.new_game);
                if let Err(e) = self.settings.save() {
                    eprintln!("tabula: cannot keep the New game choices: {e}");
                }
                self.replace_game(game);
                self.message = None;
            }
            Err(e) => form.error = Some(tr!("cannot-start", reason = e)),
        }
    }

    /// Seats the players the Players dialog chose; the game goes on.
    fn apply_seats(&mut self) {
        if let Some(Dialog::Seats(form)) = self.dialog.take() {
            let seats = apply_choices(&self.game.config.players, &form.choices);
            match self.game.change_seats(seats) {
                Ok(()) => {
                    self.clicks.clear();
                    self.flipped = self.auto_flip();
                    self.say(tr!("players-changed"), false);
                }
                Err(e) => self.say(tr!("cannot-change-players", reason = e), true),
            }
        }
    }

    fn undo(&mut self) {
        self.dialog = None;
        self.view_ply = None;
        self.replay = None;
        self.clicks.clear();
        match self.game.undo() {
            Ok(true) => self.message = None,
            Ok(false) => self.say(tr!("nothing-to-undo"), false),
            Err(e) => self.say(e, true),
        }
    }

    fn toggle_sound(&mut self) {
        if self.sound.state() == crate::sound::SoundState::Unavailable {
            self.say(tr!("sound-unavailable"), false);
            return;
        }
        self.sound.enabled = !self.sound.enabled;
        self.settings.sound = self.sound.enabled;
        if let Err(e) = self.settings.save() {
            self.say(tr!("cannot-keep-setting", reason = e), true);
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
            .unwrap_or_else(|e| tr!("no-help", reason = e.to_string()));
        // The plugin's translated help takes the options, defaults first.
        let config = &self.game.config;
        let dirs = config.plugin_dirs(self.game.extra_dirs());
        let specs = find_plugin(&config.resolve_ref(&config.game.rules), PluginKind::RULES, &dirs)
            .map(|p| p.options())
            .unwrap_or_default();
        let mut options: Vec<(String, String)> =
            specs.iter().map(|s| (s.name.to_string(), s.default.to_string())).collect();
        options.extend(config.rules_options());
        options.reverse();
        let mut seen = std::collections::HashSet::new();
        options.retain(|(k, _)| seen.insert(k.clone()));
        let text = crate::messages::help_text(self.game.session.info().name.as_str(), &options, text);
        self.dialog = Some(Dialog::Help(text, 0));
    }

    /// Plays the move typed in the move entry, in either notation.
    fn enter_move(&mut self) {
        let text = self.entry.trim().to_string();
        if text.is_empty() {
            return;
        }
        if !self.game.human_to_move() {
            self.say(tr!("entry-not-your-turn"), true);
            return;
        }
        match self.game.session.parse_move(&text) {
            Ok(m) => {
                self.entry.clear();
                self.view_ply = None;
                self.play(m, true);
            }
            Err(e) => self.say(tr!("entry-refused", reason = e.to_string()), true),
        }
    }
}
