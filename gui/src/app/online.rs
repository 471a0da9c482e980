//! The Network dialog's effects on the window: joining a game found on
//! the local network or on a typed server, and hosting one (chosen in the
//! New game dialog's hosting form).

use std::time::Instant;

use sdl2::keyboard::Keycode;
use tabula_core::config::Config;
use tabula_core::plugins::PluginDirs;
use tabula_net::protocol::{Clock, SeatSpec};

use super::{App, NET_REDRAW};
use crate::dialogs::{Dialog, NewGameForm};
use crate::lobby::{host_server, Field, Go, HostAs, Lobby, LobbyAction};
use crate::network::{Change, Net, NetOptions};
use crate::tr;

impl App {
    /// Opens the Network dialog.
    pub(super) fn open_lobby(&mut self) {
        self.dialog = None;
        self.lobby = Some(Lobby::open());
    }

    /// A click in the Network dialog.
    pub(super) fn lobby_act(&mut self, action: LobbyAction) {
        let Some(lobby) = &mut self.lobby else { return };
        match lobby.act(action) {
            None => {}
            Some(Go::Connect(options)) => {
                if let Err(e) = self.go_online(options) {
                    if let Some(lobby) = &mut self.lobby {
                        lobby.problem(e);
                    }
                }
            }
            Some(Go::ChooseGame(host)) => {
                self.lobby = None;
                self.open_new_game();
                if let Some(Dialog::NewGame(form)) = &mut self.dialog {
                    form.host = Some(host);
                }
            }
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

    /// Hosts the game the New game dialog's hosting form describes; an
    /// error stays in the form.
    pub(super) fn host_from_form(&mut self) {
        let Some(Dialog::NewGame(form)) = &self.dialog else { return };
        let Some(host) = form.host.clone() else { return };
        let form = form.as_ref().clone();
        match hosted_room(&form, &self.game.config, &host).and_then(|options| self.host(options)) {
            Ok(()) => {
                form.remember(&mut self.settings.new_game);
                if let Err(e) = self.settings.save() {
                    eprintln!("tabula: cannot keep the New game choices: {e}");
                }
            }
            Err(e) => {
                if let Some(Dialog::NewGame(form)) = &mut self.dialog {
                    form.error = Some(e);
                }
            }
        }
    }

    /// Starts this window's server (once) and opens the room on it.
    fn host(&mut self, mut options: NetOptions) -> Result<(), String> {
        if self.hosted.is_none() {
            let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
            let isolate = self.game.config.game.isolate;
            self.hosted = Some(host_server(PluginDirs::new(dirs.dirs().iter().cloned()), &options.name, isolate)?);
        }
        let Some(hosted) = &self.hosted else { return Ok(()) };
        options.addr = hosted.local();
        let port = hosted.port;
        self.go_online(options)?;
        // The strip says whether the game still waits for players.
        if let Some(net) = &mut self.net {
            net.status = Some(format!("hosting on port {port} of this computer"));
        }
        Ok(())
    }

    /// Connects as `options` say and shows the server's game.
    fn go_online(&mut self, options: NetOptions) -> Result<(), String> {
        let addr = options.addr.clone();
        let (net, game) =
            Net::start(options, self.game.extra_dirs()).map_err(|e| format!("cannot play on {addr}: {e}"))?;
        self.replace_game(game);
        self.net = Some(net);
        self.lobby = None;
        self.message = None;
        Ok(())
    }

    /// A network game's news (moves, requests, chat, the link) and the
    /// Network dialog's list; either redraws the window.
    pub(super) fn poll_network(&mut self) {
        if let Some(lobby) = &mut self.lobby {
            let before = lobby.signature();
            lobby.refresh();
            self.dirty |= lobby.signature() != before;
        }
        let changes = self.net.as_mut().map(|n| n.poll(&self.game)).unwrap_or_default();
        self.dirty |= !changes.is_empty();
        for change in changes {
            match change {
                Change::Replace(game) => {
                    let was_over = self.game.is_over();
                    let dialog = self.dialog.take();
                    self.replace_game(*game);
                    // Keep the move chooser or help open across a refresh.
                    self.dialog = dialog.filter(|d| !matches!(d, Dialog::GameOver));
                    // A game the server ended (a resignation, an agreed
                    // draw, a claimed win, an abort) shows its result card
                    // as a game ended on this board does.
                    if !was_over && self.game.is_over() {
                        self.over_seen = false;
                    }
                }
                Change::Say(text, error) => self.say(text, error),
            }
        }
        // The server's moves and rolls, in order, and its clocks.
        let events = self.net.as_mut().map(|n| n.feed(&mut self.game)).unwrap_or_default();
        self.react(events, true);
        if self.net.is_some() && self.net_drawn.elapsed() >= NET_REDRAW {
            self.net_drawn = Instant::now();
            self.dirty = true;
        }
    }
}

/// The room a hosting form describes: its game and rules options, the
/// host's seat (the first a person plays), every seat as the form says (a
/// person who joins, or a computer at its level), the clock and the start
/// position.
fn hosted_room(form: &NewGameForm, base: &Config, host: &HostAs) -> Result<NetOptions, String> {
    let Some(seat) = (0..form.seats.len()).find(|&i| !form.is_computer(i)) else {
        return Err(tr!("host-needs-you"));
    };
    let config = form.config(base);
    let seats = form
        .seats
        .iter()
        .map(|s| match s {
            crate::seats::SeatChoice::Computer(level) => {
                SeatSpec { player: level.word().to_string(), time_ms: None, options: Default::default() }
            }
            crate::seats::SeatChoice::Human => SeatSpec::human(),
        })
        .collect();
    let options = config
        .game
        .options
        .iter()
        .map(|(k, v)| (k.clone(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
        .collect();
    Ok(NetOptions {
        name: host.name.clone(),
        password: host.password.clone(),
        create: Some(config.game.rules.clone()),
        options,
        seat: Some(seat as u8),
        seats,
        clock: config.clock.map(|c| Clock { initial_ms: c.initial_ms, increment_ms: c.increment_ms }),
        start: form.start.trim().to_string(),
        ..NetOptions::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controls::FormKey;
    use crate::dialogs::GameChoice;
    use crate::settings::NewGameMemory;
    use rules_api::OptionSpec;
    use tabula_core::source::Level;

    fn form() -> NewGameForm {
        let game = GameChoice {
            name: "boards".into(),
            label: "Boards".into(),
            specs: vec![OptionSpec::new("size", "19", &["9", "13", "19"], "Board size.")],
            sides: vec!["black".into(), "white".into()],
        };
        let mut form = NewGameForm::new(vec![game], &NewGameMemory::default(), "boards");
        form.host = Some(HostAs { name: "Ann".into(), password: Some("sesame".into()) });
        form
    }

    #[test]
    fn the_hosting_form_describes_the_room() {
        let base = Config::default_config().unwrap();
        let mut form = form();
        form.pick(FormKey::Option(0), 0);
        form.pick(FormKey::Seat(0), 1);
        form.pick(FormKey::Seat(1), 0);
        form.pick(FormKey::Clock, 1);
        let room = hosted_room(&form, &base, form.host.as_ref().unwrap()).unwrap();
        assert_eq!(room.create.as_deref(), Some("boards"));
        assert_eq!(room.options, vec![("size".to_string(), "9".to_string())]);
        let hard = SeatSpec { player: Level::Hard.word().into(), time_ms: None, options: Default::default() };
        assert_eq!(
            (room.seat, room.seats.clone()),
            (Some(1), vec![hard, SeatSpec::human()]),
            "the computer takes seat 0"
        );
        assert_eq!((room.name.as_str(), room.password.as_deref()), ("Ann", Some("sesame")));
        assert!(room.clock.is_some_and(|c| c.initial_ms > 0));
        form.pick(FormKey::Seat(0), 0);
        let people = hosted_room(&form, &base, form.host.as_ref().unwrap()).unwrap();
        let both = vec![SeatSpec::human(), SeatSpec::human()];
        assert_eq!((people.seat, people.seats), (Some(0), both), "two people: the host takes the first seat");
        form.pick(FormKey::Seat(0), 1);
        form.pick(FormKey::Seat(1), 1);
        assert!(hosted_room(&form, &base, form.host.as_ref().unwrap()).is_err(), "nobody to host for");
    }
}
