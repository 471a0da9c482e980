//! The side panel: players with clocks and captured pieces, the thinking
//! indicator, the status line, the buttons and the move list.

use std::time::Duration;

use rules_api::Rgba;
use sdl2::render::RenderTarget;

use super::board::draw_piece;
use super::clock::countdown_text;
use super::controls::{button, Action, Hits, Look};
use super::fonts::Style;
use super::game::Game;
use super::layout::Area;
use super::paint::{Anchor, Painter};
use super::theme;
use super::GuiError;

/// What the panel shows besides the game.
pub struct PanelState<'a> {
    /// The ply being reviewed, if not the live position.
    pub view_ply: Option<usize>,
    /// First move-list row shown.
    pub scroll: &'a mut usize,
    /// A message for the status line, and whether it is an error.
    pub message: Option<(&'a str, bool)>,
    /// Whether sound is on.
    pub sound: bool,
    /// The pointer, for button hover.
    pub hover: (f32, f32),
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn clock_text(d: Duration) -> String {
    let s = d.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A score on the shared scale as text: units of 100, or moves to the end.
pub fn score_text(score: i32) -> String {
    match rules_api::score::plies_to_end(score) {
        Some(n) if n >= 0 => format!("win in {}", (n + 1) / 2),
        Some(n) => format!("loss in {}", (-n + 1) / 2),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

fn count_text(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=9_999_999 => format!("{}k", n / 1000),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// The status line: the result, a message, or whose turn it is.
pub fn status_text(game: &Game) -> String {
    let info = game.session.info();
    if game.is_marking() {
        return "Counting: click the dead groups, then Accept (or Resume play)".to_string();
    }
    if let Some(result) = game.result() {
        return format!("Game over: {}", result.describe(info));
    }
    let side = game.session.side_to_move() as usize;
    let who = info.players.get(side).map_or_else(|| format!("player {}", side + 1), |p| p.name.to_string());
    let seat = game.seats.get(side).map_or(String::new(), |s| s.name.clone());
    if game.paused && game.is_computer(side) {
        format!("Paused: {seat} ({who}) to move; Step or Resume")
    } else {
        format!("{seat} ({who}) to move")
    }
}

/// Draws the panel in `area` and registers its buttons.
pub fn draw_panel<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    st: PanelState,
    area: Area,
) -> Result<(), GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let px = (area.h / 40.0).clamp(12.0, 16.0);
    let pad = px;
    let (x, w) = (area.x + pad, area.w - 2.0 * pad);
    let mut y = area.y + pad;
    let info = game.session.info();
    p.text(info.name.as_str(), px * 1.35, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    y += px * 2.2;

    let side = game.session.side_to_move() as usize;
    let live = st.view_ply.is_none();
    for i in 0..game.seats.len() {
        let row_h = px * 4.3;
        if i == side && !game.is_over() && live {
            p.fill_rect(area.x, y - px * 0.3, 4.0, row_h - px * 0.2, theme::ACCENT)?;
        }
        draw_seat(p, game, i, px, (x, y, w))?;
        y += row_h;
    }

    let thinking = match (&game.thinking, game.is_thinking()) {
        (Some(t), _) => {
            format!("Thinking: depth {}, score {}, {} nodes", t.depth, score_text(t.score), count_text(t.nodes))
        }
        (None, true) => "Thinking…".to_string(),
        (None, false) if game.hint_pending() => "Looking for a hint…".to_string(),
        _ => String::new(),
    };
    p.text(&thinking, px * 0.85, Style::Regular, theme::ACCENT, x, y, Anchor::TopLeft)?;
    y += px * 1.4;
    let (status, color) = match st.message {
        Some((m, true)) => (m.to_string(), theme::ERROR),
        Some((m, false)) => (m.to_string(), theme::TEXT),
        None if !live => {
            (format!("Reviewing after move {} (Esc: back to the game)", st.view_ply.unwrap_or(0)), theme::ACCENT)
        }
        None => (status_text(game), theme::TEXT),
    };
    y = wrap_text(p, &status, px * 0.9, color, x, y, w)?;
    y += px * 0.6;

    y = draw_buttons(p, hits, game, &st, px, (x, y, w))?;
    y += px * 0.4;
    draw_move_list(p, hits, game, st.view_ply, st.scroll, Area { x, y, w, h: area.y + area.h - pad - y }, px)
}

/// One seat's rows at `y`, from `x`, `w` wide: its piece, name and
/// player, its clock, and the pieces it has taken.
fn draw_seat<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    i: usize,
    px: f32,
    (x, y, w): (f32, f32, f32),
) -> Result<(), GuiError> {
    let info = game.session.info();
    let seat = &game.seats[i];
    let kind = info.piece_types.iter().position(|t| t.glyphs.iter().all(|g| g.is_empty())).unwrap_or(0) as u16;
    let kind = kind.min(info.piece_types.len().saturating_sub(1) as u16);
    draw_piece(p, info, i as u8, kind, x + px * 0.8, y + px * 0.8, px * 0.8)?;
    p.text(&seat.name, px, Style::Bold, theme::TEXT, x + px * 2.0, y, Anchor::TopLeft)?;
    let role = info.players.get(i).map_or(String::new(), |pl| pl.name.to_string());
    let line = format!("{role} · {}", seat.label);
    p.text(&line, px * 0.85, Style::Regular, theme::TEXT_DIM, x + px * 2.0, y + px * 1.25, Anchor::TopLeft)?;
    draw_clock(p, game, i, px, x + w, y)?;
    let mut cx = x + px * 2.0;
    let r = px * 0.62;
    for &kind in game.captured.get(i).map(Vec::as_slice).unwrap_or(&[]) {
        if cx + r * 2.0 > x + w {
            break;
        }
        let owner = if i == 0 { 1 } else { 0 };
        draw_piece(p, info, owner, kind, cx + r, y + px * 3.15, r)?;
        cx += r * 2.1;
    }
    Ok(())
}

/// The panel's buttons in rows of three from `y`; returns the `y` below them.
fn draw_buttons<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    st: &PanelState,
    px: f32,
    (x, mut y, w): (f32, f32, f32),
) -> Result<f32, GuiError> {
    let cvc = game.all_computers();
    let over = game.is_over();
    let rows: [[(&str, Action, bool); 3]; 5] = [
        [
            ("New", Action::NewGameDialog, true),
            ("Undo", Action::Undo, game.session.can_undo()),
            ("Redo", Action::Redo, game.session.can_redo()),
        ],
        [
            ("Hint", Action::Hint, !over && game.human_to_move()),
            ("Resign", Action::Resign, !over && !cvc),
            ("Flip", Action::Flip, true),
        ],
        [("Save", Action::Save, true), ("Load", Action::LoadDialog, true), ("Help", Action::Help, true)],
        [
            (if game.paused { "Resume" } else { "Pause" }, Action::Pause, cvc && !over),
            ("Step", Action::Step, cvc && game.paused && !over),
            (if st.sound { "Sound on" } else { "Sound off" }, Action::Sound, true),
        ],
        [("Players", Action::PlayersDialog, true), ("Quit", Action::Quit, true), ("", Action::Quit, false)],
    ];
    let gap = px * 0.4;
    let bw = (w - 2.0 * gap) / 3.0;
    let bh = px * 2.0;
    for row in rows {
        for (col, (label, action, enabled)) in row.into_iter().enumerate() {
            if label.is_empty() {
                continue;
            }
            let a = Area { x: x + col as f32 * (bw + gap), y, w: bw, h: bh };
            button(p, hits, a, label, action, if enabled { Look::Normal } else { Look::Disabled }, st.hover, px * 0.9)?;
        }
        y += bh + gap;
    }
    Ok(y)
}

/// Draws seat `side`'s clock with its right edge at `right`: the countdown
/// under a time control (boxed while it runs, red in the last ten
/// seconds), otherwise the time used.
fn draw_clock<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    side: usize,
    px: f32,
    right: f32,
    y: f32,
) -> Result<(), GuiError> {
    let size = px * 1.15;
    let Some(left) = game.countdown(side) else {
        p.text(&clock_text(game.clock(side)), size, Style::Bold, theme::TEXT, right, y, Anchor::TopRight)?;
        return Ok(());
    };
    let text = countdown_text(left);
    let color = if left < Duration::from_secs(10) { theme::ERROR } else { theme::TEXT };
    if game.countdown_running() == Some(side) {
        let (tw, th) = p.text_size(&text, size, Style::Bold);
        let pad = px * 0.3;
        let (bx, by, bw, bh) = (right - tw as f32 - pad, y - pad * 0.5, tw as f32 + 2.0 * pad, th as f32 + pad);
        p.fill_rect(bx, by, bw, bh, theme::darker(theme::ACCENT, 0.45))?;
        p.frame_rect(bx, by, bw, bh, 1.0, theme::ACCENT)?;
        p.text(&text, size, Style::Bold, color, right, y, Anchor::TopRight)?;
    } else {
        p.text(&text, size, Style::Bold, color, right, y, Anchor::TopRight)?;
    }
    Ok(())
}

/// The lines of `text` word-wrapped into `w` pixels at `px` (explicit
/// newlines kept).
pub fn wrap_lines<T: RenderTarget>(p: &Painter<T>, text: &str, px: f32, w: f32) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
            if p.text_size(&candidate, px, Style::Regular).0 as f32 > w && !line.is_empty() {
                lines.push(std::mem::replace(&mut line, word.to_string()));
            } else {
                line = candidate;
            }
        }
        lines.push(line);
    }
    lines
}

/// Height of one wrapped line at `px`.
pub fn line_height(px: f32) -> f32 {
    px * 1.35
}

/// Word-wraps `text` into `w` pixels from (x, y); returns the y below it.
pub fn wrap_text<T: RenderTarget>(
    p: &mut Painter<T>,
    text: &str,
    px: f32,
    color: Rgba,
    x: f32,
    mut y: f32,
    w: f32,
) -> Result<f32, GuiError> {
    for line in wrap_lines(p, text, px, w) {
        p.text(&line, px, Style::Regular, color, x, y, Anchor::TopLeft)?;
        y += line_height(px);
    }
    Ok(y)
}

/// The moves, two plies per numbered row, scrollable; a click reviews.
fn draw_move_list<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    view: Option<usize>,
    scroll: &mut usize,
    area: Area,
    px: f32,
) -> Result<(), GuiError> {
    if area.h < px * 2.0 {
        return Ok(());
    }
    p.fill_rect(area.x, area.y, area.w, area.h, theme::WINDOW)?;
    let history = game.session.history();
    let per_row = game.seats.len().max(1);
    let row_h = px * 1.45;
    let visible = ((area.h - px * 0.5) / row_h).floor().max(1.0) as usize;
    let rows = history.len().div_ceil(per_row);
    let max_scroll = rows.saturating_sub(visible);
    // Follow the game unless the player scrolled back.
    if view.is_none() && *scroll + visible >= rows.saturating_sub(1) {
        *scroll = max_scroll;
    }
    *scroll = (*scroll).min(max_scroll);
    let col_w = (area.w - px * 3.0) / per_row as f32;
    let current = view.unwrap_or(history.len());
    for r in 0..visible.min(rows - (*scroll).min(rows)) {
        let row = *scroll + r;
        let y = area.y + px * 0.25 + r as f32 * row_h;
        p.text(
            &format!("{}.", row + 1),
            px * 0.85,
            Style::Regular,
            theme::TEXT_DIM,
            area.x + px * 0.4,
            y + px * 0.15,
            Anchor::TopLeft,
        )?;
        for c in 0..per_row {
            let i = row * per_row + c;
            let Some(m) = history.get(i) else { break };
            let cell = Area { x: area.x + px * 3.0 + c as f32 * col_w, y, w: col_w, h: row_h };
            if i + 1 == current {
                p.fill_rect(cell.x, cell.y, cell.w - 2.0, cell.h, theme::darker(theme::ACCENT, 0.5))?;
            }
            p.text(
                &m.standard,
                px * 0.9,
                Style::Regular,
                theme::TEXT,
                cell.x + px * 0.3,
                y + px * 0.12,
                Anchor::TopLeft,
            )?;
            hits.add(cell, Action::ReviewPly(i + 1));
        }
    }
    if max_scroll > 0 {
        let track = area.h - 4.0;
        let thumb = (track * visible as f32 / rows as f32).max(px);
        let top = area.y + 2.0 + (track - thumb) * (*scroll as f32 / max_scroll as f32);
        p.fill_rect(area.x + area.w - 5.0, top, 3.0, thumb, theme::BUTTON_HOT)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_and_scores_read_naturally() {
        assert_eq!(clock_text(Duration::from_secs(65)), "1:05");
        assert_eq!(clock_text(Duration::from_secs(3725)), "1:02:05");
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(rules_api::score::WIN - 3), "win in 2");
        assert_eq!(score_text(-(rules_api::score::WIN - 2)), "loss in 1");
        assert_eq!(count_text(123_456), "123k");
    }
}
