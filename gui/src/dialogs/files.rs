//! The Save dialog (a name, the folder it goes to), the Load dialog (the
//! saved games with their game, players, result and date, and a path
//! field for a file anywhere else) and the game browser of a PGN file or
//! of PGN pasted from the clipboard (White, Black, result, date, event,
//! with a filter), which also lists the positions of an EPD file (id,
//! best and avoided moves, the other operations).

use std::path::PathBuf;

use sdl2::render::RenderTarget;

use super::{frame, Pen};
use crate::controls::{Action, Focus, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::Anchor;
use crate::saves::{date_text, SaveEntry, SaveFormat};
use crate::widgets::{line, list, text_box, text_field};
use crate::{theme, tr, GuiError};
use tabula_core::records::epd::EpdPosition;
use tabula_core::records::pgn_tree::PgnGame;

/// The Save dialog's state.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveForm {
    /// The name typed (a default is offered).
    pub name: String,
    /// The whole name is selected: typing replaces it (so it is when the
    /// dialog opens, and after Ctrl+A).
    pub selected: bool,
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

/// What the game browser lists.
#[derive(Clone, Debug, PartialEq)]
pub enum Listed {
    /// The games of a PGN text.
    Games(Vec<PgnGame>),
    /// The positions of an EPD (or FEN) text.
    Positions(Vec<EpdPosition>),
}

/// The game browser's state: the games of a PGN text, or the positions
/// of an EPD text.
#[derive(Clone, Debug, PartialEq)]
pub struct GamesForm {
    /// Where the games came from (a file's name, or the clipboard).
    pub source: String,
    /// The games or positions, in the file's order.
    pub listed: Listed,
    /// The filter typed: every word must be in a listed tag.
    pub filter: String,
    /// The filter is selected: typing replaces it.
    pub selected: bool,
    /// The first row shown.
    pub scroll: usize,
    /// Why the last game picked could not be loaded.
    pub error: Option<String>,
}

impl GamesForm {
    /// A browser of `listed` from `source`, its filter empty.
    pub fn new(source: &str, listed: Listed) -> GamesForm {
        GamesForm { source: source.to_string(), listed, filter: String::new(), selected: false, scroll: 0, error: None }
    }

    /// How many games or positions it lists.
    pub fn len(&self) -> usize {
        match &self.listed {
            Listed::Games(games) => games.len(),
            Listed::Positions(positions) => positions.len(),
        }
    }

    /// The indices of the games the filter lets through.
    pub fn shown(&self) -> Vec<usize> {
        match &self.listed {
            Listed::Games(games) => (0..games.len()).filter(|&i| games[i].matches(&self.filter)).collect(),
            Listed::Positions(positions) => {
                (0..positions.len()).filter(|&i| positions[i].matches(&self.filter)).collect()
            }
        }
    }
}

impl Listed {
    /// Row `i`'s columns: text, where it starts and how wide it is (as
    /// parts of the row) and its style.
    fn columns(&self, i: usize) -> Vec<(String, f32, f32, Style)> {
        match self {
            Listed::Games(games) => {
                let g = &games[i];
                let tag = |name: &str| g.tag(name).unwrap_or("?").to_string();
                vec![
                    (format!("{}", g.number), 0.0, 0.06, Style::Regular),
                    (format!("{} – {}", tag("White"), tag("Black")), 0.06, 0.42, Style::Bold),
                    (g.result_token().to_string(), 0.48, 0.09, Style::Regular),
                    (tag("Date"), 0.57, 0.14, Style::Regular),
                    (tag("Event"), 0.71, 0.29, Style::Regular),
                ]
            }
            Listed::Positions(positions) => {
                let p = &positions[i];
                vec![
                    (format!("{}", p.number), 0.0, 0.06, Style::Regular),
                    (p.id().unwrap_or("?").to_string(), 0.06, 0.26, Style::Bold),
                    (p.shown_operations(), 0.32, 0.68, Style::Regular),
                ]
            }
        }
    }
}

/// Draws a selection over the whole text of a field drawn by
/// [`text_field`] (the same text, in the field's colours swapped).
fn draw_selection<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    field: Area,
    text: &str,
    px: f32,
) -> Result<(), GuiError> {
    let pad = px * 0.4;
    let room = field.w - 2.0 * pad - px * 0.6;
    let mut shown = text.to_string();
    while pen.p.text_size(&shown, px, Style::Regular).0 as f32 > room && !shown.is_empty() {
        shown.remove(0);
    }
    let (w, _) = pen.p.text_size(&shown, px, Style::Regular);
    pen.p.fill_rect(field.x + pad, field.y + field.h * 0.15, w as f32 + 2.0, field.h * 0.7, theme::ACCENT)?;
    pen.p.text(&shown, px, Style::Regular, theme::FIELD, field.x + pad, field.y + field.h / 2.0, Anchor::MidLeft)?;
    Ok(())
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
    if focused && form.selected && !form.name.is_empty() {
        draw_selection(pen, field, &form.name, px)?;
    }
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
        Some("win" | "forfeit" | "draw" | "1-0" | "0-1" | "1/2-1/2") => tr!("load-finished"),
        _ => tr!("load-in-progress"),
    };
    let format = SaveFormat::of(&entry.path);
    if matches!(format, SaveFormat::Epd | SaveFormat::Fen) {
        return tr!("load-positions", format = format.label(), n = entry.games);
    }
    if format == SaveFormat::Sgf {
        return tr!("load-record", format = format.label());
    }
    let players = entry.players.join(" – ");
    if entry.games > 1 {
        return tr!("load-pgn-games", format = format.label(), players = players, n = entry.games);
    }
    let game = crate::messages::capitalised(&entry.game);
    match entry.moves {
        Some(n) => tr!("load-details", game = game, players = players, n = n, result = result),
        None => tr!("load-details-uncounted", game = game, players = players, result = result),
    }
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

/// Draws the game browser: a filter, then one row per game shown (its
/// number, White – Black, result, date and event; or a position's number,
/// id and operations); a row loads its game or position.
pub fn draw_games<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &mut GamesForm,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 56.0, px * 36.0)?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    let title = match form.listed {
        Listed::Games(_) => tr!("games-title", source = form.source.as_str(), n = form.len()),
        Listed::Positions(_) => tr!("positions-title", source = form.source.as_str(), n = form.len()),
    };
    pen.title(&title, 1.3, (x, a.y + px), w)?;
    let label = tr!("games-filter");
    let (lw, _) = pen.p.text_size(&label, px * 0.9, Style::Regular);
    let field_y = a.y + px * 3.2;
    pen.p.text(&label, px * 0.9, Style::Regular, theme::TEXT_DIM, x, field_y + bh / 2.0, Anchor::MidLeft)?;
    let field = Area { x: x + lw as f32 + px * 0.6, y: field_y, w: w - lw as f32 - px * 0.6, h: bh };
    let focused = pen.focus == Some(Focus::PgnFilter);
    let hint = match form.listed {
        Listed::Games(_) => tr!("games-filter-placeholder"),
        Listed::Positions(_) => tr!("positions-filter-placeholder"),
    };
    text_field(pen.p, pen.hits, field, &form.filter, &hint, focused, Action::Focus(Focus::PgnFilter), px * 0.9)?;
    if focused && form.selected && !form.filter.is_empty() {
        draw_selection(pen, field, &form.filter, px * 0.9)?;
    }
    let top = field_y + bh + px * 0.8;
    let bottom = a.y + a.h - bh - px * (if form.error.is_some() { 4.4 } else { 2.0 });
    let area = Area { x, y: top, w, h: bottom - top };
    pen.p.fill_rect(area.x, area.y, area.w, area.h, theme::FIELD)?;
    let shown = form.shown();
    if shown.is_empty() {
        let empty = Area { x: x + px * 0.5, y: area.y + px * 0.5, w: w - px, h: px * 3.0 };
        text_box(pen.p, &tr!("games-none"), px * 0.9, theme::TEXT_DIM, empty)?;
    }
    let row_h = px * 2.2;
    let listed = &form.listed;
    let (hits, hover) = (&mut *pen.hits, pen.hover);
    list(pen.p, area, shown.len(), row_h, &mut form.scroll, |p, k, cell| {
        let i = shown[k];
        let r = Area { h: row_h - 3.0, ..cell };
        let hot = r.contains(hover.0, hover.1);
        p.fill_rect(r.x, r.y, r.w, r.h, if hot { theme::BUTTON_HOT } else { theme::BUTTON })?;
        let y = r.y + r.h / 2.0;
        for (text, from, width, style) in listed.columns(i) {
            let cx = r.x + px * 0.4 + (r.w - px * 0.8) * from;
            line(
                p,
                &text,
                px * 0.85,
                style,
                theme::TEXT,
                (cx, y),
                (r.w - px * 0.8) * width - px * 0.4,
                Anchor::MidLeft,
            )?;
        }
        hits.add(r, Action::PickGame(i));
        Ok(())
    })?;
    if let Some(e) = &form.error {
        text_box(pen.p, e, px * 0.8, theme::ERROR, Area { x, y: bottom + px * 0.4, w, h: px * 2.4 })?;
    }
    pen.corner_buttons(a, &[(tr!("button-cancel"), Action::CloseDialog, Look::Normal)])
}
