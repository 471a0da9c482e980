//! What the player does to the window: SDL events, keys, typing, the
//! mouse wheel, and presses and releases on the board and the panel.

use sdl2::event::{Event as SdlEvent, WindowEvent};
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;

use super::App;
use crate::clicks::ClickOutcome;
use crate::controls::{Action, Focus, FormKey};
use crate::dialogs::Dialog;
use crate::hands;
use crate::input::{self, Drag, DRAG_THRESHOLD};

impl App {
    pub(super) fn handle(&mut self, event: SdlEvent) {
        if let SdlEvent::KeyDown { keymod, .. } | SdlEvent::KeyUp { keymod, .. } = &event {
            self.track_mods(*keymod);
        }
        match event {
            SdlEvent::Quit { .. } => self.act(Action::Quit),
            // The board editor, while open, takes the keys, typing and clicks.
            SdlEvent::TextInput { text, .. } if self.editor.is_some() => self.editor_typed(&text),
            SdlEvent::KeyDown { keycode: Some(key), keymod, .. } if self.editor.is_some() => {
                self.editor_key(key, keymod)
            }
            SdlEvent::MouseButtonDown { mouse_btn, x, y, .. }
                if self.editor.is_some() && matches!(mouse_btn, MouseButton::Left | MouseButton::Right) =>
            {
                self.editor_press(x as f32, y as f32, mouse_btn == MouseButton::Right)
            }
            // The engine dialogs, while open, take the keys and typing.
            SdlEvent::TextInput { text, .. } if self.analysis.form.is_some() => {
                self.engine_form_text(&text);
            }
            SdlEvent::KeyDown { keycode: Some(key), .. } if self.analysis.takes_keys() => {
                self.engine_form_key(key);
            }
            SdlEvent::TextInput { text, .. } if self.lobby.as_ref().is_some_and(|l| l.focus.is_some()) => {
                if let Some(lobby) = &mut self.lobby {
                    lobby.type_text(&text);
                }
                self.dirty = true;
            }
            // Keys go to the Network dialog while it is open, not to the game behind it.
            SdlEvent::KeyDown { keycode: Some(key), .. } if self.lobby.is_some() => {
                self.lobby_key(key);
                self.dirty = true;
            }
            SdlEvent::TextInput { text, .. } if self.net.as_ref().is_some_and(|n| n.typing.is_some()) => {
                if let Some(typing) = self.net.as_mut().and_then(|n| n.typing.as_mut()) {
                    if typing.chars().count() < 200 {
                        typing.push_str(&text);
                    }
                }
                self.dirty = true;
            }
            SdlEvent::KeyDown { keycode: Some(key), .. } if self.net.as_ref().is_some_and(|n| n.typing.is_some()) => {
                self.typing_key(key);
                self.dirty = true;
            }
            SdlEvent::KeyDown { keycode: Some(key), keymod, .. } => self.key(key, keymod),
            SdlEvent::TextInput { text, .. } => {
                self.replace_selection();
                if let Some(field) = self.focused_text() {
                    field.push_str(&text);
                    self.dirty = true;
                }
                self.find_typed();
            }
            SdlEvent::MouseMotion { x, y, .. } => {
                self.hover = (x as f32, y as f32);
                if let Some(drag) = &mut self.drag {
                    drag.at = self.hover;
                    let (dx, dy) = (drag.at.0 - drag.start.0, drag.at.1 - drag.start.1);
                    drag.moved |= dx * dx + dy * dy > DRAG_THRESHOLD * DRAG_THRESHOLD;
                    self.dirty |= drag.moved;
                }
                let hovered = self.hits.index_at(self.hover.0, self.hover.1);
                if hovered != self.hovered {
                    self.hovered = hovered;
                    self.dirty = true;
                }
                // Layered boards preview the moves of the piece under the pointer.
                if self.game.geometry.layers > 1 {
                    let cell = self.cell_under(self.hover.0, self.hover.1);
                    self.dirty |= cell != self.hover_cell;
                    self.hover_cell = cell;
                }
            }
            SdlEvent::MouseWheel { y, .. } => self.wheel(y),
            SdlEvent::MouseButtonDown { mouse_btn: MouseButton::Left, x, y, .. } => self.press(x as f32, y as f32),
            SdlEvent::MouseButtonUp { mouse_btn: MouseButton::Left, x, y, .. } => self.release(x as f32, y as f32),
            SdlEvent::MouseButtonDown { mouse_btn: MouseButton::Right, x, y, .. } => {
                self.right_press(x as f32, y as f32)
            }
            SdlEvent::MouseButtonUp { mouse_btn: MouseButton::Right, x, y, .. } => {
                self.right_release(x as f32, y as f32)
            }
            SdlEvent::Window { win_event, .. } => {
                if matches!(win_event, WindowEvent::Resized(..) | WindowEvent::SizeChanged(..)) {
                    self.dumped.clear();
                }
                self.dirty = true;
            }
            _ => {}
        }
    }

    /// A key: text editing while a field has the focus, else a shortcut.
    fn key(&mut self, key: Keycode, keymod: Mod) {
        self.dirty = true;
        let ctrl = keymod.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD);
        let shift = keymod.intersects(Mod::LSHIFTMOD | Mod::RSHIFTMOD);
        if let Some(focus) = self.focus {
            match key {
                Keycode::Backspace => {
                    // A selection goes whole; otherwise the last character.
                    let cleared = self.replace_selection();
                    if let Some(field) = self.focused_text().filter(|_| !cleared) {
                        field.pop();
                    }
                    self.find_typed();
                }
                Keycode::A if ctrl => {
                    if let Some(selected) = self.focused_selection() {
                        *selected = true;
                    }
                }
                Keycode::Return | Keycode::KpEnter => self.submit(focus),
                // An open drop-down closes first, then the field lets go.
                Keycode::Escape if self.dialog.as_mut().is_some_and(Dialog::close_dropdown) => {}
                // The find field is where the New game dialog's typing goes:
                // Escape there closes the dialog, as it would without it.
                Keycode::Escape if focus == Focus::Form(FormKey::Find) => {
                    self.act(Action::CloseDialog);
                    self.forget_closed_form();
                }
                Keycode::Escape => self.set_focus(None),
                Keycode::Up | Keycode::Down if focus == Focus::Form(FormKey::Find) => {
                    let step = if key == Keycode::Up { -1 } else { 1 };
                    if let Some(Dialog::NewGame(form)) = &mut self.dialog {
                        if form.step_entry(step) {
                            self.refresh_form_sides();
                        }
                    }
                }
                Keycode::V if ctrl => {
                    let text = self.clipboard.as_ref().and_then(|c| c.clipboard_text().ok()).unwrap_or_default();
                    let line = text.lines().next().unwrap_or("").to_string();
                    self.replace_selection();
                    if let Some(field) = self.focused_text() {
                        field.push_str(&line);
                    }
                }
                Keycode::Tab => self.set_focus(None),
                _ => {}
            }
            return;
        }
        if matches!(key, Keycode::Return | Keycode::KpEnter) {
            let action = match &self.dialog {
                Some(Dialog::Save(_)) => Some(Action::SaveNamed),
                Some(Dialog::NewGame(_)) => Some(Action::StartGame),
                None if self.game.human_to_move() => Some(Action::Focus(Focus::MoveEntry)),
                _ => None,
            };
            if let Some(a) = action {
                self.act(a);
            }
            return;
        }
        if let Some(action) = input::key_action(key, ctrl, shift) {
            self.act(action);
        }
    }

    /// Enter in a field: play the move, save, load or start.
    fn submit(&mut self, focus: Focus) {
        self.set_focus(None);
        match focus {
            Focus::MoveEntry => self.act(Action::EnterMove),
            Focus::SaveName => self.act(Action::SaveNamed),
            Focus::LoadPath => self.act(Action::LoadPath),
            Focus::PgnFilter => self.pick_first_shown(),
            Focus::Form(_) => self.act(Action::StartGame),
        }
    }

    /// A field of a New game dialog that has closed takes no more keys.
    fn forget_closed_form(&mut self) {
        if matches!(self.focus, Some(Focus::Form(_))) && !matches!(self.dialog, Some(Dialog::NewGame(_))) {
            self.set_focus(None);
        }
    }

    /// After typing in the New game dialog's find field: the first game
    /// that matches is chosen, and asked who plays it.
    fn find_typed(&mut self) {
        if self.focus != Some(Focus::Form(FormKey::Find)) {
            return;
        }
        if let Some(Dialog::NewGame(form)) = &mut self.dialog {
            if form.find_typed() {
                self.refresh_form_sides();
            }
        }
    }

    /// Where typed text goes now.
    pub(super) fn set_focus(&mut self, focus: Option<Focus>) {
        self.focus = focus;
        if let Some(ti) = &self.text_input {
            if focus.is_some() {
                ti.start();
            } else {
                ti.stop();
            }
        }
        self.dirty = true;
    }

    fn focused_text(&mut self) -> Option<&mut String> {
        match (self.focus?, &mut self.dialog) {
            (Focus::MoveEntry, None) => Some(&mut self.entry),
            (Focus::SaveName, Some(Dialog::Save(form))) => Some(&mut form.name),
            (Focus::LoadPath, Some(Dialog::Load(form))) => Some(&mut form.path),
            (Focus::PgnFilter, Some(Dialog::Games(form))) => Some(&mut form.filter),
            (Focus::Form(key), Some(Dialog::NewGame(form))) => form.text_mut(key),
            _ => None,
        }
    }

    /// Whether the focused field's whole text is selected (the fields
    /// that keep a selection: the save name and the game filter).
    fn focused_selection(&mut self) -> Option<&mut bool> {
        match (self.focus?, &mut self.dialog) {
            (Focus::SaveName, Some(Dialog::Save(form))) => Some(&mut form.selected),
            (Focus::PgnFilter, Some(Dialog::Games(form))) => Some(&mut form.selected),
            _ => None,
        }
    }

    /// Typing over a selection: the selected text goes first. True when
    /// there was one.
    fn replace_selection(&mut self) -> bool {
        let Some(selected) = self.focused_selection().filter(|s| **s) else { return false };
        *selected = false;
        if let Some(field) = self.focused_text() {
            field.clear();
        }
        true
    }

    /// The wheel steps through the moves over the board, scrolls lists
    /// and dialogs elsewhere.
    fn wheel(&mut self, y: i32) {
        self.dirty = true;
        // The result card leaves the board in view: the wheel reviews there.
        let free = matches!(self.dialog, None | Some(Dialog::GameOver));
        let over_board = free && self.window.board.contains(self.hover.0, self.hover.1);
        if over_board && !self.game.session.history().is_empty() {
            self.act(Action::ReviewStep(-y));
        } else {
            self.act(Action::ScrollMoves(-y * 3));
        }
    }

    fn press(&mut self, x: f32, y: f32) {
        self.hover = (x, y);
        self.dirty = true;
        if let Some(action) = self.hits.at(x, y) {
            // Typing keeps finding games while the list is clicked.
            let finding =
                self.focus == Some(Focus::Form(FormKey::Find)) && matches!(self.dialog, Some(Dialog::NewGame(_)));
            if !matches!(action, Action::Focus(_)) && self.focus.is_some() && !finding {
                self.set_focus(None);
            }
            self.act(action);
            self.forget_closed_form();
            return;
        }
        self.set_focus(None);
        if self.dialog.is_some() || self.lobby.is_some() {
            return;
        }
        if self.view_ply.is_some() {
            self.act(Action::LiveView);
            return;
        }
        let picked = self.picked.take();
        let Some(cell) = self.cell_under(x, y) else {
            self.clicks.clear();
            return;
        };
        self.clear_marks();
        if self.game.is_marking() {
            // The marks, territory and score change with every click.
            if let Err(e) = self.game.toggle_dead(cell) {
                self.say(e, true);
            }
            return;
        }
        if !self.game.human_to_move() {
            self.premove_press(cell);
            return;
        }
        if let Some(kind) = picked {
            let legal = self.game.legal_moves();
            let drop = hands::drops_of(&legal, kind).find(|m| m.to == cell).copied();
            if let Some(m) = drop {
                self.play(m, false);
                return;
            }
        }
        self.sync_clicks();
        let before = self.clicks.clicked().to_vec();
        let outcome = self.clicks.click(cell);
        if outcome == ClickOutcome::Wait && self.clicks.clicked().last() == Some(&cell) && self.piece_on(cell) {
            self.drag = Some(Drag { cell, start: (x, y), at: (x, y), moved: false, before });
        }
        self.clicked(outcome, cell);
    }

    /// The cell of the board on screen under pixel (x, y).
    pub(super) fn cell_under(&self, x: f32, y: f32) -> Option<u16> {
        let layout = self.layout.as_ref()?;
        let board = &self.board.as_ref()?.board;
        layout.cell_at(&board.geometry, &board.hidden, x, y)
    }

    /// Whether a piece stands on `cell` in the live position (it can be
    /// dragged).
    fn piece_on(&self, cell: u16) -> bool {
        let mut pieces = rules_api::RVec::new();
        let _ = self.game.session.position().pieces(&mut pieces);
        pieces.iter().any(|p| p.cell == cell)
    }

    /// What a click (or a drop) on `cell` led to.
    fn clicked(&mut self, outcome: ClickOutcome, cell: u16) {
        match outcome {
            ClickOutcome::Wait => {}
            ClickOutcome::Play(m) => self.play(m, false),
            ClickOutcome::Choose(moves) => self.ask_which(moves),
            ClickOutcome::Refused => self.explain_refusal(cell),
        }
    }

    /// Escape or a right click: the last click of a half-made move is
    /// taken back (Escape does its other work once none is left).
    pub(super) fn back_one_click(&mut self) -> bool {
        self.drag = None;
        self.dirty = true;
        self.dialog.is_none() && self.view_ply.is_none() && self.clicks.back()
    }

    /// Several moves share the clicks: the chooser shows each in standard
    /// notation (the most valuable promotion first).
    fn ask_which(&mut self, moves: Vec<rules_api::Move>) {
        let ordered = crate::dialogs::promotion_order(moves, self.game.session.info());
        let labelled = ordered
            .into_iter()
            .map(|m| {
                let text = self.game.session.move_texts(m).map(|(_, standard)| standard).unwrap_or_default();
                (m, text)
            })
            .collect();
        self.dialog = Some(Dialog::Choose(labelled));
    }

    /// A click that plays nothing on `cell`: say why, when the game marks
    /// the cell as forbidden.
    fn explain_refusal(&mut self, cell: u16) {
        let mut highlights = rules_api::RVec::new();
        let _ = self.game.session.position().highlights(&mut highlights);
        let forbidden = highlights.iter().find(|h| h.cell == cell && h.kind == rules_api::HighlightKind::FORBIDDEN);
        if let Some(h) = forbidden {
            let side = crate::messages::side_name(self.game.session.info(), self.game.session.side_to_move());
            let text = if h.note.is_empty() {
                crate::tr!("forbidden-point", side = side)
            } else {
                let reason = crate::messages::reason_text(h.note.as_str());
                crate::tr!("forbidden-point-because", side = side, reason = reason)
            };
            self.say(text, true);
        }
    }

    /// The end of a drag: the drop is the next click; a piece dropped off
    /// the board or where it cannot go goes back, the clicks as before.
    fn release(&mut self, x: f32, y: f32) {
        let Some(drag) = self.drag.take() else { return };
        self.dirty = true;
        if !drag.moved {
            return;
        }
        match self.cell_under(x, y) {
            // Dropped back where it was: it stays picked up for a click.
            Some(cell) if cell == drag.cell => {}
            Some(cell) => match self.clicks.click(cell) {
                ClickOutcome::Refused => self.clicks.restore(drag.before),
                outcome => self.clicked(outcome, cell),
            },
            None => self.clicks.restore(drag.before),
        }
    }

    /// SDL sends typed text only while text input is on: on for the
    /// focused field, the Network dialog's field and a chat line.
    pub(super) fn sync_text_input(&self) {
        let Some(ti) = &self.text_input else { return };
        let typing = self.focus.is_some()
            || self.editor.as_ref().is_some_and(|e| e.typing)
            || self.lobby.as_ref().is_some_and(|l| l.focus.is_some())
            || self.net.as_ref().is_some_and(|n| n.typing.is_some())
            || self.engine_form_typing();
        if typing != ti.is_active() {
            if typing {
                ti.start();
            } else {
                ti.stop();
            }
        }
    }
}
