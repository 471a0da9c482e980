//! What the New game and Players dialogs share: a row per seat (a person
//! or the computer, and the computer's level in a drop-down) and the
//! drop-down list itself.

use sdl2::render::RenderTarget;

use super::Pen;
use crate::controls::{Action, Look};
use crate::layout::Area;
use crate::messages::level_label;
use crate::seats::{offered_levels, SeatChoice};
use crate::widgets::{button, choice_row, dropdown, list};
use crate::{theme, tr, GuiError};
use tabula_core::source::Level;

/// What a seat row's widgets send.
pub struct SeatActions {
    /// "Person" was clicked.
    pub person: Action,
    /// "Computer" was clicked.
    pub computer: Action,
    /// The level drop-down was clicked.
    pub levels: Action,
}

/// The level a computer seat plays at, or the one it would (hard).
pub fn level_of(choice: Option<SeatChoice>) -> Level {
    match choice {
        Some(SeatChoice::Computer(level)) => level,
        _ => Level::Hard,
    }
}

/// The labels of [`offered_levels`], with the Elo of the calibrated ones.
pub fn level_labels() -> Vec<String> {
    offered_levels().into_iter().map(level_label).collect()
}

/// Draws a seat's widgets in `area`: Person and Computer (the chosen one
/// marked; neither for a seat the buttons cannot describe) and, for a
/// computer, its level as a drop-down. Returns the drop-down's area.
pub fn draw_seat_widgets<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    area: Area,
    choice: Option<SeatChoice>,
    actions: SeatActions,
) -> Result<Area, GuiError> {
    let px = pen.px;
    let toggle_w = (area.w * 0.42).min(px * 11.5);
    let items = [(tr!("seat-person"), actions.person), (tr!("seat-computer"), actions.computer)];
    let chosen = choice.map(|c| usize::from(c.is_computer()));
    let toggle = Area { w: toggle_w, ..area };
    choice_row(pen.p, pen.hits, toggle, &items, chosen, pen.hover, px * 0.85)?;
    let levels = Area { x: area.x + toggle_w + px * 0.5, w: area.w - toggle_w - px * 0.5, ..area };
    if let Some(SeatChoice::Computer(level)) = choice {
        dropdown(pen.p, pen.hits, levels, &level_label(level), actions.levels, pen.hover, px * 0.85)?;
    }
    Ok(levels)
}

/// An open drop-down list under (or above) `at`: `labels` with `chosen`
/// marked, item `i` sending `pick(i)`; a click anywhere else sends
/// `close`. `first` is the first item shown (kept by the caller).
#[allow(clippy::too_many_arguments)]
pub fn popup_list<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    labels: &[String],
    chosen: usize,
    at: Area,
    close: Action,
    pick: impl Fn(usize) -> Action,
    first: &mut usize,
) -> Result<(), GuiError> {
    let px = pen.px;
    let item_h = pen.bh * 0.9;
    pen.hits.add(window, close);
    let room_below = window.y + window.h - (at.y + at.h) - 8.0;
    let room_above = at.y - window.y - 8.0;
    let wanted = labels.len() as f32 * item_h + 4.0;
    // Every item, or as many whole items as the window holds (the rest
    // scroll): a list never runs off the window or cuts an item in half.
    let room = room_below.max(room_above);
    let h = if wanted <= room { wanted } else { ((room - 4.0) / item_h).floor().max(1.0) * item_h + 4.0 };
    let y = if wanted <= room_below || room_below >= room_above { at.y + at.h } else { at.y - h };
    let area = Area { x: at.x, y, w: at.w, h };
    pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::DIALOG)?;
    pen.p.frame_rect(area.x, area.y, area.w, area.h, 1.0, theme::ACCENT)?;
    let inner = Area { x: area.x + 2.0, y: area.y + 2.0, w: area.w - 4.0, h: area.h - 4.0 };
    if *first == 0 && chosen * 2 > (h / item_h) as usize {
        *first = chosen.saturating_sub((h / item_h) as usize / 2);
    }
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    list(pen.p, inner, labels.len(), item_h, first, |p, i, cell| {
        let look = if i == chosen { Look::Chosen } else { Look::Normal };
        button(p, hits, cell, &labels[i], pick(i), look, hover, px * 0.85)
    })?;
    Ok(())
}
