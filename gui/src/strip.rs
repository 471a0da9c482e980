//! The row under the board: buttons for the legal moves that name no cell
//! (a pass, a swap), labelled with their standard notation; during the
//! count of a game scored by marking dead pieces, what to do, the score
//! and Resume / Accept; otherwise the game's counted score, if it has one.
//! Only moves, flags and scores from the rules plugin: no game knowledge.

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
fn off_board_moves(game: &Game) -> Vec<(rules_api::Move, String)> {
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

/// Draws the row in `area` and registers its buttons.
pub fn draw_strip<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    area: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    if area.h <= 0.0 {
        return Ok(());
    }
    let px = (area.h * 0.42).clamp(11.0, 16.0);
    let (bh, gap) = (area.h * 0.8, px * 0.5);
    let by = area.y + (area.h - bh) / 2.0;
    let mut x = area.x;
    let mut add = |p: &mut Painter<T>, hits: &mut Hits, label: &str, action: Action| -> Result<(), GuiError> {
        let w = p.text_size(label, px, Style::Regular).0 as f32 + px * 2.0;
        button(p, hits, Area { x, y: by, w, h: bh }, label, action, Look::Normal, hover, px)?;
        x += w + gap;
        Ok(())
    };
    let mut text = String::new();
    let mut color = theme::TEXT;
    if game.is_marking() {
        add(p, hits, &tr!("count-accept"), Action::AcceptCount)?;
        add(p, hits, &tr!("count-resume"), Action::ResumePlay)?;
        text = tr!("count-mark-dead");
        color = theme::ACCENT;
    } else {
        for (m, label) in off_board_moves(game) {
            add(p, hits, &label, Action::OffBoard(m))?;
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
