//! The editor on screen: the board where the game's board is, and in the
//! panel the palette of pieces (drawn as on the board), the tools, the
//! side to move, the hands, the position text and the plugin's verdict.

use rules_api::Rgba;
use sdl2::render::RenderTarget;

use super::{Editor, EditorAction, Tool};
use crate::board::{draw_piece, BoardScene};
use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::layout::{Area, BoardLayout, WindowLayout};
use crate::messages::{game_name, side_name};
use crate::paint::{Anchor, Painter};
use crate::scene::draw_board;
use crate::widgets::{button, choice_row, line, line_height, text_box, wrap_lines};
use crate::{theme, tr, GuiError};

/// Lines of the position text shown at most.
const TEXT_LINES: usize = 5;

/// Draws the editor over the whole window and registers its controls;
/// the board's layout is kept for clicks.
pub fn draw_editor<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    editor: &mut Editor,
    window: &WindowLayout,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let b = window.board;
    let margin = (b.w.min(b.h) * 0.03).max(6.0);
    let inner = Area { x: b.x + margin, y: b.y + margin, w: b.w - 2.0 * margin, h: b.h - 2.0 * margin };
    let layout = BoardLayout::covering(editor.geometry(), &editor.shown().geometry, inner, false);
    let (pieces, highlights) = (editor.pieces(), editor.highlights());
    draw_board(p, &layout, &BoardScene::plain(editor.shown(), editor.info(), &pieces, &highlights))?;
    editor.layout = Some(layout);
    let area = window.panel;
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let px = window.px;
    let pad = px * 0.8;
    let mut col = Column { x: area.x + pad, y: area.y + pad, w: area.w - 2.0 * pad, px, hover };
    let title = tr!("editor-title", game = game_name(editor.info().name.as_str()));
    line(p, &title, px * 1.2, Style::Bold, theme::TEXT, (col.x, col.y), col.w, Anchor::TopLeft)?;
    col.y += line_height(px * 1.2) + px * 0.3;
    draw_palette(p, hits, editor, &mut col)?;
    draw_tools(p, hits, editor, &mut col)?;
    draw_text(p, hits, editor, &mut col)?;
    let row = |labels: [(String, EditorAction); 2]| labels.map(|(l, a)| (l, Action::Editor(a)));
    col.choices(p, hits, &row([(tr!("editor-copy"), EditorAction::Copy), (tr!("editor-paste"), EditorAction::Paste)]))?;
    let play = usable(editor.accepted_text().is_some());
    col.buttons(
        p,
        hits,
        &[
            (tr!("editor-play"), Action::Editor(EditorAction::Play), play),
            (tr!("editor-close"), Action::Editor(EditorAction::Close), Look::Normal),
        ],
    )
}

/// A column of controls filled from the top.
struct Column {
    x: f32,
    y: f32,
    w: f32,
    px: f32,
    hover: (f32, f32),
}

impl Column {
    fn label<T: RenderTarget>(&mut self, p: &mut Painter<T>, text: &str) -> Result<(), GuiError> {
        line(p, text, self.px * 0.85, Style::Regular, theme::TEXT_DIM, (self.x, self.y), self.w, Anchor::TopLeft)?;
        self.y += line_height(self.px * 0.85);
        Ok(())
    }

    fn row_area(&self) -> Area {
        Area { x: self.x, y: self.y, w: self.w, h: self.px * 2.0 }
    }

    fn choices<T: RenderTarget>(
        &mut self,
        p: &mut Painter<T>,
        hits: &mut Hits,
        items: &[(String, Action)],
    ) -> Result<(), GuiError> {
        choice_row(p, hits, self.row_area(), items, None, self.hover, self.px * 0.85)?;
        self.y += self.px * 2.4;
        Ok(())
    }

    /// A row of buttons, each with its own look.
    fn buttons<T: RenderTarget>(
        &mut self,
        p: &mut Painter<T>,
        hits: &mut Hits,
        items: &[(String, Action, Look)],
    ) -> Result<(), GuiError> {
        let n = items.len().max(1) as f32;
        let gap = self.px * 0.3;
        let bw = (self.w - (n - 1.0) * gap) / n;
        for (k, (label, action, look)) in items.iter().enumerate() {
            let b = Area { x: self.x + k as f32 * (bw + gap), w: bw, ..self.row_area() };
            button(p, hits, b, label, action.clone(), *look, self.hover, self.px * 0.85)?;
        }
        self.y += self.px * 2.4;
        Ok(())
    }
}

/// A button's look: normal when it can be used now, dim otherwise.
fn usable(enabled: bool) -> Look {
    if enabled {
        Look::Normal
    } else {
        Look::Disabled
    }
}

/// Each player's pieces, one swatch per kind, drawn as the board draws them.
fn draw_palette<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    editor: &Editor,
    col: &mut Column,
) -> Result<(), GuiError> {
    let info = editor.info();
    let size = (col.px * 2.3).min(col.w / 8.0);
    let per_row = ((col.w / size).floor() as usize).max(1);
    let palette = editor.palette();
    for owner in 0..info.players.len() as u8 {
        let kinds: Vec<u16> = palette.iter().filter(|p| p.0 == owner).map(|p| p.1).collect();
        if kinds.is_empty() {
            continue;
        }
        col.label(p, &side_name(info, owner))?;
        for (i, &kind) in kinds.iter().enumerate() {
            let (r, c) = (i / per_row, i % per_row);
            let cell = Area { x: col.x + c as f32 * size, y: col.y + r as f32 * size, w: size - 2.0, h: size - 2.0 };
            let tool = Tool::Place(owner, kind);
            let hot = cell.contains(col.hover.0, col.hover.1);
            p.fill_rect(cell.x, cell.y, cell.w, cell.h, if hot { theme::BUTTON_HOT } else { theme::BUTTON })?;
            if editor.tool == tool {
                p.frame_rect(cell.x, cell.y, cell.w, cell.h, 2.0, theme::ACCENT)?;
            }
            draw_piece(p, info, owner, kind, cell.x + cell.w / 2.0, cell.y + cell.h / 2.0, cell.w * 0.4)?;
            let held = editor.board().in_hand(owner, kind);
            if editor.has_hands() && held > 0 {
                let at = (cell.x + cell.w - 2.0, cell.y + cell.h - col.px);
                p.text(&format!("{held}"), col.px * 0.8, Style::Bold, theme::WARN, at.0, at.1, Anchor::TopRight)?;
            }
            hits.add(cell, Action::Editor(EditorAction::Tool(tool)));
        }
        col.y += kinds.len().div_ceil(per_row) as f32 * size + col.px * 0.2;
    }
    Ok(())
}

/// Erase, clear, start position; the side to move; the hands.
fn draw_tools<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    editor: &Editor,
    col: &mut Column,
) -> Result<(), GuiError> {
    let erase = if editor.tool == Tool::Erase { Look::Chosen } else { Look::Normal };
    let editable = usable(editor.clickable());
    let tools = [
        (tr!("editor-erase"), Action::Editor(EditorAction::Tool(Tool::Erase)), erase),
        (tr!("editor-clear"), Action::Editor(EditorAction::Clear), editable),
        (tr!("editor-start"), Action::Editor(EditorAction::Start), Look::Normal),
    ];
    col.buttons(p, hits, &tools)?;
    col.label(p, &tr!("editor-side"))?;
    let info = editor.info();
    let sides: Vec<(String, Action, Look)> = (0..info.players.len() as u8)
        .map(|s| {
            let look = match (editor.side_choosable(), editor.side() == s) {
                (_, true) => Look::Chosen,
                (true, false) => Look::Normal,
                (false, false) => Look::Disabled,
            };
            (side_name(info, s), Action::Editor(EditorAction::Side(s)), look)
        })
        .collect();
    col.buttons(p, hits, &sides)?;
    if editor.has_hands() {
        let look = usable(editor.can_hold());
        let hands = [
            (tr!("editor-hand-less"), Action::Editor(EditorAction::Hand(-1)), look),
            (tr!("editor-hand-more"), Action::Editor(EditorAction::Hand(1)), look),
        ];
        col.buttons(p, hits, &hands)?;
    }
    Ok(())
}

/// The position text (wrapped, with the caret while typing) and under it
/// the plugin's refusal, a remark, or the accepted position's side.
fn draw_text<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    editor: &Editor,
    col: &mut Column,
) -> Result<(), GuiError> {
    let format = editor.info().position_format.to_string();
    let px = col.px * 0.85;
    let label = Area { x: col.x, y: col.y, w: col.w, h: line_height(px) * 2.0 };
    col.y = text_box(p, &tr!("editor-text", format = format), px, theme::TEXT_DIM, label)?;
    let pad = px * 0.4;
    let mut shown = editor.text.text().to_string();
    if editor.typing {
        shown.insert(editor.text.caret(), '|');
    }
    let lines = wrap_lines(p, &shown, px, col.w - 2.0 * pad);
    let rows = lines.len().clamp(2, TEXT_LINES);
    let field = Area { x: col.x, y: col.y, w: col.w, h: rows as f32 * line_height(px) + 2.0 * pad };
    p.fill_rect(field.x, field.y, field.w, field.h, theme::FIELD)?;
    let frame = if editor.typing { theme::ACCENT } else { theme::BUTTON_HOT };
    p.frame_rect(field.x, field.y, field.w, field.h, 1.0, frame)?;
    let first = lines.len().saturating_sub(TEXT_LINES);
    for (i, l) in lines[first..].iter().enumerate() {
        p.text(
            l,
            px,
            Style::Regular,
            theme::TEXT,
            field.x + pad,
            field.y + pad + i as f32 * line_height(px),
            Anchor::TopLeft,
        )?;
    }
    hits.add(field, Action::Editor(EditorAction::FocusText));
    col.y += field.h + col.px * 0.4;
    let (verdict, color): (String, Rgba) = match (editor.error(), &editor.note) {
        (Some(e), _) => (tr!("editor-refused", reason = e), theme::ERROR),
        (None, Some(note)) => (note.clone(), theme::WARN),
        (None, None) => (tr!("editor-accepted", side = side_name(editor.info(), editor.side())), theme::TEXT),
    };
    let status = Area { x: col.x, y: col.y, w: col.w, h: line_height(px) * 4.0 };
    text_box(p, &verdict, px, color, status)?;
    col.y += status.h + col.px * 0.3;
    if !editor.clickable() {
        let note = Area { h: line_height(px) * 2.0, ..status };
        let note = Area { y: col.y, ..note };
        text_box(p, &tr!("editor-text-only"), px, theme::TEXT_DIM, note)?;
        col.y += note.h;
    }
    Ok(())
}
