//! The window and its loop: events in, game ticks, and a drawing only when
//! something on screen changed (an event, a clock's second, a slide, the
//! computer's progress), so an idle window sleeps.
//!
//! The loop never waits on a computer: searches run on worker threads
//! (see [`tabula_core::players`]) and are polled between events.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use rules_api::{Move, Piece, CELL_NONE};
use sdl2::render::RenderTarget;
use sdl2::video::Window;

use super::clicks::ClickState;
use super::compose::Compositor;
use super::controls::{Focus, Hits};
use super::dialogs::{draw_dialog, Dialog, GameChoice};
use super::drawlist::DrawList;
use super::frames::{FrameLog, Motion};
use super::game::{Event, Game};
use super::input::Drag;
use super::layout::{Area, BoardLayout, WindowLayout, MIN_WINDOW};
use super::lobby::{draw_lobby, Hosted, Lobby};
use super::network::{draw_strip, Net};
use super::numbering::Numbering;
use super::paint::{Painter, TextureCache};
use super::panel::{draw_panel, PanelState};
use super::settings::Settings;
use super::sound::{Effect, Sound};
use super::{fonts, i18n, theme, GuiError};
use tabula_core::config::Config;

/// How `run` finds things besides the configuration.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Plugin directories from the command line, searched first.
    pub extra_plugin_dirs: Vec<PathBuf>,
    /// The file the configuration came from, for messages (empty: built-in).
    pub source: String,
    /// Play on a server instead of the configured game.
    pub network: Option<super::network::NetOptions>,
}

mod actions;
mod analysis;
mod dump;
mod editing;
mod engines;
mod epd;
mod events;
mod files;
mod online;
mod pdn;
mod pgn;
mod play;
mod sgf;
mod view;

/// How long a piece takes to slide to its square.
const SLIDE: Duration = Duration::from_millis(150);
/// The longest sleep between looks at the signal flag and the computer.
const IDLE_WAIT_MS: u32 = 500;
/// How often a network game or the Network dialog looks for news.
const NET_POLL_MS: u32 = 40;
/// How often a network game's strip is redrawn without news (its clocks).
const NET_REDRAW: Duration = Duration::from_millis(250);

/// A piece sliding from one cell to another.
#[derive(Copy, Clone, Debug)]
struct Slide {
    piece: Piece,
    from: u16,
    to: u16,
    start: Instant,
}

/// The window's state besides the game.
struct App {
    game: Game,
    numbering: Numbering,
    net: Option<Net>,
    /// The Network dialog, over everything while open.
    lobby: Option<Lobby>,
    /// The server this window runs for a game it hosts.
    hosted: Option<Hosted>,
    dialog: Option<Dialog>,
    /// The clicks of the move being made on the live position.
    clicks: ClickState,
    /// The generation of the game the click paths are for.
    clicks_for: u64,
    /// The board of the position on screen.
    board: Option<view::BoardCache>,
    /// A piece type picked up from the mover's hand, to drop.
    picked: Option<u16>,
    drag: Option<Drag>,
    view_ply: Option<usize>,
    scroll: usize,
    message: Option<(String, bool)>,
    flipped: bool,
    settings: Settings,
    sound: Sound,
    hits: Hits,
    layout: Option<BoardLayout>,
    window: WindowLayout,
    over_seen: bool,
    hover: (f32, f32),
    hovered: Option<usize>,
    /// The board cell under the pointer (tracked on layered boards only).
    hover_cell: Option<u16>,
    /// The list of moves that name no cell and did not fit under the
    /// board is open.
    more_moves: bool,
    quit: bool,
    games: Option<Vec<GameChoice>>,
    dumped: String,
    focus: Option<Focus>,
    entry: String,
    details: bool,
    slide: Option<Slide>,
    replay: Option<Instant>,
    dirty: bool,
    drawn_key: Vec<u64>,
    autosaved: Option<(usize, bool)>,
    /// The PGN game the game on screen was loaded from: saving it as PGN
    /// keeps its tags, comments, NAGs and variations.
    pgn_source: Option<tabula_core::records::pgn_tree::PgnGame>,
    /// The EPD position the game on screen was set up from: saving it as
    /// EPD keeps its operations.
    epd_source: Option<tabula_core::records::epd::EpdPosition>,
    clipboard: Option<sdl2::clipboard::ClipboardUtil>,
    text_input: Option<sdl2::keyboard::TextInputUtil>,
    /// In a game with hidden information played by several people at one
    /// table, the one the window was last handed over to (who may see).
    handed_to: Option<u8>,
    /// When a network game was last redrawn (its strip shows the link and the server's clocks).
    net_drawn: Instant,
    /// The board editor, over the game while open.
    editor: Option<super::editor::Editor>,
    /// What the network strip drew last (for the test layout dump).
    strip_items: Vec<super::network::StripItem>,
    /// Analysis mode: the analysers, their lines and graph.
    analysis: super::analysis::Analysis,
    /// Where the best move's arrow was drawn (for the test layout dump).
    arrow_at: Option<[(f32, f32); 2]>,
    /// Premoves, the player's arrows and circles.
    aids: play::PlayAids,
    /// Which renderer draws the window and why, for the layout dump.
    renderer: String,
}

fn no_display(e: impl std::fmt::Display) -> GuiError {
    GuiError::NoDisplay(format!(
        "cannot open a window ({e}). Without a display, use the headless commands: \
         `tabula match`, `tabula play --text`, `tabula moves`, `tabula position`, `tabula bestmove`"
    ))
}

/// Opens a window titled `Tabula — <game>` and plays the configured game
/// (a saved game's record is replayed first) until the player quits.
/// SIGTERM saves the game in progress for the next start and closes the
/// window without asking.
pub fn run(config: Config, options: RunOptions) -> Result<(), GuiError> {
    let started = Instant::now();
    super::frames::tune_process();
    let fonts = fonts::fonts()?;
    // The window owns SIGTERM: SDL must not turn it into a Quit event (which
    // would ask the player whether to leave).
    sdl2::hint::set("SDL_NO_SIGNAL_HANDLERS", "1");
    let terminate = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGTERM, signal_hook::consts::SIGINT, signal_hook::consts::SIGHUP] {
        signal_hook::flag::register(signal, Arc::clone(&terminate))
            .map_err(|e| GuiError::Sdl(format!("cannot watch for signals: {e}")))?;
    }
    let sdl = sdl2::init().map_err(no_display)?;
    let video = sdl.video().map_err(no_display)?;
    // With no display SDL may quietly fall back to a driver that draws
    // nowhere; a window nobody can see must be an error, unless asked for.
    let driver = video.current_video_driver();
    if matches!(driver, "offscreen" | "dummy" | "evdev") && std::env::var_os("SDL_VIDEODRIVER").is_none() {
        return Err(no_display(format!("no display: SDL could only find its '{driver}' video driver")));
    }
    let source = if options.source.is_empty() {
        tabula_core::config::DEFAULT_CONFIG_NAME.to_string()
    } else {
        options.source.clone()
    };
    let from_save = config.record.is_some();
    let (net, game) = match options.network.clone() {
        Some(net) => {
            let (net, game) = Net::start(net, &options.extra_plugin_dirs).map_err(GuiError::Game)?;
            (Some(net), game)
        }
        None => (None, Game::open(config, &source, &options.extra_plugin_dirs).map_err(GuiError::Game)?),
    };
    let title = format!("Tabula — {}", game.session.info().name);
    let choice = super::renderer::RendererChoice::from_env().map_err(GuiError::Sdl)?;
    let opened = super::renderer::open(&video, choice, || {
        video.window(&title, 1120, 760).position_centered().resizable().hidden().build()
    })?;
    let mut canvas = opened.canvas;
    let _ = canvas.window_mut().set_minimum_size(MIN_WINDOW.0, MIN_WINDOW.1);
    let creator = canvas.texture_creator();
    let mut cache = TextureCache::new(&creator);
    let mut compositor = Compositor::new(&creator);
    let mut ops = DrawList::default();
    let settings = Settings::load();
    i18n::set_language(settings.lang());
    let audio = sdl.audio().ok();
    let (sound, sound_problem) = Sound::open(audio.as_ref(), settings.sound);
    if let Some(problem) = &sound_problem {
        eprintln!("tabula: {problem}");
    }
    let mut events = sdl.event_pump().map_err(GuiError::Sdl)?;
    let text_input = video.text_input();
    text_input.stop();
    let mut app = App::new(game, settings, sound);
    app.clipboard = Some(video.clipboard());
    app.text_input = Some(text_input);
    app.net = net;
    if !from_save {
        app.offer_resume();
    }
    let mut frames = FrameLog::from_env();
    frames.set_renderer(&opened.description);
    app.renderer = opened.description;
    let mut first_frame = true;
    while !app.quit {
        let wait = if app.dirty { 0 } else { app.wait_ms() };
        let first = if wait == 0 { events.poll_event() } else { events.wait_event_timeout(wait) };
        let frame_start = Instant::now();
        frames.begin();
        let cpu_start = if frames.enabled() { super::frames::thread_cpu() } else { None };
        for event in first.into_iter().chain(events.poll_iter().collect::<Vec<_>>()) {
            app.dirty |= compositor.notice(&event, &mut cache);
            app.handle(event);
        }
        if terminate.load(Ordering::Relaxed) {
            app.terminate();
            break;
        }
        app.update(canvas.window_mut());
        if !app.dirty {
            continue;
        }
        app.dirty = false;
        cache.next_frame();
        let (w, h) = canvas.output_size().map_err(GuiError::Sdl)?;
        {
            let mut painter = Painter::<sdl2::video::Window>::new(&mut ops, &mut cache, fonts);
            app.draw(&mut painter, w, h)?;
        }
        let redrawn = compositor.show(&mut canvas, &cache, &mut ops)?;
        canvas.present();
        if first_frame {
            first_frame = false;
            if std::env::var_os("TABULA_FRAME_LOG").is_some() {
                eprintln!("tabula: first frame drawn {:.1} ms after start", started.elapsed().as_secs_f64() * 1000.0);
            }
        }
        app.dump_layout(w, h, cache.drawn());
        let cpu = cpu_start.and_then(|c| Some(super::frames::thread_cpu()?.saturating_sub(c))).unwrap_or_default();
        let motion = Motion::of(app.slide.is_some(), app.drag.as_ref().is_some_and(|d| d.moved));
        frames.record(frame_start.elapsed(), app.game.is_thinking(), motion, cpu, redrawn);
    }
    app.game.cancel_search();
    frames.finish();
    Ok(())
}

impl App {
    fn new(game: Game, settings: Settings, sound: Sound) -> App {
        let mut app = App {
            numbering: game.numbering(),
            game,
            net: None,
            lobby: None,
            hosted: None,
            net_drawn: Instant::now(),
            strip_items: Vec::new(),
            dialog: None,
            clicks: ClickState::default(),
            clicks_for: 0,
            board: None,
            picked: None,
            drag: None,
            view_ply: None,
            scroll: 0,
            message: None,
            flipped: false,
            settings,
            sound,
            hits: Hits::default(),
            layout: None,
            window: WindowLayout::new(MIN_WINDOW.0, MIN_WINDOW.1),
            over_seen: false,
            hover: (0.0, 0.0),
            hovered: None,
            hover_cell: None,
            more_moves: false,
            quit: false,
            games: None,
            dumped: String::new(),
            focus: None,
            entry: String::new(),
            details: false,
            slide: None,
            replay: None,
            dirty: true,
            drawn_key: Vec::new(),
            autosaved: None,
            renderer: String::new(),
            pgn_source: None,
            epd_source: None,
            clipboard: None,
            text_input: None,
            handed_to: None,
            editor: None,
            analysis: Default::default(),
            arrow_at: None,
            aids: play::PlayAids::default(),
        };
        app.apply_piece_set();
        app.over_seen = app.game.is_over();
        app.flipped = app.auto_flip();
        crate::i18n::add_plugin_dirs(crate::plugin_words::dirs_for(&app.game.config, app.game.extra_dirs()));
        app.rename_seats();
        app
    }

    fn say(&mut self, text: impl Into<String>, error: bool) {
        let text = text.into();
        if error {
            eprintln!("tabula: {text}");
        }
        self.message = Some((text, error));
    }

    /// Whether the board should be turned for this game's seats: the only
    /// person plays a side other than the first (when the setting allows).
    fn auto_flip(&self) -> bool {
        let people: Vec<usize> = (0..self.game.seats.len()).filter(|&s| !self.game.is_computer(s)).collect();
        self.settings.auto_flip && people.len() == 1 && self.game.starts_at_top(people[0] as u8)
    }

    /// How long the loop may sleep before something on screen changes.
    fn wait_ms(&self) -> u32 {
        if self.slide.is_some() || self.drag.as_ref().is_some_and(|d| d.moved) {
            return 8;
        }
        let mut wait = IDLE_WAIT_MS;
        if self.net.is_some() || self.lobby.is_some() {
            // The server's and the network's news arrive without an event.
            wait = wait.min(NET_POLL_MS);
        }
        if self.game.is_thinking() || self.game.hint_pending() || self.analysis.open || self.analysis.form.is_some() {
            wait = wait.min(100);
        }
        if let Some(next) = self.replay {
            wait = wait.min(next.saturating_duration_since(Instant::now()).as_millis() as u32 + 1);
        }
        if !self.game.is_over() && !self.game.paused {
            // The running clock's next visible change.
            let side = self.game.session.side_to_move() as usize;
            let shown = self.game.countdown(side).unwrap_or_else(|| self.game.clock(side));
            let step = if self.game.countdown(side).is_some_and(|d| d < Duration::from_secs(10)) { 100 } else { 1000 };
            let into = shown.as_millis() as u64 % step;
            let until = if self.game.countdown(side).is_some() { into + 1 } else { step - into };
            wait = wait.min(until.clamp(1, step) as u32);
        }
        wait.max(1)
    }

    /// Plays a person's move; `slide` when it was typed (a drag or a click
    /// already shows where the piece went).
    fn play(&mut self, m: Move, slide: bool) {
        self.clicks.clear();
        self.more_moves = false;
        self.picked = None;
        self.drag = None;
        self.dirty = true;
        match self.game.play(m) {
            Ok(events) => {
                if let Some(net) = &mut self.net {
                    net.played(&self.game);
                }
                self.react(events, slide)
            }
            Err(e) => self.say(e, true),
        }
    }

    fn react(&mut self, events: Vec<Event>, slide: bool) {
        for e in events {
            self.dirty = true;
            match e {
                Event::Moved { mv, piece, capture, check } => {
                    self.message = None;
                    // A slide would show the piece that moved, which may be hidden.
                    let slide = slide && self.game.viewer().is_none();
                    if let (true, true, Some(piece)) = (slide, self.settings.animate, piece) {
                        if mv.from != CELL_NONE && mv.to != CELL_NONE {
                            self.slide = Some(Slide { piece, from: mv.from, to: mv.to, start: Instant::now() });
                        }
                    }
                    self.sound.play(if check {
                        Effect::Check
                    } else if capture {
                        Effect::Capture
                    } else {
                        Effect::Move
                    });
                }
                Event::Ended => self.sound.play(Effect::End),
                Event::Failed(text) => self.say(text, true),
                Event::DrawAnswer { accepted, score } => self.draw_answered(accepted, score),
            }
        }
    }

    fn update(&mut self, window: &mut Window) {
        self.sync_text_input();
        self.poll_network();
        if !matches!(self.dialog, Some(Dialog::Resume(_))) {
            let events = self.game.tick();
            // The computer's moves slide; a person's were dragged or clicked.
            self.react(events, true);
        }
        self.run_premove();
        if self.slide.is_some_and(|s| s.start.elapsed() >= SLIDE) {
            self.slide = None;
            self.dirty = true;
        }
        self.dirty |= self.slide.is_some();
        self.step_replay();
        self.tick_analysis();
        self.cover_for_hand_over();
        if self.game.is_over() && !self.game.is_marking() {
            if !self.over_seen && self.dialog.is_none() && self.replay.is_none() {
                self.dialog = Some(Dialog::GameOver);
                self.over_seen = true;
                self.dirty = true;
            }
        } else {
            self.over_seen = false;
            if self.dialog == Some(Dialog::GameOver) {
                self.dialog = None;
            }
        }
        self.autosave();
        let key = self.frame_key();
        if key != self.drawn_key {
            self.drawn_key = key;
            self.dirty = true;
        }
        // A window manager that ignores the minimum size (or none at all)
        // would leave controls off screen: grow the window back.
        let (w, h) = window.size();
        if w < MIN_WINDOW.0 || h < MIN_WINDOW.1 {
            let _ = window.set_size(w.max(MIN_WINDOW.0), h.max(MIN_WINDOW.1));
            self.dirty = true;
        }
        let title = format!("Tabula — {}", crate::messages::game_name(self.game.session.info().name.as_str()));
        if window.title() != title {
            // A title with an interior NUL cannot be set; keep the old one.
            let _ = window.set_title(&title);
        }
    }

    /// The values on screen that change with time or with other threads:
    /// the clocks as shown, the computer's progress, a pending hint.
    fn frame_key(&self) -> Vec<u64> {
        let mut key = Vec::with_capacity(8);
        for side in 0..self.game.seats.len() {
            key.push(match self.game.countdown(side) {
                Some(d) if d < Duration::from_secs(10) => d.as_millis() as u64 / 100,
                Some(d) => d.as_secs(),
                None => self.game.clock(side).as_secs(),
            });
        }
        if let Some((spent, budget)) = self.game.search_progress() {
            key.push((spent.as_millis() as u64 * 100).checked_div(budget.as_millis() as u64).unwrap_or(0).min(100));
        }
        if let Some(t) = &self.game.thinking {
            key.extend([t.depth as u64, t.nodes / 50_000, t.score as u64]);
        }
        key.push(u64::from(self.game.hint_pending()) | u64::from(self.game.hint.is_some()) << 1);
        key.push(self.game.session.history().len() as u64);
        key
    }

    /// Replaces the game (New game, load, paste), keeping the window.
    fn replace_game(&mut self, game: Game) {
        self.game.cancel_search();
        self.game = game;
        self.analysis_new_game();
        self.pgn_source = None;
        self.epd_source = None;
        self.numbering = self.game.numbering();
        self.clicks = ClickState::default();
        self.board = None;
        self.picked = None;
        self.drag = None;
        self.view_ply = None;
        self.dialog = None;
        self.scroll = 0;
        self.slide = None;
        self.replay = None;
        self.entry.clear();
        self.over_seen = self.game.is_over();
        self.handed_to = None;
        self.flipped = self.auto_flip();
        self.autosaved = None;
        self.dirty = true;
    }

    fn draw<T: RenderTarget>(&mut self, p: &mut Painter<T>, w: u32, h: u32) -> Result<(), GuiError> {
        p.clear(theme::WINDOW);
        self.hits.clear();
        self.window = WindowLayout::new(w, h);
        if let Some(editor) = &mut self.editor {
            super::editor::draw_editor(p, &mut self.hits, editor, &self.window, self.hover)?;
            self.hovered = self.hits.index_at(self.hover.0, self.hover.1);
            return Ok(());
        }
        let mut board_area = self.window.board;
        // A network game's strip (link, requests, chat) takes the bottom of
        // the board's area; the row of off-board moves and the count sits
        // above it, under the board.
        let net_strip = self.net.as_ref().map(|_| {
            let sh = super::network::strip_height(board_area.h);
            board_area.h -= sh;
            Area { x: board_area.x, y: board_area.y + board_area.h, w: board_area.w, h: sh }
        });
        let analysis_strip = self.analysis_area(&mut board_area);
        let margin = (board_area.w.min(board_area.h) * 0.03).max(6.0);
        let strip_h = super::strip::height(&self.game, board_area.h);
        let inner = Area {
            x: board_area.x + margin,
            y: board_area.y + margin,
            w: board_area.w - 2.0 * margin,
            h: board_area.h - 2.0 * margin - strip_h,
        };
        let move_strip = Area { x: inner.x, y: inner.y + inner.h + margin * 0.3, w: inner.w, h: strip_h };
        // Drop games keep the pieces in hand in a strip right of the board.
        match self.draw_board(p, inner) {
            Ok(()) => {
                let areas = (move_strip, board_area);
                super::strip::draw_strip(p, &mut self.hits, &self.game, areas, self.hover, self.more_moves)?
            }
            // The rules plugin failed (its process died, say): the window
            // stays up without the board, with computer play paused and the
            // reason shown, so the game can still be saved or replaced.
            Err(GuiError::Game(reason)) => self.rules_failed(reason),
            Err(e) => return Err(e),
        }
        let end_here = self.end_here_name();
        let message = self.message.as_ref().map(|(m, e)| (m.as_str(), *e));
        let state = PanelState {
            view_ply: self.view_ply,
            scroll: &mut self.scroll,
            message,
            sound: self.sound.state(),
            hover: self.hover,
            details: self.details,
            entry: &self.entry,
            focus: self.focus,
            numbering: &self.numbering,
            replaying: self.replay.is_some(),
            online: self.net.is_some(),
            end_here,
        };
        draw_panel(p, &mut self.hits, &self.game, state, &self.window)?;
        if let Some(strip) = analysis_strip {
            self.draw_analysis(p, strip)?;
        }
        if let (Some(net), Some(strip)) = (&self.net, net_strip) {
            self.strip_items = draw_strip(p, &mut self.hits, net, &self.game, strip, self.hover)?;
        }
        let whole = Area { x: 0.0, y: 0.0, w: w as f32, h: h as f32 };
        if let Some(dialog) = &mut self.dialog {
            draw_dialog(p, &mut self.hits, dialog, &self.game, whole, (self.hover, self.focus))?;
        }
        if let Some(lobby) = &self.lobby {
            draw_lobby(p, &mut self.hits, lobby, whole, self.hover)?;
        }
        self.draw_engine_form(p, whole)?;
        self.hovered = self.hits.index_at(self.hover.0, self.hover.1);
        Ok(())
    }

    /// Shows why the rules plugin failed (once) and pauses computer play.
    fn rules_failed(&mut self, reason: String) {
        if !self.game.paused {
            self.game.toggle_pause();
        }
        let text = format!("{reason} (computer play is paused)");
        if self.message.as_ref().map_or(true, |(m, _)| *m != text) {
            self.say(text, true);
        }
    }
}
