//! The row under the board: buttons for the legal moves that name no cell
//! (a pass, a swap, an attack board's move), labelled with their standard
//! notation, the ones that do not fit in a list that opens from the last
//! button; during the count of a game scored by marking dead pieces, what
//! to do, the score and Resume / Accept; otherwise the game's counted
//! score, if it has one. Only moves, flags and scores from the rules
//! plugin: no game knowledge.

use rules_api::Notation;
use sdl2::render::RenderTarget;

use super::controls::{Action, Hits, Look};
use super::fonts::Style;
use super::game::Game;
use super::layout::Area;
use super::messages::result_line;
use super::paint::{Anchor, Painter};
use super::theme;
use super::widgets::button;
use super::{tr, GuiError};

/// The height of the row for a board area of `board_h` pixels, or 0 when
/// the game has nothing to show there.
pub fn height(game: &Game, board_h: f32) -> f32 {
    let needed = game.is_marking() || !off_board_moves(game).is_empty() || game.score_line().is_some();
    if needed {
        (board_h * 0.06).clamp(30.0, 44.0)
    } else {
        0.0
    }
}

/// The legal off-board moves a person may play now, with their labels.
pub fn off_board_moves(game: &Game) -> Vec<(rules_api::Move, String)> {
    if !game.human_to_move() {
        return Vec::new();
    }
    let position = game.session.position();
    game.legal_moves()
        .into_iter()
        .filter(|m| m.is_off_board())
        .filter_map(|m| {
            let label = position.move_to_text(m, Notation::STANDARD).into_result().ok()?;
            Some((m, label.to_string()))
        })
        .collect()
}

/// How many of `moves` fit as buttons in `room` pixels, leaving room for
/// the button that lists the rest when not all do.
fn fitting<T: RenderTarget>(p: &Painter<T>, moves: &[(rules_api::Move, String)], px: f32, room: f32) -> usize {
    let width = |label: &str| p.text_size(&crate::messages::move_word(label), px, Style::Regular).0 as f32 + px * 2.5;
    let all: f32 = moves.iter().map(|(_, l)| width(l)).sum();
    if all <= room {
        return moves.len();
    }
    let more = width(&tr!("strip-more-moves", n = moves.len()));
    let mut used = more;
    moves
        .iter()
        .take_while(|(_, l)| {
            used += width(l);
            used <= room
        })
        .count()
}

/// The moves that did not fit, as a list above the button at `at`
/// (which gave its left edge), over the board; a click on the board
/// closes it.
fn draw_more<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    moves: &[(rules_api::Move, String)],
    (at, board): (Area, Area),
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    hits.add(board, Action::MoreMoves);
    let item_h = at.h;
    let widest = moves.iter().map(|(_, l)| p.text_size(l, px, Style::Regular).0 as f32).fold(0.0, f32::max);
    let w = (widest + px * 2.5).max(px * 8.0);
    let columns = ((moves.len() as f32 * item_h) / (board.h * 0.8)).ceil().max(1.0) as usize;
    let rows = moves.len().div_ceil(columns);
    let (pw, ph) = (w * columns as f32 + 4.0, rows as f32 * item_h + 4.0);
    let x = at.x.min(board.x + board.w - pw).max(board.x);
    let y = (at.y - ph - 2.0).max(board.y);
    p.fill_rect(x, y, pw, ph, theme::DIALOG)?;
    p.frame_rect(x, y, pw, ph, 1.0, theme::ACCENT)?;
    for (k, (m, label)) in moves.iter().enumerate() {
        let (c, r) = (k / rows, k % rows);
        let cell = Area { x: x + 2.0 + c as f32 * w, y: y + 2.0 + r as f32 * item_h, w: w - 2.0, h: item_h - 2.0 };
        button(p, hits, cell, &crate::messages::move_word(label), Action::OffBoard(*m), Look::Normal, hover, px)?;
    }
    Ok(())
}

/// Draws the row in `area` and registers its buttons; `open`: the list of
/// the moves that did not fit is shown above the row, over `board`.
pub fn draw_strip<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    (area, board): (Area, Area),
    hover: (f32, f32),
    open: bool,
) -> Result<(), GuiError> {
    if area.h <= 0.0 {
        return Ok(());
    }
    let px = (area.h * 0.42).clamp(11.0, 16.0);
    let (bh, gap) = (area.h * 0.8, px * 0.5);
    let by = area.y + (area.h - bh) / 2.0;
    let mut x = area.x;
    let mut add = |p: &mut Painter<T>, hits: &mut Hits, label: &str, action: Action| -> Result<Area, GuiError> {
        let w = p.text_size(label, px, Style::Regular).0 as f32 + px * 2.0;
        let at = Area { x, y: by, w, h: bh };
        button(p, hits, at, label, action, Look::Normal, hover, px)?;
        x += w + gap;
        Ok(at)
    };
    let mut text = String::new();
    let mut color = theme::TEXT;
    if game.is_marking() {
        add(p, hits, &tr!("count-accept"), Action::AcceptCount)?;
        add(p, hits, &tr!("count-resume"), Action::ResumePlay)?;
        text = tr!("count-mark-dead");
        color = theme::ACCENT;
    } else {
        let moves = off_board_moves(game);
        let shown = fitting(p, &moves, px, area.w * 0.75);
        for (m, label) in &moves[..shown] {
            add(p, hits, &crate::messages::move_word(label), Action::OffBoard(*m))?;
        }
        if shown < moves.len() {
            let more = tr!("strip-more-moves", n = moves.len() - shown);
            let at = add(p, hits, &more, Action::MoreMoves)?;
            if open {
                draw_more(p, hits, &moves[shown..], (at, board), hover, px)?;
            }
        }
    }
    if let Some(score) = game.score_line() {
        text = if text.is_empty() { tr!("count-score", scores = score.as_str()) } else { format!("{text} · {score}") };
    }
    if let Some(result) = game.count.result.as_ref().filter(|_| game.is_marking() || game.session.dead().is_some()) {
        text = format!("{text} · {}", result_line(result, game.session.info()));
    }
    let right = area.x + area.w;
    let mid = area.y + area.h / 2.0;
    // Smaller type before cutting the line short.
    let mut px = px;
    while px > 10.0 && x + p.text_size(&text, px, Style::Regular).0 as f32 > right {
        px -= 1.0;
    }
    let fits = |p: &Painter<T>, t: &str| x + p.text_size(t, px, Style::Regular).0 as f32 <= right;
    let mut shown = text.clone();
    while !shown.is_empty() && !fits(p, &shown) {
        shown.pop();
    }
    if shown.len() < text.len() && shown.len() > 1 {
        shown.pop();
        shown.push('…');
    }
    p.text(&shown, px, Style::Regular, color, x + px * 0.3, mid, Anchor::MidLeft)?;
    Ok(())
}
