//! The New game dialog, built from what the rules plugins say about
//! themselves: a list of games on the left (each game once, the variants
//! a plugin lists grouped by family, see [`super::catalog`]; it scrolls,
//! and typing finds a game); on the right the chosen game's name with its
//! options and one row
//! per option the chosen game's plugin declares (a choice of few short
//! values as buttons, a longer list as a drop-down, a free-form value as a
//! text field), then one row per seat (a person or the computer at a
//! level; as many seats as the game with these options has players), the
//! time control and an optional start position. The rows scroll when they
//! do not fit; the description of the row under the pointer is shown at
//! the bottom.

use rules_api::OptionSpec;

use super::catalog::{self, Catalog};
use super::preview::{BoardPreview, Previews};
use super::seat_rows::level_of;
use crate::controls::FormKey;
use crate::layout::Area;
use crate::lobby::HostAs;
use crate::messages::{capitalised, level_note, slug};
use crate::seats::{human_player, level_player, offered_levels, seat_name, SeatChoice};
use crate::settings::NewGameMemory;
use crate::{i18n, tr};
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
    /// The game's display name.
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
    /// The games found (one per rules plugin).
    pub games: Vec<GameChoice>,
    /// Index into `games`: the chosen entry's plugin.
    pub game: usize,
    /// What the list shows: the games and the variants they list.
    pub catalog: Catalog,
    /// Index into the catalogue's entries: the game chosen.
    pub entry: usize,
    /// Which groups of the list are open.
    pub expanded: Vec<bool>,
    /// What was typed to find a game.
    pub filter: String,
    /// The filter the chosen entry was last found for.
    found_for: String,
    /// The chosen game's name with the options chosen now (as its plugin
    /// says after the last refresh); empty until asked.
    pub title: String,
    /// The choices remembered when the form opened.
    memory: NewGameMemory,
    /// The first row of the game list shown.
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
    /// The engines added from the window, offered after the levels.
    pub engines: Vec<crate::saved_engines::SavedEngine>,
    /// Per seat, the engine (an index into `engines`) chosen in its list.
    pub engine_seats: Vec<Option<usize>>,
    /// The start positions read for the choices made so far.
    pub previews: Previews,
    /// Where the last frame drew the chosen game's preview, if it did.
    pub preview_area: Option<Area>,
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
    pub fn new(mut games: Vec<GameChoice>, memory: &NewGameMemory, current: &str) -> NewGameForm {
        // Games of their own first, so each is the entry of its own index.
        games.sort_by_key(|g| catalog::lists_games(&g.specs));
        let wanted = if memory.game.is_empty() { current } else { memory.game.as_str() };
        let catalog = Catalog::new(&games);
        let remembered: Vec<(String, String)> = memory
            .options
            .get(wanted)
            .map(|o| o.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        let entry = catalog.find(&games, wanted, &remembered).unwrap_or(0);
        let expanded = vec![false; catalog.groups.len()];
        let mut form = NewGameForm {
            games,
            game: 0,
            catalog,
            entry,
            expanded,
            filter: String::new(),
            found_for: String::new(),
            title: String::new(),
            memory: memory.clone(),
            game_scroll: 0,
            values: Vec::new(),
            seats: memory.seat_choices(),
            clock: CLOCKS.iter().position(|c| c.0 == memory.clock).unwrap_or(0),
            start: String::new(),
            open: None,
            scroll: 0,
            error: None,
            areas: (Area { x: 0.0, y: 0.0, w: 0.0, h: 0.0 }, Area { x: 0.0, y: 0.0, w: 0.0, h: 0.0 }),
            host: None,
            engines: Vec::new(),
            engine_seats: Vec::new(),
            previews: Previews::default(),
            preview_area: None,
        };
        form.choose_game(entry, memory);
        form.game_scroll =
            form.list_rows().iter().position(|r| *r == ListRow::Entry(entry)).unwrap_or(0).saturating_sub(2);
        form
    }

    /// Chooses entry `i` of the list, its options as remembered (or their
    /// defaults), its catalogue option set to its value; its group opens.
    pub fn choose_game(&mut self, i: usize, memory: &NewGameMemory) {
        let Some(entry) = self.catalog.entries.get(i).cloned() else { return };
        let Some(game) = self.games.get(entry.game) else { return };
        self.entry = i;
        self.game = entry.game;
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
        if let Some((k, value)) = &entry.fixed {
            if let Some(slot) = self.values.get_mut(*k) {
                slot.clone_from(value);
            }
        }
        if let Some(open) = entry.group.and_then(|g| self.expanded.get_mut(g)) {
            *open = true;
        }
        self.title.clear();
        self.open = None;
        self.scroll = 0;
        self.error = None;
        let players = game.sides.len();
        self.fit_seats(players);
    }

    /// The rows of the game list: the games of their own, then each group's
    /// header and, when it is open, its entries; while something is typed,
    /// only what matches it, every group open.
    pub fn list_rows(&self) -> Vec<ListRow> {
        let c = &self.catalog;
        let typed = !self.filter.trim().is_empty();
        let shown = |i: &usize| !typed || catalog::matches(&c.entries[*i], &self.games, &c.groups, &self.filter);
        let mut rows: Vec<ListRow> =
            (0..c.entries.len()).filter(|&i| c.entries[i].group.is_none()).filter(shown).map(ListRow::Entry).collect();
        for g in 0..c.groups.len() {
            let members: Vec<usize> =
                (0..c.entries.len()).filter(|&i| c.entries[i].group == Some(g)).filter(shown).collect();
            if members.is_empty() {
                continue;
            }
            rows.push(ListRow::Group(g));
            if typed || self.expanded.get(g).copied().unwrap_or(false) {
                rows.extend(members.into_iter().map(ListRow::Entry));
            }
        }
        rows
    }

    /// After typing in the find field: the first game that matches is
    /// chosen (and shown); `true` when the choice changed.
    pub fn find_typed(&mut self) -> bool {
        if self.found_for == self.filter {
            return false;
        }
        self.found_for = self.filter.clone();
        self.game_scroll = 0;
        let first = self.list_rows().into_iter().find_map(|r| match r {
            ListRow::Entry(i) => Some(i),
            ListRow::Group(_) => None,
        });
        match first {
            Some(i) if i != self.entry => {
                let memory = self.memory.clone();
                self.choose_game(i, &memory);
                true
            }
            _ => false,
        }
    }

    /// Chooses the entry `step` rows below (or above) the chosen one among
    /// the entries listed; `true` when the choice changed.
    pub fn step_entry(&mut self, step: i32) -> bool {
        let entries: Vec<usize> = self
            .list_rows()
            .into_iter()
            .filter_map(|r| match r {
                ListRow::Entry(i) => Some(i),
                ListRow::Group(_) => None,
            })
            .collect();
        let Some(at) = entries.iter().position(|&i| i == self.entry) else {
            return entries.first().is_some_and(|&i| {
                let memory = self.memory.clone();
                self.choose_game(i, &memory);
                true
            });
        };
        let to = (at as i64 + step as i64).clamp(0, entries.len() as i64 - 1) as usize;
        if to == at {
            return false;
        }
        let memory = self.memory.clone();
        self.choose_game(entries[to], &memory);
        let row = self.list_rows().iter().position(|r| *r == ListRow::Entry(self.entry)).unwrap_or(0);
        self.game_scroll = self.game_scroll.min(row).max(row.saturating_sub(6));
        true
    }

    /// The name the chosen game goes by with the options chosen now, as
    /// its plugin said at the last refresh ([`NewGameForm::set_game_info`]),
    /// else as the list shows it.
    pub fn heading(&self) -> String {
        if !self.title.is_empty() {
            return self.title.clone();
        }
        self.catalog.entries.get(self.entry).map(|e| e.label.clone()).unwrap_or_default()
    }

    /// What the chosen game's plugin says with the options chosen now:
    /// its display name (the heading follows the options: `Go 9×9`) and its
    /// players (the seats follow).
    pub fn set_game_info(&mut self, name: String, sides: Vec<String>) {
        // A catalogue entry keeps its own proper name; a game of its own
        // is named as its plugin names it with these options, in the
        // heading and in the list.
        if let Some(entry) = self.catalog.entries.get_mut(self.entry).filter(|e| e.fixed.is_none()) {
            entry.label.clone_from(&name);
            self.title = name;
        }
        self.set_sides(sides);
    }

    /// Whether seat `i` is a computer in this form.
    pub fn is_computer(&self, i: usize) -> bool {
        self.seats.get(i).is_some_and(|s| s.is_computer())
    }

    /// The added engines the chosen game may seat (indices into `engines`).
    pub fn offered_engines(&self) -> Vec<usize> {
        let Some(game) = self.chosen() else { return Vec::new() };
        let seats = self.seats.len();
        (0..self.engines.len())
            .filter(|&k| crate::saved_engines::offered(&self.engines[k], &game.name, seats))
            .collect()
    }

    /// The engine chosen for seat `seat`, if one is and the game may seat it.
    pub fn engine_of(&self, seat: usize) -> Option<&crate::saved_engines::SavedEngine> {
        let k = self.engine_seats.get(seat).copied().flatten()?;
        self.offered_engines().contains(&k).then(|| &self.engines[k])
    }

    fn set_engine(&mut self, seat: usize, engine: Option<usize>) {
        if self.engine_seats.len() <= seat {
            self.engine_seats.resize(seat + 1, None);
        }
        self.engine_seats[seat] = engine;
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

    /// The options chosen, as name and value: the catalogue value of the
    /// chosen entry and the options shown (those left at their default and
    /// blank ones are not given).
    pub fn options(&self) -> Vec<(String, String)> {
        let Some(game) = self.chosen() else { return Vec::new() };
        let Some(entry) = self.catalog.entries.get(self.entry) else { return Vec::new() };
        // An operator's option (a directory) is not shown, but a value it
        // was given (the running game's) goes on with a local game.
        let kept = |k: &usize| self.host.is_none() && !catalog::for_players(&game.specs[*k]);
        let given = |k: &usize| entry.shown.contains(k) || entry.fixed.as_ref().is_some_and(|f| f.0 == *k) || kept(k);
        game.specs
            .iter()
            .zip(&self.values)
            .enumerate()
            .filter(|(k, (spec, value))| given(k) && value.trim() != spec.default.as_str() && !value.trim().is_empty())
            .map(|(_, (spec, value))| (spec.name.to_string(), value.trim().to_string()))
            .collect()
    }

    /// The start position of the chosen game with the options chosen
    /// now, when it was read (see [`Previews`]) and the rules built.
    pub fn preview(&self) -> Option<&BoardPreview> {
        self.previews.get(&self.chosen()?.name, &self.options())
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
                self.set_engine(seat, None);
                if let Some(slot) = self.seats.get_mut(seat) {
                    *slot = if index == 0 { SeatChoice::Human } else { SeatChoice::Computer(level_of(Some(*slot))) };
                }
            }
            FormKey::Level(seat) => {
                let levels = offered_levels();
                let engine = index.checked_sub(levels.len()).and_then(|k| self.offered_engines().get(k).copied());
                self.set_engine(seat, engine);
                let level = levels.get(index).copied().unwrap_or(Level::Hard);
                if let Some(slot) = self.seats.get_mut(seat) {
                    *slot = SeatChoice::Computer(level);
                }
            }
            FormKey::Clock => self.clock = index.min(CLOCKS.len() - 1),
            FormKey::Group(g) => {
                if let Some(open) = self.expanded.get_mut(g) {
                    *open = !*open;
                }
            }
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
            FormKey::Find => Some(&mut self.filter),
            _ => None,
        }
    }

    /// The rows, in order.
    fn rows(&self) -> Vec<Row> {
        let mut rows = Vec::new();
        let Some(game) = self.chosen() else { return rows };
        let shown = self.catalog.entries.get(self.entry).map(|e| e.shown.clone()).unwrap_or_default();
        for (i, spec) in game.specs.iter().enumerate().filter(|(i, _)| shown.contains(i)) {
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
                match (choice, self.engine_of(i)) {
                    (SeatChoice::Computer(level), Some(engine)) => {
                        engine.player(level.spec().time_ms).unwrap_or_else(|_| level_player(&name, *level))
                    }
                    (SeatChoice::Computer(level), None) => level_player(&name, *level),
                    (SeatChoice::Human, _) => human_player(&name),
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

    /// Closes the open drop-down list, if one is; `true` when it was.
    pub fn close_dropdown(&mut self) -> bool {
        self.open.take().is_some()
    }
}

/// A row of the game list.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ListRow {
    /// A group's header (opens or closes it).
    Group(usize),
    /// An entry of the catalogue.
    Entry(usize),
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

#[path = "new_game_draw.rs"]
mod drawing;
pub use drawing::draw;

#[cfg(test)]
#[path = "new_game_tests.rs"]
mod tests;
