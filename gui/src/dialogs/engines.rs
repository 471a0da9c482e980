//! The Engines dialog: the engines the player added, each with its
//! protocol, program and options, an Edit button (the Add engine dialog,
//! filled in) and a Remove button that asks before it removes.

use sdl2::render::RenderTarget;

use crate::analysis_action::AnalysisAction;
use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::{Anchor, Painter};
use crate::saved_engines::{analyses, SavedEngine};
use crate::widgets::{button, line, line_height, text_box};
use crate::{theme, tr, GuiError};

/// The most engines the dialog lists at once (the rest are counted).
pub const SHOWN: usize = 8;

/// The Engines dialog's state.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EnginesDialog {
    /// The engine (an index of the settings' engines) whose removal is
    /// being asked about.
    pub confirm: Option<usize>,
}

fn act(a: AnalysisAction) -> Action {
    Action::Analysis(a)
}

/// The second line of an engine's row: protocol, program, options, and
/// whether it only plays.
pub fn engine_details(engine: &SavedEngine) -> String {
    let mut text = format!("{} · {}", engine.protocol.to_uppercase(), engine.command);
    if !engine.options.is_empty() {
        text.push_str(&format!(" · {}", engine.options.join(", ")));
    }
    if !analyses(engine) {
        text.push_str(&format!(" · {}", tr!("engines-plays-only")));
    }
    text
}

/// Draws the Engines dialog over `window`.
pub fn draw_engines<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    dialog: &EnginesDialog,
    engines: &[SavedEngine],
    window: Area,
    hover: (f32, f32),
) -> Result<(), GuiError> {
    let px = (window.h.min(window.w) / 40.0).clamp(12.0, 16.0);
    hits.add(window, Action::Swallow);
    let (bh, lh) = (px * 2.0, line_height(px));
    let row_h = lh * 2.0 + px * 0.8;
    let rows = engines.len().clamp(1, SHOWN);
    let box_ = super::frame(p, window, px * 44.0, px * 7.5 + lh * 1.6 + rows as f32 * row_h)?;
    let (x, w) = (box_.x + px, box_.w - 2.0 * px);
    let mut y = box_.y + px;
    p.text(&tr!("engines-title"), px * 1.2, Style::Bold, theme::TEXT, x, y, Anchor::TopLeft)?;
    y += lh * 1.6;
    if engines.is_empty() {
        line(p, &tr!("engines-none"), px * 0.9, Style::Regular, theme::TEXT_DIM, (x, y), w, Anchor::TopLeft)?;
    }
    let text_w = w * 0.7;
    for (i, engine) in engines.iter().enumerate().take(SHOWN) {
        let b = |p: &mut Painter<T>, hits: &mut Hits, at: f32, label: &str, action| {
            let area = Area { x: x + w * at, y: y + (row_h - px * 0.8 - bh) / 2.0, w: w * 0.14, h: bh };
            button(p, hits, area, label, act(action), Look::Normal, hover, px * 0.9)
        };
        if dialog.confirm == Some(i) {
            let ask = tr!("engines-remove-ask", name = engine.name.as_str());
            // Two lines: the question, and what becomes of saved games.
            text_box(p, &ask, px * 0.9, theme::ERROR, Area { x, y, w: text_w - px * 0.5, h: lh * 2.0 })?;
            b(p, hits, 0.70, &tr!("engines-remove"), AnalysisAction::ConfirmRemove)?;
            b(p, hits, 0.86, &tr!("engines-keep"), AnalysisAction::KeepEngine)?;
        } else {
            line(p, &engine.name, px, Style::Bold, theme::TEXT, (x, y), text_w, Anchor::TopLeft)?;
            let details = engine_details(engine);
            line(p, &details, px * 0.85, Style::Regular, theme::TEXT_DIM, (x, y + lh), text_w, Anchor::TopLeft)?;
            b(p, hits, 0.70, &tr!("engines-edit"), AnalysisAction::EditEngine(i))?;
            b(p, hits, 0.86, &tr!("engines-remove"), AnalysisAction::RemoveEngine(i))?;
        }
        y += row_h;
    }
    if engines.len() > SHOWN {
        let more = tr!("engines-more", n = engines.len() - SHOWN);
        line(p, &more, px * 0.85, Style::Regular, theme::TEXT_DIM, (x, y), w, Anchor::TopLeft)?;
    }
    let by = box_.y + box_.h - px - bh;
    let add = Area { x, y: by, w: w * 0.48, h: bh };
    button(p, hits, add, &tr!("analysis-add-engine"), act(AnalysisAction::AddEngine), Look::Normal, hover, px)?;
    let close = Area { x: x + w * 0.52, y: by, w: w * 0.48, h: bh };
    button(p, hits, close, &tr!("button-close"), act(AnalysisAction::CloseEngines), Look::Normal, hover, px)
}
