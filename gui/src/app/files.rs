//! Saving, loading, the autosave and its resumption, SIGTERM, and the
//! clipboard (position text and game record out, position text or PGN in).
//! A name ending in `.pgn` saves PGN, `.epd` or `.fen` the position shown,
//! `.sgf` SGF, `.pdn` PDN; a `.pgn`, `.pdn` or `.epd` file loads through
//! the game browser (`super::pgn`, `super::epd`), a `.sgf` file as its game
//! (`super::sgf`).

use std::time::SystemTime;

use super::App;
use crate::dialogs::{Dialog, LoadForm, SaveForm};
use crate::game::Game;
use crate::saves::{autosave_path, default_name, expand_home, list_saves, save_path, saves_dir, SaveFormat};
use crate::tr;
use tabula_core::records::RecordFormat;

impl App {
    /// The Save dialog, with a name made of the game, the players and the date.
    pub(super) fn open_save(&mut self) {
        let names: Vec<String> = self.game.seats.iter().map(|s| s.name.clone()).collect();
        let name = default_name(self.game.session.info().name.as_str(), &names, SystemTime::now());
        // The default name is selected: typing replaces it.
        self.dialog = Some(Dialog::Save(SaveForm { name, selected: true, dir: saves_dir(), error: None }));
        self.set_focus(Some(crate::controls::Focus::SaveName));
    }

    /// Saves under the Save dialog's name; says where the file went.
    pub(super) fn save_named(&mut self) {
        let Some(Dialog::Save(form)) = &mut self.dialog else { return };
        let Some(path) = save_path(&form.dir, &form.name, false) else {
            form.error = Some(tr!("save-need-name"));
            return;
        };
        if let Some(dir) = path.parent() {
            if let Err(e) = std::fs::create_dir_all(dir) {
                form.error = Some(tr!("save-failed", file = dir.display().to_string(), reason = e.to_string()));
                return;
            }
        }
        let saved = match SaveFormat::of(&path) {
            SaveFormat::Pgn => self.save_pgn(&path),
            SaveFormat::Epd => self.save_epd(&path),
            SaveFormat::Fen => self.save_fen(&path),
            SaveFormat::Sgf => self.save_sgf(&path),
            SaveFormat::Pdn => self.save_pdn(&path),
            SaveFormat::Native => self.game.save_to(&path),
        };
        let Some(Dialog::Save(form)) = &mut self.dialog else { return };
        match saved {
            Ok(()) => {
                eprintln!("tabula: saved {}", path.display());
                self.dialog = None;
                self.say(tr!("saved-to", file = crate::saves::short_path(&path)), false);
            }
            Err(e) => form.error = Some(tr!("save-failed", file = path.display().to_string(), reason = e)),
        }
    }

    /// Saves at once under the default name (Save and quit); false on failure.
    pub(super) fn quick_save(&mut self) -> bool {
        let names: Vec<String> = self.game.seats.iter().map(|s| s.name.clone()).collect();
        let name = default_name(self.game.session.info().name.as_str(), &names, SystemTime::now());
        let dir = saves_dir();
        let result = std::fs::create_dir_all(&dir).map_err(|e| e.to_string()).and_then(|()| {
            let path = save_path(&dir, &name, false).ok_or_else(|| tr!("save-need-name"))?;
            self.game.save_to(&path).map(|()| path)
        });
        match result {
            Ok(path) => {
                eprintln!("tabula: saved {}", path.display());
                self.say(tr!("saved-to", file = crate::saves::short_path(&path)), false);
                true
            }
            Err(e) => {
                self.say(tr!("save-failed", file = dir.display().to_string(), reason = e), true);
                false
            }
        }
    }

    pub(super) fn open_load(&mut self) {
        let dir = saves_dir();
        self.replay = None;
        self.dialog = Some(Dialog::Load(LoadForm {
            entries: list_saves(&dir),
            scroll: 0,
            path: String::new(),
            dir,
            error: None,
        }));
    }

    /// Loads entry `i` of the Load dialog.
    pub(super) fn load_entry(&mut self, i: usize) {
        let Some(Dialog::Load(form)) = &self.dialog else { return };
        let Some(entry) = form.entries.get(i).cloned() else { return };
        self.load_file(&entry.path);
    }

    /// Loads the file typed in the Load dialog.
    pub(super) fn load_typed_path(&mut self) {
        let Some(Dialog::Load(form)) = &self.dialog else { return };
        let path = expand_home(form.path.trim());
        if path.as_os_str().is_empty() {
            return;
        }
        self.load_file(&path);
    }

    fn load_file(&mut self, path: &std::path::Path) {
        let record = match SaveFormat::of(path) {
            SaveFormat::Pgn | SaveFormat::Pdn => Some(self.load_pgn_file(path)),
            SaveFormat::Epd | SaveFormat::Fen => Some(self.load_epd_file(path)),
            SaveFormat::Sgf => Some(self.load_sgf_file(path)),
            SaveFormat::Native => None,
        };
        if let Some(opened) = record {
            if let Err(e) = opened {
                let text = tr!("cannot-load", file = path.display().to_string(), reason = e);
                eprintln!("tabula: {text}");
                match &mut self.dialog {
                    Some(Dialog::Load(form)) => form.error = Some(text),
                    _ => self.say(text, true),
                }
            }
            return;
        }
        match Game::load(path, self.game.extra_dirs()) {
            Ok(game) => {
                self.replace_game(game);
                self.say(self.loaded_note(crate::saves::short_path(path)), false);
            }
            Err(e) => {
                let text = tr!("cannot-load", file = path.display().to_string(), reason = e);
                eprintln!("tabula: {text}");
                if let Some(Dialog::Load(form)) = &mut self.dialog {
                    form.error = Some(text);
                } else {
                    self.say(text, true);
                }
            }
        }
    }

    /// Keeps the game in progress in the autosave after every change, and
    /// removes the autosave once the game is over or has no moves.
    pub(super) fn autosave(&mut self) {
        // A network game is kept by its server; a local copy would later be
        // offered as a local game.
        if self.net.is_some() {
            return;
        }
        if matches!(self.dialog, Some(Dialog::Resume(_))) {
            // The kept game stays until the player chooses.
            return;
        }
        let key = (self.game.session.history().len(), self.game.is_over());
        if self.autosaved == Some(key) {
            return;
        }
        self.autosaved = Some(key);
        let path = autosave_path();
        if !self.game.in_progress() {
            let _ = std::fs::remove_file(&path);
            return;
        }
        let written = path.parent().map_or(Ok(()), std::fs::create_dir_all).map_err(|e| e.to_string());
        if let Err(e) = written.and_then(|()| self.game.save_to(&path)) {
            eprintln!("tabula: cannot keep the game for the next start in {}: {e}", path.display());
        }
    }

    /// SIGTERM (or SIGINT, SIGHUP): the game in progress is saved for the
    /// next start, and the window closes without asking.
    pub(super) fn terminate(&mut self) {
        self.game.cancel_search();
        if self.game.in_progress() && self.net.is_none() {
            let path = autosave_path();
            let written = path.parent().map_or(Ok(()), std::fs::create_dir_all).map_err(|e| e.to_string());
            match written.and_then(|()| self.game.save_to(&path)) {
                Ok(()) => eprintln!("tabula: terminated; the game is kept in {} for the next start", path.display()),
                Err(e) => eprintln!("tabula: terminated; cannot keep the game in {}: {e}", path.display()),
            }
        } else {
            eprintln!("tabula: terminated");
        }
        self.quit = true;
    }

    /// At start: a game left in progress (closed window, crash, kill) is
    /// offered for resumption.
    pub(super) fn offer_resume(&mut self) {
        if self.net.is_some() {
            return;
        }
        let path = autosave_path();
        let Ok(text) = std::fs::read_to_string(&path) else { return };
        let Ok(config) = tabula_core::config::Config::parse(&text, &path.display().to_string(), ".".into()) else {
            return;
        };
        let Some(record) = &config.record else { return };
        if record.moves.is_empty() || record.result.split_whitespace().next().is_some_and(|w| w != "ongoing") {
            return;
        }
        let game = config.game.rules.rsplit('/').next().unwrap_or(&config.game.rules).to_string();
        let players: Vec<String> = config.players.iter().map(|p| p.name.clone()).collect();
        let description = tr!(
            "resume-description",
            game = crate::messages::capitalised(&crate::messages::game_name(&game)),
            players = players.join(" – "),
            n = record.moves.len()
        );
        self.dialog = Some(Dialog::Resume(description));
        // The new game's clock waits for the player's answer.
        self.game.hold_clocks(true);
    }

    pub(super) fn resume(&mut self) {
        self.dialog = None;
        let path = autosave_path();
        match Game::load(&path, self.game.extra_dirs()) {
            Ok(game) => {
                self.replace_game(game);
                self.say(tr!("resumed"), false);
            }
            Err(e) => self.say(tr!("cannot-load", file = path.display().to_string(), reason = e), true),
        }
    }

    pub(super) fn discard_resume(&mut self) {
        self.dialog = None;
        self.game.hold_clocks(false);
        let _ = std::fs::remove_file(autosave_path());
        self.autosaved = None;
    }

    /// The position shown (the reviewed one, or the live one) as text.
    pub(super) fn copy_position(&mut self) {
        let position = match self.view_ply {
            Some(ply) => self.game.position_at(ply),
            None => self.game.session.position().clone(),
        };
        // In a game that hides, only what the viewer knows.
        let text = match self.game.viewer() {
            Some(viewer) => position.view_text(viewer).into_result(),
            None => position.to_text().into_result(),
        };
        match text {
            Ok(text) => self.put_on_clipboard(text.as_str(), tr!("copied-position", format = self.format_name())),
            Err(e) => self.say(tr!("cannot-copy", reason = e.to_string()), true),
        }
    }

    fn format_name(&self) -> String {
        let format = self.game.session.info().position_format.to_string();
        if format.is_empty() {
            tr!("position-text")
        } else {
            format
        }
    }

    /// The game record: PGN when the game's positions are FEN, the Tabula
    /// text record otherwise.
    pub(super) fn copy_record(&mut self) {
        if self.game.viewer().is_some_and(|v| v != rules_api::SPECTATOR) {
            // The record holds the whole truth (saves keep it to replay the game).
            self.say(tr!("record-hidden"), true);
            return;
        }
        let (text, kind) = match RecordFormat::for_game(self.game.session.info()) {
            RecordFormat::Pgn => (self.game_pgn(), "PGN"),
            RecordFormat::Text => {
                (tabula_core::records::text::write_game(&super::pgn::game_record(&self.game)), "TOML")
            }
        };
        self.put_on_clipboard(&text, tr!("copied-record", format = kind));
    }

    fn put_on_clipboard(&mut self, text: &str, done: String) {
        match self.clipboard.as_ref().map(|c| c.set_clipboard_text(text)) {
            Some(Ok(())) => self.say(done, false),
            Some(Err(e)) => self.say(tr!("cannot-copy", reason = e), true),
            None => self.say(tr!("cannot-copy", reason = "no clipboard"), true),
        }
    }

    /// A new game from the position text on the clipboard, with the same
    /// players and options.
    pub(super) fn paste_position(&mut self) {
        let text = self.clipboard.as_ref().and_then(|c| c.clipboard_text().ok()).unwrap_or_default();
        let text = text.trim().to_string();
        if text.is_empty() {
            self.say(tr!("paste-empty"), true);
            return;
        }
        if super::pgn::looks_like_pgn(&text) {
            if let Err(e) = self.open_pgn(&text, &tr!("clipboard")) {
                self.say(tr!("paste-refused", reason = e), true);
            }
            return;
        }
        // Several positions, or one with operations, in a game whose
        // positions are FEN.
        if super::epd::looks_like_epd(&text) && RecordFormat::for_game(self.game.session.info()) == RecordFormat::Pgn {
            if let Err(e) = self.open_epd(&text, &tr!("clipboard")) {
                self.say(tr!("paste-refused", reason = e), true);
            }
            return;
        }
        let mut config = self.game.config.clone();
        config.record =
            Some(tabula_core::config::Record { start: text, result: "ongoing".into(), ..Default::default() });
        match Game::open(config, &tr!("clipboard"), self.game.extra_dirs()) {
            Ok(game) => {
                self.replace_game(game);
                self.say(tr!("pasted"), false);
            }
            Err(e) => self.say(tr!("paste-refused", reason = e), true),
        }
    }
}
