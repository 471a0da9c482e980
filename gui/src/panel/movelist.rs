//! The move list: the game's turns numbered as the game numbers them
//! ([`crate::numbering`]), a column per player while the columns are wide
//! enough, else one turn per row after a disc in its player's colour. A
//! turn shows every ply it holds (a roll and the move it allowed), each as
//! the game writes it; a click on it reviews the position after it.

use sdl2::render::RenderTarget;

use crate::board::draw_piece;
use crate::controls::{Action, Hits};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::Area;
use crate::numbering::Turn;
use crate::paint::{Anchor, Painter};
use crate::panel::PanelState;
use crate::widgets::{line, list};
use crate::{theme, GuiError};

/// The narrowest column, in text sizes, before the list puts one turn on
/// each row.
const MIN_COLUMN: f32 = 6.0;

/// The text of a turn: its plies' standard notation, in order.
/// In a game with hidden information, as the viewer may read them.
fn turn_text(game: &Game, turn: &Turn) -> String {
    let texts: Vec<&str> = (turn.first..=turn.last).filter_map(|i| game.shown_text(i)).collect();
    texts.join(" ")
}

/// One row of the list, whatever its shape: a label and the turns in it
/// with the column each goes in.
struct ListRow {
    label: String,
    cells: Vec<(usize, Turn)>,
}

/// Draws the list in `area`, scrolled to follow the game (or the move
/// reviewed) unless the player scrolled away.
pub fn draw_move_list<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    st: &mut PanelState,
    area: Area,
    px: f32,
) -> Result<(), GuiError> {
    if area.h < px * 1.6 {
        return Ok(());
    }
    p.fill_rect(area.x, area.y, area.w, area.h, theme::WINDOW)?;
    let history = game.session.history();
    let label_w = px * 3.2;
    let players = st.numbering.players.max(1);
    let stacked = (area.w - label_w - 6.0) / players as f32 <= px * MIN_COLUMN;
    let rows: Vec<ListRow> = if stacked {
        let mut shown_number = None;
        let mut out = Vec::new();
        for row in st.numbering.rows(&game.actors) {
            for turn in row.cells.into_iter().flatten() {
                let label = if shown_number == Some(row.label.clone()) { String::new() } else { row.label.clone() };
                shown_number = Some(row.label.clone());
                out.push(ListRow { label, cells: vec![(0, turn)] });
            }
        }
        out
    } else {
        let rows = st.numbering.rows(&game.actors);
        rows.into_iter()
            .map(|r| ListRow {
                label: r.label,
                cells: r.cells.iter().enumerate().filter_map(|(c, t)| Some((c, (*t)?))).collect(),
            })
            .collect()
    };
    let columns = if stacked { 1 } else { players };
    let row_h = px * 1.45;
    let visible = (area.h / row_h).floor().max(1.0) as usize;
    let current = st.view_ply.unwrap_or(history.len());
    // Follow the game (or the reviewed move) unless the player scrolled away.
    let focus_row = current
        .checked_sub(1)
        .and_then(|i| rows.iter().position(|r| r.cells.iter().any(|(_, t)| t.holds(i))))
        .unwrap_or(0);
    if st.view_ply.is_some() {
        if focus_row < *st.scroll || focus_row >= *st.scroll + visible {
            *st.scroll = focus_row.saturating_sub(visible / 2);
        }
    } else if *st.scroll + visible + 1 >= rows.len() {
        *st.scroll = rows.len();
    }
    let col_w = (area.w - label_w - 6.0) / columns as f32;
    let first_row_starts_late = !stacked && rows.first().is_some_and(|r| r.cells.first().is_some_and(|c| c.0 > 0));
    list(p, area, rows.len(), row_h, st.scroll, |p, r, cell| {
        let row = &rows[r];
        let ty = cell.y + px * 0.15;
        let dim = |p: &mut Painter<T>, text: &str, x: f32, w: f32| {
            line(p, text, px * 0.8, Style::Regular, theme::TEXT_DIM, (x, ty), w, Anchor::TopLeft)
        };
        dim(p, &row.label, cell.x + px * 0.3, label_w - px * 0.4)?;
        if r == 0 && first_row_starts_late {
            // A game that starts with a later player: `1. … d5`.
            dim(p, "…", cell.x + label_w + px * 0.3, col_w)?;
        }
        for &(c, turn) in &row.cells {
            let a = Area { x: cell.x + label_w + c as f32 * col_w, y: cell.y, w: col_w, h: row_h };
            if turn.holds(current.wrapping_sub(1)) {
                p.fill_rect(a.x, a.y, a.w - 2.0, a.h, theme::darker(theme::ACCENT, 0.5))?;
            }
            let mut x = a.x + px * 0.3;
            if stacked {
                let r = px * 0.32;
                draw_piece(
                    p,
                    game.session.info(),
                    turn.actor,
                    game.icon_kind(turn.actor),
                    x + r,
                    cell.y + row_h / 2.0,
                    r,
                )?;
                x += px;
            }
            let text = turn_text(game, &turn);
            line(p, &text, px * 0.88, Style::Regular, theme::TEXT, (x, ty), a.x + a.w - x - px * 0.2, Anchor::TopLeft)?;
            hits.add(a, Action::ReviewPly(turn.last + 1));
        }
        Ok(())
    })?;
    Ok(())
}
