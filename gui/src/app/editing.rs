//! The board editor in the window: opening it on the position shown,
//! its clicks, keys and typing, the clipboard, and "Play from here" (the
//! New game dialog with the edited position as its start).

use std::sync::Arc;

use sdl2::keyboard::{Keycode, Mod};

use super::App;
use crate::dialogs::Dialog;
use crate::editor::{Editor, EditorAction, TextEdit, Tool};
use crate::tr;

impl App {
    /// Opens the editor on the position on screen.
    pub(super) fn open_editor(&mut self) {
        if self.net.is_some() {
            self.say(tr!("editor-not-online"), true);
            return;
        }
        let position = self.shown_position();
        let text = match self.game.session.position_text(&position) {
            Ok(text) => text,
            Err(e) => return self.say(e.to_string(), true),
        };
        match Editor::open(Arc::clone(self.game.session.rules()), &text) {
            Ok(editor) => {
                self.editor = Some(editor);
                self.dialog = None;
                self.replay = None;
                self.set_focus(None);
            }
            Err(e) => self.say(tr!("editor-cannot-open", reason = e), true),
        }
    }

    /// A command of the editor's panel.
    pub(super) fn editor_act(&mut self, action: EditorAction) {
        self.dirty = true;
        let Some(editor) = &mut self.editor else { return };
        editor.typing = action == EditorAction::FocusText;
        match action {
            EditorAction::Copy => {
                let text = editor.text.text().to_string();
                if let Some(Err(e)) = self.clipboard.as_ref().map(|c| c.set_clipboard_text(&text)) {
                    editor.note = Some(tr!("editor-clipboard-failed", reason = e));
                }
            }
            EditorAction::Paste => {
                let text = self.clipboard.as_ref().and_then(|c| c.clipboard_text().ok()).unwrap_or_default();
                match text.lines().map(str::trim).find(|l| !l.is_empty()) {
                    Some(line) => editor.set_text(line),
                    None => editor.note = Some(tr!("paste-empty")),
                }
            }
            EditorAction::Play => self.play_from_editor(),
            EditorAction::Close => self.editor = None,
            other => editor.act(&other),
        }
        self.sync_editor_typing();
    }

    /// The New game dialog on this game, its start position the edited one.
    fn play_from_editor(&mut self) {
        let Some(text) = self.editor.as_ref().and_then(|e| e.accepted_text()).map(str::to_string) else { return };
        self.editor = None;
        self.open_new_game();
        if let Some(Dialog::NewGame(form)) = &mut self.dialog {
            form.start = text;
        }
    }

    /// SDL's text input follows the editor's text field.
    fn sync_editor_typing(&mut self) {
        let typing = self.editor.as_ref().is_some_and(|e| e.typing);
        if let Some(ti) = &self.text_input {
            if typing {
                ti.start();
            } else {
                ti.stop();
            }
        }
    }

    /// A press while the editor is open: its controls, else a cell of the
    /// board (the right button empties it).
    pub(super) fn editor_press(&mut self, x: f32, y: f32, right: bool) {
        self.hover = (x, y);
        self.dirty = true;
        if !right {
            if let Some(crate::controls::Action::Editor(action)) = self.hits.at(x, y) {
                self.editor_act(action);
                return;
            }
        }
        let Some(editor) = &mut self.editor else { return };
        editor.typing = false;
        if let Some(cell) = editor.cell_at(x, y) {
            editor.click(cell, right);
        }
        self.sync_editor_typing();
    }

    /// Text typed while the editor's field has the keyboard.
    pub(super) fn editor_typed(&mut self, typed: &str) {
        if let Some(editor) = self.editor.as_mut().filter(|e| e.typing) {
            editor.text.insert(typed);
            editor.reread();
            self.dirty = true;
        }
    }

    /// A key while the editor is open: editing keys in its text field,
    /// else Escape leaves, Ctrl+C and Ctrl+V copy and paste the text.
    pub(super) fn editor_key(&mut self, key: Keycode, keymod: Mod) {
        use crate::editor::EditKey;
        self.dirty = true;
        let ctrl = keymod.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD);
        let typing = self.editor.as_ref().is_some_and(|e| e.typing);
        let edit = match key {
            Keycode::Left => Some(EditKey::Left),
            Keycode::Right => Some(EditKey::Right),
            Keycode::Home => Some(EditKey::Home),
            Keycode::End => Some(EditKey::End),
            Keycode::Backspace => Some(EditKey::Backspace),
            Keycode::Delete => Some(EditKey::Delete),
            _ => None,
        };
        if let (Some(k), true, Some(editor)) = (edit, typing, self.editor.as_mut()) {
            if editor.text.key(k) {
                editor.reread();
            }
            return;
        }
        match key {
            Keycode::C if ctrl => self.editor_act(EditorAction::Copy),
            Keycode::V if ctrl => self.editor_act(EditorAction::Paste),
            Keycode::Return | Keycode::KpEnter | Keycode::Escape if typing => {
                if let Some(editor) = &mut self.editor {
                    editor.typing = false;
                }
                self.sync_editor_typing();
            }
            Keycode::Escape => self.editor = None,
            _ => {}
        }
    }

    /// The editor for the test layout dump: its cells, controls by name
    /// (`tool:OWNER:KIND`, `erase`, `clear`, `start`, `side:I`,
    /// `hand+`, `hand-`, `text`, `copy`, `paste`, `play`, `close`), the
    /// pieces, the text, the side to move and the plugin's verdict.
    pub(super) fn dump_editor(&mut self, w: u32, h: u32) {
        let Some(editor) = &self.editor else { return };
        let Some(layout) = &editor.layout else { return };
        let board = editor.shown();
        let cells = super::dump::cell_positions(board, layout);
        let name = |cell: u16| board.geometry.cells.get(cell as usize).map(|c| c.name.to_string());
        let pieces: serde_json::Map<String, serde_json::Value> = editor
            .pieces()
            .iter()
            .filter_map(|p| Some((name(p.cell)?, serde_json::json!([p.owner, p.kind]))))
            .collect();
        let info = editor.info();
        let mut named: Vec<(String, EditorAction)> = vec![
            ("erase".into(), EditorAction::Tool(Tool::Erase)),
            ("clear".into(), EditorAction::Clear),
            ("start".into(), EditorAction::Start),
            ("hand+".into(), EditorAction::Hand(1)),
            ("hand-".into(), EditorAction::Hand(-1)),
            ("text".into(), EditorAction::FocusText),
            ("copy".into(), EditorAction::Copy),
            ("paste".into(), EditorAction::Paste),
            ("play".into(), EditorAction::Play),
            ("close".into(), EditorAction::Close),
        ];
        for owner in 0..info.players.len() as u8 {
            named.push((format!("side:{owner}"), EditorAction::Side(owner)));
            for kind in 0..info.piece_types.len() as u16 {
                named.push((format!("tool:{owner}:{kind}"), EditorAction::Tool(Tool::Place(owner, kind))));
            }
        }
        let mut buttons = serde_json::Map::new();
        for (label, action) in named {
            if let Some((x, y)) = self.hits.centre_of(&crate::controls::Action::Editor(action)) {
                buttons.insert(label, serde_json::json!([x.round(), y.round()]));
            }
        }
        let text: &TextEdit = &editor.text;
        let dump = serde_json::json!({
            "dialog": "editor", "window": [w, h], "cells": cells, "buttons": buttons, "pieces": pieces,
            "kinds": info.piece_types.iter().map(|t| t.name.to_string()).collect::<Vec<_>>(),
            "editor": {
                "text": text.text(), "error": editor.error(), "note": editor.note, "side": editor.side(),
                "typing": editor.typing, "clickable": editor.clickable(), "hands": editor.board().hands,
            },
        });
        let line = dump.to_string();
        if line != self.dumped {
            eprintln!("TABULA_LAYOUT {line}");
            self.dumped = line;
        }
    }
}
