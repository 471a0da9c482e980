//! The Network dialog's effects on the window: joining a game found on
//! the local network or on a typed server, and hosting one.

use sdl2::keyboard::Keycode;

use super::App;
use crate::lobby::{host_server, Field, Go, Lobby, LobbyAction};
use crate::network::{Net, NetOptions};
use tabula_core::plugins::PluginDirs;

impl App {
    /// Opens the Network dialog.
    pub(super) fn open_lobby(&mut self) {
        let rules = self.game_choices().into_iter().map(|g| g.name).collect();
        let current = self.game.config.game.rules.clone();
        self.dialog = None;
        self.lobby = Some(Lobby::open(rules, &current));
    }

    /// A click in the Network dialog.
    pub(super) fn lobby_act(&mut self, action: LobbyAction) {
        let Some(lobby) = &mut self.lobby else { return };
        match lobby.act(action) {
            None => {}
            Some(Go::Connect(options)) => self.go_online(options),
            Some(Go::Host(options)) => self.host(options),
        }
    }

    /// A key while a field of the Network dialog has the focus.
    pub(super) fn lobby_key(&mut self, key: Keycode) {
        let Some(lobby) = &mut self.lobby else { return };
        match key {
            Keycode::Backspace => lobby.backspace(),
            Keycode::Escape if lobby.focus.is_some() => lobby.focus = None,
            Keycode::Escape => self.lobby = None,
            Keycode::Return | Keycode::KpEnter if lobby.focus == Some(Field::Address) => lobby.lookup(),
            Keycode::Return | Keycode::KpEnter | Keycode::Tab => lobby.focus = None,
            _ => {}
        }
    }

    /// Starts this window's server (once) and opens the room on it.
    fn host(&mut self, mut options: NetOptions) {
        if self.hosted.is_none() {
            let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
            match host_server(PluginDirs::new(dirs.dirs().iter().cloned()), &options.name) {
                Ok(hosted) => self.hosted = Some(hosted),
                Err(e) => {
                    if let Some(lobby) = &mut self.lobby {
                        lobby.problem(e);
                    }
                    return;
                }
            }
        }
        let Some(hosted) = &self.hosted else { return };
        options.addr = hosted.local();
        let port = hosted.port;
        self.go_online(options);
        if let (Some(net), None) = (&mut self.net, &self.lobby) {
            net.status = Some(format!("hosting on port {port} of this computer"));
            self.say(format!("Hosting on port {port}: waiting for a player to join"), false);
        }
    }

    /// Connects as `options` say and shows the server's game.
    fn go_online(&mut self, options: NetOptions) {
        let addr = options.addr.clone();
        match Net::start(options, self.game.extra_dirs()) {
            Ok((net, game)) => {
                self.replace_game(game);
                self.net = Some(net);
                self.lobby = None;
                self.message = None;
            }
            Err(e) => {
                if let Some(lobby) = &mut self.lobby {
                    lobby.problem(format!("cannot play on {addr}: {e}"));
                }
            }
        }
    }
}
