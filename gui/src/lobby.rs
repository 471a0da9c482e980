//! The window's Network dialog: *Join a game* from the games found on the
//! local network (mDNS/DNS-SD, [`tabula_net::discovery`]) or on a server
//! typed as `host:port`, and *Host a game*: the window starts a game
//! server of its own, announces it on the local network and opens a room
//! on it. The game, its rules options, the host's seat, a computer
//! opponent and the time control are chosen in the New game dialog, which
//! the Host tab opens in its hosting form ([`HostAs`]).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::thread;
use std::time::Duration;

use sdl2::render::RenderTarget;
use tabula_core::plugins::PluginDirs;
use tabula_net::discovery::{open_games, Announcement, FoundServer, OpenGame, Scanner};
use tabula_net::server::{Limits, Server, ServerConfig};
use tabula_net::store::Sync;
use tabula_net::tls::{known_servers_file, remember_replacing, ServerTls};

use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::layout::Area;
pub use crate::lobby_action::{Field, LobbyAction, Tab};
use crate::network::NetOptions;
use crate::paint::{Anchor, Painter};
use crate::widgets::button;
use crate::{theme, GuiError};

/// Who hosts: carried from the Host tab into the New game dialog, whose
/// Start button then hosts the game described instead of starting it here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostAs {
    /// The host's name.
    pub name: String,
    /// The room's password, if it is private.
    pub password: Option<String>,
}

/// What the window should do after a click in the dialog.
// One value per click: its size does not matter.
#[allow(clippy::large_enum_variant)]
pub enum Go {
    /// Connect with these options.
    Connect(NetOptions),
    /// Open the New game dialog to choose the game to host.
    ChooseGame(HostAs),
}

/// The Network dialog's state.
pub struct Lobby {
    /// The tab shown.
    pub tab: Tab,
    scanner: Result<Scanner, String>,
    /// Games found on the local network, then on the typed server.
    pub found: Vec<OpenGame>,
    typed: Vec<OpenGame>,
    /// The field being typed into.
    pub focus: Option<Field>,
    name: String,
    password: String,
    address: String,
    /// A line under the form (an error when true).
    note: Option<(String, bool)>,
}

impl Lobby {
    /// Opens the dialog and starts looking for games.
    pub fn open() -> Lobby {
        let name = std::env::var("USER").ok().filter(|n| !n.is_empty()).unwrap_or_else(|| "Player".into());
        Lobby {
            tab: Tab::Join,
            scanner: Scanner::start(Duration::from_millis(1500)).map_err(|e| e.to_string()),
            found: Vec::new(),
            typed: Vec::new(),
            focus: None,
            name,
            password: String::new(),
            address: String::new(),
            note: None,
        }
    }

    /// Takes in the latest scan (once per frame).
    pub fn refresh(&mut self) {
        let mut found = self.scanner.as_ref().map(|s| s.games()).unwrap_or_default();
        found.extend(self.typed.iter().filter(|t| !found.contains(t)).cloned().collect::<Vec<_>>());
        self.found = found;
    }

    fn field(&mut self, field: Field) -> &mut String {
        match field {
            Field::Name => &mut self.name,
            Field::Password => &mut self.password,
            Field::Address => &mut self.address,
        }
    }

    /// Text typed while a field has the focus.
    pub fn type_text(&mut self, text: &str) {
        if let Some(f) = self.focus {
            let s = self.field(f);
            if s.chars().count() + text.chars().count() <= 60 {
                s.push_str(text);
            }
        }
    }

    /// Backspace in the focused field.
    pub fn backspace(&mut self) {
        if let Some(f) = self.focus {
            self.field(f).pop();
        }
    }

    /// Carries out a click; returns what the window must do, if anything.
    pub fn act(&mut self, action: LobbyAction) -> Option<Go> {
        match action {
            LobbyAction::Tab(t) => self.tab = t,
            LobbyAction::Focus(f) => self.focus = Some(f),
            LobbyAction::Lookup => self.lookup(),
            LobbyAction::Join(i) => {
                let g = self.found.get(i)?.clone();
                if g.password && self.password.is_empty() {
                    self.note = Some(("This game needs its password: type it in Password first".into(), true));
                    self.focus = Some(Field::Password);
                    return None;
                }
                return Some(Go::Connect(NetOptions {
                    addr: g.addr,
                    name: self.player_name(),
                    room: Some(g.room),
                    seat: Some(g.free_seat),
                    password: Some(self.password.clone()).filter(|p| !p.is_empty()),
                    fingerprint: g.fingerprint,
                    ..NetOptions::default()
                }));
            }
            LobbyAction::Host => {
                return Some(Go::ChooseGame(HostAs {
                    name: self.player_name(),
                    password: Some(self.password.clone()).filter(|p| !p.is_empty()),
                }));
            }
        }
        None
    }

    fn player_name(&self) -> String {
        let n = self.name.trim();
        if n.is_empty() {
            "Player".into()
        } else {
            n.to_string()
        }
    }

    /// Asks the typed server for its games (Enter in the address field).
    pub fn lookup(&mut self) {
        let addr = self.address.trim().to_string();
        if addr.is_empty() {
            self.focus = Some(Field::Address);
            return;
        }
        let server = FoundServer { name: addr.clone(), addr: addr.clone(), versions: Vec::new(), fingerprint: None };
        self.typed = open_games(&server);
        self.note = Some(if self.typed.is_empty() {
            (format!("{addr}: no game waiting there (or no server answered)"), true)
        } else {
            (format!("{addr}: {} game(s) waiting", self.typed.len()), false)
        });
        self.refresh();
    }

    /// Shows a problem under the form.
    pub fn problem(&mut self, text: String) {
        self.note = Some((text, true));
    }

    /// A line per button for the test layout dump: name and action.
    pub fn test_buttons(&self) -> Vec<(String, Action)> {
        let mut out = vec![
            ("tab-join".to_string(), LobbyAction::Tab(Tab::Join)),
            ("tab-host".into(), LobbyAction::Tab(Tab::Host)),
            ("host".into(), LobbyAction::Host),
            ("lookup".into(), LobbyAction::Lookup),
            ("field-password".into(), LobbyAction::Focus(Field::Password)),
            ("field-address".into(), LobbyAction::Focus(Field::Address)),
        ];
        out.extend((0..self.found.len()).map(|i| (format!("join{i}"), LobbyAction::Join(i))));
        out.into_iter().map(|(n, a)| (n, Action::Lobby(a))).collect()
    }

    /// What changes the test layout dump: the tab, the games listed, the note.
    pub fn signature(&self) -> String {
        format!("{:?}{:?}{:?}", self.tab, self.listed(), self.note)
    }

    /// The line under the form, if any.
    pub fn note(&self) -> Option<&str> {
        self.note.as_ref().map(|(t, _)| t.as_str())
    }

    /// The games listed, as shown.
    pub fn listed(&self) -> Vec<String> {
        self.found.iter().map(game_line).collect()
    }
}

/// A server this window runs for a game it hosts; announced on the local
/// network while it lives.
pub struct Hosted {
    /// The port it listens on (every interface).
    pub port: u16,
    /// The TLS certificate's fingerprint (players compare it with what
    /// their window shows when they first join).
    pub fingerprint: Option<String>,
    _announcement: Option<Announcement>,
}

/// Starts a server on port 7717 of every interface (another free port if
/// that one is taken), its database under `tabula-data/`, and announces it
/// as "NAME's Tabula"; with `isolate_rules` (the window's own game is
/// isolated) its games' rules run in child processes too.
pub fn host_server(dirs: PluginDirs, name: &str, isolate_rules: bool) -> Result<Hosted, String> {
    let data = PathBuf::from("tabula-data");
    // Encrypted by a certificate of its own, kept with its database; plain
    // clients (older windows) are still served on the same port.
    std::fs::create_dir_all(&data).map_err(|e| format!("cannot host: {}: {e}", data.display()))?;
    let tls = match ServerTls::self_signed(&data, &[]) {
        Ok(t) => Some(t),
        Err(e) => {
            eprintln!("tabula: hosting without TLS: {e}");
            None
        }
    };
    let config = |listen: &str| ServerConfig {
        listen: listen.into(),
        data: PathBuf::from("tabula-data"),
        dirs: dirs.clone(),
        engines: BTreeMap::new(),
        sync: Sync::Normal,
        limits: Limits::default(),
        isolate_rules,
        tls: tls.clone(),
        tls_only: false,
    };
    let server = Server::bind(config("0.0.0.0:7717"))
        .or_else(|_| Server::bind(config("0.0.0.0:0")))
        .map_err(|e| format!("cannot host: {e}"))?;
    let port = server.local_addr().map_err(|e| format!("cannot host: {e}"))?.port();
    thread::spawn(move || server.run());
    let fingerprint = tls.as_ref().map(|t| t.fingerprint.clone());
    if let Some(f) = &fingerprint {
        // The window joins its own server: it knows the certificate.
        let own = SocketAddr::from(([127, 0, 0, 1], port)).to_string();
        if let Err(e) = remember_replacing(&known_servers_file(), &own, f) {
            eprintln!("tabula: cannot record this server's certificate: {e}");
        }
    }
    let announcement = match Announcement::start_with(&format!("{name}'s Tabula"), port, fingerprint.as_deref()) {
        Ok(a) => Some(a),
        Err(e) => {
            // Still playable by typing the address; say why it is not listed.
            eprintln!("tabula: {e}; players can still type this computer's address and port {port}");
            None
        }
    };
    Ok(Hosted { port, fingerprint, _announcement: announcement })
}

impl Hosted {
    /// The address this window connects to its own server at.
    pub fn local(&self) -> String {
        let addr = SocketAddr::from(([127, 0, 0, 1], self.port)).to_string();
        if self.fingerprint.is_some() {
            format!("tls://{addr}")
        } else {
            addr
        }
    }
}

fn text_field<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    text: &str,
    focused: bool,
    field: Field,
    px: f32,
) -> Result<(), GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::WINDOW)?;
    let edge = if focused { theme::ACCENT } else { theme::BUTTON_HOT };
    p.frame_rect(area.x, area.y, area.w, area.h, 1.0, edge)?;
    let shown = if field == Field::Password { "•".repeat(text.chars().count()) } else { text.to_string() };
    let cursor = if focused { "_" } else { "" };
    p.text(
        &format!("{shown}{cursor}"),
        px,
        Style::Regular,
        theme::TEXT,
        area.x + px * 0.4,
        area.y + area.h / 2.0,
        Anchor::MidLeft,
    )?;
    hits.add(area, Action::Lobby(LobbyAction::Focus(field)));
    Ok(())
}

fn game_line(g: &OpenGame) -> String {
    let players: Vec<String> = g.players.iter().map(|p| tabula_net::text::printable(p, false)).collect();
    let who = if players.is_empty() { "nobody yet".to_string() } else { players.join(", ") };
    let clock = g.clock.map_or(String::new(), |c| format!(", {}+{}", c.initial_ms / 60_000, c.increment_ms / 1000));
    let lock = if g.password { ", password" } else { "" };
    let secure = if g.addr.starts_with("tls://") { ", encrypted" } else { "" };
    let server = tabula_net::text::printable(&g.server, false);
    format!("{} with {who}{clock}{lock}{secure} — {server} ({})", tabula_net::text::printable(&g.title, false), g.addr)
}

/// Draws the dialog over `window`.
pub fn draw_lobby<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    lobby: &Lobby,
    window: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let px = (window.h / 42.0).clamp(12.0, 16.0);
    let bh = px * 2.0;
    hits.add(window, Action::LiveView);
    p.fill_rect(window.x, window.y, window.w, window.h, theme::SHADE)?;
    let (w, h) = ((px * 46.0).min(window.w - 20.0), (px * 30.0).min(window.h - 20.0));
    let a = Area { x: window.x + (window.w - w) / 2.0, y: window.y + (window.h - h) / 2.0, w, h };
    p.fill_rect(a.x, a.y, a.w, a.h, theme::DIALOG)?;
    p.frame_rect(a.x, a.y, a.w, a.h, 1.0, theme::BUTTON_HOT)?;
    let (x, inner) = (a.x + px, a.w - 2.0 * px);
    let mut y = a.y + px;
    p.text("Network", px * 1.3, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    let tabs = [("Join a game", Tab::Join), ("Host a game", Tab::Host)];
    for (k, (label, tab)) in tabs.into_iter().enumerate() {
        let look = if lobby.tab == tab { Look::Chosen } else { Look::Normal };
        let area = Area { x: x + px * 9.0 + k as f32 * px * 10.0, y, w: px * 9.5, h: bh };
        button(p, hits, area, label, Action::Lobby(LobbyAction::Tab(tab)), look, hover, px)?;
    }
    y += bh + px;
    let label_w = px * 7.0;
    let row = |p: &mut Painter<T>, hits: &mut Hits, y: f32, label: &str, text: &str, field: Field| {
        p.text(label, px, Style::Regular, theme::TEXT_DIM, x, y + bh / 2.0, Anchor::MidLeft)?;
        let area = Area { x: x + label_w, y, w: px * 16.0, h: bh };
        text_field(p, hits, area, text, lobby.focus == Some(field), field, px)
    };
    row(p, hits, y, "Your name", &lobby.name, Field::Name)?;
    y += bh + px * 0.5;
    row(p, hits, y, "Password", &lobby.password, Field::Password)?;
    let hint = if lobby.tab == Tab::Join { "for a private game" } else { "optional" };
    p.text(hint, px * 0.9, Style::Regular, theme::TEXT_DIM, x + label_w + px * 17.0, y + bh / 2.0, Anchor::MidLeft)?;
    y += bh + px;
    match lobby.tab {
        Tab::Join => join_tab(p, hits, lobby, (x, y, inner), px, hover)?,
        Tab::Host => host_tab(p, hits, (x, y, inner), px, hover)?,
    }
    if let Some((text, error)) = &lobby.note {
        let colour = if *error { theme::ERROR } else { theme::TEXT_DIM };
        p.text(text, px * 0.9, Style::Regular, colour, x, a.y + a.h - bh - px * 2.2, Anchor::TopLeft)?;
    }
    let close = Area { x: a.x + a.w - px * 9.0, y: a.y + a.h - bh - px, w: px * 8.0, h: bh };
    button(p, hits, close, "Close", Action::CloseDialog, Look::Normal, hover, px)
}

fn join_tab<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    lobby: &Lobby,
    (x, mut y, w): (f32, f32, f32),
    px: f32,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let bh = px * 2.0;
    p.text("Games waiting for a player:", px, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    y += px * 1.6;
    if lobby.found.is_empty() {
        let text = match &lobby.scanner {
            Ok(_) => "Looking on the local network… (or type a server below)".to_string(),
            Err(e) => format!("{e}; type a server below"),
        };
        p.text(&text, px * 0.9, Style::Regular, theme::TEXT_DIM, x, y, Anchor::TopLeft)?;
    }
    for (i, g) in lobby.found.iter().enumerate().take(6) {
        let area = Area { x, y, w, h: bh };
        button(p, hits, area, &game_line(g), Action::Lobby(LobbyAction::Join(i)), Look::Normal, hover, px * 0.9)?;
        y += bh + px * 0.3;
    }
    // The server line stays put however many games are listed.
    let y = y + (6 - lobby.found.len().min(6)) as f32 * (bh + px * 0.3);
    p.text("Server", px, Style::Regular, theme::TEXT_DIM, x, y + bh / 2.0, Anchor::MidLeft)?;
    let field = Area { x: x + px * 7.0, y, w: px * 16.0, h: bh };
    text_field(p, hits, field, &lobby.address, lobby.focus == Some(Field::Address), Field::Address, px)?;
    let go = Area { x: field.x + field.w + px * 0.5, y, w: px * 8.0, h: bh };
    button(p, hits, go, "Find games", Action::Lobby(LobbyAction::Lookup), Look::Normal, hover, px)?;
    p.text(
        "host:port",
        px * 0.9,
        Style::Regular,
        theme::TEXT_DIM,
        go.x + go.w + px * 0.5,
        y + bh / 2.0,
        Anchor::MidLeft,
    )?;
    Ok(())
}

fn host_tab<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    (x, mut y, w): (f32, f32, f32),
    px: f32,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let bh = px * 2.0;
    let text = "Choose the game, its rules, your side, a computer opponent if you like, and the clock; \
                the game is then announced on the local network, and others join it from Join a game, \
                or by this computer's address and port 7717.";
    for (k, line) in crate::widgets::wrap_lines(p, text, px * 0.9, w).iter().enumerate() {
        p.text(line, px * 0.9, Style::Regular, theme::TEXT_DIM, x, y + k as f32 * px * 1.2, Anchor::TopLeft)?;
    }
    y += px * 5.0;
    button(
        p,
        hits,
        Area { x, y, w: px * 14.0, h: bh },
        "Choose the game…",
        Action::Lobby(LobbyAction::Host),
        Look::Normal,
        hover,
        px,
    )
}
