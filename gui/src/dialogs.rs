//! Dialogs drawn over the window: new game, load, help, quit, game over
//! and the promotion chooser.

use rules_api::{GameInfo, Move};
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
use tabula_core::config::{Config, GameConfig, PluginsConfig};
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
        Config {
            game: GameConfig {
                rules: self.games.get(self.game).cloned().unwrap_or_default(),
                options: Default::default(),
            },
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
    let bh = px * 2.0;
    match dialog {
        Dialog::NewGame(form) => {
            let a = frame(p, window, px * 34.0, px * 24.0)?;
            let (x, w) = (a.x + px, a.w - 2.0 * px);
            let mut y = a.y + px;
            p.text("New game", px * 1.3, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
            y += px * 2.4;
            let row = |p: &mut Painter<T>, hits: &mut Hits, y: f32, title: &str, items: Vec<(String, Action, bool)>| {
                option_row(p, hits, Area { x, y, w, h: bh }, title, items, hover, px)
            };
            let games =
                form.games.iter().enumerate().map(|(i, g)| (g.clone(), Action::FormGame(i), i == form.game)).collect();
            row(p, hits, y, "Game", games)?;
            y += bh + px;
            let modes = [
                (Mode::HumanHuman, "Two people"),
                (Mode::HumanComputer, "Vs computer"),
                (Mode::ComputerComputer, "Computers"),
            ];
            row(
                p,
                hits,
                y,
                "Players",
                modes.iter().map(|(m, l)| (l.to_string(), Action::FormMode(*m), form.mode == *m)).collect(),
            )?;
            y += bh + px;
            if form.mode == Mode::HumanComputer {
                let sides = vec![
                    ("You move first".to_string(), Action::FormSide(0), form.human_side == 0),
                    ("You move second".to_string(), Action::FormSide(1), form.human_side == 1),
                ];
                row(p, hits, y, "You", sides)?;
                y += bh + px;
            }
            for seat in 0..2 {
                if !form.is_computer(seat) {
                    continue;
                }
                let levels = [Level::Easy, Level::Medium, Level::Hard]
                    .into_iter()
                    .map(|l| (l.word().to_string(), Action::FormLevel(seat, l), form.levels[seat] == l))
                    .collect();
                row(p, hits, y, if seat == 0 { "First moves" } else { "Second moves" }, levels)?;
                y += bh + px;
            }
            let bw = px * 8.0;
            let by = a.y + a.h - bh - px;
            button(
                p,
                hits,
                Area { x: a.x + a.w - 2.0 * bw - 2.0 * px, y: by, w: bw, h: bh },
                "Cancel",
                Action::CloseDialog,
                Look::Normal,
                hover,
                px,
            )?;
            let ok = if form.games.is_empty() { Look::Disabled } else { Look::Normal };
            button(
                p,
                hits,
                Area { x: a.x + a.w - bw - px, y: by, w: bw, h: bh },
                "Start",
                Action::StartGame,
                ok,
                hover,
                px,
            )?;
        }
        Dialog::Seats(form) => {
            let info = game.session.info();
            let a = frame(p, window, px * 36.0, px * (9.5 + 3.0 * form.choices.len() as f32))?;
            let (x, w) = (a.x + px, a.w - 2.0 * px);
            p.text("Players", px * 1.3, Style::Bold, theme::TEXT, x, a.y + px, Anchor::TopLeft)?;
            let note = "Who plays each side from here on; the game, its moves and the clocks go on.";
            let mut y = wrap_text(p, note, px * 0.85, theme::TEXT_DIM, x, a.y + px * 3.0, w)? + px * 0.6;
            for (seat, choice) in form.choices.iter().enumerate() {
                let title =
                    info.players.get(seat).map_or_else(|| format!("Player {}", seat + 1), |pl| pl.name.to_string());
                let items = SeatChoice::ALL
                    .iter()
                    .map(|&c| (c.word().to_string(), Action::SeatChoose(seat, c), *choice == Some(c)))
                    .collect();
                option_row(p, hits, Area { x, y, w, h: bh }, &title, items, hover, px)?;
                if choice.is_none() {
                    let now = game.seats.get(seat).map_or("", |s| s.label.as_str());
                    p.text(
                        &format!("now {now}; kept unless changed"),
                        px * 0.75,
                        Style::Regular,
                        theme::TEXT_DIM,
                        x + px * 7.0,
                        y + bh + px * 0.1,
                        Anchor::TopLeft,
                    )?;
                }
                y += bh + px;
            }
            let bw = px * 8.0;
            let by = a.y + a.h - bh - px;
            button(
                p,
                hits,
                Area { x: a.x + a.w - 2.0 * bw - 2.0 * px, y: by, w: bw, h: bh },
                "Cancel",
                Action::CloseDialog,
                Look::Normal,
                hover,
                px,
            )?;
            button(
                p,
                hits,
                Area { x: a.x + a.w - bw - px, y: by, w: bw, h: bh },
                "Apply",
                Action::ApplySeats,
                Look::Normal,
                hover,
                px,
            )?;
        }
        Dialog::Load(saves) => {
            let a = frame(p, window, px * 34.0, px * 26.0)?;
            let x = a.x + px;
            let mut y = a.y + px;
            p.text("Load a saved game", px * 1.3, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
            y += px * 2.4;
            if saves.is_empty() {
                p.text("No saved games in saves/ yet.", px, Style::Regular, theme::TEXT_DIM, x, y, Anchor::TopLeft)?;
            }
            let room = ((a.y + a.h - bh - 2.0 * px - y) / (bh + px * 0.3)).floor().max(0.0) as usize;
            for (i, s) in saves.iter().take(room).enumerate() {
                let area = Area { x, y, w: a.w - 2.0 * px, h: bh };
                button(p, hits, area, &s.title, Action::LoadSave(i), Look::Normal, hover, px * 0.85)?;
                y += bh + px * 0.3;
            }
            let bw = px * 8.0;
            button(
                p,
                hits,
                Area { x: a.x + a.w - bw - px, y: a.y + a.h - bh - px, w: bw, h: bh },
                "Cancel",
                Action::CloseDialog,
                Look::Normal,
                hover,
                px,
            )?;
        }
        Dialog::Help(text, first) => {
            let a = frame(p, window, px * 40.0, window.h - 40.0)?;
            let x = a.x + px;
            p.text(
                &format!("How to play {}", game.session.info().name),
                px * 1.3,
                Style::Bold,
                theme::TEXT,
                x,
                a.y + px,
                Anchor::TopLeft,
            )?;
            let keys = "Keys: Ctrl+N new, Ctrl+Z undo, Ctrl+Y redo, H hint, Ctrl+S save, Ctrl+O load, F flip, P pause, Space step, M sound, F1 help, Esc close, Ctrl+Q quit.";
            let body = format!("{}\n\n{keys}", reflow(text));
            let (top, room, width) = (a.y + px * 3.4, a.h - px * 3.4 - bh - 2.0 * px, a.w - 2.0 * px);
            // The largest size at which the whole text fits, but never
            // smaller than is comfortable to read: then it scrolls.
            let mut size = px * 0.9;
            while size > 12.0 && wrap_lines(p, &body, size, width).len() as f32 * line_height(size) > room {
                size -= 0.5;
            }
            let lines = wrap_lines(p, &body, size, width);
            let fits = (room / line_height(size)).floor().max(1.0) as usize;
            // Keep the stored offset in range so scrolling back up answers at once.
            *first = (*first).min(lines.len().saturating_sub(fits));
            let first = *first;
            for (i, line) in lines.iter().skip(first).take(fits).enumerate() {
                p.text(
                    line,
                    size,
                    Style::Regular,
                    theme::TEXT,
                    x,
                    top + i as f32 * line_height(size),
                    Anchor::TopLeft,
                )?;
            }
            if lines.len() > fits {
                let note = format!(
                    "Lines {}–{} of {}: scroll with the wheel or the arrow keys",
                    first + 1,
                    (first + fits).min(lines.len()),
                    lines.len()
                );
                p.text(
                    &note,
                    px * 0.8,
                    Style::Regular,
                    theme::TEXT_DIM,
                    x,
                    a.y + a.h - bh / 2.0 - px,
                    Anchor::MidLeft,
                )?;
            }
            let bw = px * 8.0;
            button(
                p,
                hits,
                Area { x: a.x + a.w - bw - px, y: a.y + a.h - bh - px, w: bw, h: bh },
                "Close",
                Action::CloseDialog,
                Look::Normal,
                hover,
                px,
            )?;
        }
        Dialog::ConfirmQuit => {
            let a = frame(p, window, px * 30.0, px * 8.5)?;
            p.text(
                "A game is in progress. Quit anyway?",
                px * 1.1,
                Style::Bold,
                theme::TEXT,
                a.x + px,
                a.y + px * 1.2,
                Anchor::TopLeft,
            )?;
            let bw = (a.w - 4.0 * px) / 3.0;
            let by = a.y + a.h - bh - px;
            for (k, (label, action)) in
                [("Quit", Action::ConfirmQuit), ("Save and quit", Action::SaveAndQuit), ("Cancel", Action::CloseDialog)]
                    .into_iter()
                    .enumerate()
            {
                button(
                    p,
                    hits,
                    Area { x: a.x + px + k as f32 * (bw + px), y: by, w: bw, h: bh },
                    label,
                    action,
                    Look::Normal,
                    hover,
                    px,
                )?;
            }
        }
        Dialog::GameOver => {
            let a = frame(p, window, px * 30.0, px * 13.0)?;
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
            p.text(&headline, px * 1.4, Style::Bold, theme::TEXT, x, a.y + px, Anchor::TopLeft)?;
            let reason = result.as_ref().map_or(String::new(), |r| r.reason().to_string());
            let mut y = wrap_text(p, &format!("Reason: {reason}"), px, theme::TEXT, x, a.y + px * 3.2, w)?;
            let details = format!("{} moves in {}", game.session.history().len(), clock_text(game.duration()));
            y = wrap_text(p, &details, px, theme::TEXT_DIM, x, y, w)?;
            let _ = y;
            let bw = (a.w - 4.0 * px) / 3.0;
            let by = a.y + a.h - bh - px;
            for (k, (label, action)) in
                [("New game", Action::NewGameDialog), ("Undo", Action::Undo), ("Review", Action::Review)]
                    .into_iter()
                    .enumerate()
            {
                button(
                    p,
                    hits,
                    Area { x: a.x + px + k as f32 * (bw + px), y: by, w: bw, h: bh },
                    label,
                    action,
                    Look::Normal,
                    hover,
                    px,
                )?;
            }
        }
        Dialog::Promotion(moves) => {
            let info: &GameInfo = game.session.info();
            let n = moves.len().max(1) as f32;
            let cell = px * 4.5;
            let a = frame(p, window, (cell * n + 2.0 * px).max(px * 18.0), cell + px * 7.0)?;
            p.text("Promote to", px * 1.2, Style::Bold, theme::TEXT, a.x + px, a.y + px, Anchor::TopLeft)?;
            let owner = game.session.side_to_move();
            let left = a.x + (a.w - cell * n) / 2.0;
            for (k, m) in moves.iter().enumerate() {
                let area = Area { x: left + k as f32 * cell, y: a.y + px * 3.0, w: cell, h: cell };
                if area.contains(hover.0, hover.1) {
                    p.fill_rect(area.x, area.y, area.w, area.h, theme::BUTTON_HOT)?;
                }
                let kind = m.extra.saturating_sub(1);
                draw_piece(p, info, owner, kind, area.x + cell / 2.0, area.y + cell / 2.0, cell * 0.4)?;
                hits.add(area, Action::Promote(*m));
            }
            let bw = px * 8.0;
            button(
                p,
                hits,
                Area { x: a.x + a.w - bw - px, y: a.y + a.h - bh - px * 0.6, w: bw, h: bh },
                "Cancel",
                Action::CloseDialog,
                Look::Normal,
                hover,
                px,
            )?;
        }
    }
    Ok(())
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
    p.text(title, px, Style::Regular, theme::TEXT_DIM, area.x, area.y + area.h / 2.0, Anchor::MidLeft)?;
    let left = area.x + px * 7.0;
    let n = items.len().max(1) as f32;
    let bw = ((area.w - px * 7.0) - (n - 1.0) * px * 0.4) / n;
    for (k, (label, action, chosen)) in items.into_iter().enumerate() {
        let b = Area { x: left + k as f32 * (bw + px * 0.4), y: area.y, w: bw, h: area.h };
        button(p, hits, b, &label, action, if chosen { Look::Chosen } else { Look::Normal }, hover, px * 0.9)?;
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
}
