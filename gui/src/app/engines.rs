//! The window's side of the engine dialogs: the Add engine dialog (which
//! also edits an added engine) and the Engines dialog (edit; remove after
//! a question), their keys and typing, keeping the result in the settings
//! file, the analysers following, the note on a loaded game whose engine
//! is no longer an added one, and the layout dump's `manage` entry. The
//! dialogs themselves are [`crate::analysis::engines`] and
//! [`crate::dialogs::engines`].

use sdl2::keyboard::Keycode;
use sdl2::render::RenderTarget;
use tabula_core::source::PlayerSource;

use super::App;
use crate::analysis::engines::{self, EngineForm, OPTIONS, PROTOCOLS};
use crate::analysis::{draw, Analyser, AnalysisAction};
use crate::controls::Action;
use crate::dialogs::engines::{draw_engines, engine_details, EnginesDialog};
use crate::layout::Area;
use crate::paint::Painter;
use crate::saved_engines::analyses;
use crate::{tr, GuiError};

impl App {
    /// The engine dialogs' actions (the strip's are `analysis_act`'s).
    pub(super) fn engines_act(&mut self, action: AnalysisAction) {
        self.dirty = true;
        let a = &mut self.analysis;
        match action {
            AnalysisAction::AddEngine => a.form = Some(EngineForm::default()),
            AnalysisAction::Field(f) => {
                if let Some(form) = &mut a.form {
                    form.focus = Some(f);
                }
            }
            AnalysisAction::Protocol => {
                if let Some(form) = &mut a.form {
                    form.protocol = (form.protocol + 1) % PROTOCOLS.len();
                }
            }
            AnalysisAction::CheckEngine => {
                let Some(form) = &mut self.analysis.form else { return };
                // An engine being edited may keep its own name.
                let own = form.editing.as_deref();
                let taken: Vec<String> =
                    self.settings.engines.iter().map(|e| e.name.clone()).filter(|n| Some(n.as_str()) != own).collect();
                form.check(&taken);
            }
            AnalysisAction::CloseEngine => a.form = None,
            AnalysisAction::Engines => a.manage = Some(EnginesDialog::default()),
            AnalysisAction::EditEngine(i) => {
                if let Some(engine) = self.settings.engines.get(i) {
                    a.form = Some(EngineForm::editing(engine));
                }
            }
            AnalysisAction::RemoveEngine(i) => {
                if let Some(m) = &mut a.manage {
                    m.confirm = Some(i);
                }
            }
            AnalysisAction::ConfirmRemove => {
                if let Some(i) = a.manage.as_mut().and_then(|m| m.confirm.take()) {
                    self.remove_engine(i);
                }
            }
            AnalysisAction::KeepEngine => {
                if let Some(m) = &mut a.manage {
                    m.confirm = None;
                }
            }
            AnalysisAction::CloseEngines => a.manage = None,
            _ => {}
        }
    }

    fn remove_engine(&mut self, i: usize) {
        if i >= self.settings.engines.len() {
            return;
        }
        let removed = self.settings.engines.remove(i);
        self.engines_changed(&removed.name, None);
        self.say(tr!("engine-removed", name = removed.name), false);
    }

    /// After the engines changed: they are saved, and the analysers follow
    /// them. The chosen analyser stays chosen unless it was the engine
    /// `old`, which is now `new` (edited: its analysis starts again with
    /// its new program and options) or gone (removed: the first analyser).
    fn engines_changed(&mut self, old: &str, new: Option<&str>) {
        if let Err(e) = self.settings.save() {
            self.say(e, true);
        }
        let chosen = self.analysis.analyser().cloned();
        let was_it = chosen.as_ref() == Some(&Analyser::Engine(old.to_string()));
        let target = if was_it { new.map(|n| Analyser::Engine(n.to_string())) } else { chosen };
        self.analysis.analysers = self.analysers();
        self.analysis.chosen = target.and_then(|t| self.analysis.analysers.iter().position(|a| *a == t)).unwrap_or(0);
        if was_it {
            self.analysis.restart();
        }
    }

    /// Collects the engine dialog's check: the engine is added (and
    /// analyses at once when it can), or the edited one replaced.
    pub(super) fn tick_engine_form(&mut self) {
        let Some(form) = &mut self.analysis.form else { return };
        let Some(engine) = form.poll() else {
            self.dirty |= !form.checking() && form.error.is_some();
            return;
        };
        let edited = form.editing.clone().and_then(|old| {
            let i = self.settings.engines.iter().position(|e| e.name == old)?;
            Some((old, i))
        });
        self.analysis.form = None;
        self.dirty = true;
        let name = engine.name.clone();
        let plays_only = !analyses(&engine);
        if let Some((old, i)) = edited {
            self.settings.engines[i] = engine;
            self.engines_changed(&old, Some(&name));
            return self.say(tr!("engine-saved", name = name), false);
        }
        self.settings.engines.push(engine);
        self.engines_changed("", None);
        if let Some(i) = self.analysis.analysers.iter().position(|a| *a == Analyser::Engine(name.clone())) {
            self.analysis.chosen = i;
            self.analysis.restart();
        }
        let said = if plays_only { tr!("engine-added-plays", name = name) } else { tr!("engine-added", name = name) };
        self.say(said, false);
    }

    /// Keys for the engine dialogs; true when they took them.
    pub(super) fn engine_form_key(&mut self, key: Keycode) -> bool {
        let Some(form) = &mut self.analysis.form else {
            let Some(manage) = &mut self.analysis.manage else { return false };
            // Escape drops the question first, then the dialog.
            if key == Keycode::Escape && manage.confirm.take().is_none() {
                self.analysis.manage = None;
            }
            self.dirty = true;
            return true;
        };
        self.dirty = true;
        match (key, form.focus) {
            (Keycode::Escape, _) => self.analysis.form = None,
            (Keycode::Backspace, Some(f)) => {
                form.fields[f].pop();
            }
            (Keycode::Return | Keycode::KpEnter, Some(OPTIONS)) => form.type_text("\n"),
            (Keycode::Return | Keycode::KpEnter, _) => self.analysis_act(AnalysisAction::CheckEngine),
            (Keycode::Tab, f) => form.focus = Some(f.map_or(0, |f| (f + 1) % engines::FIELDS)),
            _ => {}
        }
        true
    }

    /// Text typed while the Add engine dialog is open.
    pub(super) fn engine_form_text(&mut self, text: &str) -> bool {
        let Some(form) = &mut self.analysis.form else { return false };
        form.type_text(text);
        self.dirty = true;
        true
    }

    /// Whether the Add engine dialog takes typing.
    pub(super) fn engine_form_typing(&self) -> bool {
        self.analysis.form.as_ref().is_some_and(|f| f.focus.is_some())
    }

    /// The Engines dialog and the Add engine dialog, over everything.
    pub(super) fn draw_engine_form<T: RenderTarget>(
        &mut self,
        p: &mut Painter<T>,
        whole: Area,
    ) -> Result<(), GuiError> {
        if let Some(manage) = &self.analysis.manage {
            draw_engines(p, &mut self.hits, manage, &self.settings.engines, whole, self.hover)?;
        }
        match &self.analysis.form {
            Some(form) => draw::draw_form(p, &mut self.hits, form, whole, self.hover),
            None => Ok(()),
        }
    }

    /// What the status line says after a game was loaded: that it was,
    /// or (the line holds two lines) for each engine it seats that is not
    /// an added engine (removed since, or never added here) that the game
    /// keeps its own program.
    pub(super) fn loaded_note(&self, file: String) -> String {
        let notes: Vec<String> = self
            .game
            .config
            .players
            .iter()
            .filter(|player| !self.settings.engines.iter().any(|e| e.name == player.name))
            .filter_map(|player| match &player.source {
                PlayerSource::Engine(spec) => {
                    Some(tr!("engine-not-added", name = player.name.as_str(), program = spec.command.as_str()))
                }
                _ => None,
            })
            .collect();
        if notes.is_empty() {
            tr!("loaded", file = file)
        } else {
            notes.join(" ")
        }
    }

    /// The layout dump's `manage` entry: the Engines dialog's rows and the
    /// engine asked about, or null while it is closed.
    pub(super) fn engines_dump(&self) -> serde_json::Value {
        let Some(m) = &self.analysis.manage else { return serde_json::Value::Null };
        let rows: Vec<serde_json::Value> = self
            .settings
            .engines
            .iter()
            .map(|e| {
                serde_json::json!({
                    "name": e.name, "protocol": e.protocol, "command": e.command, "options": e.options,
                    "details": engine_details(e),
                })
            })
            .collect();
        let confirm = m.confirm.and_then(|i| self.settings.engines.get(i)).map(|e| e.name.clone());
        serde_json::json!({ "rows": rows, "confirm": confirm })
    }

    /// The layout dump's buttons of the Engines dialog, by name.
    pub(super) fn engines_buttons(&self) -> Vec<(String, Action)> {
        use crate::controls::Action::Analysis as A;
        let mut list = vec![
            ("engines-remove-yes".to_string(), A(AnalysisAction::ConfirmRemove)),
            ("engines-remove-no".into(), A(AnalysisAction::KeepEngine)),
            ("engines-close".into(), A(AnalysisAction::CloseEngines)),
        ];
        for (i, e) in self.settings.engines.iter().enumerate() {
            list.push((format!("engines-edit:{}", e.name), A(AnalysisAction::EditEngine(i))));
            list.push((format!("engines-remove:{}", e.name), A(AnalysisAction::RemoveEngine(i))));
        }
        list
    }
}
