//! The New game dialog, built from what the rules plugins say about
//! themselves: a scrolling list of games on the left; on the right one row
//! per option the chosen game's plugin declares (a choice of few short
//! values as buttons, a longer list as a drop-down, a free-form value as a
//! text field), then who plays, the computers' strength, the time control
//! and an optional start position. The rows scroll when they do not fit;
//! the description of the row under the pointer is shown at the bottom.

use rules_api::OptionSpec;
use sdl2::render::RenderTarget;

use super::{frame, Pen};
use crate::controls::{Action, Focus, FormKey, Look, Mode};
use crate::fonts::Style;
use crate::layout::Area;
use crate::lobby::HostAs;
use crate::messages::{capitalised, level_label, level_note, slug};
use crate::paint::Anchor;
use crate::seats::{human_player, level_player, offered_levels, seat_name};
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
    /// The game's display name.
    pub label: String,
    /// The options it declares.
    pub specs: Vec<OptionSpec>,
    /// Its players' names, in move order.
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
    /// Who plays.
    pub mode: Mode,
    /// The person's seat against the computer.
    pub human_side: usize,
    /// Strength per seat when a computer sits there.
    pub levels: Vec<Level>,
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
}

impl NewGameForm {
    /// A form offering `games`, starting from the remembered choices (or
    /// from `current`, the game being played, when nothing is remembered).
    pub fn new(games: Vec<GameChoice>, memory: &NewGameMemory, current: &str) -> NewGameForm {
        let wanted = if memory.game.is_empty() { current } else { memory.game.as_str() };
        let game = games.iter().position(|g| g.name == wanted).unwrap_or(0);
        let levels =
            (0..2).map(|i| memory.levels.get(i).and_then(|w| Level::parse(w)).unwrap_or(Level::Hard)).collect();
        let mut form = NewGameForm {
            games,
            game,
            game_scroll: game.saturating_sub(2),
            values: Vec::new(),
            mode: Mode::from_word(&memory.mode).unwrap_or(Mode::HumanComputer),
            human_side: memory.human_side.min(1),
            levels,
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
    }

    /// Whether seat `i` is a computer in this form.
    pub fn is_computer(&self, i: usize) -> bool {
        match self.mode {
            Mode::HumanHuman => false,
            Mode::HumanComputer => i != self.human_side,
            Mode::ComputerComputer => true,
        }
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
            FormKey::Mode => self.mode = Mode::ALL.get(index).copied().unwrap_or(self.mode),
            FormKey::Side => self.human_side = index.min(1),
            FormKey::Level(seat) => {
                if let (Some(l), Some(slot)) = (offered_levels().get(index), self.levels.get_mut(seat)) {
                    *slot = *l;
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
        let modes = Mode::ALL.iter().map(|m| tr(&format!("mode-{}", m.word()))).collect();
        let mode = Mode::ALL.iter().position(|m| *m == self.mode).unwrap_or(0);
        rows.push(Row {
            key: FormKey::Mode,
            label: tr!("form-players"),
            description: String::new(),
            kind: RowKind::Choice(modes, mode),
        });
        let side = |k: usize| game.sides.get(k).map_or_else(|| format!("{}", k + 1), |s| side_label(s));
        // A hosted game between two people still needs the host's side.
        if self.mode == Mode::HumanComputer || self.host.is_some() {
            rows.push(Row {
                key: FormKey::Side,
                label: tr!("form-you-play"),
                description: String::new(),
                kind: RowKind::Choice((0..2).map(side).collect(), self.human_side),
            });
        }
        // Every level the core offers (easy, medium, hard, then the
        // calibrated ladder with its Elo); so many make a drop-down, whose
        // label shows the chosen level's Elo and whose description says
        // what the level is.
        let offered = offered_levels();
        for seat in (0..2).filter(|&s| self.is_computer(s)) {
            let levels = offered.iter().map(|l| level_label(*l)).collect();
            let chosen = offered.iter().position(|l| Some(l) == self.levels.get(seat)).unwrap_or(0);
            rows.push(Row {
                key: FormKey::Level(seat),
                label: tr!("form-computer-plays", side = side(seat)),
                description: level_note(offered[chosen]),
                kind: RowKind::Choice(levels, chosen),
            });
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
        let computers: Vec<bool> = (0..2).map(|i| self.is_computer(i)).collect();
        let players = (0..2)
            .map(|i| {
                let name = seat_name(&computers, i);
                if computers[i] {
                    level_player(&name, self.levels.get(i).copied().unwrap_or(Level::Hard))
                } else {
                    human_player(&name)
                }
            })
            .collect();
        let mut options = tabula_core::config::OptionTable::new();
        if let Some(game) = self.chosen() {
            for (spec, value) in game.specs.iter().zip(&self.values) {
                if value.trim() != spec.default.as_str() && !value.trim().is_empty() {
                    options.insert(spec.name.to_string(), toml::Value::String(value.trim().to_string()));
                }
            }
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
        memory.mode = self.mode.word().to_string();
        memory.human_side = self.human_side;
        memory.levels = self.levels.iter().map(|l| l.word().to_string()).collect();
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
    let names: Vec<String> = form.games.iter().map(|g| g.label.clone()).collect();
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
                    if form.open.map(|o| o.0) == Some(row.key) {
                        popup = Some((row.key, labels.clone(), *chosen, widget));
                    }
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
        draw_popup(pen, window, form, key, &labels, chosen, at)?;
    }
    Ok(())
}

fn focus_is(focus: Option<Focus>, key: FormKey) -> bool {
    focus == Some(Focus::Form(key))
}

/// The open drop-down list under (or above) its row.
#[allow(clippy::too_many_arguments)]
fn draw_popup<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &mut NewGameForm,
    key: FormKey,
    labels: &[String],
    chosen: usize,
    at: Area,
) -> Result<(), GuiError> {
    let px = pen.px;
    let item_h = pen.bh * 0.9;
    // A click anywhere else closes the list.
    pen.hits.add(window, Action::FormOpen(key));
    let room_below = window.y + window.h - (at.y + at.h) - 8.0;
    let room_above = at.y - window.y - 8.0;
    let wanted = labels.len() as f32 * item_h + 4.0;
    let h = wanted.min(room_below.max(room_above)).max(item_h * 3.0);
    let y = if wanted <= room_below || room_below >= room_above { at.y + at.h } else { at.y - h };
    let area = Area { x: at.x, y, w: at.w, h };
    pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::DIALOG)?;
    pen.p.frame_rect(area.x, area.y, area.w, area.h, 1.0, theme::ACCENT)?;
    let inner = Area { x: area.x + 2.0, y: area.y + 2.0, w: area.w - 4.0, h: area.h - 4.0 };
    let mut first = form.open.map_or(0, |o| o.1);
    if first == 0 && chosen * 2 > (h / item_h) as usize {
        first = chosen.saturating_sub((h / item_h) as usize / 2);
    }
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    list(pen.p, inner, labels.len(), item_h, &mut first, |p, i, cell| {
        let look = if i == chosen { Look::Chosen } else { Look::Normal };
        crate::widgets::button(p, hits, cell, &labels[i], Action::FormPick(key, i), look, hover, px * 0.85)
    })?;
    form.open = Some((key, first));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_options_own_word_for_a_value_wins() {
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
        form.pick(FormKey::Mode, 1);
        form.pick(FormKey::Side, 1);
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
        assert_eq!((again.clock, again.mode, again.human_side), (3, Mode::HumanComputer, 1));
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
        form.pick(FormKey::Mode, 1);
        let rows = form.rows();
        let row = rows.iter().find(|r| r.key == FormKey::Level(1)).expect("the computer's level row");
        let RowKind::Choice(labels, chosen) = &row.kind else { panic!("a choice") };
        assert_eq!(labels.len(), tabula_core::source::LEVELS.len());
        assert_eq!((labels[*chosen].as_str(), labels[6].as_str()), ("Hard", "Club (~1050 Elo)"));
        let club = offered_levels().iter().position(|&l| l == Level::Club).unwrap();
        form.pick(FormKey::Level(1), club);
        assert_eq!(form.levels[1], Level::Club);
        let rows = form.rows();
        let row = rows.iter().find(|r| r.key == FormKey::Level(1)).unwrap();
        assert!(row.description.contains("1050 Elo"), "{}", row.description);
        let config = form.config(&Config::default_config().unwrap());
        assert_eq!(config.players[1].source.level(), Some(Level::Club));
        assert_eq!(config.players[1].time_ms(), Level::Club.spec().time_ms);
        form.remember(&mut memory);
        assert_eq!(NewGameForm::new(games(), &memory, "plain").levels[1], Level::Club);
    }

    #[test]
    fn a_start_position_and_default_options_are_written_plainly() {
        let mut form = NewGameForm::new(games(), &NewGameMemory::default(), "plain");
        form.start = "  some position  ".into();
        form.pick(FormKey::Mode, 0);
        let config = form.config(&Config::default_config().unwrap());
        assert_eq!(config.record.unwrap().start, "some position");
        assert!(config.game.options.is_empty());
        assert!(config.clock.is_none());
        let labels: Vec<String> = form.rows().iter().map(|r| r.label.clone()).collect();
        assert!(!labels.iter().any(|l| l.contains("computer") || l.contains("Computer")), "{labels:?}");
    }
}
