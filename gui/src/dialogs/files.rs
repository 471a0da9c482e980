//! The Save dialog (a name, the folder it goes to) and the Load dialog
//! (the saved games with their game, players, result and date, and a path
//! field for a file anywhere else).

use std::path::PathBuf;

use sdl2::render::RenderTarget;

use super::{frame, Pen};
use crate::controls::{Action, Focus, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::Anchor;
use crate::saves::{date_text, SaveEntry};
use crate::widgets::{line, list, text_box, text_field};
use crate::{theme, tr, GuiError};

/// The Save dialog's state.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveForm {
    /// The name typed (a default is offered).
    pub name: String,
    /// Where a plain name goes.
    pub dir: PathBuf,
    /// Why the last try failed.
    pub error: Option<String>,
}

/// The Load dialog's state.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadForm {
    /// The saved games, newest first.
    pub entries: Vec<SaveEntry>,
    /// The first one shown.
    pub scroll: usize,
    /// A path typed instead.
    pub path: String,
    /// The folder listed.
    pub dir: PathBuf,
    /// Why the last try failed.
    pub error: Option<String>,
}

/// Draws the Save dialog.
pub fn draw_save<T: RenderTarget>(pen: &mut Pen<'_, '_, '_, T>, window: Area, form: &SaveForm) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 40.0, px * 15.0)?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    pen.title(&tr!("save-title"), 1.3, (x, a.y + px), w)?;
    let field = Area { x, y: a.y + px * 3.4, w, h: bh };
    let focused = pen.focus == Some(Focus::SaveName);
    text_field(
        pen.p,
        pen.hits,
        field,
        &form.name,
        &tr!("save-placeholder"),
        focused,
        Action::Focus(Focus::SaveName),
        px,
    )?;
    let note = Area { x, y: field.y + bh + px * 0.6, w, h: px * 3.5 };
    match &form.error {
        Some(e) => text_box(pen.p, e, px * 0.85, theme::ERROR, note)?,
        None => text_box(
            pen.p,
            &tr!("save-where", dir = crate::saves::short_path(&form.dir)),
            px * 0.85,
            theme::TEXT_DIM,
            note,
        )?,
    };
    pen.corner_buttons(
        a,
        &[
            (tr!("button-cancel"), Action::CloseDialog, Look::Normal),
            (tr!("button-save"), Action::SaveNamed, Look::Normal),
        ],
    )
}

/// One line describing a saved game: game, players, moves and result.
pub fn describe(entry: &SaveEntry) -> String {
    if entry.game.is_empty() {
        return tr!("load-unreadable");
    }
    let result = match entry.result.split_whitespace().next() {
        Some("win") | Some("forfeit") | Some("draw") => tr!("load-finished"),
        _ => tr!("load-in-progress"),
    };
    tr!(
        "load-details",
        game = crate::messages::capitalised(&entry.game),
        players = entry.players.join(" – "),
        n = entry.plies,
        result = result
    )
}

/// Draws the Load dialog.
pub fn draw_load<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &mut LoadForm,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 46.0, px * 34.0)?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    pen.title(&tr!("load-title"), 1.3, (x, a.y + px), w)?;
    let dir_line = tr!("load-folder", dir = crate::saves::short_path(&form.dir));
    line(pen.p, &dir_line, px * 0.8, Style::Regular, theme::TEXT_DIM, (x, a.y + px * 2.8), w, Anchor::TopLeft)?;
    let bottom = a.y + a.h - bh * 2.0 - px * 4.6;
    let area = Area { x, y: a.y + px * 4.4, w, h: bottom - (a.y + px * 4.4) };
    pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::FIELD)?;
    if form.entries.is_empty() {
        let empty = Area { x: x + px * 0.5, y: area.y + px * 0.5, w: w - px, h: px * 3.0 };
        text_box(pen.p, &tr!("load-none"), px * 0.9, theme::TEXT_DIM, empty)?;
    }
    let row_h = px * 3.0;
    let entries = &form.entries;
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    list(pen.p, area, entries.len(), row_h, &mut form.scroll, |p, i, cell| {
        let e = &entries[i];
        let r = Area { h: row_h - 3.0, ..cell };
        let hot = r.contains(hover.0, hover.1);
        p.fill_rect(r.x, r.y, r.w, r.h, if hot { theme::BUTTON_HOT } else { theme::BUTTON })?;
        let date = date_text(e.modified);
        let (dw, _) = p.text(
            &date,
            px * 0.8,
            Style::Regular,
            theme::TEXT_DIM,
            r.x + r.w - px * 0.4,
            r.y + px * 0.3,
            Anchor::TopRight,
        )?;
        line(
            p,
            &e.title,
            px * 0.95,
            Style::Bold,
            theme::TEXT,
            (r.x + px * 0.4, r.y + px * 0.25),
            r.w - dw as f32 - px * 1.4,
            Anchor::TopLeft,
        )?;
        line(
            p,
            &describe(e),
            px * 0.8,
            Style::Regular,
            theme::TEXT_DIM,
            (r.x + px * 0.4, r.y + px * 1.55),
            r.w - px * 0.8,
            Anchor::TopLeft,
        )?;
        hits.add(r, Action::LoadSave(i));
        Ok(())
    })?;
    let field_y = bottom + px * 0.6;
    let label = tr!("load-path");
    let (lw, _) = pen.p.text_size(&label, px * 0.9, Style::Regular);
    pen.p.text(&label, px * 0.9, Style::Regular, theme::TEXT_DIM, x, field_y + bh / 2.0, Anchor::MidLeft)?;
    let open_w = px * 6.0;
    let field = Area { x: x + lw as f32 + px * 0.6, y: field_y, w: w - lw as f32 - px * 1.2 - open_w, h: bh };
    let focused = pen.focus == Some(Focus::LoadPath);
    text_field(
        pen.p,
        pen.hits,
        field,
        &form.path,
        &tr!("load-path-placeholder"),
        focused,
        Action::Focus(Focus::LoadPath),
        px * 0.9,
    )?;
    let open = Area { x: field.x + field.w + px * 0.6, y: field_y, w: open_w, h: bh };
    let look = if form.path.trim().is_empty() { Look::Disabled } else { Look::Normal };
    pen.button(open, &tr!("button-open"), Action::LoadPath, look)?;
    if let Some(e) = &form.error {
        text_box(pen.p, e, px * 0.8, theme::ERROR, Area { x, y: field_y + bh + px * 0.3, w: w * 0.62, h: px * 2.2 })?;
    }
    pen.corner_buttons(a, &[(tr!("button-cancel"), Action::CloseDialog, Look::Normal)])
}
