//! Dialogs drawn over the window. Each is a variant of [`Dialog`] with its
//! own state and a drawing function; they share a frame ([`frame`]), the
//! widgets of [`crate::widgets`] and the [`Pen`]. A new dialog adds a
//! variant, a function drawing it, and the actions its buttons send.

mod catalog;
pub mod engines;
mod files;
mod forms;
mod game_list;
mod new_game;
mod over;
mod preview;
mod seat_rows;
mod user_variants;

use rules_api::{GameInfo, Move};
use sdl2::render::RenderTarget;

pub use files::{GamesForm, Listed, LoadForm, SaveForm};
pub use forms::SettingsForm;
pub use new_game::{GameChoice, ListRow, NewGameForm};
pub use over::card_lines;
pub use preview::BoardPreview;
pub use user_variants::{add_config_variants, with_config_dirs};

use crate::board::draw_piece;
use crate::controls::{Action, Focus, Hits, Look};
use crate::fonts::Style;
use crate::game::Game;
use crate::layout::Area;
use crate::messages::side_name;
use crate::paint::{Anchor, Painter};
use crate::seats::SeatsForm;
use crate::widgets::{button, line, line_height, text_box, wrap_lines};
use crate::{theme, tr, GuiError};

/// An open dialog.
#[derive(Clone, Debug, PartialEq)]
pub enum Dialog {
    /// Choose a game, its options and the players.
    NewGame(Box<NewGameForm>),
    /// Name the saved game.
    Save(SaveForm),
    /// Choose a saved game.
    Load(LoadForm),
    /// Choose a game of a PGN file (or of PGN pasted).
    Games(Box<GamesForm>),
    /// Change who plays each seat, keeping the game.
    Seats(SeatsForm),
    /// Language, board turning, animation, replay speed.
    Settings(SettingsForm),
    /// The rules and the keys, scrolled down by this many lines.
    Help(String, usize),
    /// Leave a game in progress?
    ConfirmQuit,
    /// Give up?
    ConfirmResign,
    /// Leave a network game that goes on (or waits for players)?
    ConfirmLeave,
    /// The result.
    GameOver,
    /// Which of the moves the clicks chose (a promotion piece, which
    /// pieces a capture takes), with their standard notation.
    Choose(Vec<(Move, String)>),
    /// Resume the game in progress when Tabula last closed? (its description)
    Resume(String),
    /// The board covered between two people at one table in a game with
    /// hidden information, until the one named (a player) clicks.
    HandOver(u8),
}

impl Dialog {
    /// Closes the dialog's open drop-down list, if it has one (Escape
    /// closes that first, not the dialog); `true` when it did.
    pub fn close_dropdown(&mut self) -> bool {
        match self {
            Dialog::NewGame(form) => form.close_dropdown(),
            Dialog::Seats(form) => form.open.take().is_some(),
            _ => false,
        }
    }

    /// A short stable name (the test layout dump).
    pub fn name(&self) -> &'static str {
        match self {
            Dialog::NewGame(_) => "new",
            Dialog::Save(_) => "save",
            Dialog::Load(_) => "load",
            Dialog::Games(_) => "games",
            Dialog::Seats(_) => "players",
            Dialog::Settings(_) => "settings",
            Dialog::Help(..) => "help",
            Dialog::ConfirmQuit => "quit",
            Dialog::ConfirmResign => "resign",
            Dialog::ConfirmLeave => "leave",
            Dialog::GameOver => "over",
            Dialog::Choose(_) => "choose",
            Dialog::Resume(_) => "resume",
            Dialog::HandOver(_) => "handover",
        }
    }
}

/// A box of `w`×`h` centred in `window` over a shade; returns its area.
pub fn frame<T: RenderTarget>(p: &mut Painter<T>, window: Area, w: f32, h: f32) -> Result<Area, GuiError> {
    p.fill_rect(window.x, window.y, window.w, window.h, theme::SHADE)?;
    let (w, h) = (w.min(window.w - 16.0), h.min(window.h - 16.0));
    let a = Area { x: window.x + (window.w - w) / 2.0, y: window.y + (window.h - h) / 2.0, w, h };
    p.fill_rect(a.x, a.y, a.w, a.h, theme::DIALOG)?;
    p.frame_rect(a.x, a.y, a.w, a.h, 1.0, theme::BUTTON_HOT)?;
    Ok(a)
}

/// What every dialog draws with: the painter, the click regions, the
/// pointer, the text size and the button height.
pub struct Pen<'p, 'a, 'r, T: RenderTarget> {
    /// The painter.
    pub p: &'p mut Painter<'a, 'r, T>,
    /// The click regions.
    pub hits: &'p mut Hits,
    /// The pointer.
    pub hover: (f32, f32),
    /// The text size.
    pub px: f32,
    /// The button height.
    pub bh: f32,
    /// Where typed text goes.
    pub focus: Option<Focus>,
}

impl<T: RenderTarget> Pen<'_, '_, '_, T> {
    /// A button.
    pub fn button(&mut self, area: Area, label: &str, action: Action, look: Look) -> Result<(), GuiError> {
        button(self.p, self.hits, area, label, action, look, self.hover, self.px)
    }

    /// Buttons sharing the bottom edge of `a`, right-aligned, each as wide
    /// as the widest label needs (at least `px * 7`).
    pub fn corner_buttons(&mut self, a: Area, items: &[(String, Action, Look)]) -> Result<(), GuiError> {
        let (px, bh) = (self.px, self.bh);
        let widest = items.iter().map(|(l, ..)| self.p.text_size(l, px, Style::Regular).0 as f32).fold(0.0, f32::max);
        let n = items.len() as f32;
        let bw = (widest + px * 2.0).max(px * 7.0).min((a.w - px * (n + 1.0)) / n);
        let by = a.y + a.h - bh - px;
        for (k, (label, action, look)) in items.iter().enumerate() {
            let x = a.x + a.w - (n - k as f32) * (bw + px);
            self.button(Area { x, y: by, w: bw, h: bh }, label, action.clone(), *look)?;
        }
        Ok(())
    }

    /// A title in bold at (x, y), shortened to `w`.
    pub fn title(&mut self, text: &str, scale: f32, (x, y): (f32, f32), w: f32) -> Result<(), GuiError> {
        line(self.p, text, self.px * scale, Style::Bold, theme::TEXT, (x, y), w, Anchor::TopLeft)
    }
}

/// Draws `dialog` over `window`; clicks outside the box do nothing.
pub fn draw_dialog<T: RenderTarget>(
    p: &mut Painter<T>,
    hits: &mut Hits,
    dialog: &mut Dialog,
    game: &Game,
    window: Area,
    (hover, focus): ((f32, f32), Option<Focus>),
) -> Result<(), GuiError> {
    let px = (window.h.min(window.w) / 40.0).clamp(12.0, 16.0);
    // Swallow clicks outside the box: a region under everything else.
    hits.add(window, Action::Swallow);
    let mut pen = Pen { p, hits, hover, px, bh: px * 2.0, focus };
    match dialog {
        Dialog::NewGame(form) => new_game::draw(&mut pen, window, form),
        Dialog::Save(form) => files::draw_save(&mut pen, window, form),
        Dialog::Load(form) => files::draw_load(&mut pen, window, form),
        Dialog::Games(form) => files::draw_games(&mut pen, window, form),
        Dialog::Seats(form) => forms::draw_seats(&mut pen, window, form, game),
        Dialog::Settings(form) => forms::draw_settings(&mut pen, window, form),
        Dialog::Help(text, first) => help(&mut pen, window, text, first, game),
        Dialog::ConfirmQuit => confirm(
            &mut pen,
            window,
            &tr!("quit-question"),
            &[
                (tr!("button-quit"), Action::ConfirmQuit, Look::Normal),
                (tr!("button-save-and-quit"), Action::SaveAndQuit, Look::Normal),
                (tr!("button-cancel"), Action::CloseDialog, Look::Normal),
            ],
        ),
        Dialog::ConfirmResign => confirm(
            &mut pen,
            window,
            &tr!("resign-question"),
            &[
                (tr!("button-resign"), Action::Resign, Look::Normal),
                (tr!("button-cancel"), Action::CloseDialog, Look::Normal),
            ],
        ),
        Dialog::ConfirmLeave => confirm(
            &mut pen,
            window,
            "Leave this network game? Your seat stays yours: come back with the same room to go on.",
            &[
                (tr!("button-quit"), Action::ConfirmQuit, Look::Normal),
                (tr!("button-cancel"), Action::CloseDialog, Look::Normal),
            ],
        ),
        Dialog::Resume(text) => confirm(
            &mut pen,
            window,
            &tr!("resume-question", game = text.as_str()),
            &[
                (tr!("button-resume-game"), Action::Resume, Look::Normal),
                (tr!("button-discard"), Action::DiscardResume, Look::Normal),
            ],
        ),
        Dialog::GameOver => over::draw(&mut pen, window, game),
        Dialog::HandOver(player) => hand_over(&mut pen, window, game, *player),
        Dialog::Choose(moves) => chooser(&mut pen, window, moves, game),
    }
}

/// A question with buttons under it.
fn confirm<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    question: &str,
    buttons: &[(String, Action, Look)],
) -> Result<(), GuiError> {
    let px = pen.px;
    let w = (px * 32.0).min(window.w - 16.0);
    let lines = wrap_lines(pen.p, question, px * 1.05, w - 2.0 * px).len().max(1) as f32;
    let a = frame(pen.p, window, w, px * 5.5 + lines * line_height(px * 1.05))?;
    let body = Area { x: a.x + px, y: a.y + px * 1.2, w: a.w - 2.0 * px, h: lines * line_height(px * 1.05) };
    text_box(pen.p, question, px * 1.05, theme::TEXT, body)?;
    pen.corner_buttons(a, buttons)
}

/// The rules, the keys and what the marks on the board mean, scrollable.
fn help<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    text: &str,
    first: &mut usize,
    game: &Game,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let a = frame(pen.p, window, px * 44.0, window.h - 30.0)?;
    let x = a.x + px;
    let name = crate::messages::game_name(game.session.info().name.as_str());
    pen.title(&tr!("help-title", game = name), 1.3, (x, a.y + px), a.w - 2.0 * px)?;
    let body = format!("{}\n\n{}\n\n{}", reflow(text), tr!("help-marks"), tr!("help-keys"));
    let (top, room, width) = (a.y + px * 3.4, a.h - px * 3.4 - bh - 2.0 * px, a.w - 2.0 * px);
    let size = px * 0.9;
    let lines = wrap_lines(pen.p, &body, size, width);
    let fits = (room / line_height(size)).floor().max(1.0) as usize;
    // Keep the stored offset in range so scrolling back up answers at once.
    *first = (*first).min(lines.len().saturating_sub(fits));
    for (i, l) in lines.iter().skip(*first).take(fits).enumerate() {
        let y = top + i as f32 * line_height(size);
        pen.p.text(l, size, Style::Regular, theme::TEXT, x, y, Anchor::TopLeft)?;
    }
    if lines.len() > fits {
        let last = (*first + fits).min(lines.len());
        let note = tr!("help-scroll", first = *first + 1, last = last, total = lines.len());
        let y = a.y + a.h - bh / 2.0 - px;
        line(pen.p, &note, px * 0.8, Style::Regular, theme::TEXT_DIM, (x, y), a.w * 0.6, Anchor::MidLeft)?;
    }
    pen.corner_buttons(a, &[(tr!("button-close"), Action::CloseDialog, Look::Normal)])
}

/// The whole window covered, nothing of the game showing, and one line:
/// hand the window over to the next person, who clicks to see their view.
fn hand_over<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    game: &Game,
    player: u8,
) -> Result<(), GuiError> {
    let px = pen.px;
    pen.p.fill_rect(window.x, window.y, window.w, window.h, theme::WINDOW)?;
    let info = game.session.info();
    let name = game.seats.get(player as usize).map_or(String::new(), |s| s.name.clone());
    let (x, y) = (window.x + window.w / 2.0, window.y + window.h / 2.0);
    draw_piece(pen.p, info, player, game.icon_kind(player), x, y - px * 5.0, px * 2.0)?;
    let text = tr!("hand-over", side = side_name(info, player), name = name);
    let w = (window.w - 4.0 * px).min(px * 40.0);
    line(pen.p, &text, px * 1.4, Style::Bold, theme::TEXT, (x, y - px * 1.5), w, Anchor::Center)?;
    let note = tr!("hand-over-note");
    line(pen.p, &note, px, Style::Regular, theme::TEXT_DIM, (x, y + px * 0.8), w, Anchor::Center)?;
    let bw = px * 12.0;
    pen.button(
        Area { x: x - bw / 2.0, y: y + px * 2.5, w: bw, h: pen.bh },
        &tr!("button-show-board"),
        Action::HandOver,
        Look::Normal,
    )?;
    // A click anywhere on the cover will do.
    pen.hits.add(window, Action::HandOver);
    Ok(())
}

/// The move chooser: one box per move with its standard notation and,
/// when the moves differ by the piece they promote to or drop, that piece
/// (most valuable first).
fn chooser<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    moves: &[(Move, String)],
    game: &Game,
) -> Result<(), GuiError> {
    let px = pen.px;
    let info: &GameInfo = game.session.info();
    let plain: Vec<Move> = moves.iter().map(|(m, _)| *m).collect();
    let shown = pieces_shown(&plain, info, game);
    let by_piece = shown.is_some();
    let widest = moves.iter().map(|(_, t)| pen.p.text_size(t, px, Style::Regular).0 as f32).fold(0.0, f32::max);
    let cell_w = (widest + px * 1.5).max(px * 4.5);
    let per_row = ((window.w - 6.0 * px) / cell_w).floor().max(1.0) as usize;
    let rows = moves.len().div_ceil(per_row).max(1);
    let cell_h = if by_piece { px * 6.0 } else { px * 2.6 };
    let columns = moves.len().clamp(1, per_row) as f32;
    let a = frame(pen.p, window, (cell_w * columns + 2.0 * px).max(px * 20.0), cell_h * rows as f32 + px * 8.0)?;
    let title = if by_piece { tr!("promote-to") } else { tr!("choose-move") };
    pen.title(&title, 1.2, (a.x + px, a.y + px), a.w - 2.0 * px)?;
    let owner = game.session.side_to_move();
    let left = a.x + (a.w - cell_w * columns) / 2.0;
    for (k, (m, text)) in moves.iter().enumerate() {
        let (row, col) = (k / per_row, k % per_row);
        let area =
            Area { x: left + col as f32 * cell_w, y: a.y + px * 3.0 + row as f32 * cell_h, w: cell_w, h: cell_h };
        let hot = area.contains(pen.hover.0, pen.hover.1);
        pen.p.fill_rect(
            area.x + 2.0,
            area.y + 2.0,
            area.w - 4.0,
            area.h - 4.0,
            if hot { theme::BUTTON_HOT } else { theme::BUTTON },
        )?;
        let label_y = if by_piece {
            let r = (cell_h - px * 2.2) * 0.42;
            let kind = shown.as_ref().map_or(0, |kinds| kinds[k]);
            draw_piece(pen.p, info, owner, kind, area.x + cell_w / 2.0, area.y + px * 0.4 + r + 2.0, r)?;
            area.y + cell_h - px * 1.1
        } else {
            area.y + cell_h / 2.0
        };
        pen.p.text(text, px, Style::Regular, theme::TEXT, area.x + cell_w / 2.0, label_y, Anchor::Center)?;
        pen.hits.add(area, Action::ChooseMove(*m));
    }
    pen.corner_buttons(a, &[(tr!("button-cancel"), Action::CloseDialog, Look::Normal)])
}

/// The piece each of `moves` leaves on its square, when they differ by
/// that alone (they share their cells): the piece a move promotes to or
/// drops, and for a move that declines a promotion another of them offers
/// (shogi), the piece that moves, as it stays. `None`: they differ
/// otherwise, and the chooser shows their notation only.
fn pieces_shown(moves: &[Move], info: &GameInfo, game: &Game) -> Option<Vec<u16>> {
    let first = *moves.first()?;
    let names_piece = |m: &Move| m.extra > 0 && (m.extra as usize) <= info.piece_types.len();
    if !moves.iter().all(|m| m.from == first.from && m.to == first.to) {
        return None;
    }
    let position = game.session.position();
    let mut infos = rules_api::RVec::new();
    let _ = position.move_infos(rules_api::RSlice::from_slice(moves), &mut infos);
    let promotes = infos.iter().any(|i| i.flags.contains(rules_api::MoveFlags::PROMOTION));
    let mut pieces = rules_api::RVec::new();
    let _ = position.pieces(&mut pieces);
    let mover = pieces.iter().find(|p| p.cell == first.from).map(|p| p.kind);
    moves
        .iter()
        .map(|m| match (names_piece(m), m.extra == 0 && promotes) {
            (true, _) => Some(m.extra - 1),
            (false, true) => mover,
            (false, false) => None,
        })
        .collect()
}

/// `moves` ordered most valuable promotion first (by the piece types'
/// values; the order of equal values kept).
pub fn promotion_order(moves: Vec<Move>, info: &GameInfo) -> Vec<Move> {
    let mut moves = moves;
    let value =
        |m: &Move| m.extra.checked_sub(1).and_then(|k| info.piece_types.get(k as usize)).map_or(i32::MIN, |t| t.value);
    moves.sort_by_key(|m| std::cmp::Reverse(value(m)));
    moves
}

/// Joins lines that a plugin wrapped by hand (a line that does not end a
/// sentence or a heading, followed by one starting in lowercase; or a
/// deeper-indented line under a definition), so the text can be wrapped
/// again at the dialog's width.
pub fn reflow(text: &str) -> String {
    let mut out = String::new();
    // The indentation of the line the current output line started with, and
    // whether that line is a definition (`term   text`): a deeper line below
    // a definition (a hanging indent) continues it.
    let (mut indent, mut definition) = (0, false);
    for line in text.lines() {
        let depth = line.len() - line.trim_start().len();
        let blank = out.is_empty() || out.ends_with('\n');
        let open_sentence = !blank && !out.ends_with(['.', ':', ';', '!', '?', ')']);
        let lowercase = line.trim_start().chars().next().is_some_and(|c| c.is_lowercase());
        let hanging = definition && !blank && depth > indent && !line.trim().is_empty();
        if (open_sentence && lowercase) || hanging {
            out.push(' ');
            out.push_str(line.trim());
        } else {
            if !out.is_empty() {
                out.push('\n');
            }
            out.push_str(line.trim_end());
            indent = depth;
            definition = line.trim().contains("  ");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules_api::{PieceType, PlayerInfo, Rgba};

    #[test]
    fn hand_wrapped_sentences_are_joined_and_paragraphs_kept() {
        let text = "Black may never play a\n   forbidden point.\n\nVariants:\nfree  five wins.\nexact  only five.";
        assert_eq!(
            reflow(text),
            "Black may never play a forbidden point.\n\nVariants:\nfree  five wins.\nexact  only five."
        );
        let hanging = "MOVES\n  King    one square.\nRules:\n  renju   Black may not play a double four\n          (two fours at once) or a straight (open)\n          four.\n  free    Five wins.\nExample:\n  ..x.. o\nDone.";
        assert_eq!(
            reflow(hanging),
            "MOVES\n  King    one square.\nRules:\n  renju   Black may not play a double four (two fours at once) or a straight (open) four.\n  free    Five wins.\nExample:\n  ..x.. o\nDone."
        );
    }

    #[test]
    fn the_most_valuable_promotion_comes_first() {
        let t = |name: &str, value| PieceType::new(name, &["a", "b"], &["A", "B"], value);
        let p = PlayerInfo { name: "x".into(), color: Rgba::rgb(0, 0, 0), ink: Rgba::rgb(1, 1, 1) };
        let info = GameInfo {
            name: "T".into(),
            players: vec![p.clone(), p].into(),
            piece_types: vec![t("small", 100), t("medium", 320), t("big", 900), t("mid", 500)].into(),
            position_format: "text".into(),
        };
        let moves: Vec<Move> = (1..=4).map(|k| Move { from: 1, to: 2, extra: k, tag: 0 }).collect();
        let order: Vec<u16> = promotion_order(moves, &info).iter().map(|m| m.extra).collect();
        assert_eq!(order, vec![3, 4, 2, 1]);
    }
}
