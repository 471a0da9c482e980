//! The widgets the panel and the dialogs are made of: buttons whose label
//! always fits, rows of choices, drop-down choosers, text fields, and text
//! that wraps or is shortened with an ellipsis instead of running off an
//! edge. Each widget draws itself and registers its click region.

use rules_api::Rgba;
use sdl2::render::RenderTarget;

use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::layout::Area;
use crate::paint::{Anchor, Painter};
use crate::theme;
use crate::GuiError;

/// The smallest text a label is shrunk to before it is shortened.
const MIN_LABEL_PX: f32 = 9.0;

/// `text` shortened with `…` to fit `w` pixels at `px`.
pub fn elide<T: RenderTarget>(p: &Painter<T>, text: &str, px: f32, style: Style, w: f32) -> String {
    if p.text_size(text, px, style).0 as f32 <= w {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    let (mut lo, mut hi) = (0, chars.len());
    // The longest prefix that fits with the ellipsis.
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let candidate: String = chars[..mid].iter().collect::<String>() + "…";
        if p.text_size(&candidate, px, style).0 as f32 <= w {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    chars[..lo].iter().collect::<String>().trim_end().to_string() + "…"
}

/// The lines of `text` wrapped into `w` pixels at `px`: explicit newlines
/// kept; lines break where [`crate::linebreak::pieces`] allows (after
/// spaces, between Chinese characters, never before 。，」 nor after 「（);
/// a piece wider than a line is broken between characters, still keeping
/// closing punctuation off the start of a line.
pub fn wrap_lines<T: RenderTarget>(p: &Painter<T>, text: &str, px: f32, w: f32) -> Vec<String> {
    wrap_by(text, |s| p.text_size(s, px, Style::Regular).0 as f32 <= w)
}

/// [`wrap_lines`] with `fits` telling whether a line fits.
fn wrap_by(text: &str, fits: impl Fn(&str) -> bool) -> Vec<String> {
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in crate::linebreak::pieces(paragraph) {
            let candidate = format!("{line}{word}");
            if fits(candidate.trim_end()) || line.is_empty() && fits(word.trim_end()) {
                line = candidate;
                continue;
            }
            if !line.is_empty() {
                lines.push(line.trim_end().to_string());
            }
            line = String::new();
            // A piece wider than the line: break it between characters.
            for ch in word.chars() {
                let keep = crate::linebreak::closes(ch) || line.ends_with(crate::linebreak::opens);
                if !line.is_empty() && !fits(&format!("{line}{ch}")) && !keep {
                    lines.push(std::mem::take(&mut line));
                }
                line.push(ch);
            }
        }
        lines.push(line.trim_end().to_string());
    }
    lines
}

/// Height of one wrapped line at `px`.
pub fn line_height(px: f32) -> f32 {
    px * 1.35
}

/// Draws `text` wrapped into `area` at `px`, at most as many lines as fit
/// (the last shortened with `…`); returns the y below the last line.
pub fn text_box<T: RenderTarget>(
    p: &mut Painter<T>,
    text: &str,
    px: f32,
    color: Rgba,
    area: Area,
) -> Result<f32, GuiError> {
    let room = ((area.h + 0.5) / line_height(px)).floor().max(1.0) as usize;
    let mut lines = wrap_lines(p, text, px, area.w);
    if lines.len() > room {
        let rest = lines[room - 1..].join(" ");
        lines.truncate(room - 1);
        lines.push(elide(p, &rest, px, Style::Regular, area.w));
    }
    let mut y = area.y;
    for line in lines {
        p.text(&line, px, Style::Regular, color, area.x, y, Anchor::TopLeft)?;
        y += line_height(px);
    }
    Ok(y)
}

/// One line of `text` in `w` pixels from (x, y), shortened when too long.
#[allow(clippy::too_many_arguments)]
pub fn line<T: RenderTarget>(
    p: &mut Painter<T>,
    text: &str,
    px: f32,
    style: Style,
    color: Rgba,
    (x, y): (f32, f32),
    w: f32,
    anchor: Anchor,
) -> Result<(), GuiError> {
    let shown = elide(p, text, px, style, w.max(1.0));
    p.text(&shown, px, style, color, x, y, anchor).map(|_| ())
}

/// The size at which `label` fits `w` (down to a floor), and the label to
/// draw (shortened if even the floor is too large).
fn fitted_label<T: RenderTarget>(p: &Painter<T>, label: &str, px: f32, w: f32) -> (f32, String) {
    let mut size = px;
    while size > MIN_LABEL_PX && p.text_size(label, size, Style::Regular).0 as f32 > w {
        size -= 0.5;
    }
    (size, elide(p, label, size, Style::Regular, w))
}

/// Draws a button and registers it when enabled; the label shrinks or is
/// shortened to fit.
#[allow(clippy::too_many_arguments)]
pub fn button<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    label: &str,
    action: Action,
    look: Look,
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    let hot = look != Look::Disabled && area.contains(hover.0, hover.1);
    let fill = match look {
        Look::Chosen => Rgba { a: 255, ..theme::darker(theme::ACCENT, 0.62) },
        _ if hot => theme::BUTTON_HOT,
        _ => theme::BUTTON,
    };
    p.fill_rect(area.x, area.y, area.w, area.h, fill)?;
    if look == Look::Chosen {
        p.frame_rect(area.x, area.y, area.w, area.h, 1.0, theme::ACCENT)?;
    }
    let color = if look == Look::Disabled { theme::BUTTON_OFF } else { theme::TEXT };
    let (size, shown) = fitted_label(p, label, px, area.w - 6.0);
    p.text(&shown, size, Style::Regular, color, area.x + area.w / 2.0, area.y + area.h / 2.0, Anchor::Center)?;
    if look != Look::Disabled {
        hits.add(area, action);
    }
    Ok(())
}

/// A text field: its text (or a dim placeholder), a caret when focused,
/// and a click region that focuses it.
#[allow(clippy::too_many_arguments)]
pub fn text_field<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    text: &str,
    placeholder: &str,
    focused: bool,
    action: Action,
    px: f32,
) -> Result<(), GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::FIELD)?;
    p.frame_rect(area.x, area.y, area.w, area.h, 1.0, if focused { theme::ACCENT } else { theme::BUTTON_HOT })?;
    let pad = px * 0.4;
    let room = area.w - 2.0 * pad - px * 0.6;
    let y = area.y + area.h / 2.0;
    if text.is_empty() && !focused {
        line(p, placeholder, px * 0.9, Style::Regular, theme::TEXT_DIM, (area.x + pad, y), room, Anchor::MidLeft)?;
    } else {
        // Keep the end of a long text (where the caret is) in view.
        let mut shown: String = text.to_string();
        while p.text_size(&shown, px, Style::Regular).0 as f32 > room && !shown.is_empty() {
            shown.remove(0);
        }
        let (w, _) = p.text(&shown, px, Style::Regular, theme::TEXT, area.x + pad, y, Anchor::MidLeft)?;
        if focused {
            let x = area.x + pad + w as f32 + 1.0;
            p.fill_rect(x, area.y + area.h * 0.2, 2.0, area.h * 0.6, theme::ACCENT)?;
        }
    }
    hits.add(area, action);
    Ok(())
}

/// A row of choices with one chosen, as buttons sharing `area`.
#[allow(clippy::too_many_arguments)]
pub fn choice_row<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    items: &[(String, Action)],
    chosen: Option<usize>,
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    let n = items.len().max(1) as f32;
    let gap = px * 0.3;
    let bw = (area.w - (n - 1.0) * gap) / n;
    for (k, (label, action)) in items.iter().enumerate() {
        let b = Area { x: area.x + k as f32 * (bw + gap), y: area.y, w: bw, h: area.h };
        let look = if chosen == Some(k) { Look::Chosen } else { Look::Normal };
        button(p, hits, b, label, action.clone(), look, hover, px)?;
    }
    Ok(())
}

/// Whether `labels` fit as a row of buttons in `w` pixels at `px`.
pub fn fits_in_row<T: RenderTarget>(p: &Painter<T>, labels: &[String], px: f32, w: f32) -> bool {
    if labels.is_empty() || labels.len() > 5 {
        return labels.is_empty();
    }
    let each = (w - (labels.len() - 1) as f32 * px * 0.3) / labels.len() as f32 - 8.0;
    labels.iter().all(|l| p.text_size(l, px, Style::Regular).0 as f32 <= each)
}

/// A drop-down chooser: the chosen label and a ▾, opening the list.
#[allow(clippy::too_many_arguments)]
pub fn dropdown<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    area: Area,
    label: &str,
    open: Action,
    hover: (f32, f32),
    px: f32,
) -> Result<(), GuiError> {
    let hot = area.contains(hover.0, hover.1);
    p.fill_rect(area.x, area.y, area.w, area.h, if hot { theme::BUTTON_HOT } else { theme::BUTTON })?;
    let pad = px * 0.5;
    let arrow_x = area.x + area.w - pad;
    let y = area.y + area.h / 2.0;
    p.text("▾", px, Style::Regular, theme::TEXT, arrow_x, y, Anchor::MidRight)?;
    line(p, label, px, Style::Regular, theme::TEXT, (area.x + pad, y), area.w - 2.0 * pad - px, Anchor::MidLeft)?;
    hits.add(area, open);
    Ok(())
}

/// A scrolling list of rows `row_h` high in `area`, from row `*first`
/// (clamped so the end stays in view); `draw_row` draws row `i` in its
/// area. Returns how many rows are shown. A thumb on the right shows the
/// position when the rows do not all fit.
pub fn list<T: RenderTarget>(
    p: &mut Painter<T>,
    area: Area,
    rows: usize,
    row_h: f32,
    first: &mut usize,
    mut draw_row: impl FnMut(&mut Painter<T>, usize, Area) -> Result<(), GuiError>,
) -> Result<usize, GuiError> {
    let visible = ((area.h / row_h).floor().max(1.0)) as usize;
    let max_first = rows.saturating_sub(visible);
    *first = (*first).min(max_first);
    let shown = visible.min(rows - *first);
    for k in 0..shown {
        let r = Area { x: area.x, y: area.y + k as f32 * row_h, w: area.w - 6.0, h: row_h };
        draw_row(p, *first + k, r)?;
    }
    if max_first > 0 {
        let track = area.h - 4.0;
        let thumb = (track * visible as f32 / rows as f32).max(8.0);
        let top = area.y + 2.0 + (track - thumb) * (*first as f32 / max_first as f32);
        p.fill_rect(area.x + area.w - 4.0, top, 3.0, thumb, theme::BUTTON_HOT)?;
    }
    Ok(shown)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Lines of at most `n` characters.
    fn wrap(text: &str, n: usize) -> Vec<String> {
        wrap_by(text, |s| s.chars().count() <= n)
    }

    #[test]
    fn chinese_text_breaks_between_characters_and_words_keep_their_space() {
        assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap("红方走棋红方走棋", 3), ["红方走", "棋红方", "走棋"]);
        assert_eq!(wrap("按 Enter 输入名字", 8), ["按 Enter", "输入名字"]);
    }

    #[test]
    fn no_line_starts_with_closing_or_ends_with_opening_punctuation() {
        // Issue 25: "。" began a line.
        assert_eq!(wrap("黑方胜。将死。", 3), ["黑方", "胜。将", "死。"]);
        assert_eq!(wrap("走棋（简单）", 3), ["走棋", "（简", "单）"]);
        let text = "轮到先手走。请点击一个棋子，再点击它要去的格子；或者输入「7g7f」这样的着法！对吗？（是）";
        for n in 2..12 {
            let lines = wrap(text, n);
            assert_eq!(lines.concat(), text, "width {n}");
            for (k, l) in lines.iter().enumerate() {
                let (first, last) = (l.chars().next().unwrap(), l.chars().last().unwrap());
                assert!(k == 0 || !crate::linebreak::closes(first), "width {n}: line {l:?} starts with {first}");
                assert!(
                    k + 1 == lines.len() || !crate::linebreak::opens(last),
                    "width {n}: line {l:?} ends with {last}"
                );
            }
        }
    }
}
