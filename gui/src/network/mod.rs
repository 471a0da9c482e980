//! Network play in the window: the game lives on a `tabula serve`, the
//! window shows it and sends this seat's moves and requests.
//!
//! The other seats are remote players: computer players whose "search"
//! ends when the server reports their move, so the opponent's moves reach
//! the board through the core's turn driver with the usual sounds and
//! marks. The server rolls every die: its rolls arrive as moves of nobody
//! and are played in order with the others, so the window never rolls.
//! A room has 2 to 6 seats. Undo and new game become requests the others
//! answer; hints are off; a lost connection is shown and retried, and the
//! seat is taken back with its token, so the game goes on where it stopped.
//! The clocks shown are the server's.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::mpsc::{channel, Receiver, Sender as Tx};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use rules_api::PluginKind;
use tabula_core::config::{ClockConfig, Config, PlayerConfig, Record};
use tabula_core::outcome::GameResult;
use tabula_core::plugins::find_plugin;
use tabula_core::session::CHANCE_PLAYER;
use tabula_core::source::PlayerSource;
use tabula_net::client::{ClientError, Connection, Dial, Sender};
use tabula_net::link::Security;
use tabula_net::protocol::{ClientMsg, Clock, MoveInfo, OfferInfo, RequestKind, RoomState, SeatSpec, ServerMsg, HUMAN};
use tabula_net::text::printable;

use crate::game::{Event, Game};
use crate::tr;

/// What the window connects to and does first.
#[derive(Clone, Debug, Default)]
pub struct NetOptions {
    /// `host:port` of the server.
    pub addr: String,
    /// This player's name.
    pub name: String,
    /// Join (or, with `token`, resume) this room.
    pub room: Option<u64>,
    /// The seat's token, to take it back.
    pub token: Option<String>,
    /// Open a room for this rules plugin instead.
    pub create: Option<String>,
    /// Its rules options.
    pub options: Vec<(String, String)>,
    /// The seat to take.
    pub seat: Option<u8>,
    /// A computer for the other seats (when creating).
    pub vs: Option<String>,
    /// Who sits in each seat (when creating; empty: `vs` in the others, or
    /// people in every seat).
    pub seats: Vec<SeatSpec>,
    /// The time control (when creating).
    pub clock: Option<Clock>,
    /// The room's password.
    pub password: Option<String>,
    /// A position text to start from (when creating; empty: the usual start).
    pub start: String,
    /// The server certificate's expected fingerprint (TLS); without it the
    /// first certificate met is remembered and later ones must match.
    pub fingerprint: Option<String>,
}

impl NetOptions {
    pub(super) fn dial(&self) -> Dial {
        Dial { fingerprint: self.fingerprint.clone(), ..Dial::default() }
    }
}

pub(super) enum NetEvent {
    Msg(Box<ServerMsg>),
    Lost(String),
    Back(Sender),
}

/// The connection's state, for the status line.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// Talking to the server.
    Up,
    /// The connection dropped at this moment; reconnecting.
    Down(Instant),
}

/// What [`Net::poll`] asks the window to do.
pub enum Change {
    /// Show this game instead (a whole state arrived).
    Replace(Box<Game>),
    /// Show a message (an error when true).
    Say(String, bool),
}

/// The most chat lines kept (the strip shows the latest that fit).
const CHAT_KEPT: usize = 12;

/// A network game's link to its server.
pub struct Net {
    options: NetOptions,
    extra_dirs: Vec<PathBuf>,
    sender: Option<Sender>,
    events: Receiver<NetEvent>,
    events_tx: Tx<NetEvent>,
    room: u64,
    /// The game's number in the room (a new game adds one).
    game_number: u32,
    /// This window's seat.
    pub seat: u8,
    token: String,
    slot: Arc<Mutex<Slot>>,
    /// Moves and rolls the server announced that the board does not show
    /// yet, in order, with their ply.
    inbox: VecDeque<(u32, MoveInfo)>,
    /// The ply of the move handed to the turn driver and not yet played.
    handed: Option<u32>,
    /// In a game with hidden information, the room's state as this seat
    /// sees it (the board is built from its view) and the number of moves
    /// the server has; none in other games.
    viewed: Option<(RoomState, u32)>,
    /// The room's time control.
    control: Option<Clock>,
    /// The server's clocks, when they came and the number of plies they are
    /// for: the board's clocks follow once it shows that many.
    clocks: Option<(Vec<u64>, Instant, u32)>,
    /// The connection's state.
    pub link: Link,
    /// A request waiting for this seat's answer.
    pub offer: Option<OfferInfo>,
    /// Chat lines and news, oldest first (the last `CHAT_KEPT`).
    pub chat: VecDeque<String>,
    /// The chat line being typed.
    pub typing: Option<String>,
    /// Seat names ("" for a free seat).
    pub names: Vec<String>,
    /// Whether each seat's holder is connected.
    pub connected: Vec<bool>,
    /// Since when each seat's holder has been away (people only).
    pub away: Vec<Option<Instant>>,
    /// When the server lets this seat claim the win over each seat whose
    /// player left, or abort (see `departed.rs`).
    claim_at: Vec<Option<Instant>>,
    /// What the status line says while online (default: the server's address).
    pub status: Option<String>,
    /// Whether the connection is encrypted, and the server certificate's
    /// fingerprint (shown in full the first time it is met).
    pub security: Security,
}

fn seat_and_token(msg: &ServerMsg) -> Option<(u64, u8, String)> {
    match msg {
        ServerMsg::Joined { room, seat: Some(s), token: Some(t) } => Some((*room, *s, t.clone())),
        _ => None,
    }
}

impl Net {
    /// Connects, takes a seat as `options` say and builds the game from
    /// the server's state (blocks for at most a few seconds).
    pub fn start(mut options: NetOptions, extra_dirs: &[PathBuf]) -> Result<(Net, Game), String> {
        if let (Some(rules), Some(vs), true) = (&options.create, &options.vs, options.seats.is_empty()) {
            let players = seat_count(rules, &options.options, extra_dirs)?;
            let mine = options.seat.unwrap_or(0) as usize;
            options.seats = (0..players)
                .map(|i| {
                    let player = if i == mine { HUMAN.to_string() } else { vs.clone() };
                    SeatSpec { player, time_ms: None, options: Default::default() }
                })
                .collect();
        }
        let fail = |e: ClientError| format!("{}: {e}", options.addr);
        let client = concat!("tabula-window ", env!("CARGO_PKG_VERSION"));
        let mut conn = Connection::dial(&options.addr, client, &options.dial()).map_err(fail)?;
        conn.set_timeout(Some(Duration::from_secs(10))).map_err(fail)?;
        conn.send(&first_message(&options)).map_err(fail)?;
        let security = conn.security().clone();
        let (room, seat, token) = conn.wait_for(seat_and_token).map_err(fail)?;
        let state = conn
            .wait_for(|m| if let ServerMsg::State { state } = m { Some(state.clone()) } else { None })
            .map_err(fail)?;
        let (events_tx, events) = channel();
        let sender = forward(conn, &events_tx).map_err(fail)?;
        let mut net = Net {
            options,
            extra_dirs: extra_dirs.to_vec(),
            sender: Some(sender),
            events,
            events_tx,
            room,
            game_number: 0,
            seat,
            token,
            slot: Arc::default(),
            inbox: VecDeque::new(),
            handed: None,
            viewed: None,
            control: None,
            clocks: None,
            link: Link::Up,
            offer: None,
            chat: VecDeque::new(),
            typing: None,
            names: Vec::new(),
            connected: Vec::new(),
            away: Vec::new(),
            claim_at: Vec::new(),
            status: None,
            security,
        };
        let mut game = net.game_from(&state, None)?;
        net.feed(&mut game);
        Ok((net, game))
    }

    /// The game a state describes, with the other seats remote; `old`: the
    /// game shown until now, whose time used per seat goes on when the
    /// state is of the same game (after a take-back).
    fn game_from(&mut self, state: &RoomState, old: Option<&Game>) -> Result<Game, String> {
        let players = state.summary.seats.iter().map(|s| PlayerConfig::human(&s.name)).collect();
        let options: Vec<(String, String)> =
            state.summary.options.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        let mut config = Config::for_match(&state.summary.rules, &options, players);
        let moves = state.moves.iter().map(|m| m.coordinate.clone()).collect();
        let used_ms = match old {
            Some(g) if state.game == self.game_number => g.saved_times().1,
            _ => Vec::new(),
        };
        let source = format!("room {} on {}", self.room, self.options.addr);
        // A game that hides: the board is the seat's view, not a replay.
        self.viewed = state.view.filter(|v| !v.full).map(|_| (state.clone(), state.moves.len() as u32));
        let mut game = if self.viewed.is_some() {
            config.record = Some(Record { used_ms, ..Record::default() });
            Game::open_view(config, &state.position, &self.extra_dirs)?
        } else {
            config.record = Some(Record { start: state.start.clone(), moves, used_ms, ..Record::default() });
            Game::open_external(config, &source, &self.extra_dirs)?
        };
        if let Some(r) = &state.result {
            let parsed = GameResult::parse(&r.text, game.session.info()).ok().flatten();
            if let Some(result) = departed::local_result(parsed, &r.text) {
                game.session.conclude(result);
            }
        }
        self.game_number = state.game;
        self.slot = Arc::default();
        self.inbox.clear();
        self.handed = None;
        self.names = state.summary.seats.iter().map(|s| printable(&s.name, false)).collect();
        for (i, seat) in game.seats.iter_mut().enumerate() {
            if i != self.seat as usize {
                seat.player = Some(Box::new(RemotePlayer { slot: Arc::clone(&self.slot) }));
            }
            // A computer the server seats reads as one ("Computer (hard)"),
            // not as a person named after its level; it plays on the server.
            let Some(info) = state.summary.seats.get(i).filter(|s| s.player != HUMAN) else { continue };
            let source = PlayerSource::parse_entry(&info.player);
            if info.name == info.player {
                seat.name = crate::messages::seat_label(&source);
                self.names[i] = seat.name.clone();
            }
            if let Some(config) = game.config.players.get_mut(i) {
                config.name = seat.name.clone();
                config.source = source;
            }
        }
        self.offer = state.offer.filter(|o| o.seat != self.seat);
        self.control = state.summary.clock;
        let on_board = if self.viewed.is_some() { 0 } else { state.moves.len() as u32 };
        self.clocks = state.clocks.clone().map(|c| (c, Instant::now(), on_board));
        self.connected = state.summary.seats.iter().map(|s| s.connected).collect();
        let now = Instant::now();
        let kept = std::mem::take(&mut self.away);
        self.away = (0..self.connected.len())
            .map(|i| {
                let person_away = !self.connected[i] && !self.names[i].is_empty() && i != self.seat as usize;
                person_away.then(|| kept.get(i).copied().flatten().unwrap_or(now))
            })
            .collect();
        let kept = std::mem::take(&mut self.claim_at);
        self.claim_at = (0..self.connected.len())
            .map(|i| if self.connected[i] { None } else { kept.get(i).copied().flatten() })
            .collect();
        Ok(game)
    }

    /// Whether every seat has its player (the game and its clocks run).
    pub fn room_full(&self) -> bool {
        self.names.iter().all(|n| !n.is_empty())
    }

    /// How many seats wait for a player.
    pub fn free_seats(&self) -> usize {
        self.names.iter().filter(|n| n.is_empty()).count()
    }

    fn send(&mut self, msg: ClientMsg) {
        let sent = self.sender.as_mut().map(|s| s.send(&msg));
        if !matches!(sent, Some(Ok(()))) && self.link == Link::Up {
            self.lost(tr!("net-not-sent"));
        }
    }

    fn resync(&mut self) {
        self.inbox.clear();
        self.handed = None;
        self.send(ClientMsg::Resume { room: self.room, token: self.token.clone() });
    }

    /// Tells the server about the move this seat just played on `game`.
    pub fn played(&mut self, game: &Game) {
        let history = game.session.history();
        if let Some(last) = history.last() {
            // A view has no history: the server counts the moves.
            let ply = self.viewed.as_ref().map_or(history.len() as u32 - 1, |(_, n)| *n);
            self.send(ClientMsg::Move { room: self.room, token: self.token.clone(), mv: last.coordinate.clone(), ply });
        }
    }

    /// Asks the others for an undo, a new game or a draw.
    pub fn request(&mut self, kind: RequestKind) {
        self.send(ClientMsg::Request { room: self.room, token: self.token.clone(), kind });
    }

    /// Answers the pending request.
    pub fn answer(&mut self, accept: bool) {
        if let Some(o) = self.offer.take() {
            self.send(ClientMsg::Answer { room: self.room, token: self.token.clone(), kind: o.kind, accept });
        }
    }

    /// Gives the game up.
    pub fn resign(&mut self) {
        self.send(ClientMsg::Resign { room: self.room, token: self.token.clone() });
    }

    /// Claims the draw the rules allow this seat at ply `ply`; the server
    /// checks it and ends the game for everyone.
    pub fn claim(&mut self, ply: u32) {
        self.send(ClientMsg::Claim { room: self.room, token: self.token.clone(), ply });
    }

    /// Starts typing a chat line, or sends the one typed.
    pub fn chat_key(&mut self) {
        match self.typing.take() {
            None => self.typing = Some(String::new()),
            Some(text) if !text.trim().is_empty() => {
                self.send(ClientMsg::Chat { room: self.room, token: self.token.clone(), text: text.trim().to_string() })
            }
            Some(_) => {}
        }
    }

    fn lost(&mut self, why: String) {
        self.sender = None;
        self.link = Link::Down(Instant::now());
        self.say_chat(tr!("net-lost", reason = why));
        let (options, tx, room, token) = (self.options.clone(), self.events_tx.clone(), self.room, self.token.clone());
        thread::spawn(move || reconnect(&options, &tx, room, &token));
    }

    fn say_chat(&mut self, line: String) {
        self.chat.push_back(line);
        while self.chat.len() > CHAT_KEPT {
            self.chat.pop_front();
        }
    }

    /// Takes in what the server said since the last frame; moves and rolls
    /// reach the board through [`Net::feed`].
    pub fn poll(&mut self, game: &Game) -> Vec<Change> {
        let mut changes = Vec::new();
        while let Ok(event) = self.events.try_recv() {
            match event {
                NetEvent::Lost(why) => {
                    if self.link == Link::Up {
                        self.lost(why);
                    }
                }
                NetEvent::Back(sender) => {
                    self.sender = Some(sender);
                    self.link = Link::Up;
                    self.say_chat(tr!("net-reconnected"));
                }
                NetEvent::Msg(msg) => self.message(*msg, game, &mut changes),
            }
        }
        changes
    }

    /// Plays the announced moves the board can take now, in order: a roll
    /// at once, another seat's move through the turn driver (the next
    /// moves wait until it is played); then sets the board's clocks to the
    /// server's. Returns what happened, for sounds.
    pub fn feed(&mut self, game: &mut Game) -> Vec<Event> {
        let mut events = Vec::new();
        while let Some((ply, mv)) = self.inbox.front().cloned() {
            let have = game.session.history().len() as u32;
            if ply < have {
                // On the board already: this seat's own move, or one handed over and played.
                self.inbox.pop_front();
                continue;
            }
            if ply > have || (mv.player == self.seat && mv.player != CHANCE_PLAYER) {
                if self.handed != Some(have) {
                    // Out of step: ask for the whole state again.
                    self.resync();
                }
                break;
            }
            let Ok(m) = game.session.parse_move(&mv.coordinate) else {
                self.resync();
                break;
            };
            if mv.player == CHANCE_PLAYER {
                self.inbox.pop_front();
                match game.play_roll(m) {
                    Ok(e) => events.extend(e),
                    Err(_) => {
                        self.resync();
                        break;
                    }
                }
                continue;
            }
            if self.handed != Some(ply) {
                self.handed = Some(ply);
                let mut slot = self.slot.lock().unwrap_or_else(|e| e.into_inner());
                match slot.waiting.take() {
                    Some(tx) if tx.send(answer(m)).is_ok() => {}
                    _ => slot.pending.push_back(m),
                }
            }
            break;
        }
        // Nobody's time is used while the room waits for players.
        game.hold_clocks(!self.room_full());
        self.follow_clocks(game);
        events
    }

    /// Sets the board's countdown to the server's clocks once the board
    /// shows the position they are for; they run only while the game goes
    /// on with every seat taken, as on the server.
    fn follow_clocks(&mut self, game: &mut Game) {
        let (Some(control), Some((times, at, plies))) = (self.control, &self.clocks) else { return };
        if game.session.history().len() as u32 != *plies {
            return;
        }
        let running = (self.room_full() && !game.is_over() && !game.session.awaits_chance())
            .then(|| game.session.side_to_move() as usize);
        let since = at.elapsed().as_millis() as u64;
        let times: Vec<Duration> = times
            .iter()
            .enumerate()
            .map(|(i, &ms)| Duration::from_millis(if Some(i) == running { ms.saturating_sub(since) } else { ms }))
            .collect();
        let control = ClockConfig { initial_ms: control.initial_ms, increment_ms: control.increment_ms };
        game.follow_clocks(control, &times, running);
        self.clocks = None;
    }

    fn message(&mut self, msg: ServerMsg, game: &Game, changes: &mut Vec<Change>) {
        match msg {
            ServerMsg::State { state } => {
                let free = self.free_seats();
                match self.game_from(&state, Some(game)) {
                    Ok(g) => changes.push(Change::Replace(Box::new(g))),
                    Err(e) => changes.push(Change::Say(e, true)),
                }
                if self.free_seats() < free {
                    let line = tr!(if self.room_full() { "net-room-full" } else { "net-joined" });
                    self.say_chat(line);
                }
            }
            ServerMsg::Moved { ply, mv, clocks, result, view, .. } => match (self.viewed.take(), view) {
                // A game that hides: the seat's new view replaces the board.
                (Some((mut state, _)), Some(view)) => {
                    state.moves.push(mv);
                    (state.position, state.clocks, state.result) = (view, clocks, result);
                    match self.game_from(&state, Some(game)) {
                        Ok(g) => changes.push(Change::Replace(Box::new(g))),
                        Err(e) => changes.push(Change::Say(e, true)),
                    }
                }
                (viewed, _) => {
                    self.viewed = viewed;
                    self.clocks = clocks.map(|c| (c, Instant::now(), ply + 1));
                    self.inbox.push_back((ply, mv));
                }
            },
            ServerMsg::Offer { seat, kind, .. } if seat != self.seat => {
                self.offer = Some(OfferInfo { seat, kind });
            }
            ServerMsg::Offer { kind, .. } => self.say_chat(tr!("net-you-asked", kind = request_key(kind))),
            ServerMsg::Answered { seat, kind, accept, .. } => {
                // One refusal ends a request; acceptances are announced one by one.
                if !accept {
                    self.offer = None;
                }
                if seat != self.seat {
                    let answer = if accept { "yes" } else { "no" };
                    let text = tr!("net-answered", name = self.name(seat), answer = answer, kind = request_key(kind));
                    changes.push(Change::Say(text, false));
                }
            }
            ServerMsg::Presence { seat, connected, .. } => self.presence(seat, connected),
            ServerMsg::Departed { seat, claim_in_ms, .. } => self.departed(seat, claim_in_ms),
            ServerMsg::Chat { name, text, .. } => {
                self.say_chat(format!("{}: {}", printable(&name, false), printable(&text, false)))
            }
            ServerMsg::Error { message, .. } => {
                changes.push(Change::Say(format!("server: {}", printable(&message, false)), true));
                // A refused move or request: show the server's view again.
                self.resync();
            }
            _ => {}
        }
    }

    fn presence(&mut self, seat: u8, connected: bool) {
        let i = seat as usize;
        if let Some(c) = self.connected.get_mut(i) {
            *c = connected;
        }
        if let (Some(at), true) = (self.claim_at.get_mut(i), connected) {
            *at = None;
        }
        if seat == self.seat {
            return;
        }
        // A seat taken for the first time arrives as a state of its own.
        if self.names.get(i).is_some_and(|n| !n.is_empty()) {
            if let Some(a) = self.away.get_mut(i) {
                *a = (!connected).then(Instant::now);
            }
            let id = if connected { "net-is-back" } else { "net-left" };
            self.say_chat(tr!(id, name = self.name(seat)));
        }
    }

    /// The name of `seat` for sentences.
    pub fn name(&self, seat: u8) -> String {
        match self.names.get(seat as usize) {
            Some(name) if !name.is_empty() => name.clone(),
            _ => tr!("net-seat", number = seat as usize + 1),
        }
    }

    /// The room's time control.
    pub fn control(&self) -> Option<Clock> {
        self.control
    }

    /// The server's address as typed.
    pub fn addr(&self) -> &str {
        &self.options.addr
    }
}

/// The number of players of `rules` with `options`, from the plugin
/// installed here (to seat a computer in every other seat).
fn seat_count(rules: &str, options: &[(String, String)], extra_dirs: &[PathBuf]) -> Result<usize, String> {
    let config = Config::for_match(rules, options, Vec::new());
    let dirs = config.plugin_dirs(extra_dirs);
    let plugin = find_plugin(&config.resolve_ref(rules), PluginKind::RULES, &dirs).map_err(|e| e.to_string())?;
    let made = plugin.new_rules(options).map_err(|e| e.to_string())?;
    let info = tabula_core::boundary::info(&made).map_err(|e| e.to_string())?;
    Ok(info.players.len())
}

/// A request's key in the catalogue's sentences about it (`net-asks`,
/// `net-answered`, …), which say it in each language's words.
pub fn request_key(kind: RequestKind) -> &'static str {
    match kind {
        RequestKind::Undo => "undo",
        RequestKind::NewGame => "new",
        RequestKind::Draw => "draw",
    }
}

mod departed;
mod remote;
mod strip;
mod wire;

use remote::{answer, RemotePlayer, Slot};
pub use strip::{draw_strip, security_line, strip_height, StripItem};
use wire::{first_message, forward, reconnect};
