//! The panel: the game's name, the players with clocks and captured
//! pieces, what the computer is thinking, the status, the buttons, the
//! move entry and the move list.
//!
//! Every part has a fixed place computed from the panel's size alone
//! ([`PanelRects`]): a status that wraps, a message or a finished game
//! never moves a button. The buttons are a data list ([`panel_buttons`]);
//! a feature adds one by adding an entry there.

use std::time::Duration;

use sdl2::render::RenderTarget;

use crate::board::draw_piece;
use crate::clock::countdown_text;
use crate::controls::{Action, Focus, Hits, Look, PanelButton};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::{Area, WindowLayout};
use crate::messages::{
    clock_text, count_text, evaluation_text, result_line, seat_label, shows_standings, side_name, standing_text,
    standings,
};
use crate::numbering::Numbering;
use crate::paint::{Anchor, Painter};
use crate::sound::SoundState;
use crate::widgets::{button, line, text_box, text_field};
use crate::{theme, tr, GuiError};

mod movelist;

/// The columns of the button grid.
pub const BUTTON_COLUMNS: usize = 4;

/// What the panel shows besides the game.
pub struct PanelState<'a> {
    /// The ply being reviewed, if not the live position.
    pub view_ply: Option<usize>,
    /// First move-list row shown.
    pub scroll: &'a mut usize,
    /// A message for the status line, and whether it is an error.
    pub message: Option<(&'a str, bool)>,
    /// Sound on, off or unavailable.
    pub sound: SoundState,
    /// The pointer, for button hover.
    pub hover: (f32, f32),
    /// Whether the search details are shown.
    pub details: bool,
    /// The move being typed.
    pub entry: &'a str,
    /// Where typed text goes.
    pub focus: Option<Focus>,
    /// How moves are numbered.
    pub numbering: &'a Numbering,
    /// Whether the game is replaying.
    pub replaying: bool,
    /// Whether the game is played over the network (no hint, saving,
    /// loading, redo, seat changes or pausing there).
    pub online: bool,
    /// The cell where the move being clicked may end (clicked again).
    pub end_here: Option<String>,
}

/// Where each part of the panel goes.
#[derive(Clone, Debug, PartialEq)]
pub struct PanelRects {
    /// The game's name.
    pub title: Area,
    /// One block per seat.
    pub seats: Vec<Area>,
    /// The computer's thinking (text and time bar).
    pub thinking: Area,
    /// The status: two lines.
    pub status: Area,
    /// The button grid, cell by cell, row by row.
    pub buttons: Vec<Area>,
    /// The move entry.
    pub entry: Area,
    /// The move list.
    pub moves: Area,
}

impl PanelRects {
    /// The parts of a panel laid out by `window` for `seats` seats and
    /// `buttons` buttons. Depends on sizes only, never on what is shown.
    pub fn new(window: &WindowLayout, seats: usize, buttons: usize) -> PanelRects {
        let px = window.px;
        let c = window.controls;
        let pad = px * 0.8;
        let (x, w) = (c.x + pad, c.w - 2.0 * pad);
        let mut y = c.y + pad;
        let title = Area { x, y, w, h: px * 1.6 };
        y += title.h + px * 0.4;
        let seat_h = seat_height(px, seats);
        let seats =
            (0..seats).map(|i| Area { x, y: y + i as f32 * seat_h, w, h: seat_h - px * 0.3 }).collect::<Vec<_>>();
        y += seat_h * seats.len() as f32;
        let thinking = Area { x, y, w, h: px * 1.9 };
        y += thinking.h + px * 0.2;
        let status = Area { x, y, w, h: 2.0 * crate::widgets::line_height(px * 0.9) };
        y += status.h + px * 0.5;
        let (bh, gap) = (px * 1.9, px * 0.3);
        let bw = (w - gap * (BUTTON_COLUMNS - 1) as f32) / BUTTON_COLUMNS as f32;
        let buttons = (0..buttons)
            .map(|i| {
                let (row, col) = (i / BUTTON_COLUMNS, i % BUTTON_COLUMNS);
                Area { x: x + col as f32 * (bw + gap), y: y + row as f32 * (bh + gap), w: bw, h: bh }
            })
            .collect::<Vec<_>>();
        y += buttons.len().div_ceil(BUTTON_COLUMNS) as f32 * (bh + gap) + px * 0.2;
        let entry = Area { x, y, w, h: px * 1.9 };
        y += entry.h + px * 0.5;
        let moves = match window.moves {
            Some(m) => Area { x: m.x + px * 0.4, y: m.y + pad, w: m.w - px * 1.2, h: m.h - 2.0 * pad },
            None => Area { x, y, w, h: (c.y + c.h - pad - y).max(0.0) },
        };
        PanelRects { title, seats, thinking, status, buttons, entry, moves }
    }
}

/// The height of one seat's block: two lines and the pieces taken for
/// two players, one line each for more.
fn seat_height(px: f32, seats: usize) -> f32 {
    if seats <= 2 {
        px * 4.4
    } else {
        px * 1.75
    }
}

/// The panel's buttons, always the same ones in the same order.
pub fn panel_buttons(game: &Game, st: &PanelState) -> Vec<PanelButton> {
    let cvc = game.all_computers();
    let over = game.is_over();
    let local = !st.online;
    let b = |id, label: String, action, enabled| PanelButton { id, label, action, enabled, on: false };
    let mut list = vec![
        b("new", tr!("button-new"), Action::NewGameDialog, true),
        b("undo", tr!("button-undo"), Action::Undo, game.can_undo()),
        b("redo", tr!("button-redo"), Action::Redo, local && game.session.can_redo()),
        // A hint would search the whole truth of a game that hides some.
        b("hint", tr!("button-hint"), Action::Hint, local && !over && game.human_to_move() && game.viewer().is_none()),
        b("resign", tr!("button-resign"), Action::ResignDialog, !over && !cvc),
        b("flip", tr!("button-flip"), Action::Flip, true),
        b("save", tr!("button-save"), Action::SaveDialog, local),
        b("load", tr!("button-load"), Action::LoadDialog, local),
        b("players", tr!("button-players"), Action::PlayersDialog, local),
        b("pause", if game.paused { tr!("button-resume") } else { tr!("button-pause") }, Action::Pause, cvc && !over),
        b("step", tr!("button-step"), Action::Step, cvc && game.paused && !over),
        b(
            "replay",
            if st.replaying { tr!("button-stop-replay") } else { tr!("button-replay") },
            Action::Replay,
            !game.session.history().is_empty(),
        ),
        b("copy", tr!("button-copy"), Action::CopyPosition, true),
        b("record", tr!("button-copy-record"), Action::CopyRecord, true),
        b("paste", tr!("button-paste"), Action::PastePosition, local),
        b(
            "sound",
            match st.sound {
                SoundState::On => tr!("button-sound-on"),
                SoundState::Off => tr!("button-sound-off"),
                SoundState::Unavailable => tr!("button-no-sound"),
            },
            Action::Sound,
            st.sound != SoundState::Unavailable,
        ),
        b("settings", tr!("button-settings"), Action::SettingsDialog, true),
        b("help", tr!("button-help"), Action::Help, true),
        b("network", tr!("button-network"), Action::NetworkDialog, true),
        b("analysis", tr!("button-analysis"), Action::Analysis(crate::analysis_action::AnalysisAction::Toggle), local),
        b("offer-draw", tr!("button-offer-draw"), Action::OfferDraw, local && game.draw_offer_seat().is_some()),
        b("quit", tr!("button-quit"), Action::Quit, true),
        claim_button(game),
    ];
    list[9].on = game.paused;
    list[15].on = st.sound == SoundState::On;
    list
}

/// "Claim draw", enabled while the person to move may claim one (the
/// status line says which: a button's width cannot hold the reason).
fn claim_button(game: &Game) -> PanelButton {
    let enabled = game.human_draw_claim().is_some();
    PanelButton { id: "claim-draw", label: tr!("button-claim-draw"), action: Action::ClaimDraw, enabled, on: false }
}

/// The status line: a message, the review, the result, or whose turn it is.
pub fn status_text(game: &Game, st: &PanelState) -> (String, rules_api::Rgba) {
    if let Some((m, error)) = st.message {
        return (m.to_string(), if error { theme::ERROR } else { theme::TEXT });
    }
    if let Some(cell) = &st.end_here {
        return (tr!("status-end-here", cell = cell.as_str()), theme::ACCENT);
    }
    let info = game.session.info();
    if game.is_marking() {
        return (tr!("status-counting"), theme::ACCENT);
    }
    let history = game.session.history();
    if let Some(ply) = st.view_ply {
        let text = match ply.checked_sub(1).and_then(|i| game.shown_text(i).map(|m| (i, m))) {
            Some((i, m)) => tr!(
                "status-review",
                moves = st.numbering.label(&game.actors, i, m),
                n = st.numbering.moves(&game.actors, ply),
                total = st.numbering.moves(&game.actors, history.len())
            ),
            None => tr!("status-review-start", total = st.numbering.moves(&game.actors, history.len())),
        };
        return (text, theme::ACCENT);
    }
    if let Some(result) = game.result() {
        return (result_line(&result, info), theme::TEXT);
    }
    let side = game.session.side_to_move();
    let name = side_name(info, side);
    let check = game.in_check();
    let text = if game.paused && game.is_computer(side as usize) {
        tr!("status-paused", side = name)
    } else if !game.is_computer(side as usize) && (0..game.seats.len()).any(|s| game.is_computer(s)) {
        match (check, game.check_marked()) {
            (true, true) => tr!("status-your-move-check", side = name),
            (true, false) => tr!("status-your-move-threat", side = name),
            _ => tr!("status-your-move", side = name),
        }
    } else {
        match (check, game.check_marked()) {
            (true, true) => tr!("status-to-move-check", side = name),
            (true, false) => tr!("status-to-move-threat", side = name),
            _ => tr!("status-to-move", side = name),
        }
    };
    // What the viewer was told by the last move, in a game that hides.
    let told = game.announcement();
    let text = if told.is_empty() { text } else { format!("{text} {told}") };
    // A draw the person to move may claim, offered by the Claim draw button.
    let text = match game.human_draw_claim() {
        Some(reason) => {
            format!("{text} {}", tr!("status-may-claim", reason = crate::messages::reason_text(&reason)))
        }
        None => text,
    };
    (text, if check { theme::WARN } else { theme::TEXT })
}

/// Draws the panel and registers its buttons.
pub fn draw_panel<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    mut st: PanelState,
    window: &WindowLayout,
) -> Result<(), GuiError> {
    let area = window.panel;
    p.fill_rect(area.x, area.y, area.w, area.h, theme::PANEL)?;
    let px = window.px;
    let buttons = panel_buttons(game, &st);
    let r = PanelRects::new(window, game.seats.len(), buttons.len());
    let info = game.session.info();
    // The board editor opens from the title row (the button grid is full).
    let edit_w = r.buttons.first().map_or(px * 6.0, |b| b.w);
    let edit = Area { x: r.title.x + r.title.w - edit_w, w: edit_w, ..r.title };
    let look = if st.online { Look::Disabled } else { Look::Normal };
    button(p, hits, edit, &tr!("button-edit"), Action::OpenEditor, look, st.hover, px * 0.85)?;
    line(
        p,
        &crate::messages::game_name(info.name.as_str()),
        px * 1.3,
        Style::Bold,
        theme::TEXT,
        (r.title.x, r.title.y),
        r.title.w - edit_w - px * 0.5,
        Anchor::TopLeft,
    )?;
    let side = game.session.side_to_move() as usize;
    let live = st.view_ply.is_none();
    // Reviewing an earlier position shows what had been taken by then.
    let captured = if live { game.captured.clone() } else { game.captured_after(st.view_ply) };
    for (i, seat_area) in r.seats.iter().enumerate() {
        if i == side && !game.is_over() && live {
            p.fill_rect(area.x + 1.0, seat_area.y, 4.0, seat_area.h, theme::ACCENT)?;
        }
        let taken = captured.get(i).map(Vec::as_slice).unwrap_or(&[]);
        if r.seats.len() <= 2 {
            draw_seat(p, game, i, px, *seat_area, taken)?;
        } else {
            draw_seat_line(p, game, i, px, *seat_area, taken)?;
        }
    }
    draw_thinking(p, hits, game, &st, px, r.thinking)?;
    let (status, color) = status_text(game, &st);
    text_box(p, &status, px * 0.9, color, r.status)?;
    for (b, cell) in buttons.iter().zip(&r.buttons) {
        let look = match (b.enabled, b.on) {
            (false, _) => Look::Disabled,
            (true, true) => Look::Chosen,
            (true, false) => Look::Normal,
        };
        button(p, hits, *cell, &b.label, b.action.clone(), look, st.hover, px * 0.85)?;
    }
    let focused = st.focus == Some(Focus::MoveEntry);
    let placeholder = entry_placeholder(game);
    text_field(p, hits, r.entry, st.entry, &placeholder, focused, Action::Focus(Focus::MoveEntry), px * 0.9)?;
    if window.moves.is_some() {
        let m = window.moves.unwrap_or(area);
        p.fill_rect(m.x, m.y, 1.0, m.h, theme::WINDOW)?;
    }
    movelist::draw_move_list(p, hits, game, &mut st, r.moves, px)
}

/// The move entry's hint, with a legal move of this position as the example.
fn entry_placeholder(game: &Game) -> String {
    let example = game.legal_moves().first().and_then(|&m| game.session.move_texts(m).ok());
    match example {
        Some((coordinate, standard)) if coordinate != standard => {
            tr!("entry-placeholder-two", standard = standard, coordinate = coordinate)
        }
        Some((coordinate, _)) => tr!("entry-placeholder-one", example = coordinate),
        None => tr!("entry-placeholder"),
    }
}

/// Seat `i`'s place and points once the game is over, where the result
/// says more than who won (see [`shows_standings`]).
fn standing_of(game: &Game, i: usize) -> Option<String> {
    let result = game.result()?;
    let players = game.seats.len();
    if !shows_standings(&result, players) {
        return None;
    }
    let (place, points) = *standings(&result, players).get(i)?;
    Some(standing_text(place, points))
}

/// One seat's block: its piece, name and clock, who plays it, and the
/// pieces it has taken (`taken`).
fn draw_seat<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    i: usize,
    px: f32,
    a: Area,
    taken: &[(u8, u16)],
) -> Result<(), GuiError> {
    let info = game.session.info();
    let seat = &game.seats[i];
    let kind = game.icon_kind(i as u8);
    let icon = px * 0.85;
    draw_piece(p, info, i as u8, kind, a.x + icon + 2.0, a.y + icon + 1.0, icon)?;
    let text_x = a.x + px * 2.3;
    let clock_w = draw_clock(p, game, i, px, a.x + a.w, a.y)?;
    let name_w = a.x + a.w - text_x - clock_w - px * 0.5;
    line(p, &seat.name, px, Style::Bold, theme::TEXT, (text_x, a.y), name_w, Anchor::TopLeft)?;
    let source = game.config.players.get(i).map(|pc| seat_label(&pc.source)).unwrap_or_default();
    let who = standing_of(game, i).unwrap_or(source);
    let role = tr!("seat-line", side = side_name(info, i as u8), who = who);
    line(
        p,
        &role,
        px * 0.82,
        Style::Regular,
        theme::TEXT_DIM,
        (text_x, a.y + px * 1.25),
        a.w - px * 2.3,
        Anchor::TopLeft,
    )?;
    draw_taken(p, game, taken, (text_x, a.x + a.w), a.y + px * 3.25, px * 0.72)?;
    Ok(())
}

/// The pieces a seat has taken, in a row from `x0` up to `x1` centred on
/// `y`, `r` pixels in radius, on a light tray so that pieces of any colour
/// (black ones too) stand out from the dark panel; returns where the row
/// ended.
fn draw_taken<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    taken: &[(u8, u16)],
    (x0, x1): (f32, f32),
    y: f32,
    r: f32,
) -> Result<f32, GuiError> {
    if taken.is_empty() {
        return Ok(x0);
    }
    let info = game.session.info();
    let step = r * 1.6;
    let fit = (((x1 - x0 - 2.0 * r) / step).floor() as usize + 1).min(taken.len());
    let pad = r * 0.18;
    let width = 2.0 * r + step * (fit - 1) as f32 + 2.0 * pad;
    p.fill_rect(x0, y - r - pad, width, 2.0 * (r + pad), TRAY)?;
    let mut cx = x0 + pad;
    for &(owner, kind) in &taken[..fit] {
        draw_piece(p, info, owner, kind, cx + r, y, r)?;
        cx += step;
    }
    Ok(x0 + width)
}

/// The tray under the pieces a seat has taken: light and neutral, like a
/// board's light squares.
const TRAY: rules_api::Rgba = rules_api::Rgba::rgb(214, 208, 196);

/// One seat on one line, for games of three to six: its piece, name and
/// clock, and the pieces it has taken (or who plays it, when none).
fn draw_seat_line<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    i: usize,
    px: f32,
    a: Area,
    taken: &[(u8, u16)],
) -> Result<(), GuiError> {
    let info = game.session.info();
    let kind = game.icon_kind(i as u8);
    let icon = px * 0.6;
    let mid = a.y + a.h / 2.0;
    draw_piece(p, info, i as u8, kind, a.x + icon + 2.0, mid, icon)?;
    let text_x = a.x + px * 1.7;
    let clock_w = draw_clock(p, game, i, px * 0.85, a.x + a.w, a.y + px * 0.2)?;
    let room = a.x + a.w - text_x - clock_w - px * 0.5;
    let name = &game.seats[i].name;
    let name_w = (p.text_size(name, px * 0.9, Style::Bold).0 as f32).min(room * 0.6);
    line(p, name, px * 0.9, Style::Bold, theme::TEXT, (text_x, mid), name_w + 1.0, Anchor::MidLeft)?;
    let rest = (text_x + name_w + px * 0.5, text_x + room);
    if let Some(standing) = standing_of(game, i) {
        line(p, &standing, px * 0.8, Style::Bold, theme::TEXT, (rest.0, mid), rest.1 - rest.0, Anchor::MidLeft)?;
    } else if !taken.is_empty() {
        draw_taken(p, game, taken, rest, mid, px * 0.5)?;
    } else {
        let source = game.config.players.get(i).map(|pc| seat_label(&pc.source)).unwrap_or_default();
        let who = tr!("seat-line", side = side_name(info, i as u8), who = source);
        line(p, &who, px * 0.75, Style::Regular, theme::TEXT_DIM, (rest.0, mid), rest.1 - rest.0, Anchor::MidLeft)?;
    }
    Ok(())
}

/// Draws seat `side`'s clock with its right edge at `right`: the countdown
/// under a time control (boxed while it runs, red in the last ten
/// seconds), otherwise the time used. Returns its width.
fn draw_clock<T: RenderTarget>(
    p: &mut Painter<T>,
    game: &Game,
    side: usize,
    px: f32,
    right: f32,
    y: f32,
) -> Result<f32, GuiError> {
    let size = px * 1.1;
    let Some(left) = game.countdown(side) else {
        let (w, _) =
            p.text(&clock_text(game.clock(side)), size, Style::Bold, theme::TEXT, right, y, Anchor::TopRight)?;
        return Ok(w as f32);
    };
    let text = countdown_text(left);
    let color = if left < Duration::from_secs(10) { theme::ERROR } else { theme::TEXT };
    let (tw, th) = p.text_size(&text, size, Style::Bold);
    if game.countdown_running() == Some(side) {
        let pad = px * 0.3;
        let (bx, by, bw, bh) = (right - tw as f32 - pad, y - pad * 0.5, tw as f32 + 2.0 * pad, th as f32 + pad);
        p.fill_rect(bx, by, bw, bh, theme::darker(theme::ACCENT, 0.45))?;
        p.frame_rect(bx, by, bw, bh, 1.0, theme::ACCENT)?;
    }
    p.text(&text, size, Style::Bold, color, right, y, Anchor::TopRight)?;
    Ok(tw as f32 + px * 0.6)
}

/// The thinking box: who thinks and what it thinks of the position, with a
/// bar of its time; a click shows the search's details instead.
fn draw_thinking<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    game: &Game,
    st: &PanelState,
    px: f32,
    a: Area,
) -> Result<(), GuiError> {
    let info = game.session.info();
    let mover = game.session.side_to_move();
    let text = if game.is_thinking() {
        let who = game.seats.get(mover as usize).map_or(String::new(), |s| s.name.clone());
        // In a game that hides, the search's score and line could tell
        // what the person may not see: only who is thinking.
        let thinking = game.thinking.as_ref().filter(|_| game.viewer().is_none());
        match (thinking, st.details) {
            (Some(t), true) => tr!(
                "thinking-details",
                depth = t.depth as usize,
                nodes = count_text(t.nodes),
                line = game.thinking_line.as_str()
            ),
            (Some(t), false) => {
                tr!("thinking-eval", who = who, eval = evaluation_text(info, t.score, mover))
            }
            (None, _) => tr!("thinking", who = who),
        }
    } else if game.hint_pending() {
        tr!("thinking-hint")
    } else {
        String::new()
    };
    if text.is_empty() {
        return Ok(());
    }
    line(p, &text, px * 0.82, Style::Regular, theme::ACCENT, (a.x, a.y), a.w, Anchor::TopLeft)?;
    if let Some((spent, budget)) = game.search_progress() {
        let bar_y = a.y + px * 1.3;
        let fraction = if budget.is_zero() { 0.0 } else { (spent.as_secs_f32() / budget.as_secs_f32()).min(1.0) };
        p.fill_rect(a.x, bar_y, a.w, px * 0.3, theme::BUTTON)?;
        p.fill_rect(a.x, bar_y, a.w * fraction, px * 0.3, theme::PROGRESS)?;
    }
    hits.add(a, Action::ToggleDetails);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_keep_their_places_whatever_is_shown() {
        for ((w, h), seats) in [(640, 480), (1120, 760), (700, 1200), (700, 1100), (640, 900), (1900, 600)]
            .into_iter()
            .flat_map(|size| (1..=6).map(move |seats| (size, seats)))
        {
            let window = WindowLayout::new(w, h);
            let r = PanelRects::new(&window, seats, 20);
            let c = window.controls;
            for (i, b) in r.buttons.iter().enumerate() {
                assert!(b.x >= c.x && b.x + b.w <= c.x + c.w + 0.01, "{w}x{h}: button {i} {b:?}");
                assert!(b.y > r.status.y + r.status.h, "{w}x{h}: buttons below the status");
                assert!(b.y + b.h < r.entry.y, "{w}x{h}");
                assert!(b.w >= 60.0 && b.h >= 20.0, "{w}x{h}: button {b:?} too small");
            }
            assert!(r.entry.y + r.entry.h <= c.y + c.h, "{w}x{h}: the move entry is on screen");
            let needed = r.entry.y + r.entry.h + window.px * 0.8 - c.y;
            assert!(needed <= crate::layout::CONTROLS_HEIGHT * window.px + 0.5, "{w}x{h}: controls need {needed}");
            assert!(r.moves.h >= window.px * 4.0, "{w}x{h}: room for moves: {:?}", r.moves);
            assert_eq!(r, PanelRects::new(&window, seats, 20), "the same sizes give the same places");
            for pair in r.seats.windows(2) {
                assert!(pair[0].y + pair[0].h <= pair[1].y, "{w}x{h}, {seats} seats: {pair:?}");
            }
            assert!(r.seats.iter().all(|s| s.h >= window.px * 1.3), "{w}x{h}: a seat is a line at least");
        }
    }
}
