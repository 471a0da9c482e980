//! Dialogs drawn over the window: new game, load, help, quit, game over
//! and the promotion chooser.

use rules_api::{GameInfo, Move, OptionSpec};
use sdl2::render::RenderTarget;

use super::board::draw_piece;
use super::controls::{button, Action, Hits, Look, Mode};
use super::fonts::Style;
use super::game::Game;
use super::layout::Area;
use super::paint::{Anchor, Painter};
use super::panel::{clock_text, line_height, wrap_lines, wrap_text};
use super::saves::SaveEntry;
use super::seats::{human_player, level_player, seat_name, SeatChoice, SeatsForm};
use super::theme;
use super::GuiError;
use tabula_core::config::{Config, GameConfig, OptionTable, PluginsConfig};
use tabula_core::source::Level;

/// The New game form.
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameForm {
    /// Rules plugins found.
    pub games: Vec<String>,
    /// Index into `games`.
    pub game: usize,
    /// Who plays.
    pub mode: Mode,
    /// The person's seat against the computer.
    pub human_side: usize,
    /// Strength per seat when a computer sits there.
    pub levels: [Level; 2],
    /// Per game (parallel to `games`), the options offered as a choice.
    pub options: Vec<Vec<FormOption>>,
    /// The options the running game was configured with, kept when the
    /// form starts that game again (free-form ones are not offered here).
    pub current: (String, OptionTable),
}

/// A rules option with a short list of values, offered as a row of buttons.
#[derive(Clone, Debug, PartialEq)]
pub struct FormOption {
    /// The key given to the plugin.
    pub name: String,
    /// The accepted values, in the plugin's order.
    pub choices: Vec<String>,
    /// Index into `choices`.
    pub chosen: usize,
}

/// More values than this do not fit a row of buttons.
const MAX_CHOICES: usize = 20;

impl FormOption {
    /// The options of `specs` worth a row (two to twenty values), each set to
    /// its value in `current` when that is one of its choices, else to the default.
    pub fn offered(specs: &[OptionSpec], current: &OptionTable) -> Vec<FormOption> {
        specs
            .iter()
            .filter(|s| (2..=MAX_CHOICES).contains(&s.choices.len()))
            .map(|s| {
                let choices: Vec<String> = s.choices.iter().map(|c| c.to_string()).collect();
                let value = current.get(s.name.as_str()).map(option_text).unwrap_or_else(|| s.default.to_string());
                let chosen = choices.iter().position(|c| *c == value).unwrap_or(0);
                FormOption { name: s.name.to_string(), choices, chosen }
            })
            .collect()
    }
}

/// A TOML option value as the plugin receives it.
fn option_text(v: &toml::Value) -> String {
    match v {
        toml::Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

impl NewGameForm {
    /// Whether seat `i` is a computer in this form.
    pub fn is_computer(&self, i: usize) -> bool {
        match self.mode {
            Mode::HumanHuman => false,
            Mode::HumanComputer => i != self.human_side,
            Mode::ComputerComputer => true,
        }
    }

    /// The configuration this form describes (plugin directories kept from `base`).
    pub fn config(&self, base: &Config) -> Config {
        let computers: Vec<bool> = (0..2).map(|i| self.is_computer(i)).collect();
        let players = (0..2)
            .map(|i| {
                let name = seat_name(&computers, i);
                if computers[i] {
                    level_player(&name, self.levels[i])
                } else {
                    human_player(&name)
                }
            })
            .collect();
        let rules = self.games.get(self.game).cloned().unwrap_or_default();
        let mut options = if self.current.0 == rules { self.current.1.clone() } else { OptionTable::new() };
        for o in self.options.get(self.game).into_iter().flatten() {
            options.insert(o.name.clone(), toml::Value::String(o.choices[o.chosen].clone()));
        }
        Config {
            game: GameConfig { rules, options },
            players,
            plugins: PluginsConfig { dirs: base.plugins.dirs.iter().map(|d| base.base_dir.join(d)).collect() },
            // The time control stays as configured for every new game.
            clock: base.clock,
            record: None,
            base_dir: std::path::PathBuf::from("."),
        }
    }
}

/// An open dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Choose a game and the players.
    NewGame(NewGameForm),
    /// Choose a saved game.
    Load(Vec<SaveEntry>),
    /// Change who plays each seat, keeping the game.
    Seats(SeatsForm),
    /// The rules, scrolled down by this many lines.
    Help(String, usize),
    /// Leave a game in progress?
    ConfirmQuit,
    /// The result.
    GameOver,
    /// Which piece to promote to.
    Promotion(Vec<Move>),
}

/// A box of `w`×`h` centred in `window` over a shade; returns its area.
fn frame<T: RenderTarget>(p: &mut Painter<T>, window: Area, w: f32, h: f32) -> Result<Area, GuiError> {
    p.fill_rect(window.x, window.y, window.w, window.h, theme::SHADE)?;
    let (w, h) = (w.min(window.w - 20.0), h.min(window.h - 20.0));
    let a = Area { x: window.x + (window.w - w) / 2.0, y: window.y + (window.h - h) / 2.0, w, h };
    p.fill_rect(a.x, a.y, a.w, a.h, theme::DIALOG)?;
    p.frame_rect(a.x, a.y, a.w, a.h, 1.0, theme::BUTTON_HOT)?;
    Ok(a)
}

/// What every dialog draws with: the painter, the click regions, the
/// pointer, the text size and the button height.
struct Pen<'p, 'a, 'r, T: RenderTarget> {
    p: &'p mut Painter<'a, 'r, T>,
    hits: &'p mut Hits,
    hover: (f32, f32),
    px: f32,
    bh: f32,
}

impl<T: RenderTarget> Pen<'_, '_, '_, T> {
    fn button(&mut self, area: Area, label: &str, action: Action, look: Look) -> Result<(), GuiError> {
        button(self.p, self.hits, area, label, action, look, self.hover, self.px)
    }

    /// Buttons `px * 8` wide in the bottom-right corner of `a`, in order,
    /// their tops at `by`.
    fn corner_buttons(&mut self, a: Area, by: f32, items: &[(&str, Action, Look)]) -> Result<(), GuiError> {
        let (px, bh) = (self.px, self.bh);
        let bw = px * 8.0;
        let n = items.len() as f32;
        for (k, (label, action, look)) in items.iter().enumerate() {
            let x = a.x + a.w - (n - k as f32) * (bw + px);
            self.button(Area { x, y: by, w: bw, h: bh }, label, action.clone(), *look)?;
        }
        Ok(())
    }

    /// Three buttons sharing the bottom of `a`.
    fn bottom_buttons(&mut self, a: Area, items: [(&str, Action); 3]) -> Result<(), GuiError> {
        let (px, bh) = (self.px, self.bh);
        let bw = (a.w - 4.0 * px) / 3.0;
        let by = a.y + a.h - bh - px;
        for (k, (label, action)) in items.into_iter().enumerate() {
            self.button(Area { x: a.x + px + k as f32 * (bw + px), y: by, w: bw, h: bh }, label, action, Look::Normal)?;
        }
        Ok(())
    }

    /// A titled row of option buttons at `y`, from `x`, `w` wide.
    fn row(
        &mut self,
        (x, y, w): (f32, f32, f32),
        title: &str,
        items: Vec<(String, Action, bool)>,
    ) -> Result<(), GuiError> {
        option_row(self.p, self.hits, Area { x, y, w, h: self.bh }, title, items, self.hover, self.px)
    }

    fn title(&mut self, text: &str, scale: f32, x: f32, y: f32) -> Result<(), GuiError> {
        self.p.text(text, self.px * scale, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft).map(|_| ())
    }
}

/// Draws `dialog` over `window` (clamping its scroll offset); clicks
/// outside the box do nothing.
pub fn draw_dialog<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    dialog: &mut Dialog,
    game: &Game,
    window: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let px = (window.h / 42.0).clamp(12.0, 16.0);
    // Swallow clicks outside the box: a region under everything else.
    hits.add(window, Action::LiveView);
    let mut pen = Pen { p, hits, hover, px, bh: px * 2.0 };
    match dialog {
        Dialog::NewGame(form) => new_game(&mut pen, window, form),
        Dialog::Seats(form) => seats(&mut pen, window, form, game),
        Dialog::Load(saves) => load(&mut pen, window, saves),
        Dialog::Help(text, first) => help(&mut pen, window, text, first, game),
        Dialog::ConfirmQuit => {
            let a = frame(pen.p, window, px * 30.0, px * 8.5)?;
            pen.title("A game is in progress. Quit anyway?", 1.1, a.x + px, a.y + px * 1.2)?;
            pen.bottom_buttons(
                a,
                [
                    ("Quit", Action::ConfirmQuit),
                    ("Save and quit", Action::SaveAndQuit),
                    ("Cancel", Action::CloseDialog),
                ],
            )
        }
        Dialog::GameOver => game_over(&mut pen, window, game),
        Dialog::Promotion(moves) => promotion(&mut pen, window, moves, game),
    }
}

fn new_game<T: RenderTarget>(pen: &mut Pen<'_, '_, '_, T>, window: Area, form: &NewGameForm) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let options = form.options.get(form.game).map_or(&[][..], Vec::as_slice);
    let rows = 2 + usize::from(form.mode == Mode::HumanComputer) + (0..2).filter(|&s| form.is_computer(s)).count();
    let height = px * 7.0 + (rows + options.len()) as f32 * (bh + px);
    let a = frame(pen.p, window, px * 34.0, height.max(px * 24.0))?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    let mut y = a.y + px;
    pen.title("New game", 1.3, x, y)?;
    y += px * 2.4;
    let games = form.games.iter().enumerate().map(|(i, g)| (g.clone(), Action::FormGame(i), i == form.game)).collect();
    pen.row((x, y, w), "Game", games)?;
    y += bh + px;
    let modes =
        [(Mode::HumanHuman, "Two people"), (Mode::HumanComputer, "Vs computer"), (Mode::ComputerComputer, "Computers")];
    let modes = modes.iter().map(|(m, l)| (l.to_string(), Action::FormMode(*m), form.mode == *m)).collect();
    pen.row((x, y, w), "Players", modes)?;
    y += bh + px;
    for (k, o) in options.iter().enumerate() {
        let items =
            o.choices.iter().enumerate().map(|(c, v)| (v.clone(), Action::FormOption(k, c), c == o.chosen)).collect();
        pen.row((x, y, w), &option_title(&o.name), items)?;
        y += bh + px;
    }
    if form.mode == Mode::HumanComputer {
        let sides = vec![
            ("You move first".to_string(), Action::FormSide(0), form.human_side == 0),
            ("You move second".to_string(), Action::FormSide(1), form.human_side == 1),
        ];
        pen.row((x, y, w), "You", sides)?;
        y += bh + px;
    }
    for seat in (0..2).filter(|&seat| form.is_computer(seat)) {
        let levels = Level::ALL
            .into_iter()
            .map(|l| (l.word().to_string(), Action::FormLevel(seat, l), form.levels[seat] == l))
            .collect();
        pen.row((x, y, w), if seat == 0 { "First moves" } else { "Second moves" }, levels)?;
        y += bh + px;
    }
    let ok = if form.games.is_empty() { Look::Disabled } else { Look::Normal };
    pen.corner_buttons(
        a,
        a.y + a.h - bh - px,
        &[("Cancel", Action::CloseDialog, Look::Normal), ("Start", Action::StartGame, ok)],
    )
}

fn seats<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &SeatsForm,
    game: &Game,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let info = game.session.info();
    let a = frame(pen.p, window, px * 36.0, px * (9.5 + 3.0 * form.choices.len() as f32))?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    pen.title("Players", 1.3, x, a.y + px)?;
    let note = "Who plays each side from here on; the game, its moves and the clocks go on.";
    let mut y = wrap_text(pen.p, note, px * 0.85, theme::TEXT_DIM, x, a.y + px * 3.0, w)? + px * 0.6;
    for (seat, choice) in form.choices.iter().enumerate() {
        let title = info.players.get(seat).map_or_else(|| format!("Player {}", seat + 1), |pl| pl.name.to_string());
        let items = SeatChoice::ALL
            .iter()
            .map(|&c| (c.word().to_string(), Action::SeatChoose(seat, c), *choice == Some(c)))
            .collect();
        pen.row((x, y, w), &title, items)?;
        if choice.is_none() {
            let now = game.seats.get(seat).map_or("", |s| s.label.as_str());
            let text = format!("now {now}; kept unless changed");
            let (tx, ty) = (x + px * 7.0, y + bh + px * 0.1);
            pen.p.text(&text, px * 0.75, Style::Regular, theme::TEXT_DIM, tx, ty, Anchor::TopLeft)?;
        }
        y += bh + px;
    }
    pen.corner_buttons(
        a,
        a.y + a.h - bh - px,
        &[("Cancel", Action::CloseDialog, Look::Normal), ("Apply", Action::ApplySeats, Look::Normal)],
    )
}

fn load<T: RenderTarget>(pen: &mut Pen<'_, '_, '_, T>, window: Area, saves: &[SaveEntry]) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 34.0, px * 26.0)?;
    let x = a.x + px;
    let mut y = a.y + px;
    pen.title("Load a saved game", 1.3, x, y)?;
    y += px * 2.4;
    if saves.is_empty() {
        pen.p.text("No saved games in saves/ yet.", px, Style::Regular, theme::TEXT_DIM, x, y, Anchor::TopLeft)?;
    }
    let room = ((a.y + a.h - bh - 2.0 * px - y) / (bh + px * 0.3)).floor().max(0.0) as usize;
    for (i, s) in saves.iter().take(room).enumerate() {
        let area = Area { x, y, w: a.w - 2.0 * px, h: bh };
        button(pen.p, pen.hits, area, &s.title, Action::LoadSave(i), Look::Normal, pen.hover, px * 0.85)?;
        y += bh + px * 0.3;
    }
    pen.corner_buttons(a, a.y + a.h - bh - px, &[("Cancel", Action::CloseDialog, Look::Normal)])
}

fn help<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    text: &str,
    first: &mut usize,
    game: &Game,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 40.0, window.h - 40.0)?;
    let x = a.x + px;
    pen.title(&format!("How to play {}", game.session.info().name), 1.3, x, a.y + px)?;
    let keys = "Keys: Ctrl+N new, Ctrl+Z undo, Ctrl+Y redo, H hint, Ctrl+S save, Ctrl+O load, F flip, P pause, Space step, M sound, F1 help, Esc close, Ctrl+Q quit.";
    let body = format!("{}\n\n{keys}", reflow(text));
    let (top, room, width) = (a.y + px * 3.4, a.h - px * 3.4 - bh - 2.0 * px, a.w - 2.0 * px);
    // The largest size at which the whole text fits, but never
    // smaller than is comfortable to read: then it scrolls.
    let mut size = px * 0.9;
    while size > 12.0 && wrap_lines(pen.p, &body, size, width).len() as f32 * line_height(size) > room {
        size -= 0.5;
    }
    let lines = wrap_lines(pen.p, &body, size, width);
    let fits = (room / line_height(size)).floor().max(1.0) as usize;
    // Keep the stored offset in range so scrolling back up answers at once.
    *first = (*first).min(lines.len().saturating_sub(fits));
    let first = *first;
    for (i, line) in lines.iter().skip(first).take(fits).enumerate() {
        let y = top + i as f32 * line_height(size);
        pen.p.text(line, size, Style::Regular, theme::TEXT, x, y, Anchor::TopLeft)?;
    }
    if lines.len() > fits {
        let last = (first + fits).min(lines.len());
        let note = format!("Lines {}–{last} of {}: scroll with the wheel or the arrow keys", first + 1, lines.len());
        pen.p.text(&note, px * 0.8, Style::Regular, theme::TEXT_DIM, x, a.y + a.h - bh / 2.0 - px, Anchor::MidLeft)?;
    }
    pen.corner_buttons(a, a.y + a.h - bh - px, &[("Close", Action::CloseDialog, Look::Normal)])
}

fn game_over<T: RenderTarget>(pen: &mut Pen<'_, '_, '_, T>, window: Area, game: &Game) -> Result<(), GuiError> {
    let px = pen.px;
    let a = frame(pen.p, window, px * 30.0, px * 13.0)?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    let info = game.session.info();
    let result = game.result();
    let headline = match result.as_ref().and_then(|r| r.winner(game.seats.len())) {
        Some(wi) => format!(
            "{} wins",
            game.seats.get(wi as usize).map_or_else(
                || format!("Player {}", wi + 1),
                |s| format!("{} ({})", s.name, info.players.get(wi as usize).map_or("", |p| p.name.as_str()))
            )
        ),
        None => "Draw".to_string(),
    };
    pen.title(&headline, 1.4, x, a.y + px)?;
    let reason = result.as_ref().map_or(String::new(), |r| r.reason().to_string());
    let y = wrap_text(pen.p, &format!("Reason: {reason}"), px, theme::TEXT, x, a.y + px * 3.2, w)?;
    let details = format!("{} moves in {}", game.session.history().len(), clock_text(game.duration()));
    wrap_text(pen.p, &details, px, theme::TEXT_DIM, x, y, w)?;
    pen.bottom_buttons(a, [("New game", Action::NewGameDialog), ("Undo", Action::Undo), ("Review", Action::Review)])
}

fn promotion<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    moves: &[Move],
    game: &Game,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let info: &GameInfo = game.session.info();
    let n = moves.len().max(1) as f32;
    let cell = px * 4.5;
    let a = frame(pen.p, window, (cell * n + 2.0 * px).max(px * 18.0), cell + px * 7.0)?;
    pen.p.text("Promote to", px * 1.2, Style::Bold, theme::TEXT, a.x + px, a.y + px, Anchor::TopLeft)?;
    let owner = game.session.side_to_move();
    let left = a.x + (a.w - cell * n) / 2.0;
    for (k, m) in moves.iter().enumerate() {
        let area = Area { x: left + k as f32 * cell, y: a.y + px * 3.0, w: cell, h: cell };
        if area.contains(pen.hover.0, pen.hover.1) {
            pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::BUTTON_HOT)?;
        }
        let kind = m.extra.saturating_sub(1);
        draw_piece(pen.p, info, owner, kind, area.x + cell / 2.0, area.y + cell / 2.0, cell * 0.4)?;
        pen.hits.add(area, Action::Promote(*m));
    }
    pen.corner_buttons(a, a.y + a.h - bh - px * 0.6, &[("Cancel", Action::CloseDialog, Look::Normal)])
}

/// An option's key as a row title: `no_progress` -> `No progress`.
fn option_title(name: &str) -> String {
    let words = name.replace('_', " ");
    let mut chars = words.chars();
    chars.next().map(|c| c.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// A row of option buttons in `area` (its height is the buttons'), with
/// `title` on the left and the chosen item marked.
#[allow(clippy::too_many_arguments)]
fn option_row<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    title: &str,
    items: Vec<(String, Action, bool)>,
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    let wide = p.text_size(title, px, Style::Regular).0 as f32;
    let size = px * ((px * 6.6) / wide.max(1.0)).min(1.0);
    p.text(title, size, Style::Regular, theme::TEXT_DIM, area.x, area.y + area.h / 2.0, Anchor::MidLeft)?;
    let left = area.x + px * 7.0;
    let n = items.len().max(1) as f32;
    let bw = ((area.w - px * 7.0) - (n - 1.0) * px * 0.4) / n;
    for (k, (label, action, chosen)) in items.into_iter().enumerate() {
        let b = Area { x: left + k as f32 * (bw + px * 0.4), y: area.y, w: bw, h: area.h };
        // A long label (a plugin's name) shrinks to its button rather than
        // run into the next one.
        let wide = p.text_size(&label, px * 0.9, Style::Regular).0 as f32;
        let size = px * 0.9 * ((bw - px * 0.5) / wide.max(1.0)).min(1.0);
        button(p, hits, b, &label, action, if chosen { Look::Chosen } else { Look::Normal }, hover, size)?;
    }
    Ok(())
}

/// Joins lines that a plugin wrapped by hand (a line that does not end a
/// sentence or a heading, followed by one starting in lowercase), so the text can be wrapped
/// again at the dialog's width.
pub fn reflow(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let open_sentence = !out.is_empty() && !out.ends_with(['\n', '.', ':', ';', '!', '?', ')']);
        let continues = open_sentence && line.trim_start().chars().next().is_some_and(|c| c.is_lowercase());
        if continues {
            out.push(' ');
            out.push_str(line.trim());
        } else {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(line.trim_end());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_wrapped_sentences_are_joined_and_paragraphs_kept() {
        let text = "Black may never play a\n   forbidden point.\n\nVariants:\nfree  five wins.\nexact  only five.";
        assert_eq!(
            reflow(text),
            "Black may never play a forbidden point.\n\nVariants:\nfree  five wins.\nexact  only five."
        );
    }

    fn specs() -> Vec<OptionSpec> {
        let sizes: Vec<String> = (7..=19).map(|n| n.to_string()).collect();
        let sizes: Vec<&str> = sizes.iter().map(String::as_str).collect();
        vec![
            OptionSpec::new("size", "11", &sizes, "Board side."),
            OptionSpec::new("swap", "on", &["on", "off"], "Swap rule."),
            OptionSpec::new("seed", "0", &[], "Free-form: no row."),
            OptionSpec::new("only", "x", &["x"], "A single value: no row."),
        ]
    }

    #[test]
    fn options_with_a_short_list_of_values_get_a_row_set_from_the_running_game() {
        let mut current = OptionTable::new();
        current.insert("size".into(), toml::Value::Integer(7));
        current.insert("swap".into(), "sideways".into());
        let offered = FormOption::offered(&specs(), &current);
        let rows: Vec<(&str, &str)> = offered.iter().map(|o| (o.name.as_str(), o.choices[o.chosen].as_str())).collect();
        // An integer in the TOML is the plugin's "7"; an unknown value falls back to the first choice.
        assert_eq!(rows, [("size", "7"), ("swap", "on")]);
        let defaults = FormOption::offered(&specs(), &OptionTable::new());
        assert_eq!(defaults[0].choices[defaults[0].chosen], "11");
    }

    #[test]
    fn the_form_configures_the_chosen_values_and_keeps_free_form_options_of_the_same_game() {
        let mut kept = OptionTable::new();
        kept.insert("seed".into(), "42".into());
        kept.insert("size".into(), "7".into());
        let mut form = NewGameForm {
            games: vec!["other".into(), "hexlike".into()],
            game: 1,
            mode: Mode::HumanHuman,
            human_side: 0,
            levels: [Level::Hard, Level::Hard],
            options: vec![Vec::new(), FormOption::offered(&specs(), &kept)],
            current: ("hexlike".into(), kept),
        };
        form.options[1][1].chosen = 1;
        let base = Config::default_config().unwrap();
        let options = form.config(&base).game.options;
        let pairs: Vec<(String, String)> = options.iter().map(|(k, v)| (k.clone(), option_text(v))).collect();
        let want = [("seed", "42"), ("size", "7"), ("swap", "off")].map(|(k, v)| (k.to_string(), v.to_string()));
        assert_eq!(pairs, want);
        form.game = 0;
        assert!(form.config(&base).game.options.is_empty(), "another game starts from its defaults");
    }
}
