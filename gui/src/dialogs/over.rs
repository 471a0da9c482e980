//! The game-over card: the result, why, the score and its margin when the
//! rules count points, each player's place, and what to do next. It is
//! drawn over the panel, below the players, so the board stays in view
//! with the marks that decided the game (a winning line, territory).

use sdl2::render::RenderTarget;

use super::Pen;
use crate::board::draw_piece;
use crate::controls::{Action, Look};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::{Area, WindowLayout};
use crate::messages::{
    moves_in_time, result_headline, result_reason, shows_standings, side_name, standing_text, standings,
};
use crate::paint::{Anchor, Painter};
use crate::panel::PanelRects;
use crate::widgets::{line, line_height, text_box, wrap_lines};
use crate::{theme, tr, GuiError};
use tabula_core::outcome::GameResult;

/// Draws the card for the finished game in the window `window`.
pub(super) fn draw<T: RenderTarget>(pen: &mut Pen<'_, '_, '_, T>, window: Area, game: &Game) -> Result<(), GuiError> {
    let px = pen.px;
    let info = game.session.info();
    let Some(result) = game.result() else { return Ok(()) };
    let players = game.seats.len();
    let table = if shows_standings(&result, players) { standings(&result, players) } else { Vec::new() };
    let texts = card_texts(game, &result);
    let row_h = px * 1.6;
    let items = buttons();
    let card = |p: &mut Painter<'_, '_, T>, room: Area| {
        let w = (px * 30.0).min(room.w - 16.0);
        let body: f32 = texts.iter().map(|t| text_height(p, t, w, px)).sum();
        let rows = button_rows(p, &items, w, px) as f32;
        let h = px * 6.0 + body + row_h * table.len() as f32 + rows * (pen.bh + px * 0.5);
        Area { x: room.x + (room.w - w) / 2.0, y: room.y + 8.0, w, h }
    };
    let layout = WindowLayout::new(window.w as u32, window.h as u32);
    let rooms = [card_room(&layout, players), layout.panel];
    let a = match rooms.into_iter().map(|r| (r, card(pen.p, r))).find(|(r, a)| a.h + 16.0 <= r.h && r.w >= px * 16.0) {
        Some((room, a)) => {
            // The controls under the card are out of play until it closes.
            pen.p.fill_rect(room.x, room.y, room.w, room.h, theme::SHADE)?;
            a
        }
        // No room beside the board: over it, as any dialog.
        None => {
            let a = card(pen.p, window);
            Area { y: window.y + (window.h - a.h) / 2.0, ..a }
        }
    };
    pen.p.fill_rect(a.x, a.y, a.w, a.h, theme::DIALOG)?;
    pen.p.frame_rect(a.x, a.y, a.w, a.h, 1.0, theme::BUTTON_HOT)?;
    let (x, inner_w) = (a.x + px, a.w - 2.0 * px);
    pen.title(&result_headline(&result, info), 1.5, (x, a.y + px), inner_w)?;
    let mut y = a.y + px * 3.4;
    for text in &texts {
        let h = text_height(pen.p, text, a.w, px);
        text_box(pen.p, text, px, theme::TEXT, Area { x, y, w: inner_w, h })?;
        y += h;
    }
    // Best first; a shared place keeps seat order.
    let mut order: Vec<usize> = (0..table.len()).collect();
    order.sort_by_key(|&i| table[i].0);
    for i in order {
        let (place, points) = table[i];
        let mid = y + row_h / 2.0;
        draw_piece(pen.p, info, i as u8, game.icon_kind(i as u8), x + px * 0.6, mid, px * 0.6)?;
        let standing = standing_text(place, points);
        line(pen.p, &standing, px, Style::Bold, theme::TEXT, (x + px * 1.6, mid), inner_w * 0.45, Anchor::MidLeft)?;
        let who = format!("{} · {}", game.seats[i].name, side_name(info, i as u8));
        line(pen.p, &who, px, Style::Regular, theme::TEXT, (x + inner_w * 0.5, mid), inner_w * 0.5, Anchor::MidLeft)?;
        y += row_h;
    }
    let numbering = game.numbering();
    let details = moves_in_time(numbering.moves(&game.actors, game.session.history().len()), game.duration());
    line(pen.p, &details, px, Style::Regular, theme::TEXT_DIM, (x, y + px * 0.2), inner_w, Anchor::TopLeft)?;
    draw_buttons(pen, a, &items)
}

/// What the card says under its headline: why the game ended, and the
/// score with the winner's margin when the rules count points.
fn card_texts(game: &Game, result: &GameResult) -> Vec<String> {
    let reason = result_reason(result, game.session.info());
    [reason].into_iter().chain(score_text(game, result)).filter(|t| !t.is_empty()).collect()
}

/// The card's headline and sentences, for the test layout dump; empty
/// while the game goes on.
pub fn card_lines(game: &Game) -> Vec<String> {
    let Some(result) = game.result() else { return Vec::new() };
    let headline = result_headline(&result, game.session.info());
    std::iter::once(headline).chain(card_texts(game, &result)).collect()
}

/// Where the card goes first: the panel's controls below the players, so
/// the board, the players, their clocks and the pieces taken stay in view.
fn card_room(layout: &WindowLayout, players: usize) -> Area {
    let rects = PanelRects::new(layout, players, 0);
    let c = layout.controls;
    let top = rects.thinking.y;
    Area { x: c.x, y: top, w: c.w, h: (c.y + c.h - top).max(0.0) }
}

/// The card's buttons.
fn buttons() -> [(String, Action); 4] {
    [
        (tr!("button-new-game"), Action::NewGameDialog),
        (tr!("button-undo"), Action::Undo),
        (tr!("button-replay"), Action::Replay),
        (tr!("button-review"), Action::Review),
    ]
}

/// The height of `text` wrapped in a card `w` wide.
fn text_height<T: RenderTarget>(p: &mut Painter<'_, '_, T>, text: &str, w: f32, px: f32) -> f32 {
    wrap_lines(p, text, px, w - 2.0 * px).len().max(1) as f32 * line_height(px)
}

/// How many rows the buttons need in a card `w` wide: one when every label
/// fits side by side, else two.
fn button_rows<T: RenderTarget>(p: &mut Painter<'_, '_, T>, items: &[(String, Action)], w: f32, px: f32) -> usize {
    let widest = items.iter().map(|(l, _)| p.text_size(l, px, Style::Regular).0 as f32).fold(0.0, f32::max);
    let n = items.len() as f32;
    if (widest + px * 1.5) * n + px * (n + 1.0) <= w {
        1
    } else {
        2
    }
}

/// The buttons along the card's bottom edge, in one row or two.
fn draw_buttons<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    a: Area,
    items: &[(String, Action)],
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let rows = button_rows(pen.p, items, a.w, px);
    let per_row = items.len().div_ceil(rows);
    let bw = (a.w - px * (per_row as f32 + 1.0)) / per_row as f32;
    for (k, (label, action)) in items.iter().enumerate() {
        let (row, col) = (k / per_row, k % per_row);
        let y = a.y + a.h - (rows - row) as f32 * (bh + px * 0.5) - px * 0.3;
        let x = a.x + px + col as f32 * (bw + px);
        pen.button(Area { x, y, w: bw, h: bh }, label, action.clone(), Look::Normal)?;
    }
    Ok(())
}

/// The players' points and the winner's margin, when the rules count
/// points (Go's area count): `Score: Black 45 · White 36.5. Black wins by
/// 8.5 points.`
fn score_text(game: &Game, result: &GameResult) -> Option<String> {
    let scores = game.final_scores();
    let info = game.session.info();
    let parts: Vec<String> = scores.iter().map(|s| format!("{} {}", side_name(info, s.player), s.points)).collect();
    if parts.is_empty() {
        return None;
    }
    let line = tr!("count-score", scores = parts.join(" · "));
    let winner = result.winner(game.seats.len());
    let Some(best) = scores.iter().find(|s| Some(s.player) == winner).map(|s| s.points) else { return Some(line) };
    let other = scores.iter().filter(|s| Some(s.player) != winner).map(|s| s.points).fold(f32::NEG_INFINITY, f32::max);
    if !other.is_finite() || best <= other {
        return Some(line);
    }
    let side = side_name(info, winner.unwrap_or_default());
    let margin = tr!("result-margin", side = side, points = f64::from(best - other));
    Some(tr!("two-sentences", first = line, second = margin))
}
