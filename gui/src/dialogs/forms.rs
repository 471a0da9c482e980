//! The Players dialog (who plays each seat, the game going on) and the
//! Settings dialog (language, board turning, sliding pieces, replay speed).

use sdl2::render::RenderTarget;

use super::seat_rows::{draw_seat_widgets, level_labels, level_of, popup_list, SeatActions};
use super::{frame, Pen};
use crate::controls::{Action, FormKey, Look};
use crate::fonts::Style;
use crate::game::Game;
use crate::i18n::Lang;
use crate::layout::Area;
use crate::messages::{level_note, seat_label, side_name};
use crate::paint::Anchor;
use crate::seats::{offered_levels, SeatChoice, SeatsForm};
use crate::settings::{Settings, REPLAY_SPEEDS};
use crate::themes::{BoardTheme, PieceSet};
use crate::widgets::{choice_row, line, text_box};
use crate::{theme, tr, GuiError};

/// The Settings dialog's state: the settings as they are now.
#[derive(Clone, Debug, PartialEq)]
pub struct SettingsForm {
    /// The settings shown.
    pub settings: Settings,
}

impl SettingsForm {
    /// The rows: key, label and the choices with the chosen one.
    fn rows(&self) -> Vec<(FormKey, String, Vec<String>, usize)> {
        let s = &self.settings;
        let on_off = || vec![tr!("choice-on"), tr!("choice-off")];
        let mut languages = vec![tr!("language-auto")];
        languages.extend(Lang::ALL.iter().map(|l| l.own_name().to_string()));
        let language = Lang::ALL.iter().position(|l| l.tag() == s.language).map_or(0, |i| i + 1);
        let speeds = REPLAY_SPEEDS
            .iter()
            .map(|ms| tr!("replay-speed", seconds = format!("{:.1}", *ms as f64 / 1000.0)))
            .collect();
        let speed = REPLAY_SPEEDS.iter().position(|&ms| ms == s.replay_ms).unwrap_or(1);
        vec![
            (FormKey::Language, tr!("settings-language"), languages, language),
            (FormKey::AutoFlip, tr!("settings-auto-flip"), on_off(), usize::from(!s.auto_flip)),
            (FormKey::Animate, tr!("settings-animate"), on_off(), usize::from(!s.animate)),
            (FormKey::ReplaySpeed, tr!("settings-replay"), speeds, speed),
            (FormKey::Coordinates, tr!("settings-coordinates"), on_off(), usize::from(!s.coordinates)),
            (FormKey::BoardTheme, tr!("settings-board-theme"), names(&BoardTheme::ALL.map(BoardTheme::message_id)), {
                BoardTheme::ALL.iter().position(|&t| t == BoardTheme::from_word(&s.board_theme)).unwrap_or(0)
            }),
            (FormKey::PieceSet, tr!("settings-piece-set"), names(&PieceSet::ALL.map(PieceSet::message_id)), {
                PieceSet::ALL.iter().position(|&t| t == PieceSet::from_word(&s.piece_set)).unwrap_or(0)
            }),
        ]
    }

    /// Applies item `index` of row `key`.
    pub fn pick(&mut self, key: FormKey, index: usize) {
        let s = &mut self.settings;
        match key {
            FormKey::Language => {
                s.language =
                    index.checked_sub(1).and_then(|i| Lang::ALL.get(i)).map_or("auto", |l| l.tag()).to_string();
            }
            FormKey::AutoFlip => s.auto_flip = index == 0,
            FormKey::Animate => s.animate = index == 0,
            FormKey::ReplaySpeed => s.replay_ms = REPLAY_SPEEDS.get(index).copied().unwrap_or(s.replay_ms),
            FormKey::Coordinates => s.coordinates = index == 0,
            FormKey::BoardTheme => s.board_theme = BoardTheme::ALL.get(index).map_or("game", |t| t.word()).into(),
            FormKey::PieceSet => s.piece_set = PieceSet::ALL.get(index).map_or("game", |t| t.word()).into(),
            _ => {}
        }
    }
}

/// The names of `ids` in the interface's language.
fn names(ids: &[&str]) -> Vec<String> {
    ids.iter().map(|id| tr!(id)).collect()
}

/// Draws the Settings dialog.
pub fn draw_settings<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &SettingsForm,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let rows = form.rows();
    let a = frame(pen.p, window, px * 42.0, px * 7.0 + rows.len() as f32 * (bh + px))?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    pen.title(&tr!("settings-title"), 1.3, (x, a.y + px), w)?;
    let label_w = w * 0.38;
    let mut y = a.y + px * 3.4;
    for (key, label, choices, chosen) in rows {
        line(
            pen.p,
            &label,
            px * 0.9,
            Style::Regular,
            theme::TEXT_DIM,
            (x, y + bh / 2.0),
            label_w - px * 0.5,
            Anchor::MidLeft,
        )?;
        let items: Vec<(String, Action)> =
            choices.into_iter().enumerate().map(|(k, l)| (l, Action::FormPick(key, k))).collect();
        let widget = Area { x: x + label_w, y, w: w - label_w, h: bh };
        choice_row(pen.p, pen.hits, widget, &items, Some(chosen), pen.hover, px * 0.85)?;
        y += bh + px;
    }
    pen.corner_buttons(a, &[(tr!("button-close"), Action::CloseDialog, Look::Normal)])
}

/// Draws the Players dialog: per seat its name, Person or Computer and
/// the computer's level (a drop-down), and a line on the chosen level (its
/// strength, time and Elo) or on the player kept.
pub fn draw_seats<T: RenderTarget>(
    pen: &mut Pen<'_, '_, '_, T>,
    window: Area,
    form: &mut SeatsForm,
    game: &Game,
) -> Result<(), GuiError> {
    let (px, bh) = (pen.px, pen.bh);
    let info = game.session.info();
    let a = frame(pen.p, window, px * 46.0, px * (10.0 + 3.9 * form.choices.len() as f32))?;
    let (x, w) = (a.x + px, a.w - 2.0 * px);
    pen.title(&tr!("players-title"), 1.3, (x, a.y + px), w)?;
    let note = Area { x, y: a.y + px * 3.0, w, h: px * 2.4 };
    let mut y = text_box(pen.p, &tr!("players-note"), px * 0.85, theme::TEXT_DIM, note)? + px * 0.6;
    let label_w = px * 9.0;
    let mut popup = None;
    for (seat, choice) in form.choices.iter().enumerate() {
        let name = game.seats.get(seat).map_or("", |s| s.name.as_str());
        let title = format!("{} · {name}", side_name(info, seat as u8));
        let mid = y + bh / 2.0;
        line(pen.p, &title, px * 0.9, Style::Regular, theme::TEXT_DIM, (x, mid), label_w - px * 0.5, Anchor::MidLeft)?;
        let widget = Area { x: x + label_w, y, w: w - label_w, h: bh };
        let actions = SeatActions {
            person: Action::SeatChoose(seat, SeatChoice::Human),
            computer: Action::SeatChoose(seat, SeatChoice::Computer(level_of(*choice))),
            levels: Action::SeatLevels(seat),
        };
        let at = draw_seat_widgets(pen, widget, *choice, actions)?;
        if form.open.map(|o| o.0) == Some(seat) {
            popup = Some((seat, at));
        }
        let note = match choice {
            Some(SeatChoice::Computer(level)) => level_note(*level),
            Some(SeatChoice::Human) => String::new(),
            None => {
                let now = game.config.players.get(seat).map(|p| seat_label(&p.source)).unwrap_or_default();
                tr!("players-kept", who = now)
            }
        };
        let under = (x + label_w, y + bh + px * 0.1);
        line(pen.p, &note, px * 0.75, Style::Regular, theme::TEXT_DIM, under, w - label_w, Anchor::TopLeft)?;
        y += bh + px * 1.9;
    }
    pen.corner_buttons(
        a,
        &[
            (tr!("button-cancel"), Action::CloseDialog, Look::Normal),
            (tr!("button-apply"), Action::ApplySeats, Look::Normal),
        ],
    )?;
    if let Some((seat, at)) = popup {
        let level = level_of(form.choices[seat]);
        let chosen = offered_levels().iter().position(|&l| l == level).unwrap_or(0);
        let mut first = form.open.map_or(0, |o| o.1);
        let pick = |i: usize| Action::SeatChoose(seat, SeatChoice::Computer(offered_levels()[i]));
        popup_list(pen, window, &level_labels(), chosen, at, Action::SeatLevels(seat), pick, &mut first)?;
        form.open = Some((seat, first));
    }
    Ok(())
}
