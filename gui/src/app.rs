//! The window and its loop: events in, game ticks, one drawing per frame.
//!
//! The loop never waits on a computer: searches run on worker threads
//! (see [`tabula_core::players`]) and are polled once per frame.

use std::path::PathBuf;
use std::time::{Duration, Instant, SystemTime};

use rules_api::{Move, PluginKind, RVec};
use sdl2::event::{Event as SdlEvent, WindowEvent};
use sdl2::keyboard::Mod;
use sdl2::mouse::MouseButton;
use sdl2::render::RenderTarget;
use sdl2::video::Window;

use super::board::{draw_board, BoardScene};
use super::controls::{Action, Hits};
use super::dialogs::{draw_dialog, Dialog};
use super::frames::FrameLog;
use super::game::{Event, Game};
use super::input::{self, BoardAction, Drag, DRAG_THRESHOLD};
use super::layout::{Area, BoardLayout};
use super::paint::{Painter, TextureCache};
use super::panel::{draw_panel, PanelState};
use super::saves::{new_save_path, saves_dir};
use super::settings::Settings;
use super::sound::{Effect, Sound};
use super::{fonts, theme, GuiError};
use tabula_core::config::Config;
use tabula_core::plugins::{available_names, PluginDirs};

/// How `run` finds things besides the configuration.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// Plugin directories from the command line, searched first.
    pub extra_plugin_dirs: Vec<PathBuf>,
    /// The file the configuration came from, for messages (empty: built-in).
    pub source: String,
}

mod actions;

/// Idle frames wait this long for an event.
const FRAME: Duration = Duration::from_millis(16);

/// The window's state besides the game.
struct App {
    game: Game,
    dialog: Option<Dialog>,
    selected: Option<u16>,
    drag: Option<Drag>,
    view_ply: Option<usize>,
    scroll: usize,
    message: Option<(String, bool)>,
    flipped: bool,
    settings: Settings,
    sound: Sound,
    hits: Hits,
    layout: Option<BoardLayout>,
    over_seen: bool,
    hover: (f32, f32),
    quit: bool,
    rules_names: Option<Vec<String>>,
    dumped: Option<(u32, u32, bool, usize, &'static str)>,
}

fn no_display(e: impl std::fmt::Display) -> GuiError {
    GuiError::NoDisplay(format!(
        "cannot open a window ({e}). Without a display, use the headless commands: \
         `tabula match`, `tabula play --text`, `tabula moves`, `tabula position`, `tabula bestmove`"
    ))
}

/// Opens a window titled `Tabula — <game>` and plays the configured game
/// (a saved game's record is replayed first) until the player quits.
pub fn run(config: Config, options: RunOptions) -> Result<(), GuiError> {
    let fonts = fonts::fonts()?;
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
    let game = Game::open(config, &source, &options.extra_plugin_dirs).map_err(GuiError::Game)?;
    let title = format!("Tabula — {}", game.session.info().name);
    let window = video.window(&title, 1120, 760).position_centered().resizable().build().map_err(no_display)?;
    let mut canvas = window.into_canvas().present_vsync().build().map_err(|e| GuiError::Sdl(e.to_string()))?;
    let creator = canvas.texture_creator();
    let mut cache = TextureCache::new(&creator);
    let settings = Settings::load();
    let audio = sdl.audio().ok();
    let (sound, sound_problem) = Sound::open(audio.as_ref(), settings.sound);
    if let Some(problem) = &sound_problem {
        eprintln!("tabula: {problem}");
    }
    let mut events = sdl.event_pump().map_err(GuiError::Sdl)?;
    let mut app = App {
        game,
        dialog: None,
        selected: None,
        drag: None,
        view_ply: None,
        scroll: 0,
        message: None,
        flipped: false,
        settings,
        sound,
        hits: Hits::default(),
        layout: None,
        over_seen: false,
        hover: (0.0, 0.0),
        quit: false,
        rules_names: None,
        dumped: None,
    };
    let mut frames = FrameLog::from_env();
    while !app.quit {
        let first = events.wait_event_timeout(FRAME.as_millis() as u32);
        let started = Instant::now();
        for event in first.into_iter().chain(events.poll_iter().collect::<Vec<_>>()) {
            app.handle(event);
        }
        app.update(canvas.window_mut());
        cache.next_frame();
        let (w, h) = canvas.output_size().map_err(GuiError::Sdl)?;
        {
            let mut painter = Painter::new(&mut canvas, &mut cache, fonts);
            app.draw(&mut painter, w, h)?;
        }
        canvas.present();
        app.dump_layout(w, h);
        frames.record(started.elapsed(), app.game.is_thinking());
    }
    app.game.cancel_search();
    frames.finish();
    Ok(())
}

impl App {
    fn say(&mut self, text: impl Into<String>, error: bool) {
        let text = text.into();
        if error {
            eprintln!("tabula: {text}");
        }
        self.message = Some((text, error));
    }

    fn board_area(w: u32, h: u32) -> (Area, Area) {
        let panel_w = (w as f32 * 0.32).clamp(270.0, 400.0).min(w as f32 * 0.5);
        let board = Area { x: 0.0, y: 0.0, w: w as f32 - panel_w, h: h as f32 };
        let panel = Area { x: w as f32 - panel_w, y: 0.0, w: panel_w, h: h as f32 };
        (board, panel)
    }

    fn handle(&mut self, event: SdlEvent) {
        match event {
            SdlEvent::Quit { .. } => self.act(Action::Quit),
            SdlEvent::KeyDown { keycode: Some(key), keymod, .. } => {
                let ctrl = keymod.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD);
                if let Some(action) = input::key_action(key, ctrl) {
                    self.act(action);
                }
            }
            SdlEvent::MouseMotion { x, y, .. } => {
                self.hover = (x as f32, y as f32);
                if let Some(drag) = &mut self.drag {
                    drag.at = self.hover;
                    let (dx, dy) = (drag.at.0 - drag.start.0, drag.at.1 - drag.start.1);
                    drag.moved |= dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD;
                }
            }
            SdlEvent::MouseWheel { y, .. } => self.act(Action::ScrollMoves(-y * 3)),
            SdlEvent::MouseButtonDown { mouse_btn: MouseButton::Left, x, y, .. } => self.press(x as f32, y as f32),
            SdlEvent::MouseButtonUp { mouse_btn: MouseButton::Left, x, y, .. } => self.release(x as f32, y as f32),
            SdlEvent::Window { win_event: WindowEvent::Resized(..), .. } => self.dumped = None,
            _ => {}
        }
    }

    fn press(&mut self, x: f32, y: f32) {
        self.hover = (x, y);
        if let Some(action) = self.hits.at(x, y) {
            self.act(action);
            return;
        }
        if self.dialog.is_some() {
            return;
        }
        if self.view_ply.is_some() {
            self.view_ply = None;
            return;
        }
        let Some(layout) = &self.layout else { return };
        let Some(cell) = layout.cell_at(&self.game.geometry, x, y) else {
            self.selected = None;
            return;
        };
        if self.game.is_marking() {
            if let Err(e) = self.game.toggle_dead(cell) {
                self.say(e, true);
            }
            return;
        }
        if !self.game.human_to_move() {
            return;
        }
        let legal = self.game.legal_moves();
        match input::press(&legal, self.selected, cell) {
            BoardAction::Select(c) => {
                self.selected = Some(c);
                self.drag = Some(Drag { cell: c, start: (x, y), at: (x, y), moved: false });
            }
            other => self.board_action(other),
        }
    }

    fn release(&mut self, x: f32, y: f32) {
        let Some(drag) = self.drag.take() else { return };
        if !drag.moved {
            return;
        }
        let cell = self.layout.as_ref().and_then(|l| l.cell_at(&self.game.geometry, x, y));
        let legal = self.game.legal_moves();
        let action = input::drop(&legal, drag.cell, cell);
        self.board_action(action);
    }

    fn board_action(&mut self, action: BoardAction) {
        match action {
            BoardAction::Nothing => {}
            BoardAction::Select(c) => self.selected = Some(c),
            BoardAction::Deselect => self.selected = None,
            BoardAction::Play(m) => self.play(m),
            BoardAction::Choose(moves) => self.dialog = Some(Dialog::Promotion(moves)),
        }
    }

    fn play(&mut self, m: Move) {
        self.selected = None;
        self.drag = None;
        match self.game.play(m) {
            Ok(events) => self.react(events),
            Err(e) => self.say(e, true),
        }
    }

    fn react(&mut self, events: Vec<Event>) {
        for e in events {
            match e {
                Event::Moved { capture, check } => {
                    self.message = None;
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
            }
        }
    }

    fn update(&mut self, window: &mut Window) {
        let events = self.game.tick();
        self.react(events);
        if self.game.is_over() && !self.game.is_marking() {
            if !self.over_seen && self.dialog.is_none() {
                self.dialog = Some(Dialog::GameOver);
                self.over_seen = true;
            }
        } else {
            self.over_seen = false;
            if self.dialog == Some(Dialog::GameOver) {
                self.dialog = None;
            }
        }
        let title = format!("Tabula — {}", self.game.session.info().name);
        if window.title() != title {
            // A title with an interior NUL cannot be set; keep the old one.
            let _ = window.set_title(&title);
        }
    }

    fn rules_names(&mut self) -> Vec<String> {
        if self.rules_names.is_none() {
            let dirs = self.game.config.plugin_dirs(self.game.extra_dirs());
            self.rules_names = Some(available_names(PluginKind::RULES, &PluginDirs::new(dirs.dirs().iter().cloned())));
        }
        self.rules_names.clone().unwrap_or_default()
    }

    fn save(&mut self) -> bool {
        let dir = saves_dir();
        if let Err(e) = std::fs::create_dir_all(&dir) {
            self.say(format!("cannot create {}: {e}", dir.display()), true);
            return false;
        }
        let names: Vec<String> = self.game.seats.iter().map(|s| s.name.clone()).collect();
        let path = new_save_path(&dir, self.game.session.info().name.as_str(), &names, SystemTime::now());
        match self.game.session.save(&path, &self.game.config) {
            Ok(()) => {
                eprintln!("tabula: saved {}", path.display());
                self.say(format!("Saved to {}", path.display()), false);
                true
            }
            Err(e) => {
                self.say(format!("cannot save: {e}"), true);
                false
            }
        }
    }

    fn replace_game(&mut self, game: Game) {
        self.game.cancel_search();
        self.game = game;
        self.selected = None;
        self.drag = None;
        self.view_ply = None;
        self.dialog = None;
        self.scroll = 0;
        self.over_seen = self.game.is_over();
        self.dumped = None;
    }

    fn draw<T: RenderTarget>(&mut self, p: &mut Painter<T>, w: u32, h: u32) -> Result<(), GuiError> {
        p.clear(theme::WINDOW);
        self.hits.clear();
        let (board_area, panel_area) = Self::board_area(w, h);
        let margin = (board_area.w.min(board_area.h) * 0.03).max(6.0);
        let strip_h = super::strip::height(&self.game, board_area.h);
        let inner = Area {
            x: board_area.x + margin,
            y: board_area.y + margin,
            w: board_area.w - 2.0 * margin,
            h: board_area.h - 2.0 * margin - strip_h,
        };
        let strip = Area { x: inner.x, y: inner.y + inner.h + margin * 0.3, w: inner.w, h: strip_h };
        let layout = BoardLayout::new(&self.game.geometry, inner, self.flipped);
        let history = self.game.session.history();
        let ply = self.view_ply.unwrap_or(history.len());
        let position =
            if self.view_ply.is_some() { self.game.position_at(ply) } else { self.game.session.position().clone() };
        let mut pieces = RVec::new();
        position.pieces(&mut pieces).into_result()?;
        let mut highlights = RVec::new();
        position.highlights(&mut highlights).into_result()?;
        let live = self.view_ply.is_none();
        if live && !self.game.count.marks.is_empty() {
            // The count's territory and dead pieces replace the plugin's own marks.
            highlights = self.game.count.marks.clone().into();
        }
        let targets: Vec<u16> = match (self.selected, live) {
            (Some(s), true) => self.game.legal_moves().iter().filter(|m| m.from == s).map(|m| m.to).collect(),
            _ => Vec::new(),
        };
        let info = self.game.session.info().clone();
        let scene = BoardScene {
            geometry: &self.game.geometry,
            info: &info,
            pieces: &pieces,
            highlights: &highlights,
            last_move: ply.checked_sub(1).and_then(|i| history.get(i)).map(|m| m.mv),
            selected: self.selected.filter(|_| live),
            targets: &targets,
            hint: self.game.hint.filter(|_| live),
            dragging: self.drag.filter(|d| d.moved && live).map(|d| (d.cell, d.at.0, d.at.1)),
        };
        draw_board(p, &layout, &scene)?;
        self.layout = Some(layout);
        super::strip::draw_strip(p, &mut self.hits, &self.game, strip, self.hover)?;
        let message = self.message.as_ref().map(|(m, e)| (m.as_str(), *e));
        let state = PanelState {
            view_ply: self.view_ply,
            scroll: &mut self.scroll,
            message,
            sound: self.sound.enabled,
            hover: self.hover,
        };
        draw_panel(p, &mut self.hits, &self.game, state, panel_area)?;
        if let Some(dialog) = &mut self.dialog {
            draw_dialog(
                p,
                &mut self.hits,
                dialog,
                &self.game,
                Area { x: 0.0, y: 0.0, w: w as f32, h: h as f32 },
                self.hover,
            )?;
        }
        Ok(())
    }

    /// The New game form's buttons by name for the layout dump: `start`,
    /// `game:NAME` and `option:KEY=VALUE` (the chosen game's options).
    fn form_buttons(&self) -> Vec<(String, Action)> {
        let Some(Dialog::NewGame(form)) = &self.dialog else { return Vec::new() };
        let games = form.games.iter().enumerate().map(|(i, g)| (format!("game:{g}"), Action::FormGame(i)));
        let options = form.options.get(form.game).into_iter().flatten().enumerate().flat_map(|(k, o)| {
            o.choices.iter().enumerate().map(move |(c, v)| (format!("option:{}={v}", o.name), Action::FormOption(k, c)))
        });
        std::iter::once(("start".to_string(), Action::StartGame)).chain(games).chain(options).collect()
    }

    /// With `TABULA_GUI_TEST_LAYOUT` set, prints where every cell and
    /// button is (one JSON line on stderr) whenever that changes, so a test
    /// driving the real window can click without knowing the game.
    fn dump_layout(&mut self, w: u32, h: u32) {
        if std::env::var_os("TABULA_GUI_TEST_LAYOUT").is_none() {
            return;
        }
        let dialog = match &self.dialog {
            None => "",
            Some(Dialog::NewGame(_)) => "new",
            Some(Dialog::Load(_)) => "load",
            Some(Dialog::Seats(_)) => "players",
            Some(Dialog::Help(..)) => "help",
            Some(Dialog::ConfirmQuit) => "quit",
            Some(Dialog::GameOver) => "over",
            Some(Dialog::Promotion(_)) => "promotion",
        };
        let dialog = if dialog.is_empty() && self.game.is_marking() { "count" } else { dialog };
        let key = (w, h, self.flipped, self.game.session.history().len(), dialog);
        if self.dumped == Some(key) {
            return;
        }
        self.dumped = Some(key);
        let Some(layout) = &self.layout else { return };
        let cells: serde_json::Map<String, serde_json::Value> = self
            .game
            .geometry
            .cells
            .iter()
            .map(|c| {
                let (x, y) = layout.to_screen(c.x, c.y, c.layer);
                (c.name.to_string(), serde_json::json!([x.round(), y.round()]))
            })
            .collect();
        let saves = match &self.dialog {
            Some(Dialog::Load(list)) => list.len(),
            _ => 0,
        };
        let buttons: serde_json::Map<String, serde_json::Value> = [
            ("save".to_string(), Action::Save),
            ("undo".into(), Action::Undo),
            ("new".into(), Action::NewGameDialog),
            ("players".into(), Action::PlayersDialog),
            ("apply".into(), Action::ApplySeats),
            ("close".into(), Action::CloseDialog),
            ("pass".into(), Action::OffBoard(Move::PASS)),
            ("accept".into(), Action::AcceptCount),
            ("resume".into(), Action::ResumePlay),
        ]
        .into_iter()
        .chain((0..saves).map(|i| (format!("load{i}"), Action::LoadSave(i))))
        .chain(self.form_buttons())
        .filter_map(|(name, a)| self.hits.centre_of(&a).map(|(x, y)| (name, serde_json::json!([x.round(), y.round()]))))
        .collect();
        let moves: Vec<&str> = self.game.session.history().iter().map(|m| m.coordinate.as_str()).collect();
        let dump = serde_json::json!({ "window": [w, h], "cells": cells, "buttons": buttons, "moves": moves, "dialog": dialog });
        eprintln!("TABULA_LAYOUT {dump}");
    }
}
