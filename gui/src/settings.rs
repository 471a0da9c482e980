//! The GUI's settings file (sound, language, board turning, animation,
//! replay speed, the New game dialog's last choices), kept in
//! `$TABULA_SETTINGS`, else `$XDG_CONFIG_HOME/tabula/gui.toml`, else
//! `~/.config/tabula/gui.toml`.

use std::collections::BTreeMap;
use std::path::PathBuf;

use serde::{Deserialize, Serialize};

use crate::i18n::Lang;
use crate::seats::SeatChoice;
use tabula_core::source::Level;

/// What the GUI remembers between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound effects on.
    pub sound: bool,
    /// `auto` (the system locale), `en` or `zh-CN`.
    pub language: String,
    /// Turn the board when the only person plays the second side.
    pub auto_flip: bool,
    /// Pieces slide to their squares.
    pub animate: bool,
    /// Milliseconds per move when a game replays.
    pub replay_ms: u64,
    /// The board's coordinates (the plugin's labels) are drawn.
    pub coordinates: bool,
    /// The board theme's word ([`crate::themes::BoardTheme`]).
    pub board_theme: String,
    /// The piece set's word ([`crate::themes::PieceSet`]).
    pub piece_set: String,
    /// The New game dialog's last choices.
    pub new_game: NewGameMemory,
    /// The engines added from the window (analysers and players).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub engines: Vec<crate::saved_engines::SavedEngine>,
}

/// The New game dialog's last choices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameMemory {
    /// The rules plugin.
    pub game: String,
    /// Who played each seat: `person` or a level's word (`hard`, `club`).
    pub seats: Vec<String>,
    /// Before seats were kept (read, never written): `people`,
    /// `computer` or `computers`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub mode: String,
    /// Before seats were kept: the person's seat against the computer.
    #[serde(skip_serializing_if = "is_zero")]
    pub human_side: usize,
    /// Before seats were kept: the computers' levels by seat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub levels: Vec<String>,
    /// The time control's name (`none`, `5+3`, ...).
    pub clock: String,
    /// The options chosen last, per rules plugin.
    pub options: BTreeMap<String, BTreeMap<String, String>>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl NewGameMemory {
    /// Who played each seat last: the seats kept, or (in a settings file
    /// from before) what the two-player mode, side and levels meant; a
    /// person against the computer when nothing is known.
    pub fn seat_choices(&self) -> Vec<SeatChoice> {
        let kept: Vec<SeatChoice> = self.seats.iter().filter_map(|w| SeatChoice::from_word(w)).collect();
        if !kept.is_empty() {
            return kept;
        }
        let level = |i: usize| self.levels.get(i).and_then(|w| Level::parse(w)).unwrap_or(Level::Hard);
        (0..2)
            .map(|i| match self.mode.as_str() {
                "people" => SeatChoice::Human,
                "computers" => SeatChoice::Computer(level(i)),
                _ if i == self.human_side.min(1) => SeatChoice::Human,
                _ => SeatChoice::Computer(level(i)),
            })
            .collect()
    }

    /// Keeps who plays each seat (and forgets the older form).
    pub fn remember_seats(&mut self, seats: &[SeatChoice]) {
        self.seats = seats.iter().map(|s| s.word().to_string()).collect();
        self.mode.clear();
        self.human_side = 0;
        self.levels.clear();
    }

    /// These choices with the game being played in front: a player who
    /// opens New game during a renju game expects renju preselected, even
    /// when that game came from a config file or a save rather than from
    /// the dialog. Options the running game does not set keep their
    /// remembered values.
    pub fn with_running_game(&self, rules: &str, options: &[(String, String)]) -> NewGameMemory {
        let mut memory = self.clone();
        if rules.is_empty() {
            return memory;
        }
        memory.game = rules.to_string();
        let remembered = memory.options.entry(rules.to_string()).or_default();
        for (key, value) in options {
            remembered.insert(key.clone(), value.clone());
        }
        memory
    }
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            sound: true,
            language: "auto".into(),
            auto_flip: true,
            animate: true,
            replay_ms: 1000,
            coordinates: true,
            board_theme: "game".into(),
            piece_set: "game".into(),
            new_game: NewGameMemory::default(),
            engines: Vec::new(),
        }
    }
}

/// The replay speeds offered, milliseconds per move.
pub const REPLAY_SPEEDS: [u64; 4] = [400, 1000, 2000, 4000];

/// Where the settings live, if a home or config directory is known.
pub fn settings_path() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("TABULA_SETTINGS") {
        return Some(PathBuf::from(p));
    }
    let base = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))?;
    Some(base.join("tabula").join("gui.toml"))
}

impl Settings {
    /// The saved settings, or the defaults when there are none or they do not parse.
    pub fn load() -> Settings {
        settings_path()
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|text| toml::from_str(&text).ok())
            .unwrap_or_default()
    }

    /// Writes the settings; failures are returned for the status line.
    pub fn save(&self) -> Result<(), String> {
        let path = settings_path().ok_or("no home directory to keep settings in")?;
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let text = toml::to_string(self).map_err(|e| e.to_string())?;
        tabula_core::files::write_atomically(&path, &text).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The language to show: the setting, or the system's.
    pub fn lang(&self) -> Lang {
        Lang::from_tag(&self.language).filter(|_| self.language != "auto").unwrap_or_else(Lang::from_environment)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_round_trip_through_toml() {
        let mut s = Settings { sound: false, language: "zh-CN".into(), ..Settings::default() };
        s.new_game.options.insert("gomoku".into(), [("rule".to_string(), "renju".to_string())].into());
        let text = toml::to_string(&s).unwrap();
        assert_eq!(toml::from_str::<Settings>(&text).unwrap(), s);
        assert_eq!(toml::from_str::<Settings>("").unwrap(), Settings::default());
        assert_eq!(toml::from_str::<Settings>("sound = false\n").unwrap().language, "auto", "old files still read");
        assert_eq!(s.lang(), Lang::ZhCn);
    }

    #[test]
    fn seats_are_kept_and_an_older_file_is_understood() {
        let mut memory = NewGameMemory::default();
        assert_eq!(memory.seat_choices(), [SeatChoice::Human, SeatChoice::Computer(Level::Hard)]);
        let old: Settings =
            toml::from_str("[new_game]\nmode = \"computer\"\nhuman_side = 1\nlevels = [\"easy\"]\n").unwrap();
        assert_eq!(old.new_game.seat_choices(), [SeatChoice::Computer(Level::Easy), SeatChoice::Human]);
        let people: Settings = toml::from_str("[new_game]\nmode = \"people\"\n").unwrap();
        assert_eq!(people.new_game.seat_choices(), [SeatChoice::Human, SeatChoice::Human]);
        let four = [SeatChoice::Human, SeatChoice::Computer(Level::Club), SeatChoice::Human, SeatChoice::Human];
        memory.remember_seats(&four);
        let text = toml::to_string(&Settings { new_game: memory, ..Settings::default() }).unwrap();
        assert!(
            !text.contains("mode") && text.contains("seats = [\"person\", \"club\", \"person\", \"person\"]"),
            "{text}"
        );
        assert_eq!(toml::from_str::<Settings>(&text).unwrap().new_game.seat_choices(), four);
    }
}
