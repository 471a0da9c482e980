//! Drawing the New game form: the list of games on the left, the chosen
//! game's heading, summary and rows on the right, the note under them and
//! the open drop-down over everything.

use sdl2::render::RenderTarget;

use super::super::game_list::draw_game_list;
use super::super::seat_rows::{draw_seat_widgets, level_labels, level_of, popup_list, SeatActions};
use super::super::{frame, Pen};
use super::{NewGameForm, RowKind};
use crate::controls::{Action, Focus, FormKey, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::Anchor;
use crate::seats::offered_levels;
use crate::widgets::{choice_row, dropdown, fits_in_row, line, list, text_box, text_field};
use crate::{theme, tr, GuiError};
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
    let list_w = (a.w * 0.32).clamp(px * 8.0, px * 16.0);
    let games_area = Area { x: a.x + px, y: top, w: list_w, h: bottom - top };
    let rows_area = Area {
        x: games_area.x + list_w + px,
        y: top,
        w: a.x + a.w - px - (games_area.x + list_w + px),
        h: bottom - top,
    };
    form.areas = (games_area, rows_area);

    draw_game_list(pen, games_area, form)?;
    let heading = form.heading();
    pen.title(&heading, 1.05, (rows_area.x, rows_area.y), rows_area.w)?;
    let summary = form.catalog.entries.get(form.entry).map(|e| e.summary.clone()).unwrap_or_default();
    let summary_area = Area { y: rows_area.y + px * 1.6, h: px * 1.2, ..rows_area };
    text_box(pen.p, &summary, px * 0.8, theme::TEXT_DIM, summary_area)?;
    let rows_area = Area { y: rows_area.y + px * 3.0, h: rows_area.h - px * 3.0, ..rows_area };
    let rows = form.rows();
    let row_h = bh + px * 0.5;
    // The start position under the rows, or beside them when they fill
    // the height (the rows grow narrower for it).
    let used = rows.len() as f32 * row_h + px * 0.6;
    let (rows_area, room) = match form.preview() {
        Some(_) => preview_room(rows_area, used, px),
        None => (rows_area, None),
    };
    form.areas.1 = rows_area;

    // The added engines this game may seat, and each seat's engine.
    let offered: Vec<String> = form.offered_engines().iter().map(|&k| form.engines[k].name.clone()).collect();
    let seat_engines: Vec<Option<String>> =
        (0..form.seats.len()).map(|s| form.engine_of(s).map(|e| e.name.clone())).collect();
    let label_w = (rows_area.w * 0.34).max(px * 7.0);
    let mut described = String::new();
    let mut popup = None;
    let focus = pen.focus;
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    let open = form.open.map(|o| o.0);
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
                    if open == Some(row.key) {
                        popup = Some((row.key, labels.clone(), *chosen, widget));
                    }
                }
            }
            RowKind::Seat(choice) => {
                let FormKey::Seat(seat) = row.key else { return Ok(()) };
                let mut sub = Pen { p, hits: &mut *hits, hover, px, bh, focus };
                let actions = SeatActions {
                    person: Action::FormPick(row.key, 0),
                    computer: Action::FormPick(row.key, 1),
                    levels: Action::FormOpen(FormKey::Level(seat)),
                };
                let at = draw_seat_widgets(&mut sub, widget, Some(*choice), actions)?;
                // An added engine in the seat: its name over the level's.
                let engine = seat_engines.get(seat).cloned().flatten();
                if let Some(name) = engine.as_ref().filter(|_| choice.is_computer()) {
                    dropdown(p, hits, at, name, Action::FormOpen(FormKey::Level(seat)), hover, px * 0.85)?;
                }
                if open == Some(FormKey::Level(seat)) {
                    let mut labels = level_labels();
                    let levels = labels.len();
                    labels.extend(offered.iter().cloned());
                    let engine_at = engine.and_then(|n| offered.iter().position(|o| *o == n));
                    let chosen = match engine_at {
                        Some(j) => levels + j,
                        None => offered_levels().iter().position(|&l| l == level_of(Some(*choice))).unwrap_or(0),
                    };
                    popup = Some((FormKey::Level(seat), labels, chosen, at));
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
    let preview = form.preview().zip(room);
    if let Some((preview, room)) = preview {
        preview.draw(pen.p, room)?;
    }
    form.preview_area = preview.map(|(_, room)| room);

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
        let mut first = form.open.map_or(0, |o| o.1);
        let pick = |i| Action::FormPick(key, i);
        popup_list(pen, window, &labels, chosen, at, Action::FormOpen(key), pick, &mut first)?;
        form.open = Some((key, first));
    }
    Ok(())
}

/// Where the rows and the board preview go in `rows` (the right part of
/// the dialog) when the rows take `used` pixels of height: the preview
/// under them if at least [`PREVIEW_MIN`] text heights are left there,
/// else a square beside them on the right (the rows narrower), else none.
pub(crate) fn preview_room(rows: Area, used: f32, px: f32) -> (Area, Option<Area>) {
    let under = rows.h - used;
    if under >= px * PREVIEW_MIN {
        return (rows, Some(Area { y: rows.y + used, h: under, ..rows }));
    }
    let side = (rows.w * 0.36).min(rows.h);
    if side < px * PREVIEW_MIN {
        return (rows, None);
    }
    let gap = px * 0.5;
    let narrower = Area { w: rows.w - side - gap, ..rows };
    (narrower, Some(Area { x: rows.x + rows.w - side, y: rows.y, w: side, h: side }))
}

/// The smallest preview drawn, in text heights: a board smaller than
/// this says nothing.
const PREVIEW_MIN: f32 = 5.0;

fn focus_is(focus: Option<Focus>, key: FormKey) -> bool {
    focus == Some(Focus::Form(key))
}
