//! Drawing the analysis: the strip under the board (controls, lines,
//! graph), the best move's arrow on the board, and the Add engine dialog
//! (which also edits an added engine).
//! The lines' texts are made when a report arrives, never here.

use rules_api::score::is_decided;
use rules_api::{Geometry, Move, Rgba, CELL_NONE};
use sdl2::render::RenderTarget;

use super::engines::{EngineForm, NAME, OPTIONS, PATH, PROTOCOLS};
use super::{Analysis, AnalysisAction};
use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::layout::{Area, BoardLayout};
use crate::paint::{Anchor, Painter};
use crate::widgets::{button, line, line_height, text_field};
use crate::{theme, tr, GuiError};

/// The arrow of the best move.
const ARROW: Rgba = Rgba { r: 30, g: 140, b: 255, a: 190 };
/// The graph's bars: the first player ahead, the second.
const FIRST_AHEAD: Rgba = Rgba::rgb(232, 232, 226);
const SECOND_AHEAD: Rgba = Rgba::rgb(20, 22, 26);
/// The graph's background, its zero line, and the ply shown (its frame
/// and the wash behind its bar).
const GRAPH_BACK: Rgba = Rgba::rgb(70, 76, 88);
const GRAPH_ZERO: Rgba = Rgba::rgb(150, 156, 168);
const GRAPH_SHOWN: Rgba = Rgba { r: 255, g: 196, b: 90, a: 230 };
const GRAPH_SHOWN_WASH: Rgba = Rgba { r: 255, g: 196, b: 90, a: 60 };
/// The lowest bar, pixels: a score near 0.00 is still seen.
const MIN_BAR: f32 = 3.0;
/// Scores beyond this (centipawns) fill the graph's half.
const GRAPH_CAP: f32 = 800.0;

fn act(a: AnalysisAction) -> Action {
    Action::Analysis(a)
}

/// The height of the strip at text size `px`.
pub fn height(px: f32) -> f32 {
    let row = px * 1.8;
    2.0 * (row + px * 0.3) + super::MAX_LINES as f32 * line_height(px * 0.9) + px * 4.5 + px * 0.9
}

/// Draws the strip in `area`: two rows of controls, the lines, and the
/// graph with `shown` (the ply on the board) marked.
pub fn draw_strip<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    a: &Analysis,
    area: Area,
    (shown, hover, px): (usize, (f32, f32), f32),
) -> Result<(), GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let pad = px * 0.4;
    let (x, w) = (area.x + pad, area.w - 2.0 * pad);
    let row = px * 1.8;
    let mut y = area.y + pad;
    let cell = |i: f32, n: f32, y: f32| Area { x: x + w * i / 12.0, y, w: w * n / 12.0 - px * 0.25, h: row };
    let name = a.analyser().map(|an| an.label()).unwrap_or_else(|| tr!("analysis-none"));
    let b = |p: &mut Painter<T>, hits: &mut Hits, area, label: &str, action, look| {
        button(p, hits, area, label, act(action), look, hover, px * 0.9)
    };
    b(p, hits, cell(0.0, 4.0, y), &tr!("analysis-analyser", name = name), AnalysisAction::NextAnalyser, Look::Normal)?;
    b(p, hits, cell(4.0, 0.8, y), "−", AnalysisAction::Lines(-1), Look::Normal)?;
    let mid = |i: f32, n: f32| (x + w * (i + n / 2.0) / 12.0, y + row / 2.0);
    let (lx, ly) = mid(4.8, 1.6);
    p.text(&tr!("analysis-lines", n = a.want_lines), px * 0.85, Style::Regular, theme::TEXT, lx, ly, Anchor::Center)?;
    b(p, hits, cell(6.4, 0.8, y), "+", AnalysisAction::Lines(1), Look::Normal)?;
    b(p, hits, cell(7.3, 0.8, y), "−", AnalysisAction::Depth(-1), Look::Normal)?;
    let (dx, dy) = mid(8.1, 1.6);
    p.text(&tr!("analysis-max-depth", n = a.depth), px * 0.85, Style::Regular, theme::TEXT, dx, dy, Anchor::Center)?;
    b(p, hits, cell(9.7, 0.8, y), "+", AnalysisAction::Depth(1), Look::Normal)?;
    b(p, hits, cell(10.6, 1.4, y), &tr!("analysis-close"), AnalysisAction::Close, Look::Normal)?;
    y += row + px * 0.3;
    let arrow_look = if a.arrow { Look::Chosen } else { Look::Normal };
    b(p, hits, cell(0.0, 1.7, y), &tr!("analysis-arrow"), AnalysisAction::Arrow, arrow_look)?;
    let graph_look = if a.graph_running() { Look::Disabled } else { Look::Normal };
    b(p, hits, cell(1.7, 2.5, y), &tr!("analysis-game"), AnalysisAction::Graph, graph_look)?;
    b(p, hits, cell(4.2, 2.4, y), &tr!("analysis-add-engine"), AnalysisAction::AddEngine, Look::Normal)?;
    b(p, hits, cell(6.6, 2.0, y), &tr!("analysis-engines"), AnalysisAction::Engines, Look::Normal)?;
    let note_at = (x + w * 8.7 / 12.0, y + row / 2.0);
    line(p, &a.note, px * 0.85, Style::Regular, theme::TEXT_DIM, note_at, w * 3.3 / 12.0, Anchor::MidLeft)?;
    y += row + px * 0.3;
    let lh = line_height(px * 0.9);
    for (i, text) in a.texts.iter().enumerate() {
        let color = if i == 0 { theme::TEXT } else { theme::TEXT_DIM };
        let at = (x, y + lh * i as f32);
        line(p, text, px * 0.9, Style::Regular, color, at, w, Anchor::TopLeft)?;
    }
    y += super::MAX_LINES as f32 * lh + px * 0.2;
    let graph = Area { x, y, w, h: (area.y + area.h - pad - y).max(px) };
    draw_graph(p, hits, &a.graph, graph, shown)
}

/// The evaluation graph: one bar per position from the middle line, up
/// for the first player, down for the second; a click goes to that ply.
fn draw_graph<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    graph: &[Option<i32>],
    area: Area,
    shown: usize,
) -> Result<(), GuiError> {
    for (r, color) in graph_shapes(graph, area, shown) {
        p.fill_rect(r.x, r.y, r.w, r.h, color)?;
    }
    let bw = area.w / graph.len().max(1) as f32;
    for ply in 0..graph.len() {
        hits.add(Area { x: area.x + ply as f32 * bw, w: bw, ..area }, act(AnalysisAction::GraphPly(ply)));
    }
    Ok(())
}

/// What the graph paints, in order: the background, a light wash behind
/// the ply shown, the bars, the zero line over them, and the ply shown
/// framed. Nothing opaque lies over a bar: the frame keeps to its
/// column's edges, which the bars leave free, and the zero line is one
/// pixel. A bar is never lower than [`MIN_BAR`] (or a twentieth of the
/// graph), so an even position still shows whose side it leans to.
pub fn graph_shapes(graph: &[Option<i32>], area: Area, shown: usize) -> Vec<(Area, Rgba)> {
    let mut out = vec![(area, GRAPH_BACK)];
    let mid = area.y + area.h / 2.0;
    let zero = (Area { y: mid - 0.5, h: 1.0, ..area }, GRAPH_ZERO);
    if graph.is_empty() {
        out.push(zero);
        return out;
    }
    let bw = area.w / graph.len() as f32;
    // The frame's thickness, and the room it keeps free on each side.
    let t = (bw * 0.12).clamp(1.0, 2.0);
    let inset = t + bw * 0.06;
    let column = |ply: usize| Area { x: area.x + ply as f32 * bw, w: bw, ..area };
    if shown < graph.len() {
        out.push((column(shown), GRAPH_SHOWN_WASH));
    }
    let tallest = (area.h / 2.0 - t - 1.0).max(1.0);
    let lowest = MIN_BAR.max(area.h * 0.05).min(tallest);
    for (ply, score) in graph.iter().enumerate() {
        let Some(s) = score else { continue };
        let share = graph_share(*s);
        let h = (share.abs() * tallest).max(lowest);
        let (top, color) = if share >= 0.0 { (mid - h, FIRST_AHEAD) } else { (mid, SECOND_AHEAD) };
        let c = column(ply);
        out.push((Area { x: c.x + inset, y: top, w: (bw - 2.0 * inset).max(1.0), h }, color));
    }
    out.push(zero);
    if shown < graph.len() {
        let c = column(shown);
        out.push((Area { h: t, ..c }, GRAPH_SHOWN));
        out.push((Area { y: c.y + c.h - t, h: t, ..c }, GRAPH_SHOWN));
        out.push((Area { y: c.y + t, w: t, h: c.h - 2.0 * t, ..c }, GRAPH_SHOWN));
        out.push((Area { x: c.x + c.w - t, y: c.y + t, w: t, h: c.h - 2.0 * t }, GRAPH_SHOWN));
    }
    out
}

/// The bar of a graph score (for the layout dump): -1 … 1 of the half height.
pub fn graph_share(score: i32) -> f32 {
    if is_decided(score) {
        score.signum() as f32
    } else {
        (score as f32 / GRAPH_CAP).clamp(-1.0, 1.0)
    }
}

/// The arrow of move `m` on the board: from its first cell to its last
/// (a ring on the cell of a move that names one cell only). The one place
/// the analysis draws on the board.
pub fn paint_arrow<T: RenderTarget>(
    p: &mut Painter<T>,
    layout: &BoardLayout,
    geometry: &Geometry,
    m: Move,
) -> Result<Option<[(f32, f32); 2]>, GuiError> {
    let at = |cell: u16| {
        let c = geometry.cells.get(cell as usize)?;
        Some(layout.to_screen(c.x, c.y, c.layer))
    };
    let (from, to) = match (m.from, m.to) {
        (f, t) if f != CELL_NONE && t != CELL_NONE && f != t => (f, t),
        (_, t) if t != CELL_NONE => (t, t),
        (f, _) => (f, f),
    };
    let (Some(a), Some(b)) = (at(from), at(to)) else { return Ok(None) };
    // The same painters as the player's own right-click marks, in the
    // analysis colour; a placement or a one-cell move is a circle.
    if from == to {
        crate::marks::draw_circle(p, layout, geometry, &[], to, ARROW, 0.1)?;
    } else {
        crate::marks::draw_arrow(p, layout, geometry, &[], from, to, ARROW, 0.16)?;
    }
    Ok(Some([a, b]))
}

/// The Add engine dialog over `window`.
pub fn draw_form<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    form: &EngineForm,
    window: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let px = (window.h.min(window.w) / 40.0).clamp(12.0, 16.0);
    hits.add(window, Action::Swallow);
    let bh = px * 2.0;
    let lh = line_height(px);
    let box_ = crate::dialogs::frame(p, window, px * 34.0, px * 30.0)?;
    let (x, w) = (box_.x + px, box_.w - 2.0 * px);
    let mut y = box_.y + px;
    let title = match &form.editing {
        Some(name) => tr!("engine-edit-title", name = name.as_str()),
        None => tr!("engine-title"),
    };
    p.text(&title, px * 1.2, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    y += lh * 1.6;
    let label = |p: &mut Painter<T>, text: &str, y: f32| {
        p.text(text, px * 0.9, Style::Regular, theme::TEXT_DIM, x, y, Anchor::TopLeft)
    };
    for (field, title, hint) in [(PATH, tr!("engine-path"), "/usr/games/stockfish"), (NAME, tr!("engine-name"), "")] {
        label(p, &title, y)?;
        y += lh;
        let area = Area { x, y, w, h: bh };
        let focused = form.focus == Some(field);
        text_field(p, hits, area, &form.fields[field], hint, focused, act(AnalysisAction::Field(field)), px)?;
        y += bh + px * 0.5;
    }
    label(p, &tr!("engine-protocol"), y)?;
    y += lh;
    let proto = PROTOCOLS[form.protocol % PROTOCOLS.len()].to_uppercase();
    button(
        p,
        hits,
        Area { x, y, w: w * 0.4, h: bh },
        &format!("{proto} ▸"),
        act(AnalysisAction::Protocol),
        Look::Normal,
        hover,
        px,
    )?;
    y += bh + px * 0.5;
    label(p, &tr!("engine-options"), y)?;
    y += lh;
    let opts = Area { x, y, w, h: lh * 4.0 + px * 0.6 };
    draw_options(p, hits, form, opts, px)?;
    y += opts.h + px * 0.5;
    let message = if form.checking() { tr!("engine-checking") } else { form.error.clone().unwrap_or_default() };
    let color = if form.error.is_some() { theme::ERROR } else { theme::TEXT_DIM };
    crate::widgets::text_box(p, &message, px * 0.9, color, Area { x, y, w, h: lh * 3.0 })?;
    let by = box_.y + box_.h - px - bh;
    let look = if form.checking() { Look::Disabled } else { Look::Normal };
    button(
        p,
        hits,
        Area { x, y: by, w: w * 0.48, h: bh },
        &tr!(if form.editing.is_some() { "engine-save" } else { "engine-add" }),
        act(AnalysisAction::CheckEngine),
        look,
        hover,
        px,
    )?;
    let cancel = Area { x: x + w * 0.52, y: by, w: w * 0.48, h: bh };
    button(p, hits, cancel, &tr!("button-cancel"), act(AnalysisAction::CloseEngine), Look::Normal, hover, px)
}

/// The options field: several `name=value` lines (Enter starts a new one).
fn draw_options<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    form: &EngineForm,
    area: Area,
    px: f32,
) -> Result<(), GuiError> {
    let focused = form.focus == Some(OPTIONS);
    p.fill_rect(area.x, area.y, area.w, area.h, theme::FIELD)?;
    p.frame_rect(area.x, area.y, area.w, area.h, 1.0, if focused { theme::ACCENT } else { theme::BUTTON_HOT })?;
    let lh = line_height(px);
    let text = &form.fields[OPTIONS];
    if text.is_empty() && !focused {
        let at = (area.x + px * 0.4, area.y + px * 0.3);
        line(p, "Threads=1", px * 0.9, Style::Regular, theme::TEXT_DIM, at, area.w - px, Anchor::TopLeft)?;
    }
    // The last four lines, where the caret is.
    let lines: Vec<&str> = text.split('\n').collect();
    let first = lines.len().saturating_sub(4);
    let mut end = (area.x + px * 0.4, area.y + px * 0.3);
    for (i, l) in lines[first..].iter().enumerate() {
        let at = (area.x + px * 0.4, area.y + px * 0.3 + lh * i as f32);
        line(p, l, px, Style::Regular, theme::TEXT, at, area.w - px, Anchor::TopLeft)?;
        end = (at.0 + p.text_size(l, px, Style::Regular).0 as f32, at.1);
    }
    if focused {
        p.fill_rect(end.0 + 1.0, end.1, 2.0, lh * 0.9, theme::ACCENT)?;
    }
    hits.add(area, act(AnalysisAction::Field(OPTIONS)));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const AREA: Area = Area { x: 10.0, y: 100.0, w: 400.0, h: 60.0 };

    fn overlap(a: &Area, b: &Area) -> f32 {
        let w = (a.x + a.w).min(b.x + b.w) - a.x.max(b.x);
        let h = (a.y + a.h).min(b.y + b.h) - a.y.max(b.y);
        w.max(0.0) * h.max(0.0)
    }

    #[test]
    fn even_scores_still_show_a_bar_and_the_zero_line_lies_over_the_bars() {
        let graph = [Some(0), Some(3), Some(-2), Some(400), None];
        let shapes = graph_shapes(&graph, AREA, 9);
        let bars: Vec<&(Area, Rgba)> = shapes.iter().filter(|(_, c)| *c == FIRST_AHEAD || *c == SECOND_AHEAD).collect();
        assert_eq!(bars.len(), 4, "one bar per scored ply");
        for (r, _) in &bars[..3] {
            assert!(r.h >= MIN_BAR, "a bar near 0.00 is seen: {r:?}");
        }
        assert_eq!(bars[2].1, SECOND_AHEAD, "-0.02 leans to the second player");
        assert!(bars[3].0.h > 4.0 * bars[0].0.h, "+4.00 stands higher than 0.00");
        let zero = shapes.iter().rposition(|(_, c)| *c == GRAPH_ZERO).unwrap();
        let last_bar = shapes.iter().rposition(|(_, c)| *c == FIRST_AHEAD || *c == SECOND_AHEAD).unwrap();
        assert!(zero > last_bar, "the zero line is drawn over the bars");
        assert!(shapes[zero].0.h <= 1.0 && (shapes[zero].0.y + 0.5 - (AREA.y + AREA.h / 2.0)).abs() < 0.01);
    }

    #[test]
    fn the_ply_shown_is_framed_without_hiding_its_bar() {
        for plies in [2, 6, 40, 120] {
            let graph: Vec<Option<i32>> = (0..plies).map(|i| Some(i * 7 - 100)).collect();
            let shown = plies as usize / 2;
            let shapes = graph_shapes(&graph, AREA, shown);
            let bw = AREA.w / plies as f32;
            let column = Area { x: AREA.x + shown as f32 * bw, w: bw, ..AREA };
            let at = shapes
                .iter()
                .position(|(r, c)| (*c == FIRST_AHEAD || *c == SECOND_AHEAD) && overlap(r, &column) > 0.0)
                .expect("the shown ply's bar");
            let bar = shapes[at].0;
            // Everything painted after the bar leaves it visible: no opaque
            // fill over it but the one-pixel zero line.
            for (r, c) in &shapes[at + 1..] {
                let covered = overlap(r, &bar);
                if *c == GRAPH_ZERO {
                    assert!(covered <= bar.w + 0.01, "{plies} plies: the zero line is one pixel");
                } else {
                    assert_eq!(covered, 0.0, "{plies} plies: {r:?} in {c:?} covers the bar {bar:?}");
                }
            }
            let frame: Vec<&(Area, Rgba)> = shapes.iter().filter(|(_, c)| *c == GRAPH_SHOWN).collect();
            assert_eq!(frame.len(), 4, "the ply shown is framed");
            assert!(frame.iter().all(|(r, _)| overlap(r, &column) > 0.0), "around its own column");
            let wash = shapes.iter().position(|(_, c)| *c == GRAPH_SHOWN_WASH).unwrap();
            assert!(wash < at && GRAPH_SHOWN_WASH.a < 128, "the wash lies behind, light");
        }
    }
}
