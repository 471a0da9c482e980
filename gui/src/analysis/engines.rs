//! The engines the player added from the window: kept in the settings file
//! (`[[engines]]`), offered as analysers and as computer players. The Add
//! engine dialog (also the dialog that edits an added engine) checks an
//! engine by starting it and completing its protocol's handshake on a
//! thread of its own, and shows why it failed.

use std::sync::mpsc::{channel, Receiver, TryRecvError};

use super::uci::Hello;
use crate::saved_engines::SavedEngine;
use crate::tr;

/// The protocols the dialog offers, in its order.
pub const PROTOCOLS: [&str; 5] = ["uci", "usi", "ucci", "gtp", "gomocup"];

/// The fields of the Add engine dialog.
pub const FIELDS: usize = 3;
/// The field index of the name.
pub const NAME: usize = 0;
/// The field index of the program.
pub const PATH: usize = 1;
/// The field index of the options (several lines).
pub const OPTIONS: usize = 2;

/// The Add engine dialog.
pub struct EngineForm {
    /// Name, program, options.
    pub fields: [String; FIELDS],
    /// The protocol, an index of [`PROTOCOLS`].
    pub protocol: usize,
    /// The field typed into.
    pub focus: Option<usize>,
    /// Why the engine was refused.
    pub error: Option<String>,
    /// The name of the added engine this dialog edits (`None`: it adds one).
    pub editing: Option<String>,
    /// The check running on its thread.
    check: Option<(SavedEngine, Receiver<Result<Hello, String>>)>,
}

impl Default for EngineForm {
    fn default() -> Self {
        EngineForm {
            fields: Default::default(),
            protocol: 0,
            focus: Some(PATH),
            error: None,
            editing: None,
            check: None,
        }
    }
}

impl EngineForm {
    /// The dialog that edits `engine`, its fields filled in.
    pub fn editing(engine: &SavedEngine) -> EngineForm {
        let protocol = PROTOCOLS.iter().position(|p| *p == engine.protocol).unwrap_or(0);
        EngineForm {
            fields: [engine.name.clone(), engine.command.clone(), engine.options.join("\n")],
            protocol,
            editing: Some(engine.name.clone()),
            ..EngineForm::default()
        }
    }

    /// Whether the engine is being started.
    pub fn checking(&self) -> bool {
        self.check.is_some()
    }

    /// Typed text for the focused field (one line: a line break is Enter's).
    pub fn type_text(&mut self, text: &str) {
        if let Some(field) = self.focus.and_then(|f| self.fields.get_mut(f)) {
            if field.chars().count() < 2000 {
                field.push_str(text);
            }
        }
    }

    /// The engine as typed, or why it cannot be one; `taken` are the
    /// names in use.
    fn engine(&self, taken: &[String]) -> Result<SavedEngine, String> {
        let path = self.fields[PATH].trim();
        if path.is_empty() {
            return Err(tr!("engine-error-path"));
        }
        let protocol = PROTOCOLS[self.protocol % PROTOCOLS.len()].to_string();
        let mut engine = SavedEngine {
            name: self.fields[NAME].trim().to_string(),
            protocol,
            command: path.to_string(),
            options: self.fields[OPTIONS].lines().map(str::trim).filter(|l| !l.is_empty()).map(String::from).collect(),
            variants: Vec::new(),
        };
        let spec = engine.spec()?;
        engine.option_pairs()?;
        if engine.name.is_empty() {
            engine.name = spec.program_name().to_string();
        }
        if taken.contains(&engine.name) {
            return Err(tr!("engine-error-name", name = engine.name.as_str()));
        }
        Ok(engine)
    }

    /// Starts the check: the engine is started and greeted on a thread.
    pub fn check(&mut self, taken: &[String]) {
        self.error = None;
        let engine = match self.engine(taken) {
            Ok(e) => e,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let (tx, rx) = channel();
        let (spec, options) = match engine.spec().and_then(|s| Ok((s, engine.option_pairs()?))) {
            Ok(p) => p,
            Err(e) => {
                self.error = Some(e);
                return;
            }
        };
        let started = std::thread::Builder::new().name("engine check".into()).spawn(move || {
            // The process is dropped (killed) once it has answered.
            let _ = tx.send(super::uci::start(&spec, &options).map(|(_, hello)| hello));
        });
        match started {
            Ok(_) => self.check = Some((engine, rx)),
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// The engine once its check passed (the dialog is then done); an
    /// error is kept for the dialog to show.
    pub fn poll(&mut self) -> Option<SavedEngine> {
        let (engine, rx) = self.check.as_ref()?;
        let answer = match rx.try_recv() {
            Ok(answer) => answer,
            Err(TryRecvError::Empty) => return None,
            Err(TryRecvError::Disconnected) => Err("the check ended without an answer".into()),
        };
        let mut engine = engine.clone();
        self.check = None;
        match answer {
            Ok(hello) => {
                engine.variants = hello.variants;
                Some(engine)
            }
            Err(e) => {
                self.error = Some(tr!("engine-error-start", reason = e));
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::saved_engines::parse_options;

    #[test]
    fn options_are_name_value_lines_and_a_bad_line_is_named() {
        let pairs = parse_options("Threads = 1\n\nHash=16\n").unwrap();
        assert_eq!(pairs, [("Threads".to_string(), "1".to_string()), ("Hash".into(), "16".into())]);
        let err = parse_options("Threads=1\nHash 16").unwrap_err();
        assert!(err.contains('2') && err.contains("Hash 16"), "{err}");
    }

    #[test]
    fn a_saved_engine_seats_as_an_engine_player() {
        let engine = SavedEngine {
            name: "Fish".into(),
            protocol: "uci".into(),
            command: "/usr/games/stockfish".into(),
            options: vec!["Threads=1".into()],
            variants: Vec::new(),
        };
        let player = engine.player(500).unwrap();
        assert_eq!(player.name, "Fish");
        assert_eq!(player.engine_spec().map(|s| s.command.as_str()), Some("/usr/games/stockfish"));
        assert_eq!(player.strategy_options("[players.options]").unwrap(), [("Threads".to_string(), "1".to_string())]);
    }

    #[test]
    fn the_edit_dialog_starts_from_the_engine_and_keeps_its_protocol() {
        let engine = SavedEngine {
            name: "Fairy".into(),
            protocol: "usi".into(),
            command: "/usr/games/fairy-stockfish".into(),
            options: vec!["Threads=1".into(), "Hash=16".into()],
            variants: vec!["shogi".into()],
        };
        let form = EngineForm::editing(&engine);
        assert_eq!(form.editing.as_deref(), Some("Fairy"));
        assert_eq!(PROTOCOLS[form.protocol], "usi");
        assert_eq!(form.fields[OPTIONS], "Threads=1\nHash=16");
        // Its own name is not taken from itself (the caller leaves it out).
        assert_eq!(form.engine(&[]).map(|e| (e.name, e.options.len())), Ok(("Fairy".to_string(), 2)));
        assert!(form.engine(&["Fairy".to_string()]).is_err());
    }

    #[test]
    fn usi_engines_are_offered_for_the_shogi_family_and_gtp_only_plays() {
        let usi =
            SavedEngine { name: "F".into(), protocol: "usi".into(), command: "f".into(), ..SavedEngine::default() };
        assert!(crate::saved_engines::offered(&usi, "variants", 2));
        assert!(!crate::saved_engines::offered(&usi, "chess", 2));
        assert!(!crate::saved_engines::offered(&usi, "variants", 3));
        let gtp = SavedEngine { protocol: "gtp".into(), ..usi.clone() };
        assert!(crate::saved_engines::analyses(&usi) && !crate::saved_engines::analyses(&gtp));
        assert!(crate::saved_engines::offered(&gtp, "go", 2));
    }

    #[test]
    fn the_form_refuses_an_empty_path_and_a_taken_name() {
        let mut form = EngineForm::default();
        form.check(&[]);
        assert!(form.error.is_some() && !form.checking());
        form.fields[PATH] = "/usr/games/stockfish".into();
        form.check(&["stockfish".to_string()]);
        assert!(form.error.as_deref().is_some_and(|e| e.contains("stockfish")), "{:?}", form.error);
    }
}
