//! The network strip under the board: who plays (every seat, with the
//! server's clocks), the connection, the latest chat lines that fit, and a
//! bottom row with the buttons, the request waiting for this seat's answer
//! or the news that a player left. Nothing is drawn over anything else:
//! each part has its own row, and what does not fit is shortened.

use rules_api::Rgba;
use sdl2::render::RenderTarget;
use tabula_net::link::Security;

use super::{request_key, Link, Net};
use crate::clock::countdown_text;
use crate::controls::{Action, Hits, Look};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::Area;
use crate::paint::{Anchor, Painter};
use crate::widgets::button;
use crate::{theme, tr, GuiError};

/// One thing the strip drew, for the test layout dump: what it is
/// (`players`, `status`, `chat`, `prompt`, `away`, `typing`, `button`), its
/// text and its box.
#[derive(Clone, Debug, PartialEq)]
pub struct StripItem {
    /// What it is.
    pub kind: &'static str,
    /// Its text as drawn.
    pub text: String,
    /// Where.
    pub area: Area,
}

/// The connection's protection for the status line: the fingerprint in
/// full when the certificate is met for the first time (for the player to
/// compare with what the host says), shortened after that.
pub fn security_line(s: &Security) -> String {
    match (&s.tls, &s.fingerprint) {
        (Some(_), Some(f)) if s.first_use => tr!("net-encrypted-new", fingerprint = f.as_str()),
        (Some(_), Some(f)) => tr!("net-encrypted-known", fingerprint = &f[..f.len().min(23)]),
        (Some(_), None) => tr!("net-encrypted"),
        _ => tr!("net-not-encrypted"),
    }
}

/// Draws and records the strip's text pieces.
struct Writer<'w, 'a, 'r, T: RenderTarget> {
    p: &'w mut Painter<'a, 'r, T>,
    items: Vec<StripItem>,
}

impl<T: RenderTarget> Writer<'_, '_, '_, T> {
    /// `text` from (x, top) in at most `room` pixels: smaller type first,
    /// then cut with an ellipsis. Returns the width drawn.
    #[allow(clippy::too_many_arguments)]
    fn line(
        &mut self,
        kind: &'static str,
        text: &str,
        px: f32,
        style: Style,
        colour: Rgba,
        (x, top, room): (f32, f32, f32),
        right: bool,
    ) -> Result<f32, GuiError> {
        let (text, px) = fit(self.p, text, px, style, room);
        let (w, h) = self.p.text_size(&text, px, style);
        let left = if right { x - w as f32 } else { x };
        self.p.text(&text, px, style, colour, left, top, Anchor::TopLeft)?;
        self.items.push(StripItem { kind, text, area: Area { x: left, y: top, w: w as f32, h: h as f32 } });
        Ok(w as f32)
    }
}

/// `text` at `px` or smaller (down to 10 px) so that it fits in `room`,
/// cut with an ellipsis when even that is too wide.
fn fit<T: RenderTarget>(p: &Painter<T>, text: &str, px: f32, style: Style, room: f32) -> (String, f32) {
    let mut px = px;
    while px > 10.0 && p.text_size(text, px, style).0 as f32 > room {
        px -= 1.0;
    }
    let mut shown: String = text.to_string();
    if p.text_size(&shown, px, style).0 as f32 <= room {
        return (shown, px);
    }
    while !shown.is_empty() && p.text_size(&format!("{shown}…"), px, style).0 as f32 > room {
        shown.pop();
    }
    (format!("{shown}…"), px)
}

/// Who plays: every seat with its name, "(you)", the server's clock and
/// "away" for a player who left.
fn players_text(net: &Net, game: &Game) -> String {
    let seats: Vec<String> = (0..net.names.len())
        .map(|i| {
            let you = if i == net.seat as usize { format!(" {}", tr!("net-you")) } else { String::new() };
            let free = net.names[i].is_empty();
            let away = if net.away.get(i).is_some_and(Option::is_some) {
                format!(" {}", tr!("net-away"))
            } else {
                String::new()
            };
            let clock = game.countdown(i).map_or(String::new(), |d| format!(" {}", countdown_text(d)));
            let name = if free { tr!("net-free-seat") } else { net.names[i].clone() };
            format!("{name}{you}{clock}{away}")
        })
        .collect();
    let joiner = if seats.len() > 2 { " · " } else { "  vs  " };
    seats.join(joiner)
}

/// The status: the connection (or that it is being restored) and, while
/// seats are free, that the game waits for players.
fn status_text(net: &Net) -> (String, Rgba) {
    match net.link {
        Link::Up => {
            let status = net.status.clone().unwrap_or_else(|| tr!("net-online", addr = net.addr()));
            let waiting = match net.free_seats() {
                0 => String::new(),
                n => format!(" — {}", tr!("net-waiting-for", count = n)),
            };
            (format!("{status}{waiting} — {}", security_line(&net.security)), theme::TEXT_DIM)
        }
        Link::Down(since) => (tr!("net-link-down", seconds = since.elapsed().as_secs() as usize), theme::ERROR),
    }
}

/// The strip's height under a board area `board_h` pixels high: room for
/// the players, the status (on a row of its own in a narrow window), two
/// chat lines at least and the buttons.
pub fn strip_height(board_h: f32) -> f32 {
    (board_h * 0.22).clamp(124.0, 156.0)
}

/// The network strip: see the module's description. Returns what it drew.
pub fn draw_strip<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    net: &Net,
    game: &Game,
    area: Area,
    hover: (f32, f32),
) -> Result<Vec<StripItem>, GuiError> {
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let px = (area.h / 8.8).clamp(11.0, 15.0);
    let small = px * 0.9;
    let (x, right) = (area.x + px, area.x + area.w - px);
    let width = right - x;
    let mut w = Writer { p, items: Vec::new() };
    let mut y = area.y + px * 0.5;
    // Who plays, then the status beside it when both fit, else below it.
    let players = players_text(net, game);
    let (status, colour) = status_text(net);
    let players_w = w.p.text_size(&players, px, Style::Bold).0 as f32;
    let status_w = w.p.text_size(&status, small, Style::Regular).0 as f32;
    if players_w + status_w + px * 2.0 <= width {
        w.line("players", &players, px, Style::Bold, theme::TEXT, (x, y, players_w), false)?;
        w.line("status", &status, small, Style::Regular, colour, (right, y, status_w), true)?;
    } else {
        w.line("players", &players, px, Style::Bold, theme::TEXT, (x, y, width), false)?;
        y += px * 1.4;
        w.line("status", &status, small, Style::Regular, colour, (x, y, width), false)?;
    }
    y += px * 1.4;
    // The bottom row: buttons and the request, the typing or the news.
    let bh = px * 1.9;
    let by = area.y + area.h - bh - px * 0.4;
    let mid = by + (bh - px) / 2.0;
    // The bottom row's buttons, and its note: the request to answer, the
    // line being typed or who left; beside the buttons when it fits there,
    // else on a row of its own above them.
    let answering = net.offer.is_some();
    let buttons: Vec<(String, Action, Look)> = match net.offer {
        Some(_) => vec![
            (tr!("net-accept"), Action::NetAnswer(true), Look::Normal),
            (tr!("net-decline"), Action::NetAnswer(false), Look::Normal),
        ],
        None => {
            let look = if game.is_over() { Look::Disabled } else { Look::Normal };
            let chat = tr!(if net.typing.is_some() { "net-send" } else { "net-chat" });
            let mut row = vec![(tr!("net-offer-draw"), Action::NetDraw, look)];
            if net.claim_open(game) {
                // An opponent gone long enough: claiming replaces offering a draw.
                row = vec![
                    (tr!("net-claim-win"), Action::NetClaimWin, Look::Normal),
                    (tr!("net-abort"), Action::NetAbort, Look::Normal),
                ];
            }
            row.push((chat, Action::NetChat, Look::Normal));
            row
        }
    };
    let note = match (net.offer, &net.typing) {
        (Some(offer), _) => Some((
            "prompt",
            tr!("net-asks", name = net.name(offer.seat), kind = request_key(offer.kind)),
            theme::ACCENT,
        )),
        (None, Some(text)) => Some(("typing", tr!("net-say", text = format!("{text}_")), theme::TEXT)),
        (None, None) => net.away_note(game).map(|t| ("away", t, theme::WARN)),
    };
    let bw = px * 7.0;
    let buttons_w = buttons.len() as f32 * (bw + px * 0.5);
    let note_w = note.as_ref().map_or(0.0, |(_, t, _)| w.p.text_size(t, px, Style::Bold).0 as f32);
    let beside = note_w + px <= width - buttons_w;
    let note_y = if beside { mid } else { by - px * 1.5 };
    // The latest chat lines that fit between the top rows and the bottom.
    let bottom = if note.is_some() && !beside { note_y } else { by };
    let line_h = small * 1.3;
    let rows = ((bottom - px * 0.2 - y) / line_h).floor().max(0.0) as usize;
    let first = net.chat.len().saturating_sub(rows);
    for line in net.chat.iter().skip(first) {
        w.line("chat", line, small, Style::Regular, theme::TEXT_DIM, (x, y, width), false)?;
        y += line_h;
    }
    // A request to answer comes first on its row, the buttons after it.
    let mut bx = x;
    if let Some((kind, text, colour)) = &note {
        let style = if answering { Style::Bold } else { Style::Regular };
        if beside && answering {
            bx += w.line(kind, text, px, style, *colour, (x, note_y, note_w), false)? + px;
        } else if !beside {
            w.line(kind, text, px, style, *colour, (x, note_y, width), false)?;
        }
    }
    for (label, action, look) in buttons {
        let at = Area { x: bx, y: by, w: bw, h: bh };
        button(w.p, hits, at, &label, action, look, hover, px)?;
        w.items.push(StripItem { kind: "button", text: label, area: at });
        bx += bw + px * 0.5;
    }
    if let (Some((kind, text, colour)), true, false) = (&note, beside, answering) {
        w.line(kind, text, px, Style::Regular, *colour, (bx + px * 0.5, note_y, right - bx - px * 0.5), false)?;
    }
    Ok(w.items)
}
