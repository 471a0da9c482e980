//! The New game dialog's list of games: a field to type into (what is
//! typed keeps the games that match and chooses the first), the games of
//! their own, then each group as a header that opens and closes it, the
//! whole scrolling.

use sdl2::render::RenderTarget;

use super::new_game::{ListRow, NewGameForm};
use super::Pen;
use crate::controls::{Action, Focus, FormKey, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::Anchor;
use crate::widgets::{button, line, list, text_box, text_field};
use crate::{theme, tr, GuiError};

/// Draws the find field and the list in `area`.
pub fn draw_game_list<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    area: Area,
    form: &mut NewGameForm,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let find = Area { h: bh * 0.9, ..area };
    let focused = pen.focus == Some(Focus::Form(FormKey::Find));
    let action = Action::Focus(Focus::Form(FormKey::Find));
    text_field(pen.p, pen.hits, find, &form.filter, &tr!("form-find"), focused, action, px * 0.85)?;
    let area = Area { y: area.y + find.h + px * 0.4, h: area.h - find.h - px * 0.4, ..area };
    form.areas.0 = area;
    pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::FIELD)?;
    let rows = form.list_rows();
    if rows.is_empty() {
        let text = if form.games.is_empty() { tr!("no-games") } else { tr!("form-find-none") };
        text_box(pen.p, &text, px * 0.9, theme::TEXT_DIM, Area { y: area.y + px, ..area })?;
        return Ok(());
    }
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    let typed = !form.filter.trim().is_empty();
    let catalog = &form.catalog;
    let (chosen, expanded) = (form.entry, &form.expanded);
    list(pen.p, area, rows.len(), bh * 0.95, &mut form.game_scroll, |p, i, cell| match rows[i] {
        ListRow::Entry(e) => {
            let entry = &catalog.entries[e];
            let look = if e == chosen { Look::Chosen } else { Look::Normal };
            // Members of a group stand in under its header.
            let indent = if entry.group.is_some() { px * 0.8 } else { 0.0 };
            let cell = Area { x: cell.x + indent, w: cell.w - indent, ..cell };
            button(p, hits, cell, &crate::messages::game_name(&entry.label), Action::FormGame(e), look, hover, px * 0.9)
        }
        ListRow::Group(g) => {
            let open = typed || expanded.get(g).copied().unwrap_or(false);
            let mark = if open { "▾" } else { "▸" };
            let name = crate::messages::family_title(&catalog.groups[g].title);
            let title = format!("{mark} {name} ({})", catalog.count(g));
            if cell.contains(hover.0, hover.1) {
                p.fill_rect(cell.x, cell.y, cell.w, cell.h, theme::BUTTON_HOT)?;
            }
            let at = (cell.x + px * 0.3, cell.y + cell.h / 2.0);
            line(p, &title, px * 0.9, Style::Bold, theme::TEXT, at, cell.w - px * 0.6, Anchor::MidLeft)?;
            hits.add(cell, Action::FormPick(FormKey::Group(g), 0));
            Ok(())
        }
    })?;
    Ok(())
}
