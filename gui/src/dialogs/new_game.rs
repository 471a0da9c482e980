//! The New game dialog, built from what the rules plugins say about
//! themselves: a scrolling list of games on the left; on the right one row
//! per option the chosen game's plugin declares (a choice of few short
//! values as buttons, a longer list as a drop-down, a free-form value as a
//! text field), then one row per seat (a person or the computer at a
//! level; as many seats as the game with these options has players), the
//! time control and an optional start position. The rows scroll when they
//! do not fit; the description of the row under the pointer is shown at
//! the bottom.

use rules_api::OptionSpec;
use sdl2::render::RenderTarget;

use super::seat_rows::{draw_seat_widgets, level_labels, level_of, popup_list, SeatActions};
use super::{frame, Pen};
use crate::controls::{Action, Focus, FormKey, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::lobby::HostAs;
use crate::messages::{capitalised, level_note, slug};
use crate::paint::Anchor;
use crate::seats::{human_player, level_player, offered_levels, seat_name, SeatChoice};
use crate::settings::NewGameMemory;
use crate::widgets::{choice_row, dropdown, fits_in_row, line, list, text_box, text_field};
use crate::{i18n, theme, tr, GuiError};
use tabula_core::config::{ClockConfig, Config, GameConfig, PluginsConfig, Record};
use tabula_core::source::Level;

/// The time controls offered: name, minutes per side, seconds added per move.
pub const CLOCKS: [(&str, u64, u64); 7] = [
    ("none", 0, 0),
    ("1+0", 1, 0),
    ("3+2", 3, 2),
    ("5+3", 5, 3),
    ("10+5", 10, 5),
    ("15+10", 15, 10),
    ("30+20", 30, 20),
];

/// A rules plugin the dialog offers.
#[derive(Clone, Debug, PartialEq)]
pub struct GameChoice {
    /// The plugin's name (what configs write).
    pub name: String,
    /// The game's name as its plugin writes it; shown through
    /// [`crate::messages::game_name`], in the language of the moment.
    pub label: String,
    /// The options it declares.
    pub specs: Vec<OptionSpec>,
    /// Its players' names, in move order, with the options chosen (the
    /// plugin's defaults until the form asks again).
    pub sides: Vec<String>,
}

/// The New game form.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameForm {
    /// The games found.
    pub games: Vec<GameChoice>,
    /// Index into `games`.
    pub game: usize,
    /// The first game shown in the list.
    pub game_scroll: usize,
    /// The value of each of the chosen game's options.
    pub values: Vec<String>,
    /// Who plays each seat, one per player of the chosen game.
    pub seats: Vec<SeatChoice>,
    /// Index into [`CLOCKS`].
    pub clock: usize,
    /// A position text to start from (empty: the usual start).
    pub start: String,
    /// The row whose drop-down list is open, and its first item shown.
    pub open: Option<(FormKey, usize)>,
    /// The first row shown.
    pub scroll: usize,
    /// Why the last Start failed.
    pub error: Option<String>,
    /// Where the game list and the rows were drawn (for the mouse wheel).
    pub areas: (Area, Area),
    /// Set when the form chooses a game to host on the network: Start hosts it.
    pub host: Option<HostAs>,
}

/// One row of the form: its key, label, description and what it holds.
struct Row {
    key: FormKey,
    label: String,
    description: String,
    kind: RowKind,
}

enum RowKind {
    /// Labels and the chosen index.
    Choice(Vec<String>, usize),
    /// Free text and a placeholder.
    Text(String, String),
    /// Who plays a seat.
    Seat(SeatChoice),
}

impl NewGameForm {
    /// A form offering `games`, starting from the remembered choices (or
    /// from `current`, the game being played, when nothing is remembered).
    pub fn new(games: Vec<GameChoice>, memory: &NewGameMemory, current: &str) -> NewGameForm {
        let wanted = if memory.game.is_empty() { current } else { memory.game.as_str() };
        let game = games.iter().position(|g| g.name == wanted).unwrap_or(0);
        let mut form = NewGameForm {
            games,
            game,
            game_scroll: game.saturating_sub(2),
            values: Vec::new(),
            seats: memory.seat_choices(),
            clock: CLOCKS.iter().position(|c| c.0 == memory.clock).unwrap_or(0),
            start: String::new(),
            open: None,
            scroll: 0,
            error: None,
            areas: (Area { x: 0.0, y: 0.0, w: 0.0, h: 0.0 }, Area { x: 0.0, y: 0.0, w: 0.0, h: 0.0 }),
            host: None,
        };
        form.choose_game(game, memory);
        form
    }

    /// Chooses game `i`, its options as remembered (or their defaults).
    pub fn choose_game(&mut self, i: usize, memory: &NewGameMemory) {
        let Some(game) = self.games.get(i) else { return };
        self.game = i;
        let remembered = memory.options.get(&game.name);
        self.values = game
            .specs
            .iter()
            .map(|s| {
                let value = remembered.and_then(|r| r.get(s.name.as_str())).cloned();
                value
                    .filter(|v| s.choices.is_empty() || s.choices.iter().any(|c| c.as_str() == v))
                    .unwrap_or_else(|| s.default.to_string())
            })
            .collect();
        self.open = None;
        self.scroll = 0;
        self.error = None;
        let players = self.games[i].sides.len();
        self.fit_seats(players);
    }

    /// Whether seat `i` is a computer in this form.
    pub fn is_computer(&self, i: usize) -> bool {
        self.seats.get(i).is_some_and(|s| s.is_computer())
    }

    /// The game's players with the options chosen now changed (its
    /// `players` option, say): the seats follow, the new ones played by
    /// the computer, as the last seat before them was.
    pub fn set_sides(&mut self, sides: Vec<String>) {
        let players = sides.len();
        if let Some(game) = self.games.get_mut(self.game) {
            game.sides = sides;
        }
        self.fit_seats(players);
    }

    /// As many seats as `players` (at least one), keeping those there are.
    fn fit_seats(&mut self, players: usize) {
        let players = players.max(1);
        if self.seats.len() > players {
            self.seats.truncate(players);
        }
        while self.seats.len() < players {
            let level = self.seats.iter().rev().find_map(|s| match s {
                SeatChoice::Computer(level) => Some(*level),
                SeatChoice::Human => None,
            });
            self.seats.push(SeatChoice::Computer(level.unwrap_or(Level::Hard)));
        }
    }

    /// The options chosen, as name and value (those left at their default
    /// and blank ones are not given).
    pub fn options(&self) -> Vec<(String, String)> {
        let Some(game) = self.chosen() else { return Vec::new() };
        game.specs
            .iter()
            .zip(&self.values)
            .filter(|(spec, value)| value.trim() != spec.default.as_str() && !value.trim().is_empty())
            .map(|(spec, value)| (spec.name.to_string(), value.trim().to_string()))
            .collect()
    }

    fn chosen(&self) -> Option<&GameChoice> {
        self.games.get(self.game)
    }

    /// Picks item `index` of row `key`.
    pub fn pick(&mut self, key: FormKey, index: usize) {
        match key {
            FormKey::Option(i) => {
                let value = self.chosen().and_then(|g| g.specs.get(i)).and_then(|s| s.choices.get(index)).cloned();
                if let (Some(v), Some(slot)) = (value, self.values.get_mut(i)) {
                    *slot = v.to_string();
                }
            }
            FormKey::Seat(seat) => {
                if let Some(slot) = self.seats.get_mut(seat) {
                    *slot = if index == 0 { SeatChoice::Human } else { SeatChoice::Computer(level_of(Some(*slot))) };
                }
            }
            FormKey::Level(seat) => {
                if let (Some(l), Some(slot)) = (offered_levels().get(index), self.seats.get_mut(seat)) {
                    *slot = SeatChoice::Computer(*l);
                }
            }
            FormKey::Clock => self.clock = index.min(CLOCKS.len() - 1),
            _ => {}
        }
        self.open = None;
        self.error = None;
    }

    /// The text of text row `key`, for typing.
    pub fn text_mut(&mut self, key: FormKey) -> Option<&mut String> {
        match key {
            FormKey::Option(i) => {
                let free = self.chosen().and_then(|g| g.specs.get(i)).is_some_and(|s| s.choices.is_empty());
                self.values.get_mut(i).filter(|_| free)
            }
            FormKey::Start => Some(&mut self.start),
            _ => None,
        }
    }

    /// The rows, in order.
    fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        let Some(game) = self.chosen() else { return rows };
        for (i, spec) in game.specs.iter().enumerate() {
            let value = self.values.get(i).cloned().unwrap_or_default();
            let label = option_label(spec.name.as_str());
            let description = spec.description.to_string();
            let kind = if spec.choices.is_empty() {
                RowKind::Text(value, spec.default.to_string())
            } else {
                let chosen = spec.choices.iter().position(|c| c.as_str() == value).unwrap_or(0);
                let name = spec.name.as_str();
                RowKind::Choice(spec.choices.iter().map(|c| option_choice_label(name, c.as_str())).collect(), chosen)
            };
            rows.push(Row { key: FormKey::Option(i), label, description, kind });
        }
        let side = |k: usize| game.sides.get(k).map_or_else(|| format!("{}", k + 1), |s| side_label(s));
        for (seat, choice) in self.seats.iter().enumerate() {
            let description = match choice {
                SeatChoice::Computer(level) => level_note(*level),
                SeatChoice::Human => String::new(),
            };
            rows.push(Row { key: FormKey::Seat(seat), label: side(seat), description, kind: RowKind::Seat(*choice) });
        }
        rows.push(Row {
            key: FormKey::Clock,
            label: tr!("form-clock"),
            description: tr!("form-clock-note"),
            kind: RowKind::Choice(CLOCKS.iter().map(|c| clock_label(c.0)).collect(), self.clock),
        });
        rows.push(Row {
            key: FormKey::Start,
            label: tr!("form-start"),
            description: tr!("form-start-note"),
            kind: RowKind::Text(self.start.clone(), tr!("form-start-placeholder")),
        });
        rows
    }

    /// The configuration this form describes (plugin directories kept from `base`).
    pub fn config(&self, base: &Config) -> Config {
        let computers: Vec<bool> = (0..self.seats.len()).map(|i| self.is_computer(i)).collect();
        let players = self
            .seats
            .iter()
            .enumerate()
            .map(|(i, choice)| {
                let name = seat_name(&computers, i);
                match choice {
                    SeatChoice::Computer(level) => level_player(&name, *level),
                    SeatChoice::Human => human_player(&name),
                }
            })
            .collect();
        let mut options = tabula_core::config::OptionTable::new();
        for (name, value) in self.options() {
            options.insert(name, toml::Value::String(value));
        }
        let (_, minutes, seconds) = CLOCKS[self.clock.min(CLOCKS.len() - 1)];
        let clock = (minutes > 0).then_some(ClockConfig { initial_ms: minutes * 60_000, increment_ms: seconds * 1000 });
        let record = (!self.start.trim().is_empty()).then(|| Record {
            start: self.start.trim().to_string(),
            result: "ongoing".into(),
            ..Record::default()
        });
        Config {
            // A window started with its rules isolated keeps them so.
            game: GameConfig {
                rules: self.chosen().map(|g| g.name.clone()).unwrap_or_default(),
                options,
                isolate: base.game.isolate,
            },
            players,
            plugins: PluginsConfig { dirs: base.plugins.dirs.iter().map(|d| base.base_dir.join(d)).collect() },
            clock,
            record,
            base_dir: std::path::PathBuf::from("."),
        }
    }

    /// The choices to remember after a game was started from this form.
    pub fn remember(&self, memory: &mut NewGameMemory) {
        let Some(game) = self.chosen() else { return };
        memory.game = game.name.clone();
        memory.remember_seats(&self.seats);
        memory.clock = CLOCKS[self.clock.min(CLOCKS.len() - 1)].0.to_string();
        let values = game.specs.iter().zip(&self.values).map(|(s, v)| (s.name.to_string(), v.clone())).collect();
        memory.options.insert(game.name.clone(), values);
    }

    /// Scrolls what the pointer is over by `rows`: the open list, the game
    /// list or the rows.
    pub fn scroll_by(&mut self, rows: i32, pointer: (f32, f32)) {
        let step = |v: &mut usize| *v = (*v as i64 + rows as i64).max(0) as usize;
        if let Some((_, first)) = &mut self.open {
            step(first);
        } else if self.areas.0.contains(pointer.0, pointer.1) {
            step(&mut self.game_scroll);
        } else {
            step(&mut self.scroll);
        }
    }
}

fn tr(id: &str) -> String {
    i18n::tr(id)
}

/// An option's name as a label: the catalogue's word for it, or the name.
fn option_label(name: &str) -> String {
    let id = format!("option-{}", slug(name));
    let text = tr(&id);
    if text == id {
        capitalised(&name.replace('_', " "))
    } else {
        text
    }
}

/// A choice of option `option` as a label: the catalogue's word for this
/// option's value (`choice-pieces-chinese`), else [`choice_label`]; the
/// same value may mean different things in two options.
pub fn option_choice_label(option: &str, value: &str) -> String {
    let id = format!("choice-{}-{}", slug(option), slug(value));
    let text = tr(&id);
    if text == id {
        choice_label(value)
    } else {
        text
    }
}

/// A choice's value as a label: the catalogue's word for it, or the value.
pub fn choice_label(value: &str) -> String {
    let id = format!("choice-{}", slug(value));
    let text = tr(&id);
    if text == id {
        capitalised(value)
    } else {
        text
    }
}

fn side_label(name: &str) -> String {
    let id = format!("side-{}", slug(name));
    let text = tr(&id);
    if text == id {
        capitalised(name)
    } else {
        text
    }
}

fn clock_label(name: &str) -> String {
    match CLOCKS.iter().find(|c| c.0 == name) {
        Some((_, 0, _)) | None => tr!("clock-none"),
        Some((_, m, s)) => tr!("clock-preset", minutes = *m as usize, seconds = *s as usize),
    }
}

/// Draws the form.
pub fn draw<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &mut NewGameForm,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 54.0, px * 36.0)?;
    let (title, start) = match form.host {
        Some(_) => (tr!("host-game-title"), tr!("button-host")),
        None => (tr!("new-game-title"), tr!("button-start")),
    };
    pen.title(&title, 1.3, (a.x + px, a.y + px), a.w - 2.0 * px)?;
    let top = a.y + px * 3.2;
    let bottom = a.y + a.h - bh - px * 4.2;
    let list_w = (a.w * 0.28).clamp(px * 8.0, px * 14.0);
    let games_area = Area { x: a.x + px, y: top, w: list_w, h: bottom - top };
    let rows_area = Area {
        x: games_area.x + list_w + px,
        y: top,
        w: a.x + a.w - px - (games_area.x + list_w + px),
        h: bottom - top,
    };
    form.areas = (games_area, rows_area);

    pen.p.fill_rect(games_area.x, games_area.y, games_area.w, games_area.h, theme::FIELD)?;
    let names: Vec<String> = form.games.iter().map(|g| crate::messages::game_name(&g.label)).collect();
    let chosen = form.game;
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    list(pen.p, games_area, names.len(), bh * 0.95, &mut form.game_scroll, |p, i, cell| {
        let look = if i == chosen { Look::Chosen } else { Look::Normal };
        crate::widgets::button(p, hits, cell, &names[i], Action::FormGame(i), look, hover, px * 0.9)
    })?;
    if names.is_empty() {
        let y = games_area.y + px;
        text_box(pen.p, &tr!("no-games"), px * 0.9, theme::TEXT_DIM, Area { y, ..games_area })?;
    }

    let rows = form.rows();
    let row_h = bh + px * 0.5;
    let label_w = (rows_area.w * 0.34).max(px * 7.0);
    let mut described = String::new();
    let mut popup = None;
    let focus = pen.focus;
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    let open = form.open.map(|o| o.0);
    list(pen.p, rows_area, rows.len(), row_h, &mut form.scroll, |p, i, cell| {
        let row = &rows[i];
        let y = cell.y + bh / 2.0;
        line(
            p,
            &row.label,
            px * 0.9,
            Style::Regular,
            theme::TEXT_DIM,
            (cell.x, y),
            label_w - px * 0.5,
            Anchor::MidLeft,
        )?;
        let widget = Area { x: cell.x + label_w, y: cell.y, w: cell.w - label_w, h: bh };
        if (Area { h: row_h, ..cell }).contains(hover.0, hover.1) {
            described = row.description.clone();
        }
        match &row.kind {
            RowKind::Choice(labels, chosen) => {
                if fits_in_row(p, labels, px * 0.85, widget.w) {
                    let items: Vec<(String, Action)> =
                        labels.iter().enumerate().map(|(k, l)| (l.clone(), Action::FormPick(row.key, k))).collect();
                    choice_row(p, hits, widget, &items, Some(*chosen), hover, px * 0.85)?;
                } else {
                    let label = labels.get(*chosen).cloned().unwrap_or_default();
                    dropdown(p, hits, widget, &label, Action::FormOpen(row.key), hover, px * 0.85)?;
                    if open == Some(row.key) {
                        popup = Some((row.key, labels.clone(), *chosen, widget));
                    }
                }
            }
            RowKind::Seat(choice) => {
                let FormKey::Seat(seat) = row.key else { return Ok(()) };
                let mut sub = Pen { p, hits: &mut *hits, hover, px, bh, focus };
                let actions = SeatActions {
                    person: Action::FormPick(row.key, 0),
                    computer: Action::FormPick(row.key, 1),
                    levels: Action::FormOpen(FormKey::Level(seat)),
                };
                let at = draw_seat_widgets(&mut sub, widget, Some(*choice), actions)?;
                if open == Some(FormKey::Level(seat)) {
                    let chosen = offered_levels().iter().position(|&l| l == level_of(Some(*choice))).unwrap_or(0);
                    popup = Some((FormKey::Level(seat), level_labels(), chosen, at));
                }
            }
            RowKind::Text(text, placeholder) => {
                let focused = focus_is(focus, row.key);
                text_field(
                    p,
                    hits,
                    widget,
                    text,
                    placeholder,
                    focused,
                    Action::Focus(Focus::Form(row.key)),
                    px * 0.85,
                )?;
            }
        }
        Ok(())
    })?;

    let note_area = Area { x: a.x + px, y: bottom + px * 0.4, w: a.w - 2.0 * px, h: px * 2.6 };
    match &form.error {
        Some(e) => text_box(pen.p, e, px * 0.8, theme::ERROR, note_area)?,
        None => text_box(pen.p, &described, px * 0.8, theme::TEXT_DIM, note_area)?,
    };
    let ok = if form.games.is_empty() { Look::Disabled } else { Look::Normal };
    pen.corner_buttons(
        a,
        &[(tr!("button-cancel"), Action::CloseDialog, Look::Normal), (start, Action::StartGame, ok)],
    )?;
    if let Some((key, labels, chosen, at)) = popup {
        let mut first = form.open.map_or(0, |o| o.1);
        let pick = |i| Action::FormPick(key, i);
        popup_list(pen, window, &labels, chosen, at, Action::FormOpen(key), pick, &mut first)?;
        form.open = Some((key, first));
    }
    Ok(())
}

fn focus_is(focus: Option<Focus>, key: FormKey) -> bool {
    focus == Some(Focus::Form(key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_options_own_word_for_a_value_wins() {
        crate::i18n::add_plugin_dirs(crate::plugin_words::source_tree_dirs());
        crate::i18n::set_language(crate::i18n::Lang::En);
        assert_eq!(option_choice_label("pieces", "chinese"), "Chinese characters");
        assert_eq!(option_choice_label("notation", "chinese"), "Chinese (炮二平五)");
        assert_eq!(option_choice_label("rule", "renju"), "Renju");
        assert_eq!(option_choice_label("variant", "crazyhouse"), "Crazyhouse");
    }

    fn games() -> Vec<GameChoice> {
        let variants: Vec<String> = (0..20).map(|i| format!("variant{i}")).collect();
        let refs: Vec<&str> = variants.iter().map(String::as_str).collect();
        vec![
            GameChoice {
                name: "plain".into(),
                label: "Plain".into(),
                specs: vec![],
                sides: vec!["white".into(), "black".into()],
            },
            GameChoice {
                name: "many".into(),
                label: "Many".into(),
                specs: vec![
                    OptionSpec::new("variant", "variant0", &refs, "Which variant."),
                    OptionSpec::new("size", "19", &[], "Board size."),
                ],
                sides: vec!["black".into(), "white".into()],
            },
        ]
    }

    #[test]
    fn options_become_rows_and_reach_the_config() {
        let mut memory = NewGameMemory::default();
        let mut form = NewGameForm::new(games(), &memory, "many");
        assert_eq!(form.game, 1);
        assert_eq!(form.values, vec!["variant0".to_string(), "19".to_string()]);
        let rows = form.rows();
        assert!(matches!(&rows[0].kind, RowKind::Choice(labels, 0) if labels.len() == 20));
        assert!(matches!(&rows[1].kind, RowKind::Text(v, _) if v == "19"));
        form.pick(FormKey::Option(0), 17);
        *form.text_mut(FormKey::Option(1)).unwrap() = "13".into();
        assert!(form.text_mut(FormKey::Option(0)).is_none(), "a choice is not typed");
        form.pick(FormKey::Clock, 3);
        form.pick(FormKey::Seat(0), 1);
        form.pick(FormKey::Seat(1), 0);
        let base = Config::default_config().unwrap();
        let config = form.config(&base);
        assert_eq!(config.game.rules, "many");
        assert_eq!(config.rules_options(), vec![("variant".into(), "variant17".into()), ("size".into(), "13".into())]);
        assert_eq!(config.clock, Some(ClockConfig { initial_ms: 300_000, increment_ms: 3000 }));
        assert!(config.players[0].kind() == tabula_core::config::PlayerKind::Ai, "the computer moves first");
        assert!(config.record.is_none());
        form.remember(&mut memory);
        let again = NewGameForm::new(games(), &memory, "plain");
        assert_eq!((again.game, again.values.clone()), (1, vec!["variant17".to_string(), "13".to_string()]));
        assert_eq!(again.clock, 3);
        assert_eq!(again.seats, vec![SeatChoice::Computer(Level::Hard), SeatChoice::Human]);
    }

    #[test]
    fn the_seats_follow_the_games_players() {
        crate::i18n::set_language(crate::i18n::Lang::En);
        let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "plain");
        assert_eq!(form.seats, vec![SeatChoice::Human, SeatChoice::Computer(Level::Hard)], "you against the computer");
        form.pick(FormKey::Level(1), offered_levels().iter().position(|&l| l == Level::Easy).unwrap());
        form.set_sides(["red", "green", "blue", "yellow"].map(String::from).to_vec());
        let easy = SeatChoice::Computer(Level::Easy);
        assert_eq!(form.seats, vec![SeatChoice::Human, easy, easy, easy], "new seats like the last computer");
        let labels: Vec<String> =
            form.rows().iter().filter(|r| matches!(r.kind, RowKind::Seat(_))).map(|r| r.label.clone()).collect();
        assert_eq!(labels, ["Red", "Green", "Blue", "Yellow"]);
        form.pick(FormKey::Seat(2), 0);
        let config = form.config(&Config::default_config().unwrap());
        let names: Vec<&str> = config.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["Player 1", "Computer 2", "Player 3", "Computer 4"]);
        form.set_sides(["red", "green"].map(String::from).to_vec());
        assert_eq!(form.seats, vec![SeatChoice::Human, easy]);
        let mut memory = NewGameMemory::default();
        form.remember(&mut memory);
        assert_eq!(memory.seats, ["person", "easy"]);
    }

    #[test]
    fn the_running_game_and_its_options_are_preselected() {
        let mut memory = NewGameMemory::default();
        let mut last = NewGameForm::new(games(), &memory, "plain");
        last.choose_game(1, &memory);
        last.pick(FormKey::Option(0), 4);
        last.remember(&mut memory);
        memory.game = "plain".into();
        // A game of "many" loaded from a file with variant 9: the dialog opens on it.
        let running = memory.with_running_game("many", &[("variant".into(), "variant9".into())]);
        let form = NewGameForm::new(games(), &running, "many");
        assert_eq!((form.game, form.values.clone()), (1, vec!["variant9".to_string(), "19".to_string()]));
        // The settings themselves are untouched.
        assert_eq!(memory.game, "plain");
        assert_eq!(memory.options["many"]["variant"], "variant4");
    }

    #[test]
    fn every_level_is_offered_and_a_calibrated_one_is_remembered() {
        crate::i18n::set_language(crate::i18n::Lang::En);
        let mut memory = NewGameMemory::default();
        let mut form = NewGameForm::new(games(), &memory, "plain");
        let labels = level_labels();
        assert_eq!(labels.len(), tabula_core::source::LEVELS.len());
        assert_eq!((labels[2].as_str(), labels[6].as_str()), ("Hard", "Club (~1050 Elo)"));
        let club = offered_levels().iter().position(|&l| l == Level::Club).unwrap();
        form.pick(FormKey::Level(1), club);
        assert_eq!(form.seats[1], SeatChoice::Computer(Level::Club));
        let rows = form.rows();
        let row = rows.iter().find(|r| r.key == FormKey::Seat(1)).unwrap();
        assert!(row.description.contains("1050 Elo"), "{}", row.description);
        let config = form.config(&Config::default_config().unwrap());
        assert_eq!(config.players[1].source.level(), Some(Level::Club));
        assert_eq!(config.players[1].time_ms(), Level::Club.spec().time_ms);
        form.remember(&mut memory);
        assert_eq!(NewGameForm::new(games(), &memory, "plain").seats[1], SeatChoice::Computer(Level::Club));
    }

    #[test]
    fn a_start_position_and_default_options_are_written_plainly() {
        let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "plain");
        form.start = "  some position  ".into();
        form.pick(FormKey::Seat(1), 0);
        let config = form.config(&Config::default_config().unwrap());
        assert_eq!(config.record.unwrap().start, "some position");
        assert!(config.game.options.is_empty());
        assert!(config.clock.is_none());
        let names: Vec<String> =
            form.config(&Config::default_config().unwrap()).players.iter().map(|p| p.name.clone()).collect();
        assert_eq!(names, ["Player 1", "Player 2"]);
    }
}
